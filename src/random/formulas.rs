//! Random prenex CNF formulas (3QBF by default) for differential tests and `georeduce check`.
//!
//! The knobs are the ones the papers' errata depend on: the prefix shape (who moves first,
//! whether blocks alternate), repeated literals inside a clause (`x2 + x3 + x3`, which the
//! constructions count) and tautological clauses (`x1 + ¬x1 + x2`, which Thm 2.5 of
//! Fraenkel–Simonson must treat specially). Variables are named `x1`, `x2`, … in prefix
//! order, as [`Qbf::from_signed`] does.

use crate::problems::qbf::{Clause, Lit, Qbf, QuantBlock, Quantifier};
use rand::Rng;
use rand::seq::SliceRandom;
use std::ops::RangeInclusive;

/// The shape of the quantifier prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrefixShape {
    /// One variable per block, alternating, starting with ∃: `∃x1 ∀x2 ∃x3 …`.
    Alternating,
    /// One variable per block, alternating, starting with ∀: `∀x1 ∃x2 ∀x3 …`.
    StartsWithForall,
    /// Alternating blocks of 1 to 3 variables; the first quantifier is random.
    RandomBlocks,
    /// A single ∃ block (plain SAT).
    AllExists,
    /// A single ∀ block (tautology checking).
    AllForall,
    /// One of the five shapes above, chosen uniformly for each formula.
    Mixed,
}

impl PrefixShape {
    /// Every concrete shape (all but [`PrefixShape::Mixed`]).
    pub const ALL: [PrefixShape; 5] = [
        PrefixShape::Alternating,
        PrefixShape::StartsWithForall,
        PrefixShape::RandomBlocks,
        PrefixShape::AllExists,
        PrefixShape::AllForall,
    ];
}

/// What [`random_qbf`] generates.
#[derive(Clone, Debug, PartialEq)]
pub struct QbfParams {
    /// Number of variables (drawn uniformly from the range).
    pub vars: RangeInclusive<usize>,
    /// Number of clauses (drawn uniformly from the range).
    pub clauses: RangeInclusive<usize>,
    /// Literal occurrences per clause, repeats included (3 for 3QBF). A clause is shorter only
    /// when it would need more distinct variables than there are and repeats are off.
    pub width: usize,
    /// The prefix shape.
    pub prefix: PrefixShape,
    /// Whether a clause may repeat a literal; when allowed, each occurrence after the first
    /// copies an earlier one with probability [`REPEAT_PROBABILITY`].
    pub repeated_literals: bool,
    /// Whether a clause may hold a complementary pair; when allowed, each occurrence after
    /// the first negates an earlier one with probability [`TAUTOLOGY_PROBABILITY`].
    pub tautologies: bool,
    /// Each clause gets at least this many distinct ∃ variables (as far as the prefix has
    /// them). With 0, a random clause often has no ∃ literal at all, and such a clause makes
    /// the formula false at once by universal reduction: with half the variables universal,
    /// one clause in eight, so most larger formulas are trivially false.
    pub min_existential: usize,
}

/// Chance that an occurrence repeats an earlier literal of its clause, when allowed.
pub const REPEAT_PROBABILITY: f64 = 0.15;
/// Chance that an occurrence negates an earlier literal of its clause, when allowed.
pub const TAUTOLOGY_PROBABILITY: f64 = 0.05;

impl QbfParams {
    /// 3QBF with `vars` variables and `clauses` clauses, every prefix shape, repeated
    /// literals and tautologies allowed, at least one ∃ variable per clause: the family
    /// `georeduce check` uses.
    pub fn three_qbf(vars: RangeInclusive<usize>, clauses: RangeInclusive<usize>) -> QbfParams {
        QbfParams {
            vars,
            clauses,
            width: 3,
            prefix: PrefixShape::Mixed,
            repeated_literals: true,
            tautologies: true,
            min_existential: 1,
        }
    }
}

