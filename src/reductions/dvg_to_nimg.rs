//! Normal DVG ≤ misère NimG-RM without loops: every vertex becomes a one-token heap and every
//! arc a weighted gadget `a, b, c, d` whose odd cycle `b–c–d` (with two tokens on `d`)
//! decides who arrives at the far end.
//!
//! Source: G. Renault, S. Schmidt, "On the complexity of the misère version of three games
//! played on graphs", arXiv:1401.0400, Theorem 3.1 (Fig. 6)
//! (../shared/papers/003_a120ef210e855419.txt).
//!
//! Construction (spec `edge-misere-trailtrap.md` §2(d), **recovered from the proof's
//! move-by-move text**; the figure itself was not seen): vertex `u` becomes `x_u` with weight
//! 1; arc `(u, v)` adds `a, b, c` of weight 1 and `d` of weight 2 with the undirected edges
//! `x_u–a, a–b, b–c, c–d, b–d, d–x_v`. Play starts at `x_u` with the same first player.
//! Under misère play moving onto an empty heap loses, so an emptied `x_u` is as good as a
//! visited vertex. The forward line is `x_u→a` (she), `a→b` (he, forced), `b→c` (she),
//! `c→d` (he, forced), `(d, 0, x_v)` (she): she arrives and he moves from `x_v`, as in DVG.
//! The rule for a vertex without neighbours (remove only) is the one of spec §0. Sizes:
//! `n + 4m` vertices, `6m` edges; degrees a 2, b 3, c 2, d 3.
//!
//! The layout ([`Layout`]) holds the heap `x_u` of every vertex and every arc's gadget in the
//! paper's names ([`WeightedArcGadget`]); the certificate maps play the gadgets' local games
//! on those roles (`certmaps/arc_gadgets.rs`; the forward map is the one of Thm 2.3, in its
//! `misere` module).

use super::certmaps::arc_gadgets::{self, Gadgets, misere};
use super::certmaps::{CertMapError, CertMaps};
use super::figure_helpers::{ARCS_NOT_FITTED, ArcPaths, GadgetPlacer, centroid, source_positions};
use super::helpers::{
    GadgetShape, arc_gadget, check_degrees, copy_vertices, gadget_degrees, kept_degrees,
    replace_arcs, rooted_game, start_of,
};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::Certificate;
use crate::problems::Player;
use crate::problems::{Convention, Geography, Rule, VertexId};
use crate::render::Figure;
use crate::render::figure::{Outline, subscript};

/// The reduction DVG → misère NimG-RM; `d_weight: 1` is a control that must fail.
#[derive(Clone, Copy, Debug)]
pub struct DvgToNimg {
    /// Tokens on each gadget's `d` vertex (the paper: 2).
    pub d_weight: u64,
}

impl DvgToNimg {
    /// The reduction as in the paper.
    pub const PAPER: DvgToNimg = DvgToNimg { d_weight: 2 };
}

size_formula! {
    /// The size of the weighted board: a heap per vertex, four vertices per arc.
    SIZE: Geography = |d| {
        n = d.graph.n(), "vertices of the digraph";
        m = d.graph.m(), "arcs of the digraph";
    } => vertices n + 4 * m, edges 6 * m
}

static INFO: ReductionInfo = ReductionInfo {
    id: "dvg-nimg",
    example: Some("examples/games/dvg.geo"),
    source: ProblemKind::Dvg,
    target: ProblemKind::MisereNimgRm,
    paper: "Renault, Schmidt, \"On the complexity of the misere version of three games played \
            on graphs\", arXiv:1401.0400 (papers/003_a120ef210e855419.txt)",
    theorem: "RS Thm 3.1",
    gadgets: &["arc_gadget: a, b, c (weight 1), d (weight 2) per arc (Fig. 6)"],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    preconditions: &["a normal-play DVG game (digraph without loops, start vertex)"],
    claims: &[
        "every original vertex x_u has weight 1 and degree (in + out)",
        "gadget weights a 1, b 1, c 1, d 2 and degrees a 2, b 3, c 2, d 3",
        "no loops; same start, player I first; misere play",
        "normal DVG outcome of (G, u) = misere NimG-RM outcome of (G', w, x_u)",
    ],
    errata: &[
        "Fig. 6 was not seen: edges and weights are recovered from the proof's move-by-move \
         text and confirmed by brute force (spec edge-misere-trailtrap.md section 2(d))",
        "a vertex with no neighbour: the mover removes tokens and the pointer stays (spec \
         section 0; the paper's base case |V| = 1); without it isolated starts break Thm 3.1",
    ],
    provenance: "recovered from the proof text (figure not seen), verified by brute force",
    structure: &[Claim::PlanarIfSource {
        max_degree: None,
        why: "RS Thm 3.1 / Cor. 3.2: misere NimG-RM is PSPACE-complete on planar graphs",
    }],
    size_legend: SIZE.legend,
    yes_winner: Player::First,
};

