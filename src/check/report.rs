//! The result of a `check` campaign: counts per reduction × size class, the shrunk
//! counterexamples, a human summary and a JSON rendering (JUnit XML is in `junit`).
//!
//! A reduction passes when no case failed AND the sample held at least one YES and one NO
//! compiled instance: a campaign that only ever saw one answer proves nothing about the other
//! direction of the equivalence (problem-reductions' issue #1006: eight unsound rules passed
//! until NO instances were tested).

use super::case::{CaseStats, FailureKind, Side};
use crate::solvers::Stats;
use crate::verify::round_trip::CertFate;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The statistics of one solve as reports give them: the six keys of `solve --json`'s
/// `stats` (docs/solvers.md), the table's three `None` (JSON `null`) for a solver that keeps
/// no memo table of positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StatsRecord {
    /// Search nodes expanded.
    pub nodes: u64,
    /// Wall-clock time in milliseconds.
    pub millis: f64,
    /// Nodes per second of that time (0 when no time was measured).
    pub nodes_per_second: u64,
    /// Positions written to the solver's memo table.
    pub positions: Option<u64>,
    /// Memo lookups answered from the table.
    pub hits: Option<u64>,
    /// Largest memory held by the solver's tables, in bytes.
    pub peak_table_bytes: Option<u64>,
}

impl From<Stats> for StatsRecord {
    fn from(s: Stats) -> StatsRecord {
        let table = |x: u64| (!s.tableless).then_some(x);
        StatsRecord {
            nodes: s.nodes,
            millis: (s.millis * 1000.0).round() / 1000.0,
            nodes_per_second: s.nodes_per_second().round() as u64,
            positions: table(s.positions),
            hits: table(s.hits),
            peak_table_bytes: table(s.peak_table_bytes),
        }
    }
}

impl std::fmt::Display for StatsRecord {
    /// One line, worded as `solve` prints its `stats:` line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} nodes, {:.3} ms, {} nodes/s",
            self.nodes, self.millis, self.nodes_per_second
        )?;
        match (self.positions, self.hits, self.peak_table_bytes) {
            (Some(p), Some(h), Some(b)) => write!(
                f,
                ", {p} positions stored, {h} table hits, {} peak table",
                bytes_words(b)
            ),
            _ => f.write_str(", no table"),
        }
    }
}

/// Memory in KiB below a MiB, else in MiB.
pub(super) fn bytes_words(bytes: u64) -> String {
    let bytes = bytes as f64;
    match bytes < (1u64 << 20) as f64 {
        true => format!("{:.1} KiB", bytes / 1024.0),
        false => format!("{:.1} MiB", bytes / (1u64 << 20) as f64),
    }
}

/// The solves of one side (source or target) over a class's cases, finished or stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SolveTotals {
    /// Solves that ran.
    pub solves: usize,
    /// Search nodes they expanded, in total.
    pub nodes: u64,
    /// Their wall-clock time, in milliseconds, in total.
    pub millis: f64,
}

impl SolveTotals {
    /// Counts one solve's statistics.
    pub fn add(&mut self, stats: &Stats) {
        self.solves += 1;
        self.nodes += stats.nodes;
        self.millis += stats.millis;
    }

    fn absorb(&mut self, other: &SolveTotals) {
        self.solves += other.solves;
        self.nodes += other.nodes;
        self.millis += other.millis;
    }
}

/// The budget skips of a class, with the statistics of each stopped solve at the moment its
/// budget ran out (the budgets rule: an unknown answer still reports what was done).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BudgetStops {
    /// Skips whose source-side solve ran out (the source, or the reduction's own question).
    pub source: usize,
    /// Skips whose target search ran out (and, under `--certify`, no certificate decided
    /// the target instead).
    pub target: usize,
    /// Skips without a stopped search: a solver refused the instance's size up front.
    pub refused: usize,
    /// Nodes the stopped solves had expanded when their budgets ran out, in total.
    pub nodes: u64,
    /// Their wall-clock time until the stop, in milliseconds, in total.
    pub millis: f64,
    /// Positions their memo tables held at the stop, in total (solvers with a table).
    pub positions: u64,
    /// The largest peak table memory of a stopped solve, in bytes.
    pub peak_table_bytes: u64,
}

