//! `georeduce merge-reports` (also `check --merge`): the JSON reports of the `--shard i/k`
//! runs of one campaign joined into the report of the unsharded run, written as JSON and
//! JUnit and summarised exactly as `check` does (same exit status).

use super::super::Outcome;
use super::super::args::{CampaignMemoryArgs, MergeReportsArgs};
use super::super::input::{input_cap, read_capped};
use super::check::{ReportFiles, finish};
use crate::check::CheckReport;
use std::path::{Path, PathBuf};

/// Runs `merge-reports`.
pub fn run(args: &MergeReportsArgs) -> miette::Result<Outcome> {
    let files = ReportFiles {
        json: args.json.as_deref(),
        junit: args.junit.as_deref(),
        force: args.force,
    };
    let memory = CampaignMemoryArgs {
        memory: args.memory,
    };
    merge_reports(&args.reports, files, memory.bytes())
}

/// Reads the shard reports (each at most the input cap of `memory` bytes), joins them, and
/// writes and summarises the result.
pub(super) fn merge_reports(
    reports: &[PathBuf],
    files: ReportFiles<'_>,
    memory: usize,
) -> miette::Result<Outcome> {
    files.distinct()?;
    let mut parts = Vec::new();
    for path in reports {
        let (name, bytes) = read_capped(path, input_cap(memory))?;
        let report: CheckReport = serde_json::from_slice(&bytes).map_err(|e| {
            miette::miette!(
                code = "check::bad_report",
                help = "give the files that `check --shard i/k --json FILE` wrote",
                "{name} is not a check report: {e}"
            )
        })?;
        parts.push(report);
    }
    let report = CheckReport::merge(&parts).map_err(|e| {
        miette::miette!(
            code = "check::bad_merge",
            help = "give the JSON reports of every shard 0/k … (k-1)/k of one campaign",
            "cannot merge: {e}"
        )
    })?;
    let inputs: Vec<&Path> = reports.iter().map(PathBuf::as_path).collect();
    finish(files, &report, &inputs)
}
