//! The figure model: what a slide shows, independent of DOT or TikZ.
//!
//! A [`Figure`] has one [`Node`] per vertex of the game (same index), one [`Edge`] per edge
//! (same index), gadget outlines ([`Gadget`]), a caption and a legend. A theorem that knows
//! its construction pins every node (`Theorem::figure` in the reduction's file, reading the
//! typed layout); a figure built only from the game is laid out by [`super::fallback`].
//!
//! Coordinates are in *units* (about one vertex spacing; y grows upwards). Labels are written
//! in a small markup, `x_1`, `¬x_{12}`, `u_2`, that each writer turns into its own notation
//! ([`label_unicode`] for DOT and SVG, [`label_tex`] for TikZ).

use crate::problems::{Geography, Graph, Tokens, VertexId};

/// How a vertex is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeStyle {
    /// A circle with its label inside.
    Vertex,
    /// A small filled dot: a vertex the paper leaves unlabelled.
    Point,
    /// A small hollow leaf: a pendant vertex (misère constructions).
    Leaf,
}

/// Who starts where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The single token of an impartial game.
    Token,
    /// Player I's (0) or II's (1) token of a partizan game.
    Player(u8),
    /// Both partizan tokens on one vertex (PAG).
    Both,
    /// Token 1 (0) or 2 (1) of a two-token impartial game.
    Shared(u8),
}

/// One vertex as drawn.
#[derive(Clone, Debug)]
pub struct Node {
    /// The internal identifier (shown with `--names`).
    pub id: String,
    /// The paper's label in markup; empty: drawn unlabelled.
    pub label: String,
    /// The vertex's name in the game (its label or identifier, as markup): what
    /// `solve --strategy` and `render --play` call it when the figure draws it unlabelled,
    /// shown beside the vertex when a line of play passes there.
    pub spoken: String,
    /// Pinned position in units, when the theorem places the vertex.
    pub pos: Option<(f64, f64)>,
    /// Shape.
    pub style: NodeStyle,
    /// Start mark.
    pub start: Option<Start>,
    /// NimG heap size, printed under the label.
    pub weight: Option<u64>,
    /// Beamer step (1-based) at which the vertex appears (`--beamer-steps`).
    pub step: usize,
}

/// One edge or arc as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    /// Tail (or one end).
    pub from: VertexId,
    /// Head (or other end).
    pub to: VertexId,
    /// How it runs.
    pub route: Route,
    /// How it runs instead when a gadget at one of its ends is drawn collapsed (a clause
    /// cluster of `qbf-pvg-restricted` as a flat box: its lanes run just under the box,
    /// while under the expanded drawing, taller, they run lower); `None`: as `route`.
    pub collapsed_route: Option<Route>,
    /// Drawn without an arrowhead in a directed figure (the undirected source graph drawn
    /// beside a directed target, `--source-beside`).
    pub undirected: bool,
    /// Markup written beside the edge's middle (the source's arc numbers beside a target
    /// of arc gadgets, [`Figure::number_arcs`]); empty: none.
    pub label: String,
}

/// The path of an edge.
#[derive(Clone, Debug, PartialEq)]
pub enum Route {
    /// A straight line.
    Straight,
    /// Through these waypoints (units), with rounded corners: how the papers draw long
    /// arcs around a column of gadgets.
    Through(Vec<(f64, f64)>),
}

/// The outline of a gadget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outline {
    /// A rounded box around the members.
    Box,
    /// An ellipse around the members (Fraenkel–Simonson's cigars); with `collapse` the
    /// members are hidden and arcs end on the ellipse (`--expand-cigars` draws them all).
    Ellipse,
    /// No outline; the caption stands in the middle of the members (the quantified
    /// variable inside its diamond).
    Bare,
    /// A dashed polygon hugging the members (their convex hull, padded): for gadgets drawn
    /// along a slanted arc, where a box would cover its neighbours.
    Hull,
}

/// A gadget: a named set of vertices with an outline and a caption.
#[derive(Clone, Debug)]
pub struct Gadget {
    /// What `--highlight` matches (`x1`, `C2`, `cigar1`, …).
    pub name: String,
    /// Caption in label markup, drawn at the outline's top edge.
    pub label: String,
    /// Its vertices.
    pub members: Vec<VertexId>,
    /// Shape of the outline.
    pub outline: Outline,
    /// Draw the members as one ellipse unless `--expand-cigars`.
    pub collapse: bool,
    /// The centre and size of that ellipse when it is not the members' extent (a clause
    /// cluster of `qbf-pvg-restricted`, whose members stand in a tall layered drawing but
    /// which the paper draws as a flat box).
    pub collapsed_at: Option<((f64, f64), (f64, f64))>,
    /// What sort of gadget it is (`clause`, `cigar`, `arc`, `vertex`): `--compact` writes
    /// one detail figure per kind ([`Figure::detail`]).
    pub kind: String,
}

/// The kind of a gadget named `name`: the name without its trailing number (`C2` → `clause`,
/// `cigar3` → `cigar`, `arc1` → `arc`); a theorem may set another.
pub fn kind_of(name: &str) -> String {
    match name.trim_end_matches(|c: char| c.is_ascii_digit()) {
        "C" => "clause".into(),
        other => other.to_string(),
    }
}

