//! Planarity claims ("the output is planar when the source graph is") hold on random planar
//! sources, are checked by `check`, and a construction that loses planarity is caught.

use super::support::*;
use georeduce::check::FailureKind;
use georeduce::check::generate::{case_rng, generate_variant, variants};
use georeduce::problems::{Geography, Graph, Instance};
use georeduce::reductions::claims::{check_kept, is_planar, planarity};

fn graph_of(i: &Instance) -> Option<&Graph> {
    i.graph()
}

#[test]
fn every_planarity_claim_holds_on_random_planar_sources() {
    for r in georeduce::reductions::all() {
        let Some((max_source_degree, _)) = planarity(r.info()) else {
            continue;
        };
        let id = r.info().id;
        let kind = r.info().source;
        let (mut applicable, mut compiled) = (0, 0);
        let variants = variants(kind);
        // About 240 draws per size over all variants.
        let per_size = (240 / variants.len()).max(4);
        for (i, v) in variants.into_iter().enumerate() {
            let mut rng = case_rng(3, id, i);
            for n in 3..=8 {
                for _ in 0..per_size {
                    let Some(d) = generate_variant(kind, v, n, &mut rng) else {
                        continue;
                    };
                    let Ok(out) = r.reduce(&d.instance) else {
                        continue;
                    };
                    compiled += 1;
                    let source = graph_of(&d.instance).expect("a graph source");
                    let degree_ok = max_source_degree.is_none_or(|k| {
                        let mut deg = vec![0; source.n()];
                        for &(u, w) in &source.edges {
                            deg[u] += 1;
                            deg[w] += 1;
                        }
                        deg.iter().all(|&x| x <= k)
                    });
                    if degree_ok && is_planar(source) {
                        applicable += 1;
                        let target = graph_of(&out.target).expect("a game");
                        assert!(
                            is_planar(target),
                            "{}: planar source, non-planar output:\n{}",
                            id,
                            georeduce::lang::to_dsl(&d.instance)
                        );
                    }
                    assert_eq!(check_kept(r, &d.instance, &out.target), Ok(()));
                }
            }
        }
        assert!(applicable >= 30, "{}: {applicable} of {compiled}", id);
    }
}

#[test]
fn vertex_splitting_loses_planarity_above_degree_three() {
    // Why pvg-pag's claim is restricted to degree <= 3: the complete digraph on three
    // vertices is planar, its split is not (in- and out-arcs alternate around each vertex).
    let dsl = "geography {\n  directed vertex geography\n  normal play\n  tokens: partizan, \
               first at a, second at b\n  vertices a b c\n  edges a -> b, b -> a, b -> c, \
               c -> b, a -> c, c -> a\n}\n";
    let parsed = georeduce::lang::parse_str("k3", dsl).expect("parses");
    let out = by_id("pvg-pag").reduce(&parsed.instance).expect("compiles");
    assert!(is_planar(graph_of(&parsed.instance).unwrap()));
    assert!(!is_planar(graph_of(&out.target).unwrap()));
    // Out of the claim's scope (degree 4), so not a violation.
    assert_eq!(
        check_kept(by_id("pvg-pag"), &parsed.instance, &out.target),
        Ok(())
    );
}

/// Adds a K5 on five new vertices, unreachable from the starts: the answer is unchanged,
/// only planarity is lost.
fn add_k5(g: &mut Geography) {
    let first = g.graph.n();
    for i in 0..5 {
        g.graph.add_vertex(format!("test_k5_{i}"));
    }
    for u in 0..5 {
        for w in u + 1..5 {
            g.graph.add_edge(first + u, first + w);
        }
    }
}

#[test]
fn check_catches_an_output_that_loses_planarity() {
    // The wrapper keeps the real id, so the real reduction's planarity claim applies to it.
    let r = broken("hampath-pvg", "hampath-pvg", add_k5, (5, 10));
    let mut cfg = config(&[], 40, 4);
    cfg.reductions = vec![r];
    let report = run(&cfg);
    let rep = &report.reductions[0];
    let c = &rep.counterexamples[0];
    assert_eq!(c.kind, FailureKind::StructureViolation, "{}", c.detail);
    assert!(c.detail.contains("planar"), "{}", c.detail);
    // Every planar source fails, so shrinking reaches the smallest instance.
    assert!(c.measure[0] <= 1, "{}", c.dsl);
}
