//! Hamiltonian path instances: a graph, optionally with fixed start and end vertices.

use super::graph::{Graph, VertexId};
use serde::{Deserialize, Serialize};

/// Does `graph` have a path visiting every vertex exactly once (from `start`, to `end`
/// when given)? Directed graphs ask for a directed path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HamPath {
    /// The graph.
    pub graph: Graph,
    /// Required first vertex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<VertexId>,
    /// Required last vertex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<VertexId>,
}

impl HamPath {
    /// Whether `path` is a Hamiltonian path of this instance (the certificate check's core).
    pub fn is_solution(&self, path: &[VertexId]) -> bool {
        let n = self.graph.n();
        if path.len() != n || n == 0 {
            return n == 0 && path.is_empty() && self.start.is_none() && self.end.is_none();
        }
        let mut seen = vec![false; n];
        for &v in path {
            if v >= n || std::mem::replace(&mut seen[v], true) {
                return false;
            }
        }
        if self.start.is_some_and(|s| path[0] != s) || self.end.is_some_and(|t| path[n - 1] != t) {
            return false;
        }
        let succ = self.graph.successors();
        path.windows(2)
            .all(|w| succ[w[0]].binary_search(&w[1]).is_ok())
    }
}
