//! Raw command-line flags (clap derive). Validation into settings happens in the commands.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Compile, solve and verify complexity reductions into Geography games.
#[derive(Debug, Parser)]
#[command(name = "georeduce", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// Options of every command (`--quiet`, `--color`).
    #[command(flatten)]
    pub ui: UiArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check an instance and print it back (DSL by default).
    Parse {
        /// Instance file (`-` for standard input).
        file: PathBuf,
        /// Print JSON instead of the DSL.
        #[arg(long)]
        json: bool,
        /// Output format (overrides --json).
        #[arg(long, value_enum)]
        format: Option<InstanceFormat>,
    },
    /// Solve an instance exactly: answer or winner, witness and statistics.
    Solve {
        /// Instance file (`-` for standard input).
        file: PathBuf,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Print the principal variation (a line of optimal play) for games.
        #[arg(long)]
        strategy: bool,
        /// Name vertices in moves by their identifiers (`not_x1`) instead of the labels the
        /// figure draws (`¬x₁`).
        #[arg(long)]
        names: bool,
        /// Which game solver to use.
        #[arg(long, value_enum, default_value_t = GameMethod::Auto)]
        method: GameMethod,
        /// Check a certificate of the answer with the independent checker before printing
        /// it; a rejected certificate is an internal error (exit code 1).
        #[arg(long)]
        self_check: bool,
        /// One-token games: solve from every vertex as the start (the file's start is
        /// ignored) and print each vertex's winner. Normal-play UVG answers from one
        /// Gallai–Edmonds decomposition and bipartite UEG from one GF(2) elimination; other
        /// games are solved once per start, the budget shared by the whole run.
        #[arg(long, conflicts_with_all = ["strategy", "self_check", "batch"])]
        every_start: bool,
        /// Research batches: FILE holds one instance per line (graph6, sparse6, digraph6 or
        /// an edge list played as --game, or a JSON instance), solved in parallel; one JSON
        /// line per instance, or counts with --count-by. The budget applies per instance;
        /// each line gets the method `auto` would choose (`--method` is refused).
        #[arg(long, conflicts_with_all = ["strategy", "self_check", "method"])]
        batch: bool,
        /// Options of --batch.
        #[command(flatten)]
        batch_args: BatchArgs,
        /// Search budget.
        #[command(flatten)]
        budget: BudgetArgs,
    },
    /// List the reductions (the catalogue), or the reduction graph with --graph.
    List {
        /// Print the catalogue as JSON (not with --graph, which prints text or DOT).
        // Refused with --graph (and so --dot, which needs it) rather than silently ignored:
        // the graph has no JSON form, and its edges are the catalogue's `source`/`target`.
        #[arg(long, conflicts_with = "graph")]
        json: bool,
        /// Print the reduction graph (text, or DOT with --dot).
        #[arg(long)]
        graph: bool,
        /// With --graph: print DOT.
        // `conflicts_with` too: clap skips `requires` when --json (which conflicts with
        // --graph) is given, and `list --json --dot` printed JSON.
        #[arg(long, requires = "graph", conflicts_with = "json")]
        dot: bool,
    },
    /// Compile an instance into a target problem through a reduction (or a chain).
    Compile {
        /// Source instance file (`-` for standard input).
        file: PathBuf,
        /// Target problem (`georeduce list` shows them).
        #[arg(long)]
        to: Option<String>,
        /// Reduction ids to apply, comma-separated, in order.
        #[arg(long)]
        via: Option<String>,
        /// Write here instead of standard output (`-`: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Dsl)]
        format: OutputFormat,
        /// Overwrite OUTPUT even when it is a symbolic link.
        #[arg(long)]
        force: bool,
        /// Memory budget.
        #[command(flatten)]
        memory: MemoryArgs,
        /// JSON output (`--format json`).
        #[command(flatten)]
        json: JsonSwitch,
    },
    /// Compile, solve both sides independently, and compare: MATCH or MISMATCH.
    Verify {
        /// Source instance file (`-` for standard input).
        file: PathBuf,
        /// Target problem.
        #[arg(long)]
        to: Option<String>,
        /// Reduction ids to apply, comma-separated, in order.
        #[arg(long)]
        via: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Certify every answer of the chain and check the certificates with the independent
        /// checker; a rejected certificate is an internal error (exit code 1).
        #[arg(long)]
        self_check: bool,
        /// Carry certificates across every step: certify the source, map the certificate
        /// forward and check it on the target; certify the target, map it backward and check
        /// it on the source (maps the papers' proofs do not make constructive are reported).
        #[arg(long)]
        certify: bool,
        /// How each target's winner is established: `search` solves it, `certificate` maps
        /// the source's certificate forward and checks it, `auto` searches for a quarter of
        /// the timeout (at most 3 s) and falls back to the certificate for the steps whose
        /// search did not finish.
        #[arg(long, value_enum, default_value_t = VerifyBy::Auto)]
        by: VerifyBy,
        /// Where `--certify` saves the certificates it builds and maps.
        #[command(flatten)]
        save: SaveCertsArgs,
        /// Budget: `--timeout` bounds the whole verification; `--max-nodes` and `--memory`
        /// apply to each solve separately (each side of each step).
        #[command(flatten)]
        budget: BudgetArgs,
    },
    /// Solve an instance and write a certificate of the answer (JSON, docs/certificates.md).
    Certify {
        /// Instance file (`-` for standard input).
        file: PathBuf,
        /// Write the certificate here instead of standard output (`-`: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Overwrite OUTPUT even when it is a symbolic link.
        #[arg(long)]
        force: bool,
        /// Games: write a winning strategy (`game_win`) even where a compact certificate
        /// (`uvg_matching`, `ueg_kernel`) exists.
        #[arg(long)]
        strategy: bool,
        /// Search budget (applies to solving and to building the certificate).
        #[command(flatten)]
        budget: BudgetArgs,
    },
    /// Check a certificate against an instance with the independent checker (no solver).
    CheckCert {
        /// Instance file (`-` for standard input).
        file: PathBuf,
        /// Certificate file (JSON).
        cert: PathBuf,
        /// Give up after this many seconds: "undecided" (exit code 3); 0, or more than a
        /// year, means no limit.
        #[arg(long, value_name = "SECS", default_value_t = 60.0, value_parser = parse_timeout)]
        timeout: f64,
        /// Memory budget.
        #[command(flatten)]
        memory: MemoryArgs,
    },
    /// Random differential testing of reductions: generate, compile, solve both sides,
    /// compare; shrink any counterexample to a minimal one.
    Check(Box<CheckArgs>),
    /// Join the JSON reports of a campaign's `check --shard i/k` runs (all k of them) into
    /// the unsharded run's report: JSON and JUnit, and its summary (same as `check --merge`).
    MergeReports(MergeReportsArgs),
    /// Draw an instance, or what a reduction compiles it to, as the paper draws it: DOT,
    /// SVG, PDF or PNG (graphviz) or TikZ, chosen by OUTPUT's extension (docs/figures.md).
    ///
    /// Budgets: --timeout, --max-nodes and --threads bound the solve behind --play; --memory
    /// also caps the input, the chain of --to or --via, a --strategy certificate and the
    /// drawing (figure, text and graphviz, each counted before it is built: a drawing that
    /// would not fit is refused with exit code 2, docs/limits.md). --timeout also bounds the
    /// whole command, drawing and graphviz included: past it, "unknown" and exit code 3
    /// (docs/figures.md).
    Render(RenderArgs),
    /// Draw every reduction on its paper's example into DIR: SVG and TikZ figures and a
    /// Markdown page (docs/gallery/ holds the result).
    Gallery(GalleryArgs),
    /// Which chain `compile --to` and `verify --to` take from one problem kind to another,
    /// and every other chain.
    Path(PathArgs),
    /// One reduction's catalogue entry.
    Show(ShowArgs),
    /// A random instance of a problem kind, from the generators `check` uses.
    Create(CreateArgs),
    /// Map a certificate of the compiled target back to the source, through each step's
    /// backward map, every image checked by the independent checker.
    Extract(ExtractArgs),
    /// Print a shell completion script (`source <(georeduce completions bash)`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// Flags of `georeduce render`.
