//! Depth-first proof-number search (df-pn, Nagai 2002) for one-token vertex and edge
//! geography, rooted, directed or undirected, normal or misère: `solve --method dfpn`.
//!
//! Tried against the depth-first search of `exhaustive.rs` (issue #13 §1, "proof-number
//! search tried against depth-first search"); the comparison is in
//! `docs/performance-history.md` ("Fourth session").
//! It shares everything with that search except the order in which it explores the tree:
//! the retrograde labels (`classify.rs`: a move into a vertex labelled lost wins at once, a
//! move into one labelled won is never made, so every history is regular and the labels are
//! exact), the canonical keys (the free items the token can still reach, `endgame.rs`), and
//! the acyclic-remainder endgame (decided on the spot).
//!
//! Negamax form: each position has a proof number `pn` (how many leaves must still be shown
//! won to prove that the mover wins) and a disproof number `dn` (to prove that the mover
//! loses); with children `c`, `pn = min dn(c)` and `dn = Σ pn(c)`. A new child starts at
//! `pn = 1` and `dn` = its number of moves (the df-pn+ mobility initialisation, which makes
//! "fewest replies first" the first choice, as in the depth-first search). The search always
//! descends into the child of smallest `dn`, with thresholds that let it return as soon as
//! another child becomes more promising, and stores every `(pn, dn)` it computes in an
//! exact-key table (keys compared word by word; a position is proved or disproved only from
//! its children's exact values, so no hash collision can change an answer). Positions never
//! repeat along a line (every move uses an item), so the graph-history interaction of df-pn
//! does not arise; transpositions can make the numbers overestimate, which costs time only.
//!
//! When the table holds more than the memory budget allows, the search ends with
//! [`SolveError::Budget`] ("unknown"), like a node or time budget.

use super::classify::{Label, Labels, classify};
use super::endgame::Reach;
use super::exhaustive::{MEMO_BYTES, check_size, with_stack};
use super::state::{Game, Kind, NONE, State};
use super::{GameSolution, check_valid};
use crate::problems::geography::{Geography, Move, Rule};
use crate::solvers::{Budget, BudgetExceeded, SolveError, Stats};
use rustc_hash::FxHashMap;
use std::time::Instant;

/// "Infinite" proof or disproof number (proved / disproved); sums saturate here.
const INF: u32 = u32::MAX / 4;

/// Whether df-pn applies to `g`: one token, vertex or edge rule, rooted.
pub(crate) fn applies(g: &Geography) -> bool {
    let game = Game::new(g);
    game.kind == Kind::One
        && matches!(game.rule, Rule::Vertex | Rule::Edge)
        && game.start.tok[0] != NONE
}

/// Solves `g` (one token, vertex or edge rule, rooted) by df-pn: the winner, a winning move
/// (the first winning move in move order) and a line of optimal play.
///
/// Errors: [`SolveError::Unsupported`] for an invalid game or another variant,
/// [`SolveError::TooLarge`] as the exhaustive search, [`SolveError::Budget`] when the node,
/// time or memory budget runs out.
pub fn solve_dfpn(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    check_valid(g)?;
    let depth = check_size(g)?;
    if !applies(g) {
        return Err(SolveError::Unsupported(
            "df-pn solves rooted one-token vertex or edge geography only".into(),
        ));
    }
    let game = Game::new(g);
    with_stack(depth, || {
        let mut search = Dfpn::new(&game, budget);
        let mut st = game.start.clone();
        // A budget that runs out reports the table's statistics so far ("unknown" answers).
        let wins = (search.prove(&mut st)).map_err(|e| e.with_stats(search.stats(started)))?;
        let mut line = Vec::new();
        let mut winning_move = None;
        loop {
            let pick =
                (search.winning_move(&mut st)).map_err(|e| e.with_stats(search.stats(started)))?;
            let pick = match pick {
                Some(mv) => Some(mv),
                None => game.moves(&st).first().copied(),
            };
            let Some(mv) = pick else { break };
            if line.is_empty() && wins {
                winning_move = Some(mv);
            }
            game.apply(&mut st, mv);
            line.push(mv);
        }
        let winner = if wins {
            crate::solvers::Winner::First
        } else {
            crate::solvers::Winner::Second
        };
        Ok(GameSolution {
            winner,
            winning_move,
            principal_variation: line,
            stats: search.stats(started),
            method: "dfpn",
        })
    })
}

/// What a move leads to, as seen from the position it is made in.
#[derive(Clone, Copy, Debug)]
struct Child {
    /// Index of the move in `Game::moves` order.
    index: u32,
    /// `Some(child mover wins)` when decided without search (endgame); else searched.
    fixed: Option<bool>,
    /// The child mover's number of moves (initial disproof number).
    replies: u32,
}

