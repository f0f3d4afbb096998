//! `--threads N`: the exhaustive search with the root's children searched in parallel.
//!
//! The root is ordered exactly as the one-thread search orders it (`Search::order_moves`:
//! immediate wins first, then fewest replies), and `N` workers (a rayon pool) take its
//! children in that order, each with its own memo (`1/N` of the memory budget) kept across
//! the children it takes. When a child is found lost for the opponent, its position in the
//! order is published; workers on later children stop (their answer can no longer be the one
//! reported) and no later child is started, while earlier children run to the end. So the
//! reported winning move is the first winning move in the one-thread order, the same move one
//! thread reports; the line of play continues with the search of the worker that decided that
//! child, and every position's value is a function of the position alone (same keys, same
//! move order, same labels), so the line is the one-thread line as well. The node budget
//! counts the nodes of all workers together; the answer, move and line never depend on the
//! number of threads, only the node count and the time do.
//!
//! Positions decided without searching a child (a label, an acyclic remainder, an immediate
//! win, fewer than two children to search) are answered by one thread.

use super::exhaustive::{FLUSH, MEMO_BYTES, Search, Shared};
use super::state::{Game, State};
use crate::problems::geography::Move;
use crate::solvers::{Budget, BudgetExceeded, Stats};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

/// The answer of a search from one position: whether the mover wins, the winning move, a
/// line of optimal play, and statistics.
pub(crate) struct RootAnswer {
    /// Whether the player to move wins.
    pub wins: bool,
    /// A winning move of the mover, when it wins and has one.
    pub winning_move: Option<Move>,
    /// A line of optimal play to the end.
    pub line: Vec<Move>,
    /// Statistics summed over every thread.
    pub stats: Stats,
    /// Whether the root's children were searched in parallel (the tests check it happens).
    #[cfg_attr(not(test), allow(dead_code))]
    pub split: bool,
}

/// Solves `root` with `threads` threads (1: the plain one-thread search).
pub(crate) fn solve_root(
    game: &Game,
    budget: &Budget,
    root: &State,
    threads: usize,
    stack: usize,
    started: Instant,
) -> Result<RootAnswer, BudgetExceeded> {
    let mut main = Search::new(game, budget, root);
    let mut st = root.clone();
    if threads > 1
        && let Some(answer) = split(&mut main, game, budget, &mut st, threads, stack, started)?
    {
        return Ok(answer);
    }
    let wins = main.wins(&mut st)?;
    let winning_move = main.winning_move(&mut st)?;
    let line = main.principal_variation(&st)?;
    Ok(RootAnswer {
        wins,
        winning_move,
        line,
        stats: main.stats(started),
        split: false,
    })
}

/// One child's outcome: its root-order position and whether its mover wins.
type Outcome = (usize, Result<bool, BudgetExceeded>);

/// The parallel root split, or `None` when the root is decided without searching two children.
fn split(
    main: &mut Search<'_>,
    game: &Game,
    budget: &Budget,
    st: &mut State,
    threads: usize,
    stack: usize,
    started: Instant,
) -> Result<Option<RootAnswer>, BudgetExceeded> {
    if main.lookup(st).is_some() {
        return Ok(None);
    }
    let moves = game.moves(st);
    let mut order = Vec::new();
    if main.order_moves(st, &moves, &mut order).is_some() || order.len() < 2 {
        return Ok(None);
    }
    let Ok(pool) = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(stack)
        .build()
    else {
        return Ok(None);
    };
    let bytes = budget.max_memory.unwrap_or(MEMO_BYTES) / threads;
    let (next, best, nodes) = (
        AtomicUsize::new(0),
        AtomicUsize::new(usize::MAX),
        AtomicU64::new(1),
    );
    let root = &*st;
    let template = &*main;
    let workers: Vec<(Search<'_>, Vec<Outcome>)> = pool.broadcast(|_| {
        let mut search = template.sibling(bytes);
        let mut outcomes = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= order.len() || k > best.load(Ordering::Relaxed) {
                break;
            }
            search.shared = Some(Shared {
                nodes: &nodes,
                best: &best,
                mine: k,
            });
            let mut child = root.clone();
            game.apply(&mut child, moves[order[k].1 as usize]);
            match search.wins(&mut child) {
                Ok(false) => {
                    best.fetch_min(k, Ordering::Relaxed);
                    outcomes.push((k, Ok(false)));
                }
                // Stopped because an earlier child wins: not an outcome.
                Err(_) if best.load(Ordering::Relaxed) < k => {}
                result => outcomes.push((k, result)),
            }
        }
        search.shared = None;
        (search, outcomes)
    });
    let mut workers = workers;
    // The first child in root order that is lost for the opponent; every earlier one must
    // have been searched to the end (else the budget ran out).
    let mut child_wins: Vec<Option<(usize, Result<bool, BudgetExceeded>)>> =
        vec![None; order.len()];
    for (w, (_, outcomes)) in workers.iter().enumerate() {
        for &(k, result) in outcomes {
            child_wins[k] = Some((w, result));
        }
    }
    let total =
        nodes.load(Ordering::Relaxed) + workers.iter().map(|(s, _)| s.nodes % FLUSH).sum::<u64>();
    let mut decided: Option<(usize, usize)> = None;
    for (k, outcome) in child_wins.iter().enumerate() {
        match outcome {
            Some((_, Ok(true))) => {}
            Some((w, Ok(false))) => {
                decided = Some((k, *w));
                break;
            }
            Some((_, Err(e))) => return Err(*e),
            None => return Err(BudgetExceeded { nodes: total }),
        }
    }
    // The line: the winner's move into the lost child, else the first legal move; then the
    // line of the search that knows that child best.
    let (wins, first, holder) = match decided {
        Some((k, w)) => (true, moves[order[k].1 as usize], Some(w)),
        None => {
            let k0 = order.iter().position(|&(_, i)| i == 0);
            (
                false,
                moves[0],
                k0.and_then(|k| child_wins[k].map(|(w, _)| w)),
            )
        }
    };
    let mut child = st.clone();
    game.apply(&mut child, first);
    let rest = match holder {
        Some(w) => workers[w].0.principal_variation(&child)?,
        None => main.principal_variation(&child)?,
    };
    let mut line = vec![first];
    line.extend(rest);
    let mut stats = main.stats(started);
    stats.nodes += 1;
    for (search, _) in &workers {
        let s = search.stats(started);
        stats.nodes += s.nodes;
        stats.positions += s.positions;
        stats.hits += s.hits;
        stats.peak_table_bytes += s.peak_table_bytes;
    }
    Ok(Some(RootAnswer {
        wins,
        winning_move: wins.then_some(first),
        line,
        stats,
        split: true,
    }))
}
