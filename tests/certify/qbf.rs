//! `qbf_true` / `qbf_false` certificates: hand-built formulas, random formulas certified by a
//! test-only brute force, and table-flip / dropped-function mutants judged by an oracle.

use super::rng;
use georeduce::certify::{
    BoolFn, CheckError, Claim, Limits, QbfStrategy, SkolemFn, check_qbf_strategy,
    qbf_strategy_from_fn,
};
use georeduce::problems::{Qbf, Quantifier};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

fn check(q: &Qbf, s: &QbfStrategy, claims_true: bool) -> Result<Claim, CheckError> {
    check_qbf_strategy(q, s, claims_true, &Limits::default()).map(|v| v.claim)
}

fn f(var: &str, value: BoolFn) -> SkolemFn {
    SkolemFn {
        var: var.into(),
        value,
    }
}

const E: Quantifier = Quantifier::Exists;
const A: Quantifier = Quantifier::Forall;

#[test]
fn skolem_constant_certifies_a_true_formula() {
    // ∃x1 ∀x2 (x1 ∨ x2)(x1 ∨ ¬x2): true with x1 = 1.
    let q = Qbf::from_signed(&[E, A], &[vec![1, 2], vec![1, -2]]);
    let yes = QbfStrategy {
        functions: vec![f("x1", BoolFn::Const(true))],
    };
    assert_eq!(check(&q, &yes, true), Ok(Claim::Qbf(true)));
    let no = QbfStrategy {
        functions: vec![f("x1", BoolFn::Const(false))],
    };
    let e = check(&q, &no, true).unwrap_err();
    assert_eq!(
        e.to_string(),
        "certify::clause_falsified: clause 0 `(x1 ∨ x2)` is false under x1=0 x2=0"
    );
    assert!(matches!(
        check(&q, &QbfStrategy { functions: vec![] }, true),
        Err(CheckError::MissingFunction { .. })
    ));
}

#[test]
fn herbrand_tree_certifies_a_false_formula() {
    // ∃x1 ∀x2 (¬x1 ∨ x2)(x1 ∨ ¬x2) says x1 = x2: false, ∀ answers x2 = ¬x1.
    let q = Qbf::from_signed(&[E, A], &[vec![-1, 2], vec![1, -2]]);
    let tree = BoolFn::Tree {
        test: "x1".into(),
        then: Box::new(BoolFn::Const(false)),
        otherwise: Box::new(BoolFn::Const(true)),
    };
    let s = QbfStrategy {
        functions: vec![f("x2", tree)],
    };
    assert_eq!(check(&q, &s, false), Ok(Claim::Qbf(false)));
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(
        json,
        r#"{"functions":[{"var":"x2","value":{"if":"x1","then":false,"else":true}}]}"#
    );
    let copy = QbfStrategy {
        functions: vec![f(
            "x2",
            BoolFn::Tree {
                test: "x1".into(),
                then: Box::new(BoolFn::Const(true)),
                otherwise: Box::new(BoolFn::Const(false)),
            },
        )],
    };
    let e = check(&q, &copy, false).unwrap_err();
    assert_eq!(
        e.to_string(),
        "certify::all_clauses_hold: every clause holds under x1=0 x2=0"
    );
    // A function may not read a later variable, nor an ∃ variable give a qbf_false function.
    let late = QbfStrategy {
        functions: vec![f(
            "x1",
            BoolFn::Table {
                over: vec!["x2".into()],
                values: "01".into(),
            },
        )],
    };
    assert!(matches!(
        check(&q, &late, true),
        Err(CheckError::IllegalDependency { .. })
    ));
    assert!(matches!(
        check(&q, &late, false),
        Err(CheckError::Malformed(_))
    ));
}

/// A random formula with 1..=7 variables and 1..=6 clauses of 1..=3 literals.
fn random_qbf(r: &mut ChaCha8Rng) -> Qbf {
    let n = r.random_range(1..=7usize);
    let qs: Vec<Quantifier> = (0..n)
        .map(|_| if r.random_bool(0.5) { E } else { A })
        .collect();
    let clauses = (0..r.random_range(1..=6))
        .map(|_| {
            (0..r.random_range(1..=3))
                .map(|_| {
                    let v = r.random_range(1..=n as i32);
                    if r.random_bool(0.5) { v } else { -v }
                })
                .collect()
        })
        .collect::<Vec<Vec<i32>>>();
    Qbf::from_signed(&qs, &clauses)
}

/// The value of the formula from prefix position `i` on, by plain recursion.
fn value(q: &Qbf, i: usize, a: &mut Vec<bool>) -> bool {
    let order = q.order();
    let Some(&(v, quant)) = order.get(i) else {
        return q.matrix_holds(a);
    };
    let mut branch = |b| {
        a[v] = b;
        value(q, i + 1, a)
    };
    match quant {
        Quantifier::Exists => branch(false) || branch(true),
        Quantifier::Forall => branch(false) && branch(true),
    }
}

