//! Even kernels of undirected edge geography (`even_kernel.rs`) against a brute-force check
//! of the definition and the naive minimax, on random multigraphs with loops and parallel
//! edges; and the exhaustive search with its kernel pass against the search without it and
//! the naive minimax.

use super::naive;
use crate::problems::Convention;
use crate::problems::geography::{Geography, Rule, Tokens};
use crate::problems::graph::Graph;
use crate::solvers::Budget;
use crate::solvers::geography::even_kernel::EvenKernel;
use crate::solvers::geography::exhaustive::Search;
use crate::solvers::geography::state::{Game, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Random games per test.
const TRIALS: usize = 1200;

/// A rooted normal-play UEG game on a random multigraph of `n` vertices: each vertex has a
/// loop with probability 0.3 (a second one with probability 0.1), and `m` more edges join
/// random distinct vertices, repeats allowed (parallel edges).
fn random_multigraph_game(rng: &mut ChaCha8Rng, n: usize, m: usize) -> Geography {
    let mut edges = Vec::new();
    for v in 0..n {
        if rng.random_bool(0.3) {
            edges.push((v, v));
            if rng.random_bool(0.1) {
                edges.push((v, v));
            }
        }
    }
    while edges.len() < m {
        let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
        if a != b {
            edges.push((a, b));
        }
    }
    Geography {
        graph: Graph::from_edges(false, n, &edges),
        rule: Rule::Edge,
        tokens: Tokens::One {
            start: Some(rng.random_range(0..n)),
        },
        convention: Convention::Normal,
    }
}

/// Whether `k` is an even kernel for the token on `v` when the edges `used` are gone, straight
/// from the definition: `v ∈ K`, no free edge (loops included) inside `K`, every vertex outside
/// `K` with an even number of free edges into `K` (with multiplicity).
fn is_even_kernel(g: &Geography, used: &[bool], v: usize, k: &[bool]) -> bool {
    if !k[v] {
        return false;
    }
    let mut into = vec![0usize; g.graph.n()];
    for (e, &(a, b)) in g.graph.edges.iter().enumerate() {
        if used[e] {
            continue;
        }
        if k[a] && k[b] {
            return false;
        }
        if k[a] {
            into[b] += 1;
        }
        if k[b] {
            into[a] += 1;
        }
    }
    (0..g.graph.n()).all(|u| k[u] || into[u].is_multiple_of(2))
}

/// Whether any even kernel exists (every vertex set tried).
fn some_even_kernel(g: &Geography, used: &[bool], v: usize) -> bool {
    let n = g.graph.n();
    (0..1u32 << n).any(|mask| {
        let k: Vec<bool> = (0..n).map(|u| mask >> u & 1 == 1).collect();
        is_even_kernel(g, used, v, &k)
    })
}

/// On random positions (6–10 vertices, random used edges, the token anywhere): every kernel
/// the finder returns satisfies the definition, and every position it declares lost is lost
/// by the naive minimax. It finds most kernels that exist (at least 90 %), and kernels occur
/// in a good share of the positions.
#[test]
fn found_kernels_are_even_kernels_of_lost_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(1414);
    let mut finder = EvenKernel::default();
    let (mut found, mut exist, mut lost) = (0, 0, 0);
    for _ in 0..TRIALS {
        let n = rng.random_range(6..=10);
        let m = rng.random_range(n..=2 * n).min(16);
        let g = random_multigraph_game(&mut rng, n, m);
        let game = Game::new(&g);
        let used: Vec<bool> = (0..g.graph.m()).map(|_| rng.random_bool(0.3)).collect();
        let v = rng.random_range(0..n);
        let mut st: State = game.start.clone();
        st.tok[0] = v as u32;
        for (e, &u) in used.iter().enumerate() {
            if u != st.bit(e) {
                st.flip(e);
            }
        }
        let mut p = naive::start(&g);
        p.tokens = vec![Some(v)];
        p.used = used.clone();
        let mover_wins = naive::mover_wins(&g, &p);
        lost += usize::from(!mover_wins);
        let exists = some_even_kernel(&g, &used, v);
        exist += usize::from(exists);
        assert!(
            !exists || !mover_wins,
            "a kernel in a won position: {g:?} {used:?}"
        );
        if let Some(k) = finder.kernel(&game, &st, v) {
            found += 1;
            let mut set = vec![false; n];
            for x in k {
                set[x] = true;
            }
            assert!(
                is_even_kernel(&g, &used, v, &set),
                "{set:?} in {g:?} {used:?}"
            );
            assert!(!mover_wins, "declared lost, won: {g:?} {used:?}");
        }
    }
    eprintln!("even kernels: found {found}, exist {exist}, lost positions {lost} of {TRIALS}");
    assert!(found * 10 >= exist * 9, "found {found} of {exist}");
    assert!(found * 5 >= TRIALS, "found only {found}");
}

/// From the start of random rooted UEG games with loops and parallel edges: the search with
/// the kernel pass (with and without pre-classification, and without endgames so that the
/// pass runs at every expanded position) gives the naive minimax's winner and the search
/// without kernels' winner, and its winning move and line of play hold against that search.
/// The pass decides positions in many games, and both winners occur often.
#[test]
fn search_with_kernels_agrees_with_naive_minimax() {
    let mut rng = ChaCha8Rng::seed_from_u64(1415);
    let budget = Budget::unlimited();
    let (mut firsts, mut fired) = (0, 0);
    for _ in 0..TRIALS {
        let n = rng.random_range(6..=9);
        let m = rng.random_range(n..=2 * n).min(14);
        let g = random_multigraph_game(&mut rng, n, m);
        let game = Game::new(&g);
        let expected = naive::mover_wins(&g, &naive::start(&g));
        firsts += usize::from(expected);
        let mut reference = Search::plain(&game, &budget)
            .without_endgames()
            .without_kernels();
        let mut r = game.start.clone();
        assert_eq!(
            reference.wins(&mut r).expect("unlimited"),
            expected,
            "{g:?}"
        );
        let mut any = 0;
        for mut fast in [
            Search::plain(&game, &budget).without_endgames(),
            Search::new(&game, &budget, &game.start).without_endgames(),
            Search::new(&game, &budget, &game.start),
        ] {
            assert_eq!(fast.wins(&mut r).expect("unlimited"), expected, "{g:?}");
            super::assert_move_and_line_hold(&game, &mut fast, &mut reference, &mut r, &g);
            // Counted where users read it: the search's statistics.
            any += fast.stats(std::time::Instant::now()).even_kernels;
        }
        fired += usize::from(any > 0);
    }
    eprintln!("UEG multigraphs: first wins {firsts} of {TRIALS}, kernels decided in {fired}");
    assert!(fired * 3 >= TRIALS, "kernels decided in only {fired} games");
    assert!(
        firsts * 5 >= TRIALS && (TRIALS - firsts) * 5 >= TRIALS,
        "{firsts}"
    );
}
