//! Tests of the geography solvers: hand-checked positions, published counts, and agreement
//! with an independent naive minimax on random games of every variant.

mod agreement;
mod budget_stats;
mod cancel;
mod census;
mod dfpn;
mod endgame;
mod even_kernel;
mod incremental;
mod killers;
mod known;
mod local_remainder;
mod matching_endgame;
mod naive;
mod parallel;
mod poly;
mod race;
mod race_bounds;
mod race_loops;
mod race_parity;
mod race_split;
mod race_tjoin;
mod session;
mod tree_endgame;
mod two_token_trees;
mod undirected_trees;

use crate::problems::geography::Geography;
use crate::solvers::geography::exhaustive::Search;
use crate::solvers::geography::state::{Game, State};

/// Checks what a search says beyond the value of `r` against `plain`, the search trusted as
/// the reference: the winning move `fast` names leaves the opponent lost, and its principal
/// variation is a legal line to the end of the game in which every move of the player who
/// wins keeps the win. `g` is printed when an assertion fails.
fn assert_move_and_line_hold(
    game: &Game,
    fast: &mut Search,
    plain: &mut Search,
    r: &mut State,
    g: &Geography,
) {
    if let Some(mv) = fast.winning_move(r).expect("unlimited") {
        let undo = game.apply(r, mv);
        assert!(!plain.wins(r).expect("unlimited"), "{mv:?} in {g:?}");
        game.undo(r, undo);
    }
    let line = fast.principal_variation(r).expect("unlimited");
    let mut q = r.clone();
    for mv in line {
        assert!(game.moves(&q).contains(&mv), "PV move {mv:?} in {g:?}");
        let mover_wins = plain.wins(&mut q).expect("unlimited");
        game.apply(&mut q, mv);
        if mover_wins {
            assert!(!plain.wins(&mut q).expect("unlimited"), "{g:?}");
        }
    }
    assert!(game.moves(&q).is_empty(), "PV stops early in {g:?}");
}

/// What an endgame said along random lines ([`check_endgame_along_random_line`]).
#[derive(Debug, Default)]
struct EndgameCounts {
    /// Positions where it answered.
    answered: usize,
    /// Of those, positions the mover wins.
    won: usize,
    /// Of those, positions where it named a winning move (checked).
    by_move: usize,
}

/// Plays one random line from the start of `g` (whose rules `game` holds) to its end. At
/// every position, terminal ones included, `value(game, st, moves)` may answer as the
/// endgames do (`Some(v)`: the mover wins iff `v > 0`, by `moves[v - 1]` when there are
/// moves); each answer must be the naive minimax's, and a winning move must leave the
/// opponent lost. `what` names the endgame in failures.
fn check_endgame_along_random_line(
    g: &Geography,
    game: &Game,
    rng: &mut rand_chacha::ChaCha8Rng,
    counts: &mut EndgameCounts,
    what: &str,
    mut value: impl FnMut(&Game, &mut State, &[crate::problems::geography::Move]) -> Option<u32>,
) {
    use rand::seq::IndexedRandom;
    let mut st: State = game.start.clone();
    let mut p = naive::start(g);
    loop {
        let moves = game.moves(&st);
        if let Some(v) = value(game, &mut st, &moves) {
            counts.answered += 1;
            let wins = naive::mover_wins(g, &p);
            assert_eq!(v > 0, wins, "{what} value at {p:?} in {g:?}");
            counts.won += usize::from(wins);
            if wins && !moves.is_empty() {
                counts.by_move += 1;
                let mv = moves[v as usize - 1];
                let child = naive::apply(g, &p, mv);
                assert!(
                    !naive::mover_wins(g, &child),
                    "{what} move {mv:?} at {p:?} in {g:?}"
                );
            }
        }
        let Some(&mv) = moves.choose(rng) else {
            break;
        };
        game.apply(&mut st, mv);
        p = naive::apply(g, &p, mv);
    }
}

/// The start of `game` after fewer than `most` random moves (fewer still where the game
/// ends first): a mid-game root for the searches to agree on.
fn after_random_moves(game: &Game, rng: &mut impl rand::Rng, most: usize) -> State {
    let mut st = game.start.clone();
    for _ in 0..rng.random_range(0..most) {
        let moves = game.moves(&st);
        if moves.is_empty() {
            break;
        }
        game.apply(&mut st, moves[rng.random_range(0..moves.len())]);
    }
    st
}

/// The eight rooted one-token variants (normal and misère, directed and undirected, vertex
/// and edge rule), loops allowed, in a fixed order (tests seed their games by index).
fn rooted_one_token_variants() -> Vec<crate::random::games::GameParams> {
    use crate::problems::geography::{Convention, Rule};
    use crate::random::games::{GameParams, Setup};
    let mut variants = Vec::new();
    for convention in [Convention::Normal, Convention::Misere] {
        for directed in [true, false] {
            for rule in [Rule::Vertex, Rule::Edge] {
                variants.push(GameParams {
                    rule,
                    setup: Setup::Rooted,
                    directed,
                    convention,
                    loops: true,
                    ..GameParams::default()
                });
            }
        }
    }
    variants
}

/// Checks a value `value` (0: lost, k > 0: the k-th move wins) that a search without a table
/// gave for `st` against `reference`: the same winner, and the named move leaves the
/// opponent lost. `what` names the search and the trial when an assertion fails.
fn assert_value_and_move_hold(
    game: &Game,
    st: &mut State,
    value: u32,
    reference: &mut Search,
    what: impl Fn() -> String,
) {
    let wins = reference.wins(st).expect("unlimited");
    assert_eq!(value > 0, wins, "{}: value", what());
    let moves = game.moves(st);
    if value > 0 && !moves.is_empty() {
        let undo = game.apply(st, moves[value as usize - 1]);
        let reply = reference.wins(st).expect("unlimited");
        game.undo(st, undo);
        assert!(!reply, "{}: the named move does not win", what());
    }
}
