//! Printing an instance back in the DSL: canonical and deterministic.
//!
//! Canonical means one spelling per construct (`->`/`--`, `~`, `|`, `&`, `exists`/`forall`,
//! one statement per line in a fixed order), so that printing, parsing and printing again
//! gives the same text, and `parse(to_dsl(x)) == x` for every valid instance. Everything is
//! printed in index order; consecutive edges that share an endpoint are printed as one chain
//! (`a -> b -> c`), which keeps the edge order exactly.

use super::parser::{InstanceParser, Rule};
use crate::problems::{Convention, Quantifier};
use crate::problems::{
    Geography, Graph, HamPath, Instance, Qbf, Rule as GameRule, Tokens, VertexCover,
};
use pest::Parser as _;

/// Lines longer than this are wrapped (continuation lines are indented further).
const WIDTH: usize = 96;

/// Words that must be quoted to be used as names (kept in sync with `reserved` in the grammar;
/// tests/lang/grammar.rs checks both directions).
pub const RESERVED: [&str; 21] = [
    "exists",
    "forall",
    "vertices",
    "edges",
    "start",
    "end",
    "k",
    "weights",
    "weight",
    "labels",
    "label",
    "group",
    "tokens",
    "directed",
    "undirected",
    "normal",
    "misere",
    "misère",
    "multigraph",
    "variables",
    "true",
];

/// Prints an instance in the DSL.
pub fn to_dsl(instance: &Instance) -> String {
    match instance {
        Instance::Qbf(q) => qbf(q),
        Instance::Hampath(h) => hampath(h),
        Instance::VertexCover(c) => cover(c),
        Instance::Geography(g) => game(g),
    }
}

/// A name as the DSL writes it: bare when the grammar reads it back as the same bare name,
/// quoted otherwise.
pub fn name(s: &str) -> String {
    let simple = s
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'\'')
        && !RESERVED.contains(&s);
    if simple || (!RESERVED.contains(&s) && parses_as_bare(s)) {
        s.to_string()
    } else {
        quote(s)
    }
}

/// Whether the grammar's `bare_name` rule consumes all of `s` (the exact test, for names
/// with dots or non-ASCII letters).
fn parses_as_bare(s: &str) -> bool {
    InstanceParser::parse(Rule::bare_name, s)
        .ok()
        .and_then(|mut p| p.next())
        .is_some_and(|p| p.as_str().len() == s.len())
}

/// A string literal with `\\`, `\"`, `\n` and `\t` escaped.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Appends `head item sep item … tail` as one statement, wrapped at [`WIDTH`].
fn wrap(out: &mut String, head: &str, items: &[String], sep: &str, tail: &str) {
    let mut line = format!("  {head}");
    // Whether the current line holds an item yet: never wrap before the first one.
    let mut has_item = false;
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item}{sep}")
        } else {
            item.clone()
        };
        if has_item && line.len() + 1 + piece.len() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = "    ".to_string();
        }
        if !line.ends_with(' ') {
            line.push(' ');
        }
        line.push_str(&piece);
        has_item = true;
    }
    if !tail.is_empty() {
        line.push(' ');
        line.push_str(tail);
    }
    out.push_str(&line);
    out.push('\n');
}

/// `qbf { … }`: the `variables` line when the index order is not the prefix order, the
/// prefix, then the clauses.
fn qbf(q: &Qbf) -> String {
    let mut out = String::from("qbf {\n");
    let prefix_order: Vec<usize> = q
        .prefix
        .iter()
        .flat_map(|b| b.vars.iter().copied())
        .collect();
    if prefix_order != (0..q.vars.len()).collect::<Vec<_>>() {
        let names: Vec<String> = q.vars.iter().map(|v| name(v)).collect();
        wrap(&mut out, "variables", &names, "", "");
    }
    let mut blocks: Vec<String> = q
        .prefix
        .iter()
        .filter(|b| !b.vars.is_empty())
        .map(|b| {
            let word = if b.quantifier == Quantifier::Exists {
                "exists"
            } else {
                "forall"
            };
            let vs: Vec<String> = b.vars.iter().map(|&v| name(&q.vars[v])).collect();
            format!("{word} {}", vs.join(" "))
        })
        .collect();
    if let Some(last) = blocks.last_mut() {
        last.push(':');
        wrap(&mut out, "", &blocks, "", "");
    }
    let clauses: Vec<String> = q.clauses.iter().map(|c| clause(q, c)).collect();
    if clauses.is_empty() {
        out.push_str("  true\n");
    } else {
        wrap(&mut out, "  ", &clauses, " &", "");
    }
    out.push_str("}\n");
    out
}

