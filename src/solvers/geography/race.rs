//! Partizan edge geography on undirected graphs — Trail Trap (Buchanan et al.,
//! arXiv:2405.05195) and its rooted form — by a memoised search that stops as soon as the two
//! tokens can no longer meet.
//!
//! **The race split** (Fraenkel–Simonson §3; Trail Trap Lemma 9). Once the two tokens stand
//! in different components of the graph of unused edges, no move of one player can ever take
//! an edge the other could use: each player simply walks a longest trail of its own
//! component. The player to move makes the first move, so under normal play it wins iff its
//! longest trail is *strictly* longer than the opponent's (ties go to the player who moves
//! second). The test is cheap: one search of the mover's component over 64-bit edge masks,
//! which also gives the canonical memo key when the tokens still share a component.
//!
//! **Keys.** A position is (mover's vertex, opponent's vertex, unused edges). The turn is not
//! in the key: the game is the same for both players, so the value "the mover wins" depends
//! only on whose token is whose. Only the unused edges of the tokens' common component enter
//! the key (the others can never be used), and the keys are exact (the shared `memo.rs` table
//! compares key words). Components of at most 11 vertices in graphs without parallel edges
//! are keyed by canonical codes (`canon.rs`), their loops counted as vertex colours, so
//! isomorphic positions share an entry.
//!
//! **Longest trails** are memoised too, keyed by (vertex, edges of its component), and stop
//! early when a trail reaches the Euler bound from its start (component edges minus half the
//! odd-degree vertices beyond the start and the end, `race_bounds.rs`) or the length the race
//! needs (the opponent's up to the mover's Euler bound, the mover's up to one edge more than
//! the opponent's).
//!
//! **Position reductions** (`race_bounds.rs`, with their proofs): hanging trees are cut
//! down to one longest path per branch before the key is taken, and the commitment bounds
//! (a timed Lemma 9) decide a position where one token has a trail the other cannot reach
//! in time (the other side's trails bounded by Euler's or, near a decision, by a T-join
//! bound; an exact longest trail where the bound misses by one edge). **Move ordering**:
//! moves towards the opponent first, ties broken by a history heuristic (each move's
//! cutoffs so far, weighted by 2^(edges left)), and player II's first moves by their
//! distance from player I's token.
//!
//! **Symmetry at the root** (unrooted game on a simple graph). Automorphisms of the graph map
//! winning lines to winning lines, so player I's first move is tried once per orbit of edge
//! traversals, and player II's reply once per orbit under the automorphisms that fix player
//! I's move. Orbits are unions over the automorphisms found (a capped backtracking search);
//! any set of automorphisms gives valid (possibly finer) orbits, so the cap costs time only.
//!
//! Applies to normal play on undirected graphs with at most [`MAX_EDGES`] edges and
//! [`MAX_VERTICES`] vertices (loops and parallel edges allowed; symmetry is then skipped).

use super::GameSolution;
use super::canon::{MAX_CANON_LOOPS, MAX_CANON_VERTICES, canonical_code_with_loops};
use super::memo::Memo;
use super::race_bounds::{Commit, EdgeMasks, Edges, bit};
use super::state::{Game, NONE, State};
use crate::problems::geography::{Convention, Geography, Move, Rule, Tokens};
use crate::solvers::{Budget, BudgetExceeded, SolveError, Stats, Winner};
use rustc_hash::FxHashMap;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

