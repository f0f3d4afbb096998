//! `georeduce render FILE [--to T | --via IDS] -o OUT`: the paper's drawing of an instance
//! or of what a reduction compiles it to, as DOT, SVG, PDF, PNG or TikZ (by OUT's extension).

use super::super::Outcome;
use super::super::args::{FigureFormat, RenderArgs};
use super::super::input::{WriteRules, input_cap, read_instance_capped, write_file, write_output};
use super::super::output::{describe_move, describe_move_with};
use super::check_cert::{CertText, parse_certificate, read_certificate};
use super::{apply_chain, budget, instance_bytes, select_chain};
use crate::certify::{CertificateBody, Replay, StrategyPlayer};
use crate::problems::{Geography, Instance, Locator, Move};
use crate::reductions::{ProblemKind, Reduced, Reduction};
use crate::render::budget::{
    DrawingBudget, DrawingTooLarge, HullPlan, figure_estimate, figure_words, graphviz_estimate,
    scene_estimate, scene_words, text_estimate,
};
use crate::render::figure::{label_unicode, vertex_label};
use crate::render::graphviz::run_dot_until;
use crate::render::pipeline::{figure_of, formula_text, source_figure};
use crate::render::tikz::{self, TikzOptions};
use crate::render::{Figure, Options, PlayedMove, Scene, slide_dot};
use crate::solvers::geography::{Method, solve_with};
use std::path::Path;

/// Draws the instance (or its compiled target) and writes the figure, within `--timeout`:
/// a drawing that has not finished by then (a construction of hundreds of thousands of
/// arcs, graphviz on it) ends "unknown" with exit code 3 rather than running on.
pub fn run(args: &RenderArgs) -> miette::Result<Outcome> {
    tikz_flags_need_tikz(args)?;
    let deadline = budget(&args.budget)?.deadline;
    let owned = args.clone();
    // Set while the solver behind --play runs and left set when it runs out, so that the
    // answer is reported once, as the solve's, not the drawing's.
    let solving = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = solving.clone();
    // A panic of the drawing thread is raised again here: `within` would otherwise report
    // it as a drawing that missed the deadline.
    let drawing = move || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            draw(&owned, deadline, &flag)
        }))
    };
    match crate::render::pipeline::within(deadline, drawing) {
        // The solve behind --play ran out (the flag stays set): said here, once, whether the
        // drawing thread returned first or the deadline passed first.
        Some(Ok(Ok(Outcome::Unknown))) | None
            if solving.load(std::sync::atomic::Ordering::SeqCst) =>
        {
            crate::outln!("{}", play_unknown(args));
            Ok(Outcome::Unknown)
        }
        Some(Ok(outcome)) => outcome,
        Some(Err(panic)) => std::panic::resume_unwind(panic),
        None => {
            crate::outln!(
                "answer:  unknown (the drawing did not finish before the --timeout deadline, {} s)",
                args.budget.timeout
            );
            Ok(Outcome::Unknown)
        }
    }
}

/// The "unknown" line when the solve behind `--play` ran out of budget: the answer is
/// unknown, as `solve` would say, and nothing was drawn.
fn play_unknown(args: &RenderArgs) -> String {
    let budget = match args.budget.max_nodes {
        Some(n) => format!("--timeout {} s or --max-nodes {n}", args.budget.timeout),
        None => format!("--timeout {} s", args.budget.timeout),
    };
    format!(
        "answer:  unknown (budget exhausted: the solve for --play ended unknown within {budget}; \
         nothing drawn)"
    )
}

/// The format `render` writes: `--format`, else OUTPUT's extension, else DOT.
fn chosen_format(args: &RenderArgs) -> FigureFormat {
    match (args.format, &args.output) {
        (Some(f), _) => f,
        (None, None) => FigureFormat::Dot,
        (None, Some(p)) => format_of(p),
    }
}

/// `--standalone` and `--beamer-steps` shape the TikZ text only (SVG, PDF and PNG come from
/// graphviz, which has no document or overlay to make): with another format they would be
/// ignored without a word, so they are a usage error (exit 2), checked before any work.
fn tikz_flags_need_tikz(args: &RenderArgs) -> miette::Result<()> {
    let format = chosen_format(args);
    if format == FigureFormat::Tex {
        return Ok(());
    }
    let flag = match (args.standalone, args.beamer_steps) {
        (true, _) => "--standalone",
        (false, true) => "--beamer-steps",
        (false, false) => return Ok(()),
    };
    let name = match format {
        FigureFormat::Dot => "DOT",
        FigureFormat::Svg => "SVG",
        FigureFormat::Pdf => "PDF",
        FigureFormat::Png => "PNG",
        FigureFormat::Tex => "TikZ",
    };
    let chosen_by = match (args.format, &args.output) {
        (Some(_), _) => "--format".to_string(),
        (None, Some(p)) => format!("-o {}", p.display()),
        (None, None) => "the default for standard output".to_string(),
    };
    miette::bail!(
        code = "cli::tikz_only_flag",
        help = "write TikZ (`-o FIGURE.tex` or `--format tex`), or drop the flag: graphviz \
                draws SVG, PDF and PNG without a LaTeX document or beamer steps",
        "{flag} is for TikZ output only, not {name} ({chosen_by})"
    )
}

