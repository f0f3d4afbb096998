//! The tree endgame of partizan and two-token positions (`tree_endgame.rs`) against the plain
//! search (raw keys, no endgames) and the naive minimax of `naive.rs`, on 1,000 random games
//! per variant it covers: directed PVG (normal and misère), directed PAG, directed IVG2 and
//! IAG2, undirected PVG and PAG (normal play).

use super::naive;
use super::{EndgameCounts, after_random_moves, check_endgame_along_random_line};
use crate::problems::geography::{Convention, Geography, Move, Rule};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::Budget;
use crate::solvers::geography::exhaustive::Search;
use crate::solvers::geography::state::{Game, NONE, State};
use crate::solvers::geography::tree_endgame::{TreeEndgame, applies};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Games per variant.
const TRIALS: usize = 1000;

/// Every variant the endgame covers: (rule, setup, directed, convention).
fn variants() -> Vec<(Rule, Setup, bool, Convention)> {
    use Convention::{Misere, Normal};
    vec![
        (Rule::Vertex, Setup::Partizan, true, Normal),
        (Rule::Vertex, Setup::Partizan, true, Misere),
        (Rule::Edge, Setup::Partizan, true, Normal),
        (Rule::Vertex, Setup::TwoShared, true, Normal),
        (Rule::Edge, Setup::TwoShared, true, Normal),
        (Rule::Vertex, Setup::Partizan, false, Normal),
        (Rule::Edge, Setup::Partizan, false, Normal),
    ]
}

/// A sparse random game of the variant (forest remainders are common), every second one a
/// random tree; edge games stay smaller (the plain search keys them by the raw used set).
fn draw(
    rng: &mut ChaCha8Rng,
    trial: usize,
    (rule, setup, directed, convention): (Rule, Setup, bool, Convention),
) -> Geography {
    let most = if rule == Rule::Vertex { 11 } else { 8 };
    let params = GameParams {
        rule,
        setup,
        directed,
        convention,
        loops: true,
        n: rng.random_range(4..=most),
        edge_prob: rng.random_range(0.08..0.3),
        tree: trial.is_multiple_of(2),
        ..GameParams::default()
    };
    random_game(rng, &params)
}

/// The variants the endgame must refuse: misère PAG, misère two-token games, misère undirected
/// PVG/PAG, undirected two-token games, one-token and NimG games.
#[test]
fn applies_exactly_where_a_recursion_holds() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for convention in [Convention::Normal, Convention::Misere] {
        for directed in [true, false] {
            for rule in [Rule::Vertex, Rule::Edge, Rule::NimRemoveMove] {
                for setup in [Setup::Rooted, Setup::Partizan, Setup::TwoShared] {
                    let params = GameParams {
                        rule,
                        setup,
                        directed,
                        convention,
                        ..GameParams::default()
                    };
                    let game = Game::new(&random_game(&mut rng, &params));
                    let covered = rule != Rule::NimRemoveMove
                        && variants().contains(&(rule, setup, directed, convention));
                    assert_eq!(applies(&game), covered, "{params:?}");
                    assert_eq!(TreeEndgame::new(&game).is_some(), covered);
                }
            }
        }
    }
}

/// Position by position: along one random line to the end of each game, wherever the endgame
/// answers, its value is the naive minimax's and its winning move leaves the opponent lost
/// (naive minimax). It must answer often, with both outcomes, in every variant.
#[test]
fn tree_endgame_values_agree_with_naive_minimax() {
    for (i, variant) in variants().into_iter().enumerate() {
        let seed = 13_000 + i as u64;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut counts = EndgameCounts::default();
        let mut name = String::new();
        let budget = Budget::unlimited();
        let what = format!("tree endgame (seed {seed})");
        for trial in 0..TRIALS {
            let g = draw(&mut rng, trial, variant);
            name = g.variant_name();
            let game = Game::new(&g);
            let mut endgame = TreeEndgame::new(&game).expect("a covered variant");
            // The endgame is asked where the mover has moves (a terminal position is no
            // endgame's question).
            let value = |game: &Game, st: &mut State, moves: &[Move]| {
                let mut nodes = 0;
                (!moves.is_empty())
                    .then(|| endgame.value(game, st, moves, &budget, &mut nodes))
                    .and_then(|v| v.expect("unlimited"))
            };
            check_endgame_along_random_line(&g, &game, &mut rng, &mut counts, &what, value);
        }
        let EndgameCounts { answered, won, .. } = counts;
        eprintln!("{name}: the tree endgame answered at {answered} positions, mover won {won}");
        // It answers at 712–1,689 positions per variant.
        assert!(
            answered * 2 >= TRIALS,
            "{name}: answered only {answered} times"
        );
        assert!(
            won * 5 >= answered && won * 5 <= 4 * answered,
            "{name}: {won} of {answered} won"
        );
    }
}

