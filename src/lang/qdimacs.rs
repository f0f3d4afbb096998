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

use super::Spans;
use super::diag::{LangError, Source};
use crate::problems::{Lit, Locator, Qbf, QuantBlock, Quantifier};
use miette::SourceSpan;
use std::collections::BTreeMap;

/// Reads a QDIMACS file into a formula; `name` is the file name shown in diagnostics.
pub fn parse(name: &str, text: &str) -> Result<Qbf, miette::Report> {
    parse_spanned(&Source::new(name, text))
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

/// One whitespace-separated token with its byte offset in the file.
#[derive(Clone, Copy)]
struct Tok<'a> {
    text: &'a str,
    at: usize,
}

impl Tok<'_> {
    fn span(&self) -> SourceSpan {
        SourceSpan::new(self.at.into(), self.text.len())
    }
}

/// The tokens of each non-blank line, with the line's own span.
fn lines(text: &str) -> Vec<(SourceSpan, Vec<Tok<'_>>)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let mut toks = Vec::new();
        let mut i = 0;
        for piece in body.split([' ', '\t']) {
            if !piece.is_empty() {
                toks.push(Tok {
                    text: piece,
                    at: offset + i,
                });
            }
            i += piece.len() + 1;
        }
        if !toks.is_empty() {
            out.push((SourceSpan::new(offset.into(), body.len()), toks));
        }
        offset += line.len();
    }
    out
}

/// The reader's state between lines.
struct Reader<'s> {
    src: &'s Source,
    num_vars: usize,
    declared_clauses: (usize, SourceSpan),
    /// Quantifier of each variable number with the span of its declaration.
    quantified: BTreeMap<usize, SourceSpan>,
    blocks: Vec<(Quantifier, Vec<usize>)>,
    clauses: Vec<(SourceSpan, Vec<(i64, SourceSpan)>)>,
}

/// Reads a QDIMACS file, keeping the span of every variable, clause and literal.
pub(crate) fn parse_spanned(src: &Source) -> Result<(Qbf, Spans), LangError> {
    let all = lines(&src.text);
    let mut body = all.iter().filter(|(_, t)| !t[0].text.starts_with('c'));
    let Some((hspan, header)) = body.next() else {
        return Err(LangError::new(
            src,
            "qdimacs::missing_header",
            "this QDIMACS file has no `p cnf` header",
            src.end(),
            "the file ends here",
        )
        .help("after the `c` comment lines, write `p cnf <variables> <clauses>`"));
    };
    let mut r = Reader::header(src, *hspan, header)?;
    for (span, toks) in body {
        r.line(*span, toks)?;
    }
    if r.clauses.len() != r.declared_clauses.0 {
        return Err(LangError::new(
            src,
            "qdimacs::clause_count",
            format!(
                "the header declares {} clauses but the file has {}",
                r.declared_clauses.0,
                r.clauses.len()
            ),
            r.declared_clauses.1,
            "declared here",
        )
        .help(format!(
            "change the header to `p cnf {} {}`",
            r.num_vars,
            r.clauses.len()
        )));
    }
    Ok(r.finish())
}

