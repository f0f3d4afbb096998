//! The UVG all-starts path on an edge-list file, for bench/matching.sh (networkx's maximum
//! matching against ours on the same graph). Plain timing, no criterion.
//!
//! `cargo bench --bench uvg_all_starts -- GRAPH [DEFICIENT_OUT]`
//!
//! GRAPH: first line `n m`, then one undirected edge `u v` (0-based) per line. Prints one JSON
//! line: `read_s` (reading the file and building the game), `all_starts_s` (the winner from
//! every start vertex, [`uvg_winners`]: one Gallai–Edmonds decomposition), the maximum
//! matching size and how many starts player I wins. With DEFICIENT_OUT, also writes the
//! vertices some maximum matching misses (the set D, where player I loses), one per line, so
//! that the benchmark can check that every vertex networkx's matching leaves exposed is in D.

use georeduce::problems::geography::{Convention, Geography, Rule, Tokens};
use georeduce::problems::graph::Graph;
use georeduce::solvers::blossom;
use georeduce::solvers::geography::uvg_winners;
use georeduce::solvers::{Budget, Winner};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let Some(path) = args.first() else {
        eprintln!("usage: uvg_all_starts GRAPH [DEFICIENT_OUT]");
        std::process::exit(2);
    };
    let started = Instant::now();
    let text = std::fs::read_to_string(path).expect("read the graph file");
    let mut numbers = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("a number"));
    let n = numbers.next().expect("n");
    let m = numbers.next().expect("m");
    let edges: Vec<(usize, usize)> = (0..m)
        .map(|_| (numbers.next().expect("u"), numbers.next().expect("v")))
        .collect();
    let g = Geography {
        graph: Graph::from_edges(false, n, &edges),
        rule: Rule::Vertex,
        tokens: Tokens::One { start: Some(0) },
        convention: Convention::Normal,
    };
    let read_s = started.elapsed().as_secs_f64();
    let t = Instant::now();
    let winners = uvg_winners(&g, &Budget::unlimited()).expect("UVG all starts");
    let all_starts_s = t.elapsed().as_secs_f64();
    let first_wins = winners.iter().filter(|w| **w == Winner::First).count();
    // The matching size, for agreement with networkx (not timed: a second decomposition).
    let graph = blossom::Graph::from_edges(n, &edges);
    let dec = blossom::decompose(&graph, &vec![true; n], &Budget::unlimited()).expect("matching");
    if let Some(out) = args.get(1) {
        let lines: String = (0..n)
            .filter(|&v| winners[v] == Winner::Second)
            .map(|v| format!("{v}\n"))
            .collect();
        std::fs::write(out, lines).expect("write the deficient set");
    }
    println!(
        "{{\"n\": {n}, \"m\": {m}, \"read_s\": {read_s:.6}, \"all_starts_s\": {all_starts_s:.6}, \
         \"matching\": {}, \"first_wins\": {first_wins}}}",
        dec.size()
    );
}
