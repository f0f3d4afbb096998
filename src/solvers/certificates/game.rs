//! Winning-strategy certificates (`game_win`) for every geography variant.
//!
//! `certify::strategy_from_fn` walks every play in which the winner follows the strategy and
//! the opponent answers in every legal way, and asks for the winner's move wherever there is
//! a real choice. The answers come from one [`MoveOracle`](crate::solvers::geography::MoveOracle)
//! session, so the exhaustive search behind them shares a single memo table across the whole
//! walk: each position is searched at most once.

use super::{build_error, limits_for, player};
use crate::certify::{self, GameStrategy};
use crate::problems::Geography;
use crate::solvers::{Budget, SolveError, Winner, geography};

/// A winning strategy for the player who wins `g` (decided by the session's own search),
/// checked by nobody yet: pass it to `certify::check`. Errors: the solver's refusals, the
/// budget (one node count for the whole session), and [`SolveError::TooLarge`] when the
/// strategy walk exceeds the checker's default position limit.
///
/// The budget's memory is split: the session's search table gets half of it, the strategy
/// under construction (and its JSON text) the other half, so that both together stay within
/// it (each had the whole budget: 76 MB peak under `--memory 64`, docs/limits.md).
pub fn game_strategy(g: &Geography, budget: &Budget) -> Result<GameStrategy, SolveError> {
    let search_share = budget.max_memory.map(|m| m / 2);
    let strategy_share = budget.max_memory.map(|m| m - m / 2);
    let search_budget = budget.clone().with_memory(search_share);
    let strategy_budget = budget.clone().with_memory(strategy_share);
    geography::with_oracle(g, &search_budget, |oracle| {
        let first_wins = oracle.mover_wins(&[])?;
        let winner = if first_wins {
            Winner::First
        } else {
            Winner::Second
        };
        let mut failure = None;
        // An entry holds a position (visited vertices, used edges) and a move; its JSON
        // text is about as large again.
        let per_position = 2 * (256 + 48 * g.graph.n() + 16 * g.graph.edges.len());
        let limits = limits_for(&strategy_budget, per_position);
        let built = certify::strategy_from_fn(g, player(winner), &limits, |line| {
            match oracle.winning_move(line) {
                Ok(m) => m,
                Err(e) => {
                    failure.get_or_insert(e);
                    None
                }
            }
        });
        match failure {
            Some(e) => Err(e),
            None => built.map_err(build_error),
        }
    })?
}
