//! Winning strategies for geography games (every variant, normal and misère).
//!
//! A `game_win` certificate names a winner `W` and a *positional strategy*: a map from
//! positions where `W` is to move to `W`'s move there. It proves that `W` wins when, in every
//! play from the start in which `W` follows the map and the opponent moves arbitrarily,
//! (1) every move the map gives is legal, (2) every reached position where `W` is to move and
//! the legal moves lead to two or more distinct positions is in the map (a position whose
//! moves all lead to the same position may be omitted: the move is forced), and (3) the play
//! ends with the opponent stuck under normal play, or with `W` stuck under misère play
//! (the player with no move wins).
//!
//! The check walks exactly that tree of plays with its own move generator (`rules.rs`),
//! visiting each position once (the strategy is positional and plays are finite, so a
//! position verified once is verified for every line reaching it).
//!
//! A `game_moves` certificate of normal-play one-token undirected edge geography may also
//! close positions of the opponent by even kernels ([`KernelLeaf`]): the walk checks the
//! kernel there (`kernel.rs`, Fraenkel–Scheinerman–Ullman's lemma: the player to move on an
//! even kernel loses) and does not walk below it.

mod canon;
mod encode;
mod replay;
mod rules;

pub use encode::{CertMove, Position};
pub use replay::{Played, Replay, StrategyPlayer};

use super::kernel::{check_even_kernel, kernel_game};
use super::{CheckError, Claim, IdIndex, Limits, Player, Verdict};
use crate::problems::{Convention, Geography, Move, VertexId};
use canon::{Key, KeyScratch};
use rules::{Board, NONE, State};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// A winner and their strategy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameStrategy {
    /// The player who wins with this strategy.
    pub winner: Player,
    /// The winner's move at each position (winner to move) that the check may reach.
    pub strategy: Vec<StrategyEntry>,
}

/// One entry of a strategy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrategyEntry {
    /// The position (the winner is to move).
    pub position: Position,
    /// The winner's move there.
    #[serde(rename = "move")]
    pub play: CertMove,
}

/// A winner and their moves, listed in the order in which the checker's walk asks for them
/// (the `game_moves` kind; see `docs/certificates.md`): positions are implicit, rebuilt by
/// the checker move by move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameMoves {
    /// The player who wins with these moves.
    pub winner: Player,
    /// At each position of the walk where the winner has a real choice, in walk order, the
    /// index of the winner's move among the legal moves there (in the checker's order).
    pub choices: Vec<u32>,
    /// Positions where the opponent is to move that an even kernel closes (normal-play
    /// one-token undirected edge geography only), in walk order; the walk does not go below
    /// them. Absent (empty) in certificates without kernel leaves, which therefore read and
    /// write exactly as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kernels: Vec<KernelLeaf>,
}

/// An even-kernel leaf of a `game_moves` walk: the position the walk expands as its `at`-th
/// (0 is the start; every position expanded counts, whoever is to move), where the opponent
/// of the winner is to move, and an even kernel of that position (`certify/kernel.rs`): the
/// token's vertex is in it, no free edge joins two members (a free loop at a member
/// included), and every other vertex has an even number of free edges into it. By
/// Fraenkel–Scheinerman–Ullman's lemma the player to move there loses (the winner always
/// answers back into the kernel).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelLeaf {
    /// The position's number in the walk's order of expanded positions.
    pub at: u64,
    /// The kernel's vertices, by identifier.
    pub kernel: Vec<String>,
}

/// Bytes the walk's table of checked classes may hold per item of
/// [`Limits::max_positions`] (a key of the papers' boards takes 40 to 100 bytes, and a
/// position costs one item plus one per generated move).
pub const WALK_BYTES_PER_ITEM: u64 = 64;

/// How a walk recognises a position it has already checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sharing {
    /// Only the same position (`game_win`: the strategy is a map from positions).
    Exact,
    /// A position with the same future ([`canon`]: tokens, mover, live part).
    Live,
}

