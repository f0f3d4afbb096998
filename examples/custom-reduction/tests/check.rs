//! georeduce's `check` on reductions defined in this crate: the same generators, shrinking
//! and reports as for georeduce's own reductions.

use custom_reduction::{NoPadding, TextbookQbfToDvg};
use georeduce::check::{self, CheckConfig, FailureKind, Silent, run_case};
use georeduce::reductions::Reduction;

#[test]
fn the_textbook_reduction_passes_on_yes_and_no_instances() {
    let cfg = CheckConfig::new(vec![&TextbookQbfToDvg])
        .cases(300)
        .seed(1)
        .max_size(5);
    let report = check::run_check(&cfg, &Silent);
    println!("{}", report.summary());
    assert!(report.passed(), "{}", report.summary());
    let total = report.reductions[0].total();
    assert_eq!(total.cases, 300);
    assert!(total.yes >= 30 && total.no >= 30, "{total:?}");
}

#[test]
fn the_missing_padding_is_refuted_and_shrunk() {
    let unpadded: &'static dyn Reduction = &NoPadding;
    let cfg = CheckConfig::new(vec![unpadded])
        .cases(200)
        .seed(1)
        .max_size(4);
    let report = check::run_check(&cfg, &Silent);
    println!("{}", report.summary());
    assert!(!report.passed());
    let c = &report.reductions[0].counterexamples[0];
    assert_eq!(c.kind, FailureKind::AnswerMismatch, "{}", c.detail);
    // Shrunk: a single universal variable (no padding: player I chooses it) and one clause.
    assert!(c.measure[0] <= 1 && c.measure[1] <= 1, "{}", c.dsl);
    // The printed counterexample parses back and still fails, and the textbook reduction
    // gets it right.
    let parsed = georeduce::lang::parse_str("counterexample", &c.dsl).expect("parses");
    let refuted = run_case(unpadded, &parsed.instance, None);
    assert_eq!(
        refuted.failure().map(|f| f.kind),
        Some(FailureKind::AnswerMismatch)
    );
    assert!(
        run_case(&TextbookQbfToDvg, &parsed.instance, None)
            .failure()
            .is_none()
    );
    // The reports a CI job would publish.
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).expect("JSON");
    assert_eq!(json["reductions"][0]["id"], "example-qbf-dvg-no-padding");
    assert!(report.to_junit_xml().contains("<failure message="));
}
