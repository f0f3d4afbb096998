//! Standard output that a closed pipe does not crash.
//!
//! `println!` panics when the reader has gone (`georeduce list | head -1`). Every command
//! prints through [`out!`](crate::out) and [`outln!`](crate::outln) instead, which end the
//! process quietly with status 141 (128 + SIGPIPE, what a shell reports for a tool killed
//! by a closed pipe) on `BrokenPipe`, and with a one-line message and status 2 on any other
//! write error (a full disk behind a redirection).

use std::io::Write;

/// Exit status after a closed standard output: 128 + SIGPIPE (13).
pub const EXIT_BROKEN_PIPE: i32 = 141;

/// Writes `args` to standard output, ending the process on a write error (see the module).
pub fn write_fmt(args: std::fmt::Arguments<'_>) {
    let mut lock = std::io::stdout().lock();
    if let Err(e) = lock.write_fmt(args) {
        quit(&e);
    }
}

/// Ends the process after the write error `e` on standard output.
pub fn quit(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(EXIT_BROKEN_PIPE);
    }
    let _ = writeln!(
        std::io::stderr(),
        "georeduce: cannot write standard output: {e}"
    );
    std::process::exit(i32::from(super::EXIT_BAD_INPUT));
}

/// `print!` to standard output; a closed pipe ends the process quietly (status 141).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::stdout::write_fmt(format_args!($($arg)*))
    };
}

/// `println!` to standard output; a closed pipe ends the process quietly (status 141).
#[macro_export]
macro_rules! outln {
    () => {
        $crate::cli::stdout::write_fmt(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::stdout::write_fmt(format_args!("{}\n", format_args!($($arg)*)))
    };
}
