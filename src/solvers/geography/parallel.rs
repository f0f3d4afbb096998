//! `--threads N`: the exhaustive search run by `N` threads on one shared table (ABDADA).
//!
//! Every thread searches the root with the one-thread search (`exhaustive.rs`: the same keys,
//! labels, endgames and move order), and all of them read and write one exact-key table
//! ([`SharedMemo`]: locked shards of the one-thread table, keys compared word by word). What
//! spreads the threads over the tree is ABDADA (Weill 1996): while a thread expands a
//! position it marks the position busy, and a thread that meets a busy child after the first
//! child of a node postpones it, searches the node's other children, and comes back to the
//! postponed ones at the end, when the other thread has mostly stored them. The first child
//! ("eldest brother") is always searched, so the threads start down the same line and part
//! where that line has siblings to share.
//!
//! The answer does not depend on the number of threads, only the node count and the time
//! do. A stored value is "the mover loses" or "the mover wins with move `i`", `i` the first
//! child in the one-thread order that is lost for its mover: a thread that finds child `k`
//! lost in its first pass still searches, in order, every child before `k` that it
//! postponed. So every entry any thread stores is the entry one thread would store, and the
//! winning move and the line read from the table after the search (by one thread) are the
//! one-thread move and line. The first thread to finish the root stops the others; the node
//! budget counts the nodes of every thread.
//!
//! Positions decided without searching two children (a label, an acyclic remainder, an
//! immediate win, fewer than two children to search) are answered by one thread.

use super::exhaustive::{FLUSH, MEMO_BYTES, Search, Shared};
use super::memo::SharedMemo;
use super::race_split::{self, split_budget};
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
    /// Whether several threads searched (the tests check it happens).
    #[cfg_attr(not(test), allow(dead_code))]
    pub split: bool,
}

/// Solves `root` with `threads` threads (1: the plain one-thread search).
///
/// One `--memory` budget covers every table of the search ([`tables_budget`]): where the
/// race split applies (partizan games) its walk memos take an eighth of it, all of them
/// together, and the game memo the rest: the main thread's own table with one thread, the
/// shared table with several (the main thread's own table then holds only the few entries
/// [`needs_search`] stores, and is alone again only after the shared table is dropped).
pub(crate) fn solve_root(
    game: &Game,
    budget: &Budget,
    root: &State,
    threads: usize,
    stack: usize,
    started: Instant,
) -> Result<RootAnswer, BudgetExceeded> {
    let bytes = budget.max_memory.unwrap_or(MEMO_BYTES);
    let tables = tables_budget(game, budget, bytes, 1);
    let mut main = Search::new(game, &tables, root);
    let mut st = root.clone();
    if threads > 1 && needs_search(&mut main, game, &mut st) {
        let (memo_bytes, _) = split_budget(game, bytes);
        let memo = SharedMemo::new(main.key_words(), memo_bytes);
        let workers = tables_budget(game, budget, bytes, threads);
        // The workers' searches take their walk memos' size from their template's budget.
        let own_template;
        let template = match race_split::applies(game) {
            true => {
                own_template = Search::new(game, &workers, root);
                &own_template
            }
            false => &main,
        };
        if let Some(answer) = together(template, &memo, &st, threads, stack, started)? {
            return Ok(answer);
        }
    }
    // A budget that runs out reports the search's statistics so far ("unknown" answers).
    let wins = main
        .wins(&mut st)
        .map_err(|e| e.with_stats(main.stats(started)))?;
    let winning_move =
        (main.winning_move(&mut st)).map_err(|e| e.with_stats(main.stats(started)))?;
    let line = (main.principal_variation(&st)).map_err(|e| e.with_stats(main.stats(started)))?;
    Ok(RootAnswer {
        wins,
        winning_move,
        line,
        stats: main.stats(started),
        split: false,
    })
}

/// The budget of each of `searches` searches running side by side on `bytes` of table
/// memory: a search takes its game memo's size from `max_memory` and its walk memo's from
/// `max_memory` / [`race_split::WALK_MEMO_SHARE`], so `max_memory` is the game memo's share
/// of `bytes` with one search, and the walk memos' share / `searches` × the share ratio with
/// several (whose game memo is the shared table, sized apart).
fn tables_budget(game: &Game, budget: &Budget, bytes: usize, searches: usize) -> Budget {
    let (memo, walks) = split_budget(game, bytes);
    let max_memory = match (searches, race_split::applies(game)) {
        (1, _) => memo,
        (_, true) => walks / searches * race_split::WALK_MEMO_SHARE,
        (_, false) => memo,
    };
    Budget {
        max_memory: Some(max_memory),
        ..budget.clone()
    }
}

/// Whether the root has at least two children to search (otherwise one thread answers).
fn needs_search(main: &mut Search<'_>, game: &Game, st: &mut State) -> bool {
    if main.lookup(st).is_some() {
        return false;
    }
    let moves = game.moves(st);
    let mut order = Vec::new();
    main.order_moves(st, &moves, &mut order).is_none() && order.len() >= 2
}

