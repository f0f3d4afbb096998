//! QDIMACS 1.1, read and written, so that any QBF solver can run on our formulas.
//!
//! Reading: `c` comment lines anywhere, one `p cnf V C` header, then `e`/`a` quantifier lines,
//! then clauses; every quantifier line and every clause is one line ending in `0`. Variables
//! that occur in clauses but in no quantifier line are free and, as QDIMACS 1.1 says, belong
//! to an outermost ∃ block. A variable `i` is named `x<i>`; variables that occur nowhere are
//! dropped, and the rest are indexed in increasing number.
//!
//! Writing numbers our variables `1..n` in index order, merges adjacent blocks with the same
//! quantifier (QDIMACS wants alternation) and skips empty ones.

mod read;

use super::Spans;
use super::diag::{LangError, Source};
use crate::problems::{Qbf, Quantifier};

/// Reads a QDIMACS file into a formula; `name` is the file name shown in diagnostics.
pub fn parse(name: &str, text: &str) -> Result<Qbf, miette::Report> {
    read::parse_spanned(&Source::new(name, text))
        .map(|(q, _)| q)
        .map_err(miette::Report::new)
}

/// Writes a formula as QDIMACS, variable `i` (index order) as number `i + 1`.
pub fn write(q: &Qbf) -> String {
    let mut out = String::new();
    if q.vars
        .iter()
        .enumerate()
        .any(|(i, n)| *n != format!("x{}", i + 1))
    {
        // Keep the names findable: solvers report numbers, people think in names.
        for (i, n) in q.vars.iter().enumerate() {
            out.push_str(&format!("c var {} {}\n", i + 1, n.replace('\n', " ")));
        }
    }
    out.push_str(&format!("p cnf {} {}\n", q.vars.len(), q.clauses.len()));
    let mut blocks: Vec<(Quantifier, Vec<usize>)> = Vec::new();
    for b in q.prefix.iter().filter(|b| !b.vars.is_empty()) {
        match blocks.last_mut() {
            Some((qq, vs)) if *qq == b.quantifier => vs.extend(&b.vars),
            _ => blocks.push((b.quantifier, b.vars.clone())),
        }
    }
    for (qq, vs) in blocks {
        out.push(if qq == Quantifier::Exists { 'e' } else { 'a' });
        for v in vs {
            out.push_str(&format!(" {}", v + 1));
        }
        out.push_str(" 0\n");
    }
    for c in &q.clauses {
        for l in c {
            let n = l.var as i64 + 1;
            out.push_str(&format!("{} ", if l.positive { n } else { -n }));
        }
        out.push_str("0\n");
    }
    out
}

/// Whether `text` looks like QDIMACS: its first non-blank line is a `c` comment or the
/// `p cnf` header. (DSL comments start with `#`, so the two cannot be confused.)
pub fn looks_like_qdimacs(text: &str) -> bool {
    let Some(first) = text.lines().map(str::trim).find(|l| !l.is_empty()) else {
        return false;
    };
    let head = first.split_whitespace().next().unwrap_or("");
    head == "c" || head == "p" || first.starts_with("p cnf")
}

/// Reads a QDIMACS file, keeping the span of every variable, clause and literal.
pub(crate) fn parse_spanned(src: &Source) -> Result<(Qbf, Spans), LangError> {
    read::parse_spanned(src)
}
