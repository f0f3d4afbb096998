//! QBF certificates: Skolem functions (formula true) and Herbrand functions (formula false).
//!
//! A closed prenex QBF `Q1 x1 … Qn xn. φ` is true iff the ∃ player has a *Skolem strategy*:
//! for every ∃ variable `x` a Boolean function of the variables quantified before `x` such
//! that φ holds under every assignment of the ∀ variables, each ∃ variable taking the value of
//! its function. Dually it is false iff the ∀ player has a *Herbrand strategy*: functions for
//! the ∀ variables under which φ fails for every assignment of the ∃ variables. The checker
//! plays the strategy against all 2^k opponent assignments (k = number of opponent variables),
//! which is exponential; [`super::Limits::max_opponent_vars`] bounds k.
//!
//! A function may read any variable quantified *strictly earlier* in the prefix (the usual
//! definition lets ∃ variables read earlier ∀ variables only; reading an earlier ∃ variable
//! adds nothing, since that variable is itself a function of earlier ∀ variables).

mod build;

pub use build::qbf_strategy_from_fn;

use super::{CheckError, Claim, Limits, Verdict};
use crate::problems::{Qbf, Quantifier, Var};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Deepest decision tree accepted (deeper trees are malformed, and recursion stays bounded).
const MAX_TREE_DEPTH: usize = 1000;
/// Most opponent variables ever enumerated, whatever the limits say (2^this must fit a u64
/// counter and finish in this universe).
const MAX_ENUMERATED_VARS: usize = 40;
/// Widest truth table accepted (2^this rows).
const MAX_TABLE_VARS: usize = 24;

/// A strategy of one QBF player: a function for each of their variables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QbfStrategy {
    /// One function per variable of the certifying player (∃ for `qbf_true`, ∀ for
    /// `qbf_false`), in any order.
    pub functions: Vec<SkolemFn>,
}

/// The function that chooses one variable's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkolemFn {
    /// The variable, by name.
    pub var: String,
    /// Its value as a function of earlier variables.
    pub value: BoolFn,
}

/// A Boolean function of earlier variables, as JSON `true`/`false`, a truth table or a
/// decision tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum BoolFn {
    /// A constant.
    Const(bool),
    /// A truth table: row `r` gives the value when the binary digits of `r`, most significant
    /// first, are the values of `over` in order (so `over = [a, b]`, `values = "0110"` is
    /// a XOR b).
    Table {
        /// The variables read, by name.
        over: Vec<String>,
        /// `2^|over|` characters, each `0` or `1`.
        values: String,
    },
    /// A decision node: `then` when variable `if` is true, `else` otherwise.
    Tree {
        /// The variable tested, by name.
        #[serde(rename = "if")]
        test: String,
        /// The function when it is true.
        then: Box<BoolFn>,
        /// The function when it is false.
        #[serde(rename = "else")]
        otherwise: Box<BoolFn>,
    },
}

/// A [`BoolFn`] with names resolved to variable indices.
enum Compiled {
    Const(bool),
    Table { over: Vec<Var>, values: Vec<bool> },
    Tree(Var, Box<Compiled>, Box<Compiled>),
}

impl Compiled {
    fn eval(&self, a: &[bool]) -> bool {
        match self {
            Compiled::Const(b) => *b,
            Compiled::Table { over, values } => {
                let row = over.iter().fold(0usize, |r, &v| 2 * r + usize::from(a[v]));
                values[row]
            }
            Compiled::Tree(v, t, e) => if a[*v] { t } else { e }.eval(a),
        }
    }
}

/// The formula's variables in prefix order, each variable's place in it, and a name index.
struct Prefix<'a> {
    order: Vec<(Var, Quantifier)>,
    place: Vec<usize>,
    names: HashMap<&'a str, Var>,
}

