//! Each polynomial solver against exhaustive search on ≥ 1,000 random games where it applies
//! (fixed seeds; both winners required in large numbers), plus `Method::Auto` dispatch.

use crate::problems::geography::{Convention, Geography, Rule, Tokens};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::geography::{
    GameSolution, Method, initial_position, legal_moves, play, solve_dag, solve_exhaustive,
    solve_from, solve_gf2, solve_matching, solve_tree, solve_with, uvg_winners,
};
use crate::solvers::{Budget, SolveError, Winner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub(super) const TRIALS: usize = 1000;

/// Asserts that each winner has at least `min` of the `TRIALS` games.
pub(super) fn assert_both(name: &str, firsts: usize, min: usize) {
    let seconds = TRIALS - firsts;
    assert!(
        firsts >= min && seconds >= min,
        "{name}: {firsts} vs {seconds}"
    );
}

/// The polynomial answer agrees with exhaustive search; its winning move wins (checked by
/// exhaustive search from the next position); its line is legal and ends as claimed.
pub(super) fn check(g: &Geography, sol: &GameSolution) -> Winner {
    let unlimited = Budget::unlimited();
    let exact = solve_exhaustive(g, &unlimited).expect("small game");
    assert_eq!(sol.winner, exact.winner, "{} on {g:?}", sol.method);
    let start = initial_position(g);
    if let Some(mv) = sol.winning_move {
        assert_eq!(
            sol.winner,
            Winner::First,
            "winning move for the loser: {g:?}"
        );
        let next = play(g, &start, mv);
        let after = solve_from(g, &next, &unlimited).expect("small game");
        assert_eq!(after.winner, Winner::First, "{mv:?} does not win in {g:?}");
    } else if sol.winner == Winner::First {
        assert!(
            legal_moves(g, &start).is_empty(),
            "no winning move given: {g:?}"
        );
    }
    if sol.principal_variation.is_empty() && sol.method == "tree" {
        return sol.winner; // The tree solver gives no line (documented).
    }
    let mut pos = start;
    for &mv in &sol.principal_variation {
        assert!(
            legal_moves(g, &pos).contains(&mv),
            "{mv:?} illegal in {g:?}"
        );
        pos = play(g, &pos, mv);
    }
    assert!(legal_moves(g, &pos).is_empty(), "line stops early: {g:?}");
    let stuck_wins = g.convention == Convention::Misere;
    let stuck_is_winner = pos.to_move == sol.winner;
    assert_eq!(
        stuck_is_winner, stuck_wins,
        "line ends with the wrong winner: {g:?}"
    );
    sol.winner
}

/// Runs `TRIALS` games; `balanced` asserts both winners ≥ 20%, else returns the count of
/// first-player wins for the caller to check.
fn campaign(
    name: &str,
    seed: u64,
    base: GameParams,
    (lo, hi): (usize, usize),
    (p_lo, p_hi): (f64, f64),
    solver: impl Fn(&Geography) -> Result<GameSolution, SolveError>,
) {
    let firsts = campaign_count(name, seed, base, (lo, hi), (p_lo, p_hi), solver);
    let seconds = TRIALS - firsts;
    assert!(
        firsts * 5 >= TRIALS && seconds * 5 >= TRIALS,
        "{name}: {firsts} vs {seconds}"
    );
}

/// As [`campaign`] without the balance assertion; returns how often player I won.
fn campaign_count(
    name: &str,
    seed: u64,
    base: GameParams,
    (lo, hi): (usize, usize),
    (p_lo, p_hi): (f64, f64),
    solver: impl Fn(&Geography) -> Result<GameSolution, SolveError>,
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut firsts = 0;
    for _ in 0..TRIALS {
        let n = rng.random_range(lo..=hi);
        let edge_prob = rng.random_range(p_lo..p_hi);
        let g = random_game(
            &mut rng,
            &GameParams {
                n,
                edge_prob,
                ..base
            },
        );
        let sol = solver(&g).expect("the method applies");
        firsts += usize::from(check(&g, &sol) == Winner::First);
    }
    eprintln!("{name}: first {firsts}, second {}", TRIALS - firsts);
    firsts
}

pub(super) fn base(rule: Rule, setup: Setup, directed: bool) -> GameParams {
    GameParams {
        rule,
        setup,
        directed,
        ..GameParams::default()
    }
}

/// UVG by maximum matching, rooted and unrooted.
#[test]
fn matching_agrees_with_exhaustive_search() {
    let budget = Budget::unlimited();
    let rooted = base(Rule::Vertex, Setup::Rooted, false);
    campaign("UVG matching", 1, rooted, (1, 10), (0.1, 0.6), |g| {
        solve_matching(g, &budget)
    });
    let unrooted = base(Rule::Vertex, Setup::Unrooted, false);
    let m = |g: &Geography| solve_matching(g, &budget);
    campaign("unrooted UVG matching", 2, unrooted, (1, 9), (0.3, 1.0), m);
}

/// Every start vertex from one Gallai–Edmonds decomposition ([`uvg_winners`]) against
/// exhaustive search from that start, on 1,000 random graphs.
#[test]
fn uvg_winners_agree_with_exhaustive_search() {
    let budget = Budget::unlimited();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let (mut firsts, mut seconds) = (0, 0);
    for _ in 0..TRIALS {
        let params = GameParams {
            n: rng.random_range(1..=10),
            edge_prob: rng.random_range(0.1..0.6),
            ..base(Rule::Vertex, Setup::Rooted, false)
        };
        let mut g = random_game(&mut rng, &params);
        let winners = uvg_winners(&g, &budget).expect("UVG");
        for (v, &w) in winners.iter().enumerate() {
            g.tokens = Tokens::One { start: Some(v) };
            let exact = solve_exhaustive(&g, &budget).expect("small game");
            assert_eq!(w, exact.winner, "start {v} in {g:?}");
            match w {
                Winner::First => firsts += 1,
                Winner::Second => seconds += 1,
            }
        }
    }
    eprintln!("UVG all starts: first {firsts}, second {seconds}");
    assert!(firsts >= 1000 && seconds >= 1000, "{firsts} vs {seconds}");
}

/// Bipartite UEG by GF(2), rooted and unrooted.
#[test]
fn gf2_agrees_with_exhaustive_search() {
    let budget = Budget::unlimited();
    let rooted = GameParams {
        bipartite: true,
        ..base(Rule::Edge, Setup::Rooted, false)
    };
    campaign("bipartite UEG gf2", 3, rooted, (1, 9), (0.2, 0.8), |g| {
        solve_gf2(g, &budget)
    });
    let unrooted = GameParams {
        setup: Setup::Unrooted,
        ..rooted
    };
    campaign(
        "unrooted bipartite UEG gf2",
        4,
        unrooted,
        (1, 8),
        (0.2, 0.9),
        |g| solve_gf2(g, &budget),
    );
}

/// One-token vertex and arc geography on DAGs, rooted and unrooted, normal and misère.
///
/// Unrooted normal-play vertex geography on a non-empty DAG is always won by player I (place
/// the token on a sink), so that campaign asserts exactly that instead of balance. Other
/// unrooted games are decided by whether there is an arc at all (arc game, normal play;
/// vertex game, misère: place on a last non-sink), so they use sparse graphs.
#[test]
fn dag_agrees_with_exhaustive_search() {
    let budget = Budget::unlimited();
    let dag = |g: &Geography| solve_dag(g, &budget);
    let mut seed = 10;
    for convention in [Convention::Normal, Convention::Misere] {
        for setup in [Setup::Rooted, Setup::Unrooted] {
            for rule in [Rule::Vertex, Rule::Edge] {
                let b = GameParams {
                    acyclic: true,
                    convention,
                    ..base(rule, setup, true)
                };
                let name = format!("{} dag", b_name(&b));
                let probs = match (setup, convention, rule) {
                    (Setup::Rooted, _, _) => (0.2, 0.8),
                    (_, Convention::Misere, Rule::Edge) => (0.1, 0.5),
                    _ => (0.0, 0.3),
                };
                seed += 1;
                let trivial = (Setup::Unrooted, Convention::Normal, Rule::Vertex);
                if (setup, convention, rule) == trivial {
                    assert_eq!(campaign_count(&name, seed, b, (1, 10), probs, dag), TRIALS);
                } else {
                    campaign(&name, seed, b, (1, 10), probs, dag);
                }
            }
        }
    }
}

fn b_name(b: &GameParams) -> String {
    random_game(&mut ChaCha8Rng::seed_from_u64(0), b).variant_name()
}

/// PVG and PAG on random directed trees (random orientation of a random recursive tree),
/// Fraenkel–Simonson Thms 3.1 and 3.2.
#[test]
fn tree_agrees_with_exhaustive_search() {
    let budget = Budget::unlimited();
    for (i, rule) in [Rule::Vertex, Rule::Edge].into_iter().enumerate() {
        let b = GameParams {
            tree: true,
            ..base(rule, Setup::Partizan, true)
        };
        let name = format!("{} tree", b_name(&b));
        campaign(&name, 30 + i as u64, b, (2, 14), (0.0, 1.0), |g| {
            solve_tree(g, &budget)
        });
    }
}

/// `Method::Auto` picks the polynomial method that applies and records it; named methods
/// refuse games they do not cover.
#[test]
fn auto_dispatch_and_unsupported() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let budget = Budget::unlimited();
    let cases = [
        (
            GameParams {
                acyclic: true,
                ..base(Rule::Edge, Setup::Rooted, true)
            },
            "dag",
        ),
        (base(Rule::Vertex, Setup::Unrooted, false), "matching"),
        (
            GameParams {
                bipartite: true,
                ..base(Rule::Edge, Setup::Rooted, false)
            },
            "gf2",
        ),
        (
            GameParams {
                tree: true,
                ..base(Rule::Edge, Setup::Partizan, true)
            },
            "tree",
        ),
        (
            GameParams {
                tree: true,
                ..base(Rule::Vertex, Setup::Partizan, false)
            },
            "tree",
        ),
        (
            GameParams {
                tree: true,
                ..base(Rule::Edge, Setup::PartizanUnrooted, false)
            },
            "tree",
        ),
        (base(Rule::Vertex, Setup::Partizan, true), "exhaustive"),
    ];
    for (params, method) in cases {
        let g = random_game(&mut rng, &params);
        let sol = solve_with(&g, Method::Auto, &budget).expect("auto always answers");
        assert_eq!(sol.method, method);
        let exact = solve_with(&g, Method::Exhaustive, &budget).expect("small game");
        assert_eq!(sol.winner, exact.winner);
    }
    let pvg = random_game(&mut rng, &base(Rule::Vertex, Setup::Partizan, true));
    for m in [Method::Matching, Method::Gf2, Method::Dag, Method::Tree] {
        assert!(matches!(
            solve_with(&pvg, m, &budget),
            Err(SolveError::Unsupported(_))
        ));
    }
}