/// Most edges the race search supports (one bit per edge in a `u64`).
pub const MAX_EDGES: usize = 64;
/// Most vertices the race search supports (one bit per vertex in a `u64`).
pub const MAX_VERTICES: usize = 64;
/// Flag of a stored trail length that is only a lower bound (the search stopped at a cap);
/// lengths stay below it (at most [`MAX_EDGES`]), also in the census's `u8` table.
const AT_LEAST: u32 = 0x80;
/// Default memory for the two tables together, in bytes, when the budget names none.
const TABLE_BYTES: usize = 256 << 20;
/// Second key word of a canonical code of a component without loops (never a pair of vertex
/// indices, which stay below 2^16).
const CANON: u64 = u64::MAX;
/// Flag of the second key word of a canonical code of a component with loops, whose loop
/// counts by position fill its low 22 bits: never a pair of vertex indices (below 2^16) nor
/// [`CANON`]. Such keys stay in this search's own table, not in a census's shared one (whose
/// entries are keyed by the first word alone).
const CANON_LOOPS: u64 = 1 << 62;
/// Leaves of the canonical-labelling search at most per code (`canon.rs`).
const LEAF_CAP: usize = 2_000;
/// Automorphisms collected at most for the root symmetry.
const MAX_AUTOMORPHISMS: usize = 50_000;
/// Backtracking steps at most spent looking for automorphisms.
const MAX_AUTOMORPHISM_STEPS: usize = 2_000_000;

/// Whether the race search applies: partizan edge geography (rooted, or Trail Trap) under
/// normal play on an undirected graph within the size limits.
pub fn applies(g: &Geography) -> bool {
    g.rule == Rule::Edge
        && !g.graph.directed
        && matches!(g.tokens, Tokens::Partizan { .. })
        && g.convention == Convention::Normal
        && g.graph.m() <= MAX_EDGES
        && g.graph.n() <= MAX_VERTICES
}

/// Solves partizan edge geography on an undirected graph (Trail Trap when unrooted) from its
/// initial position: the winner, player I's winning first move when player I wins, and a
/// line of optimal play.
///
/// Errors: [`SolveError::Unsupported`] when the game is not of this kind (see the module
/// doc), [`SolveError::Budget`] when the budget runs out.
pub fn solve_race(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    g.validate()
        .map_err(|(_, msg)| SolveError::Unsupported(format!("invalid game: {msg}")))?;
    if !applies(g) {
        return Err(SolveError::Unsupported(format!(
            "the race search solves normal-play partizan edge geography (Trail Trap) on \
             undirected graphs with at most {MAX_EDGES} edges and {MAX_VERTICES} vertices, \
             not {}",
            g.variant_name()
        )));
    }
    let game = Game::new(g);
    let mut race = Race::new(g, budget, None);
    let mut st = game.start.clone();
    // A budget that runs out reports the tables' statistics so far ("unknown" answers).
    let first_wins = (race.root_wins(&game, &st)).map_err(|e| e.with_stats(race.stats(started)))?;
    let line = (race.line(&game, &mut st)).map_err(|e| e.with_stats(race.stats(started)))?;
    let winning_move = if first_wins {
        line.first().copied()
    } else {
        None
    };
    Ok(GameSolution {
        winner: if first_wins {
            Winner::First
        } else {
            Winner::Second
        },
        winning_move,
        principal_variation: line,
        stats: race.stats(started),
        method: "race",
    })
}

/// Only the winner (player I or II) of partizan edge geography from its initial position:
/// what a census needs, without a line of play. Errors as [`solve_race`].
pub fn race_winner(g: &Geography, budget: &Budget) -> Result<(Winner, Stats), SolveError> {
    let started = Instant::now();
    if !applies(g) || g.validate().is_err() {
        return solve_race(g, budget).map(|s| (s.winner, s.stats));
    }
    let game = Game::new(g);
    let mut race = Race::new(g, budget, None);
    let first_wins =
        (race.root_wins(&game, &game.start)).map_err(|e| e.with_stats(race.stats(started)))?;
    let winner = if first_wins {
        Winner::First
    } else {
        Winner::Second
    };
    Ok((winner, race.stats(started)))
}

/// [`race_winner`] with a table shared by many games (a census): positions are stored under
/// canonical codes of their unused graph with the tokens marked (`canon.rs`), so isomorphic
/// positions, within one graph or across graphs, are searched once. Only loop-free token
/// components of at most 11 vertices in graphs without parallel edges use it; the rest as
/// [`race_winner`] (components with loops have canonical keys too, in this search's own
/// table).
pub fn race_winner_shared(
    g: &Geography,
    budget: &Budget,
    shared: &RaceCache,
) -> Result<(Winner, Stats), SolveError> {
    let started = Instant::now();
    if !applies(g) || g.validate().is_err() {
        return solve_race(g, budget).map(|s| (s.winner, s.stats));
    }
    let game = Game::new(g);
    let mut race = Race::new(g, budget, Some(shared));
    let first_wins =
        (race.root_wins(&game, &game.start)).map_err(|e| e.with_stats(race.stats(started)))?;
    let winner = if first_wins {
        Winner::First
    } else {
        Winner::Second
    };
    Ok((winner, race.stats(started)))
}

