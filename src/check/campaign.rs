//! The campaign loop: every selected reduction, every case index of this shard, in order.
//!
//! Cases run sequentially on one core, in index order, so a run's report (apart from
//! timings) is a function of the configuration. A case redraws its instance (continuing the
//! same seeded stream) when a precondition rejects it, up to [`MAX_DRAWS`] draws, so that
//! preconditions the generic families cannot know about (a fixed start vertex, k ≥ 1) cost
//! coverage only when they are hard to meet; both the redraws and the final skips are counted.

use super::case::{CaseOptions, CaseStats, Verdict, catch_quietly, run_case_measured, size_of};
use super::generate::{
    Variant, case_rng, generate, generate_variant, size_of_case, stable_hash, variants,
};
use super::progress::{Progress, Tally};
use super::report::{
    CertifyStatus, CheckReport, ClassReport, Counterexample, NonDegenerate, ReductionReport,
    SlowestCase, StatsRecord, normalise_notes,
};
use super::shrink::{measure, non_degenerate, shrink, shrink_where};
use super::{CheckConfig, FailureKind, GivenCase, MAX_DRAWS, is_as_printed};
use crate::problems::Instance;
use crate::reductions::{ProblemKind, Reduction, ReductionError};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Runs the whole campaign.
pub fn run(cfg: &CheckConfig, progress: &dyn Progress) -> CheckReport {
    let started = Instant::now();
    let per_reduction = indices(cfg).count() as u64;
    let given: u64 = cfg
        .reductions
        .iter()
        .map(|r| given_indices(cfg, *r).count() as u64)
        .sum();
    let mut tally = Tally {
        total: per_reduction * cfg.reductions.len() as u64 + given,
        ..Tally::default()
    };
    progress.start(tally.total);
    let certify = if cfg.certify {
        CertifyStatus::Checked
    } else {
        CertifyStatus::NotRequested
    };
    let mut reductions = Vec::new();
    for &r in &cfg.reductions {
        if interrupted(cfg) {
            break;
        }
        reductions.push(check_reduction(r, cfg, progress, &mut tally));
    }
    progress.finish(&tally);
    CheckReport {
        seed: cfg.seed,
        cases: cfg.cases,
        max_size: cfg.max_size.max(1),
        shard: cfg.shard,
        budget_nodes: cfg.budget_nodes,
        given: cfg.given.len(),
        certify,
        reductions,
        millis: started.elapsed().as_secs_f64() * 1000.0,
        interrupted: interrupted(cfg),
    }
}

/// Whether the campaign was asked to stop.
fn interrupted(cfg: &CheckConfig) -> bool {
    cfg.interrupt
        .as_ref()
        .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
}

/// How each case (and each shrinking candidate) runs.
fn options(cfg: &CheckConfig) -> CaseOptions {
    CaseOptions {
        budget_nodes: cfg.budget_nodes,
        certify: cfg.certify,
        memory: cfg.memory,
    }
}

/// The given instances of this shard that `r` reads, with their positions in the list.
fn given_indices<'a>(
    cfg: &'a CheckConfig,
    r: &'a dyn Reduction,
) -> impl Iterator<Item = (usize, &'a GivenCase)> + 'a {
    let source = r.info().source;
    cfg.given
        .iter()
        .enumerate()
        .filter(move |(j, _)| cfg.shard.is_none_or(|(s, k)| k > 0 && j % k == s))
        .filter(move |(_, g)| ProblemKind::of(&g.instance) == source)
}

/// The case indices of this shard.
fn indices(cfg: &CheckConfig) -> impl Iterator<Item = usize> + '_ {
    (0..cfg.cases).filter(move |i| cfg.shard.is_none_or(|(s, k)| k > 0 && i % k == s))
}

/// One case after drawing: the instance that was run (none without a generator).
struct CaseRun {
    instance: Option<Instance>,
    family: String,
    verdict: Verdict,
    redraws: usize,
    /// The statistics of the last draw's solves.
    stats: CaseStats,
    /// Wall-clock milliseconds of every draw of the case (shrinking not counted).
    millis: f64,
}

impl CaseRun {
    /// Runs `r` on `instance`, timed.
    fn of(r: &dyn Reduction, cfg: &CheckConfig, instance: Instance, family: String) -> CaseRun {
        let started = Instant::now();
        let (verdict, stats) = run_case_measured(r, &instance, options(cfg));
        CaseRun {
            instance: Some(instance),
            family,
            verdict,
            redraws: 0,
            stats,
            millis: started.elapsed().as_secs_f64() * 1000.0,
        }
    }
}

