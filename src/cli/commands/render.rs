//! `georeduce render FILE`: DOT for any graph-based instance.

use super::super::Outcome;
use super::super::input::{WriteRules, read_instance, write_output};
use crate::problems::Locator;
use crate::render::dot::{default_title, to_dot};
use std::path::Path;

/// Draws the instance as DOT.
pub fn run(
    file: &Path,
    output: Option<&Path>,
    title: Option<String>,
    force: bool,
) -> miette::Result<Outcome> {
    let parsed = read_instance(file)?;
    let title = title.unwrap_or_else(|| default_title(&parsed.instance));
    let dot = to_dot(&parsed.instance, &title)
        .map_err(|e| parsed.error_at(&Locator::Whole, "render::no_graph", e.to_string(), None))?;
    write_output(
        output,
        &dot,
        WriteRules {
            force,
            inputs: &[file],
        },
    )?;
    Ok(Outcome::Done)
}
