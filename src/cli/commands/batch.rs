//! `georeduce solve --batch FILE|-`: research batches. One instance per line — a graph in
//! nauty's graph6 / sparse6 / digraph6 or a plain edge list (played as `--game`), or a whole
//! JSON instance — solved in parallel (rayon), one JSON line per instance in input order, or
//! a count table with `--count-by winner`.
//!
//! The census of the Trail Trap paper's Table 1 is one pipeline:
//! `geng -c 7 | georeduce solve --batch - --game trail-trap --count-by winner`.
//! Lines are read in chunks so that memory stays bounded on a 261,080-line census, and
//! results are printed in input order whatever the thread schedule, so output is
//! deterministic. `--shard i/k` keeps the lines whose 0-based line number is i mod k.

use super::super::Outcome;
use super::super::args::{BatchArgs, BatchGame, BudgetArgs, CountBy};
use super::super::output::{decided_by, stats_json, winner_name};
use super::budget_maker;
use crate::lang::diag::Source;
use crate::lang::graph6::{LineError, decode_line};
use crate::problems::{Convention, Geography, Graph, Instance, Rule, Tokens};
use crate::solvers::geography::{
    CensusTable, Method, RaceCache, census_applies, census_winner, race_applies, race_winner,
    race_winner_shared, solve_polynomial, solve_with,
};
use crate::solvers::{SolveError, Stats, Winner};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use miette::{IntoDiagnostic, SourceSpan, WrapErr};
use rayon::prelude::*;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;

/// Lines solved in parallel before their results are printed.
const CHUNK: usize = 4096;

/// Longest line accepted (a graph6 line of a 4,096-vertex graph is ~1.4 MB).
const MAX_LINE_BYTES: usize = 64 << 20;

/// What one line produced.
enum LineResult {
    /// Solved: the winner, the method and the work.
    Solved {
        winner: Winner,
        method: &'static str,
        stats: Stats,
        n: usize,
        m: usize,
    },
    /// The budget ran out: what the search did until then.
    Unknown { stats: Stats, n: usize, m: usize },
}

/// A bad line: stops the batch with a diagnostic at the offending byte.
struct BadLine {
    number: usize,
    text: String,
    error: LineError,
}

