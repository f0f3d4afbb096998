//! Compact certificates for normal-play undirected vertex geography (UVG) by matching.
//!
//! Theorem (Fraenkel–Scheinerman–Ullman; `../shared/papers/000_*.txt`, Lemma 1): in UVG
//! started at `v`, the player to move first wins iff every maximum matching of `G` saturates
//! `v`, i.e. iff ν(G − v) < ν(G). In the unrooted game player I places the token on any vertex
//! and player II moves first from it, so player II wins iff `G` has a perfect matching.
//!
//! Maximality is proved by the Tutte–Berge formula: for every vertex set `S` of a graph `H`,
//! ν(H) ≤ (|V(H)| + |S| − odd(H − S)) / 2, where odd(·) counts components of odd order. So a
//! matching `M` and a set `S` whose bound equals |M| prove `M` maximum, and a bound below a
//! number proves ν smaller than it. The certificate for each case:
//!
//! | game | winner | `matching` | `tutte_berge` = S | checked |
//! |---|---|---|---|---|
//! | rooted at v | I | a matching M of G | S ⊆ V − v | bound(G − v, S) < \|M\| |
//! | rooted at v | II | a matching M of G missing v | S ⊆ V | bound(G, S) ≤ \|M\| |
//! | unrooted | II | a perfect matching of G | absent | 2\|M\| = n |
//! | unrooted | I | absent (empty) | S ⊆ V | bound(G, S) < n / 2 |
//!
//! Everything is checked in O((n + m) α(n)) time (hashing and union–find).

use super::{CheckError, Claim, IdIndex, Player, Verdict, ids_of};
use crate::problems::{Convention, Geography, Graph, Rule, Tokens, VertexId};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// A matching and a Tutte–Berge set; the table in the module comment says which are needed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchingCert {
    /// The player who wins.
    pub winner: Player,
    /// Matching edges as pairs of vertex identifiers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matching: Vec<[String; 2]>,
    /// The Tutte–Berge set S, by identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tutte_berge: Option<Vec<String>>,
}

impl MatchingCert {
    /// The certificate from vertex indices: matching pairs and the Tutte–Berge set.
    pub fn from_indices(
        graph: &Graph,
        winner: Player,
        matching: &[(VertexId, VertexId)],
        tutte_berge: Option<&[VertexId]>,
    ) -> Result<MatchingCert, CheckError> {
        let matching = matching
            .iter()
            .map(|&(u, v)| {
                let p = ids_of(graph, &[u, v])?;
                Ok([p[0].clone(), p[1].clone()])
            })
            .collect::<Result<_, CheckError>>()?;
        let tutte_berge = tutte_berge.map(|s| ids_of(graph, s)).transpose()?;
        Ok(MatchingCert {
            winner,
            matching,
            tutte_berge,
        })
    }
}

/// The rejection every failing witness test gives.
fn fail(msg: String) -> Result<Verdict, CheckError> {
    Err(CheckError::Witness(msg))
}

/// Checks a UVG matching certificate (see the module comment for what is proved).
pub fn check_matching_witness(
    game: &Geography,
    cert: &MatchingCert,
) -> Result<Verdict, CheckError> {
    let start = match (game.graph.directed, game.rule, game.tokens, game.convention) {
        (false, Rule::Vertex, Tokens::One { start }, Convention::Normal) => start,
        _ => {
            return Err(CheckError::Unsupported(format!(
                "matching certificates are for normal-play undirected vertex geography, not {}",
                game.variant_name()
            )));
        }
    };
    game.validate()
        .map_err(|(at, msg)| CheckError::BadInstance(format!("{msg} ({at:?})")))?;
    let g = &game.graph;
    let ids = IdIndex::new(g);
    let mate = matched_vertices(game, &ids, &cert.matching)?;
    let size = cert.matching.len();
    let set = cert
        .tutte_berge
        .as_deref()
        .map(|s| ids.all(s))
        .transpose()?;
    let verdict = Verdict {
        claim: Claim::Winner(cert.winner),
        work: (g.n() + g.m()) as u64,
    };
    let need_set = || CheckError::Witness("this case needs a Tutte–Berge set".into());
    match (start, cert.winner) {
        (Some(v), Player::First) => {
            let s = set.ok_or_else(need_set)?;
            let b = bound2(game, Some(v), &s)?;
            if b >= 2 * size {
                return fail(format!(
                    "the Tutte–Berge set bounds ν(G − {}) by {}, which is not below |M| = {size}",
                    g.id(v),
                    b / 2
                ));
            }
        }
        (Some(v), Player::Second) => {
            if mate[v] {
                return fail(format!(
                    "the matching saturates the start vertex {}",
                    g.id(v)
                ));
            }
            let b = bound2(game, None, &set.ok_or_else(need_set)?)?;
            if b > 2 * size {
                return fail(format!(
                    "the Tutte–Berge set bounds ν(G) by {}, so |M| = {size} is not shown maximum",
                    b / 2
                ));
            }
        }
        (None, Player::Second) => {
            if set.is_some() || 2 * size != g.n() {
                return fail(format!(
                    "player II wins unrooted UVG by a perfect matching alone; |M| = {size}, n = {}",
                    g.n()
                ));
            }
        }
        (None, Player::First) => {
            let b = bound2(game, None, &set.ok_or_else(need_set)?)?;
            if size != 0 || b >= g.n() {
                return fail(format!(
                    "player I wins unrooted UVG by a Tutte–Berge set alone, bounding ν below \
                     n/2; this one bounds ν by {} with n = {}",
                    b / 2,
                    g.n()
                ));
            }
        }
    }
    Ok(verdict)
}

