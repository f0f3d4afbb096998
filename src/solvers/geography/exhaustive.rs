//! Exhaustive memoised negamax over every geography variant.
//!
//! A node is a [`State`]; its memo key is one header word (token positions, and whose turn
//! in partizan games) followed by the bitset of visited vertices / used edges, or by the NimG
//! weights. Impartial games leave the turn out of the key, so transpositions reached by
//! different parities share an entry; two-token games sort the tokens, which are
//! interchangeable. The memo stores "the mover loses" as 0 and "the mover wins with move i"
//! as i + 1, so the principal variation can be read back without searching again.
//!
//! One-token rooted vertex and edge games are first pre-classified by retrograde analysis
//! (`classify.rs`, with its soundness argument): a move into a vertex labelled lost wins at
//! once and is tried first, a move into a vertex labelled won is never searched, so labelled
//! vertices never enter a key and the search only expands the unlabelled core.
//!
//! Below the root, a one-token vertex- or edge-rule position whose remainder is small and
//! cyclic is searched plainly, without keys or table (`endgame.rs`, "Small cyclic remainders",
//! and `endgame/local.rs` for undirected games and games of more than 256 items); the
//! positions that search visits count as nodes (statistics and `--max-nodes`), and the clock
//! is read every [`CLOCK_EVERY`] expanded positions. In undirected games a child's remainder
//! is derived from its parent's rather than walked whole (`endgame/incremental.rs`).
//!
//! Partizan vertex and edge games try first, from each vertex, the move that last won from
//! there (the killer heuristic, `Search::killers`): only the order of the search changes, and
//! [`Search::winning_move`] still reports the first winning move in `Game::moves` order, so
//! that the move and line do not depend on the search's history (nor on `--threads`).
//!
//! Moves are generated into one reused buffer per depth (no allocation per node). The memo
//! (`memo.rs`) compares exact keys in place and stays within [`Budget::max_memory`] (default
//! [`MEMO_BYTES`]): when full, it evicts the cheaper half of its entries by subtree size, and
//! the search continues (correct, only slower). Instances beyond [`MAX_ITEMS`] vertices or edges,
//! or NimG games with more than [`MAX_TOTAL_WEIGHT`] tokens in all, are refused with
//! [`SolveError::TooLarge`]: the recursion depth is the game length, bounded by those numbers.

use super::classify::{Label, Labels, classify};
use super::endgame::{MatchingEndgame, Reach};
use super::even_kernel::EvenKernel;
use super::memo::{Memo, SharedMemo, hash};
use super::race_split::RaceSplit;
use super::state::{Game, Kind, NONE, State};
use super::tree_endgame::TreeEndgame;
use crate::problems::geography::{Geography, Move, Rule};
use crate::solvers::{Budget, BudgetExceeded, CLOCK_EVERY, SolveError, Stats};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

/// Largest number of vertices (vertex rule, NimG) or edges (edge rule) the solver accepts.
pub const MAX_ITEMS: usize = 1 << 20;
/// Largest total NimG weight accepted (every move removes a token, so this bounds the depth).
pub const MAX_TOTAL_WEIGHT: u64 = 1 << 16;
/// Memory budget of the memo table, in bytes (approximate: key words plus entry overhead).
pub const MEMO_BYTES: usize = 512 << 20;
/// Game lengths above this run the search on a thread with a large stack.
const DEEP: usize = 2_000;

/// Refuses instances the exhaustive solver cannot represent; returns the maximum game length.
pub(crate) fn check_size(g: &Geography) -> Result<usize, SolveError> {
    let too_large = |what, size, limit| SolveError::TooLarge {
        solver: "exhaustive",
        what,
        size,
        limit,
    };
    let (n, m) = (g.graph.n(), g.graph.m());
    if n > MAX_ITEMS {
        return Err(too_large("the graph's vertex set", n, MAX_ITEMS));
    }
    match g.rule {
        Rule::Vertex => Ok(n),
        Rule::Edge if m > MAX_ITEMS => Err(too_large("the edge set", m, MAX_ITEMS)),
        Rule::Edge => Ok(m),
        Rule::NimRemoveMove | Rule::NimMoveRemove => {
            let total = g.graph.vertices.iter().map(|v| v.weight.unwrap_or(0));
            let total = total.fold(0u64, u64::saturating_add);
            if total > MAX_TOTAL_WEIGHT {
                let size = usize::try_from(total).unwrap_or(usize::MAX);
                return Err(too_large(
                    "the total NimG weight",
                    size,
                    MAX_TOTAL_WEIGHT as usize,
                ));
            }
            Ok(total as usize)
        }
    }
}

