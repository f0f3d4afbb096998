//! Instance types: the source problems and the Geography games they reduce to.
//!
//! This module holds data and its plain evaluation only (is this path Hamiltonian, does this
//! assignment satisfy the matrix). Solving lives in [`crate::solvers`], parsing and printing
//! in [`crate::lang`]. Every other module depends on this one and on nothing else here.

#[cfg(any(test, feature = "test-util"))]
mod builders;
pub mod even_kernel;
pub mod geography;
pub mod graph;
pub mod hampath;
pub mod player;
pub mod qbf;
pub mod question;
pub mod vertex_cover;

pub use geography::{Convention, Geography, Move, Rule, Tokens};
pub use graph::{Graph, Group, Vertex, VertexId};
pub use hampath::HamPath;
pub use player::Player;
pub use qbf::{Clause, Lit, Qbf, QuantBlock, Quantifier, Var};
pub use question::SourceQuestion;
pub use vertex_cover::VertexCover;

use serde::{Deserialize, Serialize};

/// Any instance the tool reads, writes, compiles or solves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Instance {
    /// A prenex CNF QBF.
    Qbf(Qbf),
    /// A Hamiltonian path question.
    Hampath(HamPath),
    /// A vertex cover question. Its JSON key is `vertex_cover`; `vertex-cover` (the kind's
    /// name in `list`, `--to` and the DSL) is read as well.
    #[serde(alias = "vertex-cover")]
    VertexCover(VertexCover),
    /// A geography game.
    Geography(Geography),
}

impl Instance {
    /// The instance kind as written in the DSL header (`qbf`, `hampath`, `vertex_cover`,
    /// `geography`).
    pub fn kind(&self) -> &'static str {
        match self {
            Instance::Qbf(_) => "qbf",
            Instance::Hampath(_) => "hampath",
            Instance::VertexCover(_) => "vertex_cover",
            Instance::Geography(_) => "geography",
        }
    }

    /// The graph of a graph-based instance (`None` for a formula).
    pub fn graph(&self) -> Option<&Graph> {
        match self {
            Instance::Qbf(_) => None,
            Instance::Hampath(h) => Some(&h.graph),
            Instance::VertexCover(c) => Some(&c.graph),
            Instance::Geography(g) => Some(&g.graph),
        }
    }
}

/// A place in an instance, so that a check made on the model (a reduction's precondition, a
/// validation rule) can be reported at the right span of the source text by `lang`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Locator {
    /// The whole instance.
    Whole,
    /// A vertex, by index.
    Vertex(VertexId),
    /// An edge, by index.
    Edge(usize),
    /// A start vertex declaration (0 = first, 1 = second).
    Start(usize),
    /// The end vertex of a Hamiltonian path instance.
    End,
    /// The bound k of a vertex cover instance.
    K,
    /// A QBF variable, by index.
    Var(Var),
    /// A QBF clause, by index.
    Clause(usize),
    /// A literal occurrence: clause index, position in the clause.
    Literal(usize, usize),
}
