//! Self-check on random games of every variant (rule × token setup × direction ×
//! convention), with `game_win` certificates everywhere and compact certificates where the
//! papers give them; compact certificates on graphs far beyond exhaustive search.

use super::{certified, rng};
use georeduce::certify::{Claim, Player, check};
use georeduce::problems::{Convention, Instance, Rule};
use georeduce::random::games::{GameParams, Setup, random_game};
use georeduce::solvers::certificates::{GameCertificate, compact_certificate, kernel, matching};
use georeduce::solvers::geography::{Method, solve_with};
use georeduce::solvers::{Budget, Winner};
use rand::Rng;

const SETUPS: [Setup; 5] = [
    Setup::Rooted,
    Setup::Unrooted,
    Setup::Partizan,
    Setup::PartizanUnrooted,
    Setup::TwoShared,
];

/// Every variant the instance model has: 40 vertex/edge variants and 8 NimG variants.
fn variants() -> Vec<GameParams> {
    let mut out = Vec::new();
    for rule in [Rule::Vertex, Rule::Edge] {
        for setup in SETUPS {
            for directed in [true, false] {
                for convention in [Convention::Normal, Convention::Misere] {
                    out.push(GameParams {
                        rule,
                        setup,
                        convention,
                        directed,
                        ..GameParams::default()
                    });
                }
            }
        }
    }
    for rule in [Rule::NimRemoveMove, Rule::NimMoveRemove] {
        for directed in [true, false] {
            for convention in [Convention::Normal, Convention::Misere] {
                out.push(GameParams {
                    rule,
                    convention,
                    directed,
                    ..GameParams::default()
                });
            }
        }
    }
    out
}

/// A random size for one game of variant `p`: small enough for exhaustive search with two
/// tokens on the edge rule, large enough that both players win often.
fn sized(rng: &mut impl Rng, p: &GameParams) -> GameParams {
    let (n, prob) = match p.rule {
        // Player I places the token on a sink of a sparse digraph (or takes an arc into one)
        // and wins at once: denser digraphs balance the unrooted games.
        Rule::Vertex if p.directed && p.setup == Setup::Unrooted => {
            (rng.random_range(3..=7), rng.random_range(0.45..0.9))
        }
        // Unrooted edge games under normal play (player I places, player II moves first):
        // player I wins by placing on any losing root, which sparse graphs nearly always have.
        Rule::Edge if p.setup == Setup::Unrooted && p.convention == Convention::Normal => {
            (rng.random_range(2..=4), rng.random_range(0.3..0.9))
        }
        Rule::Edge if p.directed && p.setup == Setup::Unrooted => {
            (rng.random_range(2..=4), rng.random_range(0.4..0.8))
        }
        Rule::Edge => (rng.random_range(2..=5), rng.random_range(0.2..0.6)),
        Rule::Vertex => (rng.random_range(2..=7), rng.random_range(0.15..0.6)),
        _ => (rng.random_range(2..=5), rng.random_range(0.3..0.8)),
    };
    GameParams {
        n,
        edge_prob: prob,
        // Loops give every vertex a move; unrooted normal-play edge games need them to be
        // balanced (see above).
        loops: rng.random_bool(0.2)
            || (p.rule == Rule::Edge
                && p.setup == Setup::Unrooted
                && p.convention == Convention::Normal),
        max_weight: 3,
        ..*p
    }
}

#[test]
fn every_game_variant_self_checks() {
    let mut rng = rng(504);
    let mut unbalanced = Vec::new();
    for p in variants() {
        let mut wins = [0usize; 2];
        for i in 0..200 {
            let params = sized(&mut rng, &p);
            let g = random_game(&mut rng, &params);
            let what = format!("{} #{i}", g.variant_name());
            let inst = Instance::Geography(g);
            let (solution, claim, kind) = certified(&inst, GameCertificate::Strategy, &what);
            assert_eq!(kind, Some("game_win"), "{what}");
            let winner = solution.winner().unwrap();
            assert_eq!(claim, Some(Claim::Winner(player(winner))), "{what}");
            wins[usize::from(winner == Winner::Second)] += 1;
            // The compact certificate, where one exists, must prove the same winner.
            let (_, compact, _) = certified(&inst, GameCertificate::Auto, &what);
            assert_eq!(compact, claim, "{what}");
        }
        let name = format!(
            "{:?} {:?} {} {:?}",
            p.rule, p.setup, p.directed, p.convention
        );
        if wins[0] < 20 || wins[1] < 20 {
            unbalanced.push(format!("{name}: wins {wins:?}"));
        }
    }
    assert!(unbalanced.is_empty(), "{unbalanced:#?}");
}

