//! `ueg_kernel` certificates for normal-play undirected edge geography on simple bipartite
//! graphs (one token).
//!
//! Fraenkel–Scheinerman–Ullman: with the token on `x`, the player to move loses iff `x`'s line
//! of the bipartite adjacency matrix (its row or column) is a GF(2) sum of other lines
//! parallel to it; the lines of that sum plus `x` form an even kernel containing `x` (see
//! `certify::kernel`). So the certificate is found by Gaussian elimination that remembers
//! which lines each basis vector combines. When `x`'s line is independent, the paper's proof
//! guarantees an edge `x`–`w` after whose removal `w`'s line is dependent: player I's opening.

use super::bug;
use crate::certify::{self, GameMoves, KernelCert, Limits, Player, Replay};
use crate::problems::even_kernel::{KERNEL_MAX_VERTICES, LeafFinder};
use crate::problems::{Convention, Geography, Rule, Tokens};
use crate::solvers::SolveError;

/// Whether a kernel certificate is guaranteed: undirected edge rule, one token with a start,
/// normal play, a simple bipartite graph. The unrooted game (player I places the token,
/// player II moves first) is certified by a `game_win` strategy instead: its player II win
/// would need a reply and a kernel for every placement, which this format does not carry.
pub fn applies(g: &Geography) -> bool {
    !g.graph.directed
        && g.rule == Rule::Edge
        && matches!(g.tokens, Tokens::One { start: Some(_) })
        && g.convention == Convention::Normal
        && !g.graph.has_loop()
        && g.graph.first_duplicate_edge().is_none()
        && g.graph.is_bipartite()
}

/// The `ueg_kernel` certificate of `g` (which must satisfy [`applies`]).
pub fn ueg_certificate(g: &Geography) -> Result<KernelCert, SolveError> {
    let Tokens::One { start } = g.tokens else {
        return Err(SolveError::Unsupported("kernels need one token".into()));
    };
    if !applies(g) {
        return Err(SolveError::Unsupported(
            "kernel certificates need normal-play undirected edge geography on a simple \
             bipartite graph"
                .into(),
        ));
    }
    g.validate()
        .map_err(|(_, msg)| SolveError::Unsupported(format!("invalid game: {msg}")))?;
    let m = Matrix::new(g);
    // Ok(x): player I wins, moving first from x; Err(kernels): player II wins.
    let Some(v) = start else {
        return Err(SolveError::Unsupported(
            "kernel certificates cover rooted UEG only".into(),
        ));
    };
    let first_from = m.kernel(None, v).map_or(Ok(v), |k| Err(vec![k]));
    let (winner, opening, kernels) = match first_from {
        Err(kernels) => (Player::Second, None, kernels),
        Ok(from) => {
            let (e, w, k) = m.opening(from).ok_or_else(|| {
                SolveError::Unsupported("internal: no opening move fits the GF(2) rank".into())
            })?;
            (Player::First, Some((e, from, w)), vec![k])
        }
    };
    KernelCert::from_indices(&g.graph, winner, opening, &kernels).map_err(bug)
}

/// The bipartite adjacency structure: each vertex's side and index within its side.
struct Matrix<'g> {
    edges: &'g [(usize, usize)],
    side: Vec<usize>,
    index: Vec<usize>,
    members: [Vec<usize>; 2],
}

impl<'g> Matrix<'g> {
    fn new(g: &'g Geography) -> Matrix<'g> {
        let n = g.graph.n();
        let mut nb = vec![Vec::new(); n];
        for &(u, v) in &g.graph.edges {
            nb[u].push(v);
            nb[v].push(u);
        }
        let mut side = vec![usize::MAX; n];
        for s in 0..n {
            if side[s] != usize::MAX {
                continue;
            }
            side[s] = 0;
            let mut stack = vec![s];
            while let Some(u) = stack.pop() {
                for &w in &nb[u] {
                    if side[w] == usize::MAX {
                        side[w] = 1 - side[u];
                        stack.push(w);
                    }
                }
            }
        }
        let mut members = [Vec::new(), Vec::new()];
        let index = (0..n)
            .map(|v| {
                members[side[v]].push(v);
                members[side[v]].len() - 1
            })
            .collect();
        Matrix {
            edges: &g.graph.edges,
            side,
            index,
            members,
        }
    }

    /// Player I's first move from `from`: an edge `e` to `w` and an even kernel of `G − e`
    /// containing `w`, the first in edge order.
    fn opening(&self, from: usize) -> Option<(usize, usize, Vec<usize>)> {
        self.edges.iter().enumerate().find_map(|(e, &(a, b))| {
            let w = match (a == from, b == from) {
                (true, _) => b,
                (_, true) => a,
                _ => return None,
            };
            self.kernel(Some(e), w).map(|k| (e, w, k))
        })
    }

    /// An even kernel of `G` minus edge `removed` that contains `x`, sorted, when `x`'s line
    /// is in the span of the other lines on its side.
    fn kernel(&self, removed: Option<usize>, x: usize) -> Option<Vec<usize>> {
        let s = self.side[x];
        let lines = self.lines(s, removed);
        let count = lines.len();
        let mut basis: Vec<(usize, Vec<u64>, Vec<u64>)> = Vec::new();
        for (i, line) in lines
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != self.index[x])
        {
            let (v, c) = reduce(&basis, line.clone(), unit(count, i));
            if let Some(p) = lowest_bit(&v) {
                basis.push((p, v, c));
            }
        }
        let (v, c) = reduce(&basis, lines[self.index[x]].clone(), unit(count, count));
        if lowest_bit(&v).is_some() {
            return None;
        }
        let mut kernel: Vec<usize> = (0..count)
            .filter(|&i| c[i / 64] >> (i % 64) & 1 == 1)
            .map(|i| self.members[s][i])
            .collect();
        kernel.push(x);
        kernel.sort_unstable();
        Some(kernel)
    }

