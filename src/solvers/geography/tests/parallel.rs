//! `--threads`: the parallel search on one shared table (`parallel.rs`) gives the same answer, winning move
//! and line as one thread, on 1,000 random games per variant group.

use crate::problems::geography::{Convention, Rule};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::Budget;
use crate::solvers::geography::exhaustive::{MEMO_BYTES, stack_bytes};
use crate::solvers::geography::parallel::solve_root;
use crate::solvers::geography::state::Game;
use crate::solvers::geography::{Method, solve_exhaustive, solve_with};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Instances per variant group.
const TRIALS: usize = 1000;

/// One-token vertex and edge games (directed and undirected, normal and misère), partizan and
/// two-token games, NimG: 1, 2 and 3 threads agree exactly; the split really happens in most
/// games that need a search (normal-play undirected vertex games are decided at the root by
/// the matching endgame), and both winners are common.
#[test]
fn threads_give_the_one_thread_answer() {
    let groups: [(&str, &[(Rule, Setup)]); 3] = [
        (
            "one token",
            &[(Rule::Vertex, Setup::Rooted), (Rule::Edge, Setup::Rooted)],
        ),
        (
            "two tokens and unrooted",
            &[
                (Rule::Vertex, Setup::Partizan),
                (Rule::Edge, Setup::Partizan),
                (Rule::Vertex, Setup::TwoShared),
                (Rule::Vertex, Setup::Unrooted),
            ],
        ),
        (
            "NimG",
            &[
                (Rule::NimRemoveMove, Setup::Rooted),
                (Rule::NimMoveRemove, Setup::Rooted),
            ],
        ),
    ];
    for (k, (name, kinds)) in groups.into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(1300 + k as u64);
        let (mut firsts, mut splits, mut matched) = (0, 0, 0);
        for _ in 0..TRIALS {
            let (rule, setup) = kinds[rng.random_range(0..kinds.len())];
            let nim = matches!(rule, Rule::NimRemoveMove | Rule::NimMoveRemove);
            let n = match (rule, nim) {
                (_, true) => rng.random_range(3..=6),
                (Rule::Vertex, _) => rng.random_range(4..=12),
                _ => rng.random_range(3..=7),
            };
            let p = GameParams {
                rule,
                setup,
                n,
                directed: rng.random_bool(0.5) || setup == Setup::TwoShared,
                convention: if rng.random_bool(0.5) {
                    Convention::Misere
                } else {
                    Convention::Normal
                },
                edge_prob: rng.random_range(0.2..0.6),
                loops: true,
                ..GameParams::default()
            };
            let g = random_game(&mut rng, &p);
            let game = Game::new(&g);
            matched += usize::from(
                rule == Rule::Vertex
                    && setup == Setup::Rooted
                    && !p.directed
                    && p.convention == Convention::Normal,
            );
            let budget = Budget::unlimited();
            let stack = stack_bytes(64);
            let one = solve_root(&game, &budget, &game.start, 1, stack, Instant::now()).unwrap();
            assert!(!one.split);
            for threads in [2, 3] {
                let many = solve_root(&game, &budget, &game.start, threads, stack, Instant::now())
                    .unwrap();
                assert_eq!(many.wins, one.wins, "{threads} threads, {g:?}");
                assert_eq!(
                    many.winning_move, one.winning_move,
                    "{threads} threads, {g:?}"
                );
                assert_eq!(many.line, one.line, "{threads} threads, {g:?}");
                splits += usize::from(many.split && threads == 2);
            }
            firsts += usize::from(one.wins);
        }
        let seconds = TRIALS - firsts;
        eprintln!(
            "{name}: mover wins {firsts}, loses {seconds}; split in {splits} games \
             ({matched} decided by one matching)"
        );
        assert!(
            firsts * 5 >= TRIALS && seconds * 5 >= TRIALS,
            "{name}: {firsts} vs {seconds}"
        );
        assert!(
            splits * 2 >= TRIALS - matched,
            "{name}: split in only {splits} of {} games",
            TRIALS - matched
        );
    }
}

/// Through the public entry point (antiparallel cancellation included), with budgets: the same
/// `GameSolution` apart from statistics; a node budget too small ends in `Budget` with any
/// thread count; the memory budget is divided among the workers.
#[test]
fn threads_through_solve_exhaustive_and_budgets() {
    let mut rng = ChaCha8Rng::seed_from_u64(1400);
    for _ in 0..200 {
        let p = GameParams {
            rule: Rule::Edge,
            setup: Setup::Rooted,
            n: rng.random_range(4..=8),
            directed: true,
            edge_prob: rng.random_range(0.3..0.7),
            ..GameParams::default()
        };
        let g = random_game(&mut rng, &p);
        let one = solve_exhaustive(&g, &Budget::unlimited()).unwrap();
        let two = solve_exhaustive(&g, &Budget::unlimited().with_threads(2)).unwrap();
        assert_eq!(
            (one.winner, one.winning_move, &one.principal_variation),
            (two.winner, two.winning_move, &two.principal_variation)
        );
        let auto = solve_with(&g, Method::Exhaustive, &Budget::unlimited().with_threads(2));
        assert_eq!(auto.unwrap().winner, one.winner);
    }
    // A game that needs many nodes (the first of a fixed sequence of random directed games
    // with more than 1,000): 2 threads under a 50-node budget stop as one does.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (g, full) = (0..200)
        .map(|_| {
            let p = GameParams {
                rule: Rule::Vertex,
                setup: Setup::Rooted,
                n: 18,
                directed: true,
                edge_prob: 0.2,
                ..GameParams::default()
            };
            let g = random_game(&mut rng, &p);
            let full = solve_exhaustive(&g, &Budget::unlimited()).unwrap();
            (g, full)
        })
        .find(|(_, full)| full.stats.nodes > 1000)
        .expect("a game with more than 1,000 nodes");
    for threads in [1, 2] {
        let tight = Budget::new(Some(50), None).with_threads(threads);
        assert!(solve_exhaustive(&g, &tight).is_err(), "{threads} threads");
        let small = Budget::unlimited()
            .with_memory(Some(MEMO_BYTES / 64))
            .with_threads(threads);
        let answer = solve_exhaustive(&g, &small).unwrap();
        assert_eq!(answer.winner, full.winner);
        assert_eq!(answer.principal_variation, full.principal_variation);
    }
}
