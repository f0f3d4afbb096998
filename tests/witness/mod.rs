//! The independent second witness (`tests/witness/reference.py`): a plain Python minimax
//! written from the papers' definitions, not from our solvers, plays whole families of small
//! graphs and digraphs (every one up to isomorphism to a few vertices, every start, normal and
//! misère) plus seeded random larger ones in every variant `georeduce solve` accepts, and
//! compares each winner with `georeduce solve --batch` (the method `auto` picks: exhaustive,
//! race, matching, GF(2), DAG, tree, NimG matching). Before that the reference checks itself
//! against theorems the papers state (FSU's matching lemma and GF(2) corollary,
//! Renault–Schmidt's pendant and weight-1 NimG results, the Trail Trap paper's Table 1).
//!
//! python3 is required: CI has it, and a missing interpreter fails the test rather than
//! skipping it. The families must not shrink unnoticed: each variant's count of comparisons
//! and both winners are asserted. `witness_detects_flipped_rules` shows that the comparison
//! can fail: the same script with misère read as normal play, or with the unrooted first turn
//! of an earlier georeduce, disagrees with the binary in exactly the affected variants.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

/// Every variant the witness plays (the script's names), with the least number of games it
/// must compare in each (about half of what the families hold today).
const VARIANTS: &[(&str, u64)] = &[
    ("DVG rooted normal", 600),
    ("DVG rooted misere", 600),
    ("DVG unrooted normal", 140),
    ("DVG unrooted misere", 140),
    ("UVG rooted normal", 300),
    ("UVG rooted misere", 300),
    ("UVG unrooted normal", 50),
    ("UVG unrooted misere", 50),
    ("DEG rooted normal", 700),
    ("DEG rooted misere", 700),
    ("DEG unrooted normal", 190),
    ("DEG unrooted misere", 190),
    ("UEG rooted normal", 380),
    ("UEG rooted misere", 380),
    ("UEG unrooted normal", 90),
    ("UEG unrooted misere", 90),
    ("PDVG normal", 1600),
    ("PDVG misere", 1600),
    ("PUVG normal", 700),
    ("PUVG misere", 700),
    ("PDEG normal", 700),
    ("PDEG misere", 700),
    ("PUEG normal", 1100),
    ("PUEG misere", 1100),
    ("PDVG unrooted normal", 130),
    ("PDVG unrooted misere", 130),
    ("PUVG unrooted normal", 35),
    ("PUVG unrooted misere", 35),
    ("PDEG unrooted normal", 70),
    ("PDEG unrooted misere", 70),
    ("Trail Trap normal", 70),
    ("Trail Trap misere", 70),
    ("2-token DVG normal", 800),
    ("2-token DVG misere", 800),
    ("2-token UVG normal", 350),
    ("2-token UVG misere", 350),
    ("2-token DEG normal", 250),
    ("2-token DEG misere", 250),
    ("2-token UEG normal", 450),
    ("2-token UEG misere", 450),
    ("NimG-RM D normal", 4300),
    ("NimG-RM D misere", 4300),
    ("NimG-RM U normal", 850),
    ("NimG-RM U misere", 850),
    ("NimG-MR D normal", 4300),
    ("NimG-MR D misere", 4300),
    ("NimG-MR U normal", 850),
    ("NimG-MR U misere", 850),
];

/// The paper results the reference checks itself against, with their least counts.
const SELF_CHECKS: &[(&str, u64)] = &[
    ("uvg-matching-lemma", 1000),
    ("unrooted-uvg-perfect-matching", 200),
    ("rs-thm-3.4", 200),
    ("unrooted-bipartite-ueg-gf2", 600),
    ("trail-trap-table-1", 3),
    ("trail-trap-small", 2),
    ("trail-trap-max-degree-2", 12),
    ("rs-pendant-misere", 400),
];

/// The methods `auto` must have used somewhere in the families, so that the witness covers
/// each polynomial solver and the race search, not only the exhaustive search.
const METHODS: &[&str] = &[
    "exhaustive",
    "race",
    "matching",
    "gf2",
    "dag",
    "tree",
    "nim_matching",
    "nim_loops",
];

/// Runs the script with `extra` arguments against the binary cargo built; returns the
/// process output and its `SUMMARY` object.
fn run_witness(extra: &[&str]) -> (Output, Value) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/witness/reference.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg("--bin")
        .arg(env!("CARGO_BIN_EXE_georeduce"))
        .args(extra)
        .output()
        .unwrap_or_else(|e| panic!("cannot run python3 (required by the witness; CI has it): {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let summary = stdout
        .lines()
        .find_map(|l| l.strip_prefix("SUMMARY "))
        .unwrap_or_else(|| {
            panic!(
                "no SUMMARY line from the witness (exit {:?})\nstdout:\n{stdout}\nstderr:\n{}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            )
        });
    let summary: Value = serde_json::from_str(summary).expect("SUMMARY is JSON");
    (out, summary)
}

fn count(v: &Value, key: &str) -> u64 {
    v[key]
        .as_u64()
        .unwrap_or_else(|| panic!("no count {key} in {v}"))
}

#[test]
fn every_variant_agrees_with_the_papers_rules() {
    let (out, s) = run_witness(&[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && count(&s, "disagreements") == 0,
        "the witness disagrees with georeduce (or with the papers):\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(count(&s, "self_check_failures"), 0, "{text}");
    let variants = s["variants"].as_object().expect("variants");
    assert_eq!(
        variants.len(),
        VARIANTS.len(),
        "the variants played changed: {:?}",
        variants.keys().collect::<Vec<_>>()
    );
    for &(name, least) in VARIANTS {
        let v = &s["variants"][name];
        assert!(
            count(v, "compared") >= least,
            "{name}: only {} games compared, expected at least {least}",
            count(v, "compared")
        );
        // A family where one player always wins could not tell a rule from its opposite.
        assert!(
            count(v, "first") * 20 >= count(v, "compared")
                && count(v, "second") * 20 >= count(v, "compared"),
            "{name}: one winner under 5 %: {v}"
        );
    }
    for &(name, least) in SELF_CHECKS {
        let n = s["self_checks"][name].as_u64().unwrap_or(0);
        assert!(
            n >= least,
            "self-check {name}: {n} cases, expected at least {least}"
        );
    }
    for &m in METHODS {
        assert!(
            s["methods"][m].as_u64().unwrap_or(0) > 0,
            "no game of the families was answered by {m}: {}",
            s["methods"]
        );
    }
}

/// The comparison can fail: a reference with one rule flipped disagrees with the binary in
/// every variant the rule governs and in no other, and fails the papers' self-checks.
#[test]
fn witness_detects_flipped_rules() {
    for (flip, affected) in [
        (
            "misere",
            &(|n: &str| n.ends_with("misere")) as &dyn Fn(&str) -> bool,
        ),
        ("unrooted", &|n: &str| {
            n.contains("unrooted") && !n.starts_with('P') && !n.starts_with("Trail")
        }),
    ] {
        let (out, s) = run_witness(&["--flip", flip, "--limit", "300"]);
        assert!(!out.status.success(), "--flip {flip} exited 0");
        assert!(count(&s, "self_check_failures") > 0, "--flip {flip}");
        for &(name, _) in VARIANTS {
            let d = count(&s["variants"][name], "disagreements");
            if affected(name) {
                assert!(d > 0, "--flip {flip}: no disagreement in {name}");
            } else {
                assert_eq!(d, 0, "--flip {flip}: disagreements in {name}");
            }
        }
    }
}
