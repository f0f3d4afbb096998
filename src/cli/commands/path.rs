//! `georeduce path FROM TO [--json]`: the chain `--to` would take between two problem kinds,
//! and every other chain.
//!
//! The chosen chain is [`chain::shortest_chain`]'s (what `compile --to` and `verify --to`
//! apply). The others are every simple chain (no problem kind visited twice) over the whole
//! catalogue, "as printed" variants included and marked, shortest first, then in catalogue
//! order; any of them runs with `--via`.

use super::super::Outcome;
use super::parse_kind;
use crate::reductions::{self, ProblemKind, Reduction, chain};
use serde_json::json;

/// Prints the chains from `from` to `to`.
pub fn run(from: &str, to: &str, json: bool) -> miette::Result<Outcome> {
    let (from, to) = (
        parse_kind(from, "source problem")?,
        parse_kind(to, "target problem")?,
    );
    let chosen: Option<Vec<&'static str>> =
        chain::shortest_chain(from, to).map(|c| c.iter().map(|r| r.info().id).collect());
    let all = every_chain(from, to);
    let ids = |c: &[&'static dyn Reduction]| -> Vec<&'static str> {
        c.iter().map(|r| r.info().id).collect()
    };
    if json {
        let chains: Vec<_> = all
            .iter()
            .map(|c| {
                json!({
                    "via": ids(c),
                    "automatic": c.iter().all(|r| chain::is_automatic(*r)),
                    "chosen": Some(ids(c)) == chosen,
                })
            })
            .collect();
        let v = json!({
            "from": from.name(), "to": to.name(),
            "chosen": chosen,
            "chains": chains,
        });
        crate::outln!("{v:#}");
    } else {
        match &chosen {
            Some(c) if c.is_empty() => {
                crate::outln!("{} is {}: no reduction needed", from.name(), to.name())
            }
            Some(c) => crate::outln!(
                "--to {} takes: {}   (--via {})",
                to.name(),
                arrows(from, &all_of(c)),
                c.join(",")
            ),
            None => crate::outln!(
                "no chain of reductions leads from {} to {}",
                from.name(),
                to.name()
            ),
        }
        let others: Vec<_> = all.iter().filter(|c| Some(ids(c)) != chosen).collect();
        if !others.is_empty() {
            crate::outln!("other chains ({}):", others.len());
            for c in others {
                let printed = match c.iter().all(|r| chain::is_automatic(*r)) {
                    true => "",
                    false => "   [uses an \"as printed\" variant: known to be wrong]",
                };
                crate::outln!(
                    "  {}   (--via {}){printed}",
                    arrows(from, c),
                    ids(c).join(",")
                );
            }
        }
    }
    Ok(match chosen {
        Some(_) => Outcome::Done,
        None if all.is_empty() => Outcome::CheckFailed,
        None => Outcome::Done,
    })
}

/// The reductions with these ids.
fn all_of(ids: &[&'static str]) -> Vec<&'static dyn Reduction> {
    ids.iter().filter_map(|id| reductions::by_id(id)).collect()
}

/// `qbf -[qbf-dvg]-> dvg -[dvg-misere-uvg]-> misere-uvg`.
pub(super) fn arrows(from: ProblemKind, c: &[&'static dyn Reduction]) -> String {
    let mut out = from.name().to_string();
    for r in c {
        out += &format!(" -[{}]-> {}", r.info().id, r.info().target.name());
    }
    out
}

/// Every simple chain from `from` to `to` (no kind twice), shortest first, then in
/// catalogue order (depth-first in catalogue order, stably sorted by length).
pub(super) fn every_chain(from: ProblemKind, to: ProblemKind) -> Vec<Vec<&'static dyn Reduction>> {
    fn walk(
        at: ProblemKind,
        to: ProblemKind,
        catalogue: &[&'static dyn Reduction],
        path: &mut Vec<&'static dyn Reduction>,
        seen: &mut Vec<ProblemKind>,
        out: &mut Vec<Vec<&'static dyn Reduction>>,
    ) {
        if at == to && !path.is_empty() {
            out.push(path.clone());
            return;
        }
        for &r in catalogue.iter().filter(|r| r.info().source == at) {
            let next = r.info().target;
            if seen.contains(&next) && next != to {
                continue;
            }
            seen.push(next);
            path.push(r);
            walk(next, to, catalogue, path, seen, out);
            path.pop();
            seen.pop();
        }
    }
    let catalogue = reductions::all();
    let mut out = Vec::new();
    if from != to {
        walk(
            from,
            to,
            &catalogue,
            &mut Vec::new(),
            &mut vec![from],
            &mut out,
        );
    }
    out.sort_by_key(Vec::len);
    out
}
