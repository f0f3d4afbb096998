//! What a drawing holds, counted against `--memory` (docs/limits.md, "What `--memory`
//! bounds"), and the cap on gadget hulls that keeps a huge figure small.
//!
//! `render` builds a [`Figure`] (one node per vertex, one edge per edge with its route, the
//! gadgets), then a [`Scene`] (the same again with the reader's options, hull corners,
//! caption segments), then the text of DOT or TikZ, and for SVG, PDF and PNG hands that text
//! to graphviz, whose process and output grow with it. Each stage is estimated *before* it
//! is built, from what the stage before holds, and charged to one [`DrawingBudget`]; a stage
//! that would not fit ends the command with a size diagnostic (exit 2) before its memory is
//! touched. `compile --format dot` draws no figure, only [`super::dot::to_dot`]'s plain
//! DOT: [`plain_dot_estimate`].
//!
//! Every estimate is an upper bound of the heap the stage allocates, including the slack of
//! growing vectors and strings (a `String` built by pushing holds up to twice its length):
//! `tests/budgets.rs` (`drawing_estimates_bound_the_real_allocation`) measures the peak
//! heap with a counting allocator on every reduction's figure, in DOT and TikZ, and checks
//! it against what was charged.
//!
//! Gadget hulls ([`Outline::Hull`], the dashed outline along each arc gadget of the
//! dvg → NimG, dvg → misère UVG and deg → UEG figures) are drawn as pinned corner points
//! joined by dashed lines: about 15 corners and 3.5 KB of DOT each. A figure of a few
//! hundred thousand arcs spent most of its 2 GB of DOT on them, so [`HullPlan`] draws them
//! in full only up to [`HULL_CORNERS_IN_FULL`] corners in all, as 4-corner rectangles up to
//! [`HULL_CORNERS_SIMPLIFIED`], and not at all beyond, with a line in the caption saying so.

use super::figure::{Figure, Outline, Route};
use super::scene::{Options, Scene, SceneEdge, SceneNode, SceneOutline};
use std::mem::size_of;

/// A running count of the bytes a drawing holds, against a limit (`--memory`).
#[derive(Clone, Debug)]
pub struct DrawingBudget {
    limit: usize,
    held: usize,
}

/// A stage of the drawing that would not fit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "drawing this figure takes about {needed} bytes ({stage}: {detail}), over the --memory \
     budget of {limit} bytes"
)]
pub struct DrawingTooLarge {
    /// The stage that would not fit (`the figure`, `the scene`, `the DOT text`, …).
    pub stage: &'static str,
    /// What it holds, in words (`2,400,000 vertices and 3,000,000 edges`).
    pub detail: String,
    /// Everything held once it is built.
    pub needed: usize,
    /// The budget.
    pub limit: usize,
}

impl DrawingBudget {
    /// A budget of `limit` bytes of which `held` are already taken (the input, the chain).
    pub fn new(limit: usize, held: usize) -> DrawingBudget {
        DrawingBudget { limit, held }
    }

    /// Counts `bytes` more, or says that they do not fit (the count is then unchanged).
    pub fn charge(
        &mut self,
        stage: &'static str,
        detail: impl FnOnce() -> String,
        bytes: usize,
    ) -> Result<(), DrawingTooLarge> {
        let needed = self.held.saturating_add(bytes);
        if needed > self.limit {
            return Err(DrawingTooLarge {
                stage,
                detail: detail(),
                needed,
                limit: self.limit,
            });
        }
        self.held = needed;
        Ok(())
    }

    /// Bytes counted so far.
    pub fn held(&self) -> usize {
        self.held
    }
}

/// Bytes the allocator takes for a block of `n` bytes (glibc: an 8-byte header, 16-byte
/// rounding, at least 32); 0 for none.
fn block(n: usize) -> usize {
    match n {
        0 => 0,
        n => (n.saturating_add(8 + 15) & !15).max(32),
    }
}

/// A vector of `len` items of `item` bytes, grown by pushing: up to twice its length.
fn grown(len: usize, item: usize) -> usize {
    block(len.saturating_mul(item).saturating_mul(2))
}

