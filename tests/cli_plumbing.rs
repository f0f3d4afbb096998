//! The command line's plumbing end to end: `-` as standard output, `--json`, `path`, `show`,
//! `create`, `extract`, `verify --save-certs` and budget reports, the `vertex-cover`
//! keyword, `--quiet`, `--color`, completions, "did you mean", and paper references.

use crate::run::{assert_stderr_has, georeduce, stderr, stdout};
use std::path::Path;
use std::process::{Command, Output};

/// Runs `georeduce ARGS` in `dir` with extra environment variables.
fn georeduce_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_georeduce"));
    cmd.args(args).current_dir(dir).env_remove("NO_COLOR");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run georeduce")
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
}

/// The crate root, for example files given to a command run elsewhere.
fn root(file: &str) -> String {
    format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))
}

const QBF: &str = "examples/fraenkel-simonson.qbf";

#[test]
fn dash_means_standard_output_for_compile_and_certify() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let compiled = georeduce_in(d, &["compile", &root(QBF), "--to", "dvg", "-o", "-"], &[]);
    assert_eq!(compiled.status.code(), Some(0), "{}", stderr(&compiled));
    let plain = georeduce(&["compile", QBF, "--to", "dvg"]);
    assert_eq!(compiled.stdout, plain.stdout);
    assert!(stdout(&compiled).starts_with("geography"));
    let cert = georeduce_in(d, &["certify", &root(QBF), "-o", "-"], &[]);
    assert_eq!(cert.status.code(), Some(0), "{}", stderr(&cert));
    assert_eq!(json(&cert)["kind"], "qbf_false");
    assert!(!d.join("-").exists(), "a file named `-` was created");
}

