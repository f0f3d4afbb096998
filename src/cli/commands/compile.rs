//! `georeduce compile FILE --to TARGET [--via IDS] [-o OUT] [--format dsl|json|dot]`.
//!
//! With `--to`, the chain chosen (the shortest, `georeduce path` shows it and the others) is
//! printed on standard error, so that a pipeline's log says what ran.

use super::super::Outcome;
use super::super::args::MemoryArgs;
use super::super::args::OutputFormat;
use super::super::input::{WriteRules, input_cap, read_instance_capped, write_output};
use super::{apply_chain, chain_arrows, select_chain};
use crate::lang;
use crate::reductions::ProblemKind;
use crate::render::budget::plain_dot_estimate;
use crate::render::dot::{default_title, to_dot};
use miette::IntoDiagnostic;
use std::path::Path;

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
    // Refused before building when the chain's instances would not fit (`apply_chain`).
    let (reduced, held) = apply_chain(&parsed, &steps, memory)?;
    if format == OutputFormat::Dot {
        // DOT is drawn from tables of its own, several times the instance: refused before
        // drawing when they would not fit beside the chain.
        let last = steps.len() - 1;
        let source = match last {
            0 => &parsed.instance,
            _ => &reduced[last - 1].target,
        };
        let (vertices, edges) = steps[last].declared_size(source);
        let dot = plain_dot_estimate(vertices, edges);
        if held.saturating_add(dot) > memory {
            miette::bail!(
                code = "cli::output_too_large",
                help = "raise --memory, use --format dsl or json, or compile a smaller instance \
                        (docs/limits.md)",
                "drawing {vertices} vertices and {edges} edges as DOT takes about {} bytes, \
                 over the --memory budget of {memory} bytes",
                held.saturating_add(dot)
            );
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
