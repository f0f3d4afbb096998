//! The census search: one-token undirected vertex and edge geography (UVG, UEG; rooted or
//! unrooted; normal or misère) on graphs of at most [`CENSUS_MAX_VERTICES`] vertices, with a
//! table of position values shared by every line of a `solve --batch` run.
//!
//! # Why
//! A census (`geng -cq 9 | georeduce solve --batch - --game ueg`) solves hundreds of thousands
//! of small graphs, and the positions of their games repeat across graphs: after a few moves,
//! the unused part of one graph is often isomorphic to the unused part of another. The
//! exhaustive search keeps a table per game, so every graph pays for its positions again.
//! Here positions are stored under *canonical codes* of their live remainder (`canon.rs`), in
//! one table shared by the whole batch (threads included), as the race search does for Trail
//! Trap (`race.rs`, [`RaceCache`](super::RaceCache)).
//!
//! # Positions and keys
//! - Edge rule: the token's vertex `v` and the unused edges. Only the edges reachable from `v`
//!   along unused edges can still be used, so the position is the connected graph `C` of those
//!   edges with `v` marked.
//! - Vertex rule: the token's (visited) vertex `v` and the unvisited vertices. Only the
//!   unvisited vertices reachable from `v` through unvisited vertices can still be entered, so
//!   the position is the graph induced on `v` and those vertices, with `v` marked (loops never
//!   matter: a loop leads into a visited vertex).
//!
//! Two positions of the same game (rule, convention) whose marked graphs are isomorphic have
//! the same value. The shared key is `[code, meta]`: the adjacency code and loop word of
//! [`canonical_code_with_loops`] with `v` as the one mark, and in `meta` the vertex count, the
//! rule and the convention. **Exact**: `canon.rs` returns the adjacency matrix of the marked
//! graph under one relabelling that keeps the mark (canonicity only decides how often the
//! table is hit), so equal keys mean isomorphic positions of the same game, never a hash
//! alone. A per-line table keyed by the exact `(v, remainder)` bits answers repeats within one
//! graph without computing a code.
//!
//! The unrooted game's first move places the token (vertex rule: visiting the vertex; edge
//! rule: using nothing) and the opponent moves next, so player I wins iff some placement is
//! lost for the mover; placements related by an automorphism have equal codes, so each orbit
//! is searched once (the root symmetry comes from the table).
//!
//! # Memory and budgets
//! [`CensusTable`] holds at most about the bytes it is given: 64 locked shards, each evicting
//! the cheaper half of its entries (by the search nodes their subtrees cost, as the exhaustive
//! search's memo does, `memo.rs`) when full, never the whole shard. The per-line table stops
//! taking entries at its share of the memory budget. `solve --batch` uses this search only
//! without `--max-nodes`: with a node budget per line, a line's answer must not depend on
//! which lines ran before, so each line is then solved alone (as `solve` would).

use super::canon::{MAX_CANON_LOOPS, MAX_CANON_VERTICES, canonical_code_with_loops};
use crate::problems::geography::{Convention, Geography, Rule, Tokens};
use crate::solvers::{Budget, BudgetExceeded, SolveError, Stats, Winner};
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

/// Most vertices of a graph the census search takes (the limit of `canon.rs`'s codes).
pub const CENSUS_MAX_VERTICES: usize = MAX_CANON_VERTICES;

/// Leaves of the canonical labelling search before it settles for the smallest code seen (the
/// code stays exact, see `canon.rs`); as the race search's.
const LEAF_CAP: usize = 2_000;

/// Remainders of at most this many items (edges, or vertices besides the token's) are searched
/// without any table: computing a code costs more than searching them.
const SMALL: u32 = 4;

/// What [`Census::known`] found: a stored value, or nothing, with the position's shared code
/// when a shared table is in use (so that [`Census::remember`] need not compute it again).
enum Known {
    /// The value stored for the position.
    Value(bool),
    /// Not stored; the canonical code under which to store it, if there is a shared table.
    Unknown(Option<[u64; 2]>),
}

/// Shards of [`CensusTable`], each behind its own lock.
const SHARDS: usize = 64;

