//! Geography solvers: exhaustive search for every variant, and the polynomial algorithms the
//! papers give for special cases.
//!
//! The rules (one place: `state.rs`) are those of `shared/spec/edge-misere-trailtrap.md` §0 and
//! `shared/spec/fraenkel-simonson.md` §0 plus the doc comments on
//! [`Rule`](crate::problems::Rule) and [`Tokens`](crate::problems::Tokens). Every solver
//! reports the winner, a winning first move of player I when player I wins, a principal
//! variation and statistics.

mod cancel;
mod canon;
mod census;
mod classify;
mod dag;
mod dfpn;
mod endgame;
mod even_kernel;
mod exhaustive;
mod gf2;
mod matching;
mod memo;
mod nimg;
mod oracle;
mod parallel;
mod position;
mod race;
mod race_bounds;
mod race_split;
mod session;
mod state;
mod tree_endgame;
mod trees;
mod two_token_trees;
mod undirected_trees;

pub use census::{CENSUS_MAX_VERTICES, CensusTable, census_applies, census_winner};
pub use dag::{dag_values, solve_dag};
pub use dfpn::solve_dfpn;
pub use exhaustive::{MAX_ITEMS, MAX_TOTAL_WEIGHT, MEMO_BYTES};
pub use gf2::{MAX_MATRIX_BYTES, gf2_line, solve_gf2, ueg_winners};
pub use matching::{solve_matching, uvg_winners, uvg_winners_counted};
pub use nimg::solve_nim_matching;
pub use position::{Position, initial_position, legal_moves, play, try_play};
pub use race::{RaceCache, applies as race_applies, race_winner, race_winner_shared, solve_race};
pub use session::{MoveOracle, with_oracle};
pub use trees::{MAX_TREE_VERTICES, solve_tree};
pub use undirected_trees::solve_undirected_tree;

use crate::problems::geography::{Geography, Move};
use crate::solvers::{Budget, SolveError, Stats, Winner};
use serde::{Deserialize, Serialize};
use state::Game;
use std::time::Instant;

/// The answer of a geography solver.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSolution {
    /// Who wins with optimal play from the solved position (from the start: player I is
    /// `First`).
    pub winner: Winner,
    /// A winning move of the player to move, when that player wins and has a move; `None`
    /// when the player to move loses (or wins by having no move, under misère play).
    pub winning_move: Option<Move>,
    /// A line of optimal play to the end of the game: the winner plays winning moves, the
    /// loser plays some legal move (all of them lose). Empty when a solver gives no line.
    pub principal_variation: Vec<Move>,
    /// Search statistics.
    pub stats: Stats,
    /// Which algorithm answered (`"exhaustive"`, `"matching"`, `"gf2"`, `"dag"`, `"tree"`,
    /// `"nim_matching"`, `"nim_loops"`, `"race"`).
    pub method: &'static str,
}

impl GameSolution {
    /// The answer of a polynomial method that decides the winner and a first move but gives
    /// no line of play (the tree algorithms).
    pub(crate) fn without_line(
        first_wins: bool,
        winning_move: Option<Move>,
        stats: Stats,
        method: &'static str,
    ) -> GameSolution {
        GameSolution {
            winner: if first_wins {
                Winner::First
            } else {
                Winner::Second
            },
            winning_move,
            principal_variation: Vec::new(),
            stats,
            method,
        }
    }
}

/// Which algorithm [`solve_with`] uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// The first polynomial method that applies (DAG, matching, GF(2), tree, NimG matching,
    /// in that order), else the race search where it applies, else exhaustive search.
    Auto,
    /// Memoised exhaustive search ([`solve_exhaustive`]); every variant.
    Exhaustive,
    /// Maximum matching ([`solve_matching`]); normal-play UVG, rooted or unrooted.
    Matching,
    /// GF(2) elimination ([`solve_gf2`]); normal-play UEG on simple bipartite graphs.
    Gf2,
    /// Backward induction ([`solve_dag`]); one-token vertex or arc geography on DAGs.
    Dag,
    /// Maximum matching for misère NimG-RM ([`solve_nim_matching`]): on bipartite loopless
    /// graphs (Renault–Schmidt Thm 3.5) and with a loop on every vertex (Thm 3.7).
    NimMatching,
    /// Fraenkel–Simonson's tree algorithms ([`solve_tree`]): the pair recursion for rooted
    /// PVG/PAG on directed trees; the pair recursion with Grundy values of cut subtrees for
    /// IVG2/IAG2 (two shared tokens) on directed trees (Thm 3.4); the path chain for rooted
    /// PVG/PAG on undirected forests and, with it, Trail Trap on undirected trees and forests
    /// ([`solve_undirected_tree`]).
    Tree,
    /// Memoised search for normal-play partizan edge geography on undirected graphs (Trail
    /// Trap, rooted or not) that ends once the tokens can no longer meet, as a race of two
    /// longest trails ([`solve_race`]); symmetric first moves are searched once.
    Race,
    /// Depth-first proof-number search ([`solve_dfpn`]); rooted one-token vertex or edge
    /// geography (tried against the exhaustive search, which stays the default).
    Dfpn,
}

