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

use super::{CheckError, Claim, Limits, Verdict};
use crate::problems::{Qbf, Quantifier, Var};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Deepest decision tree accepted (deeper trees are malformed, and recursion stays bounded).
const MAX_TREE_DEPTH: usize = 1000;
/// Widest truth table accepted (2^this rows).
const MAX_TABLE_VARS: usize = 24;

/// A strategy of one QBF player: a function for each of their variables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QbfStrategy {
    /// One function per variable of the certifying player (∃ for `qbf_true`, ∀ for
    /// `qbf_false`), in any order.
    pub functions: Vec<SkolemFn>,
}

/// The function that chooses one variable's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkolemFn {
    /// The variable, by name.
    pub var: String,
    /// Its value as a function of earlier variables.
    pub value: BoolFn,
}

/// A Boolean function of earlier variables, as JSON `true`/`false`, a truth table or a
/// decision tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
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
    if k > limits.max_opponent_vars {
        return Err(CheckError::TooLarge {
            what: "the number of opponent variables",
            size: k as u64,
            limit: limits.max_opponent_vars as u64,
        });
    }
    let mut bit = vec![0usize; qbf.num_vars()];
    for (i, &v) in opponent.iter().enumerate() {
        bit[v] = k - 1 - i;
    }
    let mut a = vec![false; qbf.num_vars()];
    for mask in 0u64..(1u64 << k) {
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

/// Builds a strategy for the ∃ player (`claims_true`) or the ∀ player from a choice function:
/// `choose(x, partial)` gives the value of the player's variable `x` when `partial` holds the
/// values of the variables before `x` (`None` for later ones). The result is one truth table
/// per variable over the earlier opponent variables; it is exponential, so the opponent's
/// variable count is bounded by `limits`. Whether it wins is for [`check_qbf_strategy`] to say.
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
    if k > limits.max_opponent_vars {
        return Err(CheckError::TooLarge {
            what: "the number of opponent variables",
            size: k as u64,
            limit: limits.max_opponent_vars as u64,
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
