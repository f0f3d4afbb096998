//! Statistics for every solve (issue #13 §1, and the budgets rule: an "unknown" answer still
//! reports what was done). For each command (`solve`, `verify`, `solve --batch`, `certify`)
//! and each solver family (exhaustive, df-pn, race, a tree solver, QBF, a polynomial solver,
//! and the NP solvers), a budget that runs out gives exit 3 with statistics whose `nodes` is
//! positive, with the table's counters where the solver keeps a table and `null` ones where
//! it keeps none; an answer gives the same statistics. The convention is docs/solvers.md's.

use crate::run::{assert_exit, georeduce, path_str, stdout, with_stdin};
use serde_json::{Value, json};
use std::path::Path;
use std::process::Output;

/// Whether a solver keeps a memo table of positions (JSON counters, or `null`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Table {
    /// Counters present; `positions` must be positive.
    Kept,
    /// `positions`, `hits` and `peak_table_bytes` are `null`.
    None,
}

/// One solver family: the instance, the `--method`, the node budget that stops it, and
/// whether it keeps a table.
struct Family {
    name: &'static str,
    file: String,
    method: Option<&'static str>,
    stop_after: &'static str,
    table: Table,
    /// A polynomial game solver: its text answer names its count's unit instead of nodes.
    polynomial: bool,
}

