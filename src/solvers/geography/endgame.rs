//! Polynomial endgames inside the exhaustive search (issue #13 §1): a one-token position whose
//! reachable remainder is acyclic is decided by backward induction, without search or memo.
//!
//! The search already walks the remainder at every lookup to build the canonical key (the free
//! items the token can still reach, `exhaustive.rs`). [`Reach::run`] does that walk as a
//! depth-first search that also looks for a cycle and, when there is none, computes in
//! post-order whether the mover wins from each remainder vertex. The extra cost over the plain
//! walk is a colour per vertex; the gain is that every acyclic remainder (a DAG, a tree, a
//! chain of degree-2 vertices, whose value is the parity of its length) ends the search there.
//! Directed games dense enough take bit-parallel walks over successor rows instead, with the
//! same keys and values: [`Reach::run_bits`] (vertex rule; rows of one to four words take
//! [`Reach::run_bits_fixed`], whose sets stay in registers and whose acyclicity test peels
//! sinks over predecessor rows) and [`Reach::run_edge_bits`] (edge rule, live rows kept up to
//! date arc by arc, acyclicity by Kahn's in-degrees).
//!
//! # Which remainders qualify, and why the value is exact
//! The remainder is the set of free items (unvisited vertices under the vertex rule, unused
//! edges under the edge rule) leading into unlabelled vertices reachable from the token along
//! free items; moves into labelled vertices (`classify.rs`) are valued by their label, exactly
//! as the search values them (the history stays regular: unlabelled vertices, then one labelled
//! one).
//! - **Directed graphs.** The remainder qualifies when its move graph has no cycle (the token's
//!   vertex included: under the edge rule a free arc back into it is a cycle; under the vertex
//!   rule it is visited, so arcs into it are not moves). Then no line of play from here meets
//!   a vertex twice, so no move is ever blocked by an earlier move of the same line: the
//!   visited/used set is irrelevant and `win(v) = ∃ move v → x with x lost`, a sink being lost
//!   (normal play) or won (misère). Vertex and arc geography coincide there
//!   (Fraenkel–Simonson, TCS 110, 1993, §3, as in `dag.rs`).
//! - **Undirected graphs.** The remainder qualifies when it is a tree hanging from the token:
//!   every remainder edge except the one a vertex was discovered by leads to an undiscovered
//!   vertex (no second edge between two remainder vertices, no loop, no edge rule parallel
//!   pair). Then a line of play from the token follows the unique tree path away from it, and
//!   the way back is always closed (vertex rule: the previous vertex is visited; edge rule: the
//!   edge just used), so each vertex's moves are exactly its edges to its children plus moves
//!   into labelled vertices, and the same backward induction applies with the tree oriented away
//!   from the token.
//!
//! # Small cyclic remainders
//! Below the root of an exhaustive search, a directed vertex-rule position whose remainder
//! has a cycle but at most [`small_limit`] vertices (two thirds of the graph) is decided by a
//! plain negamax over the remainder's vertex bitset ([`Reach::small_value`]): no key, no
//! table, move ordering as in the search, at most [`SMALL_NODES_CAP`] positions (beyond that
//! the memoised search goes on as before). It is exact for the same reason the key is: every
//! unvisited unlabelled successor of a remainder vertex is in the remainder, so the remainder
//! minus the vertices of the line is the whole state, and moves into labelled vertices are
//! valued by their labels as the search values them. Such subtrees cost less to search again
//! than to store: on random directed games of 40 to 120 vertices the table traffic (probe,
//! insert, growth) was half of a node's time (docs/performance-history.md, "Sixth session:
//! cost per node").
//!
//! Directed edge-rule games of at most 256 arcs do the same over arc bitsets
//! ([`Reach::small_edge_value`]). Every other one-token game — undirected vertex and edge
//! games, and games whose vertices or edges do not fit four words — renames the remainder's
//! free items to local indices first when there are at most 256 of them ([`local_limit`]) and
//! searches it plainly on local rows (`endgame/local.rs`, [`Reach::local_cyclic`]).
//!
//! # Undirected remainders derived from the parent's
//! In an undirected one-token game the exhaustive search sets [`Reach::depth`], and a lookup
//! whose state is the position looked up one level up plus one move takes its remainder from
//! that position's instead of walking it (`endgame/incremental.rs`): the parent's remainder
//! minus the part the move cuts off, found by searches from both sides of the cut that stop
//! when they meet or the smaller side runs out. The list walk still runs at the root, when the
//! parent's frame does not match, and where it may decide the position (a small remainder for
//! the plain search, an edge-rule tree).
//!
//! # The matching endgame
//! A normal-play one-token position of *undirected vertex* geography is decided by one
//! maximum matching whatever its shape ([`MatchingEndgame`]): the player to move from `v`
//! wins iff every maximum matching of the remainder covers `v` (Fraenkel, Scheinerman and
//! Ullman, "Undirected edge geography", TCS 112, 1993, the UVG lemma, as `matching.rs` cites
//! it), where the remainder is the graph induced by `v` and the unvisited vertices. The
//! winning moves are exactly the moves to a neighbour `u` that some maximum matching of the
//! remainder without `v` misses (the position after the move is then lost by the same lemma),
//! so one Gallai–Edmonds decomposition of that graph (`blossom.rs`, its set D) gives the value
//! and the first winning move in `Game::moves` order. Misère play, directed graphs and the
//! edge rule have no such lemma and keep the other endgames.
//!
//! Anything else (a cycle, an unplaced token, two tokens, NimG) is left to the search. The
//! answer is encoded as the memo encodes it: 0 when the mover loses, `i + 1` when move `i` of
//! `Game::moves` wins (the first such move), 1 for the misère win without a move.

mod incremental;
mod local;

use super::classify::{Label, Labels};
use super::state::{Game, Kind, SUCC_BITS_MAX_N, State};
use crate::problems::geography::{Move, Rule};
use crate::solvers::{Budget, blossom};

/// Vertex colours of the depth-first search (low two bits) and the value of a finished vertex.
const WHITE: u8 = 0;
const GREY: u8 = 1;
const LOST: u8 = 2;
const WON: u8 = 3;

