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
    /// Where the text starts in its file: 0-based line, and column in characters on that
    /// line. (0, 0) for a whole file; one line of a file of instances (`check
    /// --cases-from`, `solve --batch`) starts further down, and its reports name the file
    /// and the line and column a reader finds there, not `cases.txt:7` line 1.
    origin: (usize, usize),
}

/// Lines longer than this many bytes are not drawn whole: the snippet becomes a window
/// around the label. miette pads with `format!` widths, which panic past 65,535 columns, and
/// a one-line JSON file or certificate easily has a longer line; nobody reads such a line
/// whole anyway.
pub const LONG_LINE: usize = 512;

/// Bytes of a long line shown on either side of a label's start.
const WINDOW_CONTEXT: usize = 60;

/// Longest label drawn on a long line, in bytes; longer ones are clipped to their start.
const MAX_LABEL: usize = 120;

impl SourceCode for SourceText {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let text: &str = &self.text;
        let start = floor_char(text, span.offset().min(text.len()));
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        if line_end - line_start > LONG_LINE {
            return self.window_or_split(span, before);
        }
        // miette's own `read_span` walks the text from its first byte, byte by byte, to
        // count lines: on a 10 MB file that is most of the time spent rejecting it. Start it
        // instead at the first line of the context, and count the lines before that with a
        // vectorised count.
        let mut base = line_start;
        for _ in 0..before {
            if base == 0 {
                break;
            }
            base = text[..base - 1].rfind('\n').map_or(0, |i| i + 1);
        }
        let shifted = SourceSpan::new((span.offset().saturating_sub(base)).into(), span.len());
        let c = text.as_bytes()[base..].read_span(&shifted, before, after)?;
        let longest_line = c.data().split(|&b| b == b'\n').map(<[u8]>::len).max();
        if longest_line.unwrap_or(0) > LONG_LINE {
            return self.window_or_split(span, before);
        }
        let base_line = text.as_bytes()[..base]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        let data_start = c.span().offset() + base;
        // Columns are counted in characters (see the type's doc).
        let column = match text.get(..data_start) {
            // A span that splits a character (never one of ours) keeps miette's byte column.
            Some(before) => {
                let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
                line.chars().count()
            }
            _ => c.column(),
        };
        let (line, column) = self.in_file(base_line + c.line(), column);
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            c.data(),
            SourceSpan::new(data_start.into(), c.span().len()),
            line,
            column,
            base_line + c.line_count(),
        )))
    }
}

impl SourceText {
    /// The file's line and column of `column` on line `line` of the text (both 0-based).
    fn in_file(&self, line: usize, column: usize) -> (usize, usize) {
        match line {
            0 => (self.origin.0, self.origin.1 + column),
            _ => (self.origin.0 + line, column),
        }
    }

    /// [`SourceText::window`] for a label's span on a long line; an error for a wider span,
    /// which can only be miette asking to draw two labels of one long line as a single
    /// snippet (labels on long lines are clipped to [`MAX_LABEL`] bytes by [`clip_label`]).
    /// The error makes miette draw each label in a snippet of its own, so that a repeated
    /// edge far along a one-line file shows both "first listed here" and "repeated".
    fn window_or_split<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        match span.len() > MAX_LABEL {
            true => Err(MietteError::OutOfBounds),
            false => Ok(self.window(span, before)),
        }
    }

    /// The contents miette draws for `span` when its context has a line longer than
    /// [`LONG_LINE`]: a short window of the span's own line around the span's start (from
    /// the start itself when `before` is 0, which is how miette asks for the header's line
    /// and column). Labels outside the window are simply not drawn.
    fn window<'a>(&'a self, span: &SourceSpan, before: usize) -> Box<dyn SpanContents<'a> + 'a> {
        let text: &str = &self.text;
        let start = floor_char(text, span.offset().min(text.len()));
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let from = if before == 0 {
            start
        } else {
            floor_char(text, start.saturating_sub(WINDOW_CONTEXT).max(line_start))
        };
        let shown = span.len().min(MAX_LABEL);
        let to = ceil_char(text, (start + shown + WINDOW_CONTEXT).min(line_end));
        let line = text[..from].bytes().filter(|&b| b == b'\n').count();
        let column = text[line_start..from].chars().count();
        let (line, column) = self.in_file(line, column);
        Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            &text.as_bytes()[from..to],
            SourceSpan::new(from.into(), to - from),
            line,
            column,
            0,
        ))
    }
}

