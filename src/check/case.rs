//! One differential test case: compile a source, check the output's declared size and
//! structure, solve both sides and compare the answers through `yes_winner`; with
//! `certify`, also carry certificates across the reduction in both directions
//! ([`round_trip::carry`]) and have the independent checker judge all four.
//!
//! Every way a case can go is a [`Verdict`]. Only a [`Verdict::Fail`] is evidence against a
//! reduction; skips (a precondition the generator could not avoid, a solver budget) are
//! counted and reported, never silently dropped. A panic inside a reduction or a solver is
//! caught and reported as a failure, so that it is shrunk like any other.

use super::report::CertCounts;
use crate::problems::Instance;
use crate::reductions::{Reduction, ReductionError};
use crate::solvers::dispatch::{Solution, solve_instance};
use crate::solvers::{Budget, SolveError, Stats};
use crate::verify::chain::{carry_forward, proved_winner};
use crate::verify::question::own_answer_with_stats;
use crate::verify::round_trip::{self, CertFate};
use crate::verify::step::{self, Evidence, StepReport, StepVerdict};
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;
use std::time::Instant;

pub use crate::verify::step::{Failure, FailureKind};

/// The outcome of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Compiled, both sides solved, answers agree; `yes` is the source answer.
    Agree {
        /// The source answer.
        yes: bool,
        /// With `certify`: how the four certificates fared (none failed). All zero otherwise.
        certificates: Box<CertCounts>,
    },
    /// A precondition of the theorem rejected the instance (or the source solver refused it).
    Precondition(String),
    /// A solver ran out of budget or refused the size: no evidence either way.
    Budget(String),
    /// Evidence against the reduction.
    Fail(Failure),
}

impl Verdict {
    /// The failure, if this is one.
    pub fn failure(&self) -> Option<&Failure> {
        match self {
            Verdict::Fail(f) => Some(f),
            _ => None,
        }
    }
}

/// Which side of a case a solve answered: the source (its standard solver, or the
/// reduction's own question) or the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The source's answer.
    Source,
    /// The target's winner.
    Target,
}

impl Side {
    /// `"source"` or `"target"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Source => "source",
            Side::Target => "target",
        }
    }
}

/// The statistics of one case's solves, whether they finished or their budget stopped them
/// (issue #13: statistics for every solve; the budgets rule: a stopped solve still reports
/// what it did). Filled in by [`run_case_measured`] as far as the case got.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CaseStats {
    /// The solve that gave the source answer (the reduction's own question where it asks
    /// one, else the source kind's standard solver); `None` when it never ran.
    pub source: Option<Stats>,
    /// The target's search; `None` when it never ran (a failure or skip before it).
    pub target: Option<Stats>,
    /// The solve whose budget ran out, if one did. The case is then a budget skip, unless
    /// `--certify` decided the target by certificate instead ([`CaseStats::certified`]).
    pub stopped: Option<Side>,
    /// With `--certify`, a target whose search ran out and whose winner the source's
    /// certificate, mapped forward and accepted by the checker, established instead:
    /// `(positions checked, milliseconds of mapping and checking)`.
    pub certified: Option<(u64, f64)>,
}

impl CaseStats {
    /// The statistics of `side`'s solve.
    pub fn of(&self, side: Side) -> Option<Stats> {
        match side {
            Side::Source => self.source,
            Side::Target => self.target,
        }
    }

    fn slot(&mut self, side: Side) -> &mut Option<Stats> {
        match side {
            Side::Source => &mut self.source,
            Side::Target => &mut self.target,
        }
    }
}

/// How a case runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CaseOptions {
    /// Node budget of each solver call (a fresh one per call); `None`: unlimited.
    pub budget_nodes: Option<u64>,
    /// Carry certificates across the reduction when the answers agree (`--certify`).
    pub certify: bool,
    /// Bytes each solver call's tables may hold (`--memory`); `None`: the solver's default.
    pub memory: Option<usize>,
}

impl CaseOptions {
    /// A fresh solver budget for one call.
    fn budget(&self) -> Budget {
        Budget::new(self.budget_nodes, None).with_memory(self.memory)
    }
}

/// Runs one case of `r` on `source` with a fresh budget of `budget_nodes` per solver call,
/// without certificates.
pub fn run_case(r: &dyn Reduction, source: &Instance, budget_nodes: Option<u64>) -> Verdict {
    let options = CaseOptions {
        budget_nodes,
        ..CaseOptions::default()
    };
    run_case_with(r, source, options)
}

/// Runs one case of `r` on `source` as `options` say.
pub fn run_case_with(r: &dyn Reduction, source: &Instance, options: CaseOptions) -> Verdict {
    run_case_measured(r, source, options).0
}

/// [`run_case_with`], also returning the statistics of the case's solves (as far as the case
/// got: a panic keeps those of the solves before it).
pub fn run_case_measured(
    r: &dyn Reduction,
    source: &Instance,
    options: CaseOptions,
) -> (Verdict, CaseStats) {
    let mut stats = CaseStats::default();
    let verdict = catch_quietly(|| compile_and_compare(r, source, options, &mut stats))
        .unwrap_or_else(|msg| fail(FailureKind::Panic, format!("panicked {msg}")));
    (verdict, stats)
}