#[derive(Debug, Args, Clone)]
pub struct RenderArgs {
    /// Instance file (`-` for standard input).
    pub file: PathBuf,
    /// Write here; the extension picks the format (.dot, .svg, .pdf, .png, .tex). Without
    /// it, DOT (or --format) goes to standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Format for standard output, or to override OUTPUT's extension.
    #[arg(long, value_enum)]
    pub format: Option<FigureFormat>,
    /// Compile to this problem first and draw the target (`georeduce list`).
    #[arg(long)]
    pub to: Option<String>,
    /// Apply these reductions first (comma-separated) and draw the target.
    #[arg(long)]
    pub via: Option<String>,
    /// Caption (defaults to the construction and its theorem).
    #[arg(long)]
    pub title: Option<String>,
    /// Label vertices with their internal identifiers (debugging).
    #[arg(long)]
    pub names: bool,
    /// Draw no vertex labels.
    #[arg(long)]
    pub no_labels: bool,
    /// Black and white for print: players told apart by line style.
    #[arg(long)]
    pub mono: bool,
    /// Draw every vertex and arc of a cigar instead of one ellipse.
    #[arg(long)]
    pub expand_cigars: bool,
    /// Draw every outlined gadget (cluster, cigar, arc gadget, split vertex) as one labelled
    /// shape, arcs into it ending on its border.
    #[arg(long, conflicts_with = "expand_cigars")]
    pub compact: bool,
    /// Mark the gadget with this name (`x1`, `C2`, `cigar1`, …).
    #[arg(long, value_name = "GADGET")]
    pub highlight: Option<String>,
    /// Overlay a line of optimal play from the solver (moves numbered, coloured by player).
    #[arg(long)]
    pub play: bool,
    /// Overlay the moves of a `game_win` certificate (`georeduce certify` writes one): the
    /// winner plays the certificate, the loser the longest resistance; numbered, coloured
    /// by player.
    #[arg(long, value_name = "CERT", conflicts_with = "play")]
    pub strategy: Option<PathBuf>,
    /// Draw the source instance beside the target (the formula in the caption for QBF).
    #[arg(long)]
    pub source_beside: bool,
    /// TikZ: a complete document that pdflatex compiles (16:9 page).
    #[arg(long)]
    pub standalone: bool,
    /// TikZ: uncover the figure gadget by gadget (`\uncover<k->`; a beamer frame with
    /// --standalone).
    #[arg(long)]
    pub beamer_steps: bool,
    /// Overwrite OUTPUT even when it is a symbolic link.
    #[arg(long)]
    pub force: bool,
    /// Budget of the solver behind --play.
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// What `render` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FigureFormat {
    /// Graphviz DOT with pinned positions (no external tool needed).
    Dot,
    /// SVG through graphviz.
    Svg,
    /// PDF through graphviz.
    Pdf,
    /// PNG through graphviz (fits 1920×1080).
    Png,
    /// TikZ from our own coordinates.
    Tex,
}

