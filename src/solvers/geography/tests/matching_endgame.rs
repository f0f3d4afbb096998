//! The matching endgame of normal-play undirected vertex geography (`endgame.rs`,
//! `MatchingEndgame`) inside the exhaustive search, against the plain search (raw keys, no
//! labels, no endgames) and the naive minimax, on 1,000 random games with cycles.

use super::naive;
use crate::problems::geography::{Convention, Rule};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::Budget;
use crate::solvers::geography::exhaustive::Search;
use crate::solvers::geography::state::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Random games.
const TRIALS: usize = 1000;

/// From the start and from a random position a few plies in: the search with the matching
/// endgame (with and without pre-classification) gives the plain search's winner, decides the
/// position by one matching without expanding a node, and its winning move and line of play
/// are confirmed by the plain search move by move. Both answers must occur often.
#[test]
fn matching_endgame_agrees_with_plain_search_and_minimax() {
    let mut rng = ChaCha8Rng::seed_from_u64(1313);
    let budget = Budget::unlimited();
    let (mut firsts, mut positions) = (0, 0);
    for _ in 0..TRIALS {
        let p = GameParams {
            rule: Rule::Vertex,
            setup: Setup::Rooted,
            directed: false,
            convention: Convention::Normal,
            n: rng.random_range(2..=11),
            edge_prob: rng.random_range(0.15..0.7),
            ..GameParams::default()
        };
        let g = random_game(&mut rng, &p);
        let game = Game::new(&g);
        let st = super::after_random_moves(&game, &mut rng, 4);
        for root in [game.start.clone(), st] {
            let mut plain = Search::plain(&game, &budget)
                .without_canonical_keys()
                .without_endgames();
            let mut r = root.clone();
            let expected = plain.wins(&mut r).expect("unlimited");
            firsts += usize::from(expected);
            positions += 1;
            if root.bits == game.start.bits {
                assert_eq!(expected, naive::mover_wins(&g, &naive::start(&g)), "{g:?}");
            }
            for mut fast in [
                Search::new(&game, &budget, &root),
                Search::plain(&game, &budget),
            ] {
                assert_eq!(fast.wins(&mut r).expect("unlimited"), expected, "{g:?}");
                assert_eq!(fast.nodes, 0, "the matching decides without search: {g:?}");
                super::assert_move_and_line_hold(&game, &mut fast, &mut plain, &mut r, &g);
                assert!(fast.matched() > 0, "{g:?}");
            }
        }
    }
    let seconds = positions - firsts;
    eprintln!("normal UVG: mover wins {firsts}, loses {seconds} of {positions} positions");
    assert!(
        firsts * 4 >= positions && seconds * 4 >= positions,
        "{firsts} vs {seconds}"
    );
}

/// Misère play, directed graphs and the edge rule have no matching theorem: the endgame never
/// decides a position there.
#[test]
fn matching_endgame_only_for_normal_undirected_vertex_play() {
    let mut rng = ChaCha8Rng::seed_from_u64(1314);
    let budget = Budget::unlimited();
    for (rule, directed, convention) in [
        (Rule::Vertex, false, Convention::Misere),
        (Rule::Vertex, true, Convention::Normal),
        (Rule::Edge, false, Convention::Normal),
    ] {
        for _ in 0..50 {
            let p = GameParams {
                rule,
                setup: Setup::Rooted,
                directed,
                convention,
                n: rng.random_range(2..=8),
                edge_prob: 0.5,
                ..GameParams::default()
            };
            let g = random_game(&mut rng, &p);
            let game = Game::new(&g);
            let mut search = Search::new(&game, &budget, &game.start);
            let mut st = game.start.clone();
            search.wins(&mut st).expect("unlimited");
            assert_eq!(search.matched(), 0, "{g:?}");
        }
    }
}
