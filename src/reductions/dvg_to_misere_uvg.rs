//! Normal DVG ≤ misère UVG: every arc becomes an undirected five-vertex gadget that acts as
//! an arc, and every vertex gets a pendant neighbour.
//!
//! Source: G. Renault, S. Schmidt, "On the complexity of the misère version of three games
//! played on graphs", arXiv:1401.0400, Theorem 2.3 (../shared/papers/003_a120ef210e855419.txt).
//!
//! **The arc gadget is a verified replacement, not the paper's Fig. 5.** The figure could not
//! be recovered (spec `edge-misere-trailtrap.md` §2(b)); the proof text shows that the
//! paper's gadget is larger (a seven-move forward traversal, attached to `u` and `v` through
//! more than one vertex). This gadget was found by exhaustive search over gadgets with ≤ 5
//! private vertices, and verified by brute force: for an arc `(u, v)` it adds `g0 … g4` and
//! the nine edges `u–g0, g0–g2, g0–g3, g0–g4, g1–g2, g1–g3, g1–g4, g2–g3, g4–v`
//! ({g0, g1, g2, g3} is K4 minus g0g1; g4 joins g0, g1 and v). As in the paper, every vertex
//! `x` also gets a pendant `x'`, so that the player stuck in the directed game must take a
//! pendant and lose (misère). Start and first player are unchanged; `o⁺(G, u) = o⁻(G', u)`.
//! Sizes: `2n + 5m` vertices, `n + 9m` edges; degrees g0 4, g1–g4 3, each original vertex
//! its (in + out) degree plus one.
//!
//! The layout ([`Layout`]) holds every vertex's pendant and every arc's gadget by role
//! ([`ArcGadgetG`]); the certificate maps play the gadgets' local games on those roles
//! (`certmaps/arc_gadgets.rs`, whose `misere` module holds the forward map shared with
//! `dvg-nimg`).

use super::certmaps::arc_gadgets::{self, Gadgets, misere};
use super::certmaps::{CertMapError, CertMaps};
use super::figure_helpers::{
    ARCS_NOT_FITTED, ArcPaths, GadgetPlacer, centroid, place_pendants, source_positions,
};
use super::helpers::{
    add_pendants, arc_gadget, check_degrees, copy_vertices, gadget_degrees, kept_degrees,
    replace_arcs, rooted_game, start_of,
};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::Certificate;
use crate::problems::Player;
use crate::problems::{Convention, Geography, Rule, VertexId};
use crate::render::Figure;
use crate::render::figure::Outline;

/// The reduction normal DVG → misère UVG; `pendants: false` is a control that must fail.
#[derive(Clone, Copy, Debug)]
pub struct DvgToMisereUvg {
    /// Whether every vertex gets its pendant (the registered reduction: `true`).
    pub pendants: bool,
}

impl DvgToMisereUvg {
    /// The reduction as in the paper (with the replacement gadget).
    pub const PAPER: DvgToMisereUvg = DvgToMisereUvg { pendants: true };
}

size_formula! {
    /// The size of `G'`: every vertex and its pendant, five vertices per arc.
    SIZE: Geography = |d| {
        n = d.graph.n(), "vertices of the digraph";
        m = d.graph.m(), "arcs of the digraph";
    } => vertices 2 * n + 5 * m, edges n + 9 * m
}

static INFO: ReductionInfo = ReductionInfo {
    id: "dvg-misere-uvg",
    example: Some("examples/games/dvg.geo"),
    source: ProblemKind::Dvg,
    target: ProblemKind::MisereUvg,
    paper: "Renault, Schmidt, \"On the complexity of the misere version of three games played \
            on graphs\", arXiv:1401.0400 (papers/003_a120ef210e855419.txt)",
    theorem: "RS Thm 2.3",
    gadgets: &[
        "pendant: one new neighbour x' of every vertex x",
        "arc_gadget: g0..g4 per arc (verified replacement, NOT the paper's Fig. 5)",
    ],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    preconditions: &["a normal-play DVG game (digraph without loops, start vertex)"],
    claims: &[
        "every original vertex has degree (in + out) + 1",
        "gadget degrees g0 4, g1 g2 g3 g4 3; pendants 1",
        "same start, player I first; misere play",
        "normal DVG outcome of (G, u) = misere UVG outcome of (G', u)",
    ],
    errata: &[
        "the arc gadget is a verified replacement found by exhaustive search (<= 5 private \
         vertices), not the paper's Fig. 5, which could not be recovered; the paper's gadget \
         is larger (spec edge-misere-trailtrap.md section 2(b) lists what it must satisfy)",
    ],
    provenance: "pendants recovered from the text; arc gadget a verified replacement \
                 (exhaustive search, brute-force checked), not Fig. 5",
    structure: &[Claim::PlanarIfSource {
        max_degree: None,
        why: "RS Thm 2.3 / Cor. 2.4: the gadget is planar with the linked vertices on one face",
    }],
    size_legend: SIZE.legend,
    yes_winner: Player::First,
};

