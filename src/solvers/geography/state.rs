//! The rules of every geography variant, written once: move generation and move application.
//!
//! A [`Game`] is a [`Geography`] compiled for play (adjacency lists, all edge traversals); a
//! [`State`] is the compact mutable position the solvers search over (a bitset of visited
//! vertices or used edges, token positions, whose turn, NimG weights). The public
//! [`Position`](super::Position) is the same information in a serde-friendly shape;
//! `position.rs` converts between the two, so the rules exist in exactly one place.

use crate::problems::geography::{Geography, Move, Rule, Tokens};
use crate::problems::graph::VertexId;

/// Token slot value meaning "not placed yet" (unrooted games before the first move).
pub(crate) const NONE: u32 = u32::MAX;

/// The compact mutable search state. `bits` is a bitset over vertices (vertex rule) or edges
/// (edge rule), empty for NimG; `weights` is empty except for NimG.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// Token positions, [`NONE`] when not placed.
    pub tok: [u32; 2],
    /// 0 when player I is to move, 1 for player II.
    pub turn: u8,
    /// Visited vertices or used edges.
    pub bits: Vec<u64>,
    /// NimG weights.
    pub weights: Vec<u64>,
}

impl State {
    /// Whether bit `i` is set.
    #[inline]
    pub fn bit(&self, i: usize) -> bool {
        self.bits[i / 64] >> (i % 64) & 1 == 1
    }

    #[inline]
    pub fn flip(&mut self, i: usize) {
        self.bits[i / 64] ^= 1 << (i % 64);
    }
}

/// What [`Game::apply`] changed, so that [`Game::undo`] can restore it exactly.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    tok: [u32; 2],
    turn: u8,
    bit: Option<usize>,
    nim: Option<(usize, u64)>,
}

/// The token arrangement, reduced to what move generation needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// One shared token (also NimG's pointer).
    One,
    /// One token per player.
    Partizan,
    /// Two shared tokens.
    TwoShared,
}

/// A geography game compiled for fast play.
#[derive(Clone, Debug)]
pub(crate) struct Game {
    /// Vertex, edge or NimG rule.
    pub rule: Rule,
    /// Token arrangement.
    pub kind: Kind,
    /// Misère play.
    pub misere: bool,
    /// Number of vertices.
    pub n: usize,
    /// Number of edges.
    pub m: usize,
    /// Whether the graph is directed.
    pub directed: bool,
    /// Out-adjacency `(neighbour, edge)` per vertex, in edge order.
    pub adj: Vec<Vec<(VertexId, usize)>>,
    /// Distinct out-neighbours per vertex, sorted (NimG moves); empty for the other rules,
    /// which move along `adj` (on a 300,000-vertex game the lists cost a tenth of a solve
    /// that only reads and labels it).
    pub nbrs: Vec<Vec<VertexId>>,
    /// Every traversal `(from, edge, to)` in edge order (unrooted first moves, edge rule).
    pub traversals: Vec<(VertexId, usize, VertexId)>,
    /// The initial position.
    pub start: State,
    /// Directed vertex rule with at most [`SUCC_BITS_MAX_N`] vertices and no more words per
    /// row than arcs per vertex on average: the out-neighbours of each vertex as a bitset of
    /// `n.div_ceil(64)` words (row `v` at `v * words`), for the bit-parallel remainder walk of
    /// `endgame.rs`; empty otherwise. A row costs the walk its words, a list its arcs: on
    /// `gen_geography.py 3000 3 0` (47 words against 3 arcs) the rows made a node 2.7 times
    /// as costly as the list; at 150 vertices and out-degree 3 (3 words) both cost the same.
    pub succ_bits: Vec<u64>,
}

/// Largest vertex count for which [`Game::succ_bits`] is built (a 4096-vertex graph takes
/// 2 MiB of rows; beyond that the list-based walk is used).
pub(crate) const SUCC_BITS_MAX_N: usize = 4096;