/// A whole figure.
#[derive(Clone, Debug)]
pub struct Figure {
    /// Arcs (true) or edges.
    pub directed: bool,
    /// One per vertex of the game.
    pub nodes: Vec<Node>,
    /// One per edge of the game.
    pub edges: Vec<Edge>,
    /// Gadget outlines, drawn under the vertices.
    pub gadgets: Vec<Gadget>,
    /// First line: the construction and its theorem; further lines: remarks (a dummy
    /// variable added by the normalisation, …).
    pub caption: Vec<String>,
    /// The caption's first line when `--expand-cigars` draws in full the gadgets the
    /// theorem collapses (`qbf-pvg-restricted`'s "the clusters as boxes" would be untrue);
    /// `None`: the same line either way.
    pub expanded_caption: Option<String>,
    /// Which layout engine graphviz should use when the nodes are not all pinned.
    pub engine: Engine,
    /// The positions are a sketch for TikZ only: graphviz lays the figure out itself
    /// ([`super::fallback`]).
    pub graphviz_lays_out: bool,
    /// Why `--compact` has nothing to draw as a box (a construction without gadgets, whose
    /// outlines only group the source graph and a path): `render --compact` refuses with
    /// this reason rather than drawing two empty ellipses.
    pub no_compact: Option<String>,
    /// Detail figures the theorem draws itself, by gadget index: the paper's drawing of one
    /// gadget (`--compact` writes it instead of [`Figure::detail`]'s generic one).
    pub details: Vec<(usize, Figure)>,
    /// How far (radians, counter-clockwise) the theorem turned the source's shape in its
    /// own drawing: the source drawn beside it ([`Figure::beside`], the gallery's
    /// `-source.svg`) is turned as much, so that the two drawings of G match
    /// (`hampath-trailtrap` turns G so that `v` points down towards `w` and P).
    pub source_turn: f64,
    /// The edges by their ends, for [`Figure::route`]: built on its first call, so that
    /// routing every arc of a large construction takes time linear in its size rather than
    /// one scan of all edges per arc.
    arcs_by_ends: ArcsByEnds,
}

/// Edge indices by `(from, to)`, with the number of edges they were built from (a figure
/// whose edge list has grown since is indexed again).
#[derive(Clone, Debug, Default)]
struct ArcsByEnds {
    built_for: usize,
    index: rustc_hash::FxHashMap<(VertexId, VertexId), Vec<usize>>,
}

/// Graphviz layout engine for figures without pinned positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Layered (directed graphs).
    Dot,
    /// Force-directed (undirected graphs).
    Neato,
}

impl Figure {
    /// A figure of `game` with every vertex unplaced and labelled as the game labels it
    /// (`x1` becomes `x_1`), the start marks of the game's tokens, and the caption `title`.
    pub fn of_game(game: &Geography, title: &str) -> Figure {
        let mut fig = Figure::of_graph(&game.graph, title);
        for (v, s) in start_marks(&game.tokens) {
            fig.nodes[v].start = Some(s);
        }
        fig
    }

    /// A figure of a bare graph (vertex cover, Hamiltonian path sources).
    pub fn of_graph(graph: &Graph, title: &str) -> Figure {
        let nodes = (0..graph.n())
            .map(|v| Node {
                id: graph.id(v).to_string(),
                label: markup_of_display(graph.display(v)),
                spoken: markup_of_display(graph.display(v)),
                pos: None,
                style: NodeStyle::Vertex,
                start: None,
                weight: graph.vertices[v].weight,
                step: 1,
            })
            .collect();
        let edges = graph
            .edges
            .iter()
            .map(|&(from, to)| Edge {
                from,
                to,
                route: Route::Straight,
                collapsed_route: None,
                undirected: !graph.directed,
                label: String::new(),
            })
            .collect();
        Figure {
            directed: graph.directed,
            nodes,
            edges,
            gadgets: Vec::new(),
            caption: vec![title.to_string()],
            expanded_caption: None,
            engine: if graph.directed {
                Engine::Dot
            } else {
                Engine::Neato
            },
            graphviz_lays_out: false,
            no_compact: None,
            details: Vec::new(),
            source_turn: 0.0,
            arcs_by_ends: ArcsByEnds::default(),
        }
    }

    /// Pins vertex `v` at `(x, y)` units.
    pub fn place(&mut self, v: VertexId, x: f64, y: f64) {
        self.nodes[v].pos = Some((x, y));
    }

    /// Sets the label of `v` (markup; empty for none).
    pub fn label(&mut self, v: VertexId, label: impl Into<String>) {
        self.nodes[v].label = label.into();
    }

    /// Draws `v` as a small unlabelled dot.
    pub fn point(&mut self, v: VertexId) {
        self.nodes[v].label.clear();
        self.nodes[v].style = NodeStyle::Point;
    }

    /// Adds a gadget outline.
    pub fn gadget(
        &mut self,
        name: impl Into<String>,
        label: impl Into<String>,
        members: Vec<VertexId>,
        outline: Outline,
    ) {
        let name = name.into();
        self.gadgets.push(Gadget {
            kind: kind_of(&name),
            collapsed_at: None,
            name,
            label: label.into(),
            members,
            outline,
            collapse: false,
        });
    }

    /// Routes every edge `u → v` through `waypoints` (units). Amortised constant time: the
    /// edges are indexed by their ends on the first call (and again when the edge list has
    /// grown), so a theorem may route each of its hundreds of thousands of arcs.
    pub fn route(&mut self, u: VertexId, v: VertexId, waypoints: Vec<(f64, f64)>) {
        for k in self.arcs_between(u, v) {
            self.edges[k].route = Route::Through(waypoints.clone());
        }
    }

    /// Routes edge number `k` alone through `waypoints`: one of several parallel arcs of a
    /// multigraph (edge geography's board may hold `c → ¬x` twice), each in a lane of its
    /// own, where [`Figure::route`] would give them all one route, drawn on top of each
    /// other.
    pub fn route_edge(&mut self, k: usize, waypoints: Vec<(f64, f64)>) {
        self.edges[k].route = Route::Through(waypoints);
    }

