//! 3QBF ≤ IAG2 and 3QBF ≤ IVG2 on DAGs: one diamond chain, one clause fan, and a 2-path.
//!
//! Source: A.S. Fraenkel, S. Simonson, "Geography", Theoretical Computer Science 110 (1993)
//! 197–214, Theorems 2.5 and 2.6, Figs. 5 and 6 (../shared/papers/002_6f77a2c70ea13afa.txt).
//! The figures are lost; the DAG is that of `../shared/spec/fraenkel-simonson.md` §5,
//! reconstructed from the prose and brute-force verified. One DAG serves both games.
//!
//! After normalising to ∃x1 ∀x2 … ∃xN (N odd):
//! - a **diamond chain** with 3 arcs per variable: `top_i → x_i, ¬x_i → bot_i → top_{i+1}`;
//!   token 1 starts on `top_1`; the leaf is `top_{N+1}`. In regular play the 3N diamond arcs
//!   come first, I making the last one.
//! - token 2 starts on `s`, with `s → c_j` for every clause and `c_j → ` the diamond vertex of
//!   each distinct literal of clause j;
//! - the **2-path** `c_j → q1 → q2`: a player who leaves the regular order is punished by the
//!   opponent taking the 2-path, which fixes the parity of the total (3N + 3 moves).
//!
//! **I wins ⇔ F is true.** In IAG2 a traversed literal vertex is TRUE (token 2 dies there); in
//! IVG2 it is FALSE (token 2 cannot enter it). Size: `4N + m + 4` vertices and
//! `5N + 2m + Σ_j |distinct literals of c_j| + 1` arcs (m = clauses kept); acyclic.
//!
//! **Erratum (IAG2).** The proof's premature-clause argument breaks on a clause with x and ¬x
//! for a universal x: `∃y1 ∀y2 ∃y3 (¬y2 + ¬y2 + y2)` is true, yet II wins IAG2 by moving
//! token 2 onto the clause while token 1 is on `top_2`. Such clauses are always true, so
//! `qbf-iag2` deletes them; `qbf-iag2-as-printed` keeps them. IVG2 needs no such rule.

use super::helpers::{
    add_named, check_acyclic, check_starts, directed_game, expect_qbf, require_3cnf, target_game,
};
use super::qbf_normal::{NormalQbf, distinct_literals, has_complementary_pair, normalize};
use super::{ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::{Graph, Instance, Lit, Qbf, Rule, Tokens, VertexId};
use crate::solvers::Winner;

/// Which two-token game, and whether IAG2 drops clauses with x and ¬x for a universal x.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QbfToTwoToken {
    rule: Rule,
    drop_universal_tautologies: bool,
}

impl QbfToTwoToken {
    /// Theorem 2.5 with the tautology rule (`qbf-iag2`).
    pub const IAG2: QbfToTwoToken = QbfToTwoToken {
        rule: Rule::Edge,
        drop_universal_tautologies: true,
    };
    /// Theorem 2.5 as printed, keeping every clause (`qbf-iag2-as-printed`).
    pub const IAG2_AS_PRINTED: QbfToTwoToken = QbfToTwoToken {
        rule: Rule::Edge,
        drop_universal_tautologies: false,
    };
    /// Theorem 2.6 (`qbf-ivg2`).
    pub const IVG2: QbfToTwoToken = QbfToTwoToken {
        rule: Rule::Vertex,
        drop_universal_tautologies: false,
    };
}

const PAPER: &str = "Fraenkel & Simonson, \"Geography\", TCS 110 (1993) 197–214 \
                     (../shared/papers/002_6f77a2c70ea13afa.txt)";
const GADGETS: &[&str] = &[
    "diamond chain top_i → x_i, ¬x_i → bot_i → top_{i+1} (token 1)",
    "clause vertices c_j below s (token 2)",
    "2-path c_j → q1 → q2",
];
const TAUTOLOGY_NOTE: &str = "clauses with x and ¬x for a universal x are deleted (always true)";