/// Flags of `georeduce gallery`.
#[derive(Debug, Args, Clone)]
pub struct GalleryArgs {
    /// Directory to write (created if missing).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Write only DOT and TikZ (no graphviz needed).
    #[arg(long)]
    pub no_svg: bool,
}

/// Flags of `georeduce check`.
#[derive(Debug, Args, Clone)]
pub struct CheckArgs {
    /// Reductions to check (repeat, or comma-separate); "as printed" variants only when named.
    #[arg(long, value_delimiter = ',')]
    pub via: Vec<String>,
    /// Check every registered reduction (except the "as printed" variants).
    #[arg(long)]
    pub all: bool,
    /// Random cases per reduction (all shards together), at most 100,000,000; 0 with
    /// --from-dir or --cases-from checks only those instances.
    #[arg(long, default_value_t = crate::check::DEFAULT_CASES, value_parser = parse_cases)]
    pub cases: usize,
    /// Campaign seed (printed in every report; the same seed reproduces the same cases).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Largest size class (variables of a formula, vertices of a graph or game), at most
    /// 1,000.
    #[arg(long, default_value_t = crate::check::DEFAULT_MAX_SIZE, value_parser = parse_max_size)]
    pub max_size: usize,
    /// Also carry certificates across the reduction on every agreeing case (source and
    /// target certificates, their forward and backward images), each checked by the
    /// independent checker; a rejected one is a failure, shrunk like a mismatch.
    #[arg(long)]
    pub certify: bool,
    /// Write the JSON report here.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write a JUnit XML report here (one test case per reduction × size class).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Run only shard i of k (cases with index % k == i), e.g. `--shard 0/4`.
    #[arg(long, value_name = "i/k")]
    pub shard: Option<String>,
    /// Save minimal counterexamples here.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Search-node budget per solver call (0: unlimited); cases over budget are skipped and
    /// counted.
    #[arg(long, value_name = "N", default_value_t = crate::check::DEFAULT_BUDGET_NODES)]
    pub max_nodes: u64,
    /// Overwrite the report files even when they are symbolic links.
    #[arg(long)]
    pub force: bool,
    /// Memory budget of each solver call.
    #[command(flatten)]
    pub memory: CampaignMemoryArgs,
    /// A reduction in any language, checked instead of registered ones.
    #[command(flatten)]
    pub command: CheckCommandArgs,
    /// Also check every instance file (*.qbf, *.qdimacs, *.geo, *.json) in DIR, before the
    /// random cases (`--cases 0`: only these).
    #[arg(long, value_name = "DIR")]
    pub from_dir: Option<PathBuf>,
    /// Also check the instances in FILE, one per line (JSON, or a one-line formula or DSL
    /// instance; blank lines and `#` comments skipped), before the random cases.
    #[arg(long, value_name = "FILE")]
    pub cases_from: Option<PathBuf>,
    /// Join the JSON reports of `--shard i/k` runs (all k of them) into the report of the
    /// unsharded run, written with --json and --junit and summarised; nothing is run (the
    /// same as `georeduce merge-reports`).
    #[arg(long, value_name = "REPORT", num_args = 1.., conflicts_with_all = [
        "via", "all", "shard", "certify", "out_dir", "reduction_cmd", "from_dir", "cases_from",
    ])]
    pub merge: Vec<PathBuf>,
}

