//! The race search (`race.rs`: Trail Trap and rooted partizan edge geography on undirected
//! graphs) against the naive minimax and the exhaustive solver on ≥ 1,000 random games per
//! setup (fixed seeds, both winners required in large numbers), and against the Trail Trap
//! paper's Table 1.

use super::naive;
use crate::problems::geography::{Convention, Geography, Rule, Tokens};
use crate::problems::graph::Graph;
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::geography::{
    RaceCache, race_winner, race_winner_shared, solve_exhaustive, solve_race,
};
use crate::solvers::{Budget, Winner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Instances per campaign.
const TRIALS: usize = 1000;

/// Checks one game against the naive minimax: winner, winning move, and a principal
/// variation that is a legal line ending as the winner says. Returns the winner.
fn check_naive(g: &Geography) -> Winner {
    let sol = solve_race(g, &Budget::unlimited()).expect("race applies");
    assert_eq!(sol.method, "race");
    let start = naive::start(g);
    let first = naive::mover_wins(g, &start);
    assert_eq!(sol.winner == Winner::First, first, "winner of {g:?}");
    let (winner, _) = race_winner(g, &Budget::unlimited()).expect("race applies");
    assert_eq!(winner, sol.winner, "race_winner of {g:?}");
    match sol.winning_move {
        Some(mv) => {
            assert!(first, "a winning move for a loser in {g:?}");
            assert!(naive::moves(g, &start).contains(&mv));
            assert!(!naive::mover_wins(g, &naive::apply(g, &start, mv)));
        }
        None => assert!(!first || naive::moves(g, &start).is_empty(), "{g:?}"),
    }
    let mut p = start;
    for &mv in &sol.principal_variation {
        assert!(naive::moves(g, &p).contains(&mv), "PV move {mv:?} in {g:?}");
        p = naive::apply(g, &p, mv);
    }
    assert!(naive::moves(g, &p).is_empty(), "PV stops early in {g:?}");
    assert_eq!(
        p.mover != 0,
        first,
        "PV ends with the wrong winner in {g:?}"
    );
    sol.winner
}

fn campaign(name: &str, seed: u64, setup: Setup, sizes: (usize, usize), probs: (f64, f64)) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut firsts = 0;
    for _ in 0..TRIALS {
        let params = GameParams {
            rule: Rule::Edge,
            setup,
            directed: false,
            convention: Convention::Normal,
            loops: true,
            n: rng.random_range(sizes.0..=sizes.1),
            edge_prob: rng.random_range(probs.0..probs.1),
            ..GameParams::default()
        };
        let mut g = random_game(&mut rng, &params);
        // Parallel edges too, now and then (the naive minimax treats them as distinct).
        if rng.random_bool(0.2) && g.graph.m() > 0 {
            let (u, v) = g.graph.edges[rng.random_range(0..g.graph.m())];
            g.graph.add_edge(u, v);
        }
        firsts += usize::from(check_naive(&g) == Winner::First);
    }
    let seconds = TRIALS - firsts;
    eprintln!("{name}: first {firsts}, second {seconds}");
    assert!(
        firsts * 5 >= TRIALS && seconds * 5 >= TRIALS,
        "{name}: {firsts} vs {seconds}"
    );
}

/// Trail Trap (unrooted) with loops and parallel edges, against the naive minimax.
#[test]
fn trail_trap_agrees_with_naive_minimax() {
    campaign(
        "Trail Trap",
        4101,
        Setup::PartizanUnrooted,
        (2, 5),
        (0.2, 0.6),
    );
}

/// Rooted partizan edge geography on undirected graphs, against the naive minimax.
#[test]
fn rooted_partizan_edge_agrees_with_naive_minimax() {
    campaign(
        "rooted undirected PAG",
        4102,
        Setup::Partizan,
        (2, 6),
        (0.2, 0.7),
    );
}

/// How [`against_exhaustive`] draws its random partizan edge games.
struct Draw {
    /// Vertices, and the probability of each edge between two of them.
    vertices: std::ops::RangeInclusive<usize>,
    density: std::ops::Range<f64>,
    /// Loops (each vertex with probability 0.3) and one parallel edge (probability 0.3).
    loops: bool,
    /// Larger graphs are drawn again (keeps the exhaustive solver quick).
    max_edges: usize,
    /// Rooted (both starts given) with probability 0.3; else Trail Trap.
    rooted: bool,
}

impl Draw {
    /// Simple graphs of `vertices` vertices, edge probability `density`, at most `max_edges`
    /// edges, Trail Trap only.
    fn new(
        vertices: std::ops::RangeInclusive<usize>,
        density: std::ops::Range<f64>,
        max_edges: usize,
    ) -> Draw {
        Draw {
            vertices,
            density,
            loops: false,
            max_edges,
            rooted: false,
        }
    }

    /// With loops and a parallel edge.
    fn with_loops(self) -> Draw {
        Draw {
            loops: true,
            ..self
        }
    }

    /// Rooted games too.
    fn rooted(self) -> Draw {
        Draw {
            rooted: true,
            ..self
        }
    }
}

