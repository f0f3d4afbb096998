//! Tests of the geography solvers: hand-checked positions, published counts, and agreement
//! with an independent naive minimax on random games of every variant.

mod agreement;
mod budget_stats;
mod cancel;
mod dfpn;
mod endgame;
mod known;
mod local_remainder;
mod matching_endgame;
mod naive;
mod parallel;
mod poly;
mod race;
mod race_split;
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
