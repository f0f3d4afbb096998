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

/// Shrinks `start`, which fails with `failure` under `r`, trying at most `max_tries`
/// candidates.
pub fn shrink(
    r: &dyn Reduction,
    start: Instance,
    failure: Failure,
    options: CaseOptions,
    max_tries: usize,
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
            if measure(&cand) >= size {
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