/// Runs a batch; `file` is the batch file (`-` for standard input).
pub fn run(
    file: &Path,
    args: &BatchArgs,
    json_counts: bool,
    budget_args: &BudgetArgs,
) -> miette::Result<Outcome> {
    let shard = parse_shard(args.shard.as_deref())?;
    let make_budget = budget_maker(budget_args)?;
    // Trail Trap lines share one table of canonical positions (isomorphic positions of
    // different graphs are searched once), and so do the one-token undirected games that no
    // polynomial method decides (the census search, `census.rs`). The tables take half the
    // memory budget: the one `--game` uses takes it all, and without `--game` (JSON lines,
    // any game) each takes a quarter. Not under --max-nodes: a node budget per line must not
    // depend on which lines ran before.
    let memory = make_budget().max_memory.unwrap_or(1 << 30);
    let (race_bytes, census_bytes) = match args.game {
        Some(BatchGame::TrailTrap) => (memory / 2, 0),
        Some(_) => (0, memory / 2),
        None => (memory / 4, memory / 4),
    };
    let tables = budget_args.max_nodes.is_none();
    let shared = (tables && race_bytes > 0).then(|| RaceCache::new(race_bytes));
    let census = (tables && census_bytes > 0).then(|| CensusTable::new(census_bytes));
    let reader: Box<dyn Read> = if file.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(
            std::fs::File::open(file)
                .into_diagnostic()
                .wrap_err_with(|| format!("cannot read {}", file.display()))?,
        )
    };
    let mut lines = BufReader::new(reader);
    let name = if file.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        file.display().to_string()
    };
    let progress = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    // No bar off a terminal, nor under `--quiet`.
    if !std::io::stderr().is_terminal() || super::super::ui::quiet() {
        progress.set_draw_target(ProgressDrawTarget::hidden());
    }
    progress.set_style(
        ProgressStyle::with_template("{spinner} {pos} instances solved ({per_sec}) {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    let mut counts = [0u64; 3]; // first, second, unknown
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let mut number = 0usize; // 0-based line number of the next line read
    loop {
        // Read one chunk of (line number, text) for this shard.
        let mut chunk = Vec::with_capacity(CHUNK);
        while chunk.len() < CHUNK {
            let mut buf = Vec::new();
            let read = (&mut lines)
                .take(MAX_LINE_BYTES as u64 + 1)
                .read_until(b'\n', &mut buf)
                .into_diagnostic()
                .wrap_err_with(|| format!("reading {name}"))?;
            if read == 0 {
                break;
            }
            let this = number;
            number += 1;
            if buf.len() > MAX_LINE_BYTES {
                miette::bail!(
                    code = "cli::batch_line_too_long",
                    "line {} of {name} is longer than {} MiB",
                    this + 1,
                    MAX_LINE_BYTES >> 20
                );
            }
            let text = String::from_utf8_lossy(&buf).trim_end().to_string();
            if text.trim().is_empty() || text.starts_with('#') {
                continue;
            }
            if shard.is_some_and(|(i, k)| this % k != i) {
                continue;
            }
            chunk.push((this, text));
        }
        if chunk.is_empty() {
            break;
        }
        let results: Vec<Result<LineResult, BadLine>> = chunk
            .par_iter()
            .map(|(num, text)| {
                let tables = Tables {
                    race: shared.as_ref(),
                    census: census.as_ref(),
                };
                solve_line(*num, text, args, &make_budget, tables)
            })
            .collect();
        for ((num, _), result) in chunk.iter().zip(results) {
            let result = result.map_err(|bad| bad_line_report(&name, bad))?;
            let line_json = match &result {
                // "nodes" and "millis" stay at the top level (the shape scripts read since
                // the first batches); "stats" has every statistic, as `solve --json`'s.
                LineResult::Solved {
                    winner,
                    method,
                    stats,
                    n,
                    m,
                } => {
                    counts[usize::from(*winner == Winner::Second)] += 1;
                    json!({"line": num + 1, "n": n, "m": m, "winner": winner_name(*winner),
                           "method": method, "decided_by": decided_by(method, stats).as_str(),
                           "nodes": stats.nodes,
                           "millis": (stats.millis * 1000.0).round() / 1000.0,
                           "stats": stats_json(*stats)})
                }
                LineResult::Unknown { stats, n, m } => {
                    counts[2] += 1;
                    json!({"line": num + 1, "n": n, "m": m, "winner": "unknown",
                           "nodes": stats.nodes,
                           "millis": (stats.millis * 1000.0).round() / 1000.0,
                           "stats": stats_json(*stats)})
                }
            };
            if args.count_by.is_none() {
                writeln!(stdout, "{line_json}").into_diagnostic()?;
            }
            progress.inc(1);
        }
    }
    progress.finish_and_clear();
    if let Some(CountBy::Winner) = args.count_by {
        let total: u64 = counts.iter().sum();
        if json_counts {
            let v: Value = json!({"first": counts[0], "second": counts[1],
                                  "unknown": counts[2], "total": total});
            writeln!(stdout, "{v}").into_diagnostic()?;
        } else {
            let pct = |c: u64| {
                if total == 0 {
                    0.0
                } else {
                    100.0 * c as f64 / total as f64
                }
            };
            writeln!(stdout, "winner    count  share").into_diagnostic()?;
            for (label, c) in [("first", counts[0]), ("second", counts[1])] {
                writeln!(stdout, "{label:<8} {c:>6} {:>5.1}%", pct(c)).into_diagnostic()?;
            }
            if counts[2] > 0 {
                writeln!(stdout, "unknown  {:>6} {:>5.1}%", counts[2], pct(counts[2]))
                    .into_diagnostic()?;
            }
            writeln!(stdout, "total    {total:>6}").into_diagnostic()?;
        }
    }
    stdout.flush().into_diagnostic()?;
    Ok(if counts[2] > 0 {
        Outcome::Unknown
    } else {
        Outcome::Done
    })
}

/// `--shard i/k` as (i, k).
fn parse_shard(spec: Option<&str>) -> miette::Result<Option<(usize, usize)>> {
    let Some(spec) = spec else { return Ok(None) };
    let parsed = spec
        .split_once('/')
        .and_then(|(i, k)| Some((i.parse::<usize>().ok()?, k.parse::<usize>().ok()?)));
    match parsed {
        Some((i, k)) if k > 0 && i < k => Ok(Some((i, k))),
        _ => miette::bail!(
            code = "cli::bad_shard",
            help = "write --shard i/k with 0 ≤ i < k, e.g. --shard 0/4",
            "`{spec}` is not a shard"
        ),
    }
}

/// The tables shared by the lines of a batch (none under `--max-nodes`).
#[derive(Clone, Copy)]
struct Tables<'a> {
    /// Trail Trap positions (`race.rs`).
    race: Option<&'a RaceCache>,
    /// One-token undirected positions (`census.rs`).
    census: Option<&'a CensusTable>,
}

