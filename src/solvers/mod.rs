//! Exact solvers for every problem kind, with budgets, witnesses and statistics.
//!
//! Each solver returns `Result<Solution, BudgetExceeded>`: a hit budget is an answer
//! ("unknown"), never a hang. Polynomial algorithms from the papers (matching for undirected
//! vertex geography, GF(2) for bipartite undirected edge geography, backward induction on
//! DAGs) live beside the exhaustive searches and serve as their second witness in tests.

use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub mod blossom;
pub mod certificates;
pub mod dispatch;
pub mod geography;
pub mod hampath;
pub mod qbf;
pub mod trail;
pub mod vertex_cover;

/// Limits on a search. `Budget::unlimited()` never stops a search.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Stop after this many search nodes.
    pub max_nodes: Option<u64>,
    /// Stop when this instant has passed.
    pub deadline: Option<Instant>,
    /// Bytes the solver's tables (memo, transposition table, certificates under
    /// construction) may hold; `None` lets a solver use its own default.
    pub max_memory: Option<usize>,
    /// Threads one search may use (`--threads`; 1 = one thread). Only the exhaustive
    /// geography search uses them, on one shared table (`geography/parallel.rs`); the answer never depends
    /// on it.
    pub threads: usize,
    /// A flag another thread raises to stop the search early, polled with the deadline
    /// (`verify --by auto` stops the search of a step that a certificate decided first).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Paces the search against another thread sharing the core: called at every poll of
    /// [`Budget::expired`], it may sleep there (`verify --by auto` on one core shrinks the
    /// search's share while the certificate route runs, `cli/commands/verify_pace.rs`).
    pub pacer: Option<Arc<dyn Pace>>,
}

/// Something that may hold a search back at its budget polls (see [`Budget::pacer`]).
pub trait Pace: Send + Sync + std::fmt::Debug {
    /// Called by [`Budget::expired`] before it reads the deadline and the cancel flag. May
    /// sleep, but only in short slices after each of which it returns at once if
    /// [`Budget::stopped`] holds, so that `--timeout` and cancelling stay prompt.
    fn pace(&self, budget: &Budget);
}

impl Budget {
    /// No limit.
    pub fn unlimited() -> Budget {
        Budget {
            max_nodes: None,
            deadline: None,
            max_memory: None,
            threads: 1,
            cancel: None,
            pacer: None,
        }
    }

    /// A budget of `max_nodes` nodes and `timeout` wall-clock time from now.
    pub fn new(max_nodes: Option<u64>, timeout: Option<Duration>) -> Budget {
        Budget {
            max_nodes,
            deadline: timeout.map(|t| Instant::now() + t),
            max_memory: None,
            threads: 1,
            cancel: None,
            pacer: None,
        }
    }

    /// The same budget with at most `bytes` for the solver's tables.
    pub fn with_memory(self, bytes: Option<usize>) -> Budget {
        Budget {
            max_memory: bytes,
            ..self
        }
    }

    /// The same budget with `threads` threads per search (at least 1).
    pub fn with_threads(self, threads: usize) -> Budget {
        Budget {
            threads: threads.max(1),
            ..self
        }
    }

    /// The same budget, stopped early once `flag` is raised.
    pub fn with_cancel(self, flag: Arc<AtomicBool>) -> Budget {
        Budget {
            cancel: Some(flag),
            ..self
        }
    }

    /// The same budget, held back by `pacer` at its polls.
    pub fn with_pacer(self, pacer: Arc<dyn Pace>) -> Budget {
        Budget {
            pacer: Some(pacer),
            ..self
        }
    }

    /// `true` when the deadline has passed or the cancel flag is raised; the pacer, if any,
    /// may first hold the calling thread back (searches poll this every [`CLOCK_EVERY`]
    /// nodes).
    pub fn expired(&self) -> bool {
        if let Some(pacer) = &self.pacer {
            pacer.pace(self);
        }
        self.stopped()
    }

