//! Random graphs of the families that reductions are tested on, and random Hamiltonian-path
//! and vertex-cover instances built from them.
//!
//! Vertices are named `v1`, `v2`, … in index order. Every generator draws only from the `Rng`
//! it is given and builds edges in a fixed order, so one seed gives one graph. Probabilities
//! outside `[0, 1]` (or NaN) are clamped rather than rejected, because they come from command
//! lines and sweeps.

use crate::problems::{Graph, HamPath, VertexCover, VertexId};
use rand::Rng;
use rand::seq::SliceRandom;
use std::collections::HashSet;
use std::ops::RangeInclusive;

/// `n` isolated vertices `v1 … vn`.
fn empty(n: usize, directed: bool) -> Graph {
    let mut g = Graph::new(directed);
    for i in 1..=n {
        g.add_vertex(format!("v{i}"));
    }
    g
}

/// `p` clamped to a valid probability (NaN becomes 0).
fn prob(p: f64) -> f64 {
    if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) }
}

/// A directed graph on `n` vertices with each arc `u → v` (u ≠ v) present with probability
/// `p`, independently.
pub fn random_digraph(rng: &mut impl Rng, n: usize, p: f64) -> Graph {
    let mut g = empty(n, true);
    for u in 0..n {
        for v in (0..n).filter(|&v| v != u) {
            if rng.random_bool(prob(p)) {
                g.add_edge(u, v);
            }
        }
    }
    g
}

/// An undirected graph on `n` vertices with each edge present with probability `p` (G(n, p)).
pub fn random_graph(rng: &mut impl Rng, n: usize, p: f64) -> Graph {
    let mut g = empty(n, false);
    for u in 0..n {
        for v in u + 1..n {
            if rng.random_bool(prob(p)) {
                g.add_edge(u, v);
            }
        }
    }
    g
}

/// A directed acyclic graph: a random topological order, and each forward arc present with
/// probability `p`. The order is shuffled so that it is not the index order.
pub fn random_dag(rng: &mut impl Rng, n: usize, p: f64) -> Graph {
    let mut order: Vec<VertexId> = (0..n).collect();
    order.shuffle(rng);
    let mut g = empty(n, true);
    for i in 0..n {
        for j in i + 1..n {
            if rng.random_bool(prob(p)) {
                g.add_edge(order[i], order[j]);
            }
        }
    }
    g
}

/// A uniformly random labelled tree on `n` vertices (undirected), from a random Prüfer
/// sequence.
pub fn random_tree(rng: &mut impl Rng, n: usize) -> Graph {
    let mut g = empty(n, false);
    if n < 2 {
        return g;
    }
    let code: Vec<VertexId> = (0..n - 2).map(|_| rng.random_range(0..n)).collect();
    let mut degree = vec![1usize; n];
    for &v in &code {
        degree[v] += 1;
    }
    // Decode: repeatedly join the smallest leaf to the next code entry.
    let mut leaves: std::collections::BTreeSet<VertexId> =
        (0..n).filter(|&v| degree[v] == 1).collect();
    for &v in &code {
        let leaf = leaves
            .pop_first()
            .expect("a Prüfer sequence always leaves a leaf");
        g.add_edge(leaf, v);
        degree[v] -= 1;
        if degree[v] == 1 {
            leaves.insert(v);
        }
    }
    let last: Vec<VertexId> = leaves.into_iter().collect();
    g.add_edge(last[0], last[1]);
    g
}

/// An undirected graph with maximum degree `max_degree`: the vertex pairs in random order,
/// each added with probability `p` when both ends still have room.
pub fn random_degree_bounded(rng: &mut impl Rng, n: usize, max_degree: usize, p: f64) -> Graph {
    let mut pairs: Vec<(VertexId, VertexId)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    pairs.shuffle(rng);
    let mut g = empty(n, false);
    let mut degree = vec![0; n];
    for (u, v) in pairs {
        if degree[u] < max_degree && degree[v] < max_degree && rng.random_bool(prob(p)) {
            g.add_edge(u, v);
            degree[u] += 1;
            degree[v] += 1;
        }
    }
    g
}