impl Game {
    /// Compiles `g`. The caller has validated `g` (starts in range, NimG rooted).
    pub fn new(g: &Geography) -> Game {
        let (n, m) = (g.graph.n(), g.graph.m());
        let kind = match g.tokens {
            Tokens::One { .. } => Kind::One,
            Tokens::Partizan { .. } => Kind::Partizan,
            Tokens::TwoShared { .. } => Kind::TwoShared,
        };
        let mut traversals = Vec::new();
        for (e, &(u, v)) in g.graph.edges.iter().enumerate() {
            traversals.push((u, e, v));
            if !g.graph.directed && u != v {
                traversals.push((v, e, u));
            }
        }
        let game = Game {
            rule: g.rule,
            kind,
            misere: g.convention == crate::problems::Convention::Misere,
            n,
            m,
            directed: g.graph.directed,
            adj: g.graph.out_adjacency(),
            nbrs: match g.is_nim() {
                true => g.graph.successors(),
                false => Vec::new(),
            },
            traversals,
            start: State {
                tok: [NONE; 2],
                turn: 0,
                bits: Vec::new(),
                weights: Vec::new(),
            },
            succ_bits: Vec::new(),
        };
        let start = game.initial_state(g);
        let succ_bits = game.successor_bits();
        Game {
            start,
            succ_bits,
            ..game
        }
    }

    /// The rows of [`Game::succ_bits`] (empty unless directed, vertex rule, small and dense
    /// enough).
    fn successor_bits(&self) -> Vec<u64> {
        let words = self.n.div_ceil(64);
        let sparse = words > (self.m / self.n.max(1)).max(1);
        if self.rule != Rule::Vertex || !self.directed || self.n > SUCC_BITS_MAX_N || sparse {
            return Vec::new();
        }
        let mut rows = vec![0u64; self.n * words];
        for (v, adj) in self.adj.iter().enumerate() {
            for &(x, _) in adj {
                rows[v * words + x / 64] |= 1 << (x % 64);
            }
        }
        rows
    }

    fn initial_state(&self, g: &Geography) -> State {
        let items = match self.rule {
            Rule::Vertex => self.n,
            Rule::Edge => self.m,
            _ => 0,
        };
        let mut st = State {
            tok: [NONE; 2],
            turn: 0,
            bits: vec![0; items.div_ceil(64)],
            weights: Vec::new(),
        };
        for (i, s) in g.starts().into_iter().enumerate().take(2) {
            st.tok[i] = s as u32;
            if self.rule == Rule::Vertex && !st.bit(s) {
                st.flip(s);
            }
        }
        if g.is_nim() {
            st.weights = g
                .graph
                .vertices
                .iter()
                .map(|v| v.weight.unwrap_or(0))
                .collect();
        }
        st
    }

    /// The legal moves in `st`, in a deterministic order (token, then edge order).
    pub fn moves(&self, st: &State) -> Vec<Move> {
        let mut out = Vec::new();
        self.moves_into(st, &mut out);
        out
    }

    /// Appends the legal moves in `st` to `out`, in the order of [`Game::moves`] (the search
    /// reuses one buffer per depth instead of allocating per node).
    pub fn moves_into(&self, st: &State, out: &mut Vec<Move>) {
        match self.rule {
            Rule::NimRemoveMove => self.nim_rm_moves(st, out),
            Rule::NimMoveRemove => self.nim_mr_moves(st, out),
            _ => match self.kind {
                Kind::One => self.token_moves(st, 0, out),
                Kind::Partizan => self.token_moves(st, st.turn, out),
                Kind::TwoShared => {
                    self.token_moves(st, 0, out);
                    self.token_moves(st, 1, out);
                }
            },
        }
    }

