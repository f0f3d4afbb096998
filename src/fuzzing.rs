//! Fuzzing entry points, shared by the `cargo fuzz` targets under `fuzz/` and the bounded,
//! seeded fuzz run that CI executes (`tests/fuzz.rs`).
//!
//! Each entry point takes arbitrary bytes and runs what the command line would: parse, and
//! on an error render the diagnostic (miette's renderer panicked on long lines once); on
//! success print the instance back and parse the print again (a printed instance that does
//! not parse is a bug); for certificates, check them against an example instance under small
//! limits. The only failure is a panic (or a broken round trip, which panics here).

use crate::certify::{self, Certificate, Limits};
use crate::lang;
use crate::problems::Instance;

/// What an input did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Parsed (and, for certificates, was checked: accepted, rejected or undecided).
    Accepted,
    /// Rejected with a diagnostic (which was rendered).
    Rejected,
}

/// The input formats fuzzed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The DSL (`.geo`, `.qbf`).
    Dsl,
    /// QDIMACS (`.qdimacs`).
    Qdimacs,
    /// JSON instances.
    JsonInstance,
    /// Certificate JSON; the first byte picks the instance it is checked against.
    Certificate,
}

impl Target {
    /// Every target.
    pub const ALL: [Target; 4] = [
        Target::Dsl,
        Target::Qdimacs,
        Target::JsonInstance,
        Target::Certificate,
    ];

    /// Runs one input.
    pub fn run(self, bytes: &[u8]) -> Outcome {
        match self {
            Target::Dsl => {
                fast_path_agrees("fuzz.geo", bytes);
                instance("fuzz.geo", bytes)
            }
            Target::Qdimacs => instance("fuzz.qdimacs", bytes),
            Target::JsonInstance => instance("fuzz.json", bytes),
            Target::Certificate => certificate(bytes),
        }
    }
}

/// Renders a report as `georeduce` prints it (without colours).
pub fn render(report: &miette::Report) -> String {
    let mut out = String::new();
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor());
    // A formatting error is not a panic; the text is only for inspection.
    let _ = handler.render_report(&mut out, report.as_ref());
    out
}

/// Panics unless the scanner's fast path for graph instances and pest alone read `bytes` the
/// same: the same statements (spans included), the same instance, or the same rendered
/// diagnostic.
pub fn fast_path_agrees(name: &str, bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    if let Err(e) = lang::check_fast_path(text) {
        panic!("the fast path and pest differ: {e}");
    }
    let source = || lang::diag::Source::new(name, text);
    match (
        lang::parse_source(source()),
        lang::parse_source_reference(source()),
    ) {
        (Ok(a), Ok(b)) => assert!(a == b, "the fast path and pest parse differently"),
        (Err(a), Err(b)) => assert_eq!(
            render(&miette::Report::new(a)),
            render(&miette::Report::new(b)),
            "the fast path and pest report differently"
        ),
        (a, b) => panic!(
            "the fast path accepts: {}, pest accepts: {}",
            a.is_ok(),
            b.is_ok()
        ),
    }
}

/// Parses `bytes` as the file `name`; renders the error, or prints the instance back and
/// parses the print again.
fn instance(name: &str, bytes: &[u8]) -> Outcome {
    match lang::parse_bytes(name, bytes) {
        Ok(parsed) => {
            let printed = lang::to_dsl(&parsed.instance);
            if let Err(report) = lang::parse_str("printed.geo", &printed) {
                panic!(
                    "the printed instance does not parse:\n{printed}\n{}",
                    render(&report)
                );
            }
            Outcome::Accepted
        }
        Err(report) => {
            let _ = render(&report);
            Outcome::Rejected
        }
    }
}

/// The instances certificates are checked against: examples of every certificate kind.
const CERT_INSTANCES: [(&str, &str); 6] = [
    ("dvg.geo", include_str!("../examples/games/dvg.geo")),
    ("ueg.geo", include_str!("../examples/games/ueg.geo")),
    ("uvg.geo", include_str!("../examples/games/uvg.geo")),
    (
        "fraenkel-simonson.qbf",
        include_str!("../examples/fraenkel-simonson.qbf"),
    ),
    ("hampath.geo", include_str!("../examples/hampath.geo")),
    (
        "vertex-cover.geo",
        include_str!("../examples/vertex-cover.geo"),
    ),
];

/// The example instances certificates are checked against, in [`Target::Certificate`]'s
/// order (the first input byte modulo their number picks one); parsed once per process.
pub fn certificate_instances() -> &'static [(&'static str, Instance)] {
    static PARSED: std::sync::OnceLock<Vec<(&'static str, Instance)>> = std::sync::OnceLock::new();
    PARSED.get_or_init(|| {
        CERT_INSTANCES
            .iter()
            .map(|&(name, text)| {
                let parsed = lang::parse_str(name, text).expect("the examples parse");
                (name, parsed.instance)
            })
            .collect()
    })
}

/// Checks certificate JSON (after the selector byte) against the selected example, with
/// limits small enough that every input takes milliseconds.
fn certificate(bytes: &[u8]) -> Outcome {
    let Some((&selector, json)) = bytes.split_first() else {
        return Outcome::Rejected;
    };
    let Ok(text) = std::str::from_utf8(json) else {
        return Outcome::Rejected;
    };
    let instances = certificate_instances();
    let (_, instance) = &instances[usize::from(selector) % instances.len()];
    let Ok(cert) = Certificate::from_json(text) else {
        return Outcome::Rejected;
    };
    let limits = Limits {
        max_opponent_vars: 16,
        max_positions: 100_000,
        max_literal_evaluations: 10_000_000,
        time: None,
    };
    let _ = certify::check_with(instance, &cert, &limits);
    Outcome::Accepted
}