/// Flags of `georeduce merge-reports`.
#[derive(Debug, Args, Clone)]
pub struct MergeReportsArgs {
    /// The JSON reports of every shard 0/k … (k−1)/k of one campaign.
    #[arg(value_name = "REPORT", required = true, num_args = 1..)]
    pub reports: Vec<PathBuf>,
    /// Write the merged JSON report here (`-`: standard output).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the merged JUnit XML report here (`-`: standard output).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Overwrite the report files even when they are symbolic links.
    #[arg(long)]
    pub force: bool,
    /// Most memory, in MB, for the reports read: a report over the input cap it implies is
    /// a size diagnostic (exit code 2). Default: half of the machine's available memory, at
    /// most 512 MB, as for `check`.
    // Not `CampaignMemoryArgs`: its help describes `check`'s cases and inputs, which
    // `merge-reports` does not have.
    #[arg(long, value_name = "MB", value_parser = parse_memory)]
    pub memory: Option<u64>,
}

/// `check --reduction-cmd`: a reduction run as a command (source on standard input, target on
/// standard output).
#[derive(Debug, Args, Clone, Default)]
pub struct CheckCommandArgs {
    /// The reduction command, run by `sh -c` once per case: it reads the source instance on
    /// standard input and prints the target instance (JSON or DSL) on standard output.
    #[arg(long, value_name = "CMD", requires_all = ["from", "to"], conflicts_with_all = ["via", "all"])]
    pub reduction_cmd: Option<String>,
    /// Source kind the command reads (`qbf`, `hampath`, `vertex-cover`, `dvg`, …).
    #[arg(long, value_name = "KIND", requires = "reduction_cmd")]
    pub from: Option<String>,
    /// Target kind the command must print.
    #[arg(long, value_name = "KIND", requires = "reduction_cmd")]
    pub to: Option<String>,
    /// Command carrying a source certificate to the target (with --certify): reads
    /// `{"source", "target", "certificate"}` JSON, prints the target certificate.
    #[arg(long, value_name = "CMD", requires = "reduction_cmd")]
    pub forward_cmd: Option<String>,
    /// Command carrying a target certificate back to the source (with --certify), same input.
    #[arg(long, value_name = "CMD", requires = "reduction_cmd")]
    pub backward_cmd: Option<String>,
    /// How the source is written on the command's standard input.
    #[arg(long, value_enum, default_value_t = CommandIoArg::Json, requires = "reduction_cmd")]
    pub io: CommandIoArg,
    /// Seconds each run of a command may take; then its process group is killed and the case
    /// fails as a hang.
    #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = parse_timeout, requires = "reduction_cmd")]
    pub case_timeout: f64,
    /// Name of the command's reduction in reports (also seeds its cases); default
    /// `custom-FROM-TO`.
    #[arg(long, value_name = "ID", requires = "reduction_cmd")]
    pub id: Option<String>,
    /// Which target winner means "yes" for the source.
    #[arg(long, value_enum, default_value_t = YesWinner::First, requires = "reduction_cmd")]
    pub yes_winner: YesWinner,
}