/// Bytes a figure holds per vertex of the instance it draws, before it is built: the node
/// (identifier, label and name strings), its share of the gadgets and of the layout's
/// temporary tables (the fallback layout's adjacency and positions, a theorem's position
/// table). An upper bound on every reduction's figure (`tests/budgets.rs`).
pub const FIGURE_BYTES_PER_VERTEX: usize = 640;
/// See [`FIGURE_BYTES_PER_VERTEX`]; an edge with its route's waypoints and its entry in the
/// index [`Figure::route`] keeps of the edges by their ends.
pub const FIGURE_BYTES_PER_EDGE: usize = 400;

/// What building the figure of an instance of `vertices` and `edges` holds (see
/// [`FIGURE_BYTES_PER_VERTEX`]), plus a fixed part for captions and detail figures.
pub fn figure_estimate(vertices: usize, edges: usize) -> usize {
    (64usize << 10)
        .saturating_add(vertices.saturating_mul(FIGURE_BYTES_PER_VERTEX))
        .saturating_add(edges.saturating_mul(FIGURE_BYTES_PER_EDGE))
}

/// Bytes `compile --format dot` holds per edge beyond the instance: graphviz-rust's
/// statement for it and its printed line. Measured by the counting allocator
/// (`tests/budgets.rs`): up to 630 bytes a vertex and edge together on the NimG of
/// dvg → NimG (weighted vertices in clusters); by peak RSS, 394 MB for the
/// 1.09-million-edge, 8,768-vertex PVG compiled from a 49 KB vertex cover, against 113 MB
/// for `--format dsl`.
pub const PLAIN_DOT_BYTES_PER_EDGE: usize = 512;
/// See [`PLAIN_DOT_BYTES_PER_EDGE`]; a vertex's node statement, attributes and cluster.
pub const PLAIN_DOT_BYTES_PER_VERTEX: usize = 1024;

/// What `compile --format dot` ([`super::dot::to_dot`]) holds for an instance of this size.
pub fn plain_dot_estimate(vertices: usize, edges: usize) -> usize {
    (64usize << 10)
        .saturating_add(vertices.saturating_mul(PLAIN_DOT_BYTES_PER_VERTEX))
        .saturating_add(edges.saturating_mul(PLAIN_DOT_BYTES_PER_EDGE))
}

/// Most hull corners drawn in full, counted as [`HullPlan`] counts them (12 per member,
/// the most a padded hull can have): about 1,000 arc gadgets of four vertices.
pub const HULL_CORNERS_IN_FULL: usize = 50_000;
/// Most corners drawn once every hull is a rectangle (4 corners): 20,000 gadgets.
pub const HULL_CORNERS_SIMPLIFIED: usize = 80_000;

/// How the figure's hull outlines are drawn: decided once for the whole figure, from the
/// number of hulls and their members, so that every hull of a figure is drawn alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HullPlan {
    /// Each the padded convex hull of its members.
    Full,
    /// Each the smallest rectangle around its hull, of the directions of the hull's sides
    /// (a thin slanted gadget gets a thin slanted rectangle).
    Rectangles {
        /// Hull outlines in the figure.
        hulls: usize,
    },
    /// Not drawn.
    Dropped {
        /// Hull outlines in the figure.
        hulls: usize,
    },
}

impl HullPlan {
    /// The plan for `fig`'s hulls.
    pub fn of(fig: &Figure) -> HullPlan {
        let (mut hulls, mut corners) = (0usize, 0usize);
        for g in fig.gadgets.iter().filter(|g| g.outline == Outline::Hull) {
            hulls += 1;
            corners = corners.saturating_add(HULL_CORNERS_PER_MEMBER * g.members.len());
        }
        if corners <= HULL_CORNERS_IN_FULL {
            HullPlan::Full
        } else if hulls.saturating_mul(4) <= HULL_CORNERS_SIMPLIFIED {
            HullPlan::Rectangles { hulls }
        } else {
            HullPlan::Dropped { hulls }
        }
    }

    /// The outline to draw, given the full hull's maker: `None` when hulls are dropped.
    pub fn draw(&self, hull: impl FnOnce() -> Vec<(f64, f64)>) -> Option<Vec<(f64, f64)>> {
        match self {
            HullPlan::Full => Some(hull()),
            HullPlan::Rectangles { .. } => Some(enclosing_rectangle(&hull())),
            HullPlan::Dropped { .. } => None,
        }
    }

