//! Winning strategies for geography games (every variant, normal and misère).
//!
//! A `game_win` certificate names a winner `W` and a *positional strategy*: a map from
//! positions where `W` is to move to `W`'s move there. It proves that `W` wins when, in every
//! play from the start in which `W` follows the map and the opponent moves arbitrarily,
//! (1) every move the map gives is legal, (2) every reached position where `W` is to move and
//! the legal moves lead to two or more distinct positions is in the map (a position whose
//! moves all lead to the same position may be omitted: the move is forced), and (3) the play
//! ends with the opponent stuck under normal play, or with `W` stuck under misère play
//! (the player with no move wins).
//!
//! The check walks exactly that tree of plays with its own move generator (`rules.rs`),
//! visiting each position once (the strategy is positional and plays are finite, so a
//! position verified once is verified for every line reaching it).

mod encode;
mod replay;
mod rules;

pub use encode::{CertMove, Position};
pub use replay::{Replay, StrategyPlayer};

use super::{CheckError, Claim, IdIndex, Limits, Player, Verdict};
use crate::problems::{Convention, Geography, Move};
use rules::{Board, State};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// A winner and their strategy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameStrategy {
    /// The player who wins with this strategy.
    pub winner: Player,
    /// The winner's move at each position (winner to move) that the check may reach.
    pub strategy: Vec<StrategyEntry>,
}

/// One entry of a strategy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrategyEntry {
    /// The position (the winner is to move).
    pub position: Position,
    /// The winner's move there.
    #[serde(rename = "move")]
    pub play: CertMove,
}

/// What the winner does at a position in a walk: `legal` are the moves there, `forced` says
/// that they all lead to the same position, `line` is the play from the start.
trait Chooser {
    fn choose(
        &mut self,
        s: &State,
        line: &[Move],
        legal: &[Move],
        forced: bool,
    ) -> Result<Move, CheckError>;
    fn terminal(&mut self, s: &State, line: &[Move]) -> Result<(), CheckError>;
}

/// Walks every play from the start where `winner` moves by `chooser` and the opponent moves
/// in every legal way, depth first, each position once. Returns the work done.
fn walk(
    board: &Board,
    winner: Player,
    time: &Limits,
    chooser: &mut impl Chooser,
) -> Result<u64, CheckError> {
    let limit = time.max_positions;
    let mut work = 0u64;
    let mut expand = |s: &State, line: &[Move]| -> Result<Vec<(Move, State)>, CheckError> {
        let legal = board.moves(s, limit.saturating_sub(work))?;
        let before = work;
        work += 1 + legal.len() as u64;
        // The clock is read about once per 4,096 items of work.
        if before >> 12 != work >> 12 {
            time.check_time()?;
        }
        if work > limit {
            return Err(CheckError::TooLarge {
                what: "the strategy walk",
                size: work,
                limit,
            });
        }
        if legal.is_empty() {
            chooser.terminal(s, line)?;
            return Ok(Vec::new());
        }
        let next: Vec<(Move, State)> = legal.iter().map(|&m| (m, board.apply(s, m))).collect();
        if s.mover != winner {
            return Ok(next);
        }
        let forced = next.iter().all(|(_, t)| *t == next[0].1);
        let m = chooser.choose(s, line, &legal, forced)?;
        match next.into_iter().find(|(x, _)| *x == m) {
            Some(step) => Ok(vec![step]),
            None => Err(CheckError::IllegalMove {
                ply: line.len(),
                line: board.cert_line(line),
                played: CertMove::from_move(&board.game.graph, &m)?,
            }),
        }
    };
    let start = board.start();
    let mut done: HashSet<State> = HashSet::new();
    let mut line: Vec<Move> = Vec::new();
    let mut frames = vec![(start.clone(), expand(&start, &line)?, 0usize)];
    while let Some((state, children, next)) = frames.last_mut() {
        let Some((m, child)) = children.get(*next).cloned() else {
            done.insert(state.clone());
            frames.pop();
            line.pop();
            continue;
        };
        *next += 1;
        if done.contains(&child) {
            continue;
        }
        line.push(m);
        let grandchildren = expand(&child, &line)?;
        frames.push((child, grandchildren, 0));
    }
    Ok(work)
}

/// The certificate's strategy, decoded: each position's state and the move there.
struct Table<'b, 'g> {
    board: &'b Board<'g>,
    map: HashMap<State, Move>,
    winner: Player,
}

