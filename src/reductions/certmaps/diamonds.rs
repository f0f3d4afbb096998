//! What the QBF reductions have in common: a diamond per normalised variable whose side a
//! player chooses, read and written through the prefix normalisation.
//!
//! Forward maps evaluate the source's Skolem or Herbrand functions on the values chosen so far
//! in the target's diamonds (dummy variables, which occur in no clause, get `false`).
//! Backward maps read a variable's value by replaying the target game: the certified player
//! moves by the target certificate, the opponent plays the proof's regular play (he takes the
//! diamond sides given by the assignment being enumerated, and otherwise moves his chain token
//! on), until the variable's diamond is passed.

use super::CertMapError;
use super::util::{GameOracle, QbfOracle, build_qbf_cert, dest, origin};
use crate::certify::{Certificate, Player, Replay};
use crate::problems::{Geography, Lit, Move, Qbf, VertexId};
use crate::reductions::qbf_normal::NormalQbf;
use std::collections::HashMap;

/// The diamonds of a target: the top of each normalised variable and its two sides (the side
/// that makes the variable TRUE first).
pub(crate) struct Diamonds {
    top: Vec<VertexId>,
    top_of: HashMap<VertexId, usize>,
    /// `side[v] = [TRUE side, FALSE side]`.
    pub side: Vec<[VertexId; 2]>,
}

impl Diamonds {
    /// Diamonds with `top[v]` and `side[v]` for each normalised variable `v`.
    pub fn new(top: &[VertexId], side: Vec<[VertexId; 2]>) -> Diamonds {
        let top_of = top.iter().enumerate().map(|(v, &t)| (t, v)).collect();
        Diamonds {
            top: top.to_vec(),
            top_of,
            side,
        }
    }

    /// The top of variable `v`'s diamond.
    pub fn top(&self, v: usize) -> VertexId {
        self.top[v]
    }

    /// The variable whose diamond top `x` is.
    pub fn var_at_top(&self, x: VertexId) -> Option<usize> {
        self.top_of.get(&x).copied()
    }

    /// `(v, value)` when `m` goes from the top of `v`'s diamond to one of its sides.
    pub fn choice(&self, m: &Move) -> Option<(usize, bool)> {
        let v = self.var_at_top(origin(m)?)?;
        let to = dest(m)?;
        self.side[v]
            .iter()
            .position(|&s| s == to)
            .map(|i| (v, i == 0))
    }

    /// The values chosen so far on `line` (the first passage through each diamond counts).
    pub fn assignment(&self, line: &[Move]) -> Vec<Option<bool>> {
        let mut values = vec![None; self.side.len()];
        for m in line {
            if let Some((v, b)) = self.choice(m) {
                values[v].get_or_insert(b);
            }
        }
        values
    }
}

/// Whether a literal of the normalised formula is true, false or open under `values`.
pub(crate) fn lit_value(l: Lit, values: &[Option<bool>]) -> Option<bool> {
    values[l.var].map(|b| b == l.positive)
}

/// The source partial assignment that the normalised `values` stand for.
fn source_partial(nq: &NormalQbf, src: &Qbf, values: &[Option<bool>]) -> Vec<Option<bool>> {
    let mut a = vec![None; src.num_vars()];
    for (v, o) in nq.origin.iter().enumerate() {
        if let Some(x) = *o {
            a[x] = values[v];
        }
    }
    a
}

/// The value the source certificate gives normalised variable `v` once `values` holds the
/// earlier choices (`false` for a dummy, which no clause reads).
pub(crate) fn certified_value(
    nq: &NormalQbf,
    src: &Qbf,
    oracle: &QbfOracle,
    v: usize,
    values: &[Option<bool>],
) -> Result<bool, CertMapError> {
    match nq.origin[v] {
        None => Ok(false),
        Some(x) => oracle.value(x, &source_partial(nq, src, values)),
    }
}