impl BudgetStops {
    /// Counts one budget skip whose stopped solve (if any) is `stats`' `stopped` side.
    pub fn add(&mut self, stats: &CaseStats) {
        let Some((side, s)) = stats.stopped.and_then(|side| Some((side, stats.of(side)?))) else {
            self.refused += 1;
            return;
        };
        match side {
            Side::Source => self.source += 1,
            Side::Target => self.target += 1,
        }
        self.nodes += s.nodes;
        self.millis += s.millis;
        self.positions += s.positions;
        self.peak_table_bytes = self.peak_table_bytes.max(s.peak_table_bytes);
    }

    /// Budget skips counted.
    pub fn total(&self) -> usize {
        self.source + self.target + self.refused
    }

    fn absorb(&mut self, other: &BudgetStops) {
        self.source += other.source;
        self.target += other.target;
        self.refused += other.refused;
        self.nodes += other.nodes;
        self.millis += other.millis;
        self.positions += other.positions;
        self.peak_table_bytes = self.peak_table_bytes.max(other.peak_table_bytes);
    }
}

/// Under `--certify`, the cases whose target search ran out of budget and whose target's
/// winner the source's certificate established instead (mapped forward and accepted by the
/// checker on the target).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CertifiedTargets {
    /// Such cases.
    pub cases: usize,
    /// Positions the checker examined in their forward images, in total.
    pub positions: u64,
    /// Wall-clock time of mapping and checking, in milliseconds, in total.
    pub millis: f64,
}

impl CertifiedTargets {
    fn absorb(&mut self, other: &CertifiedTargets) {
        self.cases += other.cases;
        self.positions += other.positions;
        self.millis += other.millis;
    }
}

/// The case of a reduction that took the longest wall-clock time (shrinking not counted),
/// with the statistics of its solves. It depends on timing, like every `millis`: merging
/// shard reports keeps the slowest of the shards' slowest cases.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SlowestCase {
    /// The case's index (its position in the given list for a given instance).
    pub case_index: usize,
    /// The given instance's name, `None` for a random case.
    pub given: Option<String>,
    /// Its size class.
    pub size: usize,
    /// Its instance's family.
    pub family: String,
    /// How it ended: `yes`, `no`, `failure`, `skipped_budget` or `skipped_precondition`.
    pub outcome: String,
    /// Its wall-clock time in milliseconds (compiling, solving, certificates).
    pub millis: f64,
    /// The source-side solve, when it ran.
    pub source: Option<StatsRecord>,
    /// The target's search, when it ran.
    pub target: Option<StatsRecord>,
    /// The solve whose budget ran out, if one did.
    pub stopped: Option<Side>,
    /// Under `--certify`, the positions checked in the forward image that decided the target
    /// after its search ran out.
    pub certificate_positions: Option<u64>,
}

impl SlowestCase {
    /// `self` or `other`, whichever took longer (on a tie, the earlier case).
    pub fn slower(self, other: SlowestCase) -> SlowestCase {
        let key = |c: &SlowestCase| (c.given.is_none(), c.case_index);
        match other.millis > self.millis
            || (other.millis == self.millis && key(&other) < key(&self))
        {
            true => other,
            false => self,
        }
    }
}

