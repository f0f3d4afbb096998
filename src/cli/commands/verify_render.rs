//! Rendering `verify`'s findings as text and as JSON (one shape for match, mismatch and
//! unknown, documented in docs/cli.md).

use super::super::Outcome;
use super::super::output::{
    decided_by, game_stats_words, solution_stats_words, stats_json, stats_words, winner_name,
};
use super::super::ui::{Tone, paint};
use super::certify::SelfChecked;
use super::verify::Findings;
use super::verify_certify::CertReport;
use crate::problems::{Instance, SourceQuestion};
use crate::reductions::{ProblemKind, Reduction};
use crate::solvers::Stats;
use crate::solvers::dispatch::Solution;
use crate::verify::step::{Evidence, StepReport, StepVerdict, size_of};
use serde_json::{Value, json};

/// A rendered report and its exit outcome.
pub(super) struct Rendered {
    /// The text report.
    pub text: String,
    /// The JSON report.
    pub json: Value,
    /// The exit outcome.
    pub outcome: Outcome,
}

impl Rendered {
    /// Appends `--self-check`'s results.
    pub fn add_self_check(&mut self, checked: &[SelfChecked]) {
        self.json["self_check"] = Value::Array(checked.iter().map(|c| c.json()).collect());
        for (j, c) in checked.iter().enumerate() {
            let which = match j {
                0 => "source".to_string(),
                j => format!("step {j}"),
            };
            self.text += &format!("self-check ({which}): {}\n", c.summary());
        }
    }

    /// Appends `--certify`'s four certificates per step.
    pub fn add_certificates(&mut self, c: CertReport) {
        self.json["certificates"] = c.json;
        self.text += &c.text;
        if !c.ok {
            self.text += &format!(
                "result:  {} (a certificate failed)\n",
                paint("MISMATCH", Tone::Bad)
            );
            self.json["result"] = json!("mismatch");
            self.json["match"] = json!(false);
            self.outcome = Outcome::CheckFailed;
        } else if c.unknown && matches!(self.outcome, Outcome::Done) {
            self.outcome = Outcome::Unknown;
        }
    }

