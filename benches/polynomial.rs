//! Timings of the polynomial geography solvers for docs/performance-history.md ("Polynomial
//! solvers"): deterministic random instances (ChaCha8, fixed seeds), plain wall-clock timing of one
//! run each (no criterion: every row is long enough to time by itself).
//!
//! `cargo bench --bench polynomial`

use georeduce::problems::Instance;
use georeduce::problems::geography::{Convention, Geography, Rule, Tokens};
use georeduce::problems::graph::Graph;
use georeduce::solvers::Budget;
use georeduce::solvers::geography::{Method, solve_matching, solve_with, ueg_winners, uvg_winners};
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

/// The DSL text of a rooted UEG on a random `n` × `n` biadjacency matrix (each entry 1 with
/// probability 1/2), as a `biadjacency { … }` block.
fn random_biadjacency_dsl(n: usize, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut text = String::with_capacity(n * (n + 1) + 200);
    text.push_str("geography {\n undirected edge geography\n tokens: one at r1\n biadjacency {\n");
    for _ in 0..n {
        for _ in 0..n {
            text.push(if rng.random_bool(0.5) { '1' } else { '0' });
        }
        text.push('\n');
    }
    text.push_str(" }\n}\n");
    text
}

fn ueg_rows() {
    println!();
    println!(
        "| bipartite UEG | parse (DSL biadjacency) | all starts (ueg_winners) | solve (Auto) | player I wins from |"
    );
    println!("|---|---|---|---|---|");
    for (n, seed) in [(1024, 1), (2048, 1), (4096, 1), (4096, 2), (4096, 3)] {
        let text = random_biadjacency_dsl(n, seed);
        let t = Instant::now();
        let parsed = georeduce::lang::parse_str("bench.geo", &text).expect("valid DSL");
        let parse = t.elapsed().as_secs_f64();
        let Instance::Geography(g) = parsed.instance else {
            unreachable!("a game")
        };
        let t = Instant::now();
        let winners = ueg_winners(&g, &Budget::unlimited()).expect("bipartite UEG");
        let all = t.elapsed().as_secs_f64();
        let firsts = winners
            .iter()
            .filter(|w| **w == georeduce::solvers::Winner::First)
            .count();
        let t = Instant::now();
        let sol = solve_with(&g, Method::Auto, &Budget::unlimited()).expect("bipartite UEG");
        let one = t.elapsed().as_secs_f64();
        assert_eq!(sol.method, "gf2");
        println!(
            "| {n}×{n}, seed {seed} ({} edges) | {parse:.3} s | {all:.3} s | {one:.3} s | {firsts} of {} |",
            g.graph.m(),
            g.graph.n()
        );
    }
}

fn main() {
    uvg_rows();
    ueg_rows();
}
