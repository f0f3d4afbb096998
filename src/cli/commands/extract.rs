//! `georeduce extract SOURCE CERT (--to TARGET | --via IDS) [-o OUT]`: map a certificate of
//! the compiled target back to a certificate of the source.
//!
//! This is the user's side of the reductions' backward maps: compile SOURCE through the
//! chain, check CERT (a certificate of the final target, from `georeduce certify` or from the
//! user's own solver) with the independent checker, then carry it back one step at a time
//! with [`Reduction::backward`](crate::reductions::Reduction::backward), checking every image
//! on its own instance. The source certificate goes to standard output (or `-o`); the trail,
//! one line per instance, to standard error (standard output when `-o` names a file).
//!
//! Exit 0: the source certificate is written. Exit 1: CERT or an image is rejected, or a map
//! fails on it. Exit 3: a step's proof gives no constructive map for this answer
//! (`georeduce show ID` lists the maps), or a check ran out of budget. Exit 2: bad input.

use super::super::Outcome;
use super::super::args::{ExtractArgs, MAX_TIMEOUT_SECS};
use super::super::input::{WriteRules, input_cap, is_stdout, read_instance_capped, write_output};
use super::super::ui::{Tone, paint};
use super::check_cert::{CertText, parse_certificate, read_certificate, walk_bytes_per_position};
use super::{apply_chain, select_chain};
use crate::certify::{self, Certificate, CheckError, Limits};
use crate::problems::Instance;
use crate::reductions::{CertMapError, ProblemKind};
use crate::solvers::certificates::claim_text;
use miette::{IntoDiagnostic, WrapErr};
use std::time::{Duration, Instant};

/// Checks the target certificate and maps it back through the chain.
pub fn run(args: &ExtractArgs) -> miette::Result<Outcome> {
    let started = Instant::now();
    let memory = args.memory.bytes();
    let output = args.output.as_deref().filter(|p| !is_stdout(p));
    let say = |line: String| match output {
        Some(_) => crate::outln!("{line}"),
        None => crate::note!("{line}"),
    };
    let parsed = read_instance_capped(&args.file, input_cap(memory))?;
    let steps = select_chain(
        ProblemKind::of(&parsed.instance),
        args.to.as_deref(),
        args.via.as_deref(),
    )?;
    let (reduced, held) = apply_chain(&parsed, &steps, memory)?;
    // The chain's instances are held while the certificate is read and walked.
    let memory = memory.saturating_sub(held);
    let CertText { name, bytes, held } = read_certificate(&args.cert, memory)?;
    let text = String::from_utf8(bytes)
        .into_diagnostic()
        .wrap_err_with(|| format!("{name} is not UTF-8 text"))?;
    let mut cert = parse_certificate(&name, &text)?;
    // The parsed certificate (and its images, one step at a time) is held while the walks
    // run: they get the rest.
    let memory = memory.saturating_sub(held);
    drop(text);
    let timeout = (args.timeout > 0.0 && args.timeout <= MAX_TIMEOUT_SECS)
        .then(|| Duration::from_secs_f64(args.timeout));
    let mut instances: Vec<&Instance> = vec![&parsed.instance];
    instances.extend(reduced.iter().map(|r| &r.target));
    // The strategy walk is bounded for the largest instance of the chain.
    let per_position = instances.iter().map(|i| walk_bytes_per_position(i)).max();
    let limits = Limits {
        time: timeout.map(|t| (started, t)),
        ..Limits::default()
    }
    .within_memory(Some(memory), per_position.unwrap_or(256));
    let last = steps.len();
    if let Some(stop) = judge(instances[last], &cert, &limits, "target", &say) {
        return Ok(stop);
    }
    for j in (0..last).rev() {
        let r = steps[j];
        let id = r.info().id;
        cert = match r.backward(instances[j], instances[j + 1], &cert) {
            Ok(c) => c,
            Err(CertMapError::NotConstructive(why)) => {
                say(format!(
                    "step {} ({id}): {}: {why}",
                    j + 1,
                    paint("no backward map", Tone::Unsure)
                ));
                return Ok(Outcome::Unknown);
            }
            Err(CertMapError::Check(e @ CheckError::TooLarge { .. })) => {
                say(format!("step {} ({id}): undecided: {e}", j + 1));
                return Ok(Outcome::Unknown);
            }
            Err(e) => {
                say(format!(
                    "step {} ({id}): {}: {e}",
                    j + 1,
                    paint("backward map failed", Tone::Bad)
                ));
                return Ok(Outcome::CheckFailed);
            }
        };
        let role = match j {
            0 => "source".to_string(),
            j => format!("step {j} target"),
        };
        let what = format!("{role}, mapped back by {id}");
        if let Some(stop) = judge(instances[j], &cert, &limits, &what, &say) {
            return Ok(stop);
        }
    }
    write_output(
        args.output.as_deref(),
        &format!("{}\n", cert.to_json()),
        WriteRules {
            force: args.force,
            inputs: &[&args.file, &args.cert],
        },
    )?;
    if let Some(path) = output {
        say(format!("written: {}", path.display()));
    }
    Ok(Outcome::Done)
}

/// Checks `cert` on `instance` and says so; `Some` when the extraction stops here.
fn judge(
    instance: &Instance,
    cert: &Certificate,
    limits: &Limits,
    what: &str,
    say: &dyn Fn(String),
) -> Option<Outcome> {
    match certify::check_with(instance, cert, limits) {
        Ok(v) => {
            say(format!(
                "{what}: {} certificate {}: {} ({} items checked)",
                cert.body.kind(),
                paint("accepted", Tone::Good),
                claim_text(&v.claim),
                v.work
            ));
            None
        }
        Err(e @ CheckError::TooLarge { .. }) => {
            say(format!("{what}: {}: {e}", paint("undecided", Tone::Unsure)));
            Some(Outcome::Unknown)
        }
        Err(e) => {
            say(format!(
                "{what}: {} certificate {}: {e}",
                cert.body.kind(),
                paint("rejected", Tone::Bad)
            ));
            Some(Outcome::CheckFailed)
        }
    }
}
