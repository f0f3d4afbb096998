//! The checker's own move generator for every geography variant.
//!
//! Written straight from `../shared/spec/edge-misere-trailtrap.md` §0 and
//! `../shared/spec/fraenkel-simonson.md` §0 and the doc comments on [`Rule`] and [`Tokens`],
//! and deliberately *not* shared with the solver: a certificate check must not inherit the
//! solver's bugs. It favours obviously-correct over fast (positions own their bit sets).
//!
//! A [`State`] is everything that decides the rest of the game: who moves, where each token
//! is (`NONE` before an unrooted game places it), the marks (vertices that ever held a token
//! under the vertex rule, used edges under the edge rule) and the NimG weights. Every move
//! adds a mark or removes at least one NimG token, so no state repeats in a play and every
//! play is finite.

use super::super::{CheckError, Player};
use crate::problems::{Geography, Move, Rule, Tokens, VertexId};

/// The token is not on the board yet (unrooted games).
pub(crate) const NONE: usize = usize::MAX;

/// A position of the game; see the module comment.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    pub mover: Player,
    pub tokens: [usize; 2],
    pub marks: Vec<u64>,
    pub weights: Vec<u64>,
}

/// The game with its adjacency precomputed.
pub(crate) struct Board<'g> {
    pub game: &'g Geography,
    /// `(neighbour, edge)` pairs leaving each vertex (both directions when undirected).
    adj: Vec<Vec<(VertexId, usize)>>,
    /// Distinct out-neighbours (neighbours when undirected), sorted.
    succ: Vec<Vec<VertexId>>,
}

fn has(marks: &[u64], i: usize) -> bool {
    marks[i / 64] >> (i % 64) & 1 == 1
}

fn set(marks: &mut [u64], i: usize) {
    marks[i / 64] |= 1 << (i % 64);
}

