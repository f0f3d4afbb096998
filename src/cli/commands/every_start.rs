//! `georeduce solve FILE --every-start`: who wins a one-token game from each vertex as the
//! start (issue #13 §1), for researchers tabulating outcomes over graph families.
//!
//! The file's start (or its absence) is ignored: every vertex is tried, in index order.
//! Normal-play UVG is answered for every start from one Gallai–Edmonds decomposition
//! ([`uvg_winners_counted`]) and bipartite normal-play UEG from one GF(2) elimination
//! ([`ueg_winners`]), when `--method` is `auto` (or names that method). Every other
//! one-token game is solved once per start with the chosen method. The budget is shared by
//! the whole run: the deadline is one instant, and each start's search gets the nodes the
//! earlier starts left. When it runs out, the starts decided so far are printed, the rest
//! as "unknown", and the exit code is 3. Each start says what decided it, as `solve` does
//! (`decided_by`).

use super::super::Outcome;
use super::super::args::{BudgetArgs, GameMethod};
use super::super::input::{input_cap, read_instance_capped};
use super::super::output::{
    DecidedBy, decided_by, polynomial_stats_words, stats_json, stats_words, winner_name,
};
use super::solve::game_method;
use super::{budget, solve_error};
use crate::lang::Parsed;
use crate::problems::{Convention, Geography, Instance, Locator, Rule, Tokens};
use crate::solvers::geography::{solve_with, ueg_winners, uvg_winners_counted};
use crate::solvers::{Budget, SolveError, Stats, Winner};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// The answers of a run: one winner per start vertex (`None`: not decided within the
/// budget) and what decided it, the methods that answered (in order of first use) and the
/// summed statistics.
struct Starts {
    winners: Vec<Option<Winner>>,
    /// What decided each start's winner, as a single `solve` says it (`None` where the winner
    /// is unknown): a one-pass method decides every start polynomially.
    decided: Vec<Option<DecidedBy>>,
    methods: Vec<&'static str>,
    stats: Stats,
}

/// Solves the game in `file` from every start vertex and prints each vertex's winner
/// (vertices named by the labels `render` draws unless `names`).
pub fn run(
    file: &Path,
    json: bool,
    names: bool,
    method: GameMethod,
    budget_args: &BudgetArgs,
) -> miette::Result<Outcome> {
    let parsed = read_instance_capped(file, input_cap(budget_args.memory.bytes()))?;
    let budget = budget(budget_args)?;
    let g = one_token_game(&parsed)?;
    let starts = solve_every_start(g, method, &budget).map_err(|e| solve_error(&parsed, e))?;
    let label = |v: usize| match names {
        true => g.graph.id(v).to_string(),
        false => crate::render::figure::vertex_label(&g.graph, v),
    };
    let method_name = starts.methods.join("+");
    if json {
        let rows: Vec<_> = (0..g.graph.n())
            .map(|v| {
                let winner = starts.winners[v].map_or("unknown", winner_name);
                let decided = starts.decided[v].map(DecidedBy::as_str);
                json!({ "vertex": g.graph.id(v), "winner": winner, "decided_by": decided })
            })
            .collect();
        let v = json!({
            "kind": parsed.instance.kind(),
            "variant": g.variant_name(),
            "method": method_name,
            "starts": rows,
            "stats": stats_json(starts.stats),
        });
        crate::outln!("{v:#}");
    } else {
        let count = |w: Winner| starts.winners.iter().filter(|x| **x == Some(w)).count();
        let unknown = starts.winners.iter().filter(|x| x.is_none()).count();
        crate::outln!(
            "game:    {}",
            crate::render::dot::default_title(&parsed.instance)
        );
        crate::outln!("method:  {method_name}");
        let mut summary = format!(
            "starts:  {} (player I wins from {}, loses from {}",
            g.graph.n(),
            count(Winner::First),
            count(Winner::Second)
        );
        if unknown > 0 {
            summary += &format!(", unknown from {unknown}: budget exhausted");
        }
        crate::outln!("{summary})");
        // One polynomial method names its count's unit, as `solve` does.
        let stats = match starts.methods[..] {
            [one] => polynomial_stats_words(one, starts.stats),
            _ => None,
        };
        crate::outln!(
            "stats:   {}",
            stats.unwrap_or_else(|| stats_words(starts.stats))
        );
        let labels: Vec<String> = (0..g.graph.n()).map(label).collect();
        let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        for ((l, w), d) in labels.iter().zip(&starts.winners).zip(&starts.decided) {
            let pad = width - l.chars().count();
            match (w, d) {
                (Some(w), Some(d)) => {
                    crate::outln!(
                        "{l}{}  {:<6}  {}",
                        " ".repeat(pad),
                        winner_name(*w),
                        d.as_str()
                    )
                }
                _ => crate::outln!("{l}{}  unknown", " ".repeat(pad)),
            }
        }
    }
    Ok(match starts.winners.iter().all(Option::is_some) {
        true => Outcome::Done,
        false => Outcome::Unknown,
    })
}

