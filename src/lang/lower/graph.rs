//! Building the graph every graph instance shares from its `vertices`, `edges`, `label` and
//! `group` statements: each vertex declared once, each edge between declared vertices,
//! written with the right operator, and loops and repeats only where the kind's [`Policy`]
//! allows them.

use super::ast::{Body, EdgeW, Item};
use super::{Errors, Named};
use crate::lang::Spans;
use crate::lang::diag::LangError;
use crate::problems::{Graph, Locator, VertexId};
use rustc_hash::FxHashMap;
use std::collections::HashMap;

/// What a kind allows of its graph.
pub(crate) struct Policy {
    /// Directed or undirected.
    pub directed: bool,
    /// `None`: loops allowed; `Some(why)`: forbidden, with the reason shown as help.
    pub no_loops: Option<&'static str>,
    /// Whether a repeated edge is allowed (edge geography declared `multigraph`).
    pub parallel: bool,
    /// What to call the instance in messages ("a Hamiltonian path instance").
    pub what: String,
}

/// A graph with its source spans and identifier table.
pub(crate) struct Built {
    /// The graph.
    pub graph: Graph,
    /// Spans of vertices (`Locator::Vertex`) and edges (`Locator::Edge`).
    pub spans: Spans,
}

impl Built {
    /// Resolves a vertex name, reporting `lang::unknown_vertex` (with a suggestion).
    pub fn resolve(&self, n: &Named, errs: &mut Errors) -> Option<VertexId> {
        if let Some(v) = self.graph.vertex(&n.text) {
            return Some(v);
        }
        if errs.count_only(n.span.offset()) {
            return None;
        }
        let e = LangError::new(
            errs.src,
            "lang::unknown_vertex",
            format!("unknown vertex `{}`", n.text),
            n.span,
            "not declared",
        );
        let suggestion = match errs.suggested.get(&*n.text) {
            Some(known) => known.clone(),
            None if errs.suggested.len() < super::MAX_SUGGESTED => {
                let found = closest(&self.graph, &n.text);
                errs.suggested.insert(n.text.to_string(), found.clone());
                found
            }
            None => None,
        };
        let help = match suggestion {
            Some(c) => {
                format!("did you mean `{c}`? Every vertex must be listed in a `vertices` statement")
            }
            None => format!(
                "declare it first: `vertices … {}`",
                crate::lang::print::name(&n.text)
            ),
        };
        errs.push(e.help(help));
        None
    }
}

/// The declared vertex name closest to `name`, first in order, if it is close enough to be
/// a likely typo: at most 2 edits, and fewer than half the name's length (so `c` does not
/// suggest `a`).
fn closest(g: &Graph, name: &str) -> Option<String> {
    let mut best: Option<(usize, &str)> = None;
    let len = name.chars().count();
    for v in &g.vertices {
        // Names whose lengths differ by more than 2 are more than 2 edits apart.
        if v.id.chars().count().abs_diff(len) > 2 {
            continue;
        }
        let d = edit_distance(&v.id, name);
        if d <= 2 && 2 * d < len && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, &v.id));
        }
    }
    best.map(|(_, s)| s.to_string())
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != b[j]))
                .min(row[j] + 1)
                .min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// Builds the graph from the `vertices`, `edges`, `label` and `group` statements.
pub(crate) fn build_graph(body: &Body, policy: &Policy, errs: &mut Errors) -> Built {
    let mut b = Built {
        graph: Graph::new(policy.directed),
        spans: Spans::new(),
    };
    // Everything sized once from the statements' counts (a file of a million arcs would
    // otherwise grow each table some twenty times).
    let (mut vertices, mut edges) = (0, 0);
    for s in &body.stmts {
        match &s.item {
            Item::Vertices(names) => vertices += names.len(),
            Item::Edges(list) => edges += list.len(),
            _ => {}
        }
    }
    b.graph.reserve(vertices, edges);
    b.spans.reserve(vertices, edges);
    for s in &body.stmts {
        if let Item::Vertices(names) = &s.item {
            for n in names {
                declare(&mut b, n, errs);
            }
        }
    }
    biadjacency(&mut b, body, policy, errs);
    // The first edge between each pair (by index; its span is in `b.spans`), when repeats
    // are refused.
    let mut seen: FxHashMap<(VertexId, VertexId), usize> = FxHashMap::default();
    if !policy.parallel {
        seen.reserve(edges);
    }
    // The last tail resolved: edges are usually written grouped by tail (`a -> b`,
    // `a -> c`, …, as generators and adjacency lists write them), and comparing the name
    // with the previous one costs less than a lookup in a table of a million names.
    let mut last_tail: Option<(&str, VertexId)> = None;
    for s in &body.stmts {
        if let Item::Edges(edges) = &s.item {
            for e in edges {
                let tail = match last_tail {
                    Some((name, u)) if name == e.from.text => Some(u),
                    _ => b.resolve(&e.from, errs),
                };
                if let Some(u) = tail {
                    last_tail = Some((&e.from.text, u));
                }
                add_edge(&mut b, e, tail, policy, &mut seen, errs);
            }
        }
    }
    labels_and_groups(&mut b, body, errs);
    b
}

