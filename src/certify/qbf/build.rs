//! Building a QBF strategy certificate from a choice function, by walking the prefix.
//!
//! Lives apart from the checker so that the checker file reads as the definition it checks.

use super::super::{CheckError, Limits};
use super::{BoolFn, MAX_TABLE_VARS, Prefix, QbfStrategy, SkolemFn};
use crate::problems::{Qbf, Quantifier, Var};

/// Builds a strategy for the ∃ player (`claims_true`) or the ∀ player from a choice function:
/// `choose(x, partial)` gives the value of the player's variable `x` when `partial` holds the
/// values of the variables before `x` (`None` for later ones). The result is one truth table
/// per variable over the earlier opponent variables; it is exponential, so the opponent's
/// variable count is bounded by `limits`. Whether it wins is for [`super::check_qbf_strategy`] to say.
pub fn qbf_strategy_from_fn(
    qbf: &Qbf,
    claims_true: bool,
    limits: &Limits,
    mut choose: impl FnMut(Var, &[Option<bool>]) -> bool,
) -> Result<QbfStrategy, CheckError> {
    let prefix = Prefix::new(qbf)?;
    let mine = if claims_true {
        Quantifier::Exists
    } else {
        Quantifier::Forall
    };
    let k = prefix.order.iter().filter(|&&(_, q)| q != mine).count();
    if k > limits.max_opponent_vars.min(MAX_TABLE_VARS) {
        return Err(CheckError::TooLarge {
            what: "the number of opponent variables",
            size: k as u64,
            limit: limits.max_opponent_vars.min(MAX_TABLE_VARS) as u64,
        });
    }
    let mut tables: Vec<Vec<bool>> = vec![Vec::new(); qbf.num_vars()];
    let mut partial = vec![None; qbf.num_vars()];
    fill_tables(
        &prefix.order,
        mine,
        0,
        0,
        &mut partial,
        &mut tables,
        &mut choose,
    );
    let mut functions = Vec::new();
    let mut earlier = Vec::new();
    for &(v, q) in &prefix.order {
        if q != mine {
            earlier.push(qbf.vars[v].clone());
            continue;
        }
        let values: String = tables[v]
            .iter()
            .map(|&b| if b { '1' } else { '0' })
            .collect();
        let value = match earlier.is_empty() {
            true => BoolFn::Const(tables[v].first().copied().unwrap_or(false)),
            false => BoolFn::Table {
                over: earlier.clone(),
                values,
            },
        };
        functions.push(SkolemFn {
            var: qbf.vars[v].clone(),
            value,
        });
    }
    Ok(QbfStrategy { functions })
}

/// Walks the opponent's choices in prefix order, recording the player's choice for each
/// assignment of the earlier opponent variables (`row`, most significant bit first).
fn fill_tables(
    order: &[(Var, Quantifier)],
    mine: Quantifier,
    i: usize,
    row: usize,
    partial: &mut [Option<bool>],
    tables: &mut [Vec<bool>],
    choose: &mut impl FnMut(Var, &[Option<bool>]) -> bool,
) {
    let Some(&(v, q)) = order.get(i) else { return };
    if q == mine {
        let b = choose(v, partial);
        if tables[v].len() <= row {
            tables[v].resize(row + 1, false);
        }
        tables[v][row] = b;
        partial[v] = Some(b);
        fill_tables(order, mine, i + 1, row, partial, tables, choose);
    } else {
        for b in [false, true] {
            partial[v] = Some(b);
            fill_tables(
                order,
                mine,
                i + 1,
                2 * row + usize::from(b),
                partial,
                tables,
                choose,
            );
        }
    }
    partial[v] = None;
}
