//! 3QBF ≤ PVG on bipartite degree-restricted digraphs (in/out-degree ≤ 2, degree ≤ 3).
//!
//! Source: A.S. Fraenkel, S. Simonson, "Geography", Theoretical Computer Science 110 (1993)
//! 197–214, Theorem 2.1 and Fig. 2 (../shared/papers/002_6f77a2c70ea13afa.txt). Fig. 2 is
//! lost and its cluster cannot be recovered from the prose; this is the design of
//! `../shared/spec/fraenkel-simonson.md` §1b, which keeps every element the prose fixes:
//! - **4-arc diamonds** `sT_t → x_i, ¬x_i → sB_t → sK_t → sT_{t+1}` on each side (s = e for
//!   I, u for II): separate tops and bottoms keep degrees ≤ 3, and four arcs per diamond put
//!   every literal vertex at odd distance from its chain's start;
//! - **II's delay** `uT_U → X1 → X2 → X3`;
//! - **clause trees** of depth D = ⌈log2 m⌉: II's below `X3` (leaves `U_c`), I's mirror below
//!   `eT_E` (leaves `Y_c`), so I follows II's clause choice one move behind;
//! - the **clause cluster** (module `cluster`): 30 vertices plus a chain P at the centre;
//! - **literal in-trees** of height h = max(1, ⌈log2 kmax⌉) from the literal connectors to
//!   each literal, plus one extra vertex `Rx` on the way when D + h + 1 is even, so that the
//!   graph is bipartite (the paper's "one extra edge … from each root of T to its literal");
//!   |P| = h + eps − 2 keeps the race at the centre in step.
//!
//! **I wins ⇔ F is true.** Sizes are given by `Params::size`; the paper's example has 135
//! vertices and 169 arcs.

mod cluster;
mod figure;
mod trees;

use super::certmaps::diamonds::{Diamonds, falsified_clause, own_token, true_literal};
use super::certmaps::util::{endgame_move, off_plan, step_to};
use super::certmaps::{CertMapError, CertMaps, MapStatus};
use super::helpers::{Diamond, add_named, normal_game, partizan, require_3cnf};
use super::qbf_normal::{NormalQbf, normalize};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::{Certificate, Replay};
use crate::problems::Player;
use crate::problems::{Graph, Lit, Qbf, Rule, VertexId};
pub use cluster::Cluster;
use std::collections::HashMap;
pub use trees::OutTree;
use trees::{ceil_log2, grow_out_tree, in_tree, in_tree_size, out_tree_size};

/// Fraenkel–Simonson Theorem 2.1, degree-restricted and bipartite (`qbf-pvg-restricted`).
#[derive(Clone, Copy, Debug, Default)]
pub struct QbfToPvgRestricted;

size_formula! {
    /// The size from the closed formulas of the spec.
    SIZE: Qbf = |q| with p = match prepare(q) {
        Ok((nq, _)) => Params::of(&nq),
        Err(_) => return (0, 0),
    }; {
        N = p.n, "normalised variables";
        m = p.m, "clauses (one adjoined to an empty matrix)";
        tree = out_tree_size(p.m, p.d), "Σ_{s<D} ⌈m/2^s⌉ with D = ⌈log2 m⌉";
        P = p.p_len, "h + eps − 2, h = max(1, ⌈log2 max_l k_l⌉), eps = 1 if D+h+1 is odd else 2, \
            k_l = occurrences of literal l";
        Sv = p.occ.iter().map(|&(_, k)| in_tree_size(k, p.h) + p.eps - 1).sum(),
            "Σ_l (nodes_l + eps − 1), nodes_l = Σ_{s=1..h} ⌈k_l/2^s⌉";
        Se = p.occ.iter().map(|&(_, k)| in_tree_size(k, p.h) - 1 + k + p.eps).sum(),
            "Σ_l (nodes_l − 1 + k_l + eps)";
    } => vertices 5 * N + 5 + 2 * tree + m * (30 + P) + Sv,
         edges 6 * N + 3 + 2 * tree + m * (38 + P) + Se
}

