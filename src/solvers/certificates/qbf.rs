//! QBF certificates: Skolem functions (true) or Herbrand functions (false) from the solver.
//!
//! `certify::qbf_strategy_from_fn` walks every assignment of the opponent's variables in
//! prefix order and asks for the winning player's value of each of their variables. We answer
//! by solving the *residual* formula (the earlier variables substituted) with
//! [`crate::solvers::qbf::solve`]: its `outer_block` holds winning values for the whole block
//! of the asked variable at once, so each block costs one solve per assignment of the earlier
//! opponent variables. This is correct for every opponent assignment by induction: the player
//! starts in a won position (the solver's answer), and winning values keep it won.

use super::build_error;
use crate::certify::{self, CertificateBody};
use crate::problems::qbf::{Clause, Lit, Qbf, QuantBlock, Var};
use crate::solvers::{Budget, SolveError, qbf};

/// The certificate body for `q` having truth value `value`: a strategy of ∃ (`qbf_true`) or
/// of ∀ (`qbf_false`). When `value` is wrong, the strategy does not win and the checker says
/// where.
pub fn qbf_strategy(q: &Qbf, value: bool, budget: &Budget) -> Result<CertificateBody, SolveError> {
    let n = q.num_vars();
    let in_range = |v: Var| v < n;
    if !q.clauses.iter().flatten().all(|l| in_range(l.var))
        || !q.prefix.iter().flat_map(|b| &b.vars).all(|&v| in_range(v))
    {
        return Err(SolveError::Unsupported(
            "the formula names a variable index out of range".into(),
        ));
    }
    let run = runs(q);
    let mut cache: Option<(Vec<Option<bool>>, Vec<bool>)> = None;
    let mut failure = None;
    // A Skolem table holds one entry per opponent assignment; the positions bound is
    // unused by the QBF builder, so only the time matters here.
    let limits = super::limits_for(budget, 1);
    let built = certify::qbf_strategy_from_fn(q, value, &limits, |x, partial| {
        // The asked variable's block is unassigned in the key: one solve serves the block.
        let key: Vec<Option<bool>> = (0..partial.len())
            .map(|v| partial[v].filter(|_| run[v] != run[x]))
            .collect();
        if cache.as_ref().is_none_or(|(k, _)| *k != key) {
            match block_values(q, &key, value, budget) {
                Ok(values) => cache = Some((key, values)),
                Err(e) => {
                    failure.get_or_insert(e);
                    return false;
                }
            }
        }
        cache.as_ref().is_some_and(|(_, values)| values[x])
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let strategy = built.map_err(build_error)?;
    Ok(match value {
        true => CertificateBody::QbfTrue(strategy),
        false => CertificateBody::QbfFalse(strategy),
    })
}

/// The index of each variable's maximal run of equal quantifiers in prefix order (adjacent
/// blocks of one quantifier form one run, as the solver merges them).
fn runs(q: &Qbf) -> Vec<usize> {
    let mut run = vec![usize::MAX; q.num_vars()];
    let mut index = 0;
    let mut last = None;
    for (v, quant) in q.order() {
        if last.is_some_and(|l| l != quant) {
            index += 1;
        }
        last = Some(quant);
        if run.get(v) == Some(&usize::MAX) {
            run[v] = index;
        }
    }
    run
}

/// Winning values (indexed by variable; `false` where unknown) of the outermost unassigned
/// run when `assigned` holds the earlier values and the player who wants `value` is to move
/// there. If the player has no winning values (the solver's answer was wrong), all `false`:
/// the checker will reject the strategy.
fn block_values(
    q: &Qbf,
    assigned: &[Option<bool>],
    value: bool,
    budget: &Budget,
) -> Result<Vec<bool>, SolveError> {
    // One call per block of opponent assignments, each a small solve whose own node count
    // never reaches the point where `Budget::charge` reads the clock: read it here (a
    // 19-variable Skolem table made 2^19 calls and ran 1.5 s past `certify --timeout 0.5`).
    if budget
        .deadline
        .is_some_and(|d| std::time::Instant::now() > d)
    {
        return Err(SolveError::Budget(crate::solvers::BudgetExceeded::after(0)));
    }
    let (residual, old_of) = residual(q, assigned);
    let solved = qbf::solve(&residual, budget)?;
    let mut values = vec![false; q.num_vars()];
    if solved.value == value {
        for (v, b) in solved.outer_block {
            values[old_of[v]] = b;
        }
    }
    Ok(values)
}

/// `q` with the assigned variables substituted: satisfied clauses dropped, false literals
/// removed, the unassigned variables renumbered in prefix order. Returns the formula and the
/// original index of each new variable.
fn residual(q: &Qbf, assigned: &[Option<bool>]) -> (Qbf, Vec<Var>) {
    let mut new_of = vec![usize::MAX; q.num_vars()];
    let mut old_of = Vec::new();
    let mut prefix: Vec<QuantBlock> = Vec::new();
    for (v, quant) in q.order() {
        if assigned[v].is_some() || new_of[v] != usize::MAX {
            continue;
        }
        new_of[v] = old_of.len();
        old_of.push(v);
        match prefix.last_mut() {
            Some(b) if b.quantifier == quant => b.vars.push(new_of[v]),
            _ => prefix.push(QuantBlock {
                quantifier: quant,
                vars: vec![new_of[v]],
            }),
        }
    }
    let clauses: Vec<Clause> = q
        .clauses
        .iter()
        .filter(|c| !c.iter().any(|l| assigned[l.var] == Some(l.positive)))
        .map(|c| {
            c.iter()
                .filter(|l| assigned[l.var].is_none())
                .map(|l| Lit {
                    var: new_of[l.var],
                    positive: l.positive,
                })
                .collect()
        })
        .collect();
    let vars = old_of.iter().map(|&v| q.vars[v].clone()).collect();
    let residual = Qbf {
        vars,
        prefix,
        clauses,
    };
    (residual, old_of)
}
