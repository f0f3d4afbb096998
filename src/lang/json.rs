//! Reading an instance from its serde JSON form (what `georeduce parse --json` prints).
//!
//! JSON is recognised by content: a DSL file never starts with `{`. Deserializing only checks
//! the shape, so the instance is then checked twice: index ranges first (so that nothing
//! downstream can index out of bounds), then every rule of the language, by printing the
//! instance as DSL and parsing that. A rule broken there is reported on the JSON file, with
//! the DSL diagnostic attached as the related error that says exactly what is wrong.

use super::diag::{LangError, Source};
use crate::problems::{Graph, Instance};
use miette::SourceSpan;

/// Whether `text` is meant as JSON: its first non-blank character is `{`.
pub fn looks_like_json(text: &str) -> bool {
    text.trim_start_matches(['\u{FEFF}', ' ', '\t', '\r', '\n'])
        .starts_with('{')
}

/// Reads and checks a JSON instance.
pub(crate) fn parse(src: &Source) -> Result<Instance, LangError> {
    let instance: Instance = serde_json::from_str(&src.text).map_err(|e| {
        let at = offset(&src.text, e.line(), e.column());
        let span = if at >= src.text.trim_end().len() {
            src.last_char()
        } else {
            SourceSpan::new(at.into(), 0)
        };
        let msg = format!("this JSON is not an instance: {e}");
        LangError::new(src, "lang::json", msg, span, "here")
            .help("the JSON form is what `georeduce parse --json` prints: {\"qbf\": …}, {\"hampath\": …}, {\"vertex_cover\": …} or {\"geography\": …}")
    })?;
    if let Err(why) = ranges(&instance) {
        let e = LangError::new(
            src,
            "lang::json",
            format!("this JSON instance is inconsistent: {why}"),
            src.whole(),
            "here",
        );
        return Err(e.help("indices refer to positions in the `vertices` and `vars` arrays"));
    }
    let dsl = super::to_dsl(&instance);
    let as_dsl = Source::new(&format!("{} (as DSL)", src.name), &dsl);
    match super::parse_source(as_dsl) {
        Ok(_) => Ok(instance),
        Err(inner) => {
            let msg = format!("this JSON instance is not valid: {}", inner.message);
            let mut e = LangError::new(src, "lang::json", msg, src.whole(), "this instance")
                .help("the related error shows the instance printed as DSL, at the broken rule");
            e.related = vec![inner];
            Err(e)
        }
    }
}

/// The byte offset of serde_json's 1-based line and column.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column.saturating_sub(1)).min(text.len())
}

/// Every index in range, so that printing and solving cannot go out of bounds.
fn ranges(instance: &Instance) -> Result<(), String> {
    let in_graph = |g: &Graph, vs: &[Option<usize>]| -> Result<(), String> {
        g.check_invariants()?;
        match vs.iter().flatten().find(|&&v| v >= g.n()) {
            Some(v) => Err(format!("vertex {v} is out of range 0..{}", g.n())),
            None => Ok(()),
        }
    };
    match instance {
        Instance::Qbf(q) => {
            let n = q.vars.len();
            let prefix = q.prefix.iter().flat_map(|b| b.vars.iter().copied());
            let lits = q.clauses.iter().flatten().map(|l| l.var);
            match prefix.chain(lits).find(|&v| v >= n) {
                Some(v) => Err(format!("variable {v} is out of range 0..{n}")),
                None => Ok(()),
            }
        }
        Instance::Hampath(h) => in_graph(&h.graph, &[h.start, h.end]),
        Instance::VertexCover(c) => in_graph(&c.graph, &[]),
        Instance::Geography(g) => {
            let starts: Vec<Option<usize>> = g.starts().into_iter().map(Some).collect();
            in_graph(&g.graph, &starts)
        }
    }
}
