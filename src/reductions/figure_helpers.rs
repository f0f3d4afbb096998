//! Placement shared by the figures of constructions that keep the source board: the source
//! graph's shape (a circle, or the cycle/two-column drawing of [`crate::render::fallback`]
//! for undirected graphs), arc gadgets drawn small along the arc they replace (antiparallel
//! and parallel arcs side by side, loops as small outward loops), and pendant leaves.
//!
//! Kept here, beside the reductions, so the figure model in `src/render/` stays the figure
//! model; every position is computed from the graph alone (no randomness), so the output is
//! byte-identical for the same input.

use crate::problems::{Graph, VertexId};
use crate::render::Figure;
use crate::render::figure::{NodeStyle, Route};
use crate::render::scene::{hull_pad, padded_hull};

/// A point in figure units.
pub type Point = (f64, f64);

/// Positions of the source graph's vertices, `spacing` units between neighbours on the
/// circle. Undirected graphs that [`crate::render::fallback`] pins (a Hamiltonian cycle as
/// a circle, bipartite graphs in two columns) keep that drawing, scaled so that the closest
/// two vertices are `spacing` apart; everything else goes on a circle in vertex order,
/// starting at the top and running clockwise.
pub fn source_positions(graph: &Graph, spacing: f64) -> Vec<Point> {
    let n = graph.n();
    if !graph.directed {
        let mut fig = Figure::of_graph(graph, "");
        crate::render::fallback::place(&mut fig);
        if fig.pinned() && !fig.graphviz_lays_out {
            let pos: Vec<Point> = fig.nodes.iter().filter_map(|v| v.pos).collect();
            let mut closest = f64::MAX;
            for i in 0..n {
                for j in i + 1..n {
                    closest = closest.min(dist(pos[i], pos[j]));
                }
            }
            let k = if closest > 1e-9 && closest < f64::MAX {
                spacing / closest
            } else {
                1.0
            };
            return pos.iter().map(|&(x, y)| (x * k, y * k)).collect();
        }
    }
    let order = fewest_crossings(graph);
    let spots = circle(n, spacing);
    let mut pos = vec![(0.0, 0.0); n];
    for (k, &v) in order.iter().enumerate() {
        pos[v] = spots[k];
    }
    if !(4..=ORDERS_MAX).contains(&n) {
        return pos;
    }
    let crossed = drawn_crossings(&distinct_chords(graph), &pos, spacing);
    match crossed > 0 {
        true => centred_positions(graph, spacing, crossed).unwrap_or(pos),
        false => pos,
    }
}

/// A drawing with one vertex in the middle and the others on a circle round it, when one
/// crosses fewer arcs than `crossed` (the best circle's): a graph that is planar but not
/// outerplanar, such as `examples/games/dvg.geo` (a 4-cycle `s c b d` with `a` joined to
/// three of its vertices), has a crossing on every circle, and there an arc runs across the
/// whole figure as a chord; with `a` in the middle none does. Every centre and every order
/// of the rim (its least vertex at the top) is tried, up to [`ORDERS_MAX`] vertices; the
/// first with the fewest crossings wins, so the answer is deterministic. The rim is as wide
/// as needed for neighbours on it, and the middle vertex to the rim, to be `spacing` apart.
fn centred_positions(graph: &Graph, spacing: f64, crossed: usize) -> Option<Vec<Point>> {
    let n = graph.n();
    let rim_n = n - 1;
    let side = 2.0 * (std::f64::consts::PI / rim_n as f64).sin();
    let radius = spacing / side.min(1.0);
    let rim: Vec<Point> = circle(rim_n, radius * side);
    let chords = distinct_chords(graph);
    let mut best: Option<(usize, Vec<Point>)> = None;
    for middle in 0..n {
        let mut rest: Vec<VertexId> = (0..n).filter(|&v| v != middle).collect();
        let first = rest.remove(0);
        for_each_order(&mut rest, |order| {
            let mut pos = vec![(0.0, 0.0); n];
            pos[first] = rim[0];
            for (k, &v) in order.iter().enumerate() {
                pos[v] = rim[k + 1];
            }
            let k = drawn_crossings(&chords, &pos, spacing);
            if k < best.as_ref().map_or(crossed, |b| b.0) {
                best = Some((k, pos));
            }
        });
    }
    best.map(|b| b.1)
}

