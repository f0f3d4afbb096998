//! Lowering: from pest's parse tree to the model types of [`crate::problems`], with a span
//! for every model location.
//!
//! The grammar accepts any statement in any graph instance; this layer decides what each
//! instance kind accepts and checks every cross-reference, because here the messages can
//! name the vertex, the variant and the fix. Errors are collected rather than returned at
//! the first one, so that one run shows a lecturer everything wrong with a file.

mod ast;
mod game;
mod graph;
mod problems;
mod qbf;
mod scan;

use super::Spans;
use super::diag::{LangError, MAX_RELATED, Source, gather_counted};
use super::parser::{Rule, leaf_span, span_of};
use crate::problems::Instance;
use pest::iterators::Pair;
use std::borrow::Cow;

/// The result of lowering one file.
pub(crate) struct Lowered {
    /// The instance.
    pub instance: Instance,
    /// Where each model location was written.
    pub spans: Spans,
    /// The optional title after the instance keyword.
    pub title: Option<String>,
}

/// Errors found so far in one file.
pub(crate) struct Errors<'s> {
    /// The file, attached to every error.
    pub src: &'s Source,
    /// The errors, in the order found.
    pub list: Vec<LangError>,
    /// "Did you mean" answers already computed, per unknown name: each name is compared
    /// with the declared ones once, and only the first [`MAX_SUGGESTED`] names are (a file
    /// with thousands of unknown names would otherwise take quadratic time to reject).
    pub suggested: std::collections::HashMap<String, Option<String>>,
    /// Errors found but dropped because [`MAX_RELATED`] + 1 earlier ones (in source order)
    /// are all a report shows; only their number is kept.
    pub dropped: usize,
    /// Once the list has been cut, the offset of the last error kept: an error after it
    /// would be dropped, so [`Errors::count_only`] counts it without building it.
    cutoff: Option<usize>,
}

/// Most distinct unknown names for which a suggestion is looked for.
pub(crate) const MAX_SUGGESTED: usize = 64;

