//! One reduction step compared: what can be checked on the compiled target without solving
//! ([`Statics`]: target kind, validity, declared size, structural claims) and the answer
//! comparison through the reduction's `yes_winner` ([`StepReport`]), whatever established the
//! target's winner ([`Evidence`]: a search or a checked certificate).
//!
//! `georeduce verify` renders a [`StepReport`] per step; `georeduce check` turns its
//! [`StepReport::failure`] into a failing case. Both therefore judge a step the same way.

use crate::problems::Instance;
use crate::reductions::{ProblemKind, Reduction};
use crate::solvers::dispatch::Solution;
use crate::solvers::{BudgetExceeded, Stats, Winner};
use serde::Serialize;

/// What kind of evidence a failing step is. Shrinking keeps the kind fixed: a smaller
/// instance counts only if it fails in the same way.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum FailureKind {
    /// Source answer and target winner disagree through `yes_winner`.
    AnswerMismatch,
    /// The output's size differs from `declared_size`.
    SizeMismatch,
    /// `check_structure` rejected the output.
    StructureViolation,
    /// The output is not of the kind the reduction declares as its target.
    WrongTargetKind,
    /// The output is not a valid game (`Geography::validate`, or the solver refused it).
    InvalidTarget,
    /// The reduction refused an instance of its own declared source kind.
    RefusedSourceKind,
    /// The reduction or a solver panicked.
    Panic,
    /// Certificates: the solver's certificate of the source was rejected by the checker or
    /// proves another answer (a solver or checker bug, not the reduction's).
    SourceCertificate,
    /// Certificates: the forward map failed on a valid source certificate, or its image was
    /// rejected on the target or proves another answer.
    ForwardCertificate,
    /// Certificates: the solver's winning strategy on the target was rejected.
    TargetCertificate,
    /// Certificates: the backward map failed on a valid target strategy, or its image was
    /// rejected on the source or proves another answer.
    BackwardCertificate,
    /// The reduction produced no target: an external command crashed, hung past its
    /// per-case timeout or exited with a failure status ([`ReductionError::Failed`]).
    ///
    /// [`ReductionError::Failed`]: crate::reductions::ReductionError::Failed
    ReductionFailed,
}

impl FailureKind {
    /// The snake_case name used in reports and file names.
    pub fn name(self) -> &'static str {
        match self {
            FailureKind::AnswerMismatch => "answer_mismatch",
            FailureKind::SizeMismatch => "size_mismatch",
            FailureKind::StructureViolation => "structure_violation",
            FailureKind::WrongTargetKind => "wrong_target_kind",
            FailureKind::InvalidTarget => "invalid_target",
            FailureKind::RefusedSourceKind => "refused_source_kind",
            FailureKind::Panic => "panic",
            FailureKind::SourceCertificate => "source_certificate",
            FailureKind::ForwardCertificate => "forward_certificate",
            FailureKind::TargetCertificate => "target_certificate",
            FailureKind::BackwardCertificate => "backward_certificate",
            FailureKind::ReductionFailed => "reduction_failed",
        }
    }
}

/// A failed step: its kind and a one-line explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// What failed.
    pub kind: FailureKind,
    /// Why, e.g. "source is YES but player I wins the target (YES means II wins)".
    pub detail: String,
}

/// The checks of a compiled target that need no solver, each `Err(why)` when it fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statics {
    /// The output is of the declared target kind.
    pub kind: Result<(), String>,
    /// The output is a valid game (`Geography::validate`).
    pub valid: Result<(), String>,
    /// `(vertices, edges)` built (a formula: `(variables, clauses)`).
    pub size: (usize, usize),
    /// `(vertices, edges)` by the reduction's size formula.
    pub declared: (usize, usize),
    /// The paper's structural claims (`check_claims`).
    pub claims: Result<(), String>,
}

