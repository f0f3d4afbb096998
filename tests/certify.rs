//! Integration tests of `georeduce::certify`: the independent certificate checker.
//!
//! Every test builds certificates either by hand (answers known by reasoning) or with the
//! test-only brute force of `certify/brute.rs` and friends, never with `crate::solvers`, and
//! every mutation test decides a mutant's validity with an independent oracle.

#[path = "certify/brute.rs"]
mod brute; // a second geography engine, minimax, certificate builder and validity oracle
#[path = "certify/compact.rs"]
mod compact; // UVG matching certificates, including 10^5-vertex instances
#[path = "certify/games.rs"]
mod games; // game_win certificates of every variant: hand-built, random, mutated
#[path = "certify/kernels.rs"]
mod kernels; // UEG even-kernel certificates against the game engine
#[path = "certify/np.rs"]
mod np; // Hamiltonian path and vertex cover certificates
#[path = "certify/qbf.rs"]
mod qbf; // Skolem and Herbrand certificates

use georeduce::problems::{Convention, Geography, Graph, Rule, Tokens};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The fixed-seed generator every random test uses.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A graph on vertices named `v0 … v(n−1)` with the given edges.
pub fn graph(directed: bool, n: usize, edges: &[(usize, usize)]) -> Graph {
    let mut g = Graph::new(directed);
    for i in 0..n {
        g.add_vertex(format!("v{i}"));
    }
    for &(u, v) in edges {
        g.add_edge(u, v);
    }
    g
}

/// A game on `graph`.
pub fn game(graph: Graph, rule: Rule, tokens: Tokens, convention: Convention) -> Geography {
    Geography {
        graph,
        rule,
        tokens,
        convention,
    }
}

/// The dependency boundary: the checker must not use solvers or reductions (issue #5 §1).
#[test]
fn certify_depends_only_on_problems() {
    let mut stack = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/certify")];
    let mut files = 0;
    while let Some(p) = stack.pop() {
        for entry in std::fs::read_dir(&p).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            files += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            for bad in [
                "crate::solvers",
                "crate::reductions",
                "solvers::",
                "reductions::",
            ] {
                assert!(!text.contains(bad), "{} mentions {bad}", path.display());
            }
        }
    }
    assert!(
        files >= 5,
        "expected the certify sources, found {files} files"
    );
}
