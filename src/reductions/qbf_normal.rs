//! Prefix normalisation for the 3QBF reductions: ∃x1 ∀x2 ∃x3 … ∃xN with N odd.
//!
//! Fraenkel–Simonson (Thms 2.1, 2.5, 2.6) and the textbook QBF → Geography construction all
//! assume a strictly alternating prefix that starts and ends with ∃, so that the player who
//! sets x_i is fixed by the parity of i. `../shared/spec/fraenkel-simonson.md` §0 fixes the
//! rule used here: walk the variables in prefix order; whenever the next variable's quantifier
//! differs from the one the alternation requires, first insert a dummy variable of the required
//! quantifier; if the count is then even, append one dummy ∃. Dummies occur in no clause, so
//! the truth value is unchanged, and N ≤ 2k + 1 for k source variables.
//!
//! The normalised formula is an ordinary [`Qbf`] (one variable per block), so every reduction
//! and solver can read it; [`NormalQbf::origin`] maps it back to the source.

use crate::problems::{Clause, Lit, Qbf, QuantBlock, Quantifier, Var};

/// A formula in the normal form ∃x1 ∀x2 … ∃xN (N odd), with its map back to the source.
///
/// Invariant: `qbf.num_vars()` is odd; variable `i` (0-based) is existential iff `i` is even;
/// every block holds exactly one variable, in index order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NormalQbf {
    /// The normalised formula. Source variables keep their names; dummies get fresh names.
    pub qbf: Qbf,
    /// For each normalised variable, the source variable it stands for (`None`: a dummy).
    pub origin: Vec<Option<Var>>,
    /// For each clause of [`NormalQbf::qbf`], its index among the source clauses.
    pub clause_origin: Vec<usize>,
}

impl NormalQbf {
    /// N, the number of normalised variables (odd).
    pub fn n(&self) -> usize {
        self.qbf.num_vars()
    }

    /// m, the number of clauses kept.
    pub fn m(&self) -> usize {
        self.qbf.clauses.len()
    }

    /// Whether normalised variable `v` (0-based) is existential: the even positions are.
    pub fn is_existential(v: Var) -> bool {
        v.is_multiple_of(2)
    }

    /// E = (N + 1) / 2, the number of existential variables.
    pub fn num_existential(&self) -> usize {
        self.n().div_ceil(2)
    }

    /// U = (N − 1) / 2, the number of universal variables.
    pub fn num_universal(&self) -> usize {
        self.n() / 2
    }

    /// Display label of a literal: the variable's name, with `¬` when negative.
    pub fn lit_label(&self, l: Lit) -> String {
        let name = &self.qbf.vars[l.var];
        if l.positive {
            name.clone()
        } else {
            format!("¬{name}")
        }
    }

    /// The dummy variables' names, in order.
    pub fn dummy_names(&self) -> Vec<&str> {
        (0..self.n())
            .filter(|&v| self.origin[v].is_none())
            .map(|v| self.qbf.vars[v].as_str())
            .collect()
    }

    /// Deletes the clauses for which `drop` holds and returns their source indices.
    pub fn drop_clauses(&mut self, drop: impl Fn(&Clause) -> bool) -> Vec<usize> {
        let mut dropped = Vec::new();
        let mut kept_clauses = Vec::new();
        let mut kept_origin = Vec::new();
        for (c, &o) in self.qbf.clauses.iter().zip(&self.clause_origin) {
            if drop(c) {
                dropped.push(o);
            } else {
                kept_clauses.push(c.clone());
                kept_origin.push(o);
            }
        }
        self.qbf.clauses = kept_clauses;
        self.clause_origin = kept_origin;
        dropped
    }

    /// A one-line remark for [`super::Reduced::notes`] when dummies were inserted.
    pub fn note(&self) -> Option<String> {
        let d = self.dummy_names();
        (!d.is_empty()).then(|| {
            format!(
                "prefix normalised to ∃x1 ∀x2 … ∃x{} with {} dummy variable(s) {}",
                self.n(),
                d.len(),
                d.join(", ")
            )
        })
    }
}

/// Whether a clause holds `x` and `¬x` for some variable `x` satisfying `which`.
pub fn has_complementary_pair(clause: &Clause, which: impl Fn(Var) -> bool) -> bool {
    clause
        .iter()
        .any(|l| which(l.var) && clause.contains(&l.negated()))
}

/// The distinct literals of a clause, in first-occurrence order (constructions that point
/// at literal vertices draw one arc per distinct literal).
pub fn distinct_literals(clause: &[Lit]) -> Vec<Lit> {
    let mut out: Vec<Lit> = Vec::new();
    for &l in clause {
        if !out.contains(&l) {
            out.push(l);
        }
    }
    out
}

