//! End-to-end tests of the `georeduce` binary: exit codes, output shapes, determinism.

/// `solve --batch`: graph6 lines, the Trail Trap census, shards.
#[path = "cli/batch.rs"]
mod batch;
/// `solve --batch` on one-token games: the census table shared by the lines.
#[path = "cli/batch_census.rs"]
mod batch_census;

use crate::run::{assert_stderr_has, georeduce, stderr, stdout, with_stdin};
use std::process::Output;

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
}

#[test]
fn solve_running_example_is_false() {
    let o = georeduce(&["solve", "examples/fraenkel-simonson.qbf", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["kind"], "qbf");
    assert_eq!(v["answer"], "no");
    assert!(v["stats"]["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn verify_running_example_through_pvg_matches() {
    let o = georeduce(&[
        "verify",
        "examples/fraenkel-simonson.qbf",
        "--to",
        "pvg",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let v = json(&o);
    assert_eq!(v["source_answer"], "no");
    assert_eq!(v["target_winner"], "second");
    assert_eq!(v["match"], true);
    assert_eq!(v["target_vertices"], 45);
    assert_eq!(v["target_edges"], 79);
}

#[test]
fn compile_dot_is_byte_identical_across_runs() {
    let args = [
        "compile",
        "examples/fraenkel-simonson.qbf",
        "--to",
        "pvg",
        "--format",
        "dot",
    ];
    let a = georeduce(&args);
    let b = georeduce(&args);
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));
    assert!(stdout(&a).starts_with("digraph"));
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn compiled_dsl_parses_back() {
    let o = georeduce(&["compile", "examples/fraenkel-simonson.qbf", "--to", "pvg"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let back = with_stdin(&["parse", "-"], &stdout(&o));
    assert_eq!(back.status.code(), Some(0), "{}", stderr(&back));
    assert_eq!(
        stdout(&back),
        stdout(&o),
        "printing is canonical: parse(print(x)) prints x"
    );
}

#[test]
fn bad_input_exits_2_with_a_located_diagnostic() {
    let o = with_stdin(&["parse", "-"], "exists x1: (x1 | y)");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("<stdin>"),
        "diagnostic names the source: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn missing_file_exits_2() {
    let o = georeduce(&["solve", "no/such/file.qbf"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn usage_error_exits_2() {
    assert_eq!(georeduce(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(georeduce(&["solve"]).status.code(), Some(2));
}

#[test]
fn node_budget_gives_unknown_and_exit_3() {
    // The compiled running example needs hundreds of search nodes; allow ten.
    let pvg = georeduce(&["compile", "examples/fraenkel-simonson.qbf", "--to", "pvg"]);
    let o = with_stdin(
        &["solve", "-", "--max-nodes", "10", "--json"],
        &stdout(&pvg),
    );
    assert_eq!(o.status.code(), Some(3), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(json(&o)["winner"], "unknown");
    let args = [
        "verify",
        "examples/fraenkel-simonson.qbf",
        "--to",
        "pvg",
        "--max-nodes",
        "10",
        "--by",
        "search",
    ];
    let v = georeduce(&args);
    assert_eq!(v.status.code(), Some(3), "{}{}", stdout(&v), stderr(&v));
    assert!(stdout(&v).contains("unknown"));
    // The same budget under `--by auto`: the search runs out, the certificate answers.
    let v = georeduce(&[&args[..6], &["--json"]].concat());
    assert_eq!(v.status.code(), Some(0), "{}{}", stdout(&v), stderr(&v));
    let j = json(&v);
    assert_eq!(j["result"], "match");
    assert_eq!(j["by"], "certificate");
    assert_eq!(j["steps"][0]["by"], "certificate");
    assert!(j["steps"][0]["certificate_positions"].as_u64() > Some(100));
}

#[test]
fn unknown_target_is_a_usage_error() {
    let o = georeduce(&["compile", "examples/fraenkel-simonson.qbf", "--to", "chess"]);
    assert_eq!(o.status.code(), Some(2));
    assert_stderr_has(&o, "unknown target");
}

/// Every combination of `list`'s output flags either prints what it asks for or is a usage
/// error: `--json` with `--graph` (and `--dot`) was silently ignored before.
#[test]
fn list_output_flags_combine_or_are_refused() {
    let ok: [(&[&str], &str); 4] = [
        (&[], "qbf-dvg: "),
        (&["--json"], "\"cert_maps\""),
        (&["--graph"], "reduction graph (source -> target"),
        (&["--graph", "--dot"], "digraph reductions {"),
    ];
    for (flags, needle) in ok {
        let o = georeduce(&[&["list"][..], flags].concat());
        assert_eq!(o.status.code(), Some(0), "list {flags:?}: {o:?}");
        assert!(
            stdout(&o).contains(needle),
            "list {flags:?}: {}",
            stdout(&o)
        );
    }
    let refused: [(&[&str], &str); 5] = [
        (&["--graph", "--json"], "cannot be used with"),
        (&["--graph", "--dot", "--json"], "cannot be used with"),
        (&["--json", "--graph"], "cannot be used with"),
        (&["--json", "--dot"], "cannot be used with"),
        (&["--dot"], "--graph"),
    ];
    for (flags, needle) in refused {
        let o = georeduce(&[&["list"][..], flags].concat());
        assert_eq!(o.status.code(), Some(2), "list {flags:?}: {o:?}");
        assert!(stdout(&o).is_empty(), "list {flags:?}: {}", stdout(&o));
        assert_stderr_has(&o, needle);
    }
}

#[test]
fn list_json_names_every_registered_reduction() {
    let o = georeduce(&["list", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let ids: Vec<String> = json(&o)
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    for id in [
        "qbf-dvg",
        "qbf-pvg",
        "qbf-pvg-restricted",
        "pvg-pag",
        "hampath-pvg",
        "vc-pvg",
        "qbf-iag2",
        "qbf-ivg2",
    ] {
        assert!(ids.iter().any(|i| i == id), "{id} missing from {ids:?}");
    }
}

#[test]
fn qdimacs_round_trip_through_the_cli() {
    let o = georeduce(&[
        "parse",
        "examples/fraenkel-simonson.qbf",
        "--format",
        "qdimacs",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("p cnf 3 3"), "{text}");
    let solved = with_stdin(&["solve", "-", "--json"], &text);
    assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
    assert_eq!(json(&solved)["answer"], "no");
}

#[test]
fn target_equal_to_the_source_kind_is_a_usage_error_not_a_panic() {
    let o = georeduce(&[
        "verify",
        "examples/games/trail-trap.geo",
        "--to",
        "trailtrap",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_stderr_has(&o, "already a trailtrap instance");
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn check_certify_writes_json_and_junit_and_exits_0() {
    let dir = std::env::temp_dir().join(format!("georeduce-cli-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (json_path, xml_path) = (dir.join("c.json"), dir.join("c.xml"));
    let o = georeduce(&[
        "check",
        "--via",
        "dvg-misere-dvg,qbf-dvg",
        "--cases",
        "30",
        "--seed",
        "5",
        "--certify",
        "--json",
        json_path.to_str().unwrap(),
        "--junit",
        xml_path.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("seed 5") && out.contains("certificates: source"),
        "{out}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    assert_eq!(report["certify"], "checked");
    assert_eq!(report["reductions"][1]["id"], "qbf-dvg");
    let xml = std::fs::read_to_string(&xml_path).unwrap();
    assert!(xml.contains("qbf-dvg: certificates across the reduction"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn check_exits_1_on_an_as_printed_reduction_and_saves_the_counterexample() {
    let dir = std::env::temp_dir().join(format!("georeduce-cli-errata-{}", std::process::id()));
    let o = georeduce(&[
        "check",
        "--via",
        "vc-pvg-as-printed",
        "--cases",
        "100",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("minimal counterexample for vc-pvg-as-printed"));
    let saved = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(saved, 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn strategy_gets_a_line_of_play_even_when_a_polynomial_method_answers() {
    // Auto answers the claw by the tree algorithm, which gives no line of play; --strategy
    // then takes it from exhaustive search.
    let o = georeduce(&["solve", "examples/games/trail-trap.geo", "--strategy"]);
    let out = stdout(&o);
    assert!(out.contains("method:  tree"), "{out}");
    assert!(
        out.contains("principal variation: I: l₁ -- c, II:"),
        "{out}"
    );
    // The figure's labels by default, the identifiers with --names.
    let named = georeduce(&[
        "solve",
        "examples/games/trail-trap.geo",
        "--strategy",
        "--names",
    ]);
    assert!(
        stdout(&named).contains("principal variation: I: l1 -- c, II:"),
        "{}",
        stdout(&named)
    );
    // A named polynomial method says that it gives none instead of printing an empty line.
    let o = georeduce(&[
        "solve",
        "examples/games/trail-trap.geo",
        "--strategy",
        "--method",
        "tree",
    ]);
    assert!(stdout(&o).contains("principal variation: not given by the tree method"));
}

/// `--by certificate` through a chain whose last step is a misère gadget reduction: no target
/// is searched, every step is established by a checked forward image.
#[test]
fn verify_by_certificate_through_the_nimg_chain() {
    let v = georeduce(&[
        "verify",
        "examples/fraenkel-simonson.qbf",
        "--via",
        "qbf-dvg,dvg-nimg",
        "--by",
        "certificate",
        "--json",
    ]);
    assert_eq!(v.status.code(), Some(0), "{}{}", stdout(&v), stderr(&v));
    let j = json(&v);
    assert_eq!(j["result"], "match");
    assert_eq!(j["source_certificate"]["status"], "accepted");
    for step in 0..2 {
        assert_eq!(j["steps"][step]["by"], "certificate", "{j:#}");
        assert_eq!(j["steps"][step]["winner"], "second", "{j:#}");
        assert!(j["steps"][step]["stats"]["nodes"].is_null());
    }
    let text = stdout(&georeduce(&[
        "verify",
        "examples/fraenkel-simonson.qbf",
        "--via",
        "qbf-dvg,dvg-nimg",
        "--by",
        "certificate",
    ]));
    assert!(text.contains("MATCH (certified: strategy of "), "{text}");
}
