//! The scanner's fast path for graph instances (src/lang/lower/scan.rs) against pest, the
//! reference grammar: on every file both give the same statements (spans included), the
//! same instance and spans, or the same rendered diagnostic, byte for byte.

use crate::lang::support::{config, instance, render};
use georeduce::lang::{self, diag::Source};
use proptest::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Parses `text` both ways and panics, showing both, if anything differs; whether the
/// scanner read it.
fn agree(name: &str, text: &str) -> bool {
    let fast = lang::check_fast_path(text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
    let quick = lang::parse_source(Source::new(name, text));
    let reference = lang::parse_source_reference(Source::new(name, text));
    match (quick, reference) {
        (Ok(a), Ok(b)) => assert!(a == b, "{name}: different parses\n{a:#?}\n{b:#?}\n{text}"),
        (Err(a), Err(b)) => {
            let (a, b) = (
                render(&miette::Report::new(a)),
                render(&miette::Report::new(b)),
            );
            assert_eq!(a, b, "{name}: different diagnostics\n{text}");
        }
        (a, b) => panic!(
            "{name}: one path accepts, the other rejects\nfast: {:?}\npest: {:?}\n{text}",
            a.is_ok(),
            b.is_ok()
        ),
    }
    fast
}

/// Every DSL file under `dir`, recursively.
fn dsl_files(dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("readable directory")
        .map(|e| e.expect("readable entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            dsl_files(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("geo" | "qbf" | "hp" | "vc" | "txt")
        ) && let Ok(text) = std::fs::read_to_string(&path)
        {
            out.push((path.display().to_string(), text));
        }
    }
}

/// Texts that the mutations splice in: the language's tokens and the characters where a
/// hand-written reader is most likely to part from pest (Unicode operators and letters, a
/// byte-order mark, dots and primes in names, escapes, comments, unterminated quotes).
const TOKENS: [&str; 44] = [
    ",",
    ";",
    "->",
    "--",
    "→",
    "—",
    "#c\n",
    "\"",
    "\"q\\\"\"",
    "}",
    "{",
    "=",
    "-",
    "7",
    "end",
    "edges",
    "vertices",
    "tokens: one at",
    "unrooted",
    "first at",
    "second at",
    "label",
    "group g h {",
    "k = 2",
    "\u{FEFF}",
    "é",
    ".",
    "'",
    " ",
    "\n",
    "remove then move",
    "move then remove",
    "nim",
    "misère",
    "multigraph",
    "biadjacency { 01 10 }",
    "\\",
    "at",
    "and",
    "two",
    ":",
    "a.b",
    "x'",
    "weight a = 3",
];

/// One edit of a text: where (in thousandths of its length), what, and how.
#[derive(Clone, Debug)]
struct Edit {
    at: usize,
    token: usize,
    how: u8,
}

/// Applies the edits: insert a token, delete a few characters, or repeat a range.
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut s = text.to_string();
    for e in edits {
        let mut at = s.len() * e.at / 1000;
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        let mut end = (at + 1 + e.token % 7).min(s.len());
        while !s.is_char_boundary(end) {
            end += 1;
        }
        match e.how {
            0 | 1 => s.insert_str(at, TOKENS[e.token]),
            2 => s.replace_range(at..end, ""),
            _ => {
                let copy = s[at..end].to_string();
                s.insert_str(end, &copy);
            }
        }
    }
    s
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec(
        (0..=1000usize, 0..TOKENS.len(), 0..4u8).prop_map(|(at, token, how)| Edit {
            at,
            token,
            how,
        }),
        0..4,
    )
}

#[test]
fn every_example_and_bad_input_reads_the_same_both_ways() {
    let mut files = Vec::new();
    dsl_files(Path::new("examples"), &mut files);
    dsl_files(Path::new("tests/bad_inputs"), &mut files);
    let fast = files
        .iter()
        .filter(|(name, text)| agree(name, text))
        .count();
    eprintln!("{fast} of {} files took the fast path", files.len());
    // Most graph examples take the fast path; were it never taken, this test would check
    // nothing.
    assert!(
        fast >= 30,
        "only {fast} of {} files took the fast path",
        files.len()
    );
}