    /// The caption's remark about the hulls, when they are not drawn in full.
    pub fn note(&self) -> Option<String> {
        match *self {
            HullPlan::Full => None,
            HullPlan::Rectangles { hulls } => Some(format!(
                "The {hulls} dashed gadget outlines are drawn as rectangles (more than \
                 {HULL_CORNERS_IN_FULL} corners in full)."
            )),
            HullPlan::Dropped { hulls } => Some(format!(
                "The {hulls} dashed gadget outlines are not drawn (more than {} gadgets).",
                HULL_CORNERS_SIMPLIFIED / 4
            )),
        }
    }

    /// Most corners one hull of `members` vertices is drawn with.
    fn corners(&self, members: usize) -> usize {
        match self {
            HullPlan::Full => HULL_CORNERS_PER_MEMBER * members,
            HullPlan::Rectangles { .. } => 4,
            HullPlan::Dropped { .. } => 0,
        }
    }
}

/// A padded hull has at most a 12-gon's corners per member (`scene::hull_around`).
const HULL_CORNERS_PER_MEMBER: usize = 12;

/// Most hull sides whose directions are tried for the rectangle.
const RECTANGLE_DIRECTIONS: usize = 16;

/// The smallest rectangle around the convex polygon `hull` among those with a side parallel
/// to one of its sides (at most 16 of them, evenly spread), as four
/// corners counter-clockwise; `hull` itself when it has fewer than 4 corners.
pub fn enclosing_rectangle(hull: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let n = hull.len();
    if n < 4 {
        return hull.to_vec();
    }
    let step = n.div_ceil(RECTANGLE_DIRECTIONS);
    let mut best: Option<(f64, [(f64, f64); 4])> = None;
    for i in (0..n).step_by(step) {
        let (a, b) = (hull[i], hull[(i + 1) % n]);
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        if len < 1e-12 {
            continue;
        }
        let u = ((b.0 - a.0) / len, (b.1 - a.1) / len);
        let v = (-u.1, u.0);
        let (mut u0, mut u1, mut v0, mut v1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for &p in hull {
            let (pu, pv) = (p.0 * u.0 + p.1 * u.1, p.0 * v.0 + p.1 * v.1);
            (u0, u1, v0, v1) = (u0.min(pu), u1.max(pu), v0.min(pv), v1.max(pv));
        }
        let area = (u1 - u0) * (v1 - v0);
        if best.as_ref().is_none_or(|(a, _)| area < *a - 1e-12) {
            let at = |s: f64, t: f64| (s * u.0 + t * v.0, s * u.1 + t * v.1);
            best = Some((area, [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)]));
        }
    }
    best.map_or_else(|| hull.to_vec(), |(_, r)| r.to_vec())
}

/// What [`Scene::new`] holds for `fig` under `hulls`, beside the figure: a scene node per
/// vertex or collapsed gadget, a scene edge per edge (its route copied), an outline per
/// gadget with its corners, and the tables it builds on the way (node and edge indices,
/// the edges as straight runs for placing captions, the widest gadget's hull points).
pub fn scene_estimate(fig: &Figure, opts: &Options, hulls: HullPlan) -> usize {
    let n = fig.nodes.len();
    let labels: usize = fig
        .nodes
        .iter()
        .map(|v| block(v.label.len().max(v.id.len())) + block(v.spoken.len()))
        .sum();
    let nodes = grown(n + fig.gadgets.len(), size_of::<SceneNode>())
        + n.saturating_mul(SCENE_KEY + 8 + 8 + 1 + 16)
        + labels;
    let (mut routes, mut runs) = (0usize, 0usize);
    for e in &fig.edges {
        let ways = match &e.route {
            Route::Straight => 0,
            Route::Through(w) => w.len(),
        };
        routes += block(ways * size_of::<(f64, f64)>());
        // The run list, and the path it is read from (freed edge by edge).
        runs += ways + 1;
    }
    let edges = grown(fig.edges.len(), size_of::<SceneEdge>())
        + routes
        + fig.edges.len() * size_of::<Option<usize>>()
        + grown(runs, 2 * size_of::<(f64, f64)>());
    let (mut outlines, mut widest) = (grown(fig.gadgets.len(), size_of::<SceneOutline>()), 0);
    for g in &fig.gadgets {
        outlines += block(g.label.len()) + block(g.name.len());
        if g.outline == Outline::Hull {
            outlines += block(hulls.corners(g.members.len()) * size_of::<(f64, f64)>());
            widest = widest.max(g.members.len());
        }
    }
    // `hull_around`'s points (12 a member, sorted in place) and its hull, for one gadget.
    let hull_work = 3 * block(HULL_CORNERS_PER_MEMBER * widest * size_of::<(f64, f64)>());
    let caption: usize = fig.caption.iter().map(|c| 4 * block(c.len())).sum();
    let play = opts.play.len() * 64;
    (16 << 10) + nodes + edges + outlines + hull_work + caption + play
}