/// The largest character boundary of `text` at or before `at`.
fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The smallest character boundary of `text` at or after `at`.
fn ceil_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// `span` clipped to [`MAX_LABEL`] bytes (within its first line) when it starts on, or
/// reaches over, a line longer than [`LONG_LINE`]: a label there is drawn under its start
/// only. (A label over the whole file, such as a solver's refusal, reaches over a long
/// `vertices` line in a generated game: unclipped, miette could not draw it at all.)
fn clip_label(text: &str, span: SourceSpan) -> SourceSpan {
    let start = span.offset();
    if span.len() <= MAX_LABEL || start >= text.len() {
        return span;
    }
    let start = floor_char(text, start);
    let end = floor_char(text, (start + span.len()).min(text.len()));
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let long = line_end - line_start > LONG_LINE
        || text[line_start..ceil_char(text, (end + LONG_LINE).min(text.len()))]
            .split('\n')
            .any(|line| line.len() > LONG_LINE);
    if !long {
        return span;
    }
    let cut = floor_char(text, (start + MAX_LABEL).min(line_end));
    SourceSpan::new(start.into(), cut - start)
}

impl Source {
    /// A source from a name and its text.
    pub fn new(name: &str, text: &str) -> Source {
        Source::at(name, text, 0, 0)
    }

    /// A source whose text is a part of file `name` that starts on its 0-based `line`, at
    /// its 0-based `column` (in characters): diagnostics give the file's line and column.
    pub fn at(name: &str, text: &str, line: usize, column: usize) -> Source {
        let text: Arc<str> = Arc::from(text);
        Source {
            name: name.to_string(),
            named: Arc::new(SourceText {
                name: name.to_string(),
                text: text.clone(),
                origin: (line, column),
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
            labels: vec![LabeledSpan::new_primary_with_span(
                Some(label.into()),
                clip_label(&src.text, span),
            )],
            help: None,
            related: Vec::new(),
        }
    }

    /// Adds a secondary label.
    pub fn also(mut self, span: SourceSpan, label: impl Into<String>) -> LangError {
        let span = clip_label(&self.src.text, span);
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
/// error, the next few become `related`, and the last of those says how many more were
/// found ("and K more"). Returns `None` for an empty list.
pub fn gather(errors: Vec<LangError>) -> Option<LangError> {
    gather_counted(errors, 0)
}

/// [`gather`] when `dropped` more errors were found but not kept (they come after these in
/// source order); the count joins the "and K more".
pub fn gather_counted(mut errors: Vec<LangError>, dropped: usize) -> Option<LangError> {
    errors.sort_by_key(LangError::offset);
    let more = errors.len().saturating_sub(MAX_RELATED + 1) + dropped;
    let mut iter = errors.into_iter();
    let mut first = iter.next()?;
    first.related = iter.take(MAX_RELATED).collect();
    if more > 0 {
        // Say that the list is cut, at the end of the report where a reader looks next.
        if let Some(last) = first.related.last_mut() {
            let note = format!("and {more} more error(s) not shown");
            last.help = Some(match last.help.take() {
                Some(h) => format!("{h}\n{note}"),
                None => note,
            });
        }
    }
    Some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rendered(source: &Source, span: SourceSpan) -> String {
        let err = LangError::new(source, "lang::syntax", "bad", span, "here");
        let mut out = String::new();
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(200)
            .render_report(&mut out, &err)
            .expect("rendered");
        out
    }

    /// A text that starts inside its file (one line of `check --cases-from` or `solve
    /// --batch`) is reported at the file's line and column: the column moves on the text's
    /// first line only, the line numbers everywhere, long lines (drawn as a window) included.
    #[test]
    fn a_source_at_an_origin_reports_the_files_lines_and_columns() {
        let first = Source::at("f", "ab x", 6, 3);
        let out = rendered(&first, SourceSpan::new(3.into(), 1));
        assert!(
            out.contains("[f:7:7]") && out.contains(" 7 │ ab x"),
            "{out}"
        );
        let second = Source::at("f", "a\nbb x", 6, 3);
        let out = rendered(&second, SourceSpan::new(5.into(), 1));
        assert!(
            out.contains("[f:8:4]") && out.contains(" 8 │ bb x"),
            "{out}"
        );
        let long = format!("{}x", "y".repeat(2_000));
        let out = rendered(
            &Source::at("f", &long, 2, 5),
            SourceSpan::new(2_000.into(), 1),
        );
        assert!(out.contains("[f:3:2006]"), "{out}");
        // A whole file is where it was.
        let out = rendered(&Source::new("f", "a\nbb x"), SourceSpan::new(5.into(), 1));
        assert!(
            out.contains("[f:2:4]") && out.contains(" 2 │ bb x"),
            "{out}"
        );
    }
}
