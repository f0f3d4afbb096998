//! `verify --by auto` runs the search and the certificate path side by side and takes, for
//! each step, the first that decides it. These tests do not depend on which is faster: each
//! builds a case that only one of the two methods can decide at all, and checks that `auto`
//! answers it through that method where the other method alone ends "unknown".

use crate::run::{georeduce, stderr, stdout, with_stdin};
use std::process::Output;

/// The JSON report of a run that must end with exit `code`.
fn json_exit(o: &Output, code: i32) -> serde_json::Value {
    assert_eq!(o.status.code(), Some(code), "{}{}", stdout(o), stderr(o));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
}

/// Under `--max-nodes 1` no target search can finish (the DEG and UEG targets of the bundled
/// formula need dozens and thousands of nodes), so only the carried certificate decides.
#[test]
fn auto_answers_by_certificate_where_no_search_can() {
    let args = [
        "verify",
        "examples/fraenkel-simonson.qbf",
        "--via",
        "qbf-deg,deg-ueg",
        "--max-nodes",
        "1",
        "--json",
    ];
    let searched = georeduce(&[&args[..], &["--by", "search"]].concat());
    assert_eq!(json_exit(&searched, 3)["result"], "unknown");

    let j = json_exit(&georeduce(&args), 0);
    assert_eq!(j["result"], "match", "{j:#}");
    assert_eq!(j["by"], "certificate");
    assert_eq!(j["source_certificate"]["status"], "accepted");
    for step in 0..2 {
        assert_eq!(j["steps"][step]["by"], "certificate", "{j:#}");
        assert_eq!(j["steps"][step]["winner"], "second", "{j:#}");
        assert!(j["steps"][step]["certificate_positions"].as_u64() > Some(0));
    }
    // The text names the evidence too.
    let text = stdout(&georeduce(&args[..6]));
    assert!(text.contains("MATCH (certified: strategy of "), "{text}");
    assert!(text.contains("result:  MATCH (by certificate)"), "{text}");
}

/// A directed graph without a Hamiltonian path from s to t: a NO answer of an NP problem has
/// no certificate, so only the search can decide the steps of hampath-pvg,pvg-pag.
const NO_PATH: &str = "hampath \"no path\" {
  directed graph
  vertices s a b t
  edges s -> a, s -> b, a -> t, b -> t
  start s
  end t
}
";

#[test]
fn auto_answers_by_search_where_no_certificate_exists() {
    let args = ["verify", "-", "--via", "hampath-pvg,pvg-pag", "--json"];
    let certified = with_stdin(&[&args[..], &["--by", "certificate"]].concat(), NO_PATH);
    assert_eq!(json_exit(&certified, 3)["result"], "unknown");

    let j = json_exit(&with_stdin(&args, NO_PATH), 0);
    assert_eq!(j["result"], "match", "{j:#}");
    assert_eq!(j["by"], "search");
    assert_eq!(j["source_answer"], "no");
    for step in 0..2 {
        assert_eq!(j["steps"][step]["by"], "search", "{j:#}");
        assert_eq!(j["steps"][step]["winner"], "first", "{j:#}");
        assert!(j["steps"][step]["stats"]["nodes"].as_u64() > Some(0));
    }
}

/// Neither method can decide: the search is out of nodes, and the as-printed IAG2 reduction
/// has no forward map (its proof is broken). `auto` ends "unknown" (exit 3) and says why for
/// both; with the nodes it needs, the search alone decides.
#[test]
fn auto_is_unknown_when_neither_method_decides() {
    let args = [
        "verify",
        "examples/fraenkel-simonson.qbf",
        "--via",
        "qbf-iag2-as-printed",
        "--json",
    ];
    let j = json_exit(&georeduce(&[&args[..], &["--max-nodes", "1"]].concat()), 3);
    assert_eq!(j["result"], "unknown", "{j:#}");
    let why = j["steps"][0]["reason"].as_str().unwrap_or_default();
    assert!(why.contains("search budget exhausted"), "{why}");
    assert!(why.contains("certificate not constructive"), "{why}");

    let j = json_exit(&georeduce(&args), 0);
    assert_eq!(j["result"], "match", "{j:#}");
    assert_eq!(j["steps"][0]["by"], "search", "{j:#}");
}

/// A 6-variable formula (`random.Random(100)` of bench/verify_auto.py) whose misère NimG-RM
/// target neither method decides within a second.
const HARD_FOR_NIMG: &str = "p cnf 6 10\ne 1 0\na 2 0\ne 3 0\na 4 0\ne 5 0\na 6 0\n\
-2 4 5 0\n-3 4 1 0\n1 -2 -3 0\n-2 6 5 0\n-2 -4 -5 0\n2 1 -6 0\n5 2 -6 0\n-4 -6 2 0\n\
-2 5 -3 0\n5 3 4 0\n";

