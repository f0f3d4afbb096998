//! The race split of partizan geography, tried at every node of the exhaustive search:
//! once the two tokens can no longer meet, the game is two independent one-player walks
//! (Fraenkel–Simonson, "Geography", §3; Buchanan et al., Trail Trap, Lemma 9).
//!
//! It serves every partizan variant once both tokens are placed: the vertex rule (PVG) and
//! the edge rule (PAG, Trail Trap), directed or undirected, normal or misère play. (The
//! dedicated Trail Trap search in `race.rs` applies the same idea to undirected normal-play
//! edge games with its own keys.)
//!
//! **When the tokens cannot meet.** Call an *item* a vertex not yet visited (vertex rule) or
//! an arc not yet used (edge rule). An item is *reachable* from a token when a walk over free
//! items takes the token to it (edge rule: an unused arc is reachable when its tail is reached
//! along unused arcs). If no item is reachable from both tokens, no move of either player
//! ever uses an item the other could still use, and a move never frees an item. So each
//! player's future is a walk in their own region, whatever the other plays: the game is a
//! sum of two one-player walks, played alternately.
//!
//! **The rule, derived for the turn order.** The mover plays at times 1, 3, 5, …, the
//! opponent at 2, 4, 6, …. A player whose walk has lasted `k` moves and cannot continue is
//! stuck at their next turn: the mover at time `2k + 1`, the opponent at `2k + 2`. Neither
//! player can change when the *other* is stuck, so each only chooses their own stopping time:
//! - *Normal play* (stuck loses): each walks as long as possible. With `L` the longest walk
//!   of a region, the mover is stuck first iff `2 L_mover + 1 < 2 L_opponent + 2`: **the
//!   mover wins iff `L_mover > L_opponent`** (a tie goes to the player who moves second).
//! - *Misère play* (stuck wins): each wants to be stuck early, but may stop only when no move
//!   is left, so the measure is the shortest *maximal* walk `S` (one ending where no free
//!   item leaves the token). **The mover wins iff `S_mover ≤ S_opponent`.**
//!
//! A winning move is the first move, in move order, whose walk keeps the inequality: a
//! move to `w` with `1 + L(w) > L_opponent` (normal), `1 + S(w) ≤ S_opponent` (misère);
//! the opponent then faces the same test with the roles swapped and fails it.
//!
//! **Cost of the test.** A split is detected by two searches over free items, one from each
//! token, advanced alternately one vertex at a time and stopped as soon as an item is
//! reached from both sides. While the tokens share a region (the common case near the
//! root) the searches meet after a few steps. The test is bounded: after
//! [`MAX_SPLIT_STEPS`] expansions it gives up and the search goes on as usual (sound, since
//! only a proved split is used), and deeper nodes, with smaller regions, find the split.
//! A side whose search ends without any item, or any finished side on an undirected graph,
//! proves the split at once. On a directed graph a finished side's set is complete, and a
//! search *backwards* from it (in-arcs over free items) decides whether the other token can
//! reach it: a token shut in a short tail (Fraenkel–Simonson's vertex cover board, where II
//! runs into the tail while I still has half the board) is proved apart after a few steps,
//! where walking the other token's large region forwards ran past the cap. A split, once there, persists in every descendant, but those
//! are never expanded: the race answers at the first split node.
//!
//! **Walks** are memoised by (vertex, the free items reachable from it): exact keys, since a
//! walk's future depends on nothing else. Normal-play walks are searched only as far as the
//! comparison needs (the opponent's up to the mover's region size, the mover's up to one
//! more than the opponent's), and a value found under such a cap is stored as a lower
//! bound. Misère walks stop once they reach 1.

use super::state::{Game, Kind, NONE, State};
use crate::problems::geography::{Move, Rule};
use crate::solvers::{Budget, BudgetExceeded};
use rustc_hash::FxHashMap;

