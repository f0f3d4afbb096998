//! Every file under examples/ (but examples/ci) parses, round-trips, and means what its
//! comment says.

use crate::lang::support::render;
use georeduce::lang::{self, Parsed};
use georeduce::problems::{Instance, Locator, Qbf, Quantifier};
use std::path::{Path, PathBuf};

/// All instance files under `dir`, recursively, in sorted order.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("examples/ exists")
        .map(|e| e.expect("readable").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() && p.file_name().is_some_and(|n| n != "ci") {
            files(&p, out);
        } else if p
            .extension()
            .is_some_and(|e| e == "geo" || e == "qbf" || e == "qdimacs")
        {
            out.push(p);
        }
    }
}

/// Parses an example by path, failing with the rendered diagnostic.
fn load(path: &str) -> Parsed {
    let bytes = std::fs::read(path).expect("example exists");
    lang::parse_bytes(path, &bytes).unwrap_or_else(|e| panic!("{}", render(&e)))
}

/// The text a span covers.
fn text_at(p: &Parsed, at: Locator) -> &str {
    let s = p.span(&at).unwrap_or_else(|| panic!("no span for {at:?}"));
    &p.text()[s.offset()..s.offset() + s.len()]
}

#[test]
fn every_example_parses_and_round_trips() {
    let mut all = Vec::new();
    files(Path::new("examples"), &mut all);
    assert!(
        all.len() >= 20,
        "expected the full example set, found {}",
        all.len()
    );
    for path in all {
        let name = path.display().to_string();
        let p = load(&name);
        let text = lang::to_dsl(&p.instance);
        let again =
            lang::parse_str("printed.geo", &text).unwrap_or_else(|e| panic!("{}", render(&e)));
        assert_eq!(again.instance, p.instance, "{name} printed as\n{text}");
        let json = serde_json::to_string(&p.instance).expect("serializes");
        let back: Instance = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, p.instance, "{name} through JSON");
        if let Instance::Geography(g) = &p.instance {
            assert_eq!(g.validate(), Ok(()), "{name} is a valid game");
        }
    }
}

/// F = ∃x1 ∀x2 ∃x3 (x1+x2+¬x3)(¬x1+¬x2+¬x2)(x2+x3+x3), in both file formats.
#[test]
fn fraenkel_simonson_example_is_f() {
    use Quantifier::*;
    let f = Qbf::from_signed(
        &[Exists, Forall, Exists],
        &[vec![1, 2, -3], vec![-1, -2, -2], vec![2, 3, 3]],
    );
    for path in [
        "examples/fraenkel-simonson.qbf",
        "examples/fraenkel-simonson.qdimacs",
    ] {
        assert_eq!(load(path).instance, Instance::Qbf(f.clone()), "{path}");
    }
}

/// Each game example is the variant its file name says.
#[test]
fn game_examples_are_their_variants() {
    let expected = [
        ("dvg", "DVG"),
        ("uvg", "UVG"),
        ("unrooted-uvg", "unrooted UVG"),
        ("unrooted-dvg", "unrooted DVG"),
        ("deg", "DEG"),
        ("ueg", "UEG"),
        ("ueg-multigraph", "UEG"),
        ("misere-dvg", "DVG (misère)"),
        ("misere-ueg", "UEG (misère)"),
        ("pvg", "PVG"),
        ("pag", "PAG"),
        ("undirected-pvg", "undirected PVG"),
        ("ivg2", "IVG2"),
        ("iag2", "IAG2"),
        ("trail-trap", "Trail Trap"),
        ("nimg-rm", "NimG-RM (misère)"),
        ("nimg-mr-loops", "NimG-MR"),
        ("labelled-diamond", "PVG"),
    ];
    for (file, variant) in expected {
        let p = load(&format!("examples/games/{file}.geo"));
        let Instance::Geography(g) = &p.instance else {
            panic!("{file} is a game")
        };
        assert_eq!(g.variant_name(), variant, "{file}");
    }
    let Instance::Geography(g) = load("examples/games/nimg-mr-loops.geo").instance else {
        panic!("a game")
    };
    assert!(g.graph.has_loop(), "the NimG-MR example has loops");
}

/// Spans point at what the reader wrote, Unicode included.
#[test]
fn spans_point_at_the_source() {
    let p = load("examples/fraenkel-simonson.qbf");
    assert_eq!(text_at(&p, Locator::Literal(0, 2)), "¬x3");
    assert_eq!(text_at(&p, Locator::Var(1)), "x2");
    assert_eq!(text_at(&p, Locator::Clause(1)), "(¬x1 ∨ ¬x2 ∨ ¬x2)");
    let p = load("examples/games/pvg.geo");
    assert_eq!(text_at(&p, Locator::Start(1)), "v2");
    assert_eq!(text_at(&p, Locator::Edge(2)), "v1 -> b");
    assert_eq!(text_at(&p, Locator::Vertex(4)), "c");
    assert_eq!(p.title.as_deref(), Some("PVG"));
    let p = load("examples/vertex-cover.geo");
    assert_eq!(text_at(&p, Locator::K), "3");
    let p = load("examples/hampath.geo");
    assert_eq!(text_at(&p, Locator::End), "t");
    assert_eq!(
        p.span(&Locator::Whole).map(|s| s.len()),
        Some(p.text().len())
    );
}

/// A reduction's precondition error renders at the right place with the file name and code.
#[test]
fn error_at_reports_into_the_file() {
    let p = load("examples/vertex-cover.geo");
    let report = p.error_at(
        &Locator::K,
        "reduce::k_range",
        "Thm 2.4 needs 1 ≤ k ≤ n".into(),
        Some("choose k between 1 and 5".into()),
    );
    let text = render(&report);
    assert!(text.contains("reduce::k_range"), "{text}");
    assert!(text.contains("[examples/vertex-cover.geo:7:7]"), "{text}");
    assert!(text.contains("choose k between 1 and 5"), "{text}");
}

/// Every instance shown in docs/language.md parses (the fenced `text` and `json` blocks that
/// are not rendered diagnostics).
#[test]
fn documentation_examples_parse() {
    let docs = std::fs::read_to_string("docs/language.md").expect("docs exist");
    let blocks: Vec<&str> = docs
        .split("```text\n")
        .skip(1)
        .chain(docs.split("```json\n").skip(1))
        .filter_map(|b| b.split("```").next())
        .filter(|b| !b.starts_with("lang::"))
        .collect();
    assert!(blocks.len() >= 10, "found {} examples", blocks.len());
    for b in blocks {
        if let Err(e) = lang::parse_str("docs/language.md", b) {
            panic!("{}", render(&e));
        }
    }
}