/// `verify` of [`HARD_FOR_NIMG`] through NimG-RM with a one-second budget, as JSON: neither
/// method decides within it.
const NIMG_FOR_ONE_SECOND: [&str; 7] = [
    "verify",
    "-",
    "--via",
    "qbf-dvg,dvg-nimg",
    "--timeout",
    "1",
    "--json",
];

/// At the deadline both methods are stopped and the answer is "unknown" with both reasons;
/// a method that reports after `verify` has taken the results writes nothing (this used to
/// panic on the search thread).
#[test]
fn auto_stops_both_methods_at_the_deadline() {
    let o = with_stdin(&NIMG_FOR_ONE_SECOND, HARD_FOR_NIMG);
    let j = json_exit(&o, 3);
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert_eq!(j["result"], "unknown", "{j:#}");
    assert_eq!(j["steps"][1]["match"], serde_json::Value::Null, "{j:#}");
}

/// `verify` of the bundled formula through UEG with `--certify`, as JSON: both methods can
/// decide both steps.
const UEG_CERTIFY: [&str; 6] = [
    "verify",
    "examples/fraenkel-simonson.qbf",
    "--via",
    "qbf-deg,deg-ueg",
    "--certify",
    "--json",
];

/// `--certify` needs every target's search; a step that a certificate decided first in the
/// race is searched to the end afterwards, so the four certificates of every step are carried
/// whichever method won.
#[test]
fn auto_with_certify_carries_every_step() {
    let o = georeduce(&UEG_CERTIFY);
    let j = json_exit(&o, 0);
    let certificates = j["certificates"].as_array().expect("certificates carried");
    assert_eq!(certificates.len(), 2, "{j:#}");
    for c in certificates {
        for role in ["source", "forward", "target", "backward"] {
            assert_eq!(c[role]["status"], "accepted", "{c:#}");
        }
    }
}

/// Runs `georeduce ARGS` (with `input` on standard input when given) with the race's pacing
/// set by `GEOREDUCE_RACE_PACE` (`off`; `auto`, the default; or seconds of equal shares,
/// counting the race as contended throughout: a test-only switch,
/// `cli/commands/verify_pace.rs`).
fn paced(args: &[&str], input: Option<&str>, pace: &str) -> Output {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_georeduce"));
    cmd.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("GEOREDUCE_RACE_PACE", pace)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("spawn georeduce");
    let mut stdin = child.stdin.take().expect("stdin");
    std::io::Write::write_all(&mut stdin, input.unwrap_or("").as_bytes()).expect("write stdin");
    drop(stdin);
    child.wait_with_output().expect("run georeduce")
}