/// The search by `threads` threads on `memo`; `None` when no thread pool could be built.
fn together(
    template: &Search<'_>,
    memo: &SharedMemo,
    root: &State,
    threads: usize,
    stack: usize,
    started: Instant,
) -> Result<Option<RootAnswer>, BudgetExceeded> {
    let Ok(pool) = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(stack)
        .build()
    else {
        return Ok(None);
    };
    // `done` drops to 0 when a thread has solved the root: every worker has `mine` = 1, so
    // `Shared::charge` stops the others.
    let (done, nodes) = (AtomicUsize::new(usize::MAX), AtomicU64::new(0));
    let workers: Vec<(Stats, Result<bool, BudgetExceeded>)> = pool.broadcast(|_| {
        let mut search = template.on_shared(memo);
        search.shared = Some(Shared {
            nodes: &nodes,
            best: &done,
            mine: 1,
        });
        let mut st = root.clone();
        let result = search.wins(&mut st);
        if result.is_ok() {
            done.store(0, Ordering::Relaxed);
        }
        let mut stats = search.stats(started);
        stats.nodes = search.nodes;
        (stats, result)
    });
    let mut stats = Stats::since(started, 0);
    let mut solved = false;
    let mut last_err = None;
    for (s, result) in &workers {
        stats.nodes += s.nodes;
        stats.race_splits += s.race_splits;
        stats.race_walk_hits += s.race_walk_hits;
        stats.tree_endgames += s.tree_endgames;
        stats.even_kernels += s.even_kernels;
        // The table's counters are those of the one shared table, the same for every worker.
        (stats.positions, stats.hits) = (s.positions, s.hits);
        stats.peak_table_bytes = s.peak_table_bytes;
        match result {
            Ok(_) => solved = true,
            Err(e) => last_err = Some(*e),
        }
    }
    if !solved {
        let spent = nodes.load(Ordering::Relaxed) + stats.nodes % FLUSH;
        stats.millis = started.elapsed().as_secs_f64() * 1000.0;
        let stopped = last_err.unwrap_or(BudgetExceeded::after(spent));
        return Err(stopped.with_stats(stats));
    }
    // The root's value is in the table; one thread reads the move and the line from it
    // (entries evicted meanwhile are searched again, by this thread alone).
    let mut reader = template.on_shared(memo);
    let mut st = root.clone();
    let stopped = |e: BudgetExceeded, reader: &Search<'_>| e.with_stats(reader.stats(started));
    let wins = reader.wins(&mut st).map_err(|e| stopped(e, &reader))?;
    let winning_move = (reader.winning_move(&mut st)).map_err(|e| stopped(e, &reader))?;
    let line = (reader.principal_variation(&st)).map_err(|e| stopped(e, &reader))?;
    let table = reader.stats(started);
    stats.nodes += reader.nodes;
    stats.positions = table.positions;
    stats.hits = table.hits;
    stats.peak_table_bytes = table.peak_table_bytes;
    stats.race_splits += table.race_splits;
    stats.race_walk_hits += table.race_walk_hits;
    stats.tree_endgames += table.tree_endgames;
    stats.even_kernels += table.even_kernels;
    stats.millis = started.elapsed().as_secs_f64() * 1000.0;
    Ok(Some(RootAnswer {
        wins,
        winning_move,
        line,
        stats,
        split: true,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Instance;
    use race_split::RaceSplit;

    fn game(tokens: &str) -> Game {
        let text = format!(
            "geography {{\n  directed vertex geography\n  tokens: {tokens}\n  vertices a b c d\n  \
             edges a -> b, b -> c, c -> d, d -> a, b -> d\n}}\n"
        );
        match crate::lang::parse_str("g.geo", &text).unwrap().instance {
            Instance::Geography(g) => Game::new(&g),
            other => panic!("not a game: {other:?}"),
        }
    }

    /// One `--memory` budget covers every table of the search: the game memo (the main
    /// thread's own with one thread, the shared table with several) plus the walk memo of
    /// every search running side by side, as `RaceSplit::new` sizes it from the budget each
    /// search gets, stays within the budget for 1 to 16 threads; partizan games still get
    /// walk memos, impartial ones none.
    #[test]
    fn every_thread_s_tables_share_one_budget() {
        for (tokens, partizan) in [
            ("partizan, first at a, second at c", true),
            ("one at a", false),
        ] {
            let game = game(tokens);
            assert_eq!(race_split::applies(&game), partizan);
            let walk_bytes =
                |b: &Budget| RaceSplit::new(&game, b).map_or(0, |r| r.walk_memo_bytes());
            for bytes in [1 << 20, (64 << 20) + 7, MEMO_BYTES] {
                for threads in 1..=16 {
                    let each = tables_budget(&game, &Budget::unlimited(), bytes, threads);
                    let (memo, walks) = match threads {
                        1 => (each.max_memory.unwrap(), walk_bytes(&each)),
                        _ => (split_budget(&game, bytes).0, threads * walk_bytes(&each)),
                    };
                    assert!(
                        memo + walks <= bytes,
                        "{tokens}, {threads} threads: memo {memo} + walks {walks} > {bytes}"
                    );
                    assert_eq!(walks > 0, partizan, "{tokens}, {threads} threads");
                }
            }
        }
    }
}
