//! A [`Figure`] with the reader's options applied: what each writer (DOT, TikZ) draws.
//!
//! Collapsing cigars, hiding labels, showing identifiers, highlighting a gadget, numbering a
//! line of play and the legend are decided here once, so that DOT and TikZ show the same
//! figure.

use super::figure::{Figure, NodeStyle, Outline, Route, Start, VERTEX_FONT_PT, label_unicode};
use crate::problems::VertexId;

/// The reader's choices (`georeduce render` flags).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Show internal identifiers instead of the paper's labels (`--names`).
    pub names: bool,
    /// Draw no vertex labels (`--no-labels`).
    pub no_labels: bool,
    /// Black and white, players told apart by line style (`--mono`).
    pub mono: bool,
    /// Draw every vertex of a cigar (`--expand-cigars`).
    pub expand_cigars: bool,
    /// Draw every outlined gadget as one labelled shape, as the papers draw gadgets "as
    /// black boxes" (`--compact`); bare gadgets (diamonds) stay drawn in full.
    pub compact: bool,
    /// Mark the gadgets with this name (`--highlight`).
    pub highlight: Option<String>,
    /// A line of play to draw, numbered from 1.
    pub play: Vec<PlayedMove>,
    /// Replace the caption's first line.
    pub title: Option<String>,
}

/// One move of a line of play, as the overlay draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The edge used (`None` for placing a token).
    pub edge: Option<usize>,
    /// Where the token goes.
    pub to: VertexId,
    /// Who moves: 0 = I, 1 = II.
    pub player: u8,
}

/// The colours (Okabe–Ito, safe for colour-blind readers) or black for `--mono`.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// Player I, token 1.
    pub first: &'static str,
    /// Player II, token 2.
    pub second: &'static str,
    /// The token of an impartial game.
    pub token: &'static str,
    /// `--highlight`.
    pub highlight: &'static str,
    /// Gadget outlines and their captions.
    pub outline: &'static str,
    /// Vertices and arcs.
    pub ink: &'static str,
}

impl Palette {
    /// The default palette or the monochrome one.
    pub fn new(mono: bool) -> Palette {
        if mono {
            Palette {
                first: "000000",
                second: "000000",
                token: "000000",
                highlight: "000000",
                outline: "777777",
                ink: "000000",
            }
        } else {
            Palette {
                first: "0072B2",
                second: "D55E00",
                token: "009E73",
                highlight: "E69F00",
                outline: "999999",
                ink: "333333",
            }
        }
    }
}

/// A drawn node: a vertex, or a collapsed cigar.
#[derive(Clone, Debug)]
pub struct SceneNode {
    /// Name in the output (`v12`, `g3`).
    pub key: String,
    /// Label markup (empty: none).
    pub label: String,
    /// Position in units.
    pub pos: Option<(f64, f64)>,
    /// Vertex, dot, leaf, or a collapsed gadget.
    pub kind: SceneKind,
    /// Start mark.
    pub start: Option<Start>,
    /// NimG heap.
    pub weight: Option<u64>,
    /// Beamer step.
    pub step: usize,
    /// In the highlighted gadget.
    pub highlight: bool,
    /// Move numbers of the play overlay that put a token here (placing moves only).
    pub placed_by: Option<(usize, u8)>,
    /// The game's name of a vertex the figure draws unlabelled, shown small beside it
    /// because a line of play passes there (so the moves in words match the figure).
    pub tag: Option<Tag>,
}

/// A name drawn beside a vertex (see [`SceneNode::tag`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Tag {
    /// Markup.
    pub text: String,
    /// Direction from the vertex (degrees, anticlockwise from east): the middle of the
    /// widest gap between its edges, so that the name sits clear of the line of play.
    pub angle: f64,
}

/// What a scene node is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SceneKind {
    /// A vertex in the given style.
    Vertex(NodeStyle),
    /// A collapsed cigar: an ellipse of this width and height (units).
    Collapsed(f64, f64),
}

/// A drawn edge.
#[derive(Clone, Debug)]
pub struct SceneEdge {
    /// Tail (scene node index).
    pub from: usize,
    /// Head (scene node index).
    pub to: usize,
    /// How it runs (straight when an end is a collapsed cigar).
    pub route: Route,
    /// The move of the play overlay that used it: number and player.
    pub played: Option<(usize, u8)>,
    /// Beamer step.
    pub step: usize,
    /// No arrowhead in a directed figure.
    pub undirected: bool,
    /// Markup beside the edge's middle (the source's arc number); empty: none.
    pub label: String,
}

/// A drawn gadget outline.
#[derive(Clone, Debug)]
pub struct SceneOutline {
    /// Caption markup.
    pub label: String,
    /// Centre (units).
    pub centre: (f64, f64),
    /// Width and height (units).
    pub size: (f64, f64),
    /// Ellipse (cigar), rounded box, hull, or none (caption in the middle).
    pub shape: Outline,
    /// The corners of a [`Outline::Hull`] (units), counter-clockwise; empty otherwise.
    pub hull: Vec<(f64, f64)>,
    /// `--highlight` matched it.
    pub highlight: bool,
    /// Beamer step.
    pub step: usize,
    /// Where the caption's centre goes (units), and whether it hangs under the outline
    /// rather than standing on it (the first place no edge or vertex crosses).
    pub caption: ((f64, f64), bool),
}

impl SceneOutline {
    /// Where the caption's centre goes: on the outline's top edge, or under its bottom edge
    /// when every place on the top is crossed by an edge; centred in a bare gadget (the
    /// quantified variable inside its diamond).
    pub fn caption_at(&self) -> (f64, f64) {
        self.caption.0
    }