thread_local! {
    /// Whether a panic on this thread is being caught by [`catch_quietly`].
    static QUIET: Cell<bool> = const { Cell::new(false) };
    /// Where the last quiet panic happened.
    static WHERE: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs `f`, turning a panic into `Err("at FILE:LINE: MESSAGE")`. While `f` runs, the panic
/// hook stays silent on this thread (a shrinking run may panic thousands of times); other
/// threads, and this one afterwards, keep the previous hook.
pub fn catch_quietly<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) {
                let at = info
                    .location()
                    .map(|l| format!("at {l}"))
                    .unwrap_or_default();
                WHERE.with(|w| *w.borrow_mut() = at);
            } else {
                previous(info);
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    result.map_err(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(non-string panic payload)".into());
        let at = WHERE.with(|w| std::mem::take(&mut *w.borrow_mut()));
        format!("{at}: {msg}")
    })
}

fn fail(kind: FailureKind, detail: String) -> Verdict {
    Verdict::Fail(Failure { kind, detail })
}

/// The body of [`run_case_measured`]: compile, check the output statically, solve and
/// compare, then (with `certify`) carry certificates; each solve's statistics go to `stats`.
fn compile_and_compare(
    r: &dyn Reduction,
    source: &Instance,
    options: CaseOptions,
    stats: &mut CaseStats,
) -> Verdict {
    let reduced = match r.reduce(source) {
        Ok(reduced) => reduced,
        Err(ReductionError::Precondition {
            theorem, message, ..
        }) => return Verdict::Precondition(format!("{theorem} needs {message}")),
        Err(e @ ReductionError::WrongKind { .. }) => {
            return fail(FailureKind::RefusedSourceKind, e.to_string());
        }
        Err(ReductionError::Failed {
            message,
            invalid_output,
        }) => {
            let kind = match invalid_output {
                true => FailureKind::InvalidTarget,
                false => FailureKind::ReductionFailed,
            };
            return fail(kind, message);
        }
    };
    let target = &reduced.target;
    // Cheap checks before solving: the same statics that `verify` reports.
    let statics = step::statics(r, source, target);
    if let Some(f) = statics.failure() {
        return Verdict::Fail(f);
    }
    let (source_yes, source_solution) = match source_answer(r, source, options, stats) {
        Ok(answer) => answer,
        Err(v) => return v,
    };
    let target_solution = match solve(target, options, (Side::Target, stats)) {
        Ok(s) => s,
        Err(Verdict::Precondition(why)) => {
            return fail(
                FailureKind::InvalidTarget,
                format!("the solver refused the target: {why}"),
            );
        }
        Err(Verdict::Budget(why)) if options.certify => {
            return match &source_solution {
                Some(src) => by_certificate(
                    r,
                    (source, target),
                    statics,
                    (source_yes, src),
                    why,
                    (options, stats),
                ),
                None => Verdict::Budget(why),
            };
        }
        Err(v) => return v,
    };
    // The comparison `verify` renders.
    let report = StepReport::new(
        r,
        statics,
        (source_yes, false),
        Evidence::of_solution(&target_solution),
    );
    let verdict = match report.verdict() {
        StepVerdict::Match => Verdict::Agree {
            yes: source_yes,
            certificates: Box::default(),
        },
        StepVerdict::Mismatch(f) => Verdict::Fail(f),
        StepVerdict::Unknown(why) => fail(FailureKind::WrongTargetKind, why),
    };
    match verdict {
        Verdict::Agree { yes, .. } if options.certify => {
            let solutions = (source_solution, &target_solution);
            certify_case(r, (source, target), solutions, options).map_or_else(Verdict::Fail, |c| {
                Verdict::Agree {
                    yes,
                    certificates: Box::new(c),
                }
            })
        }
        v => v,
    }
}

