//! `georeduce check` on the user's own reductions and instances, end to end: a reduction
//! written in Python (`--reduction-cmd`), commands that crash, hang or print nonsense, the
//! user's instances (`--from-dir`, `--cases-from`), the memory budget (`--memory`), and shard
//! reports merged into the unsharded run's (`--merge`).

use crate::run::{assert_stderr_has, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The Python examples.
const PYTHON: &str = "examples/custom-reduction/python";

/// Runs `georeduce ARGS` in the crate's root.
fn georeduce(args: &[&str]) -> Output {
    crate::run::georeduce(args)
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("georeduce-check-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn json_file(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("report written");
    serde_json::from_str(&text).expect("valid JSON")
}

/// `georeduce check --reduction-cmd CMD --from qbf --to dvg REST…`.
fn check_qbf_to_dvg(cmd: &str, rest: &[&str]) -> Output {
    let args = [
        "check",
        "--reduction-cmd",
        cmd,
        "--from",
        "qbf",
        "--to",
        "dvg",
    ];
    georeduce(&[&args[..], rest].concat())
}

fn python(script: &str) -> String {
    format!("python3 {PYTHON}/{script}")
}

#[test]
fn the_python_reduction_passes_with_yes_and_no_instances() {
    let dir = scratch("python-ok");
    let report = dir.join("r.json");
    let cmd = python("qbf_to_dvg.py");
    let o = check_qbf_to_dvg(
        &cmd,
        &[
            "--cases",
            "24",
            "--max-size",
            "3",
            "--json",
            report.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("custom-qbf-dvg  PASS"),
        "{}",
        stdout(&o)
    );
    let r = json_file(&report);
    let classes = r["reductions"][0]["classes"].as_array().expect("classes");
    let count = |key: &str| {
        classes
            .iter()
            .map(|c| c[key].as_u64().unwrap())
            .sum::<u64>()
    };
    assert_eq!(count("cases"), 24);
    assert!(count("yes") > 0 && count("no") > 0);
    assert!(
        r["reductions"][0]["provenance"]
            .as_str()
            .unwrap()
            .contains("qbf_to_dvg.py")
    );
}

#[test]
fn the_buggy_python_reduction_is_refuted_and_shrunk() {
    let dir = scratch("python-bug");
    let report = dir.join("r.json");
    let cmd = python("qbf_to_dvg_buggy.py");
    let out = dir.join("ce");
    let o = check_qbf_to_dvg(
        &cmd,
        &[
            "--cases",
            "24",
            "--max-size",
            "3",
            "--json",
            report.to_str().unwrap(),
            "--out-dir",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let r = json_file(&report);
    let c = &r["reductions"][0]["counterexamples"][0];
    assert_eq!(c["kind"], "answer_mismatch", "{c}");
    let measure = c["measure"].as_array().unwrap();
    assert!(measure[0].as_u64().unwrap() <= 1, "{c}");
    // The saved counterexample, handed back with --from-dir: still refuted by the buggy
    // command, and passed by the correct one on that instance (no random case at all).
    let saved = PathBuf::from(c["path"].as_str().expect("saved"));
    assert!(saved.starts_with(&out));
    let again = check_qbf_to_dvg(&cmd, &["--cases", "0", "--from-dir", out.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(1), "{}", stderr(&again));
    assert!(
        stdout(&again).contains("from the given instance"),
        "{}",
        stdout(&again)
    );
    // Only given instances ran, so the slowest case is one of them, said as a place.
    assert!(
        stdout(&again).contains("slowest case: custom-qbf-dvg on the given instance "),
        "{}",
        stdout(&again)
    );
    let fixed = python("qbf_to_dvg.py");
    let fixed = check_qbf_to_dvg(
        &fixed,
        &["--cases", "0", "--from-dir", out.to_str().unwrap()],
    );
    // One instance cannot be both YES and NO, so only the coverage fails, not a case.
    assert!(
        stdout(&fixed).contains("failures    0"),
        "{}",
        stdout(&fixed)
    );
}

/// Runs a one-liner as the reduction on a few tiny formulas: the JSON report.
fn failing_command(name: &str, cmd: &str, extra: &[&str]) -> serde_json::Value {
    let dir = scratch(name);
    let report = dir.join("r.json");
    let mut args = vec![
        "check",
        "--reduction-cmd",
        cmd,
        "--from",
        "qbf",
        "--to",
        "dvg",
        "--cases",
        "3",
        "--max-size",
        "1",
        "--json",
        report.to_str().unwrap(),
    ];
    args.extend(extra);
    let o = georeduce(&args);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{cmd}: {}{}",
        stdout(&o),
        stderr(&o)
    );
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    json_file(&report)
}

#[test]
fn a_command_that_fails_is_a_reported_failure_with_its_source() {
    for (cmd, kind, says) in [
        (
            "echo 'no such file' >&2; exit 3",
            "reduction_failed",
            "exited with status 3",
        ),
        (
            "kill -SEGV $$",
            "reduction_failed",
            "crashed (killed by signal 11)",
        ),
        ("echo nonsense", "invalid_target", "printed no instance"),
        (
            "cat",
            "wrong_target_kind",
            "declared target dvg, produced qbf",
        ),
    ] {
        let r = failing_command("fails", cmd, &[]);
        let c = &r["reductions"][0]["counterexamples"][0];
        assert_eq!(c["kind"], kind, "{cmd}: {c}");
        assert!(c["detail"].as_str().unwrap().contains(says), "{cmd}: {c}");
        assert!(c["dsl"].as_str().unwrap().contains("qbf {"), "{cmd}: {c}");
        if cmd.contains("no such file") {
            assert!(
                c["detail"].as_str().unwrap().contains("no such file"),
                "{c}"
            );
        }
    }
}

#[test]
fn a_command_that_hangs_is_killed_and_reported() {
    let started = std::time::Instant::now();
    // The pipeline's sleeping child would hold the output open if only the shell were killed.
    let r = failing_command("hangs", "sleep 30 | cat", &["--case-timeout", "0.3"]);
    let c = &r["reductions"][0]["counterexamples"][0];
    assert_eq!(c["kind"], "reduction_failed", "{c}");
    assert!(c["detail"].as_str().unwrap().contains("hung"), "{c}");
    assert!(started.elapsed().as_secs() < 25, "{:?}", started.elapsed());
}

#[test]
fn given_instances_run_alongside_or_instead_of_random_ones() {
    let dir = scratch("given");
    let instances = dir.join("instances");
    std::fs::create_dir_all(&instances).unwrap();
    // A true and a false formula, as files and as lines.
    std::fs::write(instances.join("true.qbf"), "exists x: (x | ~x)\n").unwrap();
    std::fs::write(instances.join("false.qbf"), "forall x: (x)\n").unwrap();
    std::fs::write(instances.join("README.md"), "not an instance").unwrap();
    let lines = dir.join("cases.txt");
    let json = Command::new(env!("CARGO_BIN_EXE_georeduce"))
        .args(["parse", "--json", "examples/fraenkel-simonson.qbf"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let one_line: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    std::fs::write(&lines, format!("# my cases\n{one_line}\n\nexists y: (y)\n")).unwrap();
    let report = dir.join("r.json");
    let d = instances.to_str().unwrap();
    let o = georeduce(&[
        "check",
        "--via",
        "qbf-dvg",
        "--cases",
        "0",
        "--from-dir",
        d,
        "--cases-from",
        lines.to_str().unwrap(),
        "--json",
        report.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let r = json_file(&report);
    assert_eq!(r["given"], 4);
    let classes = r["reductions"][0]["classes"].as_array().unwrap();
    let count = |key: &str| {
        classes
            .iter()
            .map(|c| c[key].as_u64().unwrap())
            .sum::<u64>()
    };
    assert_eq!((count("cases"), count("yes"), count("no")), (4, 2, 2));
    // Alongside: the random cases come on top.
    let o = georeduce(&[
        "check",
        "--via",
        "qbf-dvg",
        "--cases",
        "10",
        "--from-dir",
        d,
    ]);
    assert!(stdout(&o).contains("cases    12"), "{}", stdout(&o));
    // A bad line is a diagnostic naming the line, not a crash.
    std::fs::write(&lines, "exists y: (y)\nexists (\n").unwrap();
    // `check --via qbf-dvg --cases-from cases.txt`, run after each rewrite of the file.
    let check_lines = || {
        georeduce(&[
            "check",
            "--via",
            "qbf-dvg",
            "--cases-from",
            lines.to_str().unwrap(),
        ])
    };
    let o = check_lines();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_stderr_has(&o, "cases.txt:2");
    // The report gives the file's own line and column (it said `cases.txt:3:1:18` and drew
    // the line as line 1), counting the blanks before the instance.
    std::fs::write(
        &lines,
        "exists y: (y)\n# a comment\n   exists x1: (x1 | x2)\n",
    )
    .unwrap();
    let o = check_lines();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_stderr_has(&o, "cases.txt:3:21]");
    assert_stderr_has(&o, " 3 │ exists x1: (x1 | x2)");
    // --cases 0 needs given instances.
    let o = georeduce(&["check", "--via", "qbf-dvg", "--cases", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn the_memory_budget_bounds_the_certificates_built() {
    let dir = scratch("memory");
    let report = dir.join("r.json");
    let run = |memory: Option<&str>| {
        let mut args = vec![
            "check",
            "--via",
            "qbf-pvg",
            "--certify",
            "--cases",
            "12",
            // Size 10: the targets' own strategies, carried as `game_moves` (4 bytes a
            // choice), all fit the default memory but not 1 MB.
            "--max-size",
            "10",
            "--json",
            report.to_str().unwrap(),
        ];
        args.extend(memory.iter().flat_map(|m| ["--memory", m]));
        let o = georeduce(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        json_file(&report)["reductions"][0]["classes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["certificates"]["target"]["unknown"].as_u64().unwrap())
            .sum::<u64>()
    };
    let tight = run(Some("1"));
    let default = run(None);
    assert!(
        tight > default,
        "unknown target certificates: {tight} with 1 MB, {default} by default"
    );
}

#[test]
fn merged_shard_reports_equal_the_unsharded_run() {
    let dir = scratch("merge");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let campaign = [
        "check",
        "--via",
        "dvg-misere-dvg,hampath-pvg-as-printed",
        "--cases",
        "90",
        "--max-size",
        "4",
        "--seed",
        "5",
    ];
    let mut args: Vec<String> = campaign.iter().map(|s| s.to_string()).collect();
    args.extend([
        "--json".into(),
        path("whole.json"),
        "--junit".into(),
        path("whole.xml"),
    ]);
    let whole = georeduce(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(whole.status.code(), Some(1), "{}", stderr(&whole));
    for i in 0..3 {
        let mut args: Vec<String> = campaign.iter().map(|s| s.to_string()).collect();
        args.extend([
            "--shard".into(),
            format!("{i}/3"),
            "--json".into(),
            path(&format!("s{i}.json")),
        ]);
        georeduce(&args.iter().map(String::as_str).collect::<Vec<_>>());
    }
    let merged = georeduce(&[
        "check",
        "--merge",
        &path("s2.json"),
        &path("s0.json"),
        &path("s1.json"),
        "--json",
        &path("merged.json"),
        "--junit",
        &path("merged.xml"),
    ]);
    assert_eq!(merged.status.code(), Some(1), "{}", stderr(&merged));
    let without_timing = |v: &mut serde_json::Value| {
        fn strip(v: &mut serde_json::Value) {
            match v {
                serde_json::Value::Object(m) => {
                    // The slowest case is a matter of timing, as every `millis` is.
                    m.remove("millis");
                    m.remove("slowest_case");
                    m.values_mut().for_each(strip);
                }
                serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
                _ => {}
            }
        }
        strip(v);
    };
    let (mut a, mut b) = (
        json_file(&dir.join("whole.json")),
        json_file(&dir.join("merged.json")),
    );
    without_timing(&mut a);
    without_timing(&mut b);
    assert_eq!(a, b);
    assert!(
        !a["reductions"][1]["counterexamples"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let xml = |name: &str| without_times(&std::fs::read_to_string(dir.join(name)).unwrap());
    assert_eq!(xml("whole.xml"), xml("merged.xml"));
    // A missing shard is refused.
    let o = georeduce(&["check", "--merge", &path("s0.json"), &path("s1.json")]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_stderr_has(&o, "shard 2/3 is missing");
    // `merge-reports` is the same merge as its own command: the same files, byte for byte
    // (given in the same order: the timings are sums of floats), the same summary and exit
    // status, and the same refusal.
    let sub = georeduce(&[
        "merge-reports",
        &path("s2.json"),
        &path("s0.json"),
        &path("s1.json"),
        "--json",
        &path("sub.json"),
        "--junit",
        &path("sub.xml"),
    ]);
    assert_eq!(sub.status.code(), Some(1), "{}", stderr(&sub));
    assert_eq!(stdout(&sub), stdout(&merged));
    let text = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    assert!(
        text("sub.json") == text("merged.json"),
        "JSON reports differ"
    );
    assert!(
        text("sub.xml") == text("merged.xml"),
        "JUnit reports differ"
    );
    let o = georeduce(&["merge-reports", &path("s0.json"), &path("s1.json")]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_stderr_has(&o, "shard 2/3 is missing");
}

/// `text` without the values of its `time="…"` attributes.
fn without_times(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("time=\"") {
        out.push_str(&rest[..at + 6]);
        rest = &rest[at + 6..];
        let end = rest.find('"').unwrap_or(rest.len());
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn the_source_is_written_as_the_io_flag_says() {
    // The command tells the formats apart by its exit status: 7 for the DSL, 9 otherwise.
    let cmd = "if head -c 5 | grep -q '^qbf {'; then exit 7; else exit 9; fi";
    let dsl = failing_command("io-dsl", cmd, &["--io", "dsl"]);
    let c = &dsl["reductions"][0]["counterexamples"][0];
    assert!(c["detail"].as_str().unwrap().contains("status 7"), "{c}");
    let json = failing_command("io-json", cmd, &[]);
    let c = &json["reductions"][0]["counterexamples"][0];
    assert!(c["detail"].as_str().unwrap().contains("status 9"), "{c}");
}

#[test]
fn certificate_commands_carry_certificates_across() {
    let georeduce_bin = env!("CARGO_BIN_EXE_georeduce");
    // Stand-ins for a user's certificate maps: certify the target (or the source) afresh.
    let side = |key: &str| {
        format!(
            "python3 -c 'import json,sys; json.dump(json.load(sys.stdin)[\"{key}\"], sys.stdout)' \
             | {georeduce_bin} certify - 2>/dev/null"
        )
    };
    let (forward, backward) = (side("target"), side("source"));
    let dir = scratch("certify");
    let report = dir.join("r.json");
    let cmd = python("qbf_to_dvg.py");
    let o = check_qbf_to_dvg(
        &cmd,
        &[
            "--cases",
            "6",
            "--max-size",
            "2",
            "--certify",
            "--forward-cmd",
            &forward,
            "--backward-cmd",
            &backward,
            "--json",
            report.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("forward 6 accepted; target 6 accepted; backward 6 accepted"),
        "{}",
        stdout(&o)
    );
    // A certificate command that fails is a certificate failure of the reduction.
    let r = failing_command(
        "certify-fails",
        &cmd,
        &["--certify", "--forward-cmd", "exit 4"],
    );
    let c = &r["reductions"][0]["counterexamples"][0];
    assert_eq!(c["kind"], "forward_certificate", "{c}");
    assert!(
        c["detail"]
            .as_str()
            .unwrap()
            .contains("exited with status 4"),
        "{c}"
    );
}

/// `--json` and `--junit` naming one destination: both on standard output used to print the
/// JSON and the XML back to back (neither parses), one file kept only the JUnit. A usage
/// error (exit 2) before the campaign runs, for `check`, `check --merge` and
/// `merge-reports`.
#[test]
fn the_two_reports_never_share_a_destination() {
    let dir = scratch("same-destination");
    let file = dir.join("r.txt");
    let file = file.to_str().unwrap();
    for (json, junit) in [("-", "-"), (file, file)] {
        let o = georeduce(&[
            "check", "--via", "qbf-dvg", "--cases", "5", "--json", json, "--junit", junit,
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert_stderr_has(&o, "--json and --junit");
        assert!(stdout(&o).is_empty(), "{}", stdout(&o));
        assert!(
            !stderr(&o).contains("georeduce check: seed"),
            "the campaign ran"
        );
        for merge in [&["check", "--merge"][..], &["merge-reports"][..]] {
            let args = [merge, &[file, "--json", json, "--junit", junit]].concat();
            let o = georeduce(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
            assert_stderr_has(&o, "--json and --junit");
        }
    }
    // One on standard output and one in a file is fine.
    let o = georeduce(&[
        "check", "--via", "qbf-dvg", "--cases", "5", "--json", "-", "--junit", file,
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    serde_json::from_slice::<serde_json::Value>(&o.stdout).expect("JSON alone on stdout");
}

/// A report is never written over an instance the campaign reads: `--cases-from F --json F`
/// replaced the user's cases with the JSON report (and `--junit` over a `--from-dir` file
/// likewise). Refused with `cli::output_is_input` before the campaign, the input intact.
#[test]
fn reports_never_replace_the_instances_read() {
    let dir = scratch("report-over-input");
    let cases = dir.join("cases.txt");
    let text = "exists y: (y)\nforall y: (y)\n";
    std::fs::write(&cases, text).unwrap();
    let cases = cases.to_str().unwrap();
    let from = dir.join("given");
    std::fs::create_dir_all(&from).unwrap();
    std::fs::write(from.join("a.qbf"), "exists y: (y)\n").unwrap();
    let inside = from.join("a.qbf");
    let runs: [&[&str]; 2] = [
        &["--cases-from", cases, "--json", cases],
        &[
            "--from-dir",
            from.to_str().unwrap(),
            "--junit",
            inside.to_str().unwrap(),
        ],
    ];
    for extra in runs {
        let args = [&["check", "--via", "qbf-dvg", "--cases", "0"][..], extra].concat();
        let o = georeduce(&args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        assert_stderr_has(&o, "cli::output_is_input");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("cases.txt")).unwrap(),
        text
    );
    assert_eq!(std::fs::read_to_string(&inside).unwrap(), "exists y: (y)\n");
}
