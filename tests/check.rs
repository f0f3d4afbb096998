//! `georeduce check`: it finds the papers' errata by itself, catches deliberately broken
//! reductions and shrinks them to small counterexamples, passes the corrected reductions with
//! many YES and NO instances, and its shards add up to the unsharded campaign.
//!
//! The broken reductions are test-only wrappers around real ones that mutate the output
//! (an extra chain vertex, a missing arc, a wrong start) and declare the mutated size and no
//! structural claim, so that only the comparison of answers can catch them. Minimal
//! counterexamples are confirmed on the source side by brute force, independently of the
//! solvers that `check` uses.

use georeduce::check::{
    CertifyStatus, CheckConfig, CheckReport, FailureKind, Silent, case::catch_quietly, run_case,
    run_check, select,
};
use georeduce::problems::{Geography, HamPath, Instance, Qbf, Quantifier, Tokens, VertexCover};
use georeduce::reductions::{self, Reduced, Reduction, ReductionError, ReductionInfo};
use georeduce::solvers::{Budget, SolveError};

fn by_id(id: &str) -> &'static dyn Reduction {
    reductions::by_id(id).unwrap_or_else(|| panic!("reduction {id} is registered"))
}

fn config(ids: &[&str], cases: usize, max_size: usize) -> CheckConfig {
    let mut cfg = CheckConfig::new(ids.iter().map(|id| by_id(id)).collect());
    cfg.cases = cases;
    cfg.max_size = max_size;
    cfg
}

/// A real reduction whose output is mutated after compiling.
struct Broken {
    inner: &'static dyn Reduction,
    info: ReductionInfo,
    mutate: fn(&mut Geography),
    extra: (usize, isize),
}

impl Reduction for Broken {
    fn info(&self) -> &ReductionInfo {
        &self.info
    }
    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let mut reduced = self.inner.reduce(source)?;
        if let Instance::Geography(g) = &mut reduced.target {
            (self.mutate)(g);
        }
        Ok(reduced)
    }
    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let (v, e) = self.inner.declared_size(source);
        (v + self.extra.0, e.saturating_add_signed(self.extra.1))
    }
    fn check_structure(&self, _: &Instance, _: &Instance) -> Result<(), String> {
        Ok(())
    }
    fn source_answer(&self, s: &Instance, b: &Budget) -> Option<Result<bool, SolveError>> {
        self.inner.source_answer(s, b)
    }
}

fn broken(
    id: &'static str,
    inner: &str,
    mutate: fn(&mut Geography),
    extra: (usize, isize),
) -> &'static dyn Reduction {
    let inner = by_id(inner);
    let info = ReductionInfo {
        id,
        provenance: "test-only broken variant",
        ..inner.info().clone()
    };
    Box::leak(Box::new(Broken {
        inner,
        info,
        mutate,
        extra,
    }))
}

/// Off-by-one chain: player I's chain in Thm 2.3's board gets one more vertex.
fn lengthen_first_chain(g: &mut Geography) {
    let Tokens::Partizan {
        starts: Some([mut end, _]),
    } = g.tokens
    else {
        return;
    };
    let succ = g.graph.successors();
    while let Some(&next) = succ[end].first() {
        end = next;
    }
    let extra = g.graph.add_vertex("test_extra");
    g.graph.add_edge(end, extra);
}

fn drop_last_arc(g: &mut Geography) {
    g.graph.edges.pop();
}

fn shift_start(g: &mut Geography) {
    if let Tokens::One { start: Some(s) } = g.tokens {
        g.tokens = Tokens::One {
            start: Some((s + 1) % g.graph.n()),
        };
    }
}

fn run(cfg: &CheckConfig) -> CheckReport {
    run_check(cfg, &Silent)
}

// ---- independent brute force for the source side of counterexamples ----

fn qbf_true(q: &Qbf) -> bool {
    fn go(q: &Qbf, order: &[(usize, Quantifier)], a: &mut Vec<bool>) -> bool {
        let Some((&(v, quant), rest)) = order.split_first() else {
            return q.matrix_holds(a);
        };
        let mut branch = |b| {
            a[v] = b;
            go(q, rest, a)
        };
        match quant {
            Quantifier::Exists => branch(false) || branch(true),
            Quantifier::Forall => branch(false) && branch(true),
        }
    }
    go(q, &q.order(), &mut vec![false; q.num_vars()])
}

fn hampath_exists(h: &HamPath) -> bool {
    fn extend(h: &HamPath, path: &mut Vec<usize>) -> bool {
        if path.len() == h.graph.n() {
            return h.is_solution(path);
        }
        (0..h.graph.n()).any(|v| {
            if path.contains(&v) {
                return false;
            }
            path.push(v);
            let found = extend(h, path);
            path.pop();
            found
        })
    }
    extend(h, &mut Vec::new())
}

