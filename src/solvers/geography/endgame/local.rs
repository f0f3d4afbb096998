//! The plain search of small cyclic remainders on local indices: every one-token vertex or
//! edge game, directed or undirected, of any size, whose *remainder* has at most
//! [`LOCAL_MAX_ITEMS`] free items (issue #13 §1, "Cost per node").
//!
//! The fixed-width walks of `endgame.rs` search small remainders plainly only where the whole
//! game fits their width (directed games of at most 256 vertices or arcs, rows of the game's
//! own indices). Here the remainder the list walk (or the general bit walks) found is renamed
//! first: its free items get local indices `0..k` (`k ≤ 256`) in discovery order, and each
//! remainder vertex gets a row of `k.div_ceil(64)` words over them, so that the search state is
//! again a bitset of one to four words whatever the size of the game and whatever its
//! direction:
//! - **vertex rule**: the items are the unvisited unlabelled vertices the token can reach;
//!   row `v` holds the remainder neighbours of `v` (out-neighbours when directed; loops are no
//!   moves, `v` is visited once the token is there). A move to `x` clears bit `x`: the way
//!   back to a visited vertex is closed by the bitset itself, undirected or not.
//! - **edge rule**: the items are the free edges (arcs) into unlabelled vertices leaving the
//!   vertices the token can reach; row `v` holds those at `v` (out-arcs when directed, both
//!   endpoints' rows when undirected, a loop once), and each item records the XOR of its two
//!   endpoints' local indices, so a move along item `e` from `v` goes to `ends[e] ^ v` (a
//!   directed arc is only in its tail's row, so this is its head; a loop stays at `v`).
//!
//! Free items into labelled vertices (`classify.rs`) are no state: the token never enters a
//! labelled vertex in a search (a move into one is valued by its label, as the memoised search
//! values it), so they stay free for the whole plain search. Each remainder vertex records how
//! many it has (for move ordering) and whether one leads into a vertex labelled lost (an
//! immediate win).
//!
//! Why the value is exact: it is the argument of the canonical key (`exhaustive.rs`,
//! `push_reachable`). Every future move of the position uses a free item leading into an
//! unlabelled vertex from a vertex the token can reach, i.e. an item of the remainder, or an
//! item into a labelled vertex, which is valued by its label; so the remainder minus the items
//! the line has used is the whole state of the game below the position, and the local rows
//! give exactly the moves of `Game::moves` (duplicated parallel moves aside, which change no
//! value). The answer is encoded as the memo encodes it: the first winning move in
//! `Game::moves` order of the position itself, read from the game's own adjacency.
//!
//! The plain search gives up past [`SMALL_NODES_CAP`](super::SMALL_NODES_CAP) positions, as the
//! fixed-width ones do; the memoised search then goes on.

use super::{ORDERED_MOVES, any, pop_lowest};
use crate::problems::geography::Rule;
use crate::solvers::geography::classify::{Label, Labels};
use crate::solvers::geography::state::{Game, State};

/// Most free items a remainder may have for the local plain search: four words.
pub(crate) const LOCAL_MAX_ITEMS: usize = 4 * 64;

/// Per remainder vertex: the number of its free items into labelled vertices, with this bit
/// set when one of them leads into a vertex labelled lost.
const INTO_LOST: u32 = 1 << 31;

/// Scratch of the local plain search, reused across lookups (no allocation per node once the
/// vectors have grown).
#[derive(Clone, Debug, Default)]
pub(crate) struct Local {
    /// The most positions the next plain search may visit (set by [`Reach`](super::Reach)
    /// before each call: the budget's remainder or `SMALL_NODES_CAP`; 0, the default, gives
    /// up at once, which is slow but never wrong).
    pub cap: u64,
    /// Global vertex → local vertex index + 1 (0: not a remainder vertex); reset after use.
    vertex_index: Vec<u32>,
    /// Edge rule: global edge → local item index + 1 (0: not a remainder item); reset after
    /// use.
    edge_index: Vec<u32>,
    /// Local vertex → global vertex.
    vertices: Vec<u32>,
    /// Edge rule: local item → global edge (to reset [`Local::edge_index`]).
    edges: Vec<u32>,
    /// Row of each local vertex, `W` words each (set up per lookup).
    rows: Vec<u64>,
    /// Edge rule: per local item, the XOR of its endpoints' local vertex indices.
    ends: Vec<u32>,
    /// Per local vertex: free items into labelled vertices, and [`INTO_LOST`].
    labelled: Vec<u32>,
    /// Positions visited by the plain searches (added to the search's nodes by the caller).
    pub nodes: u64,
    /// Lookups decided here (tests).
    pub decided: u64,
}