/// Counts for one reduction and one size class.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ClassReport {
    /// The size class (variables of a formula, vertices of a graph or game).
    pub size: usize,
    /// Cases run in this class.
    pub cases: usize,
    /// Compiled cases whose source answer is YES (both sides solved, answers compared).
    pub yes: usize,
    /// Compiled cases whose source answer is NO.
    pub no: usize,
    /// Failing cases (answer mismatch, size, structure, …).
    pub failures: usize,
    /// Cases skipped because a solver ran out of budget or refused the size.
    pub skipped_budget: usize,
    /// Cases skipped because every redraw violated a precondition.
    pub skipped_precondition: usize,
    /// Draws rejected by a precondition and replaced by a fresh draw of the same case.
    pub precondition_redraws: usize,
    /// With `--certify`: how the certificates of the agreeing compiled cases fared.
    pub certificates: CertCounts,
    /// Wall-clock time spent on the class, in milliseconds (not part of any comparison).
    pub millis: f64,
    /// The source-side solves of the class's cases (finished or stopped by the budget).
    #[serde(default)]
    pub source_solves: SolveTotals,
    /// The target searches of the class's cases (finished or stopped by the budget).
    #[serde(default)]
    pub target_solves: SolveTotals,
    /// The budget skips, with the statistics of the stopped solves.
    #[serde(default)]
    pub budget_stops: BudgetStops,
    /// Under `--certify`, the targets decided by certificate after their search ran out.
    #[serde(default)]
    pub targets_by_certificate: CertifiedTargets,
}

impl ClassReport {
    /// The same counts with every wall-clock time set to zero: what a run's report is a
    /// function of (the configuration), and what shards of one campaign add up to.
    pub fn without_timing(&self) -> ClassReport {
        let mut c = self.clone();
        c.millis = 0.0;
        c.source_solves.millis = 0.0;
        c.target_solves.millis = 0.0;
        c.budget_stops.millis = 0.0;
        c.targets_by_certificate.millis = 0.0;
        c
    }

    /// Adds `other`'s counts (same size class) to these.
    pub fn absorb(&mut self, other: &ClassReport) {
        self.cases += other.cases;
        self.yes += other.yes;
        self.no += other.no;
        self.failures += other.failures;
        self.skipped_budget += other.skipped_budget;
        self.skipped_precondition += other.skipped_precondition;
        self.precondition_redraws += other.precondition_redraws;
        self.certificates.absorb(&other.certificates);
        self.millis += other.millis;
        self.source_solves.absorb(&other.source_solves);
        self.target_solves.absorb(&other.target_solves);
        self.budget_stops.absorb(&other.budget_stops);
        self.targets_by_certificate
            .absorb(&other.targets_by_certificate);
    }
}

/// How many certificates of one role (source, forward, target or backward) ended how.
/// Failures are not counted here: a failing certificate makes its case a failure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FateCounts {
    /// Built and accepted by the independent checker, proving the solver's answer.
    pub accepted: usize,
    /// No certificate exists (a NO answer of an NP problem).
    pub no_certificate: usize,
    /// The paper's proof gives no constructive map for this direction and answer.
    pub not_constructive: usize,
    /// A budget or a checker size limit stopped it.
    pub unknown: usize,
}

impl FateCounts {
    /// Counts `fate` (a failure counts nowhere).
    pub fn count(&mut self, fate: &CertFate) {
        match fate {
            CertFate::Accepted { .. } => self.accepted += 1,
            CertFate::NoCertificate => self.no_certificate += 1,
            CertFate::NotConstructive(_) => self.not_constructive += 1,
            CertFate::Unknown(_) => self.unknown += 1,
            CertFate::Failed(_) => {}
        }
    }

    /// Certificates counted.
    pub fn total(&self) -> usize {
        self.accepted + self.no_certificate + self.not_constructive + self.unknown
    }

    fn absorb(&mut self, other: &FateCounts) {
        self.accepted += other.accepted;
        self.no_certificate += other.no_certificate;
        self.not_constructive += other.not_constructive;
        self.unknown += other.unknown;
    }
}

/// [`FateCounts`] for each of the four certificates of a round trip
/// ([`round_trip::carry`](crate::verify::round_trip::carry)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CertCounts {
    /// The solver's certificate of the source answer.
    pub source: FateCounts,
    /// Its forward image on the target.
    pub forward: FateCounts,
    /// The solver's winning strategy on the target.
    pub target: FateCounts,
    /// Its backward image on the source.
    pub backward: FateCounts,
}

