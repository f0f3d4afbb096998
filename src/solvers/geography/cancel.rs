//! Antiparallel-arc cancellation for directed edge geography (one token, normal play), before
//! the exhaustive search, as the peer solver `generalized-geography` does.
//!
//! **Why it is sound (the copy argument).** Let `G` contain arcs `u→v` and `v→u`, and let `G'`
//! be `G` without both. Take the player `X` who wins `G'` from some position. In `G`, `X`
//! follows the same strategy, and whenever the opponent takes one arc of a removed pair,
//! `X` at once takes the other. That arc is unused, since pairs are only ever entered
//! through these replies, and the reply brings the token back to the vertex it left. So the
//! position in `G'` is unchanged, with the same opponent to move. The opponent's extra
//! moves in `G` only postpone the end, which is finite, and under normal play a player stuck
//! in `G` is also stuck in `G'`. So `X` wins `G` as well: `G` and `G'` have the same winner
//! from every position in which both arcs of each removed pair are unused, the start
//! included. (Under misère play the argument fails, because a player stuck in `G'` may be
//! forced to move in `G`. Partizan and two-token games are not covered either: the reply
//! must move the same token.) Arcs are paired greedily in index order. Loops are never
//! paired.
//!
//! **Lines of play stay valid in `G`.** Moves of `G'` are mapped back to the arc indices of
//! `G`. When the line of `G'` ends, the player to move may still hold arcs of removed pairs.
//! The line then replays them: that player takes one, the other answers with its partner,
//! and this repeats until the player to move is stuck in `G` too. The winner is unchanged.

use super::state::Game;
use super::{GameSolution, initial_position, solve_from};
use crate::problems::geography::{Convention, Geography, Move, Rule, Tokens};
use crate::solvers::{Budget, SolveError};
use rustc_hash::FxHashMap;

/// `G'` and how its arcs map back to `G`.
pub(crate) struct Cancelled {
    /// The game without the cancelled pairs.
    pub reduced: Geography,
    /// Arc index in `G` of each arc of `G'`.
    kept: Vec<usize>,
    /// Partner arc in `G` of each arc of `G` (`usize::MAX` if it was kept).
    partner: Vec<usize>,
}

impl Cancelled {
    /// The partner in `G` of arc `e` of `G`, or `None` when `e` was kept in `G'`.
    pub(crate) fn partner(&self, e: usize) -> Option<usize> {
        Some(self.partner[e]).filter(|&f| f != usize::MAX)
    }

    /// The arc of `G` that arc `e` of `G'` is.
    pub(crate) fn arc_in_original(&self, e: usize) -> usize {
        self.kept[e]
    }

    /// For each arc of `G`, its index in `G'` (`usize::MAX` for a cancelled arc).
    pub(crate) fn reduced_index(&self) -> Vec<usize> {
        let mut index = vec![usize::MAX; self.partner.len()];
        for (i, &e) in self.kept.iter().enumerate() {
            index[e] = i;
        }
        index
    }
}

/// Whether cancellation applies to `g`: one-token directed edge geography under normal play.
pub(crate) fn applies(g: &Geography) -> bool {
    g.rule == Rule::Edge
        && g.graph.directed
        && matches!(g.tokens, Tokens::One { .. })
        && g.convention == Convention::Normal
}

/// The game without its antiparallel arc pairs, or `None` when it has none (or cancellation
/// does not apply).
pub(crate) fn cancel(g: &Geography) -> Option<Cancelled> {
    if !applies(g) {
        return None;
    }
    let m = g.graph.m();
    let mut partner = vec![usize::MAX; m];
    // Unpaired arcs by (tail, head), lowest index first: a queue per (tail, head) kept as
    // (first, last) in an Fx map and linked through `next`, so that a million arcs cost no
    // allocation each (a `Vec` per key was 7 % of reading and solving a 600,000-arc game).
    let mut open: FxHashMap<(usize, usize), (usize, usize)> = FxHashMap::default();
    open.reserve(m);
    let mut next = vec![usize::MAX; m];
    for (e, &(u, v)) in g.graph.edges.iter().enumerate() {
        if u == v {
            continue;
        }
        if let Some(queue) = open.get_mut(&(v, u)) {
            let f = queue.0;
            partner[e] = f;
            partner[f] = e;
            if next[f] == usize::MAX {
                open.remove(&(v, u));
            } else {
                queue.0 = next[f];
            }
        } else {
            match open.get_mut(&(u, v)) {
                Some(queue) => {
                    next[queue.1] = e;
                    queue.1 = e;
                }
                None => {
                    open.insert((u, v), (e, e));
                }
            }
        }
    }
    let kept: Vec<usize> = (0..m).filter(|&e| partner[e] == usize::MAX).collect();
    if kept.len() == m {
        return None;
    }
    let mut reduced = g.clone();
    reduced.graph.edges = kept.iter().map(|&e| g.graph.edges[e]).collect();
    Some(Cancelled {
        reduced,
        kept,
        partner,
    })
}

/// Solves `g` through `c = cancel(g)`: the solution of `G'`, with moves mapped back to `G`
/// and the line extended by the pair replays (see the module doc).
pub(crate) fn solve_cancelled(
    g: &Geography,
    c: &Cancelled,
    budget: &Budget,
) -> Result<GameSolution, SolveError> {
    let sol = solve_from(&c.reduced, &initial_position(&c.reduced), budget)?;
    let back = |mv: Move| match mv {
        Move::Step {
            token,
            from,
            edge,
            to,
        } => Move::Step {
            token,
            from,
            edge: c.kept[edge],
            to,
        },
        other => other,
    };
    let mut line: Vec<Move> = sol.principal_variation.iter().map(|&mv| back(mv)).collect();
    // Replay the pairs still open at the end of the line.
    let game = Game::new(g);
    let mut st = game.start.clone();
    for &mv in &line {
        game.apply(&mut st, mv);
    }
    loop {
        let moves = game.moves(&st);
        let Some(&mv) = moves.first() else { break };
        let Move::Step { edge, to, .. } = mv else {
            break;
        };
        let f = c.partner[edge];
        debug_assert!(f != usize::MAX, "a kept arc left at the end of the line");
        game.apply(&mut st, mv);
        let reply = Move::Step {
            token: 0,
            from: to,
            edge: f,
            to: g.graph.edges[f].1,
        };
        game.apply(&mut st, reply);
        line.push(mv);
        line.push(reply);
    }
    Ok(GameSolution {
        winning_move: sol.winning_move.map(back),
        principal_variation: line,
        ..sol
    })
}
