//! Misère NimG-RM in polynomial time by maximum matching, for the two classes of Renault and
//! Schmidt ("On the complexity of the misère version of three games played on graphs",
//! `shared/papers/003`, §3).
//!
//! * **Bipartite, no loops (Thm 3.5, Cor 3.6).** With `H` the subgraph induced by the
//!   vertices of positive weight, the player to move at `c` (with `w(c) > 0`) wins iff every
//!   maximum matching of `H` covers `c`, i.e. `c ∉ D(H)`. The winner removes the whole heap
//!   and moves along the matching edge. One convention of ours is not the paper's: a vertex
//!   with no neighbour at all is played as one Nim heap (remove, stay), which only the start
//!   can be; there the mover wins iff `w(c) ≥ 2`.
//! * **A loop on every vertex (Thm 3.7).** A vertex with `w(c) ≥ 2` is won by the mover
//!   (either some "empty the heap and move" wins, or leaving one token and staying on the
//!   loop forces the opponent into one of those losing moves). From `w(c) = 1`, moving to a
//!   vertex of weight 0 or ≥ 2, or staying, loses, so play stays on the weight-1 vertices,
//!   each used once: normal-play UVG on `G[{w = 1}]` (their Thm 3.4), decided by matching.
//!
//! In both classes the mover at a vertex of weight 0 wins (misère: no move). Both
//! characterisations hold in every position reachable from the start (removing tokens keeps
//! the class), so they serve as the position oracle for the line of play, which evaluates
//! one decomposition per candidate move ([`oracle::solve_by_oracle`]).

use super::state::{Game, State};
use super::{GameSolution, check_valid, oracle};
use crate::problems::geography::{Convention, Geography, Rule, Tokens};
use crate::solvers::blossom::{self, Graph};
use crate::solvers::{Budget, BudgetExceeded, SolveError};
use std::cell::Cell;

/// Which of the two classes a game is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// Bipartite, no loops (Thm 3.5).
    Bipartite,
    /// A loop on every vertex (Thm 3.7).
    Looped,
}

/// The class of `g`, or `None` when neither theorem applies: misère NimG-RM, rooted,
/// undirected, and either bipartite without loops or with a loop on every vertex.
fn class(g: &Geography) -> Option<Class> {
    let fits = g.rule == Rule::NimRemoveMove
        && g.convention == Convention::Misere
        && !g.graph.directed
        && matches!(g.tokens, Tokens::One { start: Some(_) });
    if !fits {
        return None;
    }
    let n = g.graph.n();
    let mut looped = vec![false; n];
    for &(u, v) in &g.graph.edges {
        if u == v {
            looped[u] = true;
        }
    }
    if looped.iter().all(|&l| l) {
        Some(Class::Looped)
    } else if !looped.iter().any(|&l| l) && g.graph.is_bipartite() {
        Some(Class::Bipartite)
    } else {
        None
    }
}

/// Whether a matching method for misère NimG-RM applies (see the module docs).
pub(crate) fn applies(g: &Geography) -> bool {
    class(g).is_some()
}

/// The position evaluator of one game.
struct NimMatching<'a> {
    class: Class,
    /// The graph without loops.
    graph: Graph,
    /// Vertices with no neighbour at all (a heap played in place).
    isolated: Vec<bool>,
    budget: &'a Budget,
}

impl NimMatching<'_> {
    /// Whether the player to move in `st` wins.
    fn mover_wins(&self, st: &State) -> Result<bool, BudgetExceeded> {
        let c = st.tok[0] as usize;
        let w = &st.weights;
        if w[c] == 0 {
            return Ok(true);
        }
        let alive: Vec<bool> = match self.class {
            Class::Bipartite if self.isolated[c] => return Ok(w[c] >= 2),
            Class::Bipartite => w.iter().map(|&x| x > 0).collect(),
            Class::Looped if w[c] >= 2 => return Ok(true),
            Class::Looped => w.iter().map(|&x| x == 1).collect(),
        };
        let d = blossom::decompose(&self.graph, &alive, self.budget)?;
        Ok(!d.deficient[c])
    }
}

/// Solves misère NimG-RM on a bipartite loopless graph or on a graph with a loop on every
/// vertex, with a line of play.
///
/// Errors: [`SolveError::Unsupported`] outside those classes (see `applies`) or for an
/// invalid game; [`SolveError::Budget`] when `budget` runs out.
pub fn solve_nim_matching(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = std::time::Instant::now();
    let mut solved = nim_matching_search(g, budget).map_err(|e| e.or_tableless_since(started))?;
    solved.stats.tableless = true;
    Ok(solved)
}

/// [`solve_nim_matching`] before the statistics of a stopped search are attached.
fn nim_matching_search(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    check_valid(g)?;
    let Some(class) = class(g) else {
        return Err(SolveError::Unsupported(
            "the NimG matching solver needs misère NimG-RM with a start on an undirected \
             graph that is bipartite without loops or has a loop on every vertex"
                .into(),
        ));
    };
    let graph = Graph::from_edges(g.graph.n(), &g.graph.edges);
    let mut isolated = vec![true; g.graph.n()];
    for &(a, b) in &g.graph.edges {
        isolated[a] = false;
        isolated[b] = false;
    }
    let eval = NimMatching {
        class,
        graph,
        isolated,
        budget,
    };
    // The oracle interface is infallible: a budget stop is remembered and reported after.
    let stopped: Cell<Option<BudgetExceeded>> = Cell::new(None);
    let method = match class {
        Class::Bipartite => "nim_matching",
        Class::Looped => "nim_loops",
    };
    let game = Game::new(g);
    let sol = oracle::solve_by_oracle(&game, budget, method, |st| {
        if stopped.get().is_some() {
            return false;
        }
        eval.mover_wins(st).unwrap_or_else(|e| {
            stopped.set(Some(e));
            false
        })
    })?;
    match stopped.get() {
        Some(e) => Err(e.into()),
        None => Ok(sol),
    }
}
