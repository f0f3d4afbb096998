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
//! root) the searches meet after a few steps from each side; the full regions are explored
//! only when they are disjoint, and then the race answers the whole subtree. A split, once
//! there, persists in every descendant, but those are never expanded: the race answers at
//! the first split node.
//!
//! **Walks** are memoised by (vertex, the free items reachable from it): exact keys, since a
//! walk's future depends on nothing else. Normal-play walks stop early once they reach the
//! region's size (no walk is longer); misère walks once they reach 1.

use super::memo::Memo;
use super::state::{Game, Kind, NONE, State};
use crate::problems::geography::{Move, Rule};
use crate::solvers::{Budget, BudgetExceeded};

/// Share of the budget's table memory the walk memo may hold (the game memo keeps its own).
const WALK_MEMO_SHARE: usize = 8;
/// Walk-memo bytes when the budget names no memory limit.
const WALK_MEMO_BYTES: usize = 64 << 20;

/// The race split for one game: scratch space for the split test and the walk memo.
pub(crate) struct RaceSplit {
    vertex: bool,
    misere: bool,
    /// Words of an item bitset (vertices or edges).
    iwords: usize,
    /// Vertices reached from each token by the split test.
    seen: [Vec<u64>; 2],
    /// Search stacks of the split test.
    stacks: [Vec<u32>; 2],
    /// Scratch for a walk's region: vertices reached, and the stack.
    region_seen: Vec<u64>,
    region_stack: Vec<u32>,
    /// One key buffer per walk depth.
    keys: Vec<Vec<u64>>,
    depth: usize,
    /// Walk values: key (vertex, reachable free items), value the walk's length.
    walks: Memo,
    /// Positions the race answered.
    pub splits: u64,
}

impl RaceSplit {
    /// The race split for `game`, or `None` unless it is a partizan vertex or edge game.
    pub fn new(game: &Game, budget: &Budget) -> Option<RaceSplit> {
        if game.kind != Kind::Partizan || !matches!(game.rule, Rule::Vertex | Rule::Edge) {
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
            seen: [vec![0; vwords], vec![0; vwords]],
            stacks: [Vec::new(), Vec::new()],
            region_seen: vec![0; vwords],
            region_stack: Vec::new(),
            keys: Vec::new(),
            depth: 0,
            walks: Memo::new(1 + iwords, bytes),
            splits: 0,
        })
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
        let theirs = self.walk(game, st, other as usize, budget, nodes)?;
        let mine = self.walk(game, st, me as usize, budget, nodes)?;
        let mover_wins = if self.misere {
            mine <= theirs
        } else {
            mine > theirs
        };
        if !mover_wins {
            return Ok(Some(0));
        }
        if moves.is_empty() {
            // Misère: the mover is stuck, and wins (the search's own leaf value).
            return Ok(Some(1));
        }
        for (i, &mv) in moves.iter().enumerate() {
            let Move::Step { edge, to, .. } = mv else {
                continue;
            };
            let item = if self.vertex { to } else { edge };
            st.flip(item);
            let rest = self.walk(game, st, to, budget, nodes);
            st.flip(item);
            // After the move the opponent is the mover, facing a walk of `rest`: it must
            // lose, i.e. `1 + rest ≤ theirs` (misère) or `1 + rest > theirs` (normal).
            let keeps = if self.misere {
                rest? < theirs
            } else {
                rest? >= theirs
            };
            if keeps {
                return Ok(Some(i as u32 + 1));
            }
        }
        // Unreachable: a won race has a move that keeps it won. The search verifies the hint
        // anyway (`Search::winning_move`), so move 0 is a safe answer.
        debug_assert!(false, "a won race without a winning move");
        Ok(Some(1))
    }

    /// Marks `x` as reached from side `s`; whether that makes an item reachable from both.
    #[inline]
    fn reach(&mut self, game: &Game, st: &State, s: usize, x: usize) -> bool {
        self.seen[s][x / 64] |= 1 << (x % 64);
        self.stacks[s].push(x as u32);
        let both = self.seen[1 - s][x / 64] >> (x % 64) & 1 == 1;
        // Vertex rule: `x` is a free vertex reached from both sides. Edge rule: a vertex
        // reached from both sides shares its unused out-arcs.
        both && (self.vertex || game.adj[x].iter().any(|&(_, e)| !st.bit(e)))
    }

    /// Whether no item is reachable from both tokens (on `a` and `b`) in `st`: two searches,
    /// advanced alternately, that stop when they meet.
    fn split(&mut self, game: &Game, st: &State, a: usize, b: usize) -> bool {
        for s in 0..2 {
            self.seen[s].iter_mut().for_each(|w| *w = 0);
            self.stacks[s].clear();
        }
        // The token vertices themselves are visited under the vertex rule, so they are never
        // items; under the edge rule both tokens may stand on one vertex.
        if self.reach(game, st, 0, a) | self.reach(game, st, 1, b) {
            return false;
        }
        let mut side = 0;
        while !(self.stacks[0].is_empty() && self.stacks[1].is_empty()) {
            if self.stacks[side].is_empty() {
                side = 1 - side;
            }
            let v = self.stacks[side].pop().expect("non-empty") as usize;
            for &(x, e) in &game.adj[v] {
                let free = if self.vertex { !st.bit(x) } else { !st.bit(e) };
                if free
                    && self.seen[side][x / 64] >> (x % 64) & 1 == 0
                    && self.reach(game, st, side, x)
                {
                    return false;
                }
            }
            side = 1 - side;
        }
        true
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

    /// The longest walk (normal play) or the shortest maximal walk (misère) of a token on
    /// `v` in `st`, counted in moves.
    fn walk(
        &mut self,
        game: &Game,
        st: &mut State,
        v: usize,
        budget: &Budget,
        nodes: &mut u64,
    ) -> Result<u32, BudgetExceeded> {
        let depth = self.depth;
        if self.keys.len() <= depth {
            self.keys
                .resize_with(depth + 1, || Vec::with_capacity(1 + self.iwords));
        }
        let mut key = std::mem::take(&mut self.keys[depth]);
        let size = self.walk_key(game, st, v, &mut key);
        if size == 0 {
            self.keys[depth] = key;
            return Ok(0);
        }
        if let Some(len) = self.walks.get(&key) {
            self.keys[depth] = key;
            return Ok(len);
        }
        *nodes += 1;
        budget.charge(*nodes)?;
        let before = *nodes;
        self.depth = depth + 1;
        let mut best = if self.misere { u32::MAX } else { 0 };
        let mut result = Ok(());
        for &(x, e) in &game.adj[v] {
            let item = if self.vertex { x } else { e };
            if st.bit(item) {
                continue;
            }
            st.flip(item);
            let rest = self.walk(game, st, x, budget, nodes);
            st.flip(item);
            match rest {
                Ok(r) if self.misere => best = best.min(1 + r),
                Ok(r) => best = best.max(1 + r),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
            // No walk is longer than the region, and no maximal walk from a vertex with a
            // move is shorter than 1.
            if (self.misere && best == 1) || (!self.misere && best >= size) {
                break;
            }
        }
        self.depth = depth;
        if let Err(e) = result {
            self.keys[depth] = key;
            return Err(e);
        }
        self.walks.insert(&key, best, *nodes - before + 1);
        self.keys[depth] = key;
        Ok(best)
    }
}