static INFO: ReductionInfo = ReductionInfo {
    id: "qbf-pvg-restricted",
    example: Some("examples/fraenkel-simonson.qbf"),
    source: ProblemKind::Qbf,
    target: ProblemKind::Pvg,
    paper: "Fraenkel & Simonson, \"Geography\", TCS 110 (1993) 197–214 \
            (../shared/papers/002_6f77a2c70ea13afa.txt)",
    theorem: "Thm 2.1 (Fig. 2, degree-restricted)",
    gadgets: &[
        "4-arc diamond (sT_t, x_i, ¬x_i, sB_t, sK_t)",
        "II's delay X1 → X2 → X3",
        "clause out-trees of depth D (II's and I's mirror)",
        "clause cluster: 30 vertices + chain P of length |P|",
        "literal in-trees of height h (+ Rx when eps = 2)",
    ],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    preconditions: &[
        "3QBF: exactly three literal occurrences per clause (repeats allowed)",
        "the prefix is normalised to ∃x1 ∀x2 … ∃xN, N odd, by dummy variables",
        "with no clause, (x_N + x_N + ¬x_N) is adjoined, as in the paper",
    ],
    claims: &["I wins ⇔ F is true", "I starts on eT0, II on uT0"],
    errata: &[
        "Fig. 2b is lost: this cluster is our own design (spec §1b) with 30 vertices + P, \
         not the paper's; the paper's 30 + h + 1 is not claimed",
        "the clause trees hang off the chain ends (depth ⌈log2 m⌉ each) rather than \
         h' = ⌈log2 3m⌉ trees into 3m connectors; the example has the paper's depth 4",
    ],
    provenance: "own design after the prose (Fig. 2 lost), brute-force verified (spec §1b)",
    structure: &[Claim::DegreeRestricted, Claim::Bipartite, Claim::Simple],
    size_legend: SIZE.legend,
    yes_winner: Player::First,
};

/// The parameters of the construction for one normalised formula.
struct Params {
    /// N, normalised variables.
    n: usize,
    /// m, clauses (after adjoining one if there were none).
    m: usize,
    /// D, depth of the clause trees.
    d: u32,
    /// h, height of the literal in-trees.
    h: u32,
    /// 1 or 2 arcs from an in-tree's root to its literal.
    eps: usize,
    /// |P|, the chain at each centre.
    p_len: usize,
    /// (literal, occurrences) for each literal that occurs, in variable order, x before ¬x.
    occ: Vec<(Lit, usize)>,
}

impl Params {
    fn of(nq: &NormalQbf) -> Params {
        let occ: Vec<(Lit, usize)> = (0..nq.n())
            .flat_map(|v| [Lit::pos(v), Lit::neg(v)])
            .map(|l| {
                (
                    l,
                    nq.qbf.clauses.iter().flatten().filter(|&&x| x == l).count(),
                )
            })
            .filter(|&(_, k)| k > 0)
            .collect();
        let kmax = occ.iter().map(|&(_, k)| k).max().unwrap_or(1);
        let (m, h) = (nq.m(), ceil_log2(kmax).max(1));
        let d = ceil_log2(m);
        let eps = if (d + h + 1) % 2 == 1 { 1 } else { 2 };
        let p_len = h as usize + eps - 2;
        Params {
            n: nq.n(),
            m,
            d,
            h,
            eps,
            p_len,
            occ,
        }
    }
}

/// Normalises, checks the 3QBF precondition and adjoins (x_N + x_N + ¬x_N) to an empty matrix.
pub(crate) fn prepare(q: &Qbf) -> Result<(NormalQbf, Vec<String>), ReductionError> {
    require_3cnf("Thm 2.1", q)?;
    let mut nq = normalize(q);
    let mut notes: Vec<String> = nq.note().into_iter().collect();
    if nq.m() == 0 {
        let last = nq.n() - 1;
        nq.qbf
            .clauses
            .push(vec![Lit::pos(last), Lit::pos(last), Lit::neg(last)]);
        nq.clause_origin.push(0);
        notes.push(format!(
            "no clause: adjoined ({0} + {0} + ¬{0}) as in the paper",
            nq.qbf.vars[last]
        ));
    }
    Ok((nq, notes))
}