fn cover_exists(c: &VertexCover) -> bool {
    let n = c.graph.n();
    (0u32..1 << n).any(|set| {
        let cover: Vec<usize> = (0..n).filter(|&v| set >> v & 1 == 1).collect();
        c.is_solution(&cover)
    })
}

fn brute_source_answer(instance: &Instance) -> bool {
    match instance {
        Instance::Qbf(q) => qbf_true(q),
        Instance::Hampath(h) => hampath_exists(h),
        Instance::VertexCover(c) => cover_exists(c),
        Instance::Geography(_) => unreachable!("no game source here"),
    }
}

/// Parses a counterexample's DSL text and re-runs it: it must fail the same way, and its
/// source answer must be the one the failure detail states, by brute force.
fn confirm(r: &dyn Reduction, dsl: &str, kind: FailureKind) -> Instance {
    let parsed = georeduce::lang::parse_str("counterexample", dsl)
        .unwrap_or_else(|e| panic!("counterexample does not parse: {e:?}\n{dsl}"));
    let verdict = run_case(r, &parsed.instance, None);
    let failure = verdict.failure().expect("the counterexample still fails");
    assert_eq!(failure.kind, kind, "{}", failure.detail);
    if kind == FailureKind::AnswerMismatch {
        let yes = brute_source_answer(&parsed.instance);
        let stated = if yes { "source is YES" } else { "source is NO" };
        assert!(
            failure.detail.starts_with(stated),
            "{stated} vs {}",
            failure.detail
        );
    }
    parsed.instance
}

fn num_vars_or_vertices(i: &Instance) -> usize {
    match i {
        Instance::Qbf(q) => q.num_vars(),
        Instance::Hampath(h) => h.graph.n(),
        Instance::VertexCover(c) => c.graph.n(),
        Instance::Geography(g) => g.graph.n(),
    }
}

// ---- the papers' errata ----

