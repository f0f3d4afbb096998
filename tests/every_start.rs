//! `georeduce solve FILE --every-start` (issue #13 §1): who wins a one-token game from each
//! vertex. On random small UVG, bipartite UEG, DVG and DEG games (rooted or unrooted in the
//! file: the file's start is ignored), each vertex's winner equals the library's exhaustive
//! search rooted at that vertex, under the default method (one matching decomposition for
//! UVG, one GF(2) elimination for bipartite UEG, one solve per start otherwise) and under
//! `--method exhaustive`; on a sample, it also equals one `solve` run per vertex. A budget
//! that runs out prints the starts decided so far and exits 3; games with two tokens are a
//! diagnostic with exit code 2.

use crate::run::{assert_exit, assert_stderr_has, georeduce, path_str, stdout};
use georeduce::problems::{Instance, Tokens};
use georeduce::solvers::Budget;
use georeduce::solvers::geography::solve_exhaustive;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The games the test draws.
#[derive(Clone, Copy, Debug)]
enum Family {
    Uvg,
    BipartiteUeg,
    Dvg,
    Deg,
}

impl Family {
    /// The header line of the game's `.geo` block.
    fn header(self) -> &'static str {
        match self {
            Family::Uvg => "undirected vertex geography",
            Family::BipartiteUeg => "undirected edge geography",
            Family::Dvg => "directed vertex geography",
            Family::Deg => "directed edge geography",
        }
    }

    /// The method `--every-start` reports under `auto` for every game of the family
    /// (`None`: depends on the game).
    fn auto_method(self) -> Option<&'static str> {
        match self {
            Family::Uvg => Some("matching"),
            Family::BipartiteUeg => Some("gf2"),
            Family::Dvg | Family::Deg => None,
        }
    }
}

/// A random game of `family` with 2 to 7 vertices as `.geo` text, rooted at a random vertex
/// or unrooted. UVG, DVG and DEG: each pair (each ordered pair for arcs) joined with a
/// probability drawn per game; UEG: a random simple bipartite graph between sides `a*` and
/// `b*`.
fn random_game(family: Family, rng: &mut ChaCha8Rng) -> String {
    let n = rng.random_range(2..=7usize);
    let p: f64 = rng.random_range(0.25..0.8);
    let (names, pairs): (Vec<String>, Vec<(usize, usize)>) = match family {
        Family::BipartiteUeg => {
            let left = rng.random_range(1..n);
            let names = (0..n)
                .map(|i| match i < left {
                    true => format!("a{i}"),
                    false => format!("b{}", i - left),
                })
                .collect();
            let pairs = (0..left).flat_map(|i| (left..n).map(move |j| (i, j)));
            (names, pairs.collect())
        }
        Family::Uvg => {
            let pairs = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j)));
            ((0..n).map(|i| format!("v{i}")).collect(), pairs.collect())
        }
        Family::Dvg | Family::Deg => {
            let pairs = (0..n).flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)));
            ((0..n).map(|i| format!("v{i}")).collect(), pairs.collect())
        }
    };
    let arrow = match family {
        Family::Dvg | Family::Deg => "->",
        Family::Uvg | Family::BipartiteUeg => "--",
    };
    let edges: Vec<String> = pairs
        .into_iter()
        .filter(|_| rng.random_bool(p))
        .map(|(i, j)| format!("{} {arrow} {}", names[i], names[j]))
        .collect();
    let tokens = match rng.random_bool(0.5) {
        true => format!("one at {}", names[rng.random_range(0..n)]),
        false => "one, unrooted".to_string(),
    };
    let edges = match edges.is_empty() {
        true => String::new(),
        false => format!("  edges {}\n", edges.join(", ")),
    };
    format!(
        "geography {{\n  {}\n  normal play\n  tokens: {tokens}\n  vertices {}\n{edges}}}\n",
        family.header(),
        names.join(" ")
    )
}

/// Each vertex's winner ("first"/"second") by the library's exhaustive search rooted there.
fn library_winners(text: &str) -> Vec<(String, &'static str)> {
    let parsed = georeduce::lang::parse_str("game.geo", text).expect("parse the drawn game");
    let Instance::Geography(g) = parsed.instance else {
        panic!("not a game: {text}")
    };
    (0..g.graph.n())
        .map(|v| {
            let mut rooted = g.clone();
            rooted.tokens = Tokens::One { start: Some(v) };
            let s = solve_exhaustive(&rooted, &Budget::unlimited())
                .unwrap_or_else(|e| panic!("{e}: {text}"));
            let winner = match s.winner {
                georeduce::solvers::Winner::First => "first",
                georeduce::solvers::Winner::Second => "second",
            };
            (g.graph.id(v).to_string(), winner)
        })
        .collect()
}