/// The df-pn search over one game.
struct Dfpn<'a> {
    game: &'a Game,
    budget: &'a Budget,
    labels: Option<Labels>,
    reach: Reach,
    /// Exact key → `(pn, dn)` of the mover there.
    table: FxHashMap<Box<[u64]>, (u32, u32)>,
    /// Most entries the table may hold ([`Budget::max_memory`], default [`MEMO_BYTES`]).
    cap: usize,
    /// Approximate bytes per table entry (key, box, bucket).
    entry_bytes: usize,
    /// Words per key.
    words: usize,
    nodes: u64,
    hits: u64,
    /// Per depth: the moves, the children, and the children's keys (`words` each).
    moves: Vec<Vec<Move>>,
    children: Vec<Vec<Child>>,
    keys: Vec<Vec<u64>>,
    depth: usize,
}

impl<'a> Dfpn<'a> {
    fn new(game: &'a Game, budget: &'a Budget) -> Dfpn<'a> {
        let words = 1 + game.start.bits.len();
        let entry_bytes = words * 8 + 16 + 16 + 1;
        let bytes = budget.max_memory.unwrap_or(MEMO_BYTES);
        Dfpn {
            game,
            budget,
            labels: classify(game, &game.start),
            reach: Reach::default(),
            table: FxHashMap::default(),
            cap: (bytes / entry_bytes / 2).max(16),
            entry_bytes,
            words,
            nodes: 0,
            hits: 0,
            moves: Vec::new(),
            children: Vec::new(),
            keys: Vec::new(),
            depth: 0,
        }
    }

    /// The statistics so far (the table only grows, so its size now is its peak).
    fn stats(&self, started: Instant) -> Stats {
        Stats {
            positions: self.table.len() as u64,
            hits: self.hits,
            peak_table_bytes: (self.table.len() * self.entry_bytes) as u64,
            ..Stats::since(started, self.nodes)
        }
    }

    /// Whether the mover in `st` wins (proves or disproves `st` completely).
    fn prove(&mut self, st: &mut State) -> Result<bool, BudgetExceeded> {
        if let Some(label) = self.label(st.tok[0] as usize) {
            return Ok(matches!(label, Label::Won(_)));
        }
        let mut key = vec![0; self.words];
        if let Some(wins) = self.key_of(st, &mut key) {
            return Ok(wins);
        }
        if let Some(&(pn, dn)) = self.table.get(&key[..])
            && (pn == 0 || dn == 0)
        {
            return Ok(pn == 0);
        }
        let numbers = self.mid(st, INF, INF)?;
        self.store(&key, numbers)?;
        Ok(numbers.0 == 0)
    }

    /// The first move in `Game::moves` order after which the opponent loses, if any.
    fn winning_move(&mut self, st: &mut State) -> Result<Option<Move>, BudgetExceeded> {
        let moves = self.game.moves(st);
        // On a labelled vertex (a regular history, see `classify.rs`), the label answers: a
        // won vertex's winning move goes into a lost vertex of lower index.
        if let Some(label) = self.label(st.tok[0] as usize) {
            let Label::Won(own) = label else {
                return Ok(None);
            };
            return Ok(moves.iter().copied().find(|mv| {
                matches!(mv, Move::Step { to, .. }
                    if matches!(self.label(*to), Some(Label::Lost(i)) if i < own))
            }));
        }
        if let Some(mv) = moves.iter().find(|mv| self.target_lost(mv)) {
            return Ok(Some(*mv));
        }
        for &mv in &moves {
            if self.target_won(&mv) {
                continue;
            }
            let undo = self.game.apply(st, mv);
            let child_wins = self.prove(st);
            self.game.undo(st, undo);
            if !child_wins? {
                return Ok(Some(mv));
            }
        }
        Ok(None)
    }

    fn label(&self, v: usize) -> Option<Label> {
        let labels = self.labels.as_ref()?;
        match labels.of(v) {
            Label::Open => None,
            l => Some(l),
        }
    }

    fn target_lost(&self, mv: &Move) -> bool {
        matches!(mv, Move::Step { to, .. } if matches!(self.label(*to), Some(Label::Lost(_))))
    }

    fn target_won(&self, mv: &Move) -> bool {
        matches!(mv, Move::Step { to, .. } if matches!(self.label(*to), Some(Label::Won(_))))
    }

    /// Writes the canonical key of `st` (token on an unlabelled vertex) into `key`; returns
    /// whether the mover wins when the acyclic-remainder endgame decides it.
    fn key_of(&mut self, st: &State, key: &mut [u64]) -> Option<bool> {
        key.iter_mut().for_each(|w| *w = 0);
        key[0] = u64::from(st.tok[0]) + 1;
        let decided = self
            .reach
            .run(self.game, st, self.labels.as_ref(), &mut key[1..], true);
        decided.map(|v| v > 0)
    }

    fn store(&mut self, key: &[u64], value: (u32, u32)) -> Result<(), BudgetExceeded> {
        if let Some(slot) = self.table.get_mut(key) {
            *slot = value;
            return Ok(());
        }
        if self.table.len() >= self.cap {
            return Err(BudgetExceeded::after(self.nodes));
        }
        self.table.insert(key.into(), value);
        Ok(())
    }

    /// The `(pn, dn)` of a child as the parent sees it (the child's mover's numbers).
    fn child_numbers(&mut self, depth: usize, c: usize) -> (u32, u32) {
        let child = self.children[depth][c];
        match child.fixed {
            Some(true) => (0, INF),
            Some(false) => (INF, 0),
            None => {
                let key = &self.keys[depth][c * self.words..(c + 1) * self.words];
                match self.table.get(key) {
                    Some(&numbers) => {
                        self.hits += 1;
                        numbers
                    }
                    None => (1, child.replies.max(1)),
                }
            }
        }
    }

    /// Multiple iterative deepening at `st` (token on an unlabelled vertex, not decided by
    /// the endgame): searches until `pn ≥ thpn` or `dn ≥ thdn`; returns `(pn, dn)` of `st`.
    fn mid(&mut self, st: &mut State, thpn: u32, thdn: u32) -> Result<(u32, u32), BudgetExceeded> {
        self.nodes += 1;
        self.budget.charge(self.nodes)?;
        let depth = self.depth;
        if self.moves.len() <= depth {
            self.moves.resize_with(depth + 1, Vec::new);
            self.children.resize_with(depth + 1, Vec::new);
            self.keys.resize_with(depth + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[depth]);
        moves.clear();
        self.game.moves_into(st, &mut moves);
        let result = self.mid_children(st, &moves, thpn, thdn);
        self.moves[depth] = moves;
        result
    }

    fn mid_children(
        &mut self,
        st: &mut State,
        moves: &[Move],
        thpn: u32,
        thdn: u32,
    ) -> Result<(u32, u32), BudgetExceeded> {
        let depth = self.depth;
        if moves.is_empty() {
            return Ok(if self.game.misere { (0, INF) } else { (INF, 0) });
        }
        if moves.iter().any(|mv| self.target_lost(mv)) {
            return Ok((0, INF));
        }
        // The children worth searching, their keys, and the decided ones.
        let mut children = std::mem::take(&mut self.children[depth]);
        let mut keys = std::mem::take(&mut self.keys[depth]);
        children.clear();
        keys.clear();
        let words = self.words;
        for (i, mv) in moves.iter().enumerate() {
            if self.target_won(mv) {
                continue;
            }
            let Move::Step { to, .. } = *mv else { continue };
            let undo = self.game.apply(st, *mv);
            let at = keys.len();
            keys.resize(at + words, 0);
            let fixed = self.key_of(st, &mut keys[at..]);
            let replies = self.replies(st, to);
            self.game.undo(st, undo);
            if fixed == Some(false) {
                // A child lost for its mover: the mover here wins at once.
                self.children[depth] = children;
                self.keys[depth] = keys;
                return Ok((0, INF));
            }
            children.push(Child {
                index: i as u32,
                fixed,
                replies,
            });
        }
        self.children[depth] = children;
        self.keys[depth] = keys;
        let count = self.children[depth].len();
        loop {
            // pn = min dn(c), dn = Σ pn(c); the best child has the smallest dn.
            let (mut pn, mut dn) = (INF, 0u32);
            let (mut best, mut best_pn, mut second) = (usize::MAX, 0, INF);
            for c in 0..count {
                let (cpn, cdn) = self.child_numbers(depth, c);
                dn = dn.saturating_add(cpn).min(INF);
                if cdn < pn {
                    second = pn;
                    pn = cdn;
                    best = c;
                    best_pn = cpn;
                } else if cdn < second {
                    second = cdn;
                }
            }
            if count == 0 {
                return Ok((INF, 0));
            }
            if pn >= thpn || dn >= thdn || pn == 0 || dn == 0 {
                return Ok((pn, dn));
            }
            let child_thpn = thdn.saturating_sub(dn).saturating_add(best_pn).min(INF);
            let child_thdn = thpn.min(second.saturating_add(1)).min(INF);
            let child = self.children[depth][best];
            let undo = self.game.apply(st, moves[child.index as usize]);
            self.depth = depth + 1;
            let numbers = self.mid(st, child_thpn, child_thdn);
            self.depth = depth;
            self.game.undo(st, undo);
            let numbers = numbers?;
            let key: Vec<u64> = self.keys[depth][best * words..(best + 1) * words].to_vec();
            self.store(&key, numbers)?;
        }
    }

    /// The number of legal moves of the token on `at` in `st`.
    fn replies(&self, st: &State, at: usize) -> u32 {
        let vertex = self.game.rule == Rule::Vertex;
        let free = |&&(x, e): &&(usize, usize)| !st.bit(if vertex { x } else { e });
        self.game.adj[at].iter().filter(free).count() as u32
    }
}