impl CertCounts {
    /// The four roles with their names, in round-trip order.
    pub fn named(&self) -> [(&'static str, &FateCounts); 4] {
        [
            ("source", &self.source),
            ("forward", &self.forward),
            ("target", &self.target),
            ("backward", &self.backward),
        ]
    }

    /// The four roles, mutable, in round-trip order.
    pub fn named_mut(&mut self) -> [(&'static str, &mut FateCounts); 4] {
        [
            ("source", &mut self.source),
            ("forward", &mut self.forward),
            ("target", &mut self.target),
            ("backward", &mut self.backward),
        ]
    }

    /// Certificates counted over all roles.
    pub fn total(&self) -> usize {
        self.named().iter().map(|(_, c)| c.total()).sum()
    }

    /// Certificates accepted over all roles.
    pub fn accepted(&self) -> usize {
        self.named().iter().map(|(_, c)| c.accepted).sum()
    }

    /// One line, e.g. "source 40 accepted, 10 none; forward 40 accepted, 10 none; target 50
    /// accepted; backward 25 accepted, 25 not constructive" (zero counts left out).
    pub fn describe(&self) -> String {
        let role = |(name, c): &(&str, &FateCounts)| {
            let parts: Vec<String> = [
                (c.accepted, "accepted"),
                (c.no_certificate, "none"),
                (c.not_constructive, "not constructive"),
                (c.unknown, "unknown"),
            ]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{n} {what}"))
            .collect();
            match parts.is_empty() {
                true => format!("{name} -"),
                false => format!("{name} {}", parts.join(", ")),
            }
        };
        self.named().iter().map(role).collect::<Vec<_>>().join("; ")
    }

    /// Adds `other`'s counts to these.
    pub fn absorb(&mut self, other: &CertCounts) {
        for ((_, mine), (_, theirs)) in self.named_mut().into_iter().zip(other.named()) {
            mine.absorb(theirs);
        }
    }
}

/// A minimal counterexample, as printed and saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counterexample {
    /// The reduction it refutes.
    pub reduction: String,
    /// How it fails.
    pub kind: FailureKind,
    /// Why (after shrinking).
    pub detail: String,
    /// The case that first failed, and its size class and family. For an instance given
    /// with `--from-dir`/`--cases-from`, its position in the given list.
    pub case_index: usize,
    /// The name of the given instance that failed (`FILE` or `FILE:LINE`); `None` for a
    /// random case.
    #[serde(default)]
    pub given: Option<String>,
    /// Size class of that case.
    pub size_class: usize,
    /// Family of that case's instance.
    pub family: String,
    /// Shrink measure of the original instance (see `shrink::measure`).
    pub original_measure: [usize; 4],
    /// Shrink measure of the minimal instance.
    pub measure: [usize; 4],
    /// Shrinking steps taken and candidates tried.
    pub shrink_steps: usize,
    /// Candidates tried while shrinking.
    pub shrink_tries: usize,
    /// Whether shrinking stopped at its try limit (the result is then smaller, not minimal).
    pub shrink_hit_limit: bool,
    /// The minimal instance in the DSL.
    pub dsl: String,
    /// Where it was saved (with `--out-dir`).
    pub path: Option<PathBuf>,
    /// Why saving failed, if it did.
    pub save_error: Option<String>,
    /// The smallest non-degenerate counterexample of this kind, the one a paper's reader
    /// accepts when the minimal one is degenerate (no clause, start = end, no edge, k = 0,
    /// …; see [`non_degenerate`](super::shrink::non_degenerate)): shrunk through
    /// non-degenerate instances only, from the first failing case of this kind whose instance
    /// is not degenerate. `None` when every failing case of this kind was degenerate.
    #[serde(default)]
    pub non_degenerate: Option<NonDegenerate>,
    /// Whether the minimal instance is degenerate (see
    /// [`non_degenerate`](super::shrink::non_degenerate)).
    #[serde(default)]
    pub degenerate: bool,
}

/// The smallest non-degenerate counterexample of a case (see [`Counterexample::non_degenerate`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NonDegenerate {
    /// Why it fails (same [`FailureKind`] as the minimal one).
    pub detail: String,
    /// The case it was shrunk from (its position in the given list for a given instance).
    pub case_index: usize,
    /// The given instance it was shrunk from, if any.
    pub given: Option<String>,
    /// The family of that case.
    pub family: String,
    /// Its shrink measure.
    pub measure: [usize; 4],
    /// Shrinking steps taken from the original instance.
    pub shrink_steps: usize,
    /// The instance in the DSL.
    pub dsl: String,
    /// Where it was saved (with `--out-dir`).
    pub path: Option<PathBuf>,
}

