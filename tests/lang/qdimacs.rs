//! QDIMACS: reading conventions and the writer's exact output.

use crate::lang::support::render;
use georeduce::lang::{self, qdimacs};
use georeduce::problems::{Instance, Lit, Locator, Qbf, QuantBlock, Quantifier};

/// The writer numbers variables in index order and writes one line per block and clause.
#[test]
fn writer_output_is_exact() {
    use Quantifier::*;
    let q = Qbf::from_signed(
        &[Exists, Forall, Exists],
        &[vec![1, 2, -3], vec![-1, -2, -2], vec![2, 3, 3]],
    );
    let text = qdimacs::write(&q);
    assert_eq!(
        text,
        "p cnf 3 3\ne 1 0\na 2 0\ne 3 0\n1 2 -3 0\n-1 -2 -2 0\n2 3 3 0\n"
    );
}

/// Names other than `x<i>` are kept findable in `c var` comments; blocks are merged.
#[test]
fn writer_records_names_and_merges_blocks() {
    let q = Qbf {
        vars: vec!["p".into(), "q".into()],
        prefix: vec![
            QuantBlock {
                quantifier: Quantifier::Forall,
                vars: vec![1],
            },
            QuantBlock {
                quantifier: Quantifier::Forall,
                vars: vec![0],
            },
        ],
        clauses: vec![vec![Lit::neg(0), Lit::pos(1)], vec![]],
    };
    assert_eq!(
        qdimacs::write(&q),
        "c var 1 p\nc var 2 q\np cnf 2 2\na 2 1 0\n-1 2 0\n0\n"
    );
}

/// Free variables are an outermost ∃ (QDIMACS 1.1); numbers that never occur are dropped;
/// names are `x<number>`.
#[test]
fn free_variables_are_outermost_existential() {
    let text = "c free 1 and 4, unused 3\np cnf 5 2\na 2 0\ne 5 0\n1 2 -4 0\n-5 4 0\n";
    let q = qdimacs::parse("f.qdimacs", text).unwrap_or_else(|e| panic!("{}", render(&e)));
    assert_eq!(q.vars, ["x1", "x2", "x4", "x5"]);
    assert_eq!(
        q.prefix,
        vec![
            QuantBlock {
                quantifier: Quantifier::Exists,
                vars: vec![0, 2]
            },
            QuantBlock {
                quantifier: Quantifier::Forall,
                vars: vec![1]
            },
            QuantBlock {
                quantifier: Quantifier::Exists,
                vars: vec![3]
            },
        ]
    );
    assert_eq!(q.clauses[1], vec![Lit::neg(3), Lit::pos(2)]);
}

/// A free variable joins an outermost ∃ block instead of adding a new one.
#[test]
fn free_variables_join_an_existential_first_block() {
    let q = qdimacs::parse("f.qdimacs", "p cnf 3 1\ne 2 0\na 3 0\n1 2 3 0\n").expect("valid");
    assert_eq!(
        q.prefix[0],
        QuantBlock {
            quantifier: Quantifier::Exists,
            vars: vec![0, 1]
        }
    );
    assert_eq!(q.prefix.len(), 2);
}

/// QDIMACS is recognised by content as well as by extension, and spans point into it.
#[test]
fn detected_by_content_with_spans() {
    let text = "c hello\np cnf 2 1\ne 1 0\na 2 0\n1 -2 0\n";
    let p = lang::parse_str("no-extension", text).unwrap_or_else(|e| panic!("{}", render(&e)));
    assert!(matches!(p.instance, Instance::Qbf(_)));
    let at = |l: Locator| {
        let s = p.span(&l).expect("span");
        &text[s.offset()..s.offset() + s.len()]
    };
    assert_eq!(at(Locator::Literal(0, 1)), "-2");
    assert_eq!(at(Locator::Clause(0)), "1 -2 0");
    assert_eq!(at(Locator::Var(1)), "2");
    assert!(!qdimacs::looks_like_qdimacs("# comment\nexists x: (x)"));
}

/// Empty formulas and empty clauses are legal both ways.
#[test]
fn empty_formula_and_empty_clause() {
    let q = qdimacs::parse("e.qdimacs", "p cnf 0 1\n0\n").expect("valid");
    assert_eq!(q.clauses, vec![Vec::<Lit>::new()]);
    assert!(q.vars.is_empty());
    let q = qdimacs::parse("e.qdimacs", "p cnf 0 0\n").expect("valid");
    assert_eq!(qdimacs::write(&q), "p cnf 0 0\n");
}
