//! Throughput of `georeduce check` over every reduction (`--all`) at the default sizes, on
//! one core: verified cases per minute, where a verified case is one whose answers were
//! compared (YES or NO). Plain timing (no criterion): one campaign is
//! long enough to time by itself, and the output is what docs/performance.md records.
//!
//! `cargo bench --bench check_throughput -- [CASES] [SEED] [certify]` (defaults 500, 0, no
//! certificates); `certify` runs the campaign as `check --all --certify`.
//! Exits 1 if the campaign fails, so a bench run doubles as a smoke test.

use georeduce::check::{CheckConfig, progress::Lines, run_check, select};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    // `cargo bench` passes `--bench`; take the first two numeric arguments.
    let nums: Vec<u64> = std::env::args().filter_map(|a| a.parse().ok()).collect();
    let reductions = match select(&[], true) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut cfg = CheckConfig::new(reductions);
    cfg.cases = nums.first().map_or(cfg.cases, |&c| c as usize);
    cfg.seed = nums.get(1).copied().unwrap_or(0);
    cfg.certify = std::env::args().any(|a| a == "certify");
    let wall = Instant::now();
    let cpu = cpu_seconds();
    let report = run_check(&cfg, &Lines::new());
    let wall = wall.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu;
    print!("{}", report.summary());
    let verified: usize = report
        .reductions
        .iter()
        .map(|r| {
            let t = r.total();
            t.yes + t.no
        })
        .sum();
    let run: usize = report.reductions.iter().map(|r| r.total().cases).sum();
    let what = if cfg.certify { " (--certify)" } else { "" };
    println!(
        "throughput{what}: {run} cases, {verified} verified in {wall:.1} s wall, {cpu:.1} s CPU: \
         {:.0} verified cases per minute of CPU ({:.0} per minute of wall clock)",
        verified as f64 * 60.0 / cpu.max(1e-9),
        verified as f64 * 60.0 / wall.max(1e-9),
    );
    if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// CPU time of this process (user + system) in seconds, from /proc/self/stat (Linux); the
/// machine this runs on is shared, so wall-clock time overstates the cost. 0 elsewhere.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| f.get(i)?.parse::<f64>().ok())
        .sum();
    ticks / 100.0
}