/// A connected cubic (3-regular, simple) graph on `n` vertices, or `None` when none exists
/// (`n` odd or `n < 4`).
///
/// Uses the pairing model (3 points per vertex, a random perfect matching of the points),
/// rejecting loops, parallel edges and disconnected results; a draw is accepted with
/// probability about e⁻² ≈ 0.14 for every n. After 1,000 rejections (probability < 10⁻⁶⁰)
/// it returns a randomly labelled prism (K4 when n = 4) so that it always terminates.
pub fn random_cubic(rng: &mut impl Rng, n: usize) -> Option<Graph> {
    if n < 4 || n % 2 == 1 {
        return None;
    }
    for _ in 0..1000 {
        let mut points: Vec<VertexId> = (0..3 * n).map(|p| p / 3).collect();
        points.shuffle(rng);
        let edges: Vec<(VertexId, VertexId)> = points
            .chunks(2)
            .map(|c| (c[0].min(c[1]), c[0].max(c[1])))
            .collect();
        let distinct: HashSet<_> = edges.iter().collect();
        if edges.iter().all(|&(u, v)| u != v) && distinct.len() == edges.len() {
            let g = with_edges(n, false, &edges);
            if is_connected(&g) {
                return Some(g);
            }
        }
    }
    Some(known_cubic(rng, n))
}

/// A connected cubic graph with bridges, randomly labelled: two or three *blobs* (a random
/// cubic graph on 4 or 6 vertices with one edge subdivided, so that the subdivision vertex,
/// its *port*, has degree 2) whose ports are joined by a bridge (two blobs, order 10 to 14)
/// or each joined to a common centre (three blobs, order 16 to 22).
///
/// A trail crosses each bridge at most once, so with three blobs no path or trail visits all
/// three: no Hamiltonian path, and no trail of n + 1 edges. With two blobs both answers occur.
pub fn random_bridged_cubic(rng: &mut impl Rng) -> Graph {
    let blobs = if rng.random_bool(0.5) { 2 } else { 3 };
    let mut edges: Vec<(VertexId, VertexId)> = Vec::new();
    let mut ports = Vec::new();
    let mut n = 0;
    for _ in 0..blobs {
        let order = if rng.random_bool(0.5) { 4 } else { 6 };
        let blob = random_cubic(rng, order).expect("4 and 6 have cubic graphs");
        let cut = rng.random_range(0..blob.edges.len());
        let port = n + order;
        for (i, &(u, v)) in blob.edges.iter().enumerate() {
            match i == cut {
                true => edges.extend([(n + u, port), (n + v, port)]),
                false => edges.push((n + u, n + v)),
            }
        }
        ports.push(port);
        n += order + 1;
    }
    match ports[..] {
        [a, b] => edges.push((a, b)),
        _ => {
            edges.extend(ports.iter().map(|&p| (p, n)));
            n += 1;
        }
    }
    let mut label: Vec<VertexId> = (0..n).collect();
    label.shuffle(rng);
    let relabelled: Vec<_> = edges
        .iter()
        .map(|&(u, v)| (label[u].min(label[v]), label[u].max(label[v])))
        .collect();
    with_edges(n, false, &relabelled)
}

/// A randomly labelled prism `C_{n/2} × K2` (K4 when n = 4): connected and cubic, for even
/// `n ≥ 4`.
fn known_cubic(rng: &mut impl Rng, n: usize) -> Graph {
    let mut label: Vec<VertexId> = (0..n).collect();
    label.shuffle(rng);
    let h = n / 2;
    let prism: Vec<(VertexId, VertexId)> = if n == 4 {
        vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    } else {
        (0..h)
            .flat_map(|i| [(i, (i + 1) % h), (h + i, h + (i + 1) % h), (i, h + i)])
            .collect()
    };
    let relabelled: Vec<_> = prism.iter().map(|&(u, v)| (label[u], label[v])).collect();
    with_edges(n, false, &relabelled)
}

