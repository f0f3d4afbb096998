//! The bounded fuzz run: seeded, deterministic mutations of the examples, the bad-input
//! corpus and certificates of the examples, fed to the same entry points as the `cargo fuzz`
//! targets under fuzz/ ([`georeduce::fuzzing`]). No input may panic.
//!
//! It runs with the rest of `cargo test --release` (about 2 s on one core); alone:
//! `cargo test --release --test tests fuzz::`. `GEOREDUCE_FUZZ_INPUTS` and
//! `GEOREDUCE_FUZZ_SEED` change the count (default 100,000, 25,000 per target) and the seed
//! (default 0).

use georeduce::fuzzing::{Outcome, Target, certificate_instances};
use georeduce::solvers::Budget;
use georeduce::solvers::certificates::{GameCertificate, certify_instance_with};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;

/// Files under `dir` (recursively) whose names end in one of `exts`, sorted.
fn files(dir: &Path, exts: &[&str], out: &mut Vec<Vec<u8>>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("readable directory")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, exts, out);
        } else if let Some(name) = p.file_name().and_then(|n| n.to_str())
            && exts.iter().any(|e| name.ends_with(e))
        {
            out.push(std::fs::read(&p).expect("readable file"));
        }
    }
}

/// The seed inputs of `target`.
fn seeds(target: Target) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    match target {
        Target::Dsl => {
            files(Path::new("examples"), &[".geo", ".qbf"], &mut out);
            files(Path::new("tests/bad_inputs"), &[".geo", ".qbf"], &mut out);
        }
        Target::Qdimacs => {
            files(Path::new("examples"), &[".qdimacs"], &mut out);
            files(Path::new("tests/bad_inputs"), &[".qdimacs"], &mut out);
        }
        Target::JsonInstance => {
            files(Path::new("tests/bad_inputs"), &[".json"], &mut out);
            // Every DSL example as JSON.
            let mut dsl = Vec::new();
            files(Path::new("examples"), &[".geo", ".qbf"], &mut dsl);
            for bytes in dsl {
                if let Ok(p) = georeduce::lang::parse_bytes("x.geo", &bytes) {
                    out.push(serde_json::to_vec(&p.instance).expect("serializes"));
                }
            }
        }
        Target::Certificate => {
            // Certificates of the selector's own instance, both styles for games.
            for (i, (_, instance)) in certificate_instances().iter().enumerate() {
                for style in [GameCertificate::Auto, GameCertificate::Strategy] {
                    if let Ok((_, Some(cert))) =
                        certify_instance_with(instance, &Budget::unlimited(), style)
                    {
                        let mut bytes = vec![i as u8];
                        bytes.extend(cert.to_json().into_bytes());
                        out.push(bytes);
                    }
                }
            }
        }
    }
    // Large files would make each mutation slow without finding more.
    out.retain(|s| !s.is_empty() && s.len() < 20_000);
    assert!(!out.is_empty(), "{target:?} has seeds");
    out
}

/// Fragments worth inserting: operators, keywords, numbers at the edges of their types,
/// JSON punctuation, bad UTF-8.
const TOKENS: &[&[u8]] = &[
    b"->",
    b"--",
    b"{",
    b"}",
    b"(",
    b")",
    b"[",
    b"]",
    b",",
    b":",
    b";",
    b"\"",
    b"\\",
    b"#",
    b"\n",
    b" ",
    b"0",
    b"-1",
    b"4294967296",
    b"18446744073709551616",
    b"1e309",
    b"null",
    b"true",
    b"vertices",
    b"edges",
    b"tokens: one at",
    b"unrooted",
    b"weight",
    b"k =",
    b"\xff",
    b"\xc3",
    b"\xe2\x88\x80",
    b"p cnf 3 2\n",
    b"e 1 0\n",
    b"a 2 0\n",
    b" 0\n",
    b"\"kind\": \"game_win\"",
    b"\"visited\": [\"s\", \"s\"]",
    b"\"used\": [0, 0]",
    b"\"tokens\": [null]",
    b"\"position\"",
    b"\"move\": \"place\"",
];

/// One random edit of `bytes`; `others` are the other seeds, for splicing.
fn mutate(bytes: &mut Vec<u8>, others: &[Vec<u8>], rng: &mut ChaCha8Rng) {
    let at = rng.random_range(0..=bytes.len());
    match rng.random_range(0..100) {
        // Byte-level edits.
        0..=19 if at < bytes.len() => {
            bytes.remove(at);
        }
        20..=34 if at < bytes.len() => bytes[at] = rng.random(),
        35..=59 => {
            let t = TOKENS[rng.random_range(0..TOKENS.len())];
            bytes.splice(at..at, t.iter().copied());
        }
        // Repeat a range (lists of duplicates, deep nesting).
        60..=69 if at < bytes.len() => {
            let end = rng.random_range(at..bytes.len().min(at + 64)) + 1;
            let chunk = bytes[at..end].to_vec();
            for _ in 0..rng.random_range(1..8) {
                bytes.splice(at..at, chunk.iter().copied());
            }
        }
        // Splice in part of another seed.
        70..=79 => {
            let o = &others[rng.random_range(0..others.len())];
            let from = rng.random_range(0..o.len());
            let to = rng.random_range(from..o.len()) + 1;
            bytes.splice(at..at, o[from..to].iter().copied());
        }
        // Cut short.
        80..=84 => bytes.truncate(at),
        // A very long line, past miette's 65,535-column limit, now and then.
        85 => {
            bytes.splice(at..at, std::iter::repeat_n(b'a', 70_000));
        }
        // Digits (numbers out of range).
        _ => {
            let digits = rng.random_range(1..30);
            let number: Vec<u8> = (0..digits)
                .map(|_| b'0' + rng.random_range(0..10))
                .collect();
            bytes.splice(at..at, number);
        }
    }
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn bounded_fuzz_run_never_panics() {
    let total = env_u64("GEOREDUCE_FUZZ_INPUTS", 100_000);
    let seed = env_u64("GEOREDUCE_FUZZ_SEED", 0);
    let per_target = total / Target::ALL.len() as u64;
    let started = std::time::Instant::now();
    for (t, target) in Target::ALL.into_iter().enumerate() {
        let seeds = seeds(target);
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(t as u64));
        let (mut accepted, mut rejected) = (0u64, 0u64);
        for _ in 0..per_target {
            let mut input = seeds[rng.random_range(0..seeds.len())].clone();
            // Half the inputs get one edit (near-valid), the rest two to four.
            let edits = if rng.random_bool(0.5) {
                1
            } else {
                rng.random_range(2..=4)
            };
            for _ in 0..edits {
                mutate(&mut input, &seeds, &mut rng);
            }
            let run = std::panic::catch_unwind(|| target.run(&input));
            match run {
                Ok(Outcome::Accepted) => accepted += 1,
                Ok(Outcome::Rejected) => rejected += 1,
                Err(_) => {
                    let dump = std::env::temp_dir().join("georeduce-fuzz-crash");
                    let _ = std::fs::write(&dump, &input);
                    panic!(
                        "{target:?} panicked on an input (saved to {})",
                        dump.display()
                    );
                }
            }
        }
        eprintln!(
            "bounded fuzz {target:?}: {per_target} inputs, {accepted} accepted, {rejected} \
             rejected, 0 panics"
        );
        // Both outcomes in numbers (at least 1% each): the mutations reach past the first
        // syntax check.
        assert!(
            accepted * 100 >= per_target && rejected * 100 >= per_target,
            "{target:?}: accepted {accepted}, rejected {rejected}"
        );
    }
    eprintln!(
        "bounded fuzz: {total} inputs in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
