//! `georeduce check`: the random differential-testing campaign of [`crate::check`], with
//! its reports written where the flags say. Exit 0 when every reduction passed, 1 otherwise,
//! 3 when SIGINT or SIGTERM stopped it (the reports then cover the cases done and say
//! `"interrupted": true`).

use super::super::Outcome;
use super::super::args::{CheckArgs, CheckCommandArgs, CommandIoArg, YesWinner};
use super::super::input::{WriteRules, input_cap, same_file, write_output};
use super::super::ui::{self, Tone};
use crate::check::{self, CheckConfig, CheckReport, CommandIo, CommandReduction, CommandSpec};
use crate::reductions::{ProblemKind, Reduction};
use crate::solvers::Winner;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Runs the campaign (or, with `--merge`, joins shard reports as `merge-reports` does) and
/// writes the reports.
pub fn run(args: &CheckArgs) -> miette::Result<Outcome> {
    reports_of(args).distinct()?;
    if !args.merge.is_empty() {
        return super::merge::merge_reports(&args.merge, reports_of(args), memory_bytes(args));
    }
    let memory = memory_bytes(args);
    let reductions = match &args.command.reduction_cmd {
        Some(cmd) => vec![command_reduction(&args.command, cmd, memory)?],
        None => check::select(&args.via, args.all)
            .map_err(|e| miette::miette!(code = "cli::bad_via", "{e}"))?,
    };
    let shard = match &args.shard {
        Some(s) => Some(
            check::parse_shard(s).map_err(|e| miette::miette!(code = "cli::bad_shard", "{e}"))?,
        ),
        None => None,
    };
    let mut given = Vec::new();
    if let Some(dir) = &args.from_dir {
        given.extend(check::given::from_dir(dir, input_cap(memory))?);
    }
    if let Some(file) = &args.cases_from {
        given.extend(check::given::from_file(file, input_cap(memory))?);
    }
    if args.max_size == 0 || (args.cases == 0 && given.is_empty()) {
        miette::bail!(
            code = "cli::bad_check",
            help = "--cases 0 checks only the instances of --from-dir or --cases-from",
            "--cases and --max-size must be at least 1"
        );
    }
    warn_unread(&given, &reductions);
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
        memory: Some(memory),
        given,
        shrink_tries: match args.command.reduction_cmd {
            Some(_) => check::COMMAND_SHRINK_TRIES,
            None => check::SHRINK_TRIES,
        },
    };
    // A report left by an earlier run must not pass for this one's if this run dies
    // before writing its own; but a "report" that is one of the instances read is the
    // user's file, never removed or replaced.
    let inputs = campaign_inputs(args);
    let reports: Vec<&PathBuf> = args.json.iter().chain(&args.junit).collect();
    for path in &reports {
        if path.as_os_str() != "-" && inputs.iter().any(|i| same_file(i, path)) {
            miette::bail!(
                code = "cli::output_is_input",
                help = "write the report to another file",
                "{} holds instances this campaign reads; not overwriting it",
                path.display()
            );
        }
    }
    for path in &reports {
        remove_stale(path, args.force)?;
    }
    if let Some(dir) = &cfg.out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| miette::miette!("cannot create {}: {e}", dir.display()))?;
    }
    let given_note = match cfg.given.len() {
        0 => String::new(),
        n => format!(", {n} given instance(s)"),
    };
    eprintln!(
        "georeduce check: seed {}, {} cases per reduction, sizes 1..={}, {} reduction(s){}{}",
        cfg.seed,
        cfg.cases,
        cfg.max_size,
        cfg.reductions.len(),
        given_note,
        shard
            .map(|(i, k)| format!(", shard {i}/{k}"))
            .unwrap_or_default()
    );
    // `--quiet`: no progress; the header above stays, since it carries the seed.
    let progress: Box<dyn check::Progress> = match ui::quiet() {
        true => Box::new(check::Silent),
        false => check::progress_for_stderr(),
    };
    let report = check::run_check(&cfg, progress.as_ref());
    finish(reports_of(args), &report, &[])
}

/// The files a campaign reads its own instances from: `--cases-from`, and every file in
/// `--from-dir` (those it skips too: they are the user's all the same).
fn campaign_inputs(args: &CheckArgs) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = args.cases_from.iter().cloned().collect();
    if let Some(dir) = &args.from_dir
        && let Ok(entries) = std::fs::read_dir(dir)
    {
        out.extend(entries.filter_map(|e| Some(e.ok()?.path())));
    }
    out
}

/// Where a campaign's (or a merge's) reports go: `--json FILE`, `--junit FILE`, `--force`.
#[derive(Clone, Copy, Debug)]
pub(super) struct ReportFiles<'a> {
    /// The JSON report (`-`: standard output).
    pub json: Option<&'a Path>,
    /// The JUnit XML report (`-`: standard output).
    pub junit: Option<&'a Path>,
    /// Overwrite them even through a symbolic link.
    pub force: bool,
}

impl ReportFiles<'_> {
    /// A usage error when `--json` and `--junit` name one destination: on standard output
    /// the two reports would run together (neither parses), in one file the second would
    /// replace the first. Checked before a campaign runs or a merge reads anything.
    pub(super) fn distinct(&self) -> miette::Result<()> {
        let (Some(json), Some(junit)) = (self.json, self.junit) else {
            return Ok(());
        };
        let same = json == junit
            || std::path::absolute(json).ok() == std::path::absolute(junit).ok()
            || matches!(
                (json.canonicalize(), junit.canonicalize()),
                (Ok(a), Ok(b)) if a == b
            );
        if same {
            miette::bail!(
                code = "cli::same_report_file",
                help = "write at most one report to standard output (`-`), the other to a file",
                "--json and --junit both name {}: the two reports would overwrite or run into \
                 each other",
                match json.as_os_str() == "-" {
                    true => "standard output".to_string(),
                    false => json.display().to_string(),
                }
            );
        }
        Ok(())
    }
}

