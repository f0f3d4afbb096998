//! NP witnesses: a Hamiltonian path and a vertex cover, named by vertex identifiers.
//!
//! Identifiers rather than indices keep a certificate readable and valid across any
//! re-ordering of the instance's vertices. Both checks are linear in the graph's size.

use super::{CheckError, Claim, IdIndex, Verdict, ids_of};
use crate::problems::{Graph, HamPath, VertexCover, VertexId};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// A Hamiltonian path: the sequence `v0 … v(n−1)` lists every vertex exactly once, every
/// consecutive pair is an edge (an arc `vi → vi+1` when directed), and it begins at the
/// instance's `start` and ends at its `end` when those are given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathCert {
    /// The vertices in path order, by identifier.
    pub path: Vec<String>,
}

impl PathCert {
    /// The certificate of a path given by vertex indices.
    pub fn from_indices(graph: &Graph, path: &[VertexId]) -> Result<PathCert, CheckError> {
        Ok(PathCert {
            path: ids_of(graph, path)?,
        })
    }
}

/// A vertex cover: a set `C` of at most `k` distinct vertices such that every edge has an
/// endpoint in `C`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverCert {
    /// The cover, by identifier; each vertex once.
    pub cover: Vec<String>,
}

impl CoverCert {
    /// The certificate of a cover given by vertex indices.
    pub fn from_indices(graph: &Graph, cover: &[VertexId]) -> Result<CoverCert, CheckError> {
        Ok(CoverCert {
            cover: ids_of(graph, cover)?,
        })
    }
}

/// Checks a Hamiltonian path certificate.
pub fn check_hampath(instance: &HamPath, cert: &PathCert) -> Result<Verdict, CheckError> {
    let g = &instance.graph;
    g.check_invariants().map_err(CheckError::BadInstance)?;
    if [instance.start, instance.end]
        .iter()
        .flatten()
        .any(|&v| v >= g.n())
    {
        return Err(CheckError::BadInstance(
            "start or end vertex out of range".into(),
        ));
    }
    let ids = IdIndex::new(g);
    let path = ids.all(&cert.path)?;
    let n = g.n();
    if path.len() != n {
        return Err(CheckError::PathLength {
            got: path.len(),
            want: n,
        });
    }
    let mut seen = vec![false; n];
    for (i, &v) in path.iter().enumerate() {
        if std::mem::replace(&mut seen[v], true) {
            return Err(CheckError::RepeatedVertex {
                index: i,
                id: g.id(v).to_string(),
            });
        }
    }
    let endpoint = |which, want: Option<usize>, got: Option<&usize>| match (want, got) {
        (Some(w), got) if got != Some(&w) => Err(CheckError::WrongEndpoint {
            which,
            want: g.id(w).to_string(),
            got: got.map_or_else(|| "nothing".to_string(), |&v| g.id(v).to_string()),
        }),
        _ => Ok(()),
    };
    endpoint("start", instance.start, path.first())?;
    endpoint("end", instance.end, path.last())?;
    let arcs: HashSet<(usize, usize)> = g
        .edges
        .iter()
        .flat_map(|&(u, v)| [(u, v)].into_iter().chain((!g.directed).then_some((v, u))))
        .collect();
    if let Some(i) = path.windows(2).position(|w| !arcs.contains(&(w[0], w[1]))) {
        return Err(CheckError::NotAnEdge {
            index: i,
            from: g.id(path[i]).to_string(),
            to: g.id(path[i + 1]).to_string(),
        });
    }
    Ok(Verdict {
        claim: Claim::HamPathExists,
        work: (n + g.m()) as u64,
    })
}

/// Checks a vertex cover certificate.
pub fn check_cover(instance: &VertexCover, cert: &CoverCert) -> Result<Verdict, CheckError> {
    let g = &instance.graph;
    g.check_invariants().map_err(CheckError::BadInstance)?;
    let cover = IdIndex::new(g).all(&cert.cover)?;
    let mut inside = vec![false; g.n()];
    for (i, &v) in cover.iter().enumerate() {
        if std::mem::replace(&mut inside[v], true) {
            return Err(CheckError::RepeatedVertex {
                index: i,
                id: g.id(v).to_string(),
            });
        }
    }
    if cover.len() > instance.k {
        return Err(CheckError::CoverTooLarge {
            size: cover.len(),
            k: instance.k,
        });
    }
    if let Some(e) = g.edges.iter().position(|&(u, v)| !inside[u] && !inside[v]) {
        let (u, v) = g.edges[e];
        return Err(CheckError::UncoveredEdge {
            edge: e,
            u: g.id(u).to_string(),
            v: g.id(v).to_string(),
        });
    }
    Ok(Verdict {
        claim: Claim::CoverExists,
        work: (g.n() + g.m()) as u64,
    })
}