/// What the winner does at a position in a walk: `legal` are the moves there, `forced` says
/// that they all lead to the same position, `line` is the play from the start, `key` the
/// position's key under the walk's sharing.
trait Chooser {
    fn choose(
        &mut self,
        s: &State,
        key: &Key,
        line: &[Move],
        legal: &[Move],
        forced: bool,
    ) -> Result<Move, CheckError>;
    fn terminal(&mut self, s: &State, line: &[Move]) -> Result<(), CheckError>;
    /// Whether the walk's `index`-th expanded position `s` (anyone to move) is closed
    /// without walking below it (an even-kernel leaf); never, unless a chooser says so.
    fn close(
        &mut self,
        _s: &State,
        _key: &Key,
        _line: &[Move],
        _index: u64,
    ) -> Result<bool, CheckError> {
        Ok(false)
    }
}

/// Walks every play from the start where `winner` moves by `chooser` and the opponent moves
/// in every legal way, depth first, each position (each key under `sharing`) once. Returns
/// the work done.
fn walk(
    board: &Board,
    winner: Player,
    time: &Limits,
    sharing: Sharing,
    chooser: &mut impl Chooser,
) -> Result<u64, CheckError> {
    let limit = time.max_positions;
    let mut work = 0u64;
    let mut scratch = KeyScratch::default();
    let mut key_of = |s: &State| match sharing {
        Sharing::Exact => Key::Full(Box::new(s.clone())),
        Sharing::Live => board.key(s, &mut scratch),
    };
    let mut expanded = 0u64;
    let mut expand =
        |s: &State, key: &Key, line: &[Move]| -> Result<Vec<(Move, State)>, CheckError> {
            let index = expanded;
            expanded += 1;
            if chooser.close(s, key, line, index)? {
                // A closed position is one item, like a terminal one; its kernel check is
                // linear and is not stored.
                work += 1;
                return Ok(Vec::new());
            }
            let legal = board.moves(s, limit.saturating_sub(work))?;
            let before = work;
            work += 1 + legal.len() as u64;
            // The clock is read about once per 4,096 items of work.
            if before >> 12 != work >> 12 {
                time.check_time()?;
            }
            if work > limit {
                return Err(CheckError::TooLarge {
                    what: "the strategy walk",
                    size: work,
                    limit,
                });
            }
            if legal.is_empty() {
                chooser.terminal(s, line)?;
                return Ok(Vec::new());
            }
            if s.mover != winner {
                return Ok(legal.iter().map(|&m| (m, board.apply(s, m))).collect());
            }
            // The winner's position: only the chosen move's position is needed, and whether
            // all moves lead to one position is settled by the first that does not.
            let first = board.apply(s, legal[0]);
            let forced = legal[1..].iter().all(|&m| board.apply(s, m) == first);
            let m = chooser.choose(s, key, line, &legal, forced)?;
            match legal.iter().position(|&x| x == m) {
                Some(0) => Ok(vec![(m, first)]),
                Some(_) => Ok(vec![(m, board.apply(s, m))]),
                None => Err(CheckError::IllegalMove {
                    ply: line.len(),
                    line: board.cert_line(line),
                    played: CertMove::from_move(&board.game.graph, &m)?,
                }),
            }
        };
    // The table of checked classes may hold `WALK_BYTES_PER_ITEM` bytes per item of the
    // work limit (`Limits::within_memory` sets that limit from a memory budget).
    let max_bytes = limit.saturating_mul(WALK_BYTES_PER_ITEM);
    let mut held = 0u64;
    let start = board.start();
    let start_key = key_of(&start);
    let mut done: HashSet<Key> = HashSet::default();
    let mut line: Vec<Move> = Vec::new();
    // Each frame holds its position's key and the children not walked yet, in reverse
    // order (popped by value, in move order).
    let reversed = |mut children: Vec<(Move, State)>| {
        children.reverse();
        children
    };
    let children = reversed(expand(&start, &start_key, &line)?);
    let mut frames = vec![(start_key, children)];
    while let Some((_, children)) = frames.last_mut() {
        let Some((m, child)) = children.pop() else {
            let (key, _) = frames.pop().expect("a frame");
            held += key.bytes() as u64;
            if held > max_bytes {
                return Err(CheckError::TooLarge {
                    what: "the bytes held by the strategy walk's table",
                    size: held,
                    limit: max_bytes,
                });
            }
            done.insert(key);
            line.pop();
            continue;
        };
        let child_key = key_of(&child);
        if done.contains(&child_key) {
            continue;
        }
        line.push(m);
        let grandchildren = reversed(expand(&child, &child_key, &line)?);
        frames.push((child_key, grandchildren));
    }
    Ok(work)
}

