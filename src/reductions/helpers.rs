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

impl Diamond {
    /// Adds the diamond's four arcs, side by side: `top → x`, `x → bottom`, then the same
    /// through `¬x`.
    pub fn add_arcs(&self, g: &mut Graph) {
        for side in self.sides {
            g.add_edge(self.top, side);
            g.add_edge(side, self.bottom);
        }
    }
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

/// A one-token game on `graph` with the given rule and convention, rooted at `start`.
pub(crate) fn rooted_game(
    graph: Graph,
    rule: Rule,
    start: VertexId,
    convention: Convention,
) -> Geography {
    Geography {
        graph,
        rule,
        tokens: Tokens::One { start: Some(start) },
        convention,
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
/// this by saying which is which (with the crate's `arc_gadget!` macro).
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

/// How an arc gadget with `K` private vertices is built (the crate's `replace_arcs`) and what
/// degrees its theorem claims for them (`gadget_degrees`). Implemented with the crate's
/// `arc_gadget!` macro.
pub trait GadgetShape<const K: usize>: ArcGadget + Sized {
    /// The private vertices' roles, in creation order: each vertex is identified as
    /// `{role}_u_v` on the arc `(u, v)` and labelled by its role.
    const ROLES: [&'static str; K];
    /// The degree of each role's vertex in the target, in role order.
    const ROLE_DEGREES: [usize; K];
    /// The gadget replacing arc number `arc` from `tail` to `head`, with its private vertices
    /// in role order.
    fn with_roles(arc: usize, tail: VertexId, head: VertexId, private: [VertexId; K]) -> Self;
    /// The gadget's edges, in the order they are added.
    fn edges(&self) -> Vec<(VertexId, VertexId)>;
}

/// Implements [`ArcGadget`] and [`GadgetShape`] for a theorem's gadget struct, whose fields
/// are `arc` (the index of the replaced arc), the arc's tail and head, and one per private
/// vertex, all named as the paper names them:
///
/// ```text
/// arc_gadget! {
///     GadgetA: arc x -> y;
///     private [p: 3, z: 3, q: 2, r: 3, s: 3];   // role: its degree in the target
///     enter p from the tail, s from the head;
///     edges [(x, p), (p, z), (p, q), (q, r), (r, z), (r, s), (z, s), (s, y)]
/// }
/// ```
macro_rules! arc_gadget {
    ($ty:ident: arc $tail:ident -> $head:ident;
     private [$($role:ident: $degree:literal),+ $(,)?];
     enter $te:ident from the tail, $he:ident from the head;
     edges [$(($a:ident, $b:ident)),+ $(,)?]) => {
        impl $crate::reductions::helpers::ArcGadget for $ty {
            fn arc(&self) -> usize {
                self.arc
            }
            fn ends(&self) -> ($crate::problems::VertexId, $crate::problems::VertexId) {
                (self.$tail, self.$head)
            }
            fn tail_entry(&self) -> $crate::problems::VertexId {
                self.$te
            }
            fn head_entry(&self) -> $crate::problems::VertexId {
                self.$he
            }
            fn private(&self) -> Vec<$crate::problems::VertexId> {
                vec![$(self.$role),+]
            }
        }

        impl $crate::reductions::helpers::GadgetShape<{ [$(stringify!($role)),+].len() }> for $ty {
            const ROLES: [&'static str; [$(stringify!($role)),+].len()] = [$(stringify!($role)),+];
            const ROLE_DEGREES: [usize; [$(stringify!($role)),+].len()] = [$($degree),+];
            fn with_roles(
                arc: usize,
                $tail: $crate::problems::VertexId,
                $head: $crate::problems::VertexId,
                private: [$crate::problems::VertexId; [$(stringify!($role)),+].len()],
            ) -> Self {
                let [$($role),+] = private;
                $ty { arc, $tail, $head, $($role),+ }
            }
            fn edges(&self) -> Vec<($crate::problems::VertexId, $crate::problems::VertexId)> {
                let $ty { $tail, $head, $($role,)+ .. } = *self;
                vec![$(($a, $b)),+]
            }
        }
    };
}
pub(crate) use arc_gadget;

/// Replaces every arc `(u, v)` of the digraph `d` by a gadget `G` from `ends[u]` to
/// `ends[v]`: adds its private vertices (identifiers `{role}_u_v`, made unique by
/// [`add_fresh`], labelled by role), its edges and its group `arc_gadget`/`u->v`, arc by arc;
/// returns the gadgets in arc order.
pub(crate) fn replace_arcs<const K: usize, G: GadgetShape<K>>(
    g: &mut Graph,
    d: &Graph,
    ends: &[VertexId],
) -> Vec<G> {
    let mut gadgets = Vec::with_capacity(d.m());
    for (arc, &(u, v)) in d.edges.iter().enumerate() {
        let (ui, vi) = (d.id(u), d.id(v));
        let private = G::ROLES.map(|role| add_fresh(g, &format!("{role}_{ui}_{vi}"), Some(role)));
        let gadget = G::with_roles(arc, ends[u], ends[v], private);
        for (a, b) in gadget.edges() {
            g.add_edge(a, b);
        }
        g.add_group("arc_gadget", arc_name(d, u, v), gadget.private());
        gadgets.push(gadget);
    }
    gadgets
}

/// `(vertex, degree)` for every private vertex of `gadgets`, the degree its role claims.
pub(crate) fn gadget_degrees<const K: usize, G: GadgetShape<K>>(
    gadgets: &[G],
) -> impl Iterator<Item = (VertexId, usize)> + '_ {
    gadgets
        .iter()
        .flat_map(|a| a.private().into_iter().zip(G::ROLE_DEGREES))
}

/// `(original[x], degree of x in src + extra)` for every vertex `x` of `src`: the degrees of
/// the source vertices that a construction keeps, each with `extra` new edges.
pub(crate) fn kept_degrees<'a>(
    src: &Graph,
    original: &'a [VertexId],
    extra: usize,
) -> impl Iterator<Item = (VertexId, usize)> + 'a {
    let degrees = total_degrees(src);
    original
        .iter()
        .zip(degrees)
        .map(move |(&x, d)| (x, d + extra))
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

/// What the reduction files' unit tests share.
#[cfg(test)]
pub(crate) mod testing {
    use crate::problems::Quantifier::{Exists as E, Forall as A};
    use crate::problems::{Geography, Instance, Qbf};
    use crate::reductions::Reduction;

    /// The game written as `text` in the instance language.
    pub fn parse_game(text: &str) -> Geography {
        match crate::lang::parse_str("t.geo", text).unwrap().instance {
            Instance::Geography(g) => g,
            other => panic!("not a game: {other:?}"),
        }
    }

    /// Fraenkel–Simonson's running example, ∃x1 ∀x2 ∃x3 (x1 + x2 + ¬x3)(¬x1 + ¬x2 + ¬x2)
    /// (x2 + x3 + x3).
    pub fn running_example() -> Instance {
        Instance::Qbf(Qbf::from_signed(
            &[E, A, E],
            &[vec![1, 2, -3], vec![-1, -2, -2], vec![2, 3, 3]],
        ))
    }

    /// Reduces `src` by `r`, asserts that the output has `(vertices, edges)` as `size` says,
    /// as `r` declares, and passes `r`'s structure checks; returns the game and the notes.
    pub fn reduce_to_size(
        r: &dyn Reduction,
        src: &Instance,
        size: (usize, usize),
    ) -> (Geography, Vec<String>) {
        let out = r.reduce(src).unwrap();
        let Instance::Geography(g) = &out.target else {
            panic!("not a game")
        };
        assert_eq!((g.graph.n(), g.graph.m()), size);
        assert_eq!(r.declared_size(src), size);
        r.check_structure(src, &out.target).unwrap();
        (g.clone(), out.notes)
    }
}
