//! The plain-text summary of a campaign: one line per reduction, then every counterexample
//! in the DSL. This is what `georeduce check` prints at the end of a run. Under `--certify`
//! each reduction also gets a line of certificate counts per role.

use super::report::{CertifyStatus, CheckReport, Counterexample, ReductionReport};
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
