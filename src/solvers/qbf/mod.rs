//! The exact QBF solver: a QDPLL search (no learning) over a prenex CNF formula.
//!
//! The search branches on variables in prefix order (any order within a block) and, at every
//! node, simplifies with rules that are sound for QBF:
//! - *universal reduction*: an unassigned ∀ literal of a clause can be dropped when it is
//!   quantified deeper than every unassigned ∃ literal of that clause (∀ chooses it last and
//!   can falsify it), so a clause left with no ∃ literal is a conflict;
//! - *unit propagation* on ∃ literals after universal reduction;
//! - *pure literals*: a pure ∃ literal is set true, a pure ∀ literal is set **false** (the
//!   opposite polarity: ∀ never gains by satisfying a clause).
//!
//! Tautological clauses are dropped and repeated literals merged before the search, because
//! universal reduction is only sound on clauses without a complementary pair.
//!
//! Besides the truth value the solver returns winning values for the outermost block when that
//! block's player wins; see [`QbfSolution::outer_block`] for why they are correct.

mod search;

use super::{Budget, SolveError, Stats};
use crate::problems::qbf::{Qbf, Quantifier, Var};
use search::Search;
use std::time::Instant;

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct QbfSolution {
    /// The truth value of the closed formula.
    pub value: bool,
    /// Winning values for the variables of the outermost quantifier block, in prefix order,
    /// when that block's player wins (an ∃ block and `value == true`, or a ∀ block and
    /// `value == false`); empty otherwise. Fixing these values leaves a formula with the same
    /// truth value. Adjacent blocks with the same quantifier count as one block, empty blocks
    /// are skipped, and free variables (not in the prefix) form an outermost ∃ block.
    pub outer_block: Vec<(Var, bool)>,
    /// Search statistics: one node per call of the search (branch or leaf).
    pub stats: Stats,
}

/// Decides `q`, charging `budget` once per search node.
///
/// Errors: [`SolveError::Budget`] when the budget runs out; [`SolveError::Unsupported`] when a
/// clause or block names a variable index outside `q.vars` (a broken [`Qbf`] invariant).
pub fn solve(q: &Qbf, budget: &Budget) -> Result<QbfSolution, SolveError> {
    let start = Instant::now();
    let prefix = Prefix::new(q)?;
    let mut search = Search::new(q, &prefix, budget);
    let value = (search.node(true)).map_err(|e| e.or_tableless_since(start))?;
    let outer_wins = prefix
        .blocks
        .first()
        .is_some_and(|(quant, _)| (*quant == Quantifier::Exists) == value);
    let outer_block = match prefix.blocks.first() {
        Some((_, vars)) if outer_wins => vars.iter().map(|&v| (v, search.witness[v])).collect(),
        _ => Vec::new(),
    };
    Ok(QbfSolution {
        value,
        outer_block,
        stats: Stats::without_table(start, search.nodes),
    })
}

/// The prefix after normalisation: merged non-empty blocks and each variable's level.
struct Prefix {
    /// Blocks outermost first; adjacent blocks have different quantifiers.
    blocks: Vec<(Quantifier, Vec<Var>)>,
    /// The block index of each variable.
    level: Vec<usize>,
    /// Whether each variable is existential.
    exists: Vec<bool>,
}

