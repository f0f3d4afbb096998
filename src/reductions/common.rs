//! Small helpers shared by the Reductions I files: reading the source instance, the 3QBF
//! precondition, wrapping a board as a game, and the structural checks several theorems claim.
//!
//! They live here so that each reduction file holds only its own construction.

use super::ReductionError;
use crate::problems::{
    Convention, Geography, Graph, HamPath, Instance, Locator, Qbf, Rule, Tokens, VertexCover,
    VertexId,
};

/// The QBF inside `source`, or [`ReductionError::WrongKind`].
pub fn expect_qbf<'a>(id: &'static str, source: &'a Instance) -> Result<&'a Qbf, ReductionError> {
    match source {
        Instance::Qbf(q) => Ok(q),
        other => Err(wrong_kind(id, "qbf", other)),
    }
}

/// The Hamiltonian path instance inside `source`, or [`ReductionError::WrongKind`].
pub fn expect_hampath<'a>(
    id: &'static str,
    source: &'a Instance,
) -> Result<&'a HamPath, ReductionError> {
    match source {
        Instance::Hampath(h) => Ok(h),
        other => Err(wrong_kind(id, "hampath", other)),
    }
}

/// The vertex cover instance inside `source`, or [`ReductionError::WrongKind`].
pub fn expect_vertex_cover<'a>(
    id: &'static str,
    source: &'a Instance,
) -> Result<&'a VertexCover, ReductionError> {
    match source {
        Instance::VertexCover(v) => Ok(v),
        other => Err(wrong_kind(id, "vertex_cover", other)),
    }
}

/// The game inside `target` (for `check_structure`), or a message.
pub fn expect_game(target: &Instance) -> Result<&Geography, String> {
    match target {
        Instance::Geography(g) => Ok(g),
        other => Err(format!(
            "the target is a {} instance, not a game",
            other.kind()
        )),
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
    Instance::Geography(Geography {
        graph,
        rule,
        tokens,
        convention: Convention::Normal,
    })
}

/// Partizan tokens with player I on `first` and player II on `second`.
pub fn partizan(first: VertexId, second: VertexId) -> Tokens {
    Tokens::Partizan {
        starts: Some([first, second]),
    }
}

/// Err unless the graph's underlying undirected graph is bipartite.
pub fn check_bipartite(g: &Graph) -> Result<(), String> {
    if g.is_bipartite() {
        Ok(())
    } else {
        Err("the graph is not bipartite".into())
    }
}

/// Err unless the directed graph has no directed cycle.
pub fn check_acyclic(g: &Graph) -> Result<(), String> {
    if g.is_acyclic() {
        Ok(())
    } else {
        Err("the graph has a directed cycle".into())
    }
}

/// Whether every vertex has in-degree ≤ 2, out-degree ≤ 2 and total degree ≤ 3 (the paper's
/// "degree-restricted"); `Err` names the first vertex that is not.
pub fn check_degree_restricted(g: &Graph) -> Result<(), String> {
    let (ins, outs) = (g.in_degrees(), g.out_degrees());
    match (0..g.n()).find(|&v| ins[v] > 2 || outs[v] > 2 || ins[v] + outs[v] > 3) {
        None => Ok(()),
        Some(v) => Err(format!(
            "vertex {} has in-degree {} and out-degree {} (degree-restricted needs ≤ 2, ≤ 2, \
             total ≤ 3)",
            g.id(v),
            ins[v],
            outs[v]
        )),
    }
}

/// Err if the graph has a loop or a repeated arc (the boards we emit are simple).
pub fn check_simple(g: &Graph) -> Result<(), String> {
    if let Some(e) = g.edges.iter().position(|&(u, v)| u == v) {
        return Err(format!("arc {e} is a loop at {}", g.id(g.edges[e].0)));
    }
    match g.first_duplicate_edge() {
        None => Ok(()),
        Some(e) => {
            let (u, v) = g.edges[e];
            Err(format!("arc {} → {} appears twice", g.id(u), g.id(v)))
        }
    }
}

/// Err unless the game's start vertices are exactly `expected` (by identifier).
pub fn check_starts(game: &Geography, expected: &[&str]) -> Result<(), String> {
    let found: Vec<&str> = game
        .starts()
        .iter()
        .map(|&s| {
            game.graph
                .vertices
                .get(s)
                .map_or("(out of range)", |v| v.id.as_str())
        })
        .collect();
    if found == expected {
        Ok(())
    } else {
        Err(format!(
            "start vertices are {found:?}, expected {expected:?}"
        ))
    }
}
