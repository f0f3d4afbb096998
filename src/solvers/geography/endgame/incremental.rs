//! Incremental remainders of undirected one-token games (issue #13 §1, "incremental
//! reachability"): a child's canonical key derived from its parent's instead of walked again.
//!
//! The list walk of `endgame.rs` ([`Reach::run`](super::Reach::run)) visits the whole
//! remainder at every lookup. On the papers' undirected chains (misère UVG and UEG, 130–450
//! vertices) that walk was 87 % of the search's time (docs/performance-history.md, "Seventh
//! session: undirected plain search").
//! But in an undirected game the child's remainder is the parent's with one item gone, and
//! with the part that item's removal cuts off from the token gone as well; what falls away is
//! found by searching only near the move.
//!
//! - **Vertex rule.** Let `R` be the parent's remainder (the free unlabelled vertices its token
//!   `p` reaches), so that `R ∪ {p}` is connected. The token moves to a neighbour `x ∈ R`;
//!   then `p` is visited, and the child's remainder is the component of `x` in the graph
//!   induced by `R`, minus `x` itself: the vertices the child's token reaches through free
//!   unlabelled vertices are exactly those, since every free unlabelled vertex it can reach is
//!   in `R` (`R ∪ {p}` is a whole component of the free unlabelled graph with `p`). Every
//!   component of `R` holds a neighbour of `p`, so a breadth-first search is started from
//!   each neighbour of `p` in `R` at once, one vertex per search in turn, and two searches
//!   that meet are merged, until at most one merged search is still running: the others have
//!   run out, so their vertices are whole components, and the running one's component is `R`
//!   minus theirs. The work is at most the number of searches times the smaller sides (or the
//!   distance at which the sides meet). The split depends on the parent only, so it is kept
//!   in the parent's frame and the siblings (`x` ranging over the neighbours of `p`) share it.
//! - **Edge rule.** Let `K` be the parent's remainder (the free edges between unlabelled
//!   vertices that the token reaches; `K` is connected and holds `p`). The token moves along
//!   `e = {p, x} ∈ K`; the child's remainder is the part of `K − e` connected to `x`: all of
//!   `K − e` unless `e` is a bridge. Two searches, from `p` and from `x`, over `K − e`: when
//!   they meet it is `K − e`; when the one from `x` runs out it is the edges it saw; when the
//!   one from `p` runs out it is `K − e` minus the edges that one saw.
//!
//! The result is the same set as the list walk's, so keys stay exact and identical. The frame
//! of a position (its state bitset, token and remainder) is kept per search depth; a lookup
//! derives its remainder from the frame one level up only after checking that its state is
//! that frame's state plus exactly one item, the move from the frame's token to its own, so a
//! stale frame is never used. Everything else (the root, a lookup whose parent frame does not
//! match, a search that runs past [`Incremental::cap`] vertices) walks the whole remainder
//! as before and records the frame for the children.
//!
//! The list walk also decides endgames: acyclic (tree) remainders and small cyclic ones
//! (`endgame/local.rs`). So a derived remainder is used alone only when neither applies: it
//! has more items than the plain search takes and (edge rule, where the test is the counts
//! `|K| = |S| − 1`) is not a tree; otherwise the list walk runs on it. Under the vertex rule a
//! large remainder that is a tree is no longer valued at once: the search expands it, exact
//! either way.

use crate::problems::geography::Rule;
use crate::solvers::geography::state::State;

/// The remainder of one position, kept for its children's lookups.
#[derive(Clone, Debug, Default)]
struct Frame {
    /// Whether this frame holds a position.
    valid: bool,
    /// The position's visited/used bitset.
    bits: Vec<u64>,
    /// The position's token.
    token: u32,
    /// The remainder: the canonical key's bitset (vertices or edges).
    items: Vec<u64>,
    /// Edge rule: the vertices the token reaches (its own included).
    vertices: u32,
    /// Vertex rule: whether [`Frame::split`] and [`Frame::cut`] hold the components of the
    /// remainder without the token's vertex, shared by the children (all split the same
    /// remainder at the same vertex).
    split_valid: bool,
    /// Vertex rule: the components found whole, one bitset of `items.len()` words each (every
    /// component but at most one, the rest).
    split: Vec<u64>,
    /// Vertex rule: the union of [`Frame::split`].
    cut: Vec<u64>,
}

