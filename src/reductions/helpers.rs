//! Building blocks shared by the reduction files: reading the source instance, the 3QBF
//! precondition, naming vertices, wrapping a board as a game, the structural checks several
//! theorems claim, and (for the constructions on game boards: edge geography, misère play,
//! NimG, Trail Trap) copying the source board, laying out arc gadgets and pendants.
//!
//! They live here so that each reduction file holds only its own construction.
//!
//! The constructions on game boards keep the source vertices as the first `n` target
//! vertices, with the same identifiers and labels, so that a vertex can be followed through a
//! chain of reductions by name. New vertices get identifiers built from their role; because a
//! user's source graph may already use such a name, `add_fresh` appends a suffix until the
//! identifier is unused (a collision must never panic).

use super::{ProblemKind, ReductionError, ReductionInfo};
use crate::problems::{
    Convention, Geography, Graph, Instance, Locator, Qbf, Rule, Tokens, VertexId,
};

/// One normalised variable's diamond: the top where a player chooses, the two sides (the TRUE
/// side first), and the bottom where both sides meet (the QBF constructions' common gadget).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diamond {
    /// Where the player who sets the variable moves.
    pub top: VertexId,
    /// `[TRUE side, FALSE side]`.
    pub sides: [VertexId; 2],
    /// Where both sides lead.
    pub bottom: VertexId,
}

/// The error for a source of the wrong kind.
pub fn wrong_kind(id: &'static str, expected: &'static str, found: &Instance) -> ReductionError {
    ReductionError::WrongKind {
        id,
        expected,
        found: found.kind(),
    }
}

/// Fraenkel–Simonson's reductions read 3QBF: every clause has exactly three literal
/// occurrences (repeats allowed, as in the paper's `(x2 + x3 + x3)`).
pub fn require_3cnf(theorem: &'static str, q: &Qbf) -> Result<(), ReductionError> {
    match q.clauses.iter().position(|c| c.len() != 3) {
        None => Ok(()),
        Some(c) => Err(ReductionError::Precondition {
            theorem,
            message: format!(
                "3QBF, exactly three literals per clause; clause {} has {}",
                c + 1,
                q.clauses[c].len()
            ),
            at: Locator::Clause(c),
            help: Some("pad a short clause by repeating a literal, e.g. (x1 + x1 + x2)".into()),
        }),
    }
}

/// Adds a vertex `id` whose display label is `label`; the label is stored only when it
/// differs from the identifier, so the DSL output does not repeat itself.
pub fn add_named(g: &mut Graph, id: String, label: String) -> VertexId {
    if id == label {
        g.add_vertex(id)
    } else {
        g.add_labeled(id, label)
    }
}

/// A normal-play directed game on `graph` with the given rule and tokens.
pub fn directed_game(graph: Graph, rule: Rule, tokens: Tokens) -> Instance {
    Instance::Geography(normal_game(graph, rule, tokens))
}

/// A normal-play game on `graph` with the given rule and tokens.
pub fn normal_game(graph: Graph, rule: Rule, tokens: Tokens) -> Geography {
    Geography {
        graph,
        rule,
        tokens,
        convention: Convention::Normal,
    }
}

/// Partizan tokens with player I on `first` and player II on `second`.
pub fn partizan(first: VertexId, second: VertexId) -> Tokens {
    Tokens::Partizan {
        starts: Some([first, second]),
    }
}

/// Adds a vertex whose identifier is `id`, or `id_2`, `id_3`, … when `id` is taken, with the
/// display label `label` (if any), and returns its index.
pub(crate) fn add_fresh(g: &mut Graph, id: &str, label: Option<&str>) -> VertexId {
    let mut candidate = id.to_string();
    let mut k = 2;
    while g.vertex(&candidate).is_some() {
        candidate = format!("{id}_{k}");
        k += 1;
    }
    let v = g.add_vertex(candidate);
    g.vertices[v].label = label.map(str::to_string);
    v
}

/// A new graph (directed or not) holding copies of `src`'s vertices (identifier, label; no
/// weight) in the same order, and of its groups. Edges are not copied.
pub(crate) fn copy_vertices(src: &Graph, directed: bool) -> Graph {
    let mut g = Graph::new(directed);
    for v in &src.vertices {
        let id = g.add_vertex(v.id.clone());
        g.vertices[id].label = v.label.clone();
    }
    for grp in &src.groups {
        g.add_group(grp.kind.clone(), grp.name.clone(), grp.members.clone());
    }
    g
}

/// The display name of an arc `(x, y)` used as a group name: `x->y`.
pub(crate) fn arc_name(g: &Graph, x: VertexId, y: VertexId) -> String {
    format!("{}->{}", g.id(x), g.id(y))
}