/// The diamond chains: both players' 4-arc diamonds.
#[derive(Clone, Debug)]
pub struct Chains {
    /// Diamond `v` sets normalised variable `v` (top `sT_t`, sides `x_i`, `¬x_i`, bottom
    /// `sB_t`; the link `sK_t` follows the bottom).
    pub diamonds: Vec<Diamond>,
    /// The chain ends `eT_E` (I) and `uT_U` (II).
    pub e_end: VertexId,
    /// See [`Chains::e_end`].
    pub u_end: VertexId,
    /// The starts `eT0`, `uT0`.
    pub starts: [VertexId; 2],
}

/// Where every gadget of the restricted board is.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The formula the board is built for (normalised; a clause adjoined to an empty matrix).
    pub formula: NormalQbf,
    /// Both diamond chains.
    pub chains: Chains,
    /// II's delay `X1 → X2 → X3`.
    pub delay: [VertexId; 3],
    /// The clause trees: I's mirror below `eT_E` (leaves `Y_c`) and II's below `X3` (leaves
    /// `U_c`).
    pub trees: [OutTree; 2],
    /// One cluster per clause.
    pub clusters: Vec<Cluster>,
}

impl Chains {
    /// Adds both diamond chains (4-arc diamonds) and returns them.
    fn add(g: &mut Graph, nq: &NormalQbf) -> Chains {
        let mut lit = vec![[0, 0]; nq.n()];
        let mut diamonds: Vec<Option<Diamond>> = vec![None; nq.n()];
        let mut ends = [0, 0];
        let mut starts = [0, 0];
        for (k, side) in ["e", "u"].into_iter().enumerate() {
            let vars: Vec<usize> = (0..nq.n())
                .filter(|&v| NormalQbf::is_existential(v) == (k == 0))
                .collect();
            let mut top = g.add_vertex(format!("{side}T0"));
            starts[k] = top;
            for (t, &v) in vars.iter().enumerate() {
                let i = v + 1;
                lit[v] = [
                    add_named(g, format!("x{i}"), nq.lit_label(Lit::pos(v))),
                    add_named(g, format!("not_x{i}"), nq.lit_label(Lit::neg(v))),
                ];
                let bottom = g.add_vertex(format!("{side}B{t}"));
                let link = g.add_vertex(format!("{side}K{t}"));
                let next = g.add_vertex(format!("{side}T{}", t + 1));
                let diamond = Diamond {
                    top,
                    sides: lit[v],
                    bottom,
                };
                diamond.add_arcs(g);
                g.add_edge(bottom, link);
                g.add_edge(link, next);
                g.add_group(
                    "diamond",
                    format!("x{i}"),
                    vec![top, lit[v][0], lit[v][1], bottom, link],
                );
                diamonds[v] = Some(diamond);
                top = next;
            }
            ends[k] = top;
        }
        Chains {
            diamonds: diamonds.into_iter().flatten().collect(),
            e_end: ends[0],
            u_end: ends[1],
            starts,
        }
    }

    /// The diamond vertex of literal `l`.
    pub fn literal_vertex(&self, l: Lit) -> VertexId {
        self.diamonds[l.var].sides[usize::from(!l.positive)]
    }
}

