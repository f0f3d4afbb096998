//! Placement for figures without a theorem layout (games given directly, reductions that do
//! not place their gadgets yet, source graphs).
//!
//! Small undirected prisms are drawn as two concentric polygons (the triangular prism as two
//! triangles), stars with the centre in the middle (the claw), other small graphs with a
//! Hamiltonian cycle on a circle in the cycle's order (the vertex-cover 5-cycle is a
//! pentagon), bipartite graphs in two columns; all of these are pinned. Otherwise graphviz lays the figure out (`neato` for undirected graphs, `dot` for
//! directed ones) and the positions computed here (a spring embedding, or layers by distance
//! from the start) serve only TikZ, which has no layout engine.

use super::figure::Figure;

/// Largest graph searched for a Hamiltonian cycle.
const CYCLE_SEARCH_MAX: usize = 12;
/// Largest bipartite graph drawn in two columns.
const COLUMNS_MAX: usize = 24;

/// Places every unplaced node of `fig`.
pub fn place(fig: &mut Figure) {
    if fig.pinned() {
        return;
    }
    let n = fig.nodes.len();
    let adj = adjacency(fig);
    if !fig.directed {
        if n <= CYCLE_SEARCH_MAX
            && let Some((outer, inner)) = prism(&adj)
        {
            // Two concentric polygons joined spoke by spoke, as prisms are drawn.
            let k = outer.len();
            let (r_out, r_in) = (1.0 + 0.45 * k as f64, 0.35 + 0.2 * k as f64);
            for (i, (&a, &b)) in outer.iter().zip(&inner).enumerate() {
                let t = std::f64::consts::FRAC_PI_2 - std::f64::consts::TAU * i as f64 / k as f64;
                fig.place(a, r_out * t.cos(), r_out * t.sin());
                fig.place(b, r_in * t.cos(), r_in * t.sin());
            }
            return;
        }
        if let Some((centre, leaves)) = star(&adj) {
            // A star (the claw K₁,₃): the centre in the middle, the leaves around it.
            fig.place(centre, 0.0, 0.0);
            let k = leaves.len();
            for (i, &v) in leaves.iter().enumerate() {
                let t = std::f64::consts::FRAC_PI_2 - std::f64::consts::TAU * i as f64 / k as f64;
                fig.place(v, 1.6 * t.cos(), 1.6 * t.sin());
            }
            return;
        }
        if (3..=CYCLE_SEARCH_MAX).contains(&n)
            && let Some(cycle) = hamiltonian_cycle(&adj)
        {
            let r = (n as f64 / std::f64::consts::PI / 2.0 * 1.6).max(1.3);
            for (k, &v) in cycle.iter().enumerate() {
                // Start at the top, clockwise, so vertex order reads like a clock.
                let a =
                    std::f64::consts::FRAC_PI_2 - 2.0 * std::f64::consts::PI * k as f64 / n as f64;
                fig.place(v, r * a.cos(), r * a.sin());
            }
            return;
        }
        if n <= COLUMNS_MAX
            && let Some(side) = two_colouring(&adj)
        {
            // Each column centred on the same middle line, so the shorter one sits level.
            let mut count = [0usize; 2];
            for &c in &side {
                count[c] += 1;
            }
            let mut row = [0usize; 2];
            for (v, &c) in side.iter().enumerate() {
                let y = -1.2 * (row[c] as f64 - (count[c] as f64 - 1.0) / 2.0);
                fig.place(v, 3.0 * c as f64, y);
                row[c] += 1;
            }
            return;
        }
        spring(fig, &adj);
    } else {
        layers(fig, &adj);
    }
    fig.graphviz_lays_out = true;
}

/// Neighbours of each vertex, both directions, without loops and repeats.
fn adjacency(fig: &Figure) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); fig.nodes.len()];
    for e in &fig.edges {
        if e.from != e.to {
            adj[e.from].push(e.to);
            adj[e.to].push(e.from);
        }
    }
    for a in &mut adj {
        a.sort_unstable();
        a.dedup();
    }
    adj
}

