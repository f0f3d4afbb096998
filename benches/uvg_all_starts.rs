//! The UVG all-starts path on an edge-list file, for bench/matching.sh (networkx's maximum
//! matching against ours on the same graph). Plain timing, no criterion.
//!
//! `cargo bench --bench uvg_all_starts -- GRAPH [DEFICIENT_OUT]`, or the binary that
//! `cargo build --release --bench uvg_all_starts` writes under `target/release/deps/`.
//!
//! GRAPH: first line `n m`, then one undirected edge `u v` (0-based) per line. Prints one JSON
//! line with process CPU seconds (not wall clock: the benchmark machine is shared): `read_s`
//! (reading the file and building the game), `all_starts_s` (the winner from every start
//! vertex, [`uvg_winners`]: one Gallai–Edmonds decomposition), the maximum
//! matching size and how many starts player I wins. With DEFICIENT_OUT, also writes the
//! vertices some maximum matching misses (the set D, where player I loses), one per line, so
//! that the benchmark can check that every vertex networkx's matching leaves exposed is in D.

use georeduce::problems::geography::{Convention, Geography, Rule, Tokens};
use georeduce::problems::graph::Graph;
use georeduce::solvers::blossom;
use georeduce::solvers::geography::uvg_winners;
use georeduce::solvers::{Budget, Winner};

/// CPU seconds used by this process so far.
fn cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec; the clock id is a constant the kernel knows.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)");
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let Some(path) = args.first() else {
        eprintln!("usage: uvg_all_starts GRAPH [DEFICIENT_OUT]");
        std::process::exit(2);
    };
    let started = cpu_seconds();
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
    let read_s = cpu_seconds() - started;
    let t = cpu_seconds();
    let winners = uvg_winners(&g, &Budget::unlimited()).expect("UVG all starts");
    let all_starts_s = cpu_seconds() - t;
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