/// `check --io`: how the source instance is written on a reduction command's standard input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum CommandIoArg {
    /// JSON on one line (the form `parse --format json` prints).
    #[default]
    Json,
    /// The instance language (what `parse` prints).
    Dsl,
}

/// `check --yes-winner`: the target winner that stands for a YES source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum YesWinner {
    /// Player I wins the target iff the source is YES.
    #[default]
    First,
    /// Player II wins the target iff the source is YES.
    Second,
}

/// Options of `solve --batch`.
#[derive(Debug, Args, Clone)]
pub struct BatchArgs {
    /// The game played on each graph line (JSON lines carry their own game).
    #[arg(long, value_enum, requires = "batch")]
    pub game: Option<BatchGame>,
    /// Start vertex (0-based, as nauty numbers vertices) of the one-token games; without it
    /// they are played unrooted.
    #[arg(long, value_name = "V", requires = "batch")]
    pub start: Option<usize>,
    /// Misère play (the player who cannot move wins).
    #[arg(long, requires = "batch")]
    pub misere: bool,
    /// Print a count table instead of one JSON line per instance (JSON counts with --json).
    #[arg(long, value_enum, requires = "batch")]
    pub count_by: Option<CountBy>,
    /// Solve only the lines whose 0-based line number is i mod k, e.g. `--shard 0/4`.
    #[arg(long, value_name = "i/k", requires = "batch")]
    pub shard: Option<String>,
}

/// The game `solve --batch` plays on a graph line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BatchGame {
    /// Trail Trap: unrooted partizan undirected edge geography (Buchanan et al.).
    TrailTrap,
    /// Undirected vertex geography.
    Uvg,
    /// Undirected edge geography.
    Ueg,
    /// Directed vertex geography (digraph6 lines; edge lists read as arcs u -> v).
    Dvg,
    /// Directed edge geography (digraph6 lines; edge lists read as arcs u -> v).
    Deg,
}

