//! Reading instance files (or standard input for `-`) into parsed instances, and writing
//! outputs safely.
//!
//! Reads are capped: a file larger than the cap is refused with a diagnostic after reading
//! at most cap + 1 bytes, so `georeduce parse /dev/zero` ends at once instead of growing
//! until the kernel kills it. Writes to a file go to a temporary file beside the target,
//! renamed over it when complete (an interrupted write never leaves a truncated output);
//! they refuse to overwrite the command's own input, and refuse a symbolic link unless
//! `--force` says to write to where it points.

use crate::lang::{self, Parsed};
use miette::{IntoDiagnostic, WrapErr};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

/// Largest input file read, in bytes (64 MiB): parsing holds several times the text, and
/// the largest instance any solver decides is far smaller (docs/limits.md).
pub const MAX_INPUT_BYTES: usize = 64 << 20;

/// Parsing and lowering hold up to about this many bytes per byte of input (pest's parse tree, the
/// model and its spans); the input cap under a memory budget is the budget over this. Measured peak
/// RSS of `parse` (docs/performance-history.md, "Seventh session: reading huge instances"): 11.0
/// bytes per byte for a valid 15.6 MB game read by the scanner, 16.0 for a 10 MB line of duplicate
/// edges (21.5 and 25.5 before names were borrowed from the text; 39 and 94 with the pest parse
/// tree alone); 26.5 for a 4.8 MB game that pest reads (a bare non-ASCII name), whose parse tree it
/// holds.
pub const PARSE_BYTES_PER_INPUT_BYTE: usize = 100;

/// The input cap under a memory budget of `memory` bytes.
pub fn input_cap(memory: usize) -> usize {
    MAX_INPUT_BYTES.min(memory / PARSE_BYTES_PER_INPUT_BYTE)
}

/// Reads and parses `path` (at most [`MAX_INPUT_BYTES`]); `-` reads standard input (named
/// `<stdin>` in diagnostics).
pub fn read_instance(path: &Path) -> miette::Result<Parsed> {
    read_instance_capped(path, MAX_INPUT_BYTES)
}

/// Reads and parses `path`, refusing files of more than `cap` bytes.
pub fn read_instance_capped(path: &Path, cap: usize) -> miette::Result<Parsed> {
    let (name, bytes) = read_capped(path, cap)?;
    lang::parse_vec(&name, bytes)
}

/// The bytes of `path` (`-`: standard input) and its display name, refusing more than `cap`
/// bytes after reading at most `cap + 1`.
pub fn read_capped(path: &Path, cap: usize) -> miette::Result<(String, Vec<u8>)> {
    let stdin = path.as_os_str() == "-";
    let name = match stdin {
        true => "<stdin>".to_string(),
        false => path.display().to_string(),
    };
    let reader: Box<dyn Read> = match stdin {
        true => Box::new(std::io::stdin()),
        false => Box::new(
            std::fs::File::open(path)
                .into_diagnostic()
                .wrap_err_with(|| format!("cannot read {name}"))?,
        ),
    };
    let mut bytes = Vec::new();
    reader
        .take(cap as u64 + 1)
        .read_to_end(&mut bytes)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read {name}"))?;
    if bytes.len() > cap {
        miette::bail!(
            code = "cli::input_too_large",
            help = "the limit follows --memory (docs/limits.md); split or shrink the input",
            "{name} is larger than {cap} bytes, the input limit"
        );
    }
    Ok((name, bytes))
}

/// How [`write_output`] may write a file.
#[derive(Clone, Copy, Debug, Default)]
pub struct WriteRules<'a> {
    /// Write through a symbolic link (to the file it points to).
    pub force: bool,
    /// The command's input files, never overwritten.
    pub inputs: &'a [&'a Path],
}