#[test]
fn check_report_on_standard_output_stays_valid_json() {
    let o = georeduce(&[
        "check", "--via", "qbf-dvg", "--cases", "4", "--seed", "3", "--json", "-",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(json(&o)["seed"], 3);
    assert!(
        stderr(&o).contains("PASS"),
        "the summary moves to stderr: {}",
        stderr(&o)
    );
}

#[test]
fn compile_json_switch_equals_format_json() {
    let a = georeduce(&["compile", QBF, "--to", "dvg", "--json"]);
    let b = georeduce(&["compile", QBF, "--to", "dvg", "--format", "json"]);
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
    assert!(json(&a).get("geography").is_some());
    let both = georeduce(&["compile", QBF, "--to", "dvg", "--json", "--format", "dot"]);
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn compile_to_names_its_chain_on_stderr_unless_quiet() {
    let o = georeduce(&["compile", QBF, "--to", "misere-uvg"]);
    assert_eq!(o.status.code(), Some(0));
    let err = stderr(&o);
    assert!(
        err.contains("chain: qbf -[qbf-dvg]-> dvg -[dvg-misere-uvg]-> misere-uvg"),
        "{err}"
    );
    assert!(err.contains("--via qbf-dvg,dvg-misere-uvg"), "{err}");
    let q = georeduce(&["compile", QBF, "--to", "misere-uvg", "--quiet"]);
    assert_eq!(stderr(&q), "");
    assert_eq!(q.stdout, o.stdout);
    // --via is explicit: nothing to say.
    let v = georeduce(&["compile", QBF, "--via", "qbf-dvg"]);
    assert!(!stderr(&v).contains("chain:"), "{}", stderr(&v));
}

#[test]
fn path_gives_the_chosen_chain_and_every_other() {
    let o = georeduce(&["path", "qbf", "pag", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["chosen"], serde_json::json!(["qbf-pvg", "pvg-pag"]));
    let chains = v["chains"].as_array().unwrap();
    assert!(chains.len() >= 2, "{v}");
    let via: Vec<Vec<&str>> = chains
        .iter()
        .map(|c| {
            c["via"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_str().unwrap())
                .collect()
        })
        .collect();
    assert!(via.contains(&vec!["qbf-pvg-restricted", "pvg-pag"]), "{v}");
    assert_eq!(chains.iter().filter(|c| c["chosen"] == true).count(), 1);
    // Every listed chain compiles the running example to a PAG.
    for ids in &via {
        let c = georeduce(&["compile", QBF, "--via", &ids.join(","), "--to", "pag"]);
        assert_eq!(c.status.code(), Some(0), "{ids:?}: {}", stderr(&c));
    }
    // `compile --to` takes the chosen one.
    let to = georeduce(&["compile", QBF, "--to", "pag"]);
    let via = georeduce(&["compile", QBF, "--via", "qbf-pvg,pvg-pag"]);
    assert_eq!(to.stdout, via.stdout);
    let text = georeduce(&["path", "qbf", "pag"]);
    assert!(stdout(&text).starts_with("--to pag takes: qbf -[qbf-pvg]-> pvg -[pvg-pag]-> pag"));
}

#[test]
fn path_without_a_chain_exits_1_and_a_misspelt_kind_is_suggested() {
    let o = georeduce(&["path", "pag", "qbf"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("no chain"), "{}", stdout(&o));
    let typo = georeduce(&["path", "qbf", "misere-ugv"]);
    assert_eq!(typo.status.code(), Some(2));
    assert_stderr_has(&typo, "did you mean `misere-uvg`");
    let to = georeduce(&["compile", QBF, "--to", "pvgg"]);
    assert_stderr_has(&to, "did you mean `pvg`?");
}

#[test]
fn show_prints_one_catalogue_entry_and_suggests_ids() {
    let o = georeduce(&["show", "deg-ueg"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.starts_with("deg-ueg: deg -> ueg\n"), "{text}");
    assert!(text.contains("Undirected edge geography"), "{text}");
    let list = stdout(&georeduce(&["list"]));
    assert!(list.contains(&text), "show's entry is list's");
    let j = json(&georeduce(&["show", "qbf-pvg", "--json"]));
    assert_eq!(j["id"], "qbf-pvg");
    assert_eq!(j["reference"]["year"], 1993);
    let bad = georeduce(&["show", "qbf-pgv"]);
    assert_eq!(bad.status.code(), Some(2));
    assert_stderr_has(&bad, "did you mean `qbf-pvg`");
    let via = georeduce(&["compile", QBF, "--via", "qbf-dgv"]);
    assert_eq!(via.status.code(), Some(2));
    assert_stderr_has(&via, "did you mean `qbf-dvg`");
}

#[test]
fn list_names_papers_by_reference_not_by_path() {
    let text = stdout(&georeduce(&["list"]));
    assert!(!text.contains("papers/"), "a path in list");
    assert!(!text.contains("shared/"), "a path in list");
    assert!(text.contains(
        "A. S. Fraenkel, S. Simonson, \"Geography\", Theoretical Computer Science 110 (1993)"
    ));
    assert!(text.contains("arXiv:2405.05195"));
    let entries = json(&georeduce(&["list", "--json"]));
    for e in entries.as_array().unwrap() {
        let paper = e["paper"].as_str().unwrap();
        assert!(!paper.contains("papers/"), "{paper}");
        assert!(e["reference"]["authors"].is_string(), "{e}");
        assert!(e["reference"]["year"].as_u64().unwrap() > 1970, "{e}");
    }
}

#[test]
fn create_is_deterministic_valid_and_of_the_kind_asked() {
    for kind in [
        "qbf",
        "hampath",
        "vertex-cover",
        "dvg",
        "ueg",
        "pvg",
        "trailtrap",
    ] {
        let a = georeduce(&["create", kind, "--seed", "7", "--size", "5"]);
        assert_eq!(a.status.code(), Some(0), "{kind}: {}", stderr(&a));
        let b = georeduce(&["create", kind, "--seed", "7", "--size", "5"]);
        assert_eq!(a.stdout, b.stdout, "{kind}: not deterministic");
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x.geo");
        std::fs::write(&file, &a.stdout).unwrap();
        let f = file.to_str().unwrap();
        // It parses, and it is what `--to KIND` reads: `path KIND KIND` is empty, and the
        // kind detected by compile is the one asked for.
        let p = georeduce(&["parse", f]);
        assert_eq!(p.status.code(), Some(0), "{kind}: {}", stderr(&p));
        let same = georeduce(&["compile", f, "--to", kind]);
        assert!(
            stderr(&same).contains(&format!("already a {kind} instance")),
            "{kind}: {}",
            stderr(&same)
        );
    }
    let seeds: Vec<Vec<u8>> = (0..4)
        .map(|s| georeduce(&["create", "dvg", "--seed", &s.to_string(), "--size", "6"]).stdout)
        .collect();
    assert!(
        seeds.windows(2).any(|w| w[0] != w[1]),
        "seeds give the same instance"
    );
}

#[test]
fn create_family_json_and_errors() {
    let o = georeduce(&[
        "create",
        "vertex_cover",
        "--family",
        "vertex-cover/tree",
        "--size",
        "6",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("--family vertex-cover/tree"));
    let j = georeduce(&["create", "qbf", "--json", "--size", "3", "--seed", "2"]);
    assert!(json(&j).get("qbf").is_some());
    let bad = georeduce(&[
        "create",
        "hampath",
        "--family",
        "hampath/cubc/undirected/start",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert_stderr_has(&bad, "did you mean `hampath/cubic/undirected/start`");
    let none = georeduce(&["create", "geography"]);
    assert_eq!(none.status.code(), Some(2));
    // The kind's message names its role once ("unknown problem problem" before).
    let typo = georeduce(&["create", "hampth"]);
    assert_eq!(typo.status.code(), Some(2));
    assert_stderr_has(&typo, "unknown problem kind `hampth`");
    let typo = georeduce(&["path", "qbf", "pgv"]);
    assert_eq!(typo.status.code(), Some(2));
    assert_stderr_has(&typo, "unknown target problem kind `pgv`");
    let huge = georeduce(&["create", "qbf", "--size", "100000"]);
    assert_eq!(huge.status.code(), Some(2));
}

#[test]
fn extract_maps_a_target_certificate_back_to_a_checked_source_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| georeduce_in(d, args, &[]);
    let src = root(QBF);
    assert_eq!(
        run(&["compile", &src, "--to", "pag", "-o", "t.geo"])
            .status
            .code(),
        Some(0)
    );
    let c = run(&["certify", "t.geo", "--strategy", "-o", "t.json"]);
    assert_eq!(c.status.code(), Some(0), "{}", stderr(&c));
    let e = run(&["extract", &src, "t.json", "--to", "pag", "-o", "s.json"]);
    assert_eq!(e.status.code(), Some(0), "{}{}", stdout(&e), stderr(&e));
    let trail = stdout(&e);
    assert!(trail.contains("mapped back by pvg-pag"), "{trail}");
    assert!(trail.contains("mapped back by qbf-pvg"), "{trail}");
    let s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("s.json")).unwrap()).unwrap();
    assert_eq!(s["kind"], "qbf_false");
    let check = run(&["check-cert", &src, "s.json"]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    // The certificate on standard output by default, the trail on standard error.
    let out = run(&["extract", &src, "t.json", "--via", "qbf-pvg,pvg-pag"]);
    assert_eq!(json(&out)["kind"], "qbf_false");
    assert_stderr_has(&out, "accepted");
    // A certificate claiming the other player's win is rejected before any map runs.
    let tampered =
        std::fs::read_to_string(d.join("t.json"))
            .unwrap()
            .replacen("\"second\"", "\"first\"", 1);
    std::fs::write(d.join("bad.json"), tampered).unwrap();
    let bad = run(&["extract", &src, "bad.json", "--to", "pag"]);
    assert_eq!(bad.status.code(), Some(1), "{}", stderr(&bad));
    assert_stderr_has(&bad, "rejected");
    assert_eq!(stdout(&bad), "");
}

#[test]
fn verify_certify_saves_every_accepted_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let certs = d.join("certs");
    let c = certs.to_str().unwrap();
    let src = root(QBF);
    let v = georeduce_in(
        d,
        &[
            "verify",
            &src,
            "--to",
            "dvg",
            "--certify",
            "--save-certs",
            c,
            "--json",
        ],
        &[],
    );
    assert_eq!(v.status.code(), Some(0), "{}{}", stdout(&v), stderr(&v));
    let saved = &json(&v)["certificates"][0]["saved"];
    assert_eq!(
        georeduce_in(d, &["compile", &src, "--to", "dvg", "-o", "t.geo"], &[])
            .status
            .code(),
        Some(0)
    );
    for (role, on) in [
        ("source", src.as_str()),
        ("forward", "t.geo"),
        ("target", "t.geo"),
        ("backward", src.as_str()),
    ] {
        let file = saved[role]
            .as_str()
            .unwrap_or_else(|| panic!("{role} not saved: {saved}"));
        assert!(Path::new(file).exists(), "{file}");
        let check = georeduce_in(d, &["check-cert", on, file], &[]);
        assert_eq!(check.status.code(), Some(0), "{role}: {}", stdout(&check));
    }
    let without = georeduce(&["verify", QBF, "--to", "dvg", "--save-certs", c]);
    assert_eq!(
        without.status.code(),
        Some(2),
        "--save-certs needs --certify"
    );
}

#[test]
fn verify_out_of_budget_reports_what_it_established_in_the_same_shape() {
    let args = [
        "verify",
        QBF,
        "--to",
        "misere-uvg",
        "--by",
        "search",
        "--json",
    ];
    let full = georeduce(&args);
    assert_eq!(full.status.code(), Some(0), "{}", stderr(&full));
    let mut short = args.to_vec();
    short.extend(["--max-nodes", "1000"]);
    let part = georeduce(&short);
    assert_eq!(part.status.code(), Some(3), "{}", stdout(&part));
    let (f, p) = (json(&full), json(&part));
    let keys =
        |v: &serde_json::Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    assert_eq!(keys(&f), keys(&p), "one JSON shape for match and unknown");
    assert_eq!(keys(&f["steps"][0]), keys(&p["steps"][1]));
    assert_eq!(p["result"], "unknown");
    assert_eq!(p["source_answer"], "no");
    assert_eq!(
        p["steps"][0]["result"], "match",
        "the established step is reported"
    );
    assert_eq!(p["steps"][0]["winner"], "second");
    assert_eq!(p["steps"][1]["result"], "unknown");
    assert!(
        p["steps"][1]["vertices"].as_u64() > Some(100),
        "statics of the unknown step"
    );
    // Nothing solvable at all: still every step's size and structure.
    let none = georeduce(&[
        "verify",
        QBF,
        "--to",
        "misere-uvg",
        "--max-nodes",
        "0",
        "--json",
    ]);
    assert_eq!(none.status.code(), Some(3), "{}", stdout(&none));
    let n = json(&none);
    assert_eq!(keys(&n), keys(&f));
    assert_eq!(n["steps"].as_array().unwrap().len(), 2);
    assert_eq!(n["steps"][1]["vertices"], f["steps"][1]["vertices"]);
    // A source outside Thm 2.4's range (k = 0) compiles to the fixed board: the same shape.
    let dir = tempfile::tempdir().unwrap();
    let k0 = dir.path().join("k0.geo");
    let text = "vertex-cover {\n  undirected graph\n  vertices a b\n  edges a -- b\n  k = 0\n}\n";
    std::fs::write(&k0, text).unwrap();
    let outside = georeduce(&["verify", k0.to_str().unwrap(), "--to", "pvg", "--json"]);
    assert_eq!(
        outside.status.code(),
        Some(0),
        "{}{}",
        stdout(&outside),
        stderr(&outside)
    );
    let t = json(&outside);
    assert_eq!(t["result"], "match", "{t}");
    assert_eq!(t["steps"][0]["vertices"], 3, "{t}");
    assert_eq!(keys(&t), keys(&f));
}

#[test]
fn vertex_cover_keyword_matches_the_kind_name_both_spellings_parse() {
    let dir = tempfile::tempdir().unwrap();
    let body = "{\n  undirected graph\n  vertices a b c\n  edges a -- b -- c\n  k = 1\n}\n";
    let mut printed = Vec::new();
    for kw in ["vertex-cover", "vertex_cover"] {
        let file = dir.path().join(format!("{kw}.geo"));
        std::fs::write(&file, format!("{kw} {body}")).unwrap();
        let o = georeduce(&["parse", file.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{kw}: {}", stderr(&o));
        printed.push(stdout(&o));
    }
    assert_eq!(printed[0], printed[1]);
    assert!(printed[0].starts_with("vertex-cover {"), "{}", printed[0]);
    // Round trip: the printed form prints the same.
    let file = dir.path().join("again.geo");
    std::fs::write(&file, &printed[0]).unwrap();
    assert_eq!(
        stdout(&georeduce(&["parse", file.to_str().unwrap()])),
        printed[0]
    );
    // `vertex-cover` is also what `--to`, `path` and `create` take.
    assert_eq!(
        georeduce(&["path", "vertex-cover", "pvg"]).status.code(),
        Some(0)
    );
}

#[test]
fn vertex_cover_json_key_reads_both_spellings_and_prints_one() {
    let body = r#"{"graph": {"directed": false, "vertices": [{"id": "a"}, {"id": "b"}], "edges": [[0, 1]]}, "k": 1}"#;
    let dir = tempfile::tempdir().unwrap();
    let mut printed = Vec::new();
    for key in ["vertex_cover", "vertex-cover"] {
        let file = dir.path().join(format!("{key}.json"));
        std::fs::write(&file, format!(r#"{{"{key}": {body}}}"#)).unwrap();
        let o = georeduce(&["parse", file.to_str().unwrap(), "--json"]);
        assert_eq!(o.status.code(), Some(0), "{key}: {}", stderr(&o));
        printed.push(stdout(&o));
    }
    assert_eq!(printed[0], printed[1]);
    assert!(
        printed[0].contains(r#""vertex_cover":"#) && !printed[0].contains("vertex-cover"),
        "{}",
        printed[0]
    );
}

/// Runs `command` under a pseudo-terminal (util-linux `script`), so that standard error is
/// a terminal, and returns everything it wrote; `None` where `script` is missing.
fn on_a_terminal(command: &str) -> Option<String> {
    let o = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&o.stdout).into_owned())
}

#[test]
fn solve_batch_draws_its_progress_bar_on_a_terminal_unless_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let graphs = dir.path().join("graphs.g6");
    std::fs::write(&graphs, "C~\nDQc\nEQhO\n").unwrap();
    let run = |extra: &str| {
        on_a_terminal(&format!(
            "{} solve --batch {} --game trail-trap{extra}",
            env!("CARGO_BIN_EXE_georeduce"),
            graphs.display()
        ))
    };
    let Some(shown) = run("") else {
        eprintln!("skipped: no `script` to give the command a terminal");
        return;
    };
    assert!(shown.contains("instances solved"), "{shown}");
    let quiet = run(" --quiet").unwrap();
    assert!(!quiet.contains("instances solved"), "{quiet}");
    assert_eq!(quiet.matches("\"winner\"").count(), 3, "{quiet}");
}

#[test]
fn check_colours_its_verdicts_and_quiet_keeps_only_the_seed_line() {
    let args = ["check", "--via", "qbf-dvg", "--cases", "30", "--seed", "2"];
    let plain = georeduce(&args);
    assert_stderr_has(&plain, "qbf-dvg: 30 cases");
    assert!(!stdout(&plain).contains('\x1b'), "{}", stdout(&plain));
    let coloured: Vec<&str> = args.iter().copied().chain(["--color", "always"]).collect();
    let o = georeduce(&coloured);
    assert!(
        stdout(&o).contains("\x1b[1;32mPASS\x1b[0m"),
        "{}",
        stdout(&o)
    );
    let quiet: Vec<&str> = args.iter().copied().chain(["--quiet"]).collect();
    let q = georeduce(&quiet);
    assert_eq!(q.status.code(), Some(0));
    assert_stderr_has(&q, "seed 2");
    assert!(!stderr(&q).contains("qbf-dvg: 30 cases"), "{}", stderr(&q));
    // The summary is the same but for its times: the closing line, the slowest case and
    // the solves' times.
    let body = |o: &std::process::Output| {
        let text = stdout(o);
        let lines: Vec<String> = (text.lines())
            .take_while(|l| !l.starts_with("slowest case:") && !l.starts_with("check "))
            .map(|l| match l.find(" nodes, ") {
                Some(at) if l.trim_start().starts_with("solves:") => l[..at].to_string(),
                _ => l.to_string(),
            })
            .collect();
        lines
    };
    assert_eq!(body(&q), body(&plain));
}

#[test]
fn color_follows_the_flag_no_color_and_the_terminal() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args = ["verify", QBF, "--to", "dvg", "--by", "search"];
    let esc = |o: &Output| stdout(o).contains("\x1b[");
    let always: Vec<&str> = args.iter().copied().chain(["--color", "always"]).collect();
    let o = georeduce_in(root, &always, &[]);
    assert!(esc(&o), "--color always: {}", stdout(&o));
    assert!(stdout(&o).contains("\x1b[1;32mMATCH\x1b[0m"));
    // Not a terminal (a pipe): no colour under auto, nor with NO_COLOR, nor with never.
    assert!(!esc(&georeduce_in(root, &args, &[])));
    let never: Vec<&str> = args.iter().copied().chain(["--color", "never"]).collect();
    assert!(!esc(&georeduce_in(root, &never, &[])));
    let auto: Vec<&str> = args.iter().copied().chain(["--color", "auto"]).collect();
    assert!(!esc(&georeduce_in(root, &auto, &[("NO_COLOR", "1")])));
    // JSON is never coloured.
    let j: Vec<&str> = always.iter().copied().chain(["--json"]).collect();
    assert!(!esc(&georeduce_in(root, &j, &[])));
}

#[test]
fn completions_cover_every_subcommand() {
    for shell in ["bash", "zsh", "fish"] {
        let o = georeduce(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let script = stdout(&o);
        for sub in [
            "compile",
            "verify",
            "path",
            "show",
            "create",
            "extract",
            "check-cert",
        ] {
            assert!(script.contains(sub), "{shell} completion lacks {sub}");
        }
    }
    assert_eq!(georeduce(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn far_apart_labels_on_one_long_line_are_both_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let edges: Vec<String> = (0..200).map(|i| format!("v{i} -> v{}", i + 1)).collect();
    let vertices: Vec<String> = (0..=200).map(|i| format!("v{i}")).collect();
    let text = format!(
        "hampath {{ directed graph vertices {} edges v150 -> v151, {} }}\n",
        vertices.join(" "),
        edges.join(", ")
    );
    let file = dir.path().join("far.geo");
    std::fs::write(&file, text).unwrap();
    let o = georeduce(&["parse", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("first listed here"), "{err}");
    assert!(err.contains("repeated"), "{err}");
    // Each snippet is a short window, not the 3,000-character line.
    assert!(err.lines().all(|l| l.chars().count() < 400), "{err}");
}

#[test]
fn errors_past_the_report_are_counted_not_built() {
    let dir = tempfile::tempdir().unwrap();
    let repeats = 20_000;
    let edges = vec!["a -> b"; repeats + 1].join(", ");
    let text = format!("hampath {{\n  directed graph\n  vertices a b\n  edges {edges}\n}}\n");
    let file = dir.path().join("dups.geo");
    std::fs::write(&file, text).unwrap();
    let o = georeduce(&["parse", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.matches("is listed twice").count(), 9, "{err}");
    // 9 shown, every other repeat counted.
    assert!(
        err.contains(&format!("and {} more error(s) not shown", repeats - 9)),
        "{err}"
    );
}

#[test]
fn extract_under_a_small_budget_is_undecided_not_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| georeduce_in(d, args, &[]);
    let src = root(QBF);
    assert_eq!(
        run(&["compile", &src, "--to", "pag", "-o", "t.geo"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        run(&["certify", "t.geo", "--strategy", "-o", "t.json"])
            .status
            .code(),
        Some(0)
    );
    for budget in [["--memory", "1"], ["--timeout", "0.000001"]] {
        let mut args = vec!["extract", src.as_str(), "t.json", "--to", "pag"];
        args.extend(budget);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(3), "{budget:?}: {}", stderr(&o));
        assert_stderr_has(&o, "undecided");
        assert_eq!(stdout(&o), "", "no certificate written");
    }
}

/// Regression: `verify`'s default `--by auto` falls back to carrying the source certificate
/// forward, and the forward maps of `qbf-dvg,dvg-misere-uvg` on a 20-variable 3QBF ran for
/// minutes and gigabytes past `--timeout 2`. The certificate path is now abandoned at the
/// deadline. The child is killed after 60 s so that a regression fails instead of hanging.
#[test]
fn verify_by_auto_keeps_to_the_timeout_when_the_certificate_maps_explode() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let q = georeduce_in(
        d,
        &[
            "create", "qbf", "--size", "20", "--seed", "1", "-o", "q.geo",
        ],
        &[],
    );
    assert_eq!(q.status.code(), Some(0), "{}", stderr(&q));
    let start = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_georeduce"))
        .args([
            "verify",
            "q.geo",
            "--to",
            "misere-uvg",
            "--timeout",
            "2",
            "--json",
        ])
        .current_dir(d)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("verify --timeout 2 still running after 60 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(3));
    let out = child.wait_with_output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["result"], "unknown");
    assert_eq!(v["steps"][0]["result"], "match", "step 1 was searched: {v}");
}

/// Every `--flag` a subcommand's `--help` names is one of that subcommand's own options, or
/// is named with the command it belongs to (`check --merge`, `solve --batch`, `list
/// --graph`): shared option texts used to send readers to flags the command does not have
/// (`certify --help` and `render --help` said "`--batch` … ignores it", `merge-reports
/// --help` described `--memory` by `--from-dir`, `--cases-from` and `--reduction-cmd`, and
/// `path --help` said "Which chain `--to` would take").
#[test]
fn every_flag_a_help_names_is_its_own_or_names_its_command() {
    let top = stdout(&georeduce(&["--help"]));
    let commands: Vec<String> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect();
    assert!(commands.len() >= 15, "{top}");
    let is_flag_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    let mut wrong = Vec::new();
    for command in &commands {
        let help = stdout(&georeduce(&[command, "--help"]));
        // The options the command has: the lines of the Options section that start with one.
        let own: Vec<&str> = help
            .lines()
            .map(str::trim_start)
            // A short form first: `-q, --quiet`, `-o, --output <FILE>`.
            .map(|l| match l.as_bytes() {
                [b'-', s, b',', b' ', ..] if s.is_ascii_alphabetic() => &l[4..],
                _ => l,
            })
            .filter_map(|l| l.strip_prefix("--"))
            .filter_map(|rest| rest.split(|c: char| !is_flag_char(c)).next())
            .collect();
        // Every mention of `--x` in the text, with the word before it.
        let words: Vec<&str> = help.split_whitespace().collect();
        for (i, word) in words.iter().enumerate() {
            let word = word.trim_start_matches(['`', '(', '"']);
            let Some(rest) = word.strip_prefix("--") else {
                continue;
            };
            let flag = rest.split(|c: char| !is_flag_char(c)).next().unwrap_or("");
            if flag.is_empty() || own.contains(&flag) {
                continue;
            }
            let before = i
                .checked_sub(1)
                .map(|j| words[j].trim_start_matches(['`', '(']))
                .unwrap_or("");
            if !commands.iter().any(|c| c == before) {
                wrong.push(format!("{command} --help: `{before} --{flag}`"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