#[test]
fn finds_the_papers_errata_within_the_default_budget() {
    let ids = [
        ("hampath-pvg-as-printed", 4),
        ("vc-pvg-as-printed", 2),
        ("qbf-iag2-as-printed", 3),
    ];
    let mut cfg = CheckConfig::new(ids.iter().map(|(id, _)| by_id(id)).collect());
    let dir = std::env::temp_dir().join(format!("georeduce-check-{}", std::process::id()));
    cfg.out_dir = Some(dir.clone());
    let report = run(&cfg);
    assert!(!report.passed());
    for (r, (id, limit)) in report.reductions.iter().zip(ids) {
        assert_eq!(r.id, id);
        assert!(r.as_printed && !r.passed(), "{id}");
        let c = r
            .counterexamples
            .first()
            .unwrap_or_else(|| panic!("{id}: no counterexample"));
        assert_eq!(c.kind, FailureKind::AnswerMismatch, "{id}: {}", c.detail);
        let inst = confirm(by_id(id), &c.dsl, c.kind);
        let size = num_vars_or_vertices(&inst);
        assert!(
            size <= limit,
            "{id}: shrunk to {size} > {limit}:\n{}",
            c.dsl
        );
        // The saved file holds the same instance behind a comment header.
        let path = c.path.as_ref().expect("saved under --out-dir");
        let text = std::fs::read_to_string(path).expect("saved file is readable");
        assert!(text.starts_with("# georeduce check") && text.ends_with(&c.dsl));
        let t = r.total();
        assert!(t.yes >= 20 && t.no >= 20, "{id}: YES {} NO {}", t.yes, t.no);
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_corrected_reductions_pass_with_many_yes_and_no_instances() {
    let report = run(&config(&["hampath-pvg", "vc-pvg", "qbf-iag2"], 150, 5));
    for r in &report.reductions {
        let t = r.total();
        assert!(
            r.passed(),
            "{}: {:?}\n{}",
            r.id,
            r.problems(),
            report.summary()
        );
        assert!(
            t.yes >= 20 && t.no >= 20,
            "{}: YES {} NO {}",
            r.id,
            t.yes,
            t.no
        );
    }
}

// ---- deliberately broken reductions ----

#[test]
fn an_off_by_one_chain_is_caught_and_shrunk() {
    let r = broken(
        "test-off-by-one-chain",
        "hampath-pvg",
        lengthen_first_chain,
        (1, 1),
    );
    let mut cfg = config(&[], 100, 5);
    cfg.reductions = vec![r];
    let report = run(&cfg);
    let c = &report.reductions[0].counterexamples[0];
    assert_eq!(c.kind, FailureKind::AnswerMismatch);
    let inst = confirm(r, &c.dsl, c.kind);
    assert!(num_vars_or_vertices(&inst) <= 2, "{}", c.dsl);
}

#[test]
fn a_missing_arc_is_caught_and_shrunk() {
    let r = broken("test-missing-arc", "qbf-dvg", drop_last_arc, (0, -1));
    let mut cfg = config(&[], 150, 4);
    cfg.reductions = vec![r];
    let report = run(&cfg);
    let c = &report.reductions[0].counterexamples[0];
    assert_eq!(c.kind, FailureKind::AnswerMismatch);
    let inst = confirm(r, &c.dsl, c.kind);
    assert!(num_vars_or_vertices(&inst) <= 3, "{}", c.dsl);
}

#[test]
fn a_wrong_start_is_caught_and_shrunk() {
    let r = broken("test-wrong-start", "dvg-misere-dvg", shift_start, (0, 0));
    let mut cfg = config(&[], 100, 5);
    cfg.reductions = vec![r];
    let report = run(&cfg);
    let c = &report.reductions[0].counterexamples[0];
    assert_eq!(c.kind, FailureKind::AnswerMismatch);
    assert!(c.measure[0] <= 4, "{}", c.dsl);
    let parsed = georeduce::lang::parse_str("c", &c.dsl).expect("parses");
    let v = run_case(r, &parsed.instance, None);
    assert_eq!(
        v.failure().map(|f| f.kind),
        Some(FailureKind::AnswerMismatch)
    );
}

#[test]
fn a_wrong_declared_size_is_caught_on_the_smallest_instance() {
    let r = broken("test-wrong-size", "qbf-dvg", |_| {}, (1, 0));
    let mut cfg = config(&[], 30, 3);
    cfg.reductions = vec![r];
    let report = run(&cfg);
    let rep = &report.reductions[0];
    assert_eq!(rep.total().failures, 30);
    let c = &rep.counterexamples[0];
    assert_eq!(c.kind, FailureKind::SizeMismatch);
    // Every instance fails, so shrinking must reach a formula with no variable left.
    assert_eq!(c.measure[0], 0, "{}", c.dsl);
}

/// Panics on formulas with at least two variables and two clauses.
struct PanicsWhenLarge;

impl Reduction for PanicsWhenLarge {
    fn info(&self) -> &ReductionInfo {
        by_id("qbf-dvg").info()
    }
    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        if let Instance::Qbf(q) = source {
            assert!(q.num_vars() < 2 || q.clauses.len() < 2, "too large");
        }
        by_id("qbf-dvg").reduce(source)
    }
    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        by_id("qbf-dvg").declared_size(source)
    }
    fn check_structure(&self, s: &Instance, t: &Instance) -> Result<(), String> {
        by_id("qbf-dvg").check_structure(s, t)
    }
}

#[test]
fn a_panic_is_caught_quietly_and_shrunk_to_the_exact_threshold() {
    let mut cfg = config(&[], 60, 4);
    cfg.reductions = vec![&PanicsWhenLarge];
    let report = run(&cfg);
    let c = &report.reductions[0].counterexamples[0];
    assert_eq!(c.kind, FailureKind::Panic);
    assert!(c.detail.contains("too large") && c.detail.contains("tests/check.rs"));
    assert_eq!(&c.measure[..2], &[2, 2], "{}", c.dsl);
    // The hook is restored: a later panic outside check still reaches the default hook,
    // and catch_quietly still reports the location.
    let err = catch_quietly(|| panic!("boom")).unwrap_err();
    assert!(err.contains("boom") && err.contains("check.rs"), "{err}");
}

/// Answers every instance directly and correctly: no compiled instance, so no evidence.
struct AlwaysTrivial;

impl Reduction for AlwaysTrivial {
    fn info(&self) -> &ReductionInfo {
        by_id("qbf-dvg").info()
    }
    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let Instance::Qbf(q) = source else {
            unreachable!("reads formulas")
        };
        Err(ReductionError::Trivial {
            answer: qbf_true(q),
            reason: "brute force".into(),
        })
    }
    fn declared_size(&self, _: &Instance) -> (usize, usize) {
        (0, 0)
    }
    fn check_structure(&self, _: &Instance, _: &Instance) -> Result<(), String> {
        Ok(())
    }
}

