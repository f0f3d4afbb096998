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

use super::helpers::{
    ArcLayout, End, board_size, check_same_start, copy_vertices, reduce_rooted, total_degrees,
};
use super::{Claim, ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::{Convention, Graph, Instance, Rule, VertexId};
use crate::solvers::Winner;

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

static INFO: ReductionInfo = ReductionInfo {
    id: "dvg-nimg",
    source: ProblemKind::Dvg,
    target: ProblemKind::MisereNimgRm,
    paper: "Renault, Schmidt, \"On the complexity of the misere version of three games played \
            on graphs\", arXiv:1401.0400 (papers/003_a120ef210e855419.txt)",
    theorem: "RS Thm 3.1",
    gadgets: &["arc_gadget: a, b, c (weight 1), d (weight 2) per arc (Fig. 6)"],
    vertices_formula: "n + 4m",
    edges_formula: "6m",
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
    size_legend: "",
    yes_winner: Winner::First,
};

/// Private vertices of the arc gadget, in creation order.
const ROLES: [&str; 4] = ["a", "b", "c", "d"];

/// `x_u–a, a–b, b–c, c–d, b–d, d–x_v`.
const GADGET: [(End, End); 6] = [
    (End::Tail, End::In(0)),
    (End::In(0), End::In(1)),
    (End::In(1), End::In(2)),
    (End::In(2), End::In(3)),
    (End::In(1), End::In(3)),
    (End::In(3), End::Head),
];

/// Degrees of a, b, c, d in the target.
const ROLE_DEGREES: [usize; 4] = [2, 3, 2, 3];

/// Originals `x_u` first (the heap `x_u` of source vertex `u` is vertex `u`), then four
/// vertices per arc.
fn layout(n: usize) -> ArcLayout {
    ArcLayout {
        first: n,
        roles: &ROLES,
    }
}

impl DvgToNimg {
    /// The weight of private vertex `role`.
    fn weight(&self, role: usize) -> u64 {
        if ROLES[role] == "d" { self.d_weight } else { 1 }
    }

    /// Builds the weighted undirected board for the digraph `d`.
    fn build(&self, d: &Graph) -> Graph {
        let layout = layout(d.n());
        let mut g = copy_vertices(d, false);
        for x in &mut g.vertices {
            x.weight = Some(1);
        }
        for arc in 0..d.m() {
            layout.add_gadget(&mut g, d, arc, &GADGET);
            for role in 0..ROLES.len() {
                g.vertices[layout.gadget(arc, role)].weight = Some(self.weight(role));
            }
        }
        g
    }
}

impl Reduction for DvgToNimg {
    super::certmaps::delegate_maps!(gadget);

    fn info(&self) -> &ReductionInfo {
        &INFO
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        reduce_rooted(
            &INFO,
            source,
            Rule::NimRemoveMove,
            Convention::Misere,
            |d| self.build(d),
        )
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let (n, m) = board_size(source);
        (n + 4 * m, 6 * m)
    }

    fn check_structure(&self, source: &Instance, target: &Instance) -> Result<(), String> {
        let (src, tgt) = check_same_start(&INFO, source, target, "a misere NimG-RM game")?;
        if tgt.graph.has_loop() {
            return Err("the target has a loop".into());
        }
        let (n, m) = (src.graph.n(), src.graph.m());
        let (d_src, d_tgt) = (total_degrees(&src.graph), total_degrees(&tgt.graph));
        let layout = layout(n);
        // (vertex, degree, weight) that the construction promises.
        let mut want: Vec<(VertexId, usize, u64)> = (0..n).map(|x| (x, d_src[x], 1)).collect();
        for arc in 0..m {
            for (r, &degree) in ROLE_DEGREES.iter().enumerate() {
                want.push((layout.gadget(arc, r), degree, Self::PAPER.weight(r)));
            }
        }
        let bad = want.into_iter().find(|&(v, d, w)| {
            d_tgt.get(v) != Some(&d) || tgt.graph.vertices.get(v).and_then(|x| x.weight) != Some(w)
        });
        match bad {
            Some((v, d, w)) => Err(format!(
                "target vertex {v} should have degree {d}, weight {w}"
            )),
            None => Ok(()),
        }
    }
}
