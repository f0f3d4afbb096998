//! Normal DEG ≤ misère DEG: every vertex gets a pendant out-neighbour, a losing escape that
//! nobody takes until it is the only move left.
//!
//! Source: G. Renault, S. Schmidt, "On the complexity of the misère version of three games
//! played on graphs", arXiv:1401.0400, Theorem 2.6 (../shared/papers/003_a120ef210e855419.txt).
//!
//! Construction (recovered exactly from the text, spec `edge-misere-trailtrap.md` §2):
//! `G'` has the vertices `V ∪ {x' : x ∈ V}` and the arcs of `G` plus one arc `x → x'`
//! per vertex; the start and the first player are unchanged and `o⁺(G, u) = o⁻(G', u)`.
//! Taking a pendant ends the game with the opponent unable to move, which wins for the
//! opponent under misère play, so the pendants only matter once the normal game is over:
//! the player stuck in `G` is the one who must take a pendant. Sizes: `2n` vertices,
//! `m + n` arcs.
//!
//! The construction, layout, size and certificate maps are those of Theorem 2.1, whose proof
//! this one repeats ([`MisereByPendants`], in `dvg_to_misere_dvg.rs`); this file holds the
//! theorem's catalogue entry and its registration.

use super::dvg_to_misere_dvg::{MisereByPendants, SIZE};
use super::{Claim, ProblemKind, ReductionInfo};
use crate::problems::Player;

/// Normal DEG → misère DEG (RS Thm 2.6).
pub const DEG_TO_MISERE_DEG: MisereByPendants = MisereByPendants::new(&INFO);

static INFO: ReductionInfo = ReductionInfo {
    id: "deg-misere-deg",
    example: Some("examples/games/deg.geo"),
    source: ProblemKind::Deg,
    target: ProblemKind::MisereDeg,
    paper: "Renault, Schmidt, \"On the complexity of the misere version of three games played \
            on graphs\", arXiv:1401.0400 (papers/003_a120ef210e855419.txt)",
    theorem: "RS Thm 2.6",
    gadgets: &["pendant: one new out-neighbour x' of every vertex x"],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    preconditions: &["a normal-play directed edge geography game with a start vertex"],
    claims: &[
        "the source board is kept; every vertex x gets a pendant x' (degree 1) and the arc x -> x'",
        "same start, player I first; misere play",
        "normal outcome of (G, u) = misere outcome of (G', u)",
    ],
    errata: &[],
    provenance: "recovered from the paper's text (exact)",
    structure: &[Claim::PlanarIfSource {
        max_degree: None,
        why: "pendant vertices keep planarity (the misere pendant construction of RS section 2)",
    }],
    size_legend: SIZE.legend,
    yes_winner: Player::First,
};
