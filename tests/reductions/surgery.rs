//! Graph surgery for the ablation tests: deliberately broken variants of a compiled game,
//! built here in test code only, never in the library.
//!
//! Vertices are addressed by identifier, so an ablation reads like the spec's description
//! ("contract every M vertex", "drop the last vertex of cigar 1").

use georeduce::Instance;
use georeduce::problems::{Geography, Graph, Tokens, VertexId};

/// The game inside `t`, with its graph rebuilt by `edit` (which gets the old graph and
/// returns the new one plus a map old index → new index for the start vertices).
fn rebuild(t: &Instance, edit: impl Fn(&Graph) -> (Graph, Vec<Option<VertexId>>)) -> Instance {
    let Instance::Geography(g) = t else {
        panic!("surgery on a non-game")
    };
    let (graph, map) = edit(&g.graph);
    let m = |v: VertexId| map[v].expect("surgery removed a start vertex");
    let tokens = match g.tokens {
        Tokens::One { start } => Tokens::One {
            start: start.map(m),
        },
        Tokens::Partizan { starts } => Tokens::Partizan {
            starts: starts.map(|s| s.map(m)),
        },
        Tokens::TwoShared { starts } => Tokens::TwoShared {
            starts: starts.map(m),
        },
    };
    Instance::Geography(Geography {
        graph,
        tokens,
        ..g.clone()
    })
}

/// Copies `g` without the vertices for which `doomed` holds; with `bypass`, every path
/// `u → x → w` through a doomed `x` becomes an arc `u → w` (the vertex is contracted away).
fn without(
    g: &Graph,
    doomed: &dyn Fn(&str) -> bool,
    bypass: bool,
) -> (Graph, Vec<Option<VertexId>>) {
    let mut h = Graph::new(g.directed);
    let map: Vec<Option<VertexId>> = g
        .vertices
        .iter()
        .map(|v| {
            (!doomed(&v.id)).then(|| {
                let x = h.add_vertex(v.id.clone());
                h.vertices[x].label = v.label.clone();
                x
            })
        })
        .collect();
    for &(u, w) in &g.edges {
        match (map[u], map[w]) {
            (Some(a), Some(b)) => {
                h.add_edge(a, b);
            }
            (Some(a), None) if bypass => {
                for &(x, y) in g.edges.iter().filter(|e| e.0 == w) {
                    assert_eq!(x, w);
                    if let Some(b) = map[y] {
                        h.add_edge(a, b);
                    }
                }
            }
            _ => {}
        }
    }
    for gr in &g.groups {
        let members = gr.members.iter().filter_map(|&v| map[v]).collect();
        h.add_group(gr.kind.clone(), gr.name.clone(), members);
    }
    (h, map)
}

/// Deletes the vertices whose identifier satisfies `doomed`, with their arcs.
pub fn remove(t: &Instance, doomed: impl Fn(&str) -> bool) -> Instance {
    rebuild(t, |g| without(g, &doomed, false))
}

/// Contracts the vertices whose identifier satisfies `doomed`: `u → x → w` becomes `u → w`.
pub fn contract(t: &Instance, doomed: impl Fn(&str) -> bool) -> Instance {
    rebuild(t, |g| without(g, &doomed, true))
}

/// Adds the vertices `new_vertices`, then the arcs `arcs` (by identifier).
pub fn add_arcs(t: &Instance, new_vertices: &[String], arcs: &[(String, String)]) -> Instance {
    rebuild(t, |g| {
        let mut h = g.clone();
        for id in new_vertices {
            h.add_vertex(id.clone());
        }
        for (a, b) in arcs {
            let (a, b) = (
                h.vertex(a).expect("arc tail"),
                h.vertex(b).expect("arc head"),
            );
            h.add_edge(a, b);
        }
        (h, (0..g.n()).map(Some).collect())
    })
}

/// Deletes the arcs for which `doomed(tail id, head id)` holds.
pub fn remove_arcs(t: &Instance, doomed: impl Fn(&str, &str) -> bool) -> Instance {
    rebuild(t, |g| {
        let mut h = g.clone();
        h.edges.retain(|&(u, w)| !doomed(g.id(u), g.id(w)));
        (h, (0..g.n()).map(Some).collect())
    })
}

/// The identifiers of the vertices of `t`.
pub fn ids(t: &Instance) -> Vec<String> {
    let Instance::Geography(g) = t else {
        panic!("not a game")
    };
    g.graph.vertices.iter().map(|v| v.id.clone()).collect()
}
