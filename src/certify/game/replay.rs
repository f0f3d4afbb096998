//! Playing a game move by move with the checker's own rules, and consulting a `game_win`
//! strategy at any position reached.
//!
//! Certificate maps across reductions simulate one game while they build a strategy for
//! another: they replay a line of play, ask what a certified strategy answers there, and
//! script the opponent. They use this module so that the moves
//! they simulate are exactly the moves the checker will accept, and so that no second move
//! generator exists. It adds no rule of its own: [`Replay`] wraps the checker's `Board`.

use super::super::{CheckError, Limits, Player};
use super::canon::{Key, KeyScratch};
use super::rules::{Board, NONE, State, Undo};
use super::{CertMove, GameMoves, GameStrategy, Position, Sharing, decode_table, walk_moves};
use crate::problems::{Geography, Move, VertexId};
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// A game in progress: the position after the moves played so far. Cloning is cheap (the
/// indexed board is shared), so a caller can search ahead from a position.
#[derive(Clone)]
pub struct Replay<'g> {
    board: Rc<Board<'g>>,
    state: State,
    line: Vec<Move>,
}

impl<'g> Replay<'g> {
    /// The start position of `game` (which is validated as the checker validates it).
    pub fn new(game: &'g Geography) -> Result<Replay<'g>, CheckError> {
        let board = Board::new(game)?;
        let state = board.start();
        Ok(Replay {
            board: Rc::new(board),
            state,
            line: Vec::new(),
        })
    }

    /// The position `state` of `board`, reached by `line`.
    pub(super) fn at(board: Rc<Board<'g>>, state: State, line: Vec<Move>) -> Replay<'g> {
        Replay { board, state, line }
    }

    /// The game being played.
    pub fn game(&self) -> &'g Geography {
        self.board.game
    }

    /// The player to move.
    pub fn mover(&self) -> Player {
        self.state.mover
    }

    /// Where token `t` is (0 in one-token games; the player's index in partizan games; `None`
    /// before an unrooted game places it).
    pub fn token(&self, t: usize) -> Option<VertexId> {
        self.state.tokens.get(t).copied().filter(|&v| v != NONE)
    }

    /// The moves played so far.
    pub fn line(&self) -> &[Move] {
        &self.line
    }

    /// Whether vertex `v` has held a token (vertex rule) or edge `v` is used (edge rule).
    pub fn marked(&self, i: usize) -> bool {
        self.board.marked(&self.state, i)
    }

    /// The current NimG weights (empty for other rules).
    pub fn weights(&self) -> &[u64] {
        &self.state.weights
    }

    /// The legal moves of the player to move, in the checker's order.
    pub fn legal(&self) -> Result<Vec<Move>, CheckError> {
        self.board.moves(&self.state, u64::MAX)
    }

    /// Plays `m`, which must be legal.
    pub fn play(&mut self, m: Move) -> Result<(), CheckError> {
        if !self.legal()?.contains(&m) {
            return Err(CheckError::IllegalMove {
                ply: self.line.len(),
                line: self.board.cert_line(&self.line),
                played: CertMove::from_move(&self.board.game.graph, &m)?,
            });
        }
        self.board.apply_in_place(&mut self.state, m);
        self.line.push(m);
        Ok(())
    }

    /// Plays `m`, one of the moves [`Replay::legal`] gave at this position, without checking
    /// it again (searches that play every legal move in turn would otherwise generate the
    /// move list twice per node). A move not from that list is a caller's bug: debug builds
    /// panic on it; release builds apply it unchecked (a certificate built from such a line
    /// is still judged by the checker's own walk).
    pub fn play_legal(&mut self, m: Move) {
        debug_assert!(
            self.legal().is_ok_and(|l| l.contains(&m)),
            "play_legal: {m:?} is not legal"
        );
        self.board.apply_in_place(&mut self.state, m);
        self.line.push(m);
    }

    /// [`Replay::play_legal`] that can be taken back with [`Replay::undo`]: searches ahead
    /// from one position without copying it at every step.
    pub fn play_undoable(&mut self, m: Move) -> Played {
        debug_assert!(
            self.legal().is_ok_and(|l| l.contains(&m)),
            "play_undoable: {m:?} is not legal"
        );
        self.line.push(m);
        Played(self.board.apply_in_place(&mut self.state, m))
    }

    /// Takes back the last move, played by [`Replay::play_undoable`], which returned `played`.
    pub fn undo(&mut self, played: Played) {
        self.line.pop();
        self.board.undo(&mut self.state, played.0);
    }

    /// The same position with its line forgotten (an empty [`Replay::line`]): for searching
    /// ahead from deep positions without copying the line at every step.
    pub fn without_line(&self) -> Replay<'g> {
        Replay {
            board: self.board.clone(),
            state: self.state.clone(),
            line: Vec::new(),
        }
    }