impl Prefix {
    /// Normalises `q.prefix`; a variable quantified twice keeps its first (outermost) block.
    fn new(q: &Qbf) -> Result<Prefix, SolveError> {
        let n = q.num_vars();
        let out_of_range = |v: Var| {
            SolveError::Unsupported(format!(
                "variable index {v} is out of range: the formula has {n} variables"
            ))
        };
        let mut seen = vec![false; n];
        let mut blocks: Vec<(Quantifier, Vec<Var>)> = Vec::new();
        for (v, quant) in q.order() {
            if v >= n {
                return Err(out_of_range(v));
            }
            if std::mem::replace(&mut seen[v], true) {
                continue;
            }
            match blocks.last_mut() {
                Some((last, vars)) if *last == quant => vars.push(v),
                _ => blocks.push((quant, vec![v])),
            }
        }
        if let Some(l) = q.clauses.iter().flatten().find(|l| l.var >= n) {
            return Err(out_of_range(l.var));
        }
        // Free variables are existential and outermost, as in QDIMACS.
        let free: Vec<Var> = (0..n).filter(|&v| !seen[v]).collect();
        if !free.is_empty() {
            match blocks.first_mut() {
                Some((Quantifier::Exists, vars)) => *vars = [free, std::mem::take(vars)].concat(),
                _ => blocks.insert(0, (Quantifier::Exists, free)),
            }
        }
        let (mut level, mut exists) = (vec![0; n], vec![true; n]);
        for (i, (quant, vars)) in blocks.iter().enumerate() {
            for &v in vars {
                level[v] = i;
                exists[v] = *quant == Quantifier::Exists;
            }
        }
        Ok(Prefix {
            blocks,
            level,
            exists,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Quantifier::{Exists as E, Forall as A};

    fn run(quants: &[Quantifier], clauses: &[Vec<i32>]) -> QbfSolution {
        solve(&Qbf::from_signed(quants, clauses), &Budget::unlimited()).unwrap()
    }

    #[test]
    fn fraenkel_simonson_example_is_false() {
        // ∃x1 ∀x2 ∃x3 (x1+x2+¬x3)(¬x1+¬x2+¬x2)(x2+x3+x3): x1=1 loses to x2=1 on clause 2,
        // x1=0 loses to x2=0 (clauses 1 and 3 then need ¬x3 and x3).
        let s = run(
            &[E, A, E],
            &[vec![1, 2, -3], vec![-1, -2, -2], vec![2, 3, 3]],
        );
        assert!(!s.value);
        assert!(s.outer_block.is_empty());
    }

    #[test]
    fn exists_forall_needs_the_right_outer_value() {
        // ∃x ∀y (x ∨ y)(x ∨ ¬y): true only with x = 1.
        let s = run(&[E, A], &[vec![1, 2], vec![1, -2]]);
        assert!(s.value);
        assert_eq!(s.outer_block, vec![(0, true)]);
    }

    #[test]
    fn forall_block_witness_falsifies_a_reduced_clause() {
        // ∀x ∃y (¬x ∨ y)(¬x ∨ ¬y): false with x = 1; the conflict is found by reduction.
        let s = run(&[A, E], &[vec![-1, 2], vec![-1, -2]]);
        assert!(!s.value);
        assert_eq!(s.outer_block, vec![(0, true)]);
        // ∀x ∃y (x ∨ y): x is quantified before y, so it must not be reduced away.
        assert!(run(&[A, E], &[vec![1, 2]]).value);
    }

    #[test]
    fn tautologies_are_true_and_empty_clauses_false() {
        assert!(run(&[A], &[vec![1, -1, 1]]).value);
        assert!(!run(&[E], &[vec![]]).value);
        assert!(run(&[], &[]).value);
    }

    #[test]
    fn broken_invariant_is_an_error_not_a_panic() {
        let mut q = Qbf::from_signed(&[E], &[vec![1]]);
        q.clauses[0][0].var = 7;
        assert!(matches!(
            solve(&q, &Budget::unlimited()),
            Err(SolveError::Unsupported(_))
        ));
    }

    #[test]
    fn chains_of_units_are_propagated_without_branching() {
        // x1, x1 → x2, …, x29 → x30, ¬x30: false by propagation alone, at the root. The
        // clauses are listed backwards so that each unit is found only through the clauses
        // of the variable assigned just before it.
        let n = 30;
        let mut clauses: Vec<Vec<i32>> = (1..n).rev().map(|i| vec![-i, i + 1]).collect();
        clauses.push(vec![-n]);
        clauses.push(vec![1]);
        let s = run(&vec![E; n as usize], &clauses);
        assert!(!s.value);
        assert_eq!(s.stats.nodes, 1);
        // With ∀x1 outermost the chain starts from ∀'s choice: still one branch per value.
        let mut clauses: Vec<Vec<i32>> = (1..n).map(|i| vec![-i, i + 1]).collect();
        clauses.push(vec![-n]);
        let mut quants = vec![E; n as usize];
        quants[0] = A;
        let s = run(&quants, &clauses);
        assert!(!s.value);
        assert_eq!(s.outer_block, vec![(0, true)]);
    }

    #[test]
    fn budget_stops_the_search() {
        let clauses: Vec<Vec<i32>> = (1..=10).map(|i| vec![i, -(i % 10 + 1)]).collect();
        let q = Qbf::from_signed(&[E; 10], &clauses);
        let budget = Budget::new(Some(0), None);
        assert!(matches!(solve(&q, &budget), Err(SolveError::Budget(_))));
    }
}
