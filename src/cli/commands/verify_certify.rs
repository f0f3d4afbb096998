//! `georeduce verify … --certify`: certificates across every step of the chain.
//!
//! For each step (source → target) it certifies the source's answer and checks the
//! certificate, maps it **forward** with the reduction's [`Reduction::forward`] and checks the
//! result on the target; then certifies the target's answer, maps it **backward** with
//! [`Reduction::backward`] and checks the result on the source. A map the paper's proof does
//! not make constructive is reported as such (not a failure); a mapped certificate that the
//! checker rejects, or that proves another answer, is a failure (exit 1), like a mismatch.

use super::super::args::BudgetArgs;
use super::budget;
use crate::certify::{self, Certificate, CheckError, Claim};
use crate::problems::Instance;
use crate::reductions::{CertMapError, Reduction};
use crate::solvers::SolveError;
use crate::solvers::certificates::{GameCertificate, certify_solution, claim_text, expected_claim};
use crate::solvers::dispatch::Solution;
use serde_json::{Value, json};

/// The certificate part of the report.
pub(super) struct CertReport {
    /// No certificate was rejected or mapped wrongly.
    pub ok: bool,
    /// A budget or a checker limit stopped some step (no verdict there).
    pub unknown: bool,
    /// Lines for the text report.
    pub text: String,
    /// One JSON object per step.
    pub json: Value,
}

/// How one certificate fared.
enum Fate {
    /// Built (or mapped) and accepted by the checker, proving `claim`.
    Accepted {
        kind: &'static str,
        claim: Claim,
        work: u64,
    },
    /// Nothing to build: a NO answer of an NP problem.
    NoCertificate,
    /// The reduction's proof gives no constructive map here.
    NotConstructive(String),
    /// Budget or checker limits: no verdict.
    Unknown(String),
    /// Rejected, wrong claim, or a map that failed on a valid certificate.
    Failed(String),
}

impl Fate {
    fn text(&self) -> String {
        match self {
            Fate::Accepted { kind, claim, work } => {
                format!(
                    "{kind}, accepted: {} ({work} items checked)",
                    claim_text(claim)
                )
            }
            Fate::NoCertificate => "none (a NO answer of an NP problem has no certificate)".into(),
            Fate::NotConstructive(why) => format!("not constructive: {why}"),
            Fate::Unknown(why) => format!("unknown: {why}"),
            Fate::Failed(why) => format!("FAILED: {why}"),
        }
    }

    fn json(&self) -> Value {
        match self {
            Fate::Accepted { kind, claim, work } => json!({
                "status": "accepted", "certificate": kind, "claim": claim_text(claim), "work": work
            }),
            Fate::NoCertificate => json!({ "status": "no_certificate" }),
            Fate::NotConstructive(why) => json!({ "status": "not_constructive", "reason": why }),
            Fate::Unknown(why) => json!({ "status": "unknown", "reason": why }),
            Fate::Failed(why) => json!({ "status": "failed", "error": why }),
        }
    }
}

/// Checks `cert` on `inst` and compares its claim with `expected` (when known).
fn judge(inst: &Instance, cert: &Certificate, expected: Option<Claim>) -> Fate {
    match certify::check(inst, cert) {
        Ok(v) if expected.is_none_or(|c| c == v.claim) => Fate::Accepted {
            kind: cert.body.kind(),
            claim: v.claim,
            work: v.work,
        },
        Ok(v) => Fate::Failed(format!(
            "the certificate proves that {}, but the solver says {}",
            claim_text(&v.claim),
            expected.map_or("-".into(), |c| claim_text(&c))
        )),
        Err(e @ CheckError::TooLarge { .. }) => Fate::Unknown(e.to_string()),
        Err(e) => Fate::Failed(format!("rejected: {e}")),
    }
}

