//! `georeduce solve FILE`: the answer (or winner), a witness and search statistics.

use super::super::Outcome;
use super::super::args::{BudgetArgs, GameMethod};
use super::super::input::read_instance;
use super::super::output::{solution_json, solution_text, unknown_json};
use super::{budget, solve_error};
use crate::problems::Instance;
use crate::solvers::dispatch::{Solution, solve_instance};

use crate::solvers::SolveError;
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
        (Instance::Geography(g), _m) => {
            crate::solvers::geography::solve(g, &budget).map(Solution::Game)
        }
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
