//! Two-shared-token impartial vertex and arc geography (IVG2, IAG2) on directed trees, in
//! polynomial time.
//!
//! Source: Fraenkel–Simonson, "Geography" (TCS 110, 1993) §3, Theorem 3.4 (IVG2 and IAG2 are
//! polynomial on directed trees), `shared/papers/002`. The paper only outlines the idea: the
//! pair recursion of its PVG algorithm when no directed path joins the tokens, and "another
//! recursive relationship" for the two disjoint trees that arise when one does. The exact
//! recursion used here, and why it is correct, follows. A directed tree is an orientation of
//! a forest (no loops, no parallel or antiparallel arcs); either player moves either token
//! along an out-arc into an unvisited vertex (IVG2) or along an unused arc (IAG2); normal play.
//!
//! **Facts about an oriented forest.** Between two vertices there is at most one directed path
//! (the underlying path is unique). A token walks a directed path and never meets its own past.
//! Write `x ⇝ y` for "a directed path of length ≥ 1 from `x` to `y`", `D(x)` for the vertices
//! `x` reaches, `g(v)` for the Grundy value of one token at `v` on the whole forest
//! (`mex` of the children's values) and `cut(v, q)` (for `v ⇝ q`) for the Grundy value of
//! `v` once the arc into `q` on the path from `v` is deleted: `mex` over children `c ≠ q` of
//! `v` of `cut(c, q)` when `c ⇝ q`, else `g(c)`.
//!
//! **Clean positions.** Call a position with tokens at `x`, `y` *clean* if nothing in
//! `D(x) ∪ D(y)` has been visited or used except `x` and `y` themselves. Then its future is a
//! function of the pair `{x, y}` alone (`win(x, y)`, symmetric). The start is clean. If
//! neither token reaches the other, the position is clean whatever the history: a visited
//! vertex `z ∈ D(x)` on the other token's past would give `x ⇝ z ⇝ y`, and one on `x`'s own
//! past would close a cycle (the same for the tail of a used arc). So:
//!
//! * **No path** (`x ≠ y`, neither reaches the other; the paper's recursion): `win(x, y)` iff
//!   some move `x → w` has `!win(w, y)` or some move `y → z` has `!win(x, z)`. Every child
//!   position is clean (the moved token's new subtree is inside its old one).
//! * **IVG2, `x ⇝ y`:** the token at `x` can never enter `y`, so nothing it can reach
//!   (`D(x)` minus `D(y)` through the arc into `y`) meets what the token at `y` can reach
//!   (`D(y)`), now and after any further moves. The game is the disjunctive sum of two
//!   one-token games on disjoint out-trees, so by Sprague–Grundy the mover wins iff
//!   `cut(x, y) ≠ g(y)`. (This is the "two disjoint trees" situation of the paper; its
//!   pair-of-vertices recursion computes the same thing.)
//! * **IAG2, `x ⇝ y`:** the upper token may still enter `y` and use the arcs out of `y` that
//!   the lower token has not used, so the two games are not disjoint yet. The moves:
//!   the lower token `y → c` uses the arc `(y, c)`, which lies on the upper token's route to
//!   `D(c)`: from now on the upper token plays on the forest without that arc and the lower
//!   one on `D(c)`, disjoint, a sum again, lost for the next player iff `cut(x, c) = g(c)`.
//!   The upper token `x → w` keeps the position clean: `(w, y)` with `w ⇝ y` (this case
//!   again), `w = y` (both tokens on one vertex, below), or no path.
//! * **IAG2, `x = y`** (the start may put both tokens on one vertex; later, both arrive by
//!   different in-arcs): all of `D(x)` is unused; a move along `(x, c)` leaves one token at
//!   `x` on the forest without that arc and the other on `D(c)`: the mover wins iff some
//!   child `c` has `cut(x, c) = g(c)`.
//!
//! Every position the game can reach is clean or a sum of the two kinds above, so the
//! recursion is exact. It is memoised over the pairs it meets (the budget is charged per
//! pair); `cut` over (vertex, descendant) pairs. Both tables have at most n² entries, each
//! costing O(out-degree), so the whole computation is O(n²) (the paper states O(n⁴) and
//! conjectures O(n²)). The answer is the winner and a winning first move; no principal
//! variation (after a sum position the pair no longer describes the board), as in `trees.rs`.