/// The game, when it has one token; otherwise a diagnostic (exit code 2) at its start
/// declaration.
fn one_token_game(parsed: &Parsed) -> miette::Result<&Geography> {
    match &parsed.instance {
        Instance::Geography(g) if matches!(g.tokens, Tokens::One { .. }) => Ok(g),
        Instance::Geography(g) => Err(parsed.error_at(
            &Locator::Start(0),
            "cli::every_start_tokens",
            format!(
                "--every-start applies to one-token games, but this {} game has two tokens",
                g.variant_name()
            ),
            Some("solve it without --every-start, or give the game one token".into()),
        )),
        other => Err(parsed.error_at(
            &Locator::Whole,
            "cli::every_start_tokens",
            format!(
                "--every-start applies to one-token games, but this is a {} instance",
                other.kind()
            ),
            None,
        )),
    }
}

/// Every start's winner: one decomposition or elimination where `method` allows it, else one
/// solve per start sharing `budget`.
fn solve_every_start(
    g: &Geography,
    method: GameMethod,
    budget: &Budget,
) -> Result<Starts, SolveError> {
    let started = Instant::now();
    let normal_undirected =
        !g.graph.directed && g.convention == Convention::Normal && g.graph.n() > 0;
    let all_at_once = match (method, g.rule) {
        (GameMethod::Auto | GameMethod::Matching, Rule::Vertex) if normal_undirected => {
            Some(("matching", uvg_winners_counted(g, budget)))
        }
        (GameMethod::Matching, _) => Some(("matching", uvg_winners_counted(g, budget))),
        (GameMethod::Auto | GameMethod::Gf2, Rule::Edge) if normal_undirected => {
            Some(("gf2", ueg_winners(g, budget).map(|w| (w, 1))))
        }
        (GameMethod::Gf2, _) => Some(("gf2", ueg_winners(g, budget).map(|w| (w, 1)))),
        _ => None,
    };
    match all_at_once {
        // The work `solve` reports for the same method: the vertices the matching's blossom
        // search scanned, or one elimination.
        Some((name, Ok((winners, nodes)))) => {
            return Ok(Starts {
                decided: vec![Some(DecidedBy::Polynomial); winners.len()],
                winners: winners.into_iter().map(Some).collect(),
                methods: vec![name],
                stats: Stats::without_table(started, nodes),
            });
        }
        Some((name, Err(SolveError::Budget(b)))) => {
            return Ok(Starts {
                winners: vec![None; g.graph.n()],
                decided: vec![None; g.graph.n()],
                methods: vec![name],
                stats: b.stats_since(started),
            });
        }
        // A named method that does not apply is the user's error; under `auto`, a graph
        // that is not simple and bipartite (or matrices beyond the memory budget) is solved
        // start by start.
        Some((_, Err(e))) if method != GameMethod::Auto => return Err(e),
        _ => {}
    }
    let mut starts = Starts {
        winners: vec![None; g.graph.n()],
        decided: vec![None; g.graph.n()],
        methods: Vec::new(),
        stats: Stats {
            tableless: true,
            ..Stats::since(started, 0)
        },
    };
    for v in 0..g.graph.n() {
        let nodes_left = budget
            .max_nodes
            .map(|m| m.saturating_sub(starts.stats.nodes));
        if nodes_left == Some(0) {
            break;
        }
        let rooted = Geography {
            tokens: Tokens::One { start: Some(v) },
            ..g.clone()
        };
        let this = Budget {
            max_nodes: nodes_left,
            ..budget.clone()
        };
        let solve_started = Instant::now();
        match solve_with(&rooted, game_method(method), &this) {
            Ok(s) => {
                starts.winners[v] = Some(s.winner);
                starts.decided[v] = Some(decided_by(s.method, &s.stats));
                if !starts.methods.contains(&s.method) {
                    starts.methods.push(s.method);
                }
                add(&mut starts.stats, &s.stats);
            }
            Err(SolveError::Budget(b)) => {
                add(&mut starts.stats, &b.stats_since(solve_started));
                break;
            }
            Err(e) => return Err(e),
        }
    }
    if starts.methods.is_empty() {
        starts.methods.push(match method {
            GameMethod::Auto => "auto",
            _ => game_method_name(method),
        });
    }
    starts.stats.millis = started.elapsed().as_secs_f64() * 1000.0;
    Ok(starts)
}

/// The name `GameSolution::method` reports for a named method (before any start answered).
fn game_method_name(m: GameMethod) -> &'static str {
    match m {
        GameMethod::Auto => "auto",
        GameMethod::Exhaustive => "exhaustive",
        GameMethod::Matching => "matching",
        GameMethod::Gf2 => "gf2",
        GameMethod::Dag => "dag",
        GameMethod::Tree => "tree",
        GameMethod::NimMatching => "nim_matching",
        GameMethod::Race => "race",
        GameMethod::Dfpn => "dfpn",
    }
}

/// Adds one start's statistics to the run's: counters summed, the peak table the largest
/// (each start's table is freed before the next), a table present if any start kept one.
fn add(total: &mut Stats, one: &Stats) {
    total.nodes += one.nodes;
    total.positions += one.positions;
    total.hits += one.hits;
    total.peak_table_bytes = total.peak_table_bytes.max(one.peak_table_bytes);
    total.race_splits += one.race_splits;
    total.race_walk_hits += one.race_walk_hits;
    total.tree_endgames += one.tree_endgames;
    total.even_kernels += one.even_kernels;
    total.tableless &= one.tableless;
}