/// Plays [`TRIALS`] random games drawn by `draw` against the exhaustive solver, comparing
/// the winner `solve` names; both players must win at least a tenth of them.
fn against_exhaustive(
    name: &str,
    seed: u64,
    draw: Draw,
    mut solve: impl FnMut(&Geography) -> Winner,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut firsts, mut trials) = (0, 0);
    while trials < TRIALS {
        let n = rng.random_range(draw.vertices.clone());
        let p = rng.random_range(draw.density.clone());
        let mut graph = Graph::new(false);
        for v in 0..n {
            graph.add_vertex(format!("v{v}"));
        }
        for u in 0..n {
            if draw.loops && rng.random_bool(0.3) {
                graph.add_edge(u, u);
            }
            for v in u + 1..n {
                if rng.random_bool(p) {
                    graph.add_edge(u, v);
                }
            }
        }
        if draw.loops && rng.random_bool(0.3) && graph.m() > 0 {
            let (u, v) = graph.edges[rng.random_range(0..graph.m())];
            graph.add_edge(u, v);
        }
        if graph.m() > draw.max_edges {
            continue;
        }
        let starts = if draw.rooted && rng.random_bool(0.3) {
            Some([rng.random_range(0..n), rng.random_range(0..n)])
        } else {
            None
        };
        let g = Geography {
            graph,
            rule: Rule::Edge,
            tokens: Tokens::Partizan { starts },
            convention: Convention::Normal,
        };
        let winner = solve(&g);
        let exact = solve_exhaustive(&g, &Budget::unlimited()).expect("small game");
        assert_eq!(winner, exact.winner, "{g:?}");
        firsts += usize::from(winner == Winner::First);
        trials += 1;
    }
    eprintln!("{name}: first {firsts}, second {}", TRIALS - firsts);
    assert!(firsts * 10 >= TRIALS && (TRIALS - firsts) * 10 >= TRIALS);
}

/// The race search's winner, with no budget.
fn race(g: &Geography) -> Winner {
    solve_race(g, &Budget::unlimited())
        .expect("race applies")
        .winner
}

/// Trail Trap on larger random simple graphs (where the root symmetry and the race split
/// both fire), against the exhaustive solver.
#[test]
fn trail_trap_on_simple_graphs_agrees_with_exhaustive_search() {
    let draw = Draw::new(3..=7, 0.25..0.6, 12);
    against_exhaustive("simple graphs", 4103, draw, race);
}

/// Trail Trap and rooted games on 6–8 vertices with loops and parallel edges, against the
/// exhaustive solver: big enough that the race search's history table (move ordering learnt
/// from earlier cutoffs, `race.rs`) reorders many positions, small enough for the exhaustive
/// solver. Ordering must never change an answer or lose a move.
#[test]
fn larger_games_with_loops_agree_with_exhaustive_search() {
    let draw = Draw::new(6..=8, 0.2..0.45, 14).with_loops().rooted();
    against_exhaustive("larger games with loops", 4105, draw, race);
}

/// Symmetric graphs (complete, complete bipartite, cycles with chords, the cube), where the
/// root symmetry prunes most first moves, against the exhaustive solver.
#[test]
fn symmetric_graphs_agree_with_exhaustive_search() {
    let mut cases: Vec<(usize, Vec<(usize, usize)>)> = Vec::new();
    for n in 2..=5 {
        let k: Vec<_> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        cases.push((n, k));
    }
    for (a, b) in [(1, 3), (2, 2), (2, 3), (3, 3), (2, 4)] {
        let e: Vec<_> = (0..a)
            .flat_map(|u| (a..a + b).map(move |v| (u, v)))
            .collect();
        cases.push((a + b, e));
    }
    let cube = [
        (0, 1),
        (1, 3),
        (3, 2),
        (2, 0),
        (4, 5),
        (5, 7),
        (7, 6),
        (6, 4),
        (0, 4),
        (1, 5),
        (2, 6),
        (3, 7),
    ];
    cases.push((8, cube.to_vec()));
    cases.push((
        6,
        vec![(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 3)],
    ));
    let mut firsts = 0;
    for (n, edges) in &cases {
        let mut graph = Graph::new(false);
        for v in 0..*n {
            graph.add_vertex(format!("v{v}"));
        }
        for &(u, v) in edges {
            graph.add_edge(u, v);
        }
        let g = Geography {
            graph,
            rule: Rule::Edge,
            tokens: Tokens::Partizan { starts: None },
            convention: Convention::Normal,
        };
        let race = solve_race(&g, &Budget::unlimited()).expect("race applies");
        let exact = solve_exhaustive(&g, &Budget::unlimited()).expect("small game");
        assert_eq!(race.winner, exact.winner, "{edges:?}");
        firsts += usize::from(race.winner == Winner::First);
    }
    assert!(
        firsts > 0 && firsts < cases.len(),
        "{firsts} of {}",
        cases.len()
    );
}

/// Budgets end the race search with an error, never a wrong answer.
#[test]
fn budget_ends_the_race_search() {
    let mut graph = Graph::new(false);
    for v in 0..7 {
        graph.add_vertex(format!("v{v}"));
    }
    for u in 0..7 {
        for v in u + 1..7 {
            graph.add_edge(u, v);
        }
    }
    let g = Geography {
        graph,
        rule: Rule::Edge,
        tokens: Tokens::Partizan { starts: None },
        convention: Convention::Normal,
    };
    let tiny = Budget::new(Some(100), None);
    assert!(solve_race(&g, &tiny).is_err());
    assert!(race_winner(&g, &tiny).is_err());
}

/// One table shared by many games (a census, `race_winner_shared`): every answer equals the
/// exhaustive solver's, on random simple graphs of 2–8 vertices solved in sequence (so later
/// games hit positions stored by earlier ones, isomorphic or not), and on random rooted games.
#[test]
fn shared_table_agrees_with_exhaustive_search() {
    let shared = RaceCache::new(64 << 20);
    let draw = Draw::new(2..=8, 0.2..0.7, 12).rooted();
    against_exhaustive("shared table", 4104, draw, |g| {
        race_winner_shared(g, &Budget::unlimited(), &shared)
            .expect("applies")
            .0
    });
}
