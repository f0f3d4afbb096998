//! `georeduce check`: it finds the papers' errata by itself, catches deliberately broken
//! reductions and shrinks them to small counterexamples, passes the corrected reductions with
//! many YES and NO instances, and its shards add up to the unsharded campaign.
//!
//! The broken reductions are test-only wrappers around real ones that mutate the output
//! (an extra chain vertex, a missing arc, a wrong start) and declare the mutated size and no
//! structural claim, so that only the comparison of answers can catch them. Minimal
//! counterexamples are confirmed on the source side by brute force, independently of the
//! solvers that `check` uses.

// The test crate's root is this file, so its modules live in tests/check/ by explicit path
// (a plain `mod x;` would look for tests/x.rs, which cargo would build as another test).
#[path = "check/broken.rs"]
mod broken;
#[path = "check/campaign.rs"]
mod campaign;
#[path = "check/certify.rs"]
mod certify;
#[path = "check/planarity.rs"]
mod planarity;
#[path = "check/support.rs"]
mod support;

use georeduce::check::{CheckConfig, FailureKind};
use support::{by_id, config, confirm, num_vars_or_vertices, run};

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

#[test]
fn trail_trap_sees_no_instances_at_default_sizes_and_budget() {
    // Connected cubic graphs answer NO to Thm 18's question only from 14 vertices, with
    // bridges: the bridged cubic family and the default budget must reach them.
    let report = run(&config(&["hampath-trailtrap"], 120, 5));
    let r = &report.reductions[0];
    let t = r.total();
    assert!(r.passed(), "{:?}\n{}", r.problems(), report.summary());
    assert!(t.yes >= 20 && t.no >= 3, "YES {} NO {}", t.yes, t.no);
}