/// Certifies `solution` of `inst` (games: a winning strategy when `strategy`).
fn build(
    inst: &Instance,
    solution: &Solution,
    strategy: bool,
    budget_args: &BudgetArgs,
) -> miette::Result<Result<Option<Certificate>, Fate>> {
    let style = match strategy {
        true => GameCertificate::Strategy,
        false => GameCertificate::Auto,
    };
    Ok(
        match certify_solution(inst, solution, &budget(budget_args)?, style) {
            Ok(c) => Ok(c),
            Err(SolveError::Budget(b)) => Err(Fate::Unknown(format!(
                "budget exhausted after {} nodes while certifying",
                b.nodes
            ))),
            Err(e) => Err(Fate::Unknown(e.to_string())),
        },
    )
}

/// The fate of a mapped certificate.
fn mapped(
    result: Result<Certificate, CertMapError>,
    on: &Instance,
    expected: Option<Claim>,
) -> Fate {
    match result {
        Ok(c) => judge(on, &c, expected),
        Err(CertMapError::NotConstructive(why)) => Fate::NotConstructive(why),
        Err(CertMapError::Check(e @ CheckError::TooLarge { .. })) => Fate::Unknown(e.to_string()),
        Err(e) => Fate::Failed(e.to_string()),
    }
}

/// One step: the source certificate and its forward image, the target certificate and its
/// backward image.
fn step(
    r: &dyn Reduction,
    (src, tgt): (&Instance, &Instance),
    (src_sol, tgt_sol): (&Solution, &Solution),
    budget_args: &BudgetArgs,
) -> miette::Result<[Fate; 4]> {
    let (src_claim, tgt_claim) = (expected_claim(src_sol), expected_claim(tgt_sol));
    let (source, forward) = match build(src, src_sol, false, budget_args)? {
        Ok(Some(c)) => match judge(src, &c, src_claim) {
            ok @ Fate::Accepted { .. } => (ok, mapped(r.forward(src, tgt, &c), tgt, tgt_claim)),
            bad => (bad, Fate::Unknown("no valid source certificate".into())),
        },
        Ok(None) => (Fate::NoCertificate, Fate::NoCertificate),
        Err(f) => (f, Fate::Unknown("no source certificate".into())),
    };
    let (target, backward) = match build(tgt, tgt_sol, true, budget_args)? {
        Ok(Some(c)) => match judge(tgt, &c, tgt_claim) {
            ok @ Fate::Accepted { .. } => {
                // A reduction that decides another question than its source kind's standard
                // one: the source claim is what the mapped certificate itself proves.
                let want = if r.source_answer(src, &budget(budget_args)?).is_some() {
                    None
                } else {
                    src_claim
                };
                (ok, mapped(r.backward(src, tgt, &c), src, want))
            }
            bad => (bad, Fate::Unknown("no valid target certificate".into())),
        },
        Ok(None) => (Fate::NoCertificate, Fate::NoCertificate),
        Err(f) => (f, Fate::Unknown("no target certificate".into())),
    };
    Ok([source, forward, target, backward])
}

/// Runs every step; `instances[j]` and `solutions[j]` are step j's source, `[j + 1]` its
/// target.
pub(super) fn run(
    steps: &[&dyn Reduction],
    instances: &[&Instance],
    solutions: &[Solution],
    budget_args: &BudgetArgs,
) -> miette::Result<CertReport> {
    let mut report = CertReport {
        ok: true,
        unknown: false,
        text: String::new(),
        json: Value::Array(Vec::new()),
    };
    let mut all = Vec::new();
    for (j, r) in steps.iter().enumerate() {
        let pair = (instances[j], instances[j + 1]);
        let fates = step(*r, pair, (&solutions[j], &solutions[j + 1]), budget_args)?;
        report.text += &format!("certificates, step {} ({}):\n", j + 1, r.info().id);
        let names = ["source", "forward", "target", "backward"];
        let mut obj = serde_json::Map::new();
        obj.insert("reduction".into(), json!(r.info().id));
        for (name, fate) in names.iter().zip(&fates) {
            report.ok &= !matches!(fate, Fate::Failed(_));
            report.unknown |= matches!(fate, Fate::Unknown(_));
            report.text += &format!("  {name:<9} {}\n", fate.text());
            obj.insert((*name).into(), fate.json());
        }
        all.push(Value::Object(obj));
    }
    report.json = Value::Array(all);
    Ok(report)
}
