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
/// certificate read and parsed ([`read_certificate`]) and the positions of a strategy walk
/// (within what the parsed certificate leaves).
pub fn run(
    file: &Path,
    cert_path: &Path,
    timeout: f64,
    memory: &MemoryArgs,
) -> miette::Result<Outcome> {
    let started = std::time::Instant::now();
    let memory = memory.bytes();
    let parsed = read_instance_capped(file, input_cap(memory))?;
    let CertText { name, bytes, held } = read_certificate(cert_path, memory)?;
    let text = String::from_utf8(bytes)
        .into_diagnostic()
        .wrap_err_with(|| format!("{name} is not UTF-8 text"))?;
    let cert = parse_certificate(&name, &text)?;
    drop(text);
    // The parsed certificate is held while it is checked: the walk gets the rest.
    let walk_memory = memory.saturating_sub(held);
    let timeout = (timeout > 0.0 && timeout <= MAX_TIMEOUT_SECS)
        .then(|| std::time::Duration::from_secs_f64(timeout));
    // The clock started before reading: the whole command keeps to --timeout.
    let limits = Limits {
        time: timeout.map(|t| (started, t)),
        ..Limits::default()
    }
    .within_memory(Some(walk_memory), walk_bytes_per_position(&parsed.instance));
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

/// Bytes the parsed form of a certificate holds per byte of its JSON text that is not
/// whitespace (every string becomes a `String` of its own, with its header and the
/// allocator's overhead; every list a vector grown by doubling). Measured (peak RSS of
/// `check-cert` over its 6 MB without a certificate, minus the text itself): 14.4 bytes a
/// byte for a 141,500-position `game_win` certificate of a 38-vertex UVG, the same whether
/// written on one line (4.8 MB) or indented as `certify` writes it (12.4 MB).
const CERT_BYTES_PER_TOKEN_BYTE: usize = 15;

/// The largest part of the memory budget the certificate text itself may take.
const CERT_TEXT_SHARE: usize = 4;

/// Reads a certificate file within a memory budget of `memory` bytes: its bytes, display
/// name, and what it holds once parsed (the text and its parsed form, at most `memory`).
///
/// The text is read with a cap of a quarter of the budget, so that an endless file is refused
/// at once; then what parsing it would hold is estimated from its bytes that are not
/// whitespace (indentation costs the text, not the parsed form), and a certificate whose
/// parsed form would not fit is refused before it is parsed (`cli::input_too_large`, exit 2).
pub(super) fn read_certificate(path: &Path, memory: usize) -> miette::Result<CertText> {
    let (name, bytes) = read_capped(path, memory / CERT_TEXT_SHARE)?;
    let dense = bytes.iter().filter(|b| !b.is_ascii_whitespace()).count();
    let held = bytes
        .len()
        .saturating_add(dense.saturating_mul(CERT_BYTES_PER_TOKEN_BYTE));
    if held > memory {
        miette::bail!(
            code = "cli::input_too_large",
            help = "the limit follows --memory (docs/limits.md): raise it, or check a smaller \
                    certificate",
            "{name} would take about {held} bytes once parsed ({} bytes of text), over the \
             --memory budget of {memory} bytes",
            bytes.len()
        );
    }
    Ok(CertText { name, bytes, held })
}

/// A certificate file read by [`read_certificate`].
pub(super) struct CertText {
    /// Its name in diagnostics.
    pub name: String,
    /// Its text.
    pub bytes: Vec<u8>,
    /// Bytes it holds once parsed (text included): what the checker's walk must leave.
    pub held: usize,
}

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
        // serde_json refuses JSON nested deeper than 128 levels, which keeps a hostile file
        // from exhausting the stack; in a certificate only a decision tree nests that deep,
        // so the reader's limit is the trees' limit in a file (124 levels), and the help says
        // so instead of leaving "recursion limit" unexplained.
        let help = if e.to_string().starts_with("recursion limit exceeded") {
            "certificate JSON may nest at most 128 levels, so a decision tree in a file may be \
             at most 124 levels deep (docs/certificates.md)"
        } else {
            "docs/certificates.md gives the schema; `georeduce certify` writes valid certificates"
        };
        let err = LangError::new(&source, "certify::json", message, span, "here").help(help);
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
