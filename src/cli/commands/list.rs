//! `georeduce list [--json] [--graph [--dot]]`: the reduction catalogue.

use super::super::Outcome;
use crate::reductions::{self, chain};
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
    let infos: Vec<_> = reductions::all()
        .into_iter()
        .map(|r| r.info().clone())
        .collect();
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&infos).into_diagnostic()?
        );
        return Ok(Outcome::Done);
    }
    for info in &infos {
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
        for p in info.preconditions {
            println!("    requires: {p}");
        }
        for c in info.claims {
            println!("    claims:   {c}");
        }
        for e in info.errata {
            println!("    erratum:  {e}");
        }
        println!();
    }
    Ok(Outcome::Done)
}