/// A memoised negamax search over one game.
pub(crate) struct Search<'a> {
    game: &'a Game,
    budget: &'a Budget,
    /// Nodes so far: positions expanded (memo misses) and positions visited by the plain
    /// searches of small remainders (`endgame.rs`, `Reach::small_value`).
    pub nodes: u64,
    /// Positions expanded so far (memo misses): the clock is read every [`CLOCK_EVERY`].
    expanded: u64,
    /// Nodes already added to [`Shared::nodes`] (parallel search).
    flushed: u64,
    memo: Table<'a>,
    key: Vec<u64>,
    /// The hash of `key`, computed by [`Search::lookup`] when the table is shared.
    key_hash: u64,
    /// One reusable list of postponed children per depth (ABDADA, shared table only).
    defers: Vec<Vec<u32>>,
    /// One reusable move buffer per search depth (no allocation per node).
    bufs: Vec<Vec<Move>>,
    /// The key of the position being expanded, per depth.
    keys: Vec<Vec<u64>>,
    /// One reusable move-ordering buffer per depth: (opponent's replies, move index).
    orders: Vec<Vec<(u32, u32)>>,
    depth: usize,
    /// The retrograde pre-classification of the root's residual game, when it applies.
    labels: Option<Labels>,
    /// Whether keys hold only the reachable free items (`push_reachable`).
    canonical: bool,
    /// Bits per NimG weight in the keys (64: one word per weight). Weights never grow in
    /// play, so a search whose positions all descend from one root packs each weight into
    /// the bits of the root's largest: the papers' NimG-RM chains have weights of 1 or 2
    /// over 300+ vertices, where a word per weight made a key of 3 KB and the table of a
    /// 10 s search 5.5 GB.
    weight_bits: u32,
    /// Scratch for `push_reachable`: vertices reached, and the search stack.
    seen: Vec<u64>,
    stack: Vec<u32>,
    /// Whether acyclic remainders are decided by backward induction (`endgame.rs`).
    endgames: bool,
    /// The remainder walk of one-token vertex and edge games (key and endgame).
    reach: Reach,
    /// Normal-play undirected vertex geography: every placed position is decided by one
    /// maximum matching (`endgame.rs`).
    matching: Option<MatchingEndgame>,
    /// Set when this search is a worker of a parallel search (`parallel.rs`).
    pub(crate) shared: Option<Shared<'a>>,
    /// Partizan games: the race once the tokens can no longer meet (`race_split.rs`).
    split: Option<RaceSplit>,
    /// Partizan and two-token games: positions whose remainder is a forest are decided by the
    /// tree recursions (`tree_endgame.rs`).
    trees: Option<TreeEndgame>,
    /// Partizan vertex and edge games: per vertex, where the last winning move from it went
    /// ([`NONE`] before any), tried first from there (move ordering only).
    killers: Option<Vec<u32>>,
    /// Normal-play one-token undirected edge games: even kernels decide expanded positions
    /// lost, and their children, before any child is searched (`even_kernel.rs`).
    kernel: Option<EvenKernel>,
}

/// The memo a search reads and writes: its own, or one shared by the threads of a parallel
/// search (`parallel.rs`), which then also postpones children that another thread is
/// expanding (ABDADA).
enum Table<'a> {
    Own(Memo),
    Shared(&'a SharedMemo),
}

/// What the workers of a parallel search share: the node count charged to the budget, and
/// a stop signal (a worker stops when `best < mine`: another worker has solved the start
/// position).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shared<'a> {
    /// Nodes of all workers, flushed every [`FLUSH`] local nodes.
    pub nodes: &'a AtomicU64,
    /// Stop signal: `usize::MAX` while the start position is unsolved, 0 once solved.
    pub best: &'a AtomicUsize,
    /// This worker's threshold: it stops once `best < mine`.
    pub mine: usize,
}

/// Local nodes between two updates of [`Shared::nodes`] and abort checks. The deadline and
/// the cancel flag are read every [`CLOCK_EVERY`] local nodes, as the one-thread search reads
/// them, so that `--threads` overruns `--timeout` no more than one thread does.
pub(crate) const FLUSH: u64 = 256;

impl Shared<'_> {
    /// Charges the worker's nodes up to its `local`-th to the shared count and `budget` (at
    /// least [`FLUSH`] of them are added at once; `flushed` counts those added so far; the
    /// count may jump by a small remainder's plain search) and reads the clock when `clock`;
    /// Err when the budget is exhausted or another worker solved the start position.
    #[inline]
    fn charge(
        &self,
        local: u64,
        flushed: &mut u64,
        clock: bool,
        budget: &Budget,
    ) -> Result<(), BudgetExceeded> {
        let pending = local - *flushed;
        let total = if pending >= FLUSH {
            *flushed = local;
            let total = self.nodes.fetch_add(pending, Ordering::Relaxed) + pending;
            if self.best.load(Ordering::Relaxed) < self.mine {
                return Err(BudgetExceeded::after(total));
            }
            total
        } else {
            self.nodes.load(Ordering::Relaxed) + pending
        };
        let late = clock && budget.expired();
        if late || budget.max_nodes.is_some_and(|m| total > m) {
            return Err(BudgetExceeded::after(total));
        }
        Ok(())
    }
}