/// The weighted gadget of Fig. 6 on the arc `(u, v)`: `x_u–a, a–b, b–c, c–d, b–d, d–x_v`,
/// weights `a, b, c` 1 and `d` 2. Its odd cycle `b–c–d` decides who arrives at `x_v`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightedArcGadget {
    /// The index of the arc among the digraph's arcs.
    pub arc: usize,
    /// The heap of the arc's tail.
    pub x_u: VertexId,
    /// The heap of the arc's head.
    pub x_v: VertexId,
    /// Entered from `x_u`.
    pub a: VertexId,
    /// Where the cycle `b–c–d` starts.
    pub b: VertexId,
    /// The cycle's middle.
    pub c: VertexId,
    /// The two-token vertex next to `x_v`; entered from `x_v`.
    pub d: VertexId,
}

arc_gadget! {
    WeightedArcGadget: arc x_u -> x_v;
    private [a: 2, b: 3, c: 2, d: 3];
    enter a from the tail, d from the head;
    edges [(x_u, a), (a, b), (b, c), (c, d), (b, d), (d, x_v)]
}

/// The roles of the weighted board.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The heap `x_u` (weight 1) of every vertex `u` of the digraph (same identifier and
    /// label).
    pub heap: Vec<VertexId>,
    /// The gadget of every arc, in arc order.
    pub gadgets: Vec<WeightedArcGadget>,
}

impl Layout {
    /// `(vertex, tokens)` for every vertex: 1 on each heap `x_u` and on `a, b, c`, `d_weight`
    /// on each `d`.
    fn weights(&self, d_weight: u64) -> impl Iterator<Item = (VertexId, u64)> + '_ {
        let gadgets = self.gadgets.iter();
        let heaps = self.heap.iter().map(|&x| (x, 1));
        heaps.chain(gadgets.flat_map(move |w| [(w.a, 1), (w.b, 1), (w.c, 1), (w.d, d_weight)]))
    }
}

impl Theorem for DvgToNimg {
    type Source = Geography;
    type Layout = Layout;

    fn entry(&self) -> &ReductionInfo {
        &INFO
    }

    fn construct(&self, src: &Geography) -> Result<Construction<Layout>, ReductionError> {
        let dg = &src.graph;
        let mut g = copy_vertices(dg, false);
        let heap: Vec<VertexId> = (0..dg.n()).collect();
        let gadgets = replace_arcs(&mut g, dg, &heap);
        let layout = Layout { heap, gadgets };
        for (x, weight) in layout.weights(self.d_weight) {
            g.vertices[x].weight = Some(weight);
        }
        let start = layout.heap[start_of(src)];
        Ok(Construction {
            game: rooted_game(g, Rule::NimRemoveMove, start, Convention::Misere),
            layout,
            notes: Vec::new(),
        })
    }

    fn size(&self) -> &Size<Geography> {
        &SIZE
    }

    /// No loops; every heap `x_u` has weight 1 and its (in + out) degree; the gadget
    /// vertices have weights `a 1, b 1, c 1, d 2` and degrees `a 2, b 3, c 2, d 3`.
    fn check_layout(&self, src: &Geography, built: &Construction<Layout>) -> Result<(), String> {
        let (lay, tgt) = (&built.layout, &built.game.graph);
        if tgt.has_loop() {
            return Err("the target has a loop".into());
        }
        for (x, want) in lay.weights(Self::PAPER.d_weight) {
            if tgt.vertices[x].weight != Some(want) {
                return Err(format!(
                    "target vertex {} should have weight {want}",
                    tgt.id(x)
                ));
            }
        }
        let heaps = kept_degrees(&src.graph, &lay.heap, 0);
        check_degrees(tgt, heaps.chain(gadget_degrees(&lay.gadgets)))
    }

    fn maps(&self) -> CertMaps {
        MAPS
    }

    fn paper_labels(&self, _: &Geography, built: &Construction<Layout>) -> Vec<(VertexId, String)> {
        gadget_labels(&built.layout)
    }

