//! `georeduce certify FILE [-o cert.json]`: solve, build a certificate of the answer, check it
//! with the independent checker, and write it. Also the `--self-check` step that `solve` and
//! `verify` share ([`self_check_answer`]).
//!
//! A certificate is written only after the checker accepted it: a rejected one is an internal
//! error (exit 1), never a file. NO answers of the NP problems have no certificate; `certify`
//! says so and why, and exits 0.

use super::super::Outcome;
use super::super::args::BudgetArgs;
use super::super::input::{WriteRules, input_cap, is_stdout, read_instance_capped, write_output};
use super::super::output::{solution_stats_words, stats_words, winner_words};
use super::{budget, solve_error};
use crate::certify::Certificate;
use crate::lang::Parsed;
use crate::problems::Instance;
use crate::solvers::certificates::{
    GameCertificate, SelfCheckError, certify_solution, claim_text, self_check, solve_auto,
};
use crate::solvers::dispatch::Solution;
use crate::solvers::{Budget, BudgetExceeded, SolveError};
use serde_json::{Value, json};
use std::path::Path;
use std::time::Instant;

/// Solves `file`, certifies the answer, checks the certificate and writes it to `output`
/// (standard output when `None` or `-`; the report then goes to standard error).
pub fn run(
    file: &Path,
    output: Option<&Path>,
    force: bool,
    strategy: bool,
    budget_args: &BudgetArgs,
) -> miette::Result<Outcome> {
    let output = output.filter(|p| !is_stdout(p));
    let say = |line: String| match output {
        Some(_) => crate::outln!("{line}"),
        None => eprintln!("{line}"),
    };
    let parsed = read_instance_capped(file, input_cap(budget_args.memory.bytes()))?;
    let budget = budget(budget_args)?;
    let started = Instant::now();
    let solution = match solve_auto(&parsed.instance, &budget) {
        Ok(s) => s,
        Err(SolveError::Budget(b)) => {
            say(format!(
                "answer:  unknown ({}): no certificate",
                exhausted(&b, started)
            ));
            return Ok(Outcome::Unknown);
        }
        Err(e) => return Err(solve_error(&parsed, e)),
    };
    say(answer_line(&parsed.instance, &solution));
    say(format!("stats:   {}", solution_stats_words(&solution)));
    let cert = match build(&parsed, &solution, &budget, strategy)? {
        Ok(Some(cert)) => cert,
        Ok(None) => {
            say(no_certificate(&parsed.instance, &solution));
            return Ok(Outcome::Done);
        }
        Err(why) => {
            say(format!("certificate: not written: {why}"));
            return Ok(Outcome::Unknown);
        }
    };
    if let Some(stop) = judge(&parsed.instance, &solution, &cert, &say) {
        return Ok(stop);
    }
    write_output(
        output,
        &format!("{}\n", cert.to_json()),
        WriteRules {
            force,
            inputs: &[file],
        },
    )?;
    if let Some(path) = output {
        say(format!("written: {}", path.display()));
    }
    Ok(Outcome::Done)
}

/// Runs the checker on the certificate just built; `Some` when it must not be written.
fn judge(
    instance: &Instance,
    solution: &Solution,
    cert: &Certificate,
    say: &dyn Fn(String),
) -> Option<Outcome> {
    match self_check(instance, solution, Some(cert)) {
        Ok(verdict) => {
            say(format!(
                "certificate: {} ({}), accepted by the checker ({} items checked)",
                cert.body.kind(),
                expected(solution),
                verdict.map_or(0, |v| v.work)
            ));
            None
        }
        Err(e @ SelfCheckError::Undecided(_)) => {
            say(format!("certificate: not written: {e}"));
            Some(Outcome::Unknown)
        }
        Err(e) => {
            eprintln!("internal error: {e}");
            Some(Outcome::CheckFailed)
        }
    }
}

/// Builds the certificate; the inner `Err` says why none could be built within the budget or
/// the checker's limits (an "unknown", exit 3).
fn build(
    parsed: &Parsed,
    solution: &Solution,
    budget: &Budget,
    strategy: bool,
) -> miette::Result<Result<Option<Certificate>, String>> {
    let style = match strategy {
        true => GameCertificate::Strategy,
        false => GameCertificate::Auto,
    };
    let started = Instant::now();
    match certify_solution(&parsed.instance, solution, budget, style) {
        Ok(c) => Ok(Ok(c)),
        Err(SolveError::Budget(b)) => {
            Ok(Err(format!("{} while certifying", exhausted(&b, started))))
        }
        Err(e @ SolveError::TooLarge { .. }) => Ok(Err(e.to_string())),
        Err(e) => Err(solve_error(parsed, e)),
    }
}

/// The answer in one line, as `solve` words it.
fn answer_line(instance: &Instance, solution: &Solution) -> String {
    match solution.winner() {
        Some(w) => format!("winner:  {}", winner_words(w)),
        None => format!(
            "answer:  {} ({})",
            if solution.yes() { "yes" } else { "no" },
            instance.kind()
        ),
    }
}

