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
///
/// One pass over a vertex's moves decides it (a move into a lost vertex; otherwise the open
/// item, whether anything blocks, whether any move leads into a labelled vertex), and the
/// arrival candidates are read from in-lists laid out in one array (`InLists`): on the
/// sparse games of a million vertices that `peers.py` writes, the labels are most of the
/// solve and the per-vertex lists were most of their cost. `classify_reference` in the
/// tests is the rule as first written, four passes per vertex; both label alike.
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
    let inn = InLists::new(game);
    let mut label = vec![0u32; n];
    let mut next = 1u32;
    let mut queued = vec![true; n];
    let mut work: Vec<usize> = (0..n).collect();
    let is_lost = |l: u32| l != 0 && l & 1 == 0;
    let item = |x: usize, e: usize| if vertex { x } else { e };
    while let Some(w) = work.pop() {
        queued[w] = false;
        if w == root || label[w] != 0 || (vertex && st.bit(w)) {
            continue;
        }
        // The free moves from `w` (a vertex-rule loop never is one: `w` is visited then):
        // a move into a lost vertex wins; otherwise the moves into unlabelled vertices (or
        // along a loop) may be none, or one item that must be the arrival item.
        let mut wins_at_once = false;
        let mut open: Option<usize> = None;
        let mut blocked = false;
        let mut into_labelled = false;
        for &(x, e) in &game.adj[w] {
            if !((x != w || !vertex) && free(x, e)) {
                continue;
            }
            if x == w {
                blocked = true; // an edge-rule loop: never the arrival item
            } else if label[x] == 0 {
                match open {
                    None => open = Some(item(x, e)),
                    Some(a) => blocked |= a != item(x, e),
                }
            } else if is_lost(label[x]) {
                wins_at_once = true;
                break;
            } else {
                into_labelled = true;
            }
        }
        let value = if wins_at_once {
            Some(true)
        } else {
            if let Some(a) = open {
                // Excludable only when arriving by it makes it illegal (vertex rule: the
                // source is visited; undirected edge rule: the edge is used) and it is the
                // only arrival candidate whose source is unlabelled.
                blocked |= !vertex && game.directed;
                blocked = blocked
                    || inn.of(w).iter().any(|&(x, e)| {
                        x != w
                            && source_ok(x)
                            && (vertex || !st.bit(e))
                            && label[x] == 0
                            && item(x, e) != a
                    });
            }
            // Unblocked, every move is the open item or leads into a vertex labelled won
            // earlier; the mover has no other move when none leads into a labelled one.
            (!blocked).then_some(game.misere && !into_labelled)
        };
        let Some(wins) = value else { continue };
        label[w] = next << 1 | u32::from(wins);
        next += 1;
        for &(x, _) in game.adj[w].iter().chain(inn.of(w)) {
            if !queued[x] && label[x] == 0 {
                queued[x] = true;
                work.push(x);
            }
        }
    }
    Some(labels_of(label))
}

/// The in-lists of a game, `(source, edge)` per traversal into each vertex in traversal
/// order, in one array (row `v` from `start[v]` to `start[v + 1]`).
struct InLists {
    /// Row starts, `n + 1` of them.
    start: Vec<usize>,
    /// The rows, one after the other.
    items: Vec<(usize, usize)>,
}

impl InLists {
    /// The in-lists of `game`.
    fn new(game: &Game) -> InLists {
        let mut start = vec![0usize; game.n + 1];
        for &(_, _, v) in &game.traversals {
            start[v + 1] += 1;
        }
        for v in 0..game.n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut items = vec![(0, 0); game.traversals.len()];
        for &(u, e, v) in &game.traversals {
            items[fill[v]] = (u, e);
            fill[v] += 1;
        }
        InLists { start, items }
    }

    /// The traversals into `v`.
    #[inline]
    fn of(&self, v: usize) -> &[(usize, usize)] {
        &self.items[self.start[v]..self.start[v + 1]]
    }
}