/// Target kind, validity, declared size and structural claims of `r`'s output `target` on
/// `source`.
pub fn statics(r: &dyn Reduction, source: &Instance, target: &Instance) -> Statics {
    let info = r.info();
    let produced = ProblemKind::of(target);
    let kind = match produced == info.target {
        true => Ok(()),
        false => Err(format!(
            "declared target {}, produced {}",
            info.target.name(),
            produced.name()
        )),
    };
    let valid = match target {
        Instance::Geography(g) => g
            .validate()
            .map_err(|(at, msg)| format!("{msg} (at {at:?})")),
        _ => Ok(()),
    };
    // A wrong kind or an invalid game makes the claims meaningless (and may trip them).
    let claims = match (&kind, &valid) {
        (Ok(()), Ok(())) => crate::reductions::check_claims(r, source, target),
        _ => Err("not checked (wrong or invalid target)".into()),
    };
    Statics {
        kind,
        valid,
        size: size_of(target),
        declared: r.declared_size(source),
        claims,
    }
}

impl Statics {
    /// The first static failure, in the order kind, validity, size, claims.
    pub fn failure(&self) -> Option<Failure> {
        let fail = |kind, detail: &String| {
            Some(Failure {
                kind,
                detail: detail.clone(),
            })
        };
        if let Err(e) = &self.kind {
            return fail(FailureKind::WrongTargetKind, e);
        }
        if let Err(e) = &self.valid {
            return fail(FailureKind::InvalidTarget, e);
        }
        if self.size != self.declared {
            let e = format!(
                "declared (vertices, edges) = {:?}, built {:?}",
                self.declared, self.size
            );
            return fail(FailureKind::SizeMismatch, &e);
        }
        if let Err(e) = &self.claims {
            return fail(FailureKind::StructureViolation, e);
        }
        None
    }
}

/// How the target's winner was established.
#[derive(Clone, Debug, PartialEq)]
pub enum Evidence {
    /// A solver found the winner.
    Search {
        /// The winner.
        winner: Winner,
        /// The search's statistics.
        stats: Stats,
        /// The solver that answered (`GameSolution::method`: `"exhaustive"`, `"matching"`, …).
        method: &'static str,
    },
    /// The forward image of the source's certificate, accepted by the independent checker
    /// on the target, proves that `winner` wins.
    Certificate {
        /// The winner the checked strategy proves.
        winner: Winner,
        /// Items the checker examined (the strategy's positions).
        positions: u64,
        /// Wall-clock milliseconds of mapping and checking.
        millis: f64,
    },
    /// A forward image that the checker rejected, or a map that failed on a valid
    /// certificate: evidence against the step.
    Rejected(String),
    /// Neither search nor certificate finished (budget, a map the proof does not make
    /// constructive): the reason.
    Unknown(String),
}

impl Evidence {
    /// The evidence of a solver's answer on a target (`Unknown` if it is not a game's).
    pub fn of_solution(s: &Solution) -> Evidence {
        match (s, s.winner()) {
            (Solution::Game(g), Some(winner)) => Evidence::Search {
                winner,
                stats: s.stats(),
                method: g.method,
            },
            _ => Evidence::Unknown("the target is not a game".into()),
        }
    }

    /// The winner this evidence establishes.
    pub fn winner(&self) -> Option<Winner> {
        match self {
            Evidence::Search { winner, .. } | Evidence::Certificate { winner, .. } => Some(*winner),
            _ => None,
        }
    }

    /// `"search"`, `"certificate"`, or `None` when nothing was established.
    pub fn by(&self) -> Option<&'static str> {
        match self {
            Evidence::Search { .. } => Some("search"),
            Evidence::Certificate { .. } | Evidence::Rejected(_) => Some("certificate"),
            Evidence::Unknown(_) => None,
        }
    }
}

/// A search that gave no answer: why, and the statistics of what it did before it stopped
/// (`None` when it never ran).
#[derive(Clone, Debug, PartialEq)]
pub struct Unsolved {
    /// Why there is no answer, in words.
    pub why: String,
    /// The statistics of the search until it stopped, when it ran.
    pub stats: Option<Stats>,
}

