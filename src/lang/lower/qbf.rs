//! Lowering a prenex CNF formula: the prefix binds each variable once, the matrix may use
//! only bound variables, and the optional `variables` line fixes the index order.
//!
//! Our language, unlike QDIMACS, has no free variables: a variable that no quantifier binds
//! is almost always a typo, so it is an error here (`lang::unquantified_variable`), while
//! the QDIMACS reader follows QDIMACS 1.1 and makes it an outermost ∃.

use super::{Errors, Lowered, Named};
use crate::lang::Spans;
use crate::lang::diag::{LangError, Source};
use crate::lang::parser::{Rule, span_of};
use crate::problems::{Instance, Lit, Locator, Qbf, QuantBlock, Quantifier, Var};
use pest::iterators::Pair;
use std::collections::{HashMap, HashSet};

/// Lowers `qbf { … }`.
pub(crate) fn lower_instance(src: &Source, pair: Pair<'_, Rule>) -> Result<Lowered, LangError> {
    let mut title = None;
    let mut order = None;
    let mut formula = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::title => title = p.into_inner().next().map(|s| super::string_text(&s)),
            Rule::variables_stmt => order = Some(p),
            Rule::formula => formula = Some(p),
            _ => {}
        }
    }
    match formula {
        Some(f) => lower_formula(src, f, title, order),
        None => Err(LangError::new(
            src,
            "lang::syntax",
            "this qbf instance has no formula",
            src.whole(),
            "here",
        )),
    }
}

/// Lowers a `formula` pair; `order` is the optional `variables` statement.
pub(crate) fn lower_formula(
    src: &Source,
    formula: Pair<'_, Rule>,
    title: Option<String>,
    order: Option<Pair<'_, Rule>>,
) -> Result<Lowered, LangError> {
    let mut errs = Errors::new(src);
    let (blocks, clauses) = read_formula(formula);
    let declared = declare(&blocks, &mut errs);
    let names: Vec<Named> = match order {
        Some(o) => check_order(&o, &declared, &mut errs),
        None => declared,
    };
    let index: HashMap<&str, Var> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (&*n.text, i))
        .collect();
    let mut spans = Spans::new();
    for b in blocks.iter().flat_map(|(_, vs)| vs) {
        if let Some(&v) = index.get(&*b.text) {
            spans.insert_if_absent(Locator::Var(v), b.span);
        }
    }
    let prefix = blocks
        .iter()
        .map(|(q, vs)| QuantBlock {
            quantifier: *q,
            vars: dedup(vs.iter().filter_map(|n| index.get(&*n.text).copied())),
        })
        .collect();
    let clauses = matrix(&clauses, &index, &mut spans, &mut errs);
    let vars = names.into_iter().map(|n| n.text.into_owned()).collect();
    let q = Qbf {
        vars,
        prefix,
        clauses,
    };
    errs.finish(Lowered {
        instance: Instance::Qbf(q),
        spans,
        title,
    })
}

/// A clause as written: its span and its `(positive, variable)` literals.
type ClauseW<'s> = (miette::SourceSpan, Vec<(bool, Named<'s>)>);

