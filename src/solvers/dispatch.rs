//! One entry point that solves any [`Instance`] with the default solver for its kind.
//!
//! `verify`, `check` and `solve` all go through [`solve_instance`], so that the answer of a
//! source and of every intermediate instance of a chain is computed the same way.

use super::geography::{GameSolution, race_applies, solve_race};
use super::hampath::HamPathSolution;
use super::qbf::QbfSolution;
use super::vertex_cover::CoverSolution;
use super::{Budget, SolveError, Stats, Winner};
use crate::problems::Instance;

/// The answer to any instance, with its witness.
#[derive(Clone, Debug)]
pub enum Solution {
    /// A QBF's truth value.
    Qbf(QbfSolution),
    /// A Hamiltonian path or its absence.
    Hampath(HamPathSolution),
    /// A vertex cover or its absence.
    Cover(CoverSolution),
    /// A game's winner.
    Game(GameSolution),
}

impl Solution {
    /// The yes/no answer: for decision problems their answer, for games "player I wins".
    pub fn yes(&self) -> bool {
        match self {
            Solution::Qbf(s) => s.value,
            Solution::Hampath(s) => s.path.is_some(),
            Solution::Cover(s) => s.cover.is_some(),
            Solution::Game(s) => s.winner == Winner::First,
        }
    }

    /// The winner, for games.
    pub fn winner(&self) -> Option<Winner> {
        match self {
            Solution::Game(s) => Some(s.winner),
            _ => None,
        }
    }

    /// Search statistics.
    pub fn stats(&self) -> Stats {
        match self {
            Solution::Qbf(s) => s.stats,
            Solution::Hampath(s) => s.stats,
            Solution::Cover(s) => s.stats,
            Solution::Game(s) => s.stats,
        }
    }
}

/// Solves `instance` with the default solver of its kind. Games go to the exhaustive search,
/// except normal-play partizan edge geography on undirected graphs (Trail Trap, rooted or
/// not), which goes to the race search: it decides the same games (tests
/// `solvers/geography/tests/race.rs`) in far fewer nodes, so that `check` and `verify` finish
/// on 12–16-vertex Trail Trap games within the default budget (docs/performance-history.md,
/// ninth session).
pub fn solve_instance(instance: &Instance, budget: &Budget) -> Result<Solution, SolveError> {
    Ok(match instance {
        Instance::Qbf(q) => Solution::Qbf(super::qbf::solve(q, budget)?),
        Instance::Hampath(h) => Solution::Hampath(super::hampath::solve(h, budget)?),
        Instance::VertexCover(v) => Solution::Cover(super::vertex_cover::solve(v, budget)?),
        Instance::Geography(g) if race_applies(g) && g.validate().is_ok() => {
            Solution::Game(solve_race(g, budget)?)
        }
        Instance::Geography(g) => Solution::Game(super::geography::solve(g, budget)?),
    })
}
