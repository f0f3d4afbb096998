//! Turning a position evaluator (an "oracle": does the player to move win?) into a full
//! [`GameSolution`]: the winner, a winning first move, and a principal variation in which the
//! winner always moves to a position the oracle calls lost and the loser plays its first
//! legal move. The polynomial solvers decide positions; this module plays them out.

use super::GameSolution;
use super::state::{Game, State};
use crate::problems::geography::Move;
use crate::solvers::{Budget, SolveError, Stats, Winner};
use std::time::Instant;

/// Solves `game` from its start with `mover_wins`, which must be exact on every position
/// reachable from the start. Each oracle call counts as one node against `budget`.
pub(crate) fn solve_by_oracle(
    game: &Game,
    budget: &Budget,
    method: &'static str,
    mover_wins: impl Fn(&State) -> bool,
) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    let mut nodes = 0u64;
    let mut eval = |st: &State| -> Result<bool, SolveError> {
        nodes += 1;
        budget.charge(nodes)?;
        Ok(mover_wins(st))
    };
    let mut st = game.start.clone();
    let root_wins = eval(&st)?;
    let mut wins = root_wins;
    let mut line = Vec::new();
    while let Some((mv, child_wins)) = choose(game, &mut st, wins, &mut eval)? {
        game.apply(&mut st, mv);
        line.push(mv);
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

/// The next move of the line from `st` (the mover wins iff `wins`): a move to a lost
/// position for a winner, the first legal move for a loser; with the child's value when it
/// was evaluated. `None` when the mover has no move.
fn choose(
    game: &Game,
    st: &mut State,
    wins: bool,
    eval: &mut impl FnMut(&State) -> Result<bool, SolveError>,
) -> Result<Option<(Move, Option<bool>)>, SolveError> {
    let moves = game.moves(st);
    let Some(&first) = moves.first() else {
        return Ok(None);
    };
    if !wins {
        return Ok(Some((first, None)));
    }
    for &mv in &moves {
        let undo = game.apply(st, mv);
        let w = eval(st)?;
        game.undo(st, undo);
        if !w {
            return Ok(Some((mv, Some(false))));
        }
    }
    Ok(Some((first, None)))
}
