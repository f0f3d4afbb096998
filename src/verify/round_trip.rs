//! One reduction step's certificate round trip, shared by `verify --certify` and
//! `check --certify`.
//!
//! [`carry`] certifies the source's answer and checks the certificate, maps it **forward**
//! with [`Reduction::forward`] and checks the image on the target; then certifies the target's
//! answer (a winning strategy), maps it **backward** with [`Reduction::backward`] and checks
//! the image on the source. Each of the four certificates gets a [`CertFate`]. A map the
//! paper's proof does not make constructive is reported as such (not a failure); a certificate
//! that the checker rejects, or that proves another answer than the solver found, is a
//! failure.
//!
//! Every certificate, including the solver's own, goes through [`crate::certify::check`],
//! which knows nothing of solvers or reductions: a wrong solver answer, a wrong map and a
//! wrong reduction all show up as a rejected or contradicting certificate.

use super::chain::judge;
use crate::certify::{Certificate, CheckError, Claim};
use crate::problems::{Instance, SourceQuestion};
use crate::reductions::CertMapError;
use crate::reductions::Reduction;
use crate::solvers::certificates::{GameCertificate, certify_solution, claim_text, expected_claim};
use crate::solvers::dispatch::Solution;
use crate::solvers::{Budget, SolveError};
use serde_json::{Value, json};
use std::time::Instant;

/// How one certificate of a round trip fared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CertFate {
    /// Built (or mapped) and accepted by the checker, proving `claim`.
    Accepted {
        /// The certificate kind (`CertificateBody::kind`).
        kind: &'static str,
        /// What the certificate proves.
        claim: Claim,
        /// Items the checker examined (positions, assignments, …).
        work: u64,
    },
    /// Nothing to build: a NO answer of an NP problem has no certificate.
    NoCertificate,
    /// The reduction's proof gives no constructive map here (the reason).
    NotConstructive(String),
    /// A budget or a checker limit stopped it: no verdict.
    Unknown(String),
    /// Rejected, proving another answer, or a map that failed on a valid certificate.
    Failed(String),
}

impl CertFate {
    /// One line for a text report.
    pub fn text(&self) -> String {
        match self {
            CertFate::Accepted { kind, claim, work } => {
                format!(
                    "{kind}, accepted: {} ({work} items checked)",
                    claim_text(claim)
                )
            }
            CertFate::NoCertificate => {
                "none (a NO answer of an NP problem has no certificate)".into()
            }
            CertFate::NotConstructive(why) => format!("not constructive: {why}"),
            CertFate::Unknown(why) => format!("unknown: {why}"),
            CertFate::Failed(why) => format!("FAILED: {why}"),
        }
    }

    /// [`CertFate::text`] with the time spent building (or mapping) and checking it, where
    /// something was built: "(613 items checked, 1.204 ms)".
    pub fn text_timed(&self, millis: f64) -> String {
        match self {
            CertFate::Accepted { kind, claim, work } => format!(
                "{kind}, accepted: {} ({work} items checked, {millis:.3} ms)",
                claim_text(claim)
            ),
            CertFate::Unknown(_) | CertFate::Failed(_) => {
                format!("{} (after {millis:.3} ms)", self.text())
            }
            CertFate::NoCertificate | CertFate::NotConstructive(_) => self.text(),
        }
    }

    /// [`CertFate::json`] with `"millis"`: the time spent building (or mapping) and checking
    /// it.
    pub fn json_timed(&self, millis: f64) -> Value {
        let mut v = self.json();
        v["millis"] = json!((millis * 1000.0).round() / 1000.0);
        v
    }

    /// A JSON object `{status, …}` for machine-readable reports.
    pub fn json(&self) -> Value {
        match self {
            CertFate::Accepted { kind, claim, work } => json!({
                "status": "accepted", "certificate": kind, "claim": claim_text(claim), "work": work
            }),
            CertFate::NoCertificate => json!({ "status": "no_certificate" }),
            CertFate::NotConstructive(why) => {
                json!({ "status": "not_constructive", "reason": why })
            }
            CertFate::Unknown(why) => json!({ "status": "unknown", "reason": why }),
            CertFate::Failed(why) => json!({ "status": "failed", "error": why }),
        }
    }
}

