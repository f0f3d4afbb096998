//! Differential tests of the decision-problem solvers and the random generators: each solver
//! against an independent brute force written here, on thousands of seeded random instances
//! with both answers well represented.

mod generators;
mod hampath;
mod qbf;
mod vertex_cover;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The seeded generator every test uses, so a failure replays exactly.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Asserts that YES and NO each make up at least `min_share` of `yes + no` answers.
pub fn assert_balanced(what: &str, yes: usize, no: usize, min_share: f64) {
    let total = (yes + no) as f64;
    eprintln!("{what}: {yes} YES, {no} NO");
    assert!(
        yes as f64 >= min_share * total && no as f64 >= min_share * total,
        "{what}: {yes} YES and {no} NO is too lopsided (each needs {min_share} of {total})"
    );
}