/// Everything checked for one reduction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReductionReport {
    /// Reduction id.
    pub id: String,
    /// Source kind name.
    pub source: String,
    /// Target kind name.
    pub target: String,
    /// The reduction's provenance line.
    pub provenance: String,
    /// Whether this is a paper's literal reading, known to be wrong.
    pub as_printed: bool,
    /// Counts per size class, smallest first; classes with no case are left out.
    pub classes: Vec<ClassReport>,
    /// Minimal counterexamples: the first failure of each kind, shrunk.
    pub counterexamples: Vec<Counterexample>,
    /// Remarks (first precondition message, missing generator, …).
    pub notes: Vec<String>,
    /// Order-independent digest of every case run (index, instance, verdict): the wrapping
    /// sum over shards equals the unsharded run's.
    pub fingerprint: u64,
    /// The case that took the longest, with its solves' statistics (`None`: no case ran).
    #[serde(default)]
    pub slowest_case: Option<SlowestCase>,
}

impl ReductionReport {
    /// Totals over all size classes.
    pub fn total(&self) -> ClassReport {
        let mut t = ClassReport::default();
        for c in &self.classes {
            t.absorb(c);
        }
        t
    }

    /// Why this reduction does not pass (empty when it passes).
    pub fn problems(&self) -> Vec<String> {
        let t = self.total();
        let mut out = Vec::new();
        if t.failures > 0 {
            out.push(format!("{} failing case(s)", t.failures));
        }
        if t.yes == 0 {
            out.push("no YES instance was compiled and checked".into());
        }
        if t.no == 0 {
            out.push("no NO instance was compiled and checked".into());
        }
        // Under --certify, a campaign whose every certificate was out of budget or not
        // constructive has certified nothing.
        if self.nothing_certified() {
            out.push("--certify: no certificate was accepted".into());
        }
        out
    }

    /// Whether certificates were carried (`--certify`) but none was accepted.
    pub fn nothing_certified(&self) -> bool {
        let c = self.total().certificates;
        c.total() > 0 && c.accepted() == 0
    }

    /// Whether it passes: no failure, and both answers seen.
    pub fn passed(&self) -> bool {
        self.problems().is_empty()
    }
}

/// Whether `--certify` ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CertifyStatus {
    /// Not requested.
    NotRequested,
    /// Every agreeing compiled case carried its certificates across the reduction: the source
    /// and target certificates and their forward and backward images were checked.
    Checked,
}

/// The result of [`run_check`](super::run_check).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckReport {
    /// The campaign seed.
    pub seed: u64,
    /// Cases per reduction in the whole (unsharded) campaign.
    pub cases: usize,
    /// Largest size class.
    pub max_size: usize,
    /// The shard run, `(i, k)`: cases with index % k == i.
    pub shard: Option<(usize, usize)>,
    /// Node budget per solver call.
    pub budget_nodes: Option<u64>,
    /// Instances given with `--from-dir`/`--cases-from` (all shards together), run before
    /// the random cases.
    #[serde(default)]
    pub given: usize,
    /// Whether certificates were checked.
    pub certify: CertifyStatus,
    /// One entry per reduction, in the order requested.
    pub reductions: Vec<ReductionReport>,
    /// Wall-clock time of the run in milliseconds.
    pub millis: f64,
    /// The run was stopped (SIGINT/SIGTERM) before every case ran: the counts cover the
    /// cases done.
    pub interrupted: bool,
}