/// Share of the budget's table memory the walk memos may hold, all of them together: the
/// search gives the game memo the rest (`parallel.rs`, [`split_budget`]).
pub(crate) const WALK_MEMO_SHARE: usize = 8;
/// Walk-memo bytes when the budget names no memory limit.
const WALK_MEMO_BYTES: usize = 64 << 20;
/// Vertices the split test expands at most per node before it gives up (measured in
/// docs/performance-history.md, "The race split in partizan search": the cost per node
/// stays bounded on 500-vertex PVGs, and deeper nodes, with smaller regions, still find the
/// split).
const MAX_SPLIT_STEPS: usize = 64;
/// Flag of a stored walk value that is only a lower bound.
const AT_LEAST: u32 = 1 << 31;

/// The race split for one game: scratch space for the split test and the walk memo.
pub(crate) struct RaceSplit {
    vertex: bool,
    misere: bool,
    /// Words of an item bitset (vertices or edges).
    iwords: usize,
    /// Per vertex, the test (epoch) in which each token's search last reached it.
    seen: [Vec<u32>; 2],
    /// The current split test.
    epoch: u32,
    /// Whether the graph is undirected (a complete search side then proves the split).
    undirected: bool,
    /// Search stacks of the split test.
    stacks: [Vec<u32>; 2],
    /// Directed games: every vertex each side of the split test reached, in order.
    reached_list: [Vec<u32>; 2],
    /// Directed games: in-arcs `(tail, edge)` per vertex, for the backward search.
    preds: Vec<Vec<(u32, u32)>>,
    /// Per vertex, the test (epoch) in which the backward search last reached it.
    back: Vec<u32>,
    /// Stack of the backward search.
    back_stack: Vec<u32>,
    /// Scratch for a walk's region: vertices reached, and the stack.
    region_seen: Vec<u64>,
    region_stack: Vec<u32>,
    /// One key buffer per walk depth.
    keys: Vec<Vec<u64>>,
    depth: usize,
    /// Walk values: key (vertex, reachable free items), value the walk's length, with
    /// [`AT_LEAST`] set when the search stopped at its cap (a lower bound).
    walks: FxHashMap<Vec<u64>, u32>,
    /// Most entries `walks` takes (it stops taking more when full).
    walk_cap: usize,
    /// Walk values found in the table.
    pub hits: u64,
    /// Positions the race answered.
    pub splits: u64,
}

/// Whether a search of `game` runs the race split (and so holds a walk memo beside its game
/// memo): partizan vertex and edge games.
pub(crate) fn applies(game: &Game) -> bool {
    game.kind == Kind::Partizan && matches!(game.rule, Rule::Vertex | Rule::Edge)
}

/// One memory budget split between a search's game memo and its race-split walk memo:
/// `(game memo bytes, walk memo bytes)` out of `bytes`. The walk memo takes
/// 1/[`WALK_MEMO_SHARE`] where the race split applies, nothing elsewhere.
pub(crate) fn split_budget(game: &Game, bytes: usize) -> (usize, usize) {
    match applies(game) {
        true => (bytes - bytes / WALK_MEMO_SHARE, bytes / WALK_MEMO_SHARE),
        false => (bytes, 0),
    }
}

impl RaceSplit {
    /// The race split for `game`, or `None` unless it is a partizan vertex or edge game.
    pub fn new(game: &Game, budget: &Budget) -> Option<RaceSplit> {
        if !applies(game) {
            return None;
        }
        let vertex = game.rule == Rule::Vertex;
        let vwords = game.n.div_ceil(64).max(1);
        let iwords = if vertex { game.n } else { game.m }.div_ceil(64).max(1);
        let bytes = budget
            .max_memory
            .map_or(WALK_MEMO_BYTES, |b| b / WALK_MEMO_SHARE);
        Some(RaceSplit {
            vertex,
            misere: game.misere,
            iwords,
            seen: [vec![0; game.n], vec![0; game.n]],
            epoch: 0,
            undirected: !game.directed,
            stacks: [Vec::new(), Vec::new()],
            reached_list: [Vec::new(), Vec::new()],
            preds: if game.directed {
                predecessors(game)
            } else {
                Vec::new()
            },
            back: if game.directed {
                vec![0; game.n]
            } else {
                Vec::new()
            },
            back_stack: Vec::new(),
            region_seen: vec![0; vwords],
            region_stack: Vec::new(),
            keys: Vec::new(),
            depth: 0,
            walks: FxHashMap::default(),
            // A key of `1 + iwords` words, the vector header and the table's slot.
            walk_cap: bytes / (8 * (1 + iwords) + 48),
            hits: 0,
            splits: 0,
        })
    }

