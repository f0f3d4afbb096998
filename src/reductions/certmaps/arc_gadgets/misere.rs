//! Forward maps of the misère arc gadgets (`dvg-misere-uvg`, RS Thm 2.3; `dvg-nimg`,
//! RS Thm 3.1): a normal-play DVG winning strategy becomes a winning strategy of the misère
//! target.
//!
//! The proofs let the winner follow his source strategy through the gadgets and answer every
//! deviation of the opponent inside a gadget by the local case analysis. One case needs more
//! than the source strategy: an opponent who enters an arc gadget `(u, v)` from its head `v`
//! is answered "according to whether moving on to the tail `u` would win" (RS Thm 3.1), which
//! is the outcome of the source position (token at `u`, `v` visited), a position off the
//! source strategy. The map therefore values the ends of every local game in two ways:
//!
//! - **on plan**: the line so far is a line of source moves (every gadget crossed forward,
//!   the entrant arriving at the head and leaving the gadget closed) in which the winner
//!   followed his certificate; the source strategy wins from there, so the arrival is good for
//!   the winner without any search;
//! - **off plan** (after a backward entry or any irregular crossing): the arrival at original
//!   vertex `t` is the source position (token at `t`, the originals visited or emptied in the
//!   target visited), and its outcome is found by exhaustive search of the *source* digraph
//!   from there ([`SourceSearch`], memoised on exact keys, bounded by [`SOURCE_SEARCH_CAP`]
//!   nodes and by its share of the map's memory, [`SOURCE_SEARCH_SHARE`]).
//!   In the papers' chains these positions are tiny: the tail of an arc entered backwards is a
//!   diamond side or a clause vertex whose forward moves are almost all used up.
//!
//! Inside a gadget the winner's move is found by exhaustive search of the gadget's local game
//! (a few dozen positions) up to the next arrival at a live original vertex, valued as above.
//! The source search only decides which of the proof's answers to give; whatever it decides
//! is checked, with the whole target strategy, by [`crate::certify::check`].

use super::super::util::{GameOracle, build_game_cert, dest, map_limits, with_map_limits};
use super::{Episode, Gadgets, Place};
use crate::certify::{Certificate, CheckError, Limits, Replay};
use crate::problems::{Convention, Geography, Move, Player, VertexId};
use crate::reductions::certmaps::{CertMapError, MapStatus};
use rustc_hash::FxHashMap as HashMap;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Positions the off-plan source search may expand in one map before it gives up (the map
/// then ends in [`CheckError::TooLarge`], an "unknown", not a failure).
pub const SOURCE_SEARCH_CAP: u64 = 20_000_000;

/// The share (1/n) of the map's memory that the off-plan source search's table takes; the
/// certificate walk gets the rest. The map's memory is its limits' work items
/// ([`map_limits`]`().max_positions`, which `verify` derives from `--memory`) at
/// [`BYTES_PER_MAP_ITEM`] each.
pub const SOURCE_SEARCH_SHARE: u64 = 4;

/// Bytes an item of the map limits stands for: what `verify` counts a walk item at
/// (`verify::chain::BYTES_PER_WALK_ITEM`, a test checks that they agree).
pub const BYTES_PER_MAP_ITEM: usize = 320;

/// Bytes the source search's table holds per entry beyond its key's block: a hashbrown slot
/// (a 16-byte boxed slice and its answer, 24 bytes, and a control byte) at up to 8/7 slots
/// an entry, three times while the table grows (the old and the new arrays together).
const SEARCH_BYTES_PER_ENTRY: usize = 3 * 25 * 8 / 7 + 1;

/// The forward maps of the misère arc gadgets (module comment).
pub(crate) const FORWARD: MapStatus = MapStatus::Constructive(
    "DVG strategy → misère strategy: follow the source strategy through the gadgets (local \
     game searched inside each); an opponent entering a gadget from its head is answered, as \
     the proof says, by whether moving on to the tail wins: the outcome of that off-strategy \
     source position, found by exhaustive search of the source",
);

/// Source DVG strategy → misère target strategy (module comment), for the gadgets `gd` of
/// `tgt` built from `src`.
pub(crate) fn forward(
    gd: Gadgets,
    src: &Geography,
    tgt: &Geography,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let oracle = GameOracle::new(src, cert)?;
    // One budget for the walk and the source search: the search takes its share of the
    // walk's items, as bytes.
    let limits = map_limits();
    let search_items = limits.max_positions / SOURCE_SEARCH_SHARE;
    let walk = Limits {
        max_positions: limits.max_positions - search_items,
        ..limits
    };
    let search_bytes = usize::try_from(search_items)
        .unwrap_or(usize::MAX)
        .saturating_mul(BYTES_PER_MAP_ITEM);
    let map = Forward {
        gd,
        tgt,
        oracle: &oracle,
        search: SourceSearch::new(src, search_bytes),
        local_nodes: Cell::new(0),
        tgt_start: Replay::new(tgt)?,
        src_start: Replay::new(src)?,
        path: RefCell::new(Vec::new()),
    };
    with_map_limits(walk, || {
        build_game_cert(tgt, oracle.winner(), |at| map.choose(at.line()))
    })
}

/// Everything the winner's choice function consults.
struct Forward<'a> {
    gd: Gadgets<'a>,
    tgt: &'a Geography,
    oracle: &'a GameOracle<'a>,
    search: SourceSearch,
    /// Nodes of the local searches, to poll the deadline.
    local_nodes: Cell<u64>,
    /// The start positions, cloned for each line (cheaper than indexing the boards again).
    tgt_start: Replay<'a>,
    src_start: Replay<'a>,
    /// The last line asked about, move by move with the position and trace after each move
    /// (lines forgotten): the walk is depth first, so the next line shares a long prefix
    /// with it and only the rest is replayed.
    path: RefCell<Vec<(Move, Replay<'a>, Trace<'a>)>>,
}

