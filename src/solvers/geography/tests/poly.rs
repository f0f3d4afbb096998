//! Each polynomial solver against exhaustive search on ≥ 1,000 random games where it applies
//! (fixed seeds; both winners required in large numbers), plus `Method::Auto` dispatch.

use crate::problems::geography::{Convention, Geography, Rule, Tokens};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::geography::{
    GameSolution, Method, gf2_line, initial_position, legal_moves, play, solve_dag,
    solve_exhaustive, solve_from, solve_gf2, solve_matching, solve_nim_matching, solve_tree,
    solve_with, ueg_winners, uvg_winners,
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
    if sol.principal_variation.is_empty() && matches!(sol.method, "tree" | "gf2") {
        return sol.winner; // These solvers give no line (documented; see `gf2_line`).
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

/// Bipartite UEG by GF(2) from a random start against exhaustive search; its winning move
/// is checked by search too.
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
}

/// Every start vertex from one elimination ([`ueg_winners`]) against exhaustive search from
/// that start, and the line of play ([`gf2_line`]) legal and ending with the right winner,
/// on 1,000 random bipartite graphs.
#[test]
fn ueg_winners_and_line_agree_with_exhaustive_search() {
    let budget = Budget::unlimited();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut firsts, mut seconds) = (0, 0);
    for _ in 0..TRIALS {
        let params = GameParams {
            n: rng.random_range(1..=8),
            edge_prob: rng.random_range(0.2..0.8),
            bipartite: true,
            ..base(Rule::Edge, Setup::Rooted, false)
        };
        let mut g = random_game(&mut rng, &params);
        let winners = ueg_winners(&g, &budget).expect("bipartite UEG");
        for (v, &w) in winners.iter().enumerate() {
            g.tokens = Tokens::One { start: Some(v) };
            let exact = solve_exhaustive(&g, &budget).expect("small game");
            assert_eq!(w, exact.winner, "start {v} in {g:?}");
            match w {
                Winner::First => firsts += 1,
                Winner::Second => seconds += 1,
            }
        }
        let line = gf2_line(&g, &budget).expect("bipartite UEG");
        let sol = GameSolution {
            principal_variation: line,
            ..solve_gf2(&g, &budget).expect("bipartite UEG")
        };
        check(&g, &sol);
    }
    eprintln!("UEG all starts: first {firsts}, second {seconds}");
    assert!(firsts >= 1000 && seconds >= 1000, "{firsts} vs {seconds}");
}

/// A random bipartite UEG (unrooted) with sides of `p` and `q` vertices.
fn random_bipartite_ueg(rng: &mut ChaCha8Rng, p: usize, q: usize, prob: f64) -> Geography {
    let mut graph = crate::problems::graph::Graph::new(false);
    for v in 0..p + q {
        graph.add_vertex(format!("v{v}"));
    }
    for r in 0..p {
        for c in 0..q {
            if rng.random_bool(prob) {
                graph.add_edge(r, p + c);
            }
        }
    }
    Geography {
        graph,
        rule: Rule::Edge,
        tokens: Tokens::One { start: None },
        convention: Convention::Normal,
    }
}

/// Whether the `p`×`q` biadjacency matrix of [`random_bipartite_ueg`]'s graph is square and
/// invertible over GF(2) (plain elimination on row bitmasks, written independently of the
/// solver).
fn invertible(g: &Geography, p: usize, q: usize) -> bool {
    let mut rows = vec![0u32; p];
    for &(r, c) in &g.graph.edges {
        rows[r] ^= 1 << (c - p);
    }
    if p != q {
        return false;
    }
    for col in 0..q {
        let Some(i) = (col..p).find(|&i| rows[i] >> col & 1 == 1) else {
            return false;
        };
        rows.swap(col, i);
        for j in 0..p {
            if j != col && rows[j] >> col & 1 == 1 {
                rows[j] ^= rows[col];
            }
        }
    }
    true
}

