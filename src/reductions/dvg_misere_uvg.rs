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

use super::helpers::{
    ArcLayout, End, add_pendants, board_size, check_same_start, copy_vertices, reduce_rooted,
    total_degrees,
};
use super::{Claim, ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::{Convention, Graph, Instance, Rule, VertexId};
use crate::solvers::Winner;

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

static INFO: ReductionInfo = ReductionInfo {
    id: "dvg-misere-uvg",
    source: ProblemKind::Dvg,
    target: ProblemKind::MisereUvg,
    paper: "Renault, Schmidt, \"On the complexity of the misere version of three games played \
            on graphs\", arXiv:1401.0400 (papers/003_a120ef210e855419.txt)",
    theorem: "RS Thm 2.3",
    gadgets: &[
        "pendant: one new neighbour x' of every vertex x",
        "arc_gadget: g0..g4 per arc (verified replacement, NOT the paper's Fig. 5)",
    ],
    vertices_formula: "2n + 5m",
    edges_formula: "n + 9m",
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
    size_legend: "",
    yes_winner: Winner::First,
};

/// Private vertices of the arc gadget, in creation order.
const ROLES: [&str; 5] = ["g0", "g1", "g2", "g3", "g4"];

/// `u–g0, g0–g2, g0–g3, g0–g4, g1–g2, g1–g3, g1–g4, g2–g3, g4–v`.
const GADGET: [(End, End); 9] = [
    (End::Tail, End::In(0)),
    (End::In(0), End::In(2)),
    (End::In(0), End::In(3)),
    (End::In(0), End::In(4)),
    (End::In(1), End::In(2)),
    (End::In(1), End::In(3)),
    (End::In(1), End::In(4)),
    (End::In(2), End::In(3)),
    (End::In(4), End::Head),
];

/// Degrees of g0 … g4 in the target.
const ROLE_DEGREES: [usize; 5] = [4, 3, 3, 3, 3];

/// Originals first, then the pendants (if any), then five vertices per arc.
fn layout(n: usize, pendants: bool) -> ArcLayout {
    ArcLayout {
        first: if pendants { 2 * n } else { n },
        roles: &ROLES,
    }
}

impl DvgToMisereUvg {
    /// Builds the undirected board for the digraph `d`.
    fn build(&self, d: &Graph) -> Graph {
        let layout = layout(d.n(), self.pendants);
        let mut g = copy_vertices(d, false);
        if self.pendants {
            add_pendants(&mut g, d.n());
        }
        for arc in 0..d.m() {
            layout.add_gadget(&mut g, d, arc, &GADGET);
        }
        g
    }
}

impl Reduction for DvgToMisereUvg {
    super::certmaps::delegate_maps!(gadget);

    fn info(&self) -> &ReductionInfo {
        &INFO
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        reduce_rooted(&INFO, source, Rule::Vertex, Convention::Misere, |d| {
            self.build(d)
        })
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let (n, m) = board_size(source);
        (2 * n + 5 * m, n + 9 * m)
    }

    fn check_structure(&self, source: &Instance, target: &Instance) -> Result<(), String> {
        let (src, tgt) = check_same_start(&INFO, source, target, "a misere UVG game")?;
        let (n, m) = (src.graph.n(), src.graph.m());
        let (d_src, d_tgt) = (total_degrees(&src.graph), total_degrees(&tgt.graph));
        let layout = layout(n, true);
        let mut want: Vec<(VertexId, usize)> = (0..n).map(|x| (x, d_src[x] + 1)).collect();
        want.extend((0..n).map(|x| (n + x, 1)));
        for arc in 0..m {
            want.extend((0..ROLES.len()).map(|r| (layout.gadget(arc, r), ROLE_DEGREES[r])));
        }
        match want.into_iter().find(|&(v, d)| d_tgt.get(v) != Some(&d)) {
            Some((v, d)) => Err(format!("target vertex {v} should have degree {d}")),
            None => Ok(()),
        }
    }
}