/// The distinct chords (unordered pairs of different vertices) of `graph`'s arcs.
fn distinct_chords(graph: &Graph) -> Vec<(VertexId, VertexId)> {
    let mut chords: Vec<(VertexId, VertexId)> = graph
        .edges
        .iter()
        .filter(|&&(a, b)| a != b)
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    chords.sort_unstable();
    chords.dedup();
    chords
}

/// Pairs of straight `chords` drawn at `pos` that cross, plus chords that pass through a
/// vertex they do not join (within a tenth of `spacing`).
fn drawn_crossings(chords: &[(VertexId, VertexId)], pos: &[Point], spacing: f64) -> usize {
    let mut count = 0;
    for (i, &(a, b)) in chords.iter().enumerate() {
        for &(c, d) in &chords[i + 1..] {
            let shared = [c, d].iter().any(|x| *x == a || *x == b);
            if !shared && crossing(pos[a], pos[b], pos[c], pos[d]).is_some() {
                count += 1;
            }
        }
        count += (0..pos.len())
            .filter(|&v| v != a && v != b)
            .filter(|&v| segment_distance(pos[v], pos[a], pos[b]) < 0.1 * spacing)
            .count();
    }
    count
}

/// Calls `visit` with every order of `items` (Heap's algorithm; `items` itself first).
fn for_each_order(items: &mut [VertexId], mut visit: impl FnMut(&[VertexId])) {
    visit(items);
    let mut c = vec![0; items.len()];
    let mut i = 0;
    while i < items.len() {
        if c[i] < i {
            if i % 2 == 0 {
                items.swap(0, i);
            } else {
                items.swap(c[i], i);
            }
            visit(items);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

/// Largest graph whose circular orders are all tried.
const ORDERS_MAX: usize = 8;

/// A circular order of the vertices (vertex 0 first) with the fewest crossing chords,
/// trying every order of up to [`ORDERS_MAX`] vertices (the first found wins ties, so the
/// answer is deterministic); vertex order for larger graphs.
fn fewest_crossings(graph: &Graph) -> Vec<VertexId> {
    let n = graph.n();
    let identity: Vec<VertexId> = (0..n).collect();
    if !(4..=ORDERS_MAX).contains(&n) {
        return identity;
    }
    let chords: Vec<(VertexId, VertexId)> = graph
        .edges
        .iter()
        .filter(|&&(a, b)| a != b)
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    let crossings = |order: &[VertexId]| {
        let mut at = vec![0; n];
        for (k, &v) in order.iter().enumerate() {
            at[v] = k;
        }
        let mut count = 0;
        for (i, &(a, b)) in chords.iter().enumerate() {
            let (p, q) = (at[a].min(at[b]), at[a].max(at[b]));
            for &(c, d) in &chords[i + 1..] {
                let (r, s) = (at[c], at[d]);
                let inside = |x: usize| p < x && x < q;
                let shared = [c, d].iter().any(|x| *x == a || *x == b);
                if !shared && inside(r) != inside(s) {
                    count += 1;
                }
            }
        }
        count
    };
    let mut best = (usize::MAX, identity);
    // Every order of the vertices after the first (the identity first, so that it wins
    // ties).
    let mut rest: Vec<VertexId> = (1..n).collect();
    for_each_order(&mut rest, |rest| {
        let order: Vec<VertexId> = std::iter::once(0).chain(rest.iter().copied()).collect();
        let k = crossings(&order);
        if k < best.0 {
            best = (k, order);
        }
    });
    best.1
}

/// `n` points on a circle, neighbours `spacing` apart, the first at the top, clockwise.
pub fn circle(n: usize, spacing: f64) -> Vec<Point> {
    if n <= 1 {
        return vec![(0.0, 0.0); n];
    }
    let step = std::f64::consts::TAU / n as f64;
    let r = spacing / (2.0 * (step / 2.0).sin());
    (0..n)
        .map(|k| {
            let a = std::f64::consts::FRAC_PI_2 - step * k as f64;
            (r * a.cos(), r * a.sin())
        })
        .collect()
}

/// The centroid of `pts` (the origin for none).
pub fn centroid(pts: &[Point]) -> Point {
    if pts.is_empty() {
        return (0.0, 0.0);
    }
    let n = pts.len() as f64;
    let (x, y) = pts.iter().fold((0.0, 0.0), |a, p| (a.0 + p.0, a.1 + p.1));
    (x / n, y / n)
}

fn dist(p: Point, q: Point) -> f64 {
    ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt()
}

fn unit(v: Point) -> Point {
    let l = (v.0 * v.0 + v.1 * v.1).sqrt();
    if l < 1e-9 {
        (0.0, 1.0)
    } else {
        (v.0 / l, v.1 / l)
    }
}

/// The direction from the drawing's centre to `p` (upwards for the centre itself).
pub fn outward(centre: Point, p: Point) -> Point {
    unit((p.0 - centre.0, p.1 - centre.1))
}

/// The path an arc's gadget is drawn along: the straight line from tail to head, moved
/// sideways when the arc has an antiparallel or parallel twin, or a small loop outwards
/// for a loop.
#[derive(Clone, Copy, Debug)]
pub struct ArcPath {
    from: Point,
    to: Point,
    /// Sideways shift (units, to the left of the direction of travel).
    shift: f64,
    /// For a loop: the loop's centre and radius.
    lp: Option<(Point, f64)>,
    /// The stretch of the line the gadget uses (fractions), clear of crossing arcs.
    span: (f64, f64),
    /// +1 or −1: which side of the line points away from the drawing's centre.
    side: f64,
}

/// Radius of a loop's gadget circle (units).
const LOOP_RADIUS: f64 = 1.5;
/// Sideways shift of an arc whose reverse is also an arc (units): enough for a gadget
/// drawn up to this far on either side of its line to stay clear of its twin's.
const TWIN_SHIFT: f64 = 1.6;

/// Most arcs for which [`ArcPaths`] fits each gadget between the crossings of the other
/// arcs and bulges it to the side with more room: both look at every other arc, so the
/// cost grows with the square of the arcs; beyond this a figure (unreadable on a slide
/// anyway) keeps each gadget in the middle of its arc, bulging outwards, and says so
/// ([`ARCS_NOT_FITTED`]).
pub const FITTED_ARCS: usize = 2_000;

/// The caption remark of a figure with more than [`FITTED_ARCS`] arcs.
pub const ARCS_NOT_FITTED: &str =
    "(more than 2,000 arcs: the gadgets are not fitted between crossing arcs)";

/// The paths of every arc of a graph drawn at given positions (see [`ArcPath`]), with
/// what each needs from the other arcs (its twin, parallel arcs before it) found once for
/// all arcs.
pub struct ArcPaths<'a> {
    graph: &'a Graph,
    pos: &'a [Point],
    centre: Point,
    /// Per arc: whether its reverse is an arc too (directed graphs).
    twin: Vec<bool>,
    /// Per arc: how many arcs with the same ends come before it.
    earlier: Vec<usize>,
}

impl<'a> ArcPaths<'a> {
    /// The arcs of `graph`, whose vertices are drawn at `pos` around `centre`.
    pub fn new(graph: &'a Graph, pos: &'a [Point], centre: Point) -> ArcPaths<'a> {
        let mut seen: rustc_hash::FxHashMap<(VertexId, VertexId), usize> =
            rustc_hash::FxHashMap::default();
        let key = |u: VertexId, v: VertexId| match graph.directed {
            true => (u, v),
            false => (u.min(v), u.max(v)),
        };
        let earlier = graph
            .edges
            .iter()
            .map(|&(u, v)| {
                let n = seen.entry(key(u, v)).or_default();
                *n += 1;
                *n - 1
            })
            .collect();
        let twin = graph
            .edges
            .iter()
            .map(|&(u, v)| graph.directed && seen.contains_key(&(v, u)))
            .collect();
        ArcPaths {
            graph,
            pos,
            centre,
            twin,
            earlier,
        }
    }

    /// True when the graph has more arcs than [`FITTED_ARCS`].
    pub fn unfitted(&self) -> bool {
        self.graph.edges.len() > FITTED_ARCS
    }

    /// The path of arc `arc`.
    pub fn path(&self, arc: usize) -> ArcPath {
        ArcPath::new(
            self.graph,
            self.pos,
            self.centre,
            arc,
            (self.twin[arc], self.earlier[arc], !self.unfitted()),
        )
    }
}

impl ArcPath {
    /// The path of arc `arc` of `graph`, whose vertices are drawn at `pos` around `centre`;
    /// `twin` and `earlier` as in [`ArcPaths`], `fit`: between crossings, to the roomier side.
    fn new(
        graph: &Graph,
        pos: &[Point],
        centre: Point,
        arc: usize,
        (twin, earlier, fit): (bool, usize, bool),
    ) -> ArcPath {
        let (u, v) = graph.edges[arc];
        let (p, q) = (pos[u], pos[v]);
        if u == v {
            let out = outward(centre, p);
            let r = LOOP_RADIUS;
            return ArcPath {
                from: p,
                to: p,
                shift: 0.0,
                lp: Some(((p.0 + r * out.0, p.1 + r * out.1), r)),
                span: (0.0, 1.0),
                side: 1.0,
            };
        }
        let shift = if twin { TWIN_SHIFT } else { 0.0 } + 1.8 * earlier as f64;
        // Where another arc's line crosses this one, the gadget keeps to the longer side.
        let len = dist(p, q).max(1e-9);
        let margin = CROSSING_MARGIN / len;
        let mut span: (f64, f64) = (0.0, 1.0);
        for &(a, b) in graph.edges.iter().filter(|_| fit) {
            if [a, b].iter().any(|&x| x == u || x == v) || a == b {
                continue;
            }
            if let Some(t) = crossing(p, q, pos[a], pos[b]) {
                if t >= 0.5 {
                    span.1 = span.1.min(t - margin);
                } else {
                    span.0 = span.0.max(t + margin);
                }
            }
        }
        // A gadget squeezed to one side keeps clear of the vertex there too, where the
        // other arcs of that vertex fan out.
        let end = CROSSING_MARGIN / len;
        if span.1 < 1.0 {
            span.0 = span.0.max(end);
        }
        if span.0 > 0.0 {
            span.1 = span.1.min(1.0 - end);
        }
        if span.1 - span.0 < 0.3 {
            span = (0.0, 1.0);
        }
        // The gadget bulges to the side with more room: the one whose probe point, a unit
        // beside the middle of the gadget's stretch, lies further from the other arcs
        // (away from the drawing's centre on a tie).
        let d = (q.0 - p.0, q.1 - p.1);
        let left = unit((-d.1, d.0));
        let t_mid = (span.0 + span.1) / 2.0;
        let on = (p.0 + t_mid * d.0, p.1 + t_mid * d.1);
        let room = |sign: f64| {
            let probe = (on.0 + sign * left.0, on.1 + sign * left.1);
            graph
                .edges
                .iter()
                .enumerate()
                .filter(|&(i, &(a, b))| i != arc && a != b)
                .map(|(_, &(a, b))| segment_distance(probe, pos[a], pos[b]))
                .fold(f64::MAX, f64::min)
        };
        let away = (on.0 - centre.0) * left.0 + (on.1 - centre.1) * left.1;
        let (room_left, room_right) = match fit {
            true => (room(1.0), room(-1.0)),
            false => (0.0, 0.0),
        };
        let side = if twin || earlier > 0 {
            1.0
        } else if (room_left - room_right).abs() > 0.25 {
            if room_left > room_right { 1.0 } else { -1.0 }
        } else if away >= 0.0 {
            1.0
        } else {
            -1.0
        };
        ArcPath {
            from: p,
            to: q,
            shift,
            lp: None,
            span,
            side,
        }
    }

    /// The point at fraction `t` of the gadget's stretch (0 at the tail, 1 at the head),
    /// `off` units to the side away from the drawing's centre (outwards on a loop).
    pub fn at(&self, t: f64, off: f64) -> Point {
        let t = self.span.0 + t * (self.span.1 - self.span.0);
        let off = off * self.side;
        match self.lp {
            Some((c, r)) => {
                // The loop leaves the vertex, runs once round the circle and comes back.
                let start = unit((self.from.0 - c.0, self.from.1 - c.1));
                let a0 = start.1.atan2(start.0);
                let a = a0 - std::f64::consts::TAU * t;
                let rr = r + off;
                (c.0 + rr * a.cos(), c.1 + rr * a.sin())
            }
            None => {
                let d = (self.to.0 - self.from.0, self.to.1 - self.from.1);
                let n = unit((-d.1, d.0));
                // The sideways shift bows: full in the middle, none at the ends, so the
                // gadget sits beside its twin while its end edges still meet the vertices.
                let s = self.shift * 4.0 * t * (1.0 - t) + off;
                (
                    self.from.0 + t * d.0 + s * n.0,
                    self.from.1 + t * d.1 + s * n.1,
                )
            }
        }
    }

    /// The length of the path in units.
    pub fn length(&self) -> f64 {
        match self.lp {
            Some((_, r)) => std::f64::consts::TAU * r,
            None => dist(self.from, self.to),
        }
    }
}

/// Room kept between a gadget and a crossing arc (units).
const CROSSING_MARGIN: f64 = 0.9;

/// The distance from `x` to the segment `p q`.
fn segment_distance(x: Point, p: Point, q: Point) -> f64 {
    let d = (q.0 - p.0, q.1 - p.1);
    let l2 = d.0 * d.0 + d.1 * d.1;
    let t = match l2 < 1e-12 {
        true => 0.0,
        false => (((x.0 - p.0) * d.0 + (x.1 - p.1) * d.1) / l2).clamp(0.0, 1.0),
    };
    dist(x, (p.0 + t * d.0, p.1 + t * d.1))
}

/// Where segment `p q` properly crosses segment `r s`, as a fraction of `p q`.
fn crossing(p: Point, q: Point, r: Point, s: Point) -> Option<f64> {
    let d = (q.0 - p.0, q.1 - p.1);
    let e = (s.0 - r.0, s.1 - r.1);
    let den = d.0 * e.1 - d.1 * e.0;
    if den.abs() < 1e-9 {
        return None;
    }
    let w = (r.0 - p.0, r.1 - p.1);
    let t = (w.0 * e.1 - w.1 * e.0) / den;
    let u = (w.0 * d.1 - w.1 * d.0) / den;
    (t > 1e-6 && t < 1.0 - 1e-6 && u > 1e-6 && u < 1.0 - 1e-6).then_some(t)
}

/// True when the polyline through `a` crosses the polyline through `b` (a proper crossing
/// of two of their segments; touching ends do not count).
pub fn polylines_cross(a: &[Point], b: &[Point]) -> bool {
    a.windows(2).any(|s| {
        b.windows(2)
            .any(|t| crossing(s[0], s[1], t[0], t[1]).is_some())
    })
}

/// The distance from `x` to the polyline through `line`.
pub fn polyline_distance(line: &[Point], x: Point) -> f64 {
    line.windows(2)
        .map(|s| segment_distance(x, s[0], s[1]))
        .fold(f64::MAX, f64::min)
}

/// How tangled a placed figure is: pairs of edges that cross, plus edges that pass within
/// 0.45 units (a circle's radius and a gap) of a vertex they do not join; centre to centre,
/// through their waypoints. For choosing between candidate placements.
pub fn tangles(fig: &Figure) -> usize {
    let line = |e: &crate::render::figure::Edge| -> Vec<Point> {
        let mut pts = vec![fig.nodes[e.from].pos.unwrap_or_default()];
        if let crate::render::figure::Route::Through(ways) = &e.route {
            pts.extend(ways);
        }
        pts.push(fig.nodes[e.to].pos.unwrap_or_default());
        pts
    };
    let lines: Vec<Vec<Point>> = fig.edges.iter().map(line).collect();
    let mut count = 0;
    for (i, a) in lines.iter().enumerate() {
        count += lines[i + 1..]
            .iter()
            .filter(|b| polylines_cross(a, b))
            .count();
        let e = &fig.edges[i];
        count += fig
            .nodes
            .iter()
            .enumerate()
            .filter(|&(v, n)| {
                v != e.from && v != e.to && n.pos.is_some_and(|p| polyline_distance(a, p) < 0.45)
            })
            .count();
    }
    count
}

/// Draws each `pendants[i]` as a small leaf beside `owners[i]`, `reach` units outwards
/// from `centre` (or in the direction `away` gives, when the caller knows better).
pub fn place_pendants(
    fig: &mut Figure,
    owners: &[VertexId],
    pendants: &[VertexId],
    centre: Point,
    reach: f64,
) {
    for (&x, &leaf) in owners.iter().zip(pendants) {
        let p = fig.nodes[x].pos.unwrap_or((0.0, 0.0));
        let out = free_direction(fig, x, centre);
        fig.place(leaf, p.0 + reach * out.0, p.1 + reach * out.1);
        fig.nodes[leaf].style = NodeStyle::Leaf;
        fig.nodes[leaf].label.clear();
    }
}

/// The direction from `x` that stays furthest from its drawn edges: the outward direction
/// from `centre` unless an edge runs close to it, then the middle of the widest gap.
fn free_direction(fig: &Figure, x: VertexId, centre: Point) -> Point {
    let p = fig.nodes[x].pos.unwrap_or((0.0, 0.0));
    // Each edge at x leaves towards its first bend (a routed arc, a loop: both its ends and
    // its middle, so that a leaf is not drawn inside the loop) or else its other end.
    let mut angles: Vec<f64> = Vec::new();
    for e in &fig.edges {
        if e.from != x && e.to != x {
            continue;
        }
        let mut toward: Vec<Point> = Vec::new();
        match &e.route {
            Route::Through(ways) if !ways.is_empty() => {
                if e.from == x {
                    toward.push(ways[0]);
                }
                if e.to == x {
                    toward.push(ways[ways.len() - 1]);
                }
                if e.from == e.to {
                    toward.push(ways[ways.len() / 2]);
                }
            }
            _ if e.from == e.to => {}
            _ => {
                let other = if e.from == x { e.to } else { e.from };
                toward.extend(fig.nodes[other].pos);
            }
        }
        angles.extend(toward.iter().map(|q| (q.1 - p.1).atan2(q.0 - p.0)));
    }
    let out = outward(centre, p);
    let a_out = out.1.atan2(out.0);
    let gap = |a: f64, b: f64| {
        let d = (a - b).rem_euclid(std::f64::consts::TAU);
        d.min(std::f64::consts::TAU - d)
    };
    if angles.iter().all(|&a| gap(a, a_out) > 0.6) {
        return out;
    }
    angles.sort_by(f64::total_cmp);
    let mut best = (0.0, a_out);
    for (i, &a) in angles.iter().enumerate() {
        let b = if i + 1 < angles.len() {
            angles[i + 1]
        } else {
            angles[0] + std::f64::consts::TAU
        };
        if b - a > best.0 + 1e-9 {
            best = (b - a, (a + b) / 2.0);
        }
    }
    (best.1.cos(), best.1.sin())
}

/// Routes every loop of `graph`, drawn at `pos`, as a small loop on the outward side of its
/// vertex (0.3 units across, its near side 0.25 units off the vertex's centre), so that a
/// pendant placed after it keeps clear of it. Antiparallel pairs are left straight: the
/// renderer bows them apart (`render::scene::TWIN_BOW`); this used to route them, and each
/// loop, through the arc gadgets' paths, whose bulges (1.6 units for a twin, a loop round a
/// 1.5-unit circle) are sized for gadgets drawn along them, so the bare arcs came out as
/// large angular detours.
pub fn bend_twins(fig: &mut Figure, graph: &Graph, pos: &[Point], centre: Point) {
    let paths = ArcPaths::new(graph, pos, centre);
    for arc in 0..graph.edges.len() {
        let (u, v) = graph.edges[arc];
        if u != v {
            continue;
        }
        let path = paths.path(arc);
        let p = pos[u];
        let out = match path.lp {
            Some((c, _)) => unit((c.0 - p.0, c.1 - p.1)),
            None => unit((p.0 - centre.0, p.1 - centre.1)),
        };
        let (radius, reach) = (0.3, 0.55);
        let c = (p.0 + out.0 * reach, p.1 + out.1 * reach);
        let back = (-out.1).atan2(-out.0);
        // Five points round the circle, from one side of the vertex to the other.
        let ways = (1..6)
            .map(|k| {
                let a = back + std::f64::consts::TAU * k as f64 / 6.0;
                (c.0 + radius * a.cos(), c.1 + radius * a.sin())
            })
            .collect();
        fig.route(u, v, ways);
    }
}

/// Least distance (units) between the dashed hulls of two arc gadgets.
pub const HULL_GAP: f64 = 0.3;

/// How far (fractions of its stretch) an arc gadget may slide along its arc, in the order
/// tried: no slide first, then ever further, towards the head before the tail.
const SLIDES: [f64; 7] = [0.0, 0.05, -0.05, 0.1, -0.1, 0.15, -0.15];

/// How far a gadget may be drawn together towards its middle (1: not at all), in the
/// order tried, each with every slide: where no slide clears two gadgets at a shared
/// vertex (arcs 2 and 3 at `v` of `deg.geo`), a shorter gadget does.
const SQUEEZES: [f64; 3] = [1.0, 0.85, 0.7];

/// The closest a slid gadget's vertex may come to either end of its stretch (fraction).
const SLIDE_END: f64 = 0.15;

/// Places the arc gadgets of a figure drawn on the source's shape, one after the other,
/// keeping each one's dashed hull [`HULL_GAP`] from the hulls of those placed before it:
/// two gadgets on arcs leaving one vertex start side by side (arcs 1 and 4 at `s` of
/// `examples/games/dvg.geo` drawn on a circle, arcs 2 and 3 at `v` of `deg.geo`), so a
/// gadget slides along its arc by the least of `SLIDES` that clears the others, drawn
/// together by `SQUEEZES` when no slide does (the try with the most room when none
/// does). Shared by `dvg-nimg`, `dvg-misere-uvg` and
/// `deg-ueg`. Past [`FITTED_ARCS`] arcs, where the gadgets are not fitted either, every
/// gadget stays where its arc puts it (comparing hulls would cost the square of the arcs).
pub struct GadgetPlacer {
    /// The hulls placed so far, each with its bounding box `(x0, y0, x1, y1)`.
    hulls: Vec<(Bounds, Vec<Point>)>,
    /// Whether gadgets slide at all.
    fitted: bool,
}

impl GadgetPlacer {
    /// A placer for the gadgets drawn along `paths`.
    pub fn new(paths: &ArcPaths) -> GadgetPlacer {
        GadgetPlacer {
            hulls: Vec::new(),
            fitted: !paths.unfitted(),
        }
    }

    /// Places the vertices of one gadget: `spots` holds each vertex with its fraction along
    /// `path` and its offset to the side (as [`ArcPath::at`] takes them). The vertices'
    /// styles (a dot or a circle) must be set already: they decide the hull's padding.
    pub fn place(&mut self, fig: &mut Figure, path: &ArcPath, spots: &[(VertexId, f64, f64)]) {
        let pads: Vec<f64> = spots
            .iter()
            .map(|&(v, _, _)| hull_pad(fig.nodes[v].style))
            .collect();
        // The gadget's vertices slid by `slide` and drawn together towards their middle by
        // `squeeze` (1: as given).
        let (lo, hi) = spots
            .iter()
            .fold((1.0_f64, 0.0_f64), |(lo, hi), s| (lo.min(s.1), hi.max(s.1)));
        let mid = (lo + hi) / 2.0;
        let at = |(slide, squeeze): (f64, f64)| -> Vec<Point> {
            spots
                .iter()
                .map(|&(_, t, off)| path.at(mid + (t - mid) * squeeze + slide, off))
                .collect()
        };
        let hull_at = |moved: (f64, f64)| -> Vec<Point> {
            let centres: Vec<(Point, f64)> = at(moved).into_iter().zip(pads.clone()).collect();
            padded_hull(&centres)
        };
        let mut moved = (0.0, 1.0);
        if self.fitted {
            let fits = |&(d, k): &(f64, f64)| {
                mid + (lo - mid) * k + d >= SLIDE_END && mid + (hi - mid) * k + d <= 1.0 - SLIDE_END
            };
            let tries: Vec<(f64, f64)> = SQUEEZES
                .into_iter()
                .flat_map(|k| SLIDES.into_iter().map(move |d| (d, k)))
                .filter(fits)
                .collect();
            let rooms: Vec<f64> = tries.iter().map(|&m| self.room(&hull_at(m))).collect();
            let best = match rooms.iter().position(|&r| r >= HULL_GAP) {
                Some(k) => k,
                None => (0..tries.len()).fold(0, |b, k| match rooms[k] > rooms[b] {
                    true => k,
                    false => b,
                }),
            };
            moved = tries.get(best).copied().unwrap_or(moved);
        }
        for (&(v, _, _), (x, y)) in spots.iter().zip(at(moved)) {
            fig.place(v, x, y);
        }
        if self.fitted {
            let hull = hull_at(moved);
            self.hulls.push((bounds(&hull), hull));
        }
    }

    /// The distance from `hull` to the nearest hull placed so far ([`HULL_GAP`] or more
    /// when none is within that).
    fn room(&self, hull: &[Point]) -> f64 {
        let b = bounds(hull);
        self.hulls
            .iter()
            .filter(|(c, _)| {
                c.0 < b.2 + HULL_GAP
                    && b.0 < c.2 + HULL_GAP
                    && c.1 < b.3 + HULL_GAP
                    && b.1 < c.3 + HULL_GAP
            })
            .map(|(_, other)| polygon_distance(hull, other))
            .fold(f64::MAX, f64::min)
    }
}

/// A bounding box `(x0, y0, x1, y1)`.
type Bounds = (f64, f64, f64, f64);

/// The bounding box of `pts`.
fn bounds(pts: &[Point]) -> Bounds {
    pts.iter()
        .fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, p| {
            (b.0.min(p.0), b.1.min(p.1), b.2.max(p.0), b.3.max(p.1))
        })
}

