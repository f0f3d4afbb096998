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

use super::certmaps::diamonds::{Diamonds, falsified_clause, own_token, true_literal};
use super::certmaps::util::{off_plan, step_to};
use super::certmaps::{CertMapError, CertMaps, MapStatus};
use super::figure_helpers;
use super::helpers::{Diamond, add_named, normal_game, partizan, require_3cnf};
use super::qbf_normal::{NormalQbf, normalize};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::{Certificate, Replay};
use crate::problems::Player;
use crate::problems::{Graph, Lit, Qbf, Rule, VertexId};
use std::collections::HashMap;

/// Fraenkel–Simonson Theorem 2.1 with the 11-vertex clusters of Fig. 1 (`qbf-pvg`).
#[derive(Clone, Copy, Debug, Default)]
pub struct QbfToPvg;

size_formula! {
    /// The size of Theorem 2.1's board.
    SIZE: Qbf = |q| {
        N = normalize(q).n(), "normalised variables, odd";
        m = q.clauses.len(), "clauses";
    } => vertices 3 * N + 3 + 11 * m, edges 4 * N + 1 + 22 * m
}

static INFO: ReductionInfo = ReductionInfo {
    id: "qbf-pvg",
    example: Some("examples/fraenkel-simonson.qbf"),
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
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    preconditions: &[
        "3QBF: exactly three literal occurrences per clause (repeats allowed)",
        "the prefix is normalised to ∃x1 ∀x2 … ∃xN, N odd, by dummy variables",
    ],
    claims: &[
        "I wins ⇔ F is true",
        "I starts on eJ0, II on uJ0; every clause cluster has 11 vertices",
    ],
    errata: &[
        "Fig. 1 is lost: the cluster is reconstructed from the prose (spec §1); the three \
         vertices beyond the connectors are II's 'towards' vertices M_c,j",
        "the paper makes N odd by adjoining (x_n + x_n + ¬x_n); we insert dummy variables, \
         which also repairs prefixes that do not alternate",
    ],
    provenance: "reconstructed from the prose (Fig. 1 lost), brute-force verified (spec §1)",
    structure: &[Claim::Bipartite, Claim::Simple],
    size_legend: SIZE.legend,
    yes_winner: Player::First,
};

/// One clause cluster's vertices (the paper's 11-vertex cluster, spec §1).
#[derive(Clone, Debug)]
pub struct Cluster {
    /// `U_c`, II's universal connector (`X → U_c`).
    pub universal: VertexId,
    /// `M_c,j`, II's "towards" vertices (`U_c → M_c,j → L_c,j`).
    pub towards: [VertexId; 3],
    /// `E_c,j`, I's existential connectors (`eJ_E → E_c,j → L_c,k`, k ≠ j).
    pub existential: [VertexId; 3],
    /// `L_c,j`, the literal connectors (`L_c,j → C_c` and to the j-th literal's vertex).
    pub literal: [VertexId; 3],
    /// `C_c`, the centre (a sink).
    pub centre: VertexId,
}

/// Where every vertex of Theorem 2.1's board is.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The formula the board is built for (prefix normalised to ∃∀…∃).
    pub formula: NormalQbf,
    /// `[x_i, ¬x_i]` for each normalised variable.
    pub lit: Vec<[VertexId; 2]>,
    /// I's junctions `eJ_0 … eJ_E`.
    pub e_junction: Vec<VertexId>,
    /// II's junctions `uJ_0 … uJ_U`.
    pub u_junction: Vec<VertexId>,
    /// `X`, the extra vertex after II's chain.
    pub extra: VertexId,
    /// One cluster per clause.
    pub cluster: Vec<Cluster>,
}

