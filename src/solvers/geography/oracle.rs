//! Turning a position evaluator (an "oracle": does the player to move win?) into a full
//! [`GameSolution`]: the winner, a winning first move, and a principal variation in which the
//! winner always moves to a position the oracle calls lost and the loser plays its first
//! legal move. The polynomial solvers decide positions; this module plays them out.

use super::GameSolution;
use super::state::Game;
use crate::solvers::{Budget, SolveError, Stats, Winner};
use std::time::Instant;

/// Solves `game` from its start with `mover_wins`, which must be exact on every position
/// reachable from the start. Each oracle call counts as one node against `budget`.
pub(crate) fn solve_by_oracle(
    game: &Game,
    budget: &Budget,
    method: &'static str,
    mover_wins: impl Fn(&super::state::State) -> bool,
) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    let mut nodes = 0u64;
    let mut eval = |st: &super::state::State| -> Result<bool, SolveError> {
        nodes += 1;
        budget.charge(nodes)?;
        Ok(mover_wins(st))
    };
    let mut st = game.start.clone();
    let root_wins = eval(&st)?;
    let mut wins = root_wins;
    let mut line = Vec::new();
    loop {
        let moves = game.moves(&st);
        let Some(&first) = moves.first() else { break };
        let mut pick = first;
        let mut child_wins = None;
        for &mv in moves.iter().take(if wins { moves.len() } else { 1 }) {
            let undo = game.apply(&mut st, mv);
            let w = eval(&st)?;
            game.undo(&mut st, undo);
            if !wins || !w {
                (pick, child_wins) = (mv, Some(w));
                break;
            }
        }
        game.apply(&mut st, pick);
        line.push(pick);
        // When the oracle found no losing child for a "winning" mover it is inconsistent;
        // the line then continues from a re-evaluation, and tests compare it with search.
        wins = match child_wins {
            Some(w) => w,
            None => eval(&st)?,
        };
    }
    Ok(GameSolution {
        winner: if root_wins {
            Winner::First
        } else {
            Winner::Second
        },
        winning_move: if root_wins {
            line.first().copied()
        } else {
            None
        },
        principal_variation: line,
        stats: Stats::since(started, nodes),
        method,
    })
}
