//! DEG ≤ UEG: every arc `x → y` becomes an undirected copy of gadget A that can only be
//! crossed from `x` to `y`.
//!
//! Source: A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
//! Theoretical Computer Science 112 (1993), the theorem that UEG is PSPACE-complete, as
//! presented in A. Pardyl's slides (../shared/papers/001_f0c30a9d3ef1c0f7.txt); our copy
//! does not give the theorem's number.
//!
//! Gadget A (spec `edge-misere-trailtrap.md` §1) has five private vertices `p, z, q, r, s`
//! and the eight edges `x–p, p–z, p–q, q–r, r–z, r–s, z–s, s–y`. The paper's figure was not
//! available; this gadget was **reconstructed** by exhaustive search (it is the only one with
//! at most five internal vertices of degree ≤ 3) and matches every statement on the slides:
//! entering from `y` loses to the answer `s → z`, and the entrant at `x` crosses in exactly
//! five moves `x→p, p→q, q→r, r→s, s→y`, arriving at `y` with the opponent to move, as in
//! DEG. Sizes: `n + 5m` vertices, `8m` edges; each original vertex keeps its degree
//! (in + out), internal degrees are 3, 3, 2, 3, 3.
//!
//! The layout ([`Layout`]) names every gadget's vertices as the slides do ([`GadgetA`]); the
//! certificate maps play each gadget's local game (`certmaps/arc_gadgets.rs`) on those roles.

use super::certmaps::arc_gadgets::{self, Gadgets};
use super::certmaps::util::{GameOracle, build_game_cert, dest};
use super::certmaps::{CertMapError, CertMaps, MapStatus};
use super::figure_helpers::{ARCS_NOT_FITTED, ArcPaths, GadgetPlacer, centroid, source_positions};
use super::helpers::{
    GadgetShape, arc_gadget, check_degrees, copy_vertices, gadget_degrees, kept_degrees,
    replace_arcs, rooted_game, start_of,
};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::Certificate;
use crate::problems::Player;
use crate::problems::{Convention, Geography, Move, Rule, VertexId};
use crate::render::Figure;
use crate::render::figure::{Outline, subscript};

/// What replaces each arc: the paper's gadget, or a plain edge (a control that must fail).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArcReplacement {
    /// FSU gadget A (the reduction).
    A,
    /// Control: a plain undirected edge `x–y`, which lets players cross arcs backwards.
    PlainEdge,
}

/// The reduction DEG → UEG with the arc replacement `gadget`.
#[derive(Clone, Copy, Debug)]
pub struct DegToUeg {
    /// The arc replacement; the registered reduction uses [`ArcReplacement::A`].
    pub gadget: ArcReplacement,
}

impl DegToUeg {
    /// The reduction as in the paper.
    pub const PAPER: DegToUeg = DegToUeg {
        gadget: ArcReplacement::A,
    };
}

size_formula! {
    /// The size of the undirected board: the digraph's vertices and five per arc.
    SIZE: Geography = |d| {
        n = d.graph.n(), "vertices of the digraph";
        m = d.graph.m(), "arcs of the digraph";
    } => vertices n + 5 * m, edges 8 * m
}

static INFO: ReductionInfo = ReductionInfo {
    id: "deg-ueg",
    example: Some("examples/games/deg.geo"),
    source: ProblemKind::Deg,
    target: ProblemKind::Ueg,
    paper: "Fraenkel, Scheinerman, Ullman, \"Undirected edge geography\", TCS 112 (1993), \
            via Pardyl's slides (papers/001_f0c30a9d3ef1c0f7.txt)",
    theorem: "FSU 1993 UEG theorem (number not in our copy)",
    gadgets: &["arc_gadget: gadget A (p, z, q, r, s) per arc"],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    preconditions: &[
        "a DEG game: digraph with a start vertex (loops and antiparallel arcs allowed)",
    ],
    claims: &[
        "every original vertex has its DEG degree (in + out)",
        "gadget degrees p 3, z 3, q 2, r 3, s 3 (max 3)",
        "same start, player I first, normal play",
        "player I wins DEG(D, w) iff player I wins UEG(G, w)",
    ],
    errata: &[
        "gadget A is reconstructed: the figure was not available; an exhaustive search over \
         gadgets with <= 5 internal vertices of degree <= 3 found only this one, and it \
         matches every statement on the slides (spec edge-misere-trailtrap.md section 1)",
    ],
    provenance: "reconstructed (exhaustive gadget search, verified by brute force)",
    structure: &[Claim::PlanarIfSource {
        max_degree: None,
        why: "our gadget A for FSU's DEG -> UEG is planar with its terminals on one face, so planar \
         DEG (PSPACE-complete, FSU) gives planar UEG",
    }],
    size_legend: SIZE.legend,
    yes_winner: Player::First,
};