impl Unsolved {
    /// No answer for a reason other than a stopped search (not searched, too large).
    pub fn because(why: impl Into<String>) -> Unsolved {
        Unsolved {
            why: why.into(),
            stats: None,
        }
    }

    /// A search started at `started` that `b` stopped: `why` followed by its statistics in
    /// words (`stats_words`, the same line `solve` prints).
    pub fn stopped(
        b: &BudgetExceeded,
        started: std::time::Instant,
        why: impl FnOnce(Stats) -> String,
    ) -> Unsolved {
        let stats = b.stats_since(started);
        Unsolved {
            why: why(stats),
            stats: Some(stats),
        }
    }
}

impl std::fmt::Display for Unsolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.why)
    }
}

/// The verdict of one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepVerdict {
    /// Everything checked agrees.
    Match,
    /// Evidence against the reduction.
    Mismatch(Failure),
    /// The static checks pass but the target's winner is not established: the reason.
    Unknown(String),
}

/// One step compared: the statics, the answers, and the evidence for the target's winner.
#[derive(Clone, Debug, PartialEq)]
pub struct StepReport {
    /// The reduction's id.
    pub reduction: &'static str,
    /// The static checks of its output.
    pub statics: Statics,
    /// The source's answer (YES: true formula, a path or cover exists, player I wins).
    pub source_yes: bool,
    /// Whether the reduction decides another question than its source kind's standard one
    /// ([`Reduction::source_question`]) and `source_yes` is that answer.
    pub own_question: bool,
    /// The winner the source answer predicts: `yes_winner` if YES, the other player if NO.
    pub expected: Winner,
    /// What established the target's winner.
    pub evidence: Evidence,
}

impl StepReport {
    /// Compares step `r` from its `statics`, the source answer and the target's evidence.
    pub fn new(
        r: &dyn Reduction,
        statics: Statics,
        (source_yes, own_question): (bool, bool),
        evidence: Evidence,
    ) -> StepReport {
        let yes_winner = r.info().yes_winner;
        StepReport {
            reduction: r.info().id,
            statics,
            source_yes,
            own_question,
            expected: if source_yes {
                yes_winner
            } else {
                yes_winner.other()
            },
            evidence,
        }
    }

    /// The first failure: a static one, a rejected certificate, or the winners disagreeing.
    pub fn failure(&self) -> Option<Failure> {
        if let Some(f) = self.statics.failure() {
            return Some(f);
        }
        match &self.evidence {
            Evidence::Rejected(why) => Some(Failure {
                kind: FailureKind::ForwardCertificate,
                detail: why.clone(),
            }),
            e => match e.winner() {
                Some(w) if w != self.expected => Some(Failure {
                    kind: FailureKind::AnswerMismatch,
                    detail: format!(
                        "source is {} but {w:?} wins the target (YES ⇔ {:?} wins)",
                        if self.source_yes { "YES" } else { "NO" },
                        if self.source_yes {
                            self.expected
                        } else {
                            self.expected.other()
                        }
                    ),
                }),
                _ => None,
            },
        }
    }

    /// Match, mismatch, or unknown.
    pub fn verdict(&self) -> StepVerdict {
        match (self.failure(), &self.evidence) {
            (Some(f), _) => StepVerdict::Mismatch(f),
            (None, Evidence::Unknown(why)) => StepVerdict::Unknown(why.clone()),
            (None, _) => StepVerdict::Match,
        }
    }
}

/// `(vertices, edges)` of a graph instance; `(variables, clauses)` of a formula.
pub fn size_of(instance: &Instance) -> (usize, usize) {
    match instance {
        Instance::Qbf(q) => (q.num_vars(), q.clauses.len()),
        Instance::Hampath(h) => (h.graph.n(), h.graph.m()),
        Instance::VertexCover(c) => (c.graph.n(), c.graph.m()),
        Instance::Geography(g) => (g.graph.n(), g.graph.m()),
    }
}
