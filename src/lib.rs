//! georeduce: a compiler and certificate checker for complexity reductions into Geography.
//!
//! A source instance (a 3QBF formula, a Hamiltonian-path graph, a vertex-cover instance or a
//! geography game) is read by [`lang`] into the types of [`problems`], compiled by a
//! [`reductions`] entry into a geography game, solved on both sides by [`solvers`], and drawn
//! by [`render`]. The command-line front end is [`cli`].
#![warn(missing_docs)]

pub mod certify;
pub mod check;
pub mod cli;
pub mod fuzzing;
pub mod lang;
pub mod problems;
pub mod random;
pub mod reductions;
pub mod render;
pub mod solvers;
pub mod verify;

pub use problems::{Geography, HamPath, Instance, Qbf, VertexCover};