/// Incremental remainders (module comment): the frames per depth and the searches' scratch.
#[derive(Clone, Debug, Default)]
pub(crate) struct Incremental {
    /// The frame of the position last looked up at each depth.
    frames: Vec<Frame>,
    /// Per vertex: the epoch of the search that reached it last.
    stamp: Vec<u32>,
    /// Per vertex: the search that reached it (valid when its stamp is the current epoch).
    group: Vec<u32>,
    /// The current epoch (stamps of older searches are stale).
    epoch: u32,
    /// Per search: the vertices it reached, in order (its queue), and the next to expand.
    queues: Vec<Vec<u32>>,
    heads: Vec<usize>,
    /// Union-find over the searches (merged when they meet).
    merged: Vec<u32>,
    /// Lookups whose remainder was derived (statistics and tests).
    pub derived: u64,
    /// Lookups that walked the whole remainder although the parent frame matched: the
    /// searches ran past [`Incremental::cap`].
    pub capped: u64,
}

/// The remainder derived for a lookup: its items (in the frame at its depth) and sizes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Derived {
    /// Items of the remainder (bits of the key).
    pub items: u32,
    /// Edge rule: vertices the token reaches (its own included); vertex rule: `items + 1`.
    pub vertices: u32,
}

/// The game's adjacency as the walk follows it (`Reach::arcs`, `Reach::first`): arcs into
/// unlabelled vertices only, vertex-rule loops dropped.
pub(crate) struct Arcs<'a> {
    pub arcs: &'a [(u32, u32)],
    pub first: &'a [u32],
}

impl Arcs<'_> {
    #[inline]
    fn of(&self, v: usize) -> &[(u32, u32)] {
        &self.arcs[self.first[v] as usize..self.first[v + 1] as usize]
    }
}

#[inline]
fn has(set: &[u64], i: usize) -> bool {
    set[i / 64] >> (i % 64) & 1 == 1
}

impl Incremental {
    /// Most vertices the searches of one derivation may expand before it gives up and the
    /// whole remainder is walked: a derivation is then never much costlier than the walk.
    fn cap(items: u32) -> usize {
        (items as usize / 2).max(16)
    }

    /// The remainder of the frame at `depth` (after [`Incremental::derive`] or
    /// [`Incremental::record`] at that depth).
    pub fn items(&self, depth: usize) -> &[u64] {
        &self.frames[depth].items
    }

    /// Records the position `st` at `depth` with its remainder `key` (walked whole);
    /// `vertices`: the vertices its token reaches, its own included.
    pub fn record(&mut self, depth: usize, st: &State, key: &[u64], vertices: usize) {
        if self.frames.len() <= depth {
            self.frames.resize_with(depth + 1, Frame::default);
        }
        let frame = &mut self.frames[depth];
        frame.valid = true;
        frame.split_valid = false;
        frame.bits.clear();
        frame.bits.extend_from_slice(&st.bits);
        frame.token = st.tok[0];
        frame.items.clear();
        frame.items.extend_from_slice(key);
        frame.vertices = vertices as u32;
    }

    /// Derives the remainder of `st` (one token, placed, undirected, vertex or edge `rule`) at
    /// `depth` from the frame at `depth − 1` when `st` is that frame's position after one move
    /// of its token, into the frame at `depth`; `None` (the frame at `depth` invalid) when it
    /// is not, or when the searches run past the cap.
    pub fn derive(
        &mut self,
        rule: Rule,
        arcs: &Arcs<'_>,
        n: usize,
        st: &State,
        depth: usize,
    ) -> Option<Derived> {
        if self.frames.len() <= depth {
            self.frames.resize_with(depth + 1, Frame::default);
        }
        let mut frames = std::mem::take(&mut self.frames);
        let derived = self.derive_into(&mut frames, rule, arcs, n, st, depth);
        self.frames = frames;
        derived
    }

