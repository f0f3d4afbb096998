//! One module per subcommand, plus what several of them share: budgets, solver errors as
//! diagnostics, and the reduction chain a `--to`/`--via` pair selects.

mod batch;
mod certify;
mod check;
mod check_cert;
mod compile;
mod create;
mod every_start;
mod extract;
mod gallery;
mod list;
mod merge;
mod parse;
mod path;
mod render;
mod show;
mod solve;
mod verify;
mod verify_certify;
mod verify_pace;
mod verify_race;
mod verify_render;

use super::Outcome;
use super::args::{BudgetArgs, Command, OutputFormat};
use crate::lang::Parsed;
use crate::problems::Locator;
use crate::reductions::{ProblemKind, Reduced, Reduction, ReductionError, chain};
use crate::solvers::{Budget, SolveError};
use std::time::Duration;

/// Runs one subcommand.
pub fn run(command: Command) -> miette::Result<Outcome> {
    match command {
        Command::Parse { file, json, format } => parse::run(&file, json, format),
        Command::Solve {
            file,
            json,
            strategy,
            names,
            method,
            self_check,
            every_start,
            batch,
            batch_args,
            budget,
        } => match (batch, every_start) {
            (true, _) => batch::run(&file, &batch_args, json, &budget),
            (false, true) => every_start::run(&file, json, names, method, &budget),
            (false, false) => solve::run(&file, json, strategy, names, method, self_check, &budget),
        },
        Command::List { json, graph, dot } => list::run(json, graph, dot),
        Command::Check(args) => check::run(&args),
        Command::MergeReports(args) => merge::run(&args),
        Command::Compile {
            file,
            to,
            via,
            output,
            format,
            force,
            memory,
            json,
        } => compile::run(
            &file,
            (to.as_deref(), via.as_deref()),
            output.as_deref(),
            if json.on { OutputFormat::Json } else { format },
            force,
            &memory,
        ),
        Command::Verify {
            file,
            to,
            via,
            json,
            self_check,
            certify,
            by,
            save,
            budget,
        } => verify::run(
            &file,
            (to.as_deref(), via.as_deref()),
            verify::Options {
                json,
                self_check,
                certify,
                by,
            },
            save.save_certs.as_deref(),
            &budget,
        ),
        Command::Certify {
            file,
            output,
            force,
            strategy,
            budget,
        } => certify::run(&file, output.as_deref(), force, strategy, &budget),
        Command::CheckCert {
            file,
            cert,
            timeout,
            memory,
        } => check_cert::run(&file, &cert, timeout, &memory),
        Command::Path(args) => path::run(&args.from, &args.to, args.json),
        Command::Show(args) => show::run(&args.id, args.json),
        Command::Create(args) => create::run(&args),
        Command::Extract(args) => extract::run(&args),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            let mut cmd = <super::args::Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "georeduce", &mut script);
            crate::out!("{}", String::from_utf8_lossy(&script));
            Ok(Outcome::Done)
        }
        Command::Render(args) => render::run(&args),
        Command::Gallery(args) => gallery::run(&args),
    }
}

/// The problem kind named `name` (`role`: "source problem", "target problem", … for the
/// message: "unknown target problem kind `pgv`"), with a
/// "did you mean" for a misspelling. `vertex_cover` (the DSL's other spelling) is accepted.
fn parse_kind(name: &str, role: &str) -> miette::Result<ProblemKind> {
    let spelled = name.trim().to_lowercase().replace('_', "-");
    ProblemKind::from_name(&spelled).ok_or_else(|| {
        let names = ProblemKind::ALL.iter().map(|k| k.name());
        miette::miette!(
            code = "cli::unknown_kind",
            help = super::ui::did_you_mean(name, names, "kinds"),
            "unknown {role} kind `{name}`"
        )
    })
}