/// The distance between two convex polygons (corners in order), 0 when they overlap.
pub fn polygon_distance(a: &[Point], b: &[Point]) -> f64 {
    let sides = |p: &[Point]| -> Vec<(Point, Point)> {
        (0..p.len()).map(|i| (p[i], p[(i + 1) % p.len()])).collect()
    };
    let inside = |x: Point, poly: &[Point]| {
        let turns: Vec<f64> = sides(poly)
            .iter()
            .map(|&(q, r)| (r.0 - q.0) * (x.1 - q.1) - (r.1 - q.1) * (x.0 - q.0))
            .collect();
        poly.len() >= 3 && (turns.iter().all(|&t| t > 0.0) || turns.iter().all(|&t| t < 0.0))
    };
    let (sa, sb) = (sides(a), sides(b));
    let overlap = a.iter().any(|&x| inside(x, b))
        || b.iter().any(|&x| inside(x, a))
        || sa
            .iter()
            .any(|s| sb.iter().any(|t| crossing(s.0, s.1, t.0, t.1).is_some()));
    if overlap {
        return 0.0;
    }
    let near = |pts: &[Point], segs: &[(Point, Point)]| {
        pts.iter()
            .flat_map(|&x| segs.iter().map(move |&(p, q)| segment_distance(x, p, q)))
            .fold(f64::MAX, f64::min)
    };
    near(a, &sb).min(near(b, &sa))
}