/// A target line read as source play: the source position while the line is on plan, and
/// the gadget being crossed, if any.
#[derive(Clone)]
struct Trace<'s> {
    /// The source position of the line while it is on plan (module comment); `None` after.
    /// Shared, so that the local searches copy a trace without copying the position.
    on_plan: Option<Rc<Replay<'s>>>,
    /// The gadget the token is in.
    episode: Option<Episode>,
    /// The last move arrived at a gadget's head leaving tokens on the vertex next to it
    /// (NimG's `d`): the gadget can be re-entered from there, so the position is no source
    /// position and the local search goes on.
    open: bool,
}

impl<'a> Forward<'a> {
    /// The winner's move after `line` of the target.
    fn choose(&self, line: &[Move]) -> Result<Move, CertMapError> {
        let (mut at, trace) = self.replay(line)?;
        let mut moves = at.legal()?;
        // On plan at an original vertex the winner makes his certificate's move, and only
        // that: its gadget is entered and the arrival is on plan. Searching for another move
        // there would repair a wrong certificate instead of mapping it.
        if let (None, Some(src)) = (trace.episode, &trace.on_plan) {
            let want = dest(&self.oracle.choose(src)?);
            let here = at.token(0).unwrap_or(usize::MAX);
            moves.retain(|m| {
                let ep = self.gd.entering(here, m, at.mover());
                ep.is_some_and(|e| e.forward && Some(self.gd.arcs[e.arc].1) == want)
            });
        }
        for m in moves {
            if self.wins_after(&mut at, &trace, m)? {
                return Ok(m);
            }
        }
        Err(CertMapError::Invalid(format!(
            "the {} has no winning move after {} target moves",
            self.oracle.winner(),
            line.len()
        )))
    }

    /// The position after `line` (its line forgotten) and its trace, replaying only what
    /// `line` does not share with the previous line asked about.
    fn replay(&self, line: &[Move]) -> Result<(Replay<'a>, Trace<'a>), CertMapError> {
        let mut path = self.path.borrow_mut();
        let common = path
            .iter()
            .zip(line)
            .take_while(|((m, _, _), n)| m == *n)
            .count();
        path.truncate(common);
        let (mut at, mut trace) = match path.last() {
            Some((_, at, trace)) => (at.clone(), trace.clone()),
            None => (
                self.tgt_start.clone(),
                Trace {
                    on_plan: Some(Rc::new(self.src_start.clone())),
                    episode: None,
                    open: false,
                },
            ),
        };
        for &m in &line[common..] {
            let (mover, here) = (at.mover(), at.token(0));
            at.play(m)?;
            at = at.without_line();
            self.push(&mut trace, (mover, here), m, &at)?;
            path.push((m, at.clone(), trace.clone()));
        }
        Ok((at, trace))
    }