fn json(o: &Output) -> Value {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

/// Asserts the six keys of a statistics object: `nodes` positive, `millis` and the node rate
/// numbers, and the table's counters as `table` says (`positions` positive where kept).
fn assert_stats(stats: &Value, table: Table, what: &str) {
    let nodes = stats["nodes"].as_u64();
    assert!(nodes > Some(0), "{what}: nodes in {stats:#}");
    assert!(stats["millis"].as_f64().is_some(), "{what}: {stats:#}");
    assert!(
        stats["nodes_per_second"].as_u64().is_some(),
        "{what}: {stats:#}"
    );
    for key in ["positions", "hits", "peak_table_bytes"] {
        let present = stats.get(key).is_some();
        match table {
            Table::Kept => assert!(stats[key].as_u64().is_some(), "{what}: {key} in {stats:#}"),
            Table::None => assert!(
                present && stats[key].is_null(),
                "{what}: {key} in {stats:#}"
            ),
        }
    }
    if table == Table::Kept {
        assert!(stats["positions"].as_u64() > Some(0), "{what}: {stats:#}");
    }
}

/// The units a polynomial method's answer names its count by on the `stats:` line of
/// `solve` and `certify` (their "nodes" are not positions searched).
const POLYNOMIAL_UNITS: [&str; 3] = [
    " vertices scanned by Edmonds' blossom search, ",
    " GF(2) elimination",
    " positions evaluated, ",
];

/// Asserts the text form of a polynomial method's answer: a positive count named by its
/// unit, the time, "no table", and no node rate.
fn assert_polynomial_stats_words(line: &str, what: &str) {
    let (count, rest) = line
        .split_once(' ')
        .unwrap_or_else(|| panic!("{what}: {line}"));
    let count: u64 = count
        .parse()
        .unwrap_or_else(|_| panic!("{what}: no count in {line}"));
    assert!(count > 0, "{what}: {line}");
    assert!(
        POLYNOMIAL_UNITS
            .iter()
            .any(|u| format!(" {rest}").starts_with(u)),
        "{what}: no unit in {line}"
    );
    assert!(
        line.contains(" ms, ") && line.ends_with(", no table"),
        "{what}: {line}"
    );
    assert!(!line.contains("nodes"), "{what}: {line}");
}

/// Asserts the one-line text form: nodes, time and rate, then the table or "no table".
fn assert_stats_words(line: &str, table: Table, what: &str) {
    let nodes: u64 = line
        .split(" nodes, ")
        .next()
        .and_then(|head| head.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{what}: no node count in {line}"));
    assert!(nodes > 0, "{what}: {line}");
    assert!(
        line.contains(" ms, ") && line.contains(" nodes/s"),
        "{what}: {line}"
    );
    match table {
        Table::Kept => {
            for words in ["positions stored", "table hits", "B peak table"] {
                assert!(line.contains(words), "{what}: {words} in {line}");
            }
        }
        Table::None => assert!(line.contains(", no table"), "{what}: {line}"),
    }
}

/// `examples/fraenkel-simonson.qbf` compiled through `via`, into `dir`.
fn compiled(dir: &Path, via: &str) -> String {
    let file = path_str(&dir.join(format!("{via}.geo"))).to_string();
    let o = georeduce(&[
        "compile",
        "examples/fraenkel-simonson.qbf",
        "--via",
        via,
        "-o",
        &file,
        "--quiet",
    ]);
    assert_exit(&o, 0);
    file
}

/// A Trail Trap game (unrooted partizan undirected edge geography) with two triangles
/// joined by two edges: the race search needs tens of nodes.
fn trail_trap(dir: &Path) -> String {
    let file = dir.join("trail-trap.geo");
    std::fs::write(
        &file,
        "geography {\n  undirected edge geography\n  tokens: partizan, unrooted\n  \
         vertices a b c d e f\n  edges a -- b, b -- c, c -- a, c -- d, d -- e, e -- f, \
         f -- d, a -- d\n}\n",
    )
    .expect("write the game");
    path_str(&file).to_string()
}

/// The statistics on the `stats:` line of an answer (`solve`, `certify`).
fn stats_line(text: &str, what: &str) -> String {
    (text.lines())
        .find_map(|l| l.strip_prefix("stats:   "))
        .unwrap_or_else(|| panic!("{what}: no stats line in {text}"))
        .to_string()
}

/// The statistics on the first line of an "unknown" answer (`solve`, `certify`), from the
/// node count on.
fn unknown_line(text: &str, what: &str) -> String {
    let rest = (text.strip_prefix("answer:  unknown (budget exhausted after "))
        .unwrap_or_else(|| panic!("{what}: {text}"));
    format!(" {}", rest.lines().next().unwrap_or_default())
}

/// Every solver family, on instances it answers within a few hundred nodes.
fn families(dir: &Path) -> Vec<Family> {
    let ex = |name, file: &str, method, stop_after, table| Family {
        name,
        file: file.to_string(),
        method,
        stop_after,
        table,
        polynomial: matches!(name, "tree" | "matching" | "nim_matching"),
    };
    vec![
        ex(
            "exhaustive",
            &compiled(dir, "qbf-pvg"),
            Some("exhaustive"),
            "200",
            Table::Kept,
        ),
        ex(
            "dfpn",
            &compiled(dir, "qbf-dvg"),
            Some("dfpn"),
            "20",
            Table::Kept,
        ),
        ex("race", &trail_trap(dir), Some("race"), "5", Table::Kept),
        ex(
            "tree",
            "examples/games/trail-trap.geo",
            Some("tree"),
            "1",
            Table::None,
        ),
        ex(
            "matching",
            "examples/games/uvg.geo",
            Some("matching"),
            "1",
            Table::None,
        ),
        ex(
            "nim_matching",
            "examples/games/nimg-rm.geo",
            None,
            "1",
            Table::None,
        ),
        ex(
            "qbf",
            "examples/fraenkel-simonson.qbf",
            None,
            "0",
            Table::None,
        ),
        ex("hampath", "examples/hampath.geo", None, "1", Table::None),
        ex(
            "vertex cover",
            "examples/vertex-cover.geo",
            None,
            "1",
            Table::None,
        ),
    ]
}

/// `solve FILE [--method M] EXTRA…`.
fn solve(f: &Family, extra: &[&str]) -> Output {
    let mut args = vec!["solve", f.file.as_str()];
    if let Some(m) = f.method {
        args.extend(["--method", m]);
    }
    args.extend(extra);
    georeduce(&args)
}

#[test]
fn solve_reports_statistics_for_every_solver_family_on_answers_and_on_unknown() {
    let dir = tempfile::tempdir().expect("temporary directory");
    for f in families(dir.path()) {
        let what = f.name;
        // An answer: JSON and the `stats:` line.
        let o = solve(&f, &["--json"]);
        assert_exit(&o, 0);
        assert_stats(&json(&o)["stats"], f.table, what);
        let o = solve(&f, &[]);
        assert_exit(&o, 0);
        let line = stats_line(&stdout(&o), what);
        match f.polynomial {
            true => assert_polynomial_stats_words(&line, what),
            false => assert_stats_words(&line, f.table, what),
        }
        // Out of budget: exit 3, the same statistics of what was done.
        let o = solve(&f, &["--max-nodes", f.stop_after, "--json"]);
        assert_exit(&o, 3);
        let v = json(&o);
        let key = if v.get("winner").is_some() {
            "winner"
        } else {
            "answer"
        };
        assert_eq!(v[key], "unknown", "{what}: {v:#}");
        assert_stats(&v["stats"], f.table, what);
        let o = solve(&f, &["--max-nodes", f.stop_after]);
        assert_exit(&o, 3);
        assert_stats_words(&unknown_line(&stdout(&o), what), f.table, what);
    }
}

#[test]
fn verify_reports_the_statistics_of_the_source_and_of_every_target() {
    let qbf = "examples/fraenkel-simonson.qbf";
    // Both searches finish: the source's (QBF, no table) and the target's (exhaustive).
    let o = georeduce(&["verify", qbf, "--to", "pvg", "--by", "search", "--json"]);
    assert_exit(&o, 0);
    let v = json(&o);
    assert_stats(&v["source_stats"], Table::None, "source");
    let step = &v["steps"][0];
    assert_stats(&step["source_stats"], Table::None, "step source");
    assert_eq!(step["source_stats"], v["source_stats"]);
    assert_stats(&step["target_stats"], Table::Kept, "target");
    assert_eq!(step["stats"], step["target_stats"]);

    // The target's search runs out: exit 3, its statistics in the step and in the reason.
    let o = georeduce(&[
        "verify",
        qbf,
        "--to",
        "pvg",
        "--by",
        "search",
        "--max-nodes",
        "200",
        "--json",
    ]);
    assert_exit(&o, 3);
    let v = json(&o);
    assert_stats(&v["source_stats"], Table::None, "source");
    let step = &v["steps"][0];
    assert_eq!(step["result"], "unknown");
    assert_stats(&step["target_stats"], Table::Kept, "stopped target");
    assert_eq!(step["target_stats"]["nodes"], 201, "{step:#}");
    assert_eq!(step["stats"], step["target_stats"]);

    // The source's search runs out: its statistics still reported, in JSON and text.
    let args = [
        "verify",
        "examples/hampath.geo",
        "--to",
        "pvg",
        "--max-nodes",
        "1",
    ];
    let o = georeduce(&[&args[..], &["--json"]].concat());
    assert_exit(&o, 3);
    let v = json(&o);
    assert_eq!(v["source_answer"], Value::Null);
    assert_stats(&v["source_stats"], Table::None, "stopped source");
    assert_eq!(v["steps"][0]["source_stats"], v["source_stats"]);
    let o = georeduce(&args);
    assert_exit(&o, 3);
    let text = stdout(&o);
    let line = text
        .lines()
        .find_map(|l| {
            l.split("budget exhausted while solving the source, after")
                .nth(1)
        })
        .unwrap_or_else(|| panic!("{text}"));
    assert_stats_words(line, Table::None, "stopped source (text)");
}

/// Trail Trap Thm 18 asks its own source question (a long trail, answered by the max-trail
/// search with its memo) and its target is solved by the race search.
#[test]
fn verify_reports_the_statistics_of_a_steps_own_question_and_a_race_target() {
    let cubic = "hampath {\n  undirected graph\n  vertices a b c d\n  \
                 edges a -- b, b -- c, c -- d, d -- a, a -- c, b -- d\n  start a\n}\n";
    let args = ["verify", "-", "--to", "trailtrap", "--by", "search"];
    let o = with_stdin(&[&args[..], &["--json"]].concat(), cubic);
    assert_exit(&o, 0);
    let v = json(&o);
    let step = &v["steps"][0];
    assert_eq!(step["own_question"], true);
    assert_stats(&step["source_stats"], Table::Kept, "own question");
    assert_ne!(step["source_stats"], v["source_stats"]);
    assert_stats(&step["target_stats"], Table::Kept, "race target");
    let o = with_stdin(&args, cubic);
    assert_exit(&o, 0);
    let text = stdout(&o);
    let own = text
        .lines()
        .find(|l| l.contains("decides its own source question"))
        .unwrap_or_else(|| panic!("{text}"));
    assert_stats_words(
        own.rsplit('(').next().unwrap_or_default(),
        Table::Kept,
        "own",
    );
}

#[test]
fn batch_lines_carry_statistics_whether_solved_or_unknown() {
    // Two graph6 lines each whose searches take a few nodes: K5 and a 6-vertex graph with
    // 12 edges for the race search (stopped after 7 nodes, with positions stored; K5 takes 8
    // nodes since the seventeenth session's commitment bounds, K4 is decided in 5 nodes
    // since the Euler bound from the trail's start, and a repeated line
    // would be answered from the batch's shared table in no node), K5 and a 5-vertex graph
    // with 4 edges for the matching (stopped at its first node).
    let cases = [
        ("trail-trap", "D~{\nE~{o\n", "7", Table::Kept),
        ("uvg", "D~{\nD?{\n", "0", Table::None),
    ];
    for (game, lines, stop_after, table) in cases {
        let base = ["solve", "--batch", "-", "--game", game];
        let o = with_stdin(&base, lines);
        assert_exit(&o, 0);
        let mut count = 0;
        for line in stdout(&o).lines() {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            assert_ne!(v["winner"], "unknown", "{v}");
            assert_stats(&v["stats"], table, game);
            assert_eq!(v["nodes"], v["stats"]["nodes"]);
            count += 1;
        }
        assert_eq!(count, 2);
        let o = with_stdin(&[&base[..], &["--max-nodes", stop_after]].concat(), lines);
        assert_exit(&o, 3);
        assert_eq!(stdout(&o).lines().count(), 2);
        for line in stdout(&o).lines() {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            assert_eq!(v["winner"], "unknown", "{v}");
            assert_stats(&v["stats"], table, game);
        }
    }
}

#[test]
fn certify_prints_the_statistics_of_its_solve() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let pvg = compiled(dir.path(), "qbf-pvg");
    let cases = [
        (pvg.as_str(), "200", Table::Kept),
        ("examples/fraenkel-simonson.qbf", "0", Table::None),
    ];
    for (k, (file, stop_after, table)) in cases.into_iter().enumerate() {
        let out = path_str(&dir.path().join(format!("cert{k}.json"))).to_string();
        let o = georeduce(&["certify", file, "-o", &out]);
        assert_exit(&o, 0);
        assert_stats_words(&stats_line(&stdout(&o), file), table, file);
        std::fs::remove_file(&out).expect("the certificate was written");
        let o = georeduce(&["certify", file, "--max-nodes", stop_after, "-o", &out]);
        assert_exit(&o, 3);
        assert_stats_words(&unknown_line(&stdout(&o), file), table, file);
        assert!(!Path::new(&out).exists(), "no certificate when unknown");
    }
}

/// The milliseconds and items checked of a certificate's JSON fate (`--certify`,
/// `source_certificate`), asserted present and positive where it was accepted.
fn assert_timed_fate(fate: &Value, what: &str) {
    assert!(fate["millis"].as_f64() >= Some(0.0), "{what}: {fate:#}");
    if fate["status"] == "accepted" {
        assert!(fate["work"].as_u64() > Some(0), "{what}: {fate:#}");
        assert!(fate["millis"].as_f64() > Some(0.0), "{what}: {fate:#}");
    }
}

/// "(N items checked, X ms)" at the end of a line: N positive.
fn assert_checked_words(line: &str, what: &str) {
    let inner = line
        .rsplit('(')
        .next()
        .and_then(|l| l.strip_suffix(" ms)"))
        .unwrap_or_else(|| panic!("{what}: {line}"));
    let (items, millis) = inner
        .split_once(" items checked, ")
        .unwrap_or_else(|| panic!("{what}: {line}"));
    assert!(items.parse::<u64>().is_ok_and(|n| n > 0), "{what}: {line}");
    assert!(millis.parse::<f64>().is_ok(), "{what}: {line}");
}

/// Certifying inside `verify` reports what the checker examined and how long building (or
/// mapping) and checking took: `--certify`'s four certificates, `--self-check`'s, and the
/// certificate route's source certificate and forward images.
#[test]
fn verify_reports_the_work_and_time_of_every_certificate() {
    let qbf = "examples/fraenkel-simonson.qbf";
    // By search: `--by auto` may add the certificate route's own source certificate line.
    let args = [
        "verify",
        qbf,
        "--to",
        "pvg",
        "--by",
        "search",
        "--certify",
        "--self-check",
    ];
    let o = georeduce(&[&args[..], &["--json"]].concat());
    assert_exit(&o, 0);
    let v = json(&o);
    for role in ["source", "forward", "target", "backward"] {
        let fate = &v["certificates"][0][role];
        assert_eq!(fate["status"], "accepted", "{role}: {fate:#}");
        assert_timed_fate(fate, role);
    }
    for checked in v["self_check"].as_array().expect("self-check entries") {
        assert_eq!(checked["accepted"], true, "{checked:#}");
        assert_timed_fate(
            &json!({ "status": "accepted", "work": checked["work"],
                                   "millis": checked["millis"] }),
            "self-check",
        );
    }
    let o = georeduce(&args);
    assert_exit(&o, 0);
    let text = stdout(&o);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("self-check (") || l.contains(", accepted: "))
        .collect();
    assert_eq!(lines.len(), 2 + 4, "{text}");
    for line in lines {
        assert_checked_words(line, "verify --certify --self-check");
    }

    // The certificate route: the source certificate's time, each step's positions and time.
    for by in ["certificate", "auto"] {
        let via = ["verify", qbf, "--via", "qbf-deg,deg-ueg", "--by", by];
        let o = georeduce(&[&via[..], &["--json"]].concat());
        assert_exit(&o, 0);
        let v = json(&o);
        assert_eq!(v["result"], "match");
        let certified = (v["steps"].as_array().unwrap().iter())
            .filter(|s| s["by"] == "certificate")
            .count();
        if by == "certificate" {
            assert_eq!(certified, 2, "{v:#}");
        }
        match certified {
            0 => assert_eq!(v["by"], "search", "{v:#}"),
            _ => {
                assert_eq!(v["by"], "certificate", "{v:#}");
                assert_timed_fate(&v["source_certificate"], "source certificate");
            }
        }
        for step in v["steps"].as_array().unwrap() {
            // Each step says which route decided it, with that route's statistics only.
            match step["by"].as_str() {
                Some("certificate") => {
                    let stats = &step["certificate_stats"];
                    assert_eq!(stats["positions"], step["certificate_positions"]);
                    assert!(stats["positions"].as_u64() > Some(0), "{step:#}");
                    assert!(stats["millis"].as_f64() > Some(0.0), "{step:#}");
                    assert!(step["stats"]["nodes"].is_null(), "{step:#}");
                }
                Some("search") => {
                    assert!(step["certificate_stats"].is_null(), "{step:#}");
                    assert!(step["certificate_positions"].is_null(), "{step:#}");
                    assert_stats(&step["stats"], Table::Kept, "searched step");
                }
                other => panic!("{other:?}: {step:#}"),
            }
        }
    }
    let o = georeduce(&[
        "verify",
        qbf,
        "--via",
        "qbf-deg,deg-ueg",
        "--by",
        "certificate",
    ]);
    assert_exit(&o, 0);
    let text = stdout(&o);
    let source = (text.lines())
        .find(|l| l.trim_start().starts_with("source certificate: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert_checked_words(source, "source certificate");
}

/// When nothing established any step's winner, the JSON's top-level `by` is `null`, not a
/// method that did not decide anything.
#[test]
fn verify_says_no_method_when_no_step_was_decided() {
    let o = georeduce(&[
        "verify",
        "examples/fraenkel-simonson.qbf",
        "--to",
        "pvg",
        "--by",
        "search",
        "--max-nodes",
        "20",
        "--json",
    ]);
    assert_exit(&o, 3);
    let v = json(&o);
    assert!(v["by"].is_null(), "{v:#}");
    assert!(v["steps"][0]["by"].is_null(), "{v:#}");
    assert!(v["steps"][0]["certificate_stats"].is_null(), "{v:#}");
}

/// A step whose own source question runs out of budget says so in the text, with the
/// statistics at the stop, as in JSON (before, only JSON had them).
#[test]
fn verify_prints_an_own_question_that_ran_out_of_budget() {
    let cubic = "hampath {\n  undirected graph\n  vertices a b c d\n  \
                 edges a -- b, b -- c, c -- d, d -- a, a -- c, b -- d\n  start a\n}\n";
    // The Hamiltonian path takes 15 nodes, the long trail 31: stop the trail at 21.
    let args = [
        "verify",
        "-",
        "--to",
        "trailtrap",
        "--by",
        "search",
        "--max-nodes",
        "20",
    ];
    let o = with_stdin(&[&args[..], &["--json"]].concat(), cubic);
    assert_exit(&o, 3);
    let v = json(&o);
    assert_eq!(v["source_answer"], "yes", "{v:#}");
    let step = &v["steps"][0];
    assert_eq!(step["own_question"], true, "{step:#}");
    assert!(step["source_answer"].is_null(), "{step:#}");
    assert_eq!(step["result"], "unknown");
    assert_stats(&step["source_stats"], Table::Kept, "stopped own question");
    assert_eq!(step["source_stats"]["nodes"], 21, "{step:#}");
    let reason = step["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("own source question"), "{step:#}");
    let o = with_stdin(&args, cubic);
    assert_exit(&o, 3);
    let text = stdout(&o);
    let own = text
        .lines()
        .find(|l| l.contains("decides its own source question"))
        .unwrap_or_else(|| panic!("{text}"));
    let stopped = own
        .split(": unknown (budget exhausted after ")
        .nth(1)
        .unwrap_or_else(|| panic!("{own}"));
    assert!(stopped.starts_with("21 nodes, "), "{own}");
    assert_stats_words(&format!(" {stopped}"), Table::Kept, "own question (text)");
}

/// A start position that the exhaustive search decides before expanding any position (the
/// retrograde labels and the endgames on the start itself; `examples/games/dvg.geo` is one)
/// reports `nodes: 0`; `decided_by` and the text's `method:` line say why, so that it does
/// not read as "nothing was done". A searched game says `search`, a polynomial method
/// `polynomial`, in `solve` (text and JSON) and on `solve --batch` lines.
#[test]
fn a_start_decided_before_any_search_says_so() {
    let cases = [
        ("examples/games/dvg.geo", "exhaustive", "pre-classification"),
        ("examples/games/pvg.geo", "exhaustive", "search"),
        ("examples/games/uvg.geo", "matching", "polynomial"),
    ];
    for (file, method, decided) in cases {
        let o = georeduce(&["solve", "--json", file]);
        assert_exit(&o, 0);
        let v = json(&o);
        assert_eq!(v["method"], method, "{file}: {v:#}");
        assert_eq!(v["decided_by"], decided, "{file}: {v:#}");
        let nodes = v["stats"]["nodes"]
            .as_u64()
            .unwrap_or_else(|| panic!("{v:#}"));
        assert_eq!(nodes == 0, decided == "pre-classification", "{file}: {v:#}");
        let text = stdout(&georeduce(&["solve", file]));
        let line = text
            .lines()
            .find(|l| l.starts_with("method:"))
            .unwrap_or_default();
        assert_eq!(
            line.contains("pre-classified: the start was decided before any position"),
            decided == "pre-classification",
            "{file}: {text}"
        );
        assert_eq!(
            line == format!("method:  {method} (polynomial)"),
            decided == "polynomial",
            "{file}: {text}"
        );
    }
    // dfpn shares the labels and endgames: the same start is decided before its first node.
    let v = json(&georeduce(&[
        "solve",
        "--json",
        "--method",
        "dfpn",
        "examples/games/dvg.geo",
    ]));
    assert_eq!(v["decided_by"], "pre-classification", "{v:#}");
    // Batch lines: a directed path is the DAG method's; a directed triangle rooted at 0 is
    // the exhaustive search's, decided before a node.
    let o = with_stdin(
        &["solve", "--batch", "-", "--game", "dvg", "--start", "0"],
        "0 1, 1 2\n0 1, 1 2, 2 0\n",
    );
    assert_exit(&o, 0);
    let lines: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(lines.len(), 2, "{}", stdout(&o));
    assert_eq!(lines[0]["decided_by"], "polynomial", "{:#}", lines[0]);
    assert_eq!(lines[1]["method"], "exhaustive", "{:#}", lines[1]);
    assert_eq!(lines[1]["nodes"], 0, "{:#}", lines[1]);
    assert_eq!(
        lines[1]["decided_by"], "pre-classification",
        "{:#}",
        lines[1]
    );
}

/// The matching solver counts the vertices its blossom search takes from its queues, and on
/// `examples/games/unrooted-uvg.geo` (a 4-cycle) the greedy matching is already perfect: the
/// count is 0. The text of `solve` and `certify` names the unit and says why it is 0 instead
/// of printing "0 nodes" (which read as if nothing was done); the JSON keeps `"nodes": 0`
/// beside `"decided_by": "polynomial"` (stable keys).
#[test]
fn a_polynomial_answer_says_what_it_counted() {
    let file = "examples/games/unrooted-uvg.geo";
    let zero = "0 vertices scanned by Edmonds' blossom search (the greedy matching was already \
                perfect), ";
    let o = georeduce(&["solve", file]);
    assert_exit(&o, 0);
    let text = stdout(&o);
    assert!(
        text.contains("\nmethod:  matching (polynomial)\n"),
        "{text}"
    );
    let line = stats_line(&text, file);
    assert!(line.starts_with(zero), "{text}");
    assert!(line.ends_with(" ms, no table"), "{text}");
    assert!(!text.contains("nodes"), "{text}");
    let v = json(&georeduce(&["solve", "--json", file]));
    assert_eq!(
        (&v["method"], &v["decided_by"], &v["stats"]["nodes"]),
        (&json!("matching"), &json!("polynomial"), &json!(0)),
        "{v:#}"
    );
    // certify prints the same `stats:` line.
    let dir = tempfile::tempdir().expect("temporary directory");
    let out = path_str(&dir.path().join("cert.json")).to_string();
    let o = georeduce(&["certify", file, "-o", &out]);
    assert_exit(&o, 0);
    assert!(
        stats_line(&stdout(&o), file).starts_with(zero),
        "{}",
        stdout(&o)
    );
    // A search still counts nodes, with their rate.
    let text = stdout(&georeduce(&["solve", "examples/games/pvg.geo"]));
    assert!(text.contains("\nmethod:  exhaustive\n"), "{text}");
    assert!(stats_line(&text, "pvg").contains(" nodes, "), "{text}");
    assert!(stats_line(&text, "pvg").contains(" nodes/s, "), "{text}");
}

/// `verify` says what decided the source and each searched target, as `solve` does: the
/// source of `examples/games/dvg.geo` is decided before the search's first node, so its
/// line says so instead of `0 nodes, …, 0 nodes/s`, and JSON carries `source_decided_by` and
/// each step's `decided_by` (`null` for a step its certificate established).
#[test]
fn verify_says_what_decided_the_source_and_each_target() {
    let file = "examples/games/dvg.geo";
    let o = georeduce(&["verify", file, "--to", "misere-uvg", "--by", "search"]);
    assert_exit(&o, 0);
    let text = stdout(&o);
    let source = text
        .lines()
        .find(|l| l.starts_with("source:"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        source.contains("(no position searched (pre-classified), "),
        "{text}"
    );
    assert!(!source.contains("nodes"), "{text}");
    // `solve`'s stats line says the same.
    let text = stdout(&georeduce(&["solve", file]));
    assert!(
        stats_line(&text, file).starts_with("no position searched (pre-classified), "),
        "{text}"
    );
    let v = json(&georeduce(&[
        "verify",
        file,
        "--to",
        "misere-uvg",
        "--by",
        "search",
        "--json",
    ]));
    assert_eq!(v["source_decided_by"], "pre-classification", "{v:#}");
    assert_eq!(v["source_stats"]["nodes"], 0, "{v:#}");
    assert_eq!(v["steps"][0]["by"], "search", "{v:#}");
    assert_eq!(v["steps"][0]["decided_by"], "search", "{v:#}");

    // A QBF source is no game; a certified step has no search that decided it.
    let v = json(&georeduce(&[
        "verify",
        "examples/fraenkel-simonson.qbf",
        "--via",
        "qbf-dvg",
        "--by",
        "certificate",
        "--json",
    ]));
    assert_eq!(v["source_decided_by"], Value::Null, "{v:#}");
    assert_eq!(v["steps"][0]["by"], "certificate", "{v:#}");
    assert_eq!(v["steps"][0]["decided_by"], Value::Null, "{v:#}");
}