/// Adds II's delay and both clause trees; returns the delay and the trees `[I's, II's]`.
fn clause_trees(g: &mut Graph, ch: &Chains, p: &Params) -> ([VertexId; 3], [OutTree; 2]) {
    let x = [1, 2, 3].map(|i| g.add_vertex(format!("X{i}")));
    g.add_edge(ch.u_end, x[0]);
    g.add_edge(x[0], x[1]);
    g.add_edge(x[1], x[2]);
    let theirs = grow_out_tree(g, x[2], p.m, p.d);
    let mut delay = vec![ch.u_end];
    delay.extend(&x);
    delay.extend(&theirs.nodes[1..]);
    g.add_group("clause_tree", "II", delay);
    let mirror = grow_out_tree(g, ch.e_end, p.m, p.d);
    g.add_group("clause_tree", "I", mirror.nodes.clone());
    (x, [mirror, theirs])
}

/// Adds literal `l`'s in-tree from its connectors `sources` to its diamond vertex.
fn literal_tree(g: &mut Graph, ch: &Chains, p: &Params, l: Lit, sources: &[VertexId]) {
    let lv = ch.literal_vertex(l);
    let name = g.id(lv).to_string();
    let root = g.add_vertex(format!("R_{name}"));
    let mut members = vec![root];
    members.extend(in_tree(g, root, sources, p.h - 1));
    if p.eps == 1 {
        g.add_edge(root, lv);
    } else {
        let rx = g.add_vertex(format!("Rx_{name}"));
        g.add_edge(root, rx);
        g.add_edge(rx, lv);
        members.push(rx);
    }
    g.add_group("literal_tree", name, members);
}

impl Theorem for QbfToPvgRestricted {
    type Source = Qbf;
    type Layout = Layout;

    fn entry(&self) -> &ReductionInfo {
        &INFO
    }

    fn construct(&self, q: &Qbf) -> Result<Construction<Layout>, ReductionError> {
        let (nq, notes) = prepare(q)?;
        let p = Params::of(&nq);
        let mut g = Graph::new(true);
        let chains = Chains::add(&mut g, &nq);
        let (delay, trees) = clause_trees(&mut g, &chains, &p);
        let mut connectors: Vec<(Lit, VertexId)> = Vec::new();
        let mut clusters = Vec::new();
        for c in 0..p.m {
            let (y, u) = (trees[0].leaves[c], trees[1].leaves[c]);
            let k = cluster::add_cluster(&mut g, c + 1, y, u, p.p_len);
            g.add_group("clause", format!("C{}", c + 1), k.members.clone());
            connectors.extend(nq.qbf.clauses[c].iter().copied().zip(k.lo));
            clusters.push(k);
        }
        for &(l, _) in &p.occ {
            let srcs: Vec<VertexId> = connectors
                .iter()
                .filter(|&&(x, _)| x == l)
                .map(|&(_, v)| v)
                .collect();
            literal_tree(&mut g, &chains, &p, l, &srcs);
        }
        let tokens = partizan(chains.starts[0], chains.starts[1]);
        Ok(Construction {
            game: normal_game(g, Rule::Vertex, tokens),
            layout: Layout {
                formula: nq,
                chains,
                delay,
                trees,
                clusters,
            },
            notes,
        })
    }

    fn size(&self) -> &Size<Qbf> {
        &SIZE
    }

    fn figure(&self, _: &Qbf, built: &Construction<Layout>) -> Option<crate::render::Figure> {
        Some(figure::figure(built))
    }

    fn check_layout(&self, _: &Qbf, built: &Construction<Layout>) -> Result<(), String> {
        match built.game.starts() == built.layout.chains.starts {
            true => Ok(()),
            false => Err("the tokens do not start on eT0 and uT0".into()),
        }
    }

    fn maps(&self) -> CertMaps {
        MAPS
    }

    fn carry_forward(
        &self,
        q: &Qbf,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let lay = &built.layout;
        let b = Board::of(lay);
        b.diamonds.strategy(
            q,
            &lay.formula,
            &built.game,
            own_token,
            cert,
            |winner, at, values| {
                let plan = Plan {
                    b: &b,
                    lay,
                    at,
                    values,
                };
                let to = match winner {
                    Player::First => plan.prover()?,
                    Player::Second => plan.refuter()?,
                };
                match to {
                    Some(x) => step_to(at, own_token(winner), x),
                    None => endgame_move(at, RACE_CAP),
                }
            },
        )
    }

