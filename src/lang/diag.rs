//! Diagnostics for the instance language and QDIMACS: one error type, many codes.
//!
//! Every error the language layer reports is a [`LangError`]: a message, a namespaced code
//! (`lang::unknown_vertex`, `qdimacs::missing_zero`, …), the whole named source file, labels on
//! byte spans (built from pest's byte offsets, never from pest's line-only conversion), a help
//! line and related errors. The code is data rather than a per-variant attribute so that
//! [`crate::lang::Parsed::error_at`] can report a reduction's precondition under the
//! reduction's own code.

use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};
use std::fmt;
use std::sync::Arc;

/// A source file as diagnostics see it: its name and its full text.
#[derive(Clone, Debug)]
pub struct Source {
    /// The file name shown in the report header (`examples/x.qbf`, `<stdin>`).
    pub name: String,
    /// The text; shared so that every error of one file points to the same buffer.
    pub text: Arc<str>,
    /// Both, as miette wants them, shared by every error of the file (and keeping
    /// [`LangError`] small).
    named: Arc<SourceText>,
}

/// A file's name and text as miette reads them, with columns counted in characters.
///
/// miette's own `str` source counts the column of a report's `[file:line:col]` header in
/// bytes, so a label after `∃x1 ∀x2` would claim column 13 where a reader counts 9. The
/// snippet itself is drawn by characters either way.
#[derive(Debug)]
pub struct SourceText {
    name: String,
    text: Arc<str>,
}

impl SourceCode for SourceText {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let c = self.text.read_span(span, before, after)?;
        let start = c.span().offset();
        // A span that splits a character (never one of ours) keeps miette's byte column.
        let column = match self.text.get(..start) {
            Some(before) => {
                let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
                line.chars().count()
            }
            None => c.column(),
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            c.data(),
            *c.span(),
            c.line(),
            column,
            c.line_count(),
        )))
    }
}

impl Source {
    /// A source from a name and its text.
    pub fn new(name: &str, text: &str) -> Source {
        let text: Arc<str> = Arc::from(text);
        Source {
            name: name.to_string(),
            named: Arc::new(SourceText {
                name: name.to_string(),
                text: text.clone(),
            }),
            text,
        }
    }

    /// The named source miette renders.
    pub fn named(&self) -> Arc<SourceText> {
        self.named.clone()
    }

    /// The span of the whole text (used when a check has no finer location).
    pub fn whole(&self) -> SourceSpan {
        SourceSpan::new(0.into(), self.text.len())
    }

    /// The span of the last non-whitespace character: where a truncated file visibly ends
    /// (miette draws no label on an empty span after the final line break).
    pub fn last_char(&self) -> SourceSpan {
        let trimmed = self.text.trim_end();
        let len = trimmed.chars().next_back().map_or(0, char::len_utf8);
        SourceSpan::new((trimmed.len() - len).into(), len)
    }

    /// The empty span just past the last non-whitespace character: where a truncated file
    /// "ends", which reads better than a point after trailing blank lines.
    pub fn end(&self) -> SourceSpan {
        SourceSpan::new(self.text.trim_end().len().into(), 0)
    }
}

/// A diagnostic code such as `lang::unknown_vertex`, carried as data.
///
/// It implements [`Diagnostic`] only so that [`LangError`] can forward its `code()` to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Code(pub &'static str);

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for Code {}

impl Diagnostic for Code {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.0))
    }
}

/// An error in an instance file, located in its source.
#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("{message}")]
#[diagnostic(forward(code))]
pub struct LangError {
    /// The namespaced code.
    pub code: Code,
    /// One sentence saying what is wrong.
    pub message: String,
    /// The whole file, with its name.
    #[source_code]
    pub src: Arc<SourceText>,
    /// The primary label first, then secondary ones ("first declared here").
    #[label(collection)]
    pub labels: Vec<LabeledSpan>,
    /// How to fix it, when there is a fix worth saying.
    #[help]
    pub help: Option<String>,
    /// Further errors found in the same file.
    #[related]
    pub related: Vec<LangError>,
}

impl LangError {
    /// An error with code `code` and `message` whose primary label `label` sits on `span`.
    pub fn new(
        src: &Source,
        code: &'static str,
        message: impl Into<String>,
        span: SourceSpan,
        label: impl Into<String>,
    ) -> LangError {
        LangError {
            code: Code(code),
            message: message.into(),
            src: src.named(),
            labels: vec![LabeledSpan::new_primary_with_span(Some(label.into()), span)],
            help: None,
            related: Vec::new(),
        }
    }

    /// Adds a secondary label.
    pub fn also(mut self, span: SourceSpan, label: impl Into<String>) -> LangError {
        self.labels
            .push(LabeledSpan::new_with_span(Some(label.into()), span));
        self
    }

    /// Sets the help line.
    pub fn help(mut self, help: impl Into<String>) -> LangError {
        self.help = Some(help.into());
        self
    }

    /// The code, e.g. `lang::duplicate_edge`.
    pub fn code(&self) -> &'static str {
        self.code.0
    }

    /// The byte offset of the primary label (for sorting errors in source order).
    pub fn offset(&self) -> usize {
        self.labels.first().map_or(0, |l| l.offset())
    }
}

/// Most errors kept in one report; a file with more problems than this is better fixed in
/// rounds than read as a wall of snippets.
pub const MAX_RELATED: usize = 8;

/// Folds the errors of one file into a single one: the first in source order is the main
/// error, the next few become `related`. Returns `None` for an empty list.
pub fn gather(mut errors: Vec<LangError>) -> Option<LangError> {
    errors.sort_by_key(LangError::offset);
    let mut iter = errors.into_iter();
    let mut first = iter.next()?;
    first.related = iter.take(MAX_RELATED).collect();
    Some(first)
}