    /// `true` when the deadline has passed or the cancel flag is raised (never paces).
    pub fn stopped(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() > d)
            || self
                .cancel
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Err when `nodes` exceeds the node limit, the deadline has passed or the search was
    /// cancelled. Searches call this once per node; the clock and the flag are read only
    /// every [`CLOCK_EVERY`] nodes to keep it cheap.
    #[inline]
    pub fn charge(&self, nodes: u64) -> Result<(), BudgetExceeded> {
        if self.max_nodes.is_some_and(|m| nodes > m) {
            return Err(BudgetExceeded::after(nodes));
        }
        if nodes.is_multiple_of(CLOCK_EVERY) && self.expired() {
            return Err(BudgetExceeded::after(nodes));
        }
        Ok(())
    }
}

/// Nodes between two readings of the clock in [`Budget::charge`]. Reading it costs about
/// 25 ns; a node of the exhaustive search on a game of a few thousand vertices costs tens of
/// microseconds (it walks the token's reachable remainder), so reading it every 1,024 nodes
/// let `verify --by search` run 64 ms past its deadline on a 2,455-vertex game, and `--timeout
/// 0.001` 89 ms. Every 16 nodes keeps that under 2 ms at under 2 ns a node.
pub const CLOCK_EVERY: u64 = 16;

/// The search stopped because its [`Budget`] ran out.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("budget exhausted after {nodes} search nodes")]
pub struct BudgetExceeded {
    /// Nodes expanded before stopping.
    pub nodes: u64,
    /// The statistics of the search up to the stop: nodes and time, and positions stored,
    /// table hits and peak table memory where the solver keeps a table. Every solver reached
    /// through [`dispatch::solve_instance`] or [`geography::solve_with`] attaches them;
    /// `None` only from internal helpers whose caller attaches its own.
    pub stats: Option<Stats>,
}

impl BudgetExceeded {
    /// The budget ran out after `nodes` nodes (no further statistics yet).
    pub fn after(nodes: u64) -> BudgetExceeded {
        BudgetExceeded { nodes, stats: None }
    }

    /// The same error carrying `stats` (the solver's statistics up to the stop).
    pub fn with_stats(self, stats: Stats) -> BudgetExceeded {
        BudgetExceeded {
            stats: Some(stats),
            ..self
        }
    }

    /// The statistics of the stopped search: the solver's own when it kept them, else the
    /// node count with `millis` measured from `started` and no table statistics (nothing is
    /// known of a table then).
    pub fn stats_since(&self, started: Instant) -> Stats {
        match &self.stats {
            Some(stats) => *stats,
            None => Stats::without_table(started, self.nodes),
        }
    }

    /// Attaches the statistics `stats` unless the error already carries the solver's own
    /// (an inner search that stopped knows more than its caller).
    pub fn or_stats(self, stats: impl FnOnce() -> Stats) -> BudgetExceeded {
        match self.stats {
            Some(_) => self,
            None => self.with_stats(stats()),
        }
    }

    /// The same error, with the node count and the time since `started` of a solver without
    /// a memo table attached unless it carries statistics already.
    pub fn or_tableless_since(self, started: Instant) -> BudgetExceeded {
        let nodes = self.nodes;
        self.or_stats(|| Stats::without_table(started, nodes))
    }
}

