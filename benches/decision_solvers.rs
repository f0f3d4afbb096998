//! Timings of the decision-problem solvers for docs/solvers-decision.md (plain timing, no
//! criterion: each row is a batch long enough to time by itself).
//!
//! `cargo bench --bench decision_solvers`

use georeduce::random::formulas::{PrefixShape, QbfParams, random_qbf};
use georeduce::random::graphs::{Endpoints, GraphFamily, HamPathParams};
use georeduce::random::graphs::{random_hampath, random_vertex_cover};
use georeduce::solvers::{Budget, SolveError, Stats, hampath, qbf, vertex_cover};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Solves `count` instances made by `make` (made before the clock starts) and prints one
/// table row: total time, mean and largest node counts, YES answers and budget hits.
fn row<T>(what: &str, count: usize, make: impl FnMut(usize) -> T, solve: impl Fn(&T) -> Answer) {
    let instances: Vec<T> = (0..count).map(make).collect();
    let start = Instant::now();
    let (mut yes, mut unknown, mut nodes, mut max_nodes) = (0, 0, 0, 0);
    for t in &instances {
        match solve(t) {
            Ok((answer, stats)) => {
                yes += usize::from(answer);
                nodes += stats.nodes;
                max_nodes = max_nodes.max(stats.nodes);
            }
            Err(_) => unknown += 1,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let mean = nodes as f64 / (count - unknown).max(1) as f64;
    println!("| {what} | {count} | {secs:.3} s | {mean:.0} | {max_nodes} | {yes} | {unknown} |");
}

type Answer = Result<(bool, Stats), SolveError>;

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn main() {
    let mut r = rng(1);
    println!("| instances | count | total time | mean nodes | max nodes | YES | budget hit |");
    println!("|---|---|---|---|---|---|---|");
    let solve_qbf = |f: &_| qbf::solve(f, &Budget::unlimited()).map(|s| (s.value, s.stats));
    for (shape, n, m) in [
        (PrefixShape::Mixed, 8, 8),
        (PrefixShape::Mixed, 16, 16),
        (PrefixShape::Alternating, 20, 10),
        (PrefixShape::Alternating, 40, 20),
        (PrefixShape::Alternating, 60, 30),
        (PrefixShape::RandomBlocks, 20, 14),
        (PrefixShape::RandomBlocks, 40, 28),
        (PrefixShape::AllExists, 20, 85),
        (PrefixShape::AllExists, 40, 170),
    ] {
        let p = QbfParams {
            prefix: shape,
            ..QbfParams::three_qbf(n..=n, m..=m)
        };
        let what = format!("3QBF {shape:?}, {n} vars, {m} clauses");
        row(&what, 1000, |_| random_qbf(&mut r, &p), solve_qbf);
    }
    // Plain random 3-CNF (no repeats, no tautologies) at the satisfiability threshold, and
    // random blocks: the hardest of these families for a search without learning.
    for (shape, n, m) in [
        (PrefixShape::AllExists, 30, 128),
        (PrefixShape::AllExists, 50, 213),
        (PrefixShape::RandomBlocks, 30, 20),
    ] {
        let p = QbfParams {
            prefix: shape,
            repeated_literals: false,
            tautologies: false,
            ..QbfParams::three_qbf(n..=n, m..=m)
        };
        let what = format!("plain 3QBF {shape:?}, {n} vars, {m} clauses");
        row(&what, 1000, |_| random_qbf(&mut r, &p), solve_qbf);
    }
    let dp =
        |h: &_| hampath::solve_dp(h, &Budget::unlimited()).map(|s| (s.path.is_some(), s.stats));
    let capped = Budget::new(Some(10_000_000), None);
    let bt = |h: &_| hampath::solve_backtracking(h, &capped).map(|s| (s.path.is_some(), s.stats));
    for (family, directed, n) in [
        (GraphFamily::Sparse, true, 12),
        (GraphFamily::Sparse, true, 16),
        (GraphFamily::Sparse, true, 20),
        (GraphFamily::Sparse, false, 20),
        (GraphFamily::Sparse, false, 40),
        (GraphFamily::Cubic, false, 60),
    ] {
        let p = HamPathParams {
            vertices: n..=n,
            family,
            directed,
            endpoints: Endpoints::Mixed,
            plant: 0.5,
        };
        let kind = if directed { "directed" } else { "undirected" };
        let instances: Vec<_> = (0..100).map(|_| random_hampath(&mut r, &p)).collect();
        if n <= hampath::DP_LIMIT {
            row(
                &format!("HamPath DP, {family:?} {kind}, n = {n}"),
                100,
                |i| instances[i].clone(),
                dp,
            );
        }
        row(
            &format!("HamPath backtracking, {family:?} {kind}, n = {n}"),
            100,
            |i| instances[i].clone(),
            bt,
        );
    }
    let vc =
        |v: &_| vertex_cover::solve(v, &Budget::unlimited()).map(|s| (s.cover.is_some(), s.stats));
    for (n, k) in [(20, 10), (30, 14), (40, 18)] {
        let what = format!("Vertex cover, G(n, 3/n), n = {n}, k = {k}");
        row(
            &what,
            1000,
            |_| random_vertex_cover(&mut r, n, 3.0 / n as f64, k),
            vc,
        );
    }
}
