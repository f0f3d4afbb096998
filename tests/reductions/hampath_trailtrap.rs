//! `hampath-trailtrap` (Trail Trap Thm 18) closed loop on connected cubic graphs, the exact
//! source question it decides, and its preconditions.
//!
//! Random cubic graphs on ≤ 8 vertices all have long trails from every vertex, so the "no"
//! answers come from cubic graphs with bridges, built from cubic pieces with subdivided
//! edges; the source answer is the max-trail solver's, cross-checked against a brute-force
//! search for a Hamiltonian path with an end joined to `v` off the path.

use crate::reductions::games::{Tally, reduce_checked, rng, winner};
use crate::reductions::max_trail::brute_max;
use georeduce::Instance;
use georeduce::problems::{Graph, HamPath, Locator, VertexId};
use georeduce::random::graphs::{is_connected, random_cubic};
use georeduce::reductions::{Reduction, ReductionError, by_id};
use georeduce::solvers::{Budget, hampath};
use georeduce::verify::question::own_answer;
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// A random connected cubic graph on `n` vertices (n even, ≥ 4) with edge list.
fn cubic_edges(rng: &mut ChaCha8Rng, n: usize) -> Vec<(VertexId, VertexId)> {
    random_cubic(rng, n).expect("n is even and >= 4").edges
}

/// A random connected graph of maximum degree ≤ 3 on 3–7 vertices with n − 1 to 3n/2
/// edges (the spec's verifier draws the same family), by rejection.
fn subcubic(rng: &mut ChaCha8Rng) -> (usize, Vec<(VertexId, VertexId)>) {
    loop {
        let n = rng.random_range(3..=7);
        let mut pairs: Vec<(VertexId, VertexId)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        pairs.shuffle(rng);
        pairs.truncate(rng.random_range(n - 1..=3 * n / 2));
        let g = Graph::from_edges(false, n, &pairs);
        if g.out_degrees().iter().all(|&d| d <= 3) && is_connected(&g) {
            return (n, pairs);
        }
    }
}

/// The hampath instance (G, start v).
pub fn instance(n: usize, edges: &[(VertexId, VertexId)], v: VertexId) -> Instance {
    Instance::Hampath(HamPath {
        graph: Graph::from_edges(false, n, edges),
        start: Some(v),
        end: None,
    })
}

/// Brute force: is there a Hamiltonian path `x_1 … x_n` of `g` with an end `x_1` joined to
/// `v` by an edge that is not on the path? (For cubic graphs, the same as a trail of length
/// n + 1 from v; found independently of the trail solver.)
pub fn ham_path_end_next_to(g: &Graph, v: VertexId) -> bool {
    let adj = g.successors();
    let n = g.n();
    let mut found = false;
    for &x in &adj[v] {
        let mut path = vec![x];
        let mut seen = vec![false; n];
        seen[x] = true;
        extend(
            &adj,
            &mut path,
            &mut seen,
            &mut |p: &[VertexId]| {
                // The edge v–x must be off the path: x's successor on the path is not v, and the
                // path does not end at v coming from x (n ≥ 2 so p[1] exists).
                p[1] != v
            },
            &mut found,
        );
        if found {
            return true;
        }
    }
    false
}

/// Depth-first extension of `path` to a Hamiltonian path; sets `found` when `accept` holds
/// for a complete one.
fn extend(
    adj: &[Vec<VertexId>],
    path: &mut Vec<VertexId>,
    seen: &mut Vec<bool>,
    accept: &mut dyn FnMut(&[VertexId]) -> bool,
    found: &mut bool,
) {
    if *found {
        return;
    }
    if path.len() == adj.len() {
        *found = accept(path);
        return;
    }
    let last = *path.last().expect("non-empty");
    for &y in &adj[last] {
        if !seen[y] {
            seen[y] = true;
            path.push(y);
            extend(adj, path, seen, accept, found);
            path.pop();
            seen[y] = false;
        }
    }
}

fn reduction() -> &'static dyn Reduction {
    by_id("hampath-trailtrap").expect("registered")
}