/// Draws case `index` of `r` (redrawing on a precondition) and runs it.
fn draw_and_run(
    r: &dyn Reduction,
    cfg: &CheckConfig,
    variants: &[(Variant, u32)],
    index: usize,
    size: usize,
) -> CaseRun {
    let info = r.info();
    let mut rng = case_rng(cfg.seed, info.id, index);
    let mut run = CaseRun {
        instance: None,
        family: String::new(),
        verdict: Verdict::Precondition(format!(
            "no generator for {} instances",
            info.source.name()
        )),
        redraws: 0,
        stats: CaseStats::default(),
        millis: 0.0,
    };
    for draw in 0..MAX_DRAWS {
        let Some(d) = generate(info.source, variants, size, &mut rng) else {
            return run;
        };
        let redraws = run.redraws;
        let earlier = run.millis;
        run = CaseRun::of(r, cfg, d.instance, d.family);
        run.redraws = redraws;
        run.millis += earlier;
        if !matches!(run.verdict, Verdict::Precondition(_)) || draw + 1 == MAX_DRAWS {
            break;
        }
        run.redraws += 1;
    }
    run
}

/// Sizes and draws per size at which each variant is probed.
const PROBE_SIZES: [usize; 3] = [3, 4, 6];
const PROBE_DRAWS: usize = 3;

/// The variants of `r`'s source family weighted by how often its preconditions accept them.
/// Each variant is compiled (not solved) on a few instances from a stream that depends only
/// on the reduction id, so every seed and shard weighs the variants alike; its weight is the
/// number of probes not rejected by a precondition (a panic counts as accepted: the campaign
/// should find it). If no probe is accepted, every variant gets weight 1 and the cases are
/// reported as precondition skips.
fn weighted_variants(r: &dyn Reduction) -> Vec<(Variant, u32)> {
    let info = r.info();
    let all = variants(info.source);
    // A command has no precondition to probe for, and each probe would be a process.
    if info.provenance.starts_with(super::external::PROVENANCE) {
        return all.into_iter().map(|v| (v, 1)).collect();
    }
    let weigh = |i: usize, v: Variant| -> u32 {
        let mut rng = case_rng(PROBE_SEED, info.id, i);
        let mut accepted = 0;
        for size in PROBE_SIZES {
            for _ in 0..PROBE_DRAWS {
                if let Some(d) = generate_variant(info.source, v, size, &mut rng) {
                    let compiled = catch_quietly(|| r.reduce(&d.instance));
                    let rejected = matches!(compiled, Ok(Err(ReductionError::Precondition { .. })));
                    accepted += u32::from(!rejected);
                }
            }
        }
        accepted
    };
    let weighted: Vec<(Variant, u32)> = all
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, weigh(i, v)))
        .collect();
    if weighted.iter().all(|&(_, w)| w == 0) {
        all.into_iter().map(|v| (v, 1)).collect()
    } else {
        weighted
    }
}

/// Seed of the variant probes (fixed, so that probes never depend on the campaign seed).
const PROBE_SEED: u64 = 0x5eed_9b0b;

