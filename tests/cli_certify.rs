//! End-to-end tests of `georeduce certify`, `georeduce check-cert` and `--self-check`: exit
//! codes, the printed claim, rejections that name the failing line of play or assignment,
//! diagnostics on malformed certificate JSON, and the message for NO answers.

use crate::run::{assert_stderr_has, georeduce, stderr, stdout};
use serde_json::{Value, json};
use std::path::PathBuf;

/// A path for a scratch file of this test binary (`name` is unique per test).
fn scratch(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli_certify_{name}"))
}

fn write(name: &str, text: &str) -> String {
    let p = scratch(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// Runs `certify FILE [extra…]` (certificate on standard output) and returns its JSON.
fn certificate(file: &str, extra: &[&str]) -> Value {
    let mut args = vec!["certify", file];
    args.extend_from_slice(extra);
    let o = georeduce(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(&o)))
}

#[test]
fn certify_then_check_cert_on_the_running_example() {
    let out = scratch("fs.json");
    let out_s = out.display().to_string();
    let qbf = "examples/fraenkel-simonson.qbf";
    let o = georeduce(&["certify", qbf, "-o", &out_s]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("answer:  no"), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("accepted by the checker"),
        "{}",
        stdout(&o)
    );
    let cert: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(cert["kind"], "qbf_false");
    assert_eq!(cert["functions"][0]["var"], "x2");
    let o = georeduce(&["check-cert", qbf, &out_s]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("accepted: the formula is false"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_tampered_herbrand_table_is_rejected_with_the_failing_assignment() {
    let qbf = "examples/fraenkel-simonson.qbf";
    let mut cert = certificate(qbf, &[]);
    // ∀ must answer x2 = x1; the constant x2 = 1 lets ∃ satisfy every clause with x1 = 0.
    cert["functions"][0]["value"] = json!(true);
    let path = write("tampered_qbf.json", &cert.to_string());
    let o = georeduce(&["check-cert", qbf, &path]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("rejected: certify::all_clauses_hold"),
        "{out}"
    );
    assert!(out.contains("x1=0 x2=1"), "{out}");
}

#[test]
fn a_tampered_game_strategy_is_rejected_with_the_line_of_play() {
    let game = "examples/games/dvg.geo";
    let mut cert = certificate(game, &["--strategy"]);
    assert_eq!(cert["kind"], "game_win");
    assert_eq!(cert["winner"], "first");
    let path = write("good_game.json", &cert.to_string());
    assert_eq!(
        georeduce(&["check-cert", game, &path]).status.code(),
        Some(0)
    );
    // s → a loses: player II answers a → c, and after c → b, b → d player I is stuck at d.
    cert["strategy"][0]["move"] =
        json!({"move": "step", "token": 0, "from": "s", "edge": 0, "to": "a"});
    let path = write("tampered_game.json", &cert.to_string());
    let o = georeduce(&["check-cert", game, &path]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(out.starts_with("rejected: certify::game_lost"), "{out}");
    assert!(out.contains("s→a, a→c, c→b, b→d"), "{out}");
    // Dropping the entry leaves player I's choice at the start unanswered.
    cert["strategy"] = json!([]);
    let path = write("dropped_game.json", &cert.to_string());
    let o = georeduce(&["check-cert", game, &path]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).starts_with("rejected:"), "{}", stdout(&o));
}

#[test]
fn malformed_certificate_json_is_a_located_diagnostic() {
    let path = write(
        "broken.json",
        "{\"version\": 1, \"kind\": \"qbf_false\",\n \"functions\": [ {\"var\": \"x2\" ]}\n",
    );
    let o = georeduce(&["check-cert", "examples/fraenkel-simonson.qbf", &path]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("certify::json"), "{err}");
    assert!(err.contains("line 2"), "{err}");
    let path = write("unknown_kind.json", "{\"version\": 1, \"kind\": \"proof\"}");
    let o = georeduce(&["check-cert", "examples/fraenkel-simonson.qbf", &path]);
    assert_eq!(o.status.code(), Some(2));
    assert_stderr_has(&o, "certify::json");
}

/// A `qbf_true` certificate of ∀x1 ∃x2. (x2) whose function of x2 is a chain of `depth`
/// decision nodes on x1, every leaf `true`.
fn deep_tree_certificate(depth: usize) -> String {
    let mut tree = json!(true);
    for _ in 0..depth {
        tree = json!({"if": "x1", "then": tree, "else": true});
    }
    json!({"version": 1, "kind": "qbf_true", "functions": [{"var": "x2", "value": tree}]})
        .to_string()
}

/// The JSON reader's nesting limit is the limit of decision trees in a file: 124 levels are
/// read and accepted, 125 are a located diagnostic (exit 2) whose help names the limit
/// rather than an unexplained "recursion limit".
#[test]
fn decision_trees_in_a_file_stop_at_the_json_nesting_limit() {
    let formula = write("deep.qbf", "∀x1 ∃x2. (x2)\n");
    let path = write("deep124.json", &deep_tree_certificate(124));
    let o = georeduce(&["check-cert", &formula, &path]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let path = write("deep125.json", &deep_tree_certificate(125));
    let o = georeduce(&["check-cert", &formula, &path]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert_stderr_has(&o, "certify::json");
    assert_stderr_has(&o, "at most 124 levels deep");
}

#[test]
fn a_certificate_of_another_kind_is_rejected() {
    let cert = certificate("examples/hampath.geo", &[]);
    assert_eq!(cert["kind"], "hampath");
    let path = write("hampath.json", &cert.to_string());
    assert_eq!(
        georeduce(&["check-cert", "examples/hampath.geo", &path])
            .status
            .code(),
        Some(0)
    );
    let o = georeduce(&["check-cert", "examples/fraenkel-simonson.qbf", &path]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("certify::wrong_kind"), "{}", stdout(&o));
}

#[test]
fn no_answers_of_np_problems_say_why_there_is_no_certificate() {
    let file = write(
        "no_path.geo",
        "hampath { directed graph\n vertices a b c\n edges a -> b, a -> c }\n",
    );
    let out = scratch("no_path.json");
    let _ = std::fs::remove_file(&out);
    let o = georeduce(&["certify", &file, "-o", &out.display().to_string()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("answer:  no"), "{text}");
    assert!(text.contains("certificate: none"), "{text}");
    assert!(text.contains("NP = coNP"), "{text}");
    assert!(
        !out.exists(),
        "no certificate file may be written for a NO answer"
    );
}

#[test]
fn certify_reports_an_exhausted_budget() {
    let o = georeduce(&[
        "certify",
        "examples/games/trail-trap.geo",
        "--max-nodes",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert_stderr_has(&o, "unknown");
    assert!(o.stdout.is_empty(), "no certificate on a budget hit");
}

#[test]
fn solve_self_check_prints_the_accepted_certificate() {
    let o = georeduce(&["solve", "examples/games/pvg.geo", "--self-check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("self-check: game_win certificate accepted"),
        "{}",
        stdout(&o)
    );
    let o = georeduce(&["solve", "examples/games/uvg.geo", "--self-check", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["self_check"]["accepted"], true);
    assert_eq!(v["self_check"]["certificate"], "uvg_matching");
}

#[test]
fn verify_self_check_certifies_both_sides() {
    let o = georeduce(&[
        "verify",
        "examples/fraenkel-simonson.qbf",
        "--to",
        "pvg",
        "--self-check",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["match"], true);
    let checks = v["self_check"].as_array().unwrap();
    assert_eq!(checks.len(), 2);
    assert_eq!(checks[0]["certificate"], "qbf_false");
    assert_eq!(checks[1]["certificate"], "game_win");
    assert!(checks.iter().all(|c| c["accepted"] == true));
}

/// docs/certificates.md pastes the worked example's output: it must be what the tool prints.
#[test]
fn the_documented_worked_example_is_real_output() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/certificates.md"))
        .unwrap();
    let qbf = "examples/fraenkel-simonson.qbf";
    let out = scratch("doc_cert.json");
    let out_s = out.display().to_string();
    let o = georeduce(&["certify", qbf, "-o", &out_s]);
    // The statistics line carries timings, which differ from run to run.
    let timed = |l: &str| l.starts_with("written:") || l.starts_with("stats:");
    for line in stdout(&o).lines().filter(|l| !timed(l)) {
        assert!(doc.contains(line), "docs lack `{line}`");
    }
    let cert = std::fs::read_to_string(&out).unwrap();
    assert!(doc.contains(&cert), "docs lack the certificate:\n{cert}");
    let o = georeduce(&["check-cert", qbf, &out_s]);
    assert!(doc.contains(stdout(&o).trim_end()), "{}", stdout(&o));
    let bad = write("doc_bad.json", &cert.replace("\"01\"", "\"11\""));
    let o = georeduce(&["check-cert", qbf, &bad]);
    assert_eq!(o.status.code(), Some(1));
    assert!(doc.contains(stdout(&o).trim_end()), "{}", stdout(&o));
}

#[test]
fn a_certificate_beyond_the_checker_limits_is_not_written() {
    // ∃x ∀y1 … ∀y24: the ∃ strategy would have to be checked against 2^24 assignments.
    let ys: Vec<String> = (1..=24).map(|i| format!("∀y{i}")).collect();
    let file = write(
        "wide.qbf",
        &format!("∃x {}. (x ∨ y1) ∧ (x ∨ y2)\n", ys.join(" ")),
    );
    let out = scratch("wide.json");
    let _ = std::fs::remove_file(&out);
    let o = georeduce(&["certify", &file, "-o", &out.display().to_string()]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stdout(&o).contains("answer:  yes"), "{}", stdout(&o));
    assert!(stdout(&o).contains("not written"), "{}", stdout(&o));
    assert!(!out.exists());
}