/// A table of position values shared by the games of a census (threads included): canonical
/// code → value, in 64 locked shards. When full it stops taking entries (those it holds stay
/// valid; later positions are searched again).
pub struct RaceCache {
    shards: Vec<Mutex<FxHashMap<u64, u8>>>,
    per_shard: usize,
}

impl RaceCache {
    /// A table of about `bytes` bytes at most.
    pub fn new(bytes: usize) -> RaceCache {
        // About 18 bytes per entry in a hash table at 7/8 load, plus growth slack.
        let entries = bytes / 32;
        RaceCache {
            shards: (0..64).map(|_| Mutex::new(FxHashMap::default())).collect(),
            per_shard: (entries / 64).max(16),
        }
    }

    /// Bytes the table holds now (its entries' slots and control bytes; it never shrinks,
    /// so this is also its peak). Takes each shard's lock once: for statistics only.
    pub fn bytes(&self) -> u64 {
        let slot = std::mem::size_of::<(u64, u8)>() + 1;
        let slots: usize = (self.shards.iter())
            .map(|s| s.lock().unwrap_or_else(PoisonError::into_inner).capacity())
            .sum();
        (slots * slot) as u64
    }

    fn shard(&self, code: u64) -> &Mutex<FxHashMap<u64, u8>> {
        let h = code.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58;
        &self.shards[h as usize]
    }

    fn get(&self, code: u64) -> Option<u8> {
        let shard = self.shard(code).lock().unwrap_or_else(|e| e.into_inner());
        shard.get(&code).copied()
    }

    fn insert(&self, code: u64, value: u8) {
        let mut shard = self.shard(code).lock().unwrap_or_else(|e| e.into_inner());
        if shard.len() < self.per_shard {
            shard.insert(code, value);
        }
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).len())
            .sum()
    }

    /// Whether the table holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The search over one graph.
struct Race<'a> {
    /// Out-adjacency `(neighbour, edge)` per vertex, in the order of `Graph::out_adjacency`.
    adj: Vec<Vec<(u8, u8)>>,
    /// The incidences as bit masks (`race_bounds.rs`).
    masks: EdgeMasks,
    /// Whether the graph has no parallel edges (canonical codes need it; loops are vertex
    /// colours there).
    no_parallel: bool,
    /// The table shared by the games of a census, for canonical codes.
    shared: Option<&'a RaceCache>,
    /// All edges.
    all: u64,
    /// Automorphisms of a simple graph (vertex images), for the root symmetry.
    autos: Vec<Vec<u8>>,
    /// Traversal index of `from -> to` in a simple graph (`n * from + to`), `u16::MAX` if none.
    traversal_of: Vec<u16>,
    /// Every traversal `(from, edge, to)`, in the order of `Game::traversals`.
    traversals: Vec<(u8, u8, u8)>,
    budget: &'a Budget,
    nodes: u64,
    /// Game positions: key (component edges, mover | opponent << 8), value 1 = mover wins.
    games: Memo,
    /// Longest trails: key (component edges, vertex), value the length.
    trails: Memo,
    /// Hits in and entries written to the shared table.
    shared_hits: u64,
    shared_stored: u64,
    /// First history slot of each vertex's moves (`slot[a] + i` for its `i`-th adjacency).
    slot: Vec<usize>,
    /// The history heuristic: per move (vertex, adjacency index), the summed weights of the
    /// cutoffs it gave (see [`Race::wins`]).
    history: Vec<u64>,
}