/// Winning tables for the side that wins (∃ if the formula is true), by brute force: one
/// table per player variable over the earlier opponent variables, row bits MSB first.
fn winning_tables(q: &Qbf, truth: bool) -> QbfStrategy {
    let mine = if truth { E } else { A };
    let order = q.order();
    let mut tables: Vec<Vec<char>> = vec![vec![]; q.num_vars()];
    fn go(
        q: &Qbf,
        order: &[(usize, Quantifier)],
        mine: Quantifier,
        i: usize,
        row: usize,
        a: &mut Vec<bool>,
        t: &mut Vec<Vec<char>>,
    ) {
        let Some(&(v, quant)) = order.get(i) else {
            return;
        };
        if quant == mine {
            a[v] = true;
            let good_true = value(q, i + 1, a) == (mine == E);
            a[v] = good_true;
            if t[v].len() <= row {
                t[v].resize(row + 1, '0');
            }
            t[v][row] = if good_true { '1' } else { '0' };
            go(q, order, mine, i + 1, row, a, t);
        } else {
            for b in [false, true] {
                a[v] = b;
                go(q, order, mine, i + 1, 2 * row + usize::from(b), a, t);
            }
        }
    }
    go(
        q,
        &order,
        mine,
        0,
        0,
        &mut vec![false; q.num_vars()],
        &mut tables,
    );
    let mut earlier = vec![];
    let mut functions = vec![];
    for &(v, quant) in &order {
        if quant != mine {
            earlier.push(q.vars[v].clone());
        } else {
            functions.push(f(
                &q.vars[v],
                BoolFn::Table {
                    over: earlier.clone(),
                    values: tables[v].iter().collect(),
                },
            ));
        }
    }
    QbfStrategy { functions }
}

/// The oracle: does the strategy (tables only) win for its side against every opponent play?
fn oracle(q: &Qbf, s: &QbfStrategy, claims_true: bool) -> bool {
    let mine = if claims_true { E } else { A };
    let order = q.order();
    let quant = q.quantifier_of();
    let idx = |n: &str| q.vars.iter().position(|x| x == n).unwrap();
    let mut table = vec![None; q.num_vars()];
    for sf in &s.functions {
        let BoolFn::Table { over, values } = &sf.value else {
            panic!("tables only")
        };
        let v = idx(&sf.var);
        if quant[v] != mine || table[v].is_some() {
            return false;
        }
        table[v] = Some((
            over.iter().map(|n| idx(n)).collect::<Vec<_>>(),
            values.clone(),
        ));
    }
    let opp: Vec<usize> = order.iter().filter(|x| x.1 != mine).map(|x| x.0).collect();
    (0..1u32 << opp.len()).all(|mask| {
        let mut a = vec![false; q.num_vars()];
        for (i, &v) in opp.iter().enumerate() {
            a[v] = mask >> (opp.len() - 1 - i) & 1 == 1;
        }
        for &(v, qq) in &order {
            if qq == mine {
                let Some((over, values)) = &table[v] else {
                    return false;
                };
                let row = over.iter().fold(0, |r, &u| 2 * r + usize::from(a[u]));
                a[v] = values.as_bytes()[row] == b'1';
            }
        }
        q.matrix_holds(&a) == claims_true
    })
}

#[test]
fn random_formulas_certified_and_mutants_judged() {
    let mut r = rng(11);
    let (mut truths, mut valid, mut invalid) = ([0usize; 2], 0usize, 0usize);
    for _ in 0..400 {
        let q = random_qbf(&mut r);
        let truth = value(&q, 0, &mut vec![false; q.num_vars()]);
        truths[usize::from(truth)] += 1;
        let s = winning_tables(&q, truth);
        assert!(oracle(&q, &s, truth));
        assert_eq!(check(&q, &s, truth), Ok(Claim::Qbf(truth)), "{q:?}");
        let built = qbf_strategy_from_fn(&q, truth, &Limits::default(), |v, partial| {
            let mut a: Vec<bool> = partial.iter().map(|x| x.unwrap_or(false)).collect();
            a[v] = true;
            let i = q.order().iter().position(|x| x.0 == v).unwrap();
            value(&q, i + 1, &mut a) == truth
        })
        .unwrap();
        assert_eq!(check(&q, &built, truth), Ok(Claim::Qbf(truth)));
        // The losing side's best attempt is still rejected.
        let other = winning_tables(&q, !truth);
        assert!(check(&q, &other, !truth).is_err());
        for m in mutants(&s) {
            let ok = check(&q, &m, truth).is_ok();
            assert_eq!(ok, oracle(&q, &m, truth), "{q:?} {m:?}");
            if ok { valid += 1 } else { invalid += 1 }
        }
    }
    eprintln!("qbf: truths {truths:?}, mutants {valid} valid / {invalid} invalid");
    assert!(truths[0] > 100 && truths[1] > 100, "{truths:?}");
    assert!(valid > 100 && invalid > 100, "{valid} {invalid}");
}

/// Every single table-entry flip, and every dropped function.
fn mutants(s: &QbfStrategy) -> Vec<QbfStrategy> {
    let mut out = vec![];
    for (i, sf) in s.functions.iter().enumerate() {
        let mut dropped = s.clone();
        dropped.functions.remove(i);
        out.push(dropped);
        let BoolFn::Table { over, values } = &sf.value else {
            continue;
        };
        for j in 0..values.len() {
            let mut bytes = values.clone().into_bytes();
            bytes[j] ^= b'0' ^ b'1';
            let mut m = s.clone();
            m.functions[i].value = BoolFn::Table {
                over: over.clone(),
                values: String::from_utf8(bytes).unwrap(),
            };
            out.push(m);
        }
    }
    out
}

#[test]
fn too_many_opponent_variables_is_an_error_not_a_hang() {
    let q = Qbf::from_signed(&[A; 30], &[vec![1, -1]]);
    let limits = Limits {
        max_opponent_vars: 22,
        ..Limits::default()
    };
    let e = check_qbf_strategy(&q, &QbfStrategy { functions: vec![] }, true, &limits).unwrap_err();
    assert!(matches!(e, CheckError::TooLarge { size: 30, .. }), "{e}");
}
