//! `georeduce check`: random differential testing of every reduction, with shrinking.
//!
//! For each selected reduction, a campaign draws seeded source instances of growing size
//! ([`generate`]), compiles each, checks the output against the reduction's declared size and
//! structural claims, solves both sides with [`solve_instance`](crate::solvers::dispatch) and
//! compares the answers through `yes_winner` ([`case`]). The first failure of each kind is
//! shrunk to a minimal counterexample ([`shrink`]), printed in the DSL and saved. The
//! [`CheckReport`] counts YES and NO instances per reduction × size class; a reduction passes
//! only when nothing failed and both answers occurred. See docs/verification.md for what this
//! does and does not prove.
//!
//! The module is independent of the command line: the CLI builds a [`CheckConfig`] (with
//! [`select`] and [`parse_shard`]) and calls [`run_check`].
//!
//! # Checking your own reduction
//!
//! Any [`Reduction`] can be checked, not only the registered ones: a [`Theorem`] written in
//! another crate (every `Theorem` is a `Reduction`), a hand-written `Reduction`, or a
//! reduction in another language run as a command ([`external::CommandReduction`]). The
//! campaign is the same: the same generators, shrinking and reports.
//!
//! ```no_run
//! use georeduce::check::{self, CheckConfig};
//! // Your reduction here; the textbook QBF → DVG stands in for it.
//! # fn my_reduction() -> &'static dyn georeduce::reductions::Reduction {
//! #     &georeduce::reductions::qbf_to_dvg::QbfToDvg
//! # }
//! let cfg = CheckConfig::new(vec![my_reduction()]).cases(200).seed(7).max_size(4);
//! let report = check::run_check(&cfg, &check::Silent);
//! assert!(report.passed(), "{}", report.summary());
//! ```
//!
//! See docs/your-own-reduction.md and `examples/custom-reduction/`.
//!
//! [`Theorem`]: crate::reductions::Theorem

mod campaign;
pub mod case;
pub mod external;
pub mod generate;
pub mod given;
pub mod junit;
pub mod progress;
pub mod report;
pub mod shrink;
mod summary;

pub use case::{
    CaseOptions, CaseStats, Failure, FailureKind, Side, Verdict, run_case, run_case_measured,
    run_case_with,
};
pub use external::{CommandIo, CommandReduction, CommandSpec};
pub use given::GivenCase;
pub use progress::{Progress, Silent, Tally};
pub use report::{
    BudgetStops, CertCounts, CertifiedTargets, CertifyStatus, CheckReport, ClassReport,
    Counterexample, FateCounts, NonDegenerate, ReductionReport, SlowestCase, SolveTotals,
    StatsRecord,
};

use crate::reductions::{self, Reduction};
use std::path::PathBuf;

/// Default number of cases per reduction.
pub const DEFAULT_CASES: usize = 500;
/// Default largest size class (variables of a formula, vertices of a graph or game).
pub const DEFAULT_MAX_SIZE: usize = 5;

/// Largest `--max-size` accepted: the report holds one entry per size class, and random
/// instances beyond this are far past what any solver behind the comparison decides.
pub const MAX_SIZE_LIMIT: usize = 1_000;

/// Most `--cases` accepted (per reduction).
pub const MAX_CASES: usize = 100_000_000;
/// Default node budget of each solver call. Deterministic (unlike a time limit), so a seed
/// reproduces the same skips on every machine. A million nodes (about a quarter of a second)
/// lets Trail Trap Thm 18 be decided on bridged cubic graphs of 14–22 vertices, the smallest
/// with NO answers; 200,000 left `hampath-trailtrap` without a single NO instance.
pub const DEFAULT_BUDGET_NODES: u64 = 1_000_000;
/// Largest default memory budget of one solver call in a campaign (without `--memory`: half
/// the available memory, at most this), the exhaustive solver's own table default: cases run
/// one at a time, and a case that needs more is skipped as over budget.
pub const DEFAULT_MEMORY_CAP: usize = 512 << 20;
/// Candidates tried at most while shrinking one counterexample.
pub const SHRINK_TRIES: usize = 4_000;
/// Shrinking tries for a reduction run as a command (`--reduction-cmd`): each try starts a
/// process (and a hanging one costs the whole `--case-timeout`).
pub const COMMAND_SHRINK_TRIES: usize = 400;
/// Draws per case before a case counts as skipped by a precondition.
pub const MAX_DRAWS: usize = 8;

