//! Exact retrograde pre-classification of one-token rooted vertex and edge geography
//! (directed and undirected, normal and misère), as `generalized-geography` does for DVG and
//! DEG, extended to undirected graphs and misère play.
//!
//! # What is classified
//! Vertices are labelled in order; each label has an index (1, 2, …, strictly increasing in
//! the order of classification) and a value for the player *to move with the token on it*:
//! - **won** when it has a move (a free item: an unvisited vertex / an unused edge) into a
//!   vertex labelled lost earlier;
//! - **lost** (normal play) when every move leads into a vertex labelled won earlier (no
//!   move at all included), except possibly one *open* item whose target is unlabelled but
//!   which is provably the item the token arrived by (below); under misère play the same with
//!   at least one such move, and **won** when there is none.
//!
//! The open item is allowed only where arriving by it makes it illegal (vertex rule: its
//! target is the visited arrival vertex; undirected edge rule: the arrival edge is used; never
//! for directed edge geography, whose arrival arc is not an out-arc) and when it is the only
//! *arrival candidate* of `w` — a free in-neighbour (vertex rule) or free in-edge (edge rule)
//! whose source is not labelled when `w` is examined. The root (the token's vertex when the
//! classification is computed) is never labelled, and vertices visited before the root
//! position are outside the residual game.
//!
//! # Why it holds for every history the search reaches
//! Call a history *regular* when the token's vertices along it are first unlabelled ones (the
//! root included), then labelled ones with strictly decreasing indices. The search never
//! continues from a labelled vertex (it evaluates a move into one from its label), so every
//! history it expands is regular, and so is every line of the principal variation (the winner
//! moves to a lost vertex of lower index, the loser from a lost vertex only into won vertices
//! of lower index). Claim: in a regular history ending on a labelled vertex `w`, the label is
//! the game value. Induction on the index of `w`:
//! - Every vertex of lower index is unvisited and all its items are free: the token has never
//!   been on it (regularity), so in the vertex rule it is unvisited and in the edge rule no
//!   edge at it was used except, possibly, the one the token arrived at `w` by — and that one
//!   comes from a vertex of higher index or an unlabelled one.
//! - Won by a move into a lost `y` of lower index: that item is free (above), the history after
//!   the move is regular, and `y` is lost by induction.
//! - Lost/misère-won: the token arrived from a vertex that is unlabelled or has a higher index,
//!   i.e. was not labelled when `w` was examined, so by an arrival candidate; when an open
//!   item exists it is the only candidate, so the token arrived by it and it is illegal now.
//!   Every other move leads into a won vertex of lower index, whose value is "won" by
//!   induction.
//!
//! Two-token, partizan and NimG games are not classified: the other token (or the weights)
//! can spoil the free-item argument. Unrooted games are not either (the first placement has
//! no arrival item); their rooted children could be, but each would need its own labels.

use super::state::{Game, Kind, NONE, State};
use crate::problems::geography::Rule;

/// Per-vertex labels of a pre-classification (see the module comment).
#[derive(Clone, Debug)]
pub(crate) struct Labels {
    /// 0 = unlabelled, else `index << 1 | won`.
    label: Vec<u32>,
    /// Bitset of the unlabelled vertices (the bit-parallel walk of `endgame.rs`).
    pub open_bits: Vec<u64>,
    /// Bitset of the vertices labelled lost.
    pub lost_bits: Vec<u64>,
}

/// The label of one vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Label {
    /// Not classified: search decides.
    Open,
    /// The mover on this vertex wins; the index orders the classification.
    Won(u32),
    /// The mover on this vertex loses.
    Lost(u32),
}

impl Labels {
    /// Number of labelled vertices.
    #[cfg(test)]
    pub fn count(&self) -> usize {
        self.label.iter().filter(|&&l| l != 0).count()
    }

    /// The label of vertex `v`.
    #[inline]
    pub fn of(&self, v: usize) -> Label {
        let l = self.label[v];
        match (l >> 1, l & 1) {
            (0, _) => Label::Open,
            (i, 1) => Label::Won(i),
            (i, _) => Label::Lost(i),
        }
    }
}