use super::exhaustive::with_stack;
use super::trees::{Oriented, is_forest, within_tree_limit};
use super::{GameSolution, check_valid};
use crate::problems::geography::{Convention, Geography, Move, Rule, Tokens};
use crate::solvers::{Budget, BudgetExceeded, SolveError, Stats};
use rustc_hash::FxHashMap;
use std::time::Instant;

/// Whether this solver applies: IVG2 or IAG2 (two shared tokens), normal play, directed forest.
pub(crate) fn applies(g: &Geography) -> bool {
    g.graph.directed
        && matches!(g.rule, Rule::Vertex | Rule::Edge)
        && matches!(g.tokens, Tokens::TwoShared { .. })
        && g.convention == Convention::Normal
        && is_forest(g)
}

/// The smallest natural number not in `values`.
fn mex(values: &[u32]) -> u32 {
    (0..).find(|x| !values.contains(x)).unwrap_or(0)
}

/// Precomputed forest data and the memo tables.
pub(super) struct Forest<'b> {
    arc_rule: bool,
    forest: Oriented,
    grundy: Vec<u32>,
    cut: FxHashMap<(usize, usize), u32>,
    win: FxHashMap<(usize, usize), bool>,
    budget: &'b Budget,
    /// Pairs evaluated, counted from the `nodes` the forest was built with.
    pub nodes: u64,
}

