//! df-pn (`dfpn.rs`) against the exhaustive search and the naive minimax on random rooted
//! one-token vertex and edge geography games, directed and undirected, normal and misère
//! (fixed seeds; both winners required in large numbers).

use super::naive;
use crate::problems::geography::{Convention, Geography, Rule};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::geography::{
    Method, initial_position, solve_dfpn, solve_exhaustive, solve_from, solve_with, try_play,
};
use crate::solvers::{Budget, SolveError, Winner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games per rule.
const TRIALS: usize = 1000;

/// Same winner as the exhaustive search and the naive minimax; a winning move that leaves the
/// opponent lost (exhaustive search from the next position); a legal line that ends with the
/// stated winner.
fn check(g: &Geography) -> Winner {
    let budget = Budget::unlimited();
    let sol = solve_dfpn(g, &budget).expect("small game");
    assert_eq!(sol.method, "dfpn");
    let exhaustive = solve_exhaustive(g, &budget).expect("small game");
    assert_eq!(sol.winner, exhaustive.winner, "{g:?}");
    let naive_wins = naive::mover_wins(g, &naive::start(g));
    assert_eq!(sol.winner == Winner::First, naive_wins, "{g:?}");
    let start = initial_position(g);
    match sol.winning_move {
        Some(mv) => {
            assert_eq!(sol.winner, Winner::First);
            let next = try_play(g, &start, mv).expect("legal winning move");
            let child = solve_from(g, &next, &budget).expect("small game");
            assert_eq!(child.winner, Winner::First, "{mv:?} does not win in {g:?}");
        }
        None => assert!(
            sol.winner == Winner::Second || naive::moves(g, &naive::start(g)).is_empty(),
            "{g:?}"
        ),
    }
    let mut p = naive::start(g);
    for &mv in &sol.principal_variation {
        assert!(
            naive::moves(g, &p).contains(&mv),
            "line move {mv:?} in {g:?}"
        );
        p = naive::apply(g, &p, mv);
    }
    assert!(naive::moves(g, &p).is_empty(), "line stops early in {g:?}");
    // The player stuck at the end loses under normal play and wins under misère play.
    let stuck_is_first = p.mover == 0;
    let misere = g.convention == Convention::Misere;
    assert_eq!(
        sol.winner == Winner::First,
        stuck_is_first == misere,
        "{g:?}"
    );
    sol.winner
}

/// 1,000 random rooted games per rule (vertex, edge), directed or undirected, normal or
/// misère, against exhaustive search and the naive minimax.
#[test]
fn dfpn_agrees_with_exhaustive_and_naive() {
    for (k, rule) in [Rule::Vertex, Rule::Edge].into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(4400 + k as u64);
        let mut firsts = 0;
        for _ in 0..TRIALS {
            let p = GameParams {
                rule,
                setup: Setup::Rooted,
                n: match rule {
                    Rule::Vertex => rng.random_range(3..=12),
                    _ => rng.random_range(3..=6),
                },
                directed: rng.random_bool(0.6),
                convention: if rng.random_bool(0.5) {
                    Convention::Misere
                } else {
                    Convention::Normal
                },
                edge_prob: rng.random_range(0.2..0.5),
                loops: true,
                ..GameParams::default()
            };
            let g = random_game(&mut rng, &p);
            firsts += usize::from(check(&g) == Winner::First);
        }
        let seconds = TRIALS - firsts;
        eprintln!("{rule:?}: player I wins {firsts}, player II {seconds}");
        assert!(
            firsts * 5 >= TRIALS && seconds * 5 >= TRIALS,
            "{firsts} vs {seconds}"
        );
    }
}

/// Other variants are refused (not a panic), `solve_with(Method::Dfpn)` is the same solver,
/// and a node budget too small ends in `Budget`.
#[test]
fn dfpn_refuses_other_variants_and_honours_budgets() {
    let mut rng = ChaCha8Rng::seed_from_u64(4410);
    let partizan = GameParams {
        setup: Setup::Partizan,
        ..GameParams::default()
    };
    let g = random_game(&mut rng, &partizan);
    assert!(matches!(
        solve_dfpn(&g, &Budget::unlimited()),
        Err(SolveError::Unsupported(_))
    ));
    let unrooted = GameParams {
        setup: Setup::Unrooted,
        ..GameParams::default()
    };
    let g = random_game(&mut rng, &unrooted);
    assert!(matches!(
        solve_dfpn(&g, &Budget::unlimited()),
        Err(SolveError::Unsupported(_))
    ));
    // A complete digraph on 9 vertices needs far more than 20 nodes.
    let dense = GameParams {
        n: 9,
        edge_prob: 1.0,
        loops: false,
        ..GameParams::default()
    };
    let g = random_game(&mut rng, &dense);
    assert!(matches!(
        solve_with(&g, Method::Dfpn, &Budget::new(Some(20), None)),
        Err(SolveError::Budget(_))
    ));
    let full = solve_with(&g, Method::Dfpn, &Budget::unlimited()).expect("small game");
    assert_eq!(
        full.winner,
        solve_exhaustive(&g, &Budget::unlimited()).unwrap().winner
    );
}