    /// The lines of side `s` (one bit per vertex of the other side), edge `removed` left out.
    fn lines(&self, s: usize, removed: Option<usize>) -> Vec<Vec<u64>> {
        let words = self.members[1 - s].len().div_ceil(64);
        let mut lines = vec![vec![0u64; words]; self.members[s].len()];
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            if Some(e) == removed {
                continue;
            }
            let (a, b) = if self.side[u] == s { (u, v) } else { (v, u) };
            let col = self.index[b];
            lines[self.index[a]][col / 64] ^= 1 << (col % 64);
        }
        lines
    }
}

/// A combination vector of `len` lines with only line `i` set (none when `i == len`).
fn unit(len: usize, i: usize) -> Vec<u64> {
    let mut c = vec![0u64; len.div_ceil(64)];
    if i < len {
        c[i / 64] |= 1 << (i % 64);
    }
    c
}

/// The lowest set bit of `v`.
fn lowest_bit(v: &[u64]) -> Option<usize> {
    let w = v.iter().position(|&w| w != 0)?;
    Some(w * 64 + v[w].trailing_zeros() as usize)
}

/// Reduces `v` (with its combination `c`) by the basis, in insertion order: each basis
/// vector was reduced by the earlier ones, so their pivots stay cleared.
fn reduce(
    basis: &[(usize, Vec<u64>, Vec<u64>)],
    mut v: Vec<u64>,
    mut c: Vec<u64>,
) -> (Vec<u64>, Vec<u64>) {
    for (p, bv, bc) in basis {
        if v[p / 64] >> (p % 64) & 1 == 1 {
            v.iter_mut().zip(bv).for_each(|(a, b)| *a ^= b);
            c.iter_mut().zip(bc).for_each(|(a, b)| *a ^= b);
        }
    }
    (v, c)
}

/// A `game_moves` certificate of one kernel leaf for normal-play one-token undirected edge
/// geography on any multigraph (loops, parallel edges, odd cycles), found without game
/// search: player II wins when the start has an even kernel (the leaf at the start);
/// player I wins when one of his first moves (or, unrooted, a placement) leaves player II
/// on a position with one (that move, then the leaf). `None` when the finder finds neither
/// (the answer then needs a search); the even-kernel lemma holds on every multigraph, the
/// converse only on bipartite simple graphs, where [`ueg_certificate`] applies.
pub fn root_leaf_certificate(g: &Geography) -> Option<GameMoves> {
    if g.graph.directed
        || g.rule != Rule::Edge
        || g.convention != Convention::Normal
        || !matches!(g.tokens, Tokens::One { .. })
        || g.validate().is_err()
    {
        return None;
    }
    let mut finder = LeafFinder::new(&g.graph);
    finder.cap = KERNEL_MAX_VERTICES;
    let mut kernel = |at: &Replay| finder.kernel(|e| at.marked(e), at.token(0)?);
    let start = Replay::new(g).ok()?;
    // Player I's first move (a placement when unrooted) into a position with a kernel.
    let opening = start.legal().ok()?.into_iter().find(|&m| {
        let mut next = start.clone();
        next.play_legal(m);
        kernel(&next).is_some()
    });
    let winner = match (start.token(0), opening) {
        (Some(_), _) if kernel(&start).is_some() => Player::Second,
        (_, Some(_)) => Player::First,
        _ => return None,
    };
    // The walk asks for player I's move only where he has a choice; every opponent position
    // it reaches is closed by a leaf, so it never goes deeper.
    let tiny = Limits {
        max_positions: 4 * (g.graph.n() + g.graph.m()) as u64 + 16,
        ..Limits::default()
    };
    certify::moves_from_fn_with_kernels(g, winner, &tiny, |_| opening, kernel).ok()
}