/// What the certificate must prove, in words.
fn expected(solution: &Solution) -> String {
    crate::solvers::certificates::expected_claim(solution).map_or("-".into(), |c| claim_text(&c))
}

/// Why a NO answer of an NP problem has no certificate.
fn no_certificate(instance: &Instance, solution: &Solution) -> String {
    let what = match instance {
        Instance::Hampath(_) => "no Hamiltonian path exists",
        _ => "no vertex cover of size at most k exists",
    };
    format!(
        "certificate: none. The answer is NO, and georeduce certifies only YES answers of NP \
         problems: no short proof that {what} is known in general (short proofs for every NO \
         instance would mean NP = coNP); the evidence is the exhaustive search itself ({} \
         nodes), which a checker cannot replay cheaply.",
        solution.stats().nodes
    )
}

/// What `--self-check` found for one answer.
pub(super) enum SelfChecked {
    /// The checker accepted a certificate of this kind, examining `work` items.
    Accepted {
        /// The certificate kind.
        kind: &'static str,
        /// Items the checker examined.
        work: u64,
        /// Wall-clock milliseconds of building the certificate and checking it.
        millis: f64,
    },
    /// A NO answer of an NP problem: there is no certificate to check.
    NoCertificate,
    /// The certificate was rejected or proves another answer: an internal error (exit 1).
    Failed(String),
    /// The budget ran out while certifying, or the check is beyond the checker's limits.
    Unknown(String),
}

impl SelfChecked {
    /// One line of text.
    pub(super) fn text(&self) -> String {
        format!("self-check: {}", self.summary())
    }

    /// The line without its `self-check:` label.
    pub(super) fn summary(&self) -> String {
        match self {
            SelfChecked::Accepted { kind, work, millis } => {
                format!("{kind} certificate accepted ({work} items checked, {millis:.3} ms)")
            }
            SelfChecked::NoCertificate => {
                "a NO answer of an NP problem has no certificate (not checked)".into()
            }
            SelfChecked::Failed(msg) => format!("FAILED: {msg}"),
            SelfChecked::Unknown(msg) => format!("unknown: {msg}"),
        }
    }

    /// The JSON form.
    pub(super) fn json(&self) -> Value {
        match self {
            SelfChecked::Accepted { kind, work, millis } => {
                let millis = (millis * 1000.0).round() / 1000.0;
                json!({ "certificate": kind, "accepted": true, "work": work, "millis": millis })
            }
            SelfChecked::NoCertificate => json!({ "certificate": null, "accepted": null }),
            SelfChecked::Failed(msg) => json!({ "accepted": false, "error": msg }),
            SelfChecked::Unknown(msg) => json!({ "accepted": null, "error": msg }),
        }
    }

    /// When the command must stop instead of printing the answer: reports why on standard
    /// error and gives the outcome.
    pub(super) fn stop(&self) -> Option<Outcome> {
        match self {
            SelfChecked::Failed(msg) => {
                eprintln!("internal error: self-check failed: {msg}");
                Some(Outcome::CheckFailed)
            }
            SelfChecked::Unknown(msg) => {
                eprintln!("self-check: unknown: {msg}");
                Some(Outcome::Unknown)
            }
            _ => None,
        }
    }
}

/// Certifies `solution` (with a fresh budget from the flags) and checks the certificate.
pub(super) fn self_check_answer(
    instance: &Instance,
    solution: &Solution,
    budget_args: &BudgetArgs,
) -> miette::Result<SelfChecked> {
    let budget = budget(budget_args)?;
    let started = Instant::now();
    let cert = match certify_solution(instance, solution, &budget, GameCertificate::Auto) {
        Ok(c) => c,
        Err(SolveError::Budget(b)) => {
            return Ok(SelfChecked::Unknown(format!(
                "{} while certifying",
                exhausted(&b, started)
            )));
        }
        Err(e @ SolveError::TooLarge { .. }) => return Ok(SelfChecked::Unknown(e.to_string())),
        Err(e) => return Ok(SelfChecked::Failed(e.to_string())),
    };
    Ok(match self_check(instance, solution, cert.as_ref()) {
        Ok(Some(v)) => SelfChecked::Accepted {
            kind: cert.as_ref().map_or("-", |c| c.body.kind()),
            work: v.work,
            millis: started.elapsed().as_secs_f64() * 1e3,
        },
        Ok(None) => SelfChecked::NoCertificate,
        Err(e @ SelfCheckError::Undecided(_)) => SelfChecked::Unknown(e.to_string()),
        Err(e) => SelfChecked::Failed(e.to_string()),
    })
}

/// "budget exhausted after …" with the stopped search's statistics (positions, hits, node
/// rate, peak table where the solver keeps one), as `solve` prints them for an unknown answer.
fn exhausted(b: &BudgetExceeded, started: Instant) -> String {
    format!(
        "budget exhausted after {}",
        stats_words(b.stats_since(started))
    )
}