/// Checks that the pairs form a matching of edges of the graph; returns who is matched.
fn matched_vertices(
    game: &Geography,
    ids: &IdIndex,
    pairs: &[[String; 2]],
) -> Result<Vec<bool>, CheckError> {
    let g = &game.graph;
    let edges: HashSet<(usize, usize)> =
        g.edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
    let mut mate = vec![false; g.n()];
    for (i, [a, b]) in pairs.iter().enumerate() {
        let (u, v) = (ids.get(a)?, ids.get(b)?);
        if u == v || !edges.contains(&(u.min(v), u.max(v))) {
            return Err(CheckError::Witness(format!(
                "matching pair {i} `{a}`–`{b}` is not an edge"
            )));
        }
        for w in [u, v] {
            if std::mem::replace(&mut mate[w], true) {
                return Err(CheckError::Witness(format!(
                    "vertex `{}` is matched twice",
                    g.id(w)
                )));
            }
        }
    }
    Ok(mate)
}

/// Twice the Tutte–Berge bound of `H = G − removed` for the set `s`:
/// |V(H)| + |S| − odd(H − S). (The formula's numerator is always even.)
fn bound2(game: &Geography, removed: Option<usize>, s: &[usize]) -> Result<usize, CheckError> {
    let g = &game.graph;
    let mut gone = vec![false; g.n()];
    if let Some(v) = removed {
        gone[v] = true;
    }
    for &x in s {
        if std::mem::replace(&mut gone[x], true) {
            let why = match Some(x) == removed {
                true => "is the removed start vertex",
                false => "is listed twice",
            };
            return Err(CheckError::Witness(format!(
                "Tutte–Berge vertex `{}` {why}",
                g.id(x)
            )));
        }
    }
    let mut dsu = Dsu::new(g.n());
    for &(u, v) in &g.edges {
        if !gone[u] && !gone[v] {
            dsu.union(u, v);
        }
    }
    let odd = (0..g.n())
        .filter(|&x| !gone[x] && dsu.find(x) == x && dsu.size[x] % 2 == 1)
        .count();
    let order = g.n() - usize::from(removed.is_some());
    Ok(order + s.len() - odd)
}

/// Union–find with union by size and path halving.
struct Dsu {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl Dsu {
    fn new(n: usize) -> Dsu {
        Dsu {
            parent: (0..n).collect(),
            size: vec![1; n],
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a;
        self.size[a] += self.size[b];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Graph;

    #[test]
    fn triangle_with_pendant() {
        // Triangle a b c plus pendant d on c: ν = 2, perfect matching ab, cd.
        let mut g = Graph::new(false);
        for id in ["a", "b", "c", "d"] {
            g.add_vertex(id);
        }
        for (u, v) in [(0, 1), (1, 2), (2, 0), (2, 3)] {
            g.add_edge(u, v);
        }
        let game = Geography {
            graph: g,
            rule: Rule::Vertex,
            tokens: Tokens::One { start: None },
            convention: Convention::Normal,
        };
        assert_eq!(bound2(&game, None, &[]).unwrap(), 4);
        // Without d, S = {} leaves the triangle: one odd component, bound (3 − 1)/2 = 1.
        assert_eq!(bound2(&game, Some(3), &[]).unwrap(), 2);
        // S = {c} leaves {a, b} (even) and {d} (odd): (4 + 1 − 1)/2 = 2.
        assert_eq!(bound2(&game, None, &[2]).unwrap(), 4);
        let pm = |pairs: &[[&str; 2]]| MatchingCert {
            winner: Player::Second,
            matching: pairs
                .iter()
                .map(|[a, b]| [a.to_string(), b.to_string()])
                .collect(),
            tutte_berge: None,
        };
        assert!(check_matching_witness(&game, &pm(&[["a", "b"], ["c", "d"]])).is_ok());
        let e = check_matching_witness(&game, &pm(&[["a", "b"], ["b", "c"]])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "certify::witness: vertex `b` is matched twice"
        );
        let e = check_matching_witness(&game, &pm(&[["a", "d"], ["b", "c"]])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "certify::witness: matching pair 0 `a`–`d` is not an edge"
        );
    }
}
