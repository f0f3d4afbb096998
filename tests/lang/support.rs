//! Helpers shared by the language tests.

use georeduce::problems::{
    Convention, Geography, Graph, HamPath, Instance, Lit, Qbf, QuantBlock, Quantifier, Rule,
    Tokens, VertexCover,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// Renders a report the way snapshots store it: Unicode, no colour, fixed width.
pub fn render(report: &miette::Report) -> String {
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100);
    let mut out = String::new();
    handler
        .render_report(&mut out, report.as_ref())
        .expect("rendering into a String cannot fail");
    out
}

/// Proptest configuration: a fixed seed, so that every run checks the same instances.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x6765_6f72),
        ..Config::default()
    }
}

/// Vertex and variable names, including ones that must be quoted (reserved words, spaces,
/// quotes, backslashes, line breaks, symbols) and ones with dots, primes and Unicode.
pub const NAMES: [&str; 24] = [
    "a",
    "b",
    "c",
    "x1",
    "top_1",
    "X3.0.1",
    "v'",
    "end",
    "k",
    "¬x1",
    "two words",
    "q\"uote",
    "7",
    "αβ",
    "a.b",
    "start",
    "e-1",
    "back\\slash",
    "tab\tx",
    "new\nline",
    "vertices",
    "exists",
    "#hash",
    "{",
];

/// Label texts, including empty ones and ones needing escapes.
pub const LABELS: [&str; 8] = [
    "x1",
    "¬x1",
    "with \"quotes\"",
    "back\\slash",
    "multi\nline",
    "",
    "tab\tsep",
    " ∃∀ ",
];

/// `lo..=hi` distinct names in random order.
pub fn names(lo: usize, hi: usize) -> impl Strategy<Value = Vec<String>> {
    (lo..=hi)
        .prop_flat_map(|n| prop::sample::subsequence(NAMES.to_vec(), n).prop_shuffle())
        .prop_map(|v| v.into_iter().map(String::from).collect())
}

/// What a graph may contain.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Directed or not.
    pub directed: bool,
    /// Whether loops are kept.
    pub loops: bool,
    /// Whether repeated edges are kept.
    pub parallel: bool,
}

/// A graph with 1–6 vertices, up to 10 edges, random labels and groups.
pub fn graph(shape: Shape) -> impl Strategy<Value = Graph> {
    names(1, 6).prop_flat_map(move |ids| {
        let n = ids.len();
        let edges = prop::collection::vec((0..n, 0..n), 0..=10);
        let labels =
            prop::collection::vec(prop::option::of(prop::sample::select(LABELS.to_vec())), n);
        let groups = prop::collection::vec(
            (
                prop::sample::select(vec!["diamond", "clause", "end"]),
                prop::sample::select(NAMES.to_vec()),
                prop::sample::subsequence((0..n).collect::<Vec<_>>(), 0..=n),
            ),
            0..3,
        );
        (Just(ids), edges, labels, groups).prop_map(move |(ids, edges, labels, groups)| {
            build_graph(shape, ids, edges, labels, groups)
        })
    })
}

/// Assembles a graph, dropping loops and repeats the shape forbids.
fn build_graph(
    shape: Shape,
    ids: Vec<String>,
    edges: Vec<(usize, usize)>,
    labels: Vec<Option<&str>>,
    groups: Vec<(&str, &str, Vec<usize>)>,
) -> Graph {
    let mut g = Graph::new(shape.directed);
    for (id, label) in ids.into_iter().zip(labels) {
        let v = g.add_vertex(id);
        g.vertices[v].label = label.map(String::from);
    }
    for (u, v) in edges {
        let key = |a: usize, b: usize| {
            if shape.directed || a <= b {
                (a, b)
            } else {
                (b, a)
            }
        };
        let repeat = g.edges.iter().any(|&(x, y)| key(x, y) == key(u, v));
        if (u != v || shape.loops) && (!repeat || shape.parallel) {
            g.add_edge(u, v);
        }
    }
    for (kind, name, members) in groups {
        if !g.groups.iter().any(|gr| gr.kind == kind && gr.name == name) {
            g.add_group(kind, name, members);
        }
    }
    g
}

