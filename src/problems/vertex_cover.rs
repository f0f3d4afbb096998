//! Vertex cover instances: an undirected graph and a budget k.

use super::graph::{Graph, VertexId};
use serde::{Deserialize, Serialize};

/// Does the undirected `graph` have a vertex cover of at most `k` vertices?
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VertexCover {
    /// The graph (undirected).
    pub graph: Graph,
    /// The size bound.
    pub k: usize,
}

impl VertexCover {
    /// Whether `cover` has at most `k` distinct vertices and touches every edge.
    pub fn is_solution(&self, cover: &[VertexId]) -> bool {
        let n = self.graph.n();
        let mut inside = vec![false; n];
        let mut size = 0;
        for &v in cover {
            if v >= n {
                return false;
            }
            if !std::mem::replace(&mut inside[v], true) {
                size += 1;
            }
        }
        size <= self.k
            && self
                .graph
                .edges
                .iter()
                .all(|&(u, v)| inside[u] || inside[v])
    }
}