static IAG2_INFO: ReductionInfo = ReductionInfo {
    id: "qbf-iag2",
    source: ProblemKind::Qbf,
    target: ProblemKind::Iag2,
    paper: PAPER,
    theorem: "Thm 2.5 (Fig. 5)",
    gadgets: GADGETS,
    vertices_formula: "4N + m + 4  (N normalised variables; m clauses kept)",
    edges_formula: "5N + 2m + Σ_j |distinct literals of c_j| + 1",
    preconditions: &[
        "3QBF: exactly three literal occurrences per clause (repeats allowed)",
        "the prefix is normalised to ∃x1 ∀x2 … ∃xN, N odd, by dummy variables",
        TAUTOLOGY_NOTE,
    ],
    claims: &["I wins ⇔ F is true", "acyclic"],
    errata: &[
        "the paper's proof misses clauses with x and ¬x for a universal x: \
         ∃y1 ∀y2 ∃y3 (¬y2 + ¬y2 + y2) is true but II wins; such clauses are deleted",
        "Fig. 5 is lost: the DAG is reconstructed from the prose (spec §5)",
    ],
    provenance: "reconstructed from the prose (Fig. 5 lost), brute-force verified (spec §5)",
    structure: &[],
    size_legend: "",
    yes_winner: Winner::First,
};

static IAG2_AS_PRINTED_INFO: ReductionInfo = ReductionInfo {
    id: "qbf-iag2-as-printed",
    preconditions: &[
        "3QBF: exactly three literal occurrences per clause (repeats allowed)",
        "the prefix is normalised to ∃x1 ∀x2 … ∃xN, N odd, by dummy variables",
    ],
    claims: &["(wrong as printed) I wins ⇔ F is true", "acyclic"],
    errata: &[
        "known wrong: keeps clauses with x and ¬x for a universal x; \
         ∃y1 ∀y2 ∃y3 (¬y2 + ¬y2 + y2) is true but II wins",
    ],
    provenance: "as printed in the paper",
    ..IAG2_INFO
};

static IVG2_INFO: ReductionInfo = ReductionInfo {
    id: "qbf-ivg2",
    target: ProblemKind::Ivg2,
    theorem: "Thm 2.6 (Fig. 6)",
    preconditions: &[
        "3QBF: exactly three literal occurrences per clause (repeats allowed)",
        "the prefix is normalised to ∃x1 ∀x2 … ∃xN, N odd, by dummy variables",
    ],
    errata: &["Fig. 6 is lost: the DAG (the same as for Thm 2.5) is reconstructed (spec §5)"],
    provenance: "reconstructed from the prose (Fig. 6 lost), brute-force verified (spec §5)",
    ..IAG2_INFO
};

/// Every vertex of the DAG, by role.
struct Layout {
    top: Vec<VertexId>,
    lit: Vec<[VertexId; 2]>,
    bottom: Vec<VertexId>,
    s: VertexId,
    clause: Vec<VertexId>,
    q: [VertexId; 2],
}

impl Layout {
    fn new(g: &mut Graph, nq: &NormalQbf) -> Layout {
        let (mut top, mut lit, mut bottom) = (Vec::new(), Vec::new(), Vec::new());
        for v in 0..nq.n() {
            let i = v + 1;
            top.push(g.add_vertex(format!("top{i}")));
            lit.push([
                add_named(g, format!("x{i}"), nq.lit_label(Lit::pos(v))),
                add_named(g, format!("not_x{i}"), nq.lit_label(Lit::neg(v))),
            ]);
            bottom.push(g.add_vertex(format!("bot{i}")));
            g.add_group(
                "diamond",
                format!("x{i}"),
                vec![top[v], lit[v][0], lit[v][1], bottom[v]],
            );
        }
        top.push(g.add_labeled(format!("top{}", nq.n() + 1), "leaf"));
        let s = g.add_vertex("s");
        let clause = nq
            .clause_origin
            .iter()
            .map(|&o| g.add_vertex(format!("c{}", o + 1)))
            .collect();
        let q = [g.add_vertex("q1"), g.add_vertex("q2")];
        g.add_group("two_path", "q", q.to_vec());
        Layout {
            top,
            lit,
            bottom,
            s,
            clause,
            q,
        }
    }

    fn literal_vertex(&self, l: Lit) -> VertexId {
        self.lit[l.var][usize::from(!l.positive)]
    }

    /// The top of the next diamond, or the leaf after the last one.
    fn next_top(&self, v: usize) -> VertexId {
        self.top[v + 1]
    }
}

