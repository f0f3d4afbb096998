//! The start-aware Euler bound of the race search ([`Edges::trail_bound_from`], tenth
//! session) against exhaustive longest trails: on random undirected multigraphs with loops
//! and random used edges, the bound from a vertex is never below the longest trail from it,
//! it is strictly sharper than the start-blind bound in many positions, and it is tight
//! (equal to the longest trail) in many, so that a bound one edge too low would fail here.
//!
//! [`Edges::trail_bound_from`]: crate::solvers::geography::race_bounds::Edges::trail_bound_from

use super::race_bounds::longest_trail;
use crate::problems::graph::Graph;
use crate::solvers::geography::race_bounds::{EdgeMasks, bit};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions per campaign.
const TRIALS: usize = 4000;

/// A random undirected multigraph (loops now and then, parallel edges rarely), at most 14
/// edges, and a random set of free edges.
fn draw(rng: &mut ChaCha8Rng) -> (Graph, u64) {
    let n = rng.random_range(2..=9);
    let p = rng.random_range(0.2..0.7);
    let mut g = Graph::new(false);
    for v in 0..n {
        g.add_vertex(format!("v{v}"));
    }
    for u in 0..n {
        for v in u..n {
            let p = if u == v { 0.1 } else { p };
            if g.m() < 14 && rng.random_bool(p) {
                g.add_edge(u, v);
                if u != v && g.m() < 14 && rng.random_bool(0.05) {
                    g.add_edge(u, v);
                }
            }
        }
    }
    let share = rng.random_range(0.0..0.4);
    let free = (0..g.m())
        .filter(|_| !rng.random_bool(share))
        .fold(0, |f, e| f | bit(e));
    (g, free)
}

/// The bound from a vertex holds against the exhaustive longest trail, is sharper than the
/// start-blind bound in many positions and tight in many.
#[test]
fn trail_bound_from_a_vertex_is_sound_sharper_and_often_tight() {
    let mut rng = ChaCha8Rng::seed_from_u64(10_101);
    let (mut sharper, mut tight, mut tight_sharper) = (0, 0, 0);
    for _ in 0..TRIALS {
        let (g, free) = draw(&mut rng);
        let masks = EdgeMasks::of(&g);
        let edges = masks.edges();
        let v = rng.random_range(0..g.n());
        if edges.inc[v] & free == 0 {
            continue;
        }
        let (comp, verts) = edges.component(v, free);
        let longest = longest_trail(&g, v, comp);
        let from = edges.trail_bound_from(comp, verts, v);
        let blind = edges.trail_bound(comp, verts);
        assert!(
            longest <= from,
            "bound {from} below the longest trail {longest} from v{v}: {g:?} free {free:#x}"
        );
        assert!(from <= blind, "{g:?} free {free:#x} from v{v}");
        sharper += usize::from(from < blind);
        tight += usize::from(from == longest);
        tight_sharper += usize::from(from == longest && from < blind);
    }
    eprintln!(
        "bound from a vertex: sharper {sharper}, tight {tight}, tight and sharper {tight_sharper}"
    );
    assert!(
        sharper >= 200 && tight >= 1000 && tight_sharper >= 100,
        "{sharper} {tight} {tight_sharper}"
    );
}