impl Chooser for Table<'_, '_> {
    fn choose(
        &mut self,
        s: &State,
        line: &[Move],
        legal: &[Move],
        forced: bool,
    ) -> Result<Move, CheckError> {
        match self.map.get(s) {
            Some(&m) => Ok(m),
            None if forced => Ok(legal[0]),
            None => Err(CheckError::MissingPosition {
                line: self.board.cert_line(line),
            }),
        }
    }

    fn terminal(&mut self, s: &State, line: &[Move]) -> Result<(), CheckError> {
        // The player to move has no move: they lose under normal play and win under misère.
        let stuck_wins = self.board.game.convention == Convention::Misere;
        match (s.mover == self.winner) == stuck_wins {
            true => Ok(()),
            false => Err(CheckError::GameLost {
                line: self.board.cert_line(line),
                stuck: s.mover,
                loser: self.winner,
            }),
        }
    }
}

/// Decodes the strategy entries, rejecting duplicates and positions where the winner is not
/// to move (such entries would be dead weight at best and a misunderstanding at worst).
fn decode_table<'b, 'g>(
    board: &'b Board<'g>,
    cert: &GameStrategy,
) -> Result<Table<'b, 'g>, CheckError> {
    let ids = IdIndex::new(&board.game.graph);
    let mut map = HashMap::with_capacity(cert.strategy.len());
    for (i, entry) in cert.strategy.iter().enumerate() {
        let at = |e: CheckError| match e {
            CheckError::Malformed(msg) => {
                CheckError::Malformed(format!("strategy entry {i}: {msg}"))
            }
            e => e,
        };
        if entry.position.to_move != cert.winner {
            return Err(CheckError::Malformed(format!(
                "strategy entry {i}: {} is to move there, not the winner",
                entry.position.to_move
            )));
        }
        let s = board.decode(&entry.position, &ids).map_err(at)?;
        let m = entry.play.resolve(&ids)?;
        if map.insert(s, m).is_some() {
            return Err(CheckError::Malformed(format!(
                "strategy entry {i} repeats a position"
            )));
        }
    }
    Ok(Table {
        board,
        map,
        winner: cert.winner,
    })
}

/// Checks a winning strategy of any geography variant; see the module comment.
pub fn check_game_strategy(
    game: &Geography,
    cert: &GameStrategy,
    limits: &Limits,
) -> Result<Verdict, CheckError> {
    let board = Board::new(game)?;
    let mut table = decode_table(&board, cert)?;
    let work = walk(&board, cert.winner, limits, &mut table)?;
    Ok(Verdict {
        claim: Claim::Winner(cert.winner),
        work,
    })
}

/// Records the moves of a choice function at every position the walk reaches.
struct Recorder<'b, 'g, F> {
    board: &'b Board<'g>,
    choose: F,
    entries: Vec<StrategyEntry>,
}

impl<F: FnMut(&[Move]) -> Option<Move>> Chooser for Recorder<'_, '_, F> {
    fn choose(
        &mut self,
        s: &State,
        line: &[Move],
        legal: &[Move],
        forced: bool,
    ) -> Result<Move, CheckError> {
        if forced {
            return Ok(legal[0]);
        }
        let Some(m) = (self.choose)(line) else {
            return Err(CheckError::MissingPosition {
                line: self.board.cert_line(line),
            });
        };
        self.entries.push(StrategyEntry {
            position: self.board.position(s),
            play: CertMove::from_move(&self.board.game.graph, &m)?,
        });
        Ok(m)
    }

    fn terminal(&mut self, _: &State, _: &[Move]) -> Result<(), CheckError> {
        Ok(())
    }
}

/// Builds a `game_win` certificate for `winner` from a choice function: `choose(line)` is the
/// winner's move after the play `line` from the start (it is asked only where the winner has
/// a real choice, once per position). The function walks every opponent reply with the
/// checker's own move generator, so it depends on [`crate::problems`] alone. It does not
/// judge the strategy: pass the result to [`check_game_strategy`] for that.
pub fn strategy_from_fn(
    game: &Geography,
    winner: Player,
    limits: &Limits,
    choose: impl FnMut(&[Move]) -> Option<Move>,
) -> Result<GameStrategy, CheckError> {
    let board = Board::new(game)?;
    let mut rec = Recorder {
        board: &board,
        choose,
        entries: Vec::new(),
    };
    walk(&board, winner, limits, &mut rec)?;
    Ok(GameStrategy {
        winner,
        strategy: rec.entries,
    })
}

/// The canonical start position of `game` (useful to build certificates by hand).
pub fn start_position(game: &Geography) -> Result<Position, CheckError> {
    let board = Board::new(game)?;
    Ok(board.position(&board.start()))
}
