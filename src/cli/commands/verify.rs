//! `georeduce verify FILE --to TARGET [--via IDS] [--by auto|search|certificate] [--json]
//! [--self-check] [--certify]`: compile, establish every target's winner, and compare each
//! step's answers with [`crate::verify::step`] (the comparison `check` uses too).
//!
//! A target's winner comes from a search (`--by search`), or from the source's certificate
//! carried forward through the chain and checked on the target (`--by certificate`,
//! [`crate::verify::chain`]); `--by auto` (the default) runs both side by side and takes, for
//! each step, the first that decides it (`verify_race.rs`). The source is always solved (its
//! answer is what is compared, and its certificate needs its solution).
//! Any failure is a MISMATCH (exit 1); a step without evidence is "unknown" (exit 3). This
//! file gathers the evidence; `verify_render.rs` prints it.

use super::super::Outcome;
use super::super::args::{BudgetArgs, VerifyBy};
use super::super::input::{input_cap, read_instance_capped};
use super::super::output::stats_words;
use super::certify::{SelfChecked, self_check_answer};
use super::verify_race::{certificate_evidence, race};
use super::verify_render::{Rendered, render};
use super::{apply_chain, budget, select_chain, solve_error, verify_certify};
use crate::problems::Instance;
use crate::reductions::{ProblemKind, Reduction};
use crate::solvers::dispatch::{Solution, solve_instance};
use crate::solvers::{Budget, SolveError, Stats};
use crate::verify::chain::{Carried, carry_forward};
use crate::verify::question::own_answer_with_stats;
use crate::verify::round_trip::CertFate;
use crate::verify::step::{self, Evidence, StepReport, Unsolved};
use std::path::Path;
use std::time::{Duration, Instant};

/// The switches of `verify`.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Print JSON.
    pub json: bool,
    /// `--self-check`: certify every searched answer and check the certificate.
    pub self_check: bool,
    /// `--certify`: the four certificates of every step.
    pub certify: bool,
    /// How the targets' winners are established.
    pub by: VerifyBy,
}

/// Everything `verify` found, for the renderer.
pub(super) struct Findings<'a> {
    /// The chain.
    pub steps: &'a [&'static dyn Reduction],
    /// The source and every step's target.
    pub instances: Vec<&'a Instance>,
    /// The source's solution, or why it is unknown (with the statistics of the stopped
    /// search).
    pub source: Result<Solution, Unsolved>,
    /// The statistics of each target's search: finished, or stopped by its budget or by a
    /// certificate that decided first; `None` where the target was not searched.
    pub target_stats: Vec<Option<Stats>>,
    /// The statistics of each step's own source question's solve (Trail Trap Thm 18's long
    /// trail), `None` where the step asks the standard question of its source kind.
    pub own_stats: Vec<Option<Stats>>,
    /// Every step compared (a step whose source answer is unknown has an unknown verdict).
    pub reports: Vec<StepReport>,
    /// The winner established on each step's target (by search or certificate), also where
    /// the step's verdict is unknown because its source answer is.
    pub established: Vec<Option<crate::solvers::Winner>>,
    /// Whether each step's source answer is known (when not, its report's answer and
    /// expected winner are placeholders).
    pub answer_known: Vec<bool>,
    /// The source certificate's fate when the certificate path ran, with the milliseconds
    /// of certifying and checking it (`None` when the path did not get that far).
    pub source_certificate: Option<(CertFate, Option<f64>)>,
}