/// Decodes and solves one line.
fn solve_line(
    number: usize,
    text: &str,
    args: &BatchArgs,
    make_budget: &(impl Fn() -> crate::solvers::Budget + Sync),
    tables: Tables<'_>,
) -> Result<LineResult, BadLine> {
    let bad = |error: LineError| BadLine {
        number,
        text: text.to_string(),
        error,
    };
    let game = if text.trim_start().starts_with('{') {
        // The language's own JSON reader, so that a line is accepted exactly when `solve
        // FILE` would accept it as a file: it checks the shape, the index ranges and every
        // rule of the language (one pointer in NimG, a weight on every NimG vertex, no
        // repeated edge in vertex geography, distinct starts, …). A bare serde read let such
        // lines through (found by the independent witness, tests/witness/).
        let parsed = crate::lang::parse_source(Source::new("line", text)).map_err(|e| {
            let (offset, len) = e
                .labels
                .first()
                .map_or((0, text.len()), |label| (label.offset(), label.len()));
            let offset = offset.min(text.len());
            bad(LineError {
                offset,
                len: len.clamp(1, (text.len() - offset).max(1)),
                // The message names the broken rule (the reader puts the DSL diagnostic's
                // sentence into it).
                message: e.message,
            })
        })?;
        match parsed.instance {
            Instance::Geography(g) => g,
            other => {
                return Err(bad(LineError {
                    offset: 0,
                    len: text.len().max(1),
                    message: format!(
                        "a {} instance: batches solve games only (compile it first)",
                        other.kind()
                    ),
                }));
            }
        }
    } else {
        let graph = decode_line(text).map_err(bad)?;
        let Some(kind) = args.game else {
            return Err(bad(LineError {
                offset: 0,
                len: text.len().max(1),
                message: "a graph line needs --game to say which game to play on it".into(),
            }));
        };
        game_on(graph, kind, args).map_err(|message| {
            bad(LineError {
                offset: 0,
                len: text.len().max(1),
                message,
            })
        })?
    };
    if let Err((_, message)) = game.validate() {
        return Err(bad(LineError {
            offset: 0,
            len: text.len().max(1),
            message,
        }));
    }
    let (n, m) = (game.graph.n(), game.graph.m());
    // Instances run side by side, one per thread: each gets its share of the memory budget.
    // The lines run in parallel already: one thread per search.
    let budget = make_budget().with_threads(1);
    let share = budget
        .max_memory
        .map(|m| m / 2 / rayon::current_num_threads().max(1));
    let budget = budget.with_memory(share);
    // A census needs only the winner: the race search (Trail Trap) skips the line of play.
    let started = std::time::Instant::now();
    let answer = if race_applies(&game) {
        match tables.race {
            Some(table) => race_winner_shared(&game, &budget, table),
            None => race_winner(&game, &budget),
        }
        .map(|(winner, stats)| (winner, "race", stats))
    } else if let Some(table) = tables.census
        && census_applies(&game)
    {
        // The method `--method auto` picks, with the census search (and its shared table)
        // in place of the exhaustive search.
        match solve_polynomial(&game, &budget) {
            Some(answer) => answer.map(|s| (s.winner, s.method, s.stats)),
            None => census_winner(&game, &budget, Some(table))
                .map(|(winner, stats)| (winner, "census", stats)),
        }
    } else {
        solve_with(&game, Method::Auto, &budget).map(|s| (s.winner, s.method, s.stats))
    };
    match answer {
        Ok((winner, method, stats)) => Ok(LineResult::Solved {
            winner,
            method,
            stats,
            n,
            m,
        }),
        Err(SolveError::Budget(b)) => Ok(LineResult::Unknown {
            stats: b.stats_since(started),
            n,
            m,
        }),
        Err(e) => Err(bad(LineError {
            offset: 0,
            len: text.len().max(1),
            message: e.to_string(),
        })),
    }
}

