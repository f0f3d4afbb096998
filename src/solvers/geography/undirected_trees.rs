//! Partizan vertex and edge geography (PVG, PAG) on undirected trees and forests, rooted,
//! and Trail Trap (unrooted PAG) on trees, in polynomial time.
//!
//! Sources: Fraenkel–Simonson, "Geography" (TCS 110, 1993) §3, Theorem 3.3 (`shared/papers/002`:
//! "the player to move must decide whether he wishes to move along the path between him and
//! the other player, or to leave this path"), and Buchanan et al., Trail Trap, §4, Lemmas 11
//! and 12 and Theorem 14 (`shared/papers/004`).
//!
//! # Rooted PVG/PAG: the path chain
//!
//! In a forest every trail is a path, and a token that moves `x → y` can never come back to
//! `x`'s side of the edge `xy` (the edge is used, or `x` is visited, and it is the only way
//! back). Call `A` the player to move at `a`, `B` the other at `b`.
//!
//! * **Different components**: nothing either player does affects the other, so each runs
//!   their longest path (the eccentricity of their start in their component); **the mover
//!   wins iff theirs is strictly longer.**
//! * **Same component**: let `p_0 = a, …, p_k = b` be the path between them. For a path vertex
//!   `p_m`, its *side branches* are the subtrees through neighbours off the path; `t1[m] ≥ t2[m]`
//!   are the two largest values `1 + depth` over them (0 when absent: then `t1[m]` is also the
//!   longest walk that dives at `p_m` or stops there). Every reachable position before someone
//!   leaves the path has `A` at `p_i`, `B` at `p_j`, `i < j`, with exactly the path edges
//!   outside `[p_i, p_j]` used (vertices outside visited) and everything else fresh; the
//!   movers alternate, so the positions form a chain `(0,k) → (1,k) → (1,k−1) → …` of at most
//!   `k` states. In a state the mover (say `A` at `p_i`) either
//!   - **leaves** into a side branch of `p_i`: from then on the tokens are separated (the only
//!     way into `A`'s subtree is the used edge), so it is a race, and `A` wins iff
//!     `t1[i] − 1 ≥ L_B` (the opponent moves next and needs strictly more). Here `L_B` is `B`'s
//!     longest path: walk to some `p_m`, `i < m ≤ j`, and dive there:
//!     `max_{i<m≤j} (j − m + t1[m])`; under the **edge rule** `B` may also walk through `p_i`
//!     into another side branch, `(j − i) + t2[i]` (the vertex rule blocks `p_i`). Taking the
//!     deepest branch (`t1`) both maximises `A`'s run and minimises what `B` can take at `p_i`,
//!     so it is the only leave that needs checking;
//!   - or **advances** to `p_{i+1}`: the next chain state with the roles swapped. Under the
//!     vertex rule this needs `i + 1 < j`. Under the edge rule, `i + 1 = j` makes the tokens
//!     **meet** at `p_j` with `B` to move and only `p_j`'s side branches left (both path edges
//!     at `p_j` are used): the player to move there takes the deepest branch and wins iff
//!     `t1 > t2` (same argument as above), so the advance wins iff `t1[j] ≤ t2[j]`.
//!
//!   `B`'s moves are symmetric (`L_A = max_{i≤m<j} (m − i + t1[m])`, plus `(j − i) + t2[j]`
//!   under the edge rule). A state is won iff its leave wins or its advance wins; the chain is
//!   evaluated from its last state back to the first, keeping the maxima over the (growing)
//!   open interval `(i, j)` of `t1[m] − m` and `t1[m] + m`, so the whole answer costs O(n).
//!   Starting on the same vertex (PAG, `k = 0`) is the meeting position with `A` to move.
//!
//! A position with extra used edges (as after Trail Trap's first moves) is the rooted game on
//! the forest without them, which is how [`Board::rooted`] takes it.
//!
//! # Trail Trap on a tree
//!
//! Player I's first move `u → v` and player II's first move `x → y` (a different edge) leave the
//! rooted PAG on the tree minus those two edges, tokens at `v` and `y`, player I to move. Player
//! I wins iff some first move beats every answer. When all edges lie in one tree with at least
//! two edges, only a few first moves of player I are tried: Lemma 11 (it must end at a central
//! vertex, and between the two central vertices when there are two), Corollary 10 (the vertex
//! it ends at has degree ≥ 3) and Lemma 12 (a single central vertex must have degree exactly
//! 3): at most 3 first moves, each against the ≤ 2(n − 2) answers, O(n²) in all. On a forest
//! whose edges lie in several components every first move is tried (O(n³)). One edge: player I
//! moves along it and wins.
//!
//! The answer is the winner and a winning first move of player I; no principal variation is
//! given (as for the directed-tree solver).

