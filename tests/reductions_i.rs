//! Reductions I (Fraenkel–Simonson and the textbook QBF → Geography): every reduction is run
//! in a closed loop — compile, check the declared size and the structural claims, solve both
//! sides with independent solvers, compare — on random and exhaustive samples with fixed
//! seeds; deliberately broken variants show that the samples can catch a wrong construction.

/// Compile, check, solve both sides, compare.
#[path = "reductions_i/harness.rs"]
mod harness;

/// Test-only graph surgery for the ablations.
#[path = "reductions_i/surgery.rs"]
mod surgery;

/// The QBF reductions.
#[path = "reductions_i/qbf.rs"]
mod qbf;

/// PVG → PAG, Hamiltonian path and vertex cover.
#[path = "reductions_i/graphs.rs"]
mod graphs;

/// The papers' literal readings and their counterexamples.
#[path = "reductions_i/as_printed.rs"]
mod as_printed;

/// Sizes and claims on sources too large to solve.
#[path = "reductions_i/static_checks.rs"]
mod static_checks;

/// DOT output of the compiled games.
#[path = "reductions_i/figures.rs"]
mod figures;
