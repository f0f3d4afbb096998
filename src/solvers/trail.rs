//! Maximum trails: the longest walk that uses no edge twice, overall or from a given vertex,
//! with the trail itself as the witness.
//!
//! Trail Trap's NP-hardness (Buchanan et al., arXiv:2405.05195, Lemma 16, Cor 17, Thm 18)
//! goes through the "long trail" problems, so `hampath-trailtrap` needs an exact solver for
//! them, and the Trail Trap tests compare trail lengths with game outcomes. The problem is
//! NP-hard, so this is an exhaustive search: a depth-first search over (current vertex,
//! used-edge set) with memoisation, which follows arcs forwards in a digraph and edges either
//! way in a graph (a loop is one edge from a vertex to itself).

use super::{Budget, SolveError, Stats};
use crate::problems::{Graph, VertexId};
use std::collections::HashMap;
use std::time::Instant;

/// The largest number of edges the search supports (one bit per edge in a `u128`).
pub const MAX_EDGES: usize = 128;

/// A trail: `vertices[i]` to `vertices[i + 1]` along edge `edges[i]`, no edge twice.
///
/// Invariant (checked by [`check_trail`]): `vertices.len() == edges.len() + 1` unless the
/// graph has no vertex at all (then both are empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trail {
    /// The visited vertices in order, starting with the start vertex.
    pub vertices: Vec<VertexId>,
    /// The edge indices used, in order.
    pub edges: Vec<usize>,
}

impl Trail {
    /// Number of edges.
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// Whether the trail has no edge.
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The first vertex, if any.
    pub fn start(&self) -> Option<VertexId> {
        self.vertices.first().copied()
    }
}

/// A maximum trail and the search statistics.
#[derive(Clone, Debug)]
pub struct TrailSolution {
    /// A longest trail (from the requested vertex, if one was given).
    pub trail: Trail,
    /// Search statistics.
    pub stats: Stats,
}

/// Checks that `t` is a trail of `g`: consecutive vertices joined by the named edge in the
/// allowed direction, and no edge used twice. `Err` names the first bad step.
pub fn check_trail(g: &Graph, t: &Trail) -> Result<(), String> {
    if t.vertices.len() != t.edges.len() + 1 && !(t.vertices.is_empty() && t.edges.is_empty()) {
        return Err("a trail has one vertex more than edges".into());
    }
    let mut used = vec![false; g.m()];
    for (i, &e) in t.edges.iter().enumerate() {
        let (a, b) = (t.vertices[i], t.vertices[i + 1]);
        let Some(&(u, v)) = g.edges.get(e) else {
            return Err(format!("step {i}: edge {e} does not exist"));
        };
        let fits = (u, v) == (a, b) || (!g.directed && (v, u) == (a, b));
        if !fits {
            return Err(format!("step {i}: edge {e} does not lead from {a} to {b}"));
        }
        if std::mem::replace(&mut used[e], true) {
            return Err(format!("step {i}: edge {e} is used twice"));
        }
    }
    Ok(())
}

/// A longest trail starting at `v`.
///
/// Errors: [`SolveError::Unsupported`] if `v` is not a vertex, [`SolveError::TooLarge`]
/// beyond [`MAX_EDGES`] edges, [`SolveError::Budget`] when the budget runs out.
pub fn max_trail_from(
    g: &Graph,
    v: VertexId,
    budget: &Budget,
) -> Result<TrailSolution, SolveError> {
    if v >= g.n() {
        return Err(SolveError::Unsupported(format!(
            "vertex {v} is not in the graph"
        )));
    }
    let started = Instant::now();
    let mut search = Search::new(g, budget)?;
    (search.best(v, 0)).map_err(|e| search.stopped(e, started))?;
    let trail = search.witness(v);
    Ok(TrailSolution {
        trail,
        stats: search.stats(started),
    })
}

/// A longest trail of `g` (from any vertex; ties go to the lowest start vertex). The empty
/// graph gives the empty trail.
///
/// Errors: as [`max_trail_from`].
pub fn max_trail(g: &Graph, budget: &Budget) -> Result<TrailSolution, SolveError> {
    let started = Instant::now();
    let mut search = Search::new(g, budget)?;
    let mut best: Option<(usize, VertexId)> = None;
    for v in 0..g.n() {
        let len = (search.best(v, 0)).map_err(|e| search.stopped(e, started))?;
        if best.is_none_or(|(b, _)| len > b) {
            best = Some((len, v));
        }
    }
    let trail = match best {
        Some((_, v)) => search.witness(v),
        None => Trail {
            vertices: Vec::new(),
            edges: Vec::new(),
        },
    };
    Ok(TrailSolution {
        trail,
        stats: search.stats(started),
    })
}