/// The variables in prefix order with their quantifiers; variables that no block binds are
/// treated as outermost existential (the QDIMACS convention), so that no input panics.
fn prefix_order(q: &Qbf) -> Vec<(Var, Quantifier)> {
    let mut seen = vec![false; q.num_vars()];
    let mut order: Vec<(Var, Quantifier)> = (0..q.num_vars())
        .filter(|&v| !q.prefix.iter().any(|b| b.vars.contains(&v)))
        .map(|v| (v, Quantifier::Exists))
        .collect();
    order.extend(q.order());
    order.retain(|&(v, _)| v < seen.len() && !std::mem::replace(&mut seen[v], true));
    order
}

/// The quantifier that normalised position `i` (0-based) must carry.
fn required(i: usize) -> Quantifier {
    if NormalQbf::is_existential(i) {
        Quantifier::Exists
    } else {
        Quantifier::Forall
    }
}

/// A dummy name for position `i` (0-based) that no source variable uses.
fn dummy_name(q: &Qbf, i: usize) -> String {
    let mut name = format!("d{}", i + 1);
    while q.vars.contains(&name) {
        name.push('_');
    }
    name
}

/// The clause with each variable moved to its normalised position.
fn renumber(clause: &Clause, position: &[usize]) -> Clause {
    clause
        .iter()
        .map(|l| Lit {
            var: position[l.var],
            positive: l.positive,
        })
        .collect()
}

/// Normalises the prefix of `q` to ∃x1 ∀x2 … ∃xN with N odd (see the module comment).
pub fn normalize(q: &Qbf) -> NormalQbf {
    let mut origin: Vec<Option<Var>> = Vec::new();
    let mut position = vec![0; q.num_vars()];
    for (v, quant) in prefix_order(q) {
        if quant != required(origin.len()) {
            origin.push(None);
        }
        position[v] = origin.len();
        origin.push(Some(v));
    }
    if origin.len().is_multiple_of(2) {
        origin.push(None);
    }
    let vars = origin
        .iter()
        .enumerate()
        .map(|(i, o)| o.map_or_else(|| dummy_name(q, i), |v| q.vars[v].clone()))
        .collect();
    let prefix = (0..origin.len())
        .map(|i| QuantBlock {
            quantifier: required(i),
            vars: vec![i],
        })
        .collect();
    let clauses = q.clauses.iter().map(|c| renumber(c, &position)).collect();
    NormalQbf {
        qbf: Qbf {
            vars,
            prefix,
            clauses,
        },
        origin,
        clause_origin: (0..q.clauses.len()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Quantifier::{Exists as E, Forall as A};

    fn quants(n: &NormalQbf) -> Vec<Quantifier> {
        n.qbf.order().into_iter().map(|(_, q)| q).collect()
    }

    #[test]
    fn already_normal_prefix_is_unchanged() {
        let q = Qbf::from_signed(&[E, A, E], &[vec![1, 2, -3]]);
        let n = normalize(&q);
        assert_eq!(n.qbf.vars, q.vars);
        assert_eq!(n.qbf.clauses, q.clauses);
        assert!(n.note().is_none());
    }

    #[test]
    fn dummies_restore_alternation_and_odd_length() {
        // ∀a ∀b ∃c: needs ∃d ∀a ∃d ∀b ∃c.
        let q = Qbf::from_signed(&[A, A, E], &[vec![1, -2, 3]]);
        let n = normalize(&q);
        assert_eq!(n.origin, vec![None, Some(0), None, Some(1), Some(2)]);
        assert_eq!(quants(&n), vec![E, A, E, A, E]);
        assert_eq!(
            n.qbf.clauses[0],
            vec![Lit::pos(1), Lit::neg(3), Lit::pos(4)]
        );
        // ∃a ∀b: a trailing ∃ dummy makes N odd.
        let n = normalize(&Qbf::from_signed(&[E, A], &[]));
        assert_eq!(n.origin, vec![Some(0), Some(1), None]);
        // No variables at all: one ∃ dummy.
        assert_eq!(normalize(&Qbf::from_signed(&[], &[])).n(), 1);
    }

    #[test]
    fn dummy_names_avoid_source_names() {
        let mut q = Qbf::from_signed(&[A], &[]);
        q.vars[0] = "d1".into();
        let n = normalize(&q);
        assert_eq!(n.qbf.vars, vec!["d1_", "d1", "d3"]);
    }

    #[test]
    fn dropping_clauses_keeps_source_indices() {
        let q = Qbf::from_signed(&[E, A, E], &[vec![1], vec![2, -2], vec![3]]);
        let mut n = normalize(&q);
        let dropped = n.drop_clauses(|c| has_complementary_pair(c, |v| v % 2 == 1));
        assert_eq!(dropped, vec![1]);
        assert_eq!(n.clause_origin, vec![0, 2]);
    }
}
