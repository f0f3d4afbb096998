//! "Unknown" answers carry the statistics of the stopped search (issue #13 §1, "Statistics for
//! every solve"): `solve`, `verify` and `certify` print positions stored, table hits, nodes per second
//! and peak table memory when a budget runs out, in text and JSON, as for answers.

use crate::run::{georeduce, stderr, stdout};

/// The bundled 3QBF compiled to PVG (45 vertices), into a fresh temporary directory.
fn pvg_file(dir: &std::path::Path) -> String {
    let path = dir.join("fs.geo");
    let path = path.to_str().expect("utf-8 path").to_string();
    let o = georeduce(&[
        "compile",
        "examples/fraenkel-simonson.qbf",
        "--to",
        "pvg",
        "-o",
        &path,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    path
}

#[test]
fn solve_reports_the_table_statistics_of_an_unknown_answer() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = pvg_file(dir.path());
    let o = georeduce(&["solve", &file, "--max-nodes", "200", "--json"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["winner"], "unknown");
    let stats = &v["stats"];
    assert_eq!(stats["nodes"], 201, "{v:#}");
    for field in ["positions", "hits", "peak_table_bytes", "nodes_per_second"] {
        let x = stats[field]
            .as_f64()
            .unwrap_or_else(|| panic!("{field} in {v:#}"));
        assert!(x > 0.0, "{field} in {v:#}");
    }
    assert!(stats["millis"].as_f64().is_some(), "{v:#}");
    let o = georeduce(&["solve", &file, "--max-nodes", "200"]);
    assert_eq!(o.status.code(), Some(3));
    let text = stdout(&o);
    assert!(
        text.starts_with("answer:  unknown (budget exhausted after 201 nodes, "),
        "{text}"
    );
    for words in ["positions stored", "table hits", "nodes/s", "peak table"] {
        assert!(text.contains(words), "{words} in {text}");
    }
}

#[test]
fn verify_reports_the_table_statistics_of_an_unknown_search() {
    for by in ["search", "auto"] {
        let o = georeduce(&[
            "verify",
            "examples/fraenkel-simonson.qbf",
            "--to",
            "pvg",
            "--by",
            by,
            "--max-nodes",
            "200",
        ]);
        let text = stdout(&o);
        // --by auto may still prove the step by certificate; then there is no search reason.
        if by == "auto" && o.status.code() == Some(0) {
            continue;
        }
        assert_eq!(o.status.code(), Some(3), "{text}{}", stderr(&o));
        assert!(
            text.contains("search budget exhausted after 201 nodes, "),
            "{text}"
        );
        for words in ["positions stored", "table hits", "nodes/s", "peak table"] {
            assert!(text.contains(words), "{words} in {text}");
        }
    }
}

/// `certify` stopped by its budget before it has an answer says the same as `solve` (it
/// writes no certificate, exit 3).
#[test]
fn certify_reports_the_table_statistics_of_an_unknown_answer() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = pvg_file(dir.path());
    let out = dir.path().join("cert.json");
    let out = out.to_str().expect("utf-8 path");
    let o = georeduce(&["certify", &file, "--max-nodes", "200", "-o", out]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("answer:  unknown (budget exhausted after 201 nodes, "),
        "{text}"
    );
    for words in ["positions stored", "table hits", "no certificate"] {
        assert!(text.contains(words), "{words} in {text}");
    }
    assert!(!std::path::Path::new(out).exists(), "no certificate file");
}
