//! Planarity claims: "the constructed graph is planar when the source graph is".
//!
//! Several theorems state hardness "even for planar graphs" by noting that their construction
//! keeps planarity (FS Thm 2.3; RS Thm 2.1, 2.3, 3.1; Trail Trap Thm 18 and Cor. 19). Those
//! claims are checked on every output whose source graph is planar, with the left–right
//! planarity test of `rustworkx-core` (linear time), on the underlying undirected graph
//! (orientation, loops and parallel edges do not affect planarity). [`check_claims`] is what
//! `verify` and `check` call: the reduction's own structural claims, then this one.
//!
//! The claims are kept in one table ([`PLANARITY_KEPT`]) rather than in each reduction,
//! because they are statements about graphs that the papers make in passing, usually about a
//! corollary; each entry quotes where the paper says it.

use super::Reduction;
use crate::problems::{Graph, Instance};
use petgraph::graph::{NodeIndex, UnGraph};

/// A claim "the output is planar when the source graph is".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanarityClaim {
    /// The reduction.
    pub id: &'static str,
    /// The claim holds only for sources whose vertices all have (total) degree at most this.
    pub max_source_degree: Option<usize>,
    /// Where the paper says it, or why it holds.
    pub why: &'static str,
}

const fn kept(id: &'static str, why: &'static str) -> PlanarityClaim {
    PlanarityClaim {
        id,
        max_source_degree: None,
        why,
    }
}

/// Reductions whose output is planar whenever the source graph is, with the paper's words.
pub const PLANARITY_KEPT: &[PlanarityClaim] = &[
    kept(
        "hampath-pvg",
        "FS Thm 2.3: PVG is NP-hard for planar digraphs (H is G plus a disjoint chain)",
    ),
    kept(
        "hampath-pvg-as-printed",
        "FS Thm 2.3: PVG is NP-hard for planar digraphs (H is G plus a disjoint chain)",
    ),
    // FS's corollary "PAG is NP-hard for planar digraphs" (after Thm 2.3) splits every vertex
    // into an arc; that keeps planarity only if each vertex's in-arcs can be made contiguous
    // in its rotation, which always holds for degree <= 3 (Plesnik's planar Hamiltonian path
    // instances) but not in general: the complete digraph on 3 vertices splits into a
    // non-planar graph (found by exploring random planar games).
    PlanarityClaim {
        id: "pvg-pag",
        max_source_degree: Some(3),
        why: "FS Thm 2.2 with 2.3: PAG is NP-hard for planar digraphs (vertex splitting; holds \
              for maximum degree 3)",
    },
    kept(
        "deg-ueg",
        "our gadget A for FSU's DEG -> UEG is planar with its terminals on one face, so planar \
         DEG (PSPACE-complete, FSU) gives planar UEG",
    ),
    kept(
        "dvg-misere-dvg",
        "RS Thm 2.1 / Cor. 2.2: the reduction keeps planarity and the bipartition",
    ),
    kept(
        "dvg-misere-uvg",
        "RS Thm 2.3 / Cor. 2.4: the gadget is planar with the linked vertices on one face",
    ),
    kept(
        "ueg-misere-ueg",
        "pendant vertices keep planarity (the misere pendant construction of RS section 2)",
    ),
    kept(
        "deg-misere-deg",
        "pendant vertices keep planarity (the misere pendant construction of RS section 2)",
    ),
    kept(
        "dvg-nimg",
        "RS Thm 3.1 / Cor. 3.2: misere NimG-RM is PSPACE-complete on planar graphs",
    ),
    kept(
        "hampath-trailtrap",
        "Trail Trap Thm 18: H is connected, bipartite, planar with maximum degree 4",
    ),
    kept(
        "hampath-trailtrap-subcubic",
        "Trail Trap Thm 18: H is connected, bipartite, planar with maximum degree 4",
    ),
    kept(
        "trailtrap-disconnected",
        "Trail Trap Cor. 19: NP-hard on disconnected bipartite planar graphs",
    ),
];

/// The planarity claim of reduction `id`, if it makes one.
pub fn claim(id: &str) -> Option<&'static PlanarityClaim> {
    PLANARITY_KEPT.iter().find(|c| c.id == id)
}

