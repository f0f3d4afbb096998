//! Answering the question a reduction's source side is about. A theorem only names its
//! question ([`Reduction::source_question`]); the solver that answers it is chosen here, so
//! that `reductions` imports no solver.

use crate::problems::{Instance, SourceQuestion};
use crate::reductions::Reduction;
use crate::solvers::{Budget, SolveError, Stats, trail};

/// The answer to `r`'s own question on `source`, when it asks another question than its
/// source kind's standard one; `None` when the standard solver of the source kind applies
/// (its solution also gives the source certificate).
pub fn own_answer(
    r: &dyn Reduction,
    source: &Instance,
    budget: &Budget,
) -> Option<Result<bool, SolveError>> {
    own_answer_with_stats(r, source, budget).map(|answer| answer.map(|(yes, _)| yes))
}

/// [`own_answer`] with the statistics of the solve that answered.
pub fn own_answer_with_stats(
    r: &dyn Reduction,
    source: &Instance,
    budget: &Budget,
) -> Option<Result<(bool, Stats), SolveError>> {
    match r.source_question() {
        SourceQuestion::Standard => None,
        question => Some(answer_with_stats(question, source, budget)),
    }
}

/// The answer to `question` on `source` ("yes" or "no").
pub fn answer(
    question: SourceQuestion,
    source: &Instance,
    budget: &Budget,
) -> Result<bool, SolveError> {
    answer_with_stats(question, source, budget).map(|(yes, _)| yes)
}

/// [`answer`] with the statistics of the solve that answered.
pub fn answer_with_stats(
    question: SourceQuestion,
    source: &Instance,
    budget: &Budget,
) -> Result<(bool, Stats), SolveError> {
    match (question, source) {
        (SourceQuestion::Standard, _) => {
            crate::solvers::dispatch::solve_instance(source, budget).map(|s| (s.yes(), s.stats()))
        }
        (SourceQuestion::LongTrailFromStart, Instance::Hampath(h)) => {
            let Some(v) = h.start else {
                return Err(SolveError::Unsupported(
                    "a long trail from the start needs a start vertex".into(),
                ));
            };
            let n = h.graph.n();
            trail::max_trail_from(&h.graph, v, budget).map(|s| (s.trail.len() > n, s.stats))
        }
        (question, other) => Err(SolveError::Unsupported(format!(
            "{question:?} is a question about a hampath instance, not a {} instance",
            other.kind()
        ))),
    }
}
