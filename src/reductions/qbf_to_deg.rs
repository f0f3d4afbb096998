//! QBF ≤ DEG: the textbook formula-game digraph (a diamond per variable, a clause fan at the
//! end), played as directed *edge* geography.
//!
//! Source: M. Sipser, "Introduction to the Theory of Computation", the theorem that
//! Generalized Geography is PSPACE-complete (Thm 8.14 in the 2nd edition; numbering varies),
//! read as arcs for edge geography in the spirit of T. J. Schaefer, "On the complexity of some
//! two-person perfect-information games", JCSS 16 (1978), whose own construction was not
//! retrieved. Spec `edge-misere-trailtrap.md` §4: **reconstructed**, verified by brute force.
//!
//! The prefix is first normalised to strictly alternating `∃x1 ∀x2 … ∃xk` (k odd) by fresh
//! dummy variables that occur in no clause ([`super::qbf_normal`], shared with `qbf-dvg`).
//! Variable `i` is a diamond `T_i → x_i, not_x_i → B_i` (`x_i` is the TRUE side) followed by
//! `B_i → T_{i+1}`, and `B_k → c`; clause `j` is a vertex `C_j` with `c → C_j`, and each
//! literal `x_i` (`¬x_i`) adds `C_j → x_i` (`C_j → not_x_i`): the opposite orientation to
//! `qbf-dvg`, as the spec fixes for the edge game. Play starts at `T_1` with player I (∃).
//! A diamond takes three moves, so player I chooses the odd variables; after `B_k → c`
//! player II picks a clause and player I a literal, and player II is stuck exactly when that
//! literal is true (the arc from its side into `B_i` is used). Sizes:
//! `4k + 1 + m` vertices and `5k + m + L` arcs (L = total literal occurrences).

use super::certmaps::{CertMapError, CertMaps};
use super::helpers::{Diamond, add_fresh};
use super::qbf_normal::{NormalQbf, normalize};
use super::qbf_to_dvg::{
    TEXTBOOK_MAPS, TextbookLayout, build_textbook, check_starts_on_top, textbook_backward,
    textbook_forward,
};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{ProblemKind, ReductionError, ReductionInfo};
use crate::certify::Certificate;
use crate::problems::Player;
use crate::problems::{Graph, Lit, Qbf, Rule};

/// The reduction QBF → DEG.
#[derive(Clone, Copy, Debug, Default)]
pub struct QbfToDeg;

size_formula! {
    /// The size of the textbook board with one arc per literal occurrence.
    SIZE: Qbf = |q| {
        k = normalize(q).n(), "variables after normalisation";
        m = q.clauses.len(), "clauses";
        L = q.clauses.iter().map(Vec::len).sum(), "literal occurrences";
    } => vertices 4 * k + 1 + m, edges 5 * k + m + L
}

static INFO: ReductionInfo = ReductionInfo {
    id: "qbf-deg",
    example: Some("examples/fraenkel-simonson.qbf"),
    source: ProblemKind::Qbf,
    target: ProblemKind::Deg,
    paper: "Sipser, Introduction to the Theory of Computation (Generalized Geography), as \
            arcs for edge geography (Schaefer 1978 not retrieved)",
    theorem: "Sipser Thm 8.14 (2nd ed.), arc version",
    gadgets: &[
        "diamond: T_i, x_i (true), not_x_i (false), B_i per normalised variable",
        "clause: C_j per clause; c: the clause choice",
    ],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    size_legend: SIZE.legend,
    preconditions: &["a closed prenex CNF QBF (any clause width)"],
    claims: &[
        "the prefix is normalised to E A E ... E (k odd) with dummy variables in no clause",
        "start T_1, player I (exists) first, normal play",
        "player I wins iff the QBF is true",
    ],
    structure: &[],
    errata: &[
        "reconstructed: Schaefer's original edge construction was not retrieved; the \
         textbook vertex-geography digraph read as arcs verifies (spec section 4)",
    ],
    provenance: "reconstructed (textbook construction as arcs), verified by brute force",
    yes_winner: Player::First,
};

