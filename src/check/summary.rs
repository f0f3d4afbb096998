//! The plain-text summary of a campaign: one line per reduction, then every counterexample
//! in the DSL. This is what `georeduce check` prints at the end of a run. Each reduction also
//! gets a line of solve statistics (nodes and time of the source and target solves, its
//! slowest case), one for its budget skips with what the stopped solves had done, and under
//! `--certify` one of certificate counts per role; the campaign's totals (over several
//! reductions) and its slowest case with its statistics close the summary.

use super::report::{
    BudgetStops, CertifiedTargets, CertifyStatus, CheckReport, ClassReport, Counterexample,
    ReductionReport, SlowestCase, SolveTotals, bytes_words,
};
use std::fmt::Write as _;

/// Renders `report` as text.
pub fn render(report: &CheckReport) -> String {
    let mut s = String::new();
    let shard = report
        .shard
        .map(|(i, k)| format!(", shard {i}/{k}"))
        .unwrap_or_default();
    let _ = writeln!(
        s,
        "georeduce check: seed {}, {} cases per reduction, sizes 1..={}{shard}",
        report.seed, report.cases, report.max_size
    );
    let width = report
        .reductions
        .iter()
        .map(|r| r.id.len())
        .max()
        .unwrap_or(0);
    let certified = report.certify == CertifyStatus::Checked;
    for r in &report.reductions {
        reduction_lines(&mut s, r, width, certified);
    }
    for c in report.counterexamples() {
        counterexample(&mut s, c);
    }
    campaign_stats(&mut s, report);
    if report.interrupted {
        let _ = writeln!(s, "INTERRUPTED: the counts above cover only the cases done");
    }
    let verdict = if report.passed() { "passed" } else { "FAILED" };
    let _ = writeln!(s, "check {verdict} in {:.1}s", report.millis / 1000.0);
    s
}

/// One line of counts for `r`, then its problems and notes, indented.
fn reduction_lines(s: &mut String, r: &ReductionReport, width: usize, certified: bool) {
    let t = r.total();
    let verdict = if r.passed() { "PASS" } else { "FAIL" };
    let printed = if r.as_printed {
        " (as printed in the paper)"
    } else {
        ""
    };
    let _ = writeln!(
        s,
        "  {:width$}  {verdict}  cases {:>5}  YES {:>5}  NO {:>5}  \
         failures {:>4}  skipped {} budget, {} precondition  {:.1}s{printed}",
        r.id,
        t.cases,
        t.yes,
        t.no,
        t.failures,
        t.skipped_budget,
        t.skipped_precondition,
        t.millis / 1000.0,
    );
    let _ = writeln!(s, "  {:width$}    solves: {}", "", solves_words(&t, r));
    if t.budget_stops.total() > 0 {
        let _ = writeln!(
            s,
            "  {:width$}    budget skips: {}",
            "",
            budget_words(&t.budget_stops)
        );
    }
    if t.targets_by_certificate.cases > 0 {
        let _ = writeln!(
            s,
            "  {:width$}    targets by certificate: {}",
            "",
            certified_words(&t.targets_by_certificate)
        );
    }
    if certified {
        let _ = writeln!(
            s,
            "  {:width$}    certificates: {}",
            "",
            t.certificates.describe()
        );
    }
    for p in r.problems() {
        let _ = writeln!(s, "  {:width$}    - {p}", "");
    }
    for n in &r.notes {
        let _ = writeln!(s, "  {:width$}    note: {n}", "");
    }
}