    /// Routes every edge `u → v` through `waypoints` when a gadget at one of its ends is
    /// drawn collapsed ([`Edge::collapsed_route`]); [`Figure::route`] gives the route
    /// otherwise.
    pub fn route_collapsed(&mut self, u: VertexId, v: VertexId, waypoints: Vec<(f64, f64)>) {
        for k in self.arcs_between(u, v) {
            self.edges[k].collapsed_route = Some(Route::Through(waypoints.clone()));
        }
    }

    /// The indices of the edges `u → v`, through the index of edges by their ends (built
    /// on the first call, and again when the edge list has grown).
    fn arcs_between(&mut self, u: VertexId, v: VertexId) -> Vec<usize> {
        let index = &mut self.arcs_by_ends;
        if index.index.is_empty() || index.built_for != self.edges.len() {
            index.index.clear();
            for (k, e) in self.edges.iter().enumerate() {
                index.index.entry((e.from, e.to)).or_default().push(k);
            }
            index.built_for = self.edges.len();
        }
        let Some(ks) = index.index.get(&(u, v)) else {
            return Vec::new();
        };
        // Endpoints rewritten in place since the index was built are skipped, not routed
        // wrongly.
        ks.iter()
            .copied()
            .filter(|&k| self.edges[k].from == u && self.edges[k].to == v)
            .collect()
    }

    /// Numbers the arcs 1, 2, … in their order (written beside each arc), the numbers of
    /// the arc gadgets that a target draws for them (`arc3`, `a₃ b₃ c₃ d₃`).
    pub fn number_arcs(&mut self) {
        for (k, e) in self.edges.iter_mut().enumerate() {
            e.label = (k + 1).to_string();
        }
    }

    /// Whether some gadget stands for an arc of the source (kind `arc`, named `arcK` after
    /// the source's arc K): then the source drawn beside it numbers its arcs.
    pub fn has_arc_gadgets(&self) -> bool {
        self.gadgets.iter().any(|g| g.kind == "arc")
    }

    /// Turns the placed drawing by `angle` (radians, counter-clockwise) about the centre of
    /// its vertices, waypoints included (a source drawn beside a target that turned it,
    /// [`Figure::source_turn`]). Nothing moves when `angle` is 0.
    pub fn turn(&mut self, angle: f64) {
        if angle == 0.0 {
            return;
        }
        let placed: Vec<(f64, f64)> = self.nodes.iter().filter_map(|n| n.pos).collect();
        if placed.is_empty() {
            return;
        }
        let k = placed.len() as f64;
        let c = (
            placed.iter().map(|p| p.0).sum::<f64>() / k,
            placed.iter().map(|p| p.1).sum::<f64>() / k,
        );
        let (sin, cos) = angle.sin_cos();
        let turned = |(x, y): (f64, f64)| {
            let (dx, dy) = (x - c.0, y - c.1);
            (c.0 + dx * cos - dy * sin, c.1 + dx * sin + dy * cos)
        };
        for n in &mut self.nodes {
            n.pos = n.pos.map(turned);
        }
        for e in &mut self.edges {
            if let Route::Through(ways) = &mut e.route {
                for w in ways.iter_mut() {
                    *w = turned(*w);
                }
            }
        }
    }

    /// `source` drawn to the left of `self` (`--source-beside`), both outlined and captioned
    /// ("source", "target"), its arcs numbered when `self` draws arc gadgets; the source is shrunk to the target's height when taller. Both
    /// must be placed. The result is directed when either is; undirected edges keep no
    /// arrowhead. The caption is the target's, then the source's first line.
    pub fn beside(mut self, mut source: Figure) -> Figure {
        if self.has_arc_gadgets() {
            source.number_arcs();
        }
        source.turn(self.source_turn);
        let own_details = std::mem::take(&mut self.details);
        let (tx0, ty0, _, ty1) = self.bbox();
        let (_, sy0, sx1, sy1) = source.bbox();
        let (th, sh) = (ty1 - ty0, sy1 - sy0);
        let k = if sh > th && sh > 1e-9 {
            (th / sh).max(0.5)
        } else {
            1.0
        };
        // The source's right edge a gap left of the target, centred on the same height.
        let dx = tx0 - 3.0 - sx1 * k;
        let dy = (ty0 + ty1) / 2.0 - (sy0 + sy1) / 2.0 * k;
        let offset = source.nodes.len();
        let mut fig = Figure {
            directed: self.directed || source.directed,
            nodes: Vec::new(),
            edges: Vec::new(),
            gadgets: Vec::new(),
            caption: self.caption.clone(),
            expanded_caption: self.expanded_caption.clone(),
            engine: self.engine,
            graphviz_lays_out: false,
            no_compact: self.no_compact.clone(),
            details: Vec::new(),
            source_turn: 0.0,
            arcs_by_ends: ArcsByEnds::default(),
        };
        for mut n in source.nodes {
            n.pos = n.pos.map(|(x, y)| (x * k + dx, y * k + dy));
            n.step = 1;
            fig.nodes.push(n);
        }
        fig.nodes.extend(self.nodes);
        fig.edges.extend(source.edges.into_iter().map(|e| {
            Edge {
                route: match e.route {
                    Route::Through(ways) => Route::Through(
                        ways.into_iter()
                            .map(|(x, y)| (x * k + dx, y * k + dy))
                            .collect(),
                    ),
                    straight => straight,
                },
                ..e
            }
        }));
        fig.edges.extend(self.edges.into_iter().map(|e| Edge {
            from: e.from + offset,
            to: e.to + offset,
            ..e
        }));
        fig.gadgets.push(Gadget {
            name: "source".into(),
            label: "source".into(),
            members: (0..offset).collect(),
            outline: Outline::Box,
            collapse: false,
            kind: "source".into(),
            collapsed_at: None,
        });
        fig.gadgets.extend(source.gadgets);
        // The theorem's detail figures follow their gadgets past the source's.
        let first = fig.gadgets.len();
        fig.details = own_details
            .into_iter()
            .map(|(gi, d)| (gi + first, d))
            .collect();
        let shifted = self.gadgets.into_iter().map(|g| Gadget {
            members: g.members.iter().map(|&m| m + offset).collect(),
            ..g
        });
        fig.gadgets.extend(shifted);
        if let Some(first) = source.caption.first() {
            fig.caption.push(format!("source: {first}"));
        }
        fig
    }