/// Solves `g` from its initial position with `method`. [`Method::Auto`] never fails with
/// [`SolveError::Unsupported`] on a valid game; a named polynomial method does when it does
/// not apply. `GameSolution::method` records the algorithm that answered.
pub fn solve_with(
    g: &Geography,
    method: Method,
    budget: &Budget,
) -> Result<GameSolution, SolveError> {
    match method {
        Method::Exhaustive => solve_exhaustive(g, budget),
        Method::Matching => solve_matching(g, budget),
        Method::Gf2 => solve_gf2(g, budget),
        Method::Dag => solve_dag(g, budget),
        Method::Tree => solve_tree(g, budget),
        Method::NimMatching => solve_nim_matching(g, budget),
        Method::Race => solve_race(g, budget),
        Method::Dfpn => solve_dfpn(g, budget),
        Method::Auto => {
            check_valid(g)?;
            if let Some(answer) = solve_polynomial(g, budget) {
                answer
            } else if race::applies(g) {
                solve_race(g, budget)
            } else {
                solve_exhaustive(g, budget)
            }
        }
    }
}

/// The answer of the first polynomial method that applies to the valid game `g` (DAG,
/// matching, GF(2), tree, NimG matching, in that order: [`Method::Auto`]'s choice before it
/// falls back to a search), or `None` when none applies. `solve --batch` asks it first and
/// searches with the census table only when it gives `None`.
pub fn solve_polynomial(
    g: &Geography,
    budget: &Budget,
) -> Option<Result<GameSolution, SolveError>> {
    if dag::applies(g) {
        Some(solve_dag(g, budget))
    } else if matching::applies(g) {
        Some(solve_matching(g, budget))
    } else if let Some(answer) = gf2::solve_if_applies(g, budget) {
        Some(answer)
    } else if (trees::applies(g) || two_token_trees::applies(g) || undirected_trees::applies(g))
        && g.graph.n() <= MAX_TREE_VERTICES
    {
        Some(solve_tree(g, budget))
    } else if nimg::applies(g) {
        Some(solve_nim_matching(g, budget))
    } else {
        None
    }
}

/// Solves `g` from its initial position with the default solver (exhaustive search).
pub fn solve(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    solve_exhaustive(g, budget)
}

/// Solves `g` from its initial position by memoised exhaustive search (directed edge
/// geography under normal play after cancelling antiparallel arc pairs, see `cancel.rs`).
///
/// Errors: [`SolveError::Unsupported`] for an invalid instance (see
/// [`Geography::validate`]), [`SolveError::TooLarge`] beyond [`MAX_ITEMS`] vertices/edges or
/// [`MAX_TOTAL_WEIGHT`] NimG tokens, [`SolveError::Budget`] when `budget` runs out.
pub fn solve_exhaustive(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    check_valid(g)?;
    // Directed edge geography under normal play: antiparallel arc pairs cancel first
    // (`cancel.rs`, the copy argument); the line of play is mapped back to `g`.
    if let Some(cancelled) = cancel::cancel(g) {
        return cancel::solve_cancelled(g, &cancelled, budget);
    }
    solve_from(g, &initial_position(g), budget)
}

/// [`solve_exhaustive`] without the antiparallel-arc cancellation (tests compare the two).
pub fn solve_exhaustive_plain(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    solve_from(g, &initial_position(g), budget)
}

/// Solves `g` from the position `pos` by memoised exhaustive search. `winner` names the
/// player (relative to `pos.to_move`) who wins from `pos`; errors as [`solve_exhaustive`],
/// plus [`SolveError::Unsupported`] when `pos` does not fit `g`.
pub fn solve_from(
    g: &Geography,
    pos: &Position,
    budget: &Budget,
) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    check_valid(g)?;
    let depth = exhaustive::check_size(g)?;
    let game = Game::new(g);
    let st = game
        .state(pos)
        .filter(|st| !g.is_nim() || st.tok[0] != state::NONE)
        .ok_or_else(|| SolveError::Unsupported("the position does not fit the game".into()))?;
    exhaustive::with_stack(depth, || {
        let stack = exhaustive::stack_bytes(depth);
        let answer = parallel::solve_root(&game, budget, &st, budget.threads, stack, started)?;
        Ok(GameSolution {
            winner: if answer.wins {
                pos.to_move
            } else {
                pos.to_move.other()
            },
            winning_move: answer.winning_move,
            principal_variation: answer.line,
            stats: answer.stats,
            method: "exhaustive",
        })
    })
}

/// Maps a validation failure to [`SolveError::Unsupported`] (the solvers never panic on a
/// malformed instance).
fn check_valid(g: &Geography) -> Result<(), SolveError> {
    g.validate()
        .map_err(|(_, msg)| SolveError::Unsupported(format!("invalid game: {msg}")))
}

#[cfg(test)]
mod tests;