    /// `--certify` needs every instance solved: say that it did not run.
    pub fn note_certify_skipped(&mut self) {
        self.json["certificates"] = Value::Null;
        self.text += "certificates: not carried (--certify needs every instance searched)\n";
        if matches!(self.outcome, Outcome::Done) {
            self.outcome = Outcome::Unknown;
        }
    }
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// How an instance is described (`qbf (3 variables, 2 clauses)`, `DVG`, …).
pub(super) fn describe(i: &Instance) -> String {
    match i {
        Instance::Qbf(q) => format!(
            "qbf ({} variables, {} clauses)",
            q.num_vars(),
            q.clauses.len()
        ),
        Instance::Geography(g) => g.variant_name(),
        // The CLI's kind name (`vertex-cover`, as `list` and `--to` write it).
        other => format!(
            "{} ({} vertices)",
            ProblemKind::of(other).name(),
            size_of(other).0
        ),
    }
}

/// The whole report.
pub(super) fn render(f: &Findings) -> Rendered {
    let mut text = match &f.source {
        Ok(s) => {
            let answer = match s.winner() {
                Some(w) => format!("winner: {}", winner_name(w)),
                None => format!("answer: {}", yes_no(s.yes())),
            };
            format!(
                "source:  {:<34} {answer:<14} ({})\n",
                describe(f.instances[0]),
                solution_stats_words(s)
            )
        }
        Err(why) => format!("source:  {}: unknown ({why})\n", describe(f.instances[0])),
    };
    if let Some((c, millis)) = &f.source_certificate {
        let fate = millis.map_or_else(|| c.text(), |m| c.text_timed(m));
        text += &format!("         source certificate: {fate}\n");
    }
    let mut steps = Vec::new();
    for (j, rep) in f.reports.iter().enumerate() {
        let (r, tgt) = (f.steps[j], f.instances[j + 1]);
        let known = Known {
            answer: f.answer_known.get(j).copied().unwrap_or(true),
            winner: f.established.get(j).copied().flatten(),
            source_stats: step_source_stats(f, j),
            target_stats: f.target_stats.get(j).copied().flatten(),
            own_stats: f.own_stats.get(j).copied().flatten(),
        };
        text += &step_text(j, r, tgt, rep, known);
        steps.push(step_json(r, tgt, rep, known));
    }
    let verdicts: Vec<StepVerdict> = f.reports.iter().map(StepReport::verdict).collect();
    let mismatch = verdicts
        .iter()
        .any(|v| matches!(v, StepVerdict::Mismatch(_)));
    let unknown = f.source.is_err()
        || verdicts
            .iter()
            .any(|v| matches!(v, StepVerdict::Unknown(_)));
    let by_certificate = f.reports.iter().any(|r| {
        matches!(
            r.evidence,
            Evidence::Certificate { .. } | Evidence::Rejected(_)
        )
    });
    let by_search = (f.reports.iter()).any(|r| matches!(r.evidence, Evidence::Search { .. }));
    // Which method established the steps' winners: `null` in JSON when none was established.
    let by = match (by_certificate, by_search) {
        (true, _) => Some("certificate"),
        (false, true) => Some("search"),
        (false, false) => None,
    };
    let (result, outcome) = match (mismatch, unknown) {
        (true, _) => ("mismatch", Outcome::CheckFailed),
        (false, true) => ("unknown", Outcome::Unknown),
        (false, false) => ("match", Outcome::Done),
    };
    let reason = match (&f.source, verdicts.iter().find_map(unknown_reason)) {
        (Err(unsolved), _) => Some(unsolved.why.clone()),
        (_, Some(why)) => Some(why),
        _ => None,
    };
    text += &match result {
        "match" => format!(
            "result:  {} (by {})\n",
            paint("MATCH", Tone::Good),
            by.unwrap_or("search")
        ),
        "mismatch" => format!("result:  {}\n", paint("MISMATCH", Tone::Bad)),
        _ => format!(
            "result:  {} ({})\n         raise --timeout / --max-nodes, or pick a smaller instance\n",
            paint("unknown", Tone::Unsure),
            reason.clone().unwrap_or_default()
        ),
    };
    let last = f.reports.last().and_then(|r| r.evidence.winner());
    let (n, m) = size_of(f.instances[f.instances.len() - 1]);
    let source = f.source.as_ref().ok();
    let source_stats = match &f.source {
        Ok(s) => Some(s.stats()),
        Err(unsolved) => unsolved.stats,
    };
    let json = json!({
        "result": result,
        "match": match result { "match" => json!(true), "mismatch" => json!(false), _ => Value::Null },
        "by": by,
        "reason": reason,
        "source": describe(f.instances[0]),
        "source_answer": source.map(|s| yes_no(s.yes())),
        "source_stats": source_stats.map(stats_json),
        "source_decided_by": match source {
            Some(Solution::Game(g)) => json!(decided_by(g.method, &g.stats).as_str()),
            _ => Value::Null,
        },
        "source_certificate": f.source_certificate.as_ref().map(|(c, millis)| match millis {
            Some(m) => c.json_timed(*m),
            None => c.json(),
        }),
        "target_winner": last.map(winner_name),
        "via": f.steps.iter().map(|r| r.info().id).collect::<Vec<_>>(),
        "target_vertices": n, "target_edges": m,
        "steps": steps,
        "self_check": null,
        "certificates": null,
    });
    Rendered {
        text,
        json,
        outcome,
    }
}

fn unknown_reason(v: &StepVerdict) -> Option<String> {
    match v {
        StepVerdict::Unknown(why) => Some(why.clone()),
        _ => None,
    }
}

/// What is known of a step beyond its report: whether its source answer is, the winner
/// established on its target (also when the verdict is unknown for want of the answer), and
/// the statistics of the solves on either side.
#[derive(Clone, Copy)]
struct Known {
    answer: bool,
    winner: Option<crate::solvers::Winner>,
    /// The solve that gave the step's source answer: its own question's, else the source's
    /// (step 1) or the previous target's search (`None` where a certificate gave it).
    source_stats: Option<Stats>,
    /// The target's search, finished or stopped (`None` where it was not searched).
    target_stats: Option<Stats>,
    /// The solve of the step's own source question, where it has one.
    own_stats: Option<Stats>,
}

/// The statistics of the solve that gave step `j`'s source answer.
fn step_source_stats(f: &Findings, j: usize) -> Option<Stats> {
    if let Some(own) = f.own_stats.get(j).copied().flatten() {
        return Some(own);
    }
    match j {
        0 => match &f.source {
            Ok(s) => Some(s.stats()),
            Err(unsolved) => unsolved.stats,
        },
        _ => f.target_stats.get(j - 1).copied().flatten(),
    }
}

/// A step's lines of text.
fn step_text(j: usize, r: &dyn Reduction, tgt: &Instance, rep: &StepReport, k: Known) -> String {
    let info = r.info();
    let s = &rep.statics;
    let (n, m) = s.size;
    let structure = match (&s.kind, &s.valid, &s.claims) {
        (Err(e), _, _) | (_, Err(e), _) => format!("INVALID: {e}"),
        (_, _, Err(e)) => format!("FAILS: {e}"),
        _ => "ok".into(),
    };
    let mut text = format!(
        "step {}:  {} ({}) -> {}, {n} vertices, {m} edges (declared {}/{}: {}), structure: {structure}\n",
        j + 1,
        info.id,
        info.theorem,
        describe(tgt),
        s.declared.0,
        s.declared.1,
        if s.declared == s.size { "ok" } else { "WRONG" },
    );
    if asks_own_question(r) {
        // Answered, or stopped by the budget (then with the statistics at the stop).
        let answer = match (rep.own_question, k.own_stats) {
            (true, Some(s)) => format!("answer {} ({})", yes_no(rep.source_yes), stats_words(s)),
            (true, None) => format!("answer {}", yes_no(rep.source_yes)),
            (false, Some(s)) => format!("unknown (budget exhausted after {})", stats_words(s)),
            (false, None) => "unknown".to_string(),
        };
        text += &format!(
            "         {} decides its own source question (see `georeduce list`): {answer}\n",
            info.id,
        );
    }
    let verdict = match rep.verdict() {
        StepVerdict::Match => match rep.evidence {
            Evidence::Certificate { positions, .. } => {
                format!("MATCH (certified: strategy of {positions} positions checked)")
            }
            _ => "MATCH".into(),
        },
        StepVerdict::Mismatch(f) => format!("MISMATCH ({}: {})", f.kind.name(), f.detail),
        StepVerdict::Unknown(_) => "unknown".into(),
    };
    let how = match &rep.evidence {
        Evidence::Search { stats, method, .. } => format!("({})", game_stats_words(method, *stats)),
        Evidence::Certificate { millis, .. } => {
            format!("(by certificate, mapped and checked in {millis:.3} ms)")
        }
        Evidence::Rejected(why) => format!("(certificate rejected: {why})"),
        Evidence::Unknown(why) => format!("({why})"),
    };
    let expected = match k.answer {
        true => format!(
            "expected {} from the source answer",
            winner_name(rep.expected)
        ),
        false => "source answer unknown".to_string(),
    };
    text += &format!(
        "         winner: {} ({expected}) {how}  {}\n",
        k.winner.map(winner_name).unwrap_or("-"),
        paint_verdict(&verdict),
    );
    text
}

/// Whether step `r` decides another question than its source kind's standard one
/// ([`Reduction::source_question`]; Trail Trap Thm 18's long trail).
fn asks_own_question(r: &dyn Reduction) -> bool {
    r.source_question() != SourceQuestion::Standard
}

/// A verdict with its first word coloured (MATCH green, MISMATCH red, unknown yellow).
fn paint_verdict(verdict: &str) -> String {
    let (word, rest) = verdict.split_at(verdict.find(' ').unwrap_or(verdict.len()));
    let tone = match word {
        "MATCH" => Tone::Good,
        "MISMATCH" => Tone::Bad,
        _ => Tone::Unsure,
    };
    format!("{}{rest}", paint(word, tone))
}

/// A step's JSON object.
fn step_json(r: &dyn Reduction, tgt: &Instance, rep: &StepReport, k: Known) -> Value {
    let s = &rep.statics;
    let verdict = rep.verdict();
    let (stats, positions, certificate_stats) = match &rep.evidence {
        Evidence::Search { stats, .. } => (stats_json(*stats), Value::Null, Value::Null),
        Evidence::Certificate {
            positions, millis, ..
        } => {
            let millis = (millis * 1000.0).round() / 1000.0;
            (
                json!({ "millis": millis }),
                json!(positions),
                json!({ "positions": positions, "millis": millis }),
            )
        }
        // Unknown: what the target's search did before it stopped, if it ran.
        _ => (
            k.target_stats.map_or(Value::Null, stats_json),
            Value::Null,
            Value::Null,
        ),
    };
    json!({
        "reduction": r.info().id,
        "source_answer": k.answer.then(|| yes_no(rep.source_yes)),
        "own_question": asks_own_question(r),
        "target": describe(tgt),
        "vertices": s.size.0, "edges": s.size.1,
        "declared_vertices": s.declared.0, "declared_edges": s.declared.1,
        "target_kind": s.kind.as_ref().err(),
        "valid": s.valid.as_ref().err(),
        "structure": s.claims.as_ref().err(),
        "winner": k.winner.map(winner_name),
        "expected_winner": k.answer.then(|| winner_name(rep.expected)),
        "by": rep.evidence.by(),
        "decided_by": match &rep.evidence {
            Evidence::Search { stats, method, .. } => json!(decided_by(method, stats).as_str()),
            _ => Value::Null,
        },
        "certificate_positions": positions,
        "certificate_stats": certificate_stats,
        "stats": stats,
        "source_stats": k.source_stats.map(stats_json),
        "target_stats": k.target_stats.map(stats_json),
        "result": match &verdict {
            StepVerdict::Match => "match",
            StepVerdict::Mismatch(_) => "mismatch",
            StepVerdict::Unknown(_) => "unknown",
        },
        "match": match &verdict {
            StepVerdict::Match => json!(true),
            StepVerdict::Mismatch(_) => json!(false),
            StepVerdict::Unknown(_) => Value::Null,
        },
        "failure": match &verdict {
            StepVerdict::Mismatch(f) => json!({ "kind": f.kind.name(), "detail": f.detail }),
            _ => Value::Null,
        },
        "reason": match &verdict { StepVerdict::Unknown(w) => json!(w), _ => Value::Null },
    })
}