/// All cases of one reduction.
fn check_reduction(
    r: &dyn Reduction,
    cfg: &CheckConfig,
    progress: &dyn Progress,
    tally: &mut Tally,
) -> ReductionReport {
    let id = r.info().id;
    let max_size = cfg.max_size.max(1);
    let mut rep = empty_report(r, max_size);
    // The smallest non-degenerate counterexample of each failure kind, from the first
    // failing case of that kind whose instance is not degenerate.
    let mut readable: Vec<(NonDegenerate, FailureKind)> = Vec::new();
    for (j, given) in given_indices(cfg, r) {
        if interrupted(cfg) {
            break;
        }
        let started = Instant::now();
        let size = measure(&given.instance)[0].max(1);
        let family = format!("given {}", given.name);
        let run = CaseRun::of(r, cfg, given.instance.clone(), family);
        rep.fingerprint = rep
            .fingerprint
            .wrapping_add(fingerprint(usize::MAX - j, &run));
        record(class_mut(&mut rep.classes, size), &run, tally);
        note_skip(&mut rep.notes, &run.verdict);
        let at = (j, size, run.family.as_str(), Some(given.name.as_str()));
        keep_slowest(&mut rep.slowest_case, &run, at);
        on_failure(r, cfg, progress, (&run, at), (&mut rep, &mut readable));
        class_mut(&mut rep.classes, size).millis += started.elapsed().as_secs_f64() * 1000.0;
        progress.update(id, tally);
    }
    let variants = match cfg.cases {
        0 => Vec::new(),
        _ => weighted_variants(r),
    };
    rep.notes.extend(variant_note(&variants));
    for index in indices(cfg) {
        if interrupted(cfg) {
            break;
        }
        let size = size_of_case(index, cfg.cases, max_size);
        let started = Instant::now();
        let run = draw_and_run(r, cfg, &variants, index, size);
        rep.fingerprint = rep.fingerprint.wrapping_add(fingerprint(index, &run));
        record(class_mut(&mut rep.classes, size), &run, tally);
        note_skip(&mut rep.notes, &run.verdict);
        // Only the first failure of each kind is shrunk: shrinking costs thousands of cases.
        let at = (index, size, run.family.as_str(), None);
        keep_slowest(&mut rep.slowest_case, &run, at);
        on_failure(r, cfg, progress, (&run, at), (&mut rep, &mut readable));
        class_mut(&mut rep.classes, size).millis += started.elapsed().as_secs_f64() * 1000.0;
        progress.update(id, tally);
    }
    for (c, kind) in readable {
        if let Some(ce) = rep.counterexamples.iter_mut().find(|ce| ce.kind == kind) {
            ce.non_degenerate = Some(c);
        }
    }
    rep.classes.retain(|c| c.cases > 0);
    rep.notes = normalise_notes(std::mem::take(&mut rep.notes));
    let t = rep.total();
    let skipped = t.skipped_budget + t.skipped_precondition;
    progress.note(&format!(
        "{id}: {} cases, YES {}, NO {}, failures {}, skipped {skipped}",
        t.cases, t.yes, t.no, t.failures
    ));
    rep
}

/// A report for `r` with an empty class for every size.
fn empty_report(r: &dyn Reduction, max_size: usize) -> ReductionReport {
    let info = r.info();
    ReductionReport {
        id: info.id.to_string(),
        source: info.source.name().to_string(),
        target: info.target.name().to_string(),
        provenance: info.provenance.to_string(),
        as_printed: is_as_printed(r),
        classes: (1..=max_size)
            .map(|size| ClassReport {
                size,
                ..ClassReport::default()
            })
            .collect(),
        counterexamples: Vec::new(),
        notes: Vec::new(),
        fingerprint: 0,
        slowest_case: None,
    }
}

/// Keeps `run` as the slowest case when it took longer than `slowest`.
fn keep_slowest(slowest: &mut Option<SlowestCase>, run: &CaseRun, at: At<'_>) {
    if slowest.as_ref().is_some_and(|s| s.millis >= run.millis) {
        return;
    }
    let (case_index, size, family, given) = at;
    let outcome = match &run.verdict {
        Verdict::Agree { yes: true, .. } => "yes",
        Verdict::Agree { yes: false, .. } => "no",
        Verdict::Fail(_) => "failure",
        Verdict::Budget(_) => "skipped_budget",
        Verdict::Precondition(_) => "skipped_precondition",
    };
    *slowest = Some(SlowestCase {
        case_index,
        given: given.map(str::to_string),
        size,
        family: family.to_string(),
        outcome: outcome.to_string(),
        millis: run.millis,
        source: run.stats.source.map(StatsRecord::from),
        target: run.stats.target.map(StatsRecord::from),
        stopped: run.stats.stopped,
        certificate_positions: run.stats.certified.map(|(positions, _)| positions),
    });
}

/// A note naming the variants kept, when the preconditions ruled some out.
fn variant_note(variants: &[(Variant, u32)]) -> Option<String> {
    let kept: Vec<&(Variant, u32)> = variants.iter().filter(|&&(_, w)| w > 0).collect();
    if kept.len() == variants.len() {
        return None;
    }
    let mut names: Vec<String> = kept.iter().take(4).map(|(v, _)| v.name()).collect();
    if kept.len() > 4 {
        names.push("…".into());
    }
    Some(format!(
        "preconditions accept {} of {} families: {}",
        kept.len(),
        variants.len(),
        names.join(", ")
    ))
}