    fn figure(&self, src: &Geography, built: &Construction<Layout>) -> Option<Figure> {
        Some(figure(src, built))
    }

    fn carry_forward(
        &self,
        src: &Geography,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let lay = &built.layout;
        let gd = Gadgets::new(src, &built.game, &lay.heap, &lay.gadgets);
        misere::forward(gd, src, &built.game, cert)
    }

    fn carry_back(
        &self,
        src: &Geography,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let lay = &built.layout;
        let gd = Gadgets::new(src, &built.game, &lay.heap, &lay.gadgets);
        arc_gadgets::backward(&gd, src, &built.game, cert)
    }
}

/// Fig. 6 on the source's shape: the heaps `x_u` where the digraph's vertices are (labelled
/// as the source labels them), and each arc's gadget small along the arc it replaces, `a`
/// next to the tail, the odd cycle `b–c–d` as a triangle, `d` next to the head; gadget
/// vertices carry the arc's number as subscript (`a₃`), heap sizes under the labels.
/// The labels of Fig. 6's weighted gadget (see [`Theorem::paper_labels`]): the role letters
/// with the arc's number, `a_k b_k c_k d_k` for arc k.
fn gadget_labels(lay: &Layout) -> Vec<(VertexId, String)> {
    let mut out = Vec::new();
    for w in &lay.gadgets {
        let k = (w.arc + 1).to_string();
        for (v, role) in [w.a, w.b, w.c, w.d]
            .into_iter()
            .zip(WeightedArcGadget::ROLES)
        {
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
        "Misère NimG-RM: every arc k = u→v replaced by the weighted gadget aₖ bₖ cₖ dₖ \
         (heap sizes under the labels; Renault–Schmidt, Thm 3.1, Fig. 6)",
    );
    let pos = source_positions(dg, 7.5);
    let centre = centroid(&pos);
    for (u, &x) in lay.heap.iter().enumerate() {
        fig.place(x, pos[u].0, pos[u].1);
    }
    let paths = ArcPaths::new(dg, &pos, centre);
    if paths.unfitted() {
        fig.caption.push(ARCS_NOT_FITTED.into());
    }
    let mut placer = GadgetPlacer::new(&paths);
    for w in &lay.gadgets {
        let path = paths.path(w.arc);
        let k = (w.arc + 1).to_string();
        let spots = [
            (w.a, 0.24, 0.0),
            (w.b, 0.43, 0.0),
            (w.c, 0.55, 0.85),
            (w.d, 0.70, 0.0),
        ];
        placer.place(&mut fig, &path, &spots);
        // Outlined and named by its arc, so that `--highlight arc3` finds it.
        let members = spots.iter().map(|s| s.0).collect();
        fig.gadget(format!("arc{k}"), "", members, Outline::Hull);
    }
    fig
}

/// The certificate maps of Thm 3.1, those of Thm 2.3
/// ([`MAPS`](super::dvg_to_misere_uvg::MAPS)): the proof of Thm 3.1 answers an entry from the
/// head by whether moving on to the tail wins, and the winner's strategy may cross a gadget
/// leaving a token on `d`, which the backward replay follows.
pub const MAPS: CertMaps = super::dvg_to_misere_uvg::MAPS;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reductions::helpers::testing::parse_game;

    const PATH: &str = "geography { directed vertex geography normal play tokens: one at u \
                        vertices u v w edges u -> v -> w }";

    #[test]
    fn the_layout_names_fig_6_and_d_holds_two_tokens() {
        let src = parse_game(PATH);
        let built = DvgToNimg::PAPER.construct(&src).unwrap();
        let g = &built.game.graph;
        let w = built.layout.gadgets[1];
        assert_eq!(
            [w.x_u, w.a, w.b, w.c, w.d, w.x_v].map(|x| g.id(x)),
            ["v", "a_v_w", "b_v_w", "c_v_w", "d_v_w", "w"]
        );
        assert_eq!(g.vertices[w.d].weight, Some(2));
        assert_eq!(built.layout.heap.len(), 3);
        assert_eq!(SIZE.of(&src), (g.n(), g.m()));
        DvgToNimg::PAPER.check_layout(&src, &built).unwrap();
    }

    #[test]
    fn check_layout_rejects_the_one_token_control() {
        let src = parse_game(PATH);
        let control = DvgToNimg { d_weight: 1 };
        let built = control.construct(&src).unwrap();
        let err = control.check_layout(&src, &built).unwrap_err();
        assert!(err.contains("d_u_v") && err.contains("weight 2"), "{err}");
    }
}
