//! The graph that every graph problem and every game is played on.
//!
//! Vertices are stored densely (`0..n`) and carry a user-visible identifier, an optional
//! label (what a figure prints, e.g. `¬x1`) and an optional weight (NimG heaps). Edges are
//! stored in insertion order as index pairs, so output built from a [`Graph`] is
//! deterministic. Named groups record gadgets (`diamond x1 { … }`) and survive every round
//! trip through the DSL and JSON.

use hashbrown::HashTable;
use rustc_hash::{FxBuildHasher, FxHashSet};
use serde::{Deserialize, Serialize};
use std::hash::BuildHasher;

/// Index of a vertex in [`Graph::vertices`].
pub type VertexId = usize;

/// One vertex: identifier, optional display label and optional weight.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Vertex {
    /// Identifier as written in the DSL; unique within the graph.
    pub id: String,
    /// Display label, e.g. `¬x1` or `center`; `None` means "print the identifier".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Number of tokens on the vertex (NimG only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<u64>,
}

/// A named set of vertices: the gadget that produced them, e.g. kind `diamond`, name `x1`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Group {
    /// What the group is (`diamond`, `clause`, `cigar`, `arc_gadget`, …).
    pub kind: String,
    /// Which one it is (`x1`, `C2`, `3`, …).
    pub name: String,
    /// Member vertices, in the order they were added.
    pub members: Vec<VertexId>,
}

/// A directed or undirected multigraph with identified vertices and gadget groups.
///
/// Invariant: every edge endpoint and group member is `< vertices.len()`, and vertex
/// identifiers are unique. [`Graph::add_vertex`] keeps both; code that builds a `Graph`
/// field by field must call [`Graph::check_invariants`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(from = "RawGraph")]
pub struct Graph {
    /// `true`: edges are arcs `(tail, head)`; `false`: edges are unordered.
    pub directed: bool,
    /// The vertices, indexed by [`VertexId`].
    pub vertices: Vec<Vertex>,
    /// The edges or arcs, in insertion order; parallel edges and loops are representable and
    /// each problem decides whether it allows them.
    pub edges: Vec<(VertexId, VertexId)>,
    /// Named gadget groups.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<Group>,
    /// Identifier → index: the indices, hashed by the identifier they point to (the
    /// identifiers themselves are stored once, in `vertices`; a million-vertex graph read
    /// from a file would otherwise hold every name twice).
    #[serde(skip)]
    index: HashTable<VertexId>,
}

/// The hash of a vertex identifier in [`Graph`]'s index (Fx: identifiers are short, and
/// the index answers a lookup per edge endpoint when a file is read).
fn id_hash(id: &str) -> u64 {
    FxBuildHasher.hash_one(id)
}

impl Graph {
    /// An empty graph.
    pub fn new(directed: bool) -> Self {
        Graph {
            directed,
            vertices: Vec::new(),
            edges: Vec::new(),
            groups: Vec::new(),
            index: HashTable::new(),
        }
    }

    /// Reserves room for `vertices` more vertices and `edges` more edges (readers of large
    /// files know both counts before they add anything).
    pub fn reserve(&mut self, vertices: usize, edges: usize) {
        self.vertices.reserve(vertices);
        self.edges.reserve(edges);
        let ids = &self.vertices;
        self.index.reserve(vertices, |&v| id_hash(&ids[v].id));
    }

    /// A graph on `n` vertices named `v0 … v(n−1)` with the given edges (arcs `u → v` when
    /// `directed`), in order: the builder that the tests share (`cfg(test)` or the
    /// `test-util` feature, which the integration tests turn on).
    ///
    /// Panics if an endpoint is not below `n`.
    #[cfg(any(test, feature = "test-util"))]
    pub fn from_edges(directed: bool, n: usize, edges: &[(VertexId, VertexId)]) -> Self {
        let mut g = Graph::new(directed);
        for v in 0..n {
            g.add_vertex(format!("v{v}"));
        }
        for &(u, v) in edges {
            g.add_edge(u, v);
        }
        g
    }

    /// Number of vertices.
    pub fn n(&self) -> usize {
        self.vertices.len()
    }

    /// Number of edges or arcs.
    pub fn m(&self) -> usize {
        self.edges.len()
    }

    /// Adds a vertex with identifier `id` and returns its index.
    ///
    /// Panics if `id` is already present: builders name vertices uniquely by construction,
    /// and user input is checked for duplicates in `lang` before it gets here.
    pub fn add_vertex(&mut self, id: impl Into<String>) -> VertexId {
        let id = id.into();
        let v = self.vertices.len();
        let ids = &self.vertices;
        match self
            .index
            .entry(id_hash(&id), |&w| ids[w].id == id, |&w| id_hash(&ids[w].id))
        {
            hashbrown::hash_table::Entry::Occupied(_) => panic!("duplicate vertex id {id}"),
            hashbrown::hash_table::Entry::Vacant(slot) => {
                slot.insert(v);
            }
        }
        self.vertices.push(Vertex {
            id,
            label: None,
            weight: None,
        });
        v
    }