/// A prism (two disjoint k-cycles, k ≥ 3, joined by a matching that follows both cycles):
/// the outer cycle and, position by position, the inner vertex matched to it. Found by
/// trying every k-cycle through vertex 0 as the outer one (small graphs only).
fn prism(adj: &[Vec<usize>]) -> Option<(Vec<usize>, Vec<usize>)> {
    let n = adj.len();
    if n < 6 || n % 2 == 1 || adj.iter().any(|a| a.len() != 3) {
        return None;
    }
    let k = n / 2;
    fn cycles(adj: &[Vec<usize>], k: usize, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        let v = *path.last().expect("path starts at 0");
        if path.len() == k {
            if adj[v].contains(&path[0]) {
                out.push(path.clone());
            }
            return;
        }
        for &w in &adj[v] {
            if !path.contains(&w) {
                path.push(w);
                cycles(adj, k, path, out);
                path.pop();
            }
        }
    }
    let mut found = Vec::new();
    cycles(adj, k, &mut vec![0], &mut found);
    for outer in found {
        let inner: Vec<usize> = outer
            .iter()
            .filter_map(|&v| adj[v].iter().copied().find(|w| !outer.contains(w)))
            .collect();
        let mut distinct = inner.clone();
        distinct.sort_unstable();
        distinct.dedup();
        // Lengths first: a vertex of `outer` with no neighbour off it leaves `inner` short.
        let closed =
            inner.len() == k && (0..k).all(|i| adj[inner[i]].contains(&inner[(i + 1) % k]));
        if distinct.len() == k && closed {
            return Some((outer, inner));
        }
    }
    None
}

/// A star with at least three leaves: the centre and its leaves, in vertex order.
fn star(adj: &[Vec<usize>]) -> Option<(usize, Vec<usize>)> {
    let n = adj.len();
    if n < 4 {
        return None;
    }
    let centre = (0..n).find(|&v| adj[v].len() == n - 1)?;
    let leaves: Vec<usize> = (0..n).filter(|&v| v != centre).collect();
    leaves
        .iter()
        .all(|&v| adj[v] == [centre])
        .then_some((centre, leaves))
}

/// A Hamiltonian cycle through vertex 0, by depth-first search (small graphs only).
fn hamiltonian_cycle(adj: &[Vec<usize>]) -> Option<Vec<usize>> {
    fn go(adj: &[Vec<usize>], path: &mut Vec<usize>, used: &mut [bool]) -> bool {
        let v = *path.last().expect("path starts at 0");
        if path.len() == adj.len() {
            return adj[v].contains(&0);
        }
        for &w in &adj[v] {
            if !used[w] {
                used[w] = true;
                path.push(w);
                if go(adj, path, used) {
                    return true;
                }
                path.pop();
                used[w] = false;
            }
        }
        false
    }
    let mut used = vec![false; adj.len()];
    used[0] = true;
    let mut path = vec![0];
    go(adj, &mut path, &mut used).then_some(path)
}

/// A proper 2-colouring, if the graph is bipartite and has an edge.
fn two_colouring(adj: &[Vec<usize>]) -> Option<Vec<usize>> {
    let n = adj.len();
    if adj.iter().all(Vec::is_empty) {
        return None;
    }
    let mut side = vec![usize::MAX; n];
    for s in 0..n {
        if side[s] != usize::MAX {
            continue;
        }
        side[s] = 0;
        let mut stack = vec![s];
        while let Some(v) = stack.pop() {
            for &w in &adj[v] {
                if side[w] == usize::MAX {
                    side[w] = 1 - side[v];
                    stack.push(w);
                } else if side[w] == side[v] {
                    return None;
                }
            }
        }
    }
    Some(side)
}

