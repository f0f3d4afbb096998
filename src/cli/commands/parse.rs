//! `georeduce parse FILE [--json] [--format dsl|json|qdimacs]`: check and print back.

use super::super::Outcome;
use super::super::args::InstanceFormat;
use super::super::input::{read_instance, write_output};
use crate::lang;
use crate::problems::{Instance, Locator};
use miette::IntoDiagnostic;
use std::path::Path;

/// Parses and prints the instance back in the chosen format.
pub fn run(file: &Path, json: bool, format: Option<InstanceFormat>) -> miette::Result<Outcome> {
    let parsed = read_instance(file)?;
    let format = format.unwrap_or(if json {
        InstanceFormat::Json
    } else {
        InstanceFormat::Dsl
    });
    let text = match format {
        InstanceFormat::Dsl => lang::to_dsl(&parsed.instance),
        InstanceFormat::Json => {
            let mut s = serde_json::to_string_pretty(&parsed.instance).into_diagnostic()?;
            s.push('\n');
            s
        }
        InstanceFormat::Qdimacs => match &parsed.instance {
            Instance::Qbf(q) => lang::qdimacs::write(q),
            other => {
                return Err(parsed.error_at(
                    &Locator::Whole,
                    "cli::not_qbf",
                    format!(
                        "QDIMACS holds QBF formulas; this is a {} instance",
                        other.kind()
                    ),
                    None,
                ));
            }
        },
    };
    write_output(None, &text, Default::default())?;
    Ok(Outcome::Done)
}
