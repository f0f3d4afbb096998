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

use super::{ProblemKind, Reduced, ReductionError, ReductionInfo};
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

/// An end of an edge of an arc gadget: the arc's tail, its head, or the gadget's private
/// vertex with this index (into [`ArcLayout::roles`]).
#[derive(Clone, Copy)]
pub(crate) enum End {
    Tail,
    Head,
    In(usize),
}

/// Where the vertices of a construction that replaces every arc by a gadget are: the source
/// vertices keep their indices, and after the first `first` target vertices (the source's and
/// any pendants) come the private vertices of the gadgets, `roles.len()` per arc in arc order.
pub(crate) struct ArcLayout {
    /// The index of the first gadget vertex.
    pub first: usize,
    /// The private vertices of a gadget (identifier prefix and label), in creation order.
    pub roles: &'static [&'static str],
}

impl ArcLayout {
    /// Private vertex `role` (index into [`ArcLayout::roles`]) of the gadget of arc `arc`.
    pub fn gadget(&self, arc: usize, role: usize) -> VertexId {
        self.first + self.roles.len() * arc + role
    }

    /// The target vertex at end `e` of the gadget of arc `arc = (u, v)`.
    pub fn end(&self, arc: usize, (u, v): (VertexId, VertexId), e: End) -> VertexId {
        match e {
            End::Tail => u,
            End::Head => v,
            End::In(role) => self.gadget(arc, role),
        }
    }

