//! Certificate maps of Fraenkel–Simonson Theorem 2.1, 3QBF → PVG with 11-vertex clause
//! clusters (`qbf-pvg`), as the proof plays it (spec `fraenkel-simonson.md` §1).
//!
//! Forward, YES: player I sets his ∃ diamonds by the Skolem functions; when II has entered
//! the cluster of clause c, I takes the existential connector `E_c,a` of a true literal a
//! (it guards the two other literal connectors); if II heads for `L_c,j` with j ≠ a, I takes
//! `L_c,j` first and II is stuck; if j = a, I goes round to the centre and II, on `L_c,a`,
//! finds the centre taken and the literal vertex of the true literal visited. Forward, NO:
//! player II sets his ∀ diamonds by the Herbrand functions, enters the cluster of a clause the
//! assignment falsifies, heads for the connector I does not guard (any, if I entered another
//! cluster), and from `L_c,j` takes the centre, or the literal vertex of a false literal
//! (never visited) when I took the centre. Backward: replay against regular play on the
//! opponent's chain and read the certified player's diamond sides.

use super::diamonds::{Diamonds, own_token};
use super::textbook::{falsified_clause, true_literal};
use super::util::{checked_pair, off_plan, qbf_of, step_to, vertex_named};
use super::{CertMapError, CertMaps, MapStatus};
use crate::certify::{Certificate, Player, Replay};
use crate::problems::{Geography, Instance, Lit, VertexId};
use crate::reductions::Reduction;
use crate::reductions::qbf_normal::{NormalQbf, normalize};
use std::collections::HashMap;

/// The maps of `qbf-pvg`.
pub const MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "Skolem functions → player I's strategy: ∃ diamonds by the Skolem functions; in II's \
         cluster I takes the existential connector of a true literal, then blocks II's \
         connector or races him to the centre (Thm 2.1's proof)",
    ),
    forward_no: MapStatus::Constructive(
        "Herbrand functions → player II's strategy: ∀ diamonds by the Herbrand functions, the \
         cluster of a falsified clause, the unguarded connector, then the centre or the \
         (unvisited) vertex of a false literal",
    ),
    backward_yes: MapStatus::Constructive(
        "player I's strategy → Skolem functions: replay against regular play by II for every \
         ∀ assignment and read I's diamond sides",
    ),
    backward_no: MapStatus::Constructive(
        "player II's strategy → Herbrand functions: replay against regular play by I for every \
         ∃ assignment and read II's diamond sides",
    ),
};

/// What a vertex of the clause part is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// `eJ_E`, the bottom of I's chain.
    ExistsBottom,
    /// `X`, the end of II's chain.
    Extra,
    /// `U_c`.
    Universal(usize),
    /// `M_c,j`.
    Towards(usize, usize),
    /// `E_c,j`.
    Existential(usize, usize),
    /// `L_c,j`.
    Literal(usize, usize),
}

/// The Theorem 2.1 board, found by the construction's identifiers.
struct Board {
    diamonds: Diamonds,
    role: HashMap<VertexId, Role>,
    universal: Vec<VertexId>,
    towards: Vec<[VertexId; 3]>,
    existential: Vec<[VertexId; 3]>,
    literal: Vec<[VertexId; 3]>,
    centre: Vec<VertexId>,
}

