//! Partizan vertex and arc geography (PVG, PAG) on directed trees, in polynomial time.
//!
//! Source: Fraenkel–Simonson, "Geography" (TCS 110, 1993) §3, Theorems 3.1 (PVG) and 3.2
//! (PAG), `shared/papers/002`. A directed tree is an orientation of a forest (no loops, no
//! parallel or antiparallel arcs). `win(a, b)`: does the player to move, at `a`, win against
//! the other token at `b`?
//!
//! * Case 1, a directed path between the tokens: the players are cut off from each other and
//!   each runs their longest path; the mover wins iff theirs is strictly longer. Path `a → b`:
//!   the mover's longest path avoids `b` (PVG) or the arc by which `b`'s owner leaves, which
//!   is WLOG the arc to `b`'s deepest child (PAG); `b`'s owner gets `depth(b)`. Path `b → a`:
//!   symmetric, the mover leaves `a` towards its deepest child. PAG with `a = b` is the same
//!   with the mover choosing first.
//! * Case 2, no path: `win(a, b)` iff some arc `(a, w)` has `!win(b, w)`. No token can reach
//!   the other's past vertices or arcs without a path between them, so positions are pairs.
//!
//! The recursion is memoised over the pairs it meets (at most n²). The answer is the winner
//! and a winning first move; no principal variation is given (after a case-1 position the
//! pair abstraction no longer describes the board).
//!
//! **Misère PVG** (used by the exhaustive search's tree endgame, `tree_endgame.rs`; the root
//! solver stays normal-play). The same two cases hold with the misère race of
//! `race_split.rs`: in case 1 the regions are disjoint (in an oriented forest every path
//! from `a` into `D(b)` passes through `b`, which is visited), so each player's future is a
//! one-player walk and the mover wins iff the shortest maximal walk of their region is no
//! longer than the other's; case 2 is the same pair recursion, a stuck mover winning. The
//! winning move in case 1 follows the shortest maximal walk. Misère PAG is not covered: its
//! case 1 lets the owner of the lower token choose the exit arc that hurts the other most,
//! which is no longer the arc that is best for their own walk.

use super::exhaustive::with_stack;
use super::{GameSolution, check_valid};
use crate::problems::geography::{Convention, Geography, Move, Rule, Tokens};
use crate::solvers::{Budget, BudgetExceeded, SolveError, Stats};
use rustc_hash::FxHashMap;
use std::time::Instant;

/// Largest tree accepted (the reachability table has n² bits).
pub const MAX_TREE_VERTICES: usize = 8192;

