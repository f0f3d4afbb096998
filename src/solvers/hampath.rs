//! The exact Hamiltonian-path solver: Held–Karp dynamic programming over vertex subsets for
//! small graphs, backtracking with reachability pruning for larger ones.
//!
//! Both handle directed and undirected graphs (an undirected edge is usable both ways) and
//! fixed start and end vertices. Loops and parallel edges are ignored, since a path uses
//! neither. [`solve`] picks the DP up to [`DP_LIMIT`] vertices, where its `2^n` table of
//! 32-bit words fits in 4 MiB; the two algorithms are independent and tests hold them against
//! each other and against a brute force over permutations.

use super::{Budget, BudgetExceeded, SolveError, Stats};
use crate::problems::{HamPath, VertexId};
use std::time::Instant;

/// The largest vertex count [`solve_dp`] accepts.
pub const DP_LIMIT: usize = 20;

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct HamPathSolution {
    /// A Hamiltonian path (passing [`HamPath::is_solution`]), or `None` when there is none.
    pub path: Option<Vec<VertexId>>,
    /// Search statistics: DP subsets, or backtracking nodes.
    pub stats: Stats,
}

/// Decides `h` with the DP when it has at most [`DP_LIMIT`] vertices and the node budget
/// covers its `2^n` subsets, by backtracking otherwise. (The DP's cost is fixed in advance;
/// backtracking with pruning often finishes far sooner, e.g. on the bridged cubic graphs of
/// `georeduce check`, so a tight budget should not rule out the answer.)
pub fn solve(h: &HamPath, budget: &Budget) -> Result<HamPathSolution, SolveError> {
    let n = h.graph.n();
    let dp_fits = budget.max_nodes.is_none_or(|m| (1u64 << n.min(63)) <= m);
    let started = Instant::now();
    let solved = if n <= DP_LIMIT && dp_fits {
        solve_dp(h, budget)
    } else {
        solve_backtracking(h, budget)
    };
    solved.map_err(|e| e.or_tableless_since(started))
}

/// Checks the endpoints; `Ok(None)` means the instance is trivially decided: `Some(path)`.
fn trivial(h: &HamPath) -> Result<Option<Option<Vec<VertexId>>>, SolveError> {
    let n = h.graph.n();
    for (what, v) in [("start", h.start), ("end", h.end)] {
        if let Some(v) = v.filter(|&v| v >= n) {
            return Err(SolveError::Unsupported(format!(
                "the {what} vertex {v} is out of range: the graph has {n} vertices"
            )));
        }
    }
    Ok(match n {
        0 => Some(Some(Vec::new())),
        1 => Some(Some(vec![0])),
        _ if h.start.is_some() && h.start == h.end => Some(None),
        _ => None,
    })
}

/// Held–Karp: `reach[S]` is the set (a bitmask) of vertices `v` such that some path from an
/// allowed start visits exactly `S` and ends at `v`. One node per subset `S`.
///
/// Errors with [`SolveError::TooLarge`] above [`DP_LIMIT`] vertices.
pub fn solve_dp(h: &HamPath, budget: &Budget) -> Result<HamPathSolution, SolveError> {
    let start_time = Instant::now();
    let n = h.graph.n();
    if n > DP_LIMIT {
        return Err(SolveError::TooLarge {
            solver: "Held-Karp Hamiltonian path",
            what: "vertices",
            size: n,
            limit: DP_LIMIT,
        });
    }
    if let Some(path) = trivial(h)? {
        return Ok(HamPathSolution {
            path,
            stats: Stats::without_table(start_time, 0),
        });
    }
    // pred[w]: the vertices with an edge into w.
    let mut pred = vec![0u32; n];
    for (v, succ) in h.graph.successors().iter().enumerate() {
        for &w in succ.iter().filter(|&&w| w != v) {
            pred[w] |= 1 << v;
        }
    }
    let mut reach = vec![0u32; 1 << n];
    for s in (0..n).filter(|&s| h.start.is_none_or(|t| t == s)) {
        reach[1 << s] = 1 << s;
    }
    let full = (1u32 << n) - 1;
    let mut nodes = 0;
    for set in 1..=full {
        nodes += 1;
        (budget.charge(nodes)).map_err(|e| e.or_tableless_since(start_time))?;
        let ends = reach[set as usize];
        if ends == 0 || set == full {
            continue;
        }
        for w in (0..n).filter(|&w| set & (1 << w) == 0 && ends & pred[w] != 0) {
            reach[(set | 1 << w) as usize] |= 1 << w;
        }
    }
    let allowed_end = h.end.map_or(full, |t| 1 << t);
    let last = reach[full as usize] & allowed_end;
    let path = (last != 0).then(|| trace_back(&reach, &pred, full, last.trailing_zeros()));
    Ok(HamPathSolution {
        path,
        stats: Stats::without_table(start_time, nodes),
    })
}

/// Rebuilds a path ending at `end` from the DP table, walking predecessors backwards.
fn trace_back(reach: &[u32], pred: &[u32], full: u32, end: u32) -> Vec<VertexId> {
    let (mut set, mut cur) = (full, end);
    let mut path = vec![cur as VertexId];
    while set.count_ones() > 1 {
        set &= !(1 << cur);
        cur = (reach[set as usize] & pred[cur as usize]).trailing_zeros();
        path.push(cur as VertexId);
    }
    path.reverse();
    path
}

