//! The T-join bound of the race search ([`Edges::tjoin_bound_from`], seventeenth session)
//! against exhaustive longest trails: on random undirected multigraphs with loops, parallel
//! edges and random used edges, the bound from a vertex is never below the longest trail from
//! it and never above the Euler bound from it ([`Edges::trail_bound_from`]), it is strictly
//! sharper than the Euler bound in many positions, and tight (equal to the longest trail) in
//! many of those, so that a bound one edge too low fails here.
//!
//! [`Edges::tjoin_bound_from`]: crate::solvers::geography::race_bounds::Edges::tjoin_bound_from
//! [`Edges::trail_bound_from`]: crate::solvers::geography::race_bounds::Edges::trail_bound_from

use super::race_bounds::longest_trail;
use super::race_parity::{Shape, bound_campaign};
use crate::problems::graph::Graph;
use crate::solvers::geography::race_bounds::EdgeMasks;

/// Random multigraphs on 2–12 vertices, at most 15 edges: sparse ones (half of them on a
/// random tree, so that odd vertices lie far apart and the T-join bound differs from
/// Euler's) as well as dense ones, with loops and parallel edges.
const TJOIN_SHAPE: Shape = Shape {
    max_vertices: 12,
    max_edges: 15,
    density: 0.1..0.6,
    sparsity: 3.0,
    tree_half: true,
    parallel: 0.1,
    used: 0.3,
};

/// The T-join bound holds against the exhaustive longest trail, never exceeds the Euler bound,
/// is sharper than it in many positions and tight in many of those.
#[test]
fn tjoin_bound_is_sound_sharper_than_euler_and_often_tight() {
    let c = bound_campaign(
        17_017,
        6000,
        &TJOIN_SHAPE,
        |e, comp, verts, v| e.tjoin_bound_from(comp, verts, v),
        |e, comp, verts, v| e.trail_bound_from(comp, verts, v),
    );
    let (sharper, tight, tight_sharper) = (c.sharper, c.tight, c.tight_sharper);
    eprintln!(
        "T-join bound over {} positions: sharper {sharper}, tight {tight}, \
         tight and sharper {tight_sharper}",
        c.seen
    );
    assert!(
        sharper >= 500 && tight >= 2000 && tight_sharper >= 200,
        "{sharper} {tight} {tight_sharper}"
    );
}

/// A hand-checked bound: where the odd vertices lie apart the T-join bound is sharper than
/// the Euler bound.
#[test]
fn tjoin_bound_on_a_star() {
    // A star with five rays from its centre x: every trail from x has one edge. Odd: x and
    // the five leaves; Euler from x: 5 − (6 − 2) / 2 = 3. The leaves lie two apart, so the
    // T-join bound from x is 5 − ⌈min_t Σ w / 2⌉ over the end t: at x, Σ w = 6 (one per leaf
    // on the way to x, and one for x); at a leaf, Σ w = 8 (the other four at distance two).
    // So 5 − 3 = 2.
    let mut star = Graph::new(false);
    for v in 0..6 {
        star.add_vertex(format!("s{v}"));
    }
    for leaf in 1..6 {
        star.add_edge(0, leaf);
    }
    let masks = EdgeMasks::of(&star);
    let edges = masks.edges();
    let (comp, verts) = edges.component(0, (1 << 5) - 1);
    assert_eq!(edges.trail_bound_from(comp, verts, 0), 3);
    assert_eq!(edges.tjoin_bound_from(comp, verts, 0), 2);
    assert_eq!(longest_trail(&star, 0, comp), 1);
}