/// Verifies one source instance through the selected chain.
pub fn run(
    file: &Path,
    (to, via): (Option<&str>, Option<&str>),
    options: Options,
    save_certs: Option<&Path>,
    budget_args: &BudgetArgs,
) -> miette::Result<Outcome> {
    if options.certify && options.by == VerifyBy::Certificate {
        miette::bail!(
            code = "cli::certify_needs_search",
            help = "drop --by certificate (the default --by auto searches every instance too), \
                    or drop --certify",
            "--certify needs every instance searched, and --by certificate searches none"
        );
    }
    let memory = budget_args.memory.bytes();
    let parsed = read_instance_capped(file, input_cap(memory))?;
    let steps = select_chain(ProblemKind::of(&parsed.instance), to, via)?;
    // The deadline runs from here: compiling the chain counts against --timeout.
    let budget = budget(budget_args)?;
    let (reduced, held) = apply_chain(&parsed, &steps, memory)?;
    // The chain's instances are held while they are solved: the solvers get the rest.
    let budget = budget.with_memory(Some(memory.saturating_sub(held)));
    let mut instances: Vec<&Instance> = vec![&parsed.instance];
    instances.extend(reduced.iter().map(|r| &r.target));
    let started = Instant::now();
    let source = match solve_instance(instances[0], &budget) {
        Ok(s) => Ok(s),
        Err(SolveError::Budget(b)) => Err(Unsolved::stopped(&b, started, |stats| {
            format!(
                "budget exhausted while solving the source, after {}",
                stats_words(stats)
            )
        })),
        Err(e) => return Err(solve_error(&parsed, e)),
    };
    let mut findings = Findings {
        steps: &steps,
        instances,
        source,
        reports: Vec::new(),
        target_stats: Vec::new(),
        own_stats: Vec::new(),
        established: Vec::new(),
        answer_known: Vec::new(),
        source_certificate: None,
    };
    // Every target is searched even when the source's answer is unknown: a later step can
    // still be compared (its source is the previous target), and what was established is
    // reported either way.
    let source_solution = findings.source.as_ref().ok();
    let (searched, evidence) = match options.by {
        VerifyBy::Auto => {
            let raced = race(&steps, &findings.instances, source_solution, &budget)
                .map_err(|e| solve_error(&parsed, e))?;
            findings.source_certificate = raced.source_certificate;
            let mut searched = raced.searched;
            if options.certify || options.self_check {
                finish_searches(&findings.instances, &mut searched, &budget, &parsed)?;
            }
            (searched, raced.evidence)
        }
        VerifyBy::Search => {
            let searched = search_targets(&findings.instances, &budget, &parsed)?;
            let evidence = searched.iter().map(search_evidence).collect();
            (searched, evidence)
        }
        VerifyBy::Certificate => {
            let why = "not searched (--by certificate)";
            let searched = findings.instances[1..]
                .iter()
                .map(|_| Err(Unsolved::because(why)))
                .collect();
            let evidence = match source_solution {
                Some(source) => {
                    let (fate, evidence) =
                        by_certificate(&steps, &findings.instances, source, &budget);
                    findings.source_certificate = Some(fate);
                    evidence
                }
                None => steps
                    .iter()
                    .map(|_| Evidence::Unknown("the source's answer is unknown".into()))
                    .collect(),
            };
            (searched, evidence)
        }
    };
    findings.established = evidence.iter().map(Evidence::winner).collect();
    findings.target_stats = searched.iter().map(searched_stats).collect();
    let compared = compare_steps(&findings, findings.source.as_ref().ok(), evidence, &budget)?;
    findings.reports = compared.reports;
    findings.answer_known = compared.known;
    findings.own_stats = compared.own_stats;
    let mut out = render(&findings);
    if options.self_check {
        let solutions: Vec<(&Instance, &Solution)> = findings
            .instances
            .iter()
            .zip(std::iter::once(&findings.source).chain(&searched))
            .filter_map(|(i, s)| s.as_ref().ok().map(|s| (*i, s)))
            .collect();
        let checked = check_all(&solutions, budget_args)?;
        if let Some(stop) = checked.iter().find_map(|c| c.stop()) {
            return Ok(stop);
        }
        out.add_self_check(&checked);
    }
    if options.certify {
        let all: Option<Vec<&Solution>> = std::iter::once(&findings.source)
            .chain(&searched)
            .map(|s| s.as_ref().ok())
            .collect();
        match all {
            Some(solutions) => {
                let c = verify_certify::run(
                    &steps,
                    &findings.instances,
                    &solutions,
                    budget_args,
                    save_certs,
                )?;
                out.add_certificates(c);
            }
            None => out.note_certify_skipped(),
        }
    }
    Ok(emit(out, options.json))
}

