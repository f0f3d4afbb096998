//! Structural claims: the statements about the shape of every output that a theorem makes
//! ("the board is bipartite", "every vertex has in- and out-degree at most 2", "the output is
//! planar when the source is"), as typed values in [`ReductionInfo::structure`], and the one
//! function, [`check`], that checks them on a source and its output.
//!
//! Planarity claims ("hardness even for planar graphs", FS Thm 2.3; RS Thm 2.1, 2.3, 3.1; Trail
//! Trap Thm 18 and Cor. 19) are checked on every output whose source graph is planar, with the
//! left–right planarity test of `rustworkx-core` (linear time), on the underlying undirected
//! graph (orientation, loops and parallel edges do not affect planarity). [`check_claims`] is
//! what `verify` and `check` call: the reduction's own layout checks, then these claims.

use super::{Reduction, ReductionInfo};
use crate::problems::{Graph, Instance};
use petgraph::graph::{NodeIndex, UnGraph};
use serde::Serialize;
use std::fmt;

/// A structural claim about every output of a reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "claim", rename_all = "snake_case")]
pub enum Claim {
    /// No loop and no repeated arc.
    Simple,
    /// No directed cycle.
    Acyclic,
    /// The underlying undirected graph is bipartite.
    Bipartite,
    /// Every vertex has in-degree ≤ 2, out-degree ≤ 2 and total degree ≤ 3 (Fraenkel–Simonson's
    /// "degree-restricted").
    DegreeRestricted,
    /// Degree-restricted whenever the source's graph is.
    DegreeRestrictedIfSource,
    /// Every vertex has total degree at most this. (Serialized as `{"claim": "max_degree",
    /// "degree": d}`: an internally tagged enum cannot hold a bare integer.)
    #[serde(serialize_with = "degree_field")]
    MaxDegree(usize),
    /// The output is planar whenever the source graph is (and, if `max_degree` is set, has
    /// maximum total degree at most that).
    PlanarIfSource {
        /// The claim holds only for sources whose vertices all have at most this degree.
        max_degree: Option<usize>,
        /// Where the paper says it, or why it holds.
        why: &'static str,
    },
}

/// Writes `MaxDegree`'s bound as a one-field map, so that the tag can join it.
fn degree_field<S: serde::Serializer>(degree: &usize, out: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = out.serialize_map(Some(1))?;
    map.serialize_entry("degree", degree)?;
    map.end()
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Simple => write!(f, "simple digraph (no loop, no repeated arc) (checked)"),
            Claim::Acyclic => write!(f, "acyclic (checked)"),
            Claim::Bipartite => write!(f, "bipartite (checked)"),
            Claim::DegreeRestricted => write!(
                f,
                "degree-restricted: in- and out-degree ≤ 2, total ≤ 3 (checked)"
            ),
            Claim::DegreeRestrictedIfSource => write!(
                f,
                "degree-restricted when the source is: in- and out-degree ≤ 2, total ≤ 3 \
                 (checked)"
            ),
            Claim::MaxDegree(d) => write!(f, "maximum degree {d} (checked)"),
            Claim::PlanarIfSource { max_degree, why } => {
                let scope = max_degree
                    .map(|d| format!(" of maximum degree {d}"))
                    .unwrap_or_default();
                write!(
                    f,
                    "planar output for a planar source{scope} (checked): {why}"
                )
            }
        }
    }
}

impl Claim {
    /// `Err` with the reason when the claim fails on `target` compiled from `source`.
    pub fn check(&self, source: &Instance, target: &Instance) -> Result<(), String> {
        let Some(t) = target.graph() else {
            return Err(format!(
                "the target is a {} instance, not a game",
                target.kind()
            ));
        };
        match *self {
            Claim::Simple => check_simple(t),
            Claim::Acyclic if t.is_acyclic() => Ok(()),
            Claim::Acyclic => Err("the graph has a directed cycle".into()),
            Claim::Bipartite if t.is_bipartite() => Ok(()),
            Claim::Bipartite => Err("the graph is not bipartite".into()),
            Claim::DegreeRestricted => check_degree_restricted(t),
            Claim::DegreeRestrictedIfSource => match source.graph() {
                Some(s) if check_degree_restricted(s).is_ok() => check_degree_restricted(t),
                _ => Ok(()),
            },
            Claim::MaxDegree(d) => match degrees(t).into_iter().position(|x| x > d) {
                Some(v) => Err(format!("vertex {} has degree above {d}", t.id(v))),
                None => Ok(()),
            },
            Claim::PlanarIfSource { max_degree, why } => {
                let Some(s) = source.graph() else {
                    return Ok(());
                };
                let applies = max_degree.is_none_or(|d| max_degree_of(s) <= d);
                if applies && is_planar(s) && !is_planar(t) {
                    return Err(format!(
                        "the source graph is planar but the output is not ({why})"
                    ));
                }
                Ok(())
            }
        }
    }
}

