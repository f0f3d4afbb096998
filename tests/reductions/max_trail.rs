//! The max-trail solver against an independent brute force: by Euler's theorem, a set of
//! edges is the edge set of a trail (from `v`) iff it is connected and has 0 or 2 odd
//! vertices (in a digraph: balanced except one +1 start and one −1 end), with `v` a valid
//! start. The longest trail is the largest such set; every solver witness is checked too.

use crate::reductions::games::rng;
use georeduce::problems::{Graph, VertexId};
use georeduce::solvers::Budget;
use georeduce::solvers::trail::{check_trail, max_trail, max_trail_from};
use rand::Rng;

/// Union-find root.
fn root(parent: &mut [usize], x: usize) -> usize {
    let mut r = x;
    while parent[r] != r {
        r = parent[r];
    }
    parent[x] = r;
    r
}

/// Whether the edges in `mask` form a trail that can start at `start` (any vertex when
/// `None`). The empty set is a trail from anywhere.
fn is_trail_set(g: &Graph, mask: u32, start: Option<VertexId>) -> bool {
    let chosen: Vec<(VertexId, VertexId)> = (0..g.m())
        .filter(|&e| mask >> e & 1 == 1)
        .map(|e| g.edges[e])
        .collect();
    if chosen.is_empty() {
        return true;
    }
    let mut parent: Vec<usize> = (0..g.n()).collect();
    let mut balance = vec![0i32; g.n()]; // out − in (directed) or degree (undirected)
    let mut touched = vec![false; g.n()];
    for &(a, b) in &chosen {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra] = rb;
        touched[a] = true;
        touched[b] = true;
        if g.directed {
            balance[a] += 1;
            balance[b] -= 1;
        } else {
            balance[a] += 1;
            balance[b] += 1;
        }
    }
    let r0 = root(&mut parent, chosen[0].0);
    if (0..g.n()).any(|x| touched[x] && root(&mut parent, x) != r0) {
        return false;
    }
    let starts: Vec<VertexId> = if g.directed {
        let plus: Vec<_> = (0..g.n()).filter(|&x| balance[x] == 1).collect();
        let minus = (0..g.n()).filter(|&x| balance[x] == -1).count();
        if balance.iter().any(|&b| b.abs() > 1) || plus.len() != minus || plus.len() > 1 {
            return false;
        }
        if plus.is_empty() {
            (0..g.n()).filter(|&x| touched[x]).collect()
        } else {
            plus
        }
    } else {
        let odd: Vec<_> = (0..g.n()).filter(|&x| balance[x] % 2 == 1).collect();
        match odd.len() {
            0 => (0..g.n()).filter(|&x| touched[x]).collect(),
            2 => odd,
            _ => return false,
        }
    };
    start.is_none_or(|s| starts.contains(&s))
}

/// The longest trail length by brute force over edge subsets.
pub fn brute_max(g: &Graph, start: Option<VertexId>) -> usize {
    (0u32..1 << g.m())
        .filter(|&mask| is_trail_set(g, mask, start))
        .map(|mask| mask.count_ones() as usize)
        .max()
        .unwrap_or(0)
}

#[test]
fn max_trail_matches_euler_brute_force() {
    let mut rng = rng(70);
    let mut differs = 0;
    for i in 0..1500u32 {
        let directed = i.is_multiple_of(2);
        let n = rng.random_range(1..=6);
        let m = rng.random_range(0..=11);
        // Loops and parallel edges included: both are single edges of a trail.
        let edges: Vec<_> = (0..m)
            .map(|_| (rng.random_range(0..n), rng.random_range(0..n)))
            .collect();
        let g = Graph::from_edges(directed, n, &edges);
        let all = max_trail(&g, &Budget::unlimited()).expect("solved");
        check_trail(&g, &all.trail).expect("witness is a trail");
        assert_eq!(all.trail.len(), brute_max(&g, None), "max trail of {g:?}");
        let v = rng.random_range(0..n);
        let from = max_trail_from(&g, v, &Budget::unlimited()).expect("solved");
        check_trail(&g, &from.trail).expect("witness is a trail");
        assert_eq!(from.trail.start(), Some(v));
        assert_eq!(
            from.trail.len(),
            brute_max(&g, Some(v)),
            "max trail from {v} of {g:?}"
        );
        differs += usize::from(from.trail.len() < all.trail.len());
    }
    // The "from v" question must often be strictly harder than the overall one.
    assert!(
        differs >= 200,
        "only {differs} graphs where the start matters"
    );
}

#[test]
fn check_trail_rejects_bad_witnesses() {
    let g = Graph::from_edges(false, 3, &[(0, 1), (1, 2)]);
    use georeduce::solvers::trail::Trail;
    let ok = Trail {
        vertices: vec![2, 1, 0],
        edges: vec![1, 0],
    };
    assert!(check_trail(&g, &ok).is_ok());
    let repeated = Trail {
        vertices: vec![0, 1, 0],
        edges: vec![0, 0],
    };
    assert!(check_trail(&g, &repeated).is_err());
    let wrong_end = Trail {
        vertices: vec![0, 2],
        edges: vec![0],
    };
    assert!(check_trail(&g, &wrong_end).is_err());
    let dg = Graph::from_edges(true, 2, &[(0, 1)]);
    let backwards = Trail {
        vertices: vec![1, 0],
        edges: vec![0],
    };
    assert!(check_trail(&dg, &backwards).is_err());
}
