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
//! dummy variables that occur in no clause. Variable `i` is a diamond `T_i → L_i, R_i → B_i`
//! (`L_i` is TRUE) followed by `B_i → T_{i+1}`, and `B_k → c`; clause `j` is a vertex `C_j`
//! with `c → C_j`, and each literal `x_i` (`¬x_i`) adds `C_j → L_i` (`C_j → R_i`). Play starts
//! at `T_1` with player I (∃). A diamond takes three moves, so player I chooses the odd
//! variables; after `B_k → c` player II picks a clause and player I a literal, and player II
//! is stuck exactly when that literal is true (its side's arc into `B_i` is used). Sizes:
//! `4k + 1 + m` vertices and `5k + m + L` arcs (L = total literal occurrences).

use super::embed::add_fresh;
use super::{ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::{
    Convention, Geography, Graph, Instance, Locator, Qbf, Quantifier, Rule, Tokens, VertexId,
};
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
        "diamond: T, L (true), R (false), B per variable after normalisation",
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

/// The strictly alternating prefix: for each level `0..k`, the original variable there (or
/// `None` for a dummy), and the level of every original variable.
struct Normal {
    levels: Vec<Option<usize>>,
    level_of: Vec<Option<usize>>,
}

/// The quantifier that level `i` (0-based) must have: ∃ at even levels.
fn wanted(i: usize) -> Quantifier {
    if i % 2 == 0 {
        Quantifier::Exists
    } else {
        Quantifier::Forall
    }
}

/// Inserts a dummy wherever two consecutive quantifiers agree (or the first is ∀) and after
/// a final ∀, so that the prefix reads `∃ ∀ ∃ … ∃`.
fn normalise(q: &Qbf) -> Normal {
    let mut levels = Vec::new();
    let mut level_of = vec![None; q.num_vars()];
    for (v, quant) in q.order() {
        if quant != wanted(levels.len()) {
            levels.push(None);
        }
        if let Some(slot) = level_of.get_mut(v) {
            *slot = Some(levels.len());
        }
        levels.push(Some(v));
    }
    if levels.len() % 2 == 0 {
        levels.push(None);
    }
    Normal { levels, level_of }
}

/// Checks the QBF invariants that the construction relies on (every clause variable is
/// quantified), so that a malformed model is a diagnostic, not a panic.
fn check_closed(q: &Qbf, norm: &Normal) -> Result<(), ReductionError> {
    for (j, clause) in q.clauses.iter().enumerate() {
        for (p, lit) in clause.iter().enumerate() {
            if norm.level_of.get(lit.var).copied().flatten().is_none() {
                return Err(ReductionError::Precondition {
                    theorem: INFO.theorem,
                    message: "a closed formula: every clause variable must be quantified".into(),
                    at: Locator::Literal(j, p),
                    help: Some("add the variable to a quantifier block".into()),
                });
            }
        }
    }
    Ok(())
}

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

/// Adds the diamonds with their vertical arcs; returns the notes about dummies.
fn add_diamonds(g: &mut Graph, q: &Qbf, norm: &Normal, layout: &Layout) -> Vec<String> {
    let mut notes = Vec::new();
    let mut dummies = 0;
    for (i, level) in norm.levels.iter().enumerate() {
        let name = match level {
            Some(v) => q.vars[*v].clone(),
            None => {
                dummies += 1;
                let quant = if i % 2 == 0 { "∃" } else { "∀" };
                notes.push(format!(
                    "inserted dummy {quant} variable d{dummies} at level {}",
                    i + 1
                ));
                format!("d{dummies}")
            }
        };
        // L is the TRUE side and R the FALSE side; their labels are the literals.
        let ids = [
            ("T", None),
            ("L", Some(name.clone())),
            ("R", Some(format!("¬{name}"))),
            ("B", None),
        ];
        let members: Vec<VertexId> = ids
            .iter()
            .map(|(role, label)| add_fresh(g, &format!("{role}_{name}"), label.as_deref()))
            .collect();
        assert_eq!(members[0], layout.top(i), "diamond out of layout order");
        g.add_group("diamond", name, members);
    }
    for i in 0..layout.k {
        g.add_edge(layout.top(i), layout.true_side(i));
        g.add_edge(layout.top(i), layout.false_side(i));
        g.add_edge(layout.true_side(i), layout.bottom(i));
        g.add_edge(layout.false_side(i), layout.bottom(i));
        let next = if i + 1 < layout.k {
            layout.top(i + 1)
        } else {
            layout.choice()
        };
        g.add_edge(layout.bottom(i), next);
    }
    notes
}

/// Adds `c`, the clause vertices and the literal arcs (`x_i` → `L_i`, `¬x_i` → `R_i`).
fn add_clauses(g: &mut Graph, q: &Qbf, norm: &Normal, layout: &Layout) {
    let c = add_fresh(g, "c", None);
    assert_eq!(c, layout.choice(), "clause choice out of layout order");
    g.add_group("clause_choice", "c", vec![c]);
    for (j, clause) in q.clauses.iter().enumerate() {
        let text: Vec<String> = clause.iter().map(|&l| q.lit_name(l)).collect();
        let cj = add_fresh(
            g,
            &format!("C{}", j + 1),
            Some(&format!("({})", text.join(" ∨ "))),
        );
        assert_eq!(cj, layout.clause(j), "clause out of layout order");
        g.add_group("clause", format!("C{}", j + 1), vec![cj]);
        g.add_edge(layout.choice(), cj);
        for lit in clause {
            // `check_closed` guarantees the level exists.
            let i = norm.level_of[lit.var].unwrap_or(0);
            let side = if lit.positive {
                layout.true_side(i)
            } else {
                layout.false_side(i)
            };
            g.add_edge(cj, side);
        }
    }
}

impl Reduction for QbfToDeg {
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
        let norm = normalise(q);
        check_closed(q, &norm)?;
        let layout = Layout {
            k: norm.levels.len(),
        };
        let mut g = Graph::new(true);
        let notes = add_diamonds(&mut g, q, &norm, &layout);
        add_clauses(&mut g, q, &norm, &layout);
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
        let k = normalised_length(&q.order().iter().map(|&(_, x)| x).collect::<Vec<_>>());
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
        if diamonds % 2 == 0 {
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

/// The length of the normalised prefix for the quantifier sequence `qs`, counted directly:
/// one dummy before each variable whose quantifier is not the expected one, and one at the
/// end if the count is even.
fn normalised_length(qs: &[Quantifier]) -> usize {
    let mut len = 0;
    for &q in qs {
        len += if q == wanted(len) { 1 } else { 2 };
    }
    len + 1 - len % 2
}