impl<'a> Race<'a> {
    fn new(g: &Geography, budget: &'a Budget, shared: Option<&'a RaceCache>) -> Race<'a> {
        let (n, m) = (g.graph.n(), g.graph.m());
        let adj: Vec<Vec<(u8, u8)>> = g
            .graph
            .out_adjacency()
            .into_iter()
            .map(|l| l.into_iter().map(|(w, e)| (w as u8, e as u8)).collect())
            .collect();
        let mut traversals = Vec::with_capacity(2 * m);
        for (e, &(u, v)) in g.graph.edges.iter().enumerate() {
            traversals.push((u as u8, e as u8, v as u8));
            if u != v {
                traversals.push((v as u8, e as u8, u as u8));
            }
        }
        let all = if m == 64 { u64::MAX } else { bit(m) - 1 };
        let bytes = budget.max_memory.unwrap_or(TABLE_BYTES);
        let simple = is_simple(g);
        let no_parallel = has_no_parallel_edges(g);
        let mut race = Race {
            adj,
            masks: EdgeMasks::of(&g.graph),
            no_parallel,
            shared,
            all,
            autos: Vec::new(),
            traversal_of: Vec::new(),
            traversals,
            budget,
            nodes: 0,
            games: Memo::new(2, bytes / 4 * 3),
            trails: Memo::new(2, bytes / 4),
            shared_hits: 0,
            shared_stored: 0,
            slot: Vec::new(),
            history: Vec::new(),
        };
        let mut total = 0;
        for l in &race.adj {
            race.slot.push(total);
            total += l.len();
        }
        race.history = vec![0; total];
        if matches!(g.tokens, Tokens::Partizan { starts: None }) && simple {
            race.traversal_of = vec![u16::MAX; n * n];
            for (t, &(a, _, b)) in race.traversals.iter().enumerate() {
                race.traversal_of[n * a as usize + b as usize] = t as u16;
            }
            race.autos = automorphisms(g);
        }
        race
    }

    fn stats(&self, started: Instant) -> Stats {
        Stats {
            positions: self.games.stored + self.trails.stored + self.shared_stored,
            hits: self.games.hits + self.trails.hits + self.shared_hits,
            // The census's shared table counts whole: it is this search's table too.
            peak_table_bytes: self.games.peak_bytes
                + self.trails.peak_bytes
                + self.shared.map_or(0, RaceCache::bytes),
            ..Stats::since(started, self.nodes)
        }
    }

    #[inline]
    fn charge(&mut self) -> Result<(), BudgetExceeded> {
        self.nodes += 1;
        self.budget.charge(self.nodes)
    }

    /// The graph's incidences, for the bit-parallel helpers of `race_bounds.rs`.
    #[inline]
    fn edges(&self) -> Edges<'_> {
        self.masks.edges()
    }

    /// See [`Edges::component`].
    #[inline]
    fn component(&self, v: usize, free: u64) -> (u64, u64) {
        self.edges().component(v, free)
    }

    /// The length of a longest trail from `v` using edges of `free`, or `cap` if that is
    /// shorter: the search stops as soon as it has a trail of `cap` edges, since the race
    /// only compares two lengths (see [`Race::wins`]).
    ///
    /// The table keeps exact lengths, and lower bounds (flagged [`AT_LEAST`]) where a search
    /// stopped at its cap below the Euler bound; a bound answers a later question only when it
    /// reaches that question's cap.
    fn longest(&mut self, v: usize, free: u64, cap: u32) -> Result<u32, BudgetExceeded> {
        if cap == 0 || self.edges().inc[v] & free == 0 {
            return Ok(0);
        }
        let (comp, verts) = self.component(v, free);
        let (comp, verts) = self.edges().prune_hanging(comp, verts, bit(v));
        let key = (self.code(comp, verts, v, None)).unwrap_or([comp, v as u64]);
        if let Some(stored) = self.lookup(&key, true) {
            let len = stored & !AT_LEAST;
            if stored & AT_LEAST == 0 || len >= cap {
                return Ok(len.min(cap));
            }
        }
        let bound = self.edges().trail_bound_from(comp, verts, v);
        let goal = bound.min(cap);
        // A quick trail that reaches the goal answers without search (exact at the Euler
        // bound, a lower bound at the cap).
        if self.edges().some_trail(v, comp, goal) >= goal {
            let stored = if goal >= bound { goal } else { goal | AT_LEAST };
            self.store(&key, stored, 1, true);
            return Ok(goal);
        }
        self.charge()?;
        let before = self.nodes;
        let mut best = 0;
        for i in 0..self.adj[v].len() {
            let (w, e) = self.adj[v][i];
            if comp & bit(e as usize) == 0 {
                continue;
            }
            best = best.max(1 + self.longest(w as usize, comp & !bit(e as usize), goal - 1)?);
            if best >= goal {
                break;
            }
        }
        // Below the goal every child answered exactly; at the Euler bound the length is
        // exact too; otherwise the search stopped at the cap.
        let exact = best < goal || best >= bound;
        let stored = if exact { best } else { best | AT_LEAST };
        self.store(&key, stored, self.nodes - before + 1, true);
        Ok(best.min(cap))
    }

    /// Whether the player to move, whose token is on `a`, wins against the token on `b` when
    /// the edges `free` are unused (both tokens placed).
    fn wins(&mut self, a: usize, b: usize, free: u64) -> Result<bool, BudgetExceeded> {
        if self.edges().inc[a] & free == 0 {
            return Ok(false);
        }
        let (comp, verts) = self.component(a, free);
        if verts & bit(b) == 0 {
            // The race split: the tokens can no longer meet.
            // The opponent's trail matters only up to the mover's Euler bound, and the
            // mover's only up to one edge more than the opponent's.
            let most = self.edges().trail_bound_from(comp, verts, a);
            let theirs = self.longest(b, free & !comp, most)?;
            if theirs >= most {
                return Ok(false);
            }
            return Ok(self.longest(a, comp, theirs + 1)? > theirs);
        }
        let (comp, verts) = self.edges().prune_hanging(comp, verts, bit(a) | bit(b));
        let key =
            (self.code(comp, verts, a, Some(b))).unwrap_or([comp, a as u64 | (b as u64) << 8]);
        if let Some(v) = self.lookup(&key, false) {
            return Ok(v == 1);
        }
        self.charge()?;
        let before = self.nodes;
        let from_b = self.edges().distances(b, comp);
        // The commitment bounds, and where they miss by one edge, the exact longest trail
        // they bound (memoised, and capped at the length that settles the comparison): on
        // 14-vertex Trail Trap games 1–3 % fewer nodes (docs/performance-history.md,
        // seventeenth session).
        let decided = match self.edges().committed_or_close(a, b, comp, &from_b) {
            Commit::Decided(win) => Some(win),
            Commit::MoverClose(mine, path) => {
                (self.longest(b, comp & !path, mine)? < mine).then_some(true)
            }
            Commit::OpponentClose(theirs, path) => {
                (self.longest(a, comp & !path, theirs + 1)? <= theirs).then_some(false)
            }
            Commit::Open => None,
        };
        if let Some(win) = decided {
            self.store(&key, u32::from(win), self.nodes - before + 1, false);
            return Ok(win);
        }
        // Moves towards the opponent first (walk distance): closing in takes the edges the
        // opponent's trails need; on 14-vertex Trail Trap games this expanded 2–3 times fewer
        // nodes than adjacency order (docs/performance-history.md, ninth session). Ties go
        // to the move with the larger history (below), then to adjacency order, so the
        // order is deterministic.
        let mut moves = [(0u8, 0u64, 0u8, 0u8, 0u8); 2 * MAX_EDGES];
        let mut count = 0;
        let base = self.slot[a];
        for (i, &(w, e)) in self.adj[a].iter().enumerate() {
            if comp & bit(e as usize) != 0 {
                let against = u64::MAX - self.history[base + i];
                moves[count] = (from_b[w as usize], against, i as u8, w, e);
                count += 1;
            }
        }
        moves[..count].sort_unstable_by_key(|m| (m.0, m.1, m.2));
        let mut win = false;
        for &(_, _, i, w, e) in &moves[..count] {
            if !self.wins(b, w as usize, comp & !bit(e as usize))? {
                win = true;
                // The history heuristic: a move that won here likely wins in the many
                // positions that differ from this one far from the tokens. A cutoff weighs
                // 2^(edges left), so cutoffs near the root (which decide large subtrees)
                // dominate: on `check`'s decided Trail Trap cases this expanded 15 % fewer
                // nodes, weights r² or 2^(r/2) 6 % and 11 % (docs/performance-history.md,
                // thirteenth session). Ordering never changes an answer, only the nodes spent.
                let slot = &mut self.history[base + i as usize];
                *slot = slot.saturating_add(1u64 << comp.count_ones().min(62));
                break;
            }
        }
        self.store(&key, u32::from(win), self.nodes - before + 1, false);
        Ok(win)
    }

    /// The canonical code (see `canon.rs`) of the component with edges `comp` and vertices
    /// `verts`, with `a` marked first and `b` second (a game position) or `a` alone (a
    /// longest-trail question, flagged by bit 63), as a memo key; `None` when the graph has
    /// parallel edges, the component has too many vertices, or a vertex more loops than a
    /// code holds.
    ///
    /// The loops of the component are vertex colours (`canon.rs`): a loop joins a vertex to
    /// itself, so a relabelling that maps edges to edges and loop counts to equal loop counts
    /// maps positions to positions with the same moves (a loop keeps the token in place), the
    /// same trails and the same value. Without loops the key is `[code, CANON]`, as before
    /// loops were coded, so a census's shared table keeps its entries' meaning.
    fn code(&self, comp: u64, verts: u64, a: usize, b: Option<usize>) -> Option<[u64; 2]> {
        if !self.no_parallel || verts.count_ones() as usize > MAX_CANON_VERTICES {
            return None;
        }
        // Local numbering: a, then b, then the others by global index.
        let mut local = [u8::MAX; MAX_VERTICES];
        let mut k = 0usize;
        let mut marks = 0usize;
        for x in [Some(a), b].into_iter().flatten() {
            if local[x] == u8::MAX {
                local[x] = k as u8;
                k += 1;
                marks += 1;
            }
        }
        let mut rest = verts;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if local[x] == u8::MAX {
                local[x] = k as u8;
                k += 1;
            }
        }
        let mut rows = [0u16; MAX_CANON_VERTICES];
        let mut loops = [0u8; MAX_CANON_VERTICES];
        let mut es = comp;
        while es != 0 {
            let e = es.trailing_zeros() as usize;
            es &= es - 1;
            let (u, v) = self.edges().edge_ends[e];
            let (i, j) = (local[u as usize] as usize, local[v as usize] as usize);
            if i == j {
                if loops[i] == MAX_CANON_LOOPS {
                    return None;
                }
                loops[i] += 1;
            } else {
                rows[i] |= 1 << j;
                rows[j] |= 1 << i;
            }
        }
        let (mut code, looped) =
            canonical_code_with_loops(&rows[..k], &loops[..k], marks, LEAF_CAP);
        match b {
            None => code |= 1 << 63,
            Some(b) if b == a => code |= 1 << 62,
            Some(_) => {}
        }
        Some([
            code,
            if looped == 0 {
                CANON
            } else {
                CANON_LOOPS | looped
            },
        ])
    }

    /// The stored value of `key` (a longest trail when `trail`), from the shared table for
    /// canonical keys when there is one.
    #[inline]
    fn lookup(&mut self, key: &[u64; 2], trail: bool) -> Option<u32> {
        if key[1] == CANON
            && let Some(shared) = self.shared
        {
            let found = shared.get(key[0]).map(u32::from);
            self.shared_hits += u64::from(found.is_some());
            return found;
        }
        if trail {
            self.trails.get(key)
        } else {
            self.games.get(key)
        }
    }

    /// Stores `value` for `key` (see [`Race::lookup`]); `work` is the nodes it cost.
    #[inline]
    fn store(&mut self, key: &[u64; 2], value: u32, work: u64, trail: bool) {
        if key[1] == CANON
            && let Some(shared) = self.shared
        {
            shared.insert(key[0], value as u8);
            self.shared_stored += 1;
        } else if trail {
            self.trails.insert(key, value, work);
        } else {
            self.games.insert(key, value, work);
        }
    }

    /// The unused edges of `st`.
    fn free(&self, st: &State) -> u64 {
        self.all & !st.bits.first().copied().unwrap_or(0)
    }

    /// Whether the player to move in `st` wins (any position of the game).
    fn mover_wins(&mut self, game: &Game, st: &State) -> Result<bool, BudgetExceeded> {
        let free = self.free(st);
        let (me, other) = (st.tok[st.turn as usize], st.tok[1 - st.turn as usize]);
        match (me == NONE, other == NONE) {
            (false, false) => self.wins(me as usize, other as usize, free),
            (true, true) => self.root_wins(game, st),
            (true, false) => {
                // Player II's first move: any unused edge, then player I moves from `other`.
                let mut replies: Vec<usize> = (0..self.traversals.len()).collect();
                self.near_first(&mut replies, other as usize, free);
                for t in replies {
                    let (_, e, to) = self.traversals[t];
                    let e = e as usize;
                    if free & bit(e) != 0
                        && !self.wins(other as usize, to as usize, free & !bit(e))?
                    {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            (false, true) => unreachable!("player I always places first"),
        }
    }

    /// Whether player I wins from the initial position `st` (rooted or unrooted).
    fn root_wins(&mut self, game: &Game, st: &State) -> Result<bool, BudgetExceeded> {
        if st.tok[0] != NONE {
            return self.mover_wins(game, st);
        }
        let free = self.free(st);
        let count = self.traversals.len();
        let firsts =
            orbit_representatives(count, (0..count).collect(), |t| self.images(t, |_| true));
        for t1 in firsts {
            let (x, e1, y) = self.traversals[t1];
            let after = free & !bit(e1 as usize);
            let fixes = |s: &[u8]| s[x as usize] == x && s[y as usize] == y;
            let replies: Vec<usize> = (0..count).filter(|&t| self.traversals[t].1 != e1).collect();
            let mut replies = orbit_representatives(count, replies, |t| self.images(t, fixes));
            self.near_first(&mut replies, y as usize, after);
            let mut refuted = false;
            for t2 in replies {
                let (_, e2, v) = self.traversals[t2];
                if !self.wins(y as usize, v as usize, after & !bit(e2 as usize))? {
                    refuted = true;
                    break;
                }
            }
            if !refuted {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Sorts player II's first moves (traversal indices) by the distance of their start from
    /// player I's token on `token` over the edges `free` (stable: ties keep their order).
    /// Answers next to player I's token refuted its first moves most often: this order
    /// expanded 30–45 % fewer nodes than the traversal order on 14-vertex Trail Trap games.
    fn near_first(&self, replies: &mut [usize], token: usize, free: u64) {
        let from = self.edges().distances(token, free);
        replies.sort_by_key(|&t| from[self.traversals[t].0 as usize]);
    }

    /// The images of traversal `t` under the automorphisms that satisfy `keep`.
    fn images(&self, t: usize, keep: impl Fn(&[u8]) -> bool) -> Vec<usize> {
        if self.autos.is_empty() {
            return Vec::new();
        }
        let n = self.edges().inc.len();
        let (a, _, b) = self.traversals[t];
        self.autos
            .iter()
            .filter(|s| keep(s))
            .map(|s| {
                self.traversal_of[n * s[a as usize] as usize + s[b as usize] as usize] as usize
            })
            .collect()
    }

    /// A line of optimal play from `st`: the winner plays a winning move (the first in move
    /// order), the loser its first legal move.
    fn line(&mut self, game: &Game, st: &mut State) -> Result<Vec<Move>, BudgetExceeded> {
        let mut line = Vec::new();
        loop {
            let moves = game.moves(st);
            if moves.is_empty() {
                return Ok(line);
            }
            let mut pick = moves[0];
            if self.mover_wins(game, st)? {
                for &mv in &moves {
                    let undo = game.apply(st, mv);
                    let child = self.mover_wins(game, st)?;
                    game.undo(st, undo);
                    if !child {
                        pick = mv;
                        break;
                    }
                }
            }
            game.apply(st, pick);
            line.push(pick);
        }
    }
}

/// Whether no two edges join the same two distinct ends (loops, even several at one vertex,
/// are allowed: canonical codes count them as vertex colours).
fn has_no_parallel_edges(g: &Geography) -> bool {
    let mut seen = std::collections::HashSet::new();
    (g.graph.edges.iter()).all(|&(u, v)| u == v || seen.insert((u.min(v), u.max(v))))
}

/// Whether the graph has no loop and no parallel edge (the root symmetry needs a traversal
/// to be determined by its two ends).
fn is_simple(g: &Geography) -> bool {
    let mut seen = std::collections::HashSet::new();
    g.graph
        .edges
        .iter()
        .all(|&(u, v)| u != v && seen.insert((u.min(v), u.max(v))))
}

/// One representative (the smallest) of each orbit of the items `items` (indices below
/// `count`), where `images(t)` lists images of `t` under the chosen automorphisms.
fn orbit_representatives(
    count: usize,
    items: Vec<usize>,
    images: impl Fn(usize) -> Vec<usize>,
) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..count).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for &t in &items {
        for u in images(t) {
            let (a, b) = (find(&mut parent, t), find(&mut parent, u));
            if a != b {
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    let mut seen = vec![false; count];
    let mut reps = Vec::new();
    for &t in &items {
        let r = find(&mut parent, t);
        if !std::mem::replace(&mut seen[r], true) {
            reps.push(t);
        }
    }
    reps
}

/// Automorphisms of a simple graph (vertex images), by backtracking over vertices in
/// breadth-first order with degree and adjacency checks; at most [`MAX_AUTOMORPHISMS`], and
/// at most [`MAX_AUTOMORPHISM_STEPS`] steps (every one returned is an automorphism).
fn automorphisms(g: &Geography) -> Vec<Vec<u8>> {
    let n = g.graph.n();
    let mut rows = vec![0u64; n];
    for &(u, v) in &g.graph.edges {
        rows[u] |= bit(v);
        rows[v] |= bit(u);
    }
    let degree: Vec<u32> = rows.iter().map(|r| r.count_ones()).collect();
    // Breadth-first order from each unvisited vertex, so each vertex meets its mapped
    // neighbours early.
    let mut order = Vec::with_capacity(n);
    let mut placed = 0u64;
    for s in 0..n {
        if placed & bit(s) != 0 {
            continue;
        }
        placed |= bit(s);
        order.push(s);
        let mut i = order.len() - 1;
        while i < order.len() {
            let x = order[i];
            let mut nb = rows[x] & !placed;
            while nb != 0 {
                let y = nb.trailing_zeros() as usize;
                nb &= nb - 1;
                placed |= bit(y);
                order.push(y);
            }
            i += 1;
        }
    }
    struct Ctx<'r> {
        rows: &'r [u64],
        degree: &'r [u32],
        order: &'r [usize],
        image: Vec<u8>,
        used: u64,
        steps: usize,
        found: Vec<Vec<u8>>,
    }
    fn extend(c: &mut Ctx, depth: usize) {
        if c.found.len() >= MAX_AUTOMORPHISMS || c.steps >= MAX_AUTOMORPHISM_STEPS {
            return;
        }
        if depth == c.order.len() {
            c.found.push(c.image.clone());
            return;
        }
        let x = c.order[depth];
        for y in 0..c.order.len() {
            c.steps += 1;
            if c.used & bit(y) != 0 || c.degree[y] != c.degree[x] {
                continue;
            }
            let consistent = c.order[..depth].iter().all(|&p| {
                let q = c.image[p] as usize;
                (c.rows[x] >> p & 1) == (c.rows[y] >> q & 1)
            });
            if !consistent {
                continue;
            }
            c.image[x] = y as u8;
            c.used |= bit(y);
            extend(c, depth + 1);
            c.used &= !bit(y);
        }
    }
    let mut ctx = Ctx {
        rows: &rows,
        degree: &degree,
        order: &order,
        image: vec![0; n],
        used: 0,
        steps: 0,
        found: Vec::new(),
    };
    extend(&mut ctx, 0);
    ctx.found
}
