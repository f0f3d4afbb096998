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
use super::util::{
    GameOracle, QbfOracle, build_game_cert, build_qbf_cert, dest, origin, qbf_cert, step_to,
};
use crate::certify::{Certificate, Player, Replay};
use crate::problems::{Geography, Lit, Move, Qbf, VertexId};
use crate::reductions::helpers::Diamond;
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

    /// The diamonds of a construction's layout, one per normalised variable.
    pub fn of(diamonds: &[Diamond]) -> Diamonds {
        let top: Vec<VertexId> = diamonds.iter().map(|d| d.top).collect();
        Diamonds::new(&top, diamonds.iter().map(|d| d.sides).collect())
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

    /// The forward map of the QBF reductions whose players set these diamonds: the strategy
    /// on `g` of the player that the QBF certificate `cert` of `src` certifies (player I for
    /// Skolem functions, player II for Herbrand functions). When that player's token (`token`)
    /// stands on a diamond top, he takes the side that the certificate gives the variable
    /// ([`certified_value`]); elsewhere he plays `clause_move(player, position, values chosen
    /// so far)`, the proof's play outside the diamonds.
    pub fn strategy(
        &self,
        src: &Qbf,
        nq: &NormalQbf,
        g: &Geography,
        token: fn(Player) -> u8,
        cert: &Certificate,
        mut clause_move: impl FnMut(Player, &Replay, &[Option<bool>]) -> Result<Move, CertMapError>,
    ) -> Result<Certificate, CertMapError> {
        let (truth, strategy) = qbf_cert(cert)?;
        let oracle = QbfOracle::new(src, strategy)?;
        let winner = if truth { Player::First } else { Player::Second };
        build_game_cert(g, winner, |at| {
            let values = self.assignment(at.line());
            let me = token(winner);
            let here = at.token(usize::from(me)).unwrap_or(usize::MAX);
            if let Some(v) = self.var_at_top(here) {
                let val = certified_value(nq, src, &oracle, v, &values)?;
                return step_to(at, me, self.side[v][usize::from(!val)]);
            }
            clause_move(winner, at, &values)
        })
    }

    /// The backward map of the QBF reductions whose opponent plays regularly on his diamond
    /// chain ([`ChainScript`], moving token `token`): reads the source certificate of `src`
    /// from the target strategy `cert` on `g` ([`read_qbf`], player I answering "yes"), each
    /// variable's value being the diamond side the certified player takes
    /// ([`stop_at_diamond`]).
    pub fn read_back(
        &self,
        src: &Qbf,
        nq: &NormalQbf,
        g: &Geography,
        token: fn(Player) -> u8,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let oracle = GameOracle::new(g, cert)?;
        let mut script = ChainScript {
            diamonds: self,
            token,
        };
        read_qbf(
            src,
            nq,
            &oracle,
            Player::First,
            &mut script,
            &stop_at_diamond(self),
        )
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

/// Which token each player moves in a game where each has his own (partizan games): player I
/// token 0, player II token 1.
pub(crate) fn own_token(p: Player) -> u8 {
    p.index() as u8
}

/// Token 0 for both players: the one token of a one-token game, or the chain token that
/// both players move in the two-token games.
pub(crate) fn shared_token(_: Player) -> u8 {
    0
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

/// A clause that `values` falsifies (the Herbrand functions promise one).
pub(crate) fn falsified_clause(q: &Qbf, values: &[Option<bool>]) -> Result<usize, CertMapError> {
    q.clauses
        .iter()
        .position(|c| c.iter().all(|&l| lit_value(l, values) == Some(false)))
        .ok_or_else(|| {
            CertMapError::Invalid("the Herbrand functions leave every clause satisfied".into())
        })
}

/// A literal of `clause` that `values` makes true (the Skolem functions promise one).
pub(crate) fn true_literal(clause: &[Lit], values: &[Option<bool>]) -> Result<Lit, CertMapError> {
    clause
        .iter()
        .copied()
        .find(|&l| lit_value(l, values) == Some(true))
        .ok_or_else(|| CertMapError::Invalid("the Skolem functions falsify a clause".into()))
}