impl BatchGame {
    /// The name as written on the command line.
    pub fn name(self) -> &'static str {
        match self {
            BatchGame::TrailTrap => "trail-trap",
            BatchGame::Uvg => "uvg",
            BatchGame::Ueg => "ueg",
            BatchGame::Dvg => "dvg",
            BatchGame::Deg => "deg",
        }
    }
}

/// What `solve --batch --count-by` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountBy {
    /// The winner of each game: first, second, unknown.
    Winner,
}

/// Search limits shared by `solve` and `verify`.
#[derive(Debug, Args, Clone)]
pub struct BudgetArgs {
    /// Give up after this many seconds and answer "unknown" (exit code 3); 0, or more than
    /// a year, means no limit.
    #[arg(long, value_name = "SECS", default_value_t = 60.0, value_parser = parse_timeout)]
    pub timeout: f64,
    /// Give up after this many search nodes and answer "unknown" (exit code 3). The count is
    /// per solve: `verify` gives the source and each step's target a count of their own,
    /// whereas `--timeout` is one deadline for all of them.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Memory budget.
    #[command(flatten)]
    pub memory: MemoryArgs,
    /// Threads for one exhaustive geography search: every thread searches on one shared
    /// table and they split the tree as they go (same answer, move and line as one thread;
    /// `--max-nodes` counts all threads). 0 = every core. `solve --batch`
    /// solves its lines in parallel instead and ignores it.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
}

/// The memory budget shared by `solve`, `verify`, `certify`, `check-cert`, `compile` and
/// `check` (docs/limits.md).
#[derive(Debug, Args, Clone, Default)]
pub struct MemoryArgs {
    /// Most memory, in MB, for what the command holds (the input text, compiled instances,
    /// solver tables, certificates); what would not fit ends in "unknown" (exit code 3) or a
    /// size diagnostic (exit code 2), as docs/limits.md lists. Default: half of the machine's
    /// available memory.
    #[arg(long, value_name = "MB", value_parser = parse_memory)]
    pub memory: Option<u64>,
}

impl MemoryArgs {
    /// The budget in bytes: the flag, or half of the available memory.
    pub fn bytes(&self) -> usize {
        match self.memory {
            Some(mb) => usize::try_from(mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX),
            None => default_memory_bytes(),
        }
    }
}

/// The memory budget of `check` and `merge-reports`: one case runs at a time, and the budget
/// bounds each of its solver calls, the instances it reads and a reduction command's output.
#[derive(Debug, Args, Clone, Default)]
pub struct CampaignMemoryArgs {
    /// Most memory, in MB, for each solver call of a case (its tables and certificates: a
    /// case that would need more is skipped and counted), the instances read from
    /// --from-dir, --cases-from or --merge, and the output of --reduction-cmd (an input over
    /// it is a size diagnostic, exit code 2). Default: half of the machine's available
    /// memory, at most 512 MB.
    #[arg(long, value_name = "MB", value_parser = parse_memory)]
    pub memory: Option<u64>,
}

impl CampaignMemoryArgs {
    /// The budget in bytes: the flag, or half of the available memory capped at
    /// [`crate::check::DEFAULT_MEMORY_CAP`].
    pub fn bytes(&self) -> usize {
        match self.memory {
            Some(_) => MemoryArgs {
                memory: self.memory,
            }
            .bytes(),
            None => default_memory_bytes().min(crate::check::DEFAULT_MEMORY_CAP),
        }
    }
}

/// Memory assumed when /proc/meminfo cannot be read: 4 GiB.
pub const FALLBACK_MEMORY_BYTES: usize = 4 << 30;

/// Half of `MemAvailable` in /proc/meminfo (Linux), or [`FALLBACK_MEMORY_BYTES`] elsewhere.
pub fn default_memory_bytes() -> usize {
    let available_kb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
    match available_kb {
        Some(kb) => usize::try_from(kb.saturating_mul(1024) / 2).unwrap_or(usize::MAX),
        None => FALLBACK_MEMORY_BYTES,
    }
}