impl CheckReport {
    /// Whether every reduction passed (the CLI exits 1 otherwise); an interrupted run has
    /// not passed.
    pub fn passed(&self) -> bool {
        !self.interrupted && self.reductions.iter().all(ReductionReport::passed)
    }

    /// All counterexamples, reduction by reduction.
    pub fn counterexamples(&self) -> impl Iterator<Item = &Counterexample> {
        self.reductions
            .iter()
            .flat_map(|r| r.counterexamples.iter())
    }

    /// Pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// The JUnit XML report (one test case per reduction × size class).
    pub fn to_junit_xml(&self) -> String {
        super::junit::render(self)
    }

    /// Unions the reports of the shards `--shard 0/k` … `--shard (k-1)/k` of one campaign
    /// into the report of the unsharded run: counts add up, the first counterexample of each
    /// kind (in case order) is kept, notes and fingerprints combine, and the result equals
    /// the unsharded run's report apart from timings (`millis`). Refuses reports of other
    /// campaigns (seed, cases, sizes, budget, certification, given instances or the
    /// reductions run differ), a missing, repeated or unsharded part.
    pub fn merge(parts: &[CheckReport]) -> Result<CheckReport, String> {
        let first = parts.first().ok_or("no report to merge")?;
        let Some((_, k)) = first.shard else {
            return Err("the first report is not a shard (--shard i/k)".into());
        };
        // The reductions a shard ran, in a fixed order: the order of `--via` does not change
        // a campaign (each reduction's cases are seeded by its id), but another selection,
        // or another command under the same id, does.
        fn selection(r: &CheckReport) -> Vec<(&str, &str)> {
            let mut ids: Vec<(&str, &str)> = r
                .reductions
                .iter()
                .map(|x| (x.id.as_str(), x.provenance.as_str()))
                .collect();
            ids.sort_unstable();
            ids
        }
        let mut seen = vec![false; k];
        for (n, p) in parts.iter().enumerate() {
            let same = (
                p.seed,
                p.cases,
                p.max_size,
                p.budget_nodes,
                p.certify,
                p.given,
            ) == (
                first.seed,
                first.cases,
                first.max_size,
                first.budget_nodes,
                first.certify,
                first.given,
            ) && selection(p) == selection(first);
            if !same {
                return Err(format!(
                    "report {} is of another campaign (seed, cases, max size, node budget, \
                     --certify, given instances or reductions differ from the first report's)",
                    n + 1
                ));
            }
            match p.shard {
                Some((i, pk)) if pk == k && i < k && !seen[i] => seen[i] = true,
                Some((i, pk)) if pk == k && i < k => {
                    return Err(format!("shard {i}/{k} is given twice"));
                }
                other => {
                    return Err(format!(
                        "report {} is {}, not a shard i/{k}",
                        n + 1,
                        other.map_or("unsharded".into(), |(i, pk)| format!("shard {i}/{pk}"))
                    ));
                }
            }
        }
        if let Some(missing) = seen.iter().position(|s| !s) {
            return Err(format!("shard {missing}/{k} is missing"));
        }
        let mut out = first.clone();
        out.shard = None;
        for part in &parts[1..] {
            out.millis += part.millis;
            out.interrupted |= part.interrupted;
            for r in &part.reductions {
                match out.reductions.iter_mut().find(|o| o.id == r.id) {
                    Some(o) => merge_reduction(o, r),
                    None => out.reductions.push(r.clone()),
                }
            }
        }
        for r in &mut out.reductions {
            let readable = earliest_non_degenerate(&r.counterexamples);
            first_of_each_kind(&mut r.counterexamples);
            for c in &mut r.counterexamples {
                c.non_degenerate = readable
                    .iter()
                    .find(|(k, _)| *k == c.kind)
                    .map(|(_, n)| n.clone());
            }
            r.notes = normalise_notes(std::mem::take(&mut r.notes));
        }
        Ok(out)
    }