    /// The first gadget of each kind that `--compact` boxes (outlined, not bare), in the
    /// order the theorem drew them: the gadgets a detail figure shows.
    pub fn detail_gadgets(&self) -> Vec<usize> {
        let mut seen: Vec<&str> = Vec::new();
        let mut out = Vec::new();
        for (i, g) in self.gadgets.iter().enumerate() {
            if g.outline != Outline::Bare && g.kind != "source" && !seen.contains(&g.kind.as_str())
            {
                seen.push(&g.kind);
                out.push(i);
            }
        }
        out
    }

    /// The detail figures `--compact` writes, one per kind of gadget (the kind, spaces as
    /// dashes, and the figure); none for a figure that refuses `--compact`
    /// ([`Figure::no_compact`]).
    pub fn detail_figures(&self) -> Vec<(String, Figure)> {
        if self.no_compact.is_some() {
            return Vec::new();
        }
        self.detail_gadgets()
            .into_iter()
            .map(|gi| (self.gadgets[gi].kind.replace(' ', "-"), self.detail(gi)))
            .collect()
    }

    /// The detail figure of gadget `gi`, as the papers draw one gadget of each kind beside a
    /// board of boxes: its vertices and arcs in full where the theorem placed them, and each
    /// vertex it is joined to outside it as a labelled stub a little beyond its outline, in
    /// the direction of the real vertex.
    pub fn detail(&self, gi: usize) -> Figure {
        if let Some((_, own)) = self.details.iter().find(|d| d.0 == gi) {
            return own.clone();
        }
        let g = &self.gadgets[gi];
        let inside = |v: VertexId| g.members.contains(&v);
        let mut keep: Vec<VertexId> = g.members.clone();
        for e in &self.edges {
            for (a, b) in [(e.from, e.to), (e.to, e.from)] {
                if inside(a) && !inside(b) && !keep.contains(&b) {
                    keep.push(b);
                }
            }
        }
        let index = |v: VertexId| keep.iter().position(|&k| k == v);
        let pts: Vec<(f64, f64)> = g
            .members
            .iter()
            .filter_map(|&m| self.nodes[m].pos)
            .collect();
        let n = pts.len().max(1) as f64;
        let centre = pts
            .iter()
            .fold((0.0, 0.0), |c, p| (c.0 + p.0 / n, c.1 + p.1 / n));
        let reach = pts
            .iter()
            .map(|p| ((p.0 - centre.0).powi(2) + (p.1 - centre.1).powi(2)).sqrt())
            .fold(0.0, f64::max)
            + 1.6;
        let mut nodes: Vec<Node> = Vec::new();
        let mut stubs: Vec<(f64, f64)> = Vec::new();
        for &v in &keep {
            let mut node = self.nodes[v].clone();
            node.step = 1;
            if !inside(v) {
                // A stub: towards the real vertex, on a circle round the gadget, moved on
                // round it while it would sit on an earlier stub.
                let p = node.pos.unwrap_or(centre);
                let mut a = (p.1 - centre.1).atan2(p.0 - centre.0);
                let at = |a: f64| (centre.0 + reach * a.cos(), centre.1 + reach * a.sin());
                for _ in 0..24 {
                    let q = at(a);
                    if stubs
                        .iter()
                        .all(|s| ((s.0 - q.0).powi(2) + (s.1 - q.1).powi(2)).sqrt() > 0.9)
                    {
                        break;
                    }
                    a += std::f64::consts::TAU / 24.0;
                }
                node.pos = Some(at(a));
                stubs.push(at(a));
                // A stub the board draws as a dot is named beside it by its name in the
                // game (alone, a dot would not say what it stands for), unless that name is
                // an identifier (`R_x1`), which is no better than the dot.
                if node.label.is_empty() && !node.spoken.contains("\\_") {
                    node.label = node.spoken.clone();
                }
            }
            nodes.push(node);
        }
        let edges = self
            .edges
            .iter()
            .filter(|e| inside(e.from) || inside(e.to))
            .filter_map(|e| {
                let (from, to) = (index(e.from)?, index(e.to)?);
                let route = match inside(e.from) && inside(e.to) {
                    true => e.route.clone(),
                    false => Route::Straight,
                };
                Some(Edge {
                    from,
                    to,
                    route,
                    collapsed_route: None,
                    undirected: e.undirected,
                    label: e.label.clone(),
                })
            })
            .collect();
        let mut fig = self.detail_frame(gi);
        fig.nodes = nodes;
        fig.edges = edges;
        fig.gadgets[0].members = (0..g.members.len()).collect();
        fig
    }

    /// A theorem's own detail figure of gadget `gi` (see [`Figure::details`]): `parts` are
    /// the vertices drawn and where (a vertex outside the gadget may be drawn more than once,
    /// as one stub per arc), `arcs` join parts (indices into `parts`) along their routes, and
    /// `labels` relabel parts (a stub that the board draws as a dot is named beside it).
    /// The outline is the gadget's, around the parts that are its members; the caption is
    /// [`Figure::detail`]'s.
    pub fn excerpt(
        &self,
        gi: usize,
        parts: &[(VertexId, (f64, f64))],
        arcs: Vec<(usize, usize, Route)>,
        labels: &[(usize, String)],
    ) -> Figure {
        let g = &self.gadgets[gi];
        let mut nodes: Vec<Node> = parts
            .iter()
            .map(|&(v, p)| Node {
                pos: Some(p),
                step: 1,
                ..self.nodes[v].clone()
            })
            .collect();
        for (k, l) in labels {
            nodes[*k].label = l.clone();
        }
        let members = (0..parts.len())
            .filter(|&k| g.members.contains(&parts[k].0))
            .collect();
        let mut fig = self.detail_frame(gi);
        fig.nodes = nodes;
        fig.edges = arcs
            .into_iter()
            .map(|(from, to, route)| Edge {
                from,
                to,
                route,
                collapsed_route: None,
                undirected: !self.directed,
                label: String::new(),
            })
            .collect();
        fig.gadgets[0].members = members;
        fig
    }