/// A scene node's key (`v123456`, `g12345`): one small block.
const SCENE_KEY: usize = 32;

/// Most bytes of DOT or TikZ text per scene node beyond its label: its statement, about
/// 100 bytes (`"v12" [label="x₁", pos="404.8,6434.1!"];`), or a collapsed gadget's.
const TEXT_PER_NODE: usize = 192;
/// What a start mark, a highlight or a move number adds to a node or an edge statement.
const TEXT_PER_MARK: usize = 128;
/// Most bytes per scene edge without waypoints (its statement; TikZ's `\draw`).
const TEXT_PER_EDGE: usize = 128;
/// Most bytes per waypoint of a routed edge, and for its two ends: six Bézier control
/// points of up to 24 bytes (DOT) or a TikZ corner.
const TEXT_PER_WAYPOINT: usize = 160;
/// Most bytes per outline beyond its caption (its shape and caption statements).
const TEXT_PER_OUTLINE: usize = 384;
/// Most bytes per hull corner (DOT: an invisible point and the dashed line to the next,
/// about 100 bytes each).
const TEXT_PER_CORNER: usize = 224;
/// Most bytes per character of a label: its markup turned into Unicode, TeX (`x_1` →
/// `$x_{1}$`) or an HTML-like label, possibly twice (a label and a name beside it).
const TEXT_PER_LABEL_BYTE: usize = 4;
/// The header, the legend and the styles.
const TEXT_FIXED: usize = 16 << 10;

/// Most bytes of text [`super::slide_dot::write`] or [`super::tikz::write`] produce for
/// `scene`, as the allocator holds them: twice the length, since the text grows by pushing.
pub fn text_estimate(scene: &Scene) -> usize {
    let nodes: usize = scene
        .nodes
        .iter()
        .map(|n| {
            let marks = usize::from(n.start.is_some())
                + usize::from(n.highlight)
                + usize::from(n.placed_by.is_some());
            TEXT_PER_NODE
                + TEXT_PER_MARK * marks
                + TEXT_PER_LABEL_BYTE * n.label.len()
                + n.tag.as_ref().map_or(0, |t| {
                    TEXT_PER_NODE + TEXT_PER_MARK + TEXT_PER_LABEL_BYTE * t.text.len()
                })
        })
        .sum();
    let edges: usize = scene
        .edges
        .iter()
        .map(|e| {
            TEXT_PER_EDGE
                + TEXT_PER_MARK * usize::from(e.played.is_some() || e.undirected)
                + match &e.route {
                    Route::Straight => 0,
                    Route::Through(w) => TEXT_PER_WAYPOINT * (w.len() + 2),
                }
        })
        .sum();
    let outlines: usize = scene
        .outlines
        .iter()
        .map(|o| {
            TEXT_PER_OUTLINE + TEXT_PER_LABEL_BYTE * o.label.len() + TEXT_PER_CORNER * o.hull.len()
        })
        .sum();
    let caption: usize = scene.caption.iter().map(|c| 8 * c.len() + 256).sum();
    let legend = scene.legend.len() * 512;
    2 * (TEXT_FIXED + nodes + edges + outlines + caption + legend)
}

/// Graphviz's process per byte of the DOT it reads, measured (peak RSS of `dot` on pinned
/// figures of dvg → NimG: `-Tsvg` 45 MB for 2.3 MB of DOT, 267 MB for 19 MB and 150 MB for
/// 6.6 MB; `-Tpdf` 280 MB for 6.6 MB, 42 bytes a byte), plus its output read back into a
/// growing buffer (SVG: up to 3.7 times the DOT, twice that as capacity) and the copy of the
/// text written to its input.
const GRAPHVIZ_PER_DOT_BYTE: usize = 44 + 8 + 1;
/// Graphviz's fixed part (its libraries and fonts).
const GRAPHVIZ_FIXED: usize = 32 << 20;

