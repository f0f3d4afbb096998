//! Tests of the instance language: grammar rules, lowering, printing, JSON, QDIMACS and
//! diagnostics. One test binary; each module covers one concern.

/// Shared helpers: rendering reports, proptest strategies for every instance kind.
#[path = "lang/support.rs"]
mod support;

/// Every file under examples/ parses, round-trips and means what its comment says.
#[path = "lang/examples.rs"]
mod examples;

/// One grammar rule at a time: what it accepts and what it rejects.
#[path = "lang/grammar.rs"]
mod grammar;

/// Random instances of every kind survive DSL, JSON and QDIMACS round trips.
#[path = "lang/roundtrip.rs"]
mod roundtrip;

/// The bad-input corpus: codes, locations, snapshots; no input makes the parser panic.
#[path = "lang/diagnostics.rs"]
mod diagnostics;

/// QDIMACS reading conventions (free variables, numbering) and writing.
#[path = "lang/qdimacs.rs"]
mod qdimacs;

/// The scanner's fast path for graph instances reads every file as pest does.
#[path = "lang/fast_path.rs"]
mod fast_path;