/// Most entries a hash map of `pair`-byte entries may hold so that it stays within `bytes`
/// (at least `floor`): hashbrown keeps a power-of-two number of buckets of one entry and one
/// control byte each, at most 7/8 full, and while growing holds the old buckets (half as
/// many) beside the new ones. So: the largest bucket count `b` with 1.5 · b · (pair + 1) ≤
/// `bytes`, and the entries that fit in `b` buckets without growing.
fn entries_within(bytes: usize, pair: usize, floor: usize) -> usize {
    let most = bytes / (pair + 1) / 3 * 2;
    let fit = match most.checked_ilog2() {
        Some(log) if log >= 3 => (1usize << log) / 8 * 7,
        _ => 0,
    };
    fit.max(floor)
}

/// Bytes of a hashbrown map of `pair`-byte entries that can hold `capacity` entries (its
/// buckets and control bytes).
fn map_bytes(capacity: usize, pair: usize) -> u64 {
    let buckets = if capacity < 8 {
        capacity + 1
    } else {
        capacity / 7 * 8
    };
    (buckets * (pair + 1)) as u64
}

/// Whether the census search applies to `g`: one token on an undirected graph of at most
/// [`CENSUS_MAX_VERTICES`] vertices, vertex or edge rule, either convention; under the edge
/// rule at most 60 edges, no parallel edges and at most three loops per vertex (what a code
/// describes).
pub fn census_applies(g: &Geography) -> bool {
    let n = g.graph.n();
    if g.graph.directed
        || !matches!(g.tokens, Tokens::One { .. })
        || n == 0
        || n > CENSUS_MAX_VERTICES
        || g.validate().is_err()
    {
        return false;
    }
    match g.rule {
        Rule::Vertex => true,
        // Edge masks are one word, with the token's vertex in the top four bits of the per-line
        // key: at most 60 edges (a simple 11-vertex graph has at most 55).
        Rule::Edge if g.graph.m() > 60 => false,
        Rule::Edge => {
            let mut seen = [0u16; CENSUS_MAX_VERTICES];
            let mut loops = [0u8; CENSUS_MAX_VERTICES];
            for &(u, v) in &g.graph.edges {
                if u == v {
                    loops[u] += 1;
                    if loops[u] > MAX_CANON_LOOPS {
                        return false;
                    }
                } else if seen[u] >> v & 1 == 1 {
                    return false;
                } else {
                    seen[u] |= 1 << v;
                    seen[v] |= 1 << u;
                }
            }
            true
        }
        _ => false,
    }
}

/// One shard of [`CensusTable`]: canonical key → (the mover wins, subtree nodes).
type Shard = FxHashMap<[u64; 2], (bool, u32)>;

/// Bytes of one entry of a [`Shard`].
const SHARD_PAIR: usize = std::mem::size_of::<([u64; 2], (bool, u32))>();

/// Bytes of one entry of the per-line table.
const LOCAL_PAIR: usize = std::mem::size_of::<(u64, bool)>();

/// A table of census positions shared by the lines of a batch (and its threads): canonical
/// key → (the mover wins, the search nodes its subtree cost).
pub struct CensusTable {
    shards: Vec<Mutex<Shard>>,
    per_shard: usize,
    /// Largest entry capacity of each shard so far.
    peaks: Vec<AtomicU64>,
    /// The sum of `peaks` (hash maps never shrink their buckets: what the table holds).
    slots: AtomicU64,
    /// Entries evicted so far.
    evicted: AtomicU64,
}