fn json(o: &std::process::Output) -> Value {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

/// `--every-start --json` on `file` with `extra` flags: exit 0, and (vertex, winner) pairs.
fn every_start(file: &Path, extra: &[&str]) -> (Value, Vec<(String, String)>) {
    let mut args = vec!["solve", path_str(file), "--every-start", "--json"];
    args.extend_from_slice(extra);
    let o = georeduce(&args);
    assert_exit(&o, 0);
    let v = json(&o);
    let rows = v["starts"]
        .as_array()
        .unwrap_or_else(|| panic!("no starts: {v:#}"))
        .iter()
        .map(|r| {
            let vertex = r["vertex"].as_str().expect("vertex").to_string();
            (vertex, r["winner"].as_str().expect("winner").to_string())
        })
        .collect();
    (v, rows)
}

/// The game of `text` (a DSL file with a `tokens:` line) rooted at vertex `name`, written to
/// `dir/rooted-NAME.geo`.
fn write_rooted(text: &str, dir: &Path, name: &str) -> PathBuf {
    let rooted = text
        .lines()
        .map(|l| match l.trim_start().starts_with("tokens:") {
            true => format!("  tokens: one at {name}"),
            false => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let file = dir.join(format!("rooted-{name}.geo"));
    std::fs::write(&file, rooted).unwrap();
    file
}

/// One `solve --json` per vertex, on the game rooted there: its winner.
fn solve_rooted_each(text: &str, dir: &Path, names: &[String]) -> Vec<String> {
    names
        .iter()
        .map(|name| {
            let file = write_rooted(text, dir, name);
            let o = georeduce(&["solve", path_str(&file), "--json"]);
            assert_exit(&o, 0);
            json(&o)["winner"].as_str().expect("winner").to_string()
        })
        .collect()
}

#[test]
fn every_start_matches_one_search_per_start() {
    let seed = 13;
    println!("seed {seed}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.geo");
    let families = [Family::Uvg, Family::BipartiteUeg, Family::Dvg, Family::Deg];
    let mut games = 0;
    let mut starts = 0;
    // [family][first, second]: both winners must occur often in every family.
    let mut wins = [[0usize; 2]; 4];
    for round in 0..60 {
        for (f, &family) in families.iter().enumerate() {
            let text = random_game(family, &mut rng);
            std::fs::write(&file, &text).unwrap();
            let expected = library_winners(&text);
            let expected: Vec<(String, String)> = expected
                .into_iter()
                .map(|(v, w)| (v, w.to_string()))
                .collect();
            let (auto, rows) = every_start(&file, &[]);
            assert_eq!(
                rows, expected,
                "{family:?}, default method, seed {seed}:\n{text}"
            );
            if let Some(method) = family.auto_method() {
                assert_eq!(auto["method"], method, "{family:?}:\n{text}");
            }
            let (_, exhaustive) = every_start(&file, &["--method", "exhaustive"]);
            assert_eq!(
                exhaustive, expected,
                "{family:?}, exhaustive, seed {seed}:\n{text}"
            );
            if round % 10 == 0 {
                let names: Vec<String> = expected.iter().map(|(v, _)| v.clone()).collect();
                let each = solve_rooted_each(&text, dir.path(), &names);
                let winners: Vec<String> = expected.iter().map(|(_, w)| w.clone()).collect();
                assert_eq!(each, winners, "{family:?}, solve per vertex:\n{text}");
            }
            for (_, w) in &expected {
                wins[f][usize::from(w == "second")] += 1;
            }
            games += 1;
            starts += expected.len();
        }
    }
    println!("{games} games, {starts} starts, wins (first, second) by family: {wins:?}");
    assert!(games >= 200);
    for (f, counts) in wins.iter().enumerate() {
        assert!(
            counts.iter().all(|&c| c >= 20),
            "{:?}: {counts:?}",
            families[f]
        );
    }
}

/// The text form: a summary, then one line per vertex with the figure's labels, in vertex
/// order.
#[test]
fn text_lists_every_vertex_with_its_label() {
    let o = georeduce(&["solve", "examples/games/uvg.geo", "--every-start"]);
    assert_exit(&o, 0);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"method:  matching"), "{out}");
    // Label, winner, and what decided it (one decomposition: every start polynomially).
    let per_vertex: Vec<Vec<&str>> = lines
        .iter()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|cols| cols.len() == 3 && cols[2] == "polynomial")
        .collect();
    let labels: Vec<&str> = per_vertex.iter().map(|cols| cols[0]).collect();
    assert_eq!(labels, ["v₁", "v₂", "v₃", "v₄", "v₅"], "{out}");
    let first = per_vertex.iter().filter(|cols| cols[1] == "first").count();
    assert!(
        per_vertex
            .iter()
            .all(|cols| ["first", "second"].contains(&cols[1])),
        "{out}"
    );
    let summary = format!(
        "starts:  5 (player I wins from {first}, loses from {})",
        5 - first
    );
    assert!(lines.contains(&summary.as_str()), "{out}");
    // Deterministic: the same bytes twice, but for the measured time on the stats line.
    let again = georeduce(&["solve", "examples/games/uvg.geo", "--every-start"]);
    let timeless = |text: &str| -> Vec<String> {
        let lines = text.lines().filter(|l| !l.starts_with("stats:"));
        lines.map(str::to_string).collect()
    };
    assert_eq!(timeless(&stdout(&again)), timeless(&out));
}