/// Parses `--memory`: a whole number of MB, at least 1.
pub fn parse_memory(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(0) | Err(_) => Err(format!("`{s}` is not a number of MB (at least 1)")),
        Ok(mb) => Ok(mb),
    }
}

/// How `verify` establishes a target's winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VerifyBy {
    /// Search when it finishes within the budget, certificate otherwise.
    Auto,
    /// Solve every instance of the chain.
    Search,
    /// Carry the source's certificate forward through every step and check it.
    Certificate,
}

/// Formats an instance can be printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InstanceFormat {
    /// The georeduce DSL.
    Dsl,
    /// JSON (serde).
    Json,
    /// QDIMACS (QBF instances only).
    Qdimacs,
}

/// Formats `compile` can write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// The georeduce DSL (parses back with `georeduce parse`).
    Dsl,
    /// JSON (serde).
    Json,
    /// Graphviz DOT, gadgets as labelled clusters.
    Dot,
}

/// Game solvers selectable with `--method`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameMethod {
    /// A polynomial algorithm when one applies, exhaustive search otherwise.
    Auto,
    /// Memoised exhaustive search.
    Exhaustive,
    /// Maximum matching (undirected vertex geography).
    Matching,
    /// GF(2) linear algebra (bipartite undirected edge geography).
    Gf2,
    /// Backward induction (one-token games on DAGs).
    Dag,
    /// Fraenkel–Simonson's tree algorithms (rooted PVG/PAG and IVG2/IAG2 on directed trees;
    /// rooted PVG/PAG on undirected forests and Trail Trap).
    Tree,
    /// Maximum matching for misère NimG-RM (bipartite without loops, or a loop on every
    /// vertex).
    NimMatching,
    /// The race search: normal-play partizan edge geography on undirected graphs (Trail
    /// Trap, rooted or not), split into two longest-trail races once the tokens cannot meet.
    Race,
    /// Depth-first proof-number search (rooted one-token vertex or edge geography).
    Dfpn,
}

/// Longest timeout taken literally, in seconds (365 days); a longer one means no limit, since
/// a deadline that far ahead would overflow the clock and no run is meant to wait for it.
pub const MAX_TIMEOUT_SECS: f64 = 365.0 * 24.0 * 3600.0;

/// Parses `--timeout`: a finite, non-negative number of seconds; 0 or more than
/// [`MAX_TIMEOUT_SECS`] is returned as 0 (no limit).
pub fn parse_timeout(s: &str) -> Result<f64, String> {
    let t: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !t.is_finite() || t < 0.0 {
        return Err(format!("`{s}` is not a number of seconds (0 for no limit)"));
    }
    Ok(if t > MAX_TIMEOUT_SECS { 0.0 } else { t })
}

/// Parses a count and checks it lies in `1..=max`; `what` names the flag in the message.
fn parse_bounded(s: &str, max: usize, what: &str) -> Result<usize, String> {
    let n: u128 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a whole number"))?;
    if n == 0 || n > max as u128 {
        return Err(format!("{what} must be between 1 and {max}, not {s}"));
    }
    Ok(n as usize)
}

/// Parses `check --max-size` (1 to [`crate::check::MAX_SIZE_LIMIT`]).
pub fn parse_max_size(s: &str) -> Result<usize, String> {
    parse_bounded(s, crate::check::MAX_SIZE_LIMIT, "--max-size")
}

/// Parses `create --size` (1 to [`crate::check::MAX_SIZE_LIMIT`], as `check --max-size`).
pub fn parse_size(s: &str) -> Result<usize, String> {
    parse_bounded(s, crate::check::MAX_SIZE_LIMIT, "--size")
}

/// Parses `check --cases` (0 to [`crate::check::MAX_CASES`]; 0 only makes sense with given
/// instances, which the command checks).
pub fn parse_cases(s: &str) -> Result<usize, String> {
    match s.trim() {
        "0" => Ok(0),
        _ => parse_bounded(s, crate::check::MAX_CASES, "--cases"),
    }
}

