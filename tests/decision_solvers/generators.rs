//! The random generators: one seed gives one instance, and each family has the structure it
//! promises (cubic graphs are cubic and connected, DAGs acyclic, trees trees).

use crate::decision_solvers::rng;
use georeduce::problems::Graph;
use georeduce::random::formulas::{QbfParams, random_qbf};
use georeduce::random::graphs::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

const FAMILIES: [GraphFamily; 8] = [
    GraphFamily::Gnp(0.4),
    GraphFamily::Sparse,
    GraphFamily::Dense,
    GraphFamily::Acyclic(0.5),
    GraphFamily::Tree,
    GraphFamily::DegreeBounded {
        max_degree: 3,
        p: 0.6,
    },
    GraphFamily::Cubic,
    GraphFamily::BridgedCubic,
];

/// Runs `make` twice from the same seed and once from another; the first two must be equal,
/// and the sample must not be constant.
fn deterministic<T: PartialEq + std::fmt::Debug>(make: impl Fn(&mut ChaCha8Rng) -> T) {
    let draw = |seed| {
        let mut r = rng(seed);
        (0..20).map(|_| make(&mut r)).collect::<Vec<T>>()
    };
    let a = draw(5);
    assert_eq!(a, draw(5));
    assert_ne!(a, draw(6));
}

#[test]
fn same_seed_same_instance_for_every_generator() {
    deterministic(|r| random_qbf(r, &QbfParams::three_qbf(1..=10, 1..=15)));
    deterministic(|r| random_digraph(r, 8, 0.3));
    deterministic(|r| random_graph(r, 8, 0.3));
    deterministic(|r| random_dag(r, 8, 0.3));
    deterministic(|r| random_tree(r, 8));
    deterministic(|r| random_degree_bounded(r, 8, 3, 0.5));
    deterministic(|r| random_cubic(r, 10));
    deterministic(|r| random_vertex_cover(r, 8, 0.4, 3));
    for family in FAMILIES {
        deterministic(|r| random_family(r, family, 9, true));
        let p = HamPathParams {
            vertices: 2..=9,
            family,
            directed: false,
            endpoints: Endpoints::Mixed,
            plant: 0.5,
        };
        deterministic(|r| random_hampath(r, &p));
    }
}

fn degrees(g: &Graph) -> Vec<usize> {
    g.out_degrees()
}

#[test]
fn cubic_graphs_are_simple_cubic_and_connected() {
    let mut r = rng(20);
    // Small orders dominate: there a disconnected draw (two K4s, K4 plus a prism) is likeliest.
    let orders = (0..40).chain((0..3000).map(|i| 8 + 2 * (i % 3)));
    for n in orders {
        let g = random_cubic(&mut r, n);
        assert_eq!(g.is_some(), n >= 4 && n % 2 == 0, "n = {n}");
        let Some(g) = g else { continue };
        assert_eq!(g.n(), n);
        assert!(degrees(&g).iter().all(|&d| d == 3), "not cubic: {g:?}");
        assert!(
            !g.has_loop() && g.first_duplicate_edge().is_none(),
            "not simple: {g:?}"
        );
        assert!(is_connected(&g), "not connected: {g:?}");
        g.check_invariants().unwrap();
    }
}

#[test]
fn dags_are_acyclic_and_trees_are_trees() {
    let mut r = rng(21);
    let mut arcs = 0;
    for _ in 0..300 {
        let n = r.random_range(0..15);
        let d = random_dag(&mut r, n, 0.4);
        assert!(d.directed && d.is_acyclic() && !d.has_loop());
        arcs += d.m();
        let t = random_tree(&mut r, n);
        assert_eq!(t.m(), n.saturating_sub(1));
        assert!(
            !t.directed && is_connected(&t) && t.is_acyclic(),
            "not a tree: {t:?}"
        );
    }
    assert!(arcs > 1000, "DAGs are nearly empty: {arcs} arcs");
}

#[test]
fn families_keep_their_promises() {
    let mut r = rng(22);
    for _ in 0..100 {
        for family in FAMILIES {
            for directed in [false, true] {
                let n = r.random_range(0..13);
                let g = random_family(&mut r, family, n, directed);
                g.check_invariants().unwrap();
                assert_eq!(g.directed, directed);
                assert!(!g.has_loop() && g.first_duplicate_edge().is_none());
                match family {
                    GraphFamily::Cubic => assert_eq!(g.n(), n.max(4).div_ceil(2) * 2),
                    GraphFamily::BridgedCubic => assert!((10..=22).contains(&g.n())),
                    _ => assert_eq!(g.n(), n),
                }
                let mut undirected = g.clone();
                undirected.directed = false;
                match family {
                    GraphFamily::Acyclic(_) => assert!(g.is_acyclic()),
                    GraphFamily::Tree => assert!(undirected.is_acyclic() && is_connected(&g)),
                    GraphFamily::DegreeBounded { max_degree, .. } => {
                        assert!(degrees(&undirected).iter().all(|&d| d <= max_degree))
                    }
                    GraphFamily::Cubic => assert!(degrees(&undirected).iter().all(|&d| d == 3)),
                    GraphFamily::BridgedCubic => {
                        assert!(degrees(&undirected).iter().all(|&d| d == 3));
                        assert!(is_connected(&g));
                    }
                    _ => {}
                }
            }
        }
    }
}

#[test]
fn planted_hampaths_exist_and_fixed_endpoints_are_distinct() {
    let mut r = rng(23);
    for i in 0..300 {
        let p = HamPathParams {
            vertices: 2..=12,
            family: FAMILIES[i % FAMILIES.len()],
            directed: i % 2 == 0,
            endpoints: Endpoints::Both,
            plant: 1.0,
        };
        let h = random_hampath(&mut r, &p);
        assert_ne!(h.start, h.end);
        let s = georeduce::solvers::hampath::solve(&h, &georeduce::solvers::Budget::unlimited());
        assert!(s.unwrap().path.is_some(), "planted path missing: {h:?}");
    }
}
