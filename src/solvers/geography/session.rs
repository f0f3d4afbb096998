//! A search session: many questions about one game answered from one memo table.
//!
//! Building a winning-strategy certificate asks "what does the winner play here?" at every
//! position the opponent can force, often thousands of times. Running [`super::solve_from`]
//! for each would rebuild the memo every time; a [`MoveOracle`] keeps one [`Search`] alive
//! for all of them, so each position is searched at most once (until the memo's memory cap
//! clears it). Positions are named by the line of play from the start, the form in which the
//! certificate builder (`certify::strategy_from_fn`) asks.
//!
//! **Directed edge geography under normal play** is searched as the solver searches it: on
//! the game `G'` without its antiparallel arc pairs (`cancel.rs`). A line of the original
//! game `G` is answered on `G'` when it follows the pairing strategy of the copy argument:
//! every arc of a cancelled pair is answered at once by its partner. Removing those move
//! pairs leaves a line of `G'` whose position has the same winner as the line's position in
//! `G` (the used pairs are gone from both, and the rest of `G` still cancels to the rest of
//! `G'`), and a winning move there is a winning move in `G`. A line that ends with an arc of
//! a pair is answered by the partner arc when the player who took it loses the position
//! before it (the reply restores that position with that player to move). Any other line
//! (a pair left half used) goes to a plain search of `G` itself. Without this, certifying a
//! 14-vertex DEG needed more than 8 million nodes where solving it needed a thousand.

use super::cancel::{self, Cancelled};
use super::check_valid;
use super::exhaustive::{self, Search};
use super::state::{Game, State};
use crate::problems::geography::{Geography, Move};
use crate::solvers::{Budget, SolveError};

/// Answers questions about positions of one game with a shared memo (see the module comment).
pub struct MoveOracle<'a> {
    /// The game searched: the original, or the one without its antiparallel pairs.
    game: &'a Game,
    budget: &'a Budget,
    search: Search<'a>,
    /// A search without pre-classification, for lines the labels cannot answer (created on
    /// first use).
    plain: Option<Search<'a>>,
    /// When `game` is the cancelled game: how lines of the original translate to it.
    pairs: Option<Pairs<'a>>,
}

/// The translation of lines of the original game `G` to the cancelled game `G'`, and a plain
/// search of `G` for the lines that leave the pairing strategy.
struct Pairs<'a> {
    cancelled: &'a Cancelled,
    /// The index in `G'` of each arc of `G` (`usize::MAX` for a cancelled arc).
    reduced_index: Vec<usize>,
    original: &'a Game,
    /// The plain search of `G` (created on first use).
    fallback: Option<Search<'a>>,
}

/// A line of `G` read on `G'`.
enum Translated {
    /// The line without its answered pairs: a line of `G'` (arc indices of `G'`).
    Reduced(Vec<Move>),
    /// The line ends with an arc of a cancelled pair, taken after `before` (a line of
    /// `G'`): `reply`, its partner, restores the position after `before`.
    PairOpened { before: Vec<Move>, reply: Move },
    /// A pair is left half used or answered by another arc: not a position of `G'`.
    OffPairing,
}

impl Pairs<'_> {
    fn translate(&self, line: &[Move]) -> Translated {
        let mut reduced = Vec::with_capacity(line.len());
        let mut i = 0;
        while i < line.len() {
            let mv = line[i];
            let Move::Step {
                token,
                from,
                edge,
                to,
            } = mv
            else {
                reduced.push(mv);
                i += 1;
                continue;
            };
            let Some(partner) = self.cancelled.partner(edge) else {
                let edge = self.reduced_index[edge];
                reduced.push(Move::Step {
                    token,
                    from,
                    edge,
                    to,
                });
                i += 1;
                continue;
            };
            match line.get(i + 1) {
                None => {
                    let reply = Move::Step {
                        token,
                        from: to,
                        edge: partner,
                        to: from,
                    };
                    return Translated::PairOpened {
                        before: reduced,
                        reply,
                    };
                }
                Some(Move::Step { edge: next, .. }) if *next == partner => i += 2,
                Some(_) => return Translated::OffPairing,
            }
        }
        Translated::Reduced(reduced)
    }
}

impl<'a> MoveOracle<'a> {
    /// The state after `line` of the searched game, played from the start (an illegal move
    /// is an error), and the search that may answer for it: the pre-classified one when the
    /// line's token path is regular (`classify.rs`), else a plain one.
    fn replay(&mut self, line: &[Move]) -> Result<(State, &mut Search<'a>), SolveError> {
        let (game, budget) = (self.game, self.budget);
        let (st, path) = replay_on(game, line)?;
        if self.search.regular(path) {
            return Ok((st, &mut self.search));
        }
        let plain = self
            .plain
            .get_or_insert_with(|| Search::plain(game, budget));
        Ok((st, plain))
    }