impl QbfToTwoToken {
    fn info_static(&self) -> &'static ReductionInfo {
        match (self.rule, self.drop_universal_tautologies) {
            (Rule::Vertex, _) => &IVG2_INFO,
            (_, true) => &IAG2_INFO,
            (_, false) => &IAG2_AS_PRINTED_INFO,
        }
    }

    fn theorem(&self) -> &'static str {
        if self.rule == Rule::Vertex {
            "Thm 2.6"
        } else {
            "Thm 2.5"
        }
    }

    /// Normalises, and (IAG2) deletes the clauses with x and ¬x for a universal x.
    pub(crate) fn prepare(&self, q: &Qbf) -> Result<(NormalQbf, Vec<String>), ReductionError> {
        require_3cnf(self.theorem(), q)?;
        let mut nq = normalize(q);
        let mut notes: Vec<String> = nq.note().into_iter().collect();
        if self.drop_universal_tautologies {
            let dropped =
                nq.drop_clauses(|c| has_complementary_pair(c, |v| !NormalQbf::is_existential(v)));
            if !dropped.is_empty() {
                let names: Vec<String> = dropped.iter().map(|c| format!("c{}", c + 1)).collect();
                notes.push(format!("{TAUTOLOGY_NOTE}: {}", names.join(", ")));
            }
        }
        Ok((nq, notes))
    }
}

impl Reduction for QbfToTwoToken {
    super::certmaps::delegate_maps!(two_token);

    fn info(&self) -> &ReductionInfo {
        self.info_static()
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let (nq, notes) = self.prepare(expect_qbf(self.info_static().id, source)?)?;
        let mut g = Graph::new(true);
        let lay = Layout::new(&mut g, &nq);
        for v in 0..nq.n() {
            for side in lay.lit[v] {
                g.add_edge(lay.top[v], side);
                g.add_edge(side, lay.bottom[v]);
            }
            g.add_edge(lay.bottom[v], lay.next_top(v));
        }
        for (&cv, clause) in lay.clause.iter().zip(&nq.qbf.clauses) {
            g.add_edge(lay.s, cv);
            for l in distinct_literals(clause) {
                g.add_edge(cv, lay.literal_vertex(l));
            }
            g.add_edge(cv, lay.q[0]);
        }
        g.add_edge(lay.q[0], lay.q[1]);
        let tokens = Tokens::TwoShared {
            starts: [lay.top[0], lay.s],
        };
        Ok(Reduced {
            target: directed_game(g, self.rule, tokens),
            notes,
        })
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let prepared = expect_qbf(self.info_static().id, source).map(|q| self.prepare(q));
        let Ok(Ok((nq, _))) = prepared else {
            return (0, 0);
        };
        let (n, m) = (nq.n(), nq.m());
        let lits: usize = nq
            .qbf
            .clauses
            .iter()
            .map(|c| distinct_literals(c).len())
            .sum();
        (4 * n + m + 4, 5 * n + 2 * m + lits + 1)
    }

    fn check_structure(&self, _source: &Instance, target: &Instance) -> Result<(), String> {
        let game = target_game(target)?;
        check_acyclic(&game.graph)?;
        check_starts(game, &["top1", "s"])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Quantifier::{Exists as E, Forall as A};

    #[test]
    fn sizes_and_the_tautology_rule() {
        // ∃y1 ∀y2 ∃y3 (¬y2 + ¬y2 + y2)(y1 + y3 + ¬y3)
        let src = Instance::Qbf(Qbf::from_signed(
            &[E, A, E],
            &[vec![-2, -2, 2], vec![1, 3, -3]],
        ));
        for (r, m, lits) in [
            (QbfToTwoToken::IAG2, 1, 3),
            (QbfToTwoToken::IAG2_AS_PRINTED, 2, 5),
            (QbfToTwoToken::IVG2, 2, 5),
        ] {
            let out = r.reduce(&src).unwrap();
            let Instance::Geography(g) = &out.target else {
                panic!("not a game")
            };
            assert_eq!(
                (g.graph.n(), g.graph.m()),
                (12 + m + 4, 15 + 2 * m + lits + 1)
            );
            assert_eq!(r.declared_size(&src), (g.graph.n(), g.graph.m()));
            r.check_structure(&src, &out.target).unwrap();
            assert_eq!(out.notes.len(), usize::from(m == 1));
            assert_eq!(ProblemKind::of(&out.target), r.info().target);
        }
    }
}