/// A graph on `n` vertices with the given edges, in order.
fn with_edges(n: usize, directed: bool, edges: &[(VertexId, VertexId)]) -> Graph {
    let mut g = empty(n, directed);
    for &(u, v) in edges {
        g.add_edge(u, v);
    }
    g
}

/// Whether the underlying undirected graph is connected (the empty graph is).
pub fn is_connected(g: &Graph) -> bool {
    let mut adj = vec![Vec::new(); g.n()];
    for &(u, v) in &g.edges {
        adj[u].push(v);
        adj[v].push(u);
    }
    let mut seen = vec![false; g.n()];
    let mut stack = vec![0];
    while let Some(u) = stack.pop() {
        if u < g.n() && !std::mem::replace(&mut seen[u], true) {
            stack.extend(&adj[u]);
        }
    }
    seen.iter().all(|&s| s)
}

/// A copy of the undirected graph `g` with each edge given a random direction.
pub fn orient_randomly(rng: &mut impl Rng, g: &Graph) -> Graph {
    let edges: Vec<_> = g
        .edges
        .iter()
        .map(|&(u, v)| if rng.random_bool(0.5) { (u, v) } else { (v, u) })
        .collect();
    let mut d = g.clone();
    d.directed = true;
    d.edges = edges;
    d
}

/// A family of random graphs, as `georeduce check` sweeps them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GraphFamily {
    /// Each pair (ordered when directed) is an edge with probability `p`.
    Gnp(f64),
    /// G(n, p) with expected (out-)degree about 2.5: `p = 2.5 / (n − 1)`.
    Sparse,
    /// G(n, p) with `p = 0.6`.
    Dense,
    /// Directed: a DAG with arc probability `p`. Undirected: a forest, a random tree with each
    /// edge kept with probability `p`.
    Acyclic(f64),
    /// A uniformly random labelled tree (randomly oriented when directed).
    Tree,
    /// Maximum degree `max_degree`, pairs tried with probability `p` (randomly oriented when
    /// directed).
    DegreeBounded {
        /// The degree bound.
        max_degree: usize,
        /// The chance that each pair with room is joined.
        p: f64,
    },
    /// A connected cubic graph (randomly oriented when directed); `n` is rounded up to the
    /// next even number ≥ 4, the smallest orders that have one.
    Cubic,
    /// A connected cubic graph with bridges ([`random_bridged_cubic`]), of order 10 to 22
    /// whatever `n`: the smallest cubic graphs on which Hamiltonian path and Trail Trap's
    /// "trail of length n + 1" have NO answers have bridges and at least 14 vertices.
    BridgedCubic,
}

/// A graph of `family` on `n` vertices (see [`GraphFamily::Cubic`] for its exception).
pub fn random_family(rng: &mut impl Rng, family: GraphFamily, n: usize, directed: bool) -> Graph {
    let gnp = |rng: &mut _, p| {
        if directed {
            random_digraph(rng, n, p)
        } else {
            random_graph(rng, n, p)
        }
    };
    let undirected = match family {
        GraphFamily::Gnp(p) => return gnp(rng, p),
        GraphFamily::Sparse => return gnp(rng, 2.5 / n.saturating_sub(1).max(1) as f64),
        GraphFamily::Dense => return gnp(rng, 0.6),
        GraphFamily::Acyclic(p) if directed => return random_dag(rng, n, p),
        GraphFamily::Acyclic(p) => {
            let mut t = random_tree(rng, n);
            t.edges.retain(|_| rng.random_bool(prob(p)));
            return t;
        }
        GraphFamily::Tree => random_tree(rng, n),
        GraphFamily::DegreeBounded { max_degree, p } => {
            random_degree_bounded(rng, n, max_degree, p)
        }
        GraphFamily::Cubic => random_cubic(rng, n.max(4).div_ceil(2) * 2)
            .expect("an even order of at least 4 has a cubic graph"),
        GraphFamily::BridgedCubic => random_bridged_cubic(rng),
    };
    if directed {
        orient_randomly(rng, &undirected)
    } else {
        undirected
    }
}

