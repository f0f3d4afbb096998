//! Seeded random instance generators, shared by the tests and by `georeduce check`.
//!
//! Every generator takes a `rand::Rng` so that a seed reproduces a campaign exactly.

pub mod formulas;
pub mod games;
pub mod graphs;