/// Gadget A on the arc `x → y`, in the slides' names: `x–p, p–z, p–q, q–r, r–z, r–s, z–s,
/// s–y`. The entrant at `x` crosses by `x→p, p→q, q→r, r→s, s→y`; entering from `y` (onto
/// `s`) loses to the answer `s → z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GadgetA {
    /// The index of the arc among the digraph's arcs.
    pub arc: usize,
    /// The arc's tail.
    pub x: VertexId,
    /// The arc's head.
    pub y: VertexId,
    /// Entered from `x`.
    pub p: VertexId,
    /// The vertex the answer to a backward entry goes to.
    pub z: VertexId,
    /// The middle of the forward crossing (degree 2).
    pub q: VertexId,
    /// Joined to `q`, `z` and `s`.
    pub r: VertexId,
    /// Leads to `y`; entered from `y`.
    pub s: VertexId,
}

// The degrees of `p, z, q, r, s` are the FSU abstract's degree claim.
arc_gadget! {
    GadgetA: arc x -> y;
    private [p: 3, z: 3, q: 2, r: 3, s: 3];
    enter p from the tail, s from the head;
    edges [(x, p), (p, z), (p, q), (q, r), (r, z), (r, s), (z, s), (s, y)]
}

/// The roles of the undirected board.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The target vertex of every vertex of the digraph (same identifier and label).
    pub original: Vec<VertexId>,
    /// Gadget A of every arc, in arc order (none for the plain-edge control).
    pub gadgets: Vec<GadgetA>,
}

impl Theorem for DegToUeg {
    type Source = Geography;
    type Layout = Layout;

    fn entry(&self) -> &ReductionInfo {
        &INFO
    }

    fn construct(&self, src: &Geography) -> Result<Construction<Layout>, ReductionError> {
        let d = &src.graph;
        let mut g = copy_vertices(d, false);
        let original: Vec<VertexId> = (0..d.n()).collect();
        let gadgets = match self.gadget {
            ArcReplacement::A => replace_arcs(&mut g, d, &original),
            ArcReplacement::PlainEdge => {
                for &(u, v) in &d.edges {
                    g.add_edge(original[u], original[v]);
                }
                Vec::new()
            }
        };
        let start = original[start_of(src)];
        Ok(Construction {
            game: rooted_game(g, Rule::Edge, start, Convention::Normal),
            layout: Layout { original, gadgets },
            notes: Vec::new(),
        })
    }

    fn size(&self) -> &Size<Geography> {
        &SIZE
    }

    fn paper_labels(&self, _: &Geography, built: &Construction<Layout>) -> Vec<(VertexId, String)> {
        gadget_labels(&built.layout)
    }

    fn figure(&self, src: &Geography, built: &Construction<Layout>) -> Option<Figure> {
        Some(figure(src, built))
    }

    /// Every original vertex keeps its (in + out) degree, and gadget A's vertices have the
    /// degrees `p 3, z 3, q 2, r 3, s 3`.
    fn check_layout(&self, src: &Geography, built: &Construction<Layout>) -> Result<(), String> {
        let lay = &built.layout;
        let originals = kept_degrees(&src.graph, &lay.original, 0);
        check_degrees(
            &built.game.graph,
            originals.chain(gadget_degrees(&lay.gadgets)),
        )
    }

    fn maps(&self) -> CertMaps {
        MAPS
    }

    fn carry_forward(
        &self,
        src: &Geography,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let lay = &built.layout;
        let tgt = &built.game;
        let gd = Gadgets::new(src, tgt, &lay.original, &lay.gadgets);
        let oracle = GameOracle::new(src, cert)?;
        build_game_cert(tgt, oracle.winner(), |at| {
            let line = at.line();
            match gd.decode(tgt, line)? {
                (_, Some(crossing)) => gd.local_move(at, crossing),
                (source_line, None) => {
                    let Move::Step { edge, .. } = oracle.reply(&source_line)? else {
                        return Err(CertMapError::Invalid("not an arc move".into()));
                    };
                    let p = gd.entry(edge);
                    at.legal()?
                        .into_iter()
                        .find(|t| dest(t) == Some(p))
                        .ok_or_else(|| CertMapError::Invalid("the gadget entry is blocked".into()))
                }
            }
        })
    }

    fn carry_back(
        &self,
        src: &Geography,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let lay = &built.layout;
        let gd = Gadgets::new(src, &built.game, &lay.original, &lay.gadgets);
        arc_gadgets::backward(&gd, src, &built.game, cert)
    }
}

