//! `georeduce render FILE [--to T | --via IDS] -o OUT`: the paper's drawing of an instance
//! or of what a reduction compiles it to, as DOT, SVG, PDF, PNG or TikZ (by OUT's extension).

use super::super::Outcome;
use super::super::args::{FigureFormat, RenderArgs};
use super::super::input::{WriteRules, read_instance, write_file, write_output};
use super::{apply_chain, budget, select_chain};
use crate::problems::{Geography, Instance, Locator, Move};
use crate::reductions::{ProblemKind, Reduced, Reduction};
use crate::render::graphviz::run_dot;
use crate::render::pipeline::figure_of;
use crate::render::tikz::{self, TikzOptions};
use crate::render::{Options, PlayedMove, Scene, slide_dot};
use crate::solvers::geography::{Method, solve_with};
use std::path::Path;

/// Draws the instance (or its compiled target) and writes the figure.
pub fn run(args: &RenderArgs) -> miette::Result<Outcome> {
    let parsed = read_instance(&args.file)?;
    let (steps, reduced): (Vec<&'static dyn Reduction>, Vec<Reduced>) = match (&args.to, &args.via)
    {
        (None, None) => (Vec::new(), Vec::new()),
        (to, via) => {
            let steps = select_chain(
                ProblemKind::of(&parsed.instance),
                to.as_deref(),
                via.as_deref(),
            )?;
            let reduced = apply_chain(&parsed, &steps)?;
            (steps, reduced)
        }
    };
    let fig = figure_of(&parsed.instance, &steps, &reduced)
        .map_err(|e| parsed.error_at(&Locator::Whole, "render::no_graph", e.to_string(), None))?;
    let target = reduced.last().map_or(&parsed.instance, |r| &r.target);
    let play = match (args.play, target) {
        (false, _) => Vec::new(),
        (true, Instance::Geography(g)) => match line_of_play(g, args)? {
            Some(line) => line,
            None => {
                crate::outln!("answer:  unknown (budget exhausted before a line of play)");
                return Ok(Outcome::Unknown);
            }
        },
        (true, other) => miette::bail!(
            code = "render::play_needs_game",
            "--play draws a line of play, but this is a {} instance (compile it to a game with --to)",
            other.kind()
        ),
    };
    let opts = Options {
        names: args.names,
        no_labels: args.no_labels,
        mono: args.mono,
        expand_cigars: args.expand_cigars,
        highlight: args.highlight.clone(),
        play,
        title: args.title.clone(),
    };
    if let Some(h) = &opts.highlight
        && !fig.gadgets.iter().any(|g| &g.name == h)
    {
        let names: Vec<&str> = fig.gadgets.iter().map(|g| g.name.as_str()).collect();
        miette::bail!(
            code = "render::no_such_gadget",
            help = format!("this figure's gadgets: {}", names.join(", ")),
            "--highlight {h}: no gadget of that name"
        );
    }
    let scene = Scene::new(&fig, &opts);
    let format = match (args.format, &args.output) {
        (Some(f), _) => f,
        (None, None) => FigureFormat::Dot,
        (None, Some(p)) => format_of(p),
    };
    let rules = WriteRules {
        force: args.force,
        inputs: &[&args.file],
    };
    let tikz_opts = TikzOptions {
        standalone: args.standalone,
        beamer_steps: args.beamer_steps,
    };
    match format {
        FigureFormat::Dot => {
            write_output(args.output.as_deref(), &slide_dot::write(&scene), rules)?
        }
        FigureFormat::Tex => write_output(
            args.output.as_deref(),
            &tikz::write(&scene, tikz_opts),
            rules,
        )?,
        FigureFormat::Svg | FigureFormat::Pdf | FigureFormat::Png => {
            let name = format!("{format:?}").to_lowercase();
            let (bytes, _warnings) = run_dot(&slide_dot::write(&scene), &name)
                .map_err(|e| miette::miette!(code = "render::graphviz", "{e}"))?;
            match (&args.output, format) {
                (Some(p), _) => write_file(p, &bytes, rules)?,
                (None, FigureFormat::Svg) => {
                    write_output(None, &String::from_utf8_lossy(&bytes), rules)?
                }
                (None, _) => miette::bail!(
                    code = "render::binary_to_stdout",
                    "{name} is binary: give a file with -o"
                ),
            }
        }
    }
    Ok(Outcome::Done)
}

/// The format an output file's extension names.
fn format_of(path: &Path) -> FigureFormat {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match ext.as_str() {
        "svg" => FigureFormat::Svg,
        "pdf" => FigureFormat::Pdf,
        "png" => FigureFormat::Png,
        "tex" | "tikz" => FigureFormat::Tex,
        // Anything else (`.gv`, no extension, …) is DOT, the format that needs no tool.
        _ => FigureFormat::Dot,
    }
}

/// A line of optimal play from the solver, as the overlay draws it (`None`: the budget ran
/// out first).
fn line_of_play(g: &Geography, args: &RenderArgs) -> miette::Result<Option<Vec<PlayedMove>>> {
    let b = budget(&args.budget)?;
    let mut solution = match solve_with(g, Method::Auto, &b) {
        Ok(s) => s,
        Err(crate::solvers::SolveError::Budget(_)) => return Ok(None),
        Err(e) => miette::bail!(code = "render::solve", "{e}"),
    };
    if solution.principal_variation.is_empty() && solution.winning_move.is_some() {
        match solve_with(g, Method::Exhaustive, &budget(&args.budget)?) {
            Ok(s) => solution.principal_variation = s.principal_variation,
            Err(crate::solvers::SolveError::Budget(_)) => return Ok(None),
            Err(e) => miette::bail!(code = "render::solve", "{e}"),
        }
    }
    Ok(Some(played(g, &solution.principal_variation)))
}

/// Moves as the overlay draws them: who moved (partizan: the token's owner; otherwise the
/// players alternate, I first), the edge used and where the token went.
pub fn played(g: &Geography, line: &[Move]) -> Vec<PlayedMove> {
    let partizan = matches!(g.tokens, crate::problems::Tokens::Partizan { .. });
    line.iter()
        .enumerate()
        .map(|(k, m)| {
            let alternate = u8::from(k % 2 == 1);
            match *m {
                Move::Place { vertex } => PlayedMove {
                    edge: None,
                    to: vertex,
                    player: alternate,
                },
                Move::Step {
                    token, edge, to, ..
                } => PlayedMove {
                    edge: Some(edge),
                    to,
                    player: if partizan { token.min(1) } else { alternate },
                },
                Move::Nim { to, .. } => PlayedMove {
                    edge: None,
                    to: to.unwrap_or(usize::MAX),
                    player: alternate,
                },
            }
        })
        .collect()
}
