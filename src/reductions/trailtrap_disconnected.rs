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

use super::helpers::{
    add_fresh, board_size, check_copied, copy_vertices, expect_source_game, target_game,
};
use super::{Claim, ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::Instance;
use crate::solvers::Winner;

/// The reduction Trail Trap → Trail Trap on `G ⊎ K_1` (Cor 19).
#[derive(Clone, Copy, Debug, Default)]
pub struct TrailTrapDisconnected;

static INFO: ReductionInfo = ReductionInfo {
    id: "trailtrap-disconnected",
    source: ProblemKind::TrailTrap,
    target: ProblemKind::TrailTrap,
    paper: "Buchanan, Carr, Clifton, Hartke, Irsic, Sieger, Whitman, \"Trail Trap: a variant \
            of Partizan Edge Geography\", arXiv:2405.05195 (papers/004_085ee812aeb3cc3c.txt)",
    theorem: "Trail Trap Cor 19",
    gadgets: &["isolated: one new vertex without edges"],
    vertices_formula: "n + 1",
    edges_formula: "m",
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
    size_legend: "",
    yes_winner: Winner::First,
};

impl Reduction for TrailTrapDisconnected {
    super::certmaps::delegate_maps!(pendant, super::certmaps::pendant::ISOLATED_MAPS);

    fn info(&self) -> &ReductionInfo {
        &INFO
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let game = expect_source_game(&INFO, source)?;
        let mut graph = copy_vertices(&game.graph, false);
        graph.edges = game.graph.edges.clone();
        let iso = add_fresh(&mut graph, "iso", None);
        graph.add_group("isolated", "K1", vec![iso]);
        let mut target = game.clone();
        target.graph = graph;
        Ok(Reduced {
            target: Instance::Geography(target),
            notes: Vec::new(),
        })
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let (n, m) = board_size(source);
        (n + 1, m)
    }

    fn check_structure(&self, source: &Instance, target: &Instance) -> Result<(), String> {
        let src = expect_source_game(&INFO, source).map_err(|e| e.to_string())?;
        let tgt = target_game(target)?;
        if ProblemKind::of(target) != ProblemKind::TrailTrap {
            return Err("the target is not a Trail Trap game".into());
        }
        check_copied(&src.graph, &tgt.graph)?;
        let n = src.graph.n();
        if tgt.graph.n() != n + 1 || tgt.graph.edges != src.graph.edges {
            return Err("the target is not the source plus one isolated vertex".into());
        }
        Ok(())
    }
}
