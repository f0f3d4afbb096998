//! 3QBF ≤ partizan vertex geography (PVG): diamond chains and 11-vertex clause clusters.
//!
//! Source: A.S. Fraenkel, S. Simonson, "Geography", Theoretical Computer Science 110 (1993)
//! 197–214, Theorem 2.1 and Fig. 1 (../shared/papers/002_6f77a2c70ea13afa.txt). Fig. 1 is
//! lost; the vertex and arc lists are those of `../shared/spec/fraenkel-simonson.md` §1,
//! reconstructed from the prose and brute-force verified.
//!
//! After normalising to ∃x1 ∀x2 … ∃xN (N odd; E = (N+1)/2 existential, U = (N−1)/2 universal):
//! - **diamond chains**: the existential diamonds `eJ_{t-1} → x_i, ¬x_i → eJ_t` share their
//!   junctions, as do the universal ones on `uJ`. Passing through `x_i` (¬x_i) sets that literal
//!   TRUE and blocks it. I starts on `eJ0`, II on `uJ0`.
//! - the **extra vertex** `X` after II's chain: II reaches it on his move 2E−1, one move before
//!   I reaches the bottom `eJ_E` of his chain.
//! - a **clause cluster** of 11 vertices per clause c: universal connector `U_c` (`X → U_c`),
//!   three "towards" vertices `M_c,j` (`U_c → M_c,j → L_c,j`), three existential connectors
//!   `E_c,j` (`eJ_E → E_c,j`, `E_c,j → L_c,k` for k ≠ j), three literal connectors `L_c,j`
//!   (`L_c,j → centre C_c` and `L_c,j → ` the diamond vertex of the j-th literal), and the
//!   centre `C_c`, a sink.
//!
//! II picks a clause, I picks the existential connector that avoids a TRUE literal's
//! connector, II moves towards a connector and I blocks him or takes the centre first.
//! **I wins ⇔ F is true.** Size: `3N + 3 + 11m` vertices, `4N + 1 + 22m` arcs; bipartite.

