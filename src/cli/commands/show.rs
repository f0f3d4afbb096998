//! `georeduce show ID [--json]`: one reduction's catalogue entry (as `list` prints it).

use super::super::Outcome;
use super::list::{entry_json, entry_text};
use super::lookup_reduction;
use miette::IntoDiagnostic;

/// Prints the entry of reduction `id`.
pub fn run(id: &str, json: bool) -> miette::Result<Outcome> {
    let r = lookup_reduction(id)?;
    match json {
        true => crate::outln!(
            "{}",
            serde_json::to_string_pretty(&entry_json(r)?).into_diagnostic()?
        ),
        false => crate::out!("{}", entry_text(r)),
    }
    Ok(Outcome::Done)
}
