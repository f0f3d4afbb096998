//! Positions whose outcome is known independently of our code: hand analysis, and the
//! Trail Trap paper's census of small connected graphs (spec §0, Table 1).

use crate::game;
use crate::problems::geography::{Convention, Geography, Move, Rule};
use crate::problems::graph::Graph;
use crate::solvers::geography::{initial_position, legal_moves, play, solve, solve_race};
use crate::solvers::{Budget, Winner};

fn winner(g: &Geography) -> Winner {
    solve(g, &Budget::unlimited()).expect("solvable").winner
}

/// A directed path of k arcs from the start: player I wins iff k is odd (normal), even
/// (misère).
#[test]
fn directed_paths() {
    for k in 0..6 {
        let edges: Vec<_> = (0..k).map(|i| (i, i + 1)).collect();
        for (conv, odd_wins) in [(Convention::Normal, true), (Convention::Misere, false)] {
            let mut g = game!(dvg on Graph::from_edges(true, k + 1, &edges); start 0);
            g.convention = conv;
            let first = (k % 2 == 1) == odd_wins;
            assert_eq!(winner(&g) == Winner::First, first, "k={k} {conv:?}");
        }
    }
}

/// All graphs on `n` labelled vertices, deduplicated up to isomorphism, connected only.
fn connected_graphs(n: usize) -> Vec<Vec<(usize, usize)>> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    let perms = permutations(n);
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for mask in 0u32..1 << pairs.len() {
        let edges: Vec<_> = (0..pairs.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| pairs[i])
            .collect();
        let canon = perms
            .iter()
            .map(|p| {
                let mut e: Vec<_> = edges
                    .iter()
                    .map(|&(u, v)| (p[u].min(p[v]), p[u].max(p[v])))
                    .collect();
                e.sort_unstable();
                e
            })
            .min()
            .unwrap_or_default();
        if seen.insert(canon)
            && Graph::from_edges(false, n, &edges)
                .to_petgraph_undirected()
                .node_count()
                > 0
            && petgraph::algo::connected_components(
                &Graph::from_edges(false, n, &edges).to_petgraph_undirected(),
            ) == 1
        {
            out.push(edges);
        }
    }
    out
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..n {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// Trail Trap census (paper Table 1, spec §0): player II wins on 2/2, 4/6, 17/21 and 88/112
/// connected graphs with 3, 4, 5, 6 vertices.
#[test]
fn trail_trap_table_1() {
    for (n, p2, total) in [(3, 2, 2), (4, 4, 6), (5, 17, 21), (6, 88, 112)] {
        let graphs = connected_graphs(n);
        assert_eq!(graphs.len(), total, "connected graphs on {n} vertices");
        let wins = graphs
            .iter()
            .filter(|e| {
                let g = game!(ueg on Graph::from_edges(false, n, e); partizan unrooted);
                let race = solve_race(&g, &Budget::unlimited()).expect("race applies");
                assert_eq!(race.winner, winner(&g), "race search on {e:?}");
                race.winner == Winner::Second
            })
            .count();
        assert_eq!(wins, p2, "P2 wins on {n} vertices");
    }
}

/// The public game-state API walks a whole principal variation legally.
#[test]
fn principal_variation_is_legal() {
    let g = game!(ueg: 0 -- 1, 1 -- 2, 2 -- 3, 3 -- 4, 4 -- 0, 1 -- 3; partizan unrooted);
    let sol = solve(&g, &Budget::unlimited()).expect("solvable");
    let mut pos = initial_position(&g);
    for &mv in &sol.principal_variation {
        assert!(legal_moves(&g, &pos).contains(&mv), "{mv:?} illegal");
        pos = play(&g, &pos, mv);
    }
    assert!(legal_moves(&g, &pos).is_empty());
    // Normal play: the player stuck at the end is the loser.
    assert_eq!(pos.to_move, sol.winner.other());
    assert!(matches!(
        sol.principal_variation.first(),
        Some(Move::Step { .. })
    ));
}

/// A budget that runs out gives `SolveError::Budget`; an oversized NimG game is refused; an
/// invalid game is `Unsupported`, never a panic.
#[test]
fn budget_size_and_validity_errors() {
    use crate::solvers::SolveError;
    // Arcs i -> i+1, i+2, i+3 (mod 8): no antiparallel pair, which the search would cancel
    // first (cancel.rs), so the search has real work to do.
    let edges: Vec<_> = (0..8)
        .flat_map(|u| (1..4).map(move |d| (u, (u + d) % 8)))
        .collect();
    let g = game!(deg on Graph::from_edges(true, 8, &edges); start 0);
    let nodes = solve(&g, &Budget::unlimited())
        .expect("solvable")
        .stats
        .nodes;
    assert!(nodes > 10, "{nodes}");
    let tight = Budget::new(Some(nodes - 1), None);
    assert!(matches!(solve(&g, &tight), Err(SolveError::Budget(_))));
    assert!(solve(&g, &Budget::new(Some(nodes), None)).is_ok());
    let mut nim = game!(nimg: 0 -- 1; start 0);
    nim.graph.vertices[0].weight = Some(u64::MAX);
    assert!(matches!(
        solve(&nim, &Budget::unlimited()),
        Err(SolveError::TooLarge { .. })
    ));
    let bad = game!(dvg: 0 -> 1; start 7);
    assert!(matches!(
        solve(&bad, &Budget::unlimited()),
        Err(SolveError::Unsupported(_))
    ));
}

/// Long narrow games (deeper than the default test-thread stack would allow) solve: an
/// undirected path of 20,001 vertices from one end, under both rules.
#[test]
fn long_paths_solve_without_overflow() {
    let n = 20_001;
    let edges: Vec<_> = (0..n - 1).map(|i| (i, i + 1)).collect();
    for rule in [Rule::Vertex, Rule::Edge] {
        let mut g = game!(uvg on Graph::from_edges(false, n, &edges); start 0);
        g.rule = rule;
        let sol = solve(&g, &Budget::unlimited()).expect("a path is easy");
        // 20,000 moves: player II makes the last one.
        assert_eq!(sol.winner, Winner::Second);
        assert_eq!(sol.principal_variation.len(), n - 1);
    }
}

fn hypercube(d: usize) -> Graph {
    let edges: Vec<_> = (0..1usize << d)
        .flat_map(|a| (0..d).map(move |b| (a, a ^ (1 << b))))
        .filter(|&(a, b)| a < b)
        .collect();
    Graph::from_edges(false, 1 << d, &edges)
}

fn grid(r: usize, c: usize) -> Graph {
    let mut edges = Vec::new();
    for i in 0..r {
        for j in 0..c {
            if j + 1 < c {
                edges.push((i * c + j, i * c + j + 1));
            }
            if i + 1 < r {
                edges.push((i * c + j, (i + 1) * c + j));
            }
        }
    }
    Graph::from_edges(false, r * c, &edges)
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// FSU (paper 001): UEG on the n-cube from any vertex is a second-player win iff n is even;
/// on the m×n grid from a corner (m, n ≥ 2) iff gcd(m+1, n+1) ≠ 1. Checked with exhaustive
/// search on the small cases and with GF(2) on larger ones.
#[test]
fn ueg_cubes_and_grids_match_fsu_theorems() {
    use crate::solvers::geography::{Method, solve_with};
    for d in 1..=6 {
        let g = game!(ueg on hypercube(d); start 0);
        let expect = if d % 2 == 0 {
            Winner::Second
        } else {
            Winner::First
        };
        assert_eq!(
            solve_with(&g, Method::Gf2, &Budget::unlimited()).map(|s| s.winner),
            Ok(expect)
        );
        if d <= 4 {
            assert_eq!(winner(&g), expect, "Q{d}");
        }
    }
    for r in 2..=9 {
        for c in 2..=9 {
            let g = game!(ueg on grid(r, c); start 0);
            let expect = if gcd(r + 1, c + 1) != 1 {
                Winner::Second
            } else {
                Winner::First
            };
            let gf2 = solve_with(&g, Method::Gf2, &Budget::unlimited()).map(|s| s.winner);
            assert_eq!(gf2, Ok(expect), "{r}x{c} grid");
            if r * c <= 16 {
                assert_eq!(winner(&g), expect, "{r}x{c} grid");
            }
        }
    }
}

/// Trail Trap (paper 004, §2): with at least two edges, paths and cycles (maximum degree 2)
/// are player II wins; one edge is a player I win; the claw K_{1,3} is a player I win.
#[test]
fn trail_trap_paths_cycles_claw() {
    for n in 2..=9 {
        let path: Vec<_> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let g = game!(ueg on Graph::from_edges(false, n, &path); partizan unrooted);
        let expect = if n == 2 {
            Winner::First
        } else {
            Winner::Second
        };
        assert_eq!(winner(&g), expect, "path on {n} vertices");
        if n >= 3 {
            let mut cycle = path.clone();
            cycle.push((n - 1, 0));
            let g = game!(ueg on Graph::from_edges(false, n, &cycle); partizan unrooted);
            assert_eq!(winner(&g), Winner::Second, "cycle on {n} vertices");
        }
    }
    let claw = game!(ueg: 0 -- 1, 0 -- 2, 0 -- 3; partizan unrooted);
    assert_eq!(winner(&claw), Winner::First);
}
