//! `georeduce list [--json] [--graph [--dot]]`: the reduction catalogue.

use super::super::Outcome;
use crate::reductions::{self, CertMaps, Claim, MapStatus, ReductionInfo, chain};
use miette::IntoDiagnostic;

/// Prints the catalogue or the reduction graph.
pub fn run(json: bool, graph: bool, dot: bool) -> miette::Result<Outcome> {
    if graph {
        print!(
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
        println!(
            "{}",
            serde_json::to_string_pretty(&entries).into_diagnostic()?
        );
        return Ok(Outcome::Done);
    }
    for r in &all {
        let info = r.info();
        println!(
            "{}: {} -> {}",
            info.id,
            info.source.name(),
            info.target.name()
        );
        println!("    source:   {}, {}", info.paper, info.theorem);
        println!("    status:   {}", info.provenance);
        println!("    gadgets:  {}", info.gadgets.join(", "));
        println!(
            "    size:     |V| = {};  |E| = {}",
            info.vertices_formula, info.edges_formula
        );
        if !info.size_legend.is_empty() {
            println!("    where:    {}", info.size_legend);
        }
        for p in info.preconditions {
            println!("    requires: {p}");
        }
        for c in info.claims {
            println!("    claims:   {c}");
        }
        for c in info.structure {
            println!("    claims:   {c}");
        }
        for e in info.errata {
            println!("    erratum:  {e}");
        }
        print_maps(&r.cert_maps());
        println!();
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
        println!("    certmaps: {}", done.join(", "));
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
        println!("    no map:   {}: {why}", names.join(", "));
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
