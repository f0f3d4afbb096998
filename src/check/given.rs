//! Instances a user wrote, checked alongside or instead of the random ones
//! (`check --from-dir DIR`, `check --cases-from FILE`; Karp's `#:from-generator`).
//!
//! A directory contributes every file named `*.qbf`, `*.qdimacs`, `*.geo` or `*.json` in it
//! (not its subdirectories), in name order; a cases file contributes one instance per line
//! (a JSON instance as `parse --format json` prints it on one line, or a one-line formula
//! or DSL instance), skipping blank lines and lines starting with `#`. Each instance is
//! parsed as `parse` parses a file, so a bad one is a diagnostic with its span.

use crate::problems::Instance;
use std::path::Path;

/// One instance given by the user, with the name reports use for it.
#[derive(Clone, Debug, PartialEq)]
pub struct GivenCase {
    /// `FILE` (from a directory) or `FILE:LINE` (from a cases file).
    pub name: String,
    /// The instance.
    pub instance: Instance,
}

/// File extensions read from a directory.
pub const EXTENSIONS: [&str; 4] = ["qbf", "qdimacs", "geo", "json"];

/// The instances in `dir` (see the module), each file at most `cap` bytes.
pub fn from_dir(dir: &Path, cap: usize) -> miette::Result<Vec<GivenCase>> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        miette::miette!(
            code = "check::from_dir",
            "cannot read the directory {}: {e}",
            dir.display()
        )
    })?;
    let mut paths: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| {
            p.extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| EXTENSIONS.contains(&x))
        })
        .collect();
    paths.sort();
    if paths.is_empty() {
        miette::bail!(
            code = "check::from_dir",
            help = format!("instance files end in .{}", EXTENSIONS.join(", .")),
            "{} holds no instance file",
            dir.display()
        );
    }
    paths
        .iter()
        .map(|p| {
            let parsed = crate::cli::input::read_instance_capped(p, cap)?;
            let name = p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            Ok(GivenCase {
                name,
                instance: parsed.instance,
            })
        })
        .collect()
}

/// The instances in the cases file `path` (see the module), the file at most `cap` bytes.
pub fn from_file(path: &Path, cap: usize) -> miette::Result<Vec<GivenCase>> {
    let (name, bytes) = crate::cli::input::read_capped(path, cap)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| miette::miette!(code = "check::cases_from", "{name} is not UTF-8 text"))?;
    let short = path
        .file_name()
        .map_or_else(|| name.clone(), |n| n.to_string_lossy().into_owned());
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let case_name = format!("{short}:{}", i + 1);
        // Parsed alone, but reported where it stands in the file (line i, after its blanks).
        let column = raw[..raw.len() - raw.trim_start().len()].chars().count();
        let source = crate::lang::diag::Source::at(&name, line, i, column);
        let parsed = crate::lang::parse_source(source).map_err(miette::Report::new)?;
        out.push(GivenCase {
            name: case_name,
            instance: parsed.instance,
        });
    }
    if out.is_empty() {
        miette::bail!(
            code = "check::cases_from",
            help = "write one instance per line (JSON, or a one-line formula or DSL instance)",
            "{name} holds no instance"
        );
    }
    Ok(out)
}
