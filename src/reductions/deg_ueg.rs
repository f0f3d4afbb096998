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

use super::helpers::{
    ArcLayout, End, board_size, check_same_start, copy_vertices, reduce_rooted, total_degrees,
};
use super::{Claim, ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::{Convention, Graph, Instance, Rule};
use crate::solvers::Winner;

/// What replaces each arc: the paper's gadget, or a plain edge (a control that must fail).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArcGadget {
    /// FSU gadget A (the reduction).
    A,
    /// Control: a plain undirected edge `x–y`, which lets players cross arcs backwards.
    PlainEdge,
}

/// The reduction DEG → UEG with the arc replacement `gadget`.
#[derive(Clone, Copy, Debug)]
pub struct DegToUeg {
    /// The arc replacement; the registered reduction uses [`ArcGadget::A`].
    pub gadget: ArcGadget,
}

impl DegToUeg {
    /// The reduction as in the paper.
    pub const PAPER: DegToUeg = DegToUeg {
        gadget: ArcGadget::A,
    };
}

static INFO: ReductionInfo = ReductionInfo {
    id: "deg-ueg",
    source: ProblemKind::Deg,
    target: ProblemKind::Ueg,
    paper: "Fraenkel, Scheinerman, Ullman, \"Undirected edge geography\", TCS 112 (1993), \
            via Pardyl's slides (papers/001_f0c30a9d3ef1c0f7.txt)",
    theorem: "FSU 1993 UEG theorem (number not in our copy)",
    gadgets: &["arc_gadget: gadget A (p, z, q, r, s) per arc"],
    vertices_formula: "n + 5m",
    edges_formula: "8m",
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
    size_legend: "",
    yes_winner: Winner::First,
};

/// The five private vertices of gadget A, in creation order.
const ROLES: [&str; 5] = ["p", "z", "q", "r", "s"];

/// The eight edges of gadget A: `x–p, p–z, p–q, q–r, r–z, r–s, z–s, s–y`.
const GADGET_A: [(End, End); 8] = [
    (End::Tail, End::In(0)),
    (End::In(0), End::In(1)),
    (End::In(0), End::In(2)),
    (End::In(2), End::In(3)),
    (End::In(3), End::In(1)),
    (End::In(3), End::In(4)),
    (End::In(1), End::In(4)),
    (End::In(4), End::Head),
];

/// Degrees of p, z, q, r, s inside the target.
const ROLE_DEGREES: [usize; 5] = [3, 3, 2, 3, 3];

/// Where every target vertex lives: originals first, then five vertices per arc.
fn layout(n: usize) -> ArcLayout {
    ArcLayout {
        first: n,
        roles: &ROLES,
    }
}

impl DegToUeg {
    /// Builds the undirected board for the digraph `d`.
    fn build(&self, d: &Graph) -> Graph {
        let layout = layout(d.n());
        let mut g = copy_vertices(d, false);
        for (arc, &(x, y)) in d.edges.iter().enumerate() {
            match self.gadget {
                ArcGadget::PlainEdge => {
                    g.add_edge(x, y);
                }
                ArcGadget::A => layout.add_gadget(&mut g, d, arc, &GADGET_A),
            }
        }
        g
    }
}

impl Reduction for DegToUeg {
    super::certmaps::delegate_maps!(gadget);

    fn info(&self) -> &ReductionInfo {
        &INFO
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let reduced = reduce_rooted(&INFO, source, Rule::Edge, Convention::Normal, |d| {
            self.build(d)
        })?;
        if self.gadget == ArcGadget::A {
            // The degree claims are the FSU abstract's; a violation is a bug in `build`.
            if let Err(e) = self.check_structure(source, &reduced.target) {
                panic!("deg-ueg broke its own structure: {e}");
            }
        }
        Ok(reduced)
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let (n, m) = board_size(source);
        (n + 5 * m, 8 * m)
    }

    fn check_structure(&self, source: &Instance, target: &Instance) -> Result<(), String> {
        let (src, tgt) = check_same_start(&INFO, source, target, "a UEG game")?;
        let (d_src, d_tgt) = (total_degrees(&src.graph), total_degrees(&tgt.graph));
        if let Some(x) = (0..src.graph.n()).find(|&x| d_src[x] != d_tgt[x]) {
            return Err(format!(
                "vertex {} has degree {} in the target but {} in the digraph",
                src.graph.id(x),
                d_tgt[x],
                d_src[x]
            ));
        }
        let layout = layout(src.graph.n());
        for arc in 0..src.graph.m() {
            for (role, &want) in ROLE_DEGREES.iter().enumerate() {
                let v = layout.gadget(arc, role);
                if d_tgt.get(v) != Some(&want) {
                    return Err(format!("gadget vertex {v} does not have degree {want}"));
                }
            }
        }
        Ok(())
    }
}