/// Whether the underlying undirected multigraph is a forest (union–find).
pub(super) fn is_forest(g: &Geography) -> bool {
    let mut parent: Vec<usize> = (0..g.graph.n()).collect();
    fn root(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    g.graph.edges.iter().all(|&(u, v)| {
        let (ru, rv) = (root(&mut parent, u), root(&mut parent, v));
        parent[ru] = rv;
        ru != rv
    })
}

/// Whether the tree method applies: rooted PVG or PAG, normal play, directed forest.
pub(crate) fn applies(g: &Geography) -> bool {
    g.graph.directed
        && matches!(g.rule, Rule::Vertex | Rule::Edge)
        && matches!(g.tokens, Tokens::Partizan { starts: Some(_) })
        && g.convention == Convention::Normal
        && is_forest(g)
}

/// An oriented forest as the tree recursions need it: the children of every vertex, a
/// topological order and, for every vertex, the set of vertices it reaches (itself included),
/// as one bitset row of `words` words per vertex.
pub(super) struct Oriented {
    /// Out-arcs `(child, edge)` per vertex, in edge order.
    pub children: Vec<Vec<(usize, usize)>>,
    /// The vertices in a topological order (parents before children).
    pub order: Vec<usize>,
    words: usize,
    reach: Vec<u64>,
}

impl Oriented {
    /// The forest with out-arcs `children` (whose underlying graph the caller has checked to
    /// be a forest, so Kahn's order takes every vertex).
    pub fn new(children: Vec<Vec<(usize, usize)>>) -> Oriented {
        let n = children.len();
        let mut indeg = vec![0u32; n];
        children.iter().flatten().for_each(|&(c, _)| indeg[c] += 1);
        let mut order: Vec<usize> = (0..n).filter(|&v| indeg[v] == 0).collect();
        let mut i = 0;
        while i < order.len() {
            for &(c, _) in &children[order[i]] {
                indeg[c] -= 1;
                if indeg[c] == 0 {
                    order.push(c);
                }
            }
            i += 1;
        }
        let words = n.div_ceil(64).max(1);
        let mut reach = vec![0u64; n * words];
        for &v in order.iter().rev() {
            reach[v * words + v / 64] |= 1 << (v % 64);
            for &(c, _) in &children[v] {
                // Rows of a child come after their parent's in no particular order: copy
                // through a split borrow.
                let (lo, hi) = (v.min(c), v.max(c));
                let (left, right) = reach.split_at_mut(hi * words);
                let (row_lo, row_hi) =
                    (&mut left[lo * words..(lo + 1) * words], &mut right[..words]);
                let (dst, src) = if v < c {
                    (row_lo, row_hi)
                } else {
                    (row_hi, row_lo)
                };
                dst.iter_mut().zip(src.iter()).for_each(|(a, b)| *a |= b);
            }
        }
        Oriented {
            children,
            order,
            words,
            reach,
        }
    }

    /// Whether there is a directed path (possibly empty) from `a` to `b`.
    #[inline]
    pub fn reaches(&self, a: usize, b: usize) -> bool {
        self.reach[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }
}

/// Precomputed tree data and the memo tables of the pair recursion.
///
/// `walk[v]` is the value of the best walk from `v` on the whole forest for the player who
/// owns it: its length under normal play (the longest path), and its shortest *maximal*
/// length under misère play (the player wants to be stuck early but may stop only when no
/// move is left); `best[v]` is the child that achieves it.
pub(super) struct Tree<'b> {
    arc_rule: bool,
    misere: bool,
    forest: Oriented,
    walk: Vec<u32>,
    best: Vec<Option<usize>>,
    excl: FxHashMap<(usize, usize), u32>,
    win: FxHashMap<(usize, usize), bool>,
    budget: &'b Budget,
    /// Pairs evaluated, counted from the `nodes` the tree was built with.
    pub nodes: u64,
}

impl<'b> Tree<'b> {
    /// The recursion on `forest` (the arc rule when `arc_rule`); misère play only under the
    /// vertex rule (see [`Tree::supports`]). The budget is charged `nodes` plus one per pair.
    pub fn new(
        forest: Oriented,
        arc_rule: bool,
        misere: bool,
        budget: &'b Budget,
        nodes: u64,
    ) -> Tree<'b> {
        debug_assert!(Tree::supports(arc_rule, misere));
        let n = forest.children.len();
        let (mut walk, mut best) = (vec![0u32; n], vec![None; n]);
        for &v in forest.order.iter().rev() {
            for &(c, _) in &forest.children[v] {
                let better = match best[v] {
                    None => true,
                    Some(_) if misere => walk[c] + 1 < walk[v],
                    Some(_) => walk[c] + 1 > walk[v],
                };
                if better {
                    (walk[v], best[v]) = (walk[c] + 1, Some(c));
                }
            }
        }
        Tree {
            arc_rule,
            misere,
            forest,
            walk,
            best,
            excl: FxHashMap::default(),
            win: FxHashMap::default(),
            budget,
            nodes,
        }
    }

    /// Whether the recursion holds for the rule and convention: normal play under both rules,
    /// misère play under the vertex rule. (Misère PAG is left out: there the arc by which the
    /// owner of the lower token leaves is no longer the one that is best for both its walk
    /// and the other token's, so the case-1 race below does not hold as stated.)
    pub fn supports(arc_rule: bool, misere: bool) -> bool {
        !(arc_rule && misere)
    }

    /// The value of a walk from `s` that starts with the arc to child `c`, when the walk must
    /// avoid vertex `t` (PVG) or the arc from `t` to its best child (PAG); `None` if the arc
    /// itself is blocked.
    fn via(&mut self, s: usize, c: usize, t: usize) -> Option<u32> {
        if self.arc_rule && s == t && self.best[t] == Some(c) {
            return None;
        }
        if self.forest.reaches(c, t) && !(self.arc_rule && s == t) {
            if c == t && !self.arc_rule {
                return None;
            }
            return Some(1 + self.excl(c, t));
        }
        Some(1 + self.walk[c])
    }

    /// The best walk from `s` (which reaches `t`) avoiding what `via` says: the longest
    /// (normal play) or the shortest maximal one (misère play, 0 when no arc is open).
    fn excl(&mut self, s: usize, t: usize) -> u32 {
        if let Some(&v) = self.excl.get(&(s, t)) {
            return v;
        }
        let mut best: Option<u32> = None;
        for k in 0..self.forest.children[s].len() {
            let c = self.forest.children[s][k].0;
            if let Some(x) = self.via(s, c, t) {
                best = Some(match best {
                    None => x,
                    Some(b) if self.misere => b.min(x),
                    Some(b) => b.max(x),
                });
            }
        }
        let v = best.unwrap_or(0);
        self.excl.insert((s, t), v);
        v
    }

    /// Whether the player to move wins a race of walk values `mine` against `theirs`
    /// (race_split.rs): normal play `mine > theirs`, misère play `mine ≤ theirs`.
    fn race(&self, mine: u32, theirs: u32) -> bool {
        if self.misere {
            mine <= theirs
        } else {
            mine > theirs
        }
    }

    /// Whether the player to move at `a` wins against the other token at `b`.
    pub fn win(&mut self, a: usize, b: usize) -> Result<bool, BudgetExceeded> {
        if let Some(&w) = self.win.get(&(a, b)) {
            return Ok(w);
        }
        self.nodes += 1;
        self.budget.charge(self.nodes)?;
        let w = if a == b {
            // PAG only, normal play: the mover leaves first and takes the best child.
            self.best[a].is_some_and(|x| self.walk[x] + 1 > self.excl(a, a))
        } else if self.forest.reaches(a, b) {
            let mine = self.excl(a, b);
            self.race(mine, self.walk[b])
        } else if self.forest.reaches(b, a) {
            let theirs = self.excl(b, a);
            self.race(self.walk[a], theirs)
        } else if self.forest.children[a].is_empty() {
            // Stuck: lost under normal play, won under misère play.
            self.misere
        } else {
            let mut found = false;
            for k in 0..self.forest.children[a].len() {
                let w = self.forest.children[a][k].0;
                if !self.win(b, w)? {
                    found = true;
                    break;
                }
            }
            found
        };
        self.win.insert((a, b), w);
        Ok(w)
    }

    /// A winning first move `(child, edge)` for the mover at `a` (who wins) against `b`;
    /// `None` when the mover wins without a move (misère play) or loses.
    pub fn winning_step(
        &mut self,
        a: usize,
        b: usize,
    ) -> Result<Option<(usize, usize)>, BudgetExceeded> {
        let kids = &self.forest.children[a];
        // Path b → a (or a = b under the arc rule): leave towards the best child.
        if self.forest.reaches(b, a) {
            let x = self.best[a];
            return Ok(kids.iter().copied().find(|&(c, _)| Some(c) == x));
        }
        if self.forest.reaches(a, b) {
            let target = self.excl(a, b);
            for k in 0..self.forest.children[a].len() {
                let step = self.forest.children[a][k];
                if self.via(a, step.0, b) == Some(target) {
                    return Ok(Some(step));
                }
            }
            return Ok(None);
        }
        for k in 0..self.forest.children[a].len() {
            let step = self.forest.children[a][k];
            if !self.win(b, step.0)? {
                return Ok(Some(step));
            }
        }
        Ok(None)
    }
}

