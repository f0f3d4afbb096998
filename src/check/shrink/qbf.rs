//! Shrinking steps for formulas: fewer variables, clauses, literal occurrences.
//!
//! Merging a variable into another keeps every clause at three occurrences, which matters
//! because the 3QBF reductions reject other widths: removing a variable's occurrences
//! instead would only give precondition errors.

use crate::problems::{Clause, Lit, Qbf, QuantBlock, Quantifier, Var};

/// `[variables, clauses, literal occurrences, distinct literals summed over clauses]`.
pub fn measure(q: &Qbf) -> [usize; 4] {
    let occurrences = q.clauses.iter().map(Vec::len).sum();
    let distinct = q.clauses.iter().map(distinct).sum();
    [q.num_vars(), q.clauses.len(), occurrences, distinct]
}

fn distinct(c: &Clause) -> usize {
    c.iter()
        .enumerate()
        .filter(|&(i, l)| !c[..i].contains(l))
        .count()
}

/// Every one-step simplification, largest cuts first.
pub fn candidates(q: &Qbf) -> Vec<Qbf> {
    let n = q.num_vars();
    let mut out = Vec::new();
    for v in 0..n {
        let clauses = q.clauses.iter().filter(|c| c.iter().all(|l| l.var != v));
        out.push(rebuild(q, v, clauses.cloned().collect()));
    }
    for v in 0..n {
        for w in (0..n).filter(|&w| w != v) {
            let rename = |l: &Lit| if l.var == v { Lit { var: w, ..*l } } else { *l };
            let clauses = q.clauses.iter().map(|c| c.iter().map(rename).collect());
            out.push(rebuild(q, v, clauses.collect()));
        }
    }
    for j in 0..q.clauses.len() {
        let mut c = q.clone();
        c.clauses.remove(j);
        out.push(c);
    }
    for v in 0..n {
        let clauses = q
            .clauses
            .iter()
            .map(|c| c.iter().filter(|l| l.var != v).copied());
        out.push(rebuild(q, v, clauses.map(|c| c.collect()).collect()));
    }
    for (j, clause) in q.clauses.iter().enumerate() {
        for p in 0..clause.len() {
            let mut c = q.clone();
            c.clauses[j].remove(p);
            out.push(c);
            // Copying another literal over a unique one lowers the distinct count.
            let unique = clause.iter().filter(|&&l| l == clause[p]).count() == 1;
            for r in (0..clause.len()).filter(|&r| unique && clause[r] != clause[p]) {
                let mut c = q.clone();
                c.clauses[j][p] = clause[r];
                out.push(c);
            }
        }
    }
    out
}

/// `q` without variable `gone` (which no clause of `clauses` may mention), with variables
/// renumbered in prefix order, named `x1 …`, and adjacent blocks of one quantifier merged.
fn rebuild(q: &Qbf, gone: Var, clauses: Vec<Clause>) -> Qbf {
    let order: Vec<(Var, Quantifier)> = q.order().into_iter().filter(|&(v, _)| v != gone).collect();
    let mut new_id = vec![usize::MAX; q.num_vars()];
    for (i, &(v, _)) in order.iter().enumerate() {
        new_id[v] = i;
    }
    let mut prefix: Vec<QuantBlock> = Vec::new();
    for (i, &(_, quantifier)) in order.iter().enumerate() {
        match prefix.last_mut() {
            Some(b) if b.quantifier == quantifier => b.vars.push(i),
            _ => prefix.push(QuantBlock {
                quantifier,
                vars: vec![i],
            }),
        }
    }
    let renumber = |l: &Lit| Lit {
        var: new_id[l.var],
        ..*l
    };
    Qbf {
        vars: (1..=order.len()).map(|i| format!("x{i}")).collect(),
        prefix,
        clauses: clauses
            .iter()
            .map(|c| c.iter().map(renumber).collect())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Quantifier::{Exists as E, Forall as A};

    #[test]
    fn removing_a_variable_renumbers_and_merges_blocks() {
        let q = Qbf::from_signed(&[E, A, E], &[vec![1, 3, -3], vec![2, 1, 1]]);
        let cands = candidates(&q);
        // The first candidates remove x1, x2, x3 with their clauses.
        assert_eq!(cands[1].prefix.len(), 1, "∃x1 ∃x3 merge into one block");
        assert_eq!(
            cands[1].clauses,
            vec![vec![Lit::pos(0), Lit::pos(1), Lit::neg(1)]]
        );
        assert_eq!(cands[1].vars, vec!["x1", "x2"]);
        assert!(cands.iter().all(|c| measure(c) < measure(&q)));
    }
}