/// The source answer the reduction declares (a trail of length n + 1 from v).
fn source_yes(s: &Instance) -> bool {
    own_answer(reduction(), s, &Budget::unlimited())
        .expect("declared")
        .expect("solved")
}

/// Reduces and solves `s` with `r`; asserts that the target's answer is the source's.
fn closed_loop_one(r: &dyn Reduction, s: &Instance, yes: bool) {
    let target = reduce_checked(r, s);
    assert_eq!(
        winner(&target) == r.info().yes_winner,
        yes,
        "Thm 18 on {s:?}"
    );
}

#[test]
fn hampath_trailtrap_closed_loop_cubic() {
    // Every connected cubic graph on <= 8 vertices has a trail of length n + 1 from every
    // vertex (the "no" answers start at 14 vertices and are slow to solve; see the fixed
    // examples below), so this campaign checks the "yes" side and the source question.
    let mut rng = rng(60);
    let r = reduction();
    let mut tally = Tally::default();
    for _ in 0..400 {
        let n = [4, 6, 8][rng.random_range(0..3)];
        let v = rng.random_range(0..n);
        let s = instance(n, &cubic_edges(&mut rng, n), v);
        let yes = source_yes(&s);
        let Instance::Hampath(h) = &s else {
            unreachable!()
        };
        assert_eq!(
            ham_path_end_next_to(&h.graph, v),
            yes,
            "source question on {s:?}"
        );
        closed_loop_one(r, &s, yes);
        tally.add(yes);
    }
    assert!(tally.yes >= 390, "{tally:?}");
}

#[test]
fn hampath_trailtrap_closed_loop_subcubic() {
    // The same construction (only the degree check relaxed) on max-degree-3 graphs, where
    // both answers are common.
    let mut rng = rng(61);
    let r = by_id("hampath-trailtrap-subcubic").expect("registered");
    let mut tally = Tally::default();
    for _ in 0..1000 {
        let (n, edges) = subcubic(&mut rng);
        let v = rng.random_range(0..n);
        let s = instance(n, &edges, v);
        let yes = source_yes(&s);
        assert_eq!(
            brute_max(&Graph::from_edges(false, n, &edges), Some(v)) > n,
            yes,
            "{s:?}"
        );
        closed_loop_one(r, &s, yes);
        tally.add(yes);
    }
    tally.assert_both("hampath-trailtrap (subcubic)", 120);
}

/// A 10-vertex cubic graph with a trail of length 11 from v = 2 but no Hamiltonian path
/// from v.
const TEN: [(VertexId, VertexId); 15] = [
    (0, 4),
    (0, 5),
    (0, 6),
    (1, 7),
    (1, 8),
    (1, 9),
    (2, 3),
    (2, 8),
    (2, 9),
    (3, 4),
    (3, 5),
    (4, 6),
    (5, 6),
    (7, 8),
    (7, 9),
];

/// A 14-vertex cubic graph with a Hamiltonian path from v = 4 but no trail of length 15
/// from v.
const FOURTEEN: [(VertexId, VertexId); 21] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (1, 4),
    (1, 8),
    (2, 3),
    (2, 7),
    (3, 7),
    (4, 5),
    (4, 6),
    (5, 7),
    (5, 8),
    (6, 8),
    (6, 12),
    (9, 10),
    (9, 11),
    (9, 12),
    (10, 11),
    (10, 13),
    (11, 13),
    (12, 13),
];

/// A 16-vertex cubic graph with a Hamiltonian path but no trail of length 17 from v = 5.
const SIXTEEN: [(VertexId, VertexId); 24] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (1, 2),
    (1, 4),
    (2, 4),
    (3, 4),
    (3, 7),
    (5, 6),
    (5, 7),
    (5, 8),
    (6, 9),
    (6, 10),
    (7, 10),
    (8, 9),
    (8, 14),
    (9, 10),
    (11, 12),
    (11, 13),
    (11, 14),
    (12, 13),
    (12, 15),
    (13, 15),
    (14, 15),
];