/// The arc gadget on the arc `(u, v)`: `u–g0, g0–g2, g0–g3, g0–g4, g1–g2, g1–g3, g1–g4,
/// g2–g3, g4–v` (`{g0, g1, g2, g3}` is K4 minus `g0g1`). The paper's Fig. 5 names are not
/// known (module comment), so the roles are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArcGadgetG {
    /// The index of the arc among the digraph's arcs.
    pub arc: usize,
    /// The arc's tail.
    pub u: VertexId,
    /// The arc's head.
    pub v: VertexId,
    /// Entered from `u`.
    pub g0: VertexId,
    /// Joined to `g2`, `g3`, `g4`.
    pub g1: VertexId,
    /// Joined to `g0`, `g1`, `g3`.
    pub g2: VertexId,
    /// Joined to `g0`, `g1`, `g2`.
    pub g3: VertexId,
    /// Leads to `v`; entered from `v`.
    pub g4: VertexId,
}

arc_gadget! {
    ArcGadgetG: arc u -> v;
    private [g0: 4, g1: 3, g2: 3, g3: 3, g4: 3];
    enter g0 from the tail, g4 from the head;
    edges [(u, g0), (g0, g2), (g0, g3), (g0, g4), (g1, g2), (g1, g3), (g1, g4), (g2, g3), (g4, v)]
}

/// The roles of `G'`.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The target vertex of every vertex `x` of the digraph (same identifier and label).
    pub original: Vec<VertexId>,
    /// The pendant `x'` of every vertex `x` (empty for the control without pendants).
    pub pendant: Vec<VertexId>,
    /// The gadget of every arc, in arc order.
    pub gadgets: Vec<ArcGadgetG>,
}

impl Theorem for DvgToMisereUvg {
    type Source = Geography;
    type Layout = Layout;

    fn entry(&self) -> &ReductionInfo {
        &INFO
    }

    fn construct(&self, src: &Geography) -> Result<Construction<Layout>, ReductionError> {
        let d = &src.graph;
        let mut g = copy_vertices(d, false);
        let original: Vec<VertexId> = (0..d.n()).collect();
        let pendant = match self.pendants {
            true => add_pendants(&mut g, d.n()),
            false => Vec::new(),
        };
        let gadgets = replace_arcs(&mut g, d, &original);
        let start = original[start_of(src)];
        Ok(Construction {
            game: rooted_game(g, Rule::Vertex, start, Convention::Misere),
            layout: Layout {
                original,
                pendant,
                gadgets,
            },
            notes: Vec::new(),
        })
    }

    fn size(&self) -> &Size<Geography> {
        &SIZE
    }

    fn figure(&self, src: &Geography, built: &Construction<Layout>) -> Option<Figure> {
        Some(figure(src, built))
    }

