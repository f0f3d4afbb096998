//! QBF ≤ directed vertex geography (Generalized Geography): the textbook construction.
//!
//! Source: M. Sipser, "Introduction to the Theory of Computation", Theorem 8.14 in the 2nd
//! edition ("GG is PSPACE-complete"; numbering varies by edition), after Lichtenstein–Sipser
//! and Schaefer (1978). The construction is written down and brute-force verified in
//! `../shared/spec/edge-misere-trailtrap.md` §4 (no figure of the book is reproduced).
//!
//! After normalising the prefix to ∃x1 ∀x2 … ∃xN (N odd, [`super::qbf_normal`]):
//! - a **diamond** per variable: `T_i → x_i`, `T_i → ¬x_i`, `x_i → B_i`, `¬x_i → B_i`, and
//!   `B_i → T_{i+1}` (`B_N → c`). The vertex `x_i` is the TRUE side. A diamond takes three
//!   moves, so the player who chooses at `T_i` alternates: I sets x1, x3, …, II sets x2, ….
//! - a **clause vertex** `C_j` per clause with `c → C_j`: after I's move `B_N → c`, II picks
//!   a clause.
//! - for each distinct literal of `C_j`: `C_j → ¬x_i` for `x_i` and `C_j → x_i` for `¬x_i`.
//!   I answers with the unvisited side of a literal, which is unvisited exactly when the
//!   literal is TRUE; II then cannot go on to the visited bottom `B_i`.
//!
//! The token starts on `T_1` and I moves first; **I wins ⇔ the QBF is true.** Clauses may
//! have any width (an empty clause is a clause vertex with no way out). Size: `4N + 1 + m`
//! vertices and `5N + m + Σ_j |distinct literals of C_j|` arcs.