/// `(x1 | ~x2)`.
fn clause(q: &Qbf, c: &[crate::problems::Lit]) -> String {
    let lits: Vec<String> = c
        .iter()
        .map(|l| {
            format!(
                "{}{}",
                if l.positive { "" } else { "~" },
                name(&q.vars[l.var])
            )
        })
        .collect();
    format!("({})", lits.join(" | "))
}

/// The statements every graph instance shares: vertices, edges, then `more`, then labels
/// and groups.
fn graph_body(out: &mut String, g: &Graph, more: &str) {
    let names: Vec<String> = g.vertices.iter().map(|v| name(&v.id)).collect();
    if !names.is_empty() {
        wrap(out, "vertices", &names, "", "");
    }
    let op = if g.directed { " -> " } else { " -- " };
    let mut chains: Vec<String> = Vec::new();
    let mut last_head = None;
    for &(u, v) in &g.edges {
        match chains.last_mut() {
            Some(c) if last_head == Some(u) => c.push_str(&format!("{op}{}", name(g.id(v)))),
            _ => chains.push(format!("{}{op}{}", name(g.id(u)), name(g.id(v)))),
        }
        last_head = Some(v);
    }
    if !chains.is_empty() {
        wrap(out, "edges", &chains, ",", "");
    }
    out.push_str(more);
    for v in &g.vertices {
        if let Some(l) = &v.label {
            out.push_str(&format!("  label {} {}\n", name(&v.id), quote(l)));
        }
    }
    for gr in &g.groups {
        let members: Vec<String> = gr.members.iter().map(|&m| name(g.id(m))).collect();
        wrap(
            out,
            &format!("group {} {} {{", name(&gr.kind), name(&gr.name)),
            &members,
            "",
            "}",
        );
    }
}

/// `directed graph` or `undirected graph`.
fn direction(g: &Graph) -> &'static str {
    if g.directed { "directed" } else { "undirected" }
}

/// `hampath { … }`.
fn hampath(h: &HamPath) -> String {
    let mut out = format!("hampath {{\n  {} graph\n", direction(&h.graph));
    let mut more = String::new();
    if let Some(s) = h.start {
        more.push_str(&format!("  start {}\n", name(h.graph.id(s))));
    }
    if let Some(t) = h.end {
        more.push_str(&format!("  end {}\n", name(h.graph.id(t))));
    }
    graph_body(&mut out, &h.graph, &more);
    out.push_str("}\n");
    out
}

/// `vertex-cover { … }` (the kind's CLI name; the parser also reads `vertex_cover`).
fn cover(c: &VertexCover) -> String {
    let mut out = format!("vertex-cover {{\n  {} graph\n", direction(&c.graph));
    graph_body(&mut out, &c.graph, &format!("  k = {}\n", c.k));
    out.push_str("}\n");
    out
}

/// `geography { … }`.
fn game(g: &Geography) -> String {
    let rule = match g.rule {
        GameRule::Vertex => "vertex geography",
        GameRule::Edge => "edge geography",
        GameRule::NimRemoveMove => "nim geography, remove then move",
        GameRule::NimMoveRemove => "nim geography, move then remove",
    };
    let play = match g.convention {
        Convention::Normal => "normal",
        Convention::Misere => "misere",
    };
    let id = |v: usize| name(g.graph.id(v));
    let tokens = match g.tokens {
        Tokens::One { start: Some(s) } => format!("one at {}", id(s)),
        Tokens::One { start: None } => "one, unrooted".to_string(),
        Tokens::Partizan {
            starts: Some([a, b]),
        } => format!("partizan, first at {}, second at {}", id(a), id(b)),
        Tokens::Partizan { starts: None } => "partizan, unrooted".to_string(),
        Tokens::TwoShared { starts: [a, b] } => format!("two at {} and {}", id(a), id(b)),
    };
    let mut out = format!(
        "geography {{\n  {} {rule}\n  {play} play\n  tokens: {tokens}\n",
        direction(&g.graph)
    );
    if g.rule == GameRule::Edge && g.graph.first_duplicate_edge().is_some() {
        out.push_str("  multigraph\n");
    }
    let mut weights = String::new();
    let ws: Vec<String> = g
        .graph
        .vertices
        .iter()
        .filter_map(|v| v.weight.map(|w| format!("{} = {w}", name(&v.id))))
        .collect();
    if !ws.is_empty() {
        wrap(&mut weights, "weight", &ws, ",", "");
    }
    graph_body(&mut out, &g.graph, &weights);
    out.push_str("}\n");
    out
}