/// Decodes a `biadjacency { … }` block (at most one, not combined with `edges`, undirected
/// graphs only): rows `r1 … rp` and columns `c1 … cq` are declared and every 1 at row `i`,
/// column `j` adds the edge `ri -- cj`. One pass over the bytes; rows are runs of `0`/`1`
/// separated by blanks, `#` comments run to the end of the line. Edges get no span of their
/// own (an entry cannot repeat or be a loop, so no later check needs one).
fn biadjacency(b: &mut Built, body: &Body, policy: &Policy, errs: &mut Errors) {
    let mut blocks = body.stmts.iter().filter_map(|s| match s.item {
        Item::Biadjacency(span) => Some((s, span)),
        _ => None,
    });
    let Some((stmt, block)) = blocks.next() else {
        return;
    };
    for (again, _) in blocks {
        let msg = "a second `biadjacency` block".to_string();
        refuse(
            errs,
            again.head,
            "lang::duplicate_statement",
            msg,
            "again",
            "give one matrix",
        );
    }
    // After a refusal the vertices are still declared (so that no "unknown vertex" follows
    // from the one mistake), but no edge is added.
    let mut refused = false;
    if let Some(s) = body.stmts.iter().find(|s| matches!(s.item, Item::Edges(_))) {
        let msg = "`edges` cannot be combined with a `biadjacency` block".to_string();
        let help = "write every edge in the matrix, or list them all with `edges`";
        refuse(
            errs,
            s.head,
            "lang::biadjacency_with_edges",
            msg,
            "here",
            help,
        );
        refused = true;
    }
    if policy.directed {
        let msg = "a biadjacency matrix gives an undirected bipartite graph".to_string();
        let help = "declare the game `undirected`";
        refuse(
            errs,
            stmt.head,
            "lang::biadjacency_directed",
            msg,
            "in a directed graph",
            help,
        );
        refused = true;
    }
    let src = errs.src;
    let text = src.text.as_bytes();
    let (start, len) = (block.offset(), block.len());
    // Inside the braces.
    let inner = &text[start + 1..start + len - 1];
    let mut rows: Vec<(usize, usize)> = Vec::new(); // (offset in `inner`, length)
    let mut bad_row = false;
    let mut i = 0;
    while i < inner.len() {
        match inner[i] {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'#' => {
                while i < inner.len() && inner[i] != b'\n' {
                    i += 1;
                }
            }
            _ => {
                let from = i;
                while i < inner.len() && !matches!(inner[i], b' ' | b'\t' | b'\r' | b'\n' | b'#') {
                    i += 1;
                }
                let row = &inner[from..i];
                // Only the first bad row is reported; the rows still count, so that the
                // vertices exist and no "unknown vertex" follows from this one mistake.
                if bad_row {
                } else if let Some(bad) = row.iter().position(|&c| c != b'0' && c != b'1') {
                    // Point at the whole character, however many bytes it has.
                    let ch = std::str::from_utf8(&row[bad..])
                        .ok()
                        .and_then(|t| t.chars().next())
                        .map_or(1, char::len_utf8);
                    let span = miette::SourceSpan::new((start + 1 + from + bad).into(), ch);
                    let msg = format!(
                        "row {} of the biadjacency matrix has a character other than 0 and 1",
                        rows.len() + 1
                    );
                    refuse(
                        errs,
                        span,
                        "lang::biadjacency_row",
                        msg,
                        "not 0 or 1",
                        "each row is a run of 0s and 1s, rows separated by blanks or line breaks",
                    );
                    bad_row = true;
                } else if let Some(&(_, first)) = rows.first()
                    && row.len() != first
                {
                    let span = miette::SourceSpan::new((start + 1 + from).into(), row.len());
                    let msg = format!(
                        "row {} of the biadjacency matrix has {} entries, row 1 has {first}",
                        rows.len() + 1,
                        row.len()
                    );
                    refuse(
                        errs,
                        span,
                        "lang::biadjacency_row",
                        msg,
                        "wrong length",
                        "every row has one entry per column vertex",
                    );
                    bad_row = true;
                }
                rows.push((from, row.len()));
            }
        }
    }
    let Some(&(_, q)) = rows.first() else {
        let msg = "the biadjacency matrix has no rows".to_string();
        refuse(
            errs,
            block,
            "lang::biadjacency_row",
            msg,
            "empty",
            "write one row of 0s and 1s per row vertex",
        );
        return;
    };
    let row_span =
        |from: usize, len: usize| miette::SourceSpan::new((start + 1 + from).into(), len);
    let head = stmt.head;
    let row_ids: Vec<VertexId> = rows
        .iter()
        .enumerate()
        .filter_map(|(k, &(from, len))| {
            let name = Named {
                text: format!("r{}", k + 1).into(),
                span: row_span(from, len),
            };
            declare_new(b, &name, errs)
        })
        .collect();
    let col_ids: Vec<VertexId> = (0..q)
        .filter_map(|j| {
            let name = Named {
                text: format!("c{}", j + 1).into(),
                span: head,
            };
            declare_new(b, &name, errs)
        })
        .collect();
    if refused || bad_row || row_ids.len() != rows.len() || col_ids.len() != q {
        return; // Reported: a bad row, or a name that clashed with a declared vertex.
    }
    let ones = rows
        .iter()
        .map(|&(from, len)| {
            inner[from..from + len]
                .iter()
                .filter(|&&c| c == b'1')
                .count()
        })
        .sum();
    b.graph.edges.reserve(ones);
    for (k, &(from, len)) in rows.iter().enumerate() {
        for (j, _) in inner[from..from + len]
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == b'1')
        {
            b.graph.add_edge(row_ids[k], col_ids[j]);
        }
    }
}