/// Depth-first search over partial paths from every allowed start. A node is pruned when an
/// unvisited vertex cannot be reached from the path's head through unvisited vertices, when
/// two unvisited vertices (or one that is not the fixed end) could only end the path, or when
/// the fixed end would be visited before the last step. One node per partial path.
pub fn solve_backtracking(h: &HamPath, budget: &Budget) -> Result<HamPathSolution, SolveError> {
    let start_time = Instant::now();
    if let Some(path) = trivial(h)? {
        return Ok(HamPathSolution {
            path,
            stats: Stats::without_table(start_time, 0),
        });
    }
    let n = h.graph.n();
    let mut dfs = Dfs {
        succ: h.graph.successors(),
        directed: h.graph.directed,
        end: h.end,
        visited: vec![false; n],
        path: Vec::with_capacity(n),
        nodes: 0,
        budget,
    };
    let mut found = false;
    for s in (0..n).filter(|&s| h.start.is_none_or(|t| t == s) && h.end != Some(s)) {
        dfs.push(s);
        found = (dfs.extend()).map_err(|e| e.or_tableless_since(start_time))?;
        if found {
            break;
        }
        dfs.pop();
    }
    Ok(HamPathSolution {
        path: found.then_some(dfs.path),
        stats: Stats::without_table(start_time, dfs.nodes),
    })
}

/// The backtracking state: the current partial path and its visited set.
struct Dfs<'a> {
    succ: Vec<Vec<VertexId>>,
    directed: bool,
    end: Option<VertexId>,
    visited: Vec<bool>,
    path: Vec<VertexId>,
    nodes: u64,
    budget: &'a Budget,
}

impl Dfs<'_> {
    fn push(&mut self, v: VertexId) {
        self.visited[v] = true;
        self.path.push(v);
    }

    fn pop(&mut self) {
        let v = self.path.pop().expect("pop follows push");
        self.visited[v] = false;
    }

    /// Extends the current path to a Hamiltonian one; on success the path is left in place.
    fn extend(&mut self) -> Result<bool, BudgetExceeded> {
        self.nodes += 1;
        self.budget.charge(self.nodes)?;
        let n = self.visited.len();
        if self.path.len() == n {
            return Ok(true);
        }
        if !self.all_reachable() || !self.few_dead_ends() {
            return Ok(false);
        }
        let head = *self.path.last().expect("the path is never empty here");
        for i in 0..self.succ[head].len() {
            let w = self.succ[head][i];
            // The fixed end may only be the last vertex.
            if self.visited[w] || (self.end == Some(w) && self.path.len() + 1 < n) {
                continue;
            }
            self.push(w);
            if self.extend()? {
                return Ok(true);
            }
            self.pop();
        }
        Ok(false)
    }

    /// Whether at most one unvisited vertex is a forced dead end, and it is the fixed end if
    /// there is one. The rest of the path runs head, u1, …, uk through the unvisited vertices:
    /// every ui but uk has an unvisited successor, and when undirected also a distinct
    /// predecessor among the unvisited vertices and the head, so two usable neighbours.
    fn few_dead_ends(&self) -> bool {
        let head = *self.path.last().expect("the path is never empty here");
        let needed = if self.directed { 1 } else { 2 };
        let mut dead_ends = 0;
        for w in (0..self.visited.len()).filter(|&w| !self.visited[w]) {
            let usable = self.succ[w]
                .iter()
                .filter(|&&x| x != w && (!self.visited[x] || (!self.directed && x == head)))
                .take(needed)
                .count();
            if usable < needed {
                dead_ends += 1;
                if dead_ends > 1 || self.end.is_some_and(|t| t != w) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether every unvisited vertex is reachable from the head through unvisited vertices,
    /// a necessary condition for completing the path.
    fn all_reachable(&self) -> bool {
        let head = *self.path.last().expect("the path is never empty here");
        let mut seen = self.visited.clone();
        let mut stack = vec![head];
        let mut reached = self.path.len();
        while let Some(u) = stack.pop() {
            for &w in &self.succ[u] {
                if !seen[w] {
                    seen[w] = true;
                    reached += 1;
                    stack.push(w);
                }
            }
        }
        reached == self.visited.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Graph;

    fn both(h: &HamPath) -> [Option<Vec<VertexId>>; 2] {
        let b = Budget::unlimited();
        [
            solve_dp(h, &b).unwrap().path,
            solve_backtracking(h, &b).unwrap().path,
        ]
    }

    #[test]
    fn directed_line_has_one_path_and_respects_endpoints() {
        let graph = Graph::from_edges(true, 4, &[(0, 1), (1, 2), (2, 3), (3, 3)]);
        let mut h = HamPath {
            graph,
            start: None,
            end: None,
        };
        assert_eq!(both(&h), [Some(vec![0, 1, 2, 3]), Some(vec![0, 1, 2, 3])]);
        h.end = Some(2);
        assert_eq!(both(&h), [None, None]);
    }

    #[test]
    fn undirected_star_has_no_path() {
        let graph = Graph::from_edges(false, 4, &[(0, 1), (0, 2), (0, 3)]);
        let h = HamPath {
            graph,
            start: None,
            end: None,
        };
        assert_eq!(both(&h), [None, None]);
    }

    #[test]
    fn bad_endpoint_and_size_limit_are_errors() {
        let h = HamPath {
            graph: Graph::from_edges(false, 2, &[(0, 1)]),
            start: Some(5),
            end: None,
        };
        assert!(matches!(
            solve(&h, &Budget::unlimited()),
            Err(SolveError::Unsupported(_))
        ));
        let big = HamPath {
            graph: Graph::from_edges(false, DP_LIMIT + 1, &[]),
            start: None,
            end: None,
        };
        let err = solve_dp(&big, &Budget::unlimited()).unwrap_err();
        assert!(matches!(err, SolveError::TooLarge { size: 21, .. }));
        assert_eq!(solve(&big, &Budget::unlimited()).unwrap().path, None);
    }
}