/// A minimal counterexample: what fails, where it came from, where it was saved, the DSL.
fn counterexample(s: &mut String, c: &Counterexample) {
    let limit = if c.shrink_hit_limit {
        ", stopped at the try limit"
    } else {
        ""
    };
    let from = match &c.given {
        Some(g) => format!("the given instance {g}"),
        None => format!(
            "case {} (size {}, {})",
            c.case_index, c.size_class, c.family
        ),
    };
    let _ = writeln!(
        s,
        "\nminimal counterexample for {} ({}): {}\n  from {from}, {} shrinking steps{limit}",
        c.reduction,
        c.kind.name(),
        c.detail,
        c.shrink_steps,
    );
    if let Some(p) = &c.path {
        let _ = writeln!(s, "  saved to {}", p.display());
    }
    if let Some(e) = &c.save_error {
        let _ = writeln!(s, "  could not save: {e}");
    }
    for line in c.dsl.lines() {
        let _ = writeln!(s, "    {line}");
    }
    // A degenerate minimum (no clause, start = end, k = 0, …) is shown with the smallest
    // counterexample a paper's reader accepts.
    match (&c.non_degenerate, c.degenerate) {
        (Some(nd), true) => {
            let from = match &nd.given {
                Some(g) => format!("the given instance {g}"),
                None => format!("case {} ({})", nd.case_index, nd.family),
            };
            let _ = writeln!(
                s,
                "  this one is degenerate; the smallest non-degenerate counterexample, from \
                 {from}: {}",
                nd.detail
            );
            if let Some(p) = &nd.path {
                let _ = writeln!(s, "  saved to {}", p.display());
            }
            for line in nd.dsl.lines() {
                let _ = writeln!(s, "    {line}");
            }
        }
        (None, true) => {
            let _ = writeln!(
                s,
                "  this one is degenerate, and no non-degenerate case failed this way"
            );
        }
        _ => {}
    }
}

/// Seconds with one decimal, as the summary's other times.
fn seconds(millis: f64) -> String {
    format!("{:.1}s", millis / 1000.0)
}

/// "source 500, 1234 nodes, 0.1s" for one side's solves.
fn side_words(name: &str, t: &SolveTotals) -> String {
    format!(
        "{name} {}, {} nodes, {}",
        t.solves,
        t.nodes,
        seconds(t.millis)
    )
}

/// The solves line of a reduction: both sides' totals and its slowest case.
fn solves_words(t: &ClassReport, r: &ReductionReport) -> String {
    let mut out = format!(
        "{}; {}",
        side_words("source", &t.source_solves),
        side_words("target", &t.target_solves)
    );
    if let Some(c) = &r.slowest_case {
        let _ = write!(out, "; slowest {} ({:.1} ms)", case_name(c), c.millis);
    }
    out
}

/// "case 17" or "given FILE".
fn case_name(c: &SlowestCase) -> String {
    match &c.given {
        Some(g) => format!("given {g}"),
        None => format!("case {}", c.case_index),
    }
}

/// The budget skips: how many on each side, and what the stopped solves had done.
fn budget_words(b: &BudgetStops) -> String {
    let mut parts = Vec::new();
    for (n, what) in [
        (b.source, "source"),
        (b.target, "target"),
        (b.refused, "refused by size"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {what}"));
        }
    }
    let mut out = format!("{} ({})", b.total(), parts.join(", "));
    if b.source + b.target > 0 {
        let _ = write!(
            out,
            "; stopped after {} nodes, {} in total, {} positions stored, largest peak table {}",
            b.nodes,
            seconds(b.millis),
            b.positions,
            bytes_words(b.peak_table_bytes)
        );
    }
    out
}

/// Targets decided by certificate after their search ran out.
fn certified_words(c: &CertifiedTargets) -> String {
    format!(
        "{} (search over budget; {} positions checked, {} mapping and checking)",
        c.cases,
        c.positions,
        seconds(c.millis)
    )
}

/// The campaign's solve totals and its slowest case with its statistics.
fn campaign_stats(s: &mut String, report: &CheckReport) {
    // One reduction's totals are already on its own `solves:` line.
    if report.reductions.len() > 1 {
        let mut total = ClassReport::default();
        for r in &report.reductions {
            total.absorb(&r.total());
        }
        let _ = writeln!(
            s,
            "solves: {}; {}",
            side_words("source", &total.source_solves),
            side_words("target", &total.target_solves)
        );
    }
    let Some((id, c)) = report.slowest_case() else {
        return;
    };
    let from = match &c.given {
        Some(g) => format!("on the given instance {g}"),
        None => format!("case {} (size {}, {})", c.case_index, c.size, c.family),
    };
    let _ = writeln!(
        s,
        "slowest case: {id} {from}, {}, {:.3} ms",
        c.outcome.replace('_', " "),
        c.millis
    );
    for (name, stats) in [("source", &c.source), ("target", &c.target)] {
        let Some(stats) = stats else { continue };
        let stopped = match c.stopped.map(|side| side.name()) {
            Some(side) if side == name => " (budget ran out)",
            _ => "",
        };
        let _ = writeln!(s, "  {name}: {stats}{stopped}");
    }
    if let Some(p) = c.certificate_positions {
        let _ = writeln!(s, "  target decided by certificate: {p} positions checked");
    }
}
