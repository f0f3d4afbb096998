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
use crate::problems::graph::Graph;
use crate::solvers::geography::race_bounds::{EdgeMasks, bit};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions per campaign.
const TRIALS: usize = 6000;

/// A random undirected multigraph on 2–12 vertices, at most 15 edges: sparse ones (where odd
/// vertices lie far apart and the T-join bound differs from Euler's) as well as dense ones,
/// with loops and parallel edges; and a random set of free edges.
fn draw(rng: &mut ChaCha8Rng) -> (Graph, u64) {
    let n = rng.random_range(2..=12);
    let p = rng.random_range(0.1..0.6);
    let mut g = Graph::new(false);
    for v in 0..n {
        g.add_vertex(format!("v{v}"));
    }
    // A random tree first half of the time, so that sparse positions are connected.
    if rng.random_bool(0.5) {
        for v in 1..n {
            let u = rng.random_range(0..v);
            g.add_edge(u, v);
        }
    }
    for u in 0..n {
        for v in u..n {
            let p = if u == v { 0.1 } else { p / 3.0 };
            if g.m() < 15 && rng.random_bool(p) {
                g.add_edge(u, v);
                if u != v && g.m() < 15 && rng.random_bool(0.1) {
                    g.add_edge(u, v);
                }
            }
        }
    }
    let share = rng.random_range(0.0..0.3);
    let free = (0..g.m())
        .filter(|_| !rng.random_bool(share))
        .fold(0, |f, e| f | bit(e));
    (g, free)
}

/// The T-join bound holds against the exhaustive longest trail, never exceeds the Euler bound,
/// is sharper than it in many positions and tight in many of those.
#[test]
fn tjoin_bound_is_sound_sharper_than_euler_and_often_tight() {
    let mut rng = ChaCha8Rng::seed_from_u64(17_017);
    let (mut sharper, mut tight, mut tight_sharper, mut seen) = (0, 0, 0, 0);
    for _ in 0..TRIALS {
        let (g, free) = draw(&mut rng);
        let masks = EdgeMasks::of(&g);
        let edges = masks.edges();
        let v = rng.random_range(0..g.n());
        if edges.inc[v] & free == 0 {
            continue;
        }
        seen += 1;
        let (comp, verts) = edges.component(v, free);
        let longest = longest_trail(&g, v, comp);
        let bound = edges.tjoin_bound_from(comp, verts, v);
        let euler = edges.trail_bound_from(comp, verts, v);
        assert!(
            longest <= bound,
            "bound {bound} below the longest trail {longest} from v{v}: {g:?} free {free:#x}"
        );
        assert!(bound <= euler, "{g:?} free {free:#x} from v{v}");
        sharper += usize::from(bound < euler);
        tight += usize::from(bound == longest);
        tight_sharper += usize::from(bound == longest && bound < euler);
    }
    eprintln!(
        "T-join bound over {seen} positions: sharper {sharper}, tight {tight}, \
         tight and sharper {tight_sharper}"
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