impl<'b> Forest<'b> {
    /// The recursion on `forest` (the arc rule when `arc_rule`), normal play; the budget is
    /// charged `nodes` plus one per pair.
    pub fn new(forest: Oriented, arc_rule: bool, budget: &'b Budget, nodes: u64) -> Forest<'b> {
        let n = forest.children.len();
        let mut grundy = vec![0u32; n];
        let mut vals = Vec::new();
        for &v in forest.order.iter().rev() {
            vals.clear();
            vals.extend(forest.children[v].iter().map(|&(c, _)| grundy[c]));
            grundy[v] = mex(&vals);
        }
        Forest {
            arc_rule,
            forest,
            grundy,
            cut: FxHashMap::default(),
            win: FxHashMap::default(),
            budget,
            nodes,
        }
    }

    /// Whether there is a directed path (possibly empty) from `a` to `b`.
    fn reaches(&self, a: usize, b: usize) -> bool {
        self.forest.reaches(a, b)
    }

    /// The Grundy value of one token at `v` once the arc into `q` on the path from `v` is
    /// deleted (`v ⇝ q`).
    fn cut(&mut self, v: usize, q: usize) -> u32 {
        if let Some(&x) = self.cut.get(&(v, q)) {
            return x;
        }
        let mut vals = Vec::with_capacity(self.forest.children[v].len());
        for k in 0..self.forest.children[v].len() {
            let (c, _) = self.forest.children[v][k];
            if c == q {
                continue;
            }
            vals.push(if self.reaches(c, q) {
                self.cut(c, q)
            } else {
                self.grundy[c]
            });
        }
        let x = mex(&vals);
        self.cut.insert((v, q), x);
        x
    }

    /// After the lower token of a pair `upper ⇝ y` (IAG2) or of `upper = y` moves along
    /// `(y, c)`: whether the resulting sum is lost for the player to move.
    fn split_lost(&mut self, upper: usize, c: usize) -> bool {
        self.cut(upper, c) == self.grundy[c]
    }

    /// Whether the player to move wins the clean position with tokens at `x` and `y`.
    pub fn win(&mut self, x: usize, y: usize) -> Result<bool, BudgetExceeded> {
        let key = (x.min(y), x.max(y));
        if let Some(&w) = self.win.get(&key) {
            return Ok(w);
        }
        self.nodes += 1;
        self.budget.charge(self.nodes)?;
        let w = self.first_winning(x, y)?.is_some();
        self.win.insert(key, w);
        Ok(w)
    }

    /// A winning move from the clean position `(x, y)`, as (token index 0 for `x` / 1 for
    /// `y`, child, arc), or `None` when the mover loses.
    pub fn first_winning(
        &mut self,
        x: usize,
        y: usize,
    ) -> Result<Option<(u8, usize, usize)>, BudgetExceeded> {
        if x == y {
            // IAG2 only (IVG2 tokens never share a vertex).
            for k in 0..self.forest.children[x].len() {
                let (c, e) = self.forest.children[x][k];
                if self.split_lost(x, c) {
                    return Ok(Some((0, c, e)));
                }
            }
            return Ok(None);
        }
        if !self.arc_rule && (self.reaches(x, y) || self.reaches(y, x)) {
            // IVG2, a directed path: a sum of disjoint one-token games.
            let (upper, lower, lower_token) = if self.reaches(x, y) {
                (x, y, 1)
            } else {
                (y, x, 0)
            };
            let (gu, gl) = (self.cut(upper, lower), self.grundy[lower]);
            if gu == gl {
                return Ok(None);
            }
            // Move in the component with the larger value to one with the smaller value.
            let (from, target, token) = if gu > gl {
                (upper, gl, 1 - lower_token)
            } else {
                (lower, gu, lower_token)
            };
            for k in 0..self.forest.children[from].len() {
                let (c, e) = self.forest.children[from][k];
                if from == upper && c == lower {
                    continue;
                }
                let value = if from == upper && self.reaches(c, lower) {
                    self.cut(c, lower)
                } else {
                    self.grundy[c]
                };
                if value == target {
                    return Ok(Some((token, c, e)));
                }
            }
            unreachable!("a Grundy value above `target` has a child of value `target`");
        }
        // IAG2 with the lower token at `y` (or at `x`): its moves lead to sums.
        for (token, upper, lower) in [(1u8, x, y), (0, y, x)] {
            if self.reaches(upper, lower) {
                for k in 0..self.forest.children[lower].len() {
                    let (c, e) = self.forest.children[lower][k];
                    if self.split_lost(upper, c) {
                        return Ok(Some((token, c, e)));
                    }
                }
            }
        }
        // Every other move keeps the position clean: the moved token is the upper one, or
        // there is no path between the tokens.
        for (token, from, other) in [(0u8, x, y), (1, y, x)] {
            if self.reaches(other, from) {
                continue; // the lower token's moves, handled above (IAG2)
            }
            for k in 0..self.forest.children[from].len() {
                let (c, e) = self.forest.children[from][k];
                if !self.win(c, other)? {
                    return Ok(Some((token, c, e)));
                }
            }
        }
        Ok(None)
    }
}

/// Solves IVG2 or IAG2 (two shared tokens, normal play) on a directed tree (an orientation of
/// a forest); reached through [`solve_tree`](super::solve_tree) and `Method::Auto`.
///
/// Errors: [`SolveError::Unsupported`] when the game is not of that kind or is invalid;
/// [`SolveError::TooLarge`] beyond [`MAX_TREE_VERTICES`](super::trees::MAX_TREE_VERTICES);
/// [`SolveError::Budget`] when the pairs evaluated exceed `budget`.
pub(crate) fn solve_two_token_tree(
    g: &Geography,
    budget: &Budget,
) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    two_token_search(g, budget).map_err(|e| e.or_tableless_since(started))
}

/// [`solve_two_token_tree`] before the statistics of a stopped search are attached.
fn two_token_search(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    check_valid(g)?;
    let (Tokens::TwoShared { starts: [s1, s2] }, true) = (g.tokens, applies(g)) else {
        return Err(SolveError::Unsupported(
            "the two-token tree solver needs IVG2 or IAG2 under normal play on a directed tree"
                .into(),
        ));
    };
    let n = g.graph.n();
    within_tree_limit(n)?;
    with_stack(2 * n, || {
        let oriented = Oriented::new(g.graph.out_adjacency());
        let mut forest = Forest::new(oriented, g.rule == Rule::Edge, budget, 0);
        let first_wins = forest.win(s1, s2)?;
        let winning_move = if first_wins {
            forest
                .first_winning(s1, s2)?
                .map(|(token, to, edge)| Move::Step {
                    token,
                    from: if token == 0 { s1 } else { s2 },
                    edge,
                    to,
                })
        } else {
            None
        };
        Ok(GameSolution::without_line(
            first_wins,
            winning_move,
            Stats::without_table(started, forest.nodes),
            "tree",
        ))
    })
}