    /// A detail figure of gadget `gi` without vertices: its outline (no members yet) and
    /// caption.
    fn detail_frame(&self, gi: usize) -> Figure {
        let g = &self.gadgets[gi];
        let label = match g.label.is_empty() {
            true => g.name.clone(),
            false => g.label.clone(),
        };
        Figure {
            directed: self.directed,
            nodes: Vec::new(),
            edges: Vec::new(),
            gadgets: vec![Gadget {
                name: g.name.clone(),
                label: g.label.clone(),
                members: Vec::new(),
                outline: g.outline,
                collapse: false,
                kind: g.kind.clone(),
                collapsed_at: None,
            }],
            caption: vec![
                format!("One {} gadget in full: {label}", g.kind),
                format!("from: {}", self.caption.first().map_or("", String::as_str)),
            ],
            expanded_caption: None,
            engine: self.engine,
            graphviz_lays_out: false,
            no_compact: None,
            details: Vec::new(),
            source_turn: 0.0,
            arcs_by_ends: ArcsByEnds::default(),
        }
    }

    /// The number of pairs of drawn edges that cross: each edge as the straight runs from
    /// its tail through its waypoints to its head, two runs crossing when they meet at a
    /// point inside both (runs that share an end, as arcs at a common vertex do, never
    /// count). What a lecturer counts before redrawing a figure; the theorems' figure tests
    /// bound it. Quadratic in the number of runs: for figures of a slide, not for
    /// constructions of thousands of arcs.
    pub fn crossings(&self) -> usize {
        let paths: Vec<Vec<(f64, f64)>> = self
            .edges
            .iter()
            .map(|e| {
                let (Some(a), Some(b)) = (self.nodes[e.from].pos, self.nodes[e.to].pos) else {
                    return Vec::new();
                };
                drawn_path(a, &e.route, b)
            })
            .collect();
        crossings_of(&paths)
    }

    /// True when the theorem placed every vertex.
    pub fn pinned(&self) -> bool {
        self.nodes.iter().all(|n| n.pos.is_some())
    }

    /// Bounding box `(min_x, min_y, max_x, max_y)` of the placed nodes, in units.
    pub fn bbox(&self) -> (f64, f64, f64, f64) {
        let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for (x, y) in self.nodes.iter().filter_map(|n| n.pos) {
            b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
        }
        if b.0 > b.2 { (0.0, 0.0, 0.0, 0.0) } else { b }
    }

    /// The height in pixels of a vertex label (its font size) once the drawing, with its
    /// margins and caption, is fitted to a 1920×1080 slide. Lecturers need ≥ 14.
    pub fn slide_label_px(&self) -> f64 {
        let (x0, y0, x1, y1) = self.bbox();
        // One unit of margin on each side, and the caption and legend below.
        let w = (x1 - x0 + 2.0) * UNIT_PT;
        let h = (y1 - y0 + 2.0) * UNIT_PT + CAPTION_PT * (self.caption.len() as f64 + 1.0);
        let scale = (1920.0 / w).min(1080.0 / h);
        VERTEX_FONT_PT * scale
    }
}

/// The points an edge from `a` to `b` is drawn through: `a`, its waypoints, `b`.
pub fn drawn_path(a: (f64, f64), route: &Route, b: (f64, f64)) -> Vec<(f64, f64)> {
    let mut path = vec![a];
    if let Route::Through(ways) = route {
        path.extend(ways.iter().copied());
    }
    path.push(b);
    path
}

/// The number of pairs of `paths` (polylines) that cross: two cross when a straight run of
/// one meets a run of the other at a point inside both (paths that only touch at an end,
/// as arcs at a common vertex do, never count). Quadratic in the number of runs.
pub fn crossings_of(paths: &[Vec<(f64, f64)>]) -> usize {
    let mut count = 0;
    for i in 0..paths.len() {
        for j in i + 1..paths.len() {
            let meet = paths[i].windows(2).any(|r| {
                paths[j]
                    .windows(2)
                    .any(|q| runs_cross(r[0], r[1], q[0], q[1]))
            });
            count += usize::from(meet);
        }
    }
    count
}

