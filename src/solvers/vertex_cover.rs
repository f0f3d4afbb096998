//! The exact vertex-cover solver: bounded search tree over uncovered edges.
//!
//! Some endpoint of every edge is in every cover, so the search takes an uncovered edge
//! `{u, v}` and branches on "u is in the cover" and "v is in the cover", with the budget k
//! decreasing: at most `2^k` leaves. A branch is cut when the uncovered edges outnumber what k
//! more vertices can cover (k times the largest uncovered degree). Edge orientation is
//! ignored; a loop `{v, v}` forces `v`, and parallel edges count once.

use super::{Budget, BudgetExceeded, SolveError, Stats};
use crate::problems::{VertexCover, VertexId};
use std::time::Instant;

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct CoverSolution {
    /// A cover of at most k vertices (sorted, passing [`VertexCover::is_solution`]), or
    /// `None` when there is none.
    pub cover: Option<Vec<VertexId>>,
    /// Search statistics: one node per branch point.
    pub stats: Stats,
}

/// Decides `v`, charging `budget` once per search node.
pub fn solve(v: &VertexCover, budget: &Budget) -> Result<CoverSolution, SolveError> {
    let start = Instant::now();
    let n = v.graph.n();
    if let Some(&(a, b)) = v.graph.edges.iter().find(|&&(a, b)| a >= n || b >= n) {
        return Err(SolveError::Unsupported(format!(
            "edge ({a}, {b}) has an endpoint out of range: the graph has {n} vertices"
        )));
    }
    let mut edges: Vec<(VertexId, VertexId)> = v
        .graph
        .edges
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    edges.sort_unstable();
    edges.dedup();
    let mut search = Search {
        edges,
        inside: vec![false; n],
        nodes: 0,
        budget,
    };
    let found = (search.branch(v.k.min(n))).map_err(|e| e.or_tableless_since(start))?;
    let cover = found.then(|| (0..n).filter(|&x| search.inside[x]).collect());
    Ok(CoverSolution {
        cover,
        stats: Stats::without_table(start, search.nodes),
    })
}

/// The search state: the distinct edges and the vertices chosen so far.
struct Search<'a> {
    edges: Vec<(VertexId, VertexId)>,
    inside: Vec<bool>,
    nodes: u64,
    budget: &'a Budget,
}

impl Search<'_> {
    /// Whether `k` more vertices can cover the uncovered edges; on success `inside` holds
    /// the cover.
    fn branch(&mut self, k: usize) -> Result<bool, BudgetExceeded> {
        self.nodes += 1;
        self.budget.charge(self.nodes)?;
        let Some((u, v)) = self.first_uncovered() else {
            return Ok(true);
        };
        if k == 0 || self.uncovered_count() > k * self.max_uncovered_degree() {
            return Ok(false);
        }
        // A loop has one endpoint; otherwise try both.
        let choices: &[VertexId] = if u == v { &[u] } else { &[u, v] };
        for &x in choices {
            self.inside[x] = true;
            if self.branch(k - 1)? {
                return Ok(true);
            }
            self.inside[x] = false;
        }
        Ok(false)
    }

    fn uncovered(&self) -> impl Iterator<Item = &(VertexId, VertexId)> {
        self.edges
            .iter()
            .filter(|&&(u, v)| !self.inside[u] && !self.inside[v])
    }

    fn first_uncovered(&self) -> Option<(VertexId, VertexId)> {
        self.uncovered().next().copied()
    }

    fn uncovered_count(&self) -> usize {
        self.uncovered().count()
    }

    /// The largest number of uncovered edges at one vertex: what one more vertex can cover.
    fn max_uncovered_degree(&self) -> usize {
        let mut degree = vec![0; self.inside.len()];
        for &(u, v) in self.uncovered() {
            degree[u] += 1;
            if u != v {
                degree[v] += 1;
            }
        }
        degree.into_iter().max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Graph;

    fn instance(n: usize, edges: &[(usize, usize)], k: usize) -> VertexCover {
        let mut graph = Graph::new(false);
        for i in 0..n {
            graph.add_vertex(format!("v{i}"));
        }
        for &(u, v) in edges {
            graph.add_edge(u, v);
        }
        VertexCover { graph, k }
    }

    fn cover(v: &VertexCover) -> Option<Vec<VertexId>> {
        solve(v, &Budget::unlimited()).unwrap().cover
    }

    #[test]
    fn triangle_needs_two() {
        let edges = [(0, 1), (1, 2), (2, 0)];
        assert_eq!(cover(&instance(3, &edges, 1)), None);
        let c = cover(&instance(3, &edges, 2)).unwrap();
        assert!(instance(3, &edges, 2).is_solution(&c));
    }

    #[test]
    fn loops_force_their_vertex_and_k_may_exceed_n() {
        assert_eq!(cover(&instance(2, &[(1, 1)], 1)), Some(vec![1]));
        assert_eq!(cover(&instance(2, &[(1, 1)], 0)), None);
        assert_eq!(cover(&instance(2, &[(0, 1)], 9)), Some(vec![0]));
        assert_eq!(cover(&instance(0, &[], 0)), Some(vec![]));
    }
}
