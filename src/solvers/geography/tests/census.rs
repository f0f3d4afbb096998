//! The census search (`census.rs`: one-token undirected vertex and edge geography on at most
//! 11 vertices, with a table shared by the games of a batch) against the exhaustive solver and
//! the naive minimax: every labelled graph on at most 5 vertices, every connected graph on 7
//! (tests/data/connected-7.g6, as `geng -c 7` prints it), and seeded random graphs on 8–11
//! vertices (loops included under the edge rule); each game unrooted and from every start,
//! normal and misère. The shared table is one for the whole family, as in a batch, so
//! positions found in earlier graphs answer for later ones; a table too small for the family
//! must evict and still agree.

use super::naive;
use crate::lang::graph6::decode_line;
use crate::problems::geography::{Convention, Geography, Rule, Tokens};
use crate::problems::graph::Graph;
use crate::solvers::geography::{CensusTable, census_applies, census_winner, solve_exhaustive};
use crate::solvers::{Budget, Winner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every game the census search plays on `graph`: both rules (the edge rule only when the
/// graph has loops: vertex geography forbids them), both conventions, unrooted and rooted at
/// every vertex.
fn games_on(graph: &Graph) -> Vec<Geography> {
    let mut out = Vec::new();
    for rule in [Rule::Vertex, Rule::Edge] {
        if rule == Rule::Vertex && graph.has_loop() {
            continue;
        }
        for convention in [Convention::Normal, Convention::Misere] {
            let starts = std::iter::once(None).chain((0..graph.n()).map(Some));
            for start in starts {
                out.push(Geography {
                    graph: graph.clone(),
                    rule,
                    tokens: Tokens::One { start },
                    convention,
                });
            }
        }
    }
    out
}

/// Checks every game of `graphs` with the census search (the shared `table`, and a table of
/// its own) against the exhaustive solver, and against the naive minimax when `naive_too`.
/// Returns (games, won by player I, entries evicted from `table`).
fn check_family(graphs: &[Graph], table: &CensusTable, naive_too: bool) -> (usize, usize, u64) {
    let unlimited = Budget::unlimited();
    let (mut games, mut first) = (0, 0);
    for graph in graphs {
        for g in games_on(graph) {
            assert!(census_applies(&g), "{g:?}");
            let (shared, stats) = census_winner(&g, &unlimited, Some(table)).expect("unlimited");
            let (alone, _) = census_winner(&g, &unlimited, None).expect("unlimited");
            let exhaustive = solve_exhaustive(&g, &unlimited).expect("unlimited").winner;
            assert_eq!(shared, exhaustive, "shared table on {g:?}");
            assert_eq!(alone, exhaustive, "own table on {g:?}");
            assert!(stats.peak_table_bytes >= table.bytes().min(1), "{stats:?}");
            if naive_too {
                let first_wins = naive::mover_wins(&g, &naive::start(&g));
                assert_eq!(exhaustive == Winner::First, first_wins, "naive on {g:?}");
            }
            games += 1;
            first += usize::from(shared == Winner::First);
        }
    }
    (games, first, table.evicted())
}

/// Every labelled graph on `n` vertices (no loops).
fn all_labelled(n: usize) -> Vec<Graph> {
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|j| (0..j).map(move |i| (i, j))).collect();
    (0u32..1 << pairs.len())
        .map(|mask| {
            let edges: Vec<(usize, usize)> = (pairs.iter().enumerate())
                .filter(|&(i, _)| mask >> i & 1 == 1)
                .map(|(_, &p)| p)
                .collect();
            Graph::from_edges(false, n, &edges)
        })
        .collect()
}

#[test]
fn census_agrees_with_exhaustive_and_naive_on_every_labelled_graph_up_to_five_vertices() {
    let table = CensusTable::new(64 << 20);
    let graphs: Vec<Graph> = (1..=5).flat_map(all_labelled).collect();
    let (games, first, _) = check_family(&graphs, &table, true);
    // Both winners in large numbers: the comparison is not one-sided.
    assert!(
        first > games / 5 && first < games * 4 / 5,
        "{first} of {games}"
    );
    assert!(
        table.len() > 100,
        "the shared table was used: {}",
        table.len()
    );
}

#[test]
fn census_agrees_with_exhaustive_on_every_connected_graph_on_seven_vertices() {
    let graphs: Vec<Graph> = include_str!("../../../../tests/data/connected-7.g6")
        .lines()
        .map(|l| decode_line(l).expect("geng output"))
        .collect();
    assert_eq!(graphs.len(), 853);
    let table = CensusTable::new(64 << 20);
    let (games, first, evicted) = check_family(&graphs, &table, false);
    assert_eq!(games, 853 * 4 * 8);
    assert!(
        first > games / 5 && first < games * 4 / 5,
        "{first} of {games}"
    );
    assert_eq!(evicted, 0);
}

/// Seeded random graphs on 8–11 vertices: edge probability 0.15–0.4 (denser 11-vertex games
/// take the exhaustive reference seconds each); some with loops (at most 3 per vertex, what
/// a code describes), which are played under the edge rule only.
fn random_graphs(seed: u64, count: usize) -> Vec<Graph> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let n = rng.random_range(8..=11);
            let p = rng.random_range(0.15..0.4);
            let mut edges = Vec::new();
            for j in 0..n {
                for i in 0..j {
                    if rng.random_bool(p) {
                        edges.push((i, j));
                    }
                }
            }
            if rng.random_bool(0.3) {
                for _ in 0..rng.random_range(1..=3) {
                    let v = rng.random_range(0..n);
                    edges.push((v, v));
                }
            }
            Graph::from_edges(false, n, &edges)
        })
        .collect()
}

