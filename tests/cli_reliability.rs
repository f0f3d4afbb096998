//! Reliability of the binary (issue 12): no panic on hostile input or flags, budgets that end
//! in "unknown" (exit 3), capped reads, safe output files, interrupted campaigns that still
//! report, and certificates parsed strictly.

use crate::run::{
    assert_exit, assert_stderr_has, complete_uvg, georeduce, path_str, stderr, stdout,
    write_ring_cover,
};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A fresh directory for one test's files.
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary directory")
}

/// ∀x1…∀x20 ∃y. and `clauses` clauses `(y ∨ ¬y ∨ xi)`: true, certified by `y = true`, and
/// the check evaluates 2^20 × 3·clauses literals.
fn wide_qbf(clauses: usize) -> String {
    let prefix: Vec<String> = (1..=20).map(|i| format!("∀x{i}")).collect();
    let matrix: Vec<String> = (0..clauses)
        .map(|i| format!("(y ∨ ¬y ∨ x{})", i % 20 + 1))
        .collect();
    format!("{} ∃y. {}\n", prefix.join(" "), matrix.join(" ∧ "))
}

const Y_TRUE: &str =
    r#"{"version": 1, "kind": "qbf_true", "functions": [{"var": "y", "value": true}]}"#;

// ---- no panic -------------------------------------------------------------------------

#[test]
fn an_error_past_column_65536_is_a_diagnostic_not_a_panic() {
    let dir = scratch();
    // The issue's reproducer: a bad byte at column 65,537.
    let mut bytes = b"#".to_vec();
    bytes.extend(std::iter::repeat_n(b'a', 65_535));
    bytes.extend(b"\xff\n");
    let file = dir.path().join("x.geo");
    std::fs::write(&file, &bytes).unwrap();
    let o = georeduce(&["parse", path_str(&file)]);
    assert_exit(&o, 2);
    assert_stderr_has(&o, "lang::not_utf8");
    // The snippet is a window of the line, not the whole line.
    assert!(o.stderr.len() < 4_000, "{} bytes of stderr", o.stderr.len());
}

#[test]
fn a_one_line_certificate_with_a_late_error_is_a_diagnostic() {
    let dir = scratch();
    let cert = format!(
        r#"{{"version": 1, "kind": "hampath", "path": [{}"a", "b", "c"], "oops": 1}}"#,
        "\"a\", ".repeat(20_000)
    );
    let file = dir.path().join("cert.json");
    std::fs::write(&file, cert).unwrap();
    let o = georeduce(&["check-cert", "examples/hampath.geo", path_str(&file)]);
    assert_exit(&o, 2);
    assert_stderr_has(&o, "certify::json");
}