/// The whole search with the endgame against the plain search without it (raw keys, no
/// endgames) and, from the start, the naive minimax: from the start and from a random
/// position a few plies in, same winner, a winning move that leaves the opponent lost, and a
/// legal line to the end whose every winner's move the plain search confirms. The endgame
/// must decide positions in at least 10 % of the games, and switched off it decides none.
#[test]
fn search_with_tree_endgame_agrees_with_plain_search() {
    for (i, variant) in variants().into_iter().enumerate() {
        let seed = 14_000 + i as u64;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut firsts, mut fired) = (0, 0);
        let mut name = String::new();
        let budget = Budget::unlimited();
        for trial in 0..TRIALS {
            let g = draw(&mut rng, trial, variant);
            name = g.variant_name();
            let game = Game::new(&g);
            let st = after_random_moves(&game, &mut rng, 4);
            let mut decided = 0;
            for (k, root) in [game.start.clone(), st].into_iter().enumerate() {
                let mut plain = Search::plain(&game, &budget)
                    .without_canonical_keys()
                    .without_endgames();
                let mut r = root.clone();
                let expected = plain.wins(&mut r).expect("unlimited");
                firsts += usize::from(expected);
                if k == 0 {
                    assert_eq!(expected, naive::mover_wins(&g, &naive::start(&g)), "{g:?}");
                }
                let mut fast = Search::new(&game, &budget, &root);
                assert_eq!(
                    fast.wins(&mut r).expect("unlimited"),
                    expected,
                    "{g:?} {r:?}"
                );
                super::assert_move_and_line_hold(&game, &mut fast, &mut plain, &mut r, &g);
                decided += fast.stats(Instant::now()).tree_endgames;
                let mut off = Search::new(&game, &budget, &root).without_endgames();
                assert_eq!(off.wins(&mut r).expect("unlimited"), expected);
                assert_eq!(off.stats(Instant::now()).tree_endgames, 0);
            }
            fired += usize::from(decided > 0);
        }
        let seconds = 2 * TRIALS - firsts;
        eprintln!(
            "{name}: mover wins {firsts}, loses {seconds}; tree endgame fired in {fired} games"
        );
        assert!(
            firsts * 5 >= 2 * TRIALS && seconds * 5 >= 2 * TRIALS,
            "{name}: {firsts} vs {seconds}"
        );
        // It fires in 190–811 of the 1,000 games per variant (partizan games less often: the race
        // split, tried first, answers the positions whose tokens can no longer meet).
        assert!(fired * 10 >= TRIALS, "{name}: fired in only {fired} games");
    }
}

/// Cyclic games whose remainder becomes a forest after a few moves: random directed trees on
/// 24 vertices with three extra arcs, partizan and two-token. The endgame decides positions
/// below the cycles (in most two-token games and some partizan ones), with the answer of the search without it. (It does
/// not save nodes on games this small: the pairs the recursion evaluates count as nodes, and
/// the search without it needs only a few hundred; performance-history.md measures the
/// chains.)
#[test]
fn tree_endgame_decides_cyclic_games_below_their_cycles() {
    for setup in [Setup::Partizan, Setup::TwoShared] {
        let mut rng = ChaCha8Rng::seed_from_u64(15_000);
        let mut fired = 0;
        let budget = Budget::unlimited();
        for _ in 0..100 {
            let params = GameParams {
                setup,
                n: 24,
                tree: true,
                ..GameParams::default()
            };
            let mut g = random_game(&mut rng, &params);
            for _ in 0..3 {
                let (u, v) = (rng.random_range(0..24), rng.random_range(0..24));
                if u != v {
                    g.graph.add_edge(u, v);
                }
            }
            let game = Game::new(&g);
            let mut on = Search::new(&game, &budget, &game.start);
            let mut off = Search::new(&game, &budget, &game.start).without_endgames();
            let mut st = game.start.clone();
            assert_eq!(on.wins(&mut st), off.wins(&mut st), "{g:?}");
            assert!(st.tok.iter().all(|&t| t != NONE));
            fired += usize::from(on.stats(Instant::now()).tree_endgames > 0);
        }
        eprintln!("{setup:?}: the tree endgame decided positions in {fired} of 100 games");
        // 14 (partizan: the race split, tried first, answers most) and 88 (two-token) of 100.
        assert!(fired >= 10, "{setup:?}: only {fired} games");
    }
}

/// The witness that lets a position skip the walk is a proof: wherever it holds, a fresh walk
/// finds a cycle too (so skipping never loses a decision). Along random lines of random
/// cyclic games of every covered variant, with the witness of the previous position.
#[test]
fn a_kept_witness_is_a_cycle_of_the_remainder() {
    for (i, variant) in variants().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(17_000 + i as u64);
        let mut held = 0;
        for _ in 0..TRIALS {
            let (rule, setup, directed, convention) = variant;
            // Denser than `draw`: cycles near the tokens, broken one move at a time.
            let params = GameParams {
                rule,
                setup,
                directed,
                convention,
                n: rng.random_range(5..=12),
                edge_prob: rng.random_range(0.2..0.45),
                ..GameParams::default()
            };
            let g = random_game(&mut rng, &params);
            let game = Game::new(&g);
            let mut endgame = TreeEndgame::new(&game).expect("a covered variant");
            let mut st = game.start.clone();
            loop {
                let [a, b] = st.tok;
                if a != NONE && b != NONE {
                    let holds = endgame.witness_holds(&st);
                    let forest = endgame.collect(&game, &st, a, b);
                    assert!(!(holds && forest), "a false witness at {st:?} in {g:?}");
                    held += usize::from(holds);
                }
                let moves = game.moves(&st);
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                game.apply(&mut st, mv);
            }
        }
        eprintln!("{variant:?}: the witness held at {held} positions");
        // It holds at 102–499 positions per variant.
        assert!(
            held >= 50,
            "{variant:?}: the witness held at only {held} positions"
        );
    }
}