/// Whether an output flag's value means standard output: `-`, as for every `-o`, `--json
/// FILE` and `--junit FILE` (docs/cli.md, "Output conventions").
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Writes `text` to `path` (see the module: temporary file and rename, never over an input,
/// never through a symbolic link unless forced), or to standard output when `path` is `None`
/// or `-`.
pub fn write_output(path: Option<&Path>, text: &str, rules: WriteRules<'_>) -> miette::Result<()> {
    match path {
        Some(p) if !is_stdout(p) => write_file(p, text.as_bytes(), rules),
        _ => {
            crate::out!("{text}");
            Ok(())
        }
    }
}

/// Writes `bytes` to the file `path` safely (see [`write_output`]).
pub fn write_file(path: &Path, bytes: &[u8], rules: WriteRules<'_>) -> miette::Result<()> {
    let target = resolve_target(path, rules)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let fail = |e: std::io::Error| {
        miette::miette!(
            code = "cli::cannot_write",
            "cannot write {}: {e}",
            path.display()
        )
    };
    watch_signals();
    let tmp = {
        // Created and listed under the lock, so that a signal arriving meanwhile waits for
        // the listing and then removes the file.
        let mut writing = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
        let tmp = tempfile::Builder::new()
            .prefix(".georeduce-")
            .suffix(".tmp")
            .tempfile_in(&dir)
            .map_err(fail)?;
        writing.push(tmp.path().to_path_buf());
        tmp
    };
    let _unlist = Unlist(tmp.path().to_path_buf());
    let mut tmp = tmp;
    tmp.write_all(bytes).map_err(fail)?;
    // A temporary file is private (0600); the output gets the permissions of the file it
    // replaces, or the usual 0644.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&target).map_or(0o644, |m| m.permissions().mode());
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(mode))
            .map_err(fail)?;
    }
    tmp.persist(&target).map_err(|e| fail(e.error))?;
    Ok(())
}

/// Temporary files being written: a signal that ends the process mid-write removes them (an
/// ended process runs no destructor, and `tempfile` removes its file on drop only).
static WRITING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Set by a command that handles SIGINT and SIGTERM itself and finishes its writes (`check`
/// writes its reports for the cases done): the watcher then leaves those signals to it.
static SIGNALS_HANDLED: AtomicBool = AtomicBool::new(false);

/// Says that this command handles SIGINT and SIGTERM itself (see [`SIGNALS_HANDLED`]).
pub fn signals_handled_by_command() {
    SIGNALS_HANDLED.store(true, Ordering::Relaxed);
}

/// Starts, once, the thread that removes the temporary files of [`WRITING`] when SIGINT,
/// SIGTERM or SIGHUP arrives, and then ends the process as the signal's default action
/// would (same exit status). Started at the first write, so a command's signals behave as
/// before until it writes a file.
fn watch_signals() {
    static WATCHER: OnceLock<()> = OnceLock::new();
    WATCHER.get_or_init(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                for signal in signals.forever() {
                    if SIGNALS_HANDLED.load(Ordering::Relaxed) && signal != SIGHUP {
                        continue;
                    }
                    let writing = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
                    for path in writing.iter() {
                        let _ = std::fs::remove_file(path);
                    }
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
    });
}

/// Takes a temporary file off [`WRITING`] once it is renamed or dropped.
struct Unlist(PathBuf);

impl Drop for Unlist {
    fn drop(&mut self) {
        let mut writing = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
        writing.retain(|p| *p != self.0);
    }
}

/// The file to replace for `path`: `path` itself, or where its symbolic link points when
/// forced. Errors: a link without `--force`, a directory, or one of the inputs.
fn resolve_target(path: &Path, rules: WriteRules<'_>) -> miette::Result<PathBuf> {
    let mut target = path.to_path_buf();
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if meta.file_type().is_symlink() {
            if !rules.force {
                miette::bail!(
                    code = "cli::output_is_symlink",
                    help = "pass --force to write to the file it points to",
                    "{} is a symbolic link; not writing through it",
                    path.display()
                );
            }
            target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        }
        if std::fs::metadata(&target).is_ok_and(|m| m.is_dir()) {
            miette::bail!(
                code = "cli::cannot_write",
                "cannot write {}: it is a directory",
                path.display()
            );
        }
    }
    for input in rules.inputs {
        if input.as_os_str() != "-" && same_file(input, &target) {
            miette::bail!(
                code = "cli::output_is_input",
                help = "write the output to another file",
                "{} is this command's input; not overwriting it",
                path.display()
            );
        }
    }
    Ok(target)
}

/// Whether `a` and `b` name the same existing file (same device and inode on Unix).
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        #[cfg(unix)]
        (Ok(ma), Ok(mb)) => {
            use std::os::unix::fs::MetadataExt;
            ma.dev() == mb.dev() && ma.ino() == mb.ino()
        }
        #[cfg(not(unix))]
        (Ok(_), Ok(_)) => std::fs::canonicalize(a).ok() == std::fs::canonicalize(b).ok(),
        _ => false,
    }
}
