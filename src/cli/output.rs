//! Human-readable and JSON renderings of answers. The JSON shapes are documented in
//! docs/cli.md and kept stable: decision problems give `"answer": "yes" | "no" | "unknown"`,
//! games give `"winner": "first" | "second" | "unknown"`, plus `"witness"` and `"stats"`.

use crate::problems::{Geography, Instance, Move, Rule};
use crate::solvers::dispatch::Solution;
use crate::solvers::{Stats, Winner};
use serde_json::{Value, json};

/// A move in words, using vertex identifiers: `a -> b`, `token 2: a -> b`, `place on a`,
/// `take 2, move to b` (the JSON answers, which scripts read).
pub fn describe_move(g: &Geography, m: &Move) -> String {
    describe_move_with(g, m, |v| g.graph.id(v).to_string())
}

/// A move in words with the labels `georeduce render` draws on the vertices (`x₁ -> ¬x₁`
/// where the identifiers are `x1 -> not_x1`), or the identifiers with `names` (`--names`).
pub fn describe_move_labelled(g: &Geography, m: &Move, names: bool) -> String {
    match names {
        true => describe_move(g, m),
        false => describe_move_with(g, m, |v| crate::render::figure::vertex_label(&g.graph, v)),
    }
}

/// A move in words, naming vertex `v` by `id(v)`.
pub fn describe_move_with(g: &Geography, m: &Move, id: impl Fn(usize) -> String) -> String {
    let arrow = if g.graph.directed { "->" } else { "--" };
    match *m {
        Move::Place { vertex } => format!("place on {}", id(vertex)),
        Move::Step {
            token, from, to, ..
        } => {
            let prefix = match g.tokens {
                crate::problems::Tokens::TwoShared { .. } => format!("token {}: ", token + 1),
                crate::problems::Tokens::Partizan { .. } if token == 0 => "I: ".to_string(),
                crate::problems::Tokens::Partizan { .. } => "II: ".to_string(),
                crate::problems::Tokens::One { .. } => String::new(),
            };
            format!("{prefix}{} {arrow} {}", id(from), id(to))
        }
        Move::Nim { take, to } => match (g.rule, to) {
            (Rule::NimMoveRemove, Some(t)) => format!("move to {}, take {take}", id(t)),
            (_, Some(t)) => format!("take {take}, move to {}", id(t)),
            (_, None) => format!("take {take} (no neighbour)"),
        },
    }
}

/// "first" or "second".
pub fn winner_name(w: Winner) -> &'static str {
    match w {
        Winner::First => "first",
        Winner::Second => "second",
    }
}

/// The player in words, for text output.
pub fn winner_words(w: Winner) -> &'static str {
    match w {
        Winner::First => "first (player I, who moves first)",
        Winner::Second => "second (player II)",
    }
}

/// The statistics as JSON, the same keys for every solver, on answers and on "unknown":
/// nodes, milliseconds, the node rate, and the positions stored, table hits and peak table
/// bytes of the solver's memo table, `null` when the solver keeps none (docs/solvers.md).
pub fn stats_json(stats: Stats) -> Value {
    let table = |x: u64| match stats.tableless {
        true => Value::Null,
        false => json!(x),
    };
    json!({
        "nodes": stats.nodes,
        "millis": (stats.millis * 1000.0).round() / 1000.0,
        "nodes_per_second": stats.nodes_per_second().round() as u64,
        "positions": table(stats.positions),
        "hits": table(stats.hits),
        "peak_table_bytes": table(stats.peak_table_bytes),
    })
}

/// The statistics in words, on one line: nodes, time and node rate, then the positions
/// stored, table hits and peak table memory, or "no table" for a solver that keeps none.
pub fn stats_words(stats: Stats) -> String {
    let mut out = format!(
        "{} nodes, {:.3} ms, {:.0} nodes/s",
        stats.nodes,
        stats.millis,
        stats.nodes_per_second()
    );
    match stats.tableless {
        true => out += ", no table",
        false => {
            out += &format!(
                ", {} positions stored, {} table hits, {} peak table",
                stats.positions,
                stats.hits,
                table_memory(stats.peak_table_bytes)
            )
        }
    }
    out
}

