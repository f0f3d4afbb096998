//! `--threads`: the same answer, winning move and line as one thread, end to end.

use crate::run::{georeduce, stdout};

/// A directed vertex game on `n` vertices, every out-degree 2 (no sinks), in the language.
fn two_regular_game(n: usize) -> String {
    let mut text = format!(
        "geography \"threads\" {{\n  directed vertex geography\n  normal play\n  tokens: one at v0\n  vertices {}\n  edges\n",
        (0..n)
            .map(|i| format!("v{i}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    for i in 0..n {
        let (a, b) = ((i * 7 + 1) % n, (i * 13 + 5) % n);
        let targets = if a == b { vec![a] } else { vec![a, b] };
        for j in targets {
            if j != i {
                text.push_str(&format!("    v{i} -> v{j}\n"));
            }
        }
    }
    text + "}\n"
}

/// The JSON answer without its statistics (nodes and time differ between thread counts).
fn answer(args: &[&str]) -> serde_json::Value {
    let out = georeduce(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        crate::run::stderr(&out)
    );
    let mut json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    json.as_object_mut().expect("object").remove("stats");
    json
}

#[test]
fn threads_answer_as_one_thread_and_obey_budgets() {
    let dir = tempfile::tempdir().unwrap();
    for n in [24, 31, 40] {
        let path = dir.path().join(format!("g{n}.geo"));
        std::fs::write(&path, two_regular_game(n)).unwrap();
        let file = path.to_str().unwrap();
        let base = ["solve", file, "--method", "exhaustive", "--json"];
        let one = answer(&[&base[..], &["--threads", "1"]].concat());
        for threads in ["2", "3", "0"] {
            let many = answer(&[&base[..], &["--threads", threads]].concat());
            assert_eq!(many, one, "--threads {threads} on n = {n}");
        }
        // A node budget counts every thread: 3 nodes cannot answer.
        let tight = georeduce(&[&base[..], &["--threads", "2", "--max-nodes", "3"]].concat());
        assert_eq!(tight.status.code(), Some(3), "n = {n}");
    }
    let verify = georeduce(&[
        "verify",
        "examples/fraenkel-simonson.qbf",
        "--to",
        "pvg",
        "--threads",
        "2",
    ]);
    assert!(verify.status.success(), "{}", crate::run::stderr(&verify));
    assert!(stdout(&verify).contains("MATCH"));
}
