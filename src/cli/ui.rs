//! How the command line talks to a person: `--quiet`, `--color`, coloured verdicts, and
//! "did you mean" suggestions for misspelled names.
//!
//! The settings are global flags, fixed once at start-up ([`init`]) and read everywhere
//! through [`quiet`] and [`paint`]. Colour follows the usual conventions: `--color auto` (the
//! default) colours only when standard output is a terminal and `NO_COLOR` is unset or
//! empty (<https://no-color.org>); `always` and `never` say what they mean. JSON output is
//! never coloured.

use super::args::ColorChoice;
use std::io::IsTerminal;
use std::sync::OnceLock;

/// The settings chosen on the command line.
#[derive(Clone, Copy, Debug)]
struct Settings {
    quiet: bool,
    color: bool,
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();

/// Fixes the settings for the rest of the process (the first call wins).
pub fn init(quiet: bool, color: ColorChoice) {
    let color = match color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    };
    let _ = SETTINGS.set(Settings { quiet, color });
}

fn settings() -> Settings {
    *SETTINGS.get().unwrap_or(&Settings {
        quiet: false,
        color: false,
    })
}

/// Whether `--quiet` was given: no progress, notes or chatter on standard error; results and
/// errors are still printed.
pub fn quiet() -> bool {
    settings().quiet
}

/// Whether verdicts are coloured.
pub fn color() -> bool {
    settings().color
}

/// What a verdict word says, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Success: PASS, MATCH, accepted (green).
    Good,
    /// Failure: FAIL, MISMATCH, rejected (red).
    Bad,
    /// No verdict: unknown, undecided (yellow).
    Unsure,
}

/// `word` in its tone's colour (bold) when colour is on, unchanged otherwise.
pub fn paint(word: &str, tone: Tone) -> String {
    if !color() {
        return word.to_string();
    }
    let code = match tone {
        Tone::Good => "1;32",
        Tone::Bad => "1;31",
        Tone::Unsure => "1;33",
    };
    format!("\x1b[{code}m{word}\x1b[0m")
}

/// Writes a line to standard error unless `--quiet`.
#[macro_export]
macro_rules! note {
    ($($arg:tt)*) => {
        if !$crate::cli::ui::quiet() {
            eprintln!($($arg)*);
        }
    };
}

/// The candidates closest to `name` (by normalised Damerau–Levenshtein similarity, at least
/// 0.6, or `name` as a prefix), best first, at most three: the "did you mean" of a misspelled
/// reduction id or problem kind.
pub fn suggestions<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let lower = name.to_lowercase();
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .filter_map(|c| {
            let sim = strsim::normalized_damerau_levenshtein(&lower, &c.to_lowercase());
            let prefix = !lower.is_empty() && c.starts_with(lower.as_str());
            (sim >= 0.6 || prefix).then_some((if prefix { sim.max(0.9) } else { sim }, c))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

/// A help line: "did you mean `x`?" (or one of several), then the full list of `what`.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
    what: &str,
) -> String {
    let all: Vec<&str> = candidates.clone().into_iter().collect();
    let close = suggestions(name, candidates);
    let list = format!("{what}: {}", all.join(", "));
    match close.as_slice() {
        [] => list,
        [one] => format!("did you mean `{one}`? {list}"),
        many => {
            let quoted: Vec<String> = many.iter().map(|c| format!("`{c}`")).collect();
            format!("did you mean {}? {list}", quoted.join(" or "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        // Made-up ids of the catalogue's shape (`src-tgt`), so that the test does not repeat
        // real reduction ids.
        let ids = ["abc-xyz", "abc-wyz", "pq-xyz", "mno-rst"];
        assert_eq!(suggestions("abc-xzy", ids)[0], "abc-xyz");
        assert_eq!(suggestions("mno-rs", ids), vec!["mno-rst"]);
        assert!(suggestions("zzzzzz", ids).is_empty());
    }

    #[test]
    fn help_line_names_the_suggestion_and_the_list() {
        let h = did_you_mean("vertex_cover", ["qbf", "vertex-cover"], "kinds");
        assert!(h.starts_with("did you mean `vertex-cover`?"), "{h}");
        assert!(h.ends_with("kinds: qbf, vertex-cover"), "{h}");
    }
}