impl CensusTable {
    /// A table of about `bytes` bytes at most (but at least 16 entries per shard).
    pub fn new(bytes: usize) -> CensusTable {
        CensusTable {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(FxHashMap::default()))
                .collect(),
            per_shard: entries_within(bytes / SHARDS, SHARD_PAIR, 16),
            peaks: (0..SHARDS).map(|_| AtomicU64::new(0)).collect(),
            slots: AtomicU64::new(0),
            evicted: AtomicU64::new(0),
        }
    }

    /// Bytes the table's buckets take now (never shrinks: also its peak).
    pub fn bytes(&self) -> u64 {
        map_bytes(self.slots.load(Ordering::Relaxed) as usize, SHARD_PAIR)
    }

    /// Entries evicted to make room so far.
    pub fn evicted(&self) -> u64 {
        self.evicted.load(Ordering::Relaxed)
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        (self.shards.iter())
            .map(|s| s.lock().unwrap_or_else(PoisonError::into_inner).len())
            .sum()
    }

    /// Whether the table holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn index(&self, key: &[u64; 2]) -> usize {
        let h = (key[0] ^ key[1].rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58;
        h as usize
    }

    fn shard(&self, key: &[u64; 2]) -> &Mutex<Shard> {
        &self.shards[self.index(key)]
    }

    fn get(&self, key: &[u64; 2]) -> Option<bool> {
        let shard = self
            .shard(key)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        shard.get(key).map(|&(wins, _)| wins)
    }

    fn insert(&self, key: [u64; 2], wins: bool, work: u64) {
        let mut shard = self
            .shard(&key)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if shard.len() >= self.per_shard && !shard.contains_key(&key) {
            // Full: drop the cheaper half (by subtree nodes), keep the costly entries.
            let mut works: Vec<(u32, [u64; 2])> =
                shard.iter().map(|(k, &(_, w))| (w, *k)).collect();
            let half = works.len() / 2;
            works.select_nth_unstable_by_key(half, |&(w, _)| w);
            for (_, k) in &works[..half] {
                shard.remove(k);
            }
            self.evicted.fetch_add(half as u64, Ordering::Relaxed);
        }
        shard.insert(key, (wins, u32::try_from(work).unwrap_or(u32::MAX)));
        // The shard's largest capacity so far (its buckets never shrink; `capacity` does
        // dip while removed entries leave tombstones). Updated under the shard's lock.
        let (cap, peak) = (shard.capacity() as u64, &self.peaks[self.index(&key)]);
        let old = peak.load(Ordering::Relaxed);
        if cap > old {
            peak.store(cap, Ordering::Relaxed);
            self.slots.fetch_add(cap - old, Ordering::Relaxed);
        }
    }
}

/// Solves `g` (where [`census_applies`]) by the census search, with `table` shared by the
/// games of a batch (`None`: a table of this game only, the tests' reference point). Returns
/// the winner and the statistics (`peak_table_bytes` counts the shared table whole, as the
/// race search's census does).
pub fn census_winner(
    g: &Geography,
    budget: &Budget,
    table: Option<&CensusTable>,
) -> Result<(Winner, Stats), SolveError> {
    if !census_applies(g) {
        return Err(SolveError::Unsupported(
            "the census search takes one-token undirected vertex or edge geography on at most \
             11 vertices (no parallel edges under the edge rule)"
                .into(),
        ));
    }
    let started = Instant::now();
    let mut census = Census::new(g, budget, table);
    let first_wins = census
        .root_wins()
        .map_err(|e| SolveError::Budget(e.with_stats(census.stats(started))))?;
    let winner = if first_wins {
        Winner::First
    } else {
        Winner::Second
    };
    Ok((winner, census.stats(started)))
}

/// The search over one game.
struct Census<'a> {
    n: usize,
    vertex: bool,
    misere: bool,
    start: Option<usize>,
    /// Edge rule: `(neighbour, edge)` per vertex, loops once.
    adj: Vec<Vec<(u8, u8)>>,
    /// Edge rule: the edges at each vertex, as a mask.
    inc: [u64; CENSUS_MAX_VERTICES],
    /// Edge rule: each edge's ends, as a vertex mask.
    ends: Vec<u16>,
    /// Edge rule: each edge's ends.
    edge_ends: Vec<(u8, u8)>,
    /// Vertex rule: the neighbours of each vertex, as a mask (no loops).
    nbr: [u16; CENSUS_MAX_VERTICES],
    budget: &'a Budget,
    shared: Option<&'a CensusTable>,
    /// This game's positions by exact key (remainder bits, token's vertex in the top bits).
    local: FxHashMap<u64, bool>,
    local_cap: usize,
    nodes: u64,
    hits: u64,
    stored: u64,
}