/// The reduction with id `id`, with a "did you mean" for a misspelling.
fn lookup_reduction(id: &str) -> miette::Result<&'static dyn Reduction> {
    crate::reductions::by_id(id.trim()).ok_or_else(|| {
        let all = crate::reductions::all();
        miette::miette!(
            code = "cli::unknown_reduction",
            help = super::ui::did_you_mean(id, all.iter().map(|r| r.info().id), "reductions"),
            "unknown reduction `{id}`"
        )
    })
}

/// A fresh budget from the flags (each solve gets its own).
fn budget(args: &BudgetArgs) -> miette::Result<Budget> {
    Ok(budget_maker(args)?())
}

/// Validates the flags once and returns a maker of fresh budgets (one per solve).
fn budget_maker(args: &BudgetArgs) -> miette::Result<impl Fn() -> Budget + use<>> {
    let timeout = match args.timeout {
        t if !(t.is_finite() && t >= 0.0) => {
            miette::bail!(
                code = "cli::bad_timeout",
                "--timeout must be a number of seconds (0 for no limit), not {t}"
            )
        }
        0.0 => None,
        // Beyond a year is no limit (`parse_timeout` says so); checked again here because a
        // deadline that far ahead would overflow the clock.
        t if t > super::args::MAX_TIMEOUT_SECS => None,
        t => Some(Duration::from_secs_f64(t)),
    };
    let max_nodes = args.max_nodes;
    let memory = args.memory.bytes();
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    Ok(move || {
        Budget::new(max_nodes, timeout)
            .with_memory(Some(memory))
            .with_threads(threads)
    })
}

/// A solver refusal (too large, not applicable) as a diagnostic on the instance.
fn solve_error(parsed: &Parsed, e: SolveError) -> miette::Report {
    let help = match &e {
        SolveError::TooLarge { .. } => {
            Some("try a smaller instance, or a polynomial --method if one applies".into())
        }
        _ => None,
    };
    parsed.error_at(&Locator::Whole, "solvers::refused", e.to_string(), help)
}

/// The reductions that `--to`/`--via` select for a source of kind `from`.
fn select_chain(
    from: ProblemKind,
    to: Option<&str>,
    via: Option<&str>,
) -> miette::Result<Vec<&'static dyn Reduction>> {
    let steps = match (to, via) {
        (_, Some(via)) => {
            // Unknown ids first, with a suggestion; then the chain's own checks.
            for id in via.split(',').map(str::trim).filter(|id| !id.is_empty()) {
                lookup_reduction(id)?;
            }
            chain::parse_via(via).map_err(|e| miette::miette!(code = "cli::bad_via", "{e}"))?
        }
        (Some(to), None) => {
            let target = parse_kind(to, "target problem")?;
            chain::shortest_chain(from, target).ok_or_else(|| {
                miette::miette!(
                    code = "cli::no_reduction",
                    help = "`georeduce list --graph` shows which reductions compose",
                    "no chain of reductions leads from {} to {}",
                    from.name(),
                    target.name()
                )
            })?
        }
        (None, None) => miette::bail!(
            code = "cli::no_target",
            "say where to compile to: --to TARGET or --via ID[,ID…]"
        ),
    };
    // `--to` naming the source's own kind gives an empty chain: nothing to compile.
    let Some(first) = steps.first().map(|r| r.info()) else {
        miette::bail!(
            code = "cli::nothing_to_do",
            help = "use `georeduce solve` on it, or `--via ID` to apply a reduction to this kind",
            "this file is already a {} instance: no reduction to apply",
            from.name()
        );
    };
    if first.source != from {
        miette::bail!(
            code = "cli::wrong_source",
            help = format!(
                "`georeduce list` shows what each reduction reads; this file is {}",
                from.name()
            ),
            "reduction {} reads {} instances, but this file is {}",
            first.id,
            first.source.name(),
            from.name()
        );
    }
    if let (Some(to), Some(last)) = (to, steps.last())
        && Some(last.info().target) != ProblemKind::from_name(&to.replace('_', "-"))
    {
        miette::bail!(
            code = "cli::wrong_target",
            "--via ends in {}, not in --to {to}",
            last.info().target.name()
        );
    }
    Ok(steps)
}

