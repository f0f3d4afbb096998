//! Chaining reductions, as passes of a compiler pipeline: the reduction graph over problem
//! kinds, the shortest chain between two kinds, explicit `--via` chains, and running a chain.
//!
//! The graph has one arc per registered reduction ([`super::all`]), from its source kind to
//! its target kind. Automatic chains skip the "as printed" variants, which reproduce a
//! paper's known error on purpose and must only run when named. Every output here is a pure
//! function of the catalogue: ties between equally short chains go to the reduction that
//! comes first in catalogue order, and the text and DOT listings follow catalogue order.

use super::{ProblemKind, Reduced, Reduction, ReductionError, all, by_id};
use crate::problems::Instance;
use std::collections::VecDeque;

/// Whether `r` may be used in an automatic chain: every reduction except the variants that
/// reproduce a paper's construction "as printed" (known to be wrong).
pub fn is_automatic(r: &dyn Reduction) -> bool {
    let info = r.info();
    !info.provenance.to_lowercase().contains("as printed") && !info.id.contains("as-printed")
}

/// The shortest chain of automatic reductions from `from` to `to`, by breadth-first search
/// over problem kinds; among chains of equal length the one found first when kinds are
/// expanded in discovery order and reductions in catalogue order. `Some(vec![])` when
/// `from == to`; `None` when `to` is unreachable.
pub fn shortest_chain(from: ProblemKind, to: ProblemKind) -> Option<Vec<&'static dyn Reduction>> {
    let catalogue: Vec<&'static dyn Reduction> =
        all().into_iter().filter(|r| is_automatic(*r)).collect();
    let index = |k: ProblemKind| ProblemKind::ALL.iter().position(|&x| x == k).unwrap_or(0);
    // parent[k]: the reduction by which kind k was first reached.
    let mut parent: Vec<Option<&'static dyn Reduction>> = vec![None; ProblemKind::ALL.len()];
    let mut seen = vec![false; ProblemKind::ALL.len()];
    seen[index(from)] = true;
    let mut queue = VecDeque::from([from]);
    while let Some(kind) = queue.pop_front() {
        for &r in catalogue.iter().filter(|r| r.info().source == kind) {
            let t = r.info().target;
            if !std::mem::replace(&mut seen[index(t)], true) {
                parent[index(t)] = Some(r);
                queue.push_back(t);
            }
        }
    }
    if !seen[index(to)] {
        return None;
    }
    let mut chain = Vec::new();
    let mut at = to;
    while at != from {
        let r = parent[index(at)]?;
        chain.push(r);
        at = r.info().source;
    }
    chain.reverse();
    Some(chain)
}

/// Parses a `--via` list (`qbf-dvg,dvg-misere-uvg`): known ids, separated by commas, each
/// reading what the previous one writes. "As printed" variants are allowed here, because
/// they are named explicitly.
pub fn parse_via(list: &str) -> Result<Vec<&'static dyn Reduction>, String> {
    let mut chain: Vec<&'static dyn Reduction> = Vec::new();
    for id in list.split(',').map(str::trim) {
        if id.is_empty() {
            return Err(format!("empty reduction id in `--via {list}`"));
        }
        let Some(r) = by_id(id) else {
            let known: Vec<&str> = all().iter().map(|r| r.info().id).collect();
            return Err(format!(
                "unknown reduction `{id}`; known: {}",
                known.join(", ")
            ));
        };
        if let Some(prev) = chain.last() {
            let (out, inp) = (prev.info().target, r.info().source);
            if out != inp {
                return Err(format!(
                    "`{}` writes {} but `{id}` reads {}",
                    prev.info().id,
                    out.name(),
                    inp.name()
                ));
            }
        }
        chain.push(r);
    }
    Ok(chain)
}

/// A chain stopped at one of its reductions.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("step {step} ({id}): {error}")]
pub struct ChainError {
    /// The failing step, from 1.
    pub step: usize,
    /// The failing reduction's id.
    pub id: &'static str,
    /// What it reported.
    pub error: ReductionError,
}

/// Runs `chain` on `source`; element `i` of the result is the output of step `i + 1`, so the
/// last one is the final target and the others are the intermediate instances that `verify`
/// also solves.
pub fn apply(chain: &[&dyn Reduction], source: &Instance) -> Result<Vec<Reduced>, ChainError> {
    let mut out: Vec<Reduced> = Vec::with_capacity(chain.len());
    for (i, r) in chain.iter().enumerate() {
        let input = out.last().map_or(source, |x| &x.target);
        let next = r.reduce(input).map_err(|error| ChainError {
            step: i + 1,
            id: r.info().id,
            error,
        })?;
        out.push(next);
    }
    Ok(out)
}

/// The reduction graph as text: one line per reduction, in catalogue order.
pub fn graph_text() -> String {
    let mut s = String::from("reduction graph (source -> target  [id]):\n");
    for r in all() {
        let info = r.info();
        let manual = if is_automatic(r) {
            ""
        } else {
            "  (as printed; only with --via)"
        };
        s.push_str(&format!(
            "  {} -> {}  [{}]{manual}\n",
            info.source.name(),
            info.target.name(),
            info.id
        ));
    }
    s
}

/// The reduction graph in Graphviz DOT: a node per problem kind that some reduction reads or
/// writes (in [`ProblemKind::ALL`] order), an arc per reduction labelled with its id; "as
/// printed" variants are dashed.
pub fn graph_dot() -> String {
    let reductions = all();
    let mut s = String::from("digraph reductions {\n  rankdir=LR;\n  node [shape=box];\n");
    for kind in ProblemKind::ALL {
        let used = reductions
            .iter()
            .any(|r| r.info().source == kind || r.info().target == kind);
        if used {
            let shape = if kind.is_game() { "ellipse" } else { "box" };
            s.push_str(&format!("  \"{}\" [shape={shape}];\n", kind.name()));
        }
    }
    for r in reductions {
        let info = r.info();
        let style = if is_automatic(r) {
            ""
        } else {
            ", style=dashed"
        };
        s.push_str(&format!(
            "  \"{}\" -> \"{}\" [label=\"{}\"{style}];\n",
            info.source.name(),
            info.target.name(),
            info.id
        ));
    }
    s.push_str("}\n");
    s
}