/// The largest total degree (in + out, a loop counting twice) of a vertex of `graph`.
fn max_degree(graph: &Graph) -> usize {
    let mut degree = vec![0; graph.n()];
    for &(u, v) in &graph.edges {
        degree[u] += 1;
        degree[v] += 1;
    }
    degree.into_iter().max().unwrap_or(0)
}

/// Whether the underlying undirected graph of `graph` is planar.
pub fn is_planar(graph: &Graph) -> bool {
    let mut g = UnGraph::<(), ()>::with_capacity(graph.n(), graph.m());
    for _ in 0..graph.n() {
        g.add_node(());
    }
    // Loops and parallel edges never affect planarity, and `is_planar` expects a simple
    // graph (it panics on some multigraphs), so it gets the simple underlying graph.
    let mut simple: Vec<(usize, usize)> = graph
        .edges
        .iter()
        .filter(|(u, v)| u != v)
        .map(|&(u, v)| (u.min(v), u.max(v)))
        .collect();
    simple.sort_unstable();
    simple.dedup();
    for (u, v) in simple {
        g.add_edge(NodeIndex::new(u), NodeIndex::new(v), ());
    }
    rustworkx_core::planar::is_planar(&g)
}

/// `Err` when `r` claims to keep planarity, `source`'s graph is planar and `target`'s is not.
pub fn check_kept(r: &dyn Reduction, source: &Instance, target: &Instance) -> Result<(), String> {
    let Some(c) = claim(r.info().id) else {
        return Ok(());
    };
    let (Some(s), Some(t)) = (source.graph(), target.graph()) else {
        return Ok(());
    };
    let applies = c.max_source_degree.is_none_or(|d| max_degree(s) <= d);
    if applies && is_planar(s) && !is_planar(t) {
        return Err(format!(
            "the source graph is planar but the output is not ({})",
            c.why
        ));
    }
    Ok(())
}

/// Every structural claim of `r` on `target = r.reduce(source)`: the reduction's own
/// [`Reduction::check_structure`], then planarity where it is claimed.
pub fn check_claims(r: &dyn Reduction, source: &Instance, target: &Instance) -> Result<(), String> {
    r.check_structure(source, target)?;
    check_kept(r, source, target)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Graph {
        let mut g = Graph::new(false);
        for i in 0..n {
            g.add_vertex(format!("v{i}"));
        }
        for &(u, v) in edges {
            g.add_edge(u, v);
        }
        g
    }

    fn complete(n: usize) -> Vec<(usize, usize)> {
        (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect()
    }

    #[test]
    fn kuratowski_graphs_are_not_planar_and_their_proper_subgraphs_are() {
        let k5 = complete(5);
        let k33: Vec<_> = (0..3).flat_map(|u| (3..6).map(move |v| (u, v))).collect();
        for (n, edges) in [(5, k5), (6, k33)] {
            assert!(!is_planar(&graph(n, &edges)));
            for drop in 0..edges.len() {
                let mut fewer = edges.clone();
                fewer.remove(drop);
                assert!(is_planar(&graph(n, &fewer)));
            }
        }
        assert!(is_planar(&graph(4, &complete(4))));
        assert!(is_planar(&graph(0, &[])));
    }

    #[test]
    fn the_petersen_graph_is_not_planar_and_a_grid_is() {
        let outer = (0..5).map(|i| (i, (i + 1) % 5));
        let spokes = (0..5).map(|i| (i, i + 5));
        let inner = (0..5).map(|i| (i + 5, (i + 2) % 5 + 5));
        let petersen: Vec<_> = outer.chain(spokes).chain(inner).collect();
        assert!(!is_planar(&graph(10, &petersen)));
        let mut grid = Vec::new();
        for r in 0..4 {
            for c in 0..4 {
                let v = 4 * r + c;
                if c < 3 {
                    grid.push((v, v + 1));
                }
                if r < 3 {
                    grid.push((v, v + 4));
                }
            }
        }
        assert!(is_planar(&graph(16, &grid)));
    }
}
