//! JUnit XML for CI: one `<testsuite>` per reduction, one `<testcase>` per size class plus
//! one for the YES/NO coverage of the sample, and under `--certify` one for the certificates
//! carried across the reduction (counts per role; it fails when none was accepted; a rejected
//! certificate fails its size class like any other failure). A failing size class carries its minimal counterexample in the `<failure>`
//! body. Each size class's `<system-out>` gives its counts and the search nodes of its source
//! and target solves (and of the solves a budget stopped); times are in the `time`
//! attributes. The XML is written by hand; [`escape`] covers the five predefined entities and drops
//! the control characters that XML 1.0 cannot represent.

use super::report::{CertifyStatus, CheckReport, ClassReport, Counterexample, ReductionReport};
use std::fmt::Write as _;

/// Escapes text for an XML attribute value or element body.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

/// Renders the whole report.
pub fn render(report: &CheckReport) -> String {
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let certified = report.certify == CertifyStatus::Checked;
    let (mut tests, mut failures) = report.reductions.iter().fold((0, 0), |(t, f), r| {
        (t + cases(r, certified), f + failing_cases(r, certified))
    });
    // An interrupted run is one more failing test case, so that CI shows it as incomplete.
    let interrupted = usize::from(report.interrupted);
    tests += interrupted;
    failures += interrupted;
    let _ = writeln!(
        s,
        "<testsuites name=\"georeduce check\" tests=\"{tests}\" failures=\"{failures}\" \
         time=\"{:.3}\">",
        report.millis / 1000.0
    );
    for r in &report.reductions {
        suite(&mut s, report, r);
    }
    if report.interrupted {
        s.push_str(
            "  <testsuite name=\"interrupted\" tests=\"1\" failures=\"1\">\n    <testcase \
             name=\"campaign\" classname=\"interrupted\">\n      <failure message=\"interrupted \
             by a signal before every case ran\"/>\n    </testcase>\n  </testsuite>\n",
        );
    }
    s.push_str("</testsuites>\n");
    s
}

/// Number of test cases of `r`: its classes, the coverage case, and the certificate case.
fn cases(r: &ReductionReport, certified: bool) -> usize {
    r.classes.len() + 1 + usize::from(certified)
}

/// Number of failing test cases of `r`: failing classes, the coverage case, the certificate
/// case.
fn failing_cases(r: &ReductionReport, certified: bool) -> usize {
    let t = r.total();
    r.classes.iter().filter(|c| c.failures > 0).count()
        + usize::from(t.yes == 0 || t.no == 0)
        + usize::from(certified && r.nothing_certified())
}

fn suite(s: &mut String, report: &CheckReport, r: &ReductionReport) {
    let t = r.total();
    let certified = report.certify == CertifyStatus::Checked;
    let _ = writeln!(
        s,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" time=\"{:.3}\">",
        escape(&r.id),
        cases(r, certified),
        failing_cases(r, certified),
        t.millis / 1000.0
    );
    let _ = writeln!(
        s,
        "    <properties><property name=\"seed\" value=\"{}\"/><property name=\"provenance\" \
         value=\"{}\"/></properties>",
        report.seed,
        escape(&r.provenance)
    );
    for c in &r.classes {
        class_case(s, r, c);
    }
    let name = format!("{}: sample has YES and NO instances", r.id);
    let body = format!("YES {}, NO {}", t.yes, t.no);
    let _ = write!(
        s,
        "    <testcase classname=\"georeduce.check.{}\" name=\"{}\">",
        escape(&r.id),
        escape(&name)
    );
    if t.yes == 0 || t.no == 0 {
        let _ = write!(
            s,
            "<failure message=\"one side of the sample is empty\">{}</failure>",
            escape(&body)
        );
    }
    let _ = writeln!(s, "<system-out>{}</system-out></testcase>", escape(&body));
    if certified {
        certificate_case(s, r);
    }
    s.push_str("  </testsuite>\n");
}

/// The `--certify` test case of `r`: counts per role; fails when nothing was accepted.
fn certificate_case(s: &mut String, r: &ReductionReport) {
    let counts = r.total().certificates;
    let name = format!("{}: certificates across the reduction", r.id);
    let _ = write!(
        s,
        "    <testcase classname=\"georeduce.check.{}\" name=\"{}\">",
        escape(&r.id),
        escape(&name)
    );
    if r.nothing_certified() {
        s.push_str("<failure message=\"no certificate was accepted\"/>");
    }
    let _ = writeln!(
        s,
        "<system-out>{}</system-out></testcase>",
        escape(&counts.describe())
    );
}

/// One `<testcase>` for a size class, with a `<failure>` per counterexample found in it.
fn class_case(s: &mut String, r: &ReductionReport, c: &ClassReport) {
    let name = format!("{} size {}", r.id, c.size);
    let _ = write!(
        s,
        "    <testcase classname=\"georeduce.check.{}\" name=\"{}\" time=\"{:.3}\">",
        escape(&r.id),
        escape(&name),
        c.millis / 1000.0
    );
    if c.failures > 0 {
        failure(s, r, c);
    } else if c.cases > 0 && c.cases == c.skipped_budget + c.skipped_precondition {
        s.push_str("<skipped message=\"every case was skipped (budget or precondition)\"/>");
    }
    let mut out = format!(
        "cases {}, YES {}, NO {}, skipped {} budget, {} precondition ({} redraws); \
         solves: source {} ({} nodes), target {} ({} nodes)",
        c.cases,
        c.yes,
        c.no,
        c.skipped_budget,
        c.skipped_precondition,
        c.precondition_redraws,
        c.source_solves.solves,
        c.source_solves.nodes,
        c.target_solves.solves,
        c.target_solves.nodes,
    );
    let stops = &c.budget_stops;
    if stops.source + stops.target > 0 {
        let _ = write!(
            out,
            "; budget ran out in {} source and {} target solve(s), after {} nodes",
            stops.source, stops.target, stops.nodes
        );
    }
    let by_certificate = &c.targets_by_certificate;
    if by_certificate.cases > 0 {
        let _ = write!(
            out,
            "; {} target(s) decided by certificate ({} positions checked)",
            by_certificate.cases, by_certificate.positions
        );
    }
    let _ = writeln!(s, "<system-out>{}</system-out></testcase>", escape(&out));
}

/// The `<failure>` of a failing class. Only the first failure of each kind is shrunk; a class
/// whose failures were not the first shows the reduction's minimal counterexamples, which
/// came from another class.
fn failure(s: &mut String, r: &ReductionReport, c: &ClassReport) {
    let here: Vec<&Counterexample> = r
        .counterexamples
        .iter()
        .filter(|x| x.size_class == c.size)
        .collect();
    let shown = if here.is_empty() {
        r.counterexamples.iter().collect()
    } else {
        here
    };
    let mut body = String::new();
    for x in &shown {
        let _ = write!(
            body,
            "{} ({}), shrunk from case {} (size {}):\n{}\n",
            x.kind.name(),
            x.detail,
            x.case_index,
            x.size_class,
            x.dsl
        );
    }
    let _ = write!(
        s,
        "<failure message=\"{} failing case(s)\" type=\"{}\">{}</failure>",
        c.failures,
        shown.first().map_or("failure", |x| x.kind.name()),
        escape(&body)
    );
}
