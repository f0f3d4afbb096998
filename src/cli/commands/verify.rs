//! `georeduce verify FILE --to TARGET [--via IDS] [--json] [--certify]`: compile, solve every
//! instance of the chain independently, and compare each step's answers; with `--certify`,
//! also carry certificates across every step (`verify_certify.rs`).
//!
//! Step j compares the answer of its source (a decision answer, or "player I wins" for a
//! game) with "the target's winner is the reduction's `yes_winner`". Sizes are checked
//! against the declared formulas and the paper's structural claims on every output; any
//! failure is a MISMATCH (exit 1). A budget hit anywhere gives "unknown" (exit 3).

use super::super::Outcome;
use super::super::args::BudgetArgs;
use super::super::input::{input_cap, read_instance_capped};
use super::super::output::winner_name;
use super::certify::{SelfChecked, self_check_answer};
use super::verify_certify;
use super::{apply_chain, budget, select_chain, solve_error};
use crate::problems::Instance;
use crate::reductions::{ProblemKind, Reduction, ReductionError};
use crate::solvers::SolveError;
use crate::solvers::dispatch::{Solution, solve_instance};
use serde_json::{Value, json};
use std::path::Path;

/// Verifies one source instance through the selected chain.
pub fn run(
    file: &Path,
    to: Option<&str>,
    via: Option<&str>,
    json_out: bool,
    (self_check, certify): (bool, bool),
    budget_args: &BudgetArgs,
) -> miette::Result<Outcome> {
    let parsed = read_instance_capped(file, input_cap(budget_args.memory.bytes()))?;
    let steps = select_chain(ProblemKind::of(&parsed.instance), to, via)?;
    // A source outside the theorem's range with an immediate answer: compare that answer.
    if let Err(ReductionError::Trivial { answer, reason }) = steps[0].reduce(&parsed.instance) {
        return trivial(
            &parsed.instance,
            steps[0],
            answer,
            &reason,
            (json_out, self_check),
            budget_args,
        );
    }
    let reduced = apply_chain(&parsed, &steps)?;
    let mut instances: Vec<&Instance> = vec![&parsed.instance];
    instances.extend(reduced.iter().map(|r| &r.target));
    let mut solutions = Vec::new();
    for (j, inst) in instances.iter().enumerate() {
        match solve_instance(inst, &budget(budget_args)?) {
            Ok(s) => solutions.push(s),
            Err(SolveError::Budget(b)) => {
                let what = if j == 0 {
                    "the source".to_string()
                } else {
                    format!("step {j}")
                };
                let (n, m) = size(inst);
                let at = format!("{what}: {}, {n} vertices, {m} edges", describe(inst));
                return unknown(json_out, b.nodes, &at);
            }
            Err(e) => return Err(solve_error(&parsed, e)),
        }
    }
    // A reduction that decides another question than its source kind's standard one (Trail
    // Trap Thm 18: a long trail, not a Hamiltonian path) supplies that answer itself.
    let mut step_answers = Vec::new();
    for (j, r) in steps.iter().enumerate() {
        step_answers.push(match r.source_answer(instances[j], &budget(budget_args)?) {
            None => solutions[j].yes(),
            Some(Ok(yes)) => yes,
            Some(Err(SolveError::Budget(b))) => {
                return unknown(
                    json_out,
                    b.nodes,
                    &format!("the source answer of step {}", j + 1),
                );
            }
            Some(Err(e)) => return Err(solve_error(&parsed, e)),
        });
    }
    let mut report = Report::build(&steps, &instances, &solutions, &step_answers);
    if self_check {
        let checked = check_all(&instances, &solutions, budget_args)?;
        if let Some(stop) = checked.iter().find_map(|c| c.stop()) {
            return Ok(stop);
        }
        report.json["self_check"] = Value::Array(checked.iter().map(|c| c.json()).collect());
        for (j, c) in checked.iter().enumerate() {
            let which = match j {
                0 => "source".to_string(),
                j => format!("step {j}"),
            };
            report.text += &format!("self-check ({which}): {}\n", c.summary());
        }
    }
    let mut unknown = false;
    if certify {
        let c = verify_certify::run(&steps, &instances, &solutions, budget_args)?;
        (report.ok, unknown) = (report.ok && c.ok, c.unknown);
        report.json["certificates"] = c.json;
        report.text += &c.text;
        if !c.ok {
            report.text += "result:  MISMATCH (a certificate failed)\n";
        }
    }
    if json_out {
        crate::outln!("{:#}", report.json);
    } else {
        crate::out!("{}", report.text);
    }
    Ok(match (report.ok, unknown) {
        (false, _) => Outcome::CheckFailed,
        (true, true) => Outcome::Unknown,
        (true, false) => Outcome::Done,
    })
}