/// Scratch space of the remainder walk, reused across lookups (no allocation per node).
#[derive(Clone, Debug, Default)]
pub(crate) struct Reach {
    /// Colour of each vertex (`WHITE` unless touched in the current walk).
    colour: Vec<u8>,
    /// For each discovered vertex: the vertex and edge it was discovered by.
    parent: Vec<(u32, u32)>,
    /// Vertices discovered in this walk (reset to `WHITE` at the end).
    touched: Vec<u32>,
    /// The depth-first stack: vertex and the next index into [`Reach::arcs`] to look at.
    frames: Vec<(u32, u32)>,
    /// The arcs the walk follows, `(head, edge)`, those of vertex `v` at
    /// `first[v]..first[v + 1]` (built on the first walk, [`Reach::compile`]).
    arcs: Vec<(u32, u32)>,
    /// Start of each vertex's arcs in [`Reach::arcs`], and their end.
    first: Vec<u32>,
    /// Bit-parallel walk: each vertex's in-degree from the remainder (0 outside a walk).
    indegree: Vec<u32>,
    /// Bit-parallel walk: the remainder in Kahn's topological order.
    order: Vec<u32>,
    /// Bit-parallel walk: vertices where the mover loses (valued remainder vertices and
    /// vertices labelled lost).
    lost: Vec<u64>,
    /// Edge-rule bit walk ([`Reach::run_edge_bits`]): chosen on the first walk.
    edge_bits: bool,
    /// Edge-rule bit walk: each vertex's live successors (vertices `x` with a free arc
    /// `v → x`, labelled or not) as a bitset, row `v` at `v * n.div_ceil(64)`.
    live: Vec<u64>,
    /// Edge-rule bit walk: the used-arc bitset [`Reach::live`] reflects (updated by the
    /// difference with the state of each walk: between two lookups of a search only the
    /// few arcs played or taken back in between differ).
    live_used: Vec<u64>,
    /// Edge-rule bit walk: whether arc `e` has a parallel twin (same tail and head), so that
    /// its row bit is recomputed from all of them instead of set from `e` alone.
    twin: Vec<bool>,
    /// Edge-rule bit walk: each vertex's out-arcs into unlabelled vertices as `(word, mask)`
    /// over the arc indices, those of `v` at `word_first[v]..word_first[v + 1]`: the key of a
    /// reached vertex is a few word operations when its arcs are numbered together.
    word_masks: Vec<(u32, u64)>,
    /// Start of each vertex's masks in [`Reach::word_masks`], and their end.
    word_first: Vec<u32>,
    /// Edge-rule bit walk: the vertices reached in this walk.
    seen: Vec<u64>,
    /// Tests: never take the edge-rule bit walk (the list walk it must agree with).
    list_only: bool,
    /// Fixed-width bit walk ([`Reach::run_bits_fixed`]): each vertex's predecessors as a
    /// bitset (the transpose of [`Game::succ_bits`]), built on its first walk.
    pred: Vec<u64>,
    /// Positions visited by those plain searches (the exhaustive search adds them to its
    /// node count).
    pub small_nodes: u64,
    /// Nodes the search's budget still allows (`None`: no node limit, the default). The plain
    /// searches give up past it as past [`SMALL_NODES_CAP`]: a lookup they decide ends
    /// without a memo miss, so the budget is charged only at the next one, and without this
    /// a run of plain searches could overrun `--max-nodes` by thousands of nodes. Set by the
    /// exhaustive search before each lookup.
    pub small_left: Option<u64>,
    /// Whether the fixed-width walk may decide a small cyclic remainder by a plain search
    /// ([`Reach::small_value`]); off by default, set by the exhaustive search per lookup.
    pub small: bool,
    /// Directed edge rule: each vertex's out-arcs as a bitset over the arcs (row `v` at
    /// `v * m.div_ceil(64)`), and the arcs into vertices labelled lost and into any labelled
    /// vertex (the plain search of small remainders, [`Reach::small_edge_value`]).
    arc_masks: Vec<u64>,
    lost_arcs: Vec<u64>,
    labelled_arcs: Vec<u64>,
    /// The plain search of small cyclic remainders on local indices (`endgame/local.rs`):
    /// undirected games, and games too large for the fixed-width walks.
    local: local::Local,
    /// Undirected games: remainders derived from the parent's (`endgame/incremental.rs`).
    incremental: incremental::Incremental,
    /// The search depth of the lookup, set by the exhaustive search for each lookup: undirected
    /// games then derive remainders from the frame one level up; `None` (the default, and
    /// other callers) always walks the whole remainder.
    pub depth: Option<usize>,
    /// Tests: use every derived remainder as the key, small ones and trees included (the
    /// endgames of the list walk are then skipped there).
    derive_always: bool,
    /// Lookups decided here (statistics and tests).
    pub decided: u64,
}

/// The plain search of small remainders ([`Reach::small_value`], [`Reach::small_edge_value`]):
/// a negamax over bit sets of `W` words without keys or table. Its *items* are the remainder's
/// vertices under the vertex rule (`EDGE = false`) and its arcs under the edge rule (`EDGE =
/// true`); a move uses one item and takes the token to the item's vertex, or to the arc's head
/// (`heads`). `rows` holds each vertex's row of items it can move along (successor vertices,
/// or out-arcs); `lost` and `labelled` are the free items into vertices labelled lost, and
/// into any labelled vertex. One body serves both rules, monomorphised per rule and width.
struct Plain<'a, const W: usize, const EDGE: bool> {
    rows: &'a [u64],
    /// The edge rule's traversals (tail, arc, head), indexed by arc; empty for the vertex rule.
    heads: &'a [(usize, usize, usize)],
    lost: [u64; W],
    labelled: [u64; W],
    misere: bool,
    nodes: u64,
    /// Give up past this many positions ([`Reach::small_cap`]).
    cap: u64,
}

