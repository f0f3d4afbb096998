//! The one integration-test binary: each module was a test binary of its own, folded here so
//! that `cargo test --release` links one executable instead of eleven (see docs/performance.md
//! "Build and test time").

/// `--memory` on every command that takes it: exit 3 or a size diagnostic.
mod budgets;
/// The independent certificate checker (`georeduce::certify`).
mod certify;
/// Certificate maps across reductions, and `verify --certify`.
mod certmaps;
/// `georeduce check`: campaigns, shrinking, reports.
mod check;
/// `georeduce check` on the user's own reductions (commands) and instances, and merging.
mod check_cli;
/// `check`'s statistics: solves per size class, budget skips, slowest case.
mod check_stats;
/// The command line end to end.
mod cli;
/// `georeduce certify` / `check-cert` end to end.
mod cli_certify;
/// The command line's plumbing: `-` for stdout, path/show/create/extract, colour, completions.
mod cli_plumbing;
/// Reliability: no panic, budgets, capped reads, safe outputs, strict certificates.
mod cli_reliability;
/// Differential tests of the decision-problem solvers and generators.
mod decision_solvers;
/// Our QBF solver against DepQBF.
mod depqbf;
/// `solve --every-start`: every start vertex of a one-token game.
mod every_start;
/// Slide figures: snapshots, determinism, graphviz and pdflatex, label size.
mod figures;
/// Figures of constructions drawn on the source's shape (arc gadgets, pendants).
mod figures_gadgets;
/// Figure options and overlays: --compact (and its detail figures), names on a line of
/// play, bent antiparallel arcs, the TikZ legend.
mod figures_overlays;
/// `qbf-pvg`'s board: the lanes from the clause clusters to the literals, their crossings.
mod figures_pvg;
/// The degree-restricted board's figures: its clause detail (layered, crossings counted)
/// and the lanes from the clusters to the literal in-trees.
mod figures_restricted;
/// The bounded, seeded fuzz run (ignored by default; .ci/run runs it).
mod fuzz;
/// The instance language: grammar, lowering, printing, JSON, QDIMACS, diagnostics.
mod lang;
/// Every reduction, by what it reduces from: closed loops, controls, chains, DOT output.
mod reductions;
/// Running the binary: helpers shared by the end-to-end modules.
mod run;
/// `--self-check` on every geography variant.
mod self_check;
/// Statistics for every solve: each command and solver family, on answers and on unknown.
mod solve_stats;
/// `--threads`: the parallel search answers as one thread.
mod threads;
/// One Trail Trap game through `solve`: the race search and its line of play.
mod trail_trap_solve;
/// Statistics of "unknown" answers in `solve` and `verify`.
mod unknown_stats;
/// `verify --by auto`: search and certificate side by side.
mod verify_auto;
/// The independent second witness: a Python minimax from the papers' definitions against
/// `solve --batch` on whole families of small games, every variant.
mod witness;
