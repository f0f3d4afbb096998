//! DOT output through graphviz-rust's AST and printer.
//!
//! Every gadget group becomes a labelled `cluster_…` subgraph (a vertex is drawn in the first
//! group that lists it, because Graphviz clusters may not overlap); start vertices are drawn
//! as double circles with the owning player in an external label; NimG weights appear under
//! the vertex label. The output is a pure function of the instance, so the same input gives
//! byte-identical DOT.

use crate::problems::{Geography, Graph, Instance, Tokens, VertexId};
use graphviz_rust::dot_structures::{
    Attribute, Edge, EdgeTy, Graph as DotGraph, GraphAttributes, Id, Node, NodeId, Stmt, Subgraph,
    Vertex as DotVertex,
};
use graphviz_rust::printer::{DotPrinter, PrinterContext};

/// The instance has no graph to draw.
#[derive(Debug, thiserror::Error)]
#[error(
    "a {0} instance has no graph to draw; compile it to a game first (`georeduce compile FILE --to pvg --format dot`)"
)]
pub struct DotError(pub &'static str);

/// Renders a graph-based instance as DOT; `title` becomes the graph label.
pub fn to_dot(instance: &Instance, title: &str) -> Result<String, DotError> {
    let (graph, marks) = match instance {
        Instance::Qbf(_) => return Err(DotError("qbf")),
        Instance::Hampath(h) => {
            let mut marks = vec![None; h.graph.n()];
            if let Some(s) = h.start {
                marks[s] = Some(("start".to_string(), "black"));
            }
            if let Some(t) = h.end {
                marks[t] = Some(("end".to_string(), "black"));
            }
            (&h.graph, marks)
        }
        Instance::VertexCover(v) => (&v.graph, vec![None; v.graph.n()]),
        Instance::Geography(g) => (&g.graph, start_marks(g)),
    };
    let weights = matches!(instance, Instance::Geography(g) if g.is_nim());
    let mut stmts = header(title, graph.directed);
    stmts.extend(vertex_statements(graph, &marks, weights));
    for &(u, v) in &graph.edges {
        stmts.push(Stmt::Edge(Edge {
            ty: EdgeTy::Pair(
                DotVertex::N(node_id(graph, u)),
                DotVertex::N(node_id(graph, v)),
            ),
            attributes: vec![],
        }));
    }
    let dot = if graph.directed {
        DotGraph::DiGraph {
            id: quoted("georeduce"),
            strict: false,
            stmts,
        }
    } else {
        DotGraph::Graph {
            id: quoted("georeduce"),
            strict: false,
            stmts,
        }
    };
    let mut out = dot.print(&mut PrinterContext::default());
    out.push('\n');
    Ok(out)
}

/// External labels for the start vertices: who owns the token, and a colour.
fn start_marks(g: &Geography) -> Vec<Option<(String, &'static str)>> {
    let mut marks = vec![None; g.graph.n()];
    match g.tokens {
        Tokens::One { start: Some(s) } => marks[s] = Some(("start".into(), "black")),
        Tokens::One { start: None } | Tokens::Partizan { starts: None } => {}
        Tokens::Partizan {
            starts: Some([a, b]),
        } => {
            marks[a] = Some(("I".into(), "blue"));
            set_or_join(&mut marks, b, "II", "red");
        }
        Tokens::TwoShared { starts: [a, b] } => {
            marks[a] = Some(("token 1".into(), "darkgreen"));
            set_or_join(&mut marks, b, "token 2", "darkgreen");
        }
    }
    marks
}

/// PAG allows both tokens on one vertex: join the labels instead of overwriting.
fn set_or_join(
    marks: &mut [Option<(String, &'static str)>],
    v: VertexId,
    l: &str,
    c: &'static str,
) {
    marks[v] = Some(match marks[v].take() {
        Some((old, _)) => (format!("{old}, {l}"), "purple"),
        None => (l.to_string(), c),
    });
}

fn header(title: &str, directed: bool) -> Vec<Stmt> {
    let rank = if directed { "TB" } else { "LR" };
    vec![
        Stmt::GAttribute(GraphAttributes::Graph(vec![
            attr("label", &quote(title)),
            attr("labelloc", "t"),
            attr("fontname", "Helvetica"),
            attr("rankdir", rank),
        ])),
        Stmt::GAttribute(GraphAttributes::Node(vec![
            attr("shape", "circle"),
            attr("fontname", "Helvetica"),
            attr("fontsize", "11"),
        ])),
    ]
}

/// Node statements: grouped vertices inside their cluster, the rest at top level.
fn vertex_statements(
    graph: &Graph,
    marks: &[Option<(String, &'static str)>],
    weights: bool,
) -> Vec<Stmt> {
    let mut home: Vec<Option<usize>> = vec![None; graph.n()];
    for (gi, group) in graph.groups.iter().enumerate() {
        for &m in &group.members {
            home[m].get_or_insert(gi);
        }
    }
    let mut clusters: Vec<Vec<Stmt>> = vec![Vec::new(); graph.groups.len()];
    let mut top = Vec::new();
    for v in 0..graph.n() {
        let node = Stmt::Node(vertex_node(graph, v, marks[v].as_ref(), weights));
        match home[v] {
            Some(gi) => clusters[gi].push(node),
            None => top.push(node),
        }
    }
    let mut stmts = Vec::new();
    for (gi, body) in clusters.into_iter().enumerate() {
        if body.is_empty() {
            continue;
        }
        let group = &graph.groups[gi];
        let mut sub = vec![
            Stmt::Attribute(attr(
                "label",
                &quote(&format!("{} {}", group.kind, group.name)),
            )),
            Stmt::Attribute(attr("style", "rounded")),
            Stmt::Attribute(attr("color", "gray50")),
        ];
        sub.extend(body);
        stmts.push(Stmt::Subgraph(Subgraph {
            id: Id::Plain(format!("cluster_{gi}")),
            stmts: sub,
        }));
    }
    stmts.extend(top);
    stmts
}

fn vertex_node(graph: &Graph, v: VertexId, mark: Option<&(String, &str)>, weights: bool) -> Node {
    let mut label = graph.display(v).to_string();
    if weights {
        label = format!("{label}\\n{}", graph.vertices[v].weight.unwrap_or(0));
    }
    let mut attributes = vec![attr("label", &quote_keep_newline(&label))];
    if let Some((who, colour)) = mark {
        attributes.push(attr("shape", "doublecircle"));
        attributes.push(attr("color", colour));
        attributes.push(attr("xlabel", &quote(who)));
    }
    Node::new(node_id(graph, v), attributes)
}

fn node_id(graph: &Graph, v: VertexId) -> NodeId {
    NodeId(quoted(graph.id(v)), None)
}

fn attr(key: &str, value: &str) -> Attribute {
    Attribute(Id::Plain(key.to_string()), Id::Plain(value.to_string()))
}

fn quoted(s: &str) -> Id {
    Id::Escaped(quote(s))
}

/// A DOT double-quoted string.
fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Like [`quote`], but keeps the `\n` line break that DOT labels understand.
fn quote_keep_newline(s: &str) -> String {
    quote(s).replace("\\\\n", "\\n")
}

/// The title used when none is given: the variant name for games, the kind otherwise.
pub fn default_title(instance: &Instance) -> String {
    match instance {
        Instance::Geography(g) => {
            let what = if g.graph.directed { "arcs" } else { "edges" };
            format!(
                "{} ({} vertices, {} {what})",
                g.variant_name(),
                g.graph.n(),
                g.graph.m()
            )
        }
        other => other.kind().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{Convention, Geography, Rule};

    fn pvg() -> Instance {
        let mut g = Graph::new(true);
        let a = g.add_vertex("a");
        let b = g.add_labeled("b", "¬x1");
        let c = g.add_vertex("c \"q\"");
        g.add_edge(a, b);
        g.add_edge(b, c);
        g.add_group("diamond", "x1", vec![a, b]);
        Instance::Geography(Geography {
            graph: g,
            rule: Rule::Vertex,
            tokens: Tokens::Partizan {
                starts: Some([a, c]),
            },
            convention: Convention::Normal,
        })
    }

    #[test]
    fn clusters_marks_and_escaping() {
        let dot = to_dot(&pvg(), "t").unwrap();
        assert!(dot.starts_with("digraph \"georeduce\""), "{dot}");
        assert!(dot.contains("subgraph cluster_0"), "{dot}");
        assert!(dot.contains("label=\"diamond x1\""), "{dot}");
        assert!(dot.contains("xlabel=\"I\""), "{dot}");
        assert!(dot.contains("xlabel=\"II\""), "{dot}");
        assert!(dot.contains("\"c \\\"q\\\"\""), "{dot}");
        assert!(dot.contains("label=\"¬x1\""), "{dot}");
        assert!(dot.contains("\"a\" -> \"b\""), "{dot}");
    }

    #[test]
    fn deterministic() {
        assert_eq!(to_dot(&pvg(), "t").unwrap(), to_dot(&pvg(), "t").unwrap());
    }
}
