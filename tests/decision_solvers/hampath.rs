//! The Hamiltonian-path solvers (Held–Karp and backtracking) against a brute force over
//! permutations, directed and undirected, with and without fixed endpoints.

use crate::decision_solvers::{assert_balanced, rng};
use georeduce::problems::HamPath;
use georeduce::random::graphs::{Endpoints, GraphFamily, HamPathParams, random_hampath};
use georeduce::solvers::Budget;
use georeduce::solvers::hampath::{solve, solve_backtracking, solve_dp};

/// Whether some permutation of the vertices is a path, reading adjacency straight from the
/// edge list (not from `Graph::successors`).
fn brute(h: &HamPath) -> bool {
    let n = h.graph.n();
    let mut adj = vec![vec![false; n]; n];
    for &(u, v) in &h.graph.edges {
        adj[u][v] = true;
        if !h.graph.directed {
            adj[v][u] = true;
        }
    }
    let mut perm: Vec<usize> = (0..n).collect();
    let ok = |p: &[usize]| {
        h.start.is_none_or(|s| p.first() == Some(&s))
            && h.end.is_none_or(|t| p.last() == Some(&t))
            && p.windows(2).all(|w| adj[w[0]][w[1]])
    };
    permutations(&mut perm, 0, &ok)
}

/// Whether some permutation of `p[k..]` (with `p[..k]` fixed) satisfies `ok`.
fn permutations(p: &mut Vec<usize>, k: usize, ok: &dyn Fn(&[usize]) -> bool) -> bool {
    if k == p.len() {
        return ok(p);
    }
    for i in k..p.len() {
        p.swap(k, i);
        let found = permutations(p, k + 1, ok);
        p.swap(k, i);
        if found {
            return true;
        }
    }
    false
}

fn params(
    directed: bool,
    n: std::ops::RangeInclusive<usize>,
    family: GraphFamily,
) -> HamPathParams {
    HamPathParams {
        vertices: n,
        family,
        directed,
        endpoints: Endpoints::Mixed,
        plant: 0.3,
    }
}

/// Runs both solvers; asserts they agree and that their paths are valid. Returns the answer.
fn solve_both(h: &HamPath) -> bool {
    let b = Budget::unlimited();
    let dp = solve_dp(h, &b).expect("small instance").path;
    let bt = solve_backtracking(h, &b).expect("unlimited budget").path;
    for path in dp.iter().chain(&bt) {
        assert!(h.is_solution(path), "invalid path {path:?} for {h:?}");
    }
    assert_eq!(
        dp.is_some(),
        bt.is_some(),
        "DP and backtracking disagree on {h:?}"
    );
    dp.is_some()
}

#[test]
fn hampath_solvers_agree_with_permutation_brute_force() {
    let mut rng = rng(7);
    for directed in [false, true] {
        let (mut yes, mut no) = (0, 0);
        for i in 0..1200 {
            let p = 0.2 + 0.5 * (i % 5) as f64 / 4.0;
            let h = random_hampath(&mut rng, &params(directed, 1..=7, GraphFamily::Gnp(p)));
            let answer = solve_both(&h);
            assert_eq!(answer, brute(&h), "wrong answer on {h:?}");
            if answer { yes += 1 } else { no += 1 }
        }
        assert_balanced(
            if directed { "directed" } else { "undirected" },
            yes,
            no,
            0.25,
        );
    }
}

#[test]
fn every_endpoint_combination_gets_both_answers() {
    let mut rng = rng(8);
    for endpoints in [
        Endpoints::Free,
        Endpoints::Start,
        Endpoints::End,
        Endpoints::Both,
    ] {
        let (mut yes, mut no) = (0, 0);
        for i in 0..300 {
            let p = HamPathParams {
                endpoints,
                ..params(i % 2 == 0, 3..=7, GraphFamily::Gnp(0.45))
            };
            let h = random_hampath(&mut rng, &p);
            let answer = solve_both(&h);
            assert_eq!(answer, brute(&h), "wrong answer on {h:?}");
            if answer { yes += 1 } else { no += 1 }
        }
        assert_balanced(&format!("{endpoints:?}"), yes, no, 0.2);
    }
}

#[test]
fn dp_and_backtracking_agree_on_mid_sized_families() {
    let mut rng = rng(9);
    let families = [
        GraphFamily::Sparse,
        GraphFamily::Dense,
        GraphFamily::Acyclic(0.5),
        GraphFamily::Tree,
        GraphFamily::DegreeBounded {
            max_degree: 3,
            p: 0.7,
        },
        GraphFamily::Cubic,
    ];
    let (mut yes, mut no) = (0, 0);
    for i in 0..600 {
        let family = families[i % families.len()];
        let h = random_hampath(&mut rng, &params(i % 2 == 0, 8..=14, family));
        if solve_both(&h) { yes += 1 } else { no += 1 }
    }
    assert_balanced("mid-sized", yes, no, 0.2);
}

#[test]
fn large_instances_use_backtracking_and_respect_the_budget() {
    let mut rng = rng(10);
    let p = HamPathParams {
        plant: 1.0,
        ..params(true, 40..=40, GraphFamily::Sparse)
    };
    let h = random_hampath(&mut rng, &p);
    let path = solve(&h, &Budget::unlimited())
        .unwrap()
        .path
        .expect("a path was planted");
    assert!(h.is_solution(&path));
    let tiny = Budget::new(Some(5), None);
    let dense = random_hampath(&mut rng, &params(false, 30..=30, GraphFamily::Dense));
    assert!(solve(&dense, &tiny).is_err());
}