    fn carry_back(
        &self,
        q: &Qbf,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let lay = &built.layout;
        Diamonds::of(&lay.chains.diamonds).read_back(q, &lay.formula, &built.game, own_token, cert)
    }
}

// Certificate maps, with the timeline of `../shared/spec/fraenkel-simonson.md` §1b.
//
// Forward, YES (player I, Skolem functions): I sets his ∃ diamonds by the Skolem functions,
// copies II's branch at every level of the clause trees (II is one move ahead, so I reaches
// the leaf `Y_c` of II's clause c), enters `Ep_a` for a true literal a of c (through `Z1` or
// `Z2`), waits at `E_a`, then guards `N_j` of the connector II heads for (or, if II heads for
// `a`, goes round by any other `N_b`), and wins the final race from the literal connectors
// because II's in-tree ends one move short at the visited (true) literal. Forward, NO
// (player II, Herbrand functions): II sets his ∀ diamonds by the Herbrand functions, steers
// his clause tree to a clause the assignment falsifies, heads for the connector a that I
// does not guard (any, if I is in another cluster), and wins the final race (his literal is
// false, so its in-tree reaches the unvisited literal vertex). The final race (at most
// h + eps moves each) is played by exhaustive search of the remaining moves; the timeline
// shows who wins it. Backward: replay against regular play by the opponent on his chain and
// read the certified player's diamond sides.

/// The maps of `qbf-pvg-restricted`.
pub const MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "Skolem functions → player I's strategy: ∃ diamonds by the Skolem functions, I's clause \
         tree copies II's, the existential connector of a true literal, the guard N_j, and the \
         final race (spec §1b timeline; the race is searched exhaustively)",
    ),
    forward_no: MapStatus::Constructive(
        "Herbrand functions → player II's strategy: ∀ diamonds by the Herbrand functions, the \
         clause tree to a falsified clause, the unguarded connector, and the final race",
    ),
    backward_yes: MapStatus::Constructive(
        "player I's strategy → Skolem functions: replay against II's regular play and read I's \
         diamond sides",
    ),
    backward_no: MapStatus::Constructive(
        "player II's strategy → Herbrand functions: replay against I's regular play and read \
         II's diamond sides",
    ),
};

/// Largest endgame search (positions) for the final race.
const RACE_CAP: u64 = 200_000;

/// What a cluster vertex is: its role, clause (0-based) and index j.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Y,
    Z1,
    Ep,
    E,
    W2,
    Ua,
    M,
    Lo,
}

/// The layout as the strategies read it: the diamonds and the role of each cluster vertex.
struct Board {
    diamonds: Diamonds,
    role: HashMap<VertexId, (Role, usize, usize)>,
}

impl Board {
    fn of(lay: &Layout) -> Board {
        let mut role = HashMap::new();
        for (c, k) in lay.clusters.iter().enumerate() {
            role.insert(k.y, (Role::Y, c, 0));
            role.insert(k.z[0], (Role::Z1, c, 0));
            role.insert(k.w[1], (Role::W2, c, 0));
            role.insert(k.ua, (Role::Ua, c, 0));
            for j in 0..3 {
                role.insert(k.ep[j], (Role::Ep, c, j));
                role.insert(k.e[j], (Role::E, c, j));
                role.insert(k.m[j], (Role::M, c, j));
                role.insert(k.lo[j], (Role::Lo, c, j));
            }
        }
        Board {
            diamonds: Diamonds::of(&lay.chains.diamonds),
            role,
        }
    }

    fn role_of(&self, x: Option<VertexId>) -> Option<(Role, usize, usize)> {
        x.and_then(|x| self.role.get(&x).copied())
    }
}

/// What a forward choice looks at.
struct Plan<'a> {
    b: &'a Board,
    lay: &'a Layout,
    at: &'a Replay<'a>,
    values: &'a [Option<bool>],
}