/// Adds one case to its class and to the running tally.
fn record(class: &mut ClassReport, run: &CaseRun, tally: &mut Tally) {
    class.cases += 1;
    class.precondition_redraws += run.redraws;
    tally.done += 1;
    let stats = &run.stats;
    if let Some(s) = &stats.source {
        class.source_solves.add(s);
    }
    if let Some(s) = &stats.target {
        class.target_solves.add(s);
    }
    if let Some((positions, millis)) = stats.certified {
        let by_certificate = &mut class.targets_by_certificate;
        by_certificate.cases += 1;
        by_certificate.positions += positions;
        by_certificate.millis += millis;
    }
    match &run.verdict {
        Verdict::Agree { yes, certificates } => {
            if *yes {
                class.yes += 1;
                tally.yes += 1;
            } else {
                class.no += 1;
                tally.no += 1;
            }
            class.certificates.absorb(certificates);
        }
        Verdict::Precondition(_) => {
            class.skipped_precondition += 1;
            tally.skipped += 1;
        }
        Verdict::Budget(_) => {
            class.skipped_budget += 1;
            class.budget_stops.add(stats);
            tally.skipped += 1;
        }
        Verdict::Fail(_) => {
            class.failures += 1;
            tally.failures += 1;
        }
    }
}

/// Keeps a skip reason as a note; [`normalise_notes`] keeps the few smallest distinct ones
/// (an order that does not depend on the cases' order, so shards merge exactly).
fn note_skip(notes: &mut Vec<String>, verdict: &Verdict) {
    let msg = match verdict {
        Verdict::Precondition(m) => format!("skipped (precondition): {m}"),
        Verdict::Budget(m) => format!("skipped (budget): {m}"),
        _ => return,
    };
    if !notes.contains(&msg) {
        notes.push(msg);
        if notes.len() > 4 * super::report::SKIP_NOTES {
            *notes = normalise_notes(std::mem::take(notes));
        }
    }
}

/// The class of `size` in `classes` (sorted by size), added when missing: a given instance
/// may be larger than `--max-size`.
fn class_mut(classes: &mut Vec<ClassReport>, size: usize) -> &mut ClassReport {
    let at = match classes.binary_search_by_key(&size, |c| c.size) {
        Ok(at) => at,
        Err(at) => {
            let class = ClassReport {
                size,
                ..ClassReport::default()
            };
            classes.insert(at, class);
            at
        }
    };
    &mut classes[at]
}

/// A digest of one case that does not depend on timing: its index, instance and verdict.
fn fingerprint(index: usize, run: &CaseRun) -> u64 {
    let instance = run
        .instance
        .as_ref()
        .and_then(|i| serde_json::to_vec(i).ok())
        .unwrap_or_default();
    let verdict: u8 = match &run.verdict {
        Verdict::Agree { yes, .. } => u8::from(*yes),
        Verdict::Precondition(_) => 2,
        Verdict::Budget(_) => 3,
        Verdict::Fail(f) => 4 + f.kind as u8,
    };
    stable_hash(
        (index as u64)
            .to_le_bytes()
            .into_iter()
            .chain([verdict])
            .chain(instance),
    )
}

