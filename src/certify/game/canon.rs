//! Exact keys for positions whose futures coincide, used by the `game_moves` walk to check
//! each equivalence class of positions once.
//!
//! Under the vertex rule a token moves only onto an unvisited vertex, so the rest of the game
//! depends only on who moves, where the tokens are, and which vertices are **live**: unvisited
//! and reachable from a token along a path of unvisited vertices. Two positions that agree on
//! these have the same legal moves (a token's moves go to live out-neighbours), and after the
//! same move they agree again (the new live set is computed from the old one by the same
//! walk), so they have the same game tree, move for move. Under the edge rule the same holds
//! with the unused edges reachable from a token along unused edges. The key is exact (the
//! live set itself, never a hash of it), so a checked position never stands in for a
//! position with another future. Up to [`LIVE_CAP`] live vertices (edges) the key lists
//! them; beyond, it is the live set as a bit set over all vertices (edges), which is as
//! exact and smaller than the list there.
//!
//! Under the NimG rules the pointer's future depends only on the weights of the vertices it
//! can still reach: its own vertex, and every vertex reachable from it through vertices of
//! positive weight (a vertex of weight 0 can be entered under NimG-RM, where the mover is
//! then stuck, but never left, and never entered under NimG-MR). Every vertex the pointer
//! stands on later is in that set, the set only shrinks (weights only decrease), and a move's
//! effect depends only on weights inside it, so two positions with the same mover, pointer,
//! reachable set and weights on it have the same game tree. The key lists exactly these.
//!
//! Where no key is cheap (a token not yet placed), the key is the whole position.

use super::rules::{Board, NONE, State};
use crate::problems::{Player, Rule};

/// The most live vertices (edges) a key lists; beyond it the key is the live set as a bit
/// set.
pub(crate) const LIVE_CAP: usize = 256;

/// A key of a position: equal keys mean the same game tree from there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Key {
    /// The whole position.
    Full(Box<State>),
    /// Who moves, the tokens, and the live vertices (edges) in ascending order (at most
    /// [`LIVE_CAP`] of them).
    Live {
        mover: Player,
        tokens: [usize; 2],
        live: Box<[u32]>,
    },
    /// Who moves, the tokens, and the live vertices (edges) as a bit set (more than
    /// [`LIVE_CAP`] of them).
    LiveSet {
        mover: Player,
        tokens: [usize; 2],
        live: Box<[u64]>,
    },
    /// NimG: who moves, the pointer, the vertices it can reach (a bit set) and their weights
    /// in vertex order, each as a little-endian base-128 varint (module comment).
    Nim {
        mover: Player,
        pointer: usize,
        reach: Box<[u64]>,
        weights: Box<[u8]>,
    },
}

impl Key {
    /// The bytes the key holds on the heap and inline, for memory budgets.
    pub(crate) fn bytes(&self) -> usize {
        let heap = match self {
            Key::Full(s) => std::mem::size_of::<State>() + 8 * (s.marks.len() + s.weights.len()),
            Key::Live { live, .. } => 4 * live.len(),
            Key::LiveSet { live, .. } => 8 * live.len(),
            Key::Nim { reach, weights, .. } => 8 * reach.len() + weights.len(),
        };
        heap + std::mem::size_of::<Key>()
    }
}

/// Reusable buffers of [`Board::key`]: the live set as a bit set, the search queue and
/// per-vertex stamps (a generation counter, so that nothing is cleared between calls but
/// the bit set, one bit per mark).
#[derive(Default)]
pub(crate) struct KeyScratch {
    live: Vec<u64>,
    queue: Vec<usize>,
    vertex_stamp: Vec<u32>,
    stamp: u32,
}

impl KeyScratch {
    /// A fresh generation for `vertices` vertices and `marks` marks.
    fn next(&mut self, vertices: usize, marks: usize) -> u32 {
        self.vertex_stamp.resize(vertices, 0);
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.vertex_stamp.fill(0);
            self.stamp = 1;
        }
        self.live.clear();
        self.live.resize(marks.div_ceil(64), 0);
        self.queue.clear();
        self.stamp
    }
}