/// Options every command takes.
#[derive(Debug, Args, Clone)]
pub struct UiArgs {
    /// No progress, notes or chatter on standard error (results and errors still print).
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// Colour the verdicts (PASS/FAIL, MATCH/MISMATCH): `auto` when standard output is a
    /// terminal and NO_COLOR is unset.
    #[arg(long, value_enum, global = true, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
}

/// When to colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When standard output is a terminal and NO_COLOR is unset or empty.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// `--json` on a command whose output format is chosen by `--format`.
#[derive(Debug, Args, Clone, Copy)]
pub struct JsonSwitch {
    /// Print JSON (the same as `--format json`).
    #[arg(long = "json", conflicts_with = "format")]
    pub on: bool,
}

/// `verify --certify --save-certs DIR`.
#[derive(Debug, Args, Clone)]
pub struct SaveCertsArgs {
    /// With --certify: save every certificate that was built or mapped and then accepted by
    /// the checker in DIR (created if missing), one JSON file each, named
    /// `step<j>-<reduction>-<role>.json` (role: source, forward, target, backward).
    #[arg(long, value_name = "DIR", requires = "certify")]
    pub save_certs: Option<PathBuf>,
}

/// `georeduce path FROM TO`.
#[derive(Debug, Args, Clone)]
pub struct PathArgs {
    /// Source problem kind (`georeduce list --graph` shows them).
    pub from: String,
    /// Target problem kind.
    pub to: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `georeduce show ID`.
#[derive(Debug, Args, Clone)]
pub struct ShowArgs {
    /// Reduction id (`georeduce list` shows them).
    pub id: String,
    /// Print JSON (the entry as `list --json` prints it).
    #[arg(long)]
    pub json: bool,
}

/// `georeduce create KIND --seed S [--size N] [--family F]`.
#[derive(Debug, Args, Clone)]
pub struct CreateArgs {
    /// Problem kind (`qbf`, `hampath`, `vertex-cover`, `dvg`, `trailtrap`, …).
    pub kind: String,
    /// Seed (the same seed, kind, size and family give the same instance).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Size parameter: variables of a formula, vertices of a graph or game (1 to 1,000).
    #[arg(long, default_value_t = 5, value_parser = parse_size)]
    pub size: usize,
    /// Family (as `check` names them, e.g. `3qbf/alternating`, `hampath/cubic/undirected/start`,
    /// `game/loops`); default: one drawn by the seed. An unknown name lists the families.
    #[arg(long)]
    pub family: Option<String>,
    /// Print JSON instead of the DSL.
    #[arg(long)]
    pub json: bool,
    /// Write here instead of standard output (`-`: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Overwrite OUTPUT even when it is a symbolic link.
    #[arg(long)]
    pub force: bool,
}

/// `georeduce extract SOURCE CERT --to TARGET | --via IDS`.
#[derive(Debug, Args, Clone)]
pub struct ExtractArgs {
    /// Source instance file (`-` for standard input).
    pub file: PathBuf,
    /// Certificate of the compiled target (JSON, docs/certificates.md), e.g. written by
    /// `georeduce certify` on `compile`'s output, or by your own solver.
    pub cert: PathBuf,
    /// Target problem (the chain `compile --to` takes).
    #[arg(long)]
    pub to: Option<String>,
    /// Reduction ids to apply, comma-separated, in order.
    #[arg(long)]
    pub via: Option<String>,
    /// Write the source certificate here instead of standard output (`-`: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Overwrite OUTPUT even when it is a symbolic link.
    #[arg(long)]
    pub force: bool,
    /// Give up after this many seconds (checking the certificates): exit code 3; 0, or more
    /// than a year, means no limit.
    #[arg(long, value_name = "SECS", default_value_t = 60.0, value_parser = parse_timeout)]
    pub timeout: f64,
    /// Memory budget.
    #[command(flatten)]
    pub memory: MemoryArgs,
}