    /// Extends `trace` by the move `m` of `mover`, whose token stood on `here`, that led to
    /// `after`.
    fn push(
        &self,
        trace: &mut Trace<'a>,
        (mover, here): (Player, Option<VertexId>),
        m: Move,
        after: &Replay,
    ) -> Result<(), CertMapError> {
        trace.open = false;
        match (trace.episode, self.gd.place(dest(&m))) {
            (None, _) => {
                let here = here.unwrap_or(usize::MAX);
                trace.episode = self.gd.entering(here, &m, mover);
                // A pendant, a stay (NimG without neighbours): no source move.
                if trace.episode.is_none() {
                    trace.on_plan = None;
                }
            }
            (Some(ep), Place::Original(t)) if self.live(after, t) => {
                trace.episode = None;
                let at_head = t == self.gd.head(ep.arc);
                trace.open = at_head && !self.gd.closed(after, ep);
                let regular = ep.forward && at_head && mover == ep.entrant && !trace.open;
                if !regular {
                    trace.on_plan = None;
                }
                if let Some(src) = &mut trace.on_plan {
                    let step = self.gd.source_move(ep.arc);
                    // The winner's crossing is on plan only where his certificate makes it.
                    let follows = mover != self.oracle.winner()
                        || dest(&self.oracle.choose(src)?) == dest(&step);
                    match follows {
                        true => Rc::make_mut(src).play(step)?,
                        false => trace.on_plan = None,
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether the token may still arrive at original `t` as a source position: any vertex
    /// it could move onto (UVG), a non-empty heap (NimG: moving onto an empty heap loses at
    /// once and is played out locally).
    fn live(&self, at: &Replay, t: VertexId) -> bool {
        at.weights().get(t).is_none_or(|&w| w > 0)
    }

    /// Whether the winner wins after `m` at `at` (`trace` describes `at`); `m` is played on
    /// `at` and taken back (no copy of the position per node of the local search).
    fn wins_after(
        &self,
        at: &mut Replay<'a>,
        trace: &Trace<'a>,
        m: Move,
    ) -> Result<bool, CertMapError> {
        let before = (at.mover(), at.token(0));
        let played = at.play_undoable(m);
        let mut trace = trace.clone();
        let wins = self.push(&mut trace, before, m, at).and_then(|()| {
            match (trace.episode, self.gd.place(dest(&m))) {
                (None, Place::Original(t)) if self.live(at, t) && !trace.open => {
                    self.arrival(at, &trace, t)
                }
                _ => self.local(at, &trace),
            }
        });
        at.undo(played);
        wins
    }

    /// The local game at `at` inside a gadget (or after a pendant), searched exhaustively to
    /// the next arrival: whether the winner wins.
    fn local(&self, at: &mut Replay<'a>, trace: &Trace<'a>) -> Result<bool, CertMapError> {
        let polls = self.local_nodes.get() + 1;
        self.local_nodes.set(polls);
        if polls.is_multiple_of(4096) {
            super::super::util::map_deadline_passed()?;
        }
        let legal = at.legal()?;
        let winner = self.oracle.winner();
        if legal.is_empty() {
            let stuck_wins = self.tgt.convention == Convention::Misere;
            return Ok((at.mover() == winner) == stuck_wins);
        }
        let mine = at.mover() == winner;
        for m in legal {
            if self.wins_after(at, trace, m)? == mine {
                return Ok(mine);
            }
        }
        Ok(!mine)
    }

    /// The value of an arrival at original `t`: on plan, the source strategy wins; off plan,
    /// the source position's outcome.
    fn arrival(&self, at: &Replay, trace: &Trace<'a>, t: VertexId) -> Result<bool, CertMapError> {
        if trace.on_plan.is_some() {
            return Ok(true);
        }
        let original = self.gd.originals();
        let mut visited = vec![0u64; original.len().div_ceil(64)];
        // Visited: marked (UVG) or emptied (NimG, which marks nothing).
        let nim = !at.weights().is_empty();
        let visited_now = |o| o == t || !self.live(at, o) || (!nim && at.marked(o));
        for (x, _) in original
            .iter()
            .enumerate()
            .filter(|&(_, &o)| visited_now(o))
        {
            visited[x / 64] |= 1 << (x % 64);
        }
        let x = self
            .gd
            .source_vertex(t)
            .ok_or_else(|| CertMapError::Invalid("an arrival off the original vertices".into()))?;
        let mover_wins = self.search.mover_wins(x, &mut visited)?;
        Ok(mover_wins == (at.mover() == self.oracle.winner()))
    }
}

/// Exhaustive normal-play search of the source digraph from positions off the certificate.
struct SourceSearch {
    /// Out-neighbours of every source vertex.
    out: Vec<Vec<VertexId>>,
    /// Exact keys: the token's vertex and the visited set.
    memo: RefCell<HashMap<Box<[u64]>, bool>>,
    nodes: Cell<u64>,
    /// Bytes the memo holds (its keys' blocks and slots), and the most it may hold.
    bytes: Cell<usize>,
    max_bytes: usize,
}

impl SourceSearch {
    fn new(src: &Geography, max_bytes: usize) -> SourceSearch {
        let mut out = vec![Vec::new(); src.graph.n()];
        for &(x, y) in &src.graph.edges {
            out[x].push(y);
        }
        SourceSearch {
            out,
            memo: RefCell::new(HashMap::default()),
            nodes: Cell::new(0),
            bytes: Cell::new(0),
            max_bytes,
        }
    }

    /// Whether the player to move wins the source DVG with the token at `t` (already in
    /// `visited`); `visited` is restored before returning.
    fn mover_wins(&self, t: VertexId, visited: &mut Vec<u64>) -> Result<bool, CertMapError> {
        // The key is the visited set followed by the token's vertex.
        visited.push(t as u64);
        let known = self.memo.borrow().get(visited.as_slice()).copied();
        visited.pop();
        if let Some(w) = known {
            return Ok(w);
        }
        let nodes = self.nodes.get() + 1;
        self.nodes.set(nodes);
        if nodes.is_multiple_of(4096) {
            super::super::util::map_deadline_passed()?;
        }
        if nodes > SOURCE_SEARCH_CAP {
            return Err(CertMapError::Check(CheckError::TooLarge {
                what: "the off-plan source search",
                size: nodes,
                limit: SOURCE_SEARCH_CAP,
            }));
        }
        let mut wins = false;
        for &y in &self.out[t] {
            let bit = 1u64 << (y % 64);
            if visited[y / 64] & bit != 0 {
                continue;
            }
            visited[y / 64] |= bit;
            let reply = self.mover_wins(y, visited);
            visited[y / 64] &= !bit;
            if !reply? {
                wins = true;
                break;
            }
        }
        visited.push(t as u64);
        // The key's block (glibc: an 8-byte header, 16-byte rounding) and its slot.
        let entry = ((visited.len() * 8 + 8 + 15) & !15).max(32) + SEARCH_BYTES_PER_ENTRY;
        let bytes = self.bytes.get().saturating_add(entry);
        if bytes > self.max_bytes {
            visited.pop();
            return Err(CertMapError::Check(CheckError::TooLarge {
                what: "the off-plan source search's table in bytes (its share of --memory)",
                size: bytes as u64,
                limit: self.max_bytes as u64,
            }));
        }
        self.bytes.set(bytes);
        self.memo
            .borrow_mut()
            .insert(visited.as_slice().into(), wins);
        visited.pop();
        Ok(wins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reductions::helpers::testing::parse_game;

    #[test]
    fn the_source_search_stops_when_its_table_fills_its_share() {
        // A complete digraph on 9 vertices: the search from v0 stores about a thousand
        // positions, about 120 KB of table.
        let names: Vec<String> = (0..9).map(|i| format!("v{i}")).collect();
        let arcs: Vec<String> = (0..9)
            .flat_map(|i| {
                (0..9)
                    .filter(move |&j| j != i)
                    .map(move |j| format!("v{i} -> v{j}"))
            })
            .collect();
        let src = parse_game(&format!(
            "geography {{ directed vertex geography tokens: one at v0 vertices {} edges {} }}",
            names.join(" "),
            arcs.join(", ")
        ));
        let visited = || vec![1u64];
        let small = SourceSearch::new(&src, 10_000);
        match small.mover_wins(0, &mut visited()) {
            Err(CertMapError::Check(CheckError::TooLarge { what, limit, .. })) => {
                assert!(what.contains("bytes"), "{what}");
                assert_eq!(limit, 10_000);
            }
            other => panic!("expected the table to fill: {other:?}"),
        }
        assert!(small.bytes.get() <= 10_000);
        let large = SourceSearch::new(&src, 1 << 30);
        let mut v = visited();
        // K9 from a visited v0: every line takes all 8 others, an even number: the mover
        // (the opponent of whoever moved to v0) loses.
        assert!(!large.mover_wins(0, &mut v).unwrap());
        assert_eq!(v, visited(), "visited is restored");
        let entries = large.memo.borrow().len();
        assert!(
            large.bytes.get() >= entries * 32,
            "{} for {entries}",
            large.bytes.get()
        );
    }

    #[test]
    fn a_map_item_is_counted_as_verify_counts_a_walk_item() {
        assert_eq!(
            super::BYTES_PER_MAP_ITEM,
            crate::verify::chain::BYTES_PER_WALK_ITEM
        );
    }
}