impl Board {
    fn new(g: &Geography, nq: &NormalQbf) -> Result<Board, CertMapError> {
        let id = |s: String| vertex_named(g, &s);
        let diamonds = Diamonds::on_chains(nq, "J", |s| vertex_named(g, s))?;
        let mut role = HashMap::new();
        role.insert(
            id(format!("eJ{}", nq.num_existential()))?,
            Role::ExistsBottom,
        );
        role.insert(id("X".into())?, Role::Extra);
        let tri = |r: &str, c: usize| -> Result<[VertexId; 3], CertMapError> {
            Ok([
                id(format!("{r}{c}_0"))?,
                id(format!("{r}{c}_1"))?,
                id(format!("{r}{c}_2"))?,
            ])
        };
        let mut b = Board {
            diamonds,
            role,
            universal: Vec::new(),
            towards: Vec::new(),
            existential: Vec::new(),
            literal: Vec::new(),
            centre: Vec::new(),
        };
        for c in 0..nq.m() {
            b.universal.push(id(format!("U{}", c + 1))?);
            b.towards.push(tri("M", c + 1)?);
            b.existential.push(tri("E", c + 1)?);
            b.literal.push(tri("L", c + 1)?);
            b.centre.push(id(format!("C{}", c + 1))?);
            b.role.insert(b.universal[c], Role::Universal(c));
            for j in 0..3 {
                b.role.insert(b.towards[c][j], Role::Towards(c, j));
                b.role.insert(b.existential[c][j], Role::Existential(c, j));
                b.role.insert(b.literal[c][j], Role::Literal(c, j));
            }
        }
        Ok(b)
    }

    fn role_of(&self, x: Option<VertexId>) -> Option<Role> {
        x.and_then(|x| self.role.get(&x).copied())
    }

    /// The diamond vertex of literal `l`.
    fn literal_vertex(&self, l: Lit) -> VertexId {
        self.diamonds.side[l.var][usize::from(!l.positive)]
    }
}

/// Source QBF certificate → target strategy.
pub fn forward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (q, g) = checked_pair(r, source, target, qbf_of)?;
    let nq = normalize(q);
    let b = Board::new(g, &nq)?;
    b.diamonds
        .strategy(q, &nq, g, own_token, cert, |winner, at, values| {
            let to = match winner {
                Player::First => prover_move(&b, &nq, at, values)?,
                Player::Second => refuter_move(&b, &nq, at, values)?,
            };
            step_to(at, own_token(winner), to)
        })
}

/// Player I's move in the clause part (Thm 2.1's proof).
fn prover_move(
    b: &Board,
    nq: &NormalQbf,
    at: &Replay,
    values: &[Option<bool>],
) -> Result<VertexId, CertMapError> {
    let his = b.role_of(at.token(1));
    match (b.role_of(at.token(0)), his) {
        (Some(Role::ExistsBottom), Some(Role::Universal(c))) => {
            let l = true_literal(&nq.qbf.clauses[c], values)?;
            let a = nq.qbf.clauses[c].iter().position(|&x| x == l).unwrap_or(0);
            Ok(b.existential[c][a])
        }
        (Some(Role::Existential(c, a)), Some(Role::Towards(c2, j))) if c == c2 => {
            let j = if j != a { j } else { (a + 1) % 3 };
            Ok(b.literal[c][j])
        }
        (Some(Role::Literal(c, _)), _) => Ok(b.centre[c]),
        _ => Err(off_plan()),
    }
}

/// Player II's move in the clause part (Thm 2.1's proof, the NO direction).
fn refuter_move(
    b: &Board,
    nq: &NormalQbf,
    at: &Replay,
    values: &[Option<bool>],
) -> Result<VertexId, CertMapError> {
    match b.role_of(at.token(1)) {
        Some(Role::Extra) => Ok(b.universal[falsified_clause(&nq.qbf, values)?]),
        Some(Role::Universal(c)) => match b.role_of(at.token(0)) {
            Some(Role::Existential(c2, a)) if c2 == c => Ok(b.towards[c][a]),
            _ => Ok(b.towards[c][0]),
        },
        Some(Role::Literal(c, _)) if !at.marked(b.centre[c]) => Ok(b.centre[c]),
        Some(Role::Literal(c, j)) => Ok(b.literal_vertex(nq.qbf.clauses[c][j])),
        _ => Err(off_plan()),
    }
}

/// Target strategy → source QBF certificate.
pub fn backward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (q, g) = checked_pair(r, source, target, qbf_of)?;
    let nq = normalize(q);
    let b = Board::new(g, &nq)?;
    b.diamonds.read_back(q, &nq, g, own_token, cert)
}
