//! Shrinking steps for graph instances and games: fewer vertices and edges, fewer fixed
//! endpoints, smaller k, lighter NimG heaps. Vertices are renamed `v1 …` in index order.

use crate::problems::{Geography, Graph, HamPath, Tokens, VertexCover, VertexId};

/// `g` restricted to the vertices with `keep[v]` and the edges with `keep_edge[e]` (edges
/// touching a removed vertex go too), renamed `v1 …`; returns the new index of each old vertex.
fn restrict(g: &Graph, keep: &[bool], keep_edge: &[bool]) -> (Graph, Vec<Option<VertexId>>) {
    let mut out = Graph::new(g.directed);
    let mut map = vec![None; g.n()];
    for (v, vertex) in g.vertices.iter().enumerate().filter(|&(v, _)| keep[v]) {
        let id = out.add_vertex(format!("v{}", out.n() + 1));
        out.vertices[id].label = vertex.label.clone();
        out.vertices[id].weight = vertex.weight;
        map[v] = Some(id);
    }
    for (_, &(u, v)) in g.edges.iter().enumerate().filter(|&(e, _)| keep_edge[e]) {
        if let (Some(a), Some(b)) = (map[u], map[v]) {
            out.add_edge(a, b);
        }
    }
    for group in &g.groups {
        let members = group.members.iter().filter_map(|&m| map[m]).collect();
        out.add_group(group.kind.clone(), group.name.clone(), members);
    }
    (out, map)
}

/// Every vertex-removal and edge-removal of `g`, with the old-to-new vertex maps.
fn graph_steps(g: &Graph) -> Vec<(Graph, Vec<Option<VertexId>>)> {
    let all_v = vec![true; g.n()];
    let all_e = vec![true; g.m()];
    let mut out = Vec::new();
    for v in 0..g.n() {
        let mut keep = all_v.clone();
        keep[v] = false;
        out.push(restrict(g, &keep, &all_e));
    }
    for e in 0..g.m() {
        let mut keep = all_e.clone();
        keep[e] = false;
        out.push(restrict(g, &all_v, &keep));
    }
    out
}

/// Where a vertex can go after a vertex map: itself when kept, any of the `n` remaining
/// vertices when removed (a path or game that must start at a removed vertex often has a
/// smaller cousin starting at a neighbour).
fn moved(v: VertexId, map: &[Option<VertexId>], n: usize) -> Vec<VertexId> {
    map[v].map_or_else(|| (0..n).collect(), |w| vec![w])
}

/// A fixed endpoint after a vertex map: kept, or, when removed, unfixed or moved anywhere.
fn relocate(end: Option<VertexId>, map: &[Option<VertexId>], n: usize) -> Vec<Option<VertexId>> {
    match end {
        None => vec![None],
        Some(v) if map[v].is_some() => vec![map[v]],
        Some(v) => std::iter::once(None)
            .chain(moved(v, map, n).into_iter().map(Some))
            .collect(),
    }
}

/// Hamiltonian-path steps, then unfixing each fixed endpoint.
pub fn hampath(h: &HamPath) -> Vec<HamPath> {
    let mut out = Vec::new();
    for (graph, map) in graph_steps(&h.graph) {
        let n = graph.n();
        for start in relocate(h.start, &map, n) {
            for end in relocate(h.end, &map, n) {
                let graph = graph.clone();
                out.push(HamPath { graph, start, end });
            }
        }
    }
    if h.start.is_some() {
        out.push(HamPath {
            start: None,
            ..h.clone()
        });
    }
    if h.end.is_some() {
        out.push(HamPath {
            end: None,
            ..h.clone()
        });
    }
    out
}

/// Vertex-cover steps, then k − 1.
pub fn cover(c: &VertexCover) -> Vec<VertexCover> {
    let mut out: Vec<VertexCover> = graph_steps(&c.graph)
        .into_iter()
        .map(|(graph, _)| VertexCover { graph, k: c.k })
        .collect();
    if c.k > 0 {
        out.push(VertexCover {
            k: c.k - 1,
            ..c.clone()
        });
    }
    out
}

/// Game steps (a removed start moves to any remaining vertex), then lowering each NimG heap
/// by one token.
pub fn game(g: &Geography) -> Vec<Geography> {
    let mut out = Vec::new();
    for (graph, map) in graph_steps(&g.graph) {
        for tokens in remap_tokens(g.tokens, &map, graph.n()) {
            let graph = graph.clone();
            out.push(Geography {
                graph,
                tokens,
                ..g.clone()
            });
        }
    }
    for v in 0..g.graph.n() {
        if let Some(w) = g.graph.vertices[v].weight.filter(|&w| w > 0) {
            let mut lighter = g.clone();
            lighter.graph.vertices[v].weight = Some(w - 1);
            out.push(lighter);
        }
    }
    out
}

/// The tokens after a vertex map. Two starts may come to coincide; under the vertex rule that
/// game is invalid, the case is a precondition skip, and the shrinker does not take it.
fn remap_tokens(tokens: Tokens, map: &[Option<VertexId>], n: usize) -> Vec<Tokens> {
    let pairs = |a, b| -> Vec<[VertexId; 2]> {
        let ys = moved(b, map, n);
        let xs = moved(a, map, n);
        xs.into_iter()
            .flat_map(|x| ys.iter().map(move |&y| [x, y]))
            .collect()
    };
    match tokens {
        Tokens::One { start: None } | Tokens::Partizan { starts: None } => vec![tokens],
        Tokens::One { start: Some(s) } => moved(s, map, n)
            .into_iter()
            .map(|s| Tokens::One { start: Some(s) })
            .collect(),
        Tokens::Partizan {
            starts: Some([a, b]),
        } => pairs(a, b)
            .into_iter()
            .map(|p| Tokens::Partizan { starts: Some(p) })
            .collect(),
        Tokens::TwoShared { starts: [a, b] } => pairs(a, b)
            .into_iter()
            .map(|starts| Tokens::TwoShared { starts })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removing_a_vertex_remaps_edges_endpoints_and_names() {
        let mut g = Graph::new(true);
        for i in 0..3 {
            g.add_vertex(format!("a{i}"));
        }
        g.add_edge(0, 1);
        g.add_edge(1, 2);
        let h = HamPath {
            graph: g,
            start: Some(0),
            end: Some(2),
        };
        let steps = hampath(&h);
        // Removing vertex 0 unfixes the start or moves it to the old vertex 1 or 2.
        let starts: Vec<_> = steps.iter().take(3).map(|s| s.start).collect();
        assert_eq!(starts, [None, Some(0), Some(1)]);
        assert_eq!(steps[0].graph.edges, vec![(0, 1)]);
        // Removing vertex 1 leaves two vertices and no edge; the end moves to index 1.
        let s = &steps[3];
        assert_eq!(
            (s.graph.n(), s.graph.m(), s.start, s.end),
            (2, 0, Some(0), Some(1))
        );
        assert_eq!(s.graph.id(1), "v2");
        // 3 + 1 + 3 vertex removals, 2 edge removals, 2 unfixings.
        assert_eq!(steps.len(), 7 + 2 + 2);
    }
}
