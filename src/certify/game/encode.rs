//! The JSON form of game positions and moves, and its translation to the checker's states.
//!
//! Positions and moves name vertices by identifier and edges by index (edges have no
//! identifier, and parallel edges make endpoints ambiguous). Decoding accepts the lists of a
//! position in any order and checks every identifier; encoding writes the canonical form
//! (vertex-order `visited`, ascending `used`).

use super::super::{CheckError, IdIndex, Player};
use super::rules::{Board, NONE, State};
use crate::problems::{Graph, Move};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A game position in certificate form. See `docs/certificates.md` ("Positions").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The player to move.
    pub to_move: Player,
    /// Token locations: one entry (one-token games, the NimG pointer) or two (partizan:
    /// player I's then player II's; two-token games: token 0 then token 1). `null` while an
    /// unrooted game has not placed that token.
    pub tokens: Vec<Option<String>>,
    /// Vertex rule: every vertex that has held a token, starts included.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub visited: Vec<String>,
    /// Edge rule: the indices of the used edges.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<usize>,
    /// NimG: the current weight of every vertex, in vertex order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weights: Vec<u64>,
}

/// A move in certificate form: [`Move`] with vertices named by identifier.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "move", deny_unknown_fields)]
pub enum CertMove {
    /// Unrooted vertex games: put the mover's token on `vertex`.
    Place {
        /// The vertex.
        vertex: String,
    },
    /// Move token `token` from `from` along edge `edge` (an index) to `to`.
    Step {
        /// Which token (0 in one-token games; the mover's in partizan games).
        token: u8,
        /// Where the token was (for an unrooted edge game's first move, the chosen end).
        from: String,
        /// The edge or arc, by index.
        edge: usize,
        /// Where it goes.
        to: String,
    },
    /// NimG: remove `take` tokens and move the pointer to `to`.
    Nim {
        /// Tokens removed.
        take: u64,
        /// The new pointer vertex (`None` only for NimG-RM at a vertex with no neighbour).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<String>,
    },
}

impl CertMove {
    /// The certificate form of `m` on `graph`; errors on a vertex out of range.
    pub fn from_move(graph: &Graph, m: &Move) -> Result<CertMove, CheckError> {
        let id = |v: usize| match v < graph.n() {
            true => Ok(graph.id(v).to_string()),
            false => Err(CheckError::Malformed(format!(
                "vertex index {v} is out of range"
            ))),
        };
        Ok(match *m {
            Move::Place { vertex } => CertMove::Place {
                vertex: id(vertex)?,
            },
            Move::Step {
                token,
                from,
                edge,
                to,
            } => CertMove::Step {
                token,
                from: id(from)?,
                edge,
                to: id(to)?,
            },
            Move::Nim { take, to } => CertMove::Nim {
                take,
                to: to.map(id).transpose()?,
            },
        })
    }

    /// The index form of this move on `graph`.
    pub fn to_move(&self, graph: &Graph) -> Result<Move, CheckError> {
        self.resolve(&IdIndex::new(graph))
    }

    pub(crate) fn resolve(&self, ids: &IdIndex) -> Result<Move, CheckError> {
        Ok(match self {
            CertMove::Place { vertex } => Move::Place {
                vertex: ids.get(vertex)?,
            },
            CertMove::Step {
                token,
                from,
                edge,
                to,
            } => Move::Step {
                token: *token,
                from: ids.get(from)?,
                edge: *edge,
                to: ids.get(to)?,
            },
            CertMove::Nim { take, to } => Move::Nim {
                take: *take,
                to: to.as_deref().map(|t| ids.get(t)).transpose()?,
            },
        })
    }
}

impl fmt::Display for CertMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CertMove::Place { vertex } => write!(f, "place {vertex}"),
            CertMove::Step {
                token: 0, from, to, ..
            } => write!(f, "{from}→{to}"),
            CertMove::Step {
                token, from, to, ..
            } => write!(f, "{from}→{to} (token {token})"),
            CertMove::Nim { take, to: Some(to) } => write!(f, "take {take}, →{to}"),
            CertMove::Nim { take, to: None } => write!(f, "take {take}"),
        }
    }
}

impl Board<'_> {
    /// The certificate form of a line of play (moves generated by this board are in range).
    pub fn cert_line(&self, line: &[Move]) -> Vec<CertMove> {
        line.iter()
            .filter_map(|m| CertMove::from_move(&self.game.graph, m).ok())
            .collect()
    }

    /// The canonical certificate form of a state.
    pub fn position(&self, s: &State) -> Position {
        let g = &self.game.graph;
        let id = |v: usize| g.id(v).to_string();
        let tokens = s.tokens[..self.token_count()]
            .iter()
            .map(|&t| (t != NONE).then(|| id(t)))
            .collect();
        let (visited, used) = match self.marks_vertices() {
            true => (
                (0..g.n()).filter(|&v| self.marked(s, v)).map(id).collect(),
                Vec::new(),
            ),
            false if self.game.is_nim() => (Vec::new(), Vec::new()),
            false => (
                Vec::new(),
                (0..g.m()).filter(|&e| self.marked(s, e)).collect(),
            ),
        };
        Position {
            to_move: s.mover,
            tokens,
            visited,
            used,
            weights: s.weights.clone(),
        }
    }

    /// The state a certificate position describes; rejects lists that this variant does not
    /// have, unknown identifiers and out-of-range edges.
    pub fn decode(&self, p: &Position, ids: &IdIndex) -> Result<State, CheckError> {
        let g = &self.game.graph;
        let mut s = self.blank();
        s.mover = p.to_move;
        if p.tokens.len() != self.token_count() {
            return Err(CheckError::Malformed(format!(
                "a position of this game lists {} token(s), not {}",
                self.token_count(),
                p.tokens.len()
            )));
        }
        for (t, v) in p.tokens.iter().enumerate() {
            s.tokens[t] = v
                .as_deref()
                .map(|v| ids.get(v))
                .transpose()?
                .unwrap_or(NONE);
        }
        let wrong = |what: &str| {
            CheckError::Malformed(format!(
                "a position of a {} has no `{what}`",
                self.game.variant_name()
            ))
        };
        if !self.marks_vertices() && !p.visited.is_empty() {
            return Err(wrong("visited"));
        }
        if (self.marks_vertices() || self.game.is_nim()) && !p.used.is_empty() {
            return Err(wrong("used"));
        }
        // A list with a repeat is malformed, not a set: docs/certificates.md says each list
        // names every visited vertex (used edge) once.
        let mut listed = self.blank();
        for name in &p.visited {
            let v = ids.get(name)?;
            if self.marked(&listed, v) {
                return Err(CheckError::Malformed(format!(
                    "vertex `{name}` is listed twice in `visited`"
                )));
            }
            self.mark(&mut listed, v);
            self.mark(&mut s, v);
        }
        for &e in &p.used {
            if e >= g.m() {
                return Err(CheckError::Malformed(format!("edge {e} is out of range")));
            }
            if self.marked(&listed, e) {
                return Err(CheckError::Malformed(format!(
                    "edge {e} is listed twice in `used`"
                )));
            }
            self.mark(&mut listed, e);
            self.mark(&mut s, e);
        }
        if p.weights.len() != s.weights.len() {
            return Err(CheckError::Malformed(format!(
                "a position of this game lists {} weights, not {}",
                s.weights.len(),
                p.weights.len()
            )));
        }
        s.weights.clone_from(&p.weights);
        Ok(s)
    }
}
