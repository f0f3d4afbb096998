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
        /// Which game solver to use.
        #[arg(long, value_enum, default_value_t = GameMethod::Auto)]
        method: GameMethod,
        /// Check a certificate of the answer with the independent checker before printing
        /// it; a rejected certificate is an internal error (exit code 1).
        #[arg(long)]
        self_check: bool,
        /// Search budget.
        #[command(flatten)]
        budget: BudgetArgs,
    },
    /// List the reductions (the catalogue), or the reduction graph with --graph.
    List {
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Print the reduction graph (text, or DOT with --dot).
        #[arg(long)]
        graph: bool,
        /// With --graph: print DOT.
        #[arg(long, requires = "graph")]
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
        /// Write here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Dsl)]
        format: OutputFormat,
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
        /// Search budget (applies to each solve).
        #[command(flatten)]
        budget: BudgetArgs,
    },
    /// Solve an instance and write a certificate of the answer (JSON, docs/certificates.md).
    Certify {
        /// Instance file (`-` for standard input).
        file: PathBuf,
        /// Write the certificate here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
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
    },
    /// Random differential testing of reductions: generate, compile, solve both sides,
    /// compare; shrink any counterexample to a minimal one.
    Check(CheckArgs),
    /// Draw a graph-based instance as DOT.
    Render {
        /// Instance file (`-` for standard input).
        file: PathBuf,
        /// Write here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Graph label (defaults to the variant name and size).
        #[arg(long)]
        title: Option<String>,
    },
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
    /// Cases per reduction (all shards together).
    #[arg(long, default_value_t = crate::check::DEFAULT_CASES)]
    pub cases: usize,
    /// Campaign seed (printed in every report; the same seed reproduces the same cases).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Largest size class (variables of a formula, vertices of a graph or game).
    #[arg(long, default_value_t = crate::check::DEFAULT_MAX_SIZE)]
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
}

/// Search limits shared by `solve` and `verify`.
#[derive(Debug, Args, Clone)]
pub struct BudgetArgs {
    /// Give up after this many seconds and answer "unknown" (exit code 3); 0 means no limit.
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    pub timeout: f64,
    /// Give up after this many search nodes and answer "unknown" (exit code 3).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
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
}
