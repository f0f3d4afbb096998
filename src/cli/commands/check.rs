//! `georeduce check`: the random differential-testing campaign of [`crate::check`], with
//! its reports written where the flags say. Exit 0 when every reduction passed, 1 otherwise,
//! 3 when SIGINT or SIGTERM stopped it (the reports then cover the cases done and say
//! `"interrupted": true`).

use super::super::Outcome;
use super::super::args::CheckArgs;
use super::super::input::{WriteRules, write_output};
use crate::check::{self, CheckConfig};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Runs the campaign and writes the reports.
pub fn run(args: &CheckArgs) -> miette::Result<Outcome> {
    let reductions = check::select(&args.via, args.all)
        .map_err(|e| miette::miette!(code = "cli::bad_via", "{e}"))?;
    let shard = match &args.shard {
        Some(s) => Some(
            check::parse_shard(s).map_err(|e| miette::miette!(code = "cli::bad_shard", "{e}"))?,
        ),
        None => None,
    };
    if args.cases == 0 || args.max_size == 0 {
        miette::bail!(
            code = "cli::bad_check",
            "--cases and --max-size must be at least 1"
        );
    }
    let cfg = CheckConfig {
        reductions,
        cases: args.cases,
        seed: args.seed,
        max_size: args.max_size,
        certify: args.certify,
        shard,
        out_dir: args.out_dir.clone(),
        budget_nodes: (args.max_nodes > 0).then_some(args.max_nodes),
        interrupt: Some(interrupt_flag()?),
    };
    // A report left by an earlier run must not pass for this one's if this run dies
    // before writing its own.
    let reports: Vec<&PathBuf> = args.json.iter().chain(&args.junit).collect();
    for path in &reports {
        remove_stale(path, args.force)?;
    }
    if let Some(dir) = &cfg.out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| miette::miette!("cannot create {}: {e}", dir.display()))?;
    }
    eprintln!(
        "georeduce check: seed {}, {} cases per reduction, sizes 1..={}, {} reduction(s){}",
        cfg.seed,
        cfg.cases,
        cfg.max_size,
        cfg.reductions.len(),
        shard
            .map(|(i, k)| format!(", shard {i}/{k}"))
            .unwrap_or_default()
    );
    let progress = check::progress_for_stderr();
    let report = check::run_check(&cfg, progress.as_ref());
    let rules = WriteRules {
        force: args.force,
        inputs: &[],
    };
    if let Some(path) = &args.json {
        write_output(Some(path), &report.to_json(), rules)?;
    }
    if let Some(path) = &args.junit {
        write_output(Some(path), &report.to_junit_xml(), rules)?;
    }
    crate::out!("{}", report.summary());
    Ok(match (report.interrupted, report.passed()) {
        (true, _) => Outcome::Unknown,
        (false, true) => Outcome::Done,
        (false, false) => Outcome::CheckFailed,
    })
}

/// A flag that SIGINT and SIGTERM set; the campaign stops after the current case. A second
/// signal while the reports are written is left to the same flag (the reports are written
/// with a rename, so a kill by SIGKILL never leaves a half-written one).
fn interrupt_flag() -> miette::Result<Arc<AtomicBool>> {
    let flag = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(signal, Arc::clone(&flag))
            .map_err(|e| miette::miette!("cannot install a signal handler: {e}"))?;
    }
    Ok(flag)
}

/// Removes the report file at `path` if one exists (a symbolic link only with `--force`,
/// and then the link itself is kept and its target replaced later).
fn remove_stale(path: &std::path::Path, force: bool) -> miette::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() && !force => miette::bail!(
            code = "cli::output_is_symlink",
            help = "pass --force to write to the file it points to",
            "{} is a symbolic link; not writing through it",
            path.display()
        ),
        Ok(meta) if meta.is_file() => std::fs::remove_file(path)
            .map_err(|e| miette::miette!("cannot remove the old report {}: {e}", path.display())),
        _ => Ok(()),
    }
}