/// A random formula drawn as `params` says. Empty ranges count as their start; with zero
/// variables the matrix is empty (a formula with no variables has no literals to draw).
pub fn random_qbf(rng: &mut impl Rng, params: &QbfParams) -> Qbf {
    let n = draw(rng, &params.vars);
    let m = if n == 0 {
        0
    } else {
        draw(rng, &params.clauses)
    };
    let shape = match params.prefix {
        PrefixShape::Mixed => PrefixShape::ALL[rng.random_range(0..PrefixShape::ALL.len())],
        shape => shape,
    };
    let prefix = random_prefix(rng, n, shape);
    let existential: Vec<usize> = prefix
        .iter()
        .filter(|b| b.quantifier == Quantifier::Exists)
        .flat_map(|b| b.vars.iter().copied())
        .collect();
    let clauses = (0..m)
        .map(|_| random_clause(rng, n, &existential, params))
        .collect();
    Qbf {
        vars: (1..=n).map(|i| format!("x{i}")).collect(),
        prefix,
        clauses,
    }
}

/// A number from `range`, or its start when the range is empty.
fn draw(rng: &mut impl Rng, range: &RangeInclusive<usize>) -> usize {
    if range.is_empty() {
        *range.start()
    } else {
        rng.random_range(range.clone())
    }
}

/// The prefix over variables `0..n` in index order.
fn random_prefix(rng: &mut impl Rng, n: usize, shape: PrefixShape) -> Vec<QuantBlock> {
    use Quantifier::{Exists, Forall};
    let other = |q| if q == Exists { Forall } else { Exists };
    let (first, sizes): (Quantifier, Vec<usize>) = match shape {
        PrefixShape::AllExists => (Exists, vec![n]),
        PrefixShape::AllForall => (Forall, vec![n]),
        PrefixShape::Alternating | PrefixShape::Mixed => (Exists, vec![1; n]),
        PrefixShape::StartsWithForall => (Forall, vec![1; n]),
        PrefixShape::RandomBlocks => {
            let first = if rng.random_bool(0.5) { Exists } else { Forall };
            let mut sizes = Vec::new();
            let mut left = n;
            while left > 0 {
                let s = rng.random_range(1..=left.min(3));
                sizes.push(s);
                left -= s;
            }
            (first, sizes)
        }
    };
    let mut blocks = Vec::new();
    let (mut next, mut quantifier) = (0, first);
    for size in sizes.into_iter().filter(|&s| s > 0) {
        blocks.push(QuantBlock {
            quantifier,
            vars: (next..next + size).collect(),
        });
        next += size;
        quantifier = other(quantifier);
    }
    blocks
}