/// What one unit of a polynomial method's `nodes` is (singular, plural), or `None` for a
/// search, whose nodes are positions expanded (docs/solvers.md, "Statistics").
fn polynomial_unit(method: &str) -> Option<(&'static str, &'static str)> {
    match method {
        // Edmonds' search starts from a greedy matching and counts only the vertices its
        // blossom search takes from its queues (augmenting paths, then the Gallai–Edmonds
        // forest): 0 when the greedy matching is perfect.
        "matching" => Some((
            "vertex scanned by Edmonds' blossom search",
            "vertices scanned by Edmonds' blossom search",
        )),
        "gf2" => Some(("GF(2) elimination", "GF(2) eliminations")),
        // The position oracles of the DAG and NimG solvers (one call per position of the
        // line of play and per candidate move) and the pairs or positions of the tree
        // recursions.
        "dag" | "nim_matching" | "nim_loops" | "tree" => {
            Some(("position evaluated", "positions evaluated"))
        }
        _ => None,
    }
}

/// The statistics of a polynomial method's answer in words, its `nodes` named by their unit
/// (`6 vertices scanned by the augmenting-path search, 0.045 ms, no table`), without the node
/// rate, which compares searches, not these units. `None` for a search method.
pub fn polynomial_stats_words(method: &str, stats: Stats) -> Option<String> {
    let (one, many) = polynomial_unit(method)?;
    let mut out = format!(
        "{} {}",
        stats.nodes,
        if stats.nodes == 1 { one } else { many }
    );
    if method == "matching" && stats.nodes == 0 {
        out += " (the greedy matching was already perfect)";
    }
    out += &format!(", {:.3} ms", stats.millis);
    match stats.tableless {
        true => out += ", no table",
        false => out += &format!(", {} positions stored", stats.positions),
    }
    Some(out)
}

/// The statistics of a game answered by `method` in words: [`polynomial_stats_words`] for a
/// polynomial method, "no position searched (pre-classified)" for a search whose start was
/// decided before its first node (its `0 nodes, 0 nodes/s` would read as "nothing was
/// done"), [`stats_words`] for a search.
pub fn game_stats_words(method: &str, stats: Stats) -> String {
    match decided_by(method, &stats) {
        DecidedBy::PreClassification => {
            format!(
                "no position searched (pre-classified), {:.3} ms",
                stats.millis
            )
        }
        _ => polynomial_stats_words(method, stats).unwrap_or_else(|| stats_words(stats)),
    }
}

/// The statistics of an answer in words: [`game_stats_words`] for a game, [`stats_words`]
/// otherwise (the `stats:` line of `solve` and `certify`, the source line of `verify`).
pub fn solution_stats_words(solution: &Solution) -> String {
    match solution {
        Solution::Game(s) => game_stats_words(s.method, solution.stats()),
        _ => stats_words(solution.stats()),
    }
}

/// Table memory in KiB below a MiB, else in MiB (small tables would all read "0.0 MiB").
fn table_memory(bytes: u64) -> String {
    let bytes = bytes as f64;
    match bytes < (1u64 << 20) as f64 {
        true => format!("{:.1} KiB", bytes / 1024.0),
        false => format!("{:.1} MiB", bytes / (1u64 << 20) as f64),
    }
}

/// The witness of a solution as JSON, with vertex identifiers rather than indices.
pub fn witness_json(instance: &Instance, solution: &Solution, strategy: bool) -> Value {
    match (instance, solution) {
        (Instance::Qbf(q), Solution::Qbf(s)) => {
            let block: serde_json::Map<String, Value> = s
                .outer_block
                .iter()
                .map(|&(v, b)| (q.vars[v].clone(), Value::Bool(b)))
                .collect();
            json!({ "outer_block": block })
        }
        (Instance::Hampath(h), Solution::Hampath(s)) => json!({
            "path": s.path.as_ref().map(|p| p.iter().map(|&v| h.graph.id(v)).collect::<Vec<_>>())
        }),
        (Instance::VertexCover(c), Solution::Cover(s)) => json!({
            "cover": s.cover.as_ref().map(|p| p.iter().map(|&v| c.graph.id(v)).collect::<Vec<_>>())
        }),
        (Instance::Geography(g), Solution::Game(s)) => {
            let mut w = json!({
                "winning_move": s.winning_move.as_ref().map(|m| describe_move(g, m)),
            });
            if strategy {
                let pv: Vec<String> = s
                    .principal_variation
                    .iter()
                    .map(|m| describe_move(g, m))
                    .collect();
                w["principal_variation"] = json!(pv);
            }
            w
        }
        _ => Value::Null,
    }
}

/// What decided a game's winner, for the `"decided_by"` key and the text's `method:` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecidedBy {
    /// A search (`exhaustive`, `dfpn`, `race`) expanded positions.
    Search,
    /// The exhaustive or df-pn search decided the start before expanding any: the retrograde
    /// labels and the exact endgames of docs/solvers.md run on the start itself, so `nodes` is
    /// 0 although the game was solved. A researcher reading `nodes: 0` learns from it that
    /// nothing was searched because nothing had to be, not that nothing was done.
    PreClassification,
    /// A polynomial algorithm (tree, DAG, matching, GF(2), NimG matching), whose `nodes` count
    /// its own unit.
    Polynomial,
}