/// The roles of an arc gadget that the machinery shared by the arc-gadget theorems reads (the
/// local games of their certificate maps, `certmaps/arc_gadgets.rs`): the arc it replaces,
/// the vertices a player steps onto when entering it from either end, and its private
/// vertices. Each theorem's gadget type names its vertices as its paper does and implements
/// this by saying which is which.
pub trait ArcGadget {
    /// The index of the replaced arc among the source's arcs.
    fn arc(&self) -> usize;
    /// The target vertices standing for the arc's tail and head.
    fn ends(&self) -> (VertexId, VertexId);
    /// The private vertex a player entering from the tail steps onto.
    fn tail_entry(&self) -> VertexId;
    /// The private vertex a player entering from the head steps onto.
    fn head_entry(&self) -> VertexId;
    /// The private vertices, in the paper's role order.
    fn private(&self) -> Vec<VertexId>;
}

/// Adds the private vertices of the gadget of arc `arc = (u, v)` of the digraph `d`, one per
/// role, with identifiers `{role}_u_v` (made unique by [`add_fresh`]) labelled by role.
pub(crate) fn add_gadget_vertices<const K: usize>(
    g: &mut Graph,
    d: &Graph,
    arc: usize,
    roles: [&str; K],
) -> [VertexId; K] {
    let (u, v) = d.edges[arc];
    let (ui, vi) = (d.id(u), d.id(v));
    roles.map(|role| add_fresh(g, &format!("{role}_{ui}_{vi}"), Some(role)))
}

/// Adds the `edges` of `gadget`, which replaces the arc `(u, v)` of `d`, and its group
/// `arc_gadget`/`u->v` holding its private vertices.
pub(crate) fn add_gadget_edges(
    g: &mut Graph,
    d: &Graph,
    gadget: &impl ArcGadget,
    edges: &[(VertexId, VertexId)],
) {
    for &(a, b) in edges {
        g.add_edge(a, b);
    }
    let (u, v) = d.edges[gadget.arc()];
    g.add_group("arc_gadget", arc_name(d, u, v), gadget.private());
}

/// Err naming the first listed `(vertex, degree)` whose total degree in `g` differs.
pub(crate) fn check_degrees(
    g: &Graph,
    want: impl IntoIterator<Item = (VertexId, usize)>,
) -> Result<(), String> {
    let found = total_degrees(g);
    match want.into_iter().find(|&(v, d)| found.get(v) != Some(&d)) {
        Some((v, d)) => Err(format!(
            "target vertex {} has degree {}, expected {d}",
            g.vertices
                .get(v)
                .map_or("(out of range)", |x| x.id.as_str()),
            found.get(v).copied().unwrap_or(0)
        )),
        None => Ok(()),
    }
}

/// For every source vertex `x` (indices `0..n`), adds a pendant vertex `x'` (identifier
/// `x_pend`) and the edge or arc `x → x'`, grouped as `pendant`/`x`. Returns the pendant of
/// each vertex, indexed by source vertex.
pub(crate) fn add_pendants(g: &mut Graph, n: usize) -> Vec<VertexId> {
    (0..n)
        .map(|x| {
            let name = g.id(x).to_string();
            let label = format!("{}'", g.display(x));
            let p = add_fresh(g, &format!("{name}_pend"), Some(&label));
            g.add_edge(x, p);
            g.add_group("pendant", name, vec![p]);
            p
        })
        .collect()
}

/// The geography game inside `source`, if it is one.
pub(crate) fn as_game(source: &Instance) -> Option<&Geography> {
    match source {
        Instance::Geography(g) => Some(g),
        _ => None,
    }
}

/// Total degree of every vertex (out + in when directed; a loop counts twice either way).
pub(crate) fn total_degrees(g: &Graph) -> Vec<usize> {
    let mut d = vec![0; g.n()];
    for &(u, v) in &g.edges {
        d[u] += 1;
        d[v] += 1;
    }
    d
}

/// The source game if `source` is a valid game of reduction `info`'s source kind; otherwise
/// the error that `reduce` returns ([`ReductionError::WrongKind`], or a
/// [`ReductionError::Precondition`] naming the invalid part of the game).
pub(crate) fn expect_source_game<'a>(
    info: &ReductionInfo,
    source: &'a Instance,
) -> Result<&'a Geography, ReductionError> {
    let found = ProblemKind::of(source);
    let g = match as_game(source) {
        Some(g) if found == info.source => g,
        _ => {
            return Err(ReductionError::WrongKind {
                id: info.id,
                expected: info.source.name(),
                found: found.name(),
            });
        }
    };
    g.validate()
        .map_err(|(at, message)| ReductionError::Precondition {
            theorem: info.theorem,
            message: format!("a valid {} game: {message}", info.source.name()),
            at,
            help: None,
        })?;
    Ok(g)
}

/// The start vertex of a one-token rooted game (0 when there is none, which the kind checks
/// of [`expect_source_game`] rule out).
pub(crate) fn start_of(g: &Geography) -> VertexId {
    g.starts().first().copied().unwrap_or(0)
}