    /// Moves of token `t` under the vertex or edge rule (placements when it is not placed).
    fn token_moves(&self, st: &State, t: u8, out: &mut Vec<Move>) {
        let vertex = self.rule == Rule::Vertex;
        let from = st.tok[t as usize];
        if from == NONE {
            if vertex {
                let free = (0..self.n).filter(|&v| !st.bit(v));
                out.extend(free.map(|vertex| Move::Place { vertex }));
            } else if self.kind == Kind::One {
                // The papers' unrooted edge game: player I places the token on any vertex
                // (nothing is used) and player II makes the first move along an edge.
                out.extend((0..self.n).map(|vertex| Move::Place { vertex }));
            } else {
                // Trail Trap (unrooted partizan edge game): the first turn picks an edge and
                // moves the player's own token along it.
                for &(from, edge, to) in &self.traversals {
                    if !st.bit(edge) {
                        out.push(Move::Step {
                            token: t,
                            from,
                            edge,
                            to,
                        });
                    }
                }
            }
            return;
        }
        let from = from as usize;
        for &(to, edge) in &self.adj[from] {
            let free = if vertex { !st.bit(to) } else { !st.bit(edge) };
            if free {
                out.push(Move::Step {
                    token: t,
                    from,
                    edge,
                    to,
                });
            }
        }
    }

    /// NimG-RM: remove k ≥ 1 at the pointer, then move to any neighbour (or stay when the
    /// pointer has no neighbour at all).
    fn nim_rm_moves(&self, st: &State, out: &mut Vec<Move>) {
        let c = st.tok[0] as usize;
        for take in 1..=st.weights[c] {
            if self.nbrs[c].is_empty() {
                out.push(Move::Nim { take, to: None });
            }
            for &d in &self.nbrs[c] {
                out.push(Move::Nim { take, to: Some(d) });
            }
        }
    }

    /// NimG-MR: move to a neighbour of positive weight, then remove k ≥ 1 there.
    fn nim_mr_moves(&self, st: &State, out: &mut Vec<Move>) {
        let c = st.tok[0] as usize;
        for &d in &self.nbrs[c] {
            out.extend((1..=st.weights[d]).map(|take| Move::Nim { take, to: Some(d) }));
        }
    }

    /// Plays `mv` (which must be legal in `st`) and returns how to take it back.
    pub fn apply(&self, st: &mut State, mv: Move) -> Undo {
        let mut undo = Undo {
            tok: st.tok,
            turn: st.turn,
            bit: None,
            nim: None,
        };
        match mv {
            Move::Place { vertex } => {
                st.tok[self.mover_token(st)] = vertex as u32;
                // Placing visits the vertex under the vertex rule and uses no edge under
                // the edge rule.
                if self.rule == Rule::Vertex {
                    st.flip(vertex);
                    undo.bit = Some(vertex);
                }
            }
            Move::Step {
                token, edge, to, ..
            } => {
                st.tok[token as usize] = to as u32;
                let item = if self.rule == Rule::Vertex { to } else { edge };
                st.flip(item);
                undo.bit = Some(item);
            }
            Move::Nim { take, to } => {
                let c = st.tok[0] as usize;
                let at = if self.rule == Rule::NimRemoveMove {
                    c
                } else {
                    to.unwrap_or(c)
                };
                st.weights[at] -= take;
                undo.nim = Some((at, take));
                if let Some(d) = to {
                    st.tok[0] = d as u32;
                }
            }
        }
        st.turn ^= 1;
        undo
    }

    /// Takes back the move that returned `undo`.
    pub fn undo(&self, st: &mut State, undo: Undo) {
        st.tok = undo.tok;
        st.turn = undo.turn;
        if let Some(i) = undo.bit {
            st.flip(i);
        }
        if let Some((at, take)) = undo.nim {
            st.weights[at] += take;
        }
    }

    /// The token the mover places with [`Move::Place`].
    fn mover_token(&self, st: &State) -> usize {
        match self.kind {
            Kind::Partizan => st.turn as usize,
            _ => 0,
        }
    }

    /// The number of token slots in use.
    pub fn token_count(&self) -> usize {
        if self.kind == Kind::One { 1 } else { 2 }
    }
}