/// The memoised search: `memo[(v, used)]` is the longest trail from `v` that avoids `used`.
struct Search<'a> {
    adj: Vec<Vec<(VertexId, usize)>>,
    memo: HashMap<(VertexId, u128), usize>,
    budget: &'a Budget,
    nodes: u64,
    /// Lookups answered from `memo`.
    hits: u64,
}

impl<'a> Search<'a> {
    fn new(g: &Graph, budget: &'a Budget) -> Result<Self, SolveError> {
        if g.m() > MAX_EDGES {
            return Err(SolveError::TooLarge {
                solver: "max-trail",
                what: "edges",
                size: g.m(),
                limit: MAX_EDGES,
            });
        }
        Ok(Search {
            adj: g.out_adjacency(),
            memo: HashMap::new(),
            budget,
            nodes: 0,
            hits: 0,
        })
    }

    /// The statistics so far: the memo is the table (its peak is its size now, since
    /// entries are never removed; bytes estimated from its capacity).
    fn stats(&self, started: Instant) -> Stats {
        let entry = std::mem::size_of::<((VertexId, u128), usize)>() + 1;
        Stats {
            positions: self.memo.len() as u64,
            hits: self.hits,
            peak_table_bytes: (self.memo.capacity() * entry) as u64,
            ..Stats::since(started, self.nodes)
        }
    }

    /// A budget error with this search's statistics.
    fn stopped(&self, e: SolveError, started: Instant) -> SolveError {
        match e {
            SolveError::Budget(b) => SolveError::Budget(b.or_stats(|| self.stats(started))),
            other => other,
        }
    }

    /// The length of a longest trail from `v` avoiding the edges in `used`.
    fn best(&mut self, v: VertexId, used: u128) -> Result<usize, SolveError> {
        if let Some(&len) = self.memo.get(&(v, used)) {
            self.hits += 1;
            return Ok(len);
        }
        self.nodes += 1;
        self.budget.charge(self.nodes)?;
        let mut best = 0;
        for i in 0..self.adj[v].len() {
            let (w, e) = self.adj[v][i];
            if used & (1u128 << e) == 0 {
                best = best.max(1 + self.best(w, used | (1u128 << e))?);
            }
        }
        self.memo.insert((v, used), best);
        Ok(best)
    }

    /// Rebuilds a longest trail from `v` out of the memo (every position on the optimal line
    /// has been searched, so each lookup hits).
    fn witness(&self, v: VertexId) -> Trail {
        let (mut at, mut used) = (v, 0u128);
        let mut trail = Trail {
            vertices: vec![v],
            edges: Vec::new(),
        };
        let mut left = self.memo.get(&(v, 0)).copied().unwrap_or(0);
        while left > 0 {
            let step = self.adj[at].iter().find(|&&(w, e)| {
                used & (1u128 << e) == 0
                    && self.memo.get(&(w, used | (1u128 << e))) == Some(&(left - 1))
            });
            let Some(&(w, e)) = step else { break };
            used |= 1u128 << e;
            trail.vertices.push(w);
            trail.edges.push(e);
            (at, left) = (w, left - 1);
        }
        trail
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_with_tail_is_an_euler_trail() {
        // 0-1-2-0 plus 2-3: degrees 2, 2, 3, 1, so an Euler trail runs from 2 to 3 (4 edges).
        let g = Graph::from_edges(false, 4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        let all = max_trail(&g, &Budget::unlimited()).unwrap();
        assert_eq!(all.trail.len(), 4);
        check_trail(&g, &all.trail).unwrap();
        let from0 = max_trail_from(&g, 0, &Budget::unlimited()).unwrap();
        assert_eq!(
            from0.trail.len(),
            3,
            "from 0 the tail and the triangle cannot both be used"
        );
        check_trail(&g, &from0.trail).unwrap();
    }

    #[test]
    fn directed_trails_follow_arcs_and_loops_count_once() {
        let g = Graph::from_edges(true, 3, &[(0, 1), (1, 1), (1, 2), (2, 0)]);
        let t = max_trail_from(&g, 2, &Budget::unlimited()).unwrap().trail;
        assert_eq!(t.len(), 4);
        check_trail(&g, &t).unwrap();
        assert!(
            check_trail(
                &g,
                &Trail {
                    vertices: vec![1, 0],
                    edges: vec![0]
                }
            )
            .is_err()
        );
    }
}