impl<'s> Errors<'s> {
    /// Errors for the file `src`, none yet.
    pub fn new(src: &'s Source) -> Errors<'s> {
        Errors {
            src,
            list: Vec::new(),
            suggested: std::collections::HashMap::new(),
            dropped: 0,
            cutoff: None,
        }
    }

    /// Whether an error at byte `offset` would only be counted (the report already holds
    /// enough earlier ones); if so it is counted here and the caller need not build it. A
    /// file with a million repeated edges is rejected without a million messages.
    pub fn count_only(&mut self, offset: usize) -> bool {
        match self.cutoff {
            Some(last_kept) if offset > last_kept => {
                self.dropped += 1;
                true
            }
            _ => false,
        }
    }

    /// Records an error.
    pub fn push(&mut self, e: LangError) {
        self.list.push(e);
        // Keep the list short: a file with a million bad lines must not hold a million
        // reports. Sorting when it doubles keeps pushing amortised O(log k).
        let keep = MAX_RELATED + 1;
        if self.list.len() >= 4 * keep {
            self.list.sort_by_key(LangError::offset);
            self.dropped += self.list.len() - keep;
            self.list.truncate(keep);
            self.cutoff = self.list.last().map(LangError::offset);
        }
    }

    /// `Ok(value)` when nothing went wrong, else every error folded into one.
    pub fn finish<T>(self, value: T) -> Result<T, LangError> {
        match gather_counted(self.list, self.dropped) {
            None => Ok(value),
            Some(e) => Err(e),
        }
    }
}

/// Lowers the `file` pair of a parsed source.
pub(crate) fn lower(src: &Source, file: Pair<'_, Rule>) -> Result<Lowered, LangError> {
    let Some(top) = file.into_inner().find(|p| p.as_rule() != Rule::EOI) else {
        return Err(LangError::new(
            src,
            "lang::empty",
            "the file holds no instance",
            src.whole(),
            "empty",
        )
        .help("write a formula such as `exists x: (x)` or an instance such as `hampath { … }`"));
    };
    match top.as_rule() {
        Rule::formula => qbf::lower_formula(src, top, None, None),
        Rule::qbf_instance => qbf::lower_instance(src, top),
        _ => lower_body(src, ast::Body::read(top)),
    }
}

/// Lowers a graph instance read by the hand-written scanner (`scan`), or, when the scanner
/// hands the file to pest (anything it is not sure to read as pest does, every syntax error
/// included), says where it read whole statements before it did (`scan::graph_body_or_read`).
/// Where it answers, the answer is the one [`lower`] gives.
pub(crate) fn lower_fast_or_read(
    src: &Source,
) -> Result<Result<Lowered, LangError>, Option<std::ops::Range<usize>>> {
    scan::graph_body_or_read(&src.text).map(|body| lower_body(src, body))
}

/// Compares the scanner's reading of a file with pest's: `Ok(true)` when the scanner reads
/// it and both give the same statements (spans included), `Ok(false)` when the scanner
/// hands it to pest, `Err` with both readings when they differ or pest rejects what the
/// scanner read.
pub(crate) fn compare_fast_path(src: &Source) -> Result<bool, String> {
    let Some(fast) = scan::graph_body(&src.text) else {
        return Ok(false);
    };
    let file = super::parser::parse_file(src)
        .map_err(|e| format!("the scanner read a file pest rejects ({e}):\n{fast:#?}"))?;
    let top = file.into_inner().find(|p| p.as_rule() != Rule::EOI);
    let reference = match top {
        Some(top) if top.as_rule() == Rule::graph_instance => ast::Body::read(top),
        _ => {
            return Err(format!(
                "pest reads no graph instance; the scanner read\n{fast:#?}"
            ));
        }
    };
    let (fast, reference) = (format!("{fast:#?}"), format!("{reference:#?}"));
    if fast == reference {
        Ok(true)
    } else {
        Err(format!("scanner:\n{fast}\npest:\n{reference}"))
    }
}

/// Lowers a graph instance's statements.
fn lower_body(src: &Source, body: ast::Body) -> Result<Lowered, LangError> {
    let mut errs = Errors::new(src);
    let lowered = match body.kind.as_str() {
        "hampath" => problems::lower_hampath(&body, &mut errs),
        "vertex-cover" => problems::lower_cover(&body, &mut errs),
        _ => game::lower_game(&body, &mut errs),
    };
    // `None` only ever comes with an error recorded; the fallback keeps that a diagnostic
    // rather than a panic if a check ever forgets to record one.
    let (instance, spans) = errs.finish(lowered)?.ok_or_else(|| {
        LangError::new(
            src,
            "lang::invalid",
            "this instance is not valid",
            body.kind_span,
            "here",
        )
    })?;
    Ok(Lowered {
        instance,
        spans,
        title: body.title,
    })
}

/// A name's text: a bare name as written, a quoted one unescaped (borrowed from the source
/// unless it holds an escape: a file of a million names allocates none of them here).
pub(crate) fn name_text<'s>(pair: &Pair<'s, Rule>) -> Cow<'s, str> {
    // `name` is one leaf: a quoted name is its text in quotes (the grammar admits no quote
    // inside a bare name).
    let text = pair.as_str();
    match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        Some(body) => unescaped(body),
        None => Cow::Borrowed(text),
    }
}

/// A string literal's text, unescaped.
pub(crate) fn string_text(pair: &Pair<'_, Rule>) -> String {
    unescape(pair.clone().into_inner().next().map_or("", |b| b.as_str()))
}

/// [`unescape`], borrowing `body` when it holds no escape.
pub(crate) fn unescaped(body: &str) -> Cow<'_, str> {
    match body.contains('\\') {
        true => Cow::Owned(unescape(body)),
        false => Cow::Borrowed(body),
    }
}

/// Undoes the escapes `\"`, `\\`, `\n`, `\t` (the only ones the grammar admits).
fn unescape(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// A name as written, with its span.
#[derive(Clone, Debug)]
pub(crate) struct Named<'s> {
    /// The name's text (unescaped), borrowed from the source where it can be.
    pub text: Cow<'s, str>,
    /// Where it was written.
    pub span: miette::SourceSpan,
}

impl<'s> Named<'s> {
    /// Reads a `name` pair.
    pub fn of(pair: &Pair<'s, Rule>) -> Named<'s> {
        Named {
            text: name_text(pair),
            // `name` is one leaf: its span is its own (no inner pair to walk to).
            span: leaf_span(pair),
        }
    }
}