/// [`run`] without its deadline watch: `deadline` only stops graphviz.
fn draw(
    args: &RenderArgs,
    deadline: Option<std::time::Instant>,
    solving: &std::sync::atomic::AtomicBool,
) -> miette::Result<Outcome> {
    let memory = args.budget.memory.bytes();
    let parsed = read_instance_capped(&args.file, input_cap(memory))?;
    let (steps, reduced, chain): (Vec<&'static dyn Reduction>, Vec<Reduced>, usize) =
        match (&args.to, &args.via) {
            (None, None) => (Vec::new(), Vec::new(), 0),
            (to, via) => {
                let steps = select_chain(
                    ProblemKind::of(&parsed.instance),
                    to.as_deref(),
                    via.as_deref(),
                )?;
                let (reduced, held) = apply_chain(&parsed, &steps, memory)?;
                (steps, reduced, held)
            }
        };
    // The drawing counts against what the input and the chain left (`render::budget`):
    // each stage is estimated before it is built.
    let (source_n, source_m) = graph_size(&parsed.instance);
    let mut drawing = DrawingBudget::new(
        memory,
        chain.saturating_add(instance_bytes(source_n, source_m)),
    );
    let target_instance = reduced.last().map_or(&parsed.instance, |r| &r.target);
    let (n, m) = graph_size(target_instance);
    drawing
        .charge("the figure", || figure_words(n, m), figure_estimate(n, m))
        .map_err(too_large)?;
    if args.source_beside && !steps.is_empty() {
        drawing
            .charge(
                "the source figure",
                || figure_words(source_n, source_m),
                figure_estimate(source_n, source_m),
            )
            .map_err(too_large)?;
    }
    let fig = figure_of(&parsed.instance, &steps, &reduced)
        .map_err(|e| parsed.error_at(&Locator::Whole, "render::no_graph", e.to_string(), None))?;
    if let (true, Some(why)) = (args.compact, &fig.no_compact) {
        miette::bail!(
            code = "render::nothing_to_compact",
            help = "draw it without --compact",
            "--compact: {why}"
        );
    }
    let target = reduced.last().map_or(&parsed.instance, |r| &r.target);
    let overlay = args.play || args.strategy.is_some();
    let line: Vec<Move> = match (overlay, target) {
        (false, _) => Vec::new(),
        (true, Instance::Geography(g)) => match &args.strategy {
            Some(cert) => certificate_line(g, cert, args)?,
            None => {
                // Set until the line is known; left set when the solve runs out, so that
                // `run` alone reports it (printing here too raced with its deadline watch).
                solving.store(true, std::sync::atomic::Ordering::SeqCst);
                match line_of_play(g, args, deadline)? {
                    Some(line) => {
                        solving.store(false, std::sync::atomic::Ordering::SeqCst);
                        line
                    }
                    None => return Ok(Outcome::Unknown),
                }
            }
        },
        (true, other) => miette::bail!(
            code = "render::play_needs_game",
            "--play and --strategy draw moves of a game, but this is a {} instance (compile \
             it to a game with --to)",
            other.kind()
        ),
    };
    let mut play = match target {
        Instance::Geography(g) => played(g, &line),
        _ => Vec::new(),
    };
    // The moves in words, labelled as the figure labels the vertices (with -o only: on
    // standard output they would mix with the figure).
    if let (Instance::Geography(g), Some(_)) = (target, &args.output)
        && !line.is_empty()
    {
        let words: Vec<String> = line
            .iter()
            .enumerate()
            .map(|(k, m)| format!("{}. {}", k + 1, move_words(g, &fig, m, args.names)))
            .collect();
        crate::outln!("line of play: {}", words.join(", "));
    }
    let fig = match args.source_beside {
        false => fig,
        true => match (
            source_figure(&parsed.instance).map_err(|e| {
                parsed.error_at(&Locator::Whole, "render::no_graph", e.to_string(), None)
            })?,
            &parsed.instance,
        ) {
            (Some(src), _) if !steps.is_empty() => {
                // The target's vertices and edges come after the source's.
                for m in &mut play {
                    m.to += src.nodes.len();
                    m.edge = m.edge.map(|e| e + src.edges.len());
                }
                fig.beside(src)
            }
            (None, Instance::Qbf(q)) => {
                let mut fig = fig;
                fig.caption.push(format!("source: {}", formula_text(q)));
                fig
            }
            _ => fig,
        },
    };
    let opts = Options {
        names: args.names,
        no_labels: args.no_labels,
        mono: args.mono,
        expand_cigars: args.expand_cigars,
        compact: args.compact,
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
    let after_figure = drawing.clone();
    drawing
        .charge(
            "the scene",
            || figure_words(fig.nodes.len(), fig.edges.len()),
            scene_estimate(&fig, &opts, HullPlan::of(&fig)),
        )
        .map_err(too_large)?;
    let scene = Scene::new(&fig, &opts);
    let format = chosen_format(args);
    // The instance and a `--strategy` certificate are both read: neither is overwritten.
    let inputs: Vec<&Path> = std::iter::once(args.file.as_path())
        .chain(args.strategy.as_deref())
        .collect();
    let rules = WriteRules {
        force: args.force,
        inputs: &inputs,
    };
    let tikz_opts = TikzOptions {
        standalone: args.standalone,
        beamer_steps: args.beamer_steps,
    };
    write_figure(
        &scene,
        format,
        args.output.as_deref(),
        rules,
        (tikz_opts, deadline),
        drawing,
    )?;
    drop(scene);
    // `--compact` draws gadgets as boxes; one figure per kind of gadget shows one of them in
    // full, as the papers do (`OUT-detail-KIND.EXT`).
    if let (true, Some(out)) = (args.compact, &args.output) {
        let detail_opts = Options {
            compact: false,
            play: Vec::new(),
            highlight: None,
            title: None,
            ..opts
        };
        for (kind, detail) in fig.detail_figures() {
            let path = detail_path(out, &kind);
            let mut drawing = after_figure.clone();
            drawing
                .charge(
                    "a detail figure's scene",
                    || figure_words(detail.nodes.len(), detail.edges.len()),
                    scene_estimate(&detail, &detail_opts, HullPlan::of(&detail)),
                )
                .map_err(too_large)?;
            let scene = Scene::new(&detail, &detail_opts);
            write_figure(
                &scene,
                format,
                Some(&path),
                rules,
                (tikz_opts, deadline),
                drawing,
            )?;
            crate::outln!("detail:  {}", path.display());
        }
    }
    Ok(Outcome::Done)
}

/// `OUT-detail-KIND.EXT` beside `out` (`board.svg` → `board-detail-clause.svg`).
fn detail_path(out: &Path, kind: &str) -> std::path::PathBuf {
    let stem = out.file_stem().and_then(|s| s.to_str()).unwrap_or("figure");
    let name = match out.extension().and_then(|e| e.to_str()) {
        Some(ext) => format!("{stem}-detail-{kind}.{ext}"),
        None => format!("{stem}-detail-{kind}"),
    };
    out.with_file_name(name)
}

/// Writes `scene` in `format` to `out` (standard output when `None`), once its text (and
/// graphviz, for SVG, PDF and PNG) fits in what `drawing` has left.
fn write_figure(
    scene: &Scene,
    format: FigureFormat,
    out: Option<&Path>,
    rules: WriteRules,
    (tikz_opts, deadline): (TikzOptions, Option<std::time::Instant>),
    mut drawing: DrawingBudget,
) -> miette::Result<()> {
    let text = text_estimate(scene);
    let words = || scene_words(scene);
    drawing
        .charge(
            match format {
                FigureFormat::Tex => "the TikZ text",
                _ => "the DOT text",
            },
            words,
            text,
        )
        .map_err(too_large)?;
    match format {
        FigureFormat::Dot => write_output(out, &slide_dot::write(scene), rules)?,
        FigureFormat::Tex => write_output(out, &tikz::write(scene, tikz_opts), rules)?,
        FigureFormat::Svg | FigureFormat::Pdf | FigureFormat::Png => {
            let name = format!("{format:?}").to_lowercase();
            let dot = slide_dot::write(scene);
            // Graphviz grows with the text it reads: counted once its length is known.
            drawing
                .charge("graphviz", words, graphviz_estimate(dot.len()))
                .map_err(too_large)?;
            let (bytes, _warnings) = run_dot_until(&dot, &name, deadline)
                .map_err(|e| miette::miette!(code = "render::graphviz", "{e}"))?;
            match (out, format) {
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
    Ok(())
}

/// A drawing over `--memory` as a size diagnostic (exit 2).
fn too_large(e: DrawingTooLarge) -> miette::Report {
    miette::miette!(
        code = "render::too_large",
        help = "raise --memory, draw the gadgets as boxes with --compact, or draw a smaller \
                instance (docs/limits.md)",
        "{e}"
    )
}

/// Vertices and edges of an instance's graph (0 for a formula).
fn graph_size(instance: &Instance) -> (usize, usize) {
    instance.graph().map_or((0, 0), |g| (g.n(), g.m()))
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

/// A move in words with the vertex labels `fig` draws (a vertex the figure leaves unlabelled,
/// a dot, by its label in the game), or the identifiers with `--names`.
fn move_words(g: &Geography, fig: &Figure, m: &Move, names: bool) -> String {
    let label = |v: usize| match fig.nodes.get(v).map(|n| label_unicode(&n.label)) {
        Some(l) if !l.is_empty() => l,
        _ => vertex_label(&g.graph, v),
    };
    match names {
        true => describe_move(g, m),
        false => describe_move_with(g, m, label),
    }
}

/// Most positions visited while looking for the loser's longest resistance to a
/// certificate; past it the loser takes their first legal move.
const RESISTANCE_SEARCH: u64 = 200_000;

/// The line of play of a `game_win` certificate: its winner plays the certificate's move,
/// the loser the move that makes the game last longest against it (the first such move;
/// the first legal move once [`RESISTANCE_SEARCH`] positions have been looked at).
fn certificate_line(g: &Geography, path: &Path, args: &RenderArgs) -> miette::Result<Vec<Move>> {
    let CertText { name, bytes, .. } = read_certificate(path, args.budget.memory.bytes())?;
    let text = String::from_utf8(bytes)
        .map_err(|_| miette::miette!(code = "render::certificate", "{name} is not UTF-8 text"))?;
    let cert = parse_certificate(&name, &text)?;
    let CertificateBody::GameWin(strategy) = &cert.body else {
        miette::bail!(
            code = "render::certificate",
            help = "`georeduce certify FILE --strategy -o CERT` writes a game_win certificate",
            "--strategy draws the moves of a game_win certificate, not of a {} one",
            cert.body.kind()
        );
    };
    let wrong = |e: crate::certify::CheckError| {
        miette::miette!(
            code = "render::certificate",
            help = "`georeduce check-cert FILE CERT` says where the certificate fails",
            "{name} does not fit this game: {e}"
        )
    };
    let player = StrategyPlayer::new(g, strategy).map_err(wrong)?;
    let start = Replay::new(g).map_err(wrong)?;
    let mut budget = RESISTANCE_SEARCH;
    longest_line(&start, &player, &mut budget).map_err(wrong)
}

/// The longest line from `at` where the certificate's winner follows it and the loser
/// chooses freely; `budget` counts positions looked at.
fn longest_line(
    at: &Replay,
    player: &StrategyPlayer,
    budget: &mut u64,
) -> Result<Vec<Move>, crate::certify::CheckError> {
    let legal = at.legal()?;
    if legal.is_empty() {
        return Ok(Vec::new());
    }
    *budget = budget.saturating_sub(1);
    let choices = match at.mover() == player.winner() {
        true => player.choose(at)?.into_iter().collect(),
        false if *budget == 0 => vec![legal[0]],
        false => legal,
    };
    let mut best: Option<Vec<Move>> = None;
    for m in choices {
        let mut next = at.clone();
        next.play(m)?;
        let mut line = vec![m];
        line.extend(longest_line(&next, player, budget)?);
        if best.as_ref().is_none_or(|b| line.len() > b.len()) {
            best = Some(line);
        }
    }
    Ok(best.unwrap_or_default())
}

/// A line of optimal play from the solver, as the overlay draws it (`None`: the budget ran
/// out first).
fn line_of_play(
    g: &Geography,
    args: &RenderArgs,
    deadline: Option<std::time::Instant>,
) -> miette::Result<Option<Vec<Move>>> {
    // The run's deadline, not a fresh one: --timeout bounds the whole render.
    let mut b = budget(&args.budget)?;
    b.deadline = deadline;
    let mut solution = match solve_with(g, Method::Auto, &b) {
        Ok(s) => s,
        Err(crate::solvers::SolveError::Budget(_)) => return Ok(None),
        Err(e) => miette::bail!(code = "render::solve", "{e}"),
    };
    if solution.principal_variation.is_empty() && solution.winning_move.is_some() {
        match solve_with(g, Method::Exhaustive, &b) {
            Ok(s) => solution.principal_variation = s.principal_variation,
            Err(crate::solvers::SolveError::Budget(_)) => return Ok(None),
            Err(e) => miette::bail!(code = "render::solve", "{e}"),
        }
    }
    Ok(Some(solution.principal_variation))
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
