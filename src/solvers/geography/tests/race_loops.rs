//! Canonical codes of the race search for graphs with loops (eleventh session): a loop is a
//! vertex colour in `canon.rs`, so positions of Trail Trap games with loops share memo keys
//! up to isomorphism. On random games with several loops per vertex (and, now and then, more
//! than a code holds, which falls back to plain keys) and no parallel edges, the race search
//! must agree with the naive minimax, unrooted (Trail Trap) and rooted. A key that dropped
//! the loop counts makes positions that differ only in their loops collide, and fails here.

use super::naive;
use crate::problems::geography::{Convention, Rule};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::geography::solve_race;
use crate::solvers::{Budget, Winner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games per campaign.
const TRIALS: usize = 1500;

fn campaign(name: &str, seed: u64, setup: Setup, sizes: (usize, usize)) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut firsts, mut looped) = (0, 0);
    for _ in 0..TRIALS {
        let params = GameParams {
            rule: Rule::Edge,
            setup,
            directed: false,
            convention: Convention::Normal,
            loops: false,
            n: rng.random_range(sizes.0..=sizes.1),
            edge_prob: rng.random_range(0.25..0.6),
            ..GameParams::default()
        };
        let mut g = random_game(&mut rng, &params);
        // Loops: none, one or two at a vertex, and now and then four (more than a code's
        // two bits hold: that position keeps a plain key).
        for v in 0..g.graph.n() {
            let count = match rng.random_range(0..20) {
                0..=9 => 0,
                10..=15 => 1,
                16..=18 => 2,
                _ => 4,
            };
            for _ in 0..count {
                if g.graph.m() < 16 {
                    g.graph.add_edge(v, v);
                }
            }
        }
        looped += usize::from(g.graph.edges.iter().any(|&(u, v)| u == v));
        let sol = solve_race(&g, &Budget::unlimited()).expect("race applies");
        let first = naive::mover_wins(&g, &naive::start(&g));
        assert_eq!(sol.winner == Winner::First, first, "winner of {g:?}");
        firsts += usize::from(first);
    }
    let seconds = TRIALS - firsts;
    eprintln!("{name}: first {firsts}, second {seconds}, with loops {looped}");
    assert!(
        firsts * 5 >= TRIALS && seconds * 5 >= TRIALS && looped * 10 >= TRIALS * 8,
        "{name}: {firsts} vs {seconds}, {looped} with loops"
    );
}

/// Trail Trap (unrooted) with loops, against the naive minimax.
#[test]
fn trail_trap_with_loops_agrees_with_naive_minimax() {
    campaign(
        "Trail Trap with loops",
        4111,
        Setup::PartizanUnrooted,
        (3, 6),
    );
}

/// Rooted partizan edge geography with loops, against the naive minimax.
#[test]
fn rooted_partizan_edge_with_loops_agrees_with_naive_minimax() {
    campaign(
        "rooted undirected PAG with loops",
        4112,
        Setup::Partizan,
        (3, 7),
    );
}
