//! `georeduce check-cert FILE cert.json`: judge a certificate with the independent checker.
//!
//! No solver runs. Exit 0: accepted, and the claim is printed. Exit 1: rejected, with the
//! place where it fails (the line of play, the clause and assignment, the path step). Exit 2:
//! the file is not certificate JSON, with a diagnostic at the offending line and column.
//! Exit 3: the check exceeds the checker's limits (neither accepted nor rejected).

use super::super::Outcome;
use super::super::input::read_instance;
use crate::certify::{self, Certificate, CheckError};
use crate::lang::diag::{LangError, Source};
use crate::solvers::certificates::claim_text;
use miette::{IntoDiagnostic, SourceSpan, WrapErr};
use std::path::Path;

/// Checks the certificate in `cert_path` against the instance in `file`.
pub fn run(file: &Path, cert_path: &Path) -> miette::Result<Outcome> {
    let parsed = read_instance(file)?;
    let text = std::fs::read_to_string(cert_path)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read {}", cert_path.display()))?;
    let cert = parse_certificate(&cert_path.display().to_string(), &text)?;
    match certify::check(&parsed.instance, &cert) {
        Ok(verdict) => {
            println!(
                "accepted: {} ({} certificate, {} items checked)",
                claim_text(&verdict.claim),
                cert.body.kind(),
                verdict.work
            );
            Ok(Outcome::Done)
        }
        Err(e @ CheckError::TooLarge { .. }) => {
            println!("undecided: {e}");
            Ok(Outcome::Unknown)
        }
        Err(e) => {
            println!("rejected: {e}");
            Ok(Outcome::CheckFailed)
        }
    }
}

/// Reads certificate JSON; a syntax or schema error is a diagnostic at its line and column.
fn parse_certificate(name: &str, text: &str) -> miette::Result<Certificate> {
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