/// Records one biadjacency error.
fn refuse(
    errs: &mut Errors,
    span: miette::SourceSpan,
    code: &'static str,
    msg: String,
    label: &str,
    help: &str,
) {
    let e = LangError::new(errs.src, code, msg, span, label.to_string());
    errs.push(e.help(help.to_string()));
}

/// Declares a vertex, returning its id, or `None` after reporting `lang::duplicate_vertex`.
fn declare_new(b: &mut Built, n: &Named, errs: &mut Errors) -> Option<VertexId> {
    if b.graph.vertex(&n.text).is_some() {
        declare(b, n, errs);
        return None;
    }
    declare(b, n, errs);
    b.graph.vertex(&n.text)
}

/// Declares one vertex, or reports `lang::duplicate_vertex`.
fn declare(b: &mut Built, n: &Named, errs: &mut Errors) {
    if let Some(v) = b.graph.vertex(&n.text) {
        // Every declared vertex has a span (a vertex of a built graph would not).
        let first = b.spans.get(&Locator::Vertex(v)).unwrap_or(n.span);
        errs.push(
            LangError::new(
                errs.src,
                "lang::duplicate_vertex",
                format!("vertex `{}` is declared twice", n.text),
                n.span,
                "declared again",
            )
            .also(first, "first declared here")
            .help("every vertex name is declared once; remove one of the two"),
        );
        return;
    }
    let v = b.graph.add_vertex(&*n.text);
    b.spans.insert(Locator::Vertex(v), n.span);
}

