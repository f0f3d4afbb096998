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
//! position with another future.
//!
//! Where no key is cheap (NimG, a token not yet placed, or a live part larger than
//! [`LIVE_CAP`]), the key is the whole position.

use super::rules::{Board, NONE, State};
use crate::problems::{Player, Rule};

/// The most live vertices (edges) a key lists; beyond it the whole position is the key.
pub(crate) const LIVE_CAP: usize = 256;

/// A key of a position: equal keys mean the same game tree from there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Key {
    /// The whole position.
    Full(State),
    /// Who moves, the tokens, and the live vertices (edges) in ascending order.
    Live {
        mover: Player,
        tokens: [usize; 2],
        live: Box<[u32]>,
    },
}

/// Reusable buffers of [`Board::key`]: the live list and per-vertex and per-mark stamps (a
/// generation counter, so that nothing is cleared between calls).
#[derive(Default)]
pub(crate) struct KeyScratch {
    live: Vec<u32>,
    queue: Vec<usize>,
    vertex_stamp: Vec<u32>,
    mark_stamp: Vec<u32>,
    stamp: u32,
}

impl Board<'_> {
    /// The exact key of `s` (see the module comment).
    pub(crate) fn key(&self, s: &State, scratch: &mut KeyScratch) -> Key {
        let placed = s.tokens[..self.token_count()].iter().all(|&t| t != NONE);
        let rule = self.game.rule;
        if !placed || !matches!(rule, Rule::Vertex | Rule::Edge) {
            return Key::Full(s.clone());
        }
        match self.live(s, scratch) {
            true => {
                scratch.live.sort_unstable();
                Key::Live {
                    mover: s.mover,
                    tokens: s.tokens,
                    live: scratch.live.as_slice().into(),
                }
            }
            false => Key::Full(s.clone()),
        }
    }

    /// Collects the live vertices (vertex rule) or edges (edge rule) of `s` into
    /// `scratch.live`, in search order; `false` when there are more than [`LIVE_CAP`].
    fn live(&self, s: &State, scratch: &mut KeyScratch) -> bool {
        let g = &self.game.graph;
        let vertex_rule = self.marks_vertices();
        let KeyScratch {
            live,
            queue,
            vertex_stamp,
            mark_stamp,
            stamp,
        } = scratch;
        vertex_stamp.resize(g.n(), 0);
        mark_stamp.resize(if vertex_rule { g.n() } else { g.m() }, 0);
        *stamp = stamp.wrapping_add(1);
        if *stamp == 0 {
            vertex_stamp.fill(0);
            mark_stamp.fill(0);
            *stamp = 1;
        }
        let now = *stamp;
        live.clear();
        queue.clear();
        for &t in &s.tokens[..self.token_count()] {
            if vertex_stamp[t] != now {
                vertex_stamp[t] = now;
                queue.push(t);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            for &(w, e) in self.adjacency(c) {
                let mark = if vertex_rule { w } else { e };
                if self.marked(s, mark) || mark_stamp[mark] == now {
                    continue;
                }
                if live.len() == LIVE_CAP {
                    return false;
                }
                mark_stamp[mark] = now;
                live.push(mark as u32);
                if vertex_stamp[w] != now {
                    vertex_stamp[w] = now;
                    queue.push(w);
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    //! The keys are exact: on random small games of every vertex and edge variant, positions
    //! with the same key have the same legal moves and the same winner, computed by plain
    //! recursion over whole positions.
    use super::*;
    use crate::problems::{Convention, Geography, Graph, Move, Tokens};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    /// Whether the player to move at `s` wins, by recursion over whole positions.
    fn mover_wins(b: &Board, s: &State, memo: &mut HashMap<State, bool>) -> bool {
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

    fn random_game(rng: &mut ChaCha8Rng) -> Geography {
        let n = rng.random_range(3..=7);
        let mut g = Graph::new(rng.random_bool(0.5));
        for i in 0..n {
            g.add_vertex(format!("v{i}"));
        }
        for _ in 0..rng.random_range(n..=2 * n + 2) {
            g.add_edge(rng.random_range(0..n), rng.random_range(0..n));
        }
        let (a, b) = (0, 1 + rng.random_range(0..n - 1));
        let tokens = match rng.random_range(0..4) {
            0 => Tokens::One { start: Some(a) },
            1 => Tokens::One { start: None },
            2 => Tokens::Partizan {
                starts: Some([a, b]),
            },
            _ => Tokens::TwoShared { starts: [a, b] },
        };
        Geography {
            graph: g,
            rule: if rng.random_bool(0.5) {
                Rule::Vertex
            } else {
                Rule::Edge
            },
            tokens,
            convention: if rng.random_bool(0.5) {
                Convention::Normal
            } else {
                Convention::Misere
            },
        }
    }

    #[test]
    fn equal_keys_have_equal_futures() {
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        let (mut games, mut shared) = (0, 0);
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
                match by_key.get(&b.key(s, &mut scratch)) {
                    Some((w, m)) => {
                        shared += 1;
                        assert_eq!((*w, m), (wins, &moves), "{game:?}\n{s:?}");
                    }
                    None => {
                        by_key.insert(b.key(s, &mut scratch), (wins, moves));
                    }
                }
            }
        }
        // The keys do merge positions (else the test would prove nothing).
        assert!(shared > 1000, "{shared}");
    }
}