    /// The slowest case of the whole campaign, with its reduction's id.
    pub fn slowest_case(&self) -> Option<(&str, &SlowestCase)> {
        let mut best: Option<(&str, &SlowestCase)> = None;
        for r in &self.reductions {
            if let Some(c) = &r.slowest_case
                && best.is_none_or(|(_, b)| c.millis > b.millis)
            {
                best = Some((r.id.as_str(), c));
            }
        }
        best
    }

    /// A plain-text table, one line per reduction, and the counterexamples.
    pub fn summary(&self) -> String {
        super::summary::render(self)
    }
}

/// Most skip notes kept per reduction: the lexicographically smallest distinct ones, so that
/// shards keep what the unsharded run keeps.
pub const SKIP_NOTES: usize = 5;

/// Notes in their canonical order: the fixed notes (about the generator) in order, then the
/// [`SKIP_NOTES`] smallest distinct skip notes (`skipped (…)`), sorted.
pub fn normalise_notes(notes: Vec<String>) -> Vec<String> {
    let (mut skips, fixed): (Vec<String>, Vec<String>) =
        notes.into_iter().partition(|n| n.starts_with("skipped ("));
    let mut out: Vec<String> = Vec::new();
    for n in fixed {
        if !out.contains(&n) {
            out.push(n);
        }
    }
    skips.sort();
    skips.dedup();
    skips.truncate(SKIP_NOTES);
    out.extend(skips);
    out
}

/// Keeps the first counterexample of each failure kind in case order (given instances
/// before random cases), as a campaign shrinks only the first failure of each kind.
pub fn first_of_each_kind(counterexamples: &mut Vec<Counterexample>) {
    counterexamples.sort_by_key(|c| (c.given.is_none(), c.case_index));
    let mut kinds = Vec::new();
    counterexamples.retain(|c| {
        let new = !kinds.contains(&c.kind);
        kinds.push(c.kind);
        new
    });
}

/// For each failure kind, the non-degenerate counterexample shrunk from the earliest case
/// (given instances first) over all of `counterexamples`.
fn earliest_non_degenerate(
    counterexamples: &[Counterexample],
) -> Vec<(FailureKind, NonDegenerate)> {
    let mut out: Vec<(FailureKind, NonDegenerate)> = Vec::new();
    let key = |n: &NonDegenerate| (n.given.is_none(), n.case_index);
    for c in counterexamples {
        let Some(n) = &c.non_degenerate else { continue };
        match out.iter_mut().find(|(k, _)| *k == c.kind) {
            Some((_, best)) if key(n) < key(best) => *best = n.clone(),
            Some(_) => {}
            None => out.push((c.kind, n.clone())),
        }
    }
    out
}

/// Adds `r`'s counts, counterexamples, notes and fingerprint into `o`.
fn merge_reduction(o: &mut ReductionReport, r: &ReductionReport) {
    for c in &r.classes {
        match o.classes.iter_mut().find(|x| x.size == c.size) {
            Some(x) => x.absorb(c),
            None => o.classes.push(c.clone()),
        }
    }
    o.classes.sort_by_key(|c| c.size);
    o.counterexamples.extend(r.counterexamples.iter().cloned());
    o.notes.extend(r.notes.iter().cloned());
    o.fingerprint = o.fingerprint.wrapping_add(r.fingerprint);
    o.slowest_case = match (o.slowest_case.take(), r.slowest_case.clone()) {
        (Some(a), Some(b)) => Some(a.slower(b)),
        (a, b) => a.or(b),
    };
}