impl Plan<'_> {
    /// Player I's target vertex, or `None` for the final race.
    fn prover(&self) -> Result<Option<VertexId>, CertMapError> {
        let (mine, his) = (self.at.token(0), self.at.token(1));
        let (Some(x), Some(y)) = (mine, his) else {
            return Err(off_plan());
        };
        let [mirror, theirs] = &self.lay.trees;
        if theirs.contains(y) {
            // Copy II's branch: the trees have the same shape and creation order.
            let i = theirs
                .nodes
                .iter()
                .position(|&t| t == y)
                .ok_or_else(off_plan)?;
            return mirror
                .toward(x, mirror.nodes[i])
                .map(Some)
                .ok_or_else(off_plan);
        }
        let k = &self.lay.clusters;
        Ok(match (self.b.role_of(mine), self.b.role_of(his)) {
            (Some((Role::Y, c, _)), _) => Some(k[c].z[usize::from(self.true_index(c)? >= 2)]),
            (Some((Role::Z1, c, _)), _) => Some(k[c].ep[self.true_index(c)?]),
            (Some((Role::E, c, a)), Some((Role::M, c2, j))) if c == c2 => {
                let b = if j != a { j } else { (a + 1) % 3 };
                Some(k[c].n[b])
            }
            (Some((Role::Lo, ..)), _) => None,
            _ => return Err(off_plan()),
        })
    }

    /// The position of a true literal in clause c.
    fn true_index(&self, c: usize) -> Result<usize, CertMapError> {
        let clause = &self.lay.formula.qbf.clauses[c];
        let l = true_literal(clause, self.values)?;
        Ok(clause.iter().position(|&x| x == l).unwrap_or(0))
    }

    /// Player II's target vertex, or `None` for the final race.
    fn refuter(&self) -> Result<Option<VertexId>, CertMapError> {
        let (mine, his) = (self.at.token(1), self.at.token(0));
        let Some(x) = mine else {
            return Err(off_plan());
        };
        let theirs = &self.lay.trees[1];
        if theirs.contains(x) {
            let c = falsified_clause(&self.lay.formula.qbf, self.values)?;
            return theirs
                .toward(x, theirs.leaves[c])
                .map(Some)
                .ok_or_else(off_plan);
        }
        // The connector that I does not guard: the one of his existential connector.
        let aim = |c: usize| match self.b.role_of(his) {
            Some((Role::Ep | Role::E, c2, a)) if c2 == c => a,
            _ => 0,
        };
        let k = &self.lay.clusters;
        Ok(match self.b.role_of(mine) {
            Some((Role::W2, c, _)) => Some(if aim(c) < 2 { k[c].ua } else { k[c].ub }),
            Some((Role::Ua, c, _)) => Some(k[c].m[aim(c)]),
            Some((Role::Lo, ..)) => None,
            _ => return Err(off_plan()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Instance;
    use crate::problems::Quantifier::Forall as A;
    use crate::reductions::Reduction;
    use crate::reductions::helpers::testing::{reduce_to_size, running_example};

    #[test]
    fn running_example_has_135_vertices_and_169_arcs() {
        let (g, _) = reduce_to_size(&QbfToPvgRestricted, &running_example(), (135, 169));
        // The paper's values: h = 1, eps = 2, |P| = 1.
        let clause = g.graph.groups.iter().find(|gr| gr.name == "C1").unwrap();
        assert_eq!(clause.members.len(), 31);
    }

    #[test]
    fn empty_matrix_gets_the_papers_clause() {
        let src = Instance::Qbf(Qbf::from_signed(&[A], &[]));
        let out = QbfToPvgRestricted.reduce(&src).unwrap();
        assert!(out.notes.iter().any(|n| n.contains("adjoined")));
        let Instance::Geography(g) = &out.target else {
            panic!("not a game")
        };
        assert_eq!(
            (g.graph.n(), g.graph.m()),
            QbfToPvgRestricted.declared_size(&src)
        );
    }
}
