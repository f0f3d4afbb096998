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

use super::exhaustive::with_stack;
use super::{GameSolution, check_valid};
use crate::problems::geography::{Convention, Geography, Move, Rule, Tokens};
use crate::solvers::{Budget, BudgetExceeded, SolveError, Stats};
use std::collections::HashMap;
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

/// Precomputed tree data and the memo tables.
struct Tree<'b> {
    arc_rule: bool,
    children: Vec<Vec<(usize, usize)>>,
    depth: Vec<u32>,
    deepest: Vec<Option<usize>>,
    reach: Vec<Vec<u64>>,
    excl: HashMap<(usize, usize), u32>,
    win: HashMap<(usize, usize), bool>,
    budget: &'b Budget,
    nodes: u64,
}

impl<'b> Tree<'b> {
    fn new(g: &Geography, budget: &'b Budget) -> Tree<'b> {
        let n = g.graph.n();
        let children = g.graph.out_adjacency();
        let order = super::dag::topological_order(g).unwrap_or_default();
        let (mut depth, mut deepest) = (vec![0u32; n], vec![None; n]);
        let mut reach = vec![vec![0u64; n.div_ceil(64)]; n];
        for &v in order.iter().rev() {
            reach[v][v / 64] |= 1 << (v % 64);
            for &(c, _) in &children[v] {
                if deepest[v].is_none() || depth[c] + 1 > depth[v] {
                    (depth[v], deepest[v]) = (depth[c] + 1, Some(c));
                }
                let rc = reach[c].clone();
                reach[v].iter_mut().zip(&rc).for_each(|(a, b)| *a |= b);
            }
        }
        Tree {
            arc_rule: g.rule == Rule::Edge,
            children,
            depth,
            deepest,
            reach,
            excl: HashMap::new(),
            win: HashMap::new(),
            budget,
            nodes: 0,
        }
    }

    fn reaches(&self, a: usize, b: usize) -> bool {
        self.reach[a][b / 64] >> (b % 64) & 1 == 1
    }

    /// The length of a path from `s` that starts with the arc to child `c`, when the path must
    /// avoid vertex `t` (PVG) or the arc from `t` to its deepest child (PAG); `None` if the
    /// arc itself is blocked.
    fn via(&mut self, s: usize, c: usize, t: usize) -> Option<u32> {
        if self.arc_rule && s == t && self.deepest[t] == Some(c) {
            return None;
        }
        if self.reaches(c, t) && !(self.arc_rule && s == t) {
            if c == t && !self.arc_rule {
                return None;
            }
            return Some(1 + self.excl(c, t));
        }
        Some(1 + self.depth[c])
    }

    /// The longest path from `s` (which reaches `t`) avoiding what `via` says.
    fn excl(&mut self, s: usize, t: usize) -> u32 {
        if let Some(&v) = self.excl.get(&(s, t)) {
            return v;
        }
        let kids = self.children[s].clone();
        let best = kids.iter().filter_map(|&(c, _)| self.via(s, c, t)).max();
        let v = best.unwrap_or(0);
        self.excl.insert((s, t), v);
        v
    }

    /// Whether the player to move at `a` wins against the other token at `b`.
    fn win(&mut self, a: usize, b: usize) -> Result<bool, BudgetExceeded> {
        if let Some(&w) = self.win.get(&(a, b)) {
            return Ok(w);
        }
        self.nodes += 1;
        self.budget.charge(self.nodes)?;
        let w = if a == b {
            self.deepest[a].is_some_and(|x| self.depth[x] + 1 > self.excl(a, a))
        } else if self.reaches(a, b) {
            self.excl(a, b) > self.depth[b]
        } else if self.reaches(b, a) {
            self.depth[a] > self.excl(b, a)
        } else {
            let mut found = false;
            for (w, _) in self.children[a].clone() {
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

    /// A winning first move for the mover at `a` (who wins) against `b`.
    fn winning_move(&mut self, a: usize, b: usize) -> Result<Option<Move>, BudgetExceeded> {
        let step = |(to, edge): (usize, usize)| Move::Step {
            token: 0,
            from: a,
            edge,
            to,
        };
        let kids = self.children[a].clone();
        // Path b → a (or a = b under the arc rule): leave towards the deepest child.
        if self.reaches(b, a) {
            let x = self.deepest[a];
            return Ok(kids.into_iter().find(|&(c, _)| Some(c) == x).map(step));
        }
        if self.reaches(a, b) {
            let target = self.excl(a, b);
            return Ok(kids
                .into_iter()
                .find(|&(c, _)| self.via(a, c, b) == Some(target))
                .map(step));
        }
        for k in kids {
            if !self.win(b, k.0)? {
                return Ok(Some(step(k)));
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
        let mut tree = Tree::new(g, budget);
        let first_wins = tree.win(s1, s2)?;
        let winning_move = if first_wins {
            tree.winning_move(s1, s2)?
        } else {
            None
        };
        Ok(GameSolution::without_line(
            first_wins,
            winning_move,
            Stats::since(started, tree.nodes),
            "tree",
        ))
    })
}