/// The certificate's strategy, decoded: each position's state and the move there.
struct Table<'b, 'g> {
    board: &'b Board<'g>,
    map: HashMap<State, Move>,
    winner: Player,
}

impl Chooser for Table<'_, '_> {
    fn choose(
        &mut self,
        s: &State,
        _: &Key,
        line: &[Move],
        legal: &[Move],
        forced: bool,
    ) -> Result<Move, CheckError> {
        match self.map.get(s) {
            Some(&m) => Ok(m),
            None if forced => Ok(legal[0]),
            None => Err(CheckError::MissingPosition {
                line: self.board.cert_line(line),
            }),
        }
    }

    fn terminal(&mut self, s: &State, line: &[Move]) -> Result<(), CheckError> {
        terminal_won(self.board, self.winner, s, line)
    }
}

/// `Ok` when the game ends at `s` (the player to move has no move) with `winner` winning:
/// the stuck player loses under normal play and wins under misère play.
fn terminal_won(board: &Board, winner: Player, s: &State, line: &[Move]) -> Result<(), CheckError> {
    let stuck_wins = board.game.convention == Convention::Misere;
    match (s.mover == winner) == stuck_wins {
        true => Ok(()),
        false => Err(CheckError::GameLost {
            line: board.cert_line(line),
            stuck: s.mover,
            loser: winner,
        }),
    }
}

/// The moves of a `game_moves` certificate, read in walk order, and its kernel leaves;
/// `seen` records each key's move, and `closed` each kernel leaf's kernel, when the strategy
/// is decoded for consultation.
struct Sequence<'b, 'g, 'c> {
    board: &'b Board<'g>,
    ids: IdIndex<'g>,
    winner: Player,
    choices: &'c [u32],
    next: usize,
    kernels: &'c [KernelLeaf],
    next_kernel: usize,
    seen: Option<HashMap<Key, Move>>,
    closed: Option<HashMap<Key, Vec<VertexId>>>,
}

impl Chooser for Sequence<'_, '_, '_> {
    fn choose(
        &mut self,
        _: &State,
        key: &Key,
        line: &[Move],
        legal: &[Move],
        forced: bool,
    ) -> Result<Move, CheckError> {
        if forced {
            return Ok(legal[0]);
        }
        let Some(&i) = self.choices.get(self.next) else {
            return Err(CheckError::MissingPosition {
                line: self.board.cert_line(line),
            });
        };
        let Some(&m) = legal.get(i as usize) else {
            return Err(CheckError::Malformed(format!(
                "choice {} is move {i}, but the position after {} moves has {} legal moves",
                self.next,
                line.len(),
                legal.len()
            )));
        };
        self.next += 1;
        if let Some(seen) = &mut self.seen {
            seen.insert(key.clone(), m);
        }
        Ok(m)
    }

    fn terminal(&mut self, s: &State, line: &[Move]) -> Result<(), CheckError> {
        terminal_won(self.board, self.winner, s, line)
    }

    /// The next kernel leaf closes `s` when it names `index`; its kernel is checked on the
    /// edges still free at `s`.
    fn close(
        &mut self,
        s: &State,
        key: &Key,
        line: &[Move],
        index: u64,
    ) -> Result<bool, CheckError> {
        let i = self.next_kernel;
        let Some(leaf) = self.kernels.get(i) else {
            return Ok(false);
        };
        if leaf.at > index {
            return Ok(false);
        }
        if leaf.at < index {
            return Err(CheckError::Malformed(format!(
                "kernel leaf {i} is at position {}, not after kernel leaf {} (leaves are \
                 listed in walk order, each at a position the walk expands)",
                leaf.at,
                i.saturating_sub(1)
            )));
        }
        self.next_kernel += 1;
        let g = &self.board.game.graph;
        let what = format!(
            "kernel leaf {i} (position {index}, after {} moves)",
            line.len()
        );
        if s.mover == self.winner {
            return Err(CheckError::Witness(format!(
                "{what}: the winner ({}) is to move there, but a kernel proves that the player \
                 to move loses",
                self.winner
            )));
        }
        let token = s.tokens[0];
        if token == NONE {
            return Err(CheckError::Witness(format!(
                "{what}: the token is not placed yet"
            )));
        }
        let k = self.ids.all(&leaf.kernel)?;
        check_even_kernel(g, &what, &k, |e| !self.board.marked(s, e), token)?;
        if let Some(closed) = &mut self.closed {
            closed.insert(key.clone(), k);
        }
        Ok(true)
    }
}