use super::common::{
    add_named, check_bipartite, check_simple, check_starts, directed_game, expect_game, expect_qbf,
    partizan, require_3cnf,
};
use super::qbf_normal::{NormalQbf, normalize};
use super::{ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::{Graph, Instance, Lit, Rule, VertexId};
use crate::solvers::Winner;

/// Fraenkel–Simonson Theorem 2.1 with the 11-vertex clusters of Fig. 1 (`qbf-pvg`).
#[derive(Clone, Copy, Debug, Default)]
pub struct QbfToPvg;

static INFO: ReductionInfo = ReductionInfo {
    id: "qbf-pvg",
    source: ProblemKind::Qbf,
    target: ProblemKind::Pvg,
    paper: "Fraenkel & Simonson, \"Geography\", TCS 110 (1993) 197–214 \
            (../shared/papers/002_6f77a2c70ea13afa.txt)",
    theorem: "Thm 2.1 (Fig. 1)",
    gadgets: &[
        "existential diamond chain (eJ_t, x_i, ¬x_i)",
        "universal diamond chain (uJ_t, x_i, ¬x_i)",
        "extra vertex X",
        "clause cluster: U_c, M_c,0..2, E_c,0..2, L_c,0..2, centre C_c (11 vertices)",
    ],
    vertices_formula: "3N + 3 + 11m  (N = normalised variables, odd; m = clauses)",
    edges_formula: "4N + 1 + 22m",
    preconditions: &[
        "3QBF: exactly three literal occurrences per clause (repeats allowed)",
        "the prefix is normalised to ∃x1 ∀x2 … ∃xN, N odd, by dummy variables",
    ],
    claims: &["I wins ⇔ F is true", "bipartite", "simple digraph"],
    errata: &[
        "Fig. 1 is lost: the cluster is reconstructed from the prose (spec §1); the three \
         vertices beyond the connectors are II's 'towards' vertices M_c,j",
        "the paper makes N odd by adjoining (x_n + x_n + ¬x_n); we insert dummy variables, \
         which also repairs prefixes that do not alternate",
    ],
    provenance: "reconstructed from the prose (Fig. 1 lost), brute-force verified (spec §1)",
    yes_winner: Winner::First,
};

/// One clause cluster's vertices.
struct Cluster {
    universal: VertexId,
    towards: [VertexId; 3],
    existential: [VertexId; 3],
    literal: [VertexId; 3],
    centre: VertexId,
}

/// Where every vertex of the construction is.
struct Layout {
    lit: Vec<[VertexId; 2]>,
    e_junction: Vec<VertexId>,
    u_junction: Vec<VertexId>,
    extra: VertexId,
    cluster: Vec<Cluster>,
}

impl Layout {
    fn new(g: &mut Graph, nq: &NormalQbf) -> Layout {
        let e_junction = (0..=nq.num_existential())
            .map(|t| g.add_vertex(format!("eJ{t}")))
            .collect();
        let u_junction = (0..=nq.num_universal())
            .map(|t| g.add_vertex(format!("uJ{t}")))
            .collect();
        let lit = (0..nq.n())
            .map(|v| {
                let i = v + 1;
                let pos = add_named(g, format!("x{i}"), nq.lit_label(Lit::pos(v)));
                let neg = add_named(g, format!("not_x{i}"), nq.lit_label(Lit::neg(v)));
                [pos, neg]
            })
            .collect();
        let extra = g.add_labeled("X", "extra");
        let cluster = (1..=nq.m()).map(|c| Self::new_cluster(g, c)).collect();
        let lay = Layout {
            lit,
            e_junction,
            u_junction,
            extra,
            cluster,
        };
        lay.add_groups(g);
        lay
    }

    fn new_cluster(g: &mut Graph, c: usize) -> Cluster {
        let universal = g.add_vertex(format!("U{c}"));
        let mut tri = |role: &str| -> [VertexId; 3] {
            [0, 1, 2].map(|j| g.add_labeled(format!("{role}{c}_{j}"), format!("{role}{c},{j}")))
        };
        let (towards, existential, literal) = (tri("M"), tri("E"), tri("L"));
        let centre = g.add_labeled(format!("C{c}"), "center");
        Cluster {
            universal,
            towards,
            existential,
            literal,
            centre,
        }
    }

    /// Diamonds hold their top junction and both literal vertices; the bottom junction
    /// belongs to the next diamond (the chain's last junction to the `chain_end` group).
    fn add_groups(&self, g: &mut Graph) {
        for v in 0..self.lit.len() {
            let top = self.diamond_top(v);
            g.add_group(
                "diamond",
                format!("x{}", v + 1),
                vec![top, self.lit[v][0], self.lit[v][1]],
            );
        }
        g.add_group("chain_end", "exists", vec![self.exists_bottom()]);
        g.add_group(
            "chain_end",
            "forall",
            vec![self.forall_bottom(), self.extra],
        );
        for (c, k) in self.cluster.iter().enumerate() {
            let mut members = vec![k.universal];
            members.extend(k.towards);
            members.extend(k.existential);
            members.extend(k.literal);
            members.push(k.centre);
            g.add_group("clause", format!("C{}", c + 1), members);
        }
    }

    /// The junction above variable `v`'s diamond (its own chain, by parity).
    fn diamond_top(&self, v: usize) -> VertexId {
        self.chain_of(v)[v / 2]
    }

    /// The junction below variable `v`'s diamond.
    fn diamond_bottom(&self, v: usize) -> VertexId {
        self.chain_of(v)[v / 2 + 1]
    }

    fn chain_of(&self, v: usize) -> &[VertexId] {
        if NormalQbf::is_existential(v) {
            &self.e_junction
        } else {
            &self.u_junction
        }
    }

    fn exists_bottom(&self) -> VertexId {
        self.e_junction[self.e_junction.len() - 1]
    }

    fn forall_bottom(&self) -> VertexId {
        self.u_junction[self.u_junction.len() - 1]
    }

    /// The diamond vertex of literal `l`.
    fn literal_vertex(&self, l: Lit) -> VertexId {
        self.lit[l.var][usize::from(!l.positive)]
    }
}

/// Adds the arcs of clause cluster `k` for the clause `lits`.
fn add_cluster_arcs(g: &mut Graph, lay: &Layout, k: &Cluster, lits: &[Lit]) {
    g.add_edge(lay.extra, k.universal);
    for (j, &l) in lits.iter().enumerate() {
        g.add_edge(lay.exists_bottom(), k.existential[j]);
        g.add_edge(k.universal, k.towards[j]);
        g.add_edge(k.towards[j], k.literal[j]);
        for other in (0..3).filter(|&o| o != j) {
            g.add_edge(k.existential[j], k.literal[other]);
        }
        g.add_edge(k.literal[j], k.centre);
        g.add_edge(k.literal[j], lay.literal_vertex(l));
    }
}

impl Reduction for QbfToPvg {
    super::certmaps::delegate_maps!(pvg, super::certmaps::pvg::MAPS);

    fn info(&self) -> &ReductionInfo {
        &INFO
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let q = expect_qbf(INFO.id, source)?;
        require_3cnf("Thm 2.1", q)?;
        let nq = normalize(q);
        let mut g = Graph::new(true);
        let lay = Layout::new(&mut g, &nq);
        for v in 0..nq.n() {
            for side in lay.lit[v] {
                g.add_edge(lay.diamond_top(v), side);
                g.add_edge(side, lay.diamond_bottom(v));
            }
        }
        g.add_edge(lay.forall_bottom(), lay.extra);
        for (k, clause) in lay.cluster.iter().zip(&nq.qbf.clauses) {
            add_cluster_arcs(&mut g, &lay, k, clause);
        }
        let tokens = partizan(lay.e_junction[0], lay.u_junction[0]);
        Ok(Reduced {
            target: directed_game(g, Rule::Vertex, tokens),
            notes: nq.note().into_iter().collect(),
        })
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let Ok(q) = expect_qbf(INFO.id, source) else {
            return (0, 0);
        };
        let (n, m) = (normalize(q).n(), q.clauses.len());
        (3 * n + 3 + 11 * m, 4 * n + 1 + 22 * m)
    }

    fn check_structure(&self, _source: &Instance, target: &Instance) -> Result<(), String> {
        let game = expect_game(target)?;
        check_bipartite(&game.graph)?;
        check_simple(&game.graph)?;
        check_starts(game, &["eJ0", "uJ0"])?;
        match game
            .graph
            .groups
            .iter()
            .find(|gr| gr.kind == "clause" && gr.members.len() != 11)
        {
            Some(gr) => Err(format!(
                "clause cluster {} has {} vertices, not 11",
                gr.name,
                gr.members.len()
            )),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Qbf;
    use crate::problems::Quantifier::{Exists as E, Forall as A};

    #[test]
    fn running_example_has_45_vertices_and_79_arcs() {
        let f = Qbf::from_signed(
            &[E, A, E],
            &[vec![1, 2, -3], vec![-1, -2, -2], vec![2, 3, 3]],
        );
        let src = Instance::Qbf(f);
        let out = QbfToPvg.reduce(&src).unwrap();
        let Instance::Geography(g) = &out.target else {
            panic!("not a game")
        };
        assert_eq!((g.graph.n(), g.graph.m()), (45, 79));
        assert_eq!(QbfToPvg.declared_size(&src), (45, 79));
        QbfToPvg.check_structure(&src, &out.target).unwrap();
        assert!(out.notes.is_empty());
    }

    #[test]
    fn two_literal_clause_is_a_precondition_error() {
        let src = Instance::Qbf(Qbf::from_signed(&[E], &[vec![1, 1, 1], vec![1, -1]]));
        let err = QbfToPvg.reduce(&src).unwrap_err();
        assert!(matches!(
            err,
            ReductionError::Precondition {
                theorem: "Thm 2.1",
                at: crate::problems::Locator::Clause(1),
                ..
            }
        ));
    }
}