/// A case whose target search ran out of budget, under `--certify`: the source's certificate
/// mapped forward and accepted by the checker on the target establishes the target's winner
/// instead (`verify --by certificate`'s evidence), and the step is compared on it. Without
/// an accepted image the case stays a budget skip.
fn by_certificate(
    r: &dyn Reduction,
    (source, target): (&Instance, &Instance),
    statics: step::Statics,
    (source_yes, source_solution): (bool, &Solution),
    why: String,
    (options, stats): (CaseOptions, &mut CaseStats),
) -> Verdict {
    let carried = carry_forward(&[r], &[source, target], source_solution, &options.budget());
    let (fate, millis) = &carried.images[0];
    let evidence = match (fate, proved_winner(fate)) {
        (CertFate::Accepted { work, .. }, Some(winner)) => {
            stats.certified = Some((*work, *millis));
            Evidence::Certificate {
                winner,
                positions: *work,
                millis: *millis,
            }
        }
        (CertFate::Failed(e), _) => Evidence::Rejected(e.clone()),
        // Why the certificate route did not decide either: the source's certificate when
        // that was the obstacle, else the image's.
        (fate, _) => {
            let obstacle = match &carried.source {
                CertFate::Accepted { .. } => format!("its forward image {}", fate.text()),
                source => format!("the source certificate {}", source.text()),
            };
            return Verdict::Budget(format!("{why}; certificate route: {obstacle}"));
        }
    };
    let report = StepReport::new(r, statics, (source_yes, false), evidence);
    match report.verdict() {
        StepVerdict::Match => {
            let mut counts = CertCounts::default();
            let untried = CertFate::Unknown(format!("target search: {why}"));
            let fates = [&carried.source, fate, &untried, &untried];
            for ((_, count), f) in counts.named_mut().into_iter().zip(fates) {
                count.count(f);
            }
            Verdict::Agree {
                yes: source_yes,
                certificates: Box::new(counts),
            }
        }
        StepVerdict::Mismatch(f) => Verdict::Fail(f),
        StepVerdict::Unknown(_) => Verdict::Budget(why),
    }
}

/// Carries certificates across `r` for a case whose answers agree: the counts of the four
/// fates, or the first failing certificate as a [`Failure`].
fn certify_case(
    r: &dyn Reduction,
    (source, target): (&Instance, &Instance),
    (source_solution, target_solution): (Option<Solution>, &Solution),
    options: CaseOptions,
) -> Result<CertCounts, Failure> {
    let fresh = || options.budget();
    let mut counts = CertCounts::default();
    // The source's standard solution, solved here only when the comparison used
    // `Reduction::source_question` (answered without a certificate): out of budget leaves all four
    // unknown.
    let source_solution = match source_solution.map_or_else(|| solve_instance(source, &fresh()), Ok)
    {
        Ok(s) => s,
        Err(e) => {
            let why = format!("source not certified: {e}");
            for (_, c) in counts.named_mut() {
                c.count(&CertFate::Unknown(why.clone()));
            }
            return Ok(counts);
        }
    };
    let step = round_trip::carry(
        r,
        (source, target),
        (&source_solution, target_solution),
        &fresh,
    );
    let kinds = [
        FailureKind::SourceCertificate,
        FailureKind::ForwardCertificate,
        FailureKind::TargetCertificate,
        FailureKind::BackwardCertificate,
    ];
    for (((name, fate), (_, count)), kind) in
        step.named().into_iter().zip(counts.named_mut()).zip(kinds)
    {
        if let CertFate::Failed(why) = fate {
            let detail = format!("{name} certificate: {why}");
            return Err(Failure { kind, detail });
        }
        count.count(fate);
    }
    Ok(counts)
}

/// The source answer: the reduction's own question when it has one
/// ([`Reduction::source_question`], e.g. Trail Trap's "trail of length n + 1"), else the
/// standard solver of the source kind, whose solution is returned too (for certificates).
fn source_answer(
    r: &dyn Reduction,
    source: &Instance,
    options: CaseOptions,
    stats: &mut CaseStats,
) -> Result<(bool, Option<Solution>), Verdict> {
    let started = Instant::now();
    match own_answer_with_stats(r, source, &options.budget()) {
        Some(Ok((yes, solved))) => {
            stats.source = Some(solved);
            Ok((yes, None))
        }
        Some(Err(e)) => Err(stopped(e, started, (Side::Source, stats))),
        None => solve(source, options, (Side::Source, stats)).map(|s| (s.yes(), Some(s))),
    }
}

/// Solves `side` with a fresh budget, recording its statistics (also those of a search the
/// budget stopped); a budget or size refusal becomes [`Verdict::Budget`], any other refusal
/// [`Verdict::Precondition`].
fn solve(
    instance: &Instance,
    options: CaseOptions,
    (side, stats): (Side, &mut CaseStats),
) -> Result<Solution, Verdict> {
    let started = Instant::now();
    match solve_instance(instance, &options.budget()) {
        Ok(s) => {
            *stats.slot(side) = Some(s.stats());
            Ok(s)
        }
        Err(e) => Err(stopped(e, started, (side, stats))),
    }
}

/// A refused or stopped solve of `side` started at `started`: its statistics at the stop
/// when a budget stopped it, and the skip it makes.
fn stopped(e: SolveError, started: Instant, (side, stats): (Side, &mut CaseStats)) -> Verdict {
    if let SolveError::Budget(b) = &e {
        *stats.slot(side) = Some(b.stats_since(started));
        stats.stopped = Some(side);
    }
    skip(e)
}

/// A solver refusal as a skip: budget and size limits are [`Verdict::Budget`], anything else
/// [`Verdict::Precondition`].
fn skip(e: SolveError) -> Verdict {
    match e {
        SolveError::Budget(_) | SolveError::TooLarge { .. } => Verdict::Budget(e.to_string()),
        SolveError::Unsupported(_) => Verdict::Precondition(e.to_string()),
    }
}

pub use crate::verify::step::size_of;
