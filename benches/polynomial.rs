//! Timings of the polynomial geography solvers for docs/performance.md ("Polynomial
//! solvers"): deterministic random instances (ChaCha8, fixed seeds), plain wall-clock timing
//! of one run each (no criterion: every row is long enough to time by itself).
//!
//! `cargo bench --bench polynomial`

use georeduce::problems::geography::{Convention, Geography, Rule, Tokens};
use georeduce::problems::graph::Graph;
use georeduce::solvers::Budget;
use georeduce::solvers::geography::{solve_matching, uvg_winners};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// A random simple-ish undirected graph with `n` vertices and `m` uniformly random edges
/// (loops skipped; parallel edges are harmless to the vertex rule).
fn random_uvg(n: usize, m: usize, seed: u64) -> Geography {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut graph = Graph::new(false);
    for v in 0..n {
        graph.add_vertex(format!("v{v}"));
    }
    while graph.m() < m {
        let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
        if u != v {
            graph.add_edge(u, v);
        }
    }
    Geography {
        graph,
        rule: Rule::Vertex,
        tokens: Tokens::One { start: Some(0) },
        convention: Convention::Normal,
    }
}

fn uvg_rows() {
    println!(
        "| UVG graph | all starts (uvg_winners) | player I wins from | one start, with line |"
    );
    println!("|---|---|---|---|");
    for (n, m) in [
        (10_000, 50_000),
        (30_000, 150_000),
        (100_000, 500_000),
        (100_000, 150_000),
    ] {
        for seed in 1..=3 {
            let g = random_uvg(n, m, seed);
            let t = Instant::now();
            let winners = uvg_winners(&g, &Budget::unlimited()).expect("UVG");
            let all = t.elapsed().as_secs_f64();
            let firsts = winners
                .iter()
                .filter(|w| **w == georeduce::solvers::Winner::First)
                .count();
            let t = Instant::now();
            solve_matching(&g, &Budget::unlimited()).expect("UVG");
            let one = t.elapsed().as_secs_f64();
            println!("| n={n}, m={m}, seed {seed} | {all:.3} s | {firsts} of {n} | {one:.3} s |");
        }
    }
}

fn main() {
    uvg_rows();
}
