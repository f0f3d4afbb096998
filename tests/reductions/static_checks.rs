//! Declared sizes and structural claims on larger random sources than the games can be
//! solved on: these checks need no solver, so they reach deeper clause trees, larger literal
//! in-trees and denser graphs.

use crate::reductions::from_graphs::hampath_sample;
use crate::reductions::harness::{game, reduction};
use georeduce::Instance;
use georeduce::random::formulas::{QbfParams, random_qbf};
use georeduce::random::games::{GameParams, Setup, random_game};
use georeduce::random::graphs::random_vertex_cover;
use georeduce::reductions::ProblemKind;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Compiles `src` and asserts the declared size, the claims and the target kind; returns the
/// number of vertices.
fn check_static(id: &str, src: &Instance) -> usize {
    let r = reduction(id);
    let out = match r.reduce(src) {
        Ok(out) => out,
        Err(e) => panic!("{id}: {e} on {src:?}"),
    };
    let g = game(&out.target);
    assert_eq!(
        (g.graph.n(), g.graph.m()),
        r.declared_size(src),
        "{id}: {src:?}"
    );
    r.check_structure(src, &out.target)
        .unwrap_or_else(|e| panic!("{id}: {e}; {src:?}"));
    assert_eq!(ProblemKind::of(&out.target), r.info().target, "{id}");
    g.validate().unwrap_or_else(|e| panic!("{id}: {e:?}"));
    g.graph.n()
}

#[test]
fn sizes_and_claims_hold_on_larger_random_formulas() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let p = QbfParams::three_qbf(1..=12, 0..=40);
    let ids = [
        "qbf-dvg",
        "qbf-pvg",
        "qbf-pvg-restricted",
        "qbf-iag2",
        "qbf-ivg2",
        "qbf-iag2-as-printed",
    ];
    let mut largest = 0;
    for _ in 0..300 {
        let src = Instance::Qbf(random_qbf(&mut rng, &p));
        for id in ids {
            largest = largest.max(check_static(id, &src));
        }
        // The restricted PVG through Thm 2.2 stays bipartite and degree-restricted.
        let pvg = reduction("qbf-pvg-restricted").reduce(&src).unwrap().target;
        check_static("pvg-pag", &pvg);
    }
    assert!(largest > 1000, "the sample reached only {largest} vertices");
}

#[test]
fn sizes_and_claims_hold_on_larger_random_graphs() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for _ in 0..300 {
        let p = GameParams {
            setup: Setup::Partizan,
            n: rng.random_range(2..=30),
            edge_prob: rng.random_range(0.0..0.5),
            ..GameParams::default()
        };
        check_static("pvg-pag", &Instance::Geography(random_game(&mut rng, &p)));
        let n = rng.random_range(0..=14);
        let k = rng.random_range(0..=n + 1);
        let vc = Instance::VertexCover(random_vertex_cover(&mut rng, n, 0.4, k));
        check_static("vc-pvg", &vc);
        check_static("vc-pvg-as-printed", &vc);
    }
    for src in hampath_sample(43, 300, 1) {
        check_static("hampath-pvg", &src);
        check_static("hampath-pvg-as-printed", &src);
    }
}