/// The plain search over local rows of `W` words (module comment).
struct Plain<'a, const W: usize> {
    rows: &'a [u64],
    /// Empty under the vertex rule (an item is its own target vertex).
    ends: &'a [u32],
    labelled: &'a [u32],
    misere: bool,
    nodes: u64,
    /// Give up past this many positions (at most [`SMALL_NODES_CAP`](super::SMALL_NODES_CAP); less when the budget
    /// allows less).
    cap: u64,
}

impl<const W: usize> Plain<'_, W> {
    /// The vertex a move along item `i` from `v` leads to.
    #[inline]
    fn target(&self, v: usize, i: usize) -> usize {
        if self.ends.is_empty() {
            i
        } else {
            self.ends[i] as usize ^ v
        }
    }

    /// Whether the mover with the token on local vertex `v` wins when the remainder items
    /// `free` are still free; `None` past its cap of positions.
    fn wins(&mut self, v: usize, free: &[u64; W]) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.cap {
            return None;
        }
        let labelled = self.labelled[v];
        if labelled & INTO_LOST != 0 {
            return Some(true);
        }
        let row = &self.rows[v * W..v * W + W];
        let mut moves = [0u64; W];
        for i in 0..W {
            moves[i] = row[i] & free[i];
        }
        if labelled == 0 && !any(&moves) {
            return Some(self.misere);
        }
        // Move ordering, as the memoised search does: a move that leaves the opponent stuck
        // decides at once (a win in normal play, a loss in misère play, not searched), the
        // others are searched fewest replies first.
        let mut order = [(0u32, 0u32); ORDERED_MOVES];
        let mut len = 0;
        let mut rest = moves;
        while let Some(i) = pop_lowest(&mut rest) {
            let x = self.target(v, i);
            let row = &self.rows[x * W..x * W + W];
            let mut replies = self.labelled[x];
            for w in 0..W {
                let open = free[w] & if w == i / 64 { !(1 << (i % 64)) } else { !0 };
                replies += (row[w] & open).count_ones();
            }
            if replies == 0 {
                if self.misere {
                    continue;
                }
                return Some(true);
            }
            if len == ORDERED_MOVES {
                // Too many moves to order here: search them in item order.
                return self.first_lost(v, free, moves);
            }
            order[len] = (replies, i as u32);
            len += 1;
        }
        order[..len].sort_unstable();
        for &(_, i) in &order[..len] {
            let i = i as usize;
            let mut next = *free;
            next[i / 64] &= !(1 << (i % 64));
            if !self.wins(self.target(v, i), &next)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Whether one of `moves` (items at `v`, searched in item order) leaves the opponent lost.
    fn first_lost(&mut self, v: usize, free: &[u64; W], mut moves: [u64; W]) -> Option<bool> {
        while let Some(i) = pop_lowest(&mut moves) {
            let mut next = *free;
            next[i / 64] &= !(1 << (i % 64));
            if !self.wins(self.target(v, i), &next)? {
                return Some(true);
            }
        }
        Some(false)
    }
}

impl Local {
    /// The memo-style value of `st` (one token, placed, vertex or edge rule) whose remainder
    /// has a cycle: `touched` are the vertices the token reaches (its own first, then every
    /// remainder vertex once) and `items` the number of remainder items (the bits of its
    /// canonical key). `None` when the remainder has more than `limit` items (at most
    /// [`LOCAL_MAX_ITEMS`]) or the plain search gives up.
    pub fn value(
        &mut self,
        game: &Game,
        st: &State,
        labels: Option<&Labels>,
        touched: &[u32],
        items: usize,
        limit: usize,
    ) -> Option<u32> {
        if items == 0 || items > limit.min(LOCAL_MAX_ITEMS) {
            return None;
        }
        match items.div_ceil(64) {
            1 => self.value_w::<1>(game, st, labels, touched),
            2 => self.value_w::<2>(game, st, labels, touched),
            3 => self.value_w::<3>(game, st, labels, touched),
            _ => self.value_w::<4>(game, st, labels, touched),
        }
    }

