//! Certificate maps of the textbook QBF → Generalized Geography construction, played as
//! vertex geography (`qbf-dvg`) and as edge geography (`qbf-deg`).
//!
//! Forward, YES: player I takes the diamond side of each ∃ variable that its Skolem function
//! gives (on the values chosen so far), and after II's clause choice moves to the answer
//! vertex of a true literal of that clause; II, on the true literal's diamond side, finds its
//! way down to the bottom blocked. Forward, NO: player II takes the sides of the ∀ variables by
//! the Herbrand functions and then picks a clause that the finished assignment falsifies;
//! every answer vertex of that clause is blocked, so I is stuck. Backward: replay the game
//! with the certificate's player against regular play by the opponent (sides from the
//! enumerated assignment) and read the certificate player's diamond choices.

use super::diamonds::{Diamonds, lit_value, shared_token};
use super::util::{checked_pair, qbf_of, step_to, vertex_named};
use super::{CertMapError, CertMaps, MapStatus};
use crate::certify::Certificate;
use crate::problems::{Geography, Lit, Qbf, VertexId};
use crate::reductions::Reduction;
use crate::reductions::qbf_normal::{NormalQbf, normalize};

/// The maps of `qbf-dvg` and `qbf-deg`.
pub const MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "Skolem functions → player I's strategy: I sets each ∃ diamond by its Skolem function \
         and answers II's clause with the vertex of a true literal, where II is stuck",
    ),
    forward_no: MapStatus::Constructive(
        "Herbrand functions → player II's strategy: II sets each ∀ diamond by its Herbrand \
         function and picks a clause the assignment falsifies; every literal answer is blocked",
    ),
    backward_yes: MapStatus::Constructive(
        "player I's strategy → Skolem functions: replay it against every ∀ assignment played \
         regularly by II and read I's diamond sides",
    ),
    backward_no: MapStatus::Constructive(
        "player II's strategy → Herbrand functions: replay it against every ∃ assignment \
         played regularly by I and read II's diamond sides",
    ),
};

/// The textbook board: diamonds, the clause choice `c`, the clause vertices, and whether a
/// positive literal's answer vertex is the FALSE side (vertex rule) or the TRUE side (edge
/// rule: the answer's arc into the bottom is used exactly when the literal is true).
pub(crate) struct Board {
    diamonds: Diamonds,
    choice: VertexId,
    clause: Vec<VertexId>,
    positive_to_false: bool,
}

impl Board {
    /// The answer vertex of literal `l`: moving there blocks II iff `l` is true.
    fn answer(&self, l: Lit) -> VertexId {
        self.diamonds.side[l.var][usize::from(l.positive == self.positive_to_false)]
    }
}

/// The `qbf-dvg` board, found by the construction's identifiers.
fn dvg_board(g: &Geography, nq: &NormalQbf) -> Result<Board, CertMapError> {
    let id = |s: String| vertex_named(g, &s);
    let mut top = Vec::new();
    let mut side = Vec::new();
    for i in 1..=nq.n() {
        top.push(id(format!("T{i}"))?);
        side.push([id(format!("x{i}"))?, id(format!("not_x{i}"))?]);
    }
    let clause = (1..=nq.m())
        .map(|j| id(format!("C{j}")))
        .collect::<Result<_, _>>()?;
    Ok(Board {
        diamonds: Diamonds::new(&top, side),
        choice: id("c".into())?,
        clause,
        positive_to_false: true,
    })
}

/// The `qbf-deg` board: diamond i occupies vertices 4i..4i+4 (T, L, R, B), then `c`, then
/// the clause vertices, in the order the construction adds them.
fn deg_board(nq: &NormalQbf) -> Board {
    let k = nq.n();
    let top: Vec<VertexId> = (0..k).map(|i| 4 * i).collect();
    let side = (0..k).map(|i| [4 * i + 1, 4 * i + 2]).collect();
    Board {
        diamonds: Diamonds::new(&top, side),
        choice: 4 * k,
        clause: (0..nq.m()).map(|j| 4 * k + 1 + j).collect(),
        positive_to_false: false,
    }
}

/// The board of reduction `r` (`qbf-dvg` or `qbf-deg`) for this pair.
fn board(r: &dyn Reduction, g: &Geography, nq: &NormalQbf) -> Result<Board, CertMapError> {
    match r.info().id {
        "qbf-dvg" => dvg_board(g, nq),
        _ => Ok(deg_board(nq)),
    }
}

/// Source QBF certificate → target strategy.
pub fn forward(
    r: &dyn Reduction,
    source: &crate::problems::Instance,
    target: &crate::problems::Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (q, g) = checked_pair(r, source, target, qbf_of)?;
    let nq = normalize(q);
    let b = board(r, g, &nq)?;
    b.diamonds
        .strategy(q, &nq, g, shared_token, cert, |_, at, values| {
            let here = at.token(0).unwrap_or(usize::MAX);
            if here == b.choice {
                let j = falsified_clause(&nq.qbf, values)?;
                return step_to(at, 0, b.clause[j]);
            }
            let j = b.clause.iter().position(|&c| c == here).ok_or_else(|| {
                CertMapError::Invalid("the strategy is asked off the board's plan".into())
            })?;
            let l = true_literal(&nq.qbf.clauses[j], values)?;
            step_to(at, 0, b.answer(l))
        })
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

/// Target strategy → source QBF certificate.
pub fn backward(
    r: &dyn Reduction,
    source: &crate::problems::Instance,
    target: &crate::problems::Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (q, g) = checked_pair(r, source, target, qbf_of)?;
    let nq = normalize(q);
    let b = board(r, g, &nq)?;
    b.diamonds.read_back(q, &nq, g, shared_token, cert)
}