/// A DVG where `v0` is isolated (decided at once: the mover has no move) and the other
/// vertices form a complete digraph that a budget of a few nodes cannot search.
fn sink_and_clique(n: usize) -> String {
    let arcs: Vec<String> = (1..n)
        .flat_map(|i| {
            (1..n)
                .filter(move |&j| j != i)
                .map(move |j| format!("v{i} -> v{j}"))
        })
        .collect();
    let vertices: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    format!(
        "geography {{\n  directed vertex geography\n  normal play\n  tokens: one at v3\n  \
         vertices {}\n  edges {}\n}}\n",
        vertices.join(" "),
        arcs.join(", ")
    )
}

#[test]
fn budget_exhaustion_prints_the_decided_starts_and_exits_3() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sink-clique.geo");
    std::fs::write(&file, sink_and_clique(9)).unwrap();
    let args = [
        "solve",
        path_str(&file),
        "--every-start",
        "--method",
        "exhaustive",
        "--max-nodes",
        "20",
    ];
    let o = georeduce(&[&args[..], &["--json"]].concat());
    assert_exit(&o, 3);
    let v = json(&o);
    let starts = v["starts"].as_array().expect("starts");
    assert_eq!(starts.len(), 9, "{v:#}");
    assert_eq!(starts[0]["vertex"], "v0");
    assert_eq!(starts[0]["winner"], "second", "{v:#}");
    assert!(starts.iter().any(|s| s["winner"] == "unknown"), "{v:#}");
    // The search checks its budget every so many nodes, so it may overshoot a little.
    assert!(v["stats"]["nodes"].as_u64() > Some(0), "{v:#}");
    // The text form says how many were not decided (`--names`: identifiers, not `v₀`).
    let o = georeduce(&[&args[..], &["--names"]].concat());
    assert_exit(&o, 3);
    let out = stdout(&o);
    assert!(out.contains("budget exhausted"), "{out}");
    // v0 has no move: decided before a node, as `solve` says it.
    assert!(
        out.lines().any(|l| l == "v0  second  pre-classification"),
        "{out}"
    );
    assert!(out.lines().any(|l| l.ends_with("  unknown")), "{out}");
    assert_eq!(starts[0]["decided_by"], "pre-classification", "{v:#}");
    // An unknown start has no `decided_by`: nothing decided it.
    assert!(
        (starts.iter())
            .filter(|s| s["winner"] == "unknown")
            .all(|s| s["decided_by"].is_null()),
        "{v:#}"
    );
}

#[test]
fn a_deadline_ends_the_run_with_exit_3() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("clique.geo");
    std::fs::write(&file, sink_and_clique(26)).unwrap();
    let started = std::time::Instant::now();
    let o = georeduce(&[
        "solve",
        path_str(&file),
        "--every-start",
        "--method",
        "exhaustive",
        "--timeout",
        "0.5",
        "--json",
    ]);
    assert_exit(&o, 3);
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    let v = json(&o);
    assert!(
        v["starts"]
            .as_array()
            .expect("starts")
            .iter()
            .any(|s| s["winner"] == "unknown"),
        "{v:#}"
    );
}