use super::{GameSolution, check_valid};
use crate::problems::geography::{Convention, Geography, Move, Rule, Tokens};
use crate::solvers::{Budget, BudgetExceeded, SolveError, Stats};
use std::time::Instant;

/// Sentinel: no vertex.
const NIL: usize = usize::MAX;
/// Minus infinity for the interval maxima.
const NEG: i64 = i64::MIN / 4;

/// Whether this solver applies: undirected forest, normal play, and rooted PVG or PAG, or
/// Trail Trap (unrooted PAG).
pub(crate) fn applies(g: &Geography) -> bool {
    let kind = matches!(
        (g.rule, g.tokens),
        (
            Rule::Vertex | Rule::Edge,
            Tokens::Partizan { starts: Some(_) }
        ) | (Rule::Edge, Tokens::Partizan { starts: None })
    );
    !g.graph.directed && kind && g.convention == Convention::Normal && super::trees::is_forest(g)
}

/// The result of a position for the player to move: win or not, and a winning move
/// `(to, edge)` when winning.
#[derive(Clone, Copy, Debug)]
pub(super) struct Outcome {
    /// Whether the player to move wins.
    pub wins: bool,
    /// A winning move `(to, edge)` when the player to move wins.
    pub step: Option<(usize, usize)>,
}

/// The forest with a set of dead (used) edges, plus scratch space.
pub(super) struct Board<'b> {
    edge_rule: bool,
    adj: Vec<Vec<(usize, usize)>>,
    dead: Vec<bool>,
    parent: Vec<(usize, usize)>,
    stack: Vec<(usize, usize, u32)>,
    budget: &'b Budget,
    /// Positions evaluated, counted from the `nodes` the board was built with.
    pub nodes: u64,
}

impl<'b> Board<'b> {
    fn new(g: &Geography, budget: &'b Budget) -> Board<'b> {
        let rule = g.rule == Rule::Edge;
        Board::on_forest(g.graph.out_adjacency(), g.graph.m(), rule, budget, 0)
    }

    /// The board of the undirected forest with adjacency `adj` (`(neighbour, edge)` per
    /// vertex, both directions) and `m` edges, all live; the edge rule when `edge_rule`. The
    /// budget is charged `nodes` plus the positions evaluated.
    pub(super) fn on_forest(
        adj: Vec<Vec<(usize, usize)>>,
        m: usize,
        edge_rule: bool,
        budget: &'b Budget,
        nodes: u64,
    ) -> Board<'b> {
        let n = adj.len();
        Board {
            edge_rule,
            adj,
            dead: vec![false; m],
            parent: vec![(NIL, NIL); n],
            stack: Vec::new(),
            budget,
            nodes,
        }
    }

    /// The longest path from `v` over live edges that does not step back to `from`, and the
    /// farthest vertex.
    fn longest(&mut self, v: usize, from: usize) -> (u32, usize) {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push((v, from, 0));
        let mut best = (0, v);
        while let Some((x, p, d)) = stack.pop() {
            if d > best.0 {
                best = (d, x);
            }
            for &(y, e) in &self.adj[x] {
                if y != p && !self.dead[e] {
                    stack.push((y, x, d + 1));
                }
            }
        }
        self.stack = stack;
        best
    }

    /// The path `a = p_0, …, p_k = b` over live edges with its edges, or `None` when `b` is
    /// in another component.
    fn path(&mut self, a: usize, b: usize) -> Option<(Vec<usize>, Vec<usize>)> {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push((a, NIL, 0));
        let mut found = a == b;
        while let Some((x, p, _)) = stack.pop() {
            if found {
                break;
            }
            for &(y, e) in &self.adj[x] {
                if y != p && !self.dead[e] {
                    self.parent[y] = (x, e);
                    if y == b {
                        found = true;
                    }
                    stack.push((y, x, 0));
                }
            }
        }
        self.stack = stack;
        if !found {
            return None;
        }
        let (mut verts, mut edges) = (vec![b], Vec::new());
        let mut x = b;
        while x != a {
            let (p, e) = self.parent[x];
            verts.push(p);
            edges.push(e);
            x = p;
        }
        verts.reverse();
        edges.reverse();
        Some((verts, edges))
    }

    /// Charges the budget for `k` more evaluated positions.
    fn charge(&mut self, k: usize) -> Result<(), BudgetExceeded> {
        self.nodes += k as u64;
        self.budget.charge(self.nodes)
    }

