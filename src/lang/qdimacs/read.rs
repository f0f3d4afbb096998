//! The QDIMACS reader: line by line, every token located, every error with its span.

use crate::lang::Spans;
use crate::lang::diag::{LangError, Source};
use crate::problems::{Lit, Locator, Qbf, QuantBlock, Quantifier};
use miette::SourceSpan;
use std::collections::BTreeMap;

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
pub(super) fn parse_spanned(src: &Source) -> Result<(Qbf, Spans), LangError> {
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
                // A run of digits that does not fit is an integer too large, not a non-integer.
                let why = if is_integer_text(t.text) && !t.text.starts_with('-') {
                    format!("the number of {what} is too large (at most {})", usize::MAX)
                } else {
                    format!("the number of {what} must be a non-negative integer")
                };
                bad(&why, t.span())
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
            match self.literal(t, i + 1 == toks.len())? {
                0 => return Ok(out),
                n => out.push((n, t.span())),
            }
        }
        let end = SourceSpan::new((span.offset() + span.len()).into(), 0);
        let msg = "this line does not end with `0`";
        let e = LangError::new(
            self.src,
            "qdimacs::missing_zero",
            msg,
            end,
            "expected `0` here",
        );
        Err(e.help("every clause and every quantifier line ends with `0`"))
    }

    /// One number: an integer, `0` only at the end of its line, a variable in range.
    fn literal(&self, t: &Tok, last: bool) -> Result<i64, LangError> {
        let n: i64 = t.text.parse().map_err(|_| {
            if is_integer_text(t.text) {
                // An integer past i64 names a variable past any header's count: say so, as
                // for a smaller variable out of range, instead of "not an integer".
                let msg = format!(
                    "literal `{}` is out of range: the header declares {} variables, and no \
                     literal can pass ±{}",
                    t.text,
                    self.num_vars,
                    i64::MAX
                );
                return LangError::new(
                    self.src,
                    "qdimacs::literal_out_of_range",
                    msg,
                    t.span(),
                    "too large",
                )
                .help("a literal is ±v for a variable v between 1 and the header's count");
            }
            let msg = format!("`{}` is not an integer", t.text);
            LangError::new(
                self.src,
                "qdimacs::bad_token",
                msg,
                t.span(),
                "not a literal",
            )
            .help("clause and quantifier lines hold integers only; comment lines start with `c`")
        })?;
        if n == 0 && !last {
            let msg = "`0` ends a line, but more numbers follow it";
            let e = LangError::new(
                self.src,
                "qdimacs::early_zero",
                msg,
                t.span(),
                "this 0 ends the line",
            );
            return Err(e.help("write one clause (or one quantifier set) per line"));
        }
        let v = n.unsigned_abs();
        if v as usize > self.num_vars {
            let msg = format!(
                "variable {v} is out of range: the header declares {} variables",
                self.num_vars
            );
            let e = LangError::new(
                self.src,
                "qdimacs::literal_out_of_range",
                msg,
                t.span(),
                "out of range",
            );
            return Err(e.help(format!(
                "raise the variable count in `p cnf` to at least {v}"
            )));
        }
        Ok(n)
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
        let prefix = self.prefix(&index, free);
        let clauses = self.matrix(&index, &mut spans);
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

    /// The quantifier blocks over variable indices, the free variables outermost ∃.
    fn prefix(&self, index: &BTreeMap<usize, usize>, free: Vec<usize>) -> Vec<QuantBlock> {
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
        prefix
    }

    /// The clauses over variable indices, recording clause and literal spans.
    fn matrix(&self, index: &BTreeMap<usize, usize>, spans: &mut Spans) -> Vec<Vec<Lit>> {
        let mut clauses = Vec::new();
        for (c, (span, lits)) in self.clauses.iter().enumerate() {
            spans.insert(Locator::Clause(c), *span);
            let mut clause = Vec::new();
            for (i, &(n, s)) in lits.iter().enumerate() {
                spans.insert(Locator::Literal(c, i), s);
                let var = index[&(n.unsigned_abs() as usize)];
                clause.push(Lit {
                    var,
                    positive: n > 0,
                });
            }
            clauses.push(clause);
        }
        clauses
    }
}

/// Whether `text` is an optionally signed run of decimal digits (an integer, whatever its
/// size), so that a number too large for its type is reported as out of range, not as text.
fn is_integer_text(text: &str) -> bool {
    let digits = text
        .strip_prefix('-')
        .or_else(|| text.strip_prefix('+'))
        .unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}
