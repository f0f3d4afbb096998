//! `georeduce verify … --certify`: certificates across every step of the chain.
//!
//! Each step runs [`round_trip::carry`]: the source certificate and its forward image, the
//! target certificate and its backward image, each checked by the independent checker. A map
//! the paper's proof does not make constructive is reported as such (not a failure); a mapped
//! certificate that the checker rejects, or that proves another answer, is a failure (exit 1),
//! like a mismatch.

use super::super::args::BudgetArgs;
use super::budget_maker;
use crate::problems::Instance;
use crate::reductions::Reduction;
use crate::solvers::dispatch::Solution;
use crate::verify::round_trip::{self, CertFate};
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

/// Runs every step; `instances[j]` and `solutions[j]` are step j's source, `[j + 1]` its
/// target.
pub(super) fn run(
    steps: &[&dyn Reduction],
    instances: &[&Instance],
    solutions: &[&Solution],
    budget_args: &BudgetArgs,
) -> miette::Result<CertReport> {
    let fresh = budget_maker(budget_args)?;
    let mut report = CertReport {
        ok: true,
        unknown: false,
        text: String::new(),
        json: Value::Array(Vec::new()),
    };
    let mut all = Vec::new();
    for (j, r) in steps.iter().enumerate() {
        let pair = (instances[j], instances[j + 1]);
        let step = round_trip::carry(*r, pair, (solutions[j], solutions[j + 1]), &fresh);
        report.text += &format!("certificates, step {} ({}):\n", j + 1, r.info().id);
        let mut obj = serde_json::Map::new();
        obj.insert("reduction".into(), json!(r.info().id));
        for (name, fate) in step.named() {
            report.ok &= !matches!(fate, CertFate::Failed(_));
            report.unknown |= matches!(fate, CertFate::Unknown(_));
            report.text += &format!("  {name:<9} {}\n", fate.text());
            obj.insert(name.into(), fate.json());
        }
        all.push(Value::Object(obj));
    }
    report.json = Value::Array(all);
    Ok(report)
}
