//! Undirected edge geography (UEG) on bipartite graphs by linear algebra over GF(2).
//!
//! Source: Fraenkel, Scheinerman, Ullman, "Undirected edge geography" (TCS 112, 1993), as
//! presented in `shared/papers/001` ("UEG on a matrix" theorem and corollaries). Let `M` be
//! the bipartite adjacency matrix of the unused edges (rows: one side, columns: the other);
//! a vertex's *line* is its row or column. With the token on `x`, the player to move loses
//! iff `x`'s line is in the GF(2) span of the other lines parallel to it (the empty sum
//! counts: a vertex with no unused edge has the zero line).
//!
//! Unrooted games follow our rule (player I's first turn picks an edge and moves along it,
//! i.e. picks a vertex and moves first from it), so player I wins iff some line is outside
//! the span of the other parallel lines. The paper's corollary "player II wins iff `M` is
//! square and invertible" is for the other convention, where player II moves first from
//! the chosen vertex.
//!
//! Winning moves follow the theorem's proof: from a winning `x`, move along an edge after
//! whose removal the new vertex's line is dependent; the line is found by testing each edge.

use super::state::{Game, NONE, State};
use super::{GameSolution, check_valid, oracle};
use crate::problems::geography::{Convention, Geography, Rule, Tokens};
use crate::solvers::{Budget, SolveError};

/// Whether the GF(2) method applies: undirected, simple, bipartite, edge rule, one token,
/// normal play.
pub(crate) fn applies(g: &Geography) -> bool {
    !g.graph.directed
        && g.rule == Rule::Edge
        && matches!(g.tokens, Tokens::One { .. })
        && g.convention == Convention::Normal
        && g.graph.first_duplicate_edge().is_none()
        && g.graph.is_bipartite()
}

/// A 2-colouring of the graph (valid since [`applies`] checked bipartiteness): side of
/// every vertex and its index within its side.
struct Sides {
    side: Vec<u8>,
    index: Vec<usize>,
    count: [usize; 2],
}

fn sides(g: &Geography) -> Sides {
    let n = g.graph.n();
    let mut nb = vec![Vec::new(); n];
    for &(u, v) in &g.graph.edges {
        nb[u].push(v);
        nb[v].push(u);
    }
    let mut side = vec![u8::MAX; n];
    for s in 0..n {
        if side[s] != u8::MAX {
            continue;
        }
        side[s] = 0;
        let mut stack = vec![s];
        while let Some(u) = stack.pop() {
            for &w in &nb[u] {
                if side[w] == u8::MAX {
                    side[w] = 1 - side[u];
                    stack.push(w);
                }
            }
        }
    }
    let mut count = [0; 2];
    let index = side
        .iter()
        .map(|&s| {
            count[s as usize] += 1;
            count[s as usize] - 1
        })
        .collect();
    Sides { side, index, count }
}

/// The GF(2) oracle for one game: whether the player to move wins a position.
pub(crate) struct Gf2 {
    edges: Vec<(usize, usize)>,
    sides: Sides,
}

impl Gf2 {
    /// Prepares the oracle (the caller checked [`applies`]).
    pub fn new(g: &Geography) -> Gf2 {
        Gf2 {
            edges: g.graph.edges.clone(),
            sides: sides(g),
        }
    }

    /// The lines of side `s` over the unused edges of `st`, as bit vectors.
    fn lines(&self, st: &State, s: u8) -> Vec<Vec<u64>> {
        let sd = &self.sides;
        let words = sd.count[1 - s as usize].div_ceil(64);
        let mut lines = vec![vec![0u64; words]; sd.count[s as usize]];
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            if st.bit(e) {
                continue;
            }
            let (a, b) = if sd.side[u] == s { (u, v) } else { (v, u) };
            let col = sd.index[b];
            lines[sd.index[a]][col / 64] ^= 1 << (col % 64);
        }
        lines
    }

    /// Whether vertex `x`'s line is in the span of the other lines on its side.
    fn dependent(&self, st: &State, x: usize) -> bool {
        let lines = self.lines(st, self.sides.side[x]);
        let me = self.sides.index[x];
        let mut basis = Basis::default();
        for (i, l) in lines.iter().enumerate() {
            if i != me {
                basis.insert(l.clone());
            }
        }
        basis.reduce(lines[me].clone()).iter().all(|&w| w == 0)
    }

    /// Whether the player to move in `st` wins.
    pub fn mover_wins(&self, st: &State) -> bool {
        if st.tok[0] == NONE {
            // Unrooted: player I picks the vertex they move first from.
            (0..self.sides.side.len()).any(|x| !self.dependent(st, x))
        } else {
            !self.dependent(st, st.tok[0] as usize)
        }
    }
}

/// An XOR basis in echelon form: each vector stored with its lowest set bit as pivot.
#[derive(Default)]
struct Basis {
    rows: Vec<(usize, Vec<u64>)>,
}

impl Basis {
    fn reduce(&self, mut v: Vec<u64>) -> Vec<u64> {
        for (p, r) in &self.rows {
            if v[p / 64] >> (p % 64) & 1 == 1 {
                v.iter_mut().zip(r).for_each(|(a, b)| *a ^= b);
            }
        }
        v
    }

    fn insert(&mut self, v: Vec<u64>) {
        let v = self.reduce(v);
        let Some(w) = v.iter().position(|&w| w != 0) else {
            return;
        };
        let p = w * 64 + v[w].trailing_zeros() as usize;
        // Keep earlier rows reduced at the new pivot, so one pass of `reduce` suffices.
        for (_, r) in &mut self.rows {
            if r[p / 64] >> (p % 64) & 1 == 1 {
                r.iter_mut().zip(&v).for_each(|(a, b)| *a ^= b);
            }
        }
        self.rows.push((p, v));
    }
}

/// Solves bipartite UEG (rooted or unrooted) by GF(2) elimination.
///
/// Errors: [`SolveError::Unsupported`] unless the game is normal-play undirected edge
/// geography with one token on a simple bipartite graph, or is invalid;
/// [`SolveError::Budget`] when the principal variation's evaluations exceed `budget`.
pub fn solve_gf2(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    check_valid(g)?;
    if !applies(g) {
        return Err(SolveError::Unsupported(
            "the GF(2) solver needs undirected edge geography with one token and normal play \
             on a simple bipartite graph"
                .into(),
        ));
    }
    let gf2 = Gf2::new(g);
    oracle::solve_by_oracle(&Game::new(g), budget, "gf2", |st| gf2.mover_wins(st))
}