    /// The state after `line` of the original game and a plain search of it, for lines off
    /// the pairing strategy.
    fn replay_original(&mut self, line: &[Move]) -> Result<(State, &mut Search<'a>), SolveError> {
        let budget = self.budget;
        let pairs = self.pairs.as_mut().expect("only for cancelled games");
        let (st, _) = replay_on(pairs.original, line)?;
        let original = pairs.original;
        let search = pairs
            .fallback
            .get_or_insert_with(|| Search::plain(original, budget));
        Ok((st, search))
    }

    /// The line of the searched game that `line` of the original game comes to.
    fn translate(&self, line: &[Move]) -> Translated {
        match &self.pairs {
            Some(pairs) => pairs.translate(line),
            None => Translated::Reduced(line.to_vec()),
        }
    }

    /// A move of the searched game as a move of the original game.
    fn to_original(&self, mv: Move) -> Move {
        match (mv, &self.pairs) {
            (
                Move::Step {
                    token,
                    from,
                    edge,
                    to,
                },
                Some(pairs),
            ) => Move::Step {
                token,
                from,
                edge: pairs.cancelled.arc_in_original(edge),
                to,
            },
            (mv, _) => mv,
        }
    }

    /// Whether the player to move after `line` wins with optimal play.
    pub fn mover_wins(&mut self, line: &[Move]) -> Result<bool, SolveError> {
        match self.translate(line) {
            Translated::Reduced(reduced) => {
                let (mut st, search) = self.replay(&reduced)?;
                Ok(search.wins(&mut st)?)
            }
            Translated::PairOpened { .. } | Translated::OffPairing => {
                let (mut st, search) = self.replay_original(line)?;
                Ok(search.wins(&mut st)?)
            }
        }
    }

    /// A winning move of the player to move after `line`: `None` when that player loses, or
    /// wins without moving (misère play, no legal move).
    pub fn winning_move(&mut self, line: &[Move]) -> Result<Option<Move>, SolveError> {
        match self.translate(line) {
            Translated::Reduced(reduced) => {
                let (mut st, search) = self.replay(&reduced)?;
                let found = search.winning_move(&mut st)?;
                Ok(found.map(|mv| self.to_original(mv)))
            }
            Translated::PairOpened { before, reply } => {
                // The pairing reply wins when the player who opened the pair had lost.
                let (mut st, search) = self.replay(&before)?;
                if !search.wins(&mut st)? {
                    return Ok(Some(reply));
                }
                let (mut st, search) = self.replay_original(line)?;
                Ok(search.winning_move(&mut st)?)
            }
            Translated::OffPairing => {
                let (mut st, search) = self.replay_original(line)?;
                Ok(search.winning_move(&mut st)?)
            }
        }
    }

    /// Search nodes expanded so far in this session.
    pub fn nodes(&self) -> u64 {
        let fallback = self.pairs.as_ref().and_then(|p| p.fallback.as_ref());
        self.search.nodes
            + self.plain.as_ref().map_or(0, |p| p.nodes)
            + fallback.map_or(0, |p| p.nodes)
    }
}

/// The state after `line` of `game` from its start (an illegal move is an error), and the
/// vertices token 0 stood on, the start's first (the pre-classification's paths).
fn replay_on(game: &Game, line: &[Move]) -> Result<(State, Vec<usize>), SolveError> {
    let mut st = game.start.clone();
    let mut path = Vec::with_capacity(line.len() + 1);
    path.push(st.tok[0] as usize);
    for (ply, &mv) in line.iter().enumerate() {
        if !game.moves(&st).contains(&mv) {
            return Err(SolveError::Unsupported(format!(
                "move {ply} of the line is not legal in its position"
            )));
        }
        game.apply(&mut st, mv);
        path.push(st.tok[0] as usize);
    }
    Ok((st, path))
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
    let original = Game::new(g);
    let cancelled = cancel::cancel(g);
    let reduced = cancelled.as_ref().map(|c| Game::new(&c.reduced));
    Ok(exhaustive::with_stack(depth, || {
        let game = reduced.as_ref().unwrap_or(&original);
        let pairs = cancelled.as_ref().map(|c| Pairs {
            cancelled: c,
            reduced_index: c.reduced_index(),
            original: &original,
            fallback: None,
        });
        let mut oracle = MoveOracle {
            game,
            budget,
            search: Search::new(game, budget, &game.start),
            plain: None,
            pairs,
        };
        f(&mut oracle)
    }))
}