/// What walking a `game_moves` certificate gives: the work, and when recorded, each key's
/// move and each kernel leaf's kernel (by the leaf position's key).
struct Walked {
    work: u64,
    moves: HashMap<Key, Move>,
    kernels: HashMap<Key, Vec<VertexId>>,
}

/// Walks a `game_moves` certificate; records each key's move and kernel when `record`.
fn walk_moves(
    board: &Board,
    cert: &GameMoves,
    limits: &Limits,
    record: bool,
) -> Result<Walked, CheckError> {
    if !cert.kernels.is_empty() {
        kernel_game(board.game)?;
    }
    let mut seq = Sequence {
        board,
        ids: IdIndex::new(&board.game.graph),
        winner: cert.winner,
        choices: &cert.choices,
        next: 0,
        kernels: &cert.kernels,
        next_kernel: 0,
        seen: record.then(HashMap::default),
        closed: record.then(HashMap::default),
    };
    let work = walk(board, cert.winner, limits, Sharing::Live, &mut seq)?;
    if seq.next != cert.choices.len() {
        return Err(CheckError::Malformed(format!(
            "{} choices are left over after the walk used {}",
            cert.choices.len() - seq.next,
            seq.next
        )));
    }
    if seq.next_kernel != cert.kernels.len() {
        return Err(CheckError::Malformed(format!(
            "{} kernel leaves are left over after the walk used {} (kernel leaf {} is at \
             position {}, which the walk never expands)",
            cert.kernels.len() - seq.next_kernel,
            seq.next_kernel,
            seq.next_kernel,
            cert.kernels[seq.next_kernel].at
        )));
    }
    Ok(Walked {
        work,
        moves: seq.seen.unwrap_or_default(),
        kernels: seq.closed.unwrap_or_default(),
    })
}

/// Checks a `game_moves` certificate: the walk of every play in which the winner makes the
/// listed moves, each position with the same future (tokens, mover, live part) checked once,
/// and each kernel leaf's kernel checked where the walk reaches it (not walked below).
pub fn check_game_moves(
    game: &Geography,
    cert: &GameMoves,
    limits: &Limits,
) -> Result<Verdict, CheckError> {
    let board = Board::new(game)?;
    let walked = walk_moves(&board, cert, limits, false)?;
    Ok(Verdict {
        claim: Claim::Winner(cert.winner),
        work: walked.work,
    })
}

/// Decodes the strategy entries, rejecting duplicates and positions where the winner is not
/// to move (such entries would be dead weight at best and a misunderstanding at worst).
fn decode_table<'b, 'g>(
    board: &'b Board<'g>,
    cert: &GameStrategy,
) -> Result<Table<'b, 'g>, CheckError> {
    let ids = IdIndex::new(&board.game.graph);
    let mut map = HashMap::with_capacity_and_hasher(cert.strategy.len(), Default::default());
    for (i, entry) in cert.strategy.iter().enumerate() {
        let at = |e: CheckError| match e {
            CheckError::Malformed(msg) => {
                CheckError::Malformed(format!("strategy entry {i}: {msg}"))
            }
            e => e,
        };
        if entry.position.to_move != cert.winner {
            return Err(CheckError::Malformed(format!(
                "strategy entry {i}: {} is to move there, not the winner",
                entry.position.to_move
            )));
        }
        let s = board.decode(&entry.position, &ids).map_err(at)?;
        let m = entry.play.resolve(&ids)?;
        if map.insert(s, m).is_some() {
            return Err(CheckError::Malformed(format!(
                "strategy entry {i} repeats a position"
            )));
        }
    }
    Ok(Table {
        board,
        map,
        winner: cert.winner,
    })
}