/// A failing case: shrinks it when it is the first of its kind, and looks for the smallest
/// non-degenerate counterexample when it is the first non-degenerate one of its kind. (Both
/// are kept per shard, so that merging shard reports picks the unsharded run's.)
fn on_failure(
    r: &dyn Reduction,
    cfg: &CheckConfig,
    progress: &dyn Progress,
    (run, at): (&CaseRun, At<'_>),
    (rep, readable): (&mut ReductionReport, &mut Vec<(NonDegenerate, FailureKind)>),
) {
    let (Verdict::Fail(f), Some(inst)) = (&run.verdict, &run.instance) else {
        return;
    };
    if !rep.counterexamples.iter().any(|c| c.kind == f.kind) {
        let case = match at.3 {
            Some(name) => format!("on the given instance {name}"),
            None => format!("at case {}", at.0),
        };
        progress.note(&format!(
            "{}: {} {case}; shrinking",
            r.info().id,
            f.kind.name()
        ));
        let c = minimal(r, cfg, inst.clone(), f.clone(), at);
        rep.counterexamples.push(c);
    }
    if non_degenerate(inst) && !readable.iter().any(|(_, k)| *k == f.kind) {
        let nd = smallest_non_degenerate(r, cfg, inst.clone(), f.clone(), at);
        readable.push((nd, f.kind));
    }
}

/// Where a case comes from: index, size class, family, given name.
type At<'a> = (usize, usize, &'a str, Option<&'a str>);

/// Shrinks a failing instance, prints it in the DSL and saves it under `--out-dir`.
fn minimal(
    r: &dyn Reduction,
    cfg: &CheckConfig,
    instance: Instance,
    failure: super::Failure,
    (index, size, family, given): At<'_>,
) -> Counterexample {
    let original_measure = measure(&instance);
    let s = shrink(r, instance, failure, options(cfg), cfg.shrink_tries);
    let mut c = Counterexample {
        reduction: r.info().id.to_string(),
        kind: s.failure.kind,
        detail: s.failure.detail,
        case_index: index,
        size_class: size,
        family: family.to_string(),
        original_measure,
        measure: measure(&s.instance),
        shrink_steps: s.steps,
        shrink_tries: s.tried,
        shrink_hit_limit: s.hit_limit,
        dsl: crate::lang::to_dsl(&s.instance),
        path: None,
        save_error: None,
        given: given.map(str::to_string),
        degenerate: !non_degenerate(&s.instance),
        non_degenerate: None,
    };
    if let Some(dir) = &cfg.out_dir {
        let name = file_name(&c.reduction, c.kind, cfg.seed, (index, given), "");
        match save(dir, &name, r.info().target.name(), &c, &s.instance) {
            Ok(p) => c.path = Some(p),
            Err(e) => c.save_error = Some(e.to_string()),
        }
    }
    c
}

/// Shrinks a failing non-degenerate instance through non-degenerate candidates only (see
/// [`Counterexample::non_degenerate`]), and saves the result under `--out-dir`.
fn smallest_non_degenerate(
    r: &dyn Reduction,
    cfg: &CheckConfig,
    instance: Instance,
    failure: super::Failure,
    (index, _, family, given): At<'_>,
) -> NonDegenerate {
    let kind = failure.kind;
    let s = shrink_where(
        r,
        instance,
        failure,
        options(cfg),
        cfg.shrink_tries,
        non_degenerate,
    );
    let mut nd = NonDegenerate {
        detail: s.failure.detail,
        measure: measure(&s.instance),
        shrink_steps: s.steps,
        case_index: index,
        given: given.map(str::to_string),
        family: family.to_string(),
        dsl: crate::lang::to_dsl(&s.instance),
        path: None,
    };
    if let Some(dir) = &cfg.out_dir {
        let id = r.info().id;
        let name = file_name(id, kind, cfg.seed, (index, given), "-non-degenerate");
        let header = Counterexample {
            reduction: id.to_string(),
            kind,
            detail: nd.detail.clone(),
            case_index: index,
            size_class: 0,
            family: nd.family.clone(),
            original_measure: [0; 4],
            measure: nd.measure,
            shrink_steps: nd.shrink_steps,
            shrink_tries: s.tried,
            shrink_hit_limit: s.hit_limit,
            dsl: nd.dsl.clone(),
            path: None,
            save_error: None,
            given: nd.given.clone(),
            degenerate: false,
            non_degenerate: None,
        };
        nd.path = save(dir, &name, r.info().target.name(), &header, &s.instance).ok();
    }
    nd
}

/// `<id>-<kind>-seed<S>-case<I><suffix>` (`given<J>` for a given instance).
fn file_name(
    id: &str,
    kind: super::FailureKind,
    seed: u64,
    (index, given): (usize, Option<&str>),
    suffix: &str,
) -> String {
    let case = match given {
        Some(_) => format!("given{index}"),
        None => format!("case{index}"),
    };
    format!("{id}-{}-seed{seed}-{case}{suffix}", kind.name())
}

/// Writes `<dir>/<name>.<qbf|geo>` with a comment header.
fn save(
    dir: &Path,
    name: &str,
    target: &str,
    c: &Counterexample,
    inst: &Instance,
) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let ext = if matches!(inst, Instance::Qbf(_)) {
        "qbf"
    } else {
        "geo"
    };
    let path = dir.join(format!("{name}.{ext}"));
    let (a, b) = size_of(inst);
    let what = match c.degenerate {
        false if name.ends_with("-non-degenerate") => "smallest non-degenerate counterexample",
        _ => "minimal counterexample",
    };
    // A registered reduction can be replayed by `verify`; a user's is re-checked by handing
    // this file to `check --from-dir`.
    let reproduce = match crate::reductions::by_id(&c.reduction) {
        Some(_) => format!(
            "georeduce verify {} --to {target} --via {}",
            path.display(),
            c.reduction
        ),
        None => format!("georeduce check … --from-dir {} --cases 0", dir.display()),
    };
    let from = match &c.given {
        Some(g) => format!("given instance {g}"),
        None => format!("case {}, family {}", c.case_index, c.family),
    };
    let text = format!(
        "# georeduce check: {what} for {} ({})\n# {}\n# from {from}; shrunk to ({a}, {b})\n\
         # reproduce: {reproduce}\n{}",
        c.reduction,
        c.kind.name(),
        c.detail.replace('\n', " "),
        crate::lang::to_dsl(inst)
    );
    std::fs::write(&path, text)?;
    Ok(path)
}