#[test]
fn a_one_line_json_instance_with_a_late_error_is_a_diagnostic() {
    let dir = scratch();
    let vertices: Vec<String> = (0..12_000)
        .map(|i| format!(r#"{{"id": "v{i}"}}"#))
        .collect();
    let text = format!(
        r#"{{"geography": {{"graph": {{"directed": true, "vertices": [{}], "edges": [[0, 99999]]}}, "rule": "vertex", "tokens": {{"one": {{"start": 0}}}}, "convention": "normal"}}}}"#,
        vertices.join(", ")
    );
    assert!(text.len() > 70_000);
    let file = dir.path().join("one-line.json");
    std::fs::write(&file, text).unwrap();
    let o = georeduce(&["parse", path_str(&file)]);
    assert_exit(&o, 2);
}

#[test]
fn a_timeout_beyond_a_year_means_no_limit() {
    for cmd in ["solve", "certify"] {
        for t in ["1e30", "1e19", "31536001"] {
            let o = georeduce(&[cmd, "examples/games/dvg.geo", "--timeout", t]);
            assert_exit(&o, 0);
        }
    }
    let o = georeduce(&[
        "verify",
        "examples/fraenkel-simonson.qbf",
        "--to",
        "dvg",
        "--timeout",
        "1e30",
    ]);
    assert_exit(&o, 0);
}

#[test]
fn a_timeout_that_is_not_a_number_of_seconds_is_a_usage_error() {
    for t in ["nan", "inf", "-1", "soon"] {
        let flag = format!("--timeout={t}");
        let o = georeduce(&["solve", "examples/games/dvg.geo", &flag]);
        assert_exit(&o, 2);
        assert_stderr_has(&o, "--timeout");
    }
}

#[test]
fn huge_check_sizes_are_usage_errors() {
    for size in ["18446744073709551615", "4294967296", "1001", "0"] {
        let o = georeduce(&[
            "check",
            "--via",
            "qbf-dvg",
            "--cases",
            "1",
            "--max-size",
            size,
        ]);
        assert_exit(&o, 2);
        assert_stderr_has(&o, "--max-size");
    }
    let o = georeduce(&[
        "check",
        "--via",
        "qbf-dvg",
        "--cases",
        "18446744073709551615",
    ]);
    assert_exit(&o, 2);
}

#[test]
fn a_closed_stdout_ends_quietly_with_status_141() {
    for args in [
        &["list"][..],
        &["solve", "examples/games/dvg.geo"],
        &["parse", "examples/hampath.geo"],
    ] {
        let (reader, writer) = std::io::pipe().expect("pipe");
        // The reader is gone before the command writes: every write fails with EPIPE.
        drop(reader);
        let o = Command::new(env!("CARGO_BIN_EXE_georeduce"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .expect("run georeduce");
        assert_eq!(o.status.code(), Some(141), "{args:?}: {}", stderr(&o));
        assert!(o.stderr.is_empty(), "{args:?}: {}", stderr(&o));
    }
}

// ---- budgets ------------------------------------------------------------------------

#[test]
fn an_endless_input_is_refused_after_the_cap() {
    let o = georeduce(&["parse", "/dev/zero"]);
    assert_exit(&o, 2);
    assert_stderr_has(&o, "cli::input_too_large");
}

#[test]
fn the_memory_budget_caps_the_input() {
    let dir = scratch();
    let file = dir.path().join("k11.geo");
    std::fs::write(&file, complete_uvg(11)).unwrap();
    // 1 MB of memory admits 32 KB of input; the file has under 1 KB.
    let o = georeduce(&["solve", "--memory", "1", path_str(&file)]);
    assert_exit(&o, 0);
    let big = format!("# {}\n{}", "x".repeat(40_000), complete_uvg(3));
    std::fs::write(&file, big).unwrap();
    let o = georeduce(&["solve", "--memory", "1", path_str(&file)]);
    assert_exit(&o, 2);
    assert_stderr_has(&o, "cli::input_too_large");
}

#[test]
fn certify_under_a_small_memory_budget_is_unknown() {
    let dir = scratch();
    let file = dir.path().join("k9.geo");
    std::fs::write(&file, complete_uvg(9)).unwrap();
    let out = dir.path().join("cert.json");
    let args = [
        "certify",
        "--strategy",
        path_str(&file),
        "-o",
        path_str(&out),
    ];
    let o = georeduce(&args);
    assert_exit(&o, 0);
    std::fs::remove_file(&out).unwrap();
    let o = georeduce(&[&args[..], &["--memory", "1"]].concat());
    assert_exit(&o, 3);
    assert!(
        !out.exists(),
        "no certificate is written when it does not fit"
    );
}

#[test]
fn check_cert_under_a_small_memory_budget_is_undecided() {
    let dir = scratch();
    let file = dir.path().join("k11.geo");
    std::fs::write(&file, complete_uvg(11)).unwrap();
    let cert = dir.path().join("cert.json");
    let o = georeduce(&[
        "certify",
        "--strategy",
        path_str(&file),
        "-o",
        path_str(&cert),
    ]);
    assert_exit(&o, 0);
    let check = |memory: &str| {
        georeduce(&[
            "check-cert",
            "--memory",
            memory,
            path_str(&file),
            path_str(&cert),
        ])
    };
    let o = georeduce(&["check-cert", path_str(&file), path_str(&cert)]);
    assert_exit(&o, 0);
    // The 147 KB certificate parses within 2 MB, but its walk of 3,048 items does not fit in
    // what the parsed certificate leaves.
    let o = check("2");
    assert_exit(&o, 3);
    assert!(stdout(&o).starts_with("undecided"), "{}", stdout(&o));
    // Within 1 MB it is refused before it is parsed: its parsed form would not fit.
    let o = check("1");
    assert_exit(&o, 2);
    assert_stderr_has(&o, "cli::input_too_large");
    assert_stderr_has(&o, "once parsed");
    assert_exit(&check("16"), 0);
}

#[test]
fn check_cert_counts_the_clauses_of_a_qbf() {
    let dir = scratch();
    let formula = dir.path().join("wide.qbf");
    let cert = dir.path().join("y.json");
    std::fs::write(&cert, Y_TRUE).unwrap();
    // 2^20 assignments × 12,000 literals: over the checker's 4·10^9 literal evaluations.
    std::fs::write(&formula, wide_qbf(4_000)).unwrap();
    let o = georeduce(&["check-cert", path_str(&formula), path_str(&cert)]);
    assert_exit(&o, 3);
    assert!(stdout(&o).contains("literal evaluations"), "{}", stdout(&o));
    // A narrow matrix under the same prefix is checked.
    std::fs::write(&formula, wide_qbf(20)).unwrap();
    let o = georeduce(&["check-cert", path_str(&formula), path_str(&cert)]);
    assert_exit(&o, 0);
}

#[test]
fn check_cert_keeps_to_its_timeout() {
    let dir = scratch();
    let formula = dir.path().join("mid.qbf");
    let cert = dir.path().join("y.json");
    std::fs::write(&cert, Y_TRUE).unwrap();
    // About 2.5·10^9 literal evaluations: seconds of work, stopped after 0.2 s.
    std::fs::write(&formula, wide_qbf(800)).unwrap();
    let o = georeduce(&[
        "check-cert",
        "--timeout",
        "0.2",
        path_str(&formula),
        path_str(&cert),
    ]);
    assert_exit(&o, 3);
    assert!(stdout(&o).contains("--timeout"), "{}", stdout(&o));
}

#[test]
fn compile_output_over_the_memory_budget_is_a_size_diagnostic() {
    let dir = scratch();
    let qbf = dir.path().join("wide.qbf");
    // 7 KB of formula (under the 10 KB input cap of 1 MB) compiles to 700 KB of JSON.
    std::fs::write(&qbf, wide_qbf(300)).unwrap();
    let args = ["compile", path_str(&qbf), "--to", "pvg", "--format", "json"];
    let o = georeduce(&[&args[..], &["--memory", "1"]].concat());
    assert_exit(&o, 2);
    assert_stderr_has(&o, "cli::output_too_large");
    let o = georeduce(&args);
    assert_exit(&o, 0);
}

#[test]
fn certify_keeps_to_its_timeout_while_building_a_skolem_table() {
    // ∀x1…x19 ∃y with y = x1: true, and the certificate's table for y has 2^19 entries, one
    // small solve each (about 0.6 s of CPU). Each solve counted its own nodes and never read
    // the clock, so `--timeout` did not stop the build.
    let dir = scratch();
    let formula = dir.path().join("skolem.qbf");
    let prefix: Vec<String> = (1..20).map(|i| format!("∀x{i}")).collect();
    let filler: Vec<String> = (2..20).map(|i| format!("(y ∨ ¬y ∨ x{i})")).collect();
    std::fs::write(
        &formula,
        format!(
            "{} ∃y. (y ∨ ¬x1) ∧ (¬y ∨ x1) ∧ {}\n",
            prefix.join(" "),
            filler.join(" ∧ ")
        ),
    )
    .unwrap();
    let out = dir.path().join("cert.json");
    let o = georeduce(&[
        "certify",
        path_str(&formula),
        "--timeout",
        "0.1",
        "-o",
        path_str(&out),
    ]);
    assert_exit(&o, 3);
    assert!(!out.exists(), "no certificate written");
}

#[test]
fn compile_refuses_an_instance_too_large_for_the_memory_budget_before_building_it() {
    // A vertex cover on 300 vertices (6 KB, under the 10 KB input cap of 1 MB) whose PVG has
    // tens of thousands of edges: the size formula is checked before the step runs.
    let dir = scratch();
    let cover = dir.path().join("cover.geo");
    write_ring_cover(&cover, 300, 150);
    let started = std::time::Instant::now();
    let o = georeduce(&["compile", path_str(&cover), "--to", "pvg", "--memory", "1"]);
    assert_exit(&o, 2);
    assert_stderr_has(&o, "cli::output_too_large");
    assert_stderr_has(&o, "would build");
    assert!(started.elapsed().as_secs() < 10);
    let o = georeduce(&["compile", path_str(&cover), "--to", "pvg", "--memory", "64"]);
    assert_exit(&o, 0);
}

// ---- safe outputs -------------------------------------------------------------------

/// Files in `dir`, sorted (to see that no temporary file is left behind).
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn output_never_overwrites_the_input() {
    let dir = scratch();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let game = dir.path().join("dvg.geo");
    let formula = dir.path().join("fs.qbf");
    std::fs::copy(root.join("examples/games/dvg.geo"), &game).unwrap();
    std::fs::copy(root.join("examples/fraenkel-simonson.qbf"), &formula).unwrap();
    // A certificate read by `render --strategy` is an input too (it was overwritten by
    // the figure).
    let cert = dir.path().join("dvg.json");
    assert_exit(
        &georeduce(&[
            "certify",
            path_str(&game),
            "--strategy",
            "-o",
            path_str(&cert),
        ]),
        0,
    );
    let before = (
        std::fs::read(&game).unwrap(),
        std::fs::read(&formula).unwrap(),
        std::fs::read(&cert).unwrap(),
    );
    for args in [
        vec!["render", path_str(&game), "-o", path_str(&game)],
        vec![
            "render",
            path_str(&game),
            "--strategy",
            path_str(&cert),
            "-o",
            path_str(&cert),
        ],
        vec!["certify", path_str(&game), "-o", path_str(&game)],
        vec![
            "compile",
            path_str(&formula),
            "--to",
            "pvg",
            "-o",
            path_str(&formula),
        ],
    ] {
        let o = georeduce(&args);
        assert_exit(&o, 2);
        assert!(
            stderr(&o).contains("cli::output_is_input"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    let after = (
        std::fs::read(&game).unwrap(),
        std::fs::read(&formula).unwrap(),
        std::fs::read(&cert).unwrap(),
    );
    assert_eq!(after, before);
    assert_eq!(listing(dir.path()), ["dvg.geo", "dvg.json", "fs.qbf"]);
}

#[cfg(unix)]
#[test]
fn output_does_not_follow_a_symlink_unless_forced() {
    let dir = scratch();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    let link: PathBuf = dir.path().join("out.dot");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let o = georeduce(&["render", "examples/games/dvg.geo", "-o", path_str(&link)]);
    assert_exit(&o, 2);
    assert_stderr_has(&o, "cli::output_is_symlink");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    let o = georeduce(&[
        "render",
        "examples/games/dvg.geo",
        "-o",
        path_str(&link),
        "--force",
    ]);
    assert_exit(&o, 0);
    assert!(
        std::fs::read_to_string(&victim)
            .unwrap()
            .contains("digraph")
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(listing(dir.path()), ["out.dot", "victim.txt"]);
}

#[test]
fn output_replaces_a_file_whole() {
    let dir = scratch();
    let out = dir.path().join("out.dot");
    std::fs::write(&out, "old ".repeat(100_000)).unwrap();
    let o = georeduce(&["render", "examples/games/dvg.geo", "-o", path_str(&out)]);
    assert_exit(&o, 0);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.starts_with("digraph") && !text.contains("old"),
        "{text}"
    );
    assert_eq!(listing(dir.path()), ["out.dot"]);
}

#[cfg(unix)]
#[test]
fn an_interrupted_check_writes_its_reports_marked_interrupted() {
    let dir = scratch();
    let json = dir.path().join("report.json");
    let junit = dir.path().join("report.xml");
    std::fs::write(&json, r#"{"stale": true}"#).unwrap();
    std::fs::write(&junit, "stale").unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_georeduce"))
        .args([
            "check",
            "--via",
            "qbf-dvg",
            "--cases",
            "100000000",
            "--max-size",
            "4",
            "--json",
            path_str(&json),
            "--junit",
            path_str(&junit),
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn georeduce");
    // The stale reports go at once, before any case runs.
    let started = std::time::Instant::now();
    while json.exists() && started.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        !json.exists() && !junit.exists(),
        "stale reports removed at start"
    );
    // Long enough for the variant probes and some cases, even on a loaded machine.
    std::thread::sleep(std::time::Duration::from_secs(3));
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    assert_exit(&o, 3);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["interrupted"], true);
    let cases = report["reductions"][0]["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["cases"].as_u64().unwrap())
        .sum::<u64>();
    assert!(cases > 0, "the cases done are reported");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("interrupted"), "{xml}");
    assert!(stdout(&o).contains("INTERRUPTED"), "{}", stdout(&o));
}

// ---- strict certificates ------------------------------------------------------------

/// The certificate `certify` writes for the DVG example, as JSON.
fn dvg_certificate() -> serde_json::Value {
    let o = georeduce(&["certify", "examples/games/dvg.geo"]);
    assert_exit(&o, 0);
    serde_json::from_slice(&o.stdout).unwrap()
}

/// Runs check-cert on the DVG example with `cert`.
fn check_dvg(cert: &serde_json::Value) -> Output {
    let dir = scratch();
    let file = dir.path().join("cert.json");
    std::fs::write(&file, cert.to_string()).unwrap();
    georeduce(&["check-cert", "examples/games/dvg.geo", path_str(&file)])
}

#[test]
fn unknown_certificate_fields_are_rejected_everywhere() {
    let cert = dvg_certificate();
    assert_exit(&check_dvg(&cert), 0);
    let mut places = 0;
    for pointer in [
        "",
        "/strategy/0",
        "/strategy/0/position",
        "/strategy/0/move",
    ] {
        let mut c = cert.clone();
        c.pointer_mut(pointer).unwrap()["surplus"] = serde_json::json!(1);
        let o = check_dvg(&c);
        assert_exit(&o, 2);
        assert_stderr_has(&o, "unknown field `surplus`");
        places += 1;
    }
    assert_eq!(places, 4);
}

#[test]
fn duplicate_entries_in_a_position_are_rejected() {
    let cert = dvg_certificate();
    let mut c = cert.clone();
    let visited = c.pointer_mut("/strategy/0/position/visited").unwrap();
    let first = visited[0].clone();
    visited.as_array_mut().unwrap().push(first);
    let o = check_dvg(&c);
    assert_exit(&o, 1);
    assert!(stdout(&o).contains("listed twice"), "{}", stdout(&o));
}

#[test]
fn unknown_fields_in_other_certificate_kinds_are_rejected() {
    for text in [
        r#"{"version": 1, "kind": "qbf_true", "functions": [{"var": "y", "value": true, "x": 0}]}"#,
        r#"{"version": 1, "kind": "qbf_true", "functions": [{"var": "y", "value": {"over": [], "values": "1", "x": 0}}]}"#,
        r#"{"version": 1, "kind": "hampath", "path": ["a"], "x": 0}"#,
        r#"{"version": 1, "kind": "vertex_cover", "cover": [], "x": 0}"#,
        // A field given twice.
        r#"{"version": 1, "kind": "hampath", "path": ["a"], "path": ["a"]}"#,
        r#"{"version": 1, "version": 1, "kind": "hampath", "path": ["a"]}"#,
    ] {
        let e = georeduce::certify::Certificate::from_json(text).unwrap_err();
        assert!(e.to_string().contains("certify::json"), "{text}: {e}");
    }
    // The same texts without the surplus field parse.
    for text in [
        r#"{"version": 1, "kind": "qbf_true", "functions": [{"var": "y", "value": true}]}"#,
        r#"{"version": 1, "kind": "hampath", "path": ["a"]}"#,
    ] {
        georeduce::certify::Certificate::from_json(text).unwrap();
    }
}

// ---- linear-time errors ---------------------------------------------------------------

#[test]
fn many_errors_are_cut_with_a_count() {
    let n = 500;
    let vs: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    let es: Vec<String> = (0..n).map(|i| format!("v{i} -> w{i}")).collect();
    let text = format!(
        "geography {{\n  directed vertex geography\n  tokens: one at v0\n  vertices {}\n  \
         edges {}\n}}\n",
        vs.join(" "),
        es.join(" ")
    );
    let report = georeduce::lang::parse_bytes("many.geo", text.as_bytes()).unwrap_err();
    let rendered = format!("{report:?}");
    assert!(
        rendered.contains(&format!("and {} more error(s)", n - 9)),
        "{rendered}"
    );
    assert!(rendered.len() < 20_000, "{} bytes", rendered.len());
}