/// Prints the report and returns its exit outcome.
fn emit(out: Rendered, json: bool) -> Outcome {
    match json {
        true => crate::outln!("{:#}", out.json),
        false => crate::out!("{}", out.text),
    }
    out.outcome
}

/// Searches every target (`--by search`): `Err(why)` where the budget ran out.
fn search_targets(
    instances: &[&Instance],
    budget: &Budget,
    parsed: &crate::lang::Parsed,
) -> miette::Result<Vec<Result<Solution, Unsolved>>> {
    instances[1..]
        .iter()
        .map(|t| (std::time::Instant::now(), t))
        .map(|(started, t)| match solve_instance(t, budget) {
            Ok(s) => Ok(Ok(s)),
            Err(SolveError::Budget(b)) => Ok(Err(exhausted(&b, started))),
            Err(e @ SolveError::TooLarge { .. }) => Ok(Err(Unsolved::because(e.to_string()))),
            Err(e) => Err(solve_error(parsed, e)),
        })
        .collect()
}

/// `--by auto` with `--certify` or `--self-check`, which need every target's search: the
/// targets whose search the race stopped or skipped (a certificate decided first) are searched
/// to the end with what is left of the budget. Where that does not finish, `--certify` is
/// skipped as it is whenever a search is missing; the verdicts stand either way.
fn finish_searches(
    instances: &[&Instance],
    searched: &mut [Result<Solution, Unsolved>],
    budget: &Budget,
    parsed: &crate::lang::Parsed,
) -> miette::Result<()> {
    for (slot, target) in searched.iter_mut().zip(&instances[1..]) {
        if slot.is_ok() || budget.expired() {
            continue;
        }
        let started = std::time::Instant::now();
        *slot = match solve_instance(target, budget) {
            Ok(s) => Ok(s),
            Err(SolveError::Budget(b)) => Err(exhausted(&b, started)),
            Err(e @ SolveError::TooLarge { .. }) => Err(Unsolved::because(e.to_string())),
            Err(e) => return Err(solve_error(parsed, e)),
        };
    }
    Ok(())
}

/// Why a search gave no answer: its budget ran out, with the statistics of the search so far
/// (nodes and time; positions stored, table hits, node rate and peak table memory where the
/// solver keeps a table).
pub(super) fn exhausted(
    b: &crate::solvers::BudgetExceeded,
    started: std::time::Instant,
) -> Unsolved {
    Unsolved::stopped(b, started, |stats| {
        format!("search budget exhausted after {}", stats_words(stats))
    })
}

/// The statistics of one target's search, when it ran.
fn searched_stats(searched: &Result<Solution, Unsolved>) -> Option<Stats> {
    match searched {
        Ok(s) => Some(s.stats()),
        Err(unsolved) => unsolved.stats,
    }
}

/// The evidence of one target's search.
fn search_evidence(searched: &Result<Solution, Unsolved>) -> Evidence {
    match searched {
        Ok(s) => Evidence::of_solution(s),
        Err(unsolved) => Evidence::Unknown(unsolved.why.clone()),
    }
}