/// What running graphviz on a DOT text of `len` bytes adds: its process, its output and
/// the copy of the text.
pub fn graphviz_estimate(len: usize) -> usize {
    GRAPHVIZ_FIXED.saturating_add(len.saturating_mul(GRAPHVIZ_PER_DOT_BYTE))
}

/// The vertices and edges of a figure in words, for a diagnostic.
pub fn figure_words(vertices: usize, edges: usize) -> String {
    format!("{vertices} vertices and {edges} edges")
}

/// The number of scene nodes, edges and hull corners in words.
pub fn scene_words(scene: &Scene) -> String {
    let corners: usize = scene.outlines.iter().map(|o| o.hull.len()).sum();
    format!(
        "{} nodes, {} edges, {} outlines with {corners} hull corners",
        scene.nodes.len(),
        scene.edges.len(),
        scene.outlines.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rectangle_encloses_a_slanted_hull_tightly() {
        // A thin hull along the diagonal: a 12-gon of radius 0.5 at (0, 0) and at (10, 10).
        let mut pts = Vec::new();
        for c in [0.0, 10.0] {
            for k in 0..12 {
                let a = std::f64::consts::TAU * k as f64 / 12.0;
                pts.push((c + 0.5 * a.cos(), c + 0.5 * a.sin()));
            }
        }
        // Its convex hull, counter-clockwise (Andrew's monotone chain).
        pts.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let cross = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
            (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
        };
        let mut hull: Vec<(f64, f64)> = Vec::new();
        for pass in 0..2 {
            let start = hull.len();
            let order: Vec<(f64, f64)> = match pass {
                0 => pts.clone(),
                _ => pts.iter().rev().copied().collect(),
            };
            for p in order {
                while hull.len() >= start + 2
                    && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
                {
                    hull.pop();
                }
                hull.push(p);
            }
            hull.pop();
        }
        assert!(hull.len() >= 4 && hull.len() <= 24, "{hull:?}");
        let rect = enclosing_rectangle(&hull);
        assert_eq!(rect.len(), 4);
        // Every point is inside (left of every side, counter-clockwise) …
        for k in 0..4 {
            let (a, b) = (rect[k], rect[(k + 1) % 4]);
            for &p in &pts {
                let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
                assert!(cross >= -1e-9, "{p:?} outside side {k} of {rect:?}");
            }
        }
        // … and the rectangle is slanted, not the 11 × 11 axis-aligned box.
        let side = |k: usize| {
            let (a, b) = (rect[k], rect[(k + 1) % 4]);
            ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt()
        };
        assert!(side(0) * side(1) < 20.0, "{rect:?}");
    }

    #[test]
    fn hulls_are_kept_simplified_or_dropped_by_their_number() {
        use crate::problems::{Geography, Graph, Rule, Tokens};
        let figure_with = |gadgets: usize| {
            let mut g = Graph::new(true);
            for i in 0..4 {
                g.add_vertex(format!("v{i}"));
            }
            let game = Geography {
                graph: g,
                rule: Rule::Vertex,
                tokens: Tokens::One { start: Some(0) },
                convention: crate::problems::Convention::Normal,
            };
            let mut fig = Figure::of_game(&game, "t");
            for k in 0..gadgets {
                fig.gadget(format!("arc{k}"), "", vec![0, 1, 2, 3], Outline::Hull);
            }
            fig
        };
        assert_eq!(HullPlan::of(&figure_with(10)), HullPlan::Full);
        let many = HULL_CORNERS_IN_FULL / 48 + 1;
        assert_eq!(
            HullPlan::of(&figure_with(many)),
            HullPlan::Rectangles { hulls: many }
        );
        let too_many = HULL_CORNERS_SIMPLIFIED / 4 + 1;
        assert_eq!(
            HullPlan::of(&figure_with(too_many)),
            HullPlan::Dropped { hulls: too_many }
        );
        assert!(HullPlan::Dropped { hulls: 3 }.draw(Vec::new).is_none());
    }
}
