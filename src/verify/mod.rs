//! Verifying a reduction step: the comparison that `georeduce verify` and `georeduce check`
//! share, and the certificates that back it.
//!
//! [`step`] compares one step (declared size, structural claims, target kind and validity,
//! the expected winner against the evidence) into a typed [`step::StepReport`]; the CLI and
//! `check` only render or count it. The evidence is a search result or a certificate:
//! [`chain`] certifies the source and carries the certificate forward through every step of
//! a chain with the reductions' forward maps, each image checked by the independent checker
//! ([`crate::certify::check`]), which is how `verify --by certificate` answers where no search
//! can finish. [`round_trip`] runs one step's four certificates (source, forward, target,
//! backward) for `--certify`. [`question`] answers a source whose reduction decides another
//! question than its kind's standard one (the theorem names it, this module picks the solver).
//!
//! This module orchestrates solvers, maps and the checker, so that `reductions` imports no
//! solver.

pub mod chain;
pub mod question;
pub mod round_trip;
pub mod step;
