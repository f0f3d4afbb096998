//! The reductions, by what they reduce from: every reduction runs in a closed loop — compile,
//! check the declared size, the structural claims and the target kind, solve both sides with
//! independent solvers, compare — on seeded random and exhaustive samples in which both
//! answers are frequent; deliberately broken variants (ablations, controls) show that the
//! samples can catch a wrong construction. The sources' answers come from independent solvers
//! (QBF search, Hamiltonian path, vertex cover, the max-trail search, the game solver on the
//! source game), the targets' from the exhaustive game solver.

/// Compile, check, solve both sides, compare (sources of every kind).
#[path = "reductions/harness.rs"]
mod harness;

/// Seeded random game sources, their winners, and one checked compilation.
#[path = "reductions/games.rs"]
mod games;

/// Test-only graph surgery for the ablations.
#[path = "reductions/surgery.rs"]
mod surgery;

/// From QBF: `qbf-dvg`, `qbf-pvg`, `qbf-pvg-restricted`, `qbf-iag2`, `qbf-ivg2`.
#[path = "reductions/from_qbf.rs"]
mod from_qbf;

/// From graph problems and partizan games: `pvg-pag`, `hampath-pvg`, `vc-pvg`.
#[path = "reductions/from_graphs.rs"]
mod from_graphs;

/// Between games (edge geography, misère play, NimG, Trail Trap) and `qbf-deg`.
#[path = "reductions/between_games.rs"]
mod between_games;

/// Controls of the game reductions: broken gadgets must disagree somewhere.
#[path = "reductions/game_controls.rs"]
mod game_controls;

/// `hampath-trailtrap` on cubic graphs: the exact source question it decides.
#[path = "reductions/hampath_trailtrap.rs"]
mod hampath_trailtrap;

/// The Trail Trap solver against the paper's own statements.
#[path = "reductions/trail_trap_solver.rs"]
mod trail_trap_solver;

/// The max-trail solver against an Euler brute force.
#[path = "reductions/max_trail.rs"]
mod max_trail;

/// The papers' literal readings and their counterexamples.
#[path = "reductions/as_printed.rs"]
mod as_printed;

/// Sizes and claims on sources too large to solve.
#[path = "reductions/static_checks.rs"]
mod static_checks;

/// Chains of reductions: planning, listings, every intermediate instance solved.
#[path = "reductions/chains.rs"]
mod chains;

/// DOT output of the compiled games.
#[path = "reductions/dot_output.rs"]
mod dot_output;