impl<'g> Board<'g> {
    /// Validates the game (model rules, NimG only with one rooted pointer) and indexes it.
    pub fn new(game: &'g Geography) -> Result<Board<'g>, CheckError> {
        game.validate()
            .map_err(|(at, msg)| CheckError::BadInstance(format!("{msg} ({at:?})")))?;
        if game.is_nim() && !matches!(game.tokens, Tokens::One { start: Some(_) }) {
            return Err(CheckError::Unsupported(
                "NimG is played with one rooted pointer".into(),
            ));
        }
        Ok(Board {
            game,
            adj: game.graph.out_adjacency(),
            succ: game.graph.successors(),
        })
    }

    /// How many tokens a position lists: 1 (one token, NimG pointer) or 2.
    pub fn token_count(&self) -> usize {
        match self.game.tokens {
            Tokens::One { .. } => 1,
            _ => 2,
        }
    }

    /// Whether the marks are visited vertices (vertex rule) or used edges (edge rule).
    pub fn marks_vertices(&self) -> bool {
        self.game.rule == Rule::Vertex
    }

    /// An empty position with player I to move: no marks, initial weights, no tokens.
    pub fn blank(&self) -> State {
        let g = &self.game.graph;
        let bits = match self.game.rule {
            Rule::Vertex => g.n(),
            Rule::Edge => g.m(),
            _ => 0,
        };
        let weights = match self.game.is_nim() {
            true => g.vertices.iter().map(|v| v.weight.unwrap_or(0)).collect(),
            false => Vec::new(),
        };
        State {
            mover: Player::First,
            tokens: [NONE; 2],
            marks: vec![0; bits.div_ceil(64)],
            weights,
        }
    }

    /// The start position: tokens on their start vertices, which count as visited.
    pub fn start(&self) -> State {
        let mut s = self.blank();
        let starts = match self.game.tokens {
            Tokens::One { start } => [start, None],
            Tokens::Partizan { starts } => starts.map_or([None; 2], |[a, b]| [Some(a), Some(b)]),
            Tokens::TwoShared { starts: [a, b] } => [Some(a), Some(b)],
        };
        for (t, v) in starts.into_iter().enumerate() {
            if let Some(v) = v {
                s.tokens[t] = v;
                if self.marks_vertices() {
                    set(&mut s.marks, v);
                }
            }
        }
        s
    }

    /// The `(neighbour, edge)` pairs leaving `v`, in the order moves are listed.
    pub fn adjacency(&self, v: VertexId) -> &[(VertexId, usize)] {
        &self.adj[v]
    }

    /// Sets mark `i` (used when decoding a position).
    pub fn mark(&self, s: &mut State, i: usize) {
        set(&mut s.marks, i);
    }

    /// Whether mark `i` is set.
    pub fn marked(&self, s: &State, i: usize) -> bool {
        has(&s.marks, i)
    }

    /// Every legal move of the player to move, in a fixed order. NimG can have as many moves
    /// as a vertex has tokens; more than `cap` is reported as too large.
    pub fn moves(&self, s: &State, cap: u64) -> Result<Vec<Move>, CheckError> {
        let mut out = Vec::new();
        match self.game.rule {
            Rule::NimRemoveMove => self.nim_remove_move(s, cap, &mut out)?,
            Rule::NimMoveRemove => self.nim_move_remove(s, cap, &mut out)?,
            Rule::Vertex | Rule::Edge => {
                let tokens: &[u8] = match self.game.tokens {
                    Tokens::One { .. } => &[0],
                    Tokens::Partizan { .. } => [&[0u8][..], &[1u8][..]][s.mover.index()],
                    Tokens::TwoShared { .. } => &[0, 1],
                };
                for &t in tokens {
                    self.token_moves(s, t, &mut out);
                }
            }
        }
        Ok(out)
    }

    /// Moves of token `t` under the vertex or edge rule.
    fn token_moves(&self, s: &State, t: u8, out: &mut Vec<Move>) {
        let g = &self.game.graph;
        let vertex_rule = self.marks_vertices();
        let c = s.tokens[usize::from(t)];
        if c != NONE {
            // A rooted token moves along an edge leaving it: to an unvisited vertex (vertex
            // rule) or along an unused edge (edge rule).
            for &(w, e) in &self.adj[c] {
                if !has(&s.marks, if vertex_rule { w } else { e }) {
                    out.push(Move::Step {
                        token: t,
                        from: c,
                        edge: e,
                        to: w,
                    });
                }
            }
        } else if vertex_rule {
            // Unrooted vertex games: place the token on any unvisited vertex.
            out.extend(
                (0..g.n())
                    .filter(|&v| !has(&s.marks, v))
                    .map(|v| Move::Place { vertex: v }),
            );
        } else if matches!(self.game.tokens, Tokens::One { .. }) {
            // Unrooted one-token edge games (the papers' rule): player I places the token on
            // any vertex, using nothing; player II makes the first move along an edge.
            out.extend((0..g.n()).map(|v| Move::Place { vertex: v }));
        } else {
            // Trail Trap (unrooted partizan edge game): take any unused edge, in either
            // direction when undirected.
            for (e, &(u, v)) in g
                .edges
                .iter()
                .enumerate()
                .filter(|&(e, _)| !has(&s.marks, e))
            {
                out.push(Move::Step {
                    token: t,
                    from: u,
                    edge: e,
                    to: v,
                });
                if !g.directed && u != v {
                    out.push(Move::Step {
                        token: t,
                        from: v,
                        edge: e,
                        to: u,
                    });
                }
            }
        }
    }

    /// NimG-RM: at `c` with `w(c) > 0`, remove 1..=w(c) and move to any neighbour (only
    /// remove when `c` has none); with `w(c) = 0` there is no move.
    fn nim_remove_move(&self, s: &State, cap: u64, out: &mut Vec<Move>) -> Result<(), CheckError> {
        let c = s.tokens[0];
        let w = s.weights[c];
        let targets: Vec<Option<VertexId>> = match self.succ[c].is_empty() {
            true => vec![None],
            false => self.succ[c].iter().map(|&x| Some(x)).collect(),
        };
        too_many(w.saturating_mul(targets.len() as u64), cap)?;
        for take in 1..=w {
            out.extend(targets.iter().map(|&to| Move::Nim { take, to }));
        }
        Ok(())
    }

    /// NimG-MR: move to a neighbour `x` with `w(x) > 0` and remove 1..=w(x) there.
    fn nim_move_remove(&self, s: &State, cap: u64, out: &mut Vec<Move>) -> Result<(), CheckError> {
        let c = s.tokens[0];
        let total = self.succ[c]
            .iter()
            .fold(0u64, |t, &x| t.saturating_add(s.weights[x]));
        too_many(total, cap)?;
        for &x in &self.succ[c] {
            out.extend((1..=s.weights[x]).map(|take| Move::Nim { take, to: Some(x) }));
        }
        Ok(())
    }

    /// The position after the legal move `m` (only call with a move from [`Board::moves`]).
    pub fn apply(&self, s: &State, m: Move) -> State {
        let mut n = s.clone();
        self.apply_in_place(&mut n, m);
        n
    }

    /// [`Board::apply`] on `n` itself, without a copy of the position; returns what
    /// [`Board::undo`] needs to take the move back.
    pub fn apply_in_place(&self, n: &mut State, m: Move) -> Undo {
        let (mover, pointer) = (n.mover, n.tokens[0]);
        let mut undo = Undo {
            mover,
            tokens: n.tokens,
            mark: None,
            removed: None,
        };
        n.mover = mover.other();
        match m {
            Move::Place { vertex } => {
                // Only a partizan player's own token can be unplaced besides token 0.
                let t = match self.game.tokens {
                    Tokens::Partizan { .. } => mover.index(),
                    _ => 0,
                };
                n.tokens[t] = vertex;
                // Placing visits the vertex under the vertex rule; under the edge rule it
                // uses no edge.
                if self.marks_vertices() && !has(&n.marks, vertex) {
                    set(&mut n.marks, vertex);
                    undo.mark = Some(vertex);
                }
            }
            Move::Step {
                token, edge, to, ..
            } => {
                n.tokens[usize::from(token)] = to;
                let mark = if self.marks_vertices() { to } else { edge };
                if !has(&n.marks, mark) {
                    set(&mut n.marks, mark);
                    undo.mark = Some(mark);
                }
            }
            Move::Nim { take, to } => {
                let at = match self.game.rule {
                    Rule::NimMoveRemove => to.unwrap_or(pointer),
                    _ => pointer,
                };
                n.weights[at] -= take;
                undo.removed = Some((at, take));
                if let Some(x) = to {
                    n.tokens[0] = x;
                }
            }
        }
        undo
    }

    /// Takes back the move whose [`Board::apply_in_place`] on `n` returned `undo` (the last
    /// move applied to `n`): `n` is the position before it again.
    pub fn undo(&self, n: &mut State, undo: Undo) {
        n.mover = undo.mover;
        n.tokens = undo.tokens;
        if let Some(i) = undo.mark {
            n.marks[i / 64] &= !(1 << (i % 64));
        }
        if let Some((at, take)) = undo.removed {
            n.weights[at] += take;
        }
    }
}

/// What a move changed, for [`Board::undo`]: the mover and tokens before it, the mark it set
/// (if it set a new one) and the NimG tokens it removed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    mover: Player,
    tokens: [usize; 2],
    mark: Option<usize>,
    removed: Option<(usize, u64)>,
}