/// Whether the runs `a b` and `c d` cross at a point inside both (not at an end of either).
fn runs_cross(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64)) -> bool {
    let side = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| {
        let v = (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
        if v.abs() < 1e-9 { 0 } else { v.signum() as i32 }
    };
    side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0
}

/// Points per unit in DOT (`pos` is written in points).
pub const UNIT_PT: f64 = 54.0;
/// Vertex label font size in points (DOT); TikZ uses `\large` at the same scale.
pub const VERTEX_FONT_PT: f64 = 14.0;
/// Caption line height in points.
pub const CAPTION_PT: f64 = 20.0;

/// The start marks of a game's tokens.
pub fn start_marks(tokens: &Tokens) -> Vec<(VertexId, Start)> {
    match *tokens {
        Tokens::One { start: Some(s) } => vec![(s, Start::Token)],
        Tokens::One { start: None } | Tokens::Partizan { starts: None } => vec![],
        Tokens::Partizan {
            starts: Some([a, b]),
        } if a == b => vec![(a, Start::Both)],
        Tokens::Partizan {
            starts: Some([a, b]),
        } => vec![(a, Start::Player(0)), (b, Start::Player(1))],
        Tokens::TwoShared { starts: [a, b] } => {
            vec![(a, Start::Shared(0)), (b, Start::Shared(1))]
        }
    }
}

/// The markup for a label as the game prints it: a name ending in digits gets them as a
/// subscript (`x1` → `x_1`, `¬x12` → `¬x_{12}`, `C2` → `C_2`, `L2,0` → `L_{2,0}`); anything
/// else is kept.
pub fn markup_of_display(s: &str) -> String {
    // The subscript is the trailing run of digits and commas that starts with a digit, so
    // that a double index (`L2,0`, Fraenkel–Simonson's connectors) reads `L₂,₀` as the
    // clause detail draws it, not `L2,₀`.
    let run = s.len()
        - s.trim_end_matches(|c: char| c.is_ascii_digit() || c == ',')
            .len();
    let digits = s[s.len() - run..]
        .find(|c: char| c.is_ascii_digit())
        .filter(|_| s.ends_with(|c: char| c.is_ascii_digit()))
        .map_or(0, |first| run - first);
    let (base, sub) = s.split_at(s.len() - digits);
    let letters = base.chars().all(|c| c.is_alphabetic() || c == '¬');
    if digits == 0 || base.is_empty() || !letters {
        // Underscores of identifiers such as `Lo2_0` are text, not subscripts, and so is a
        // backslash (escaped first, so that the underscores' escapes stay escapes).
        return s.replace('\\', "\\\\").replace('_', "\\_");
    }
    subscript(base, sub)
}

/// The label a game carries for a vertex the paper labels `markup`: plain (`c2`, `¬x1`,
/// `a = v`) where [`markup_of_display`] reads it back as `markup`, else with Unicode
/// subscripts (`v₁,ᵢₙ`, `cₚ`). Either way [`vertex_label`] shows it as the figure does.
pub fn display_of_markup(markup: &str) -> String {
    let plain: String = markup
        .chars()
        .filter(|c| !matches!(c, '_' | '{' | '}'))
        .collect();
    match markup_of_display(&plain) == markup {
        true => plain,
        false => label_unicode(markup),
    }
}

/// Gives vertex `v` of `graph` the paper's label `markup` (see [`display_of_markup`]); a
/// label equal to the identifier is dropped.
pub fn relabel(graph: &mut Graph, v: VertexId, markup: &str) {
    let shown = display_of_markup(markup);
    graph.vertices[v].label = match shown == graph.id(v) {
        true => None,
        false => Some(shown),
    };
}

/// The label a figure of `graph` draws on vertex `v` when no theorem relabels it: the
/// vertex's label (or identifier) with its trailing digits as Unicode subscripts (`x₁`,
/// `¬x₁₂`). `solve --strategy` names moves with it, so the text matches the figure.
pub fn vertex_label(graph: &Graph, v: VertexId) -> String {
    label_unicode(&markup_of_display(graph.display(v)))
}

/// `base_sub` in markup.
pub fn subscript(base: &str, sub: &str) -> String {
    if sub.chars().count() == 1 {
        format!("{base}_{sub}")
    } else {
        format!("{base}_{{{sub}}}")
    }
}

/// Splits markup into runs of `(text, is_subscript)`.
fn runs(markup: &str) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::new();
    let mut chars = markup.chars().peekable();
    while let Some(c) = chars.next() {
        let c = match c {
            // `\_` is a literal underscore (identifiers shown with `--names`).
            '\\' => match chars.next() {
                Some(d) => {
                    push_text(&mut out, d);
                    continue;
                }
                None => c,
            },
            c => c,
        };
        if c == '_' {
            let mut sub = String::new();
            if chars.peek() == Some(&'{') {
                chars.next();
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                    sub.push(d);
                }
            } else if let Some(d) = chars.next() {
                sub.push(d);
            }
            out.push((sub, true));
        } else {
            push_text(&mut out, c);
        }
    }
    out
}

fn push_text(out: &mut Vec<(String, bool)>, c: char) {
    match out.last_mut() {
        Some((text, false)) => text.push(c),
        _ => out.push((c.to_string(), false)),
    }
}

/// The label with Unicode subscripts (`x_1` → `x₁`), for DOT and SVG.
pub fn label_unicode(markup: &str) -> String {
    let mut s = String::new();
    for (text, sub) in runs(markup) {
        if sub {
            for c in text.chars() {
                s.push(unicode_sub(c).unwrap_or(c));
            }
        } else {
            s.push_str(&text);
        }
    }
    s
}

fn unicode_sub(c: char) -> Option<char> {
    const DIGITS: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
    Some(match c {
        '0'..='9' => DIGITS[c as usize - '0' as usize],
        '+' => '₊',
        '-' => '₋',
        '=' => '₌',
        '(' => '₍',
        ')' => '₎',
        'a' => 'ₐ',
        'e' => 'ₑ',
        'h' => 'ₕ',
        'i' => 'ᵢ',
        'j' => 'ⱼ',
        'k' => 'ₖ',
        'l' => 'ₗ',
        'm' => 'ₘ',
        'n' => 'ₙ',
        'o' => 'ₒ',
        'p' => 'ₚ',
        'r' => 'ᵣ',
        's' => 'ₛ',
        't' => 'ₜ',
        'u' => 'ᵤ',
        'v' => 'ᵥ',
        'x' => 'ₓ',
        _ => return None,
    })
}

