//! `georeduce compile FILE --to TARGET [--via IDS] [-o OUT] [--format dsl|json|dot]`.
//!
//! With `--to`, the chain chosen (the shortest, `georeduce path` shows it and the others) is
//! printed on standard error, so that a pipeline's log says what ran.

use super::super::Outcome;
use super::super::args::MemoryArgs;
use super::super::args::OutputFormat;
use super::super::input::{WriteRules, input_cap, read_instance_capped, write_output};
use super::{chain_arrows, reduction_error, select_chain};
use crate::lang;
use crate::reductions::ProblemKind;
use crate::render::dot::{default_title, to_dot};
use miette::IntoDiagnostic;
use std::path::Path;

/// Peak bytes compile holds per vertex and per edge of a compiled instance: the instance,
/// the construction's tables and its text. Measured (peak RSS, `/usr/bin/time`): 107 bytes
/// per edge for the 1.09-million-edge PVG compiled from a 49 KB vertex cover (117 MB), 108
/// for the 5.5-million-edge one from a 120 KB vertex cover (599 MB).
const BYTES_PER_EDGE: usize = 112;
/// See [`BYTES_PER_EDGE`]; a vertex holds its name, label and adjacency list.
const BYTES_PER_VERTEX: usize = 256;

/// What compile holds for a compiled instance of this size.
fn compiled_bytes(vertices: usize, edges: usize) -> usize {
    vertices
        .saturating_mul(BYTES_PER_VERTEX)
        .saturating_add(edges.saturating_mul(BYTES_PER_EDGE))
}

/// Compiles through the selected chain and writes the final instance.
pub fn run(
    file: &Path,
    (to, via): (Option<&str>, Option<&str>),
    output: Option<&Path>,
    format: OutputFormat,
    force: bool,
    memory: &MemoryArgs,
) -> miette::Result<Outcome> {
    let memory = memory.bytes();
    let parsed = read_instance_capped(file, input_cap(memory))?;
    let steps = select_chain(ProblemKind::of(&parsed.instance), to, via)?;
    if via.is_none() {
        let ids: Vec<&str> = steps.iter().map(|r| r.info().id).collect();
        crate::note!(
            "chain: {} (--via {}; `georeduce path {} {}` lists the others)",
            chain_arrows(&steps),
            ids.join(","),
            steps[0].info().source.name(),
            steps[steps.len() - 1].info().target.name()
        );
    }
    // Refuse before building: the instances a chain builds are what compile holds (a 120 KB
    // vertex cover compiles to a PVG of millions of edges). Each step's size formula is
    // checked before the step runs.
    let mut reduced: Vec<crate::reductions::Reduced> = Vec::new();
    let mut held = 0usize;
    for (i, r) in steps.iter().enumerate() {
        let source = reduced.last().map_or(&parsed.instance, |x| &x.target);
        let (vertices, edges) = r.declared_size(source);
        held = held.saturating_add(compiled_bytes(vertices, edges));
        if held > memory {
            miette::bail!(
                code = "cli::output_too_large",
                help = "raise --memory, or compile a smaller instance (docs/limits.md)",
                "step {} ({}) would build {vertices} vertices and {edges} edges, about {held} \
                 bytes with the text, over the --memory budget of {memory} bytes",
                i + 1,
                r.info().id
            );
        }
        match r.reduce(source) {
            Ok(step) => reduced.push(step),
            Err(e) if i == 0 => return Err(reduction_error(&parsed, r.info().id, e)),
            Err(e) => miette::bail!(
                code = "reductions::failed",
                "step {} ({}): {e}",
                i + 1,
                r.info().id
            ),
        }
    }
    for (r, step) in steps.iter().zip(&reduced) {
        for note in &step.notes {
            crate::note!("note ({}): {note}", r.info().id);
        }
    }
    let target = &reduced
        .last()
        .expect("a chain has at least one step")
        .target;
    let ids: Vec<&str> = steps.iter().map(|r| r.info().id).collect();
    let text = match format {
        OutputFormat::Dsl => lang::to_dsl(target),
        OutputFormat::Json => {
            let mut s = serde_json::to_string_pretty(target).into_diagnostic()?;
            s.push('\n');
            s
        }
        OutputFormat::Dot => {
            let title = format!("{} via {}", default_title(target), ids.join(", "));
            to_dot(target, &title).into_diagnostic()?
        }
    };
    // The text is the largest thing compile holds (the instance is about as large again).
    if text.len().saturating_mul(2) > memory {
        miette::bail!(
            code = "cli::output_too_large",
            help = "raise --memory, or compile a smaller instance (docs/limits.md)",
            "the compiled instance takes {} bytes as text, over the --memory budget of {memory} \
             bytes",
            text.len()
        );
    }
    write_output(
        output,
        &text,
        WriteRules {
            force,
            inputs: &[file],
        },
    )?;
    Ok(Outcome::Done)
}