/// A random QBF: 1–6 variables in a random index order, blocks with random quantifiers
/// (adjacent blocks may share one), up to 5 clauses of 0–3 literals with repeats.
pub fn qbf() -> impl Strategy<Value = Qbf> {
    names(1, 6).prop_flat_map(|vars| {
        let n = vars.len();
        let order = Just((0..n).collect::<Vec<_>>()).prop_shuffle();
        let cuts = prop::collection::vec((any::<bool>(), any::<bool>()), n);
        let lits =
            prop::collection::vec(prop::collection::vec((0..n, any::<bool>()), 0..=3), 0..=5);
        (Just(vars), order, cuts, lits).prop_map(|(vars, order, cuts, lits)| {
            let mut prefix: Vec<QuantBlock> = Vec::new();
            for (i, (&v, (cut, forall))) in order.iter().zip(cuts).enumerate() {
                let q = if forall {
                    Quantifier::Forall
                } else {
                    Quantifier::Exists
                };
                match prefix.last_mut() {
                    Some(b) if i > 0 && !cut => b.vars.push(v),
                    _ => prefix.push(QuantBlock {
                        quantifier: q,
                        vars: vec![v],
                    }),
                }
            }
            let clauses = lits
                .into_iter()
                .map(|c| {
                    c.into_iter()
                        .map(|(var, positive)| Lit { var, positive })
                        .collect()
                })
                .collect();
            Qbf {
                vars,
                prefix,
                clauses,
            }
        })
    })
}

/// A random Hamiltonian-path instance (simple graph, optional endpoints).
pub fn hampath() -> impl Strategy<Value = HamPath> {
    any::<bool>()
        .prop_flat_map(|directed| {
            graph(Shape {
                directed,
                loops: false,
                parallel: false,
            })
        })
        .prop_flat_map(|g| {
            let n = g.n();
            (Just(g), prop::option::of(0..n), prop::option::of(0..n))
        })
        .prop_map(|(graph, start, end)| HamPath { graph, start, end })
}

/// A random vertex-cover instance (simple undirected graph, 0 ≤ k ≤ n + 1).
pub fn cover() -> impl Strategy<Value = VertexCover> {
    graph(Shape {
        directed: false,
        loops: false,
        parallel: false,
    })
    .prop_flat_map(|g| {
        let n = g.n();
        (Just(g), 0..=n + 1)
    })
    .prop_map(|(graph, k)| VertexCover { graph, k })
}

/// A random valid game of any variant.
pub fn game() -> impl Strategy<Value = Geography> {
    let rules = prop::sample::select(vec![
        Rule::Vertex,
        Rule::Edge,
        Rule::NimRemoveMove,
        Rule::NimMoveRemove,
    ]);
    (rules, any::<bool>(), any::<bool>())
        .prop_flat_map(|(rule, directed, misere)| {
            let shape = Shape {
                directed,
                loops: rule != Rule::Vertex,
                parallel: rule == Rule::Edge,
            };
            (Just((rule, misere)), graph(shape))
        })
        .prop_flat_map(|((rule, misere), g)| {
            let n = g.n();
            let weights = prop::collection::vec(0u64..5, n);
            (
                Just((rule, misere)),
                Just(g),
                0..5usize,
                0..n,
                0..n,
                weights,
            )
        })
        .prop_map(|((rule, misere), mut graph, kind, a, b, weights)| {
            let nim = matches!(rule, Rule::NimRemoveMove | Rule::NimMoveRemove);
            let b = if a == b && graph.n() > 1 {
                (a + 1) % graph.n()
            } else {
                b
            };
            let tokens = match kind {
                _ if nim => Tokens::One { start: Some(a) },
                0 => Tokens::One { start: Some(a) },
                1 => Tokens::One { start: None },
                2 if a != b || rule == Rule::Edge => Tokens::Partizan {
                    starts: Some([a, b]),
                },
                3 if a != b => Tokens::TwoShared { starts: [a, b] },
                _ => Tokens::Partizan { starts: None },
            };
            if nim {
                for (v, w) in graph.vertices.iter_mut().zip(weights) {
                    v.weight = Some(w);
                }
            }
            let convention = if misere {
                Convention::Misere
            } else {
                Convention::Normal
            };
            Geography {
                graph,
                rule,
                tokens,
                convention,
            }
        })
}

/// A random instance of any kind.
pub fn instance() -> impl Strategy<Value = Instance> {
    prop_oneof![
        qbf().prop_map(Instance::Qbf),
        hampath().prop_map(Instance::Hampath),
        cover().prop_map(Instance::VertexCover),
        game().prop_map(Instance::Geography),
    ]
}