/// Which endpoints a random Hamiltonian-path instance fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoints {
    /// Neither.
    Free,
    /// The start only.
    Start,
    /// The end only.
    End,
    /// Both (distinct when n ≥ 2).
    Both,
    /// One of the four above, uniformly, for each instance.
    Mixed,
}

/// What [`random_hampath`] generates.
#[derive(Clone, Debug, PartialEq)]
pub struct HamPathParams {
    /// Number of vertices (uniform over the range; an empty range means its start).
    pub vertices: RangeInclusive<usize>,
    /// The graph family.
    pub family: GraphFamily,
    /// Directed or undirected.
    pub directed: bool,
    /// Which endpoints are fixed.
    pub endpoints: Endpoints,
    /// Chance of planting a Hamiltonian path (adding the missing edges along a random
    /// permutation that runs from the fixed start to the fixed end), so that YES instances
    /// are common even in sparse families. Planting adds edges, so it may break the family's
    /// structure (a planted tree is no longer a tree).
    pub plant: f64,
}

/// A random Hamiltonian-path instance drawn as `params` says.
pub fn random_hampath(rng: &mut impl Rng, params: &HamPathParams) -> HamPath {
    let n = if params.vertices.is_empty() {
        *params.vertices.start()
    } else {
        rng.random_range(params.vertices.clone())
    };
    let mut graph = random_family(rng, params.family, n, params.directed);
    let n = graph.n();
    let mut line: Vec<VertexId> = (0..n).collect();
    line.shuffle(rng);
    if rng.random_bool(prob(params.plant)) {
        plant_path(&mut graph, &line);
    }
    let endpoints = match params.endpoints {
        Endpoints::Mixed => [
            Endpoints::Free,
            Endpoints::Start,
            Endpoints::End,
            Endpoints::Both,
        ][rng.random_range(0..4)],
        e => e,
    };
    let fix_start = matches!(endpoints, Endpoints::Start | Endpoints::Both);
    let fix_end = matches!(endpoints, Endpoints::End | Endpoints::Both);
    HamPath {
        graph,
        start: line.first().copied().filter(|_| fix_start),
        end: line.last().copied().filter(|_| fix_end),
    }
}

/// Adds the edges of the path `line` that `g` lacks.
fn plant_path(g: &mut Graph, line: &[VertexId]) {
    let key = |u: VertexId, v: VertexId, directed: bool| {
        if directed || u <= v { (u, v) } else { (v, u) }
    };
    let present: HashSet<_> = g
        .edges
        .iter()
        .map(|&(u, v)| key(u, v, g.directed))
        .collect();
    for w in line.windows(2) {
        if !present.contains(&key(w[0], w[1], g.directed)) {
            g.add_edge(w[0], w[1]);
        }
    }
}

/// A vertex-cover instance: G(n, `density`) and the bound `k`.
pub fn random_vertex_cover(rng: &mut impl Rng, n: usize, density: f64, k: usize) -> VertexCover {
    VertexCover {
        graph: random_graph(rng, n, density),
        k,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_fallback_prisms_are_cubic_simple_and_connected() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for n in (4..=30).step_by(2) {
            let g = known_cubic(&mut rng, n);
            assert!(g.out_degrees().iter().all(|&d| d == 3), "n = {n}");
            assert!(
                !g.has_loop() && g.first_duplicate_edge().is_none(),
                "n = {n}"
            );
            assert!(is_connected(&g), "n = {n}");
        }
    }
}
