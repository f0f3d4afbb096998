//! Prenex quantified Boolean formulas in conjunctive normal form (3QBF in particular).
//!
//! Variables are dense indices into [`Qbf::vars`] (their names as written). The prefix is a
//! list of quantifier blocks, outermost first. Repeated literals inside a clause are kept
//! exactly as written, because the papers' constructions count them (`(x2 + x3 + x3)`).

use serde::{Deserialize, Serialize};

/// Index of a variable in [`Qbf::vars`].
pub type Var = usize;

/// A quantifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Quantifier {
    /// ∃: the formula's prover (player I in every reduction) chooses.
    Exists,
    /// ∀: the refuter (player II) chooses.
    Forall,
}

/// A literal: a variable or its negation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Lit {
    /// The variable.
    pub var: Var,
    /// `true` for `x`, `false` for `¬x`.
    pub positive: bool,
}

impl Lit {
    /// The positive literal `x`.
    pub fn pos(var: Var) -> Lit {
        Lit {
            var,
            positive: true,
        }
    }
    /// The negative literal `¬x`.
    pub fn neg(var: Var) -> Lit {
        Lit {
            var,
            positive: false,
        }
    }
    /// The complementary literal.
    pub fn negated(self) -> Lit {
        Lit {
            var: self.var,
            positive: !self.positive,
        }
    }
    /// Its value under an assignment indexed by variable.
    pub fn eval(self, assignment: &[bool]) -> bool {
        assignment[self.var] == self.positive
    }
}

/// One quantifier block: `∃ x1 x2` or `∀ y`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct QuantBlock {
    /// The block's quantifier.
    pub quantifier: Quantifier,
    /// Its variables, in the order written.
    pub vars: Vec<Var>,
}

/// A clause: a disjunction of literals, repeats allowed. The empty clause is false.
pub type Clause = Vec<Lit>;

/// A closed prenex CNF formula.
///
/// Invariant: every variable appears in exactly one block, and every clause variable is a
/// valid index (QDIMACS free variables are put into an outermost ∃ block when read).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Qbf {
    /// Variable names, indexed by [`Var`].
    pub vars: Vec<String>,
    /// Quantifier blocks, outermost first.
    pub prefix: Vec<QuantBlock>,
    /// The clauses of the matrix.
    pub clauses: Vec<Clause>,
}

impl Qbf {
    /// Builds a formula with one variable per quantifier (names `x1`, `x2`, …) from
    /// DIMACS-style signed clauses (`-2` is `¬x2`).
    pub fn from_signed(quantifiers: &[Quantifier], clauses: &[Vec<i32>]) -> Qbf {
        let vars = (1..=quantifiers.len()).map(|i| format!("x{i}")).collect();
        let mut prefix: Vec<QuantBlock> = Vec::new();
        for (v, &q) in quantifiers.iter().enumerate() {
            match prefix.last_mut() {
                Some(b) if b.quantifier == q => b.vars.push(v),
                _ => prefix.push(QuantBlock {
                    quantifier: q,
                    vars: vec![v],
                }),
            }
        }
        let clauses = clauses
            .iter()
            .map(|c| {
                c.iter()
                    .map(|&l| Lit {
                        var: l.unsigned_abs() as usize - 1,
                        positive: l > 0,
                    })
                    .collect()
            })
            .collect();
        Qbf {
            vars,
            prefix,
            clauses,
        }
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.vars.len()
    }

    /// The variables in prefix order with their quantifiers.
    pub fn order(&self) -> Vec<(Var, Quantifier)> {
        self.prefix
            .iter()
            .flat_map(|b| b.vars.iter().map(move |&v| (v, b.quantifier)))
            .collect()
    }

    /// The quantifier of each variable, indexed by [`Var`].
    pub fn quantifier_of(&self) -> Vec<Quantifier> {
        let mut q = vec![Quantifier::Exists; self.vars.len()];
        for (v, qq) in self.order() {
            q[v] = qq;
        }
        q
    }

    /// Whether every clause holds under a total assignment.
    pub fn matrix_holds(&self, assignment: &[bool]) -> bool {
        self.clauses
            .iter()
            .all(|c| c.iter().any(|l| l.eval(assignment)))
    }

    /// Whether every clause has exactly three literal occurrences.
    pub fn is_3cnf(&self) -> bool {
        self.clauses.iter().all(|c| c.len() == 3)
    }

    /// The literal written as in the DSL (`x1` or `~x1`).
    pub fn lit_name(&self, l: Lit) -> String {
        if l.positive {
            self.vars[l.var].clone()
        } else {
            format!("~{}", self.vars[l.var])
        }
    }
}