#[test]
fn compact_certificates_agree_with_exhaustive_search() {
    let mut rng = rng(505);
    let mut seen = [[0usize; 2]; 2]; // [matching, kernel][winner]
    for i in 0..600 {
        let rule = if i % 2 == 0 { Rule::Vertex } else { Rule::Edge };
        let setup = if rng.random_bool(0.7) {
            Setup::Rooted
        } else {
            Setup::Unrooted
        };
        let n = rng.random_range(1..=9);
        let p = GameParams {
            rule,
            setup,
            directed: false,
            n,
            edge_prob: rng.random_range(0.1..0.7),
            ..GameParams::default()
        };
        let g = random_game(&mut rng, &p);
        let compact = usize::from(rule == Rule::Edge);
        if rule == Rule::Edge && !kernel::applies(&g) {
            continue;
        }
        assert!(rule == Rule::Edge || matching::applies(&g));
        let what = format!("{} #{i}", g.variant_name());
        let (solution, claim, kind) =
            certified(&Instance::Geography(g), GameCertificate::Auto, &what);
        let want = ["uvg_matching", "ueg_kernel"][compact];
        assert_eq!(kind, Some(want), "{what}");
        let winner = solution.winner().unwrap();
        assert_eq!(claim, Some(Claim::Winner(player(winner))), "{what}");
        seen[compact][usize::from(winner == Winner::Second)] += 1;
    }
    for (name, counts) in ["matching", "kernel"].iter().zip(seen) {
        assert!(counts[0] >= 40 && counts[1] >= 40, "{name}: {counts:?}");
    }
}

#[test]
fn compact_certificates_scale_beyond_search() {
    let mut rng = rng(506);
    let mut winners = [0usize; 2];
    for i in 0..12 {
        let rule = if i % 2 == 0 { Rule::Vertex } else { Rule::Edge };
        let n = if rule == Rule::Vertex { 1500 } else { 300 };
        let p = GameParams {
            rule,
            // Unrooted UEG has no compact certificate (a game_win strategy instead).
            setup: if i % 4 < 2 || rule == Rule::Edge {
                Setup::Rooted
            } else {
                Setup::Unrooted
            },
            directed: false,
            n,
            edge_prob: 1.5 / n as f64,
            ..GameParams::default()
        };
        let mut g = random_game(&mut rng, &p);
        if rule == Rule::Edge {
            // Keep the bipartite part: drop edges inside one parity class of the indices.
            g.graph.edges.retain(|&(u, v)| (u + v) % 2 == 1);
        }
        let cert = compact_certificate(&g)
            .unwrap_or_else(|e| panic!("#{i}: {e}"))
            .expect("a compact kind applies");
        let method = if rule == Rule::Vertex {
            Method::Matching
        } else {
            Method::Gf2
        };
        let solved = solve_with(&g, method, &Budget::unlimited()).unwrap();
        let verdict = check(&Instance::Geography(g), &cert).unwrap_or_else(|e| panic!("#{i}: {e}"));
        let Claim::Winner(w) = verdict.claim else {
            panic!("#{i}: {:?}", verdict.claim)
        };
        // The games solvers' own polynomial methods are the second witness.
        assert_eq!(w, player(solved.winner), "#{i}");
        winners[usize::from(w == Player::Second)] += 1;
    }
    assert!(winners[0] >= 2 && winners[1] >= 2, "{winners:?}");
}

fn player(w: Winner) -> Player {
    georeduce::solvers::certificates::player(w)
}

/// Regression: two-token games share a memo entry between a position and its twin with the
/// tokens swapped, so the stored index of a winning move once named the wrong move there.
/// Every winning move the solver reports (and every winner's move of its principal
/// variation) must lead to a position lost for the opponent.
#[test]
fn solver_winning_moves_win_in_two_token_games() {
    use georeduce::solvers::Budget;
    use georeduce::solvers::geography::{initial_position, play, solve, solve_from};
    let mut rng = rng(507);
    let mut checked = 0;
    for i in 0..300 {
        let p = GameParams {
            rule: if i % 2 == 0 { Rule::Vertex } else { Rule::Edge },
            setup: Setup::TwoShared,
            convention: if i % 4 < 2 {
                Convention::Normal
            } else {
                Convention::Misere
            },
            directed: rng.random_bool(0.5),
            n: rng.random_range(3..=7),
            edge_prob: rng.random_range(0.2..0.6),
            ..GameParams::default()
        };
        let g = random_game(&mut rng, &p);
        let budget = Budget::unlimited();
        let sol = solve(&g, &budget).unwrap();
        let mut pos = initial_position(&g);
        for &mv in &sol.principal_variation {
            let mover_wins = solve_from(&g, &pos, &budget).unwrap().winner == pos.to_move;
            pos = play(&g, &pos, mv);
            if mover_wins {
                let after = solve_from(&g, &pos, &budget).unwrap();
                assert_ne!(after.winner, pos.to_move, "game #{i}: {mv:?} does not win");
                checked += 1;
            }
        }
    }
    assert!(checked >= 300, "only {checked} winning moves checked");
}
