//! Remainders derived from the parent's (`endgame/incremental.rs`) against the list walk and
//! the naive minimax, on undirected vertex and edge games, normal and misère.
//!
//! - Keys: 1,000 random sparse undirected games per variant with 257–1,024 items (vertices
//!   under the vertex rule, edges under the edge rule; loops and parallel edges under the edge
//!   rule), with and without the pre-classification's labels. Along random lines of play
//!   with take-backs, every position is looked up at its depth (and one lookup in ten at a
//!   wrong depth, whose frame must then be refused), and the derived key must be the list
//!   walk's.
//! - Search: 1,000 small random games per variant, half of them hidden in a game of more than
//!   256 items, solved by searches that use every derived remainder as the key (with and
//!   without endgames): the winner agrees with the naive minimax, and the winning move and
//!   line hold against a search without endgames.

use super::local_remainder::hide_in_large_game;
use super::naive;
use crate::problems::Convention;
use crate::problems::geography::{Geography, Rule, Tokens};
use crate::problems::graph::Graph;
use crate::random::games::{GameParams, random_game};
use crate::solvers::Budget;
use crate::solvers::geography::classify::{Label, classify};
use crate::solvers::geography::endgame::Reach;
use crate::solvers::geography::exhaustive::Search;
use crate::solvers::geography::state::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games per variant.
const TRIALS: usize = 1000;

/// The four undirected rooted one-token variants: vertex and edge rule, normal and misère.
fn undirected_variants() -> Vec<GameParams> {
    super::rooted_one_token_variants()
        .into_iter()
        .filter(|p| !p.directed)
        .collect()
}

/// A random sparse undirected game of 257–1,024 items (vertex rule: vertices, about 1–1.6
/// edges per vertex, simple; edge rule: edges, 1.2–2 edges per vertex, with a few loops and
/// parallel edges), rooted at a random vertex.
fn large_sparse_game(rng: &mut ChaCha8Rng, rule: Rule, convention: Convention) -> Geography {
    let items = rng.random_range(257..=1024usize);
    let (n, m) = match rule {
        Rule::Vertex => (items, (items as f64 * rng.random_range(1.0..1.6)) as usize),
        _ => ((items as f64 / rng.random_range(1.2..2.0)) as usize, items),
    };
    let mut edges = Vec::with_capacity(m);
    let mut seen = std::collections::HashSet::new();
    while edges.len() < m {
        let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
        let key = (u.min(v), u.max(v));
        let simple = u != v && seen.insert(key);
        // The edge rule also gets a few loops and parallel edges.
        if simple || (rule == Rule::Edge && rng.random_bool(0.02)) {
            edges.push((u, v));
        }
    }
    Geography {
        graph: Graph::from_edges(false, n, &edges),
        rule,
        tokens: Tokens::One {
            start: Some(rng.random_range(0..n)),
        },
        convention,
    }
}

#[test]
fn derived_remainders_match_the_list_walk() {
    for (k, b) in undirected_variants().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(8_000 + k as u64);
        let (mut positions, mut derived_total, mut capped_total) = (0u64, 0u64, 0u64);
        for trial in 0..TRIALS {
            let g = large_sparse_game(&mut rng, b.rule, b.convention);
            let game = Game::new(&g);
            let labels = if trial % 3 == 0 {
                None
            } else {
                classify(&game, &game.start)
            };
            let labels = labels.as_ref();
            let open = |v: u32| labels.is_none_or(|l| l.of(v as usize) == Label::Open);
            let mut derive = Reach::deriving();
            let mut list = Reach::list_only();
            let mut st = game.start.clone();
            let mut undos = Vec::new();
            for _ in 0..120 {
                let moves = game.moves(&st);
                if !moves.is_empty() && (undos.is_empty() || rng.random_bool(0.75)) {
                    let mv = moves[rng.random_range(0..moves.len())];
                    undos.push(game.apply(&mut st, mv));
                } else if let Some(undo) = undos.pop() {
                    game.undo(&mut st, undo);
                } else {
                    break;
                }
                if !open(st.tok[0]) {
                    continue;
                }
                // Mostly the true depth; sometimes a wrong one, whose frame must be refused.
                let depth = if rng.random_bool(0.1) {
                    rng.random_range(0..=undos.len() + 1)
                } else {
                    undos.len()
                };
                derive.depth = Some(depth);
                let solve = rng.random_bool(0.5);
                let mut key_derived = vec![0u64; st.bits.len()];
                let mut key_list = vec![0u64; st.bits.len()];
                let a = derive.run(&game, &st, labels, &mut key_derived, solve);
                let c = list.run(&game, &st, labels, &mut key_list, solve);
                assert_eq!(
                    key_derived, key_list,
                    "trial {trial}: keys differ at depth {depth} in {g:?}"
                );
                if let Some(a) = a {
                    assert_eq!(Some(a), c, "trial {trial}: values differ");
                }
                positions += 1;
            }
            let (derived, capped) = derive.incremental_counts();
            derived_total += derived;
            capped_total += capped;
        }
        let name = random_game(&mut ChaCha8Rng::seed_from_u64(0), &b).variant_name();
        eprintln!("{name}: {positions} positions, {derived_total} derived, {capped_total} capped");
        assert!(
            derived_total * 2 >= positions,
            "{name}: only {derived_total} of {positions} positions derived"
        );
    }
}

#[test]
fn search_with_derived_keys_agrees_with_naive_minimax() {
    for (k, b) in undirected_variants().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(8_100 + k as u64);
        let (mut firsts, mut fired) = (0, 0);
        let budget = Budget::unlimited();
        for trial in 0..TRIALS {
            // Large enough that most searches look up children below the root.
            let p = if b.rule == Rule::Vertex {
                GameParams {
                    n: rng.random_range(7..=13),
                    edge_prob: rng.random_range(0.2..0.45),
                    ..b
                }
            } else {
                GameParams {
                    n: rng.random_range(4..=7),
                    edge_prob: rng.random_range(0.25..0.45),
                    ..b
                }
            };
            let core = random_game(&mut rng, &p);
            let g = if trial % 2 == 1 {
                hide_in_large_game(&mut rng, &core)
            } else {
                core
            };
            let game = Game::new(&g);
            let expected = naive::mover_wins(&g, &naive::start(&g));
            firsts += usize::from(expected);
            let mut plain = Search::plain(&game, &budget).without_endgames();
            let mut derived = 0;
            for endgames in [true, false] {
                // Without even kernels: their pass over the children of a normal-play UEG
                // position decides many before any child is looked up (`even_kernel.rs`).
                let mut fast = Search::new(&game, &budget, &game.start)
                    .with_derived_keys()
                    .without_kernels();
                if !endgames {
                    fast = fast.without_endgames();
                }
                let mut r = game.start.clone();
                assert_eq!(
                    fast.wins(&mut r).expect("unlimited"),
                    expected,
                    "trial {trial}: {g:?}"
                );
                super::assert_move_and_line_hold(&game, &mut fast, &mut plain, &mut r, &g);
                derived += fast.derived().0;
            }
            fired += usize::from(derived > 0);
        }
        let name = random_game(&mut ChaCha8Rng::seed_from_u64(0), &b).variant_name();
        let seconds = TRIALS - firsts;
        eprintln!("{name}: mover wins {firsts}, loses {seconds}; derived keys in {fired} games");
        assert!(
            firsts * 5 >= TRIALS && seconds * 5 >= TRIALS,
            "{name}: {firsts} vs {seconds}"
        );
        assert!(fired * 2 >= TRIALS, "{name}: derived in only {fired} games");
    }
}
