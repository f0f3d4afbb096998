//! Trail Trap ≤ Trail Trap on disconnected graphs: add one isolated vertex.
//!
//! Source: J. Buchanan, M. Carr, A. Clifton, S. Hartke, V. Iršič, N. Sieger, R. Whitman,
//! "Trail Trap: a variant of Partizan Edge Geography", arXiv:2405.05195, Corollary 19
//! (../shared/papers/004_085ee812aeb3cc3c.txt).
//!
//! `G ⊎ K_1`: every move of Trail Trap uses an edge, and the new vertex has none, so the two
//! games have the same moves and the same winner. With Theorem 18 this makes Trail Trap
//! NP-hard on disconnected (bipartite planar, max degree 4) graphs. Recovered from the text.
//! Sizes: `n + 1` vertices, `m` edges.
//!
//! Certificate maps: the same strategy both ways. G keeps its vertex indices and its edges
//! (in order) in the target, so a line of play of one game is a line of the other.

use super::certmaps::util::same_moves;
use super::certmaps::{CertMapError, CertMaps, MapStatus};
use super::figure_helpers::{centroid, source_positions};
use super::helpers::{add_fresh, copy_vertices};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::Certificate;
use crate::problems::Player;
use crate::problems::{Geography, VertexId};
use crate::render::Figure;

/// The reduction Trail Trap → Trail Trap on `G ⊎ K_1` (Cor 19).
#[derive(Clone, Copy, Debug, Default)]
pub struct TrailTrapDisconnected;

size_formula! {
    /// The size of `G ⊎ K_1`.
    SIZE: Geography = |g| {
        n = g.graph.n(), "vertices of G";
        m = g.graph.m(), "edges of G";
    } => vertices n + 1, edges m
}

static INFO: ReductionInfo = ReductionInfo {
    id: "trailtrap-disconnected",
    example: Some("examples/games/trail-trap.geo"),
    source: ProblemKind::TrailTrap,
    target: ProblemKind::TrailTrap,
    paper: "Buchanan, Carr, Clifton, Hartke, Irsic, Sieger, Whitman, \"Trail Trap: a variant \
            of Partizan Edge Geography\", arXiv:2405.05195 (papers/004_085ee812aeb3cc3c.txt)",
    theorem: "Trail Trap Cor 19",
    gadgets: &["isolated: one new vertex without edges"],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    preconditions: &["a Trail Trap game (any undirected graph)"],
    claims: &[
        "the target is the source graph plus one isolated vertex (disconnected when n >= 1)",
        "the winner is unchanged: no move can use the isolated vertex",
    ],
    errata: &[],
    provenance: "recovered from the paper's text (exact)",
    structure: &[Claim::PlanarIfSource {
        max_degree: None,
        why: "Trail Trap Cor. 19: NP-hard on disconnected bipartite planar graphs",
    }],
    size_legend: SIZE.legend,
    yes_winner: Player::First,
};

/// `G ⊎ K_1` by role.
#[derive(Clone, Debug)]
pub struct Layout {
    /// G's vertices: `graph[x]` is G's vertex x (same index, identifier and label).
    pub graph: Vec<VertexId>,
    /// The isolated vertex K_1.
    pub isolated: VertexId,
}

impl Theorem for TrailTrapDisconnected {
    type Source = Geography;
    type Layout = Layout;

    fn entry(&self) -> &ReductionInfo {
        &INFO
    }

    fn construct(&self, game: &Geography) -> Result<Construction<Layout>, ReductionError> {
        let mut graph = copy_vertices(&game.graph, false);
        graph.edges = game.graph.edges.clone();
        let isolated = add_fresh(&mut graph, "iso", None);
        graph.add_group("isolated", "K1", vec![isolated]);
        let mut target = game.clone();
        target.graph = graph;
        Ok(Construction {
            game: target,
            layout: Layout {
                graph: (0..game.graph.n()).collect(),
                isolated,
            },
            notes: Vec::new(),
        })
    }

    fn size(&self) -> &Size<Geography> {
        &SIZE
    }

    /// The isolated vertex is the paper's K₁.
    fn paper_labels(&self, _: &Geography, built: &Construction<Layout>) -> Vec<(VertexId, String)> {
        vec![(built.layout.isolated, "K_1".into())]
    }

    fn figure(&self, src: &Geography, built: &Construction<Layout>) -> Option<Figure> {
        Some(figure(src, built))
    }

    /// The target is G (same vertex indices and identifiers, same edges in order) plus the
    /// isolated vertex, which the maps rely on.
    fn check_layout(&self, src: &Geography, built: &Construction<Layout>) -> Result<(), String> {
        let (tgt, lay) = (&built.game.graph, &built.layout);
        let n = src.graph.n();
        let kept = (0..n).all(|x| lay.graph[x] == x && tgt.id(x) == src.graph.id(x));
        let alone = tgt
            .edges
            .iter()
            .all(|&(a, b)| a != lay.isolated && b != lay.isolated);
        match kept && alone && tgt.n() == n + 1 && tgt.edges == src.graph.edges {
            true => Ok(()),
            false => Err("the target is not the source plus one isolated vertex".into()),
        }
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
        same_moves(src, &built.game, cert)
    }

    fn carry_back(
        &self,
        src: &Geography,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        same_moves(&built.game, src, cert)
    }
}

/// The maps of `trailtrap-disconnected`.
const MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "the same strategy: the isolated vertex has no edge, so both games have the same moves",
    ),
    forward_no: MapStatus::Constructive("the same strategy"),
    backward_yes: MapStatus::Constructive("the same strategy"),
    backward_no: MapStatus::Constructive("the same strategy"),
};

/// G as the source is drawn, and the isolated vertex K₁ to its right.
fn figure(src: &Geography, built: &Construction<Layout>) -> Figure {
    let lay = &built.layout;
    let mut fig = Figure::of_game(
        &built.game,
        "Trail Trap on G ⊎ K₁: the source board and an isolated vertex (Trail Trap, Cor. 19)",
    );
    let pos = source_positions(&src.graph, 2.0);
    for (x, &t) in lay.graph.iter().enumerate() {
        fig.place(t, pos[x].0, pos[x].1);
    }
    let right = pos.iter().map(|p| p.0).fold(0.0, f64::max);
    let (_, cy) = centroid(&pos);
    fig.place(lay.isolated, right + 2.5, cy);
    fig.label(lay.isolated, "K_1");
    fig
}
