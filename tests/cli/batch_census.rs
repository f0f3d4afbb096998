//! `solve --batch` on the one-token undirected games: lines that no polynomial method decides
//! are searched by the census search with one table shared by the batch (`census.rs`), and
//! `--max-nodes` turns the table off (each line solved alone, as `solve` would). On every
//! connected graph on 7 vertices (tests/data/connected-7.g6), both ways give the same winner
//! line by line, for UEG and UVG, unrooted and rooted, normal and misère.

use super::{georeduce, stderr, stdout};
use serde_json::Value;

const SEVEN: &str = "tests/data/connected-7.g6";

/// The JSON lines of `solve --batch SEVEN` with `args`.
fn lines(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["solve", "--batch", SEVEN];
    all.extend_from_slice(args);
    let o = georeduce(&all);
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn census_batches_agree_with_lines_solved_alone() {
    for game in ["ueg", "uvg"] {
        for extra in [
            &[][..],
            &["--misere"],
            &["--start", "0"],
            &["--start", "3", "--misere"],
        ] {
            let mut args = vec!["--game", game];
            args.extend_from_slice(extra);
            let shared = lines(&args);
            args.extend_from_slice(&["--max-nodes", "1000000000000"]);
            let alone = lines(&args);
            assert_eq!(shared.len(), 853);
            let winners = |rows: &[Value]| -> Vec<String> {
                rows.iter().map(|r| r["winner"].to_string()).collect()
            };
            assert_eq!(winners(&shared), winners(&alone), "{args:?}");
            // Without a node budget the census search answers what no polynomial method
            // decides (normal-play UVG is all matching, bipartite normal UEG is GF(2)); with
            // one, nothing does.
            let census = |rows: &[Value]| rows.iter().filter(|r| r["method"] == "census").count();
            let polynomial_everywhere = game == "uvg" && !extra.contains(&"--misere");
            assert_eq!(census(&shared) == 0, polynomial_everywhere, "{args:?}");
            assert_eq!(census(&alone), 0, "{args:?}");
            for r in shared.iter().filter(|r| r["method"] == "census") {
                assert_eq!(r["decided_by"], "search", "{r}");
            }
            // Both winners: the comparison is not one-sided (except unrooted normal-play UVG
            // on 7 vertices, which player I always wins: no perfect matching).
            let first = winners(&shared)
                .iter()
                .filter(|w| *w == "\"first\"")
                .count();
            if game == "uvg" && extra.is_empty() {
                assert_eq!(first, 853);
            } else {
                assert!(first > 0 && first < 853, "{args:?}: {first}");
            }
        }
    }
}
