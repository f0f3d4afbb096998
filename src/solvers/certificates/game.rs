//! Winning-strategy certificates for every geography variant: `game_win` (positions and
//! moves) and `game_moves` (the winner's choices in the checker's walk order).
//!
//! `certify::strategy_from_fn` and `certify::moves_from_fn` walk every play in which the
//! winner follows the strategy and the opponent answers in every legal way, and ask for the
//! winner's move wherever there is a real choice. The answers come from one
//! [`MoveOracle`] session, so the exhaustive search
//! behind them shares a single memo table across the whole walk: each position is searched
//! at most once. (Directed edge geography under normal play is searched without its
//! antiparallel arc pairs, as the solver searches it; the oracle answers an arc of a pair by
//! its partner, see `geography/session.rs`. The certificate is a strategy of the original
//! game all the same, and the checker judges it there.)

use super::{build_error, limits_for, player};
use crate::certify::game::WALK_BYTES_PER_ITEM;
use crate::certify::{self, GameMoves, GameStrategy, Limits, Player};
use crate::problems::even_kernel::LeafFinder;
use crate::problems::{Geography, Move};
use crate::solvers::geography::MoveOracle;
use crate::solvers::{Budget, SolveError, Winner, geography};

/// A winning strategy for the player who wins `g` (decided by the session's own search),
/// checked by nobody yet: pass it to `certify::check`. Errors: the solver's refusals, the
/// budget (one node count for the whole session), and [`SolveError::TooLarge`] when the
/// strategy walk exceeds the checker's default position limit.
///
/// The budget's memory is split: the session's search table gets half of it, the strategy
/// under construction (and its JSON text) the other half, so that both together stay within
/// it (each had the whole budget: 76 MB peak under `--memory 64`, docs/limits.md).
pub fn game_strategy(g: &Geography, budget: &Budget) -> Result<GameStrategy, SolveError> {
    // An entry holds a position (visited vertices, used edges) and a move; its JSON text is
    // about as large again.
    let per_position = 2 * (256 + 48 * g.graph.n() + 16 * g.graph.edges.len());
    with_winner(g, budget, per_position, |winner, limits, choose| {
        certify::strategy_from_fn(g, winner, limits, |line| choose(line))
    })
}

/// [`game_strategy`] as a `game_moves` certificate: one index per choice of the winner, and
/// positions with the same future (tokens, mover, live part) asked once. It is far smaller
/// to hold than a `game_win` one (4 bytes per choice against a whole position), so its walk
/// may be larger within the same memory: each item costs the walk's table
/// ([`WALK_BYTES_PER_ITEM`]) and at most one choice. The certificate routes of `check` and
/// `verify` carry this form; `certify --strategy` writes the positional one.
///
/// In normal-play one-token undirected edge games, opponent positions whose token component
/// has at most [`LEAF_MAX_VERTICES`](crate::problems::even_kernel::LEAF_MAX_VERTICES)
/// vertices are closed by even-kernel leaves where the finder finds one
/// (docs/certificates.md, "Kernel leaves").
pub fn game_moves(g: &Geography, budget: &Budget) -> Result<GameMoves, SolveError> {
    let per_item = WALK_BYTES_PER_ITEM as usize + std::mem::size_of::<u32>();
    with_winner(g, budget, per_item, |winner, limits, choose| {
        let mut finder = LeafFinder::new(&g.graph);
        certify::moves_from_fn_with_kernels(
            g,
            winner,
            limits,
            |at| choose(at.line()),
            |at| finder.kernel(|e| at.marked(e), at.token(0)?),
        )
    })
}

/// Runs `build` with the winner of `g`, the walk limits for items of `bytes_per_item` bytes
/// and the winner's choice function (a [`MoveOracle`] session); the first error of the
/// choice function is the result, else `build`'s.
fn with_winner<T: Send>(
    g: &Geography,
    budget: &Budget,
    bytes_per_item: usize,
    build: impl FnOnce(
        Player,
        &Limits,
        &mut dyn FnMut(&[Move]) -> Option<Move>,
    ) -> Result<T, certify::CheckError>
    + Send,
) -> Result<T, SolveError> {
    let search_share = budget.max_memory.map(|m| m / 2);
    let strategy_share = budget.max_memory.map(|m| m - m / 2);
    let search_budget = budget.clone().with_memory(search_share);
    let strategy_budget = budget.clone().with_memory(strategy_share);
    geography::with_oracle(g, &search_budget, |oracle: &mut MoveOracle<'_>| {
        let winner = match oracle.mover_wins(&[])? {
            true => Winner::First,
            false => Winner::Second,
        };
        let limits = limits_for(&strategy_budget, bytes_per_item);
        let mut failure = None;
        let built = build(
            player(winner),
            &limits,
            &mut |line| match oracle.winning_move(line) {
                Ok(m) => m,
                Err(e) => {
                    failure.get_or_insert(e);
                    None
                }
            },
        );
        match failure {
            Some(e) => Err(e),
            None => built.map_err(build_error),
        }
    })?
}