    /// [`Incremental::derive`] on `frames` (taken out of `self` meanwhile).
    fn derive_into(
        &mut self,
        frames: &mut [Frame],
        rule: Rule,
        arcs: &Arcs<'_>,
        n: usize,
        st: &State,
        depth: usize,
    ) -> Option<Derived> {
        let (up, here) = frames.split_at_mut(depth);
        let frame = &mut here[0];
        frame.valid = false;
        frame.split_valid = false;
        let parent = up.last_mut().filter(|f| f.valid)?;
        // The state must be the parent's plus exactly one item, free in the parent.
        let mut item = None;
        for (i, (&now, &before)) in st.bits.iter().zip(&parent.bits).enumerate() {
            let diff = now ^ before;
            if diff == 0 {
                continue;
            }
            if item.is_some() || diff & before != 0 || diff.count_ones() != 1 {
                return None;
            }
            item = Some(i * 64 + diff.trailing_zeros() as usize);
        }
        let item = item?;
        if !has(&parent.items, item) {
            return None;
        }
        let (p, x) = (parent.token as usize, st.tok[0] as usize);
        frame.bits.clear();
        frame.bits.extend_from_slice(&st.bits);
        frame.token = st.tok[0];
        frame.items.clear();
        frame.items.extend_from_slice(&parent.items);
        let (parent_items, parent_vertices) = (&parent.items, parent.vertices);
        if self.stamp.len() < n {
            self.stamp.resize(n, 0);
            self.group.resize(n, 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        let items: u32 = parent_items.iter().map(|w| w.count_ones()).sum();
        let derived = match rule {
            Rule::Vertex => {
                if item != x {
                    return None;
                }
                if !parent.split_valid {
                    // The searches start at the neighbours of `p` in the parent's remainder:
                    // every component of the remainder without `p` holds one.
                    let mut starts = 0;
                    for &(y, _) in arcs.of(p) {
                        let y = y as usize;
                        if !has(&parent.items, y) || self.stamp[y] == self.epoch {
                            continue;
                        }
                        self.start(starts, y);
                        starts += 1;
                    }
                    let parent_items = &parent.items;
                    let inside = |y: usize, _: usize| has(parent_items, y);
                    if self
                        .components(arcs, starts, None, Self::cap(items), inside)
                        .is_none()
                    {
                        self.capped += 1;
                        return None;
                    }
                    self.split_into(parent, starts);
                }
                let words = parent.items.len();
                let frame = &mut here[0];
                match parent.split.chunks(words).find(|c| has(c, x)) {
                    Some(component) => frame.items.copy_from_slice(component),
                    None => {
                        for (w, &c) in frame.items.iter_mut().zip(&parent.cut) {
                            *w &= !c;
                        }
                    }
                }
                frame.items[x / 64] &= !(1 << (x % 64));
                let items: u32 = frame.items.iter().map(|w| w.count_ones()).sum();
                Derived {
                    items,
                    vertices: items + 1,
                }
            }
            _ => {
                let e = item;
                if !arcs
                    .of(p)
                    .iter()
                    .any(|&(y, f)| (y as usize, f as usize) == (x, e))
                {
                    return None;
                }
                let frame = &mut here[0];
                frame.items[e / 64] &= !(1 << (e % 64));
                let vertices = if p == x {
                    // A loop is never a bridge.
                    parent_vertices
                } else {
                    self.start(0, p);
                    self.start(1, x);
                    let inside = |_: usize, f: usize| f != e && has(parent_items, f);
                    let side = self.components(arcs, 2, Some(1), Self::cap(items), inside);
                    let Some(side) = side else {
                        self.capped += 1;
                        return None;
                    };
                    let merged = self.find(0) == self.find(1);
                    let frame = &mut here[0];
                    match side {
                        _ if merged => parent_vertices,
                        Side::Own => {
                            frame.items.iter_mut().for_each(|w| *w = 0);
                            for &v in &self.queues[1] {
                                for &(_, f) in arcs.of(v as usize) {
                                    let f = f as usize;
                                    if f != e && has(parent_items, f) {
                                        frame.items[f / 64] |= 1 << (f % 64);
                                    }
                                }
                            }
                            self.queues[1].len() as u32
                        }
                        Side::Others => {
                            for &v in &self.queues[0] {
                                for &(_, f) in arcs.of(v as usize) {
                                    let f = f as usize;
                                    frame.items[f / 64] &= !(1 << (f % 64));
                                }
                            }
                            parent_vertices - self.queues[0].len() as u32
                        }
                    }
                };
                let frame = &here[0];
                let items: u32 = frame.items.iter().map(|w| w.count_ones()).sum();
                Derived { items, vertices }
            }
        };
        here[0].valid = true;
        // The children of this position derive from this frame: its vertex count must be
        // this position's, not that of whatever position was recorded at this depth before
        // (a stale count made `parent_vertices − …` underflow, and misjudged the edge rule's
        // tree test `items + 1 == vertices`).
        here[0].vertices = derived.vertices;
        self.derived += 1;
        Some(derived)
    }

    /// Starts search `g` at vertex `v` (stamped with the current epoch).
    fn start(&mut self, g: usize, v: usize) {
        if self.queues.len() <= g {
            self.queues.resize_with(g + 1, Vec::new);
            self.heads.resize(g + 1, 0);
            self.merged.resize(g + 1, 0);
        }
        self.queues[g].clear();
        self.queues[g].push(v as u32);
        self.heads[g] = 0;
        self.merged[g] = g as u32;
        self.stamp[v] = self.epoch;
        self.group[v] = g as u32;
    }

    /// The merged search holding search `g`.
    fn find(&mut self, mut g: usize) -> usize {
        while self.merged[g] as usize != g {
            let up = self.merged[g] as usize;
            self.merged[g] = self.merged[up];
            g = up;
        }
        g
    }

    /// Stores in `frame` (vertex rule) the vertices of every merged search among `0..starts`
    /// that has run out, one bitset per merged search, and their union.
    fn split_into(&mut self, frame: &mut Frame, starts: usize) {
        let words = frame.items.len();
        frame.split.clear();
        frame.cut.clear();
        frame.cut.resize(words, 0);
        for root in 0..starts {
            if self.find(root) != root {
                continue;
            }
            let mut active = false;
            for g in 0..starts {
                active |= self.heads[g] < self.queues[g].len() && self.find(g) == root;
            }
            if active {
                continue;
            }
            let at = frame.split.len();
            frame.split.resize(at + words, 0);
            for g in 0..starts {
                if self.find(g) != root {
                    continue;
                }
                for &v in &self.queues[g] {
                    let (w, b) = (v as usize / 64, 1u64 << (v % 64));
                    frame.split[at + w] |= b;
                    frame.cut[w] |= b;
                }
            }
        }
        frame.split_valid = true;
    }

    /// Runs the searches `0..starts` in turn (one vertex each), following arcs `(y, f)` with
    /// `inside(y, f)`, merging searches that meet, until the merged search holding `own` has
    /// run out ([`Side::Own`]: its vertices are a whole component) or every other has
    /// ([`Side::Others`]: theirs are whole components); without `own`, until at most one
    /// merged search is still running (the others are whole components). `None` past `cap`
    /// expanded vertices.
    fn components(
        &mut self,
        arcs: &Arcs<'_>,
        starts: usize,
        own: Option<usize>,
        cap: usize,
        inside: impl Fn(usize, usize) -> bool,
    ) -> Option<Side> {
        let mut expanded = 0;
        loop {
            match own {
                Some(own) => {
                    let root = self.find(own);
                    let (mut own_active, mut others_active) = (false, false);
                    for g in 0..starts {
                        if self.heads[g] < self.queues[g].len() {
                            if self.find(g) == root {
                                own_active = true;
                            } else {
                                others_active = true;
                            }
                        }
                    }
                    if !others_active {
                        return Some(Side::Others);
                    }
                    if !own_active {
                        return Some(Side::Own);
                    }
                }
                None => {
                    // At most one merged search still running: every other is a component.
                    let mut running = None;
                    let mut several = false;
                    for g in 0..starts {
                        if self.heads[g] < self.queues[g].len() {
                            let root = self.find(g);
                            several |= running.is_some_and(|r| r != root);
                            running = Some(root);
                        }
                    }
                    if !several {
                        return Some(Side::Others);
                    }
                }
            }
            // Expand in turn until an event that may change the answer above: a search runs
            // out, or two merge.
            let mut event = false;
            while !event {
                for g in 0..starts {
                    let Some(&v) = self.queues[g].get(self.heads[g]) else {
                        continue;
                    };
                    self.heads[g] += 1;
                    expanded += 1;
                    if expanded > cap {
                        return None;
                    }
                    for &(y, f) in arcs.of(v as usize) {
                        let (y, f) = (y as usize, f as usize);
                        if !inside(y, f) {
                            continue;
                        }
                        if self.stamp[y] != self.epoch {
                            self.stamp[y] = self.epoch;
                            self.group[y] = g as u32;
                            self.queues[g].push(y as u32);
                        } else if self.group[y] as usize != g {
                            let (a, b) = (self.find(g), self.find(self.group[y] as usize));
                            if a != b {
                                self.merged[a.max(b)] = a.min(b) as u32;
                                event = true;
                            }
                        }
                    }
                    event |= self.heads[g] == self.queues[g].len();
                }
            }
        }
    }
}

/// Which side [`Incremental::components`] found whole.
#[derive(Clone, Copy, Debug)]
enum Side {
    /// The merged search holding the token's side ran out: its vertices are the component.
    Own,
    /// Every other merged search ran out: the component is the rest.
    Others,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::geography::{Convention, Geography, Move, Tokens};
    use crate::problems::graph::Graph;
    use crate::solvers::geography::state::Game;

    /// A remainder derived from a derived parent counts its vertices from the parent's true
    /// count. Edge rule: triangle 0–1–2, a tail 2–3–4 and a pendant 0–5, token on 0. Moving
    /// along 0–1 (no bridge) keeps the 6 vertices; moving on along 1–2 leaves 1 behind: 5.
    /// Until the twentieth session a derived frame kept a stale count (0 here), so the second
    /// derivation computed 0 − 1 (a panic with overflow checks, `u32::MAX` without).
    #[test]
    fn derived_frames_carry_their_vertex_count() {
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (0, 5)];
        let g = Geography {
            graph: Graph::from_edges(false, 6, &edges),
            rule: Rule::Edge,
            tokens: Tokens::One { start: Some(0) },
            convention: Convention::Normal,
        };
        let game = Game::new(&g);
        // The walk's adjacency: per vertex, (other end, edge), no labels.
        let mut first = vec![0u32];
        let mut arcs = Vec::new();
        for v in 0..6 {
            for (e, &(a, b)) in edges.iter().enumerate() {
                if a == v || b == v {
                    arcs.push(((a ^ b ^ v) as u32, e as u32));
                }
            }
            first.push(arcs.len() as u32);
        }
        let arcs = Arcs {
            arcs: &arcs,
            first: &first,
        };
        let mut inc = Incremental::default();
        let mut st = game.start.clone();
        inc.record(0, &st, &[0b111111], 6);
        let step = |st: &mut State, edge: usize| {
            let mv = game
                .moves(st)
                .into_iter()
                .find(|m| matches!(m, Move::Step { edge: e, .. } if *e == edge))
                .expect("the move is legal");
            game.apply(st, mv);
        };
        step(&mut st, 0);
        let d = inc.derive(Rule::Edge, &arcs, 6, &st, 1).expect("derived");
        assert_eq!((d.items, d.vertices), (5, 6));
        step(&mut st, 1);
        let d = inc.derive(Rule::Edge, &arcs, 6, &st, 2).expect("derived");
        assert_eq!(
            (d.items, d.vertices),
            (4, 5),
            "edges 2–0, 2–3, 3–4, 0–5 on 0, 2, 3, 4, 5"
        );
    }
}