#[test]
fn games_with_two_tokens_are_refused() {
    for file in [
        "examples/games/ivg2.geo",
        "examples/games/pvg.geo",
        "examples/games/trail-trap.geo",
    ] {
        let o = georeduce(&["solve", file, "--every-start"]);
        assert_exit(&o, 2);
        assert_stderr_has(&o, "--every-start applies to one-token games");
    }
    let o = georeduce(&["solve", "examples/hampath.geo", "--every-start"]);
    assert_exit(&o, 2);
    assert_stderr_has(&o, "--every-start applies to one-token games");
}

/// A named polynomial method that does not apply is the user's error, as in `solve`.
#[test]
fn a_method_that_does_not_apply_is_refused() {
    let o = georeduce(&[
        "solve",
        "examples/games/dvg.geo",
        "--every-start",
        "--method",
        "matching",
    ]);
    assert_exit(&o, 2);
    assert_stderr_has(&o, "matching solver needs undirected vertex geography");
}

/// Each start says what decided it, as a single `solve` of the game rooted there does
/// (`decided_by`, cli::output::DecidedBy): `polynomial` for every start of the one-pass
/// methods, and per start under start-by-start solving: on `examples/games/dvg.geo`, three
/// starts that the exhaustive search decides before any node (`pre-classification`) and two
/// it searches, each equal to `solve --json`'s `decided_by` from that start.
#[test]
fn every_start_says_what_decided_each_start_as_solve_does() {
    let dir = tempfile::tempdir().unwrap();
    let dvg = Path::new("examples/games/dvg.geo");
    let text = std::fs::read_to_string(dvg).unwrap();
    for extra in [&[][..], &["--method", "exhaustive"][..]] {
        let (v, rows) = every_start(dvg, extra);
        let starts = v["starts"].as_array().expect("starts");
        let mut kinds = std::collections::BTreeSet::new();
        for (row, (name, _)) in starts.iter().zip(&rows) {
            let file = write_rooted(&text, dir.path(), name);
            let mut args = vec!["solve", path_str(&file), "--json"];
            args.extend_from_slice(extra);
            let one = json(&georeduce(&args));
            assert_eq!(
                row["decided_by"], one["decided_by"],
                "{name}: {v:#}\n{one:#}"
            );
            kinds.insert(row["decided_by"].as_str().expect("decided_by").to_string());
        }
        assert_eq!(
            kinds.into_iter().collect::<Vec<_>>(),
            ["pre-classification", "search"],
            "{v:#}"
        );
    }
    // One decomposition, one elimination: every start is decided polynomially.
    for file in ["examples/games/uvg.geo", "examples/games/ueg.geo"] {
        let (v, _) = every_start(Path::new(file), &[]);
        let starts = v["starts"].as_array().expect("starts");
        assert!(!starts.is_empty(), "{v:#}");
        assert!(
            starts.iter().all(|s| s["decided_by"] == "polynomial"),
            "{file}: {v:#}"
        );
    }
}

/// The one-pass methods report the work `solve` reports for the same game: the matching the
/// vertices its blossom search scanned (6 on `examples/games/uvg.geo`, 0 on the 4-cycle of
/// `unrooted-uvg.geo`, whose greedy matching is perfect), GF(2) one elimination; the text
/// names the unit as `solve` does (the matching used to say `1 nodes` here but `6 nodes`
/// in `solve`).
#[test]
fn one_pass_statistics_are_those_of_solve() {
    for file in [
        "examples/games/uvg.geo",
        "examples/games/unrooted-uvg.geo",
        "examples/games/ueg.geo",
    ] {
        let (v, _) = every_start(Path::new(file), &[]);
        let o = georeduce(&["solve", file, "--json"]);
        assert_exit(&o, 0);
        let one = json(&o);
        assert_eq!(v["method"], one["method"], "{file}");
        assert_eq!(
            v["stats"]["nodes"], one["stats"]["nodes"],
            "{file}: {v:#}\n{one:#}"
        );
        let stats = |args: &[&str]| -> String {
            let o = georeduce(args);
            assert_exit(&o, 0);
            let text = stdout(&o);
            let line = text.lines().find(|l| l.starts_with("stats:   "));
            let line = line.unwrap_or_else(|| panic!("{text}")).to_string();
            // Up to the measured time.
            line.split(", ").next().unwrap_or_default().to_string()
        };
        let every = stats(&["solve", file, "--every-start"]);
        assert_eq!(every, stats(&["solve", file]), "{file}");
        assert!(!every.contains("nodes"), "{file}: {every}");
    }
}