impl<'s> Reader<'s> {
    /// Reads the `p cnf V C` line.
    fn header(src: &'s Source, span: SourceSpan, toks: &[Tok]) -> Result<Reader<'s>, LangError> {
        let bad = |what: &str, at: SourceSpan| {
            LangError::new(
                src,
                "qdimacs::bad_header",
                format!("bad QDIMACS header: {what}"),
                at,
                "here",
            )
            .help("the header reads `p cnf <variables> <clauses>`, e.g. `p cnf 3 3`")
        };
        if toks.len() < 2 || toks[0].text != "p" || toks[1].text != "cnf" {
            return Err(bad("expected `p cnf`", span));
        }
        let count = |i: usize, what: &str| -> Result<(usize, SourceSpan), LangError> {
            let t = toks
                .get(i)
                .ok_or_else(|| bad(&format!("the number of {what} is missing"), span))?;
            let n = t.text.parse::<usize>().map_err(|_| {
                bad(
                    &format!("the number of {what} must be a non-negative integer"),
                    t.span(),
                )
            })?;
            Ok((n, t.span()))
        };
        let (num_vars, _) = count(2, "variables")?;
        let declared_clauses = count(3, "clauses")?;
        if let Some(t) = toks.get(4) {
            return Err(bad("unexpected text after the clause count", t.span()));
        }
        Ok(Reader {
            src,
            num_vars,
            declared_clauses,
            quantified: BTreeMap::new(),
            blocks: Vec::new(),
            clauses: Vec::new(),
        })
    }

    /// Reads one quantifier line or clause line.
    fn line(&mut self, span: SourceSpan, toks: &[Tok]) -> Result<(), LangError> {
        let q = match toks[0].text {
            "e" => Some(Quantifier::Exists),
            "a" => Some(Quantifier::Forall),
            _ => None,
        };
        let nums = self.numbers(span, toks, usize::from(q.is_some()))?;
        match q {
            Some(q) => self.quantifier_line(q, toks[0], nums),
            None => {
                self.clauses.push((span, nums));
                Ok(())
            }
        }
    }

    /// The literals of a line after its first `skip` tokens, checked: integers in range,
    /// a final `0` and no other `0`.
    fn numbers(
        &self,
        span: SourceSpan,
        toks: &[Tok],
        skip: usize,
    ) -> Result<Vec<(i64, SourceSpan)>, LangError> {
        let mut out = Vec::new();
        for (i, t) in toks.iter().enumerate().skip(skip) {
            let n: i64 = t.text.parse().map_err(|_| {
                LangError::new(
                    self.src,
                    "qdimacs::bad_token",
                    format!("`{}` is not an integer", t.text),
                    t.span(),
                    "not a literal",
                )
                .help(
                    "clause and quantifier lines hold integers only; comment lines start with `c`",
                )
            })?;
            if n == 0 && i + 1 < toks.len() {
                return Err(LangError::new(
                    self.src,
                    "qdimacs::early_zero",
                    "`0` ends a line, but more numbers follow it",
                    t.span(),
                    "this 0 ends the line",
                )
                .help("write one clause (or one quantifier set) per line"));
            }
            if n == 0 {
                return Ok(out);
            }
            if n.unsigned_abs() as usize > self.num_vars {
                return Err(LangError::new(
                    self.src,
                    "qdimacs::literal_out_of_range",
                    format!(
                        "variable {} is out of range: the header declares {} variables",
                        n.unsigned_abs(),
                        self.num_vars
                    ),
                    t.span(),
                    "out of range",
                )
                .help(format!(
                    "raise the variable count in `p cnf` to at least {}",
                    n.unsigned_abs()
                )));
            }
            out.push((n, t.span()));
        }
        let end = SourceSpan::new((span.offset() + span.len()).into(), 0);
        Err(LangError::new(
            self.src,
            "qdimacs::missing_zero",
            "this line does not end with `0`",
            end,
            "expected `0` here",
        )
        .help("every clause and every quantifier line ends with `0`"))
    }

    /// Records one `e`/`a` line.
    fn quantifier_line(
        &mut self,
        q: Quantifier,
        head: Tok,
        nums: Vec<(i64, SourceSpan)>,
    ) -> Result<(), LangError> {
        if !self.clauses.is_empty() {
            return Err(LangError::new(
                self.src,
                "qdimacs::late_quantifier",
                "a quantifier line after the first clause",
                head.span(),
                "too late",
            )
            .help("QDIMACS puts every `e`/`a` line before the clauses"));
        }
        let mut vars = Vec::new();
        for (n, span) in nums {
            let v = n.unsigned_abs() as usize;
            if n < 0 {
                return Err(LangError::new(
                    self.src,
                    "qdimacs::negative_quantified",
                    "a quantifier line lists variables, not literals",
                    span,
                    "negative",
                )
                .help(format!("write `{v}`")));
            }
            if let Some(&first) = self.quantified.get(&v) {
                return Err(LangError::new(
                    self.src,
                    "qdimacs::duplicate_quantified",
                    format!("variable {v} is quantified twice"),
                    span,
                    "quantified again",
                )
                .also(first, "first quantified here")
                .help("each variable belongs to exactly one quantifier set"));
            }
            self.quantified.insert(v, span);
            vars.push(v);
        }
        self.blocks.push((q, vars));
        Ok(())
    }

    /// Builds the formula: used variables in increasing number, free ones outermost ∃.
    fn finish(self) -> (Qbf, Spans) {
        let mut first_seen: BTreeMap<usize, SourceSpan> = self.quantified.clone();
        for (_, lits) in &self.clauses {
            for &(n, s) in lits {
                first_seen.entry(n.unsigned_abs() as usize).or_insert(s);
            }
        }
        let index: BTreeMap<usize, usize> = first_seen
            .keys()
            .enumerate()
            .map(|(i, &n)| (n, i))
            .collect();
        let mut spans = Spans::new();
        for (&n, &s) in &first_seen {
            spans.insert(Locator::Var(index[&n]), s);
        }
        let free: Vec<usize> = first_seen
            .keys()
            .filter(|n| !self.quantified.contains_key(n))
            .map(|n| index[n])
            .collect();
        let mut prefix: Vec<QuantBlock> = self
            .blocks
            .iter()
            .filter(|(_, vs)| !vs.is_empty())
            .map(|(q, vs)| QuantBlock {
                quantifier: *q,
                vars: vs.iter().map(|n| index[n]).collect(),
            })
            .collect();
        if !free.is_empty() {
            match prefix.first_mut() {
                Some(b) if b.quantifier == Quantifier::Exists => {
                    b.vars.splice(0..0, free);
                }
                _ => prefix.insert(
                    0,
                    QuantBlock {
                        quantifier: Quantifier::Exists,
                        vars: free,
                    },
                ),
            }
        }
        let mut clauses = Vec::new();
        for (c, (span, lits)) in self.clauses.iter().enumerate() {
            spans.insert(Locator::Clause(c), *span);
            let mut clause = Vec::new();
            for (i, &(n, s)) in lits.iter().enumerate() {
                spans.insert(Locator::Literal(c, i), s);
                clause.push(Lit {
                    var: index[&(n.unsigned_abs() as usize)],
                    positive: n > 0,
                });
            }
            clauses.push(clause);
        }
        let vars = first_seen.keys().map(|n| format!("x{n}")).collect();
        (
            Qbf {
                vars,
                prefix,
                clauses,
            },
            spans,
        )
    }
}
