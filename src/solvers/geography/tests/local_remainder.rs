//! The plain search of small cyclic remainders on local indices (`endgame/local.rs`) against
//! searches without endgames and the naive minimax: 1,000 random one-token games per variant
//! (directed and undirected, vertex and edge rule, normal and misère: 8 variants), half of
//! them hidden in a game of more than 256 vertices (vertex rule) or edges (edge rule) whose
//! other part the token never reaches, renumbered at random, so that the remainder is small
//! while the game is not.

use super::endgame::visit_open_positions;
use super::naive;
use crate::problems::geography::{Geography, Rule, Tokens};
use crate::problems::graph::Graph;
use crate::random::games::{GameParams, random_game};
use crate::solvers::Budget;
use crate::solvers::geography::classify::{Label, classify};
use crate::solvers::geography::endgame::Reach;
use crate::solvers::geography::exhaustive::Search;
use crate::solvers::geography::state::Game;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games per variant.
const TRIALS: usize = 1000;

/// `core` hidden in a game of more than 256 items: about 270 extra vertices (vertex rule) or
/// 70 extra vertices with about 300 edges among them (edge rule), joined to nothing of `core`,
/// and every vertex renumbered at random (so the core's vertices and edges are spread over all
/// the words of the bitsets).
pub(super) fn hide_in_large_game(rng: &mut ChaCha8Rng, core: &Geography) -> Geography {
    let directed = core.graph.directed;
    let k = core.graph.n();
    let extra = if core.rule == Rule::Vertex { 270 } else { 70 };
    let n = k + extra;
    let mut perm: Vec<usize> = (0..n).collect();
    perm.shuffle(rng);
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let extra_edges = if core.rule == Rule::Vertex { 400 } else { 300 };
    for _ in 0..extra_edges {
        let (u, v) = (
            k + rng.random_range(0..extra),
            k + rng.random_range(0..extra),
        );
        if u != v {
            edges.push((u, v));
        }
    }
    edges.extend(core.graph.edges.iter().copied());
    edges.shuffle(rng);
    if core.rule == Rule::Vertex || !directed {
        // Simple graphs: the vertex rule needs none, undirected edge games are simple here.
        let mut seen = std::collections::HashSet::new();
        edges.retain(|&(u, v)| {
            seen.insert(if directed {
                (u, v)
            } else {
                (u.min(v), u.max(v))
            })
        });
    }
    let edges: Vec<(usize, usize)> = edges.iter().map(|&(u, v)| (perm[u], perm[v])).collect();
    let Tokens::One { start: Some(s) } = core.tokens else {
        unreachable!("rooted one-token games")
    };
    Geography {
        graph: Graph::from_edges(directed, n, &edges),
        rule: core.rule,
        tokens: Tokens::One {
            start: Some(perm[s]),
        },
        convention: core.convention,
    }
}