/// The labels with their bitsets.
fn labels_of(label: Vec<u32>) -> Labels {
    let is_lost = |l: u32| l != 0 && l & 1 == 0;
    let words = label.len().div_ceil(64);
    let (mut open_bits, mut lost_bits) = (vec![0u64; words], vec![0u64; words]);
    for (v, &l) in label.iter().enumerate() {
        if l == 0 {
            open_bits[v / 64] |= 1 << (v % 64);
        } else if is_lost(l) {
            lost_bits[v / 64] |= 1 << (v % 64);
        }
    }
    Labels {
        label,
        open_bits,
        lost_bits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::geography::Convention;
    use crate::random::games::{GameParams, Setup, random_game};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The rule as first written (four passes over a vertex's moves, in-lists as one vector
    /// per vertex): the reference [`classify`] must label exactly alike.
    fn classify_reference(game: &Game, st: &State) -> Option<Labels> {
        if !applies(game, st) {
            return None;
        }
        let n = game.n;
        let root = st.tok[0] as usize;
        let vertex = game.rule == Rule::Vertex;
        let free = |to: usize, edge: usize| if vertex { !st.bit(to) } else { !st.bit(edge) };
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
            let moves = || {
                game.adj[w]
                    .iter()
                    .filter(|&&(x, e)| (x != w || !vertex) && free(x, e))
            };
            let item = |x: usize, e: usize| if vertex { x } else { e };
            let value = if moves().any(|&(x, _)| x != w && is_lost(label[x])) {
                Some(true)
            } else {
                let mut open: Option<usize> = None;
                let mut blocked = false;
                for &(x, e) in moves() {
                    if x == w {
                        blocked = true;
                    } else if label[x] == 0 {
                        match open {
                            None => open = Some(item(x, e)),
                            Some(a) => blocked |= a != item(x, e),
                        }
                    }
                }
                if let Some(a) = open {
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
        Some(labels_of(label))
    }

    /// Both label every vertex alike (index and value) on random one-token games of every
    /// rule, direction and convention, with loops and parallel edges, from the start and
    /// from positions a few random moves in.
    #[test]
    fn one_pass_labels_equal_the_reference_rule() {
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        let mut labelled = 0;
        for trial in 0..3000 {
            let rule = if trial % 2 == 0 {
                Rule::Vertex
            } else {
                Rule::Edge
            };
            let p = GameParams {
                rule,
                setup: Setup::Rooted,
                directed: trial % 4 < 2,
                convention: if trial % 8 < 4 {
                    Convention::Normal
                } else {
                    Convention::Misere
                },
                loops: rule == Rule::Edge,
                n: rng.random_range(1..=14),
                edge_prob: rng.random_range(0.05..0.5),
                ..GameParams::default()
            };
            let mut g = random_game(&mut rng, &p);
            if rule == Rule::Edge {
                for _ in 0..rng.random_range(0..3) {
                    if g.graph.edges.is_empty() {
                        break;
                    }
                    let (u, v) = g.graph.edges[rng.random_range(0..g.graph.edges.len())];
                    g.graph.add_edge(u, v);
                }
            }
            let game = Game::new(&g);
            let mut st = game.start.clone();
            // A few random moves in: visited vertices and used edges other than the start's.
            for _ in 0..rng.random_range(0..4) {
                let at = st.tok[0] as usize;
                let moves: Vec<(usize, usize)> = game.adj[at]
                    .iter()
                    .copied()
                    .filter(|&(x, e)| match rule {
                        Rule::Vertex => !st.bit(x),
                        _ => !st.bit(e),
                    })
                    .collect();
                let Some(&(x, e)) = moves.get(rng.random_range(0..moves.len().max(1))) else {
                    break;
                };
                st.flip(if rule == Rule::Vertex { x } else { e });
                st.tok[0] = x as _;
            }
            let (a, b) = (classify(&game, &st), classify_reference(&game, &st));
            let (a, b) = (a.expect("applies"), b.expect("applies"));
            assert_eq!(a.label, b.label, "trial {trial}: labels differ");
            assert_eq!(a.open_bits, b.open_bits, "trial {trial}");
            assert_eq!(a.lost_bits, b.lost_bits, "trial {trial}");
            labelled += a.count();
        }
        assert!(
            labelled > 3000,
            "too few vertices labelled to compare: {labelled}"
        );
    }
}
