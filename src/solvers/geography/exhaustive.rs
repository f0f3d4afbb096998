//! Exhaustive memoised negamax over every geography variant.
//!
//! A node is a [`State`]; its memo key is one header word (token positions, and whose turn
//! in partizan games) followed by the bitset of visited vertices / used edges, or by the NimG
//! weights. Impartial games leave the turn out of the key, so transpositions reached by
//! different parities share an entry; two-token games sort the tokens, which are
//! interchangeable. The memo stores "the mover loses" as 0 and "the mover wins with move i"
//! as i + 1, so the principal variation can be read back without searching again.
//!
//! Memory stays bounded: when the memo would exceed [`MEMO_BYTES`] it is cleared and the
//! search continues (correct, only slower). Instances beyond [`MAX_ITEMS`] vertices or edges,
//! or NimG games with more than [`MAX_TOTAL_WEIGHT`] tokens in all, are refused with
//! [`SolveError::TooLarge`]: the recursion depth is the game length, bounded by those numbers.

use super::state::{Game, Kind, NONE, State};
use crate::problems::geography::{Geography, Move, Rule};
use crate::solvers::{Budget, BudgetExceeded, SolveError};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Largest number of vertices (vertex rule, NimG) or edges (edge rule) the solver accepts.
pub const MAX_ITEMS: usize = 1 << 16;
/// Largest total NimG weight accepted (every move removes a token, so this bounds the depth).
pub const MAX_TOTAL_WEIGHT: u64 = 1 << 16;
/// Memory budget of the memo table, in bytes (approximate: key words plus entry overhead).
pub const MEMO_BYTES: usize = 512 << 20;
/// Game lengths above this run the search on a thread with a large stack.
const DEEP: usize = 2_000;

/// FxHash (rustc's hasher): the keys are our own bit patterns, so a fast non-keyed hash is
/// safe and several times cheaper than SipHash here.
#[derive(Default, Clone, Copy)]
struct FxHasher(u64);

impl FxHasher {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().unwrap_or([0; 8])));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type Memo = HashMap<Box<[u64]>, u32, BuildHasherDefault<FxHasher>>;

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
    /// Nodes expanded so far (memo misses).
    pub nodes: u64,
    memo: Memo,
    cap: usize,
    key: Vec<u64>,
}

impl<'a> Search<'a> {
    /// A fresh search over `game` charging `budget`.
    pub fn new(game: &'a Game, budget: &'a Budget) -> Search<'a> {
        let words = 1 + game.start.bits.len() + game.start.weights.len();
        let entry = words * 8 + 16 /* box */ + 8 /* value, padding */ + 16 /* table slack */;
        Search {
            game,
            budget,
            nodes: 0,
            memo: Memo::default(),
            cap: (MEMO_BYTES / entry).max(1 << 12),
            key: Vec::with_capacity(words),
        }
    }

    /// The same search with a memo of at most `cap` entries (tests exercise the clearing).
    #[cfg(test)]
    pub fn with_memo_cap(self, cap: usize) -> Search<'a> {
        Search { cap, ..self }
    }

    /// Fills `self.key` with the memo key of `st`.
    fn make_key(&mut self, st: &State) {
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
        self.key.extend_from_slice(&st.bits);
        self.key.extend_from_slice(&st.weights);
    }

    /// The memo entry of `st`, if any: `Some(0)` = mover loses, `Some(i + 1)` = mover wins
    /// by move `i` of `game.moves(st)`.
    pub fn lookup(&mut self, st: &State) -> Option<u32> {
        self.make_key(st);
        self.memo.get(self.key.as_slice()).copied()
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

    /// Expands `st` (a memo miss) and stores its value.
    fn search(&mut self, st: &mut State) -> Result<u32, BudgetExceeded> {
        self.nodes += 1;
        self.budget.charge(self.nodes)?;
        let moves = self.game.moves(st);
        let mut value = u32::from(moves.is_empty() && self.game.misere);
        for (i, &mv) in moves.iter().enumerate() {
            let undo = self.game.apply(st, mv);
            let child_wins = self.wins(st)?;
            self.game.undo(st, undo);
            if !child_wins {
                value = i as u32 + 1;
                break;
            }
        }
        if self.memo.len() >= self.cap {
            self.memo.clear();
        }
        self.make_key(st);
        self.memo.insert(self.key.clone().into_boxed_slice(), value);
        Ok(value)
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

/// Runs `f` directly when the game is short, else on a thread whose stack fits `depth`
/// recursive search frames.
pub(crate) fn with_stack<T: Send>(depth: usize, f: impl FnOnce() -> T + Send) -> T {
    if depth <= DEEP {
        return f();
    }
    let size = (64 << 20) + depth * 1024;
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(size)
            .spawn_scoped(s, f)
            .expect("spawning the search thread")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}