/// Words of a memo key of `game` whose NimG weights take `weight_bits` bits each: the turn,
/// the visited/used bitset, the packed weights.
fn key_words(game: &Game, weight_bits: u32) -> usize {
    1 + game.start.bits.len() + weight_words(game.start.weights.len(), weight_bits)
}

/// Words holding `n` weights of `bits` bits each (a weight never straddles two words).
fn weight_words(n: usize, bits: u32) -> usize {
    n.div_ceil((64 / bits) as usize)
}

/// ORs weight `w` of vertex `v` into its `bits`-bit field of `words` (zeroed before). A
/// weight wider than its field would merge two positions' keys, so it is a bug, not a
/// budget: the field width comes from the root, and weights never grow in play.
#[inline]
fn pack_weight(words: &mut [u64], v: usize, w: u64, bits: u32) {
    assert!(
        bits == 64 || w >> bits == 0,
        "NimG weight {w} wider than its key field"
    );
    let per = (64 / bits) as usize;
    words[v / per] |= w << ((v % per) as u32 * bits);
}

impl<'a> Search<'a> {
    /// A search over `game` charging `budget`, whose positions are all reached from `root`
    /// (the pre-classification is computed for `root`'s residual game when it applies).
    pub fn new(game: &'a Game, budget: &'a Budget, root: &State) -> Search<'a> {
        let largest = root.weights.iter().copied().max().unwrap_or(0);
        let mut search = Search::packed(game, budget, (64 - largest.leading_zeros()).max(1));
        search.labels = classify(game, root);
        search
    }

    /// A search over `game` without pre-classification (any position may be asked).
    pub fn plain(game: &'a Game, budget: &'a Budget) -> Search<'a> {
        Search::packed(game, budget, 64)
    }

    /// [`Search::plain`] with NimG weights of at most `weight_bits` bits in its keys.
    fn packed(game: &'a Game, budget: &'a Budget, weight_bits: u32) -> Search<'a> {
        let words = key_words(game, weight_bits);
        let bytes = budget.max_memory.unwrap_or(MEMO_BYTES);
        Search {
            game,
            budget,
            nodes: 0,
            expanded: 0,
            flushed: 0,
            memo: Table::Own(Memo::new(words, bytes)),
            key: Vec::with_capacity(words),
            key_hash: 0,
            defers: Vec::new(),
            bufs: Vec::new(),
            keys: Vec::new(),
            orders: Vec::new(),
            depth: 0,
            labels: None,
            canonical: true,
            weight_bits,
            seen: vec![0; game.n.div_ceil(64)],
            stack: Vec::new(),
            endgames: true,
            reach: Reach::default(),
            matching: MatchingEndgame::new(game),
            shared: None,
            split: RaceSplit::new(game, budget),
            trees: TreeEndgame::new(game),
            killers: killers_apply(game).then(|| vec![NONE; game.n]),
            kernel: EvenKernel::applies(game).then(EvenKernel::default),
        }
    }

    /// A search like this one (same game, budget, labels and switches) on the table `memo`
    /// shared with other threads: a worker of the parallel search (`parallel.rs`).
    pub(crate) fn on_shared(&self, memo: &'a SharedMemo) -> Search<'a> {
        Search {
            memo: Table::Shared(memo),
            labels: self.labels.clone(),
            canonical: self.canonical,
            endgames: self.endgames,
            // Every thread must search one fixed order, so that every entry is the
            // one-thread entry (`parallel.rs`): killers depend on each thread's history.
            killers: None,
            ..Search::packed(self.game, self.budget, self.weight_bits)
        }
    }

    /// Words of this game's memo keys.
    pub(crate) fn key_words(&self) -> usize {
        key_words(self.game, self.weight_bits)
    }

    /// The same search with a memo of at most `cap` entries (tests exercise the eviction).
    #[cfg(test)]
    pub fn with_memo_cap(self, cap: usize) -> Search<'a> {
        let words = self.key_words();
        Search {
            memo: Table::Own(Memo::with_cap(words, cap)),
            ..self
        }
    }

    /// The same search with raw visited/used bitsets as keys (tests compare the two).
    #[cfg(test)]
    pub fn without_canonical_keys(self) -> Search<'a> {
        Search {
            canonical: false,
            ..self
        }
    }

    /// The same search using every remainder derived from the parent's as its key (undirected
    /// games, `endgame/incremental.rs`), small ones included (tests).
    #[cfg(test)]
    pub fn with_derived_keys(mut self) -> Search<'a> {
        self.reach.derive_always();
        self
    }

    /// Lookups whose remainder was derived from the parent's, and derivations that gave up.
    #[cfg(test)]
    pub fn derived(&self) -> (u64, u64) {
        self.reach.incremental_counts()
    }

    /// The same search without the acyclic-remainder endgames (tests compare the two).
    #[cfg(test)]
    pub fn without_endgames(self) -> Search<'a> {
        Search {
            endgames: false,
            ..self
        }
    }

    /// Lookups decided by the acyclic-remainder and matching endgames so far.
    #[cfg(test)]
    pub fn endgames_decided(&self) -> u64 {
        self.reach.decided + self.matched()
    }

    /// Lookups decided by the plain search of small remainders on local indices so far.
    #[cfg(test)]
    pub fn local_decided(&self) -> u64 {
        self.reach.local_decided()
    }

    /// The same search without even kernels (tests compare the two).
    #[cfg(test)]
    pub fn without_kernels(self) -> Search<'a> {
        Search {
            kernel: None,
            ..self
        }
    }

    /// Lookups decided by the matching endgame so far.
    #[cfg(test)]
    pub fn matched(&self) -> u64 {
        self.matching.as_ref().map_or(0, |m| m.decided)
    }

    /// Entries the memo evicted so far.
    #[cfg(test)]
    pub fn evicted(&self) -> u64 {
        match &self.memo {
            Table::Own(memo) => memo.evicted,
            Table::Shared(memo) => memo.totals().2,
        }
    }

    /// Number of vertices the pre-classification labelled (0 without one).
    #[cfg(test)]
    pub fn labelled(&self) -> usize {
        self.labels.as_ref().map_or(0, Labels::count)
    }

    /// Statistics of this search so far, timed from `started`.
    pub fn stats(&self, started: Instant) -> Stats {
        let (positions, hits, peak) = match &self.memo {
            Table::Own(memo) => (memo.stored, memo.hits, memo.peak_bytes),
            Table::Shared(memo) => {
                let (stored, hits, _, peak) = memo.totals();
                (stored, hits, peak)
            }
        };
        let (race_splits, race_walk_hits) =
            self.split.as_ref().map_or((0, 0), |s| (s.splits, s.hits));
        Stats {
            positions,
            hits,
            peak_table_bytes: peak,
            race_splits,
            race_walk_hits,
            tree_endgames: self.trees.as_ref().map_or(0, |t| t.decided),
            even_kernels: self.kernel.as_ref().map_or(0, |k| k.found),
            ..Stats::since(started, self.nodes)
        }
    }

    /// Whether the pre-classification may answer for the line of token vertices `path`
    /// (the root's first): it must be *regular* (see `classify.rs`), i.e. unlabelled vertices
    /// followed by labelled ones of strictly decreasing index. Always true without labels.
    pub fn regular(&self, path: impl IntoIterator<Item = usize>) -> bool {
        let Some(labels) = &self.labels else {
            return true;
        };
        // `prev`: the index of the last labelled vertex, `None` while still unlabelled.
        let mut prev: Option<u32> = None;
        for v in path {
            let index = match labels.of(v) {
                Label::Open => 0,
                Label::Won(i) | Label::Lost(i) => i,
            };
            match (prev, index) {
                (None, 0) => {}
                (Some(p), i) if i == 0 || i >= p => return false,
                (_, i) => prev = Some(i),
            }
        }
        true
    }

    /// Fills `self.key` with the memo key of `st`; returns the value of `st` when the
    /// acyclic-remainder endgame decides it (`endgame.rs`; the key is complete either way).
    fn make_key(&mut self, st: &State) -> Option<u32> {
        let enc = |t: u32| if t == NONE { 0 } else { u64::from(t) + 1 };
        let (mut a, mut b) = (enc(st.tok[0]), enc(st.tok[1]));
        if self.game.kind == Kind::TwoShared && a > b {
            std::mem::swap(&mut a, &mut b);
        }
        let turn = if self.game.kind == Kind::Partizan {
            u64::from(st.turn)
        } else {
            0
        };
        self.key.clear();
        self.key.push(a | b << 24 | turn << 48);
        let placed = st.tok[..self.game.token_count()].iter().all(|&t| t != NONE);
        let mut decided = None;
        if self.canonical && placed && !st.bits.is_empty() {
            if self.game.kind == Kind::One {
                // One token, vertex or edge rule: the same reachable set, walked depth-first
                // so that an acyclic remainder is also solved on the way.
                let base = self.key.len();
                self.key.resize(base + st.bits.len(), 0);
                let labels = self.labels.as_ref();
                let key = &mut self.key[base..];
                // Small cyclic remainders are searched plainly below the root only: the root is
                // where the line of play and the parallel split start.
                self.reach.small = self.depth > 0;
                self.reach.small_left = self.budget.max_nodes.map(|m| m.saturating_sub(self.nodes));
                self.reach.depth = Some(self.depth);
                decided = self.reach.run(self.game, st, labels, key, self.endgames);
                self.nodes += std::mem::take(&mut self.reach.small_nodes);
            } else {
                self.push_reachable(st);
            }
        } else {
            self.key.extend_from_slice(&st.bits);
        }
        if self.canonical && !st.weights.is_empty() {
            self.push_reachable_weights(st);
        } else {
            let base = self.key.len();
            self.key
                .resize(base + weight_words(st.weights.len(), self.weight_bits), 0);
            for (v, &w) in st.weights.iter().enumerate() {
                pack_weight(&mut self.key[base..], v, w, self.weight_bits);
            }
        }
        decided
    }

    /// Appends the canonical weights of a NimG position: those of the vertices the pointer can
    /// reach through vertices of positive weight (the pointer's and its neighbours' included),
    /// 0 elsewhere. Why it is exact: under both NimG rules a move removes tokens at the
    /// pointer or at a neighbour and moves the pointer to a neighbour, and a vertex of weight
    /// 0 ends the game for whoever must remove there (RM) or cannot be moved to (MR); so play
    /// never depends on a vertex reachable only through weight-0 vertices, and every vertex
    /// whose weight a move reads is recorded with its exact weight.
    fn push_reachable_weights(&mut self, st: &State) {
        let base = self.key.len();
        self.key
            .resize(base + weight_words(st.weights.len(), self.weight_bits), 0);
        self.seen.iter_mut().for_each(|w| *w = 0);
        self.stack.clear();
        let c = st.tok[0] as usize;
        self.seen[c / 64] |= 1 << (c % 64);
        self.stack.push(c as u32);
        while let Some(v) = self.stack.pop() {
            let v = v as usize;
            pack_weight(&mut self.key[base..], v, st.weights[v], self.weight_bits);
            if st.weights[v] == 0 && v != c {
                continue;
            }
            for &d in &self.game.nbrs[v] {
                if self.seen[d / 64] >> (d % 64) & 1 == 0 {
                    self.seen[d / 64] |= 1 << (d % 64);
                    self.stack.push(d as u32);
                }
            }
        }
    }

    /// Appends the canonical part of the key of `st` (every token placed, vertex or edge
    /// rule): the free items the tokens can still reach, instead of the visited/used bitset.
    ///
    /// Why it is exact: every future move of the search uses a free item reachable from a
    /// token through free items and unlabelled vertices (labelled vertices are never entered
    /// and their items are always free in a regular history, see `classify.rs`), so two
    /// positions with the same tokens, turn and reachable set have the same move lists, in
    /// the same order, and the same futures. Vertex rule: the unvisited unlabelled vertices
    /// reachable through such vertices; edge rule: the unused edges between unlabelled
    /// vertices reachable along unused edges.
    fn push_reachable(&mut self, st: &State) {
        let vertex = self.game.rule == Rule::Vertex;
        let words = st.bits.len();
        let base = self.key.len();
        self.key.resize(base + words, 0);
        self.seen.iter_mut().for_each(|w| *w = 0);
        self.stack.clear();
        for &t in &st.tok[..self.game.token_count()] {
            let t = t as usize;
            if self.seen[t / 64] >> (t % 64) & 1 == 0 {
                self.seen[t / 64] |= 1 << (t % 64);
                self.stack.push(t as u32);
            }
        }
        let labels = self.labels.as_ref();
        let open = |x: usize| labels.is_none_or(|l| l.of(x) == Label::Open);
        while let Some(v) = self.stack.pop() {
            for &(x, e) in &self.game.adj[v as usize] {
                let item = if vertex { x } else { e };
                if st.bit(item) || !open(x) {
                    continue;
                }
                self.key[base + item / 64] |= 1 << (item % 64);
                if self.seen[x / 64] >> (x % 64) & 1 == 0 {
                    self.seen[x / 64] |= 1 << (x % 64);
                    self.stack.push(x as u32);
                }
            }
        }
    }

    /// The label of the token's vertex in `st`, when the pre-classification labels it.
    fn label_at(&self, st: &State) -> Option<Label> {
        let labels = self.labels.as_ref()?;
        match labels.of(st.tok[0] as usize) {
            Label::Open => None,
            l => Some(l),
        }
    }

    /// The memo entry of `st`, if any: `Some(0)` = mover loses, `Some(i + 1)` = mover wins
    /// by move `i` of `game.moves(st)`. A labelled position answers from its label.
    pub fn lookup(&mut self, st: &State) -> Option<u32> {
        if let Some(label) = self.label_at(st) {
            return Some(self.labelled_value(st, label));
        }
        if self.endgames
            && st.tok[0] != NONE
            && let Some(matching) = &mut self.matching
        {
            let depth = self.depth;
            if self.bufs.len() <= depth {
                self.bufs.resize_with(depth + 1, Vec::new);
                self.keys.resize_with(depth + 1, Vec::new);
            }
            let moves = &mut self.bufs[depth];
            moves.clear();
            self.game.moves_into(st, moves);
            if let Some(value) = matching.value(st, moves, self.budget) {
                return Some(value);
            }
        }
        if let Some(value) = self.make_key(st) {
            return Some(value);
        }
        match &mut self.memo {
            Table::Own(memo) => memo.get(&self.key),
            Table::Shared(memo) => {
                self.key_hash = hash(&self.key);
                memo.get(&self.key, self.key_hash)
            }
        }
    }

    /// The value of a position whose token is on a labelled vertex (in a regular history):
    /// lost is 0; won is a move into a lost vertex of lower index, or 1 for the misère win
    /// without a move.
    fn labelled_value(&self, st: &State, label: Label) -> u32 {
        let Label::Won(own) = label else {
            return 0;
        };
        let labels = self.labels.as_ref().expect("labelled");
        let moves = self.game.moves(st);
        let by = moves.iter().position(|mv| match *mv {
            Move::Step { to, .. } => matches!(labels.of(to), Label::Lost(i) if i < own),
            _ => false,
        });
        by.map_or(1, |i| i as u32 + 1)
    }

    /// The label of the vertex a one-token move goes to (`Open` without labels).
    #[inline]
    fn target_label(&self, mv: &Move) -> Label {
        match (&self.labels, *mv) {
            (Some(labels), Move::Step { to, .. }) => labels.of(to),
            _ => Label::Open,
        }
    }

    /// The memo entry of `st`, searching when it is not (or no longer) stored.
    pub fn value(&mut self, st: &mut State) -> Result<u32, BudgetExceeded> {
        match self.lookup(st) {
            Some(v) => Ok(v),
            None => self.search(st),
        }
    }

    /// Whether the player to move in `st` wins.
    pub fn wins(&mut self, st: &mut State) -> Result<bool, BudgetExceeded> {
        Ok(self.value(st)? > 0)
    }

    /// Expands `st` (a memo miss) and stores its value. Called only by [`Search::value`]
    /// right after [`Search::lookup`] missed, so `self.key` holds the key of `st`: it is saved
    /// per depth rather than computed again (the reachable-set key is the costly part).
    fn search(&mut self, st: &mut State) -> Result<u32, BudgetExceeded> {
        self.nodes += 1;
        self.expanded += 1;
        let clock = self.expanded.is_multiple_of(CLOCK_EVERY);
        match &self.shared {
            None => {
                self.budget.charge(self.nodes)?;
                if clock && self.budget.expired() {
                    return Err(BudgetExceeded::after(self.nodes));
                }
            }
            Some(shared) => shared.charge(self.nodes, &mut self.flushed, clock, self.budget)?,
        }
        let before = self.nodes;
        let depth = self.depth;
        if self.bufs.len() <= depth {
            self.bufs.resize_with(depth + 1, Vec::new);
            self.keys.resize_with(depth + 1, Vec::new);
        }
        let mut key = std::mem::take(&mut self.keys[depth]);
        key.clear();
        key.extend_from_slice(&self.key);
        let mut moves = std::mem::take(&mut self.bufs[depth]);
        moves.clear();
        self.game.moves_into(st, &mut moves);
        let h = self.key_hash;
        if let Table::Shared(memo) = self.memo {
            memo.mark(h, true);
        }
        self.depth = depth + 1;
        let value = self.expand(st, &moves);
        self.depth = depth;
        self.bufs[depth] = moves;
        let work = self.nodes - before + 1;
        match (&mut self.memo, value) {
            (Table::Own(memo), Ok(v)) => memo.insert(&key, v, work),
            (Table::Shared(memo), value) => {
                if let Ok(v) = value {
                    memo.insert(&key, h, v, work);
                }
                memo.mark(h, false);
            }
            (Table::Own(_), Err(_)) => {}
        }
        self.keys[depth] = key;
        value
    }

    /// The value of `st` from its move list `moves`.
    fn expand(&mut self, st: &mut State, moves: &[Move]) -> Result<u32, BudgetExceeded> {
        let depth = self.depth;
        if self.orders.len() <= depth {
            self.orders.resize_with(depth + 1, Vec::new);
        }
        // Partizan tokens that can no longer meet: two independent races (`race_split.rs`).
        if !moves.is_empty()
            && let Some(split) = &mut self.split
            && let Some(v) = split.value(self.game, st, moves, self.budget, &mut self.nodes)?
        {
            return Ok(v);
        }
        // A forest remainder: the tree recursions (`tree_endgame.rs`).
        if self.endgames
            && !moves.is_empty()
            && let Some(trees) = &mut self.trees
            && let Some(v) = trees.value(self.game, st, moves, self.budget, &mut self.nodes)?
        {
            return Ok(v);
        }
        let mut order = std::mem::take(&mut self.orders[depth]);
        let value = if let Some(v) = self.order_moves(st, moves, &mut order) {
            Ok(v)
        } else if let Some(v) = self.kernel_value(st, moves, &order) {
            Ok(v)
        } else if let Table::Shared(memo) = self.memo {
            self.expand_abdada(st, moves, &order, memo)
        } else {
            self.first_lost_child(st, moves, order.iter().map(|&(_, i)| i))
        };
        self.orders[depth] = order;
        value
    }

    /// Normal-play one-token undirected edge games: 0 when `st` has an even kernel (the mover
    /// loses, `even_kernel.rs`), else `i + 1` for the first move `i` in `order` whose child
    /// has one (that move wins); `None` otherwise (and in every other game). Only children
    /// `order` searches are tried: a move into a labelled vertex is already valued.
    fn kernel_value(
        &mut self,
        st: &mut State,
        moves: &[Move],
        order: &[(u32, u32)],
    ) -> Option<u32> {
        let kernel = self.kernel.as_mut()?;
        if st.tok[0] == NONE {
            return None;
        }
        // A call is charged up to one node per vertex (`last_work`), so it is made only while
        // the node budget has room for that much: the budget stays a limit, never overrun by
        // kernel work (the search itself stops at the next memo miss).
        let max_nodes = self.budget.max_nodes.unwrap_or(u64::MAX);
        let room = |nodes: u64| nodes.saturating_add(self.game.n as u64) <= max_nodes;
        // The position itself only at the search's root: below it, every expanded position
        // was a child its parent's pass found no kernel for.
        if self.depth == 1 && room(self.nodes) {
            let lost = kernel.lost(self.game, st, st.tok[0] as usize);
            self.nodes += kernel.last_work();
            if lost {
                return Some(0);
            }
        }
        for &(_, i) in order {
            let Move::Step { to, .. } = moves[i as usize] else {
                continue;
            };
            if !room(self.nodes) {
                return None;
            }
            let undo = self.game.apply(st, moves[i as usize]);
            let lost = kernel.lost(self.game, st, to);
            // Charged as nodes: the budget bounds the kernels' work too (`last_work`).
            self.nodes += kernel.last_work();
            self.game.undo(st, undo);
            if lost {
                return Some(i + 1);
            }
        }
        None
    }

    /// The value of `st` from the moves `indices` (into `moves`) searched in that order: the
    /// first whose child is lost for its mover wins (`i + 1`), else the mover loses (0).
    fn first_lost_child(
        &mut self,
        st: &mut State,
        moves: &[Move],
        indices: impl Iterator<Item = u32>,
    ) -> Result<u32, BudgetExceeded> {
        for i in indices {
            let undo = self.game.apply(st, moves[i as usize]);
            let child_wins = self.wins(st);
            self.game.undo(st, undo);
            if !child_wins? {
                if let Some(killers) = &mut self.killers
                    && let Move::Step { to, .. } = moves[i as usize]
                    && st.tok[st.turn as usize] != NONE
                {
                    killers[st.tok[st.turn as usize] as usize] = to as u32;
                }
                return Ok(i + 1);
            }
        }
        Ok(0)
    }

    /// The children of `st` in `order`, searched by one thread of a parallel search (ABDADA):
    /// a child after the first whose position another thread is expanding now is postponed,
    /// and the postponed children are searched after the others (by then mostly in the
    /// shared table). The value is the same as one thread's: the first child in `order` that
    /// is lost for its mover, since every postponed child before the first lost child found
    /// in the first pass is searched in order in the second.
    fn expand_abdada(
        &mut self,
        st: &mut State,
        moves: &[Move],
        order: &[(u32, u32)],
        memo: &SharedMemo,
    ) -> Result<u32, BudgetExceeded> {
        let depth = self.depth;
        if self.defers.len() <= depth {
            self.defers.resize_with(depth + 1, Vec::new);
        }
        let mut postponed = std::mem::take(&mut self.defers[depth]);
        postponed.clear();
        let mut value = Ok(0);
        for (k, &(_, i)) in order.iter().enumerate() {
            let undo = self.game.apply(st, moves[i as usize]);
            let child = match self.lookup(st) {
                Some(v) => Some(Ok(v)),
                None if k > 0 && memo.busy(self.key_hash) => None,
                None => Some(self.search(st)),
            };
            self.game.undo(st, undo);
            match child {
                None => postponed.push(k as u32),
                Some(Ok(0)) => {
                    value = Ok(i + 1);
                    break;
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    value = Err(e);
                    break;
                }
            }
        }
        // Every postponed child comes before the lost child the first pass found, if any.
        if let Ok(found) = value {
            let indices = postponed.iter().map(|&k| order[k as usize].1);
            value = match self.first_lost_child(st, moves, indices) {
                Ok(0) => Ok(found),
                earlier => earlier,
            };
        }
        self.defers[depth] = postponed;
        value
    }

    /// The moves of `st` that must be searched, into `order` as `(key, move index)` in the
    /// order to search them; or the value of `st` when it is decided without searching a
    /// child (no move; a move into a vertex labelled lost; a move that leaves the opponent
    /// stuck under normal play). Every thread of the parallel search (`parallel.rs`) uses
    /// this order, so that every stored value is the one-thread value.
    pub(crate) fn order_moves(
        &self,
        st: &mut State,
        moves: &[Move],
        order: &mut Vec<(u32, u32)>,
    ) -> Option<u32> {
        order.clear();
        if moves.is_empty() {
            return Some(u32::from(self.game.misere));
        }
        let one_token = self.game.kind == Kind::One
            && matches!(self.game.rule, Rule::Vertex | Rule::Edge)
            && st.tok[0] != NONE;
        if let Some(killers) = &self.killers
            && st.tok.iter().all(|&t| t != NONE)
        {
            // Partizan tokens: the move that last won from the mover's vertex first (the
            // killer heuristic: positions that differ only in the opponent's far-off choices
            // are mostly won by the same reply). Only the order changes, so the value is the
            // same (the first winning move in this order).
            let killer = killers[st.tok[st.turn as usize] as usize];
            for (i, mv) in moves.iter().enumerate() {
                let first = matches!(*mv, Move::Step { to, .. } if to as u32 == killer);
                order.push((u32::from(!first), i as u32));
            }
            order.sort_unstable();
            return None;
        }
        if !one_token {
            order.extend((0..moves.len() as u32).map(|i| (0, i)));
            return None;
        }
        // One token, regular history: a move into a lost vertex wins at once, a move into a
        // won vertex loses; only moves into unlabelled vertices are searched.
        if self.labels.is_some()
            && let Some(i) = moves
                .iter()
                .position(|mv| matches!(self.target_label(mv), Label::Lost(_)))
        {
            return Some(i as u32 + 1);
        }
        // Move ordering: count the opponent's replies after each open move. None is an
        // immediate win (normal play) or an immediate loss (misère: the opponent is stuck and
        // wins); the others are searched fewest replies first.
        for (i, mv) in moves.iter().enumerate() {
            let Move::Step { to, .. } = *mv else { continue };
            if self.target_label(mv) != Label::Open {
                continue;
            }
            let undo = self.game.apply(st, *mv);
            let replies = self.replies(st, to);
            self.game.undo(st, undo);
            if replies == 0 {
                if self.game.misere {
                    continue;
                }
                return Some(i as u32 + 1);
            }
            order.push((replies, i as u32));
        }
        order.sort_unstable();
        None
    }

    /// The number of legal moves of the one token on `at` in `st`.
    #[inline]
    fn replies(&self, st: &State, at: usize) -> u32 {
        let vertex = self.game.rule == Rule::Vertex;
        let free = |&&(x, e): &&(usize, usize)| !st.bit(if vertex { x } else { e });
        self.game.adj[at].iter().filter(free).count() as u32
    }

    /// The winning move of the mover in `st`, if the mover wins and has a move.
    ///
    /// The stored index is only a hint: two-token games share one memo entry between a
    /// position and its twin with the tokens swapped, whose move list (token 0's moves
    /// first) is in another order. So the hinted move is verified, and when its child is not
    /// lost every move is tried (the children are mostly memo hits).
    pub fn winning_move(&mut self, st: &mut State) -> Result<Option<Move>, BudgetExceeded> {
        let v = self.value(st)?;
        if v == 0 {
            return Ok(None);
        }
        let moves = self.game.moves(st);
        if killers_apply(self.game) {
            // Partizan games: the first winning move in `Game::moves` order, whatever order
            // found the win. The killer order depends on the search's history, and the
            // parallel search, whose threads search without killers, must give the same move
            // and line as one thread: without killers the stored move is already the first
            // winning one in this order, and the moves before it are memo hits.
            for &mv in &moves {
                let undo = self.game.apply(st, mv);
                let child_wins = self.wins(st);
                self.game.undo(st, undo);
                if !child_wins? {
                    return Ok(Some(mv));
                }
            }
            return Ok(None);
        }
        let hint = v as usize - 1;
        let order = std::iter::once(hint).chain((0..moves.len()).filter(|&i| i != hint));
        for i in order.filter(|&i| i < moves.len()) {
            let undo = self.game.apply(st, moves[i]);
            let child_wins = self.wins(st)?;
            self.game.undo(st, undo);
            if !child_wins {
                return Ok(Some(moves[i]));
            }
        }
        Ok(None)
    }

    /// A line of optimal play from `st` to the end: the winner plays a winning move, the
    /// loser plays its first legal move (every move loses).
    pub fn principal_variation(&mut self, st: &State) -> Result<Vec<Move>, BudgetExceeded> {
        let mut st = st.clone();
        let mut line = Vec::new();
        loop {
            let pick = match self.winning_move(&mut st)? {
                Some(m) => Some(m),
                None => self.game.moves(&st).first().copied(),
            };
            let Some(mv) = pick else {
                return Ok(line);
            };
            self.game.apply(&mut st, mv);
            line.push(mv);
        }
    }
}

/// Whether searches of `game` order moves by killers (`Search::killers`): partizan vertex and
/// edge games.
fn killers_apply(game: &Game) -> bool {
    game.kind == Kind::Partizan && matches!(game.rule, Rule::Vertex | Rule::Edge)
}

/// Stack bytes for a search thread whose recursion may go `depth` frames deep.
pub(crate) fn stack_bytes(depth: usize) -> usize {
    if depth <= DEEP {
        8 << 20
    } else {
        (64 << 20) + depth * 1024
    }
}

/// Runs `f` directly when the game is short, else on a thread whose stack fits `depth`
/// recursive search frames.
pub(crate) fn with_stack<T: Send>(depth: usize, f: impl FnOnce() -> T + Send) -> T {
    if depth <= DEEP {
        return f();
    }
    let size = stack_bytes(depth);
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(size)
            .spawn_scoped(s, f)
            .expect("spawning the search thread")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}
