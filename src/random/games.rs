//! Random geography games of every variant, for solver agreement tests and `georeduce check`.
//!
//! A game is an Erdős–Rényi style graph (each ordered pair, or unordered pair when
//! undirected, is an edge with probability `edge_prob`; loops likewise when allowed) with
//! vertex identifiers `v0 … v{n-1}`, start vertices drawn uniformly, and NimG weights drawn
//! uniformly from `0..=max_weight`; options restrict the graph to bipartite or acyclic ones.
//! The output always passes [`Geography::validate`].

use crate::problems::geography::{Convention, Geography, Rule, Tokens};
use crate::problems::graph::Graph;
use rand::Rng;
use rand::seq::SliceRandom;

/// How the tokens are set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    /// One shared token on a random start vertex.
    Rooted,
    /// One shared token, unrooted (player I places it / picks the first edge).
    Unrooted,
    /// One token per player on random starts (distinct under the vertex rule).
    Partizan,
    /// One token per player, unrooted (Trail Trap under the undirected edge rule).
    PartizanUnrooted,
    /// Two shared tokens on random starts (distinct under the vertex rule).
    TwoShared,
}

/// Parameters of [`random_game`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameParams {
    /// Vertex, edge or NimG rule. NimG games always use [`Setup::Rooted`].
    pub rule: Rule,
    /// Token setup.
    pub setup: Setup,
    /// Normal or misère play.
    pub convention: Convention,
    /// Directed graph (arcs) or undirected.
    pub directed: bool,
    /// Number of vertices (at least 1; at least 2 for two distinct starts).
    pub n: usize,
    /// Probability of each possible edge.
    pub edge_prob: f64,
    /// Whether loops may appear (ignored under the vertex rule, which forbids them).
    pub loops: bool,
    /// Largest NimG weight (NimG only).
    pub max_weight: u64,
    /// Only edges between two random sides (no loops): the graph is bipartite.
    pub bipartite: bool,
    /// Directed graphs only: arcs go from lower to higher rank in a random vertex ranking
    /// (no loops), so the graph is a DAG. Ignored when undirected.
    pub acyclic: bool,
    /// A random tree instead: vertex `v ≥ 1` is joined to a uniformly random earlier vertex,
    /// each arc oriented at random when directed (`edge_prob`, `bipartite`, `acyclic` and
    /// `loops` are then ignored).
    pub tree: bool,
}

impl Default for GameParams {
    /// Rooted normal-play directed vertex geography on 6 vertices with edge probability 0.3.
    fn default() -> Self {
        GameParams {
            rule: Rule::Vertex,
            setup: Setup::Rooted,
            convention: Convention::Normal,
            directed: true,
            n: 6,
            edge_prob: 0.3,
            loops: false,
            max_weight: 3,
            bipartite: false,
            acyclic: false,
            tree: false,
        }
    }
}

/// A random game with parameters `p`. `p.n` is raised to 1 (2 when two distinct starts are
/// needed), and `edge_prob` is clamped to `[0, 1]`.
pub fn random_game<R: Rng + ?Sized>(rng: &mut R, p: &GameParams) -> Geography {
    let nim = matches!(p.rule, Rule::NimRemoveMove | Rule::NimMoveRemove);
    let setup = if nim { Setup::Rooted } else { p.setup };
    let two = matches!(setup, Setup::Partizan | Setup::TwoShared);
    let n = p.n.max(if two { 2 } else { 1 });
    let mut graph = Graph::new(p.directed);
    for v in 0..n {
        graph.add_vertex(format!("v{v}"));
    }
    add_edges(rng, p, &mut graph);
    if nim {
        for v in &mut graph.vertices {
            v.weight = Some(rng.random_range(0..=p.max_weight));
        }
    }
    Geography {
        graph,
        rule: p.rule,
        tokens: random_tokens(rng, p.rule, setup, n),
        convention: p.convention,
    }
}

/// Adds the random edges that `p` asks for to the `graph` of `n ≥ 1` vertices.
fn add_edges<R: Rng + ?Sized>(rng: &mut R, p: &GameParams, graph: &mut Graph) {
    let n = graph.n();
    let prob = p.edge_prob.clamp(0.0, 1.0);
    let loops = p.loops && p.rule != Rule::Vertex && !p.bipartite && !p.acyclic;
    let side: Vec<bool> = (0..n).map(|_| rng.random_bool(0.5)).collect();
    let mut rank: Vec<usize> = (0..n).collect();
    rank.shuffle(rng);
    if p.tree {
        for v in 1..n {
            let u = rng.random_range(0..v);
            if p.directed && rng.random_bool(0.5) {
                graph.add_edge(v, u);
            } else {
                graph.add_edge(u, v);
            }
        }
        return;
    }
    for u in 0..n {
        let from = if p.directed { 0 } else { u };
        for v in from..n {
            let allowed = (u != v || loops)
                && (!p.bipartite || side[u] != side[v])
                && (!p.acyclic || rank[u] < rank[v] || !p.directed);
            if allowed && rng.random_bool(prob) {
                graph.add_edge(u, v);
            }
        }
    }
}

/// Random start vertices for `setup` on `n` vertices (distinct under the vertex rule).
fn random_tokens<R: Rng + ?Sized>(rng: &mut R, rule: Rule, setup: Setup, n: usize) -> Tokens {
    let a = rng.random_range(0..n);
    let b = if rule == Rule::Vertex {
        (a + rng.random_range(1..n.max(2))) % n
    } else {
        rng.random_range(0..n)
    };
    match setup {
        Setup::Rooted => Tokens::One { start: Some(a) },
        Setup::Unrooted => Tokens::One { start: None },
        Setup::Partizan => Tokens::Partizan {
            starts: Some([a, b]),
        },
        Setup::PartizanUnrooted => Tokens::Partizan { starts: None },
        Setup::TwoShared => Tokens::TwoShared { starts: [a, b] },
    }
}