#[test]
fn a_sample_without_yes_or_no_instances_fails() {
    let mut cfg = config(&[], 40, 3);
    cfg.reductions = vec![&AlwaysTrivial];
    let report = run(&cfg);
    let r = &report.reductions[0];
    assert_eq!((r.total().trivial, r.total().failures), (40, 0));
    assert!(!r.passed() && !report.passed());
    assert_eq!(r.problems().len(), 2, "{:?}", r.problems());
    let xml = report.to_junit_xml();
    assert!(xml.contains("one side of the sample is empty"));
}

// ---- determinism, shards, reports ----

/// The parts of a report that do not depend on timing.
fn comparable(report: &CheckReport) -> Vec<String> {
    report
        .reductions
        .iter()
        .map(|r| {
            let classes: Vec<_> = r
                .classes
                .iter()
                .map(|c| {
                    let mut c = c.clone();
                    c.millis = 0.0;
                    c
                })
                .collect();
            let ces: Vec<_> = r
                .counterexamples
                .iter()
                .map(|c| (c.case_index, &c.dsl))
                .collect();
            format!("{} {:x} {classes:?} {ces:?}", r.id, r.fingerprint)
        })
        .collect()
}

#[test]
fn shards_add_up_to_the_unsharded_campaign() {
    let off_by_one = broken(
        "test-off-by-one-shards",
        "hampath-pvg",
        lengthen_first_chain,
        (1, 1),
    );
    let mut cfg = config(&["dvg-misere-dvg", "vc-pvg"], 90, 4);
    cfg.reductions.push(off_by_one);
    cfg.seed = 11;
    let whole = run(&cfg);
    let shards: Vec<CheckReport> = (0..3)
        .map(|i| {
            let mut c = cfg.clone();
            c.shard = Some((i, 3));
            run(&c)
        })
        .collect();
    assert!(shards.iter().all(|s| s.reductions[0].total().cases == 30));
    let merged = CheckReport::merge(&shards).expect("three shards");
    assert_eq!(comparable(&merged), comparable(&whole));
    assert!(!whole.reductions[2].counterexamples.is_empty());
    // The same campaign again is identical; another seed is not.
    assert_eq!(comparable(&run(&cfg)), comparable(&whole));
    cfg.seed = 12;
    assert_ne!(comparable(&run(&cfg)), comparable(&whole));
}

#[test]
fn reports_render_as_json_and_junit() {
    let off_by_one = broken(
        "test-off-by-one-<&>",
        "hampath-pvg",
        lengthen_first_chain,
        (1, 1),
    );
    let mut cfg = config(&["dvg-misere-dvg"], 40, 4);
    cfg.reductions.push(off_by_one);
    cfg.certify = true;
    let report = run(&cfg);
    assert_eq!(report.certify, CertifyStatus::NotYetAvailable);
    assert!(report.summary().contains("not yet available"));
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).expect("valid JSON");
    assert_eq!(json["certify"], "not_yet_available");
    assert_eq!(json["reductions"][0]["id"], "dvg-misere-dvg");
    let yes = json["reductions"][0]["classes"][0]["yes"]
        .as_u64()
        .expect("a count");
    assert_eq!(yes as usize, report.reductions[0].classes[0].yes);
    let xml = report.to_junit_xml();
    let classes: usize = report.reductions.iter().map(|r| r.classes.len() + 1).sum();
    assert_eq!(xml.matches("<testcase ").count(), classes + 1, "{xml}");
    assert!(xml.contains("test-off-by-one-&lt;&amp;&gt;") && !xml.contains("one-<&>"));
    assert!(xml.contains("<failure message=") && xml.contains("hampath {"));
    assert!(xml.contains("<skipped message=\"not yet available"));
    assert_eq!(
        xml.matches("<testsuite ").count(),
        xml.matches("</testsuite>").count()
    );
}

#[test]
fn selection_leaves_out_the_as_printed_variants_unless_named() {
    let all = select(&[], true).expect("all");
    assert!(all.iter().all(|r| !r.info().id.ends_with("-as-printed")));
    let printed = reductions::all()
        .iter()
        .filter(|r| r.info().id.ends_with("-as-printed"))
        .count();
    assert!(printed >= 3);
    assert_eq!(all.len(), reductions::all().len() - printed);
    let named = select(&["vc-pvg-as-printed".into()], true).expect("named");
    assert_eq!(named.len(), all.len() + 1);
    let only = select(&["vc-pvg".into(), "vc-pvg".into()], false).expect("one");
    assert_eq!(only.len(), 1);
    assert!(select(&["no-such".into()], false).is_err());
    use georeduce::check::parse_shard;
    assert_eq!(parse_shard("2/5"), Ok((2, 5)));
    for bad in ["5/5", "1/0", "x/2", "3"] {
        assert!(parse_shard(bad).is_err(), "{bad}");
    }
}
