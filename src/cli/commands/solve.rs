//! `georeduce solve FILE`: the answer (or winner), a witness and search statistics.

use super::super::Outcome;
use super::super::args::{BudgetArgs, GameMethod};
use super::super::input::read_instance;
use super::super::output::{solution_json, solution_text, unknown_json};
use super::{budget, solve_error};
use crate::problems::Instance;
use crate::solvers::dispatch::{Solution, solve_instance};

use crate::solvers::SolveError;
use crate::solvers::geography::{Method, solve_with};
use std::path::Path;

/// Solves one instance and prints the answer.
pub fn run(
    file: &Path,
    json: bool,
    strategy: bool,
    method: GameMethod,
    budget_args: &BudgetArgs,
) -> miette::Result<Outcome> {
    let parsed = read_instance(file)?;
    let budget = budget(budget_args)?;
    let result = match (&parsed.instance, method) {
        (Instance::Geography(g), m) => solve_with(g, game_method(m), &budget).map(Solution::Game),
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
            if json {
                println!("{:#}", solution_json(&parsed.instance, &solution, strategy));
            } else {
                print!("{}", solution_text(&parsed.instance, &solution, strategy));
            }
            Ok(Outcome::Done)
        }
        Err(SolveError::Budget(b)) => {
            if json {
                println!("{:#}", unknown_json(&parsed.instance, b.nodes));
            } else {
                println!(
                    "answer:  unknown (budget exhausted after {} nodes)",
                    b.nodes
                );
            }
            Ok(Outcome::Unknown)
        }
        Err(e) => Err(solve_error(&parsed, e)),
    }
}

fn game_method(m: GameMethod) -> Method {
    match m {
        GameMethod::Auto => Method::Auto,
        GameMethod::Exhaustive => Method::Exhaustive,
        GameMethod::Matching => Method::Matching,
        GameMethod::Gf2 => Method::Gf2,
        GameMethod::Dag => Method::Dag,
        GameMethod::Tree => Method::Tree,
    }
}
