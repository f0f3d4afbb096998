//! The QBF solver against a plain recursive evaluator, over every prefix shape, with the
//! outer-block witness replayed: fixing it must keep the formula's value.

use crate::decision_solvers::{assert_balanced, rng};
use georeduce::problems::{Qbf, Quantifier};
use georeduce::random::formulas::{PrefixShape, QbfParams, random_qbf};
use georeduce::solvers::Budget;
use georeduce::solvers::qbf::solve;

/// Evaluates `q` by recursion over its prefix order, trying both values of every variable
/// that `fixed` leaves open. Knows nothing of the solver's simplifications.
fn brute(q: &Qbf, fixed: &[Option<bool>]) -> bool {
    fn go(
        q: &Qbf,
        order: &[(usize, Quantifier)],
        fixed: &[Option<bool>],
        asg: &mut [bool],
    ) -> bool {
        let Some(&(v, quant)) = order.first() else {
            return q.matrix_holds(asg);
        };
        let values: &[bool] = match fixed[v] {
            Some(true) => &[true],
            Some(false) => &[false],
            None => &[false, true],
        };
        let mut results = values.iter().map(|&b| {
            asg[v] = b;
            go(q, &order[1..], fixed, asg)
        });
        match quant {
            Quantifier::Exists => results.any(|r| r),
            Quantifier::Forall => results.all(|r| r),
        }
    }
    go(q, &q.order(), fixed, &mut vec![false; q.num_vars()])
}

fn params(prefix: PrefixShape, clauses: std::ops::RangeInclusive<usize>, knobs: bool) -> QbfParams {
    QbfParams {
        vars: 1..=8,
        clauses,
        width: 3,
        prefix,
        repeated_literals: knobs,
        tautologies: knobs,
        min_existential: usize::from(knobs),
    }
}

/// Checks one formula; returns its value.
fn check(q: &Qbf) -> bool {
    let s = solve(q, &Budget::unlimited()).expect("unlimited budget");
    let none = vec![None; q.num_vars()];
    assert_eq!(s.value, brute(q, &none), "value of {q:?}");
    let outer = &q.prefix[0];
    let outer_wins = (outer.quantifier == Quantifier::Exists) == s.value;
    if !outer_wins {
        assert!(
            s.outer_block.is_empty(),
            "losing outer block has a witness: {q:?}"
        );
        return s.value;
    }
    let vars: Vec<usize> = s.outer_block.iter().map(|&(v, _)| v).collect();
    assert_eq!(
        vars, outer.vars,
        "witness must list the outer block in order: {q:?}"
    );
    let mut fixed = none;
    for &(v, b) in &s.outer_block {
        fixed[v] = Some(b);
    }
    assert_eq!(
        brute(q, &fixed),
        s.value,
        "witness {:?} does not win {q:?}",
        s.outer_block
    );
    s.value
}

#[test]
fn qbf_solver_agrees_with_brute_force_on_every_prefix_shape() {
    let mut rng = rng(2024);
    // Clause ranges chosen per shape so that both answers are common.
    let shapes = [
        (PrefixShape::Alternating, 1..=8),
        (PrefixShape::StartsWithForall, 1..=6),
        (PrefixShape::RandomBlocks, 1..=8),
        (PrefixShape::AllExists, 4..=30),
        (PrefixShape::AllForall, 0..=2),
    ];
    let (mut yes_total, mut no_total) = (0, 0);
    for (shape, clauses) in shapes {
        let (mut yes, mut no) = (0, 0);
        for i in 0..400 {
            let q = random_qbf(&mut rng, &params(shape, clauses.clone(), i % 2 == 0));
            if check(&q) { yes += 1 } else { no += 1 }
        }
        assert_balanced(&format!("{shape:?}"), yes, no, 0.15);
        yes_total += yes;
        no_total += no;
    }
    assert_eq!(yes_total + no_total, 2000);
}

#[test]
fn outer_forall_witnesses_are_checked_often() {
    // The ∀-outer witness comes from conflicts and pure literals, not branching alone:
    // exercise it on many false formulas with wide blocks.
    let mut rng = rng(77);
    let p = QbfParams {
        vars: 2..=9,
        ..params(PrefixShape::RandomBlocks, 1..=10, true)
    };
    let mut forall_false = 0;
    for _ in 0..1500 {
        let q = random_qbf(&mut rng, &p);
        let value = check(&q);
        if q.prefix[0].quantifier == Quantifier::Forall && !value {
            forall_false += 1;
        }
    }
    assert!(
        forall_false >= 200,
        "only {forall_false} ∀-outer false formulas"
    );
}