/// What to check, independent of any command-line parser. Build it with
/// [`CheckConfig::new`] and the builder methods (or set the fields): new fields may be added.
#[derive(Clone)]
#[non_exhaustive]
pub struct CheckConfig {
    /// The reductions, in order (`--via ID …`, or [`select`] with `all`).
    pub reductions: Vec<&'static dyn Reduction>,
    /// Cases per reduction in the whole campaign (all shards together).
    pub cases: usize,
    /// Campaign seed.
    pub seed: u64,
    /// Largest size class; sizes run from 1 to this.
    pub max_size: usize,
    /// `--certify`: on every case whose answers agree, carry certificates across the
    /// reduction (`round_trip::carry`) and fail the case if the checker rejects one.
    pub certify: bool,
    /// `(i, k)`: run only the cases with index % k == i (0 ≤ i < k).
    pub shard: Option<(usize, usize)>,
    /// Where to save minimal counterexamples (`<id>-<kind>-seed<S>-case<I>.<ext>`).
    pub out_dir: Option<PathBuf>,
    /// Node budget per solver call (`None`: unlimited).
    pub budget_nodes: Option<u64>,
    /// Set (by a signal handler) to stop the campaign after the current case; the report
    /// then covers the cases done and says `"interrupted": true`.
    pub interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Bytes each solver call's tables may hold (`--memory`); `None`: each solver's default.
    pub memory: Option<usize>,
    /// Instances the user wrote (`--from-dir`, `--cases-from`), run on every reduction that
    /// reads their kind before the random cases (given instance `j` belongs to shard
    /// `j % k`).
    pub given: Vec<GivenCase>,
    /// Candidates tried at most while shrinking one counterexample ([`SHRINK_TRIES`]; the
    /// CLI lowers it to [`COMMAND_SHRINK_TRIES`] for a command, where each try is a process).
    pub shrink_tries: usize,
}

impl CheckConfig {
    /// The defaults for `reductions`: [`DEFAULT_CASES`] cases, seed 0, sizes up to
    /// [`DEFAULT_MAX_SIZE`], [`DEFAULT_BUDGET_NODES`] nodes per solve, no shard, no output
    /// directory, no certification.
    pub fn new(reductions: Vec<&'static dyn Reduction>) -> CheckConfig {
        CheckConfig {
            reductions,
            cases: DEFAULT_CASES,
            seed: 0,
            max_size: DEFAULT_MAX_SIZE,
            certify: false,
            shard: None,
            out_dir: None,
            budget_nodes: Some(DEFAULT_BUDGET_NODES),
            interrupt: None,
            memory: None,
            given: Vec::new(),
            shrink_tries: SHRINK_TRIES,
        }
    }

    /// The same configuration with `cases` random cases per reduction (0: only the given
    /// instances).
    pub fn cases(self, cases: usize) -> CheckConfig {
        CheckConfig { cases, ..self }
    }

    /// The same configuration with campaign seed `seed`.
    pub fn seed(self, seed: u64) -> CheckConfig {
        CheckConfig { seed, ..self }
    }

    /// The same configuration with size classes `1..=max_size`.
    pub fn max_size(self, max_size: usize) -> CheckConfig {
        CheckConfig { max_size, ..self }
    }

    /// The same configuration carrying certificates across the reduction (`--certify`).
    pub fn certify(self, certify: bool) -> CheckConfig {
        CheckConfig { certify, ..self }
    }

    /// The same configuration with the user's own instances added.
    pub fn with_given(mut self, given: impl IntoIterator<Item = GivenCase>) -> CheckConfig {
        self.given.extend(given);
        self
    }
}

/// Whether `r` is a paper's literal reading kept to demonstrate an erratum ("as printed in
/// the paper"): `--all` leaves these out; `--via` may name them.
pub fn is_as_printed(r: &dyn Reduction) -> bool {
    r.info().provenance.starts_with("as printed")
}

/// The reductions to check: those named in `via` (in that order, duplicates removed), or,
/// when `via` is empty or `all` is set, every registered reduction that is not an
/// "as printed" variant, plus any named ones. Errors name an unknown id and list the known.
pub fn select(via: &[String], all: bool) -> Result<Vec<&'static dyn Reduction>, String> {
    let mut out: Vec<&'static dyn Reduction> = Vec::new();
    if all || via.is_empty() {
        out.extend(reductions::all().into_iter().filter(|r| !is_as_printed(*r)));
    }
    for id in via {
        let r = reductions::by_id(id).ok_or_else(|| {
            let known: Vec<&str> = reductions::all().iter().map(|r| r.info().id).collect();
            format!("unknown reduction '{id}'; known: {}", known.join(", "))
        })?;
        if !out.iter().any(|o| o.info().id == r.info().id) {
            out.push(r);
        }
    }
    Ok(out)
}

/// Parses `--shard i/k` (0 ≤ i < k).
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard expects i/k with 0 ≤ i < k (e.g. 0/4), not '{s}'");
    let (i, k) = s.split_once('/').ok_or_else(bad)?;
    let i: usize = i.trim().parse().map_err(|_| bad())?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    if k == 0 || i >= k {
        return Err(bad());
    }
    Ok((i, k))
}

/// Runs the campaign `cfg` describes, reporting to `progress`.
pub fn run_check(cfg: &CheckConfig, progress: &dyn Progress) -> CheckReport {
    campaign::run(cfg, progress)
}

/// The progress reporter the CLI should use: an indicatif bar on a terminal, plain lines
/// on stderr otherwise.
pub fn progress_for_stderr() -> Box<dyn Progress> {
    progress::for_stderr()
}