/// How the opponent of the certified player plays while a backward map reads a value.
pub(crate) trait Script {
    /// The opponent's move at `at`, where `value(v)` is the value the enumerated assignment
    /// gives normalised variable `v` (`None` if it gives none yet).
    fn play(
        &mut self,
        at: &Replay,
        value: &dyn Fn(usize) -> Option<bool>,
    ) -> Result<Move, CertMapError>;
}

/// Regular play on a chain token: at a diamond top take the side of the assignment, otherwise
/// the token's only move.
pub(crate) struct ChainScript<'d> {
    /// The diamonds.
    pub diamonds: &'d Diamonds,
    /// Which token the opponent moves, by player.
    pub token: fn(Player) -> u8,
}

impl Script for ChainScript<'_> {
    fn play(
        &mut self,
        at: &Replay,
        value: &dyn Fn(usize) -> Option<bool>,
    ) -> Result<Move, CertMapError> {
        let t = (self.token)(at.mover());
        let mine: Vec<Move> = at
            .legal()?
            .into_iter()
            .filter(|m| matches!(m, Move::Step { token, .. } if *token == t))
            .collect();
        let here = at.token(usize::from(t));
        if let Some(v) = here.and_then(|x| self.diamonds.var_at_top(x)) {
            let b = value(v).ok_or_else(|| {
                CertMapError::Invalid(format!("the opponent must set variable {v} too early"))
            })?;
            let want = self.diamonds.side[v][usize::from(!b)];
            return mine
                .into_iter()
                .find(|m| dest(m) == Some(want))
                .ok_or_else(|| {
                    CertMapError::Invalid("the opponent's diamond side is blocked".into())
                });
        }
        match mine.as_slice() {
            [m] => Ok(*m),
            _ => Err(CertMapError::Invalid(format!(
                "the opponent's chain token has {} moves after {} moves of regular play",
                mine.len(),
                at.line().len()
            ))),
        }
    }
}

/// What a replay has shown after a move: `Some(value)` once the wanted variable's value is
/// known, `None` to play on.
pub(crate) type Stop<'a> = dyn Fn(&Replay, &Move, usize) -> Option<Result<bool, CertMapError>> + 'a;

/// The usual stop: the wanted variable's diamond side has been taken.
pub(crate) fn stop_at_diamond(
    d: &Diamonds,
) -> impl Fn(&Replay, &Move, usize) -> Option<Result<bool, CertMapError>> + '_ {
    move |_, m, want| d.choice(m).filter(|&(v, _)| v == want).map(|(_, b)| Ok(b))
}

/// Builds the source certificate (Skolem functions when the target certificate is the
/// YES player's, Herbrand functions otherwise) by reading each variable's value in a replay
/// of the target game against `script`, stopping as `stop` says.
pub(crate) fn read_qbf(
    src: &Qbf,
    nq: &NormalQbf,
    oracle: &GameOracle,
    yes_player: Player,
    script: &mut dyn Script,
    stop: &Stop,
) -> Result<Certificate, CertMapError> {
    let claims_true = oracle.winner() == yes_player;
    let mut place = vec![0; src.num_vars()];
    for (v, o) in nq.origin.iter().enumerate() {
        if let Some(x) = *o {
            place[x] = v;
        }
    }
    build_qbf_cert(src, claims_true, |x, partial| {
        let value = |v: usize| match nq.origin[v] {
            Some(y) => partial[y],
            None => Some(false),
        };
        read_value(oracle, place[x], script, &value, stop)
    })
}

/// Replays the target until `stop` gives the value of normalised variable `want`.
fn read_value(
    oracle: &GameOracle,
    want: usize,
    script: &mut dyn Script,
    value: &dyn Fn(usize) -> Option<bool>,
    stop: &Stop,
) -> Result<bool, CertMapError> {
    let game: &Geography = oracle.game();
    let mut at = Replay::new(game)?;
    loop {
        let m = match at.mover() == oracle.winner() {
            true => oracle.choose(&at)?,
            false => script.play(&at, value)?,
        };
        at.play(m)?;
        if let Some(found) = stop(&at, &m, want) {
            return found;
        }
    }
}