/// At every position of random lines of play (with take-backs), the remainder walk with the
/// plain search of small remainders on local indices builds the same key as the list walk
/// without it, and when it decides a position the list walk leaves open (a cyclic remainder),
/// the value agrees with a search without endgames and the move it names leaves the opponent
/// lost. Inside the whole search (the bit walks where the game has them, and a copy of the
/// game without successor rows, which takes the list walk), the answer from the start agrees
/// with the naive minimax and the winning move and line hold against the search without
/// endgames. Both answers occur often, and the local search decides positions in most games
/// of every variant (at least 40 %; 20 % of the large ones).
#[test]
fn local_plain_search_agrees_with_search_without_endgames() {
    for (k, b) in super::rooted_one_token_variants().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(7_000 + k as u64);
        let (mut firsts, mut fired, mut large_fired, mut checked) = (0, 0, 0, 0u64);
        let budget = Budget::unlimited();
        for trial in 0..TRIALS {
            // Edge games stay small and sparse: the naive minimax keys them by the used-edge
            // set.
            let p = if b.rule == Rule::Vertex {
                GameParams {
                    n: rng.random_range(4..=12),
                    edge_prob: rng.random_range(0.15..0.45),
                    ..b
                }
            } else {
                GameParams {
                    n: rng.random_range(3..=7),
                    edge_prob: rng.random_range(0.12..0.35),
                    ..b
                }
            };
            let core = random_game(&mut rng, &p);
            let large = trial % 2 == 1;
            let g = if large {
                hide_in_large_game(&mut rng, &core)
            } else {
                core
            };
            let items = if g.rule == Rule::Vertex {
                g.graph.n()
            } else {
                g.graph.m()
            };
            assert!(!large || items > 256, "{items} items");
            let game = Game::new(&g);
            let mut listed = game.clone();
            listed.succ_bits.clear();
            let labels = if trial % 3 == 0 {
                None
            } else {
                classify(&game, &game.start)
            };
            let labels = labels.as_ref();
            let mut local = Reach::list_only();
            local.small = true;
            let mut list = Reach::list_only();
            let mut reference = match labels {
                Some(_) => Search::new(&game, &budget, &game.start),
                None => Search::plain(&game, &budget),
            }
            .without_endgames();
            let before = local.local_decided();
            visit_open_positions(&listed, &mut rng, 30, 0.7, labels, |st| {
                let mut key_local = vec![0u64; st.bits.len()];
                let mut key_list = vec![0u64; st.bits.len()];
                let a = local.run(&listed, st, labels, &mut key_local, true);
                let c = list.run(&listed, st, labels, &mut key_list, true);
                assert_eq!(key_local, key_list, "trial {trial}: keys differ");
                if c.is_some() || a.is_none() {
                    assert_eq!(a, c, "trial {trial}: values differ");
                    return;
                }
                // Decided by the plain search on local indices: checked in regular histories
                // (no labelled vertex visited, no item into one used; `classify.rs`), the only
                // ones a search asks.
                let irregular = labels.is_some_and(|l| match g.rule {
                    Rule::Vertex => (0..game.n).any(|v| st.bit(v) && l.of(v) != Label::Open),
                    _ => game
                        .traversals
                        .iter()
                        .any(|&(_, e, x)| st.bit(e) && l.of(x) != Label::Open),
                });
                if irregular {
                    return;
                }
                checked += 1;
                let value = a.expect("decided");
                super::assert_value_and_move_hold(&game, st, value, &mut reference, || {
                    format!("trial {trial}: local search in {g:?}")
                });
            });
            let mut decided = local.local_decided() - before;
            // The whole search, from the start.
            let expected = naive::mover_wins(&g, &naive::start(&g));
            firsts += usize::from(expected);
            let mut plain = Search::plain(&game, &budget).without_endgames();
            for on in [&game, &listed] {
                let mut fast = Search::new(on, &budget, &game.start);
                let mut r = game.start.clone();
                assert_eq!(fast.wins(&mut r).expect("unlimited"), expected, "{g:?}");
                super::assert_move_and_line_hold(&game, &mut fast, &mut plain, &mut r, &g);
                decided += fast.local_decided();
            }
            fired += usize::from(decided > 0);
            large_fired += usize::from(large && decided > 0);
        }
        let name = random_game(&mut ChaCha8Rng::seed_from_u64(0), &b).variant_name();
        let seconds = TRIALS - firsts;
        eprintln!(
            "{name}: mover wins {firsts}, loses {seconds}; local search fired in {fired} games \
             ({large_fired} large), {checked} positions checked"
        );
        assert!(
            firsts * 5 >= TRIALS && seconds * 5 >= TRIALS,
            "{name}: {firsts} vs {seconds}"
        );
        assert!(
            fired * 5 >= 2 * TRIALS,
            "{name}: fired in only {fired} games"
        );
        assert!(
            large_fired * 5 >= TRIALS,
            "{name}: fired in only {large_fired} large games"
        );
    }
}
