//! Deliberately broken reductions are caught and shrunk to small instances; panics are
//! caught quietly; a sample with no YES or NO instance fails.

use super::support::*;
use georeduce::check::{FailureKind, case::catch_quietly, run_case};
use georeduce::problems::{Instance, Locator};
use georeduce::reductions::{Reduced, Reduction, ReductionError, ReductionInfo};

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
    let detail = &c.detail;
    assert!(
        detail.contains("too large") && detail.contains("tests/check/broken.rs"),
        "{detail}"
    );
    assert_eq!(&c.measure[..2], &[2, 2], "{}", c.dsl);
    // catch_quietly on its own reports the message and the location, and passes values on.
    let err = catch_quietly(|| panic!("boom")).unwrap_err();
    assert!(err.contains("boom") && err.contains("broken.rs:"), "{err}");
    assert_eq!(catch_quietly(|| 7), Ok(7));
}

/// Refuses every instance by a precondition: no compiled instance, so no evidence.
struct AlwaysRefuses;

impl Reduction for AlwaysRefuses {
    fn info(&self) -> &ReductionInfo {
        by_id("qbf-dvg").info()
    }
    fn reduce(&self, _: &Instance) -> Result<Reduced, ReductionError> {
        Err(ReductionError::Precondition {
            theorem: "Thm 0",
            message: "nothing".into(),
            at: Locator::Whole,
            help: None,
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
    cfg.reductions = vec![&AlwaysRefuses];
    let report = run(&cfg);
    let r = &report.reductions[0];
    assert_eq!(
        (r.total().skipped_precondition, r.total().failures),
        (40, 0)
    );
    assert!(!r.passed() && !report.passed());
    assert_eq!(r.problems().len(), 2, "{:?}", r.problems());
    let xml = report.to_junit_xml();
    assert!(xml.contains("one side of the sample is empty"));
}
