//! `georeduce list [--json] [--graph [--dot]]`: the reduction catalogue.

use super::super::Outcome;
use crate::reductions::{self, CertMaps, Claim, MapStatus, ReductionInfo, chain};
use miette::IntoDiagnostic;

/// Prints the catalogue or the reduction graph.
pub fn run(json: bool, graph: bool, dot: bool) -> miette::Result<Outcome> {
    if graph {
        crate::out!(
            "{}",
            if dot {
                chain::graph_dot()
            } else {
                chain::graph_text()
            }
        );
        return Ok(Outcome::Done);
    }
    let all = reductions::all();
    if json {
        let mut entries = Vec::new();
        for r in &all {
            let mut v = serde_json::to_value(r.info()).into_diagnostic()?;
            v["cert_maps"] = serde_json::to_value(r.cert_maps()).into_diagnostic()?;
            v["planarity"] = serde_json::to_value(planarity_text(r.info())).into_diagnostic()?;
            entries.push(v);
        }
        crate::outln!(
            "{}",
            serde_json::to_string_pretty(&entries).into_diagnostic()?
        );
        return Ok(Outcome::Done);
    }
    for r in &all {
        let info = r.info();
        crate::outln!(
            "{}: {} -> {}",
            info.id,
            info.source.name(),
            info.target.name()
        );
        crate::outln!("    source:   {}, {}", info.paper, info.theorem);
        crate::outln!("    status:   {}", info.provenance);
        crate::outln!("    gadgets:  {}", info.gadgets.join(", "));
        crate::outln!(
            "    size:     |V| = {};  |E| = {}",
            info.vertices_formula,
            info.edges_formula
        );
        if !info.size_legend.is_empty() {
            crate::outln!("    where:    {}", info.size_legend);
        }
        for p in info.preconditions {
            crate::outln!("    requires: {p}");
        }
        for c in info.claims {
            crate::outln!("    claims:   {c}");
        }
        for c in info.structure {
            crate::outln!("    claims:   {c}");
        }
        for e in info.errata {
            crate::outln!("    erratum:  {e}");
        }
        print_maps(&r.cert_maps());
        crate::outln!();
    }
    Ok(Outcome::Done)
}

/// The certificate maps: which directions are constructive, and why the others are not.
fn print_maps(maps: &CertMaps) {
    let done: Vec<&str> = maps
        .named()
        .iter()
        .filter(|(_, s)| s.is_constructive())
        .map(|(name, _)| *name)
        .collect();
    if !done.is_empty() {
        crate::outln!("    certmaps: {}", done.join(", "));
    }
    let mut reasons: Vec<(Vec<&str>, &str)> = Vec::new();
    for (name, status) in maps.named() {
        if let MapStatus::NotConstructive(why) = status {
            match reasons.iter_mut().find(|(_, w)| *w == why) {
                Some((names, _)) => names.push(name),
                None => reasons.push((vec![name], why)),
            }
        }
    }
    for (names, why) in reasons {
        crate::outln!("    no map:   {}: {why}", names.join(", "));
    }
}

/// The planarity claim of a reduction in words (checked on every output, see
/// `reductions::claims`).
fn planarity_text(info: &ReductionInfo) -> Option<String> {
    info.structure
        .iter()
        .find(|c| matches!(c, Claim::PlanarIfSource { .. }))
        .map(Claim::to_string)
}