    /// [`Local::value`] with rows of `W` words.
    fn value_w<const W: usize>(
        &mut self,
        game: &Game,
        st: &State,
        labels: Option<&Labels>,
        touched: &[u32],
    ) -> Option<u32> {
        let vertex = game.rule == Rule::Vertex;
        if self.vertex_index.len() < game.n {
            self.vertex_index.resize(game.n, 0);
        }
        if !vertex && self.edge_index.len() < game.m {
            self.edge_index.resize(game.m, 0);
        }
        let label = |x: usize| labels.map_or(Label::Open, |l| l.of(x));
        // Local vertices: under the vertex rule the remainder vertices (the token's own is
        // visited and never entered again), under the edge rule every reached vertex.
        let root = touched[0] as usize;
        let local = if vertex { &touched[1..] } else { touched };
        self.vertices.clear();
        for (k, &v) in local.iter().enumerate() {
            self.vertex_index[v as usize] = k as u32 + 1;
            self.vertices.push(v);
        }
        let count = self.vertices.len();
        self.rows.clear();
        self.rows.resize(count * W, 0);
        self.labelled.clear();
        self.labelled.resize(count, 0);
        self.edges.clear();
        self.ends.clear();
        for k in 0..count {
            let v = self.vertices[k] as usize;
            let mut into_labelled = 0u32;
            for &(x, e) in &game.adj[v] {
                let item = if vertex { x } else { e };
                if st.bit(item) || (vertex && x == v) {
                    continue;
                }
                match label(x) {
                    Label::Open => {}
                    Label::Lost(_) => {
                        into_labelled += 1;
                        into_labelled |= INTO_LOST;
                        continue;
                    }
                    Label::Won(_) => {
                        into_labelled += 1;
                        continue;
                    }
                }
                let bit = if vertex {
                    // A free open neighbour of a reached vertex is reached.
                    self.vertex_index[x] as usize - 1
                } else {
                    let slot = &mut self.edge_index[e];
                    if *slot == 0 {
                        self.edges.push(e as u32);
                        *slot = self.edges.len() as u32;
                        let to = self.vertex_index[x] - 1;
                        self.ends.push(k as u32 ^ to);
                    }
                    *slot as usize - 1
                };
                self.rows[k * W + bit / 64] |= 1 << (bit % 64);
            }
            self.labelled[k] = into_labelled;
        }
        let items = if vertex { count } else { self.edges.len() };
        debug_assert!(items <= W * 64, "{items} items in {W} words");
        let mut all = [0u64; W];
        for (i, w) in all.iter_mut().enumerate() {
            let bits = items.saturating_sub(i * 64).min(64);
            *w = if bits == 64 { !0 } else { (1u64 << bits) - 1 };
        }
        let mut plain = Plain::<W> {
            rows: &self.rows,
            ends: if vertex { &[] } else { &self.ends },
            labelled: &self.labelled,
            misere: game.misere,
            nodes: 0,
            cap: self.cap,
        };
        // The position itself: the first winning move in `Game::moves` order.
        let mut moves = 0u32;
        let mut value = Some(None);
        for &(x, e) in &game.adj[root] {
            if st.bit(if vertex { x } else { e }) {
                continue;
            }
            moves += 1;
            let wins = match label(x) {
                Label::Lost(_) => Some(true),
                Label::Won(_) => Some(false),
                Label::Open => {
                    let (i, to) = if vertex {
                        let i = self.vertex_index[x] as usize - 1;
                        (i, i)
                    } else {
                        let i = self.edge_index[e] as usize - 1;
                        (i, self.vertex_index[x] as usize - 1)
                    };
                    let mut next = all;
                    next[i / 64] &= !(1 << (i % 64));
                    plain.wins(to, &next).map(|w| !w)
                }
            };
            match wins {
                None => {
                    value = None;
                    break;
                }
                Some(true) => {
                    value = Some(Some(moves));
                    break;
                }
                Some(false) => {}
            }
        }
        self.nodes += plain.nodes;
        self.decided += u64::from(value.is_some());
        for &v in &self.vertices {
            self.vertex_index[v as usize] = 0;
        }
        for &e in &self.edges {
            self.edge_index[e as usize] = 0;
        }
        value.map(|v| v.unwrap_or(u32::from(moves == 0 && game.misere)))
    }
}