    /// Adds a vertex with a display label.
    pub fn add_labeled(&mut self, id: impl Into<String>, label: impl Into<String>) -> VertexId {
        let v = self.add_vertex(id);
        self.vertices[v].label = Some(label.into());
        v
    }

    /// Adds an edge (or arc `u → v`) and returns its index.
    pub fn add_edge(&mut self, u: VertexId, v: VertexId) -> usize {
        assert!(u < self.n() && v < self.n(), "edge endpoint out of range");
        self.edges.push((u, v));
        self.edges.len() - 1
    }

    /// Records a gadget group.
    pub fn add_group(
        &mut self,
        kind: impl Into<String>,
        name: impl Into<String>,
        members: Vec<VertexId>,
    ) {
        self.groups.push(Group {
            kind: kind.into(),
            name: name.into(),
            members,
        });
    }

    /// The index of the vertex with identifier `id`.
    pub fn vertex(&self, id: &str) -> Option<VertexId> {
        if self.index.len() == self.vertices.len() {
            let ids = &self.vertices;
            self.index.find(id_hash(id), |&w| ids[w].id == id).copied()
        } else {
            // The index is not serialized; after deserialization fall back to a scan.
            self.vertices.iter().position(|x| x.id == id)
        }
    }

    /// Rebuilds the identifier index (call after deserializing or editing `vertices`).
    pub fn reindex(&mut self) {
        let ids = &self.vertices;
        let mut index = HashTable::with_capacity(ids.len());
        for (i, v) in ids.iter().enumerate() {
            let hash = id_hash(&v.id);
            // A repeated identifier keeps its last index, as inserting in order into a map
            // would (`check_invariants` reports the repeat).
            match index.find_mut(hash, |&w: &VertexId| ids[w].id == v.id) {
                Some(w) => *w = i,
                None => {
                    index.insert_unique(hash, i, |&w| id_hash(&ids[w].id));
                }
            }
        }
        self.index = index;
    }

    /// The identifier of vertex `v`.
    pub fn id(&self, v: VertexId) -> &str {
        &self.vertices[v].id
    }

    /// The label of `v`, or its identifier when it has none.
    pub fn display(&self, v: VertexId) -> &str {
        self.vertices[v]
            .label
            .as_deref()
            .unwrap_or(&self.vertices[v].id)
    }