/// `Err(TooLarge)` beyond [`MAX_TREE_VERTICES`] vertices (shared by the tree solvers).
pub(crate) fn within_tree_limit(n: usize) -> Result<(), SolveError> {
    match n > MAX_TREE_VERTICES {
        true => Err(SolveError::TooLarge {
            solver: "tree",
            what: "the vertex set",
            size: n,
            limit: MAX_TREE_VERTICES,
        }),
        false => Ok(()),
    }
}

/// Solves rooted PVG or PAG on a directed tree (an orientation of a forest), normal play; on
/// an undirected graph, hands over to [`solve_undirected_tree`](super::solve_undirected_tree)
/// (rooted PVG/PAG on an undirected forest, and Trail Trap); with two shared tokens (IVG2,
/// IAG2) on a directed graph, to the two-token tree solver (Fraenkel–Simonson Thm 3.4,
/// `two_token_trees.rs`).
///
/// Errors: [`SolveError::Unsupported`] when the game is not of that kind or is invalid;
/// [`SolveError::TooLarge`] beyond [`MAX_TREE_VERTICES`]; [`SolveError::Budget`] when the
/// pairs evaluated exceed `budget`.
pub fn solve_tree(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    tree_search(g, budget).map_err(|e| e.or_tableless_since(started))
}

/// [`solve_tree`] before the statistics of a stopped search are attached.
fn tree_search(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    if !g.graph.directed {
        return super::solve_undirected_tree(g, budget);
    }
    if matches!(g.tokens, Tokens::TwoShared { .. }) {
        return super::two_token_trees::solve_two_token_tree(g, budget);
    }
    let started = Instant::now();
    check_valid(g)?;
    let (
        Tokens::Partizan {
            starts: Some([s1, s2]),
        },
        true,
    ) = (g.tokens, applies(g))
    else {
        return Err(SolveError::Unsupported(
            "the tree solver needs rooted PVG or PAG under normal play on a directed tree".into(),
        ));
    };
    let n = g.graph.n();
    within_tree_limit(n)?;
    with_stack(2 * n, || {
        let forest = Oriented::new(g.graph.out_adjacency());
        let mut tree = Tree::new(forest, g.rule == Rule::Edge, false, budget, 0);
        let first_wins = tree.win(s1, s2)?;
        let winning_move = if first_wins {
            let step = |(to, edge)| Move::Step {
                token: 0,
                from: s1,
                edge,
                to,
            };
            tree.winning_step(s1, s2)?.map(step)
        } else {
            None
        };
        Ok(GameSolution::without_line(
            first_wins,
            winning_move,
            Stats::without_table(started, tree.nodes),
            "tree",
        ))
    })
}