/// A non-empty chain in words: `qbf -[qbf-dvg]-> dvg -[dvg-misere-uvg]-> misere-uvg`.
fn chain_arrows(steps: &[&'static dyn Reduction]) -> String {
    match steps.first() {
        Some(first) => path::arrows(first.info().source, steps),
        None => String::new(),
    }
}

/// Peak bytes a command holds per edge of an instance a reduction chain builds: the instance,
/// the construction's tables and (for `compile`) its text. Measured (peak RSS,
/// `/usr/bin/time`): 107 bytes per edge for the 1.09-million-edge PVG compiled from a 49 KB
/// vertex cover (117 MB), 108 for the 5.5-million-edge one from a 120 KB vertex cover
/// (599 MB).
const BYTES_PER_EDGE: usize = 112;
/// See [`BYTES_PER_EDGE`]; a vertex holds its name, label and adjacency list.
const BYTES_PER_VERTEX: usize = 256;

/// What a command holds for a built instance of this size.
fn instance_bytes(vertices: usize, edges: usize) -> usize {
    vertices
        .saturating_mul(BYTES_PER_VERTEX)
        .saturating_add(edges.saturating_mul(BYTES_PER_EDGE))
}

/// Applies the chain within `memory` bytes, and says how many bytes its instances hold.
///
/// Each step's size formula ([`Reduction::declared_size`]) is checked before the step runs,
/// so that a chain too large for the budget is refused (`cli::output_too_large`, exit 2)
/// before it is built: a 120 KB vertex cover compiles to a PVG of millions of edges. The
/// first step's errors point into the source file.
fn apply_chain(
    parsed: &Parsed,
    steps: &[&'static dyn Reduction],
    memory: usize,
) -> miette::Result<(Vec<Reduced>, usize)> {
    let mut out: Vec<Reduced> = Vec::new();
    let mut held = 0usize;
    for (i, r) in steps.iter().enumerate() {
        let source = out.last().map(|x| &x.target).unwrap_or(&parsed.instance);
        let (vertices, edges) = r.declared_size(source);
        held = held.saturating_add(instance_bytes(vertices, edges));
        if held > memory {
            miette::bail!(
                code = "cli::output_too_large",
                help = "raise --memory, or compile a smaller instance (docs/limits.md)",
                "step {} ({}) would build {vertices} vertices and {edges} edges, about {held} \
                 bytes for the chain, over the --memory budget of {memory} bytes",
                i + 1,
                r.info().id
            );
        }
        match r.reduce(source) {
            Ok(reduced) => out.push(reduced),
            Err(e) if i == 0 => return Err(reduction_error(parsed, r.info().id, e)),
            Err(e) => miette::bail!(
                code = "reductions::failed",
                "step {} ({}): {e}",
                i + 1,
                r.info().id
            ),
        }
    }
    Ok((out, held))
}

/// A reduction's refusal as a diagnostic at the offending span of the source.
fn reduction_error(parsed: &Parsed, id: &str, e: ReductionError) -> miette::Report {
    match e {
        ReductionError::Precondition {
            theorem,
            message,
            at,
            help,
        } => parsed.error_at(
            &at,
            "reductions::precondition",
            format!("{id}: {theorem} needs {message}"),
            help,
        ),
        other @ ReductionError::Failed { .. } => parsed.error_at(
            &Locator::Whole,
            "reductions::failed",
            format!("{id}: {other}"),
            None,
        ),
        other @ ReductionError::WrongKind { .. } => parsed.error_at(
            &Locator::Whole,
            "reductions::wrong_kind",
            other.to_string(),
            Some("`georeduce list` shows what each reduction reads".into()),
        ),
    }
}