/// Whether the instance's graph has a Hamiltonian path (from `start` when given).
fn ham(n: usize, edges: &[(VertexId, VertexId)], start: Option<VertexId>) -> bool {
    let h = HamPath {
        graph: Graph::from_edges(false, n, edges),
        start,
        end: None,
    };
    hampath::solve(&h, &Budget::unlimited())
        .expect("solved")
        .path
        .is_some()
}

#[test]
fn thm18_decides_trails_from_v_not_hamiltonian_paths_from_v() {
    let r = reduction();
    // Trail yes, Hamiltonian path from v no: player II wins.
    let ten = instance(10, &TEN, 2);
    assert!(source_yes(&ten) && !ham(10, &TEN, Some(2)) && ham(10, &TEN, None));
    closed_loop_one(r, &ten, true);
    // Trail no, Hamiltonian path from v yes: player I wins.
    let fourteen = instance(14, &FOURTEEN, 4);
    assert!(!source_yes(&fourteen) && ham(14, &FOURTEEN, Some(4)));
    closed_loop_one(r, &fourteen, false);
}

#[test]
fn thm18_question_is_not_hamiltonian_path_anywhere() {
    // Lemma 16 (any trail of length n + 1 <=> a Hamiltonian path) does not fix the start:
    // this graph is traceable, yet no trail of length 17 starts at v (source side only; the
    // Trail Trap equivalence itself is checked above and in the campaigns).
    let s = instance(16, &SIXTEEN, 5);
    let Instance::Hampath(h) = &s else {
        unreachable!()
    };
    assert!(ham(16, &SIXTEEN, None) && !ham(16, &SIXTEEN, Some(5)));
    assert!(!source_yes(&s));
    assert!(!ham_path_end_next_to(&h.graph, 5));
    reduce_checked(reduction(), &s);
}

/// The locator of the precondition error for `s`, or a panic if `s` compiles.
fn refused_at(s: &Instance) -> Locator {
    match reduction().reduce(s) {
        Err(ReductionError::Precondition { at, theorem, .. }) => {
            assert_eq!(theorem, "Trail Trap Thm 18");
            at
        }
        other => panic!("expected a precondition error, got {other:?}"),
    }
}

#[test]
fn thm18_preconditions_are_diagnosed() {
    let k4 = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    assert!(reduction().reduce(&instance(4, &k4, 0)).is_ok());
    // Not cubic: the path P4 (vertex 0 has degree 1).
    assert_eq!(
        refused_at(&instance(4, &[(0, 1), (1, 2), (2, 3)], 1)),
        Locator::Vertex(0)
    );
    // Not connected: two copies of K4 (vertex 4 is unreachable from 0).
    let two: Vec<_> = k4
        .iter()
        .chain(k4.iter())
        .enumerate()
        .map(|(i, &(a, b))| if i < 6 { (a, b) } else { (a + 4, b + 4) })
        .collect();
    assert_eq!(refused_at(&instance(8, &two, 0)), Locator::Vertex(4));
    // No start; an end; directed; a parallel edge.
    let mut h = HamPath {
        graph: Graph::from_edges(false, 4, &k4),
        start: None,
        end: None,
    };
    assert_eq!(refused_at(&Instance::Hampath(h.clone())), Locator::Whole);
    h.start = Some(0);
    h.end = Some(3);
    assert_eq!(refused_at(&Instance::Hampath(h.clone())), Locator::End);
    h.end = None;
    h.graph.directed = true;
    assert_eq!(refused_at(&Instance::Hampath(h.clone())), Locator::Whole);
    let multi = [(0, 1), (0, 1), (0, 2), (1, 3), (2, 3), (2, 3)];
    assert_eq!(refused_at(&instance(4, &multi, 0)), Locator::Edge(1));
    // Wrong kind.
    let q = Instance::Qbf(georeduce::Qbf::from_signed(&[], &[]));
    assert!(matches!(
        reduction().reduce(&q),
        Err(ReductionError::WrongKind { .. })
    ));
}