/// Whether [`classify`] applies to `game` from `st`: one token, placed, vertex or edge rule.
pub(crate) fn applies(game: &Game, st: &State) -> bool {
    game.kind == Kind::One && matches!(game.rule, Rule::Vertex | Rule::Edge) && st.tok[0] != NONE
}

/// Classifies the residual game of `st` (the root), or `None` when it does not apply.
pub(crate) fn classify(game: &Game, st: &State) -> Option<Labels> {
    if !applies(game, st) {
        return None;
    }
    let n = game.n;
    let root = st.tok[0] as usize;
    let vertex = game.rule == Rule::Vertex;
    // Items the search can still use: in the vertex rule the target vertex must be unvisited
    // (the root is visited); in the edge rule the edge must be unused.
    let free = |to: usize, edge: usize| if vertex { !st.bit(to) } else { !st.bit(edge) };
    // A vertex can be the token's arrival source when it is in the residual game: unvisited or
    // the root (vertex rule), anything (edge rule, revisits allowed).
    let source_ok = |x: usize| !vertex || x == root || !st.bit(x);
    let mut inn: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for &(u, e, v) in &game.traversals {
        inn[v].push((u, e));
    }
    let mut label = vec![0u32; n];
    let mut next = 1u32;
    let mut queued = vec![true; n];
    let mut work: Vec<usize> = (0..n).collect();
    let is_lost = |l: u32| l != 0 && l & 1 == 0;
    while let Some(w) = work.pop() {
        queued[w] = false;
        if w == root || label[w] != 0 || (vertex && st.bit(w)) {
            continue;
        }
        // The free moves from `w` (a vertex-rule loop never is one: `w` is visited then).
        let moves = || {
            game.adj[w]
                .iter()
                .filter(|&&(x, e)| (x != w || !vertex) && free(x, e))
        };
        let item = |x: usize, e: usize| if vertex { x } else { e };
        let value = if moves().any(|&(x, _)| x != w && is_lost(label[x])) {
            Some(true)
        } else {
            // The moves into unlabelled vertices (or along a loop): none, or one item that
            // must be the arrival item, are allowed.
            let mut open: Option<usize> = None;
            let mut blocked = false;
            for &(x, e) in moves() {
                if x == w {
                    blocked = true; // an edge-rule loop: never the arrival item
                } else if label[x] == 0 {
                    match open {
                        None => open = Some(item(x, e)),
                        Some(a) => blocked |= a != item(x, e),
                    }
                }
            }
            if let Some(a) = open {
                // Excludable only when arriving by it makes it illegal (vertex rule: the
                // source is visited; undirected edge rule: the edge is used) and it is the
                // only arrival candidate whose source is unlabelled.
                blocked |= !vertex && game.directed;
                blocked |= inn[w].iter().any(|&(x, e)| {
                    x != w
                        && source_ok(x)
                        && (vertex || !st.bit(e))
                        && label[x] == 0
                        && item(x, e) != a
                });
            }
            if blocked {
                None
            } else {
                // Every other move leads into a vertex labelled won earlier.
                let none = moves().all(|&(x, e)| Some(item(x, e)) == open);
                Some(game.misere && none)
            }
        };
        let Some(wins) = value else { continue };
        label[w] = next << 1 | u32::from(wins);
        next += 1;
        for &(x, _) in game.adj[w].iter().chain(&inn[w]) {
            if !queued[x] && label[x] == 0 {
                queued[x] = true;
                work.push(x);
            }
        }
    }
    let words = n.div_ceil(64);
    let (mut open_bits, mut lost_bits) = (vec![0u64; words], vec![0u64; words]);
    for (v, &l) in label.iter().enumerate() {
        if l == 0 {
            open_bits[v / 64] |= 1 << (v % 64);
        } else if is_lost(l) {
            lost_bits[v / 64] |= 1 << (v % 64);
        }
    }
    Some(Labels {
        label,
        open_bits,
        lost_bits,
    })
}
