//! Determinism, sharding, reports (JSON, JUnit, summary) and the selection of reductions.

use super::support::*;
use georeduce::check::{CertifyStatus, CheckReport, select};
use georeduce::reductions;

/// The parts of a report that do not depend on timing.
fn comparable(report: &CheckReport) -> Vec<String> {
    report
        .reductions
        .iter()
        .map(|r| {
            let classes: Vec<_> = r.classes.iter().map(|c| c.without_timing()).collect();
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

/// Shards of campaigns that select other reductions (or run another command under the same
/// id) are of another campaign: merging them used to succeed, the report passing with the
/// missing reductions' cases simply absent. The order of the selection is not part of the
/// campaign (each reduction's cases are seeded by its id).
#[test]
fn shards_of_another_selection_of_reductions_are_not_merged() {
    let shard = |ids: &[&str], i| {
        let mut c = config(ids, 30, 3);
        c.shard = Some((i, 3));
        run(&c)
    };
    let both = ["dvg-misere-dvg", "vc-pvg"];
    let fewer = shard(&["dvg-misere-dvg"], 2);
    let err = CheckReport::merge(&[shard(&both, 0), shard(&both, 1), fewer])
        .expect_err("another selection of reductions");
    assert!(err.contains("report 3 is of another campaign"), "{err}");
    assert!(!err.contains("  "), "a run of blanks in: {err}");
    let mut renamed = shard(&both, 2);
    renamed.reductions[1].provenance = "external command: python3 other.py".into();
    let err = CheckReport::merge(&[shard(&both, 0), shard(&both, 1), renamed])
        .expect_err("another command under the same id");
    assert!(err.contains("report 3 is of another campaign"), "{err}");
    let swapped = shard(&["vc-pvg", "dvg-misere-dvg"], 2);
    let merged = CheckReport::merge(&[shard(&both, 0), shard(&both, 1), swapped])
        .expect("the same campaign, its reductions listed in another order");
    assert_eq!(merged.reductions[1].total().cases, 30);
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
    assert_eq!(report.certify, CertifyStatus::Checked);
    assert!(report.summary().contains("certificates: source"));
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).expect("valid JSON");
    assert_eq!(json["certify"], "checked");
    assert_eq!(json["reductions"][0]["id"], "dvg-misere-dvg");
    let yes = json["reductions"][0]["classes"][0]["yes"]
        .as_u64()
        .expect("a count");
    assert_eq!(yes as usize, report.reductions[0].classes[0].yes);
    let xml = report.to_junit_xml();
    // Per reduction: its size classes, the YES/NO coverage case and the certificate case.
    let cases: usize = report.reductions.iter().map(|r| r.classes.len() + 2).sum();
    assert_eq!(xml.matches("<testcase ").count(), cases, "{xml}");
    assert!(xml.contains("test-off-by-one-&lt;&amp;&gt;") && !xml.contains("one-<&>"));
    assert!(xml.contains("<failure message=") && xml.contains("hampath {"));
    assert_eq!(
        xml.matches(": certificates across the reduction\"").count(),
        report.reductions.len()
    );
    assert!(xml.contains("target") && xml.contains("accepted"));
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

#[test]
fn a_degenerate_minimum_comes_with_the_smallest_non_degenerate_counterexample() {
    use georeduce::check::shrink::non_degenerate;
    let r = by_id("hampath-pvg-as-printed");
    let report = run(&config(&["hampath-pvg-as-printed"], 200, 5));
    let c = &report.reductions[0].counterexamples[0];
    // The erratum's minimum is a 2-vertex graph with start = end ...
    let minimal = confirm(r, &c.dsl, c.kind);
    assert!(c.degenerate && !non_degenerate(&minimal), "{}", c.dsl);
    // ... and the report also holds a failing instance a paper's reader accepts.
    let nd = c
        .non_degenerate
        .as_ref()
        .expect("a non-degenerate counterexample");
    let readable = confirm(r, &nd.dsl, c.kind);
    assert!(non_degenerate(&readable), "{}", nd.dsl);
    assert!(nd.measure > c.measure && nd.measure[0] <= 4, "{}", nd.dsl);
    assert!(
        report
            .summary()
            .contains("smallest non-degenerate counterexample")
    );
}
