//! Undirected vertex geography (UVG) by maximum matching, in polynomial time.
//!
//! Source: Fraenkel, Scheinerman, Ullman, "Undirected edge geography" (TCS 112, 1993), UVG
//! lemma, as explained in `shared/papers/000` (kuniga.me, "The Geography Game", Lemma 1 and
//! "Generalizations"). With the token on `x` in the graph `R` of unvisited vertices plus `x`:
//! the player to move wins iff every maximum matching of `R` saturates `x`, i.e. iff
//! `ν(R − x) < ν(R)`. Unrooted (player I places the token, player II moves first from it):
//! player II wins iff `G` has a perfect matching.
//!
//! Strategy (the same source): the winner fixes one maximum matching `M` (of `R` when the
//! mover wins, of `R − x` when the mover loses) and always moves along the `M`-edge at the
//! token; the loser's moves never leave `M` without a partner. The principal variation is
//! produced by playing that strategy against the loser's first legal move.

use super::state::{Game, NONE, State};
use super::{GameSolution, check_valid};
use crate::problems::geography::{Convention, Geography, Move, Rule, Tokens};
use crate::solvers::{Budget, SolveError, Stats, Winner};
use petgraph::algo::maximum_matching;
use petgraph::graph::{NodeIndex, UnGraph};
use std::time::Instant;

/// Whether the matching method applies: undirected vertex rule, one token, normal play.
pub(crate) fn applies(g: &Geography) -> bool {
    !g.graph.directed
        && g.rule == Rule::Vertex
        && matches!(g.tokens, Tokens::One { .. })
        && g.convention == Convention::Normal
}

/// Mates in a maximum matching of the subgraph induced by `alive`, indexed by vertex.
fn matching(g: &Geography, alive: &[bool]) -> Vec<Option<usize>> {
    let mut h = UnGraph::<(), ()>::with_capacity(g.graph.n(), g.graph.m());
    for _ in 0..g.graph.n() {
        h.add_node(());
    }
    for &(u, v) in &g.graph.edges {
        if alive[u] && alive[v] && u != v {
            h.add_edge(NodeIndex::new(u), NodeIndex::new(v), ());
        }
    }
    let m = maximum_matching(&h);
    (0..g.graph.n())
        .map(|v| m.mate(NodeIndex::new(v)).map(|w| w.index()))
        .collect()
}

fn size(mates: &[Option<usize>]) -> usize {
    mates.iter().flatten().count() / 2
}

/// The vertices still in play in `st`: unvisited ones plus the token's vertex.
fn alive(st: &State, n: usize) -> Vec<bool> {
    (0..n)
        .map(|v| !st.bit(v) || st.tok[0] as usize == v)
        .collect()
}

/// Solves a UVG instance (rooted or unrooted) by maximum matching.
///
/// Errors: [`SolveError::Unsupported`] unless the game is undirected vertex geography with
/// one token under normal play (misère UVG is PSPACE-complete), or is invalid.
pub fn solve_matching(g: &Geography, _budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    check_valid(g)?;
    if !applies(g) {
        return Err(SolveError::Unsupported(
            "the matching solver needs undirected vertex geography with one token and normal \
             play"
                .into(),
        ));
    }
    let game = Game::new(g);
    let mut st = game.start.clone();
    let mut line = Vec::new();
    let (mover_wins, mates, matchings) = winners_matching(g, &st);
    let winner_turn = if mover_wins { st.turn } else { st.turn ^ 1 };
    loop {
        let moves = game.moves(&st);
        let pick = if st.turn == winner_turn {
            winner_move(&st, &moves, &mates)
        } else {
            moves.first().copied()
        };
        let Some(mv) = pick else { break };
        game.apply(&mut st, mv);
        line.push(mv);
    }
    Ok(GameSolution {
        winner: if mover_wins {
            Winner::First
        } else {
            Winner::Second
        },
        winning_move: if mover_wins {
            line.first().copied()
        } else {
            None
        },
        principal_variation: line,
        stats: Stats::since(started, matchings),
        method: "matching",
    })
}

/// Decides the start `st` and returns (player to move wins, the winner's matching, number
/// of matchings computed). Rooted: the winner's matching is a maximum matching of the live
/// graph when the mover wins, of the live graph minus the token's vertex when they lose.
fn winners_matching(g: &Geography, st: &State) -> (bool, Vec<Option<usize>>, u64) {
    let n = g.graph.n();
    if st.tok[0] != NONE {
        let a = alive(st, n);
        let x = st.tok[0] as usize;
        let with = matching(g, &a);
        let mut without_x = a;
        without_x[x] = false;
        let without = matching(g, &without_x);
        let wins = size(&without) < size(&with);
        return (wins, if wins { with } else { without }, 2);
    }
    // Unrooted: with a perfect matching player II wins wherever player I places the token;
    // otherwise a maximum matching exposes some vertex v, is still maximum in G − v, and
    // player I wins by placing the token on v.
    let full = matching(g, &vec![true; n]);
    (2 * size(&full) < n, full, 1)
}

/// The winner's move: along the matching edge at the token, or (unrooted first move) onto
/// the vertex the matching leaves exposed.
fn winner_move(st: &State, moves: &[Move], mates: &[Option<usize>]) -> Option<Move> {
    if st.tok[0] == NONE {
        let v = (0..mates.len()).find(|&v| mates[v].is_none())?;
        return Some(Move::Place { vertex: v });
    }
    let x = st.tok[0] as usize;
    let y = mates[x]?;
    moves
        .iter()
        .copied()
        .find(|m| matches!(m, Move::Step { to, .. } if *to == y))
}