    /// For each vertex, the `(neighbour, edge index)` pairs leaving it: out-arcs when
    /// directed, both directions when undirected (a loop appears once).
    pub fn out_adjacency(&self) -> Vec<Vec<(VertexId, usize)>> {
        // Each list allocated once at its final length (a million small lists).
        let mut adj: Vec<Vec<(VertexId, usize)>> = self
            .out_degrees_no_double_loops()
            .into_iter()
            .map(Vec::with_capacity)
            .collect();
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            adj[u].push((v, e));
            if !self.directed && u != v {
                adj[v].push((u, e));
            }
        }
        adj
    }

    /// For each vertex, its out-neighbours (all neighbours when undirected), deduplicated
    /// and sorted.
    pub fn successors(&self) -> Vec<Vec<VertexId>> {
        let mut adj: Vec<Vec<VertexId>> = self
            .out_degrees_no_double_loops()
            .into_iter()
            .map(Vec::with_capacity)
            .collect();
        for &(u, v) in &self.edges {
            adj[u].push(v);
            if !self.directed && u != v {
                adj[v].push(u);
            }
        }
        for l in &mut adj {
            l.sort_unstable();
            l.dedup();
        }
        adj
    }

    /// Out-degree (degree when undirected; a loop counts twice when undirected).
    pub fn out_degrees(&self) -> Vec<usize> {
        let mut d = vec![0; self.n()];
        for &(u, v) in &self.edges {
            d[u] += 1;
            if !self.directed {
                d[v] += 1;
            }
        }
        d
    }

    /// The length of each list of [`Graph::out_adjacency`]: [`Graph::out_degrees`] with an
    /// undirected loop counted once.
    fn out_degrees_no_double_loops(&self) -> Vec<usize> {
        let mut d = vec![0; self.n()];
        for &(u, v) in &self.edges {
            d[u] += 1;
            if !self.directed && u != v {
                d[v] += 1;
            }
        }
        d
    }

    /// In-degrees (equal to [`Graph::out_degrees`] when undirected).
    pub fn in_degrees(&self) -> Vec<usize> {
        if !self.directed {
            return self.out_degrees();
        }
        let mut d = vec![0; self.n()];
        for &(_, v) in &self.edges {
            d[v] += 1;
        }
        d
    }

    /// Whether any edge is a loop `(v, v)`.
    pub fn has_loop(&self) -> bool {
        self.edges.iter().any(|&(u, v)| u == v)
    }

    /// The first edge that repeats an earlier one (as an unordered pair when undirected).
    pub fn first_duplicate_edge(&self) -> Option<usize> {
        let mut seen = FxHashSet::default();
        seen.reserve(self.m());
        self.edges.iter().position(|&(u, v)| {
            let key = if self.directed || u <= v {
                (u, v)
            } else {
                (v, u)
            };
            !seen.insert(key)
        })
    }

    /// The graph as a petgraph graph (node weights are vertex indices), for algorithms.
    pub fn to_petgraph_directed(&self) -> petgraph::graph::DiGraph<VertexId, usize> {
        let mut g = petgraph::graph::DiGraph::<VertexId, usize>::with_capacity(self.n(), self.m());
        for v in 0..self.n() {
            g.add_node(v);
        }
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            g.add_edge(
                petgraph::graph::NodeIndex::new(u),
                petgraph::graph::NodeIndex::new(v),
                e,
            );
        }
        g
    }

    /// The graph as an undirected petgraph graph (ignores orientation).
    pub fn to_petgraph_undirected(&self) -> petgraph::graph::UnGraph<VertexId, usize> {
        let mut g = petgraph::graph::UnGraph::<VertexId, usize>::with_capacity(self.n(), self.m());
        for v in 0..self.n() {
            g.add_node(v);
        }
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            g.add_edge(
                petgraph::graph::NodeIndex::new(u),
                petgraph::graph::NodeIndex::new(v),
                e,
            );
        }
        g
    }

    /// Whether the (directed) graph has no directed cycle; undirected graphs: no cycle.
    pub fn is_acyclic(&self) -> bool {
        if self.directed {
            !petgraph::algo::is_cyclic_directed(&self.to_petgraph_directed())
        } else {
            !petgraph::algo::is_cyclic_undirected(&self.to_petgraph_undirected())
        }
    }

    /// Whether the underlying undirected graph is bipartite.
    pub fn is_bipartite(&self) -> bool {
        let adj = {
            let mut a = vec![Vec::new(); self.n()];
            for &(u, v) in &self.edges {
                a[u].push(v);
                a[v].push(u);
            }
            a
        };
        let mut side = vec![u8::MAX; self.n()];
        for s in 0..self.n() {
            if side[s] != u8::MAX {
                continue;
            }
            side[s] = 0;
            let mut stack = vec![s];
            while let Some(u) = stack.pop() {
                for &w in &adj[u] {
                    if side[w] == u8::MAX {
                        side[w] = 1 - side[u];
                        stack.push(w);
                    } else if side[w] == side[u] {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Checks the structural invariants documented on [`Graph`].
    pub fn check_invariants(&self) -> Result<(), String> {
        let n = self.n();
        if let Some(&(u, v)) = self.edges.iter().find(|&&(u, v)| u >= n || v >= n) {
            return Err(format!(
                "edge ({u}, {v}) has an endpoint out of range 0..{n}"
            ));
        }
        for g in &self.groups {
            if let Some(&m) = g.members.iter().find(|&&m| m >= n) {
                return Err(format!(
                    "group {} {} has member {m} out of range",
                    g.kind, g.name
                ));
            }
        }
        let mut ids = FxHashSet::default();
        ids.reserve(n);
        for v in &self.vertices {
            if !ids.insert(v.id.as_str()) {
                return Err(format!("duplicate vertex id {}", v.id));
            }
        }
        Ok(())
    }
}

/// Graphs compare by content; the lookup index is derived data.
impl PartialEq for Graph {
    fn eq(&self, other: &Self) -> bool {
        self.directed == other.directed
            && self.vertices == other.vertices
            && self.edges == other.edges
            && self.groups == other.groups
    }
}

impl Eq for Graph {}

impl Default for Graph {
    fn default() -> Self {
        Graph::new(true)
    }
}

/// The serialized form of a [`Graph`]; deserializing rebuilds the identifier index.
#[derive(Deserialize)]
struct RawGraph {
    directed: bool,
    vertices: Vec<Vertex>,
    edges: Vec<(VertexId, VertexId)>,
    #[serde(default)]
    groups: Vec<Group>,
}

impl From<RawGraph> for Graph {
    fn from(r: RawGraph) -> Self {
        let mut g = Graph {
            directed: r.directed,
            vertices: r.vertices,
            edges: r.edges,
            groups: r.groups,
            index: HashTable::new(),
        };
        g.reindex();
        g
    }
}
