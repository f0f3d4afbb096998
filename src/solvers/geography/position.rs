//! The public game-state API: [`Position`] (serde-friendly, for certificates and the CLI's
//! `--strategy`) and the functions that enumerate and play moves on it.
//!
//! Every function converts to the solver's compact [`State`] and back, so the rules live only
//! in `state.rs` and the certificate checker sees exactly the moves the solver searched.

use super::state::{Game, NONE, State};
use crate::problems::geography::{Geography, Move, Rule};
use crate::problems::graph::VertexId;
use crate::solvers::Winner;
use serde::{Deserialize, Serialize};

/// A position of a geography game, in public form.
///
/// Invariant: `visited` has one entry per vertex under [`Rule::Vertex`] and is empty
/// otherwise; `used` has one entry per edge under [`Rule::Edge`] and is empty otherwise;
/// `weights` has one entry per vertex under the NimG rules and is empty otherwise.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    /// The player whose turn it is (`First` = player I).
    pub to_move: Winner,
    /// Token positions: one entry for one-token and NimG games (the NimG pointer), two for
    /// partizan games (player I's, player II's) and two-token games; `None` = not placed yet.
    pub tokens: Vec<Option<VertexId>>,
    /// Vertex rule: which vertices have ever held a token.
    pub visited: Vec<bool>,
    /// Edge rule: which edges (arcs) have been used.
    pub used: Vec<bool>,
    /// NimG: the tokens left on each vertex.
    pub weights: Vec<u64>,
}

impl Game {
    /// The public form of `st`.
    pub fn position(&self, st: &State) -> Position {
        let bools = |len: usize| (0..len).map(|i| st.bit(i)).collect::<Vec<_>>();
        let tok = |t: u32| (t != NONE).then_some(t as usize);
        Position {
            to_move: if st.turn == 0 {
                Winner::First
            } else {
                Winner::Second
            },
            tokens: st.tok[..self.token_count()]
                .iter()
                .map(|&t| tok(t))
                .collect(),
            visited: if self.rule == Rule::Vertex {
                bools(self.n)
            } else {
                Vec::new()
            },
            used: if self.rule == Rule::Edge {
                bools(self.m)
            } else {
                Vec::new()
            },
            weights: st.weights.clone(),
        }
    }

    /// The compact form of `pos`, or `None` when `pos` does not fit this game.
    pub fn state(&self, pos: &Position) -> Option<State> {
        let (bools, len) = match self.rule {
            Rule::Vertex => (&pos.visited, self.n),
            Rule::Edge => (&pos.used, self.m),
            _ => (&pos.visited, 0),
        };
        let nim_len = if self.start.weights.is_empty() {
            0
        } else {
            self.n
        };
        let tokens_ok = pos.tokens.len() == self.token_count()
            && pos.tokens.iter().all(|t| t.is_none_or(|v| v < self.n));
        if bools.len() != len || pos.weights.len() != nim_len || !tokens_ok {
            return None;
        }
        let mut st = State {
            tok: [NONE; 2],
            turn: u8::from(pos.to_move == Winner::Second),
            bits: vec![0; len.div_ceil(64)],
            weights: pos.weights.clone(),
        };
        for (i, t) in pos.tokens.iter().enumerate() {
            st.tok[i] = t.map_or(NONE, |v| v as u32);
        }
        for (i, &b) in bools.iter().enumerate() {
            if b {
                st.flip(i);
            }
        }
        Some(st)
    }
}

/// The initial position of `g` (player I to move; start vertices visited under the vertex
/// rule; NimG weights from the graph, a vertex without weight counting as 0).
pub fn initial_position(g: &Geography) -> Position {
    let game = Game::new(g);
    game.position(&game.start)
}

/// The legal moves of the player to move in `pos`, in a deterministic order. Empty when the
/// player to move has no move, and also when `pos` does not fit `g` (wrong lengths or a token
/// out of range) or a NimG game is unrooted.
pub fn legal_moves(g: &Geography, pos: &Position) -> Vec<Move> {
    let game = Game::new(g);
    let nim_unplaced = g.is_nim() && pos.tokens.first().is_none_or(|t| t.is_none());
    match game.state(pos) {
        Some(st) if !nim_unplaced => game.moves(&st),
        _ => Vec::new(),
    }
}

/// The position after `mv`, or `None` when `mv` is not one of [`legal_moves`]`(g, pos)`.
pub fn try_play(g: &Geography, pos: &Position, mv: Move) -> Option<Position> {
    let game = Game::new(g);
    let mut st = game.state(pos)?;
    if !game.moves(&st).contains(&mv) {
        return None;
    }
    game.apply(&mut st, mv);
    Some(game.position(&st))
}

/// The position after the legal move `mv`.
///
/// Panics if `mv` is not legal in `pos`: callers check with [`legal_moves`] first, or use
/// [`try_play`] on untrusted moves.
pub fn play(g: &Geography, pos: &Position, mv: Move) -> Position {
    try_play(g, pos, mv).expect("play: the move is not legal in this position")
}