/// `--self-check`: certifies every instance's answer and checks the certificate.
fn check_all(
    instances: &[&Instance],
    solutions: &[Solution],
    budget_args: &BudgetArgs,
) -> miette::Result<Vec<SelfChecked>> {
    instances
        .iter()
        .zip(solutions)
        .map(|(inst, sol)| self_check_answer(inst, sol, budget_args))
        .collect()
}

/// The comparison of every step, as text and JSON.
struct Report {
    ok: bool,
    text: String,
    json: Value,
}

impl Report {
    fn build(
        steps: &[&dyn Reduction],
        instances: &[&Instance],
        solutions: &[Solution],
        step_answers: &[bool],
    ) -> Report {
        let source = &solutions[0];
        let answer = match source.winner() {
            Some(w) => format!("winner: {}", winner_name(w)),
            None => format!("answer: {}", yes_no(source.yes())),
        };
        let mut text = format!(
            "source:  {:<34} {answer:<14} ({} nodes, {:.3} ms)\n",
            describe(instances[0]),
            source.stats().nodes,
            source.stats().millis
        );
        let mut ok = true;
        let mut step_json = Vec::new();
        for (j, r) in steps.iter().enumerate() {
            let info = r.info();
            let (src, tgt) = (instances[j], instances[j + 1]);
            let sol = &solutions[j + 1];
            let (n, m) = size(tgt);
            let declared = r.declared_size(src);
            let structure = crate::reductions::check_claims(*r, src, tgt);
            let expected = if step_answers[j] {
                info.yes_winner
            } else {
                info.yes_winner.other()
            };
            let winner = sol.winner().map(winner_name).unwrap_or("-");
            let answers_match = sol.winner() == Some(expected);
            let step_ok = answers_match && declared == (n, m) && structure.is_ok();
            ok &= step_ok;
            text += &format!(
                "step {}:  {} ({}) -> {}, {n} vertices, {m} edges (declared {}/{}: {}), structure: {}\n",
                j + 1,
                info.id,
                info.theorem,
                describe(tgt),
                declared.0,
                declared.1,
                if declared == (n, m) { "ok" } else { "WRONG" },
                structure
                    .as_ref()
                    .map(|_| "ok".to_string())
                    .unwrap_or_else(|e| format!("FAILS: {e}")),
            );
            if step_answers[j] != solutions[j].yes() {
                text += &format!(
                    "         {} decides its own source question (see `georeduce list`): answer {}\n",
                    info.id,
                    yes_no(step_answers[j])
                );
            }
            text += &format!(
                "         winner: {winner} (expected {} from the source answer) ({} nodes, {:.3} ms)  {}\n",
                winner_name(expected),
                sol.stats().nodes,
                sol.stats().millis,
                if step_ok { "MATCH" } else { "MISMATCH" }
            );
            step_json.push(json!({
                "reduction": info.id,
                "source_answer": yes_no(step_answers[j]),
                "target": describe(tgt),
                "vertices": n, "edges": m,
                "declared_vertices": declared.0, "declared_edges": declared.1,
                "structure": structure.err(),
                "winner": winner, "expected_winner": winner_name(expected),
                "match": step_ok,
                "stats": { "nodes": sol.stats().nodes, "millis": sol.stats().millis },
            }));
        }
        let last = solutions
            .last()
            .and_then(|s| s.winner())
            .map(winner_name)
            .unwrap_or("-");
        text += &format!("result:  {}\n", if ok { "MATCH" } else { "MISMATCH" });
        let (n, m) = size(instances[instances.len() - 1]);
        let json = json!({
            "source_answer": yes_no(source.yes()),
            "target_winner": last,
            "match": ok,
            "via": steps.iter().map(|r| r.info().id).collect::<Vec<_>>(),
            "target_vertices": n, "target_edges": m,
            "source_stats": { "nodes": source.stats().nodes, "millis": source.stats().millis },
            "steps": step_json,
        });
        Report { ok, text, json }
    }
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn size(i: &Instance) -> (usize, usize) {
    match i {
        Instance::Qbf(q) => (q.num_vars(), q.clauses.len()),
        Instance::Hampath(h) => (h.graph.n(), h.graph.m()),
        Instance::VertexCover(v) => (v.graph.n(), v.graph.m()),
        Instance::Geography(g) => (g.graph.n(), g.graph.m()),
    }
}

fn describe(i: &Instance) -> String {
    match i {
        Instance::Qbf(q) => format!(
            "qbf ({} variables, {} clauses)",
            q.num_vars(),
            q.clauses.len()
        ),
        Instance::Geography(g) => g.variant_name(),
        other => format!("{} ({} vertices)", other.kind(), size(other).0),
    }
}

fn unknown(json_out: bool, nodes: u64, at: &str) -> miette::Result<Outcome> {
    if json_out {
        crate::outln!(
            "{:#}",
            json!({ "match": null, "result": "unknown", "nodes": nodes, "while_solving": at })
        );
    } else {
        crate::outln!("result:  unknown (budget exhausted after {nodes} nodes while solving {at})");
        crate::outln!("         raise --timeout / --max-nodes, or pick a smaller instance");
    }
    Ok(Outcome::Unknown)
}

/// The reduction answered directly (e.g. vertex cover with k = 0): compare with the solver.
fn trivial(
    source: &Instance,
    r: &dyn Reduction,
    answer: bool,
    reason: &str,
    (json_out, self_check): (bool, bool),
    budget_args: &BudgetArgs,
) -> miette::Result<Outcome> {
    let solved = match solve_instance(source, &budget(budget_args)?) {
        Ok(s) => s,
        Err(SolveError::Budget(b)) => return unknown(json_out, b.nodes, "the source"),
        Err(e) => return Err(miette::miette!("{e}")),
    };
    let checked = match self_check {
        true => Some(self_check_answer(source, &solved, budget_args)?),
        false => None,
    };
    if let Some(stop) = checked.as_ref().and_then(|c| c.stop()) {
        return Ok(stop);
    }
    let ok = solved.yes() == answer;
    if json_out {
        let mut v = json!({ "source_answer": yes_no(solved.yes()), "direct_answer": yes_no(answer),
                    "target_winner": null, "match": ok, "via": [r.info().id], "note": reason });
        if let Some(c) = &checked {
            v["self_check"] = json!([c.json()]);
        }
        crate::outln!("{v:#}");
    } else {
        crate::outln!(
            "source:  {}  answer: {}",
            describe(source),
            yes_no(solved.yes())
        );
        crate::outln!(
            "{}: not compiled: {reason}; direct answer {}",
            r.info().id,
            yes_no(answer)
        );
        crate::outln!("result:  {}", if ok { "MATCH" } else { "MISMATCH" });
        if let Some(c) = &checked {
            crate::outln!("self-check (source): {}", c.summary());
        }
    }
    Ok(if ok {
        Outcome::Done
    } else {
        Outcome::CheckFailed
    })
}