/// The label in TeX math mode (`¬x_1` → `$\neg x_{1}$`), for TikZ.
pub fn label_tex(markup: &str) -> String {
    if markup.is_empty() {
        return String::new();
    }
    let mut s = String::from("$");
    for (text, sub) in runs(markup) {
        if sub {
            s.push_str("_{");
            s.push_str(&tex_text(&text));
            s.push('}');
        } else {
            s.push_str(&tex_text(&text));
        }
    }
    s.push('$');
    s
}

/// Plain text in math mode: symbols as commands, words upright.
fn tex_text(text: &str) -> String {
    let mut s = String::new();
    let mut word = String::new();
    // A run of Unicode subscripts (`ᵢₙ` of a game label `vᵢₙ`) becomes one subscript.
    let mut sub = String::new();
    let flush = |word: &mut String, s: &mut String| {
        if word.chars().count() > 1 {
            s.push_str(&format!("\\mathrm{{{word}}}"));
        } else {
            s.push_str(word);
        }
        word.clear();
    };
    let flush_sub = |sub: &mut String, s: &mut String| {
        if !sub.is_empty() {
            let mut inner = String::new();
            flush(sub, &mut inner);
            s.push_str(&format!("_{{{inner}}}"));
        }
    };
    for c in text.chars() {
        if let Some(b) = subscript_base(c) {
            flush(&mut word, &mut s);
            sub.push(b);
            continue;
        }
        flush_sub(&mut sub, &mut s);
        if c.is_ascii_alphabetic() {
            word.push(c);
            continue;
        }
        flush(&mut word, &mut s);
        match c {
            '¬' => s.push_str("\\neg "),
            '∃' => s.push_str("\\exists "),
            '∀' => s.push_str("\\forall "),
            '∧' => s.push_str("\\wedge "),
            '∨' => s.push_str("\\vee "),
            '′' | '\'' => s.push('\''),
            ' ' => s.push_str("\\ "),
            '_' | '&' | '%' | '#' | '$' | '{' | '}' => {
                s.push('\\');
                s.push(c);
            }
            '\\' => s.push_str("\\backslash "),
            '^' | '~' => s.push_str("\\sim "),
            c if c.is_ascii() => s.push(c),
            c => match tex_letter(c) {
                Some(TexLetter::Math(cmd)) => {
                    s.push_str(cmd);
                    s.push(' ');
                }
                Some(TexLetter::Text) => s.push_str(&format!("\\mbox{{{c}}}")),
                None => s.push('?'),
            },
        }
    }
    flush(&mut word, &mut s);
    flush_sub(&mut sub, &mut s);
    s
}

/// Text for TeX outside math mode (captions, `--names`).
pub fn tex_escape(text: &str) -> String {
    let mut s = String::new();
    // A run of Unicode subscripts (`ᵢₙ` of `uᵢₙ`) becomes one `\textsubscript`.
    let mut sub = String::new();
    for c in text.chars() {
        if let Some(base) = subscript_base(c) {
            sub.push(base);
            continue;
        }
        if !sub.is_empty() {
            s.push_str(&format!(
                "\\textsubscript{{{}}}",
                tex_escape(&std::mem::take(&mut sub))
            ));
        }
        match c {
            '\\' => s.push_str("\\textbackslash{}"),
            '_' | '&' | '%' | '#' | '$' | '{' | '}' => {
                s.push('\\');
                s.push(c);
            }
            '^' => s.push_str("\\^{}"),
            '~' => s.push_str("\\~{}"),
            '¬' => s.push_str("$\\neg$"),
            '∃' => s.push_str("$\\exists$"),
            '∀' => s.push_str("$\\forall$"),
            '∧' => s.push_str("$\\wedge$"),
            '∨' => s.push_str("$\\vee$"),
            '≤' => s.push_str("$\\le$"),
            '⇔' => s.push_str("$\\Leftrightarrow$"),
            '→' => s.push_str("$\\to$"),
            '–' => s.push_str("--"),
            '—' => s.push_str("---"),
            '′' => s.push('\''),
            '·' => s.push_str("$\\cdot$"),
            '§' => s.push_str("\\S{}"),
            'ö' => s.push_str("\\\"o"),
            'è' => s.push_str("\\`e"),
            'é' => s.push_str("\\'e"),
            c if c.is_ascii() => s.push(c),
            c => match tex_letter(c) {
                Some(TexLetter::Math(cmd)) => s.push_str(&format!("${cmd}$")),
                Some(TexLetter::Text) => s.push(c),
                // Other symbols: through math mode where we can.
                None => s.push_str(&label_unicode_inverse(c)),
            },
        }
    }
    if !sub.is_empty() {
        s.push_str(&format!("\\textsubscript{{{}}}", tex_escape(&sub)));
    }
    s
}