/// Reports a move list longer than the walk's remaining budget.
fn too_many(count: u64, cap: u64) -> Result<(), CheckError> {
    match count > cap {
        true => Err(CheckError::TooLarge {
            what: "the number of moves at one position",
            size: count,
            limit: cap,
        }),
        false => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{Convention, Graph};

    fn board_game(
        directed: bool,
        edges: &[(usize, usize)],
        rule: Rule,
        tokens: Tokens,
    ) -> Geography {
        let mut g = Graph::new(directed);
        for i in 0..3 {
            g.add_vertex(format!("v{i}"));
        }
        for &(u, v) in edges {
            g.add_edge(u, v);
        }
        Geography {
            graph: g,
            rule,
            tokens,
            convention: Convention::Normal,
        }
    }

    #[test]
    fn unrooted_edge_game_opens_with_a_placement() {
        // The papers' rule: player I places the token on any of the 3 vertices, using no
        // edge; player II then moves along any edge at the token (both edges at v1).
        let g = board_game(
            false,
            &[(0, 1), (1, 2), (2, 2)],
            Rule::Edge,
            Tokens::One { start: None },
        );
        let b = Board::new(&g).unwrap();
        let s = b.start();
        let moves = b.moves(&s, u64::MAX).unwrap();
        let places: Vec<Move> = (0..3).map(|vertex| Move::Place { vertex }).collect();
        assert_eq!(moves, places);
        let next = b.apply(&s, Move::Place { vertex: 1 });
        let after = b.moves(&next, u64::MAX).unwrap();
        assert_eq!(after.len(), 2, "{after:?}");
        // After v1→v2 along edge 1, the token at v2 can only take the loop.
        let next = b.apply(
            &next,
            Move::Step {
                token: 0,
                from: 1,
                edge: 1,
                to: 2,
            },
        );
        let after = b.moves(&next, u64::MAX).unwrap();
        assert_eq!(
            after,
            vec![Move::Step {
                token: 0,
                from: 2,
                edge: 2,
                to: 2
            }]
        );
    }

    #[test]
    fn trail_trap_opens_along_any_edge_either_way() {
        // Two edges and a loop: 2 + 2 + 1 openings (a loop has one direction).
        let g = board_game(
            false,
            &[(0, 1), (1, 2), (2, 2)],
            Rule::Edge,
            Tokens::Partizan { starts: None },
        );
        let b = Board::new(&g).unwrap();
        assert_eq!(b.moves(&b.start(), u64::MAX).unwrap().len(), 5);
    }

    #[test]
    fn partizan_vertex_tokens_block_each_other() {
        // v0–v1–v2 with I on v0 and II on v2: I cannot enter v2, and after I takes v1,
        // II has no move.
        let g = board_game(
            false,
            &[(0, 1), (1, 2)],
            Rule::Vertex,
            Tokens::Partizan {
                starts: Some([0, 2]),
            },
        );
        let b = Board::new(&g).unwrap();
        let s = b.start();
        assert_eq!(b.moves(&s, u64::MAX).unwrap().len(), 1);
        let t = b.apply(
            &s,
            Move::Step {
                token: 0,
                from: 0,
                edge: 0,
                to: 1,
            },
        );
        assert_eq!(t.mover, Player::Second);
        assert!(b.moves(&t, u64::MAX).unwrap().is_empty());
    }

    #[test]
    fn nim_move_counts_and_cap() {
        let mut g = board_game(
            true,
            &[(0, 1), (0, 2)],
            Rule::NimRemoveMove,
            Tokens::One { start: Some(0) },
        );
        for (v, w) in [3, 0, 1].into_iter().enumerate() {
            g.graph.vertices[v].weight = Some(w);
        }
        let b = Board::new(&g).unwrap();
        // Remove 1..=3 at v0, then move to v1 or v2 (even onto weight 0).
        assert_eq!(b.moves(&b.start(), 100).unwrap().len(), 6);
        assert!(matches!(
            b.moves(&b.start(), 5),
            Err(CheckError::TooLarge { .. })
        ));
        let mr = Geography {
            rule: Rule::NimMoveRemove,
            ..g
        };
        let b = Board::new(&mr).unwrap();
        // Move only onto v2 (weight 1) and take 1 there.
        assert_eq!(
            b.moves(&b.start(), 100).unwrap(),
            vec![Move::Nim {
                take: 1,
                to: Some(2)
            }]
        );
    }
}

#[cfg(test)]
mod undo_tests {
    //! `Board::undo` takes back exactly what `Board::apply_in_place` did, on every position
    //! of random small games of every variant (NimG included), so that searches ahead by
    //! play and undo (`Replay::play_undoable`) see the same positions as by copying.
    use super::super::canon::tests::{mover_wins, random_game};
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    #[test]
    fn undo_restores_every_position() {
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        let (mut games, mut moves, mut nim) = (0, 0, 0);
        while games < 300 {
            let game = random_game(&mut rng);
            let Ok(b) = Board::new(&game) else { continue };
            games += 1;
            let mut memo = HashMap::new();
            mover_wins(&b, &b.start(), &mut memo);
            for s in memo.keys() {
                for m in b.moves(s, u64::MAX).unwrap() {
                    let mut n = s.clone();
                    let undo = b.apply_in_place(&mut n, m);
                    assert_eq!(n, b.apply(s, m), "{game:?}");
                    assert_ne!(&n, s, "every move changes the position");
                    b.undo(&mut n, undo);
                    assert_eq!(&n, s, "{m:?} in {game:?}");
                    moves += 1;
                    nim += usize::from(matches!(m, Move::Nim { .. }));
                }
            }
        }
        assert!(moves > 10_000 && nim > 1_000, "{moves} moves, {nim} NimG");
    }
}