/// Adds the diamonds' vertices (named as in `qbf-dvg`: `T1, x1, not_x1, B1`, …, each diamond
/// grouped under its variable's name), then `c` and the clause vertices, each labelled by its
/// clause, and returns the layout.
fn add_vertices(g: &mut Graph, nq: NormalQbf) -> TextbookLayout {
    let mut diamonds = Vec::new();
    for v in 0..nq.n() {
        let i = v + 1;
        // x_i is the TRUE side and not_x_i the FALSE side; their labels are the literals.
        let d = Diamond {
            top: add_fresh(g, &format!("T{i}"), None),
            sides: [
                add_fresh(g, &format!("x{i}"), Some(&nq.lit_label(Lit::pos(v)))),
                add_fresh(g, &format!("not_x{i}"), Some(&nq.lit_label(Lit::neg(v)))),
            ],
            bottom: add_fresh(g, &format!("B{i}"), None),
        };
        let members = vec![d.top, d.sides[0], d.sides[1], d.bottom];
        g.add_group("diamond", nq.qbf.vars[v].clone(), members);
        diamonds.push(d);
    }
    let choice = add_fresh(g, "c", None);
    g.add_group("clause_choice", "c", vec![choice]);
    let mut clause = Vec::new();
    for (j, c) in nq.qbf.clauses.iter().enumerate() {
        let text: Vec<String> = c.iter().map(|&l| nq.lit_label(l)).collect();
        let label = format!("({})", text.join(" ∨ "));
        let cj = add_fresh(g, &format!("C{}", j + 1), Some(&label));
        g.add_group("clause", format!("C{}", j + 1), vec![cj]);
        clause.push(cj);
    }
    TextbookLayout {
        formula: nq,
        diamonds,
        choice,
        clause,
    }
}

/// Adds each diamond's four arcs (both out of the top first) and the arc from its bottom to
/// the next top (or to `c`).
fn add_diamond_arcs(g: &mut Graph, lay: &TextbookLayout) {
    for (v, d) in lay.diamonds.iter().enumerate() {
        g.add_edge(d.top, d.sides[0]);
        g.add_edge(d.top, d.sides[1]);
        g.add_edge(d.sides[0], d.bottom);
        g.add_edge(d.sides[1], d.bottom);
        g.add_edge(d.bottom, lay.after_diamond(v));
    }
}

/// Adds `c → C_j` and one arc per literal occurrence (`x_i` → the TRUE side `x_i`, `¬x_i` →
/// `not_x_i`; a repeated occurrence gives a parallel arc, which edge geography keeps
/// distinct and which can never be used after its twin).
fn add_clause_arcs(g: &mut Graph, lay: &TextbookLayout) {
    for (j, clause) in lay.formula.qbf.clauses.iter().enumerate() {
        let cj = lay.clause[j];
        g.add_edge(lay.choice, cj);
        for lit in clause {
            g.add_edge(cj, lay.diamonds[lit.var].sides[usize::from(!lit.positive)]);
        }
    }
}

impl Theorem for QbfToDeg {
    type Source = Qbf;
    type Layout = TextbookLayout;

    fn entry(&self) -> &ReductionInfo {
        &INFO
    }

    fn construct(&self, q: &Qbf) -> Result<Construction<TextbookLayout>, ReductionError> {
        Ok(build_textbook(q, Rule::Edge, add_vertices, |g, lay| {
            add_diamond_arcs(g, lay);
            add_clause_arcs(g, lay);
        }))
    }

    fn size(&self) -> &Size<Qbf> {
        &SIZE
    }

    /// The token starts on `T_1`, the prefix is odd, and every diamond is `T → x, ¬x → B`
    /// with one arc out of each side.
    fn paper_labels(
        &self,
        _: &Qbf,
        built: &Construction<TextbookLayout>,
    ) -> Vec<(crate::problems::VertexId, String)> {
        super::qbf_to_dvg::textbook_labels(built)
    }

    fn figure(
        &self,
        _: &Qbf,
        built: &Construction<TextbookLayout>,
    ) -> Option<crate::render::Figure> {
        Some(super::qbf_to_dvg::textbook_figure(
            built,
            "Edge geography on the textbook board: the same diamonds and clause vertices, \
             played by arcs (Sipser, Thm 8.14, arc version)",
        ))
    }

    fn check_layout(&self, _: &Qbf, built: &Construction<TextbookLayout>) -> Result<(), String> {
        check_starts_on_top(built)?;
        let diamonds = &built.layout.diamonds;
        if diamonds.len().is_multiple_of(2) {
            return Err(format!(
                "{} diamonds: the normalised prefix must be odd",
                diamonds.len()
            ));
        }
        let out = built.game.graph.out_degrees();
        match diamonds
            .iter()
            .position(|d| out[d.top] != 2 || out[d.sides[0]] != 1 || out[d.sides[1]] != 1)
        {
            Some(i) => Err(format!("diamond {} is malformed", i + 1)),
            None => Ok(()),
        }
    }

    fn maps(&self) -> CertMaps {
        TEXTBOOK_MAPS
    }

    fn carry_forward(
        &self,
        q: &Qbf,
        built: &Construction<TextbookLayout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        textbook_forward(q, built, false, cert)
    }

    fn carry_back(
        &self,
        q: &Qbf,
        built: &Construction<TextbookLayout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        textbook_backward(q, built, cert)
    }
}
