//! Running the `georeduce` binary from the end-to-end tests: one copy of the helpers that
//! `cli`, `cli_certify` and `cli_reliability` share.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `georeduce ARGS` in the crate's root and waits for it.
pub fn georeduce(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_georeduce"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run georeduce")
}

/// Runs `georeduce ARGS` with `input` on its standard input.
pub fn with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_georeduce"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn georeduce");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait for georeduce")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts the exit code, showing both streams when it differs (so a panic, 101, shows its
/// message).
pub fn assert_exit(o: &Output, code: i32) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        stdout(o),
        stderr(o)
    );
}

/// A path as `&str`, for an argument list (the tests' temporary paths are UTF-8).
pub fn path_str(p: &std::path::Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// Rooted undirected vertex geography on the complete graph K_n from `v0`: player I wins,
/// and a winning strategy's walk has thousands of positions from n = 11 (certificates that
/// do not fit small budgets).
pub fn complete_uvg(n: usize) -> String {
    let vertices: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    let edges: Vec<String> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| format!("v{i} -- v{j}")))
        .collect();
    format!(
        "geography {{\n  undirected vertex geography\n  tokens: one at v0\n  vertices {}\n  \
         edges {}\n}}\n",
        vertices.join(" "),
        edges.join(", ")
    )
}

/// Asserts that standard error contains `needle`, showing standard error when it does not.
pub fn assert_stderr_has(o: &Output, needle: &str) {
    let err = stderr(o);
    assert!(
        err.contains(needle),
        "expected {needle:?} on stderr:\n{err}"
    );
}

/// True when `tool` runs; false (with a message) when it is missing outside CI; a failure
/// when it is missing under `CI=true`.
pub fn have(tool: &str, package: &str) -> bool {
    let ok = Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
        || Command::new(tool)
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "{tool} is not on PATH but CI is set: install the Debian package(s) {package}"
        );
        eprintln!("!! {tool} not found: test skipped (install {package}; CI=1 makes this fail)");
    }
    ok
}

/// Writes a vertex-cover instance on `n` vertices `v0 … v(n-1)` with the edges
/// `vi -- v((7i + 1) mod n)` and bound `k`: a few KB of input whose PVG has tens of thousands
/// of edges, for the tests of budgets checked before a chain is built.
pub fn write_ring_cover(path: &std::path::Path, n: usize, k: usize) {
    let vertices: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    let edges: Vec<String> = (0..n)
        .map(|i| format!("v{i} -- v{}", (i * 7 + 1) % n))
        .collect();
    std::fs::write(
        path,
        format!(
            "vertex-cover {{\n  undirected graph\n  vertices {}\n  edges {}\n  k = {k}\n}}\n",
            vertices.join(" "),
            edges.join(", ")
        ),
    )
    .unwrap();
}

/// Runs `georeduce render ARGS` twice, to standard output (DOT) and with `-o` to a `.tex`
/// file, and returns both texts (each run must succeed).
pub fn render_dot_and_tikz(args: &[&str]) -> (String, String) {
    let o = georeduce(args);
    assert!(o.status.success(), "{o:?}");
    let dot = stdout(&o);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let tex = dir.path().join("figure.tex");
    let o = georeduce(&[args, &["-o", tex.to_str().expect("a UTF-8 path")]].concat());
    assert!(o.status.success(), "{o:?}");
    (dot, std::fs::read_to_string(&tex).expect("the TikZ file"))
}

/// Runs `georeduce ARGS` in the crate's root, killing it after `secs` seconds so that a hang
/// fails the test (with the arguments) instead of hanging the suite.
pub fn georeduce_within(secs: u64, args: &[&str]) -> Output {
    let start = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_georeduce"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn georeduce");
    loop {
        if child.try_wait().expect("poll georeduce").is_some() {
            return child.wait_with_output().expect("wait for georeduce");
        }
        if start.elapsed() > std::time::Duration::from_secs(secs) {
            child.kill().expect("kill georeduce");
            panic!("georeduce {args:?} still running after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