    /// Plays every move of `line` in turn.
    pub fn play_all(&mut self, line: &[Move]) -> Result<(), CheckError> {
        line.iter().try_for_each(|&m| self.play(m))
    }

    /// The position in certificate form.
    pub fn position(&self) -> Position {
        self.board.position(&self.state)
    }

    /// Whether every legal move leads to the same position (so a strategy may omit it).
    fn forced(&self, legal: &[Move]) -> bool {
        let first = legal.first().map(|&m| self.board.apply(&self.state, m));
        legal
            .iter()
            .all(|&m| Some(self.board.apply(&self.state, m)) == first)
    }
}

/// A move played by [`Replay::play_undoable`], to be taken back by [`Replay::undo`].
#[derive(Debug)]
#[must_use = "a played move is taken back with `Replay::undo`"]
pub struct Played(Undo);

/// A `game_win` or `game_moves` strategy decoded for look-up, to be consulted during a
/// [`Replay`].
pub struct StrategyPlayer {
    winner: Player,
    table: HashMap<Key, Move>,
    /// The kernel leaves of a `game_moves` certificate, by the key of the leaf's position.
    kernels: HashMap<Key, Vec<VertexId>>,
    sharing: Sharing,
    scratch: RefCell<KeyScratch>,
}

impl StrategyPlayer {
    /// Decodes `cert` for `game` (rejecting malformed entries exactly as the checker does).
    pub fn new(game: &Geography, cert: &GameStrategy) -> Result<StrategyPlayer, CheckError> {
        let board = Board::new(game)?;
        let table = decode_table(&board, cert)?;
        Ok(StrategyPlayer {
            winner: cert.winner,
            table: table
                .map
                .into_iter()
                .map(|(s, m)| (Key::Full(Box::new(s)), m))
                .collect(),
            kernels: HashMap::default(),
            sharing: Sharing::Exact,
            scratch: RefCell::default(),
        })
    }

    /// Decodes a `game_moves` certificate by walking it as the checker does (so a
    /// certificate that the checker rejects is refused here too); the strategy is then
    /// known at every position with the future of a walked one.
    pub fn from_moves(
        game: &Geography,
        cert: &GameMoves,
        limits: &Limits,
    ) -> Result<StrategyPlayer, CheckError> {
        let board = Board::new(game)?;
        let walked = walk_moves(&board, cert, limits, true)?;
        Ok(StrategyPlayer {
            winner: cert.winner,
            table: walked.moves,
            kernels: walked.kernels,
            sharing: Sharing::Live,
            scratch: RefCell::default(),
        })
    }

    /// The player the strategy claims wins.
    pub fn winner(&self) -> Player {
        self.winner
    }

    /// The strategy's move at the replay's position, where the winner must be to move:
    /// `Ok(None)` when the winner has no legal move, the only move when every move leads to
    /// the same position, below a kernel leaf a move back into its kernel (the lemma's
    /// strategy), and [`CheckError::MissingPosition`] when the strategy has no entry.
    pub fn choose(&self, at: &Replay) -> Result<Option<Move>, CheckError> {
        let legal = at.legal()?;
        if legal.is_empty() {
            return Ok(None);
        }
        let key = match self.sharing {
            Sharing::Exact => Key::Full(Box::new(at.state.clone())),
            Sharing::Live => at.board.key(&at.state, &mut self.scratch.borrow_mut()),
        };
        if let Some(&m) = self.table.get(&key) {
            return Ok(Some(m));
        }
        if at.mover() == self.winner
            && let Some(k) = self.kernel_above(at)
            && let Some(&m) = legal
                .iter()
                .find(|m| matches!(m, Move::Step { to, .. } if k.contains(to)))
        {
            return Ok(Some(m));
        }
        match at.mover() == self.winner && at.forced(&legal) {
            true => Ok(Some(legal[0])),
            false => Err(CheckError::MissingPosition {
                line: at.board.cert_line(&at.line),
            }),
        }
    }

    /// The kernel of the last kernel leaf on the replay's line (a position where the
    /// opponent was to move whose key is a leaf's): the walk checked that leaf and nothing
    /// below it. Since the strategy's recorded moves are preferred, a position the table
    /// misses lies below a leaf reached after the last recorded move of the line (the walk
    /// from that move's position met the same futures), so every winner move after the last
    /// leaf went back into its kernel, which is therefore still an even kernel. `None`
    /// without kernel leaves or when no position of the line is one.
    fn kernel_above(&self, at: &Replay) -> Option<&[VertexId]> {
        if self.kernels.is_empty() {
            return None;
        }
        let board = &at.board;
        let mut s = board.start();
        let mut scratch = self.scratch.borrow_mut();
        let mut last = None;
        for &m in &at.line {
            if s.mover != self.winner
                && let Some(k) = self.kernels.get(&board.key(&s, &mut scratch))
            {
                last = Some(k.as_slice());
            }
            let _ = board.apply_in_place(&mut s, m);
        }
        last
    }
}
