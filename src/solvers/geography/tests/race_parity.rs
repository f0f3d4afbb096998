//! The start-aware Euler bound of the race search ([`Edges::trail_bound_from`], tenth
//! session) against exhaustive longest trails: on random undirected multigraphs with loops
//! and random used edges, the bound from a vertex is never below the longest trail from it,
//! it is strictly sharper than the start-blind bound in many positions, and it is tight
//! (equal to the longest trail) in many, so that a bound one edge too low would fail here.
//! The campaign ([`bound_campaign`]) is shared with the T-join bound's (`race_tjoin.rs`).
//!
//! [`Edges::trail_bound_from`]: crate::solvers::geography::race_bounds::Edges::trail_bound_from

use super::race_bounds::longest_trail;
use crate::problems::graph::Graph;
use crate::solvers::geography::race_bounds::{EdgeMasks, Edges, bit};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::ops::Range;

/// The shape of a campaign's random multigraphs.
pub(super) struct Shape {
    /// Vertices: from 2 to this many.
    pub max_vertices: usize,
    /// At most this many edges.
    pub max_edges: usize,
    /// The edge probability is drawn from this range (divided by `sparsity` off loops).
    pub density: Range<f64>,
    /// Divides the edge probability between two vertices (loops keep 0.1).
    pub sparsity: f64,
    /// Half of the graphs start from a random spanning tree, so that sparse positions are
    /// connected and odd vertices lie apart.
    pub tree_half: bool,
    /// Probability of a parallel copy of an edge just drawn.
    pub parallel: f64,
    /// The share of used edges is drawn from `0..used`.
    pub used: f64,
}

/// The tenth session's graphs: up to 9 vertices and 14 edges, dense or sparse, no tree.
const EULER_SHAPE: Shape = Shape {
    max_vertices: 9,
    max_edges: 14,
    density: 0.2..0.7,
    sparsity: 1.0,
    tree_half: false,
    parallel: 0.05,
    used: 0.4,
};

/// A random undirected multigraph of `shape` (loops now and then, parallel edges rarely) and
/// a random set of free edges.
fn draw(rng: &mut ChaCha8Rng, shape: &Shape) -> (Graph, u64) {
    let n = rng.random_range(2..=shape.max_vertices);
    let p = rng.random_range(shape.density.clone());
    let mut g = Graph::new(false);
    for v in 0..n {
        g.add_vertex(format!("v{v}"));
    }
    if shape.tree_half && rng.random_bool(0.5) {
        for v in 1..n {
            let u = rng.random_range(0..v);
            g.add_edge(u, v);
        }
    }
    for u in 0..n {
        for v in u..n {
            let p = if u == v { 0.1 } else { p / shape.sparsity };
            if g.m() < shape.max_edges && rng.random_bool(p) {
                g.add_edge(u, v);
                if u != v && g.m() < shape.max_edges && rng.random_bool(shape.parallel) {
                    g.add_edge(u, v);
                }
            }
        }
    }
    let share = rng.random_range(0.0..shape.used);
    let free = (0..g.m())
        .filter(|_| !rng.random_bool(share))
        .fold(0, |f, e| f | bit(e));
    (g, free)
}

/// What a bound campaign counted: positions with a free edge at the start, and among them
/// where the bound was sharper than the weaker one, tight, and both.
pub(super) struct Counts {
    pub seen: usize,
    pub sharper: usize,
    pub tight: usize,
    pub tight_sharper: usize,
}

/// Draws `trials` positions of `shape` from `seed`, and asserts at each with a free edge at a
/// random start `v` that `bound(comp, verts, v)` is at least the exhaustive longest trail
/// from `v` and at most `weaker(comp, verts, v)`; returns the counts for the test's own
/// thresholds.
pub(super) fn bound_campaign(
    seed: u64,
    trials: usize,
    shape: &Shape,
    bound: impl Fn(&Edges<'_>, u64, u64, usize) -> u32,
    weaker: impl Fn(&Edges<'_>, u64, u64, usize) -> u32,
) -> Counts {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut c = Counts {
        seen: 0,
        sharper: 0,
        tight: 0,
        tight_sharper: 0,
    };
    for _ in 0..trials {
        let (g, free) = draw(&mut rng, shape);
        let masks = EdgeMasks::of(&g);
        let edges = masks.edges();
        let v = rng.random_range(0..g.n());
        if edges.inc[v] & free == 0 {
            continue;
        }
        c.seen += 1;
        let (comp, verts) = edges.component(v, free);
        let longest = longest_trail(&g, v, comp);
        let strong = bound(&edges, comp, verts, v);
        let weak = weaker(&edges, comp, verts, v);
        assert!(
            longest <= strong,
            "bound {strong} below the longest trail {longest} from v{v}: {g:?} free {free:#x}"
        );
        assert!(strong <= weak, "{g:?} free {free:#x} from v{v}");
        c.sharper += usize::from(strong < weak);
        c.tight += usize::from(strong == longest);
        c.tight_sharper += usize::from(strong == longest && strong < weak);
    }
    c
}

/// The bound from a vertex holds against the exhaustive longest trail, is sharper than the
/// start-blind bound in many positions and tight in many.
#[test]
fn trail_bound_from_a_vertex_is_sound_sharper_and_often_tight() {
    let c = bound_campaign(
        10_101,
        4000,
        &EULER_SHAPE,
        |e, comp, verts, v| e.trail_bound_from(comp, verts, v),
        |e, comp, verts, _| e.trail_bound(comp, verts),
    );
    let (sharper, tight, tight_sharper) = (c.sharper, c.tight, c.tight_sharper);
    eprintln!(
        "bound from a vertex: sharper {sharper}, tight {tight}, tight and sharper {tight_sharper}"
    );
    assert!(
        sharper >= 200 && tight >= 1000 && tight_sharper >= 100,
        "{sharper} {tight} {tight_sharper}"
    );
}