impl Layout {
    fn new(g: &mut Graph, nq: NormalQbf) -> Layout {
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
            formula: nq,
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

    /// Variable `v`'s diamond: its junctions on its player's chain and its literal vertices.
    pub fn diamond(&self, v: usize) -> Diamond {
        Diamond {
            top: self.diamond_top(v),
            sides: self.lit[v],
            bottom: self.diamond_bottom(v),
        }
    }

    /// Every diamond, by normalised variable.
    pub fn diamonds(&self) -> Vec<Diamond> {
        (0..self.lit.len()).map(|v| self.diamond(v)).collect()
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

    /// `eJ_E`, the bottom of I's chain.
    pub fn exists_bottom(&self) -> VertexId {
        self.e_junction[self.e_junction.len() - 1]
    }

    /// `uJ_U`, the bottom of II's chain.
    pub fn forall_bottom(&self) -> VertexId {
        self.u_junction[self.u_junction.len() - 1]
    }

    /// The diamond vertex of literal `l`.
    pub fn literal_vertex(&self, l: Lit) -> VertexId {
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

impl Theorem for QbfToPvg {
    type Source = Qbf;
    type Layout = Layout;

    fn entry(&self) -> &ReductionInfo {
        &INFO
    }

    fn construct(&self, q: &Qbf) -> Result<Construction<Layout>, ReductionError> {
        require_3cnf("Thm 2.1", q)?;
        let nq = normalize(q);
        let notes = nq.note().into_iter().collect();
        let mut g = Graph::new(true);
        let lay = Layout::new(&mut g, nq);
        for d in lay.diamonds() {
            d.add_arcs(&mut g);
        }
        g.add_edge(lay.forall_bottom(), lay.extra);
        for (k, clause) in lay.cluster.iter().zip(&lay.formula.qbf.clauses) {
            add_cluster_arcs(&mut g, &lay, k, clause);
        }
        let tokens = partizan(lay.e_junction[0], lay.u_junction[0]);
        Ok(Construction {
            game: normal_game(g, Rule::Vertex, tokens),
            layout: lay,
            notes,
        })
    }

    fn size(&self) -> &Size<Qbf> {
        &SIZE
    }

    fn paper_labels(&self, _: &Qbf, built: &Construction<Layout>) -> Vec<(VertexId, String)> {
        paper_labels(built)
    }

    fn figure(&self, _: &Qbf, built: &Construction<Layout>) -> Option<crate::render::Figure> {
        Some(figure(built))
    }

    /// I starts on `eJ0` and II on `uJ0`, and every clause cluster has its 11 vertices.
    fn check_layout(&self, _: &Qbf, built: &Construction<Layout>) -> Result<(), String> {
        let lay = &built.layout;
        if built.game.starts() != [lay.e_junction[0], lay.u_junction[0]] {
            return Err("the tokens do not start on eJ0 and uJ0".into());
        }
        match built
            .game
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
                let to = match winner {
                    Player::First => prover_move(&b, lay, at, values)?,
                    Player::Second => refuter_move(&b, lay, at, values)?,
                };
                step_to(at, own_token(winner), to)
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
        Diamonds::of(&lay.diamonds()).read_back(q, &lay.formula, &built.game, own_token, cert)
    }
}

// Certificate maps, as Theorem 2.1's proof plays the board (spec `fraenkel-simonson.md` §1).
//
// Forward, YES: player I sets his ∃ diamonds by the Skolem functions; when II has entered the
// cluster of clause c, I takes the existential connector `E_c,a` of a true literal a (it
// guards the two other literal connectors); if II heads for `L_c,j` with j ≠ a, I takes
// `L_c,j` first and II is stuck; if j = a, I goes round to the centre and II, on `L_c,a`,
// finds the centre taken and the literal vertex of the true literal visited. Forward, NO:
// player II sets his ∀ diamonds by the Herbrand functions, enters the cluster of a clause the
// assignment falsifies, heads for the connector I does not guard (any, if I entered another
// cluster), and from `L_c,j` takes the centre, or the literal vertex of a false literal (never
// visited) when I took the centre. Backward: replay against regular play on the opponent's
// chain and read the certified player's diamond sides.

/// The certificate maps of `qbf-pvg`.
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

/// The layout as the strategies read it: the diamonds, and the role of each clause-part
/// vertex.
struct Board {
    diamonds: Diamonds,
    role: HashMap<VertexId, Role>,
}

impl Board {
    fn of(lay: &Layout) -> Board {
        let mut role = HashMap::new();
        role.insert(lay.exists_bottom(), Role::ExistsBottom);
        role.insert(lay.extra, Role::Extra);
        for (c, k) in lay.cluster.iter().enumerate() {
            role.insert(k.universal, Role::Universal(c));
            for j in 0..3 {
                role.insert(k.towards[j], Role::Towards(c, j));
                role.insert(k.existential[j], Role::Existential(c, j));
                role.insert(k.literal[j], Role::Literal(c, j));
            }
        }
        Board {
            diamonds: Diamonds::of(&lay.diamonds()),
            role,
        }
    }

    fn role_of(&self, x: Option<VertexId>) -> Option<Role> {
        x.and_then(|x| self.role.get(&x).copied())
    }
}

/// Player I's move in the clause part (Thm 2.1's proof).
fn prover_move(
    b: &Board,
    lay: &Layout,
    at: &Replay,
    values: &[Option<bool>],
) -> Result<VertexId, CertMapError> {
    let clauses = &lay.formula.qbf.clauses;
    match (b.role_of(at.token(0)), b.role_of(at.token(1))) {
        (Some(Role::ExistsBottom), Some(Role::Universal(c))) => {
            let l = true_literal(&clauses[c], values)?;
            let a = clauses[c].iter().position(|&x| x == l).unwrap_or(0);
            Ok(lay.cluster[c].existential[a])
        }
        (Some(Role::Existential(c, a)), Some(Role::Towards(c2, j))) if c == c2 => {
            let j = if j != a { j } else { (a + 1) % 3 };
            Ok(lay.cluster[c].literal[j])
        }
        (Some(Role::Literal(c, _)), _) => Ok(lay.cluster[c].centre),
        _ => Err(off_plan()),
    }
}

/// Player II's move in the clause part (Thm 2.1's proof, the NO direction).
fn refuter_move(
    b: &Board,
    lay: &Layout,
    at: &Replay,
    values: &[Option<bool>],
) -> Result<VertexId, CertMapError> {
    let clauses = &lay.formula.qbf.clauses;
    match b.role_of(at.token(1)) {
        Some(Role::Extra) => Ok(lay.cluster[falsified_clause(&lay.formula.qbf, values)?].universal),
        Some(Role::Universal(c)) => match b.role_of(at.token(0)) {
            Some(Role::Existential(c2, a)) if c2 == c => Ok(lay.cluster[c].towards[a]),
            _ => Ok(lay.cluster[c].towards[0]),
        },
        Some(Role::Literal(c, _)) if !at.marked(lay.cluster[c].centre) => Ok(lay.cluster[c].centre),
        Some(Role::Literal(c, j)) => Ok(lay.literal_vertex(clauses[c][j])),
        _ => Err(off_plan()),
    }
}

/// Fig. 1's labels where the construction's differ (see [`Theorem::paper_labels`]): the
/// extra vertex `X` and each cluster's centre `c_j`, numbered as the source's clauses.
fn paper_labels(built: &Construction<Layout>) -> Vec<(VertexId, String)> {
    use crate::render::figure::subscript;
    let lay = &built.layout;
    let mut out = vec![(lay.extra, "X".to_string())];
    for (c, k) in lay.cluster.iter().enumerate() {
        let j = lay.formula.clause_origin[c] + 1;
        out.push((k.centre, subscript("c", &j.to_string())));
    }
    out
}

/// Fraenkel–Simonson's drawing of Theorem 2.1's board (Fig. 1, reconstructed): I's
/// (∃) diamond chain on the left and II's (∀) chain on the right, side by side, `x_i` always
/// on the left of its diamond and `¬x_i` on the right; the clause clusters in a row below,
/// each boxed, its three literal connectors `L` on top facing the diamonds (arcs routed up
/// through the band between the clusters and the chains, each across at a level of its
/// own, into the literal vertex from outside its chain), the centre `c_j` above them, I's
/// connectors `E` and II's `M` below them and `U` at the bottom; the arcs from `eJ_E` and
/// `X` come down through the band and a gap between the clusters to buses under them. The
/// clusters, and the connectors in each, stand in the order with the fewest crossings in
/// the band ([`plan_band`]).
fn figure(built: &Construction<Layout>) -> crate::render::Figure {
    use crate::render::figure::{Figure, Outline, markup_of_display};
    let lay = &built.layout;
    let nq = &lay.formula;
    let mut fig = Figure::of_game(
        &built.game,
        "Partizan geography board: ∃ and ∀ diamond chains, one 11-vertex cluster per clause \
         (Fraenkel–Simonson, Thm 2.1)",
    );
    let chain_x = |v: usize| {
        if NormalQbf::is_existential(v) {
            -3.5
        } else {
            3.5
        }
    };
    let junction_y = |t: usize| -2.0 * t as f64;
    for (t, &j) in lay.e_junction.iter().enumerate() {
        fig.place(j, -3.5, junction_y(t));
        fig.point(j);
    }
    for (t, &j) in lay.u_junction.iter().enumerate() {
        fig.place(j, 3.5, junction_y(t));
        fig.point(j);
    }
    let u_end = junction_y(lay.u_junction.len() - 1);
    fig.place(lay.extra, 3.5, u_end - 1.2);
    for (v, label) in paper_labels(built) {
        fig.label(v, label);
    }
    for v in 0..nq.n() {
        let d = lay.diamond(v);
        let (x, y) = (chain_x(v), junction_y(v / 2) - 1.0);
        fig.place(d.sides[0], x - 0.9, y);
        fig.place(d.sides[1], x + 0.9, y);
        fig.label(d.sides[0], markup_of_display(&nq.lit_label(Lit::pos(v))));
        fig.label(d.sides[1], markup_of_display(&nq.lit_label(Lit::neg(v))));
        let q = if NormalQbf::is_existential(v) {
            "∃"
        } else {
            "∀"
        };
        fig.gadget(
            nq.qbf.vars[v].clone(),
            format!("{q}{}", markup_of_display(&nq.qbf.vars[v])),
            vec![d.top, d.sides[0], d.sides[1], d.bottom],
            Outline::Bare,
        );
    }
    let chains_bottom = junction_y(lay.e_junction.len().max(lay.u_junction.len()) - 1) - 1.2;
    let m = lay.cluster.len();
    let n = nq.n();
    // Connectors 2 units apart, boxes 6 wide and 0.8 apart: wide enough that the gap the
    // lanes leave above a box holds its caption at TikZ's larger size too.
    let (spacing, width) = (2.0, 6.8);
    let left_edge = -width * m as f64 / 2.0;
    // Each literal connector's lane, by cluster and connector: its literal's vertex and its
    // key in the left-to-right order of the lanes' entries at the top of the band.
    let entries: Vec<[(VertexId, usize); 3]> = (0..m)
        .map(|c| {
            [0, 1, 2].map(|j| {
                let l = nq.qbf.clauses[c][j];
                (lay.literal_vertex(l), entry_key(l, n))
            })
        })
        .collect();
    let plan = plan_band(&entries, n);
    let gap_x = |g: usize, bus: usize| {
        let x = left_edge + width * g as f64;
        let outward = if g == 0 {
            -0.5
        } else if g == m {
            0.5
        } else {
            0.0
        };
        // Both buses down one gap: I's left of II's.
        let beside = if plan.exists_gap == plan.extra_gap {
            0.25 * (2.0 * bus as f64 - 1.0)
        } else {
            0.0
        };
        x + outward + beside
    };
    // The band's levels: every lane and the two buses, the lowest 2.15 above the connectors.
    let levels = 3 * m + 2;
    let band_top = chains_bottom - 0.6;
    let top = band_top - 0.25 * (levels - 1) as f64 - 2.15;
    let level_y = |l: usize| band_top - 0.25 * (levels - 1 - l) as f64;
    // The buses under the clusters' boxes (whose bottom edge is 0.6 under `U_c`, at
    // `top - 3.1`): I's from `eJ_E` just under them, II's from `X` under that, so that each
    // arc from `X` rises across I's bus once, into `U_c`.
    let (e_end, e_bus, u_bus) = (lay.exists_bottom(), top - 3.4, top - 3.75);
    let e_at = (-3.5, junction_y(lay.e_junction.len() - 1));
    let x_at = (3.5, u_end - 1.2);
    let cx = |c: usize| left_edge + width * (plan.slot[c] as f64 + 0.5);
    let xs = |c: usize, j: usize| cx(c) + spacing * (plan.column[c][j] as f64 - 1.0);
    // Where each lane leaves its cluster upwards: the left connector's up-left, near the
    // box's left edge, the middle one's up-right, past `c`, so that the gap between them
    // above the box is wide enough for the clause's caption.
    let exit_x = |c: usize, j: usize| {
        xs(c, j)
            + match plan.column[c][j] {
                0 => -0.75,
                1 => 0.95,
                _ => 0.0,
            }
    };
    // The lanes' entries: beside the literal's chain, outside it, nested so that a lane to
    // a lower literal runs nearer the chain; lanes into one literal side by side in the
    // order of their exits.
    let mut by_class: [Vec<(usize, f64, usize, usize)>; 4] = Default::default();
    for (c, lanes) in entries.iter().enumerate() {
        for (j, &(_, key)) in lanes.iter().enumerate() {
            by_class[key / (n + 2)].push((key, exit_x(c, j), c, j));
        }
    }
    let between = (by_class[1].len() + by_class[2].len()).max(1);
    let inner_step = (3.4 / between as f64).min(0.25);
    let mut entry_x = vec![[0.0; 3]; m];
    let mut arrive_dy = vec![[0.0; 3]; m];
    for (class, lanes) in by_class.iter_mut().enumerate() {
        lanes.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
        let k = lanes.len();
        for (i, &(_, _, c, j)) in lanes.iter().enumerate() {
            // Left to right across the top: class 0 left of I's chain, 1 right of it, 2
            // left of II's, 3 right of it.
            entry_x[c][j] = match class {
                0 => -3.5 - 1.6 - 0.25 * (k - 1 - i) as f64,
                1 => -3.5 + 1.6 + inner_step * i as f64,
                2 => 3.5 - 1.6 - inner_step * (k - 1 - i) as f64,
                _ => 3.5 + 1.6 + 0.25 * i as f64,
            };
        }
        // Lanes into one literal arrive at heights of their own, the outer one higher,
        // so that its last run passes over the inner one's rise.
        let mut i = 0;
        while i < k {
            let same = lanes[i..].iter().take_while(|l| l.0 == lanes[i].0).count();
            for r in 0..same {
                let (_, _, c, j) = lanes[i + r];
                let outer = if class % 2 == 0 { same - 1 - r } else { r };
                arrive_dy[c][j] = 0.2 * (outer as f64 - (same - 1) as f64 / 2.0);
            }
            i += same;
        }
    }
    // Every run through the band, (bottom x, top x): the lanes, then the two buses.
    let mut runs: Vec<(f64, f64)> = Vec::new();
    for (c, xs) in entry_x.iter().enumerate() {
        runs.extend(xs.iter().enumerate().map(|(j, &x)| (exit_x(c, j), x)));
    }
    // A bus whose gap stands under the vertex it leaves runs straight down.
    let straight = |gap: f64, from: f64| if (gap - from).abs() < 0.3 { from } else { gap };
    let e_gap = straight(gap_x(plan.exists_gap, 0), e_at.0);
    let x_gap = straight(gap_x(plan.extra_gap, 1), x_at.0);
    runs.push((e_gap, e_at.0));
    runs.push((x_gap, x_at.0));
    let level = figure_helpers::band_levels(&runs);
    let e_level = level_y(level[3 * m]);
    let x_level = level_y(level[3 * m + 1]);
    // A bus's waypoints: down from the vertex at `from` to its level, across to its gap,
    // down the gap to its run under the boxes, along it to under its head.
    let bus = |from: f64, level: f64, gap: f64, under: (f64, f64)| {
        let mut ways = vec![(from, level), (gap, level), (gap, under.1), under];
        if gap == from {
            ways.drain(..2);
        }
        ways
    };
    let mut first_cluster = None;
    for (c, k) in lay.cluster.iter().enumerate() {
        let cx = cx(c);
        fig.place(k.centre, cx, top + 0.9);
        // The row under the connectors, by the columns of the connectors the vertices feed
        // (`E_j` feeds the two connectors other than `L_j`, `M_j` feeds `L_j`): the
        // order with the fewest crossings inside the cluster, lanes and buses included (7,
        // were 15 with each connector's `E` and `M` under it), found by trying every
        // order of the six in one row (`ROW_UNDER_CONNECTORS`).
        let of_column = |p: usize| (0..3).find(|&j| plan.column[c][j] == p).unwrap_or(p);
        for (slot, &(is_e, p)) in ROW_UNDER_CONNECTORS.iter().enumerate() {
            let j = of_column(p);
            let v = if is_e { k.existential[j] } else { k.towards[j] };
            fig.place(v, cx + spacing * (slot as f64 - 2.5) / 2.0, top - 1.3);
        }
        for j in 0..3 {
            fig.place(k.literal[j], xs(c, j), top);
            let e_x = fig.nodes[k.existential[j]].pos.map_or(0.0, |p| p.0);
            for v in [k.literal[j], k.existential[j], k.towards[j]] {
                fig.point(v);
            }
            // eJ_E's bus: down through the band, down a gap between the clusters (or
            // beside them), along under the boxes, then up into E.
            fig.route(
                e_end,
                k.existential[j],
                bus(e_at.0, e_level, e_gap, (e_x, e_bus)),
            );
            // The literal connector's lane: up from the cluster, across at its level, up
            // beside the literal's chain and into the literal vertex from outside.
            let b = entries[c][j].0;
            let by = fig.nodes[b].pos.map_or(0.0, |p| p.1) + arrive_dy[c][j];
            let (up, lane) = (exit_x(c, j), entry_x[c][j]);
            let chan = level_y(level[3 * c + j]);
            // The middle lane bends low, so that it rises across `L_2 → c` clear of the bend.
            let bend = if plan.column[c][j] == 1 { 0.25 } else { 0.45 };
            let mut ways = vec![(up, top + bend), (up, chan), (lane, chan), (lane, by)];
            if (lane - up).abs() < 0.35 {
                // A lane almost over its exit: straight up it, not a jog of a few points
                // round two rounded corners.
                ways.remove(1);
            }
            if plan.column[c][j] == 2 {
                ways.remove(0);
            }
            fig.route(k.literal[j], b, ways);
        }
        fig.place(k.universal, cx, top - 2.5);
        fig.point(k.universal);
        fig.route(
            lay.extra,
            k.universal,
            bus(x_at.0, x_level, x_gap, (cx, u_bus)),
        );
        // Drawn as one box (`--compact`): the lanes leave its top edge above their exits
        // and run as in the full drawing; each bus runs under the box and rises into its
        // bottom edge, I's on the side its gap stands, II's on the other, so that no arc
        // crosses another where the full drawing's do not (`Scene::ported`: a route
        // starting inside the box leaves it where it crosses the border).
        let yc = top - COMPACT_BOX.0;
        let (e_port, x_port) = if plan.exists_gap <= plan.slot[c] {
            (cx - 1.0, cx + 1.0)
        } else {
            (cx + 1.0, cx - 1.0)
        };
        let below = yc - COMPACT_BOX.2 / 2.0;
        for j in 0..3 {
            let (up, lane) = (exit_x(c, j), entry_x[c][j]);
            let b = entries[c][j].0;
            let by = fig.nodes[b].pos.map_or(0.0, |p| p.1) + arrive_dy[c][j];
            let chan = level_y(level[3 * c + j]);
            let ways = if (lane - up).abs() < 0.35 {
                vec![(lane, yc), (lane, by)]
            } else {
                vec![(up, yc), (up, chan), (lane, chan), (lane, by)]
            };
            fig.route_collapsed(k.literal[j], b, ways);
            let mut ways = bus(e_at.0, e_level, e_gap, (e_port, below - 0.35));
            ways.push((e_port, yc));
            fig.route_collapsed(e_end, k.existential[j], ways);
        }
        let mut ways = bus(x_at.0, x_level, x_gap, (x_port, below - 0.7));
        ways.push((x_port, yc));
        fig.route_collapsed(lay.extra, k.universal, ways);
        let mut members = vec![k.universal, k.centre];
        members.extend(k.literal);
        members.extend(k.existential);
        members.extend(k.towards);
        let lits: Vec<String> = nq.qbf.clauses[c]
            .iter()
            .map(|&l| markup_of_display(&nq.lit_label(l)))
            .collect();
        if c == 0 {
            first_cluster = Some(fig.gadgets.len());
        }
        fig.gadget(
            format!("C{}", nq.clause_origin[c] + 1),
            format!("({})", lits.join(" ∨ ")),
            members,
            Outline::Box,
        );
        if let Some(g) = fig.gadgets.last_mut() {
            g.collapsed_at = Some(((cx, yc), (COMPACT_BOX.1, COMPACT_BOX.2)));
        }
    }
    if let Some(note) = super::qbf_to_dvg::dummy_caption(nq) {
        fig.caption.push(note);
    }
    if let Some(gi) = first_cluster {
        let detail = cluster_detail(&fig, built, gi);
        fig.details.push((gi, detail));
    }
    fig
}

/// A clause cluster drawn as one box (`--compact`): its centre's depth under the
/// connectors' row, its width and its height (units). Wide enough that every lane's
/// exit stands over it (the left one 2.75 left of the middle), narrow enough that the buses
/// pass between two boxes.
const COMPACT_BOX: (f64, f64, f64) = (0.8, 5.9, 0.8);

/// The six vertices under a cluster's connectors, left to right, each as (is it `E`, the
/// column of the connector it is named after): `E` of the right column, `E` of the middle,
/// `M` of the left, `M` of the middle, `E` of the left, `M` of the right. Of the 720 orders
/// of one row (with `c` above the middle connector, `U` under the middle, the lanes leaving
/// up and the buses arriving from below), this one has the fewest crossings, 7: `M` of the
/// left column's arc crosses two `E` arcs, two more pairs of `E` arcs and an `E` arc with
/// `M` of the middle's cross, the bus into `E` of the left column crosses `U → M` of the
/// right, and the middle connector's lane crosses `L → c` of the right. That last one is
/// forced: `c`, `U` (through the `M`s) and the chains above (through the lanes) are each
/// joined to all three connectors, a subdivided K₃,₃, so a cluster whose lanes leave
/// through the top of its box is drawn with at least one crossing inside the box.
const ROW_UNDER_CONNECTORS: [(bool, usize); 6] = [
    (true, 2),
    (true, 1),
    (false, 0),
    (false, 1),
    (true, 0),
    (false, 2),
];

/// Where a lane to literal `l` enters at the top of the band between the chains and the
/// clusters, as a key in the left-to-right order of the entries: `class × (n + 2) + 1 +
/// rank`, the classes left to right `x` of I's chain (left of it), `¬x` of I's chain
/// (right of it), `x` of II's chain (left of it), `¬x` of II's (right of it); within a
/// class, the lanes nest so that a lane to a lower literal runs nearer its chain. Key
/// `1 × (n + 2)` is the bottom of I's chain, between the first two classes, and `3 × (n +
/// 2)` is `X`, under II's chain between the last two: where the buses leave.
fn entry_key(l: Lit, n: usize) -> usize {
    let class = 2 * usize::from(!NormalQbf::is_existential(l.var)) + usize::from(!l.positive);
    // Left of a chain the higher literal (smaller v) runs outermost, i.e. leftmost; right
    // of it, leftmost is innermost, the lowest.
    let rank = if class % 2 == 0 { l.var } else { n - l.var };
    class * (n + 2) + 1 + rank
}

/// Where the clusters stand and where their lanes and the two buses cross the band between
/// the chains and the clusters ([`plan_band`]).
struct BandPlan {
    /// Each cluster's slot in the row, left to right.
    slot: Vec<usize>,
    /// Each cluster's connector `j` stands in column `column[c][j]` of its cluster.
    column: Vec<[usize; 3]>,
    /// The gap (0: left of every cluster, m: right of every cluster) down which `eJ_E`'s
    /// bus runs to under the clusters.
    exists_gap: usize,
    /// The gap down which `X`'s bus runs.
    extra_gap: usize,
}

/// The order of the clusters (of all orders, up to six clusters; beyond, by the barycentre
/// of their lanes' entries, then adjacent swaps, unless clause order is better),
/// of the connectors in each (their lanes' entries' order, so that no two lanes of one
/// cluster cross) and the gaps the buses run down, with the fewest crossings in the band:
/// two lanes cross when their exits and entries stand in different orders (see
/// [`figure_helpers::band_levels`]), a bus and a lane likewise, and `X`'s bus crosses I's
/// under the clusters unless it comes down right of them. Ties keep clause order and the
/// buses outside the row (I's left, II's right).
fn plan_band(entries: &[[(VertexId, usize); 3]], n: usize) -> BandPlan {
    let m = entries.len();
    let (e_key, x_key) = (n + 2, 3 * (n + 2));
    let column: Vec<[usize; 3]> = entries
        .iter()
        .map(|e| {
            let mut by_key = [0, 1, 2];
            by_key.sort_by_key(|&j| e[j].1);
            let mut col = [0; 3];
            for (p, j) in by_key.into_iter().enumerate() {
                col[j] = p;
            }
            col
        })
        .collect();
    // The fewest crossings of the clusters in `order` (slot by slot), with its plan.
    let cost_of = |order: &[usize]| {
        let mut slot = vec![0; m];
        for (s, &c) in order.iter().enumerate() {
            slot[c] = s;
        }
        // Slots doubled: the lanes of the cluster in slot s at 2s + 1, gap g at 2g.
        let lanes: Vec<(usize, usize)> = (0..m)
            .flat_map(|c| entries[c].iter().map(move |e| (c, e.1)))
            .map(|(c, k)| (2 * slot[c] + 1, k))
            .collect();
        let mut best: Option<(usize, BandPlan)> = None;
        for exists_gap in 0..=m {
            for extra_gap in (0..=m).rev() {
                let mut items = lanes.clone();
                items.push((2 * exists_gap, e_key));
                items.push((2 * extra_gap, x_key));
                let cost = figure_helpers::inversions(&items) + usize::from(extra_gap < m);
                if best.as_ref().is_none_or(|b| cost < b.0) {
                    let plan = BandPlan {
                        slot: slot.clone(),
                        column: column.clone(),
                        exists_gap,
                        extra_gap,
                    };
                    best = Some((cost, plan));
                }
            }
        }
        best.expect("at least one gap")
    };
    let mut order: Vec<usize> = (0..m).collect();
    let mut best = cost_of(&order);
    if m <= 6 {
        // Every order.
        while figure_helpers::next_permutation(&mut order) {
            let next = cost_of(&order);
            if next.0 < best.0 {
                best = next;
            }
        }
        return best.1;
    }
    // More clusters: each at the barycentre of its lanes' entries (a stable sort, so ties
    // keep clause order), then adjacent swaps while one removes a crossing; kept only when
    // it beats clause order.
    let mean = |c: usize| entries[c].iter().map(|e| e.1).sum::<usize>();
    order.sort_by_key(|&c| mean(c));
    let mut current = cost_of(&order);
    loop {
        let mut improved = false;
        for i in 0..m - 1 {
            order.swap(i, i + 1);
            let next = cost_of(&order);
            if next.0 < current.0 {
                current = next;
                improved = true;
            } else {
                order.swap(i, i + 1);
            }
        }
        if !improved {
            break;
        }
    }
    if current.0 < best.0 {
        best = current;
    }
    best.1
}

/// The first clause cluster drawn in full as Fig. 1b draws "a clause cluster" (`--compact`'s
/// detail figure): the three literal connectors `L` in a row with the centre `c` above
/// them, I's connectors `E` between and under them as the 6-cycle `L E L E L E` allows
/// (two above the row, the third at the bottom, its arcs running round the sides), II's
/// `U` under the row with its three `M`s, each `L`'s literal as a labelled stub above it,
/// and the two entries, the end of I's chain and `X`, as stubs outside. The cluster with
/// `c` and `U` is not planar with one stub for the chain's end (it holds a subdivided
/// K₃,₃), so three arcs cross: two of the chain's arcs and `X → U`.
fn cluster_detail(
    fig: &crate::render::Figure,
    built: &Construction<Layout>,
    gi: usize,
) -> crate::render::Figure {
    use crate::render::figure::Route;
    let lay = &built.layout;
    let k = &lay.cluster[0];
    let edges = &built.game.graph.edges;
    let lit_of = |l: VertexId| {
        edges
            .iter()
            .find(|&&(a, b)| a == l && b != k.centre)
            .map(|&(_, b)| b)
    };
    // E_j feeds L_k for k ≠ j: E_2 (L_0, L_1) and E_0 (L_1, L_2) stand above the row, E_1
    // (L_0, L_2) at the bottom.
    let mut parts: Vec<(VertexId, (f64, f64))> = vec![
        (k.centre, (0.0, 3.0)),
        (k.literal[0], (-3.0, 0.0)),
        (k.literal[1], (0.0, 0.0)),
        (k.literal[2], (3.0, 0.0)),
        (k.existential[2], (-1.5, 0.85)),
        (k.existential[0], (1.5, 0.85)),
        (k.existential[1], (0.0, -3.6)),
        (k.towards[0], (-3.0, -1.4)),
        (k.towards[1], (0.0, -1.4)),
        (k.towards[2], (3.0, -1.4)),
        (k.universal, (0.0, -2.6)),
    ];
    let at = |parts: &[(VertexId, (f64, f64))], v: VertexId| {
        parts.iter().position(|p| p.0 == v).unwrap_or(0)
    };
    let mut arcs: Vec<(usize, usize, Route)> = Vec::new();
    let inside = parts.len();
    for &(a, b) in edges {
        let (Some(i), Some(j)) = (
            parts[..inside].iter().position(|p| p.0 == a),
            parts[..inside].iter().position(|p| p.0 == b),
        ) else {
            continue;
        };
        // E_1's arcs run round the sides into L_0 and L_2 from outside.
        let route = match (a == k.existential[1], b) {
            (true, b) if b == k.literal[0] => Route::Through(vec![(-4.6, -3.6), (-4.6, 0.0)]),
            (true, b) if b == k.literal[2] => Route::Through(vec![(4.6, -3.6), (4.6, 0.0)]),
            _ => Route::Straight,
        };
        arcs.push((i, j, route));
    }
    let mut labels: Vec<(usize, String)> = Vec::new();
    // Each literal connector's literal, as a stub above it (L_1's under c's arcs).
    let stub_at = [(-4.3, 1.6), (-0.7, 1.6), (4.3, 1.6)];
    for (j, &l) in k.literal.iter().enumerate() {
        if let Some(b) = lit_of(l) {
            parts.push((b, stub_at[j]));
            arcs.push((at(&parts, l), parts.len() - 1, Route::Straight));
        }
    }
    // The end of I's chain: one stub, its arcs into E_2 straight, over c into E_0, round
    // the left side into E_1 from below.
    let chain_end = lay.exists_bottom();
    parts.push((chain_end, (-3.0, 4.2)));
    let e = parts.len() - 1;
    labels.push((e, "end of ∃ chain".into()));
    arcs.push((e, at(&parts, k.existential[2]), Route::Straight));
    arcs.push((
        e,
        at(&parts, k.existential[0]),
        Route::Through(vec![(1.5, 4.2)]),
    ));
    arcs.push((
        e,
        at(&parts, k.existential[1]),
        Route::Through(vec![(-5.4, 4.2), (-5.4, -4.6), (0.0, -4.6)]),
    ));
    parts.push((lay.extra, (1.6, -4.9)));
    arcs.push((parts.len() - 1, at(&parts, k.universal), Route::Straight));
    // The connectors by their names in the game (what `solve --strategy` prints), with the
    // clause and position as a subscript as in the papers: `L1,0` is written `L₁,₀`.
    for (i, &(v, _)) in parts[..inside].iter().enumerate() {
        if v != k.centre {
            labels.push((i, subscripted(&fig.nodes[v].spoken)));
        }
    }
    fig.excerpt(gi, &parts, arcs, &labels)
}

/// A connector's name in the game, `L1,0`, as markup with its indices subscripted
/// (`L_{1,0}`); a name that is not letters then digits and commas is kept as it is.
fn subscripted(spoken: &str) -> String {
    match spoken.find(|c: char| c.is_ascii_digit()) {
        Some(i)
            if i > 0
                && spoken[..i].chars().all(|c| c.is_ascii_alphabetic())
                && spoken[i..].chars().all(|c| c.is_ascii_digit() || c == ',') =>
        {
            format!("{}_{{{}}}", &spoken[..i], &spoken[i..])
        }
        _ => spoken.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Instance;
    use crate::problems::Quantifier::Exists as E;
    use crate::reductions::Reduction;
    use crate::reductions::helpers::testing::{reduce_to_size, running_example};

    #[test]
    fn running_example_has_45_vertices_and_79_arcs() {
        let (_, notes) = reduce_to_size(&QbfToPvg, &running_example(), (45, 79));
        assert!(notes.is_empty());
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
