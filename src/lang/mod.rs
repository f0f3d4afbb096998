//! The instance language: pest grammar, parsing, diagnostics, printing, QDIMACS.
//!
//! One language covers every instance kind (docs/language.md). The pipeline is
//! bytes → UTF-8 check → QDIMACS or DSL → parse tree ([`parser`]) → model types with a span
//! for every model location (`lower`) → [`Parsed`]. Every failure is a [`diag::LangError`]
//! rendered by miette with the file name, line, column, a label and a help line; nothing
//! here panics on input. [`to_dsl`] prints any valid instance back so that it parses to an
//! equal value.

pub mod diag;
pub mod graph6;
pub mod json;
mod lower;
pub mod parser;
pub mod print;
pub mod qdimacs;
mod spans;

pub use print::to_dsl;

use crate::problems::{Instance, Locator};
use diag::{LangError, Source};
use miette::SourceSpan;
pub(crate) use spans::Spans;

/// A parsed instance together with its source, so that later checks can point into it.
/// Two are equal when their file names, texts, instances, titles and spans are.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The instance.
    pub instance: Instance,
    /// The optional title written after the instance keyword (`game "Fig. 1" { … }`); it is
    /// for the reader and not part of the model.
    pub title: Option<String>,
    source: Source,
    spans: Spans,
}

impl PartialEq for Parsed {
    fn eq(&self, other: &Parsed) -> bool {
        self.instance == other.instance
            && self.title == other.title
            && self.spans == other.spans
            && self.source.name == other.source.name
            && self.source.text == other.source.text
    }
}

impl Parsed {
    /// Span of a model location (vertex decl, edge, start decl, k, var decl, clause,
    /// literal). `Locator::Whole` is the whole file.
    pub fn span(&self, at: &Locator) -> Option<SourceSpan> {
        match at {
            Locator::Whole => Some(self.source.whole()),
            _ => self.spans.get(at),
        }
    }

    /// A diagnostic at a model location, with this file's source attached (used by
    /// reductions' precondition errors, e.g. "Thm 2.4 needs 1 ≤ k ≤ n"). A location with no
    /// span (an instance built in code) is reported on the whole file.
    pub fn error_at(
        &self,
        at: &Locator,
        code: &'static str,
        message: String,
        help: Option<String>,
    ) -> miette::Report {
        let span = self.span(at).unwrap_or_else(|| self.source.whole());
        let mut e = LangError::new(&self.source, code, message, span, "here");
        e.help = help;
        miette::Report::new(e)
    }

    /// The file name given when parsing.
    pub fn name(&self) -> &str {
        &self.source.name
    }

    /// The source text.
    pub fn text(&self) -> &str {
        &self.source.text
    }
}

/// Parses a file's bytes. Non-UTF-8 input is a diagnostic at the first bad byte. QDIMACS
/// is recognised by the `.qdimacs` extension or by its content (`c` comment lines or a
/// `p cnf` header first), the serde JSON form by a leading `{`; everything else is the DSL.
pub fn parse_bytes(name: &str, bytes: &[u8]) -> Result<Parsed, miette::Report> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_str(name, text),
        Err(e) => {
            let lossy = String::from_utf8_lossy(bytes);
            let src = Source::new(name, &lossy);
            let at = e.valid_up_to();
            // The lossy text equals the input up to the first bad byte, which it replaces
            // by U+FFFD (3 bytes), so the offset carries over.
            let span = SourceSpan::new(at.into(), '\u{FFFD}'.len_utf8());
            let err = LangError::new(
                &src,
                "lang::not_utf8",
                format!("this file is not UTF-8 text (bad byte at offset {at})"),
                span,
                "not UTF-8",
            )
            .help("save the file as UTF-8; names and labels may use any Unicode character");
            Err(miette::Report::new(err))
        }
    }
}

/// [`parse_bytes`] on bytes it may drop: the text is copied into the [`Source`] once and
/// the bytes freed before parsing starts (a large file is then held once, not twice, while
/// it is read).
pub fn parse_vec(name: &str, bytes: Vec<u8>) -> Result<Parsed, miette::Report> {
    match String::from_utf8(bytes) {
        Ok(text) => {
            let source = Source::new(name, &text);
            drop(text);
            parse_source(source).map_err(miette::Report::new)
        }
        Err(e) => parse_bytes(name, e.as_bytes()),
    }
}

/// Parses a file's text (QDIMACS or DSL, as [`parse_bytes`] decides).
pub fn parse_str(name: &str, text: &str) -> Result<Parsed, miette::Report> {
    parse_source(Source::new(name, text)).map_err(miette::Report::new)
}

/// Parses a source with pest alone, never the scanner's fast path: the reference the fast
/// path is tested against (tests/lang/fast_path.rs, the `dsl` fuzz target). Same answers as
/// [`parse_source`], slower on large graph instances.
pub fn parse_source_reference(source: Source) -> Result<Parsed, LangError> {
    parse_with(source, false)
}

/// Whether the fast path reads `text`, and reads it as pest does: `Ok(true)` when the
/// scanner reads it into the same statements, spans included, as pest's parse tree gives;
/// `Ok(false)` when the scanner hands it to pest; `Err` (both readings) when they differ.
pub fn check_fast_path(text: &str) -> Result<bool, String> {
    lower::compare_fast_path(&Source::new("check.geo", text))
}

/// Parses a source, returning the error type itself (tests inspect its code).
pub fn parse_source(source: Source) -> Result<Parsed, LangError> {
    parse_with(source, true)
}

/// [`parse_source`], with or without the scanner's fast path for graph instances.
fn parse_with(source: Source, fast: bool) -> Result<Parsed, LangError> {
    let is_blank = source
        .text
        .lines()
        .map(str::trim)
        .all(|l| l.is_empty() || l.starts_with('#'));
    if is_blank {
        let (message, label) = if source.text.trim().is_empty() {
            ("the file is empty", "nothing here")
        } else {
            (
                "the file holds only comments",
                "no instance after the comments",
            )
        };
        let span = SourceSpan::new(source.text.trim_end().len().into(), 0);
        return Err(LangError::new(&source, "lang::empty", message, span, label)
            .help("write a formula such as `exists x: (x | ~x)` or an instance such as `hampath { … }` (see docs/language.md)"));
    }
    let by_name = source.name.ends_with(".qdimacs");
    if !by_name && json::looks_like_json(&source.text) {
        let instance = json::parse(&source)?;
        return Ok(Parsed {
            instance,
            title: None,
            source,
            spans: Spans::new(),
        });
    }
    if by_name || qdimacs::looks_like_qdimacs(&source.text) {
        let (q, spans) = qdimacs::parse_spanned(&source)?;
        return Ok(Parsed {
            instance: Instance::Qbf(q),
            title: None,
            source,
            spans,
        });
    }
    // Graph instances the hand-written scanner can read take the fast path (one pass, no
    // parse tree); anything else, every syntax error included, goes to pest.
    let scanned = if fast {
        lower::lower_fast_or_read(&source)
    } else {
        Err(None)
    };
    let lowered = match scanned {
        Ok(lowered) => lowered?,
        Err(read) => {
            // A syntax error past the statements the scanner read is found without parsing
            // them again (a 10 MB file with an error on its last line).
            if let Some(e) = read.and_then(|r| parser::syntax_error_past(&source, r)) {
                return Err(e);
            }
            lower::lower(&source, parser::parse_file(&source)?)?
        }
    };
    Ok(Parsed {
        instance: lowered.instance,
        title: lowered.title,
        spans: lowered.spans,
        source,
    })
}