/// The quantifier blocks and clauses of a `formula` pair, as written.
fn read_formula<'s>(
    formula: Pair<'s, Rule>,
) -> (Vec<(Quantifier, Vec<Named<'s>>)>, Vec<ClauseW<'s>>) {
    let (mut blocks, mut clauses) = (Vec::new(), Vec::new());
    for part in formula.into_inner() {
        let inner = part.clone().into_inner();
        match part.as_rule() {
            Rule::prefix => {
                blocks = inner
                    .filter(|b| b.as_rule() == Rule::quant_block)
                    .map(read_block)
                    .collect()
            }
            _ => {
                clauses = inner
                    .filter(|c| c.as_rule() == Rule::clause)
                    .map(read_clause)
                    .collect()
            }
        }
    }
    (blocks, clauses)
}

/// Keeps the first occurrence of each variable (a repeat is already an error).
fn dedup(vs: impl Iterator<Item = Var>) -> Vec<Var> {
    let mut seen = HashSet::new();
    vs.filter(|v| seen.insert(*v)).collect()
}

/// `exists x1 x2`.
fn read_block(block: Pair<'_, Rule>) -> (Quantifier, Vec<Named<'_>>) {
    let mut inner = block.into_inner();
    let q = match inner
        .next()
        .and_then(|q| q.into_inner().next())
        .map(|q| q.as_rule())
    {
        Some(Rule::forall) => Quantifier::Forall,
        _ => Quantifier::Exists,
    };
    (q, inner.map(|n| Named::of(&n)).collect())
}

/// `(x1 | ~x2)`: each literal's sign and variable.
fn read_clause(clause: Pair<'_, Rule>) -> ClauseW<'_> {
    let span = span_of(&clause);
    let lits = clause
        .into_inner()
        .filter(|l| l.as_rule() == Rule::literal)
        .map(|l| {
            let whole = span_of(&l);
            let parts: Vec<Pair<'_, Rule>> = l.into_inner().collect();
            let negated = parts.len() == 2;
            let name = parts.last().map(Named::of).unwrap_or(Named {
                text: Default::default(),
                span: whole,
            });
            (
                !negated,
                Named {
                    span: whole,
                    ..name
                },
            )
        })
        .collect();
    (span, lits)
}

/// The prefix variables in order, reporting `lang::duplicate_variable` for repeats.
fn declare<'s>(blocks: &[(Quantifier, Vec<Named<'s>>)], errs: &mut Errors) -> Vec<Named<'s>> {
    let mut first: HashMap<&str, miette::SourceSpan> = HashMap::new();
    let mut out = Vec::new();
    for n in blocks.iter().flat_map(|(_, vs)| vs) {
        if let Some(&at) = first.get(&*n.text) {
            errs.push(
                LangError::new(
                    errs.src,
                    "lang::duplicate_variable",
                    format!("variable `{}` is quantified twice", n.text),
                    n.span,
                    "quantified again",
                )
                .also(at, "first quantified here")
                .help("a prenex formula binds each variable once; rename one of them"),
            );
            continue;
        }
        first.insert(&n.text, n.span);
        out.push(n.clone());
    }
    out
}

/// Checks a `variables` line against the prefix and returns the variables in its order.
fn check_order<'s>(
    order: &Pair<'s, Rule>,
    declared: &[Named<'s>],
    errs: &mut Errors,
) -> Vec<Named<'s>> {
    let listed: Vec<Named<'s>> = order
        .clone()
        .into_inner()
        .filter(|p| p.as_rule() == Rule::name)
        .map(|p| Named::of(&p))
        .collect();
    let a: HashSet<&str> = listed.iter().map(|n| &*n.text).collect();
    let b: HashSet<&str> = declared.iter().map(|n| &*n.text).collect();
    if a != b || a.len() != listed.len() {
        errs.push(
            LangError::new(
                errs.src,
                "lang::variables_mismatch",
                "the `variables` line must list each quantified variable exactly once",
                span_of(order),
                "does not match the prefix",
            )
            .help(
                "list the prefix's variables in the order you want them indexed, or drop the line",
            ),
        );
        return declared.to_vec();
    }
    listed
}

/// The clauses over variable indices; reports each unquantified variable once.
fn matrix(
    clauses: &[ClauseW],
    index: &HashMap<&str, Var>,
    spans: &mut Spans,
    errs: &mut Errors,
) -> Vec<Vec<Lit>> {
    let mut reported = HashSet::new();
    let mut out = Vec::new();
    for (c, (span, lits)) in clauses.iter().enumerate() {
        spans.insert(Locator::Clause(c), *span);
        let mut clause = Vec::new();
        for (i, (positive, n)) in lits.iter().enumerate() {
            spans.insert(Locator::Literal(c, i), n.span);
            match index.get(&*n.text) {
                Some(&var) => clause.push(Lit { var, positive: *positive }),
                None if reported.insert(n.text.clone()) => errs.push(
                    LangError::new(errs.src, "lang::unquantified_variable", format!("variable `{}` is not quantified", n.text), n.span, "no quantifier binds this variable")
                        .help(format!("in this language every variable must be quantified: add `exists {}` or `forall {}` to the prefix (QDIMACS files differ: there a free variable is an outermost ∃)", n.text, n.text)),
                ),
                None => {}
            }
        }
        out.push(clause);
    }
    out
}
