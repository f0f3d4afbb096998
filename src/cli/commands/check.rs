//! `georeduce check`: the random differential-testing campaign of [`crate::check`], with
//! its reports written where the flags say. Exit 0 when every reduction passed, 1 otherwise.

use super::super::Outcome;
use super::super::args::CheckArgs;
use super::super::input::write_output;
use crate::check::{self, CheckConfig};

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
    };
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
    print!("{}", report.summary());
    if let Some(path) = &args.json {
        write_output(Some(path), &report.to_json())?;
    }
    if let Some(path) = &args.junit {
        write_output(Some(path), &report.to_junit_xml())?;
    }
    Ok(if report.passed() {
        Outcome::Done
    } else {
        Outcome::CheckFailed
    })
}
