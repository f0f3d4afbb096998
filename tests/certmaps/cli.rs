//! `georeduce verify --certify` end to end: the JSON `certificates` section of every step,
//! and a map declared not constructive reported as such with exit code 0.

use serde_json::Value;
use std::process::Command;

fn verify(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_georeduce"))
        .args(["verify", "--certify", "--json"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run georeduce");
    let json = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    (out.status.code().unwrap_or(-1), json)
}

fn status(v: &Value, step: usize, what: &str) -> String {
    v["certificates"][step][what]["status"]
        .as_str()
        .unwrap_or("-")
        .to_string()
}

#[test]
fn verify_certify_carries_certificates_through_a_chain() {
    let (code, v) = verify(&["examples/fraenkel-simonson.qbf", "--to", "pag"]);
    assert_eq!(code, 0, "{v:#}");
    assert_eq!(v["certificates"].as_array().map(Vec::len), Some(2));
    for step in 0..2 {
        for what in ["source", "forward", "target", "backward"] {
            assert_eq!(
                status(&v, step, what),
                "accepted",
                "{what} of step {step}: {v:#}"
            );
        }
    }
    assert_eq!(v["certificates"][1]["reduction"], "pvg-pag");
    assert_eq!(v["certificates"][0]["backward"]["certificate"], "qbf_false");
}

#[test]
fn verify_certify_maps_the_misere_gadgets_both_ways() {
    let (code, v) = verify(&["examples/games/dvg.geo", "--to", "misere-uvg"]);
    assert_eq!(code, 0, "{v:#}");
    assert_eq!(status(&v, 0, "forward"), "accepted", "{v:#}");
    assert_eq!(status(&v, 0, "backward"), "accepted", "{v:#}");
}

/// `--certify` needs every instance searched and `--by certificate` searches none: the two
/// together used to run, print "certificates: not carried" and exit 3 as if a budget had
/// run out. A usage error (exit 2) before anything runs.
#[test]
fn certify_with_by_certificate_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_georeduce"))
        .args(["verify", "examples/fraenkel-simonson.qbf", "--to", "pvg"])
        .args(["--by", "certificate", "--certify"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run georeduce");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--certify needs every instance searched"),
        "{err}"
    );
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
