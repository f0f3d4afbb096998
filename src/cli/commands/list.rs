//! `georeduce list [--json] [--graph [--dot]]`: the reduction catalogue.

use super::super::Outcome;
use crate::reductions::papers::{self, Paper};
use crate::reductions::{self, CertMaps, Claim, MapStatus, Reduction, ReductionInfo, chain};
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
        let entries = all
            .iter()
            .map(|r| entry_json(*r))
            .collect::<miette::Result<Vec<_>>>()?;
        crate::outln!(
            "{}",
            serde_json::to_string_pretty(&entries).into_diagnostic()?
        );
        return Ok(Outcome::Done);
    }
    for r in &all {
        crate::outln!("{}", entry_text(*r));
    }
    Ok(Outcome::Done)
}

/// One reduction's catalogue entry as JSON: the [`ReductionInfo`] fields, with `paper` the
/// reference (authors, title, venue, year) rather than the project's citation, `reference`
/// its parts, the certificate maps and the planarity claim.
pub(super) fn entry_json(r: &dyn Reduction) -> miette::Result<serde_json::Value> {
    let info = r.info();
    let mut v = serde_json::to_value(info).into_diagnostic()?;
    v["paper"] = serde_json::Value::String(papers::reference_text(info));
    v["reference"] =
        serde_json::to_value(Paper::cited_by(info).map(Paper::reference)).into_diagnostic()?;
    v["cert_maps"] = serde_json::to_value(r.cert_maps()).into_diagnostic()?;
    v["planarity"] = serde_json::to_value(planarity_text(info)).into_diagnostic()?;
    Ok(v)
}

/// One reduction's catalogue entry as text, one line per field.
pub(super) fn entry_text(r: &dyn Reduction) -> String {
    let info = r.info();
    let mut out = format!(
        "{}: {} -> {}\n",
        info.id,
        info.source.name(),
        info.target.name()
    );
    out += &format!("    paper:    {}\n", papers::reference_text(info));
    out += &format!("    theorem:  {}\n", info.theorem);
    out += &format!("    status:   {}\n", info.provenance);
    out += &format!("    gadgets:  {}\n", info.gadgets.join(", "));
    out += &format!(
        "    size:     |V| = {};  |E| = {}\n",
        info.vertices_formula, info.edges_formula
    );
    if !info.size_legend.is_empty() {
        out += &format!("    where:    {}\n", info.size_legend);
    }
    for p in info.preconditions {
        out += &format!("    requires: {p}\n");
    }
    for c in info.claims {
        out += &format!("    claims:   {c}\n");
    }
    for c in info.structure {
        out += &format!("    claims:   {c}\n");
    }
    for e in info.errata {
        out += &format!("    erratum:  {e}\n");
    }
    out += &maps_text(&r.cert_maps());
    out
}

/// The certificate maps: which directions are constructive, and why the others are not.
fn maps_text(maps: &CertMaps) -> String {
    let mut out = String::new();
    let done: Vec<&str> = maps
        .named()
        .iter()
        .filter(|(_, s)| s.is_constructive())
        .map(|(name, _)| *name)
        .collect();
    if !done.is_empty() {
        out += &format!("    certmaps: {}\n", done.join(", "));
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
        out += &format!("    no map:   {}: {why}\n", names.join(", "));
    }
    out
}

/// The planarity claim of a reduction in words (checked on every output, see
/// `reductions::claims`).
fn planarity_text(info: &ReductionInfo) -> Option<String> {
    info.structure
        .iter()
        .find(|c| matches!(c, Claim::PlanarIfSource { .. }))
        .map(Claim::to_string)
}