/// Search statistics reported with every answer, and with every "unknown" one (the budgets
/// rule: an answer that ran out of budget still reports what was done).
///
/// `positions`, `hits` and `peak_table_bytes` describe the solver's memo table of positions
/// (exhaustive geography search, race search, df-pn). Solvers that keep none (the tree
/// recursions, DAG, matching, GF(2), NimG matching, QBF, Hamiltonian path, vertex cover)
/// build their statistics with [`Stats::without_table`], which sets `tableless`; the CLI then
/// prints "no table" and JSON gives those three keys as `null` (docs/solvers.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Search nodes expanded (positions, assignments or partial paths).
    pub nodes: u64,
    /// Wall-clock time in milliseconds.
    pub millis: f64,
    /// Positions written to the solver's memo table (0 for solvers without one).
    #[serde(default)]
    pub positions: u64,
    /// Memo lookups answered from the table.
    #[serde(default)]
    pub hits: u64,
    /// Largest memory held by the solver's tables, in bytes.
    #[serde(default)]
    pub peak_table_bytes: u64,
    /// Partizan exhaustive search: positions decided by the race split (the tokens can no
    /// longer meet, `geography/race_split.rs`).
    #[serde(default)]
    pub race_splits: u64,
    /// Partizan exhaustive search: walk values of the race split answered from its table.
    #[serde(default)]
    pub race_walk_hits: u64,
    /// Partizan and two-token exhaustive search: positions decided by a tree recursion (the
    /// remainder is a forest, `geography/tree_endgame.rs`).
    #[serde(default)]
    pub tree_endgames: u64,
    /// Normal-play UEG exhaustive search: positions found lost by an even kernel (the root,
    /// or a child asked before its siblings are searched, `geography/even_kernel.rs`).
    #[serde(default)]
    pub even_kernels: u64,
    /// `true` when the solver keeps no memo table of positions: `positions`, `hits` and
    /// `peak_table_bytes` are then not measurements but absent (JSON `null`).
    #[serde(default)]
    pub tableless: bool,
}

impl Stats {
    /// Stats for `nodes` nodes expanded since `start` by a solver with a memo table, whose
    /// counters the caller fills in (zero until then).
    pub fn since(start: Instant, nodes: u64) -> Stats {
        Stats {
            nodes,
            millis: start.elapsed().as_secs_f64() * 1000.0,
            positions: 0,
            hits: 0,
            peak_table_bytes: 0,
            race_splits: 0,
            race_walk_hits: 0,
            tree_endgames: 0,
            even_kernels: 0,
            tableless: false,
        }
    }

    /// Stats for `nodes` nodes expanded since `start` by a solver that keeps no memo table
    /// of positions.
    pub fn without_table(start: Instant, nodes: u64) -> Stats {
        Stats {
            tableless: true,
            ..Stats::since(start, nodes)
        }
    }

    /// Nodes expanded per second of wall-clock time (0 when no time was measured).
    pub fn nodes_per_second(&self) -> f64 {
        if self.millis > 0.0 {
            self.nodes as f64 * 1000.0 / self.millis
        } else {
            0.0
        }
    }
}

/// The winner of a game with optimal play: one [`Player`](crate::problems::Player), under
/// the name the solvers' answers have always used.
pub use crate::problems::Player as Winner;

/// Why a solver gave no answer.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The budget ran out: the answer is "unknown" (exit code 3).
    #[error(transparent)]
    Budget(#[from] BudgetExceeded),
    /// The instance is larger than the chosen solver supports.
    #[error("{what} has {size} items, more than the {solver} solver supports ({limit})")]
    TooLarge {
        /// The solver.
        solver: &'static str,
        /// What was counted (vertices, edges, variables).
        what: &'static str,
        /// The instance's size.
        size: usize,
        /// The solver's limit.
        limit: usize,
    },
    /// The chosen solver does not apply to this instance (e.g. matching on a directed game).
    #[error("{0}")]
    Unsupported(String),
}

impl SolveError {
    /// A budget error gets [`BudgetExceeded::or_tableless_since`]; other errors are unchanged.
    /// The solvers without a memo table apply it at their entry points, so that an "unknown"
    /// answer reports the nodes and time spent.
    pub fn or_tableless_since(self, started: Instant) -> SolveError {
        match self {
            SolveError::Budget(b) => SolveError::Budget(b.or_tableless_since(started)),
            other => other,
        }
    }
}