/// A deterministic spring embedding (Fruchterman–Reingold from a circle).
fn spring(fig: &mut Figure, adj: &[Vec<usize>]) {
    let n = fig.nodes.len();
    let k = 1.4;
    let mut p: Vec<(f64, f64)> = (0..n)
        .map(|v| {
            let a = 2.0 * std::f64::consts::PI * v as f64 / n.max(1) as f64;
            let r = (n as f64).sqrt();
            (r * a.cos(), r * a.sin())
        })
        .collect();
    let mut temp = (n as f64).sqrt();
    for _ in 0..300 {
        let mut d = vec![(0.0, 0.0); n];
        for u in 0..n {
            for v in 0..n {
                if u == v {
                    continue;
                }
                let (dx, dy) = (p[u].0 - p[v].0, p[u].1 - p[v].1);
                let dist = (dx * dx + dy * dy).sqrt().max(0.01);
                let f = k * k / dist;
                d[u].0 += dx / dist * f;
                d[u].1 += dy / dist * f;
            }
            for &v in &adj[u] {
                let (dx, dy) = (p[u].0 - p[v].0, p[u].1 - p[v].1);
                let dist = (dx * dx + dy * dy).sqrt().max(0.01);
                let f = dist * dist / k;
                d[u].0 -= dx / dist * f;
                d[u].1 -= dy / dist * f;
            }
        }
        for u in 0..n {
            let len = (d[u].0 * d[u].0 + d[u].1 * d[u].1).sqrt().max(1e-9);
            let step = len.min(temp);
            p[u].0 += d[u].0 / len * step;
            p[u].1 += d[u].1 / len * step;
        }
        temp = (temp * 0.97).max(0.01);
    }
    for (v, q) in p.into_iter().enumerate() {
        fig.place(v, q.0, q.1);
    }
}

/// Layers by breadth-first distance from the start (or from vertex 0 and every vertex no
/// search has reached), top to bottom; each layer ordered by its parents' positions.
fn layers(fig: &mut Figure, adj: &[Vec<usize>]) {
    let n = fig.nodes.len();
    let mut out = vec![Vec::new(); n];
    for e in &fig.edges {
        out[e.from].push(e.to);
    }
    let mut depth = vec![usize::MAX; n];
    let starts: Vec<usize> = (0..n).filter(|&v| fig.nodes[v].start.is_some()).collect();
    let mut order: Vec<usize> = starts.clone();
    order.extend(0..n);
    for s in order {
        if depth[s] != usize::MAX {
            continue;
        }
        depth[s] = 0;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(v) = queue.pop_front() {
            for &w in out[v].iter().chain(&adj[v]) {
                if depth[w] == usize::MAX {
                    depth[w] = depth[v] + 1;
                    queue.push_back(w);
                }
            }
        }
    }
    let rows = depth.iter().copied().max().unwrap_or(0) + 1;
    let mut by_row: Vec<Vec<usize>> = vec![Vec::new(); rows];
    for v in 0..n {
        by_row[depth[v]].push(v);
    }
    let mut x = vec![0.0f64; n];
    for row in &mut by_row {
        // Barycentre of the neighbours already placed (one sweep is enough for a sketch).
        let key = |v: usize| {
            let placed: Vec<f64> = adj[v]
                .iter()
                .filter(|&&w| depth[w] < depth[v])
                .map(|&w| x[w])
                .collect();
            if placed.is_empty() {
                v as f64
            } else {
                placed.iter().sum::<f64>() / placed.len() as f64
            }
        };
        let mut keyed: Vec<(f64, usize)> = row.iter().map(|&v| (key(v), v)).collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let width = keyed.len() as f64 - 1.0;
        for (i, &(_, v)) in keyed.iter().enumerate() {
            x[v] = 1.3 * (i as f64 - width / 2.0);
        }
        *row = keyed.into_iter().map(|(_, v)| v).collect();
    }
    for v in 0..n {
        fig.place(v, x[v], -1.3 * depth[v] as f64);
    }
}