/// The game `kind` played on `graph` (a decoded line).
fn game_on(mut graph: Graph, kind: BatchGame, args: &BatchArgs) -> Result<Geography, String> {
    let directed = matches!(kind, BatchGame::Dvg | BatchGame::Deg);
    if directed != graph.directed {
        if graph.directed {
            return Err(format!(
                "a digraph6 line is a directed graph; --game {} is played on undirected graphs",
                kind.name()
            ));
        }
        // An edge list (or graph6) line read as arcs u -> v for the directed games.
        graph.directed = true;
    }
    let rule = match kind {
        BatchGame::Uvg | BatchGame::Dvg => Rule::Vertex,
        _ => Rule::Edge,
    };
    // An edge list may repeat an edge: separate moves under the edge rule (a multigraph), but
    // meaningless in vertex geography, which the language refuses (`lang::duplicate_edge`).
    if rule == Rule::Vertex
        && let Some(e) = graph.first_duplicate_edge()
    {
        let (u, v) = graph.edges[e];
        return Err(format!(
            "the edge {u} {v} is repeated; --game {} is vertex geography, where an edge is listed once",
            kind.name()
        ));
    }
    let start = match args.start {
        Some(s) if s >= graph.n() => {
            return Err(format!(
                "--start {s} is not a vertex of this {}-vertex graph",
                graph.n()
            ));
        }
        s => s,
    };
    let tokens = match kind {
        BatchGame::TrailTrap => Tokens::Partizan { starts: None },
        _ => Tokens::One { start },
    };
    Ok(Geography {
        graph,
        rule,
        tokens,
        convention: if args.misere {
            Convention::Misere
        } else {
            Convention::Normal
        },
    })
}

/// A diagnostic pointing at the bad byte of the bad line.
fn bad_line_report(name: &str, bad: BadLine) -> miette::Report {
    let offset = bad.error.offset.min(bad.text.len());
    let len = bad
        .error
        .len
        .min(bad.text.len() - offset)
        .max(usize::from(offset < bad.text.len()));
    // Long lines are cut around the span so the renderer never sees a huge column; the
    // report still gives the file's line and column (the window's origin in the file).
    let (shown, shift) = super::super::output::window(&bad.text, offset, 120);
    let span = SourceSpan::from((offset - shift, len.min(shown.len() - (offset - shift))));
    let column = bad.text[..shift].chars().count();
    let source = crate::lang::diag::Source::at(name, &shown, bad.number, column);
    miette::miette!(
        code = "cli::batch_bad_line",
        labels = vec![miette::LabeledSpan::at(span, bad.error.message.clone())],
        "line {} of {name} is not an instance: {}",
        bad.number + 1,
        bad.error.message
    )
    .with_source_code(source.named())
}
