//! Normal DVG ≤ misère DVG: every vertex gets a pendant out-neighbour, a losing escape that
//! nobody takes until it is the only move left.
//!
//! Source: G. Renault, S. Schmidt, "On the complexity of the misère version of three games
//! played on graphs", arXiv:1401.0400, Theorem 2.1 (../shared/papers/003_a120ef210e855419.txt).
//!
//! Construction (recovered exactly from the text, spec `edge-misere-trailtrap.md` §2):
//! `G'` has the vertices `V ∪ {x' : x ∈ V}` and the arcs of `G` plus one arc `x → x'`
//! per vertex; the start and the first player are unchanged and `o⁺(G, u) = o⁻(G', u)`.
//! Taking a pendant ends the game with the opponent unable to move, which wins for the
//! opponent under misère play, so the pendants only matter once the normal game is over:
//! the player stuck in `G` is the one who must take a pendant. Sizes: `2n` vertices,
//! `m + n` arcs.
//!
//! Theorems 2.5 (UEG) and 2.6 (DEG) add the same pendants to an edge geography board, and
//! their proofs are "similar to the proof of Theorem 2.1": one construction, one proof. So
//! this file holds the construction, layout, size, claims and certificate maps of all three
//! ([`MisereByPendants`]); `ueg_to_misere_ueg.rs` and `deg_to_misere_deg.rs` hold only their
//! theorem's catalogue entry and registration.

use super::certmaps::util::same_moves;
use super::certmaps::{CertMapError, CertMaps, MapStatus};
use super::figure_helpers::{bend_twins, centroid, place_pendants, source_positions};
use super::helpers::{add_pendants, check_degrees, copy_vertices};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::Certificate;
use crate::problems::Player;
use crate::problems::{Convention, Geography, VertexId};
use crate::render::Figure;

/// The pendant construction of RS Thm 2.1, 2.5 and 2.6, registered once per theorem with
/// that theorem's catalogue entry ([`DVG_TO_MISERE_DVG`],
/// [`UEG_TO_MISERE_UEG`](super::ueg_to_misere_ueg::UEG_TO_MISERE_UEG),
/// [`DEG_TO_MISERE_DEG`](super::deg_to_misere_deg::DEG_TO_MISERE_DEG)).
#[derive(Clone, Copy, Debug)]
pub struct MisereByPendants {
    info: &'static ReductionInfo,
}

impl MisereByPendants {
    /// The construction with the catalogue entry `info` (its source kind is the game read).
    pub(crate) const fn new(info: &'static ReductionInfo) -> MisereByPendants {
        MisereByPendants { info }
    }
}

/// Normal DVG → misère DVG (RS Thm 2.1).
pub const DVG_TO_MISERE_DVG: MisereByPendants = MisereByPendants::new(&INFO);

size_formula! {
    /// The size of `G'`: every vertex and its pendant; the source's edges and one per pendant.
    SIZE: Geography = |g| {
        n = g.graph.n(), "vertices of the source board";
        m = g.graph.m(), "edges (arcs) of the source board";
    } => vertices 2 * n, edges m + n
}

static INFO: ReductionInfo = ReductionInfo {
    id: "dvg-misere-dvg",
    example: Some("examples/games/dvg.geo"),
    source: ProblemKind::Dvg,
    target: ProblemKind::MisereDvg,
    paper: "Renault, Schmidt, \"On the complexity of the misere version of three games played \
            on graphs\", arXiv:1401.0400 (papers/003_a120ef210e855419.txt)",
    theorem: "RS Thm 2.1",
    gadgets: &["pendant: one new out-neighbour x' of every vertex x"],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    preconditions: &["a normal-play directed vertex geography game with a start vertex"],
    claims: &[
        "the source board is kept; every vertex x gets a pendant x' (degree 1) and the arc x -> x'",
        "same start, player I first; misere play",
        "normal outcome of (G, u) = misere outcome of (G', u)",
    ],
    errata: &[],
    provenance: "recovered from the paper's text (exact)",
    structure: &[Claim::PlanarIfSource {
        max_degree: None,
        why: "RS Thm 2.1 / Cor. 2.2: the reduction keeps planarity and the bipartition",
    }],
    size_legend: SIZE.legend,
    yes_winner: Player::First,
};

/// The roles of `G'`.
#[derive(Clone, Debug)]
pub struct PendantLayout {
    /// The target vertex of every source vertex `x` (same index, identifier and label; the
    /// source's edges keep their indices too, so a line of the source is a line of `G'`).
    pub original: Vec<VertexId>,
    /// The pendant `x'` of every source vertex `x`, joined by the edge or arc `x → x'`.
    pub pendant: Vec<VertexId>,
}

impl Theorem for MisereByPendants {
    type Source = Geography;
    type Layout = PendantLayout;

    fn entry(&self) -> &ReductionInfo {
        self.info
    }

    fn construct(&self, src: &Geography) -> Result<Construction<PendantLayout>, ReductionError> {
        let mut graph = copy_vertices(&src.graph, src.graph.directed);
        graph.edges = src.graph.edges.clone();
        let original = (0..src.graph.n()).collect();
        let pendant = add_pendants(&mut graph, src.graph.n());
        let game = Geography {
            graph,
            rule: src.rule,
            tokens: src.tokens,
            convention: Convention::Misere,
        };
        Ok(Construction {
            game,
            layout: PendantLayout { original, pendant },
            notes: Vec::new(),
        })
    }

    fn size(&self) -> &Size<Geography> {
        &SIZE
    }