    /// The rooted game on the live forest: the player to move at `a`, the other at `b`
    /// (under the vertex rule both vertices are visited and nothing else; under the edge rule
    /// no live edge is used).
    pub(super) fn rooted(&mut self, a: usize, b: usize) -> Result<Outcome, BudgetExceeded> {
        let Some((p, pe)) = self.path(a, b) else {
            self.charge(1)?;
            let (la, _) = self.longest(a, NIL);
            let (lb, _) = self.longest(b, NIL);
            let wins = la > lb;
            let step = if wins {
                self.best_branch(a, &[]).1
            } else {
                None
            };
            return Ok(Outcome { wins, step });
        };
        let k = p.len() - 1;
        let (mut t1, mut t2) = (vec![0i64; k + 1], vec![0i64; k + 1]);
        let mut first_branch = None;
        for m in 0..=k {
            let on_path = [
                if m > 0 { p[m - 1] } else { NIL },
                if m < k { p[m + 1] } else { NIL },
            ];
            let (top, step, second) = self.best_branch(p[m], &on_path);
            (t1[m], t2[m]) = (top, second);
            if m == 0 {
                first_branch = step;
            }
        }
        let edge = self.edge_rule;
        if k == 0 {
            self.charge(1)?;
            let wins = t1[0] > t2[0];
            let step = if wins { first_branch } else { None };
            return Ok(Outcome { wins, step });
        }
        // The chain of positions (i, j, whether A moves) while nobody leaves the path.
        let mut chain = Vec::new();
        let (mut i, mut j, mut a_moves) = (0usize, k, true);
        loop {
            chain.push((i, j, a_moves));
            if i + 1 >= j {
                break;
            }
            if a_moves {
                i += 1;
            } else {
                j -= 1;
            }
            a_moves = !a_moves;
        }
        self.charge(chain.len())?;
        let (mut iu, mut iv) = (NEG, NEG);
        let mut next: Option<bool> = None;
        let mut first_leaves = false;
        for (idx, &(i, j, a_moves)) in chain.iter().enumerate().rev() {
            if next.is_some() {
                let m = if a_moves { i + 1 } else { j - 1 };
                iu = iu.max(t1[m] - m as i64);
                iv = iv.max(t1[m] + m as i64);
            }
            let d = (j - i) as i64;
            let leave = if a_moves {
                let mut other = t1[j].max(j as i64 + iu);
                if edge {
                    other = other.max(d + t2[i]);
                }
                t1[i] > other // t1[i] − 1 ≥ other; other ≥ 0, so a branch exists
            } else {
                let mut other = t1[i].max(iv - i as i64);
                if edge {
                    other = other.max(d + t2[j]);
                }
                t1[j] > other
            };
            let advance = match next {
                Some(w) => !w,
                None if edge => {
                    let at = if a_moves { j } else { i };
                    t1[at] <= t2[at]
                }
                None => false,
            };
            if idx == 0 {
                first_leaves = leave;
            }
            next = Some(leave || advance);
        }
        let wins = next.unwrap_or(false);
        let step = if !wins {
            None
        } else if first_leaves {
            first_branch
        } else {
            Some((p[1], pe[0]))
        };
        Ok(Outcome { wins, step })
    }

    /// Over the live neighbours `y` of `v` not in `skip`: the largest `1 + depth(y)` (0 if
    /// none) with its step `(y, edge)`, and the second largest (0 if none).
    fn best_branch(&mut self, v: usize, skip: &[usize]) -> (i64, Option<(usize, usize)>, i64) {
        let (mut top, mut step, mut second) = (0i64, None, 0i64);
        for idx in 0..self.adj[v].len() {
            let (y, e) = self.adj[v][idx];
            if self.dead[e] || skip.contains(&y) {
                continue;
            }
            let len = 1 + i64::from(self.longest(y, v).0);
            if len > top {
                (second, top, step) = (top, len, Some((y, e)));
            } else if len > second {
                second = len;
            }
        }
        (top, step, second)
    }