/// `--by certificate`: the source certificate's fate (with the milliseconds of certifying and
/// checking it) and every step's evidence.
fn by_certificate(
    steps: &[&'static dyn Reduction],
    instances: &[&Instance],
    source: &Solution,
    budget: &Budget,
) -> ((CertFate, Option<f64>), Vec<Evidence>) {
    match carry_forward_within(steps, instances, source, budget) {
        Some(carried) => {
            let evidence = carried
                .images
                .iter()
                .map(|(fate, millis)| certificate_evidence(fate, *millis))
                .collect();
            ((carried.source, Some(carried.source_millis)), evidence)
        }
        None => {
            let why = "the certificate maps ran out of their budget (--timeout, --memory)";
            let evidence = steps
                .iter()
                .map(|_| Evidence::Unknown(why.into()))
                .collect();
            ((CertFate::Unknown(why.into()), None), evidence)
        }
    }
}

/// How long past the deadline the certificate path may take before it is abandoned.
const CARRY_GRACE: Duration = Duration::from_millis(20);

/// [`carry_forward`] under the budget's deadline. The forward certificate maps poll the
/// deadline and count `--memory` themselves (`certmaps::with_map_limits`), but the source's
/// own certification and code between polls do not; as a safety net the path runs on a
/// thread of its own, on copies of the instances, and is abandoned at the deadline (`None`):
/// `verify` reports what it has, and the thread ends with the process.
fn carry_forward_within(
    steps: &[&'static dyn Reduction],
    instances: &[&Instance],
    source: &Solution,
    budget: &Budget,
) -> Option<Carried> {
    let Some(deadline) = budget.deadline else {
        return Some(carry_forward(steps, instances, source, budget));
    };
    let steps = steps.to_vec();
    let owned: Vec<Instance> = instances.iter().map(|i| (*i).clone()).collect();
    let (source, budget) = (source.clone(), budget.clone());
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("certificate-path".into())
        // As much stack as the main thread: certifying the source searches recursively.
        .stack_size(8 << 20)
        .spawn(move || {
            let refs: Vec<&Instance> = owned.iter().collect();
            let _ = tx.send(carry_forward(&steps, &refs, &source, &budget));
        });
    if spawned.is_err() {
        return None;
    }
    let wait = deadline.saturating_duration_since(Instant::now()) + CARRY_GRACE;
    rx.recv_timeout(wait).ok()
}

/// What [`compare_steps`] found.
struct Compared {
    /// Each step's report.
    reports: Vec<StepReport>,
    /// Whether each step's source answer is known.
    known: Vec<bool>,
    /// The statistics of each step's own source question's solve, where it has one.
    own_stats: Vec<Option<Stats>>,
}

/// Each step's report. Step j's source answer is the reduction's own question where it has
/// one (Trail Trap Thm 18: a long trail, not a Hamiltonian path), else the source's answer
/// (step 1) or the winner established on the previous step's target. A step whose source
/// answer is unknown gets an unknown verdict; its static checks still count (a wrong size
/// or structure is a mismatch whatever the answers).
fn compare_steps(
    f: &Findings,
    source_solution: Option<&Solution>,
    evidence: Vec<Evidence>,
    budget: &Budget,
) -> miette::Result<Compared> {
    let mut reports: Vec<StepReport> = Vec::new();
    let mut known = Vec::new();
    let mut own_stats = Vec::new();
    for ((j, r), ev) in f.steps.iter().enumerate().zip(evidence) {
        let (src, tgt) = (f.instances[j], f.instances[j + 1]);
        let statics = step::statics(*r, src, tgt);
        let standard = match j {
            0 => source_solution.map(Solution::yes),
            _ => f.established[j - 1].map(|w| w == crate::solvers::Winner::First),
        };
        let started = Instant::now();
        let mut why = "this step's source answer is unknown".to_string();
        let (answer, stats) = match own_answer_with_stats(*r, src, budget) {
            None => (standard.map(|y| (y, false)), None),
            Some(Ok((yes, stats))) => (Some((yes, true)), Some(stats)),
            Some(Err(SolveError::Budget(b))) => {
                let stats = b.stats_since(started);
                why = format!(
                    "budget exhausted while answering this step's own source question, after {}",
                    stats_words(stats)
                );
                (None, Some(stats))
            }
            Some(Err(e)) => return Err(miette::miette!("{e}")),
        };
        own_stats.push(stats);
        known.push(answer.is_some());
        reports.push(match answer {
            Some(a) => StepReport::new(*r, statics, a, ev),
            None => StepReport::new(*r, statics, (true, false), Evidence::Unknown(why)),
        });
    }
    Ok(Compared {
        reports,
        known,
        own_stats,
    })
}

/// `--self-check`: certifies every searched answer and checks the certificate.
fn check_all(
    solutions: &[(&Instance, &Solution)],
    budget_args: &BudgetArgs,
) -> miette::Result<Vec<SelfChecked>> {
    solutions
        .iter()
        .map(|(inst, sol)| self_check_answer(inst, sol, budget_args))
        .collect()
}