    /// The caption hangs under the outline (TikZ anchors it `below`, not `above`).
    pub fn caption_below(&self) -> bool {
        self.caption.1
    }

    /// Half the width and height of the caption's box at `font_pt` (units; a margin
    /// of 0.1 on each side).
    fn caption_half(&self, font_pt: f64) -> (f64, f64) {
        let grow = font_pt / 12.0;
        (
            grow * CAPTION_UNITS_PER_CHAR / 2.0 * label_unicode(&self.label).chars().count() as f64
                + 0.1,
            grow * 0.16,
        )
    }

    /// The top and bottom of the outline (units).
    fn top_bottom(&self) -> (f64, f64) {
        match self.shape {
            Outline::Hull => (
                self.hull.iter().map(|p| p.1).fold(self.centre.1, f64::max),
                self.hull.iter().map(|p| p.1).fold(self.centre.1, f64::min),
            ),
            _ => (
                self.centre.1 + self.size.1 / 2.0,
                self.centre.1 - self.size.1 / 2.0,
            ),
        }
    }

    /// Chooses where the caption goes: the first of top centre, top left, top right, bottom
    /// centre, bottom left, bottom right, anywhere along the top edge, beside on the right,
    /// beside on the left and anywhere along the bottom edge where no drawn edge or vertex
    /// crosses the caption's box (`segments` are the scene's edges
    /// as straight runs, `points` the vertex centres); where none is free, the first that
    /// meets fewest. A caption over an arc is what a lecturer redraws. `font_pt` is the
    /// caption's size before the drawing's scale (the box grows with it).
    fn place_caption(&mut self, segments: &[Segment], points: &[(f64, f64)], font_pt: f64) {
        if self.shape == Outline::Bare || self.label.is_empty() {
            self.caption = (self.centre, false);
            return;
        }
        let (top, bottom) = self.top_bottom();
        let half = self.caption_half(font_pt);
        // The outline's extreme points: on a hull (a diagonal gadget), the corners that
        // reach furthest up, down, left and right, so that a caption stands where the
        // outline is, not at a corner of its bounding box; else the box's sides' middles.
        let extreme = |key: &dyn Fn((f64, f64)) -> f64| {
            self.hull
                .iter()
                .copied()
                .fold(None, |b: Option<(f64, f64)>, p| match b {
                    Some(q) if key(q) >= key(p) => Some(q),
                    _ => Some(p),
                })
        };
        let (w2, h2) = (self.size.0 / 2.0, self.size.1 / 2.0);
        let c = self.centre;
        let (up, down, left, right) = match self.shape {
            Outline::Hull if !self.hull.is_empty() => (
                extreme(&|p| p.1).unwrap_or(c),
                extreme(&|p| -p.1).unwrap_or(c),
                extreme(&|p| -p.0).unwrap_or(c),
                extreme(&|p| p.0).unwrap_or(c),
            ),
            _ => (
                (c.0, c.1 + h2),
                (c.0, c.1 - h2),
                (c.0 - w2, c.1),
                (c.0 + w2, c.1),
            ),
        };
        let shift = match self.shape {
            Outline::Hull => half.0,
            _ => (w2 - half.0).max(0.0),
        };
        let mut candidates = Vec::new();
        for (x, y, below) in [
            (up.0, top + CAPTION_GAP, false),
            (down.0, bottom - CAPTION_GAP, true),
        ] {
            for dx in [0.0, -shift, shift] {
                candidates.push(((x + dx, y), below));
            }
        }
        // Then along the top edge in steps of a tenth of a unit, for a gadget whose lanes
        // leave only one gap wide enough (a clause cluster of `qbf-pvg`): above its outline,
        // where the reader looks for it, rather than beside.
        let steps = (shift / 0.1).floor() as i32;
        for k in -steps..=steps {
            candidates.push(((up.0 + 0.1 * f64::from(k), top + CAPTION_GAP), false));
        }
        // Beside the outline: where a narrow gadget stands on an arc that runs on through
        // both its top and its bottom (a spoke of a centred source).
        candidates.push(((right.0 + CAPTION_GAP + half.0, right.1 - half.1), false));
        candidates.push(((left.0 - CAPTION_GAP - half.0, left.1 - half.1), false));
        // Then along the bottom edge.
        for k in -steps..=steps {
            candidates.push(((down.0 + 0.1 * f64::from(k), bottom - CAPTION_GAP), true));
        }
        // What the caption's box at `c` hits: edges through it and vertices near it.
        let hits = |c: (f64, f64)| {
            let (x0, x1, y0, y1) = (c.0 - half.0, c.0 + half.0, c.1 - half.1, c.1 + half.1);
            segments
                .iter()
                .filter(|&&(a, b)| segment_meets_box(a, b, (x0, y0, x1, y1)))
                .count()
                + points
                    .iter()
                    .filter(|p| {
                        !(p.0 < x0 - 0.3 || p.0 > x1 + 0.3 || p.1 < y0 - 0.3 || p.1 > y1 + 0.3)
                    })
                    .count()
        };
        // The first free place, else the one hitting least (the first of those).
        self.caption = candidates
            .iter()
            .copied()
            .min_by_key(|&(c, _)| hits(c))
            .unwrap_or(candidates[0]);
    }
}

/// A straight run of a drawn edge, end to end (units).
type Segment = ((f64, f64), (f64, f64));