#[test]
fn random_and_mutated_instances_read_the_same_both_ways() {
    // Random instances of every kind, printed, then up to three edits each. The count
    // makes sure the comparison is not vacuous: a good share of the files must be read by
    // the scanner, and a good share (syntax errors, QBFs, Unicode) handed to pest.
    let cases = 3000;
    let mut runner = proptest::test_runner::TestRunner::new(config(cases));
    let scanned = AtomicUsize::new(0);
    runner
        .run(&(instance(), edits()), |(inst, edits)| {
            let text = mutate(&lang::to_dsl(&inst), &edits);
            scanned.fetch_add(usize::from(agree("random.geo", &text)), Ordering::Relaxed);
            Ok(())
        })
        .expect("both paths agree");
    let scanned = scanned.into_inner();
    eprintln!("{scanned} of {cases} random and mutated files took the fast path");
    assert!(
        (cases as usize / 6..cases as usize * 9 / 10).contains(&scanned),
        "{scanned} of {cases} files took the fast path"
    );
}

#[test]
fn large_bad_files_read_the_same_both_ways() {
    // bench/bad_inputs.sh's files at a fiftieth of their size: many errors of one kind,
    // where lowering counts instead of building and the report says "and K more".
    let n = 8_000;
    let vs: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    let es: Vec<String> = (0..n)
        .map(|i| format!("v{i} -> v{}", (7 * i + 1) % n))
        .collect();
    let head = "geography {\n  directed vertex geography\n  tokens: one at v0\n";
    let files = [
        format!(
            "hampath {{\n  directed graph\n  vertices a b\n  edges {}\n}}\n",
            vec!["a -> b"; 24_000].join(", ")
        ),
        format!(
            "{head}  vertices a b\n  edges\n{}}}\n",
            (0..n)
                .map(|i| format!("    u{i} -> w{i}\n"))
                .collect::<String>()
        ),
        format!(
            "{head}  vertices {}\n  edges {}\n}}\n",
            vs.join(" "),
            es.join(", ")
        ),
        format!(
            "{head}  vertices {}\n  edges {}\n  edges v1 ->\n}}\n",
            vs.join(" "),
            es.join(", ")
        ),
        format!(
            "{head}  vertices {} edges {} }}",
            vs.join(" "),
            es.join(", ")
        )
        .replace('\n', " "),
    ];
    let scanned: Vec<bool> = files.iter().map(|f| agree("large.geo", f)).collect();
    assert_eq!(scanned, [true, true, true, false, true]);
}

#[test]
fn hand_picked_edge_cases_read_the_same_both_ways() {
    // Where a hand-written reader most easily parts from the grammar: optional commas
    // before a list's first item (the bounded fuzz run found `edges ,a -> b`), optional
    // parts begun and not finished, word boundaries at dots, primes and non-ASCII letters,
    // quoted names and texts with escapes, comments, a byte-order mark.
    let statements = [
        "edges ,a -> b",
        "edges a -> b,",
        "edges a -> b c",
        "edges a -> b -> ",
        "edges a->b--c",
        "edges a -> \"b\" , \"a\\\"\" -> b",
        "weight , a = 1",
        "weight a = 1, b = -2 c = 3",
        "weight a = 1,",
        "weight a = 1b = 2",
        "label , a \"x\"",
        "label a = \"x\\n\" b \"¬y\"",
        "label a \"x",
        "label a \"\"",
        "vertices , a",
        "vertices a, b,",
        "vertices a.b c' d.",
        "vertices aé",
        "vertices end.x",
        "tokens: one , at a",
        "tokens: one at",
        "tokens one, unrooted",
        "tokens: one unrooted",
        "tokens: partizan, first at a second at b",
        "tokens: partizan, unrooted, first at a",
        "tokens: partizan first at a,",
        "tokens: two at a and b",
        "tokens: two at a",
        "directed vertex geography, remove then move",
        "directed nim geography move then remove",
        "directed nim geography, remove then",
        "directed graph, remove then move",
        "undirected edge geography multigraph",
        "group g h { a, b, }",
        "group g h { , a }",
        "biadjacency { 01 10 } k = 1",
        "k = -3",
        "k = 3a",
        "start a end b # comment\n",
        "misere play; normal play;;",
        "\u{FEFF}vertices a",
    ];
    let heads = [
        "hampath {\n  directed graph\n  vertices a b\n",
        "game \"t\\\"itle\" {\n  directed vertex geography\n  tokens: one at a\n  vertices a b\n",
        "vertex-cover { undirected graph vertices a b k = 1 ",
        "vertex_cover{undirected graph vertices a b k=1 ",
    ];
    for head in heads {
        for stmt in statements {
            agree("edge-case.geo", &format!("{head}  {stmt}\n}}\n"));
            agree("edge-case.geo", &format!("{head}{stmt}}}"));
        }
    }
}