/// One clause over variables `0..n` (n ≥ 1). Fresh occurrences use distinct variables while
/// there are enough of them, so repeats and tautologies come only from the two knobs. The
/// first fresh occurrences are drawn from `existential` until `min_existential` is met; the
/// clause is shuffled at the end so that they do not always come first.
fn random_clause(
    rng: &mut impl Rng,
    n: usize,
    existential: &[usize],
    params: &QbfParams,
) -> Clause {
    let mut clause: Clause = Vec::with_capacity(params.width);
    let wanted = params
        .min_existential
        .min(existential.len())
        .min(params.width);
    while clause.len() < params.width {
        if !clause.is_empty() && clause.len() >= wanted {
            let earlier = clause[rng.random_range(0..clause.len())];
            if params.repeated_literals && rng.random_bool(REPEAT_PROBABILITY) {
                clause.push(earlier);
                continue;
            }
            if params.tautologies && rng.random_bool(TAUTOLOGY_PROBABILITY) {
                clause.push(earlier.negated());
                continue;
            }
        }
        let var = if clause.len() < wanted {
            existential[rng.random_range(0..existential.len())]
        } else {
            rng.random_range(0..n)
        };
        let fresh = clause.iter().all(|l| l.var != var);
        // When every variable is already used, a repeat is forced; keep it only if allowed.
        if fresh || (clause.len() >= n && params.repeated_literals) {
            clause.push(Lit {
                var,
                positive: rng.random_bool(0.5),
            });
        } else if clause.len() >= n {
            // No fresh variable is left and repeats are not allowed: the clause stays short.
            break;
        }
    }
    clause.shuffle(rng);
    clause
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn params(shape: PrefixShape, repeats: bool, tautologies: bool) -> QbfParams {
        QbfParams {
            vars: 3..=8,
            clauses: 1..=10,
            width: 3,
            prefix: shape,
            repeated_literals: repeats,
            tautologies,
            min_existential: 0,
        }
    }

    #[test]
    fn shapes_give_the_promised_prefixes() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..200 {
            let q = random_qbf(&mut rng, &params(PrefixShape::Alternating, true, true));
            assert_eq!(q.prefix.len(), q.num_vars());
            assert_eq!(q.prefix[0].quantifier, Quantifier::Exists);
            let q = random_qbf(&mut rng, &params(PrefixShape::StartsWithForall, true, true));
            assert_eq!(q.prefix[0].quantifier, Quantifier::Forall);
            let q = random_qbf(&mut rng, &params(PrefixShape::AllForall, true, true));
            assert_eq!(q.prefix.len(), 1);
            let q = random_qbf(&mut rng, &params(PrefixShape::RandomBlocks, true, true));
            let order: Vec<usize> = q.order().iter().map(|&(v, _)| v).collect();
            assert_eq!(order, (0..q.num_vars()).collect::<Vec<_>>());
            assert!(
                q.prefix
                    .windows(2)
                    .all(|w| w[0].quantifier != w[1].quantifier)
            );
        }
    }

    #[test]
    fn knobs_control_repeats_and_tautologies() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let count = |rng: &mut ChaCha8Rng, p: &QbfParams| {
            let (mut repeats, mut tautologies) = (0, 0);
            for _ in 0..300 {
                for c in random_qbf(rng, p).clauses {
                    assert_eq!(c.len(), 3);
                    let pairs = || {
                        c.iter()
                            .enumerate()
                            .flat_map(|(i, a)| c[i + 1..].iter().map(move |b| (a, b)))
                    };
                    repeats += pairs().filter(|(a, b)| a == b).count().min(1);
                    tautologies += pairs().filter(|(a, b)| **a == b.negated()).count().min(1);
                }
            }
            (repeats, tautologies)
        };
        assert_eq!(
            count(&mut rng, &params(PrefixShape::Mixed, false, false)),
            (0, 0)
        );
        let (r, t) = count(&mut rng, &params(PrefixShape::Mixed, true, true));
        assert!(r > 100 && t > 30, "repeats {r}, tautologies {t}");
    }

    #[test]
    fn clauses_get_their_existential_variables() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut without = 0;
        for min_existential in [0, 1, 2] {
            for _ in 0..300 {
                let p = QbfParams {
                    min_existential,
                    ..QbfParams::three_qbf(1..=9, 1..=9)
                };
                let q = random_qbf(&mut rng, &p);
                let quant = q.quantifier_of();
                let exists: Vec<usize> = (0..q.num_vars())
                    .filter(|&v| quant[v] == Quantifier::Exists)
                    .collect();
                for c in &q.clauses {
                    let mut vars: Vec<usize> = c
                        .iter()
                        .map(|l| l.var)
                        .filter(|v| exists.contains(v))
                        .collect();
                    vars.sort_unstable();
                    vars.dedup();
                    let need = min_existential.min(exists.len());
                    assert!(vars.len() >= need, "{c:?} in {q:?}");
                    without +=
                        (min_existential == 0 && vars.is_empty() && !exists.is_empty()) as usize;
                }
            }
        }
        assert!(
            without > 50,
            "min_existential = 0 should allow ∀-only clauses"
        );
    }

    #[test]
    fn same_seed_same_formula() {
        let p = QbfParams::three_qbf(1..=12, 0..=20);
        let a: Vec<Qbf> = (0..50)
            .scan(ChaCha8Rng::seed_from_u64(9), |r, _| Some(random_qbf(r, &p)))
            .collect();
        let b: Vec<Qbf> = (0..50)
            .scan(ChaCha8Rng::seed_from_u64(9), |r, _| Some(random_qbf(r, &p)))
            .collect();
        assert_eq!(a, b);
        assert!(a.windows(2).any(|w| w[0] != w[1]));
    }
}
