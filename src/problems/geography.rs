//! Geography games: every variant that the papers use, as one data type.
//!
//! The rules are those of `../shared/spec/edge-misere-trailtrap.md` §0 and
//! `../shared/spec/fraenkel-simonson.md` §0, summarised on each enum below. Player I (the
//! "first" player) always makes the first move; a start vertex counts as visited.

use super::Locator;
use super::graph::{Graph, VertexId};
use serde::{Deserialize, Serialize};

/// What a move uses up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// Vertex geography: a token moves along an edge to a vertex that has never held a token.
    Vertex,
    /// Edge (arc) geography: a token moves along an edge or arc that nobody has used; the
    /// edge is then deleted and vertices may be revisited. Loops are allowed.
    Edge,
    /// NimG-RM ("remove then move"): at the current vertex `c`, if `w(c) = 0` the mover has
    /// no move; otherwise they remove k ≥ 1 tokens from `c` and then must move the pointer to
    /// a neighbour (even one of weight 0); if `c` has no neighbour at all they only remove.
    NimRemoveMove,
    /// NimG-MR ("move then remove"): the mover moves the pointer to a neighbour and removes
    /// k ≥ 1 tokens from it; moving onto a weight-0 vertex is not possible (no move left
    /// there means the mover has no move).
    NimMoveRemove,
}

/// Play convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Convention {
    /// The player to move with no legal move loses.
    Normal,
    /// The player to move with no legal move wins.
    Misere,
}

/// Who moves which token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tokens {
    /// Impartial, one shared token. `start: None` is the unrooted game: on the first turn
    /// player I places the token on any vertex (vertex rule: the vertex becomes visited) or,
    /// under the edge rule, chooses any edge and moves the token along it.
    One {
        /// The start vertex, or `None` for the unrooted game.
        start: Option<VertexId>,
    },
    /// Partizan (PVG/PAG): each player moves only their own token; `starts[0]` is player I's.
    /// `None` is the unrooted game (Trail Trap under the edge rule): each player's first turn
    /// chooses any unused edge and moves their own token along it (vertex rule: places their
    /// token on any unvisited vertex).
    Partizan {
        /// Start vertices of player I and player II, or `None` for the unrooted game.
        starts: Option<[VertexId; 2]>,
    },
    /// Impartial with two shared tokens (IVG2/IAG2): on each turn the mover moves either token.
    TwoShared {
        /// Start vertices of the two tokens (distinct).
        starts: [VertexId; 2],
    },
}

/// A geography game instance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Geography {
    /// The board; vertex weights are used by the NimG rules only.
    pub graph: Graph,
    /// Vertex, edge, or NimG rule.
    pub rule: Rule,
    /// Token arrangement.
    pub tokens: Tokens,
    /// Normal or misère play.
    pub convention: Convention,
}

/// One move, as solvers report it and certificates record it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "move")]
pub enum Move {
    /// Unrooted vertex games: put the (own) token on `vertex`.
    Place {
        /// Where the token goes.
        vertex: VertexId,
    },
    /// Move token `token` from `from` along edge index `edge` to `to`. In one-token games
    /// `token` is 0; in partizan games it is the mover's (0 = player I); in two-token games it
    /// names the chosen token.
    Step {
        /// Which token.
        token: u8,
        /// Where it was (for an unrooted first move: the chosen endpoint).
        from: VertexId,
        /// The edge used.
        edge: usize,
        /// Where it goes.
        to: VertexId,
    },
    /// NimG: remove `take` tokens and move the pointer to `to` (RM: remove at the current
    /// vertex, then move; MR: move, then remove at `to`). `to` is `None` only for RM at a
    /// vertex with no neighbour.
    Nim {
        /// Tokens removed.
        take: u64,
        /// New pointer vertex.
        to: Option<VertexId>,
    },
}

impl Geography {
    /// The conventional name of the variant (`DVG`, `UEG`, `PVG`, `IAG2`, `Trail Trap`,
    /// `NimG-RM`, …), with ` (misère)` appended under misère play.
    pub fn variant_name(&self) -> String {
        let d = if self.graph.directed { "D" } else { "U" };
        let base = match (self.rule, self.tokens) {
            (Rule::NimRemoveMove, _) => "NimG-RM".to_string(),
            (Rule::NimMoveRemove, _) => "NimG-MR".to_string(),
            (Rule::Edge, Tokens::Partizan { starts: None }) if !self.graph.directed => {
                "Trail Trap".to_string()
            }
            (r, Tokens::One { start }) => {
                let rv = if r == Rule::Vertex { "VG" } else { "EG" };
                if start.is_some() {
                    format!("{d}{rv}")
                } else {
                    format!("unrooted {d}{rv}")
                }
            }
            (r, Tokens::Partizan { starts }) => {
                let rv = if r == Rule::Vertex { "PVG" } else { "PAG" };
                let un = if self.graph.directed {
                    ""
                } else {
                    "undirected "
                };
                let ro = if starts.is_some() { "" } else { "unrooted " };
                format!("{ro}{un}{rv}")
            }
            (r, Tokens::TwoShared { .. }) => {
                let rv = if r == Rule::Vertex { "IVG2" } else { "IAG2" };
                let un = if self.graph.directed {
                    ""
                } else {
                    "undirected "
                };
                format!("{un}{rv}")
            }
        };
        match self.convention {
            Convention::Normal => base,
            Convention::Misere => format!("{base} (misère)"),
        }
    }

    /// Whether the rule is one of the NimG rules.
    pub fn is_nim(&self) -> bool {
        matches!(self.rule, Rule::NimRemoveMove | Rule::NimMoveRemove)
    }

    /// The start vertices named by the instance.
    pub fn starts(&self) -> Vec<VertexId> {
        match self.tokens {
            Tokens::One { start } => start.into_iter().collect(),
            Tokens::Partizan { starts } => starts.map(|s| s.to_vec()).unwrap_or_default(),
            Tokens::TwoShared { starts } => starts.to_vec(),
        }
    }

    /// Checks the model-level rules that the DSL also enforces (with spans): start vertices
    /// in range and distinct where the variant needs it, weights only on NimG, no loop under
    /// the vertex rule, a start for NimG.
    pub fn validate(&self) -> Result<(), (Locator, String)> {
        self.graph
            .check_invariants()
            .map_err(|e| (Locator::Whole, e))?;
        let n = self.graph.n();
        for (i, &s) in self.starts().iter().enumerate() {
            if s >= n {
                return Err((
                    Locator::Start(i),
                    format!("start vertex {s} is out of range"),
                ));
            }
        }
        match self.tokens {
            Tokens::Partizan {
                starts: Some([a, b]),
            }
            | Tokens::TwoShared { starts: [a, b] }
                if a == b && self.rule == Rule::Vertex =>
            {
                return Err((
                    Locator::Start(1),
                    "the two start vertices must differ".into(),
                ));
            }
            _ => {}
        }
        if !self.is_nim() {
            if let Some(v) = self.graph.vertices.iter().position(|v| v.weight.is_some()) {
                return Err((
                    Locator::Vertex(v),
                    "weights are only meaningful in NimG".into(),
                ));
            }
        } else if self.starts().is_empty() {
            return Err((Locator::Whole, "NimG needs a start vertex".into()));
        }
        if self.rule == Rule::Vertex
            && let Some(e) = self.graph.edges.iter().position(|&(u, v)| u == v)
        {
            return Err((
                Locator::Edge(e),
                "vertex geography forbids self-loops".into(),
            ));
        }
        Ok(())
    }
}
