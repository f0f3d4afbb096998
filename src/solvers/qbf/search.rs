//! The QDPLL search itself: propagation (universal reduction, units, pure literals),
//! branching in prefix order, and the outer-block witness bookkeeping.

use super::Prefix;
use crate::problems::qbf::{Lit, Qbf, Var};
use crate::solvers::{Budget, BudgetExceeded};

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
pub(super) struct Search<'a> {
    clauses: Vec<Vec<Lit>>,
    level: Vec<usize>,
    exists: Vec<bool>,
    value: Vec<Option<bool>>,
    trail: Vec<Var>,
    /// Outer-block values recorded where the search last left the outer block.
    pub(super) witness: Vec<bool>,
    /// Scratch counters of positive and negative occurrences, reused across nodes.
    pos: Vec<u32>,
    neg: Vec<u32>,
    pub(super) nodes: u64,
    budget: &'a Budget,
}

impl<'a> Search<'a> {
    pub(super) fn new(q: &Qbf, prefix: &Prefix, budget: &'a Budget) -> Search<'a> {
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
    pub(super) fn node(&mut self, in_outer: bool) -> Result<bool, BudgetExceeded> {
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
