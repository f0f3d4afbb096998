//! Reading instance files (or standard input for `-`) into parsed instances.

use crate::lang::{self, Parsed};
use miette::{IntoDiagnostic, WrapErr};
use std::io::Read;
use std::path::Path;

/// Reads and parses `path`; `-` reads standard input (named `<stdin>` in diagnostics).
pub fn read_instance(path: &Path) -> miette::Result<Parsed> {
    let (name, bytes) = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .into_diagnostic()
            .wrap_err("reading standard input")?;
        ("<stdin>".to_string(), bytes)
    } else {
        let bytes = std::fs::read(path)
            .into_diagnostic()
            .wrap_err_with(|| format!("cannot read {}", path.display()))?;
        (path.display().to_string(), bytes)
    };
    lang::parse_bytes(&name, &bytes)
}

/// Writes `text` to `path`, or to standard output when `path` is `None`.
pub fn write_output(path: Option<&Path>, text: &str) -> miette::Result<()> {
    match path {
        Some(p) => std::fs::write(p, text)
            .into_diagnostic()
            .wrap_err_with(|| format!("cannot write {}", p.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
