//! `georeduce check-cert FILE cert.json`: judge a certificate with the independent checker.
//!
//! No solver runs. Exit 0: accepted, and the claim is printed. Exit 1: rejected, with the
//! place where it fails (the line of play, the clause and assignment, the path step). Exit 2:
//! the file is not certificate JSON, with a diagnostic at the offending line and column.
//! Exit 3: the check exceeds the checker's limits (neither accepted nor rejected).

use super::super::Outcome;
use super::super::args::{MAX_TIMEOUT_SECS, MemoryArgs};
use super::super::input::{input_cap, read_capped, read_instance_capped};
use super::super::ui::{Tone, paint};
use crate::certify::{self, Certificate, CheckError, Limits};
use crate::lang::diag::{LangError, Source};
use crate::problems::Instance;
use crate::solvers::certificates::claim_text;
use miette::{IntoDiagnostic, SourceSpan, WrapErr};
use std::path::Path;

/// Checks the certificate in `cert_path` against the instance in `file`.
///
/// `timeout` (seconds, 0: none) bounds the check's wall-clock time; `memory` bounds the
/// certificate text read (its parsed form holds about [`CERT_BYTES_PER_TEXT_BYTE`] times
/// as much) and the positions of a strategy walk.
pub fn run(
    file: &Path,
    cert_path: &Path,
    timeout: f64,
    memory: &MemoryArgs,
) -> miette::Result<Outcome> {
    let started = std::time::Instant::now();
    let memory = memory.bytes();
    let parsed = read_instance_capped(file, input_cap(memory))?;
    let (name, bytes) = read_capped(cert_path, memory / CERT_BYTES_PER_TEXT_BYTE)?;
    let text = String::from_utf8(bytes)
        .into_diagnostic()
        .wrap_err_with(|| format!("{name} is not UTF-8 text"))?;
    let cert = parse_certificate(&name, &text)?;
    drop(text);
    let timeout = (timeout > 0.0 && timeout <= MAX_TIMEOUT_SECS)
        .then(|| std::time::Duration::from_secs_f64(timeout));
    // The clock started before reading: the whole command keeps to --timeout.
    let limits = Limits {
        time: timeout.map(|t| (started, t)),
        ..Limits::default()
    }
    .within_memory(Some(memory), walk_bytes_per_position(&parsed.instance));
    match certify::check_with(&parsed.instance, &cert, &limits) {
        Ok(verdict) => {
            crate::outln!(
                "{}: {} ({} certificate, {} items checked)",
                paint("accepted", Tone::Good),
                claim_text(&verdict.claim),
                cert.body.kind(),
                verdict.work
            );
            Ok(Outcome::Done)
        }
        Err(e @ CheckError::TooLarge { .. }) => {
            crate::outln!("{}: {e}", paint("undecided", Tone::Unsure));
            Ok(Outcome::Unknown)
        }
        Err(e) => {
            crate::outln!("{}: {e}", paint("rejected", Tone::Bad));
            Ok(Outcome::CheckFailed)
        }
    }
}

/// Bytes a certificate costs per byte of its JSON text while it is read and parsed (the text,
/// then the parsed strings and vectors with their headers): the certificate cap is the memory
/// budget over this. Measured: a 503 KB strategy certificate (rooted UVG on K13) raises
/// check-cert's peak RSS by 3.6 MB, walk included.
pub(super) const CERT_BYTES_PER_TEXT_BYTE: usize = 4;

/// Bytes the checker's strategy walk holds per position (the position, its moves and the
/// visited-set entry), for bounding the walk by the memory budget.
pub(super) fn walk_bytes_per_position(instance: &Instance) -> usize {
    match instance {
        Instance::Geography(g) => 256 + 32 * g.graph.n() + 16 * g.graph.edges.len(),
        _ => 256,
    }
}

/// Reads certificate JSON; a syntax or schema error is a diagnostic at its line and column.
pub(super) fn parse_certificate(name: &str, text: &str) -> miette::Result<Certificate> {
    serde_json::from_str::<Certificate>(text).map_err(|e| {
        let source = Source::new(name, text);
        let at = offset(text, e.line(), e.column());
        let span = SourceSpan::new(at.into(), 0);
        let message = format!("not a valid certificate: {e}");
        let err = LangError::new(&source, "certify::json", message, span, "here").help(
            "docs/certificates.md gives the schema; `georeduce certify` writes valid certificates",
        );
        miette::Report::new(err)
    })
}

/// The byte offset of 1-based `line` and `column` (serde_json's position), clamped to the
/// text and to a character boundary.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let mut at = (start + column.saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}
