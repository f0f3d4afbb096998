//! A search session: many questions about one game answered from one memo table.
//!
//! Building a winning-strategy certificate asks "what does the winner play here?" at every
//! position the opponent can force, often thousands of times. Running [`super::solve_from`]
//! for each would rebuild the memo every time; a [`MoveOracle`] keeps one [`Search`] alive
//! for all of them, so each position is searched at most once (until the memo's memory cap
//! clears it). Positions are named by the line of play from the start, the form in which the
//! certificate builder (`certify::strategy_from_fn`) asks.

use super::check_valid;
use super::exhaustive::{self, Search};
use super::state::{Game, State};
use crate::problems::geography::{Geography, Move};
use crate::solvers::{Budget, SolveError};

/// Answers questions about positions of one game with a shared memo (see the module comment).
pub struct MoveOracle<'a> {
    game: &'a Game,
    budget: &'a Budget,
    search: Search<'a>,
    /// A search without pre-classification, for lines the labels cannot answer (created on
    /// first use).
    plain: Option<Search<'a>>,
}

impl<'a> MoveOracle<'a> {
    /// The state after `line`, played from the start (an illegal move is an error), and the
    /// search that may answer for it: the pre-classified one when the line's token path is
    /// regular (`classify.rs`), else a plain one.
    fn replay(&mut self, line: &[Move]) -> Result<(State, &mut Search<'a>), SolveError> {
        let mut st = self.game.start.clone();
        let mut path = vec![st.tok[0] as usize];
        for (ply, &mv) in line.iter().enumerate() {
            if !self.game.moves(&st).contains(&mv) {
                return Err(SolveError::Unsupported(format!(
                    "move {ply} of the line is not legal in its position"
                )));
            }
            self.game.apply(&mut st, mv);
            path.push(st.tok[0] as usize);
        }
        if self.search.regular(path) {
            return Ok((st, &mut self.search));
        }
        let (game, budget) = (self.game, self.budget);
        let plain = self
            .plain
            .get_or_insert_with(|| Search::plain(game, budget));
        Ok((st, plain))
    }

    /// Whether the player to move after `line` wins with optimal play.
    pub fn mover_wins(&mut self, line: &[Move]) -> Result<bool, SolveError> {
        let (mut st, search) = self.replay(line)?;
        Ok(search.wins(&mut st)?)
    }

    /// A winning move of the player to move after `line`: `None` when that player loses, or
    /// wins without moving (misère play, no legal move).
    pub fn winning_move(&mut self, line: &[Move]) -> Result<Option<Move>, SolveError> {
        let (mut st, search) = self.replay(line)?;
        Ok(search.winning_move(&mut st)?)
    }

    /// Search nodes expanded so far in this session.
    pub fn nodes(&self) -> u64 {
        self.search.nodes + self.plain.as_ref().map_or(0, |p| p.nodes)
    }
}

/// Runs `f` with a [`MoveOracle`] for `g` whose searches charge `budget` (one node count for
/// the whole session). Long games run on a thread with a large stack, as the solver does.
///
/// Errors: as [`super::solve_exhaustive`] for an invalid or too large game; errors of the
/// oracle's own calls are returned by those calls to `f`.
pub fn with_oracle<T: Send>(
    g: &Geography,
    budget: &Budget,
    f: impl FnOnce(&mut MoveOracle<'_>) -> T + Send,
) -> Result<T, SolveError> {
    check_valid(g)?;
    let depth = exhaustive::check_size(g)?;
    let game = Game::new(g);
    Ok(exhaustive::with_stack(depth, || {
        let mut oracle = MoveOracle {
            game: &game,
            budget,
            search: Search::new(&game, budget, &game.start),
            plain: None,
        };
        f(&mut oracle)
    }))
}