impl Board<'_> {
    /// The exact key of `s` (see the module comment).
    pub(crate) fn key(&self, s: &State, scratch: &mut KeyScratch) -> Key {
        self.key_listing(s, scratch, self.list_cap())
    }

    /// The most live marks [`Board::key`] lists: a list holds 4 bytes a mark and the bit set
    /// 8 bytes a word of 64 marks, so the list is used only while it is the smaller of the
    /// two (and at most [`LIVE_CAP`] long). On a 74-arc board that is up to 3 live arcs
    /// (16 bytes of bit set against up to 296 of list): the walk's table holds a fraction of
    /// the bytes for the same classes.
    pub(crate) fn list_cap(&self) -> usize {
        let g = &self.game.graph;
        let marks = if self.marks_vertices() { g.n() } else { g.m() };
        LIVE_CAP.min((2 * marks.div_ceil(64)).saturating_sub(1))
    }

    /// [`Board::key`] listing at most `list_cap` live marks (the tests lower it to exercise
    /// the bit sets on small boards).
    pub(crate) fn key_listing(&self, s: &State, scratch: &mut KeyScratch, list_cap: usize) -> Key {
        let placed = s.tokens[..self.token_count()].iter().all(|&t| t != NONE);
        if !placed {
            return Key::Full(Box::new(s.clone()));
        }
        match self.game.rule {
            Rule::Vertex | Rule::Edge => {}
            Rule::NimRemoveMove | Rule::NimMoveRemove => return self.nim_key(s, scratch),
        }
        let count = self.live(s, scratch);
        let (mover, tokens) = (s.mover, s.tokens);
        if count <= list_cap {
            // Read off the bit set in ascending order: the list is sorted without a sort.
            let mut list = Vec::with_capacity(count);
            for (word, &bits) in scratch.live.iter().enumerate() {
                let mut rest = bits;
                while rest != 0 {
                    list.push((word * 64) as u32 + rest.trailing_zeros());
                    rest &= rest - 1;
                }
            }
            return Key::Live {
                mover,
                tokens,
                live: list.into(),
            };
        }
        Key::LiveSet {
            mover,
            tokens,
            live: scratch.live.as_slice().into(),
        }
    }

    /// Collects the live vertices (vertex rule) or edges (edge rule) of `s` into the bit set
    /// `scratch.live`; returns how many there are.
    fn live(&self, s: &State, scratch: &mut KeyScratch) -> usize {
        let g = &self.game.graph;
        let vertex_rule = self.marks_vertices();
        let now = scratch.next(g.n(), if vertex_rule { g.n() } else { g.m() });
        let KeyScratch {
            live,
            queue,
            vertex_stamp,
            ..
        } = scratch;
        for &t in &s.tokens[..self.token_count()] {
            if vertex_stamp[t] != now {
                vertex_stamp[t] = now;
                queue.push(t);
            }
        }
        let mut count = 0;
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            for &(w, e) in self.adjacency(c) {
                let mark = if vertex_rule { w } else { e };
                let (word, bit) = (mark / 64, 1u64 << (mark % 64));
                if live[word] & bit != 0 || self.marked(s, mark) {
                    continue;
                }
                live[word] |= bit;
                count += 1;
                if vertex_stamp[w] != now {
                    vertex_stamp[w] = now;
                    queue.push(w);
                }
            }
        }
        count
    }

    /// The NimG key of `s` (module comment): the vertices reachable from the pointer through
    /// vertices of positive weight (the pointer's own vertex is always passed through), with
    /// their weights.
    fn nim_key(&self, s: &State, scratch: &mut KeyScratch) -> Key {
        let n = self.game.graph.n();
        let now = scratch.next(n, 0);
        let pointer = s.tokens[0];
        let KeyScratch {
            queue,
            vertex_stamp,
            ..
        } = scratch;
        let mut reach = vec![0u64; n.div_ceil(64)];
        vertex_stamp[pointer] = now;
        queue.push(pointer);
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            reach[c / 64] |= 1 << (c % 64);
            if c != pointer && s.weights[c] == 0 {
                continue;
            }
            for &(w, _) in self.adjacency(c) {
                if vertex_stamp[w] != now {
                    vertex_stamp[w] = now;
                    queue.push(w);
                }
            }
        }
        // One byte per reachable heap unless a weight reaches 128.
        let heaps = reach.iter().map(|w| w.count_ones() as usize).sum();
        let mut weights = Vec::with_capacity(heaps);
        for (word, &bits) in reach.iter().enumerate() {
            let mut rest = bits;
            while rest != 0 {
                let v = word * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let mut w = s.weights[v];
                loop {
                    let low = (w & 0x7f) as u8;
                    w >>= 7;
                    if w == 0 {
                        weights.push(low);
                        break;
                    }
                    weights.push(low | 0x80);
                }
            }
        }
        Key::Nim {
            mover: s.mover,
            pointer,
            reach: reach.into(),
            weights: weights.into(),
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    //! The keys are exact: on random small games of every vertex and edge variant, positions
    //! with the same key have the same legal moves and the same winner, computed by plain
    //! recursion over whole positions.
    use super::*;
    use crate::problems::{Convention, Geography, Graph, Move, Tokens};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    /// Whether the player to move at `s` wins, by recursion over whole positions.
    pub(in crate::certify::game) fn mover_wins(
        b: &Board,
        s: &State,
        memo: &mut HashMap<State, bool>,
    ) -> bool {
        if let Some(&v) = memo.get(s) {
            return v;
        }
        let moves = b.moves(s, u64::MAX).unwrap();
        let v = match moves.is_empty() {
            true => b.game.convention == Convention::Misere,
            false => moves.iter().any(|&m| !mover_wins(b, &b.apply(s, m), memo)),
        };
        memo.insert(s.clone(), v);
        v
    }

    pub(in crate::certify::game) fn random_game(rng: &mut ChaCha8Rng) -> Geography {
        let n = rng.random_range(3..=7);
        let mut g = Graph::new(rng.random_bool(0.5));
        for i in 0..n {
            g.add_vertex(format!("v{i}"));
        }
        for _ in 0..rng.random_range(n..=2 * n + 2) {
            g.add_edge(rng.random_range(0..n), rng.random_range(0..n));
        }
        let nim = rng.random_bool(0.25);
        if nim {
            for v in &mut g.vertices {
                v.weight = Some(rng.random_range(0..=3));
            }
        }
        let (a, b) = (0, 1 + rng.random_range(0..n - 1));
        let tokens = match rng.random_range(0..4) {
            _ if nim => Tokens::One { start: Some(a) },
            0 => Tokens::One { start: Some(a) },
            1 => Tokens::One { start: None },
            2 => Tokens::Partizan {
                starts: Some([a, b]),
            },
            _ => Tokens::TwoShared { starts: [a, b] },
        };
        let rule = match (nim, rng.random_bool(0.5)) {
            (false, true) => Rule::Vertex,
            (false, false) => Rule::Edge,
            (true, true) => Rule::NimRemoveMove,
            (true, false) => Rule::NimMoveRemove,
        };
        Geography {
            graph: g,
            rule,
            tokens,
            convention: if rng.random_bool(0.5) {
                Convention::Normal
            } else {
                Convention::Misere
            },
        }
    }

    /// On 400 random games (a quarter of them NimG), positions with equal keys have the same
    /// moves and winner; keys list at most `list_cap` live marks. Returns how many positions
    /// shared a key with another, per key kind.
    fn check_keys(list_cap: usize, seed: u64) -> HashMap<&'static str, usize> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut games, mut shared) = (0, HashMap::new());
        while games < 400 {
            let game = random_game(&mut rng);
            let Ok(b) = Board::new(&game) else { continue };
            games += 1;
            let mut memo = HashMap::new();
            mover_wins(&b, &b.start(), &mut memo);
            let mut scratch = KeyScratch::default();
            let mut by_key: HashMap<Key, (bool, Vec<Move>)> = HashMap::new();
            for (s, &wins) in &memo {
                let moves = b.moves(s, u64::MAX).unwrap();
                let key = b.key_listing(s, &mut scratch, list_cap);
                let kind = match &key {
                    Key::Full(_) => "full",
                    Key::Live { .. } => "list",
                    Key::LiveSet { .. } => "set",
                    Key::Nim { .. } => "nim",
                };
                match by_key.get(&key) {
                    Some((w, m)) => {
                        *shared.entry(kind).or_insert(0) += 1;
                        assert_eq!((*w, m), (wins, &moves), "{game:?}\n{s:?}");
                    }
                    None => {
                        by_key.insert(key, (wins, moves));
                    }
                }
            }
        }
        shared
    }

    #[test]
    fn equal_keys_have_equal_futures() {
        let shared = check_keys(LIVE_CAP, 13);
        // The keys do merge positions (else the test would prove nothing).
        assert!(
            shared.get("list").copied().unwrap_or(0) > 1000,
            "{shared:?}"
        );
        assert!(shared.get("nim").copied().unwrap_or(0) > 200, "{shared:?}");
    }

    /// The live marks of `s` by a fixpoint over the edge list (no queue, no adjacency):
    /// a vertex is reached when an edge leads to it from a reached vertex through an
    /// unmarked mark; the marks passed that way are the live ones.
    fn live_by_fixpoint(b: &Board, s: &State) -> Vec<u32> {
        let g = &b.game.graph;
        let vertex_rule = b.marks_vertices();
        let mut reached = vec![false; g.n()];
        for &t in &s.tokens[..b.token_count()] {
            reached[t] = true;
        }
        let mut live = std::collections::BTreeSet::new();
        loop {
            let before = live.len();
            for (e, &(x, y)) in g.edges.iter().enumerate() {
                let ways = match g.directed {
                    true => vec![(x, y)],
                    false => vec![(x, y), (y, x)],
                };
                for (from, to) in ways {
                    let mark = if vertex_rule { to } else { e };
                    if reached[from] && !b.marked(s, mark) {
                        live.insert(mark as u32);
                        reached[to] = true;
                    }
                }
            }
            if live.len() == before {
                return live.into_iter().collect();
            }
        }
    }

    /// Calls `check` on every position the naive search stored for random vertex and edge
    /// games (Nim rules left out) drawn from `seed`, until 2,000 calls returned true (those
    /// that return false, such as unplaced tokens, do not count).
    fn each_searched_position(
        seed: u64,
        mut check: impl FnMut(&Board, &State, &Geography, &mut KeyScratch) -> bool,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut checked = 0;
        while checked < 2000 {
            let game = random_game(&mut rng);
            if matches!(game.rule, Rule::NimRemoveMove | Rule::NimMoveRemove) {
                continue;
            }
            let Ok(b) = Board::new(&game) else { continue };
            let mut memo = HashMap::new();
            mover_wins(&b, &b.start(), &mut memo);
            let mut scratch = KeyScratch::default();
            for s in memo.keys() {
                checked += usize::from(check(&b, s, &game, &mut scratch));
            }
        }
    }

    #[test]
    fn live_keys_list_the_live_set_in_ascending_order() {
        // The key's list is part of the certificate format (docs/certificates.md): it must be
        // exactly the live set, ascending, and the bit set beyond the cap the same set.
        each_searched_position(15, |b, s, game, scratch| {
            let want = live_by_fixpoint(b, s);
            match b.key_listing(s, scratch, usize::MAX) {
                Key::Full(_) => return false,
                Key::Live { live, .. } => assert_eq!(&*live, want.as_slice(), "{game:?}"),
                k => panic!("a list was expected: {k:?}"),
            }
            match b.key_listing(s, scratch, 0) {
                Key::LiveSet { live, .. } => {
                    let bits: Vec<u32> = (0..64 * live.len() as u32)
                        .filter(|&i| live[i as usize / 64] >> (i % 64) & 1 == 1)
                        .collect();
                    assert_eq!(bits, want, "{game:?}");
                }
                Key::Live { live, .. } => assert!(live.is_empty() && want.is_empty()),
                k => panic!("a bit set was expected: {k:?}"),
            }
            true
        });
    }

    #[test]
    fn keys_take_the_smaller_of_list_and_bit_set() {
        // The walk's table holds one key per class (`WALK_BYTES_PER_ITEM`): a key lists its
        // live marks only while the list is smaller than the bit set, and a whole position
        // (`Key::Full`) sits behind a pointer, so that every key's slot stays small.
        assert!(
            std::mem::size_of::<Key>() <= 48,
            "{}",
            std::mem::size_of::<Key>()
        );
        let mut smaller = 0;
        each_searched_position(16, |b, s, game, scratch| {
            let key = b.key(s, scratch);
            let listed = b.key_listing(s, scratch, LIVE_CAP);
            let set = b.key_listing(s, scratch, 0);
            match &key {
                Key::Full(_) => return false,
                Key::Live { live, .. } => assert!(live.is_empty() || key == listed),
                Key::LiveSet { .. } => assert_eq!(key, set),
                Key::Nim { .. } => unreachable!(),
            }
            assert!(key.bytes() <= listed.bytes().min(set.bytes()), "{game:?}");
            smaller += usize::from(key.bytes() < listed.bytes());
            true
        });
        // The lists that the bit sets replaced were there to replace.
        assert!(smaller > 500, "{smaller}");
    }

    #[test]
    fn live_bit_sets_are_exact_keys_too() {
        // No list but the empty one: every placed vertex or edge position with a live mark
        // is keyed by its bit set.
        let shared = check_keys(0, 14);
        assert!(shared.get("set").copied().unwrap_or(0) > 1000, "{shared:?}");
    }

    #[test]
    fn nim_keys_drop_unreachable_heaps() {
        // A path a - b - c - d with an empty heap at c: from a, d's weight is beyond reach.
        let mut g = Graph::new(false);
        for (i, w) in [2, 1, 0, 3].into_iter().enumerate() {
            g.add_vertex(format!("v{i}"));
            g.vertices[i].weight = Some(w);
        }
        for (u, v) in [(0, 1), (1, 2), (2, 3)] {
            g.add_edge(u, v);
        }
        let game = Geography {
            graph: g,
            rule: Rule::NimRemoveMove,
            tokens: Tokens::One { start: Some(0) },
            convention: Convention::Misere,
        };
        let b = Board::new(&game).unwrap();
        let s = b.start();
        let mut t = s.clone();
        t.weights[3] = 1;
        let mut scratch = KeyScratch::default();
        assert_eq!(b.key(&s, &mut scratch), b.key(&t, &mut scratch));
        let mut u = s.clone();
        u.weights[1] = 2;
        assert_ne!(b.key(&s, &mut scratch), b.key(&u, &mut scratch));
    }
}