/// The next order of `v` in lexicographic order; false (and `v` unchanged) after the last.
/// For trying every order of a figure's few gadgets (clause clusters, up to six).
pub fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// The number of pairs of `items` (each a row slot and a key) that stand in one order by
/// slot and in the other by key: the lanes that must cross between a row of exits (slots)
/// and a row of entries (keys) when every lane runs up, across and up ([`band_levels`]).
/// Items in one slot, or with one key, never count.
pub fn inversions(items: &[(usize, usize)]) -> usize {
    let mut n = 0;
    for (i, &(s, k)) in items.iter().enumerate() {
        for &(t, l) in &items[i + 1..] {
            n += usize::from((s < t && k > l) || (s > t && k < l));
        }
    }
    n
}

/// The level (0 lowest) of the horizontal run of each lane through a band that lanes cross
/// from a row of exits at its bottom to a row of entries at its top, each lane `(bottom x,
/// top x)` running up from its exit, across at its level and up into its entry. Two lanes
/// whose exits and entries stand in the same order then never cross: of two running right
/// whose runs overlap, the one leaving further right runs lower (its rise ends before the
/// other's run passes over it), of two running left the one leaving further left; lanes
/// running right take the lower levels. Two lanes whose orders differ cross once.
pub fn band_levels(lanes: &[(f64, f64)]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..lanes.len()).collect();
    let key = |i: usize| {
        let (b, t) = lanes[i];
        if t >= b { (0, -b) } else { (1, b) }
    };
    idx.sort_by(|&i, &j| {
        let (ki, kj) = (key(i), key(j));
        ki.0.cmp(&kj.0).then(ki.1.total_cmp(&kj.1))
    });
    let mut level = vec![0; lanes.len()];
    for (l, i) in idx.into_iter().enumerate() {
        level[i] = l;
    }
    level
}
