//! `georeduce verify … --certify`: certificates across every step of the chain.
//!
//! Each step runs [`round_trip::carry`]: the source certificate and its forward image, the
//! target certificate and its backward image, each checked by the independent checker; each
//! is reported with the items the checker examined and the time it took to build (or map)
//! and check. A map
//! the paper's proof does not make constructive is reported as such (not a failure); a mapped
//! certificate that the checker rejects, or that proves another answer, is a failure (exit 1),
//! like a mismatch.
//!
//! `--save-certs DIR` writes every certificate the checker accepted, one file per role and
//! step (`step1-qbf-pvg-source.json`, `…-forward.json`, `…-target.json`, `…-backward.json`),
//! so that each can be re-checked with `georeduce check-cert` against the instance `compile`
//! writes.

use super::super::args::BudgetArgs;
use super::super::input::{WriteRules, write_file};
use super::budget_maker;
use crate::problems::Instance;
use crate::reductions::Reduction;
use crate::solvers::dispatch::Solution;
use crate::verify::round_trip::{self, CertFate};
use miette::{IntoDiagnostic, WrapErr};
use serde_json::{Value, json};
use std::path::Path;

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
    save_dir: Option<&Path>,
) -> miette::Result<CertReport> {
    if let Some(dir) = save_dir {
        std::fs::create_dir_all(dir)
            .into_diagnostic()
            .wrap_err_with(|| format!("cannot create {}", dir.display()))?;
    }
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
        let (step, kept) =
            round_trip::carry_keeping(*r, pair, (solutions[j], solutions[j + 1]), &fresh);
        report.text += &format!("certificates, step {} ({}):\n", j + 1, r.info().id);
        let mut obj = serde_json::Map::new();
        obj.insert("reduction".into(), json!(r.info().id));
        for ((name, fate), millis) in step.named().into_iter().zip(step.millis) {
            report.ok &= !matches!(fate, CertFate::Failed(_));
            report.unknown |= matches!(fate, CertFate::Unknown(_));
            report.text += &format!("  {name:<9} {}\n", fate.text_timed(millis));
            obj.insert(name.into(), fate.json_timed(millis));
        }
        if let Some(dir) = save_dir {
            let mut saved = serde_json::Map::new();
            for (role, cert) in kept {
                let path = dir.join(format!("step{}-{}-{role}.json", j + 1, r.info().id));
                let text = format!("{}\n", cert.to_json());
                write_file(&path, text.as_bytes(), WriteRules::default())?;
                report.text += &format!("  saved:    {}\n", path.display());
                saved.insert(role.into(), json!(path.display().to_string()));
            }
            obj.insert("saved".into(), Value::Object(saved));
        }
        all.push(Value::Object(obj));
    }
    report.json = Value::Array(all);
    Ok(report)
}