impl DecidedBy {
    /// The JSON value: `"search"`, `"pre-classification"` or `"polynomial"`.
    pub fn as_str(self) -> &'static str {
        match self {
            DecidedBy::Search => "search",
            DecidedBy::PreClassification => "pre-classification",
            DecidedBy::Polynomial => "polynomial",
        }
    }
}

/// What decided a game answered by `method` with these statistics (see [`DecidedBy`]).
pub fn decided_by(method: &str, stats: &Stats) -> DecidedBy {
    match method {
        "exhaustive" | "dfpn" if stats.nodes == 0 => DecidedBy::PreClassification,
        "exhaustive" | "dfpn" | "race" | "census" => DecidedBy::Search,
        _ => DecidedBy::Polynomial,
    }
}

/// The full JSON answer of `solve`.
pub fn solution_json(instance: &Instance, solution: &Solution, strategy: bool) -> Value {
    let mut v = json!({ "kind": instance.kind() });
    match (instance, solution) {
        (Instance::Geography(g), Solution::Game(s)) => {
            v["variant"] = json!(g.variant_name());
            v["winner"] = json!(winner_name(s.winner));
            v["method"] = json!(s.method);
            v["decided_by"] = json!(decided_by(s.method, &s.stats).as_str());
        }
        _ => v["answer"] = json!(if solution.yes() { "yes" } else { "no" }),
    }
    v["witness"] = witness_json(instance, solution, strategy);
    v["stats"] = stats_json(solution.stats());
    v
}

/// The JSON answer when the budget ran out, with the statistics of what was done.
pub fn unknown_json(instance: &Instance, stats: Stats) -> Value {
    let key = if matches!(instance, Instance::Geography(_)) {
        "winner"
    } else {
        "answer"
    };
    json!({ "kind": instance.kind(), key: "unknown", "witness": null, "stats": stats_json(stats) })
}

/// The text answer of `solve`; moves are named by their figure labels unless `names`.
pub fn solution_text(
    instance: &Instance,
    solution: &Solution,
    strategy: bool,
    names: bool,
) -> String {
    let mut out = String::new();
    let stats = solution.stats();
    match (instance, solution) {
        (Instance::Geography(g), Solution::Game(s)) => {
            out += &format!("game:    {}\n", crate::render::dot::default_title(instance));
            out += &format!("winner:  {}\n", winner_words(s.winner));
            if let Some(m) = &s.winning_move {
                out += &format!("winning move: {}\n", describe_move_labelled(g, m, names));
            }
            if strategy {
                let pv: Vec<String> = s
                    .principal_variation
                    .iter()
                    .map(|m| describe_move_labelled(g, m, names))
                    .collect();
                match (pv.is_empty(), &s.winning_move) {
                    (true, Some(_)) => {
                        out += &format!(
                            "principal variation: not given by the {} method (exhaustive search \
                             gives one: --method exhaustive, within the budget)\n",
                            s.method
                        )
                    }
                    _ => out += &format!("principal variation: {}\n", pv.join(", ")),
                }
            }
            match decided_by(s.method, &stats) {
                // Said in words, so that the "0 nodes" below reads as "nothing to search".
                DecidedBy::PreClassification => {
                    out += &format!(
                        "method:  {} (pre-classified: the start was decided before any position \
                         was searched)\n",
                        s.method
                    )
                }
                DecidedBy::Polynomial => out += &format!("method:  {} (polynomial)\n", s.method),
                DecidedBy::Search => out += &format!("method:  {}\n", s.method),
            }
        }
        _ => {
            out += &format!("problem: {}\n", instance.kind());
            out += &format!("answer:  {}\n", if solution.yes() { "yes" } else { "no" });
            let w = witness_json(instance, solution, strategy);
            out += &format!("witness: {w}\n");
        }
    }
    out += &format!("stats:   {}\n", solution_stats_words(solution));
    out
}

/// At most `width` characters of `text` around byte `offset`, cut at character boundaries,
/// and the byte offset in `text` where the window starts: long lines (a one-line JSON file,
/// a graph6 line) are shown around the error instead of whole.
pub fn window(text: &str, offset: usize, width: usize) -> (String, usize) {
    let offset = offset.min(text.len());
    let mut start = offset.saturating_sub(width / 2);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + width).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    (text[start..end].to_string(), start)
}
