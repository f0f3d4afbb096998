//! The vertex-cover solver against a brute force over all vertex subsets.

use crate::decision_solvers::{assert_balanced, rng};
use georeduce::problems::VertexCover;
use georeduce::random::graphs::{GraphFamily, random_family, random_vertex_cover};
use georeduce::solvers::Budget;
use georeduce::solvers::vertex_cover::solve;
use rand::Rng;

/// The size of a smallest cover, by trying every subset.
fn min_cover(v: &VertexCover) -> u32 {
    let n = v.graph.n();
    (0u32..1 << n)
        .filter(|set| {
            v.graph
                .edges
                .iter()
                .all(|&(a, b)| set & (1 << a | 1 << b) != 0)
        })
        .map(u32::count_ones)
        .min()
        .expect("the full set covers every edge")
}

/// Solves `v`, checks the cover and the answer against brute force; returns the answer.
fn check(v: &VertexCover) -> bool {
    let s = solve(v, &Budget::unlimited()).expect("unlimited budget");
    if let Some(c) = &s.cover {
        assert!(v.is_solution(c), "invalid cover {c:?} for {v:?}");
    }
    assert_eq!(
        s.cover.is_some(),
        min_cover(v) as usize <= v.k,
        "wrong answer on {v:?}"
    );
    s.cover.is_some()
}

#[test]
fn vertex_cover_agrees_with_subset_brute_force() {
    let mut rng = rng(11);
    let (mut yes, mut no) = (0, 0);
    for i in 0..1500 {
        let n = rng.random_range(0..=11);
        let density = [0.15, 0.3, 0.5, 0.8][i % 4];
        let k = rng.random_range(0..=n);
        if check(&random_vertex_cover(&mut rng, n, density, k)) {
            yes += 1
        } else {
            no += 1
        }
    }
    assert_balanced("G(n,p)", yes, no, 0.25);
}

#[test]
fn vertex_cover_on_structured_families() {
    let mut rng = rng(12);
    let families = [
        GraphFamily::Tree,
        GraphFamily::Cubic,
        GraphFamily::DegreeBounded {
            max_degree: 3,
            p: 0.8,
        },
    ];
    let (mut yes, mut no) = (0, 0);
    for i in 0..600 {
        let n = rng.random_range(1..=12);
        let mut graph = random_family(&mut rng, families[i % 3], n, false);
        // Loops and parallel edges are legal input; add a few.
        if i % 10 == 0 && graph.n() > 0 {
            let v = rng.random_range(0..graph.n());
            graph.add_edge(v, v);
            if let Some(&(a, b)) = graph.edges.first() {
                graph.add_edge(b, a);
            }
        }
        let k = rng.random_range(0..=graph.n());
        if check(&VertexCover { graph, k }) {
            yes += 1
        } else {
            no += 1
        }
    }
    assert_balanced("families", yes, no, 0.25);
}