    /// Adds to `g` the gadget of arc number `arc = (u, v)` of the digraph `d`: its private
    /// vertices (identifiers `{role}_u_v`, labelled by role, which must land where the layout
    /// puts them), the `edges` between its ends, and the group `arc_gadget`/`u->v`.
    pub fn add_gadget(&self, g: &mut Graph, d: &Graph, arc: usize, edges: &[(End, End)]) {
        let (u, v) = d.edges[arc];
        let (ui, vi) = (d.id(u), d.id(v));
        let members: Vec<VertexId> = self
            .roles
            .iter()
            .map(|role| add_fresh(g, &format!("{role}_{ui}_{vi}"), Some(role)))
            .collect();
        assert!(
            members
                .iter()
                .enumerate()
                .all(|(role, &x)| x == self.gadget(arc, role)),
            "gadget vertices out of layout order"
        );
        for &(a, b) in edges {
            g.add_edge(self.end(arc, (u, v), a), self.end(arc, (u, v), b));
        }
        g.add_group("arc_gadget", arc_name(d, u, v), members);
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

/// Checks that `target` is a geography game and returns it, or says what it is instead.
pub(crate) fn target_game(target: &Instance) -> Result<&Geography, String> {
    as_game(target).ok_or_else(|| format!("the target is a {} instance", target.kind()))
}

/// Checks that the first `n` target vertices carry the source identifiers in order.
pub(crate) fn check_copied(src: &Graph, tgt: &Graph) -> Result<(), String> {
    if tgt.n() < src.n() {
        return Err(format!(
            "the target has {} vertices, fewer than the source's {}",
            tgt.n(),
            src.n()
        ));
    }
    match (0..src.n()).find(|&v| src.id(v) != tgt.id(v)) {
        Some(v) => Err(format!(
            "target vertex {v} is {}, expected the source vertex {}",
            tgt.id(v),
            src.id(v)
        )),
        None => Ok(()),
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

/// The `(n, m)` of the board inside a game instance, `(0, 0)` for other instances.
pub(crate) fn board_size(source: &Instance) -> (usize, usize) {
    as_game(source).map_or((0, 0), |g| (g.graph.n(), g.graph.m()))
}

/// Compiles `source`, which must be a valid game of `info.source`'s kind ([`expect_source_game`]),
/// into the one-token game on `build(source board)` under `rule` and `convention`, started
/// where the source starts (so with the same first player).
pub(crate) fn reduce_rooted(
    info: &ReductionInfo,
    source: &Instance,
    rule: Rule,
    convention: Convention,
    build: impl FnOnce(&Graph) -> Graph,
) -> Result<Reduced, ReductionError> {
    let game = expect_source_game(info, source)?;
    let target = Instance::Geography(Geography {
        graph: build(&game.graph),
        rule,
        tokens: Tokens::One {
            start: Some(start_of(game)),
        },
        convention,
    });
    Ok(Reduced {
        target,
        notes: Vec::new(),
    })
}

/// The source and target games of a structure check of reduction `info` whose target keeps
/// the source's start and vertices: the source must be a valid game of `info.source`'s kind
/// ([`expect_source_game`]), the target a game of `info.target`'s kind with the source's start
/// (else the error is `the target is not {what} with the source's start`) whose first `n`
/// vertices are the source's ([`check_copied`]).
pub(crate) fn check_same_start<'a>(
    info: &ReductionInfo,
    source: &'a Instance,
    target: &'a Instance,
    what: &str,
) -> Result<(&'a Geography, &'a Geography), String> {
    let src = expect_source_game(info, source).map_err(|e| e.to_string())?;
    let tgt = target_game(target)?;
    if ProblemKind::of(target) != info.target || tgt.starts() != src.starts() {
        return Err(format!("the target is not {what} with the source's start"));
    }
    check_copied(&src.graph, &tgt.graph)?;
    Ok((src, tgt))
}

/// The pendant construction shared by RS Thm 2.1, 2.5 and 2.6: the source board with one
/// pendant `x'` and edge (arc) `x → x'` per vertex, same rule and start, misère play.
pub(crate) fn pendant_reduce(
    info: &ReductionInfo,
    source: &Instance,
) -> Result<Reduced, ReductionError> {
    let game = expect_source_game(info, source)?;
    let mut graph = copy_vertices(&game.graph, game.graph.directed);
    graph.edges = game.graph.edges.clone();
    add_pendants(&mut graph, game.graph.n());
    Ok(Reduced {
        target: Instance::Geography(Geography {
            graph,
            rule: game.rule,
            tokens: game.tokens,
            convention: Convention::Misere,
        }),
        notes: Vec::new(),
    })
}

/// Checks the pendant construction's claims: the target is of `info.target`'s kind with the
/// source's start, keeps the source board, and adds exactly one pendant `x'` (degree 1, the
/// head of the new arc) to every vertex `x`.
pub(crate) fn pendant_check(
    info: &ReductionInfo,
    source: &Instance,
    target: &Instance,
) -> Result<(), String> {
    let what = format!("a {} game", info.target.name());
    let (src, tgt) = check_same_start(info, source, target, &what)?;
    let (n, m) = (src.graph.n(), src.graph.m());
    if tgt.graph.n() != 2 * n
        || tgt.graph.m() != m + n
        || tgt.graph.edges[..m] != src.graph.edges[..]
    {
        return Err("the target does not keep the source board".into());
    }
    let deg = total_degrees(&tgt.graph);
    for x in 0..n {
        if tgt.graph.edges.get(m + x) != Some(&(x, n + x)) || deg[n + x] != 1 {
            return Err(format!("vertex {} lacks its pendant", src.graph.id(x)));
        }
    }
    Ok(())
}

/// Implements [`Reduction`](super::Reduction) for the unit struct `$name` as the pendant
/// construction of RS Thm 2.1, 2.5 and 2.6 with the catalogue entry `$info` (a static):
/// [`pendant_reduce`] compiles, [`pendant_check`] checks, the declared size is `2n` vertices
/// and `m + n` edges, and the certificate maps are the pendant maps
/// ([`PENDANT_MAPS`](super::certmaps::pendant::PENDANT_MAPS)). Each reduction keeps its own
/// file, type and entry; only this shared body is written once.
macro_rules! pendant_reduction {
    ($name:ident, $info:ident) => {
        impl $crate::reductions::Reduction for $name {
            $crate::reductions::certmaps::delegate_maps!(
                pendant,
                $crate::reductions::certmaps::pendant::PENDANT_MAPS
            );

            fn info(&self) -> &$crate::reductions::ReductionInfo {
                &$info
            }

            fn reduce(
                &self,
                source: &$crate::problems::Instance,
            ) -> Result<$crate::reductions::Reduced, $crate::reductions::ReductionError> {
                $crate::reductions::helpers::pendant_reduce(&$info, source)
            }

            fn declared_size(&self, source: &$crate::problems::Instance) -> (usize, usize) {
                let (n, m) = $crate::reductions::helpers::board_size(source);
                (2 * n, m + n)
            }

            fn check_structure(
                &self,
                source: &$crate::problems::Instance,
                target: &$crate::problems::Instance,
            ) -> Result<(), String> {
                $crate::reductions::helpers::pendant_check(&$info, source, target)
            }
        }
    };
}
pub(crate) use pendant_reduction;