/// Width of one caption character in units at 12 pt (Helvetica, about 7 pt a character).
const CAPTION_UNITS_PER_CHAR: f64 = 0.135;
/// Distance from an outline's edge to its caption's centre (units).
const CAPTION_GAP: f64 = 0.18;

/// A routed edge with its ends on collapsed gadgets' borders ([`Scene::ported`]): the
/// border point where it leaves its tail's shape (when its route starts inside it), the
/// waypoints outside both shapes, and the border point where it enters its head's shape.
pub type Ported = (Option<(f64, f64)>, Vec<(f64, f64)>, Option<(f64, f64)>);

/// Whether the segment `a`–`b` meets the box `(x0, y0, x1, y1)` (Liang–Barsky clipping).
fn segment_meets_box(a: (f64, f64), b: (f64, f64), (x0, y0, x1, y1): (f64, f64, f64, f64)) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q) in [
        (-dx, a.0 - x0),
        (dx, x1 - a.0),
        (-dy, a.1 - y0),
        (dy, y1 - a.1),
    ] {
        if p.abs() < 1e-12 {
            if q < 0.0 {
                return false;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// One legend entry.
#[derive(Clone, Debug)]
pub struct LegendEntry {
    /// Colour (hex).
    pub colour: &'static str,
    /// Start mark (double circle) or a move arrow.
    pub arrow: bool,
    /// Dashed (player II in `--mono`).
    pub dashed: bool,
    /// Words.
    pub text: String,
}

/// The figure ready to write.
#[derive(Clone, Debug)]
pub struct Scene {
    /// Arcs or edges.
    pub directed: bool,
    /// All nodes have positions that graphviz must keep.
    pub pinned: bool,
    /// Engine when not pinned.
    pub engine: super::figure::Engine,
    /// Nodes.
    pub nodes: Vec<SceneNode>,
    /// Edges.
    pub edges: Vec<SceneEdge>,
    /// Outlines, under everything else.
    pub outlines: Vec<SceneOutline>,
    /// Caption lines (plain Unicode text): the title, then remarks; a long one is broken
    /// with `\n` and keeps its size on every line.
    pub caption: Vec<String>,
    /// Legend.
    pub legend: Vec<LegendEntry>,
    /// Colours.
    pub palette: Palette,
    /// Number of beamer steps.
    pub steps: usize,
    /// Labels are internal identifiers (`--names`): vertex circles grow to fit them.
    pub names: bool,
}

/// Padding of an outline around its members' centres (units).
const PAD: f64 = 0.45;

impl Scene {
    /// Applies `opts` to `fig`.
    pub fn new(fig: &Figure, opts: &Options) -> Scene {
        let palette = Palette::new(opts.mono);
        let n = fig.nodes.len();
        let highlighted = |name: &str| opts.highlight.as_deref() == Some(name);
        // Beamer steps: a vertex appears with the first gadget that holds it.
        let mut step = vec![0usize; n];
        for (gi, g) in fig.gadgets.iter().enumerate() {
            for &m in &g.members {
                if step[m] == 0 {
                    step[m] = gi + 1;
                }
            }
        }
        let steps = fig.gadgets.len().max(1);
        let mut nodes = Vec::new();
        let mut node_of: Vec<usize> = vec![usize::MAX; n];
        let mut outlines = Vec::new();
        // Per scene node: a box drawn only because of `--compact`.
        let mut compacted: Vec<bool> = Vec::new();
        // Past a size, hulls are simplified or not drawn (`budget::HullPlan`).
        let hulls = super::budget::HullPlan::of(fig);
        for (gi, g) in fig.gadgets.iter().enumerate() {
            let (centre, size) = extent(fig, &g.members);
            let collapsed = ((g.collapse && !opts.expand_cigars)
                || (opts.compact && g.outline != Outline::Bare))
                && fig.pinned();
            if collapsed {
                let k = nodes.len();
                compacted.push(!g.collapse || opts.expand_cigars);
                nodes.push(SceneNode {
                    key: format!("g{gi}"),
                    label: match (opts.no_labels, g.label.is_empty()) {
                        (true, _) => String::new(),
                        // An unlabelled gadget (an arc's hull) shows its name when collapsed.
                        (false, true) => g.name.clone(),
                        (false, false) => g.label.clone(),
                    },
                    pos: Some(g.collapsed_at.map_or(centre, |c| c.0)),
                    kind: match g.collapse {
                        // A cigar keeps its extent, as Fig. 4 draws it, unless the theorem
                        // gives its box.
                        true => {
                            let (w, h) = g.collapsed_at.map_or(size, |c| c.1);
                            SceneKind::Collapsed(w, h)
                        }
                        // `--compact`: a small shape that fits its caption, or the box the
                        // theorem gives, where its routes for a collapsed gadget end.
                        false => match g.collapsed_at {
                            Some((_, (w, h))) => SceneKind::Collapsed(w, h),
                            None => {
                                let chars =
                                    label_unicode(&g.label).chars().count().max(g.name.len());
                                let w = (0.14 * chars as f64 + 0.6).clamp(1.0, size.0);
                                SceneKind::Collapsed(w, 0.8_f64.min(size.1))
                            }
                        },
                    },
                    start: None,
                    weight: None,
                    step: gi + 1,
                    highlight: highlighted(&g.name),
                    placed_by: None,
                    tag: None,
                });
                for &m in &g.members {
                    node_of[m] = k;
                }
            } else {
                let hull = match g.outline {
                    Outline::Hull => match hulls.draw(|| hull_around(fig, &g.members)) {
                        Some(hull) => hull,
                        None => continue,
                    },
                    _ => Vec::new(),
                };
                outlines.push(SceneOutline {
                    label: g.label.clone(),
                    centre,
                    size,
                    shape: g.outline,
                    hull,
                    highlight: highlighted(&g.name),
                    step: gi + 1,
                    caption: (centre, false),
                });
            }
        }
        for (v, node) in fig.nodes.iter().enumerate() {
            if node_of[v] != usize::MAX {
                continue;
            }
            let label = if opts.no_labels {
                String::new()
            } else if opts.names {
                node.id.replace('_', "\\_")
            } else {
                node.label.clone()
            };
            // A start is drawn as a double circle even where the paper draws a dot.
            let style = match (opts.names || node.start.is_some(), node.style) {
                (true, NodeStyle::Point) => NodeStyle::Vertex,
                (_, s) => s,
            };
            let in_highlight = fig
                .gadgets
                .iter()
                .any(|g| highlighted(&g.name) && g.members.contains(&v));
            node_of[v] = nodes.len();
            compacted.push(false);
            nodes.push(SceneNode {
                key: format!("v{v}"),
                label,
                pos: node.pos,
                kind: SceneKind::Vertex(style),
                start: node.start,
                weight: node.weight,
                step: step[v].max(1),
                highlight: in_highlight,
                placed_by: None,
                tag: None,
            });
        }
        // Edges between drawn nodes; a bundle into a collapsed cigar is drawn once.
        let mut edges: Vec<SceneEdge> = Vec::new();
        let mut edge_of: Vec<Option<usize>> = vec![None; fig.edges.len()];
        for (i, e) in fig.edges.iter().enumerate() {
            let (a, b) = (node_of[e.from], node_of[e.to]);
            if a == b && e.from != e.to {
                continue;
            }
            let same = |x: &SceneEdge| {
                (x.from, x.to) == (a, b) || (!fig.directed && (x.from, x.to) == (b, a))
            };
            let collapsed_end = matches!(nodes[a].kind, SceneKind::Collapsed(..))
                || matches!(nodes[b].kind, SceneKind::Collapsed(..));
            if collapsed_end && let Some(k) = edges.iter().position(same) {
                edge_of[i] = Some(k);
                continue;
            }
            edge_of[i] = Some(edges.len());
            edges.push(SceneEdge {
                from: a,
                to: b,
                // A box drawn only for `--compact` hides where the theorem's route began,
                // unless the theorem routed the arc for its collapsed gadget too (its ports
                // on the box, `Figure::route_collapsed`); a gadget the paper itself draws
                // collapsed (a cigar, a cluster) keeps its route.
                route: if collapsed_end && let Some(r) = &e.collapsed_route {
                    r.clone()
                } else if compacted[a] || compacted[b] {
                    Route::Straight
                } else {
                    e.route.clone()
                },
                played: None,
                step: nodes[a].step.max(nodes[b].step),
                undirected: e.undirected,
                label: if opts.no_labels {
                    String::new()
                } else {
                    e.label.clone()
                },
            });
        }
        let pinned = fig.pinned() && !fig.graphviz_lays_out;
        if pinned {
            bend_straight_twins(&nodes, &mut edges);
        }
        // A dot given a label (a stub of a detail figure) shows it beside the dot, in the
        // widest gap between its edges.
        for k in 0..nodes.len() {
            if nodes[k].kind == SceneKind::Vertex(NodeStyle::Point) && !nodes[k].label.is_empty() {
                let text = std::mem::take(&mut nodes[k].label);
                nodes[k].tag = Some(Tag {
                    angle: free_angle(&nodes, &edges, k),
                    text,
                });
            }
        }
        // Unlabelled vertices the line passes through show the game's name for them, the
        // name the moves in words use (`T₁ -> x₁`), where the paper draws only a dot.
        let mut visited: Vec<VertexId> = Vec::new();
        for m in &opts.play {
            if let Some(e) = m.edge.and_then(|e| fig.edges.get(e)) {
                visited.push(e.from);
            }
            visited.push(m.to);
        }
        for v in visited {
            let Some(&k) = node_of.get(v) else { continue };
            let unnamed =
                matches!(nodes[k].kind, SceneKind::Vertex(_)) && nodes[k].label.is_empty();
            if unnamed && !opts.no_labels && !fig.nodes[v].spoken.is_empty() {
                nodes[k].tag = Some(Tag {
                    text: fig.nodes[v].spoken.clone(),
                    angle: free_angle(&nodes, &edges, k),
                });
            }
        }
        for (k, m) in opts.play.iter().enumerate() {
            match m.edge.and_then(|e| edge_of.get(e).copied().flatten()) {
                Some(se) => edges[se].played = Some((k + 1, m.player)),
                None => {
                    if let Some(&nd) = node_of.get(m.to) {
                        nodes[nd].placed_by = Some((k + 1, m.player));
                    }
                }
            }
        }
        if pinned {
            fit_boxes_round_loops(&nodes, &edges, &mut outlines);
        }
        let mut caption = fig.caption.clone();
        if let (true, Some(t)) = (opts.expand_cigars, &fig.expanded_caption) {
            caption[0] = t.clone();
        }
        if let Some(t) = &opts.title {
            caption[0] = t.clone();
        }
        caption.extend(hulls.note());
        // Long lines are broken so that a caption never sets the width of a narrow figure.
        let caption = caption
            .iter()
            .map(|c| wrap(&label_unicode(c), CAPTION_CHARS).join("\n"))
            .collect();
        let legend = legend(fig, opts, &palette);
        let mut scene = Scene {
            directed: fig.directed,
            pinned,
            engine: fig.engine,
            nodes,
            edges,
            outlines,
            caption,
            legend,
            palette,
            steps,
            names: opts.names,
        };
        // Outline captions as large as the vertex labels, clear of the drawn edges.
        scene.place_captions(VERTEX_FONT_PT);
        scene
    }

    /// Whether `p` (units) lies strictly inside scene node `k` when `k` is a collapsed
    /// gadget: inside DOT's ellipse, or (`stadium`) inside TikZ's stadium of the same width
    /// and height. A vertex has no inside here.
    pub fn inside_collapsed(&self, k: usize, p: (f64, f64), stadium: bool) -> bool {
        let n = &self.nodes[k];
        let (SceneKind::Collapsed(w, h), Some(c)) = (n.kind, n.pos) else {
            return false;
        };
        let (dx, dy) = ((p.0 - c.0).abs(), (p.1 - c.1).abs());
        let (a, b) = (w / 2.0, h / 2.0);
        if stadium {
            // The flat middle, then the half-discs of radius b at its ends.
            let reach = (dx - (a - b)).max(0.0);
            dy < b && reach * reach + dy * dy < b * b
        } else {
            (dx / a).powi(2) + (dy / b).powi(2) < 1.0
        }
    }

    /// A routed edge's waypoints without those inside a collapsed end's shape: a theorem's
    /// route for a collapsed gadget ([`Figure::route_collapsed`]) may start (or end)
    /// inside the box, so that the edge leaves it where the route's first run crosses its
    /// border, a port of its own, instead of from the centre. Returns that border point at
    /// each end where waypoints were dropped, and the waypoints left. `stadium` as in
    /// [`Scene::inside_collapsed`].
    ///
    /// [`Figure::route_collapsed`]: super::Figure::route_collapsed
    pub fn ported(&self, e: &SceneEdge, stadium: bool) -> Ported {
        let Route::Through(ways) = &e.route else {
            return (None, Vec::new(), None);
        };
        // Where the run from `inside` to `outside` crosses node k's border (bisection).
        let border = |k: usize, inside: (f64, f64), outside: (f64, f64)| {
            let (mut i, mut o) = (inside, outside);
            for _ in 0..40 {
                let m = ((i.0 + o.0) / 2.0, (i.1 + o.1) / 2.0);
                if self.inside_collapsed(k, m, stadium) {
                    i = m;
                } else {
                    o = m;
                }
            }
            o
        };
        let head = self.nodes[e.to].pos.unwrap_or_default();
        let tail = self.nodes[e.from].pos.unwrap_or_default();
        let lead = ways
            .iter()
            .take_while(|&&w| self.inside_collapsed(e.from, w, stadium))
            .count();
        let trail = ways[lead..]
            .iter()
            .rev()
            .take_while(|&&w| self.inside_collapsed(e.to, w, stadium))
            .count();
        let kept = ways[lead..ways.len() - trail].to_vec();
        let start = (lead > 0).then(|| {
            let next = kept.first().copied().unwrap_or(head);
            border(e.from, ways[lead - 1], next)
        });
        let end = (trail > 0).then(|| {
            let before = kept.last().copied().unwrap_or(tail);
            border(e.to, ways[ways.len() - trail], before)
        });
        (start, kept, end)
    }

    /// The direction (radians, counter-clockwise from the x axis) in which a loop at node
    /// `k` is drawn: away from the mean direction of `k`'s other edges, upwards when it has
    /// none. DOT and TikZ draw the loop there, its number beyond it.
    pub fn loop_angle(&self, k: usize) -> f64 {
        loop_angle_of(&self.nodes, &self.edges, k)
    }

    /// The number of pairs of drawn edges that cross (see [`super::figure::crossings_of`]):
    /// as drawn, so an arc into a collapsed cluster counts from the cluster's centre.
    pub fn crossings(&self) -> usize {
        let paths: Vec<Vec<(f64, f64)>> = self
            .edges
            .iter()
            .filter_map(|e| {
                let (a, b) = (self.nodes[e.from].pos?, self.nodes[e.to].pos?);
                Some(super::figure::drawn_path(a, &e.route, b))
            })
            .collect();
        super::figure::crossings_of(&paths)
    }

    /// Places every outline caption, `font_pt` high before the drawing's scale, clear of
    /// the drawn edges and vertices where it can (the DOT writes captions at
    /// [`VERTEX_FONT_PT`]; TikZ at its vertex font, larger in a shrunk drawing).
    pub fn place_captions(&mut self, font_pt: f64) {
        let segments = edge_segments(&self.nodes, &self.edges);
        let points: Vec<(f64, f64)> = self
            .nodes
            .iter()
            .filter(|n| matches!(n.kind, SceneKind::Vertex(_)))
            .filter_map(|n| n.pos)
            .collect();
        for o in &mut self.outlines {
            o.place_caption(&segments, &points, font_pt);
        }
    }

    /// For each captioned outline (not a bare one), its caption and how many straight runs
    /// of the drawn edges cross the caption's box at `font_pt` where it was placed.
    pub fn caption_crossings(&self, font_pt: f64) -> Vec<(String, usize)> {
        let segments = edge_segments(&self.nodes, &self.edges);
        self.outlines
            .iter()
            .filter(|o| o.shape != Outline::Bare && !o.label.is_empty())
            .map(|o| {
                let (c, half) = (o.caption_at(), o.caption_half(font_pt));
                let b = (c.0 - half.0, c.1 - half.1, c.0 + half.0, c.1 + half.1);
                let n = segments
                    .iter()
                    .filter(|&&(a, z)| segment_meets_box(a, z, b))
                    .count();
                (o.label.clone(), n)
            })
            .collect()
    }

    /// Bounding box of all positioned nodes and outlines, in units.
    pub fn bbox(&self) -> (f64, f64, f64, f64) {
        let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        let mut add = |x: f64, y: f64, w: f64, h: f64| {
            b = (
                b.0.min(x - w / 2.0),
                b.1.min(y - h / 2.0),
                b.2.max(x + w / 2.0),
                b.3.max(y + h / 2.0),
            );
        };
        for n in &self.nodes {
            if let Some((x, y)) = n.pos {
                match n.kind {
                    SceneKind::Collapsed(w, h) => add(x, y, w, h),
                    SceneKind::Vertex(_) => add(x, y, 0.6, 0.6),
                }
            }
        }
        for e in &self.edges {
            if let Route::Through(ways) = &e.route {
                for &(x, y) in ways {
                    add(x, y, 0.2, 0.2);
                }
            }
        }
        for o in &self.outlines {
            match o.shape {
                Outline::Bare => {}
                Outline::Hull => {
                    for &(x, y) in &o.hull {
                        add(x, y, 0.1, 0.1);
                    }
                }
                _ => add(o.centre.0, o.centre.1, o.size.0, o.size.1 + 0.5),
            }
        }
        if b.0 > b.2 { (0.0, 0.0, 1.0, 1.0) } else { b }
    }

    /// Colour of player/token `p`.
    pub fn player_colour(&self, p: u8) -> &'static str {
        if p == 0 {
            self.palette.first
        } else {
            self.palette.second
        }
    }

    /// Colour and words of a start mark.
    pub fn start_colour(&self, s: Start) -> &'static str {
        match s {
            Start::Token => self.palette.token,
            Start::Player(p) | Start::Shared(p) => self.player_colour(p),
            Start::Both => self.palette.highlight,
        }
    }
}

/// How far (units) the middle of each of two drawn twins (antiparallel arcs, or parallel
/// ones of a multigraph) stands from the straight line between their ends: the two run
/// `2 × TWIN_BOW` apart there, as two bent arcs.
pub const TWIN_BOW: f64 = 0.2;

/// Draws every group of straight edges between the same two nodes as bent arcs bowing
/// apart (graphviz drew an antiparallel pair of a pinned figure as two curves that met
/// at one end, or, with arc numbers, nearly on top of each other; TikZ drew them as one
/// line): the arcs of one direction bow to one side, those of the other to the other, by
/// [`TWIN_BOW`] more for each further arc. Routed edges keep their routes.
fn bend_straight_twins(nodes: &[SceneNode], edges: &mut [SceneEdge]) {
    let mut groups: std::collections::BTreeMap<(usize, usize), Vec<usize>> =
        std::collections::BTreeMap::new();
    for (i, e) in edges.iter().enumerate() {
        let placed = nodes[e.from].pos.is_some() && nodes[e.to].pos.is_some();
        if e.from != e.to && placed && e.route == Route::Straight {
            groups
                .entry((e.from.min(e.to), e.from.max(e.to)))
                .or_default()
                .push(i);
        }
    }
    for ((a, b), members) in groups {
        if members.len() < 2 {
            continue;
        }
        let (pa, pb) = (
            nodes[a].pos.unwrap_or_default(),
            nodes[b].pos.unwrap_or_default(),
        );
        let (dx, dy) = (pb.0 - pa.0, pb.1 - pa.1);
        let len = dx.hypot(dy);
        if len < 1e-9 {
            continue;
        }
        // The left normal of a → b; an arc b → a bows to its own left, the other side.
        let normal = (-dy / len, dx / len);
        let both_ways = members.iter().any(|&i| edges[i].from == b);
        let (mut forward, mut backward) = (0.0, 0.0);
        let count = members.len() as f64;
        for (rank, &i) in members.iter().enumerate() {
            let bow = if both_ways {
                let k = if edges[i].from == a {
                    forward += 1.0;
                    forward
                } else {
                    backward += 1.0;
                    -backward
                };
                k * TWIN_BOW
            } else {
                // All one way: spread symmetrically round the straight line.
                (rank as f64 - (count - 1.0) / 2.0) * 2.0 * TWIN_BOW
            };
            if bow.abs() < 1e-9 {
                continue;
            }
            // A parabola through three points, `bow` out at its middle, from a to b (the ends
            // clear of both vertex circles, so that the arrowhead stands on the border).
            let ways: Vec<(f64, f64)> = [0.28, 0.5, 0.72]
                .iter()
                .map(|&t| {
                    let off = bow * 4.0 * t * (1.0 - t);
                    (
                        pa.0 + dx * t + normal.0 * off,
                        pa.1 + dy * t + normal.1 * off,
                    )
                })
                .collect();
            edges[i].route = Route::Through(match edges[i].from == a {
                true => ways,
                false => ways.into_iter().rev().collect(),
            });
        }
    }
}

/// The least room (units) between a loop (or its number) and the dashed box round its
/// vertex.
pub const LOOP_BOX_MARGIN: f64 = 0.15;

/// Grows every box outline that holds a vertex with a loop so that the loop and its number
/// stand inside it, [`LOOP_BOX_MARGIN`] clear of its edge (the box round a source drawn
/// beside its target cut through `w`'s loop in `deg.geo`). The loop's extent is taken
/// from where DOT and TikZ draw it ([`Scene::loop_angle`]), padded for either writer.
fn fit_boxes_round_loops(nodes: &[SceneNode], edges: &[SceneEdge], outlines: &mut [SceneOutline]) {
    for e in edges {
        let routed = matches!(&e.route, Route::Through(ws) if !ws.is_empty());
        if e.from != e.to || routed {
            continue;
        }
        let Some(c) = nodes[e.from].pos else { continue };
        let theta = loop_angle_of(nodes, edges, e.from);
        let r = match nodes[e.from].kind {
            SceneKind::Vertex(NodeStyle::Point) => 0.09,
            SceneKind::Vertex(NodeStyle::Leaf) => 0.11,
            SceneKind::Vertex(_) => {
                0.3 + if nodes[e.from].start.is_some() {
                    0.08
                } else {
                    0.0
                }
            }
            SceneKind::Collapsed(w, h) => w.max(h) / 2.0,
        };
        let at = |angle: f64, d: f64| (c.0 + d * angle.cos(), c.1 + d * angle.sin());
        // The loop's two flanks and far end, and its number beyond it, each with room
        // for a character.
        let mut marks = vec![
            (at(theta + 0.6, r + 0.45), 0.08),
            (at(theta - 0.6, r + 0.45), 0.08),
            (at(theta, r + 0.5), 0.08),
        ];
        if !e.label.is_empty() {
            marks.push((at(theta, r + 0.78), 0.2));
        }
        for o in outlines.iter_mut() {
            let (hw, hh) = (o.size.0 / 2.0, o.size.1 / 2.0);
            let inside = (c.0 - o.centre.0).abs() < hw && (c.1 - o.centre.1).abs() < hh;
            if o.shape != Outline::Box || !inside {
                continue;
            }
            let (mut x0, mut y0) = (o.centre.0 - hw, o.centre.1 - hh);
            let (mut x1, mut y1) = (o.centre.0 + hw, o.centre.1 + hh);
            for &((x, y), pad) in &marks {
                let room = pad + LOOP_BOX_MARGIN;
                x0 = x0.min(x - room);
                y0 = y0.min(y - room);
                x1 = x1.max(x + room);
                y1 = y1.max(y + room);
            }
            o.centre = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
            o.size = (x1 - x0, y1 - y0);
        }
    }
}

/// [`Scene::loop_angle`] before the scene is built: away from the mean direction of `k`'s
/// other edges, upwards when it has none.
fn loop_angle_of(nodes: &[SceneNode], edges: &[SceneEdge], k: usize) -> f64 {
    let c = nodes[k].pos.unwrap_or_default();
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
    for e in edges {
        let other = match (e.from == k, e.to == k) {
            (true, false) => e.to,
            (false, true) => e.from,
            _ => continue,
        };
        if let Some(q) = nodes[other].pos {
            let len = ((q.0 - c.0).powi(2) + (q.1 - c.1).powi(2)).sqrt().max(1e-9);
            sx += (q.0 - c.0) / len;
            sy += (q.1 - c.1) / len;
            n += 1.0;
        }
    }
    if n > 0.0 && sx.hypot(sy) > 1e-6 {
        (-sy).atan2(-sx)
    } else {
        std::f64::consts::FRAC_PI_2
    }
}

/// Every drawn edge as straight runs (units): node to node, or through its waypoints.
fn edge_segments(nodes: &[SceneNode], edges: &[SceneEdge]) -> Vec<Segment> {
    let mut out = Vec::new();
    for e in edges {
        let (Some(a), Some(b)) = (nodes[e.from].pos, nodes[e.to].pos) else {
            continue;
        };
        let mut path = vec![a];
        if let Route::Through(ways) = &e.route {
            path.extend(ways.iter().copied());
        }
        path.push(b);
        out.extend(path.windows(2).map(|w| (w[0], w[1])));
    }
    out
}

/// The direction (degrees) from scene node `k` furthest from its drawn edges: of the eight
/// compass directions, the one whose nearest edge is furthest away; on a tie, the one
/// whose side (a name to the left or right of its vertex reaches along the horizontal) has
/// its nearest edge furthest from the horizontal; then east first.
fn free_angle(nodes: &[SceneNode], edges: &[SceneEdge], k: usize) -> f64 {
    let Some(p) = nodes[k].pos else { return 0.0 };
    let mut angles: Vec<f64> = Vec::new();
    for e in edges {
        let other = match (e.from == k, e.to == k) {
            (true, false) => e.to,
            (false, true) => e.from,
            _ => continue,
        };
        // Towards the edge's first bend near `k`, else towards its other end.
        let q = match &e.route {
            Route::Through(ways) if !ways.is_empty() => match e.from == k {
                true => ways[0],
                false => ways[ways.len() - 1],
            },
            _ => match nodes[other].pos {
                Some(q) => q,
                None => continue,
            },
        };
        angles.push((q.1 - p.1).atan2(q.0 - p.0).to_degrees());
    }
    let gap = |a: f64, b: f64| {
        let d = (a - b).rem_euclid(360.0);
        d.min(360.0 - d)
    };
    let mut best = (f64::MIN, f64::MIN, 0.0);
    for i in 0..8 {
        let a = 45.0 * i as f64;
        let room = angles.iter().map(|&b| gap(a, b)).fold(360.0, f64::min);
        // A name set below-left of its vertex runs along an edge leaving due west.
        let horizontal = match a.to_radians().cos() {
            c if c > 0.1 => Some(0.0),
            c if c < -0.1 => Some(180.0),
            _ => None,
        };
        let side_room = horizontal.map_or(360.0, |h| {
            angles.iter().map(|&b| gap(h, b)).fold(360.0, f64::min)
        });
        if room > best.0 + 1e-9 || ((room - best.0).abs() <= 1e-9 && side_room > best.1 + 1e-9) {
            best = (room, side_room, a);
        }
    }
    best.2
}

/// Longest caption line (characters) before it is broken at a space.
pub const CAPTION_CHARS: usize = 80;

/// `text` broken at spaces into lines of at most `width` characters (a longer word stands
/// alone), about equally long.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let len = text.chars().count();
    if len <= width {
        return vec![text.to_string()];
    }
    let lines = len.div_ceil(width);
    // Each line may run a little past the even share, never past `width`.
    let limit = (len.div_ceil(lines) + 8).min(width);
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let (have, more) = (line.chars().count(), word.chars().count());
        if !line.is_empty() && have + 1 + more > limit {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// How far a hull keeps from its members' centres (units): clear of a vertex circle (which
/// grows with a heap size under its label), and of a dot.
const HULL_PAD: f64 = 0.55;
const HULL_PAD_POINT: f64 = 0.3;

/// The padded convex hull of `members` (each centre widened to a 12-gon of radius
/// [`HULL_PAD`], or [`HULL_PAD_POINT`] for a dot), counter-clockwise (Andrew's monotone
/// chain).
fn hull_around(fig: &Figure, members: &[VertexId]) -> Vec<(f64, f64)> {
    let centres: Vec<((f64, f64), f64)> = members
        .iter()
        .filter_map(|&m| Some((fig.nodes[m].pos?, hull_pad(fig.nodes[m].style))))
        .collect();
    padded_hull(&centres)
}

/// How far a hull reaches beyond the centre of a member drawn in `style` (units).
pub fn hull_pad(style: NodeStyle) -> f64 {
    match style {
        NodeStyle::Point => HULL_PAD_POINT,
        _ => HULL_PAD,
    }
}

/// The convex hull of `centres`, each widened to a 12-gon of its radius, counter-clockwise
/// (Andrew's monotone chain): the dashed outline of an arc gadget, which the figures that
/// place arc gadgets keep apart (`reductions::figure_helpers::GadgetPlacer`).
pub fn padded_hull(centres: &[((f64, f64), f64)]) -> Vec<(f64, f64)> {
    let mut pts: Vec<(f64, f64)> = Vec::new();
    for &((x, y), pad) in centres {
        for k in 0..12 {
            let a = std::f64::consts::TAU * k as f64 / 12.0;
            pts.push((x + pad * a.cos(), y + pad * a.sin()));
        }
    }
    pts.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let cross = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut hull: Vec<(f64, f64)> = Vec::new();
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &(f64, f64)>> = match pass {
            0 => Box::new(pts.iter()),
            _ => Box::new(pts.iter().rev()),
        };
        for &p in iter {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// Centre and size of the outline around `members`.
fn extent(fig: &Figure, members: &[VertexId]) -> ((f64, f64), (f64, f64)) {
    let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &m in members {
        if let Some((x, y)) = fig.nodes[m].pos {
            b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
        }
    }
    if b.0 > b.2 {
        return ((0.0, 0.0), (1.0, 1.0));
    }
    (
        ((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0),
        (b.2 - b.0 + 2.0 * PAD + 0.3, b.3 - b.1 + 2.0 * PAD + 0.3),
    )
}

fn legend(fig: &Figure, opts: &Options, pal: &Palette) -> Vec<LegendEntry> {
    let mut out = Vec::new();
    let mut seen: Vec<Start> = Vec::new();
    for n in &fig.nodes {
        if let Some(s) = n.start
            && !seen.contains(&s)
        {
            seen.push(s);
        }
    }
    seen.sort_by_key(|s| match s {
        Start::Token => 0,
        Start::Player(p) => 1 + p,
        Start::Shared(p) => 3 + p,
        Start::Both => 5,
    });
    for s in seen {
        let (colour, text, dashed) = match s {
            Start::Token => (pal.token, "start".to_string(), false),
            Start::Player(0) => (pal.first, "I's token starts".to_string(), false),
            Start::Player(_) => (pal.second, "II's token starts".to_string(), opts.mono),
            Start::Shared(p) => (
                if p == 0 { pal.first } else { pal.second },
                format!("token {} starts", p + 1),
                opts.mono && p == 1,
            ),
            Start::Both => (pal.highlight, "both tokens start".to_string(), false),
        };
        out.push(LegendEntry {
            colour,
            arrow: false,
            dashed,
            text,
        });
    }
    if !opts.play.is_empty() {
        out.push(LegendEntry {
            colour: pal.first,
            arrow: true,
            dashed: false,
            text: "move n by I".into(),
        });
        out.push(LegendEntry {
            colour: pal.second,
            arrow: true,
            dashed: opts.mono,
            text: "move n by II".into(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrap_breaks_long_captions_into_even_lines_at_spaces() {
        assert_eq!(wrap("short caption", 80), vec!["short caption"]);
        let text = "Generalized Geography board: a diamond per variable, a vertex per clause \
                    (Sipser, Thm 8.14)";
        let lines = wrap(text, 80);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{lines:?}");
        // A word longer than the width stands alone rather than being cut.
        let long = "x".repeat(90);
        assert_eq!(
            wrap(&format!("a {long} b"), 80),
            vec!["a".to_string(), long, "b".into()]
        );
    }
}