    /// The bytes its walk memo may hold: the entry cap times the bytes counted per entry.
    #[cfg(test)]
    pub(crate) fn walk_memo_bytes(&self) -> usize {
        self.walk_cap * (8 * (1 + self.iwords) + 48)
    }

    /// The search value of `st` (0: the mover loses; `i + 1`: the mover wins by move `i` of
    /// `moves`, the legal moves of `st` in [`Game::moves`] order) when the tokens can no
    /// longer meet; `None` when they still can (or a token is not placed). Walk nodes are
    /// counted in `nodes` and charged to `budget`.
    pub fn value(
        &mut self,
        game: &Game,
        st: &mut State,
        moves: &[Move],
        budget: &Budget,
        nodes: &mut u64,
    ) -> Result<Option<u32>, BudgetExceeded> {
        let (me, other) = (st.tok[st.turn as usize], st.tok[1 - st.turn as usize]);
        if me == NONE || other == NONE || !self.split(game, st, me as usize, other as usize) {
            return Ok(None);
        }
        self.splits += 1;
        let (me, other) = (me as usize, other as usize);
        let mut walks = Walks {
            game,
            budget,
            nodes,
        };
        if self.misere {
            let theirs = self.shortest(&mut walks, st, other)?;
            let mine = self.shortest(&mut walks, st, me)?;
            if mine > theirs {
                return Ok(Some(0));
            }
            if moves.is_empty() {
                // The mover is stuck, and wins (the search's own leaf value).
                return Ok(Some(1));
            }
            // A move to a walk of `rest` leaves the opponent losing iff `1 + rest ≤ theirs`.
            for (i, &mv) in moves.iter().enumerate() {
                if let Some((item, to)) = self.step(mv) {
                    st.flip(item);
                    let rest = self.shortest(&mut walks, st, to);
                    st.flip(item);
                    if rest? < theirs {
                        return Ok(Some(i as u32 + 1));
                    }
                }
            }
        } else {
            // The mover wins iff L_mover > L_opponent. No walk is longer than its region, so
            // the opponent's walk is only searched up to the mover's region size, and the
            // mover's only up to one more than the opponent's.
            let mine_at_most = self.region_size(game, st, me);
            let theirs = self.longest(&mut walks, st, other, mine_at_most)?;
            if theirs >= mine_at_most || self.longest(&mut walks, st, me, theirs + 1)? <= theirs {
                return Ok(Some(0));
            }
            // A move to a walk of `rest` leaves the opponent losing iff `1 + rest > theirs`.
            for (i, &mv) in moves.iter().enumerate() {
                if let Some((item, to)) = self.step(mv) {
                    st.flip(item);
                    let rest = self.longest(&mut walks, st, to, theirs);
                    st.flip(item);
                    if rest? >= theirs {
                        return Ok(Some(i as u32 + 1));
                    }
                }
            }
        }
        // Unreachable: a won race has a move that keeps it won. The search verifies the hint
        // anyway (`Search::winning_move`), so move 0 is a safe answer.
        debug_assert!(false, "a won race without a winning move");
        Ok(Some(1))
    }

    /// The item a step uses and where it goes.
    #[inline]
    fn step(&self, mv: Move) -> Option<(usize, usize)> {
        match mv {
            Move::Step { edge, to, .. } => Some((if self.vertex { to } else { edge }, to)),
            _ => None,
        }
    }

    /// Whether side `s` has reached `x` in the current test.
    #[inline]
    fn reached(&self, s: usize, x: usize) -> bool {
        self.seen[s][x] == self.epoch
    }

