//! Progress reporting for `check`: an indicatif bar on a terminal, plain lines otherwise
//! (CI logs), or nothing (tests). The campaign calls [`Progress`] after every case; the
//! implementations decide how often to draw.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::Instant;

/// Running totals over the whole campaign.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases finished.
    pub done: u64,
    /// Cases the campaign (this shard) will run.
    pub total: u64,
    /// Compiled cases with a YES source.
    pub yes: u64,
    /// Compiled cases with a NO source.
    pub no: u64,
    /// Failing cases.
    pub failures: u64,
    /// Skipped cases (budget or precondition).
    pub skipped: u64,
}

/// Receives campaign events.
pub trait Progress {
    /// The campaign starts with `total` cases.
    fn start(&self, total: u64);
    /// A case finished; `reduction` is the id being checked.
    fn update(&self, reduction: &str, tally: &Tally);
    /// A one-line remark (a reduction finished, shrinking started, …).
    fn note(&self, line: &str);
    /// The campaign is over.
    fn finish(&self, tally: &Tally);
}

/// Reports nothing.
pub struct Silent;

impl Progress for Silent {
    fn start(&self, _: u64) {}
    fn update(&self, _: &str, _: &Tally) {}
    fn note(&self, _: &str) {}
    fn finish(&self, _: &Tally) {}
}

/// Plain lines on stderr: every note, and a status line at most every 10 seconds.
pub struct Lines {
    last: Mutex<Instant>,
}

impl Lines {
    /// A line reporter.
    pub fn new() -> Lines {
        Lines {
            last: Mutex::new(Instant::now()),
        }
    }
}

impl Default for Lines {
    fn default() -> Self {
        Lines::new()
    }
}

fn status(reduction: &str, t: &Tally) -> String {
    format!(
        "{}/{} cases ({reduction}): YES {}, NO {}, failures {}, skipped {}",
        t.done, t.total, t.yes, t.no, t.failures, t.skipped
    )
}

impl Progress for Lines {
    fn start(&self, total: u64) {
        eprintln!("check: {total} cases");
    }
    fn update(&self, reduction: &str, t: &Tally) {
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.elapsed().as_secs() >= 10 {
            *last = Instant::now();
            eprintln!("{}", status(reduction, t));
        }
    }
    fn note(&self, line: &str) {
        eprintln!("{line}");
    }
    fn finish(&self, t: &Tally) {
        eprintln!("{}", status("done", t));
        let _ = std::io::stderr().flush();
    }
}

/// An indicatif bar: position, elapsed time and ETA, rate, the reduction being checked, and
/// the YES/NO/failure/skip counts.
pub struct Bar {
    bar: ProgressBar,
}

impl Bar {
    /// A bar on stderr.
    pub fn new() -> Bar {
        let bar = ProgressBar::new(0);
        let style = ProgressStyle::with_template(
            "{bar:30} {pos}/{len} [{elapsed} elapsed, ETA {eta}] {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Bar { bar }
    }
}

impl Default for Bar {
    fn default() -> Self {
        Bar::new()
    }
}

impl Progress for Bar {
    fn start(&self, total: u64) {
        self.bar.set_length(total);
    }
    fn update(&self, reduction: &str, t: &Tally) {
        self.bar.set_position(t.done);
        let rate = t.done as f64 / self.bar.elapsed().as_secs_f64().max(1e-3);
        self.bar.set_message(format!(
            "{rate:.0} cases/s  {reduction}: YES {} NO {} failures {} skipped {}",
            t.yes, t.no, t.failures, t.skipped
        ));
    }
    fn note(&self, line: &str) {
        self.bar.println(line);
    }
    fn finish(&self, t: &Tally) {
        self.bar.set_position(t.done);
        self.bar.finish_and_clear();
    }
}

/// A bar when stderr is a terminal, plain lines otherwise.
pub fn for_stderr() -> Box<dyn Progress> {
    if std::io::stderr().is_terminal() {
        Box::new(Bar::new())
    } else {
        Box::new(Lines::new())
    }
}