use super::common::{
    add_named, check_simple, check_starts, directed_game, expect_game, expect_qbf,
};
use super::qbf_normal::{NormalQbf, distinct_literals, normalize};
use super::{ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::{Graph, Instance, Lit, Rule, Tokens, VertexId};
use crate::solvers::Winner;

/// The textbook QBF → Generalized Geography reduction (`qbf-dvg`).
#[derive(Clone, Copy, Debug, Default)]
pub struct QbfToDvg;

static INFO: ReductionInfo = ReductionInfo {
    id: "qbf-dvg",
    source: ProblemKind::Qbf,
    target: ProblemKind::Dvg,
    paper: "Sipser, Introduction to the Theory of Computation (GG is PSPACE-complete), after \
            Lichtenstein–Sipser and Schaefer 1978; spec ../shared/spec/edge-misere-trailtrap.md §4",
    theorem: "Thm 8.14 (Sipser, 2nd ed.)",
    gadgets: &[
        "diamond (T_i, x_i, ¬x_i, B_i)",
        "clause vertex C_j",
        "choice vertex c",
    ],
    vertices_formula: "4N + 1 + m  (N = normalised variables, odd; m = clauses)",
    edges_formula: "5N + m + Σ_j |distinct literals of C_j|",
    preconditions: &["prenex CNF (any clause width); the prefix is normalised to ∃∀…∃ by dummies"],
    claims: &[
        "I wins ⇔ the QBF is true",
        "simple digraph (no loop, no repeated arc)",
    ],
    errata: &[
        "a literal repeated inside a clause gets one arc, not one per occurrence (vertex \
         geography gains nothing from parallel arcs); the spec's arc count Σ|C_j| counts \
         occurrences",
    ],
    provenance: "textbook construction, written from the book and brute-force verified (spec §4)",
    yes_winner: Winner::First,
};

/// Where every vertex of the construction is.
struct Layout {
    top: Vec<VertexId>,
    side: Vec<[VertexId; 2]>,
    bottom: Vec<VertexId>,
    choice: VertexId,
    clause: Vec<VertexId>,
}

impl Layout {
    /// Adds all vertices, diamond by diamond, then `c` and the clause vertices.
    fn new(g: &mut Graph, nq: &NormalQbf) -> Layout {
        let (mut top, mut side, mut bottom) = (Vec::new(), Vec::new(), Vec::new());
        for v in 0..nq.n() {
            let i = v + 1;
            let t = g.add_vertex(format!("T{i}"));
            let pos = add_named(g, format!("x{i}"), nq.lit_label(Lit::pos(v)));
            let neg = add_named(g, format!("not_x{i}"), nq.lit_label(Lit::neg(v)));
            let b = g.add_vertex(format!("B{i}"));
            g.add_group("diamond", format!("x{i}"), vec![t, pos, neg, b]);
            top.push(t);
            side.push([pos, neg]);
            bottom.push(b);
        }
        let choice = g.add_vertex("c");
        let clause: Vec<VertexId> = (1..=nq.m())
            .map(|j| g.add_vertex(format!("C{j}")))
            .collect();
        for (j, &cv) in clause.iter().enumerate() {
            g.add_group("clause", format!("C{}", nq.clause_origin[j] + 1), vec![cv]);
        }
        Layout {
            top,
            side,
            bottom,
            choice,
            clause,
        }
    }

    /// The TRUE side `x_i` of variable `v`'s diamond.
    fn true_side(&self, v: usize) -> VertexId {
        self.side[v][0]
    }

    /// The FALSE side `¬x_i`.
    fn false_side(&self, v: usize) -> VertexId {
        self.side[v][1]
    }

    /// Where the clause vertex points for literal `l`: the side that stays unvisited iff `l`
    /// is true.
    fn answer_for(&self, l: Lit) -> VertexId {
        if l.positive {
            self.false_side(l.var)
        } else {
            self.true_side(l.var)
        }
    }

    /// Where the bottom of diamond `v` leads: the next top, or `c` after the last diamond.
    fn after_diamond(&self, v: usize) -> VertexId {
        self.top.get(v + 1).copied().unwrap_or(self.choice)
    }
}

impl Reduction for QbfToDvg {
    super::certmaps::delegate_maps!(textbook, super::certmaps::textbook::MAPS);

    fn info(&self) -> &ReductionInfo {
        &INFO
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let nq = normalize(expect_qbf(INFO.id, source)?);
        let mut g = Graph::new(true);
        let lay = Layout::new(&mut g, &nq);
        for v in 0..nq.n() {
            for s in [lay.true_side(v), lay.false_side(v)] {
                g.add_edge(lay.top[v], s);
                g.add_edge(s, lay.bottom[v]);
            }
            g.add_edge(lay.bottom[v], lay.after_diamond(v));
        }
        for (j, clause) in nq.qbf.clauses.iter().enumerate() {
            g.add_edge(lay.choice, lay.clause[j]);
            for l in distinct_literals(clause) {
                g.add_edge(lay.clause[j], lay.answer_for(l));
            }
        }
        let start = Tokens::One {
            start: Some(lay.top[0]),
        };
        Ok(Reduced {
            target: directed_game(g, Rule::Vertex, start),
            notes: nq.note().into_iter().collect(),
        })
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let Ok(q) = expect_qbf(INFO.id, source) else {
            return (0, 0);
        };
        let (n, m) = (normalize(q).n(), q.clauses.len());
        let lits: usize = q.clauses.iter().map(|c| distinct_literals(c).len()).sum();
        (4 * n + 1 + m, 5 * n + m + lits)
    }

    fn check_structure(&self, _source: &Instance, target: &Instance) -> Result<(), String> {
        let game = expect_game(target)?;
        check_simple(&game.graph)?;
        check_starts(game, &["T1"])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Qbf;
    use crate::problems::Quantifier::{Exists as E, Forall as A};

    #[test]
    fn sizes_match_the_formulas_on_the_running_example() {
        let f = Qbf::from_signed(
            &[E, A, E],
            &[vec![1, 2, -3], vec![-1, -2, -2], vec![2, 3, 3]],
        );
        let src = Instance::Qbf(f);
        let out = QbfToDvg.reduce(&src).unwrap();
        let Instance::Geography(g) = &out.target else {
            panic!("not a game")
        };
        // 4·3 + 1 + 3 vertices; 15 + 3 + (3 + 2 + 2) arcs.
        assert_eq!((g.graph.n(), g.graph.m()), (16, 25));
        assert_eq!(QbfToDvg.declared_size(&src), (16, 25));
        QbfToDvg.check_structure(&src, &out.target).unwrap();
    }

    #[test]
    fn positive_literal_points_at_the_false_side() {
        let src = Instance::Qbf(Qbf::from_signed(&[E], &[vec![1]]));
        let Instance::Geography(g) = QbfToDvg.reduce(&src).unwrap().target else {
            panic!("not a game")
        };
        let (c1, nx1) = (
            g.graph.vertex("C1").unwrap(),
            g.graph.vertex("not_x1").unwrap(),
        );
        assert!(g.graph.edges.contains(&(c1, nx1)));
    }
}
