//! The QDPLL search itself: propagation (universal reduction, units, pure literals),
//! branching in prefix order, and the outer-block witness bookkeeping.
//!
//! Propagation is incremental, so that a node costs what its assignments touch rather than a
//! pass over the whole matrix: every clause keeps its number of true literals, every variable
//! the number of its positive and negative occurrences in clauses that are not yet satisfied
//! (which makes pure literals and the branching score O(variables)), and each assignment is
//! queued on the trail until the clauses where it made a literal false have been examined
//! for units and conflicts. A clause's state changes only when one of its own variables is
//! assigned, so examining those clauses (and every clause once at the root) finds every unit
//! and every conflict that a full pass would.

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
    /// The clauses in which each literal occurs, indexed by [`lit_index`].
    occurs: Vec<Vec<u32>>,
    level: Vec<usize>,
    exists: Vec<bool>,
    value: Vec<Option<bool>>,
    trail: Vec<Var>,
    /// Trail entries before this index have had their falsified clauses examined.
    queue_head: usize,
    /// Whether every clause still has to be examined once (at the root).
    examine_all: bool,
    /// The number of true literals of each clause.
    true_count: Vec<u32>,
    /// The number of clauses without a true literal.
    unsatisfied: usize,
    /// Outer-block values recorded where the search last left the outer block.
    pub(super) witness: Vec<bool>,
    /// Positive and negative occurrences of each variable in clauses not yet satisfied.
    pos: Vec<u32>,
    neg: Vec<u32>,
    pub(super) nodes: u64,
    budget: &'a Budget,
}

/// The index of literal `l` in [`Search::occurs`].
fn lit_index(var: Var, positive: bool) -> usize {
    2 * var + usize::from(positive)
}

impl<'a> Search<'a> {
    pub(super) fn new(q: &Qbf, prefix: &Prefix, budget: &'a Budget) -> Search<'a> {
        let n = q.num_vars();
        let clauses = normalise(&q.clauses);
        let mut occurs = vec![Vec::new(); 2 * n];
        let (mut pos, mut neg) = (vec![0; n], vec![0; n]);
        for (i, c) in clauses.iter().enumerate() {
            for l in c {
                occurs[lit_index(l.var, l.positive)].push(i as u32);
                if l.positive {
                    pos[l.var] += 1;
                } else {
                    neg[l.var] += 1;
                }
            }
        }
        Search {
            occurs,
            level: prefix.level.clone(),
            exists: prefix.exists.clone(),
            value: vec![None; n],
            trail: Vec::new(),
            queue_head: 0,
            examine_all: true,
            true_count: vec![0; clauses.len()],
            unsatisfied: clauses.len(),
            clauses,
            witness: vec![false; n],
            pos,
            neg,
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

    /// Sets `v` to `val` and queues it for propagation; the clauses it satisfies leave the
    /// occurrence counts.
    fn assign(&mut self, v: Var, val: bool) {
        self.value[v] = Some(val);
        self.trail.push(v);
        let made_true = lit_index(v, val);
        for k in 0..self.occurs[made_true].len() {
            let c = self.occurs[made_true][k] as usize;
            self.true_count[c] += 1;
            if self.true_count[c] == 1 {
                self.unsatisfied -= 1;
                self.count_clause(c, false);
            }
        }
    }

    /// Unassigns the trail from `mark` on, restoring the counts.
    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let v = self.trail.pop().expect("the trail is longer than mark");
            let val = self.value[v].take().expect("trail variables are assigned");
            let made_true = lit_index(v, val);
            for k in 0..self.occurs[made_true].len() {
                let c = self.occurs[made_true][k] as usize;
                self.true_count[c] -= 1;
                if self.true_count[c] == 0 {
                    self.unsatisfied += 1;
                    self.count_clause(c, true);
                }
            }
        }
        self.queue_head = self.queue_head.min(mark);
    }

    /// Adds (or removes) the occurrences of clause `c` to (from) the counts.
    fn count_clause(&mut self, c: usize, add: bool) {
        for l in &self.clauses[c] {
            let counter = if l.positive {
                &mut self.pos[l.var]
            } else {
                &mut self.neg[l.var]
            };
            if add {
                *counter += 1;
            } else {
                *counter -= 1;
            }
        }
    }

    /// Applies unit propagation and pure literals until nothing changes.
    fn propagate(&mut self) -> Outcome {
        if std::mem::take(&mut self.examine_all) {
            for c in 0..self.clauses.len() {
                if let Some(conflict) = self.examine(c) {
                    return conflict;
                }
            }
        }
        loop {
            while self.queue_head < self.trail.len() {
                let v = self.trail[self.queue_head];
                self.queue_head += 1;
                let made_false = lit_index(v, self.value[v] != Some(true));
                for k in 0..self.occurs[made_false].len() {
                    let c = self.occurs[made_false][k] as usize;
                    if let Some(conflict) = self.examine(c) {
                        return conflict;
                    }
                }
            }
            if self.unsatisfied == 0 {
                return Outcome::AllSatisfied;
            }
            if !self.pure_literals() {
                return Outcome::Open;
            }
        }
    }

    /// Examines clause `c`: a conflict is returned, a unit is assigned (and queued).
    fn examine(&mut self, c: usize) -> Option<Outcome> {
        if self.true_count[c] > 0 {
            return None;
        }
        match self.clause_state(c) {
            ClauseState::Conflict => Some(Outcome::Conflict(c)),
            ClauseState::Unit(l) => {
                self.assign(l.var, l.positive);
                None
            }
            ClauseState::Satisfied | ClauseState::Open => None,
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

    /// Assigns every pure literal (∃: true, ∀: false); returns whether any was found.
    fn pure_literals(&mut self) -> bool {
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
