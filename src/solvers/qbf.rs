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

use super::{Budget, BudgetExceeded, SolveError, Stats};
use crate::problems::qbf::{Lit, Qbf, Quantifier, Var};
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
    let value = search.node(true)?;
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
        stats: Stats::since(start, search.nodes),
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

/// What propagation found at a node.
enum Outcome {
    /// Clause `i` is false after universal reduction: ∀ wins here.
    Conflict(usize),
    /// Every clause is satisfied: ∃ wins here.
    AllSatisfied,
    /// Neither: the search must branch.
    Open,
}

/// The state of one clause under the current partial assignment.
enum ClauseState {
    Satisfied,
    Conflict,
    Unit(Lit),
    Open,
}

/// The search state: the simplified matrix, the partial assignment and its trail.
struct Search<'a> {
    clauses: Vec<Vec<Lit>>,
    level: Vec<usize>,
    exists: Vec<bool>,
    value: Vec<Option<bool>>,
    trail: Vec<Var>,
    /// Outer-block values recorded where the search last left the outer block.
    witness: Vec<bool>,
    /// Scratch counters of positive and negative occurrences, reused across nodes.
    pos: Vec<u32>,
    neg: Vec<u32>,
    nodes: u64,
    budget: &'a Budget,
}

impl<'a> Search<'a> {
    fn new(q: &Qbf, prefix: &Prefix, budget: &'a Budget) -> Search<'a> {
        let n = q.num_vars();
        Search {
            clauses: normalise(&q.clauses),
            level: prefix.level.clone(),
            exists: prefix.exists.clone(),
            value: vec![None; n],
            trail: Vec::new(),
            witness: vec![false; n],
            pos: vec![0; n],
            neg: vec![0; n],
            nodes: 0,
            budget,
        }
    }

    /// Evaluates the current node. `in_outer` is true while every decision on the path so far
    /// was on an outer-block variable; the node where that stops records the witness.
    fn node(&mut self, in_outer: bool) -> Result<bool, BudgetExceeded> {
        self.nodes += 1;
        self.budget.charge(self.nodes)?;
        let mark = self.trail.len();
        let result = match self.propagate() {
            Outcome::Conflict(i) => {
                if in_outer {
                    self.record(Some(i));
                }
                false
            }
            Outcome::AllSatisfied => {
                if in_outer {
                    self.record(None);
                }
                true
            }
            Outcome::Open => {
                let (v, first) = self.pick();
                let stays_outer = in_outer && self.level[v] == 0;
                if in_outer && !stays_outer {
                    self.record(None);
                }
                self.branch(v, first, stays_outer)?
            }
        };
        self.undo(mark);
        Ok(result)
    }

    /// Tries both values of `v`, `first` first, stopping as soon as `v`'s player wins.
    ///
    /// Because a block belongs to one player, the search inside the outer block stops at the
    /// first win of that player, so the last witness recorded lies on the winning line.
    fn branch(&mut self, v: Var, first: bool, in_outer: bool) -> Result<bool, BudgetExceeded> {
        let wants = self.exists[v];
        for val in [first, !first] {
            self.assign(v, val);
            let result = self.node(in_outer)?;
            self.undo(self.trail.len() - 1);
            if result == wants {
                return Ok(wants);
            }
        }
        Ok(!wants)
    }

    /// Records the outer-block values of the current line. At a conflict, ∀ wins by
    /// falsifying the clause's remaining (reduced) ∀ literals, so those are recorded too.
    fn record(&mut self, conflict: Option<usize>) {
        for v in 0..self.value.len() {
            self.witness[v] = self.value[v].unwrap_or(false);
        }
        if let Some(i) = conflict {
            for l in &self.clauses[i] {
                if self.value[l.var].is_none() {
                    self.witness[l.var] = !l.positive;
                }
            }
        }
    }

    fn assign(&mut self, v: Var, val: bool) {
        self.value[v] = Some(val);
        self.trail.push(v);
    }

    fn undo(&mut self, mark: usize) {
        for v in self.trail.drain(mark..) {
            self.value[v] = None;
        }
    }

    /// Applies unit propagation and pure literals until nothing changes.
    fn propagate(&mut self) -> Outcome {
        loop {
            let mut changed = false;
            let mut all_satisfied = true;
            for i in 0..self.clauses.len() {
                match self.clause_state(i) {
                    ClauseState::Satisfied => {}
                    ClauseState::Conflict => return Outcome::Conflict(i),
                    ClauseState::Unit(l) => {
                        self.assign(l.var, l.positive);
                        changed = true;
                    }
                    ClauseState::Open => all_satisfied = false,
                }
            }
            if !changed && all_satisfied {
                return Outcome::AllSatisfied;
            }
            if !changed && !self.pure_literals() {
                return Outcome::Open;
            }
        }
    }

    /// Classifies clause `i`, applying universal reduction.
    fn clause_state(&self, i: usize) -> ClauseState {
        let c = &self.clauses[i];
        let (mut existentials, mut deepest, mut unit) = (0, None, None);
        for &l in c {
            match self.value[l.var] {
                Some(b) if b == l.positive => return ClauseState::Satisfied,
                Some(_) => {}
                None if self.exists[l.var] => {
                    existentials += 1;
                    deepest = deepest.max(Some(self.level[l.var]));
                    unit = Some(l);
                }
                None => {}
            }
        }
        // A ∀ literal quantified before the deepest ∃ literal cannot be reduced away.
        let blocked = c.iter().any(|l| {
            self.value[l.var].is_none() && !self.exists[l.var] && Some(self.level[l.var]) < deepest
        });
        match (existentials, unit) {
            (0, _) => ClauseState::Conflict,
            (1, Some(l)) if !blocked => ClauseState::Unit(l),
            _ => ClauseState::Open,
        }
    }

    /// Counts literal occurrences of unassigned variables in unsatisfied clauses.
    fn count_occurrences(&mut self) {
        self.pos
            .iter_mut()
            .chain(self.neg.iter_mut())
            .for_each(|x| *x = 0);
        for i in 0..self.clauses.len() {
            if matches!(self.clause_state(i), ClauseState::Satisfied) {
                continue;
            }
            for l in &self.clauses[i] {
                if self.value[l.var].is_none() {
                    let counter = if l.positive {
                        &mut self.pos
                    } else {
                        &mut self.neg
                    };
                    counter[l.var] += 1;
                }
            }
        }
    }

    /// Assigns every pure literal (∃: true, ∀: false); returns whether any was found.
    fn pure_literals(&mut self) -> bool {
        self.count_occurrences();
        let mut found = false;
        for v in 0..self.value.len() {
            let (p, n) = (self.pos[v], self.neg[v]);
            if self.value[v].is_none() && (p == 0) != (n == 0) {
                // The literal that occurs is `v` when p > 0; ∃ makes it true, ∀ false.
                self.assign(v, (p > 0) == self.exists[v]);
                found = true;
            }
        }
        found
    }

    /// The branching variable: outermost level first, then most occurrences. Its first value
    /// is the one that favours its player on more clauses. Called only on an open node, which
    /// has an unsatisfied clause with an unassigned ∃ literal.
    fn pick(&mut self) -> (Var, bool) {
        self.count_occurrences();
        let score = |v: Var| (self.level[v], u32::MAX - self.pos[v] - self.neg[v]);
        let v = (0..self.value.len())
            .filter(|&v| self.value[v].is_none() && self.pos[v] + self.neg[v] > 0)
            .min_by_key(|&v| score(v))
            .expect("an open node has an unassigned variable in an open clause");
        (v, (self.pos[v] >= self.neg[v]) == self.exists[v])
    }
}

/// Merges repeated literals and drops tautological clauses (they are always true).
fn normalise(clauses: &[Vec<Lit>]) -> Vec<Vec<Lit>> {
    clauses
        .iter()
        .filter_map(|c| {
            let mut c = c.clone();
            c.sort_unstable();
            c.dedup();
            let tautology = c.windows(2).any(|w| w[0].var == w[1].var);
            (!tautology).then_some(c)
        })
        .collect()
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
    fn budget_stops_the_search() {
        let clauses: Vec<Vec<i32>> = (1..=10).map(|i| vec![i, -(i % 10 + 1)]).collect();
        let q = Qbf::from_signed(&[E; 10], &clauses);
        let budget = Budget::new(Some(0), None);
        assert!(matches!(solve(&q, &budget), Err(SolveError::Budget(_))));
    }
}
