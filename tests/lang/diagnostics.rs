//! The bad-input corpus under tests/bad_inputs/: every file fails with the code its first
//! line names, at a line and column in a report that carries the file name, and the
//! rendered report matches its reviewed snapshot. No input, however mangled, panics.

use crate::lang::support::render;
use georeduce::lang;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;

/// The corpus, sorted.
fn corpus() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/bad_inputs")
        .expect("tests/bad_inputs exists")
        .map(|e| e.expect("readable").path())
        .collect();
    files.sort();
    files
}

/// The code a corpus file expects: its first line says `# expect CODE` (`c expect CODE`
/// in QDIMACS); the two files that cannot carry a comment are listed here.
fn expected_code(name: &str, bytes: &[u8]) -> String {
    match name {
        "empty.geo" | "only-comments.qbf" => return "lang::empty".into(),
        n if n.ends_with(".json") => return "lang::json".into(),
        _ => {}
    }
    let text = String::from_utf8_lossy(bytes);
    let first = text.lines().next().unwrap_or("");
    first
        .split_once("expect ")
        .map(|(_, code)| code.trim().to_string())
        .unwrap_or_else(|| panic!("{name}: first line must say `# expect CODE`"))
}

#[test]
fn every_bad_input_is_diagnosed_and_snapshotted() {
    let files = corpus();
    assert!(files.len() >= 25, "the corpus has {} files", files.len());
    for path in files {
        let file = path
            .file_name()
            .and_then(|f| f.to_str())
            .expect("utf-8 name");
        let name = format!("bad_inputs/{file}");
        let bytes = std::fs::read(&path).expect("readable");
        let result = std::panic::catch_unwind(|| lang::parse_bytes(&name, &bytes));
        let report = match result {
            Ok(Err(report)) => report,
            Ok(Ok(_)) => panic!("{file} should not parse"),
            Err(_) => panic!("{file} made the parser panic"),
        };
        let code = report.code().map(|c| c.to_string()).unwrap_or_default();
        assert_eq!(code, expected_code(file, &bytes), "{file}");
        let text = render(&report);
        assert!(
            text.contains(&format!("[{name}:")),
            "{file}: no file:line:col in\n{text}"
        );
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path("../snapshots");
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| insta::assert_snapshot!(file.replace('.', "_"), text));
    }
}

/// Mangled versions of every example (bytes deleted, replaced, inserted, files cut short)
/// never make the parser panic; the mutations produce both outcomes in large numbers.
#[test]
fn mangled_examples_never_panic() {
    let sources: Vec<Vec<u8>> = [
        "examples/fraenkel-simonson.qbf",
        "examples/fraenkel-simonson.qdimacs",
        "examples/hampath.geo",
        "examples/vertex-cover.geo",
        "examples/games/pvg.geo",
        "examples/games/nimg-rm.geo",
        "examples/games/trail-trap.geo",
    ]
    .iter()
    .map(|p| std::fs::read(p).expect("example exists"))
    .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let (mut ok, mut err) = (0, 0);
    for i in 0..3000 {
        let mut bytes = sources[i % sources.len()].clone();
        mutate(&mut bytes, &mut rng);
        match std::panic::catch_unwind(|| lang::parse_bytes("mangled", &bytes)) {
            Ok(Ok(_)) => ok += 1,
            Ok(Err(report)) => {
                let _ = render(&report);
                err += 1;
            }
            Err(_) => panic!("panic on {:?}", String::from_utf8_lossy(&bytes)),
        }
    }
    assert!(ok >= 300 && err >= 300, "ok {ok}, err {err}");
}

/// One random edit: delete, replace or insert a byte (from a set of likely-harmful ones),
/// or cut the file short.
fn mutate(bytes: &mut Vec<u8>, rng: &mut ChaCha8Rng) {
    const NOISE: &[u8] = b"{}()->-~|&:;,\"\\#=0 \nxk\xff\xc3";
    let at = rng.random_range(0..bytes.len());
    match rng.random_range(0..4) {
        0 => {
            bytes.remove(at);
        }
        1 => bytes[at] = NOISE[rng.random_range(0..NOISE.len())],
        2 => bytes.insert(at, NOISE[rng.random_range(0..NOISE.len())]),
        _ => bytes.truncate(at),
    }
}

/// Every diagnostic code the language layer can emit is exercised by the corpus and listed
/// in docs/language.md (except `lang::invalid`, a guard that no input should reach).
#[test]
fn every_code_is_in_the_corpus_and_the_docs() {
    let mut sources = String::new();
    read_sources(std::path::Path::new("src/lang"), &mut sources);
    let mut codes: Vec<&str> = Vec::new();
    for prefix in ["\"lang::", "\"qdimacs::"] {
        for (at, _) in sources.match_indices(prefix) {
            let rest = &sources[at + 1..];
            let code = &rest[..rest.find('"').unwrap_or(rest.len())];
            if code
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == ':' || c == '_')
            {
                codes.push(code);
            }
        }
    }
    codes.sort_unstable();
    codes.dedup();
    assert!(codes.len() >= 40, "found only {codes:?}");
    let corpus: String = corpus()
        .iter()
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).expect("readable")).into_owned())
        .collect();
    let docs = std::fs::read_to_string("docs/language.md").expect("docs/language.md exists");
    for code in codes.iter().filter(|&&c| c != "lang::invalid") {
        let is_special = *code == "lang::empty" || *code == "lang::json";
        assert!(
            is_special || corpus.contains(&format!("expect {code}\n")),
            "{code} has no bad input"
        );
        assert!(
            docs.contains(&format!("`{code}`")),
            "{code} is not documented"
        );
    }
}

/// Appends every `.rs` file under `dir` to `out`.
fn read_sources(dir: &std::path::Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).expect("source dir") {
        let path = entry.expect("readable").path();
        if path.is_dir() {
            read_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&std::fs::read_to_string(&path).expect("utf-8 source"));
        }
    }
}

/// Columns count characters, not bytes: `¬x2` below starts in column 12.
#[test]
fn columns_count_characters() {
    let report = lang::parse_str("u.qbf", "∃x1. (x1 ∨ ¬x2)").expect_err("x2 is free");
    let text = render(&report);
    assert!(text.contains("[u.qbf:1:12]"), "{text}");
}

/// Files with Windows line ends parse to the same instances, with the same line numbers.
#[test]
fn crlf_files_parse_alike() {
    for path in [
        "examples/hampath.geo",
        "examples/games/nimg-rm.geo",
        "examples/fraenkel-simonson.qdimacs",
    ] {
        let text = std::fs::read_to_string(path).expect("example exists");
        let crlf = text.replace('\n', "\r\n");
        let a = lang::parse_str(path, &text)
            .map_err(|e| render(&e))
            .expect("parses");
        let b = lang::parse_str(path, &crlf)
            .map_err(|e| render(&e))
            .expect("parses with CRLF");
        assert_eq!(a.instance, b.instance, "{path}");
    }
    let bad = "hampath {\r\n  directed graph\r\n  vertices a\r\n  edges a -> b\r\n}\r\n";
    let text = render(&lang::parse_str("crlf.geo", bad).expect_err("b is undeclared"));
    assert!(text.contains("[crlf.geo:4:14]"), "{text}");
}
