//! Reductions II: edge geography, misère play, NimG, Trail Trap, and chaining.
//!
//! Every reduction is checked closed-loop (both sides solved exactly on at least 1,000 seeded
//! random sources, both answers frequent, sizes and structure checked on every output), its
//! control variants must disagree somewhere, and the Trail Trap solver must reproduce the
//! paper's own statements. The game solver comes from `solvers::geography`; the sources'
//! answers come from independent solvers (QBF search, the max-trail search, brute force).

#[path = "reductions_ii/ablations.rs"]
mod ablations;
#[path = "reductions_ii/chain.rs"]
mod chain;
#[path = "reductions_ii/closed_loop.rs"]
mod closed_loop;
#[path = "reductions_ii/cubic.rs"]
mod cubic;
#[path = "reductions_ii/trail.rs"]
mod trail;
#[path = "reductions_ii/trail_trap.rs"]
mod trail_trap;
#[path = "reductions_ii/util.rs"]
mod util;
