//! `georeduce solve FILE`: the answer (or winner), a witness and search statistics.

use super::super::Outcome;
use super::super::args::{BudgetArgs, GameMethod};
use super::super::input::{input_cap, read_instance_capped};
use super::super::output::{solution_json, solution_text, stats_words, unknown_json};
use super::certify::self_check_answer;
use super::{budget, solve_error};
use crate::problems::Instance;
use crate::solvers::dispatch::{Solution, solve_instance};

use crate::solvers::SolveError;
use crate::solvers::geography::{Method, gf2_line, solve_with};
use std::path::Path;

/// Solves one instance and prints the answer (moves by their figure labels unless `names`).
pub fn run(
    file: &Path,
    json: bool,
    strategy: bool,
    names: bool,
    method: GameMethod,
    self_check: bool,
    budget_args: &BudgetArgs,
) -> miette::Result<Outcome> {
    // The process exits right after this command: freeing a large instance piece by piece
    // (a `String` per vertex name, the source text, the span tables) would cost about a tenth
    // of a solve that only reads and labels it (300,000 vertices), so it is left to the OS.
    let parsed = std::mem::ManuallyDrop::new(read_instance_capped(
        file,
        input_cap(budget_args.memory.bytes()),
    )?);
    let budget = budget(budget_args)?;
    let started = std::time::Instant::now();
    let result = match (&parsed.instance, method) {
        (Instance::Geography(g), m) => solve_with(g, game_method(m), &budget).map(|mut s| {
            // --strategy asks for a line of play; some polynomial methods answer without one
            // because it costs far more than the answer: GF(2) plays it with one elimination
            // per move, and otherwise exhaustive search supplies it when it fits the budget.
            if strategy && s.principal_variation.is_empty() {
                let fresh = super::budget(budget_args).unwrap_or_else(|_| budget.clone());
                if s.method == "gf2" {
                    if let Ok(line) = gf2_line(g, &fresh) {
                        s.principal_variation = line;
                    }
                } else if m == GameMethod::Auto
                    && let Ok(e) = solve_with(g, Method::Exhaustive, &fresh)
                {
                    s.principal_variation = e.principal_variation;
                }
            }
            Solution::Game(s)
        }),
        (_, GameMethod::Auto) => solve_instance(&parsed.instance, &budget),
        (other, _) => {
            return Err(miette::miette!(
                code = "cli::method_for_game",
                "--method selects a game solver, but this is a {} instance",
                other.kind()
            ));
        }
    };
    match result {
        Ok(solution) => {
            // --self-check: the answer is printed only once its certificate is accepted.
            let checked = match self_check {
                true => Some(self_check_answer(&parsed.instance, &solution, budget_args)?),
                false => None,
            };
            if let Some(stop) = checked.as_ref().and_then(|c| c.stop()) {
                return Ok(stop);
            }
            if json {
                let mut v = solution_json(&parsed.instance, &solution, strategy);
                if let Some(c) = &checked {
                    v["self_check"] = c.json();
                }
                crate::outln!("{v:#}");
            } else {
                crate::out!(
                    "{}",
                    solution_text(&parsed.instance, &solution, strategy, names)
                );
                if let Some(c) = &checked {
                    crate::outln!("{}", c.text());
                }
            }
            Ok(Outcome::Done)
        }
        Err(SolveError::Budget(b)) => {
            // The statistics of the stopped search, as an answer's (positions, hits, node
            // rate, peak table memory where the solver keeps a table).
            let stats = b.stats_since(started);
            if json {
                crate::outln!("{:#}", unknown_json(&parsed.instance, stats));
            } else {
                crate::outln!(
                    "answer:  unknown (budget exhausted after {})",
                    stats_words(stats)
                );
            }
            Ok(Outcome::Unknown)
        }
        Err(e) => Err(solve_error(&parsed, e)),
    }
}

pub(super) fn game_method(m: GameMethod) -> Method {
    match m {
        GameMethod::Auto => Method::Auto,
        GameMethod::Exhaustive => Method::Exhaustive,
        GameMethod::Matching => Method::Matching,
        GameMethod::Gf2 => Method::Gf2,
        GameMethod::Dag => Method::Dag,
        GameMethod::Tree => Method::Tree,
        GameMethod::NimMatching => Method::NimMatching,
        GameMethod::Race => Method::Race,
        GameMethod::Dfpn => Method::Dfpn,
    }
}
