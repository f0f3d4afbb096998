//! The race split inside the exhaustive search (`race_split.rs`) against the naive minimax of
//! `naive.rs`, which knows nothing of races: on ≥ 1,000 random games of every partizan
//! variant (vertex and edge rule, directed and undirected, normal and misère, rooted and
//! unrooted), and position by position where the race answers.

use super::naive;
use super::{EndgameCounts, check_endgame_along_random_line};
use crate::problems::geography::{Convention, Geography, Move, Rule};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::geography::race_split::RaceSplit;
use crate::solvers::geography::solve_exhaustive;
use crate::solvers::geography::state::{Game, NONE, State};
use crate::solvers::{Budget, Winner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games (or positions) per variant.
const TRIALS: usize = 1000;

/// Every partizan variant: (rule, setup, directed, convention).
fn variants() -> Vec<(Rule, Setup, bool, Convention)> {
    let mut out = Vec::new();
    for convention in [Convention::Normal, Convention::Misere] {
        for setup in [Setup::Partizan, Setup::PartizanUnrooted] {
            for directed in [true, false] {
                for rule in [Rule::Vertex, Rule::Edge] {
                    out.push((rule, setup, directed, convention));
                }
            }
        }
    }
    out
}

/// Sizes (vertices, edge probability) that keep the naive minimax fast, both winners common
/// and splits frequent (sparse graphs split early).
fn draw(
    rng: &mut ChaCha8Rng,
    (rule, setup, directed, convention): (Rule, Setup, bool, Convention),
) -> Geography {
    let (hi, p_lo, p_hi) = match (rule, setup, directed) {
        (Rule::Vertex, Setup::Partizan, true) => (8, 0.15, 0.45),
        (Rule::Vertex, Setup::Partizan, false) => (8, 0.15, 0.4),
        (Rule::Vertex, _, _) => (6, 0.3, 0.8),
        (_, Setup::Partizan, true) => (6, 0.1, 0.35),
        (_, Setup::Partizan, false) => (6, 0.1, 0.35),
        (_, _, true) => (5, 0.1, 0.35),
        (_, _, false) => (5, 0.1, 0.4),
    };
    let params = GameParams {
        rule,
        setup,
        directed,
        convention,
        loops: true,
        n: rng.random_range(2..=hi),
        edge_prob: rng.random_range(p_lo..p_hi),
        ..GameParams::default()
    };
    random_game(rng, &params)
}

/// The exhaustive search (race split included) agrees with the naive minimax on the winner,
/// gives a winning move that leaves the opponent lost, and a line of play that is legal and
/// ends with the stated winner.
#[test]
fn partizan_search_with_race_split_agrees_with_naive_minimax() {
    for (i, variant) in variants().into_iter().enumerate() {
        let seed = 7_000 + i as u64;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut firsts, mut counted) = (0, 0);
        let mut name = String::new();
        for _ in 0..TRIALS {
            let g = draw(&mut rng, variant);
            name = g.variant_name();
            let sol = solve_exhaustive(&g, &Budget::unlimited()).expect("small game");
            counted += usize::from(sol.stats.race_splits > 0);
            let start = naive::start(&g);
            let first = naive::mover_wins(&g, &start);
            assert_eq!(
                sol.winner == Winner::First,
                first,
                "winner of {g:?} (seed {seed})"
            );
            firsts += usize::from(first);
            if let Some(mv) = sol.winning_move {
                assert!(first, "a winning move for a loser in {g:?}");
                assert!(
                    !naive::mover_wins(&g, &naive::apply(&g, &start, mv)),
                    "{mv:?} in {g:?}"
                );
            }
            let mut p = start;
            for &mv in &sol.principal_variation {
                assert!(
                    naive::moves(&g, &p).contains(&mv),
                    "illegal {mv:?} in {g:?}"
                );
                p = naive::apply(&g, &p, mv);
            }
            assert!(
                naive::moves(&g, &p).is_empty(),
                "the line stops early in {g:?}"
            );
            let stuck_wins = g.convention == Convention::Misere;
            assert_eq!(
                (p.mover == 0) == stuck_wins,
                first,
                "line ends wrongly in {g:?}"
            );
        }
        let seconds = TRIALS - firsts;
        eprintln!(
            "{name}: first {firsts}, second {seconds}; race splits counted in {counted} (seed {seed})"
        );
        assert!(
            firsts * 5 >= TRIALS && seconds * 5 >= TRIALS,
            "{name}: {firsts} vs {seconds}"
        );
        // The race split's counter reaches `Stats`: it answers in 242–728 of the 1,000 games
        // of each variant.
        assert!(
            counted * 5 >= TRIALS,
            "{name}: race splits counted in only {counted} games"
        );
    }
}

/// Position by position: play one random line to the end of each game; wherever the race
/// answers (both tokens placed and unable to meet), its value and its winning move must be
/// the naive minimax's. The race must answer often, with both outcomes, in every variant.
#[test]
fn race_split_values_agree_with_naive_minimax() {
    for (i, variant) in variants().into_iter().enumerate() {
        let seed = 8_000 + i as u64;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut counts = EndgameCounts::default();
        let mut name = String::new();
        let what = format!("race (seed {seed})");
        for _ in 0..TRIALS {
            let g = draw(&mut rng, variant);
            name = g.variant_name();
            let game = Game::new(&g);
            let budget = Budget::unlimited();
            let mut split = RaceSplit::new(&game, &budget).expect("a partizan game");
            // The race answers once both tokens are placed.
            let value = |game: &Game, st: &mut State, moves: &[Move]| {
                let placed = st.tok.iter().all(|&t| t != NONE);
                let mut nodes = 0;
                placed
                    .then(|| split.value(game, st, moves, &budget, &mut nodes))
                    .and_then(|v| v.expect("unlimited"))
            };
            check_endgame_along_random_line(&g, &game, &mut rng, &mut counts, &what, value);
        }
        let EndgameCounts {
            answered,
            won,
            by_move,
        } = counts;
        eprintln!(
            "{name}: race answered at {answered} positions of {TRIALS} games, mover won {won} ({by_move} by a move)"
        );
        assert!(
            answered * 2 >= TRIALS,
            "{name}: the race answered only {answered} times"
        );
        assert!(
            won * 10 >= answered && won * 10 <= 9 * answered,
            "{name}: {won} of {answered} won"
        );
        assert!(
            by_move >= 20,
            "{name}: only {by_move} winning moves checked"
        );
    }
}