/// What a `verify --json` run decided, without its timings: the result, the evidence of the
/// whole and of every step, each step's winner and match, and the source certificate.
fn decided(j: &serde_json::Value) -> serde_json::Value {
    let steps: Vec<serde_json::Value> = j["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| serde_json::json!([s["by"], s["winner"], s["match"]]))
        .collect();
    serde_json::json!({
        "result": j["result"],
        "by": j["by"],
        "source_answer": j["source_answer"],
        "source_certificate": j["source_certificate"]["status"],
        "steps": steps,
    })
}

/// Pacing the search (forced on, with equal shares for only the first millisecond, so that it
/// holds the search back in any race that lasts longer) changes no answer and no evidence on
/// the cases above, where only one method can decide a step.
#[test]
fn pacing_changes_no_answer() {
    let bundled = "examples/fraenkel-simonson.qbf";
    let cases: [(Vec<&str>, Option<&str>, i32); 4] = [
        (
            vec![
                "verify",
                bundled,
                "--via",
                "qbf-deg,deg-ueg",
                "--max-nodes",
                "1",
            ],
            None,
            0,
        ),
        (
            vec!["verify", "-", "--via", "hampath-pvg,pvg-pag"],
            Some(NO_PATH),
            0,
        ),
        (
            vec!["verify", bundled, "--via", "qbf-iag2-as-printed"],
            None,
            0,
        ),
        (
            vec![
                "verify",
                bundled,
                "--via",
                "qbf-iag2-as-printed",
                "--max-nodes",
                "1",
            ],
            None,
            3,
        ),
    ];
    for (args, input, code) in cases {
        let args = [&args[..], &["--json"]].concat();
        let off = json_exit(&paced(&args, input, "off"), code);
        let on = paced(&args, input, "0.001");
        assert_eq!(decided(&json_exit(&on, code)), decided(&off), "{args:?}");
        // The certificate path ran beside the search here: the pacer was there.
        if off["source_certificate"].is_object() {
            assert!(stderr(&on).contains("race pacing"), "{}", stderr(&on));
        }
    }
}

/// Where both methods can decide every step (the bundled formula through UEG), which one
/// answers first is a race that the machine's load decides, paced or not; pacing changes
/// neither the answer nor the winners and matches of the steps.
#[test]
fn pacing_changes_no_answer_where_both_methods_decide() {
    let verdict = |j: &serde_json::Value| {
        let mut d = decided(j);
        d["by"] = serde_json::Value::Null;
        d["source_certificate"] = serde_json::Value::Null;
        for step in d["steps"].as_array_mut().expect("steps") {
            step[0] = serde_json::Value::Null;
        }
        d
    };
    let off = json_exit(&paced(&UEG_CERTIFY, None, "off"), 0);
    let on = json_exit(&paced(&UEG_CERTIFY, None, "0.001"), 0);
    assert_eq!(verdict(&on), verdict(&off));
    assert_eq!(on["result"], "match", "{on:#}");
}

/// The numbers of the pacer's report on standard error: pauses, search CPU seconds and the
/// certificate route's.
fn pacing_report(o: &Output) -> (u64, f64, f64) {
    let text = stderr(o);
    let line = text
        .lines()
        .find(|l| l.contains("race pacing"))
        .unwrap_or_else(|| panic!("no pacing report: {text}"));
    let number = |after: &str| -> &str {
        let rest = &line[line.find(after).unwrap_or_else(|| panic!("{line}")) + after.len()..];
        rest.split_whitespace().next().expect("a number")
    };
    let pauses = line
        .split("): ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    let search = number("search ")
        .parse()
        .unwrap_or_else(|_| panic!("{line}"));
    let other = number("certificate route ")
        .parse()
        .unwrap_or_else(|_| panic!("{line}"));
    (pauses, search, other)
}

/// Where neither method decides within the second, the paced search sleeps while the
/// certificate route works, so it gets well under half of the two's CPU (a quarter once past
/// the first millisecond of equal shares; unpaced on two cores it would get about half), and
/// `--timeout` still stops both with the same answer as unpaced.
#[test]
fn paced_search_takes_a_smaller_share_and_stops_at_the_deadline() {
    let o = paced(&NIMG_FOR_ONE_SECOND, Some(HARD_FOR_NIMG), "0.001");
    let j = json_exit(&o, 3);
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert_eq!(j["result"], "unknown", "{j:#}");
    assert_eq!(j["steps"][1]["match"], serde_json::Value::Null, "{j:#}");
    let (pauses, search, other) = pacing_report(&o);
    assert!(pauses > 0, "{}", stderr(&o));
    assert!(search <= other / 2.0, "{}", stderr(&o));
}

/// By default the pacer is there whenever the certificate route runs beside the search, on
/// any core count, and judges from the CPU the race gets whether to hold the search back:
/// within the second, it judges at least one window (its verdict depends on the machine's
/// load, so only that it judged is checked), unless the process may use only one core, where
/// the race counts as contended throughout, as it does when forced. The answer is the same.
#[test]
fn the_pacer_judges_contention_on_any_core_count() {
    let one_core = std::thread::available_parallelism().is_ok_and(|n| n.get() == 1);
    let auto = paced(&NIMG_FOR_ONE_SECOND, Some(HARD_FOR_NIMG), "auto");
    let forced = paced(&NIMG_FOR_ONE_SECOND, Some(HARD_FOR_NIMG), "0.001");
    for o in [&auto, &forced] {
        let j = json_exit(o, 3);
        assert_eq!(j["result"], "unknown", "{j:#}");
        assert_eq!(j["steps"][1]["match"], serde_json::Value::Null, "{j:#}");
    }
    let judged = |o: &Output| {
        let text = stderr(o);
        text.lines()
            .find(|l| l.contains("race pacing"))
            .unwrap_or_else(|| panic!("no pacing report: {text}"))
            .to_string()
    };
    let forced = judged(&forced);
    assert!(forced.contains("contended throughout"), "{forced}");
    let auto = judged(&auto);
    match one_core {
        true => assert!(auto.contains("contended throughout"), "{auto}"),
        false => assert!(
            auto.contains("judged contended for") && auto.contains(" windows at "),
            "{auto}"
        ),
    }
}