/// Checks a winning strategy of any geography variant; see the module comment.
pub fn check_game_strategy(
    game: &Geography,
    cert: &GameStrategy,
    limits: &Limits,
) -> Result<Verdict, CheckError> {
    let board = Board::new(game)?;
    let mut table = decode_table(&board, cert)?;
    let work = walk(&board, cert.winner, limits, Sharing::Exact, &mut table)?;
    Ok(Verdict {
        claim: Claim::Winner(cert.winner),
        work,
    })
}

/// Records a choice function's moves where the walk asks the winner (positions with a real
/// choice): `ask` gives the winner's move at a position (its state and its line from the
/// start), `note` writes the move in the certificate's form, and `leaf` may close a position
/// (its state and walk index) with a kernel leaf. One recorder serves both certificate
/// builders: [`strategy_from_fn`] (positions and moves, no leaves) and
/// [`moves_from_fn_with_kernels`] (indices among the legal moves, and kernel leaves).
struct Recorder<'g, Ask, Note, Leaf> {
    board: Rc<Board<'g>>,
    ask: Ask,
    note: Note,
    leaf: Leaf,
}

impl<'g, Ask, Note, Leaf> Recorder<'g, Ask, Note, Leaf>
where
    Ask: FnMut(&Rc<Board<'g>>, &State, &[Move]) -> Option<Move>,
    Note: FnMut(&Board<'g>, &State, &[Move], &[Move], Move) -> Result<(), CheckError>,
    Leaf: FnMut(&Rc<Board<'g>>, &State, u64) -> Result<bool, CheckError>,
{
    /// A recorder on `board` (the constructor fixes the closures' signatures).
    fn new(board: Rc<Board<'g>>, ask: Ask, note: Note, leaf: Leaf) -> Self {
        Recorder {
            board,
            ask,
            note,
            leaf,
        }
    }
}

impl<'g, Ask, Note, Leaf> Chooser for Recorder<'g, Ask, Note, Leaf>
where
    Ask: FnMut(&Rc<Board<'g>>, &State, &[Move]) -> Option<Move>,
    Note: FnMut(&Board<'g>, &State, &[Move], &[Move], Move) -> Result<(), CheckError>,
    Leaf: FnMut(&Rc<Board<'g>>, &State, u64) -> Result<bool, CheckError>,
{
    fn choose(
        &mut self,
        s: &State,
        _: &Key,
        line: &[Move],
        legal: &[Move],
        forced: bool,
    ) -> Result<Move, CheckError> {
        if forced {
            return Ok(legal[0]);
        }
        let Some(m) = (self.ask)(&self.board, s, line) else {
            return Err(CheckError::MissingPosition {
                line: self.board.cert_line(line),
            });
        };
        (self.note)(&self.board, s, line, legal, m)?;
        Ok(m)
    }

    fn terminal(&mut self, _: &State, _: &[Move]) -> Result<(), CheckError> {
        Ok(())
    }

    fn close(&mut self, s: &State, _: &Key, _: &[Move], index: u64) -> Result<bool, CheckError> {
        (self.leaf)(&self.board, s, index)
    }
}

/// Builds a `game_win` certificate for `winner` from a choice function: `choose(line)` is the
/// winner's move after the play `line` from the start (it is asked only where the winner has
/// a real choice, once per position). The function walks every opponent reply with the
/// checker's own move generator, so it depends on [`crate::problems`] alone. It does not
/// judge the strategy: pass the result to [`check_game_strategy`] for that.
pub fn strategy_from_fn(
    game: &Geography,
    winner: Player,
    limits: &Limits,
    mut choose: impl FnMut(&[Move]) -> Option<Move>,
) -> Result<GameStrategy, CheckError> {
    let board = Rc::new(Board::new(game)?);
    let mut strategy = Vec::new();
    let mut rec = Recorder::new(
        board.clone(),
        |_: &Rc<Board>, _: &State, line: &[Move]| choose(line),
        |b: &Board, s: &State, _: &[Move], _: &[Move], m: Move| {
            strategy.push(StrategyEntry {
                position: b.position(s),
                play: CertMove::from_move(&b.game.graph, &m)?,
            });
            Ok(())
        },
        |_: &Rc<Board>, _: &State, _: u64| Ok(false),
    );
    walk(&board, winner, limits, Sharing::Exact, &mut rec)?;
    Ok(GameStrategy { winner, strategy })
}

/// Builds a `game_moves` certificate for `winner` from a choice function: `choose(at)` is
/// the winner's move at the position `at` (its line from the start is `at.line()`), asked
/// only where the winner has a real choice, once per position with a new future (the same
/// walk as [`check_game_moves`]). It depends on [`crate::problems`] alone and does not judge
/// the strategy.
pub fn moves_from_fn(
    game: &Geography,
    winner: Player,
    limits: &Limits,
    choose: impl FnMut(&Replay) -> Option<Move>,
) -> Result<GameMoves, CheckError> {
    moves_from_fn_with_kernels(game, winner, limits, choose, |_| None)
}

/// [`moves_from_fn`] with kernel leaves: at every position the walk expands where the
/// opponent of `winner` is to move (normal-play one-token undirected edge geography with the
/// token placed; never asked in other games), `kernel(at)` may give an even kernel of that
/// position (vertices; `at` has no line), and the walk records a [`KernelLeaf`] there
/// instead of walking below it. The kernels are not checked here: [`check_game_moves`]
/// judges them.
pub fn moves_from_fn_with_kernels(
    game: &Geography,
    winner: Player,
    limits: &Limits,
    mut choose: impl FnMut(&Replay) -> Option<Move>,
    mut kernel: impl FnMut(&Replay) -> Option<Vec<VertexId>>,
) -> Result<GameMoves, CheckError> {
    let board = Rc::new(Board::new(game)?);
    let leaves_apply = kernel_game(game).is_ok();
    let mut choices = Vec::new();
    let mut kernels = Vec::new();
    let mut rec = Recorder::new(
        board.clone(),
        |b: &Rc<Board>, s: &State, line: &[Move]| {
            choose(&Replay::at(b.clone(), s.clone(), line.to_vec()))
        },
        |b: &Board, _: &State, line: &[Move], legal: &[Move], m: Move| {
            let Some(i) = legal.iter().position(|&x| x == m) else {
                return Err(CheckError::IllegalMove {
                    ply: line.len(),
                    line: b.cert_line(line),
                    played: CertMove::from_move(&b.game.graph, &m)?,
                });
            };
            choices.push(i as u32);
            Ok(())
        },
        |b: &Rc<Board>, s: &State, index: u64| {
            if !leaves_apply || s.mover == winner || s.tokens[0] == NONE {
                return Ok(false);
            }
            // The finder sees the position without its line (a copy of the line at every
            // opponent position would cost more than most finder calls).
            let Some(k) = kernel(&Replay::at(b.clone(), s.clone(), Vec::new())) else {
                return Ok(false);
            };
            kernels.push(KernelLeaf {
                at: index,
                kernel: super::ids_of(&b.game.graph, &k)?,
            });
            Ok(true)
        },
    );
    walk(&board, winner, limits, Sharing::Live, &mut rec)?;
    Ok(GameMoves {
        winner,
        choices,
        kernels,
    })
}

/// The canonical start position of `game` (useful to build certificates by hand).
pub fn start_position(game: &Geography) -> Result<Position, CheckError> {
    let board = Board::new(game)?;
    Ok(board.position(&board.start()))
}