/// Checks every claim in `claims` on `target` compiled from `source`; `Err` names the first
/// that fails.
pub fn check(claims: &[Claim], source: &Instance, target: &Instance) -> Result<(), String> {
    claims.iter().try_for_each(|c| c.check(source, target))
}

/// Every structural claim of `r` on `target = r.reduce(source)`: the reduction's own
/// [`Reduction::check_structure`], then its typed claims ([`ReductionInfo::structure`]).
pub fn check_claims(r: &dyn Reduction, source: &Instance, target: &Instance) -> Result<(), String> {
    r.check_structure(source, target)?;
    check(r.info().structure, source, target)
}

/// The planarity claim of a catalogue entry, if it makes one: `(max_degree, why)`.
pub fn planarity(info: &ReductionInfo) -> Option<(Option<usize>, &'static str)> {
    info.structure.iter().find_map(|c| match *c {
        Claim::PlanarIfSource { max_degree, why } => Some((max_degree, why)),
        _ => None,
    })
}

/// `Err` when `r` claims to keep planarity, `source`'s graph is planar and `target`'s is not
/// (the planarity claims of [`ReductionInfo::structure`] alone).
pub fn check_kept(r: &dyn Reduction, source: &Instance, target: &Instance) -> Result<(), String> {
    let planar: Vec<Claim> = r
        .info()
        .structure
        .iter()
        .copied()
        .filter(|c| matches!(c, Claim::PlanarIfSource { .. }))
        .collect();
    check(&planar, source, target)
}

/// Total degree of every vertex (in + out, a loop counting twice).
fn degrees(graph: &Graph) -> Vec<usize> {
    let mut degree = vec![0; graph.n()];
    for &(u, v) in &graph.edges {
        degree[u] += 1;
        degree[v] += 1;
    }
    degree
}

/// Whether every vertex has in-degree ≤ 2, out-degree ≤ 2 and total degree ≤ 3 (the paper's
/// "degree-restricted"); `Err` names the first vertex that is not.
pub fn check_degree_restricted(g: &Graph) -> Result<(), String> {
    let (ins, outs) = (g.in_degrees(), g.out_degrees());
    match (0..g.n()).find(|&v| ins[v] > 2 || outs[v] > 2 || ins[v] + outs[v] > 3) {
        None => Ok(()),
        Some(v) => Err(format!(
            "vertex {} has in-degree {} and out-degree {} (degree-restricted needs ≤ 2, ≤ 2, \
             total ≤ 3)",
            g.id(v),
            ins[v],
            outs[v]
        )),
    }
}

/// Err if the graph has a loop or a repeated arc.
fn check_simple(g: &Graph) -> Result<(), String> {
    if let Some(e) = g.edges.iter().position(|&(u, v)| u == v) {
        return Err(format!("arc {e} is a loop at {}", g.id(g.edges[e].0)));
    }
    match g.first_duplicate_edge() {
        None => Ok(()),
        Some(e) => {
            let (u, v) = g.edges[e];
            Err(format!("arc {} → {} appears twice", g.id(u), g.id(v)))
        }
    }
}

/// The largest total degree (in + out, a loop counting twice) of a vertex of `graph`.
fn max_degree_of(graph: &Graph) -> usize {
    degrees(graph).into_iter().max().unwrap_or(0)
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

#[cfg(test)]
mod tests {
    use super::*;

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
            assert!(!is_planar(&Graph::from_edges(false, n, &edges)));
            for drop in 0..edges.len() {
                let mut fewer = edges.clone();
                fewer.remove(drop);
                assert!(is_planar(&Graph::from_edges(false, n, &fewer)));
            }
        }
        assert!(is_planar(&Graph::from_edges(false, 4, &complete(4))));
        assert!(is_planar(&Graph::from_edges(false, 0, &[])));
    }

    #[test]
    fn the_petersen_graph_is_not_planar_and_a_grid_is() {
        let outer = (0..5).map(|i| (i, (i + 1) % 5));
        let spokes = (0..5).map(|i| (i, i + 5));
        let inner = (0..5).map(|i| (i + 5, (i + 2) % 5 + 5));
        let petersen: Vec<_> = outer.chain(spokes).chain(inner).collect();
        assert!(!is_planar(&Graph::from_edges(false, 10, &petersen)));
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
        assert!(is_planar(&Graph::from_edges(false, 16, &grid)));
    }

    #[test]
    fn every_claim_serializes_with_its_tag() {
        let claims = [
            Claim::Simple,
            Claim::Acyclic,
            Claim::Bipartite,
            Claim::DegreeRestricted,
            Claim::DegreeRestrictedIfSource,
            Claim::MaxDegree(4),
            Claim::PlanarIfSource {
                max_degree: Some(3),
                why: "test",
            },
        ];
        let json = serde_json::to_string(&claims).unwrap();
        assert!(
            json.contains(r#"{"claim":"max_degree","degree":4}"#),
            "{json}"
        );
        assert!(json.contains(r#"{"claim":"acyclic"}"#), "{json}");
    }
}