impl<const W: usize, const EDGE: bool> Plain<'_, W, EDGE> {
    /// Where a move along `item` takes the token.
    #[inline]
    fn dest(&self, item: usize) -> usize {
        if EDGE { self.heads[item].2 } else { item }
    }

    /// Whether the mover with the token on `v` wins when the remainder items `free` are still
    /// unused; `None` past its cap of positions.
    fn wins(&mut self, v: usize, free: &[u64; W]) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.cap {
            return None;
        }
        let row = &self.rows[v * W..v * W + W];
        let mut moves = [0u64; W];
        let mut labelled = false;
        for i in 0..W {
            if row[i] & self.lost[i] != 0 {
                return Some(true);
            }
            labelled |= row[i] & self.labelled[i] != 0;
            moves[i] = row[i] & free[i];
        }
        if !labelled && !any(&moves) {
            return Some(self.misere);
        }
        // Move ordering, as the memoised search does: a move that leaves the opponent stuck
        // decides at once (a win in normal play, a loss in misère play, not searched), the
        // others are searched fewest replies first.
        let mut order = [(0u32, 0u32); ORDERED_MOVES];
        let mut len = 0;
        let mut rest = moves;
        while let Some(item) = pop_lowest(&mut rest) {
            let x = self.dest(item);
            let row = &self.rows[x * W..x * W + W];
            let mut replies = 0;
            for i in 0..W {
                let open = free[i]
                    & if i == item / 64 {
                        !(1 << (item % 64))
                    } else {
                        !0
                    };
                replies += (row[i] & (open | self.labelled[i])).count_ones();
            }
            if replies == 0 {
                if self.misere {
                    continue;
                }
                return Some(true);
            }
            if len == ORDERED_MOVES {
                // Too many moves to order here: search them in item order.
                return self.first_lost(free, moves);
            }
            order[len] = (replies, item as u32);
            len += 1;
        }
        order[..len].sort_unstable();
        for &(_, item) in &order[..len] {
            let item = item as usize;
            let mut next = *free;
            next[item / 64] &= !(1 << (item % 64));
            if !self.wins(self.dest(item), &next)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Whether one of `moves` (remainder items, searched in item order) leaves the opponent
    /// lost.
    fn first_lost(&mut self, free: &[u64; W], mut moves: [u64; W]) -> Option<bool> {
        while let Some(item) = pop_lowest(&mut moves) {
            let mut next = *free;
            next[item / 64] &= !(1 << (item % 64));
            if !self.wins(self.dest(item), &next)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The value of the position with the token on `root` (visited items `visited`, free
    /// remainder items `free`), encoded as the memo encodes values: the number of the first
    /// winning move in `adj` order (`adj`: the root's (vertex, arc) moves, as
    /// `Game::adj`). `None` when the search gives up.
    fn root_value(
        &mut self,
        adj: &[(usize, usize)],
        visited: impl Fn(usize) -> bool,
        free: &[u64; W],
    ) -> Option<u32> {
        let mut count = 0u32;
        for &(x, e) in adj {
            let item = if EDGE { e } else { x };
            if visited(item) {
                continue;
            }
            count += 1;
            let (w, b) = (item / 64, 1u64 << (item % 64));
            let wins = if self.labelled[w] & b != 0 {
                self.lost[w] & b != 0
            } else {
                let mut next = *free;
                next[w] &= !b;
                !self.wins(x, &next)?
            };
            if wins {
                return Some(count);
            }
        }
        Some(u32::from(count == 0 && self.misere))
    }
}

/// Largest number of positions one plain search of a small remainder may visit before it
/// gives up (the memoised search then goes on, and its children try again with smaller
/// remainders): keeps a lookup's cost bounded whatever the remainder's shape. Measured with
/// [`small_limit`] (docs/performance-history.md, "Sixth session: cost per node"): 1,024 and
/// 16,384 were each slower on some of the six benchmark games, 4,096 never by more than the
/// noise.
const SMALL_NODES_CAP: u64 = 1 << 12;

/// Largest remainder, in vertices, that the fixed-width walk of an `n`-vertex game tries to
/// solve by a plain search ([`Reach::small_value`]): two thirds of the graph, at least 12.
/// Measured on random directed games of 40 to 120 vertices (docs/performance-history.md, "Sixth
/// session"): the best fixed limit grew with `n` (40 at 60 vertices, 64 or more at 100 and
/// 120); below it the memoised search stores positions whose subtrees cost less than their
/// table traffic, above it the capped plain searches mostly give up.
fn small_limit(n: usize) -> u32 {
    (2 * n / 3).max(12) as u32
}

/// Largest remainder, in free items, that the plain search on local indices
/// ([`Reach::local_cyclic`]) tries: under the vertex rule [`small_limit`] as for the
/// fixed-width walk, under the edge rule every remainder that fits four words (no limit, as
/// for [`Reach::small_edge_value`]).
fn local_limit(game: &Game) -> usize {
    match (game.rule, game.directed) {
        (Rule::Vertex, true) => small_limit(game.n) as usize,
        (Rule::Vertex, false) => (small_limit(game.n) as usize).min(UNDIRECTED_VERTEX_LIMIT),
        (_, true) => local::LOCAL_MAX_ITEMS,
        (_, false) => UNDIRECTED_EDGE_LIMIT,
    }
}

/// [`local_limit`] of undirected vertex games. Larger remainders lost on the papers' misère
/// UVG chain (`verify --via qbf-dvg,dvg-misere-uvg`: 128 free vertices made the search 9 times
/// slower than without, their gadgets being crossed in many ways that the table's canonical
/// keys merge); at 64 it costs the chain 0–10 % and wins 7× on random misère UVG games of 120
/// vertices (docs/performance-history.md, "Seventh session: undirected plain search").
const UNDIRECTED_VERTEX_LIMIT: usize = 64;

/// [`local_limit`] of undirected edge games: the fastest of 32, 64, 128 and 256 on a UEG chain
/// that finishes (docs/performance-history.md, "Seventh session: undirected plain search").
const UNDIRECTED_EDGE_LIMIT: usize = 128;

/// Most moves of one position that [`Plain::wins`] orders (beyond, item order).
const ORDERED_MOVES: usize = 16;

/// Whether any word of `a` is non-zero.
#[inline]
fn any<const W: usize>(a: &[u64; W]) -> bool {
    a.iter().any(|&w| w != 0)
}

/// Removes and returns the lowest vertex of the set `a`, if any.
#[inline]
fn pop_lowest<const W: usize>(a: &mut [u64; W]) -> Option<usize> {
    let i = a.iter().position(|&w| w != 0)?;
    let v = i * 64 + a[i].trailing_zeros() as usize;
    a[i] &= a[i] - 1;
    Some(v)
}

impl Reach {
    /// The most positions a plain search of this lookup may visit: [`SMALL_NODES_CAP`], or
    /// what the budget still allows when that is less ([`Reach::small_left`]).
    fn small_cap(&self) -> u64 {
        self.small_left
            .map_or(SMALL_NODES_CAP, |left| left.min(SMALL_NODES_CAP))
    }

    /// A walk that always follows the arc lists (tests compare it with the bit walks).
    #[cfg(test)]
    pub fn list_only() -> Reach {
        Reach {
            list_only: true,
            ..Reach::default()
        }
    }

    /// Lookups decided by the plain search on local indices (`endgame/local.rs`) so far.
    #[cfg(test)]
    pub fn local_decided(&self) -> u64 {
        self.local.decided
    }

    /// A walk that derives undirected remainders from the parent's (at the depth set in
    /// [`Reach::depth`] before each lookup) whenever it can, and uses the derived key even
    /// where the list walk could decide the position (tests compare the keys with the list
    /// walk's).
    #[cfg(test)]
    pub fn deriving() -> Reach {
        Reach {
            depth: Some(0),
            derive_always: true,
            ..Reach::default()
        }
    }

    /// Tests: see [`Reach::deriving`].
    #[cfg(test)]
    pub fn derive_always(&mut self) {
        self.derive_always = true;
    }

    /// Lookups whose remainder was derived from the parent's (`endgame/incremental.rs`) so
    /// far, and those whose derivation gave up past its cap.
    #[cfg(test)]
    pub fn incremental_counts(&self) -> (u64, u64) {
        (self.incremental.derived, self.incremental.capped)
    }

    /// The general bit walk [`Reach::run_bits`] whatever the row width (tests compare the
    /// fixed-width walks with it).
    #[cfg(test)]
    pub fn run_general_bits(
        &mut self,
        game: &Game,
        st: &State,
        labels: Option<&Labels>,
        key: &mut [u64],
        solve: bool,
    ) -> Option<u32> {
        self.run_bits(game, st, labels, key, solve)
    }

    /// Sets in `key` the bit of every free item of the remainder of `st` (one token, placed,
    /// vertex or edge rule) and returns the value of `st` when the remainder qualifies (module
    /// comment); with `solve == false` only the key is built.
    pub fn run(
        &mut self,
        game: &Game,
        st: &State,
        labels: Option<&Labels>,
        key: &mut [u64],
        solve: bool,
    ) -> Option<u32> {
        let vertex = game.rule == Rule::Vertex;
        let undirected = !game.directed;
        if !game.succ_bits.is_empty() {
            return match st.bits.len() {
                1 => self.run_bits_fixed::<1>(game, st, labels, key, solve),
                2 => self.run_bits_fixed::<2>(game, st, labels, key, solve),
                3 => self.run_bits_fixed::<3>(game, st, labels, key, solve),
                4 => self.run_bits_fixed::<4>(game, st, labels, key, solve),
                _ => self.run_bits(game, st, labels, key, solve),
            };
        }
        if self.colour.len() < game.n {
            self.colour.resize(game.n, WHITE);
            self.parent.resize(game.n, (u32::MAX, u32::MAX));
        }
        if self.first.is_empty() {
            self.compile(game, labels);
        }
        if self.edge_bits {
            return self.run_edge_bits(game, st, labels, key, solve);
        }
        let depth = self.depth.filter(|_| undirected);
        if let Some(depth) = depth {
            let arcs = incremental::Arcs {
                arcs: &self.arcs,
                first: &self.first,
            };
            if let Some(d) = self.incremental.derive(game.rule, &arcs, game.n, st, depth) {
                // The list walk still runs where it may decide the position: a remainder small
                // enough for the plain search, or (edge rule) a tree.
                let small = d.items as usize <= local_limit(game).min(local::LOCAL_MAX_ITEMS);
                let tree = !vertex && d.items + 1 == d.vertices;
                if !(solve && (small || tree)) || self.derive_always {
                    key.copy_from_slice(self.incremental.items(depth));
                    return None;
                }
            }
        }
        let free = |x: usize, e: usize| !st.bit(if vertex { x } else { e });
        let root = st.tok[0] as usize;
        let mut acyclic = solve;
        self.touched.clear();
        self.frames.clear();
        self.colour[root] = GREY;
        self.parent[root] = (u32::MAX, u32::MAX);
        self.touched.push(root as u32);
        self.frames.push((root as u32, self.first[root]));
        while let Some(&mut (v, ref mut next)) = self.frames.last_mut() {
            let v = v as usize;
            let end = self.first[v + 1];
            let (pv, pe) = self.parent[v];
            let mut child = None;
            while *next < end {
                let (x, e) = self.arcs[*next as usize];
                *next += 1;
                let (x, e) = (x as usize, e as usize);
                if !free(x, e) {
                    continue;
                }
                key[if vertex { x } else { e } / 64] |= 1 << (if vertex { x } else { e } % 64);
                if undirected && back_to_parent(vertex, x, e, pv, pe) {
                    continue;
                }
                match self.colour[x] {
                    WHITE => {
                        child = Some((x, e));
                        break;
                    }
                    GREY => acyclic = false,
                    _ if undirected => acyclic = false,
                    _ => {}
                }
            }
            if let Some((x, e)) = child {
                self.colour[x] = GREY;
                self.parent[x] = (v as u32, e as u32);
                self.touched.push(x as u32);
                self.frames.push((x as u32, self.first[x]));
                continue;
            }
            self.frames.pop();
            self.colour[v] = if acyclic && self.wins(game, st, labels, v) {
                WON
            } else {
                LOST
            };
        }
        let value = acyclic.then(|| self.root_value(game, st, labels, root));
        for &t in &self.touched {
            self.colour[t as usize] = WHITE;
        }
        if let Some(depth) = depth {
            self.incremental.record(depth, st, key, self.touched.len());
        }
        if value.is_none() && solve {
            let reached = self.touched.len();
            return self.local_cyclic(game, st, labels, reached, key);
        }
        self.decided += u64::from(value.is_some());
        value
    }

    /// The value of `st` whose remainder (the `reached` first vertices of [`Reach::touched`],
    /// the token's first, and the free items of `key`) has a cycle, by the plain search on
    /// local indices (`endgame/local.rs`), when [`Reach::small`] is on and the remainder is
    /// small enough ([`local_limit`]).
    fn local_cyclic(
        &mut self,
        game: &Game,
        st: &State,
        labels: Option<&Labels>,
        reached: usize,
        key: &[u64],
    ) -> Option<u32> {
        if !self.small {
            return None;
        }
        self.local.cap = self.small_cap();
        let items: u32 = key.iter().map(|w| w.count_ones()).sum();
        let touched = &self.touched[..reached];
        let value = self
            .local
            .value(game, st, labels, touched, items as usize, local_limit(game));
        self.small_nodes += std::mem::take(&mut self.local.nodes);
        self.decided += u64::from(value.is_some());
        value
    }

    /// [`Reach::run_bits`] for rows of exactly `W` words (graphs of at most `64 W` vertices),
    /// the sets held in registers; `key` must be zero on entry. The same key (the free
    /// unlabelled vertices reachable from the token) and the same values. The walk keeps the
    /// reached set and the set still to expand as bitsets, so a reached vertex costs `W`
    /// word operations and no queue. The acyclicity test peels sinks instead of counting
    /// in-degrees: a remainder vertex without a successor among the vertices still alive is
    /// removed and valued (its successors in the remainder are valued already), and only the
    /// predecessors of a removed vertex are looked at again (rows of [`Reach::pred`]). The
    /// remainder is acyclic exactly when every vertex is removed; when no vertex is a sink at
    /// all (the common case on graphs without sinks) the test ends after one pass.
    fn run_bits_fixed<const W: usize>(
        &mut self,
        game: &Game,
        st: &State,
        labels: Option<&Labels>,
        key: &mut [u64],
        solve: bool,
    ) -> Option<u32> {
        let succ = &game.succ_bits;
        let row = |v: usize| -> [u64; W] {
            let mut r = [0u64; W];
            r.copy_from_slice(&succ[v * W..v * W + W]);
            r
        };
        let mut avail = [0u64; W];
        for (i, a) in avail.iter_mut().enumerate() {
            *a = !st.bits[i] & labels.map_or(!0, |l| l.open_bits[i]);
        }
        let root = st.tok[0] as usize;
        let mut reach = [0u64; W];
        let mut todo = [0u64; W];
        let mut v = root;
        loop {
            let r = row(v);
            for i in 0..W {
                let new = r[i] & avail[i] & !reach[i];
                reach[i] |= new;
                todo[i] |= new;
            }
            match pop_lowest(&mut todo) {
                Some(next) => v = next,
                None => break,
            }
        }
        key[..W].copy_from_slice(&reach);
        if !solve {
            return None;
        }
        // The moves of a remainder vertex `x`: its unvisited successors but itself (a loop is
        // no move once the token is there).
        let moves = |x: usize| -> [u64; W] {
            let mut r = row(x);
            for (i, w) in r.iter_mut().enumerate() {
                *w &= !st.bits[i];
            }
            r[x / 64] &= !(1 << (x % 64));
            r
        };
        let mut alive = reach;
        let mut sinks = [0u64; W];
        let mut rest = reach;
        while let Some(x) = pop_lowest(&mut rest) {
            let m = moves(x);
            if !(0..W).any(|i| m[i] & alive[i] != 0) {
                sinks[x / 64] |= 1 << (x % 64);
            }
        }
        if !any(&sinks) && any(&reach) {
            return self.small_cyclic::<W>(game, st, labels, &reach);
        }
        if self.pred.len() != succ.len() {
            self.pred = vec![0; succ.len()];
            for u in 0..game.n {
                let mut r = row(u);
                while let Some(x) = pop_lowest(&mut r) {
                    self.pred[x * W + u / 64] |= 1 << (u % 64);
                }
            }
        }
        let mut lost = [0u64; W];
        if let Some(l) = labels {
            lost.copy_from_slice(&l.lost_bits[..W]);
        }
        let mut queued = sinks;
        while let Some(x) = pop_lowest(&mut sinks) {
            let (w, b) = (x / 64, 1u64 << (x % 64));
            alive[w] &= !b;
            let m = moves(x);
            let wins = (0..W).any(|i| m[i] & lost[i] != 0);
            if !(wins || (!any(&m) && game.misere)) {
                lost[w] |= b;
            }
            let mut preds = [0u64; W];
            for (i, p) in preds.iter_mut().enumerate() {
                *p = self.pred[x * W + i] & alive[i] & !queued[i];
            }
            while let Some(p) = pop_lowest(&mut preds) {
                let m = moves(p);
                if !(0..W).any(|i| m[i] & alive[i] != 0) {
                    sinks[p / 64] |= 1 << (p % 64);
                    queued[p / 64] |= 1 << (p % 64);
                }
            }
        }
        if any(&alive) {
            // A cycle: its vertices were never sinks.
            return self.small_cyclic::<W>(game, st, labels, &reach);
        }
        // The root: the first winning move in `Game::moves` order.
        let mut count = 0u32;
        let mut value = None;
        for &(x, _) in &game.adj[root] {
            if st.bit(x) {
                continue;
            }
            count += 1;
            if lost[x / 64] >> (x % 64) & 1 == 1 {
                value = Some(count);
                break;
            }
        }
        let value = value.unwrap_or(u32::from(count == 0 && game.misere));
        self.decided += 1;
        Some(value)
    }

    /// The value of `st` whose remainder `reach` has a cycle, when [`Reach::small`] is on and
    /// the remainder is at most [`small_limit`] vertices and its plain search finishes.
    fn small_cyclic<const W: usize>(
        &mut self,
        game: &Game,
        st: &State,
        labels: Option<&Labels>,
        reach: &[u64; W],
    ) -> Option<u32> {
        let size: u32 = reach.iter().map(|w| w.count_ones()).sum();
        if !self.small || size > small_limit(game.n) {
            return None;
        }
        let value = self.small_value::<W>(game, st, labels, reach)?;
        self.decided += 1;
        Some(value)
    }

    /// The value of `st` (token placed, directed vertex rule, rows of `W` words) whose
    /// remainder `reach` is small, by a plain negamax over the remainder's vertices without
    /// keys or table: a move into a vertex labelled lost wins, one labelled won loses, and a
    /// move into the remainder is searched (every unvisited unlabelled successor of a
    /// remainder vertex is in the remainder, so the remainder minus the line's vertices is
    /// the whole state). `None` when the search would visit more than [`SMALL_NODES_CAP`]
    /// positions. Encoded as the memo encodes values (the first winning move in
    /// `Game::moves` order).
    fn small_value<const W: usize>(
        &mut self,
        game: &Game,
        st: &State,
        labels: Option<&Labels>,
        reach: &[u64; W],
    ) -> Option<u32> {
        let mut plain = Plain::<W, false> {
            rows: &game.succ_bits,
            heads: &[],
            lost: [0; W],
            labelled: [0; W],
            misere: game.misere,
            nodes: 0,
            cap: self.small_cap(),
        };
        if let Some(l) = labels {
            for i in 0..W {
                plain.lost[i] = l.lost_bits[i] & !st.bits[i];
                plain.labelled[i] = !l.open_bits[i] & !st.bits[i];
            }
        }
        let value = plain.root_value(&game.adj[st.tok[0] as usize], |x| st.bit(x), reach);
        // A search that gave up still counts its positions against the budget.
        self.small_nodes += plain.nodes;
        value
    }

    /// [`Reach::run`] for a directed vertex-rule game with successor bitsets
    /// ([`Game::succ_bits`]); `key` must be zero on entry. The key is the set of free
    /// unlabelled vertices reachable from the token, found breadth-first a word of successors
    /// at a time. The acyclicity test is Kahn's: the same pass counts each remainder vertex's
    /// in-degree from the other remainder vertices (arcs from the token's vertex, into
    /// labelled or visited vertices, and loops are no remainder arcs), then sources are
    /// removed until none is left; the remainder is acyclic exactly when every vertex was
    /// removed, and the removal order is topological, so valuing the vertices in reverse
    /// removal order finds every successor valued already. Linear in the remainder's arcs
    /// (times the words of a row), where repeated sink peeling was quadratic on long chains.
    fn run_bits(
        &mut self,
        game: &Game,
        st: &State,
        labels: Option<&Labels>,
        key: &mut [u64],
        solve: bool,
    ) -> Option<u32> {
        let words = st.bits.len();
        let row = |v: usize| &game.succ_bits[v * words..(v + 1) * words];
        let open = labels.map(|l| &l.open_bits[..]);
        if solve && self.indegree.len() < game.n {
            self.indegree.resize(game.n, 0);
        }
        let root = st.tok[0] as usize;
        // Breadth-first: `touched` is the queue and, afterwards, the discovery order.
        self.touched.clear();
        self.touched.push(root as u32);
        let mut head = 0;
        while let Some(&v) = self.touched.get(head) {
            head += 1;
            let v = v as usize;
            for (i, &succ) in row(v).iter().enumerate() {
                let inner = succ & !st.bits[i] & open.map_or(!0, |o| o[i]);
                let mut new = inner & !key[i];
                key[i] |= new;
                while new != 0 {
                    self.touched.push((i * 64) as u32 + new.trailing_zeros());
                    new &= new - 1;
                }
                if solve && head > 1 {
                    // A loop is no move: `v` is visited once the token is there.
                    let mut arcs = if i == v / 64 {
                        inner & !(1 << (v % 64))
                    } else {
                        inner
                    };
                    while arcs != 0 {
                        self.indegree[i * 64 + arcs.trailing_zeros() as usize] += 1;
                        arcs &= arcs - 1;
                    }
                }
            }
        }
        if !solve {
            return None;
        }
        // Kahn: `order` receives the remainder in a topological order.
        let (order, indegree) = (&mut self.order, &mut self.indegree);
        order.clear();
        order.extend(
            self.touched[1..]
                .iter()
                .copied()
                .filter(|&v| indegree[v as usize] == 0),
        );
        let mut head = 0;
        while let Some(&v) = order.get(head) {
            head += 1;
            let v = v as usize;
            for (i, (&succ, &k)) in row(v).iter().zip(key.iter()).enumerate() {
                let mut arcs = succ & k & if i == v / 64 { !(1 << (v % 64)) } else { !0 };
                while arcs != 0 {
                    let x = i * 64 + arcs.trailing_zeros() as usize;
                    arcs &= arcs - 1;
                    indegree[x] -= 1;
                    if indegree[x] == 0 {
                        order.push(x as u32);
                    }
                }
            }
        }
        if order.len() + 1 < self.touched.len() {
            // A cycle: its vertices kept a positive in-degree.
            for &v in &self.touched[1..] {
                indegree[v as usize] = 0;
            }
            let reached = self.touched.len();
            return self.local_cyclic(game, st, labels, reached, key);
        }
        self.lost.clear();
        match labels {
            Some(l) => self.lost.extend_from_slice(&l.lost_bits),
            None => self.lost.resize(words, 0),
        }
        let lost = &mut self.lost;
        let misere = game.misere;
        for &v in order.iter().rev() {
            let v = v as usize;
            let (w, b) = (v / 64, 1u64 << (v % 64));
            let mut moved = false;
            let mut wins = false;
            for (i, &s) in row(v).iter().enumerate() {
                let moves = s & !st.bits[i] & if i == w { !b } else { !0 };
                moved |= moves != 0;
                wins |= moves & lost[i] != 0;
            }
            if !(wins || (!moved && misere)) {
                lost[w] |= b;
            }
        }
        // The root: the first winning move in `Game::moves` order.
        let mut count = 0u32;
        let mut value = None;
        for &(x, _) in &game.adj[root] {
            if st.bit(x) || x == root {
                continue;
            }
            count += 1;
            if self.lost[x / 64] >> (x % 64) & 1 == 1 {
                value = Some(count);
                break;
            }
        }
        let value = value.unwrap_or(u32::from(count == 0 && misere));
        self.decided += 1;
        Some(value)
    }

    /// Builds [`Reach::arcs`]: the game's adjacency without what the walk never follows
    /// (arcs into labelled vertices, vertex-rule loops: the token's vertex is visited), packed
    /// into one array. The labels of a search never change, so this is done once per search.
    fn compile(&mut self, game: &Game, labels: Option<&Labels>) {
        let vertex = game.rule == Rule::Vertex;
        let open = |x: usize| labels.is_none_or(|l| l.of(x) == Label::Open);
        self.first.clear();
        self.arcs.clear();
        for (v, adj) in game.adj.iter().enumerate() {
            self.first.push(self.arcs.len() as u32);
            let kept = adj.iter().filter(|&&(x, _)| open(x) && !(vertex && x == v));
            self.arcs.extend(kept.map(|&(x, e)| (x as u32, e as u32)));
        }
        self.first.push(self.arcs.len() as u32);
        self.edge_bits = !self.list_only && edge_bits_pay(game);
        if self.edge_bits {
            self.compile_edge_bits(game, labels);
        }
        if self.edge_bits && game.m <= 4 * 64 {
            let words = game.m.div_ceil(64);
            self.arc_masks = vec![0; game.n * words];
            self.lost_arcs = vec![0; words];
            self.labelled_arcs = vec![0; words];
            for &(u, e, x) in &game.traversals {
                self.arc_masks[u * words + e / 64] |= 1 << (e % 64);
                match labels.map_or(Label::Open, |l| l.of(x)) {
                    Label::Open => {}
                    Label::Lost(_) => {
                        self.lost_arcs[e / 64] |= 1 << (e % 64);
                        self.labelled_arcs[e / 64] |= 1 << (e % 64);
                    }
                    Label::Won(_) => self.labelled_arcs[e / 64] |= 1 << (e % 64),
                }
            }
        }
    }

    /// [`Reach::small_cyclic`] for directed edge-rule games whose arc bitsets have one to
    /// four words (at most 256 arcs): the state of the plain search is the set of free
    /// remainder arcs (`key`).
    /// Games with more arcs take the plain search on local indices instead
    /// ([`Reach::local_cyclic`]; `reached`: the vertices of the remainder in
    /// [`Reach::touched`]).
    fn small_edge_cyclic(
        &mut self,
        game: &Game,
        st: &State,
        labels: Option<&Labels>,
        reached: usize,
        key: &[u64],
    ) -> Option<u32> {
        if !self.small {
            return None;
        }
        if self.arc_masks.is_empty() {
            return self.local_cyclic(game, st, labels, reached, key);
        }
        // No size limit here, only the cap: on three directed edge games
        // (docs/performance-history.md, "Sixth session: cost per node") a limit of a third or
        // two thirds of the arcs was slower on two.
        let value = match key.len() {
            1 => self.small_edge_value::<1>(game, st, key),
            2 => self.small_edge_value::<2>(game, st, key),
            3 => self.small_edge_value::<3>(game, st, key),
            4 => self.small_edge_value::<4>(game, st, key),
            _ => None,
        }?;
        self.decided += 1;
        Some(value)
    }

    /// The value of a directed edge-rule position by a plain negamax over its free remainder
    /// arcs `key` (`W` words), as [`Reach::small_value`] does for the vertex rule: a free arc
    /// into a vertex labelled lost wins, one into a vertex labelled won loses, and an arc into
    /// the remainder is searched. Exact because every free arc into an unlabelled vertex
    /// leaving a vertex the token can reach is in `key`. `None` past [`SMALL_NODES_CAP`].
    fn small_edge_value<const W: usize>(
        &mut self,
        game: &Game,
        st: &State,
        key: &[u64],
    ) -> Option<u32> {
        let mut plain = Plain::<W, true> {
            rows: &self.arc_masks,
            heads: &game.traversals,
            lost: [0; W],
            labelled: [0; W],
            misere: game.misere,
            nodes: 0,
            cap: self.small_cap(),
        };
        for i in 0..W {
            plain.lost[i] = self.lost_arcs[i] & !st.bits[i];
            plain.labelled[i] = self.labelled_arcs[i] & !st.bits[i];
        }
        let mut free = [0u64; W];
        free.copy_from_slice(&key[..W]);
        let value = plain.root_value(&game.adj[st.tok[0] as usize], |e| st.bit(e), &free);
        self.small_nodes += plain.nodes;
        value
    }

    /// The static tables of [`Reach::run_edge_bits`], and live rows for a state with no arc
    /// used (the first walk brings them up to date).
    fn compile_edge_bits(&mut self, game: &Game, labels: Option<&Labels>) {
        let words = game.n.div_ceil(64);
        let open = |x: usize| labels.is_none_or(|l| l.of(x) == Label::Open);
        self.live = vec![0; game.n * words];
        self.live_used = vec![0; game.m.div_ceil(64)];
        self.seen = vec![0; words];
        self.lost = vec![0; words];
        self.indegree.resize(game.n, 0);
        self.touched = vec![0; game.n];
        let mut pairs: Vec<(usize, usize, usize)> = Vec::with_capacity(game.m);
        for &(u, e, x) in &game.traversals {
            self.live[u * words + x / 64] |= 1 << (x % 64);
            pairs.push((u, x, e));
        }
        pairs.sort_unstable();
        self.twin = vec![false; game.m];
        for w in pairs.windows(2) {
            if (w[0].0, w[0].1) == (w[1].0, w[1].1) {
                self.twin[w[0].2] = true;
                self.twin[w[1].2] = true;
            }
        }
        self.word_first.clear();
        self.word_masks.clear();
        for adj in &game.adj {
            self.word_first.push(self.word_masks.len() as u32);
            let start = self.word_masks.len();
            for &(_, e) in adj.iter().filter(|&&(x, _)| open(x)) {
                let (w, b) = ((e / 64) as u32, 1u64 << (e % 64));
                match self.word_masks[start..].iter_mut().find(|(ww, _)| *ww == w) {
                    Some((_, mask)) => *mask |= b,
                    None => self.word_masks.push((w, b)),
                }
            }
        }
        self.word_first.push(self.word_masks.len() as u32);
    }

    /// Brings [`Reach::live`] up to the used arcs of `st`: every arc whose used bit differs
    /// from [`Reach::live_used`] sets or clears its row bit (from all its twins when it has
    /// parallel ones).
    fn sync_live(&mut self, game: &Game, st: &State) {
        let words = game.n.div_ceil(64);
        for w in 0..st.bits.len() {
            let mut diff = self.live_used[w] ^ st.bits[w];
            if diff == 0 {
                continue;
            }
            self.live_used[w] = st.bits[w];
            while diff != 0 {
                let e = w * 64 + diff.trailing_zeros() as usize;
                diff &= diff - 1;
                let (u, _, x) = game.traversals[e];
                let free = if self.twin[e] {
                    game.adj[u].iter().any(|&(y, f)| y == x && !st.bit(f))
                } else {
                    !st.bit(e)
                };
                let cell = &mut self.live[u * words + x / 64];
                if free {
                    *cell |= 1 << (x % 64);
                } else {
                    *cell &= !(1 << (x % 64));
                }
            }
        }
    }

    /// [`Reach::run`] for directed edge-rule games dense enough ([`edge_bits_pay`]); `key`
    /// must be zero on entry. The same key as the list walk: the free arcs into unlabelled
    /// vertices from the vertices the token reaches along such arcs (its own included). The
    /// vertices are found breadth-first over live successor rows (kept up to date by
    /// [`Reach::sync_live`], about one arc per lookup), the key from each reached vertex's
    /// arc masks, and the acyclicity test is Kahn's over the same rows, the token's vertex
    /// included (a free arc back into it, or a loop, is a cycle); the vertices are then
    /// valued in reverse removal order, as in [`Reach::run_bits`].
    fn run_edge_bits(
        &mut self,
        game: &Game,
        st: &State,
        labels: Option<&Labels>,
        key: &mut [u64],
        solve: bool,
    ) -> Option<u32> {
        self.sync_live(game, st);
        let words = game.n.div_ceil(64);
        let live = &self.live;
        let row = |v: usize| &live[v * words..(v + 1) * words];
        let open = labels.map(|l| &l.open_bits[..]);
        let root = st.tok[0] as usize;
        let seen = &mut self.seen;
        seen.iter_mut().for_each(|w| *w = 0);
        seen[root / 64] |= 1 << (root % 64);
        // `touched` has room for every vertex (each enters once): written by index, so the
        // loop never checks for growth.
        let touched = &mut self.touched[..];
        touched[0] = root as u32;
        let mut len = 1;
        let (rw, rb) = (root / 64, 1u64 << (root % 64));
        let mut back_to_root = false;
        let mut head = 0;
        while head < len {
            let v = touched[head];
            head += 1;
            let v = v as usize;
            let masks = self.word_first[v] as usize..self.word_first[v + 1] as usize;
            for &(w, mask) in &self.word_masks[masks] {
                key[w as usize] |= mask & !st.bits[w as usize];
            }
            let row = row(v);
            back_to_root |= row[rw] & rb != 0;
            for (i, &succ) in row.iter().enumerate() {
                let mut new = succ & open.map_or(!0, |o| o[i]) & !seen[i];
                seen[i] |= new;
                while new != 0 {
                    touched[len] = (i * 64) as u32 + new.trailing_zeros();
                    len += 1;
                    new &= new - 1;
                }
            }
        }
        let touched = &touched[..len];
        // Every remainder vertex is reached from the token's vertex, so a free arc back into
        // it closes a cycle: the common case, decided before any in-degree is counted.
        if !solve {
            return None;
        }
        if back_to_root {
            return self.small_edge_cyclic(game, st, labels, len, key);
        }
        let indegree = &mut self.indegree;
        for &v in touched.iter() {
            for (i, (&succ, &s)) in row(v as usize).iter().zip(seen.iter()).enumerate() {
                let mut arcs = succ & s;
                while arcs != 0 {
                    indegree[i * 64 + arcs.trailing_zeros() as usize] += 1;
                    arcs &= arcs - 1;
                }
            }
        }
        let order = &mut self.order;
        order.clear();
        order.extend(
            touched
                .iter()
                .copied()
                .filter(|&v| indegree[v as usize] == 0),
        );
        let mut head = 0;
        while let Some(&v) = order.get(head) {
            head += 1;
            for (i, (&succ, &s)) in row(v as usize).iter().zip(seen.iter()).enumerate() {
                let mut arcs = succ & s;
                while arcs != 0 {
                    let x = i * 64 + arcs.trailing_zeros() as usize;
                    arcs &= arcs - 1;
                    indegree[x] -= 1;
                    if indegree[x] == 0 {
                        order.push(x as u32);
                    }
                }
            }
        }
        if order.len() < touched.len() {
            // A cycle: its vertices kept a positive in-degree.
            for &v in touched.iter() {
                indegree[v as usize] = 0;
            }
            return self.small_edge_cyclic(game, st, labels, len, key);
        }
        let lost = &mut self.lost;
        match labels {
            Some(l) => lost.copy_from_slice(&l.lost_bits),
            None => lost.iter_mut().for_each(|w| *w = 0),
        }
        let misere = game.misere;
        for &v in order.iter().rev() {
            let v = v as usize;
            let mut moved = false;
            let mut wins = false;
            for (&s, &l) in row(v).iter().zip(lost.iter()) {
                moved |= s != 0;
                wins |= s & l != 0;
            }
            if !(wins || (!moved && misere)) {
                lost[v / 64] |= 1 << (v % 64);
            }
        }
        // The root: the first winning move in `Game::moves` order.
        let mut count = 0u32;
        let mut value = None;
        for &(x, e) in &game.adj[root] {
            if st.bit(e) {
                continue;
            }
            count += 1;
            if lost[x / 64] >> (x % 64) & 1 == 1 {
                value = Some(count);
                break;
            }
        }
        let value = value.unwrap_or(u32::from(count == 0 && misere));
        self.decided += 1;
        Some(value)
    }

    /// Whether the mover at the finished vertex `v` wins, all its remainder children finished.
    fn wins(&self, game: &Game, st: &State, labels: Option<&Labels>, v: usize) -> bool {
        let mut moved = false;
        for (x, _) in self.moves_from(game, st, v) {
            moved = true;
            if self.loses_there(labels, x) {
                return true;
            }
        }
        !moved && game.misere
    }

    /// The memo-style value of the root: the first winning move in `Game::moves` order.
    fn root_value(&self, game: &Game, st: &State, labels: Option<&Labels>, root: usize) -> u32 {
        let mut count = 0u32;
        for (x, _) in self.moves_from(game, st, root) {
            count += 1;
            if self.loses_there(labels, x) {
                return count;
            }
        }
        u32::from(count == 0 && game.misere)
    }

    /// Whether the player moving into `x` leaves the opponent lost there.
    #[inline]
    fn loses_there(&self, labels: Option<&Labels>, x: usize) -> bool {
        match labels.map_or(Label::Open, |l| l.of(x)) {
            Label::Open => self.colour[x] == LOST,
            Label::Lost(_) => true,
            Label::Won(_) => false,
        }
    }

    /// The legal moves of a token on remainder vertex `v` in any line of play that reaches it
    /// from the root, in `Game::moves` order: free items, minus (undirected) the way back.
    fn moves_from<'g>(
        &self,
        game: &'g Game,
        st: &'g State,
        v: usize,
    ) -> impl Iterator<Item = (usize, usize)> + 'g {
        let vertex = game.rule == Rule::Vertex;
        let undirected = !game.directed;
        let (pv, pe) = self.parent[v];
        game.adj[v].iter().copied().filter(move |&(x, e)| {
            let taken = st.bit(if vertex { x } else { e });
            let vertex_loop = vertex && x == v;
            let back = undirected && back_to_parent(vertex, x, e, pv, pe);
            !(taken || vertex_loop || back)
        })
    }
}

/// Whether a directed edge-rule game takes the bit walk ([`Reach::run_edge_bits`]): at most
/// [`SUCC_BITS_MAX_N`] vertices and no more words per successor row than arcs per vertex on
/// average (the rule [`Game::succ_bits`] follows for the vertex rule: a row costs the walk
/// its words, a list its arcs).
fn edge_bits_pay(game: &Game) -> bool {
    let words = game.n.div_ceil(64);
    let dense = words <= (game.m / game.n.max(1)).max(1);
    game.rule == Rule::Edge && game.directed && game.n <= SUCC_BITS_MAX_N && dense
}

/// Whether the move `v → x` along edge `e` goes back the way `v` was discovered (parent vertex
/// `pv`, edge `pe`), which no line of play can take: the parent is visited (vertex rule), the
/// edge used (edge rule).
#[inline]
fn back_to_parent(vertex: bool, x: usize, e: usize, pv: u32, pe: u32) -> bool {
    if vertex {
        x as u32 == pv
    } else {
        e as u32 == pe
    }
}

/// The matching endgame of normal-play undirected vertex geography (module comment).
#[derive(Clone, Debug)]
pub(crate) struct MatchingEndgame {
    /// The game's graph (loops dropped: a vertex-rule loop is never a move).
    graph: blossom::Graph,
    /// Scratch: the unvisited vertices (the remainder without the token's vertex, and the
    /// parts the token can no longer reach, which do not change D within its component).
    alive: Vec<bool>,
    /// Lookups decided here (statistics and tests).
    pub decided: u64,
}

impl MatchingEndgame {
    /// The endgame for `game`, when its positions qualify: one token, undirected, vertex
    /// rule, normal play.
    pub fn new(game: &Game) -> Option<MatchingEndgame> {
        let applies =
            game.kind == Kind::One && game.rule == Rule::Vertex && !game.directed && !game.misere;
        if !applies {
            return None;
        }
        let mut edges = Vec::new();
        for (v, adj) in game.adj.iter().enumerate() {
            edges.extend(adj.iter().filter(|&&(x, _)| v < x).map(|&(x, _)| (v, x)));
        }
        Some(MatchingEndgame {
            graph: blossom::Graph::from_edges(game.n, &edges),
            alive: vec![false; game.n],
            decided: 0,
        })
    }

    /// The memo-style value of `st` (token placed): 0 when the mover loses, `i + 1` when move
    /// `i` of `moves` (the moves of `st` in `Game::moves` order) is the first winning move.
    /// `None` when `budget` runs out inside the matching (the search then runs out as well).
    pub fn value(&mut self, st: &State, moves: &[Move], budget: &Budget) -> Option<u32> {
        for (v, alive) in self.alive.iter_mut().enumerate() {
            *alive = !st.bit(v);
        }
        let dec = blossom::decompose(&self.graph, &self.alive, budget).ok()?;
        let by = moves.iter().position(|mv| match *mv {
            Move::Step { to, .. } => dec.deficient[to],
            _ => false,
        });
        self.decided += 1;
        Some(by.map_or(0, |i| i as u32 + 1))
    }
}
