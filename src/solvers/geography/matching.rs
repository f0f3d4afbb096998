//! Undirected vertex geography (UVG) by maximum matching, in near-linear time.
//!
//! Source: Fraenkel, Scheinerman, Ullman, "Undirected edge geography" (TCS 112, 1993), UVG
//! lemma, as explained in `shared/papers/000` (kuniga.me, "The Geography Game", Lemma 1 and
//! "Generalizations"). With the token on `x` in the graph `R` of unvisited vertices plus `x`:
//! the player to move wins iff every maximum matching of `R` saturates `x`, i.e. iff `x` is
//! not in the Gallai–Edmonds set D(R) of vertices some maximum matching misses. Unrooted
//! (player I places the token, player II moves first from it): player II wins iff `G` has a
//! perfect matching, i.e. iff D(G) is empty.
//!
//! One decomposition ([`blossom::decompose`]) answers every start vertex at once
//! ([`uvg_winners`]); the solver for one instance uses the same decomposition.
//!
//! Strategy (the same source): the winner fixes one maximum matching `M` (of `G` when the
//! mover wins; when the mover loses, one that misses the start, obtained from the
//! decomposition by flipping one alternating path) and always moves along the `M`-edge at
//! the token; the loser's moves never leave `M` without a partner. The principal variation
//! is produced by playing that strategy against the loser's first legal move.

use super::state::{Game, NONE, State};
use super::{GameSolution, check_valid};
use crate::problems::geography::{Convention, Geography, Move, Rule, Tokens};
use crate::solvers::blossom::{self, Decomposition};
use crate::solvers::{Budget, SolveError, Stats, Winner};
use std::time::Instant;

/// Whether the matching method applies: undirected vertex rule, one token, normal play.
pub(crate) fn applies(g: &Geography) -> bool {
    !g.graph.directed
        && g.rule == Rule::Vertex
        && matches!(g.tokens, Tokens::One { .. })
        && g.convention == Convention::Normal
}

fn check_applies(g: &Geography) -> Result<(), SolveError> {
    check_valid(g)?;
    if !applies(g) {
        return Err(SolveError::Unsupported(
            "the matching solver needs undirected vertex geography with one token and normal \
             play"
                .into(),
        ));
    }
    Ok(())
}

/// The Gallai–Edmonds decomposition of the whole graph of `g`.
fn decomposition(g: &Geography, budget: &Budget) -> Result<Decomposition, SolveError> {
    let graph = blossom::Graph::from_edges(g.graph.n(), &g.graph.edges);
    Ok(blossom::decompose(
        &graph,
        &vec![true; g.graph.n()],
        budget,
    )?)
}

/// The winner of rooted UVG on `g`'s graph from every start vertex (index = vertex), from one
/// Gallai–Edmonds decomposition: player I, who moves first from `v`, loses iff some maximum
/// matching misses `v`. The start stored in `g` is ignored.
///
/// Errors as [`solve_matching`].
pub fn uvg_winners(g: &Geography, budget: &Budget) -> Result<Vec<Winner>, SolveError> {
    Ok(uvg_winners_counted(g, budget)?.0)
}

/// [`uvg_winners`] with the work it did: the vertices the blossom search took from its
/// queues, the count [`solve_matching`] reports as its `nodes` (and charges to the budget).
///
/// Errors as [`solve_matching`].
pub fn uvg_winners_counted(
    g: &Geography,
    budget: &Budget,
) -> Result<(Vec<Winner>, u64), SolveError> {
    check_applies(g)?;
    let dec = decomposition(g, budget)?;
    let winners = (dec.deficient.iter())
        .map(|&d| if d { Winner::Second } else { Winner::First })
        .collect();
    Ok((winners, dec.nodes))
}

/// Solves a UVG instance (rooted or unrooted) by maximum matching.
///
/// Errors: [`SolveError::Unsupported`] unless the game is undirected vertex geography with
/// one token under normal play (misère UVG is PSPACE-complete), or is invalid.
pub fn solve_matching(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    matching_search(g, budget).map_err(|e| e.or_tableless_since(started))
}

/// [`solve_matching`] before the statistics of a stopped search are attached.
fn matching_search(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    check_applies(g)?;
    let dec = decomposition(g, budget)?;
    let game = Game::new(g);
    let mut st = game.start.clone();
    let mut line = Vec::new();
    let (mover_wins, mates) = winners_matching(&dec, &st);
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
        stats: Stats::without_table(started, dec.nodes),
        method: "matching",
    })
}

/// Decides the start `st` (the initial position, nothing visited but the start) from the
/// decomposition and returns (player to move wins, the winner's matching). Rooted: the
/// winner's matching is maximum in the graph and, when the mover loses, misses the start.
fn winners_matching(dec: &Decomposition, st: &State) -> (bool, Vec<usize>) {
    if st.tok[0] != NONE {
        let x = st.tok[0] as usize;
        let wins = !dec.deficient[x];
        return (
            wins,
            if wins {
                dec.mate.clone()
            } else {
                dec.missing(x)
            },
        );
    }
    // Unrooted: with a perfect matching player II wins wherever player I places the token;
    // otherwise a maximum matching exposes some vertex v, is still maximum in G − v, and
    // player I wins by placing the token on v.
    (dec.deficient.iter().any(|&d| d), dec.mate.clone())
}

/// The winner's move: along the matching edge at the token, or (unrooted first move) onto
/// the vertex the matching leaves exposed.
fn winner_move(st: &State, moves: &[Move], mates: &[usize]) -> Option<Move> {
    if st.tok[0] == NONE {
        let v = (0..mates.len()).find(|&v| mates[v] == blossom::NONE)?;
        return Some(Move::Place { vertex: v });
    }
    let x = st.tok[0] as usize;
    let y = mates[x];
    if y == blossom::NONE {
        return None;
    }
    moves
        .iter()
        .copied()
        .find(|m| matches!(m, Move::Step { to, .. } if *to == y))
}