#[test]
fn census_agrees_with_exhaustive_on_random_graphs_up_to_eleven_vertices() {
    let table = CensusTable::new(256 << 20);
    let graphs = random_graphs(0xCE45, 30);
    let (games, first, _) = check_family(&graphs, &table, false);
    assert!(
        first > games / 5 && first < games * 4 / 5,
        "{first} of {games}"
    );
}

#[test]
fn a_census_table_too_small_for_the_family_evicts_and_still_agrees() {
    // 256 KiB: 56 entries per shard; the connected graphs on 7 vertices store more.
    let budget = 256 << 10;
    let table = CensusTable::new(budget);
    let graphs: Vec<Graph> = include_str!("../../../../tests/data/connected-7.g6")
        .lines()
        .map(|l| decode_line(l).expect("geng output"))
        .collect();
    let (_, _, evicted) = check_family(&graphs, &table, false);
    assert!(evicted > 0, "no eviction");
    assert!(table.len() <= 64 * 56, "{} entries", table.len());
    assert!(table.bytes() <= budget as u64, "{} bytes", table.bytes());
    // A fuller table after eviction: only the cheaper half of a shard goes.
    assert!(table.len() > 64 * 56 / 4, "{} entries", table.len());
}

#[test]
fn census_refuses_what_it_cannot_code() {
    let twelve = Graph::from_edges(false, 12, &[(0, 1)]);
    let parallel = Graph::from_edges(false, 3, &[(0, 1), (0, 1), (1, 2)]);
    let directed = Graph::from_edges(true, 3, &[(0, 1), (1, 2)]);
    let game = |graph: &Graph, rule| Geography {
        graph: graph.clone(),
        rule,
        tokens: Tokens::One { start: None },
        convention: Convention::Normal,
    };
    assert!(!census_applies(&game(&twelve, Rule::Edge)));
    assert!(!census_applies(&game(&parallel, Rule::Edge)));
    // Parallel edges do not matter under the vertex rule (one move per neighbour).
    assert!(census_applies(&game(&parallel, Rule::Vertex)));
    assert!(!census_applies(&game(&directed, Rule::Vertex)));
    assert!(census_winner(&game(&twelve, Rule::Edge), &Budget::unlimited(), None).is_err());
}

#[test]
fn census_stops_at_the_node_budget() {
    let graph = Graph::from_edges(
        false,
        8,
        &(0..8)
            .flat_map(|j| (0..j).map(move |i| (i, j)))
            .collect::<Vec<_>>(),
    );
    let g = Geography {
        graph,
        rule: Rule::Edge,
        tokens: Tokens::One { start: None },
        convention: Convention::Misere,
    };
    let budget = Budget::new(Some(10), None);
    match census_winner(&g, &budget, None) {
        Err(crate::solvers::SolveError::Budget(b)) => assert!(b.nodes > 10),
        other => panic!("{other:?}"),
    }
}