/// How TeX writes a letter outside ASCII that names may hold (language.md: `αβ`).
enum TexLetter {
    /// A math-mode command (`\alpha`); a capital Greek letter that looks Latin is that
    /// Latin letter.
    Math(&'static str),
    /// A Latin-1 letter, written as itself in text mode (UTF-8 input, LaTeX's default
    /// since 2018, composes it in the default font encoding).
    Text,
}

/// The TeX of a Greek or Latin-1 letter (`None` for anything else, drawn as `?`: pdflatex
/// with its default fonts has no glyph for it, and a figure that does not compile is worse).
fn tex_letter(c: char) -> Option<TexLetter> {
    const GREEK: [&str; 25] = [
        "\\alpha",
        "\\beta",
        "\\gamma",
        "\\delta",
        "\\epsilon",
        "\\zeta",
        "\\eta",
        "\\theta",
        "\\iota",
        "\\kappa",
        "\\lambda",
        "\\mu",
        "\\nu",
        "\\xi",
        "o",
        "\\pi",
        "\\rho",
        "\\varsigma",
        "\\sigma",
        "\\tau",
        "\\upsilon",
        "\\phi",
        "\\chi",
        "\\psi",
        "\\omega",
    ];
    const CAPITALS: [&str; 25] = [
        "A",
        "B",
        "\\Gamma",
        "\\Delta",
        "E",
        "Z",
        "H",
        "\\Theta",
        "I",
        "K",
        "\\Lambda",
        "M",
        "N",
        "\\Xi",
        "O",
        "\\Pi",
        "P",
        "",
        "\\Sigma",
        "T",
        "\\Upsilon",
        "\\Phi",
        "X",
        "\\Psi",
        "\\Omega",
    ];
    match c {
        'α'..='ω' => Some(TexLetter::Math(GREEK[c as usize - 'α' as usize])),
        'Α'..='Ω' => match CAPITALS[c as usize - 'Α' as usize] {
            "" => None,
            cmd => Some(TexLetter::Math(cmd)),
        },
        // Latin-1 letters but ð, þ and their capitals (no glyph in the default encoding).
        'À'..='ÿ' if c.is_alphabetic() && !matches!(c, 'Ð' | 'ð' | 'Þ' | 'þ') => {
            Some(TexLetter::Text)
        }
        _ => None,
    }
}

/// The character a Unicode subscript (`₁`, `ᵢ`) stands for.
fn subscript_base(c: char) -> Option<char> {
    const BASES: &str = "0123456789+-=()aehijklmnoprstuvx";
    BASES.chars().find(|&b| unicode_sub(b) == Some(c))
}

/// A Unicode subscript digit as TeX; other characters as `?` (never produced by us).
fn label_unicode_inverse(c: char) -> String {
    match unicode_sub_digit(c) {
        Some(i) => format!("$_{{{i}}}$"),
        None => "?".to_string(),
    }
}

/// The digit of a Unicode subscript digit.
fn unicode_sub_digit(c: char) -> Option<usize> {
    const DIGITS: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
    DIGITS.iter().position(|&d| d == c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossings_count_pairs_of_edges_that_cross_inside_both() {
        let g = Graph::from_edges(true, 4, &[(0, 1), (2, 3), (0, 3)]);
        let mut fig = Figure::of_graph(&g, "x");
        // a b and c d cross as an X; a d shares a with a b and d with c d.
        for (v, p) in [
            (0, (0.0, 0.0)),
            (1, (2.0, 2.0)),
            (2, (0.0, 2.0)),
            (3, (2.0, 0.0)),
        ] {
            fig.place(v, p.0, p.1);
        }
        assert_eq!(fig.crossings(), 1);
        // Routed round the outside, c d crosses nothing (it meets a d only at d).
        fig.route(2, 3, vec![(-1.0, 2.0), (-1.0, -1.0), (2.0, -1.0)]);
        assert_eq!(fig.crossings(), 0);
        // Through (1, −1) it crosses both a b and a d.
        fig.route(2, 3, vec![(1.0, -1.0)]);
        assert_eq!(fig.crossings(), 2);
    }

    #[test]
    fn markup_conversions() {
        assert_eq!(markup_of_display("x1"), "x_1");
        assert_eq!(markup_of_display("¬x12"), "¬x_{12}");
        assert_eq!(markup_of_display("a"), "a");
        assert_eq!(markup_of_display("M1,0"), "M_{1,0}");
        assert_eq!(markup_of_display("M,0"), "M,0");
        assert_eq!(markup_of_display("M1,"), "M1,");
        assert_eq!(markup_of_display("Lo2_0"), "Lo2\\_0");
        assert_eq!(label_unicode("Lo2\\_0"), "Lo2_0");
        // A backslash in a name is text too (it was read as an escape and dropped:
        // `back\slash` drawn and named `backslash`).
        assert_eq!(
            label_unicode(&markup_of_display("back\\slash")),
            "back\\slash"
        );
        assert_eq!(label_unicode(&markup_of_display("a\\_1")), "a\\_1");
        assert!(label_tex(&markup_of_display("back\\slash")).contains("\\backslash"));
        // Names outside ASCII (language.md allows `αβ`) were all `?` in TikZ.
        assert_eq!(label_tex("αβ"), "$\\alpha \\beta $");
        assert_eq!(label_tex("Ωé_1"), "$\\Omega \\mbox{é}_{1}$");
        assert_eq!(label_tex("Αð"), "$A ?$");
        assert_eq!(tex_escape("σ-Café"), "$\\sigma$-Caf\\'e");
        assert_eq!(label_tex("Lo2\\_0"), "$\\mathrm{Lo}2\\_0$");
        assert_eq!(label_unicode("¬x_{12}"), "¬x₁₂");
        assert_eq!(label_unicode("u_i"), "uᵢ");
        assert_eq!(label_tex("¬x_1"), "$\\neg x_{1}$");
        assert_eq!(label_tex("eJ_0"), "$\\mathrm{eJ}_{0}$");
        assert_eq!(label_tex(""), "");
        // A game label with Unicode subscripts (a paper label written into the game).
        assert_eq!(label_tex("v₁,ᵢₙ"), "$v_{1},_{\\mathrm{in}}$");
        for (markup, shown) in [
            ("c_2", "c2"),
            ("¬x_{12}", "¬x12"),
            ("X", "X"),
            ("a = v", "a = v"),
            ("c_p", "cₚ"),
            ("v_{1,in}", "v₁,ᵢₙ"),
        ] {
            assert_eq!(display_of_markup(markup), shown);
            // Read back as the figure draws it.
            assert_eq!(
                label_unicode(&markup_of_display(shown)),
                label_unicode(markup)
            );
        }
        assert_eq!(tex_escape("Misère"), "Mis\\`ere");
        assert_eq!(
            tex_escape("uᵢₙ → x₁"),
            "u\\textsubscript{in} $\\to$ x\\textsubscript{1}"
        );
    }
}