    /// Player I's first moves `(from, edge, to)` worth trying in Trail Trap (see the module
    /// documentation); needs at least two edges.
    fn trail_trap_candidates(&mut self, edges: &[(usize, usize)]) -> Vec<(usize, usize, usize)> {
        let all = || {
            edges
                .iter()
                .enumerate()
                .flat_map(|(e, &(u, v))| [(u, e, v), (v, e, u)])
                .collect::<Vec<_>>()
        };
        // All edges in one tree iff the first edge's component holds every edge.
        let root = edges[0].0;
        let mut seen = vec![false; self.adj.len()];
        let mut todo = vec![root];
        seen[root] = true;
        while let Some(x) = todo.pop() {
            for &(y, _) in &self.adj[x] {
                if !seen[y] {
                    seen[y] = true;
                    todo.push(y);
                }
            }
        }
        if !edges.iter().all(|&(u, _)| seen[u]) {
            return all();
        }
        let (_, x) = self.longest(root, NIL);
        let (_, y) = self.longest(x, NIL);
        let (diam, _) = self.path(x, y).expect("same tree");
        let d = diam.len() - 1;
        let deg = |v: usize| self.adj[v].len();
        if d % 2 == 0 {
            let c = diam[d / 2];
            if deg(c) != 3 {
                return Vec::new();
            }
            self.adj[c].iter().map(|&(u, e)| (u, e, c)).collect()
        } else {
            let (c1, c2) = (diam[d / 2], diam[d / 2 + 1]);
            let e = self.adj[c1]
                .iter()
                .find(|&&(w, _)| w == c2)
                .expect("adjacent centres")
                .1;
            let mut out = Vec::new();
            if deg(c2) >= 3 {
                out.push((c1, e, c2));
            }
            if deg(c1) >= 3 {
                out.push((c2, e, c1));
            }
            out
        }
    }

    /// Trail Trap: does player I win, and with which first move `(from, edge, to)`?
    /// With `prune` false every first move is tried (a test witness for the lemmas).
    fn trail_trap(
        &mut self,
        edges: &[(usize, usize)],
        prune: bool,
    ) -> Result<Option<(usize, usize, usize)>, BudgetExceeded> {
        match edges.len() {
            0 => return Ok(None),
            1 => return Ok(Some((edges[0].0, 0, edges[0].1))),
            _ => {}
        }
        let candidates = if prune {
            self.trail_trap_candidates(edges)
        } else {
            let all = edges.iter().enumerate();
            all.flat_map(|(e, &(u, v))| [(u, e, v), (v, e, u)])
                .collect()
        };
        'first: for (u, e1, v) in candidates {
            self.dead[e1] = true;
            for (e2, &(x0, y0)) in edges.iter().enumerate() {
                if e2 == e1 {
                    continue;
                }
                self.dead[e2] = true;
                for y in [y0, x0] {
                    if !self.rooted(v, y)?.wins {
                        self.dead[e2] = false;
                        self.dead[e1] = false;
                        continue 'first;
                    }
                }
                self.dead[e2] = false;
            }
            self.dead[e1] = false;
            return Ok(Some((u, e1, v)));
        }
        Ok(None)
    }
}

/// Solves rooted PVG or PAG, or Trail Trap, on an undirected forest under normal play.
///
/// Errors: [`SolveError::Unsupported`] when the game is not of that kind or is invalid;
/// [`SolveError::TooLarge`] beyond [`MAX_TREE_VERTICES`](super::MAX_TREE_VERTICES);
/// [`SolveError::Budget`] when the evaluated positions exceed `budget`.
pub fn solve_undirected_tree(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    undirected_tree_search(g, budget).map_err(|e| e.or_tableless_since(started))
}

/// [`solve_undirected_tree`] before the statistics of a stopped search are attached.
fn undirected_tree_search(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    check_valid(g)?;
    if !applies(g) {
        return Err(SolveError::Unsupported(
            "the undirected tree solver needs rooted PVG/PAG or Trail Trap under normal play \
             on an undirected forest"
                .into(),
        ));
    }
    let n = g.graph.n();
    if n > super::MAX_TREE_VERTICES {
        let (solver, what, limit) = ("tree", "the vertex set", super::MAX_TREE_VERTICES);
        return Err(SolveError::TooLarge {
            solver,
            what,
            size: n,
            limit,
        });
    }
    let mut board = Board::new(g, budget);
    let (first_wins, winning_move) = match g.tokens {
        Tokens::Partizan {
            starts: Some([a, b]),
        } => {
            let out = board.rooted(a, b)?;
            let mv = out.step.map(|(to, edge)| Move::Step {
                token: 0,
                from: a,
                edge,
                to,
            });
            (out.wins, mv)
        }
        _ => {
            let first = board.trail_trap(&g.graph.edges, true)?;
            let mv = first.map(|(from, edge, to)| Move::Step {
                token: 0,
                from,
                edge,
                to,
            });
            (first.is_some(), mv)
        }
    };
    Ok(GameSolution::without_line(
        first_wins,
        winning_move,
        Stats::without_table(started, board.nodes),
        "tree",
    ))
}

/// Trail Trap by trying every first move of player I (no Lemma 11/12 pruning): whether
/// player I wins. For tests only; `g` must be Trail Trap on an undirected forest.
#[cfg(test)]
pub(crate) fn trail_trap_unpruned(g: &Geography) -> bool {
    let budget = Budget::unlimited();
    let mut board = Board::new(g, &budget);
    let first = board.trail_trap(&g.graph.edges, false);
    first.expect("unlimited budget").is_some()
}