/// The four certificates of one step, in the order they are built.
#[derive(Clone, Debug, PartialEq)]
pub struct StepCertificates {
    /// The source's own certificate (from the solver), checked on the source.
    pub source: CertFate,
    /// Its forward image, checked on the target.
    pub forward: CertFate,
    /// The target's own certificate (a winning strategy), checked on the target.
    pub target: CertFate,
    /// Its backward image, checked on the source.
    pub backward: CertFate,
    /// Wall-clock milliseconds of each, in the order of [`StepCertificates::named`]: building
    /// the certificate (a certifying solve) or mapping it, and checking it.
    pub millis: [f64; 4],
}

impl StepCertificates {
    /// The four fates with their names (`source`, `forward`, `target`, `backward`).
    pub fn named(&self) -> [(&'static str, &CertFate); 4] {
        [
            ("source", &self.source),
            ("forward", &self.forward),
            ("target", &self.target),
            ("backward", &self.backward),
        ]
    }
}

/// Milliseconds since `started`.
fn since(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1e3
}

/// Certifies `solution` of `inst` (games: a winning strategy when `strategy`).
fn build(
    inst: &Instance,
    solution: &Solution,
    strategy: bool,
    budget: &Budget,
) -> Result<Option<Certificate>, CertFate> {
    // `game_moves`: the smallest winning strategy to hold and check, read by every map.
    let style = match strategy {
        true => GameCertificate::Moves,
        false => GameCertificate::CompactOrMoves,
    };
    certify_solution(inst, solution, budget, style)
        .map_err(|e| CertFate::Unknown(not_certified(e, "")))
}

/// Why a solver answer got no certificate, in words: the search budget, or a strategy too
/// large for the walk that builds it (which `--memory` and `--timeout` bound: the solver's
/// winning strategy, not the answer, is what did not fit). `role` names what was being
/// certified (` the source`), or is empty.
pub(crate) fn not_certified(e: SolveError, role: &str) -> String {
    match e {
        SolveError::Budget(b) => {
            format!(
                "budget exhausted after {} nodes while certifying{role}",
                b.nodes
            )
        }
        SolveError::TooLarge {
            solver: "certificate",
            what,
            size,
            limit,
        } => format!(
            "the winning strategy built while certifying{role} outgrew its walk: {what} reached \
             {size}, over the limit {limit} that --memory and --timeout set"
        ),
        e => e.to_string(),
    }
}

/// The fate of a mapped certificate, and the certificate when the checker accepted it.
fn mapped(
    result: Result<Certificate, CertMapError>,
    on: &Instance,
    expected: Option<Claim>,
) -> (CertFate, Option<Certificate>) {
    match result {
        Ok(c) => match judge(on, &c, expected) {
            ok @ CertFate::Accepted { .. } => (ok, Some(c)),
            other => (other, None),
        },
        Err(CertMapError::NotConstructive(why)) => (CertFate::NotConstructive(why), None),
        Err(CertMapError::Check(e @ CheckError::TooLarge { .. })) => {
            (CertFate::Unknown(e.to_string()), None)
        }
        Err(e) => (CertFate::Failed(e.to_string()), None),
    }
}

/// The round trip of one step: `tgt` is `r`'s output on `src`, `src_sol` and `tgt_sol` their
/// solutions. `budget` makes a fresh budget for each certifying solve.
pub fn carry(
    r: &dyn Reduction,
    pair: (&Instance, &Instance),
    solutions: (&Solution, &Solution),
    budget: &dyn Fn() -> Budget,
) -> StepCertificates {
    carry_keeping(r, pair, solutions, budget).0
}

/// [`carry`], also returning the certificates the checker accepted, named by role
/// (`source`, `forward`, `target`, `backward`), for `verify --certify --save-certs`.
pub fn carry_keeping(
    r: &dyn Reduction,
    (src, tgt): (&Instance, &Instance),
    (src_sol, tgt_sol): (&Solution, &Solution),
    budget: &dyn Fn() -> Budget,
) -> (StepCertificates, Vec<(&'static str, Certificate)>) {
    let mut kept = Vec::new();
    let mut millis = [0.0; 4];
    let (src_claim, tgt_claim) = (expected_claim(src_sol), expected_claim(tgt_sol));
    let started = Instant::now();
    let (source, forward) = match build(src, src_sol, false, &budget()) {
        Ok(Some(c)) => match judge(src, &c, src_claim) {
            ok @ CertFate::Accepted { .. } => {
                millis[0] = since(started);
                let mapping = Instant::now();
                let (fate, image) = mapped(r.forward(src, tgt, &c), tgt, tgt_claim);
                millis[1] = since(mapping);
                kept.push(("source", c));
                kept.extend(image.map(|i| ("forward", i)));
                (ok, fate)
            }
            bad => {
                millis[0] = since(started);
                (bad, CertFate::Unknown("no valid source certificate".into()))
            }
        },
        Ok(None) => (CertFate::NoCertificate, CertFate::NoCertificate),
        Err(f) => {
            millis[0] = since(started);
            (f, CertFate::Unknown("no source certificate".into()))
        }
    };
    let started = Instant::now();
    let (target, backward) = match build(tgt, tgt_sol, true, &budget()) {
        Ok(Some(c)) => match judge(tgt, &c, tgt_claim) {
            ok @ CertFate::Accepted { .. } => {
                millis[2] = since(started);
                // A reduction that decides another question than its source kind's standard
                // one: the source claim is what the mapped certificate itself proves.
                let asks_own_question = r.source_question() != SourceQuestion::Standard;
                let want = if asks_own_question { None } else { src_claim };
                let mapping = Instant::now();
                let (fate, image) = mapped(r.backward(src, tgt, &c), src, want);
                millis[3] = since(mapping);
                kept.push(("target", c));
                kept.extend(image.map(|i| ("backward", i)));
                (ok, fate)
            }
            bad => {
                millis[2] = since(started);
                (bad, CertFate::Unknown("no valid target certificate".into()))
            }
        },
        Ok(None) => (CertFate::NoCertificate, CertFate::NoCertificate),
        Err(f) => {
            millis[2] = since(started);
            (f, CertFate::Unknown("no target certificate".into()))
        }
    };
    let step = StepCertificates {
        source,
        forward,
        target,
        backward,
        millis,
    };
    (step, kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Graph;

    #[test]
    fn a_strategy_too_large_for_its_memory_says_so() {
        // A complete digraph on 7 vertices: its winning strategy walks thousands of
        // positions, and 20 KB of memory (10 KB for the strategy) holds about 150 items.
        let mut g = Graph::new(true);
        for i in 0..7 {
            g.add_vertex(format!("v{i}"));
        }
        for i in 0..7 {
            for j in (0..7).filter(|&j| j != i) {
                g.add_edge(i, j);
            }
        }
        let inst = Instance::Geography(crate::game!(dvg on g; start 0));
        let solution = crate::solvers::dispatch::solve_instance(&inst, &Budget::unlimited())
            .expect("small game");
        let small = Budget::new(None, None).with_memory(Some(20_000));
        let why = match build(&inst, &solution, true, &small) {
            Err(CertFate::Unknown(why)) => why,
            Err(other) => panic!("unknown expected: {}", other.text()),
            Ok(_) => panic!("the strategy should not fit"),
        };
        assert!(
            why.starts_with("the winning strategy built while certifying outgrew its walk")
                && why.ends_with("that --memory and --timeout set")
                && !why.contains("  "),
            "{why}"
        );
        // With room, the same strategy is built.
        assert!(build(&inst, &solution, true, &Budget::unlimited()).is_ok());
    }
}