impl<'a> Prefix<'a> {
    fn new(qbf: &'a Qbf) -> Result<Prefix<'a>, CheckError> {
        let order = qbf.order();
        let mut place = vec![usize::MAX; qbf.num_vars()];
        for (i, &(v, _)) in order.iter().enumerate() {
            if v >= place.len() || place[v] != usize::MAX {
                return Err(CheckError::BadInstance(format!(
                    "variable {v} is quantified twice or does not exist"
                )));
            }
            place[v] = i;
        }
        if let Some(v) = place.iter().position(|&p| p == usize::MAX) {
            return Err(CheckError::BadInstance(format!(
                "variable {} is unquantified",
                qbf.vars[v]
            )));
        }
        if let Some((c, _)) = clause_var_out_of_range(qbf) {
            return Err(CheckError::BadInstance(format!(
                "clause {c} uses an unknown variable"
            )));
        }
        let mut names = HashMap::new();
        for (v, n) in qbf.vars.iter().enumerate() {
            if names.insert(n.as_str(), v).is_some() {
                return Err(CheckError::BadInstance(format!(
                    "variable name {n} is used twice"
                )));
            }
        }
        Ok(Prefix {
            order,
            place,
            names,
        })
    }

    fn var(&self, name: &str) -> Result<Var, CheckError> {
        self.names
            .get(name)
            .copied()
            .ok_or_else(|| CheckError::UnknownVariable {
                name: name.to_string(),
            })
    }
}

fn clause_var_out_of_range(qbf: &Qbf) -> Option<(usize, usize)> {
    qbf.clauses.iter().enumerate().find_map(|(c, cl)| {
        cl.iter()
            .position(|l| l.var >= qbf.num_vars())
            .map(|i| (c, i))
    })
}

/// Resolves a function of variable `x`, checking that it reads only earlier variables.
fn compile(
    qbf: &Qbf,
    p: &Prefix,
    x: Var,
    f: &BoolFn,
    depth: usize,
) -> Result<Compiled, CheckError> {
    if depth > MAX_TREE_DEPTH {
        return Err(CheckError::Malformed(format!(
            "the decision tree of {} is deeper than {MAX_TREE_DEPTH}",
            qbf.vars[x]
        )));
    }
    let earlier = |name: &str| -> Result<Var, CheckError> {
        let v = p.var(name)?;
        if p.place[v] >= p.place[x] {
            return Err(CheckError::IllegalDependency {
                var: qbf.vars[x].clone(),
                depends_on: name.to_string(),
            });
        }
        Ok(v)
    };
    Ok(match f {
        BoolFn::Const(b) => Compiled::Const(*b),
        BoolFn::Tree {
            test,
            then,
            otherwise,
        } => Compiled::Tree(
            earlier(test)?,
            Box::new(compile(qbf, p, x, then, depth + 1)?),
            Box::new(compile(qbf, p, x, otherwise, depth + 1)?),
        ),
        BoolFn::Table { over, values } => {
            let over = over
                .iter()
                .map(|n| earlier(n))
                .collect::<Result<Vec<_>, _>>()?;
            Compiled::Table {
                values: table_values(&qbf.vars[x], over.len(), values)?,
                over,
            }
        }
    })
}

/// Parses a truth table's `0`/`1` string of the right length.
fn table_values(var: &str, width: usize, values: &str) -> Result<Vec<bool>, CheckError> {
    if width > MAX_TABLE_VARS {
        return Err(CheckError::TooLarge {
            what: "a truth table's variable count",
            size: width as u64,
            limit: MAX_TABLE_VARS as u64,
        });
    }
    let bad = || {
        CheckError::Malformed(format!(
            "the table of {var} must be {} characters 0/1",
            1usize << width
        ))
    };
    if values.len() != 1 << width {
        return Err(bad());
    }
    values
        .bytes()
        .map(|c| match c {
            b'0' => Ok(false),
            b'1' => Ok(true),
            _ => Err(bad()),
        })
        .collect()
}

/// Checks a Skolem (`claims_true`) or Herbrand (`!claims_true`) strategy by playing it against
/// every assignment of the opponent's variables.
pub fn check_qbf_strategy(
    qbf: &Qbf,
    strategy: &QbfStrategy,
    claims_true: bool,
    limits: &Limits,
) -> Result<Verdict, CheckError> {
    let prefix = Prefix::new(qbf)?;
    let mine = if claims_true {
        Quantifier::Exists
    } else {
        Quantifier::Forall
    };
    let fns = compile_all(qbf, &prefix, strategy, mine)?;
    let opponent: Vec<Var> = prefix
        .order
        .iter()
        .filter(|&&(_, q)| q != mine)
        .map(|&(v, _)| v)
        .collect();
    let k = opponent.len();
    if k > limits.max_opponent_vars.min(MAX_ENUMERATED_VARS) {
        return Err(CheckError::TooLarge {
            what: "the number of opponent variables",
            size: k as u64,
            limit: limits.max_opponent_vars.min(MAX_ENUMERATED_VARS) as u64,
        });
    }
    // Each assignment may evaluate every literal of the matrix: bound the product, so that
    // a long matrix under a narrow prefix cannot run for hours either.
    let literals: u64 = qbf.clauses.iter().map(|c| c.len() as u64).sum();
    let evaluations = (1u64 << k).saturating_mul(literals.max(1));
    if evaluations > limits.max_literal_evaluations {
        return Err(CheckError::TooLarge {
            what: "the literal evaluations (2^opponent variables × literals)",
            size: evaluations,
            limit: limits.max_literal_evaluations,
        });
    }
    let mut bit = vec![0usize; qbf.num_vars()];
    for (i, &v) in opponent.iter().enumerate() {
        bit[v] = k - 1 - i;
    }
    let mut a = vec![false; qbf.num_vars()];
    for mask in 0u64..(1u64 << k) {
        if mask % 1024 == 0 {
            limits.check_time()?;
        }
        // The first opponent variable is the most significant bit, so assignments are tried
        // in lexicographic order and the reported counterexample is the smallest one.
        for &(v, q) in &prefix.order {
            a[v] = if q == mine {
                fns[v].as_ref().is_some_and(|f| f.eval(&a))
            } else {
                mask >> bit[v] & 1 == 1
            };
        }
        let falsified = qbf
            .clauses
            .iter()
            .position(|c| !c.iter().any(|l| l.eval(&a)));
        let named = || qbf.vars.iter().cloned().zip(a.iter().copied()).collect();
        match (claims_true, falsified) {
            (true, Some(c)) => {
                let text = qbf.clauses[c]
                    .iter()
                    .map(|&l| qbf.lit_name(l))
                    .collect::<Vec<_>>();
                return Err(CheckError::ClauseFalsified {
                    clause: c,
                    text: format!("({})", text.join(" ∨ ")),
                    assignment: named(),
                });
            }
            (false, None) => {
                return Err(CheckError::AllClausesSatisfied {
                    assignment: named(),
                });
            }
            _ => {}
        }
    }
    Ok(Verdict {
        claim: Claim::Qbf(claims_true),
        work: 1u64 << k,
    })
}

/// Compiles every function, insisting on exactly one per variable of the player `mine`.
fn compile_all(
    qbf: &Qbf,
    prefix: &Prefix,
    strategy: &QbfStrategy,
    mine: Quantifier,
) -> Result<Vec<Option<Compiled>>, CheckError> {
    let quant = qbf.quantifier_of();
    let mut fns: Vec<Option<Compiled>> = (0..qbf.num_vars()).map(|_| None).collect();
    for sf in &strategy.functions {
        let x = prefix.var(&sf.var)?;
        if quant[x] != mine {
            return Err(CheckError::Malformed(format!(
                "{} is not a variable of the certifying player ({mine:?})",
                sf.var
            )));
        }
        if fns[x].is_some() {
            return Err(CheckError::Malformed(format!(
                "{} has two functions",
                sf.var
            )));
        }
        fns[x] = Some(compile(qbf, prefix, x, &sf.value, 0)?);
    }
    if let Some(&(v, _)) = prefix
        .order
        .iter()
        .find(|&&(v, q)| q == mine && fns[v].is_none())
    {
        return Err(CheckError::MissingFunction {
            var: qbf.vars[v].clone(),
        });
    }
    Ok(fns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_rows_read_the_first_variable_as_most_significant() {
        // ∀x1 ∀x2 ∃x3: the four clauses of x3 = x1 XOR x2, whose table over [x1, x2] is
        // 0110 when row r's binary digits are (x1, x2), most significant first.
        let q = Qbf::from_signed(
            &[Quantifier::Forall, Quantifier::Forall, Quantifier::Exists],
            &[
                vec![-3, 1, 2],
                vec![-3, -1, -2],
                vec![3, -1, 2],
                vec![3, 1, -2],
            ],
        );
        let table = |values: &str| QbfStrategy {
            functions: vec![SkolemFn {
                var: "x3".into(),
                value: BoolFn::Table {
                    over: vec!["x1".into(), "x2".into()],
                    values: values.into(),
                },
            }],
        };
        let limits = Limits::default();
        assert!(check_qbf_strategy(&q, &table("0110"), true, &limits).is_ok());
        let e = check_qbf_strategy(&q, &table("0111"), true, &limits).unwrap_err();
        assert!(
            matches!(e, CheckError::ClauseFalsified { clause: 1, .. }),
            "{e}"
        );
        let e = check_qbf_strategy(&q, &table("011"), true, &limits).unwrap_err();
        assert!(matches!(e, CheckError::Malformed(_)), "{e}");
    }
}
