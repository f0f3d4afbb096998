//! One-token geography on directed acyclic graphs by backward induction, in linear time.
//!
//! On a DAG the token never returns to a vertex or an arc, so the visited set and the used
//! arcs never matter and vertex and arc geography coincide (Fraenkel–Simonson, TCS 110,
//! 1993, §3, `shared/papers/002`): the player to move at `v` wins iff `v` has an
//! out-neighbour `w` at which the player to move loses; at a sink the player to move loses
//! (normal play) or wins (misère). Values are computed in reverse topological order
//! (Kahn's algorithm, which also rejects cycles and loops). Unrooted games look one move
//! ahead from the empty board.

use super::state::{Game, NONE, State};
use super::{GameSolution, check_valid, oracle};
use crate::problems::geography::{Convention, Geography, Move, Rule, Tokens};
use crate::solvers::{Budget, SolveError};

/// A topological order of a directed graph, or `None` when it has a cycle (loops included).
pub(crate) fn topological_order(g: &Geography) -> Option<Vec<usize>> {
    let n = g.graph.n();
    let mut indeg = vec![0usize; n];
    for &(_, v) in &g.graph.edges {
        indeg[v] += 1;
    }
    let adj = g.graph.out_adjacency();
    let mut order: Vec<usize> = (0..n).filter(|&v| indeg[v] == 0).collect();
    let mut i = 0;
    while i < order.len() {
        for &(w, _) in &adj[order[i]] {
            indeg[w] -= 1;
            if indeg[w] == 0 {
                order.push(w);
            }
        }
        i += 1;
    }
    (order.len() == n).then_some(order)
}

/// Whether the DAG method applies: a directed acyclic graph, vertex or edge rule, one token
/// (either convention).
pub(crate) fn applies(g: &Geography) -> bool {
    g.graph.directed
        && matches!(g.rule, Rule::Vertex | Rule::Edge)
        && matches!(g.tokens, Tokens::One { .. })
        && topological_order(g).is_some()
}

/// `value[v]`: whether the player to move with the token on `v` wins. `None` on a cycle.
pub fn dag_values(g: &Geography) -> Option<Vec<bool>> {
    let order = topological_order(g)?;
    let misere = g.convention == Convention::Misere;
    let adj = g.graph.successors();
    let mut value = vec![false; g.graph.n()];
    for &v in order.iter().rev() {
        value[v] = if adj[v].is_empty() {
            misere
        } else {
            adj[v].iter().any(|&w| !value[w])
        };
    }
    Some(value)
}

/// Whether the mover wins `st`, given the vertex values (exact on reachable positions).
fn mover_wins(game: &Game, value: &[bool], st: &State) -> bool {
    if st.tok[0] != NONE {
        return value[st.tok[0] as usize];
    }
    let moves = game.moves(st);
    if moves.is_empty() {
        return game.misere;
    }
    moves.iter().any(|mv| match *mv {
        Move::Place { vertex } => !value[vertex],
        Move::Step { to, .. } => !value[to],
        Move::Nim { .. } => false,
    })
}

/// Solves one-token vertex or arc geography on a DAG (rooted or unrooted, normal or misère).
///
/// Errors: [`SolveError::Unsupported`] unless the graph is directed and acyclic (no loops)
/// and the game has one token under the vertex or edge rule, or when the game is invalid.
pub fn solve_dag(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = std::time::Instant::now();
    let mut solved = dag_search(g, budget).map_err(|e| e.or_tableless_since(started))?;
    solved.stats.tableless = true;
    Ok(solved)
}

/// [`solve_dag`] before the statistics of a stopped search are attached.
fn dag_search(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    check_valid(g)?;
    let value = match dag_values(g) {
        Some(v) if applies(g) => v,
        _ => {
            return Err(SolveError::Unsupported(
                "the DAG solver needs one-token vertex or arc geography on a directed \
                 acyclic graph"
                    .into(),
            ));
        }
    };
    let game = Game::new(g);
    oracle::solve_by_oracle(&game, budget, "dag", |st| mover_wins(&game, &value, st))
}
