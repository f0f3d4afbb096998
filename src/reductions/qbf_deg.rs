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

use super::embed::add_fresh;
use super::qbf_normal::{NormalQbf, normalize};
use super::{ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::{Convention, Geography, Graph, Instance, Lit, Rule, Tokens, VertexId};
use crate::solvers::Winner;

/// The reduction QBF → DEG.
#[derive(Clone, Copy, Debug, Default)]
pub struct QbfToDeg;

static INFO: ReductionInfo = ReductionInfo {
    id: "qbf-deg",
    source: ProblemKind::Qbf,
    target: ProblemKind::Deg,
    paper: "Sipser, Introduction to the Theory of Computation (Generalized Geography), as \
            arcs for edge geography (Schaefer 1978 not retrieved)",
    theorem: "Sipser Thm 8.14 (2nd ed.), arc version",
    gadgets: &[
        "diamond: T_i, x_i (true), not_x_i (false), B_i per normalised variable",
        "clause: C_j per clause; c: the clause choice",
    ],
    vertices_formula: "4k + 1 + m (k = variables after normalisation, m = clauses)",
    edges_formula: "5k + m + L (L = literal occurrences)",
    preconditions: &["a closed prenex CNF QBF (any clause width)"],
    claims: &[
        "the prefix is normalised to E A E ... E (k odd) with dummy variables in no clause",
        "start T_1, player I (exists) first, normal play",
        "player I wins iff the QBF is true",
    ],
    errata: &[
        "reconstructed: Schaefer's original edge construction was not retrieved; the \
         textbook vertex-geography digraph read as arcs verifies (spec section 4)",
    ],
    provenance: "reconstructed (textbook construction as arcs), verified by brute force",
    yes_winner: Winner::First,
};

/// Diamond `i` occupies `4i..4i+4` (T, L, R, B), then `c`, then the clause vertices.
struct Layout {
    k: usize,
}

impl Layout {
    fn top(&self, i: usize) -> VertexId {
        4 * i
    }
    fn true_side(&self, i: usize) -> VertexId {
        4 * i + 1
    }
    fn false_side(&self, i: usize) -> VertexId {
        4 * i + 2
    }
    fn bottom(&self, i: usize) -> VertexId {
        4 * i + 3
    }
    fn choice(&self) -> VertexId {
        4 * self.k
    }
    fn clause(&self, j: usize) -> VertexId {
        4 * self.k + 1 + j
    }
}

/// Adds the diamonds' vertices (named as in `qbf-dvg`: `T1, x1, not_x1, B1`, …).
fn add_diamonds(g: &mut Graph, nq: &NormalQbf, layout: &Layout) {
    for v in 0..layout.k {
        let i = v + 1;
        // x_i is the TRUE side and not_x_i the FALSE side; their labels are the literals.
        let members = [
            add_fresh(g, &format!("T{i}"), None),
            add_fresh(g, &format!("x{i}"), Some(&nq.lit_label(Lit::pos(v)))),
            add_fresh(g, &format!("not_x{i}"), Some(&nq.lit_label(Lit::neg(v)))),
            add_fresh(g, &format!("B{i}"), None),
        ];
        assert_eq!(members[0], layout.top(v), "diamond out of layout order");
        g.add_group("diamond", nq.qbf.vars[v].clone(), members.to_vec());
    }
}

/// Adds each diamond's four arcs and the arc from its bottom to the next top (or to `c`).
fn add_diamond_arcs(g: &mut Graph, layout: &Layout) {
    for v in 0..layout.k {
        g.add_edge(layout.top(v), layout.true_side(v));
        g.add_edge(layout.top(v), layout.false_side(v));
        g.add_edge(layout.true_side(v), layout.bottom(v));
        g.add_edge(layout.false_side(v), layout.bottom(v));
        let next = if v + 1 < layout.k {
            layout.top(v + 1)
        } else {
            layout.choice()
        };
        g.add_edge(layout.bottom(v), next);
    }
}

/// Adds `c` and the clause vertices.
fn add_clauses(g: &mut Graph, nq: &NormalQbf, layout: &Layout) {
    let c = add_fresh(g, "c", None);
    assert_eq!(c, layout.choice(), "clause choice out of layout order");
    g.add_group("clause_choice", "c", vec![c]);
    for (j, clause) in nq.qbf.clauses.iter().enumerate() {
        let text: Vec<String> = clause.iter().map(|&l| nq.lit_label(l)).collect();
        let label = format!("({})", text.join(" ∨ "));
        let cj = add_fresh(g, &format!("C{}", j + 1), Some(&label));
        assert_eq!(cj, layout.clause(j), "clause out of layout order");
        g.add_group("clause", format!("C{}", j + 1), vec![cj]);
    }
}

/// Adds `c → C_j` and one arc per literal occurrence (`x_i` → the TRUE side `x_i`, `¬x_i` →
/// `not_x_i`; a repeated occurrence gives a parallel arc, which edge geography keeps
/// distinct and which can never be used after its twin).
fn add_clause_arcs(g: &mut Graph, nq: &NormalQbf, layout: &Layout) {
    for (j, clause) in nq.qbf.clauses.iter().enumerate() {
        let cj = layout.clause(j);
        g.add_edge(layout.choice(), cj);
        for lit in clause {
            let side = if lit.positive {
                layout.true_side(lit.var)
            } else {
                layout.false_side(lit.var)
            };
            g.add_edge(cj, side);
        }
    }
}

impl Reduction for QbfToDeg {
    super::certmaps::delegate_maps!(textbook, super::certmaps::textbook::MAPS);

    fn info(&self) -> &ReductionInfo {
        &INFO
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let Instance::Qbf(q) = source else {
            return Err(ReductionError::WrongKind {
                id: INFO.id,
                expected: "qbf",
                found: ProblemKind::of(source).name(),
            });
        };
        let nq = normalize(q);
        let layout = Layout { k: nq.n() };
        let mut g = Graph::new(true);
        add_diamonds(&mut g, &nq, &layout);
        add_clauses(&mut g, &nq, &layout);
        add_diamond_arcs(&mut g, &layout);
        add_clause_arcs(&mut g, &nq, &layout);
        let notes = nq.note().into_iter().collect();
        let target = Instance::Geography(Geography {
            graph: g,
            rule: Rule::Edge,
            tokens: Tokens::One {
                start: Some(layout.top(0)),
            },
            convention: Convention::Normal,
        });
        Ok(Reduced { target, notes })
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let Instance::Qbf(q) = source else {
            return (0, 0);
        };
        let k = normalize(q).n();
        let m = q.clauses.len();
        let lits: usize = q.clauses.iter().map(Vec::len).sum();
        (4 * k + 1 + m, 5 * k + m + lits)
    }

    fn check_structure(&self, source: &Instance, target: &Instance) -> Result<(), String> {
        let Instance::Geography(g) = target else {
            return Err("the target is not a game".into());
        };
        if ProblemKind::of(target) != ProblemKind::Deg || g.starts() != [0] {
            return Err("the target is not a DEG game starting at T_1".into());
        }
        if !matches!(source, Instance::Qbf(_)) {
            return Err("the source is not a QBF".into());
        }
        // Every diamond is T -> L, R -> B; L and R have exactly one out-arc.
        let diamonds = g
            .graph
            .groups
            .iter()
            .filter(|x| x.kind == "diamond")
            .count();
        if diamonds.is_multiple_of(2) {
            return Err(format!(
                "{diamonds} diamonds: the normalised prefix must be odd"
            ));
        }
        let out = g.graph.out_degrees();
        match (0..diamonds).find(|&i| out[4 * i] != 2 || out[4 * i + 1] != 1 || out[4 * i + 2] != 1)
        {
            Some(i) => Err(format!("diamond {} is malformed", i + 1)),
            None => Ok(()),
        }
    }
}