/// The papers' unrooted UEG (player I places the token, player II moves first): player II
/// wins iff the biadjacency matrix is invertible over GF(2) (`shared/papers/001`, last
/// corollary). Exhaustive search and the GF(2) solver both against that oracle on 1,200
/// random bipartite graphs, both answers well represented; K2 is a second-player win.
#[test]
fn unrooted_ueg_follows_the_invertibility_corollary() {
    let budget = Budget::unlimited();
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let (mut firsts, mut seconds) = (0, 0);
    for _ in 0..1200 {
        let p = rng.random_range(1..=4);
        let q = (p + [0, 0, 0, 1][rng.random_range(0..4)]).min(4);
        let prob = rng.random_range(0.3..0.8);
        let g = random_bipartite_ueg(&mut rng, p, q, prob);
        let oracle = if invertible(&g, p, q) {
            Winner::Second
        } else {
            Winner::First
        };
        let exact = solve_exhaustive(&g, &budget).expect("small game");
        assert_eq!(exact.winner, oracle, "exhaustive on {g:?}");
        let sol = solve_gf2(&g, &budget).expect("bipartite UEG");
        assert_eq!(sol.winner, oracle, "gf2 on {g:?}");
        check(&g, &sol);
        match oracle {
            Winner::First => firsts += 1,
            Winner::Second => seconds += 1,
        }
    }
    eprintln!("unrooted UEG corollary: first {firsts}, second {seconds}");
    assert!(firsts >= 300 && seconds >= 300, "{firsts} vs {seconds}");
    let mut k2 = random_bipartite_ueg(&mut rng, 1, 1, 1.0);
    assert_eq!(k2.graph.m(), 1);
    assert_eq!(
        solve_exhaustive(&k2, &budget).unwrap().winner,
        Winner::Second
    );
    assert_eq!(solve_gf2(&k2, &budget).unwrap().winner, Winner::Second);
    k2.tokens = Tokens::One { start: Some(0) };
    assert_eq!(solve_gf2(&k2, &budget).unwrap().winner, Winner::First);
}

/// Misère NimG-RM by matching (Renault–Schmidt Thm 3.5 on bipartite loopless graphs,
/// Thm 3.7 with a loop on every vertex) against exhaustive search, 1,000 random games per
/// class, both winners well represented; Auto picks the method.
#[test]
fn nim_matching_agrees_with_exhaustive_search() {
    let budget = Budget::unlimited();
    for (seed, looped) in [(40u64, false), (41, true)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut firsts = 0;
        for _ in 0..TRIALS {
            let params = GameParams {
                n: rng.random_range(1..=7),
                edge_prob: rng.random_range(0.15..0.7),
                max_weight: 3,
                convention: Convention::Misere,
                bipartite: !looped,
                loops: false,
                ..base(Rule::NimRemoveMove, Setup::Rooted, false)
            };
            let mut g = random_game(&mut rng, &params);
            if looped {
                for v in 0..g.graph.n() {
                    g.graph.add_edge(v, v);
                }
            }
            // Heaps of 0 to 3 tokens, zero included (the theorems' reduction to w > 0). With
            // loops, only weight-1 starts can lose, so weight 1 is made common there.
            for v in g.graph.vertices.iter_mut() {
                let w = match looped && rng.random_bool(0.7) {
                    true => 1,
                    false => rng.random_range(0..=3),
                };
                v.weight = Some(w);
            }
            let sol = solve_nim_matching(&g, &budget).expect("the class applies");
            let expect = if looped { "nim_loops" } else { "nim_matching" };
            assert_eq!(sol.method, expect);
            assert_eq!(
                solve_with(&g, Method::Auto, &budget).unwrap().method,
                expect
            );
            firsts += usize::from(check(&g, &sol) == Winner::First);
        }
        let name = if looped {
            "misère NimG-RM+L"
        } else {
            "bipartite misère NimG-RM"
        };
        eprintln!("{name}: first {firsts}, second {}", TRIALS - firsts);
        assert_both(name, firsts, TRIALS / 5);
    }
}

/// One-token vertex and arc geography on DAGs, rooted and unrooted, normal and misère.
///
/// Unrooted normal-play geography on a non-empty DAG is always won by player I (place the
/// token on a sink; under both rules player II then moves first), so those campaigns assert
/// exactly that instead of balance. Unrooted misère games are decided by whether there is an
/// arc at all (place on a last non-sink), so they use sparse graphs.
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
                if (setup, convention) == (Setup::Unrooted, Convention::Normal) {
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