    fn figure(&self, src: &Geography, built: &Construction<PendantLayout>) -> Option<Figure> {
        Some(pendant_figure(self.info, src, built))
    }

    /// `G'` keeps the source board at the source's indices (which the certificate maps
    /// rely on), and every vertex `x` has its pendant `x'` of degree 1 joined by `x → x'`.
    fn check_layout(
        &self,
        src: &Geography,
        built: &Construction<PendantLayout>,
    ) -> Result<(), String> {
        let (lay, tgt) = (&built.layout, &built.game.graph);
        let kept = lay.original.iter().enumerate().all(|(x, &t)| t == x)
            && tgt.edges.get(..src.graph.m()) == Some(&src.graph.edges[..]);
        if !kept {
            return Err("the target does not keep the source board".into());
        }
        let original = lay.original.iter().zip(&lay.pendant);
        if let Some((&x, _)) = original
            .clone()
            .find(|&(&x, &p)| !tgt.edges.contains(&(x, p)))
        {
            return Err(format!("vertex {} lacks its pendant", tgt.id(x)));
        }
        check_degrees(tgt, lay.pendant.iter().map(|&p| (p, 1)))
    }

    fn maps(&self) -> CertMaps {
        MAPS
    }

    fn carry_forward(
        &self,
        src: &Geography,
        built: &Construction<PendantLayout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        same_moves(src, &built.game, cert)
    }

    fn carry_back(
        &self,
        src: &Geography,
        built: &Construction<PendantLayout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        same_moves(&built.game, src, cert)
    }
}

/// The maps of the pendant theorems: the same moves both ways. Forward, the winner plays the
/// source strategy's move; under misère play the opponent who takes a pendant leaves the
/// winner without a move, which wins, and an opponent stuck in the normal game must take his
/// pendant. Backward, a winning misère strategy never takes a pendant (that would leave the
/// opponent stuck, and the stuck player wins), so its moves are moves of the source game.
pub const MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "normal-play strategy → misère strategy: the same moves; the opponent who takes a \
         pendant, or must take one when stuck in the source, leaves the winner stuck (a win)",
    ),
    forward_no: MapStatus::Constructive("as forward yes, for player II's strategy"),
    backward_yes: MapStatus::Constructive(
        "misère strategy → normal-play strategy: the same moves (a winning misère strategy \
         never takes a pendant)",
    ),
    backward_no: MapStatus::Constructive("as backward yes, for player II's strategy"),
};

/// The source board as the source is drawn (a circle with fewest crossings for digraphs,
/// the cycle or two columns of an undirected graph), every pendant `x'` a small leaf on its
/// vertex's free side; loops small on the outward side (antiparallel arcs are bowed apart
/// by the renderer).
fn pendant_figure(
    info: &ReductionInfo,
    src: &Geography,
    built: &Construction<PendantLayout>,
) -> Figure {
    let lay = &built.layout;
    let game = match src.graph.directed {
        true => "directed",
        false => "undirected",
    };
    let rule = match src.rule {
        crate::problems::Rule::Edge => "edge",
        _ => "vertex",
    };
    let theorem = info.theorem.strip_prefix("RS ").unwrap_or(info.theorem);
    let mut fig = Figure::of_game(
        &built.game,
        &format!(
            "Misère {game} {rule} geography: the source board, every vertex x given a pendant \
             leaf x′ (Renault–Schmidt, {theorem})"
        ),
    );
    let pos = source_positions(&src.graph, 3.0);
    let centre = centroid(&pos);
    for (u, &x) in lay.original.iter().enumerate() {
        fig.place(x, pos[u].0, pos[u].1);
    }
    bend_twins(&mut fig, &src.graph, &pos, centre);
    place_pendants(&mut fig, &lay.original, &lay.pendant, centre, 0.9);
    fig
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reductions::helpers::testing::parse_game;

    #[test]
    fn every_vertex_gets_its_pendant_in_all_three_theorems() {
        let dvg = "geography { directed vertex geography normal play tokens: one at a \
                   vertices a b edges a -> b }";
        let ueg = "geography { undirected edge geography normal play tokens: one at a \
                   vertices a b edges a -- b }";
        let deg = "geography { directed edge geography normal play tokens: one at a \
                   vertices a b edges a -> b -> b }";
        let theorems = [
            DVG_TO_MISERE_DVG,
            super::super::ueg_to_misere_ueg::UEG_TO_MISERE_UEG,
            super::super::deg_to_misere_deg::DEG_TO_MISERE_DEG,
        ];
        for (t, text) in theorems.into_iter().zip([dvg, ueg, deg]) {
            let src = parse_game(text);
            let built = t.construct(&src).unwrap();
            let g = &built.game.graph;
            let b_pend = built.layout.pendant[1];
            assert_eq!((g.id(b_pend), g.display(b_pend)), ("b_pend", "b'"));
            assert!(g.edges.contains(&(1, b_pend)));
            assert_eq!(built.game.convention, Convention::Misere);
            assert_eq!(SIZE.of(&src), (g.n(), g.m()));
            t.check_layout(&src, &built).unwrap();
        }
    }

    #[test]
    fn check_layout_finds_a_missing_pendant_edge() {
        let src = parse_game(
            "geography { directed vertex geography normal play tokens: one at a \
             vertices a b edges a -> b }",
        );
        let mut built = DVG_TO_MISERE_DVG.construct(&src).unwrap();
        built.game.graph.edges.pop();
        let err = DVG_TO_MISERE_DVG.check_layout(&src, &built).unwrap_err();
        assert!(err.contains("vertex b lacks its pendant"), "{err}");
    }
}
