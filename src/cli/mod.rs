//! The command-line front end: flags in [`args`], one module per subcommand, and the exit
//! codes that the whole tool documents (docs/cli.md):
//!
//! | code | meaning |
//! |---|---|
//! | 0 | done (verify: MATCH) |
//! | 1 | a check failed (verify: MISMATCH) |
//! | 2 | bad input or usage |
//! | 3 | budget exhausted: the answer is "unknown" |

pub mod args;
mod commands;
pub(crate) mod input;
mod output;
pub mod stdout;
pub mod ui;

use clap::Parser;
use std::process::ExitCode;

/// How a command ended, when it did not fail on bad input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done; exit code 0.
    Done,
    /// A check failed (a mismatch, a rejected certificate); exit code 1.
    CheckFailed,
    /// A budget ran out; exit code 3.
    Unknown,
}

impl Outcome {
    fn code(self) -> u8 {
        match self {
            Outcome::Done => 0,
            Outcome::CheckFailed => 1,
            Outcome::Unknown => 3,
        }
    }
}

/// Exit code for bad input or usage.
pub const EXIT_BAD_INPUT: u8 = 2;

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout with success, usage errors to stderr.
            let code = if e.use_stderr() { EXIT_BAD_INPUT } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    ui::init(cli.ui.quiet, cli.ui.color);
    match commands::run(cli.command) {
        Ok(outcome) => ExitCode::from(outcome.code()),
        Err(report) => {
            // Rendered whole, then written at once: stderr is unbuffered, and miette writes
            // a report in many small pieces (one system call each).
            let text = format!("{report:?}\n");
            let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), text.as_bytes());
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}