    /// Every original vertex has its (in + out) degree plus one (its pendant's edge), every
    /// pendant degree 1, the gadget vertices `g0 4, g1 … g4 3`.
    fn check_layout(&self, src: &Geography, built: &Construction<Layout>) -> Result<(), String> {
        let lay = &built.layout;
        let with_pendant = usize::from(!lay.pendant.is_empty());
        let originals = kept_degrees(&src.graph, &lay.original, with_pendant);
        let pendants = lay.pendant.iter().map(|&p| (p, 1));
        let gadgets = gadget_degrees(&lay.gadgets);
        check_degrees(&built.game.graph, originals.chain(pendants).chain(gadgets))
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
        let gd = Gadgets::new(src, &built.game, &lay.original, &lay.gadgets);
        misere::forward(gd, src, &built.game, cert)
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

/// The certificate maps of Thm 2.3 (and of Thm 3.1): forward, the winner follows his source
/// strategy through the gadgets and answers an opponent who enters a gadget from its head by
/// the outcome of the source position at its tail, as the proof does; backward, the target
/// strategy is replayed with the opponent crossing the gadgets of his source moves
/// (`certmaps/arc_gadgets.rs`).
pub const MAPS: CertMaps = CertMaps {
    forward_yes: misere::FORWARD,
    forward_no: misere::FORWARD,
    backward_yes: arc_gadgets::BACKWARD,
    backward_no: arc_gadgets::BACKWARD,
};

/// Thm 2.3's board on the source's shape: the original vertices where the digraph's are,
/// each arc's gadget (unnamed in the paper, so drawn as dots) small along the arc it
/// replaces: `g0` next to the tail, `g0 g3` in a row with `g2` on one side, `g1` just off
/// the row on that side, and `g4` (which leads to the head) on the other side towards the
/// head, so that its edge to the head keeps clear of the gadget; every pendant a small
/// leaf on its vertex's free side.
fn figure(src: &Geography, built: &Construction<Layout>) -> Figure {
    let lay = &built.layout;
    let dg = &src.graph;
    let mut fig = Figure::of_game(
        &built.game,
        "Misère UVG: every arc u→v replaced by the undirected arc gadget (dots), every vertex \
         given a pendant leaf (Renault–Schmidt, Thm 2.3, Fig. 5)",
    );
    let pos = source_positions(dg, 6.0);
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
        let spots = [
            (g.g0, 0.15, 0.0),
            (g.g3, 0.42, 0.0),
            (g.g2, 0.42, 0.6),
            (g.g1, 0.7, 0.2),
            (g.g4, 0.58, -0.6),
        ];
        for &(v, _, _) in &spots {
            fig.point(v);
        }
        placer.place(&mut fig, &path, &spots);
        // Outlined and named by its arc (numbered from 1), for `--highlight arc3`; its
        // vertices are unlabelled dots, so the outline carries the arc's number, the number
        // the source drawn beside it (`--source-beside`) writes on the arc.
        let members = spots.iter().map(|s| s.0).collect();
        let k = (g.arc + 1).to_string();
        fig.gadget(
            format!("arc{k}"),
            format!("arc {k}"),
            members,
            Outline::Hull,
        );
    }
    if !lay.pendant.is_empty() {
        place_pendants(&mut fig, &lay.original, &lay.pendant, centre, 0.8);
    }
    fig
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reductions::helpers::ArcGadget;
    use crate::reductions::helpers::testing::parse_game;

    const ARC: &str = "geography { directed vertex geography normal play tokens: one at u \
                       vertices u v edges u -> v }";

    #[test]
    fn the_layout_holds_the_pendants_and_the_gadget_roles() {
        let src = parse_game(ARC);
        let built = DvgToMisereUvg::PAPER.construct(&src).unwrap();
        let (g, lay) = (&built.game.graph, &built.layout);
        assert_eq!(
            lay.pendant.iter().map(|&p| g.id(p)).collect::<Vec<_>>(),
            ["u_pend", "v_pend"]
        );
        let a = lay.gadgets[0];
        assert_eq!((a.tail_entry(), a.head_entry()), (a.g0, a.g4));
        assert_eq!(g.id(a.g4), "g4_u_v");
        assert_eq!(SIZE.of(&src), (g.n(), g.m()));
        DvgToMisereUvg::PAPER.check_layout(&src, &built).unwrap();
    }

    #[test]
    fn check_layout_finds_an_original_vertex_of_the_wrong_degree() {
        let src = parse_game(ARC);
        let mut built = DvgToMisereUvg::PAPER.construct(&src).unwrap();
        let lay = &built.layout;
        let (u, p) = (lay.original[0], lay.pendant[1]);
        built.game.graph.add_edge(u, p);
        let err = DvgToMisereUvg::PAPER
            .check_layout(&src, &built)
            .unwrap_err();
        assert!(err.contains("vertex u "), "{err}");
    }
}
