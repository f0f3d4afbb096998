//! `georeduce solve --batch`: research batches over nauty's formats.
//!
//! The Trail Trap census is checked against the paper's Table 1 (Buchanan et al., "Trail
//! Trap"): of the 112 connected graphs on 6 vertices (tests/data/connected-6.g6, as printed
//! by `geng -c 6`), 88 are won by player II; every answer is also compared with a plain
//! exhaustive solve of the same game through the DSL, line by line.

use super::{georeduce, json, stderr, stdout, with_stdin};

const SIX: &str = "tests/data/connected-6.g6";

#[test]
fn trail_trap_census_reproduces_table_1_for_six_vertices() {
    let o = georeduce(&[
        "solve",
        "--batch",
        SIX,
        "--game",
        "trail-trap",
        "--count-by",
        "winner",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(
        (v["first"].as_u64(), v["second"].as_u64()),
        (Some(24), Some(88))
    );
    assert_eq!(v["total"], 112);
}

#[test]
fn batch_lines_agree_with_single_solves_and_keep_input_order() {
    let lines = std::fs::read_to_string(SIX).unwrap();
    let out = georeduce(&["solve", "--batch", SIX, "--game", "trail-trap"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 112);
    // Every 8th graph re-solved alone by exhaustive search from a DSL file built here.
    for (i, g6) in lines.lines().enumerate().step_by(8) {
        assert_eq!(rows[i]["line"], i + 1);
        let g = georeduce::lang::graph6::decode_line(g6).unwrap();
        let mut dsl = String::from(
            "geography {\n  undirected edge geography\n  normal play\n  tokens: partizan, unrooted\n  vertices",
        );
        for v in 0..g.n() {
            dsl += &format!(" {v}");
        }
        dsl += "\n  edges";
        let edges: Vec<String> = g.edges.iter().map(|(u, v)| format!("{u} -- {v}")).collect();
        dsl += &format!(" {}\n}}\n", edges.join(", "));
        let single = with_stdin(&["solve", "-", "--method", "exhaustive", "--json"], &dsl);
        assert!(single.status.success(), "{}", stderr(&single));
        assert_eq!(json(&single)["winner"], rows[i]["winner"], "graph {g6}");
    }
}

#[test]
fn shards_partition_the_batch() {
    let whole = stdout(&georeduce(&[
        "solve", "--batch", SIX, "--game", "uvg", "--start", "0",
    ]));
    let mut union: Vec<String> = (0..3)
        .flat_map(|i| {
            let shard = format!("{i}/3");
            let args = [
                "solve", "--batch", SIX, "--game", "uvg", "--start", "0", "--shard", &shard,
            ];
            stdout(&georeduce(&args))
                .lines()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect();
    let key = |l: &String| serde_json::from_str::<serde_json::Value>(l).unwrap()["line"].as_u64();
    union.sort_by_key(key);
    // Timing fields differ between runs: compare line numbers and winners.
    let strip = |l: &str| {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        (v["line"].clone(), v["winner"].clone())
    };
    let a: Vec<_> = whole.lines().map(strip).collect();
    let b: Vec<_> = union.iter().map(|l| strip(l)).collect();
    assert_eq!(a.len(), 112);
    assert_eq!(a, b);
}

#[test]
fn edge_lists_sparse6_and_json_lines() {
    // A path 0-1-2 (rooted UVG from 0: player I moves to 1, II to 2, I is stuck: II wins),
    // the same in sparse6, and a JSON instance line.
    let json_line =
        stdout(&georeduce(&["parse", "examples/games/uvg.geo", "--json"])).replace('\n', "");
    let input = format!("# comment\n0 1, 1 2\n\n:Bd\n{json_line}\n");
    let o = with_stdin(
        &["solve", "--batch", "-", "--game", "uvg", "--start", "0"],
        &input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["line"], 2);
    assert_eq!(rows[0]["winner"], "second");
    assert_eq!(rows[1]["line"], 4);
    assert_eq!(rows[1]["m"], rows[0]["m"]);
    assert_eq!(rows[1]["winner"], "second");
    let single = json(&georeduce(&["solve", "examples/games/uvg.geo", "--json"]));
    assert_eq!(rows[2]["winner"], single["winner"]);
}

#[test]
fn a_bad_line_is_a_located_diagnostic() {
    let o = with_stdin(&["solve", "--batch", "-", "--game", "ueg"], "C~\nD Qc\n");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("cli::batch_bad_line") && err.contains("line 2"),
        "{err}"
    );
    // At the input's own line and column (it said `<stdin>:2:1:2` and drew the line as 1).
    assert!(
        err.contains("[<stdin>:2:2]") && err.contains(" 2 │ D Qc"),
        "{err}"
    );
    // Far along a long line too, where only a window of the line is drawn.
    let long = format!("C~\n{}0 q\n", "0 1, ".repeat(200));
    let o = with_stdin(&["solve", "--batch", "-", "--game", "ueg"], &long);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("[<stdin>:2:1003]"), "{}", stderr(&o));
    // A graph line without --game, and a long bad line, are diagnostics too (no panic).
    let o = with_stdin(&["solve", "--batch", "-"], "C~\n");
    assert_eq!(o.status.code(), Some(2));
    let long = format!("{}!\n", "~".repeat(100_000));
    let o = with_stdin(&["solve", "--batch", "-", "--game", "ueg"], &long);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

/// `--method` chooses the solver of one instance; a batch chooses per line and used to
/// ignore the flag silently (`--method exhaustive` answered by matching), so it is a usage
/// error, as `--strategy` is.
#[test]
fn a_method_is_refused_in_a_batch() {
    for method in ["exhaustive", "gf2", "auto"] {
        let o = georeduce(&["solve", "--batch", SIX, "--game", "uvg", "--method", method]);
        assert_eq!(o.status.code(), Some(2), "{method}: {}", stdout(&o));
        let err = stderr(&o);
        assert!(
            err.contains("'--batch' cannot be used with '--method"),
            "{err}"
        );
    }
}

#[test]
fn budget_per_instance_gives_unknown_and_exit_3() {
    let o = georeduce(&[
        "solve",
        "--batch",
        SIX,
        "--game",
        "trail-trap",
        "--count-by",
        "winner",
        "--json",
        "--max-nodes",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(json(&o)["unknown"].as_u64().unwrap() > 0);
}

/// Table 1's n = 7 row (853 connected graphs, tests/data/connected-7.g6 as printed by
/// `geng -c 7`): player II wins 734. With the shared table of canonical positions (the
/// default) and without it (`--max-nodes` turns it off), line by line the same winners.
#[test]
fn trail_trap_census_reproduces_table_1_for_seven_vertices_with_and_without_sharing() {
    const SEVEN: &str = "tests/data/connected-7.g6";
    let count = georeduce(&[
        "solve",
        "--batch",
        SEVEN,
        "--game",
        "trail-trap",
        "--count-by",
        "winner",
        "--json",
    ]);
    assert!(count.status.success(), "{}", stderr(&count));
    let v = json(&count);
    assert_eq!(
        (
            v["first"].as_u64(),
            v["second"].as_u64(),
            v["total"].as_u64()
        ),
        (Some(119), Some(734), Some(853))
    );
    let winners = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["solve", "--batch", SEVEN, "--game", "trail-trap"];
        args.extend_from_slice(extra);
        let o = georeduce(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["winner"].to_string())
            .collect()
    };
    let shared = winners(&[]);
    let alone = winners(&["--max-nodes", "1000000000"]);
    assert_eq!(shared.len(), 853);
    assert_eq!(shared, alone);
}

/// A batch line is an instance exactly when `solve FILE` accepts it as a file. Until the
/// twentieth session a JSON line was only deserialized, so instances that break a rule of the
/// language got a winner from `--batch` while `solve FILE` refused them (found by the
/// independent witness, tests/witness/); and an edge list with a repeated edge was played as
/// vertex geography, which the language refuses.
#[test]
fn lines_break_the_same_rules_as_files() {
    let dir = tempfile::tempdir().unwrap();
    let nim = |vertices: &str, tokens: &str| {
        format!(
            r#"{{"geography":{{"graph":{{"directed":false,"vertices":[{vertices}],"edges":[[0,1]]}},"rule":"nim_remove_move","tokens":{tokens},"convention":"normal"}}}}"#
        )
    };
    let weighted = r#"{"id":"a","weight":1},{"id":"b","weight":2}"#;
    let refused = [
        // NimG with partizan tokens (`lang::nim_tokens`).
        nim(weighted, r#"{"partizan":{"starts":[0,1]}}"#),
        // NimG with a vertex that has no weight (`lang::missing_weight`).
        nim(r#"{"id":"a","weight":1},{"id":"b"}"#, r#"{"one":{"start":0}}"#),
        // A repeated edge in vertex geography (`lang::duplicate_edge`).
        r#"{"geography":{"graph":{"directed":false,"vertices":[{"id":"a"},{"id":"b"}],"edges":[[0,1],[0,1]]},"rule":"vertex","tokens":{"one":{"start":0}},"convention":"normal"}}"#.to_string(),
    ];
    for line in &refused {
        let file = dir.path().join("line.json");
        std::fs::write(&file, line).unwrap();
        let alone = georeduce(&["solve", file.to_str().unwrap()]);
        assert_eq!(
            alone.status.code(),
            Some(2),
            "solve FILE: {line}\n{}",
            stderr(&alone)
        );
        let o = with_stdin(&["solve", "--batch", "-"], &format!("{line}\n"));
        assert_eq!(o.status.code(), Some(2), "--batch: {line}\n{}", stdout(&o));
        assert!(stderr(&o).contains("cli::batch_bad_line"), "{}", stderr(&o));
    }
    // The same NimG game with one pointer and both weights is an instance in both.
    let fine = nim(weighted, r#"{"one":{"start":0}}"#);
    let o = with_stdin(&["solve", "--batch", "-"], &format!("{fine}\n"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Edge lists: a repeated edge is two moves under the edge rule, a mistake under the vertex rule.
    for (game, code) in [("uvg", 2), ("dvg", 2), ("ueg", 0), ("deg", 0)] {
        let o = with_stdin(&["solve", "--batch", "-", "--game", game], "2: 0 1, 0 1\n");
        assert_eq!(o.status.code(), Some(code), "{game}: {}", stderr(&o));
    }
}