/// Adds one edge after checking its operator, loops and repeats; `tail` is its first
/// endpoint resolved (`None`: unknown, reported).
fn add_edge(
    b: &mut Built,
    e: &EdgeW,
    tail: Option<VertexId>,
    policy: &Policy,
    seen: &mut FxHashMap<(VertexId, VertexId), usize>,
    errs: &mut Errors,
) {
    if e.arc != policy.directed {
        errs.push(direction_error(errs, e, policy.directed));
    }
    let (Some(u), Some(v)) = (tail, b.resolve(&e.to, errs)) else {
        return;
    };
    if let (true, Some(why)) = (u == v, policy.no_loops) {
        if errs.count_only(e.span().offset()) {
            return;
        }
        let msg = format!(
            "a loop at `{}` is not allowed in {}",
            e.from.text, policy.what
        );
        errs.push(
            LangError::new(errs.src, "lang::self_loop", msg, e.span(), "self-loop").help(why),
        );
        return;
    }
    let key = if policy.directed || u <= v {
        (u, v)
    } else {
        (v, u)
    };
    let first = match policy.parallel {
        true => None,
        false => seen.get(&key).copied(),
    };
    if let Some(first) = first {
        if errs.count_only(e.span().offset()) {
            return;
        }
        let first = b.spans.get(&Locator::Edge(first)).unwrap_or(e.span());
        let op = if e.arc { "->" } else { "--" };
        let msg = format!(
            "the edge {} {op} {} is listed twice",
            e.from.text, e.to.text
        );
        errs.push(
            LangError::new(errs.src, "lang::duplicate_edge", msg, e.span(), "repeated")
                .also(first, "first listed here")
                .help("remove the repeat (edge geography on a multigraph says `multigraph`)"),
        );
        return;
    }
    let id = b.graph.add_edge(u, v);
    if !policy.parallel {
        seen.insert(key, id);
    }
    b.spans.insert(Locator::Edge(id), e.span());
}

/// `lang::edge_direction`: an arc in an undirected graph or an edge in a directed one.
fn direction_error(errs: &Errors, e: &EdgeW, directed: bool) -> LangError {
    let (msg, help) = if directed {
        (
            "this graph is directed, so its edges are arcs `->`",
            "write `a -> b`; for both directions write `a -> b -> a`",
        )
    } else {
        (
            "this graph is undirected, so its edges are written `--`",
            "write `a -- b`, or declare the graph `directed`",
        )
    };
    LangError::new(
        errs.src,
        "lang::edge_direction",
        msg,
        e.op,
        "wrong kind of edge",
    )
    .help(help)
}

/// Applies `label` statements and records `group` statements.
fn labels_and_groups(b: &mut Built, body: &Body, errs: &mut Errors) {
    let mut labelled: HashMap<VertexId, miette::SourceSpan> = HashMap::new();
    let mut groups: HashMap<(&str, &str), miette::SourceSpan> = HashMap::new();
    for s in &body.stmts {
        match &s.item {
            Item::Labels(items) => {
                for (n, text) in items {
                    let Some(v) = b.resolve(n, errs) else {
                        continue;
                    };
                    if let Some(&first) = labelled.get(&v) {
                        errs.push(
                            LangError::new(
                                errs.src,
                                "lang::duplicate_label",
                                format!("vertex `{}` is labelled twice", n.text),
                                n.span,
                                "labelled again",
                            )
                            .also(first, "first labelled here")
                            .help("a vertex has one label; keep one of the two"),
                        );
                        continue;
                    }
                    labelled.insert(v, n.span);
                    b.graph.vertices[v].label = Some(text.clone());
                }
            }
            Item::Group {
                kind,
                name,
                members,
            } => {
                let key = (&*kind.text, &*name.text);
                if let Some(&first) = groups.get(&key) {
                    errs.push(
                        LangError::new(
                            errs.src,
                            "lang::duplicate_group",
                            format!("group {} {} is declared twice", kind.text, name.text),
                            s.head,
                            "declared again",
                        )
                        .also(first, "first declared here")
                        .help("give the second group another name"),
                    );
                    continue;
                }
                groups.insert(key, s.head);
                let ids: Vec<VertexId> =
                    members.iter().filter_map(|m| b.resolve(m, errs)).collect();
                b.graph.add_group(&*kind.text, &*name.text, ids);
            }
            _ => {}
        }
    }
}

/// A non-negative whole number as written, or `lang::negative_number` / `lang::bad_number`.
pub(crate) fn number(
    digits: &str,
    span: miette::SourceSpan,
    what: &str,
    errs: &mut Errors,
) -> Option<u64> {
    if digits.starts_with('-') {
        errs.push(
            LangError::new(
                errs.src,
                "lang::negative_number",
                format!("{what} must not be negative"),
                span,
                "negative",
            )
            .help(format!("{what} is a count: 0 or more")),
        );
        return None;
    }
    match digits.parse::<u64>() {
        Ok(n) if usize::try_from(n).is_ok() => Some(n),
        _ => {
            errs.push(
                LangError::new(
                    errs.src,
                    "lang::bad_number",
                    format!("{what} is too large"),
                    span,
                    "too large",
                )
                .help(format!("{what} must be at most {}", usize::MAX as u64)),
            );
            None
        }
    }
}