/// Bit `i`.
#[inline]
fn bit(i: usize) -> u64 {
    1 << i
}

/// The union of `masks[i]` over the members `i` of the bit set `set`: the edges at a set of
/// vertices, the ends of a set of edges, the neighbours of a set of vertices (one step of
/// the searches' breadth-first walks).
#[inline]
fn union_over<M: Copy + Default + std::ops::BitOr<Output = M>>(set: u64, masks: &[M]) -> M {
    let mut union = M::default();
    let mut rest = set;
    while rest != 0 {
        union = union | masks[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    union
}

impl<'a> Census<'a> {
    fn new(g: &Geography, budget: &'a Budget, shared: Option<&'a CensusTable>) -> Census<'a> {
        let n = g.graph.n();
        let mut adj = vec![Vec::new(); n];
        let mut inc = [0u64; CENSUS_MAX_VERTICES];
        let mut nbr = [0u16; CENSUS_MAX_VERTICES];
        let mut ends = Vec::new();
        let mut edge_ends = Vec::new();
        let vertex = g.rule == Rule::Vertex;
        for (e, &(u, v)) in g.graph.edges.iter().enumerate() {
            if u != v {
                nbr[u] |= 1 << v;
                nbr[v] |= 1 << u;
            }
            if !vertex {
                adj[u].push((v as u8, e as u8));
                if u != v {
                    adj[v].push((u as u8, e as u8));
                }
                inc[u] |= bit(e);
                inc[v] |= bit(e);
                ends.push((1u16 << u) | (1u16 << v));
                edge_ends.push((u as u8, v as u8));
            }
        }
        let memory = budget.max_memory.unwrap_or(super::MEMO_BYTES);
        Census {
            n,
            vertex,
            misere: g.convention == Convention::Misere,
            start: match g.tokens {
                Tokens::One { start } => start,
                _ => None,
            },
            adj,
            inc,
            ends,
            edge_ends,
            nbr,
            budget,
            shared,
            local: FxHashMap::default(),
            local_cap: entries_within(memory, LOCAL_PAIR, 16),
            nodes: 0,
            hits: 0,
            stored: 0,
        }
    }

    fn stats(&self, started: Instant) -> Stats {
        Stats {
            positions: self.stored,
            hits: self.hits,
            peak_table_bytes: map_bytes(self.local.capacity(), LOCAL_PAIR)
                + self.shared.map_or(0, CensusTable::bytes),
            ..Stats::since(started, self.nodes)
        }
    }

    /// Whether player I wins from the start.
    fn root_wins(&mut self) -> Result<bool, BudgetExceeded> {
        let all_vertices = ((1u32 << self.n) - 1) as u16;
        let all_edges = if self.edge_ends.len() == 64 {
            u64::MAX
        } else {
            bit(self.edge_ends.len()) - 1
        };
        let placed = |s: &mut Self, v: usize| {
            if s.vertex {
                s.wins_vertex(v, all_vertices & !(1 << v))
            } else {
                s.wins_edge(v, all_edges)
            }
        };
        match self.start {
            Some(s) => placed(self, s),
            None => {
                // Player I places the token; player II moves next.
                for v in 0..self.n {
                    if !placed(self, v)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
        }
    }

    /// Counts an expanded position against the budget.
    #[inline]
    fn charge(&mut self) -> Result<(), BudgetExceeded> {
        self.nodes += 1;
        self.budget.charge(self.nodes)
    }

    fn local_get(&mut self, key: u64) -> Option<bool> {
        let found = self.local.get(&key).copied();
        self.hits += u64::from(found.is_some());
        found
    }

    fn local_put(&mut self, key: u64, wins: bool) {
        if self.local.len() < self.local_cap {
            self.local.insert(key, wins);
            self.stored += 1;
        }
    }

    /// The shared table's value of `key`, if any.
    fn shared_get(&mut self, key: &[u64; 2]) -> Option<bool> {
        let found = self.shared?.get(key);
        self.hits += u64::from(found.is_some());
        found
    }

    /// What the tables know of a position (not one of the small ones, which are searched
    /// without a table): the line's own table first (exact keys, no code to compute), then the
    /// batch's shared table under the canonical code that `code` computes, only on a miss of
    /// the first. A shared hit is copied into the line's table.
    fn known(&mut self, local_key: u64, code: impl FnOnce(&Self) -> [u64; 2]) -> Known {
        if let Some(w) = self.local_get(local_key) {
            return Known::Value(w);
        }
        let code = self.shared.is_some().then(|| code(self));
        if let Some(code) = &code
            && let Some(w) = self.shared_get(code)
        {
            self.local_put(local_key, w);
            return Known::Value(w);
        }
        Known::Unknown(code)
    }

    /// Records a searched position in the line's table and, under its code, in the shared
    /// one, charged with the nodes its search took (`before`: the count when it began), which
    /// the shared table's eviction ranks by.
    fn remember(&mut self, local_key: u64, code: Option<[u64; 2]>, before: u64, wins: bool) {
        self.local_put(local_key, wins);
        if let (Some(code), Some(table)) = (code, self.shared) {
            table.insert(code, wins, self.nodes - before + 1);
        }
    }

    /// The meta word of a shared key: the code's loop word, the vertex count, rule, convention.
    fn meta(&self, looped: u64, k: usize) -> u64 {
        looped | (k as u64) << 32 | u64::from(self.vertex) << 40 | u64::from(self.misere) << 41
    }

    /// Edge rule: whether the mover, with the token on `v`, wins when `free` are the unused
    /// edges.
    fn wins_edge(&mut self, v: usize, free: u64) -> Result<bool, BudgetExceeded> {
        if self.inc[v] & free == 0 {
            return Ok(self.misere);
        }
        let (comp, verts) = self.edge_component(v, free);
        let small = comp.count_ones() <= SMALL;
        // At most 60 edges (`census_applies`): the token's vertex fits above them.
        let local_key = comp | (v as u64) << 60;
        let code = match small {
            true => None,
            false => match self.known(local_key, |s| s.edge_code(comp, verts, v)) {
                Known::Value(w) => return Ok(w),
                Known::Unknown(code) => code,
            },
        };
        self.charge()?;
        let before = self.nodes;
        // Children, fewest replies first; under normal play a move that leaves no reply wins,
        // under misère it loses (the opponent is stuck and wins), so it is never tried.
        let mut order: [(u8, u8, u8); 64] = [(0, 0, 0); 64];
        let mut count = 0;
        let mut wins = false;
        for i in 0..self.adj[v].len() {
            let (w, e) = self.adj[v][i];
            if comp & bit(e as usize) == 0 {
                continue;
            }
            let replies = (self.inc[w as usize] & comp & !bit(e as usize)).count_ones() as u8;
            if replies == 0 {
                if self.misere {
                    continue;
                }
                wins = true;
                break;
            }
            if count < order.len() {
                order[count] = (replies, w, e);
                count += 1;
            }
        }
        if !wins {
            order[..count].sort_unstable();
            for &(_, w, e) in &order[..count] {
                if !self.wins_edge(w as usize, comp & !bit(e as usize))? {
                    wins = true;
                    break;
                }
            }
        }
        if !small {
            self.remember(local_key, code, before, wins);
        }
        Ok(wins)
    }

    /// Edge rule: the unused edges reachable from `v` along unused edges, and their vertices.
    fn edge_component(&self, v: usize, free: u64) -> (u64, u16) {
        let mut verts = 1u16 << v;
        let mut frontier = verts;
        let mut comp = 0u64;
        while frontier != 0 {
            let new = union_over(u64::from(frontier), &self.inc) & free & !comp;
            comp |= new;
            let ends = union_over(new, &self.ends);
            frontier = ends & !verts;
            verts |= ends;
        }
        (comp, verts)
    }

    /// Edge rule: the shared key of the position (token on `v`, remainder `comp` on `verts`).
    fn edge_code(&self, comp: u64, verts: u16, v: usize) -> [u64; 2] {
        let (local, k) = local_numbering(verts, v);
        let mut rows = [0u16; CENSUS_MAX_VERTICES];
        let mut loops = [0u8; CENSUS_MAX_VERTICES];
        let mut es = comp;
        while es != 0 {
            let e = es.trailing_zeros() as usize;
            es &= es - 1;
            let (a, b) = self.edge_ends[e];
            let (i, j) = (local[a as usize] as usize, local[b as usize] as usize);
            if i == j {
                loops[i] += 1;
            } else {
                rows[i] |= 1 << j;
                rows[j] |= 1 << i;
            }
        }
        let (code, looped) = canonical_code_with_loops(&rows[..k], &loops[..k], 1, LEAF_CAP);
        [code, self.meta(looped, k)]
    }

    /// Vertex rule: whether the mover, with the token on the visited vertex `v`, wins when
    /// `unvisited` are the unvisited vertices.
    fn wins_vertex(&mut self, v: usize, unvisited: u16) -> Result<bool, BudgetExceeded> {
        let at = self.nbr[v] & unvisited;
        if at == 0 {
            return Ok(self.misere);
        }
        // The unvisited vertices reachable from `v` through unvisited vertices.
        let mut reach = at;
        let mut frontier = at;
        while frontier != 0 {
            let next = union_over(u64::from(frontier), &self.nbr);
            frontier = next & unvisited & !reach;
            reach |= frontier;
        }
        let small = reach.count_ones() <= SMALL;
        let local_key = u64::from(reach) | (v as u64) << 60;
        let code = match small {
            true => None,
            false => match self.known(local_key, |s| s.vertex_code(reach, v)) {
                Known::Value(w) => return Ok(w),
                Known::Unknown(code) => code,
            },
        };
        self.charge()?;
        let before = self.nodes;
        let mut order: [(u8, u8); CENSUS_MAX_VERTICES] = [(0, 0); CENSUS_MAX_VERTICES];
        let mut count = 0;
        let mut wins = false;
        let mut moves = at;
        while moves != 0 {
            let w = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let replies = (self.nbr[w] & reach & !(1 << w)).count_ones() as u8;
            if replies == 0 {
                if self.misere {
                    continue;
                }
                wins = true;
                break;
            }
            order[count] = (replies, w as u8);
            count += 1;
        }
        if !wins {
            order[..count].sort_unstable();
            for &(_, w) in &order[..count] {
                if !self.wins_vertex(w as usize, reach & !(1 << w))? {
                    wins = true;
                    break;
                }
            }
        }
        if !small {
            self.remember(local_key, code, before, wins);
        }
        Ok(wins)
    }

    /// Vertex rule: the shared key of the position (token on `v`, live vertices `reach`): the
    /// graph induced on `v` and `reach`, `v` marked.
    fn vertex_code(&self, reach: u16, v: usize) -> [u64; 2] {
        let verts = reach | 1 << v;
        let (local, k) = local_numbering(verts, v);
        let mut rows = [0u16; CENSUS_MAX_VERTICES];
        let mut rest = verts;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut ns = self.nbr[x] & verts;
            while ns != 0 {
                let y = ns.trailing_zeros() as usize;
                ns &= ns - 1;
                rows[local[x] as usize] |= 1 << local[y];
            }
        }
        let loops = [0u8; CENSUS_MAX_VERTICES];
        let (code, looped) = canonical_code_with_loops(&rows[..k], &loops[..k], 1, LEAF_CAP);
        [code, self.meta(looped, k)]
    }
}

/// Local numbers of the vertices `verts`: `v` first, the others by global index; and their
/// count.
fn local_numbering(verts: u16, v: usize) -> ([u8; CENSUS_MAX_VERTICES], usize) {
    let mut local = [u8::MAX; CENSUS_MAX_VERTICES];
    local[v] = 0;
    let mut k = 1;
    let mut rest = verts & !(1 << v);
    while rest != 0 {
        let x = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        local[x] = k as u8;
        k += 1;
    }
    (local, k)
}
