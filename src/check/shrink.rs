//! Greedy shrinking of a failing source instance to a minimal one that fails the same way.
//!
//! Candidates are one-step simplifications: remove a clause, a variable (with its clauses, or
//! merged into another variable so that clauses keep three occurrences), a literal occurrence;
//! remove a vertex or an edge; drop a fixed endpoint; lower k or a NimG weight. Identifiers are
//! re-normalised after every step (`x1 …`, `v1 …`) so the printed counterexample reads cleanly.
//! A candidate is taken when it is strictly smaller under [`measure`] (a lexicographic tuple,
//! so shrinking terminates) and [`run_case_with`] fails with the same [`FailureKind`]; the search
//! restarts from the new instance and stops when no candidate is taken or the try limit is hit.
//! The result is 1-minimal: no single candidate step keeps the failure.

mod graphs;
mod qbf;

use super::case::{CaseOptions, Failure, FailureKind, Verdict, run_case_with};
use crate::problems::Instance;
use crate::reductions::Reduction;

/// A shrunk counterexample.
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest failing instance found.
    pub instance: Instance,
    /// How it fails.
    pub failure: Failure,
    /// Candidate steps taken.
    pub steps: usize,
    /// Candidates tried (each is one run of the case).
    pub tried: usize,
    /// Whether the try limit stopped the search before a fixed point.
    pub hit_limit: bool,
}

/// The size of an instance for shrinking, compared lexicographically: variables or vertices
/// first, then clauses or edges, then finer quantities (literal occurrences, fixed endpoints,
/// k, NimG weight).
pub fn measure(instance: &Instance) -> [usize; 4] {
    match instance {
        Instance::Qbf(q) => qbf::measure(q),
        Instance::Hampath(h) => {
            let ends = usize::from(h.start.is_some()) + usize::from(h.end.is_some());
            [h.graph.n(), h.graph.m(), ends, 0]
        }
        Instance::VertexCover(c) => [c.graph.n(), c.graph.m(), c.k, 0],
        Instance::Geography(g) => {
            let weight = g.graph.vertices.iter().map(|v| v.weight.unwrap_or(0));
            let weight = weight.fold(0u64, u64::saturating_add);
            [
                g.graph.n(),
                g.graph.m(),
                usize::try_from(weight).unwrap_or(usize::MAX),
                0,
            ]
        }
    }
}

/// Every one-step simplification of `instance`, largest cuts first.
pub fn candidates(instance: &Instance) -> Vec<Instance> {
    match instance {
        Instance::Qbf(q) => qbf::candidates(q).into_iter().map(Instance::Qbf).collect(),
        Instance::Hampath(h) => graphs::hampath(h)
            .into_iter()
            .map(Instance::Hampath)
            .collect(),
        Instance::VertexCover(c) => graphs::cover(c)
            .into_iter()
            .map(Instance::VertexCover)
            .collect(),
        Instance::Geography(g) => graphs::game(g)
            .into_iter()
            .map(Instance::Geography)
            .collect(),
    }
}

/// Whether `instance` is not degenerate, i.e. an instance a paper's reader accepts as a
/// counterexample rather than a corner case of the definitions: a formula with a variable
/// and a clause, every clause non-empty and not a tautology, every variable occurring; a
/// Hamiltonian path graph of at least 3 vertices without loops whose fixed endpoints differ;
/// a vertex cover instance with an edge, no loop and 1 ≤ k < n; a game with at least two
/// vertices, a move and no loop.
pub fn non_degenerate(instance: &Instance) -> bool {
    let loopless = |g: &crate::problems::Graph| g.edges.iter().all(|(u, v)| u != v);
    match instance {
        Instance::Qbf(q) => {
            let occurs = |v: usize| q.clauses.iter().flatten().any(|l| l.var == v);
            let tautology = |c: &[crate::problems::Lit]| {
                c.iter()
                    .any(|a| c.iter().any(|b| a.var == b.var && a.positive != b.positive))
            };
            q.num_vars() >= 1
                && !q.clauses.is_empty()
                && q.clauses.iter().all(|c| !c.is_empty() && !tautology(c))
                && (0..q.num_vars()).all(occurs)
        }
        Instance::Hampath(h) => {
            h.graph.n() >= 3
                && loopless(&h.graph)
                && !matches!((h.start, h.end), (Some(s), Some(e)) if s == e)
        }
        Instance::VertexCover(c) => {
            c.graph.m() >= 1 && loopless(&c.graph) && c.k >= 1 && c.k < c.graph.n()
        }
        Instance::Geography(g) => g.graph.n() >= 2 && g.graph.m() >= 1 && loopless(&g.graph),
    }
}

/// Shrinks `start`, which fails with `failure` under `r`, trying at most `max_tries`
/// candidates.
pub fn shrink(
    r: &dyn Reduction,
    start: Instance,
    failure: Failure,
    options: CaseOptions,
    max_tries: usize,
) -> Shrunk {
    shrink_where(r, start, failure, options, max_tries, |_| true)
}

/// [`shrink`] restricted to candidates that satisfy `keep` (e.g. [`non_degenerate`]): the
/// result is the smallest failing instance reachable through such candidates.
pub fn shrink_where(
    r: &dyn Reduction,
    start: Instance,
    failure: Failure,
    options: CaseOptions,
    max_tries: usize,
    keep: impl Fn(&Instance) -> bool,
) -> Shrunk {
    let mut best = Shrunk {
        instance: start,
        failure,
        steps: 0,
        tried: 0,
        hit_limit: false,
    };
    'outer: loop {
        let size = measure(&best.instance);
        for cand in candidates(&best.instance) {
            if measure(&cand) >= size || !keep(&cand) {
                continue;
            }
            if best.tried >= max_tries {
                best.hit_limit = true;
                break 'outer;
            }
            best.tried += 1;
            if let Some(f) = same_failure(r, &cand, best.failure.kind, options) {
                best.instance = cand;
                best.failure = f;
                best.steps += 1;
                continue 'outer;
            }
        }
        break;
    }
    best
}

/// The failure of `cand` if it fails with `kind`.
fn same_failure(
    r: &dyn Reduction,
    cand: &Instance,
    kind: FailureKind,
    options: CaseOptions,
) -> Option<Failure> {
    match run_case_with(r, cand, options) {
        Verdict::Fail(f) if f.kind == kind => Some(f),
        _ => None,
    }
}