/// The report files `check`'s flags name.
fn reports_of(args: &CheckArgs) -> ReportFiles<'_> {
    ReportFiles {
        json: args.json.as_deref(),
        junit: args.junit.as_deref(),
        force: args.force,
    }
}

/// Writes the reports and the summary, and turns the verdict into an exit status; `inputs`
/// are the files read (never overwritten).
pub(super) fn finish(
    files: ReportFiles<'_>,
    report: &CheckReport,
    inputs: &[&Path],
) -> miette::Result<Outcome> {
    let rules = WriteRules {
        force: files.force,
        inputs,
    };
    if let Some(path) = files.json {
        write_output(Some(path), &report.to_json(), rules)?;
    }
    if let Some(path) = files.junit {
        write_output(Some(path), &report.to_junit_xml(), rules)?;
    }
    // A report written to standard output must stay valid JSON/XML: the summary goes to
    // standard error then.
    let report_on_stdout = files
        .json
        .into_iter()
        .chain(files.junit)
        .any(|p| p.as_os_str() == "-");
    let summary = painted(&report.summary());
    match report_on_stdout {
        true => eprint!("{summary}"),
        false => crate::out!("{summary}"),
    }
    Ok(match (report.interrupted, report.passed()) {
        (true, _) => Outcome::Unknown,
        (false, true) => Outcome::Done,
        (false, false) => Outcome::CheckFailed,
    })
}

/// The summary with its verdict words coloured (`--color`; unchanged when colour is off).
fn painted(summary: &str) -> String {
    if !ui::color() {
        return summary.to_string();
    }
    summary
        .replace(
            "  PASS  ",
            &format!("  {}  ", ui::paint("PASS", Tone::Good)),
        )
        .replace("  FAIL  ", &format!("  {}  ", ui::paint("FAIL", Tone::Bad)))
        .replace(
            "check passed",
            &format!("check {}", ui::paint("passed", Tone::Good)),
        )
        .replace(
            "check FAILED",
            &format!("check {}", ui::paint("FAILED", Tone::Bad)),
        )
}

/// The memory budget of each solver call: `--memory`, or half the available memory capped
/// at [`check::DEFAULT_MEMORY_CAP`].
fn memory_bytes(args: &CheckArgs) -> usize {
    args.memory.bytes()
}

/// The reduction of `--reduction-cmd`.
fn command_reduction(
    args: &CheckCommandArgs,
    cmd: &str,
    memory: usize,
) -> miette::Result<&'static dyn Reduction> {
    let kind = |flag: &str, name: &Option<String>| {
        let name = name.as_deref().unwrap_or_default();
        ProblemKind::from_name(name)
            .or_else(|| ProblemKind::from_name(&name.replace('_', "-")))
            .filter(|k| *k != ProblemKind::OtherGame)
            .ok_or_else(|| {
                let known: Vec<&str> = ProblemKind::ALL
                    .iter()
                    .filter(|k| **k != ProblemKind::OtherGame)
                    .map(|k| k.name())
                    .collect();
                miette::miette!(
                    code = "cli::bad_kind",
                    "--{flag} {name}: unknown kind; known: {}",
                    known.join(", ")
                )
            })
    };
    let (from, to) = (kind("from", &args.from)?, kind("to", &args.to)?);
    if cmd.trim().is_empty() {
        miette::bail!(code = "cli::bad_check", "--reduction-cmd is empty");
    }
    let mut spec = CommandSpec::new(cmd, from, to);
    if let Some(id) = &args.id {
        spec.id = id.clone();
    }
    spec.yes_winner = match args.yes_winner {
        YesWinner::First => Winner::First,
        YesWinner::Second => Winner::Second,
    };
    spec.io = match args.io {
        CommandIoArg::Json => CommandIo::Json,
        CommandIoArg::Dsl => CommandIo::Dsl,
    };
    spec.forward = args.forward_cmd.clone();
    spec.backward = args.backward_cmd.clone();
    spec.timeout = match args.case_timeout {
        0.0 => Duration::from_secs(u64::from(u32::MAX)),
        t => Duration::from_secs_f64(t),
    };
    spec.max_output = spec.max_output.min(memory / 4).max(1 << 16);
    Ok(CommandReduction::new(spec).leak())
}

/// Warns about given instances that no selected reduction reads.
fn warn_unread(given: &[check::GivenCase], reductions: &[&'static dyn Reduction]) {
    let unread: Vec<&str> = given
        .iter()
        .filter(|g| {
            let kind = ProblemKind::of(&g.instance);
            !reductions.iter().any(|r| r.info().source == kind)
        })
        .map(|g| g.name.as_str())
        .collect();
    if !unread.is_empty() {
        eprintln!(
            "warning: no selected reduction reads {} given instance(s): {}",
            unread.len(),
            unread.join(", ")
        );
    }
}

/// A flag that SIGINT and SIGTERM set; the campaign stops after the current case. A second
/// signal while the reports are written is left to the same flag (the reports are written
/// with a rename, so a kill by SIGKILL never leaves a half-written one).
fn interrupt_flag() -> miette::Result<Arc<AtomicBool>> {
    let flag = Arc::new(AtomicBool::new(false));
    super::super::input::signals_handled_by_command();
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