/// The certificate maps of DEG → UEG. Forward: the winner enters gadget A of his source
/// strategy's arc at `p` and plays the gadget's local game; every deviation of the opponent
/// inside gadget A, including entering it from `y`, is lost locally (the slides' "the
/// opponent goes to z and wins locally"). Backward: the shared arc-gadget replay
/// (`arc_gadgets::BACKWARD`).
pub const MAPS: CertMaps = CertMaps {
    forward_yes: FORWARD,
    forward_no: FORWARD,
    backward_yes: arc_gadgets::BACKWARD,
    backward_no: arc_gadgets::BACKWARD,
};

const FORWARD: MapStatus = MapStatus::Constructive(
    "DEG strategy → UEG strategy: enter gadget A of the strategy's arc and cross it in five \
     moves; every deviation inside gadget A, or an entry from its head, loses locally (gadget \
     played by exhaustive local search)",
);

/// The FSU board on the source's shape: the original vertices where the digraph's are, and
/// each arc's gadget A small along the arc it replaces (`p` next to the tail, `q r` on the
/// outer side, `z` on the inner one, `s` next to the head), its vertices named as the
/// slides name them with the arc's number as subscript (`p₃`).
/// The labels of gadget A's vertices (see [`Theorem::paper_labels`]): the paper's role
/// letters with the arc's number, `p_k z_k q_k r_k s_k` for arc k.
fn gadget_labels(lay: &Layout) -> Vec<(VertexId, String)> {
    let mut out = Vec::new();
    for g in &lay.gadgets {
        let k = (g.arc + 1).to_string();
        for (v, role) in [g.p, g.z, g.q, g.r, g.s].into_iter().zip(GadgetA::ROLES) {
            out.push((v, subscript(role, &k)));
        }
    }
    out
}

fn figure(src: &Geography, built: &Construction<Layout>) -> Figure {
    let lay = &built.layout;
    let dg = &src.graph;
    let mut fig = Figure::of_game(
        &built.game,
        "Undirected edge geography: every arc k = x→y replaced by gadget A (pₖ zₖ qₖ rₖ sₖ) \
         (Fraenkel–Scheinerman–Ullman, Undirected edge geography)",
    );
    let pos = source_positions(dg, 8.0);
    let centre = centroid(&pos);
    for (u, &x) in lay.original.iter().enumerate() {
        fig.place(x, pos[u].0, pos[u].1);
    }
    let paths = ArcPaths::new(dg, &pos, centre);
    if paths.unfitted() {
        fig.caption.push(ARCS_NOT_FITTED.into());
    }
    let mut placer = GadgetPlacer::new(&paths);
    for g in &lay.gadgets {
        let path = paths.path(g.arc);
        let k = (g.arc + 1).to_string();
        let spots = [
            (g.p, 0.2, 0.0),
            (g.z, 0.5, -0.75),
            (g.q, 0.38, 0.8),
            (g.r, 0.62, 0.8),
            (g.s, 0.8, 0.0),
        ];
        placer.place(&mut fig, &path, &spots);
        // Outlined and named by its arc, so that `--highlight arc3` finds it.
        let members = spots.iter().map(|s| s.0).collect();
        fig.gadget(format!("arc{k}"), "", members, Outline::Hull);
    }
    fig
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reductions::helpers::ArcGadget;
    use crate::reductions::helpers::testing::parse_game;

    const TWO_ARCS: &str = "geography { directed edge geography normal play tokens: one at u \
                            vertices u v edges u -> v -> u }";

    #[test]
    fn the_layout_names_gadget_a_as_the_slides_do() {
        let src = parse_game(TWO_ARCS);
        let built = DegToUeg::PAPER.construct(&src).unwrap();
        let g = &built.game.graph;
        let [a, b] = &built.layout.gadgets[..] else {
            panic!("one gadget per arc")
        };
        let ids = |x: &GadgetA| x.private().into_iter().map(|v| g.id(v)).collect::<Vec<_>>();
        assert_eq!(ids(a), ["p_u_v", "z_u_v", "q_u_v", "r_u_v", "s_u_v"]);
        assert_eq!(ids(b), ["p_v_u", "z_v_u", "q_v_u", "r_v_u", "s_v_u"]);
        assert_eq!((g.id(a.x), g.id(a.y), g.id(b.x)), ("u", "v", "v"));
        assert_eq!(g.edges[..8], a.edges());
        assert_eq!(SIZE.of(&src), (g.n(), g.m()));
        DegToUeg::PAPER.check_layout(&src, &built).unwrap();
    }

    #[test]
    fn check_layout_finds_a_gadget_vertex_of_the_wrong_degree() {
        let src = parse_game(TWO_ARCS);
        let mut built = DegToUeg::PAPER.construct(&src).unwrap();
        let a = built.layout.gadgets[0];
        built.game.graph.add_edge(a.q, a.z);
        let err = DegToUeg::PAPER.check_layout(&src, &built).unwrap_err();
        assert!(err.contains("z_u_v"), "{err}");
    }
}