    /// Marks `x` as reached from side `s`; whether that makes an item reachable from both.
    #[inline]
    fn reach(&mut self, game: &Game, st: &State, s: usize, x: usize) -> bool {
        self.seen[s][x] = self.epoch;
        self.stacks[s].push(x as u32);
        if !self.undirected {
            self.reached_list[s].push(x as u32);
        }
        // Vertex rule: `x` is a free vertex reached from both sides. Edge rule: a vertex
        // reached from both sides shares its unused out-arcs.
        self.reached(1 - s, x) && (self.vertex || game.adj[x].iter().any(|&(_, e)| !st.bit(e)))
    }

    /// Whether no item is reachable from both tokens (on `a` and `b`) in `st`: two searches,
    /// advanced alternately, that stop when they meet. A side whose search ends without
    /// finding any item (a token with no move) cannot meet the other at all; on an
    /// undirected graph neither can a side whose search ends: the other token was not in its
    /// component (the test would have met it), and components of free items are closed. On a
    /// directed graph the first side to end asks backwards whether the other token can reach
    /// what it reached ([`RaceSplit::backward`]); when that gives up, the other side is
    /// searched on forwards. Beyond [`MAX_SPLIT_STEPS`] steps (each search) the test gives up
    /// and answers `false` (search on).
    fn split(&mut self, game: &Game, st: &State, a: usize, b: usize) -> bool {
        // Epoch stamps instead of clearing the marks at every node.
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.seen
                .iter_mut()
                .for_each(|m| m.iter_mut().for_each(|x| *x = 0));
            self.back.iter_mut().for_each(|x| *x = 0);
            self.epoch = 1;
        }
        self.stacks[0].clear();
        self.stacks[1].clear();
        self.reached_list[0].clear();
        self.reached_list[1].clear();
        // The token vertices themselves are visited under the vertex rule, so they are never
        // items; under the edge rule both tokens may stand on one vertex.
        if self.reach(game, st, 0, a) | self.reach(game, st, 1, b) {
            return false;
        }
        let mut found = [false; 2];
        let mut backward_tried = false;
        let mut side = 0;
        for _ in 0..MAX_SPLIT_STEPS {
            if self.stacks[side].is_empty() {
                // On an undirected graph a complete side is a whole component of the free
                // items: the other token would be in it (met) if it could reach it.
                if !found[side] || self.undirected {
                    return true;
                }
                // On a directed graph the side's reached set is complete: ask backwards
                // whether the other token can reach it, before walking the other side's
                // (often much larger) region forwards.
                if !backward_tried {
                    backward_tried = true;
                    if let Some(apart) = self.backward(game, st, side) {
                        return apart;
                    }
                }
                side = 1 - side;
                if self.stacks[side].is_empty() {
                    return true;
                }
            }
            let v = self.stacks[side].pop().expect("non-empty") as usize;
            for &(x, e) in &game.adj[v] {
                let free = if self.vertex { !st.bit(x) } else { !st.bit(e) };
                if !free {
                    continue;
                }
                found[side] = true;
                if !self.reached(side, x) && self.reach(game, st, side, x) {
                    return false;
                }
            }
            side = 1 - side;
        }
        false
    }

    /// The split test's answer from a *complete* side `s` of a directed game (its search ended
    /// having found an item): `Some(true)` when the other side `t` cannot reach any item `s`
    /// reaches, `Some(false)` when it can, `None` when the backward search gave up after
    /// [`MAX_SPLIT_STEPS`] vertices.
    ///
    /// Why it is exact. Let `R` be the vertices `s` reached (complete: every vertex reachable
    /// from its token over free items) and `T ⊆ R` those that carry an item `s` can reach:
    /// under the vertex rule the free vertices of `R` (the item is the vertex), under the edge
    /// rule the vertices of `R` with an unused out-arc (the items are those arcs, reachable
    /// once their tail is). An item is reachable from both tokens iff `t` reaches a vertex of
    /// `T` — exactly the meeting [`RaceSplit::reach`] detects. The backward search collects
    /// the set `B` of vertices with a walk into `T` over free items, by in-arcs from `T`: the
    /// arc `p → y` into a vertex `y` of `B` extends a walk when it is a legal move (vertex rule:
    /// `y` is free — every vertex of `B` is, by induction, as `T`'s are — and `p` continues
    /// the walk backwards only when `p` is free itself, or is where the walk starts; edge rule:
    /// the arc is unused). A walk from `t` into `T` exists iff `t`'s token vertex enters `B`,
    /// and in particular iff some vertex `t` has already reached (free or its token, each
    /// with a walk from `t`) does: so meeting such a vertex proves the meeting, and a
    /// complete `B` that meets none — `t`'s token vertex is one of them — proves the split.
    fn backward(&mut self, game: &Game, st: &State, s: usize) -> Option<bool> {
        let t = 1 - s;
        let epoch = self.epoch;
        self.back_stack.clear();
        for &x in &self.reached_list[s] {
            let x = x as usize;
            let item = if self.vertex {
                !st.bit(x)
            } else {
                game.adj[x].iter().any(|&(_, e)| !st.bit(e))
            };
            if item {
                // `t` reaching a vertex of `T` is a meeting `reach` already reported.
                debug_assert!(!self.reached(t, x));
                self.back[x] = epoch;
                self.back_stack.push(x as u32);
            }
        }
        for _ in 0..MAX_SPLIT_STEPS {
            let Some(y) = self.back_stack.pop() else {
                return Some(true);
            };
            for &(p, e) in &self.preds[y as usize] {
                let (p, e) = (p as usize, e as usize);
                if !self.vertex && st.bit(e) {
                    continue;
                }
                if self.reached(t, p) {
                    return Some(false);
                }
                // Vertex rule: a visited vertex (the other token's included, reached above)
                // starts no walk of `t` and continues none.
                if (self.vertex && st.bit(p)) || self.back[p] == epoch {
                    continue;
                }
                self.back[p] = epoch;
                self.back_stack.push(p as u32);
            }
        }
        None
    }

    /// Fills `key` with the walk key of a token on `v` in `st`: `v`, then the free items
    /// reachable from `v`. Returns how many items that is (no walk is longer).
    fn walk_key(&mut self, game: &Game, st: &State, v: usize, key: &mut Vec<u64>) -> u32 {
        key.clear();
        key.push(v as u64);
        key.resize(1 + self.iwords, 0);
        self.region_seen.iter_mut().for_each(|w| *w = 0);
        self.region_seen[v / 64] |= 1 << (v % 64);
        self.region_stack.clear();
        self.region_stack.push(v as u32);
        let mut count = 0;
        while let Some(y) = self.region_stack.pop() {
            for &(x, e) in &game.adj[y as usize] {
                let item = if self.vertex { x } else { e };
                if st.bit(item) {
                    continue;
                }
                let word = &mut key[1 + item / 64];
                if *word >> (item % 64) & 1 == 0 {
                    *word |= 1 << (item % 64);
                    count += 1;
                }
                if self.region_seen[x / 64] >> (x % 64) & 1 == 0 {
                    self.region_seen[x / 64] |= 1 << (x % 64);
                    self.region_stack.push(x as u32);
                }
            }
        }
        count
    }

    /// The number of free items reachable from `v` (no walk from `v` is longer).
    fn region_size(&mut self, game: &Game, st: &State, v: usize) -> u32 {
        let mut key = self.take_key();
        let size = self.walk_key(game, st, v, &mut key);
        self.keys[self.depth] = key;
        size
    }

    /// The key buffer of the current walk depth.
    fn take_key(&mut self) -> Vec<u64> {
        let depth = self.depth;
        if self.keys.len() <= depth {
            self.keys
                .resize_with(depth + 1, || Vec::with_capacity(1 + self.iwords));
        }
        std::mem::take(&mut self.keys[depth])
    }

    /// The longest walk of a token on `v` in `st` (normal play), searched only up to `cap`:
    /// the answer `r` is exact when `r < cap`, and says "at least `r`" when `r ≥ cap`.
    fn longest(
        &mut self,
        w: &mut Walks,
        st: &mut State,
        v: usize,
        cap: u32,
    ) -> Result<u32, BudgetExceeded> {
        if cap == 0 {
            return Ok(0);
        }
        let depth = self.depth;
        let mut key = self.take_key();
        let size = self.walk_key(w.game, st, v, &mut key);
        let stored = self.walks.get(&key).copied();
        let known = match stored {
            _ if size == 0 => Some(0),
            Some(x) if x & AT_LEAST == 0 => Some(x),
            Some(x) if x & !AT_LEAST >= cap => Some(x & !AT_LEAST),
            _ => None,
        };
        if let Some(len) = known {
            self.hits += u64::from(size > 0);
            self.keys[depth] = key;
            return Ok(len);
        }
        *w.nodes += 1;
        w.budget.charge(*w.nodes)?;
        self.depth = depth + 1;
        let mut best = 0;
        let mut result = Ok(());
        for &(x, e) in &w.game.adj[v] {
            let item = if self.vertex { x } else { e };
            if st.bit(item) {
                continue;
            }
            st.flip(item);
            let rest = self.longest(w, st, x, cap - 1);
            st.flip(item);
            match rest {
                Ok(r) => best = best.max(1 + r),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
            // Enough for the caller, or as long as any walk of the region can be.
            if best >= cap || best >= size {
                break;
            }
        }
        self.depth = depth;
        if let Err(e) = result {
            self.keys[depth] = key;
            return Err(e);
        }
        let exact = best < cap || best >= size;
        self.remember(key, if exact { best } else { best | AT_LEAST }, depth);
        Ok(best)
    }

    /// The shortest maximal walk of a token on `v` in `st` (misère play): the fewest moves
    /// after which it is stuck.
    fn shortest(&mut self, w: &mut Walks, st: &mut State, v: usize) -> Result<u32, BudgetExceeded> {
        let depth = self.depth;
        let mut key = self.take_key();
        let size = self.walk_key(w.game, st, v, &mut key);
        let stored = if size == 0 {
            Some(0)
        } else {
            self.walks.get(&key).copied()
        };
        if let Some(len) = stored {
            self.hits += u64::from(size > 0);
            self.keys[depth] = key;
            return Ok(len);
        }
        *w.nodes += 1;
        w.budget.charge(*w.nodes)?;
        self.depth = depth + 1;
        let mut best = u32::MAX;
        let mut result = Ok(());
        for &(x, e) in &w.game.adj[v] {
            let item = if self.vertex { x } else { e };
            if st.bit(item) {
                continue;
            }
            st.flip(item);
            let rest = self.shortest(w, st, x);
            st.flip(item);
            match rest {
                Ok(r) => best = best.min(1 + r),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
            // A token with a move is stuck after one move at the earliest.
            if best == 1 {
                break;
            }
        }
        self.depth = depth;
        if let Err(e) = result {
            self.keys[depth] = key;
            return Err(e);
        }
        self.remember(key, best, depth);
        Ok(best)
    }

    /// Stores a walk value under `key` (while the table has room), and hands the key buffer
    /// back to `depth`.
    fn remember(&mut self, key: Vec<u64>, value: u32, depth: usize) {
        let room = self.walks.len() < self.walk_cap;
        match self.walks.get_mut(&key) {
            Some(old) => *old = value,
            None if room => {
                self.walks.insert(key.clone(), value);
            }
            None => {}
        }
        self.keys[depth] = key;
    }
}

/// The in-arcs `(tail, edge)` of every vertex of a directed game, in edge order.
fn predecessors(game: &Game) -> Vec<Vec<(u32, u32)>> {
    let mut preds = vec![Vec::new(); game.n];
    for (v, arcs) in game.adj.iter().enumerate() {
        for &(x, e) in arcs {
            preds[x].push((v as u32, e as u32));
        }
    }
    preds
}

/// What every walk search needs besides the split's own state.
struct Walks<'g, 'b, 'n> {
    game: &'g Game,
    budget: &'b Budget,
    nodes: &'n mut u64,
}
