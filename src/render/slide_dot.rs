//! A [`Scene`] as DOT: pinned positions (`pos="x,y!"` in points, `layout=nop2`, which is
//! `neato -n2`: both `dot -Tsvg` and `neato -n2` keep nodes and curved edges where we put
//! them), gadget outlines as unfilled background nodes, the caption and legend as an
//! HTML-like graph label, and the drawing scaled to fill a 16:9 slide.

use super::figure::{
    Engine, NodeStyle, Outline, Route, Start, UNIT_PT, VERTEX_FONT_PT, label_unicode,
};
use super::scene::{Scene, SceneKind};
use std::fmt::Write;

/// The DOT text of `scene` (byte-identical for identical scenes).
pub fn write(scene: &Scene) -> String {
    let mut s = String::new();
    // Vertex labels, outline captions and gadget names at the size that keeps them
    // readable on the slide, names beside dots and arc numbers in proportion.
    let font = label_pt(scene);
    let tag_pt = TAG_PT * font / VERTEX_FONT_PT;
    let (kw, arrow) = if scene.directed {
        ("digraph", "->")
    } else {
        ("graph", "--")
    };
    let pal = &scene.palette;
    let _ = writeln!(s, "{kw} \"georeduce\" {{");
    let layout = match (scene.pinned, scene.engine) {
        (true, _) => "nop2",
        (false, Engine::Neato) => "neato",
        (false, Engine::Dot) => "dot",
    };
    let mut graph = vec![
        format!("layout={layout}"),
        "fontname=\"Helvetica\"".into(),
        "size=\"16,9!\"".into(),
        "pad=0.2".into(),
        "labelloc=b".into(),
        "outputorder=edgesfirst".into(),
    ];
    if scene.pinned {
        graph.push("splines=false".into());
    } else if layout == "neato" {
        graph.push("overlap=false".into());
        graph.push("splines=true".into());
        graph.push("sep=\"+12\"".into());
    }
    graph.push(format!("label=<{}>", html_label(scene, font)));
    let _ = writeln!(s, "  graph [{}];", graph.join(", "));
    let _ = writeln!(
        s,
        "  node [shape=circle, fontname=\"Helvetica\", fontsize={font}, width={w:.3}, \
         height={w:.3}, fixedsize=false, margin=0.02, style=filled, fillcolor=white, \
         color=\"#{}\", penwidth=1.2];",
        pal.ink,
        w = VERTEX_UNITS * UNIT_PT / 72.0,
    );
    let _ = writeln!(
        s,
        "  edge [color=\"#{}\", arrowsize=0.7, penwidth=1.1];",
        pal.ink
    );
    let at = |p: (f64, f64)| format!("pos=\"{:.1},{:.1}!\"", p.0 * UNIT_PT, p.1 * UNIT_PT);
    for (i, o) in scene.outlines.iter().enumerate() {
        let colour = if o.highlight {
            pal.highlight
        } else {
            pal.outline
        };
        let width = if o.highlight { 3.0 } else { 1.0 };
        let shape = match o.shape {
            Outline::Ellipse => Some(("ellipse", "dashed")),
            Outline::Box => Some(("box", "\"rounded,dashed\"")),
            Outline::Bare | Outline::Hull => None,
        };
        if o.shape == Outline::Hull && !o.hull.is_empty() {
            // Corners as invisible pinned points joined by dashed lines (DOT has no
            // free polygon); `dir=none` keeps arrowheads off in a digraph.
            for (k, &p) in o.hull.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "  \"outline{i}_{k}\" [shape=point, style=invis, width=0.01, height=0.01, \
                     label=\"\", {}];",
                    at(p)
                );
            }
            for k in 0..o.hull.len() {
                let _ = writeln!(
                    s,
                    "  \"outline{i}_{k}\" {arrow} \"outline{i}_{}\" [style=dashed, dir=none, \
                     color=\"#{colour}\", penwidth={width}];",
                    (k + 1) % o.hull.len()
                );
            }
        }
        if let Some((shape, style)) = shape {
            let _ = writeln!(
                s,
                "  \"outline{i}\" [shape={shape}, style={style}, color=\"#{colour}\", \
                 penwidth={width}, label=\"\", fixedsize=true, width={:.2}, height={:.2}, {}];",
                o.size.0 * UNIT_PT / 72.0,
                o.size.1 * UNIT_PT / 72.0,
                at(o.centre)
            );
        }
        if !o.label.is_empty() {
            let text = label_unicode(&o.label);
            let (x, y) = o.caption_at();
            let (size, fontcolor) = match o.shape {
                // Inside a diamond: as large as the vertex labels.
                Outline::Bare => (font, if o.highlight { pal.highlight } else { pal.ink }),
                // As large as the vertex labels, as [`Scene::place_captions`] measured them.
                _ => (font, colour),
            };
            let _ = writeln!(
                s,
                "  \"outline{i}_caption\" [shape=plaintext, style=\"\", label={}, \
                 fontsize={size}, fontcolor=\"#{fontcolor}\", fixedsize=false, width=0, height=0, {}];",
                quote(&text),
                at((x, y))
            );
        }
    }
    for (index, n) in scene.nodes.iter().enumerate() {
        let mut a: Vec<String> = Vec::new();
        let mut label = label_unicode(&n.label);
        if let Some(w) = n.weight {
            label = if label.is_empty() {
                w.to_string()
            } else {
                format!("{label}\n{w}")
            };
        }
        match n.kind {
            SceneKind::Vertex(NodeStyle::Vertex) => a.push(format!("label={}", quote(&label))),
            SceneKind::Vertex(NodeStyle::Point) => {
                a.push("label=\"\", width=0.13, height=0.13, fixedsize=true".into());
                a.push(format!("fillcolor=\"#{}\"", pal.ink));
            }
            SceneKind::Vertex(NodeStyle::Leaf) => {
                a.push("label=\"\", width=0.16, height=0.16, fixedsize=true".into());
            }
            SceneKind::Collapsed(w, h) => {
                // The collapsed gadget's name (`C₁`) as large as the vertex labels.
                a.push(format!("label={}", quote(&label)));
                a.push(format!(
                    "shape=ellipse, fixedsize=true, width={:.2}, height={:.2}, \
                     fontsize={font}",
                    w * UNIT_PT / 72.0,
                    h * UNIT_PT / 72.0
                ));
            }
        }
        if let Some(st) = n.start {
            let c = scene.start_colour(st);
            if matches!(n.kind, SceneKind::Vertex(NodeStyle::Vertex)) {
                a.push("shape=doublecircle".into());
            }
            a.push(format!("color=\"#{c}\", penwidth=2.2"));
            if matches!(st, Start::Player(1) | Start::Shared(1)) && is_mono(scene) {
                a.push("style=\"filled,dashed\"".into());
            }
        }
        if n.highlight {
            a.push(format!("color=\"#{}\", penwidth=3", pal.highlight));
        }
        if let Some((k, p)) = n.placed_by {
            a.push(format!(
                "xlabel=<<font color=\"#{}\"><b>{k}</b></font>>",
                scene.player_colour(p)
            ));
        }
        if let (Some(tag), false) = (&n.tag, scene.pinned) {
            // Graphviz places the vertex, and so the name.
            a.push(format!("xlabel={}", quote(&label_unicode(&tag.text))));
        }
        if let (Some(tag), Some(p), true) = (&n.tag, n.pos, scene.pinned) {
            // Pinned beside the vertex, in the gap between its edges.
            let (dx, dy) = (tag.angle.to_radians().cos(), tag.angle.to_radians().sin());
            let r = radius(scene, index, dx, dy) / UNIT_PT + TAG_GAP;
            // DOT centres the text: a name to the side starts beside the vertex rather than
            // on it (as TikZ's `label=angle:` anchors it), whatever its length.
            let text = label_unicode(&tag.text);
            let half = text.chars().count() as f64 * tag_pt * TAG_CHAR_EM / 2.0 / UNIT_PT;
            let side = if dx.abs() > 0.1 {
                dx.signum() * (half - TAG_GAP + TAG_SIDE_GAP).max(0.0)
            } else {
                0.0
            };
            let _ = writeln!(
                s,
                "  \"{}_name\" [shape=plaintext, style=\"\", label={}, fontsize={tag_pt}, \
                 fontcolor=\"#{}\", fixedsize=false, width=0, height=0, {}];",
                n.key,
                quote(&text),
                pal.ink,
                at((p.0 + r * dx + side, p.1 + r * dy))
            );
        }
        if let (true, Some(p)) = (scene.pinned, n.pos) {
            a.push(at(p));
        }
        let _ = writeln!(s, "  \"{}\" [{}];", n.key, a.join(", "));
    }
    for e in &scene.edges {
        let mut a: Vec<String> = Vec::new();
        if let Some((k, p)) = e.played {
            let c = scene.player_colour(p);
            a.push(format!("color=\"#{c}\", penwidth=2.6"));
            a.push(format!("label=<<font color=\"#{c}\"><b>{k}</b></font>>"));
            if p == 1 && is_mono(scene) {
                a.push("style=dashed".into());
            }
        }
        if scene.directed && e.undirected {
            a.push("dir=none".into());
        }
        if e.played.is_none() && !e.label.is_empty() {
            a.push(format!(
                "label={}, fontname=\"Helvetica\", fontsize={tag_pt}, fontcolor=\"#{}\"",
                quote(&label_unicode(&e.label)),
                pal.ink
            ));
        }
        if let (true, Route::Through(ways)) = (scene.pinned, &e.route)
            && !ways.is_empty()
        {
            a.push(polyline(scene, e));
            if !e.label.is_empty() && e.played.is_none() {
                a.push(label_beside(scene, e.from, e.to, ways));
            }
        } else if scene.pinned && e.from == e.to && scene.nodes[e.from].pos.is_some() {
            // Graphviz draws a loop small on the right, its number touching it (and
            // whatever stands there); ours goes away from the vertex's other arcs, its
            // number beyond it.
            a.push(loop_away(scene, e.from, !e.label.is_empty()));
        }
        let attrs = if a.is_empty() {
            String::new()
        } else {
            format!(" [{}]", a.join(", "))
        };
        let _ = writeln!(
            s,
            "  \"{}\" {arrow} \"{}\"{attrs};",
            scene.nodes[e.from].key, scene.nodes[e.to].key
        );
    }
    s.push_str("}\n");
    s
}

/// Size (points) of the name beside an unlabelled vertex on a line of play.
const TAG_PT: f64 = 13.0;
/// Smallest label height wanted, in pixels of the 1920×1080 slide graphviz fits the drawing
/// to (`size="16,9!"`); lecturers need at least 14.
const MIN_LABEL_PX: f64 = 14.2;
/// Largest vertex label size (points) [`label_pt`] gives a shrunk drawing: beyond it the
/// labels would outgrow their circles (a drawing that large is no slide anyway).
const MAX_LABEL_PT: f64 = 18.0;

/// The vertex label size (points) of `scene`'s DOT: [`VERTEX_FONT_PT`], or more (in whole
/// points, up to 18) where graphviz's fit to 1920×1080 would shrink it under 14.2 pixels.
/// The fit is estimated from the drawing's extent, graphviz's margin (`pad`, a vertex's
/// radius) and the caption table's rows; the test
/// `running_example_labels_are_at_least_14_px_on_a_1080p_slide` measures the real SVG.
pub fn label_pt(scene: &Scene) -> f64 {
    if !scene.pinned {
        return VERTEX_FONT_PT;
    }
    let (x0, y0, x1, y1) = scene.bbox();
    let margin = 2.0 * 14.4 + VERTEX_UNITS * UNIT_PT;
    let mut caption = f64::from(CAPTION_MARGIN_PT) + 4.0;
    if !scene.legend.is_empty() {
        caption += 18.0 * 1.2 + 2.0;
    }
    for (i, line) in scene.caption.iter().enumerate() {
        let size = if i == 0 { 16.0 } else { 13.0 };
        caption += line.lines().count() as f64 * size * 1.2 + 2.0;
    }
    let w = (x1 - x0) * UNIT_PT + margin;
    let h = (y1 - y0) * UNIT_PT + margin + caption;
    let fit = (1920.0 / w).min(1080.0 / h);
    if VERTEX_FONT_PT * fit >= MIN_LABEL_PX {
        return VERTEX_FONT_PT;
    }
    (MIN_LABEL_PX / fit).ceil().min(MAX_LABEL_PT)
}
/// Average width of a character of a name beside a vertex, in ems (Helvetica).
const TAG_CHAR_EM: f64 = 0.55;
/// Gap (units) between a vertex's border and the near end of a name to its side.
const TAG_SIDE_GAP: f64 = 0.1;
/// Distance (units) from a vertex's border to the centre of the name beside it.
const TAG_GAP: f64 = 0.25;

/// Diameter of a vertex circle in units (TikZ draws the same).
pub const VERTEX_UNITS: f64 = 0.6;

/// Radius (points) of scene node `k` in the direction `(dx, dy)`.
fn radius(scene: &Scene, k: usize, dx: f64, dy: f64) -> f64 {
    let n = &scene.nodes[k];
    let r = match n.kind {
        SceneKind::Vertex(NodeStyle::Vertex) => VERTEX_UNITS / 2.0 * UNIT_PT,
        SceneKind::Vertex(NodeStyle::Point) => 0.13 * 36.0,
        SceneKind::Vertex(NodeStyle::Leaf) => 0.16 * 36.0,
        SceneKind::Collapsed(w, h) => {
            let (a, b) = (w / 2.0 * UNIT_PT, h / 2.0 * UNIT_PT);
            let len = (dx * dx + dy * dy).sqrt().max(1e-9);
            let (c, s) = (dx / len, dy / len);
            return a * b / ((b * c).powi(2) + (a * s).powi(2)).sqrt();
        }
    };
    if n.start.is_some() { r + 4.0 } else { r }
}

/// The `pos` of an edge through waypoints: straight runs joined by rounded corners, as
/// cubic Bézier segments, clipped at both nodes' borders, with the arrowhead (directed)
/// ending on the head's border. Where the route starts (ends) inside a collapsed gadget,
/// the edge starts (ends) where it crosses the gadget's border ([`Scene::ported`]).
fn polyline(scene: &Scene, e: &super::scene::SceneEdge) -> String {
    let (from, to) = (e.from, e.to);
    let pt = |p: (f64, f64)| (p.0 * UNIT_PT, p.1 * UNIT_PT);
    let p0 = pt(scene.nodes[from].pos.unwrap_or_default());
    let p3 = pt(scene.nodes[to].pos.unwrap_or_default());
    let (port_from, ways, port_to) = scene.ported(e, false);
    let ways: Vec<(f64, f64)> = ways.iter().map(|&w| pt(w)).collect();
    let first = ways.first().copied().or(port_to.map(pt)).unwrap_or(p3);
    let last = ways.last().copied().or(port_from.map(pt)).unwrap_or(p0);
    let toward = |a: (f64, f64), b: (f64, f64), d: f64| {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        (
            a.0 + dx / len * d.min(len / 2.0),
            a.1 + dy / len * d.min(len / 2.0),
        )
    };
    let start = port_from.map(pt).unwrap_or_else(|| {
        toward(
            p0,
            first,
            radius(scene, from, first.0 - p0.0, first.1 - p0.1),
        )
    });
    let tip = port_to
        .map(pt)
        .unwrap_or_else(|| toward(p3, last, radius(scene, to, last.0 - p3.0, last.1 - p3.1)));
    let end = if scene.directed {
        toward(tip, last, 7.0)
    } else {
        tip
    };
    // The polyline start, corners…, end; each corner rounded by cutting CORNER points.
    let mut pts = vec![start];
    pts.extend(&ways);
    pts.push(end);
    let mut bez: Vec<(f64, f64)> = vec![start];
    let line = |bez: &mut Vec<(f64, f64)>, x: (f64, f64), y: (f64, f64)| {
        bez.push((x.0 + (y.0 - x.0) / 3.0, x.1 + (y.1 - x.1) / 3.0));
        bez.push((x.0 + 2.0 * (y.0 - x.0) / 3.0, x.1 + 2.0 * (y.1 - x.1) / 3.0));
        bez.push(y);
    };
    let mut at = start;
    for k in 1..pts.len() - 1 {
        let (prev, w, next) = (pts[k - 1], pts[k], pts[k + 1]);
        let a = toward(w, prev, CORNER);
        let b = toward(w, next, CORNER);
        line(&mut bez, at, a);
        bez.extend([w, w, b]);
        at = b;
    }
    line(&mut bez, at, end);
    let f = |p: &(f64, f64)| format!("{:.1},{:.1}", p.0, p.1);
    let body: Vec<String> = bez.iter().map(f).collect();
    if scene.directed {
        format!("pos=\"e,{} {}\"", f(&tip), body.join(" "))
    } else {
        format!("pos=\"{}\"", body.join(" "))
    }
}

/// The `pos` (and with `labelled`, the label's `lp`) of a loop at `k`: a small loop on
/// the side away from the mean of `k`'s neighbours ([`Scene::loop_angle`], as TikZ draws
/// it), its number just beyond the loop's far end.
fn loop_away(scene: &Scene, k: usize, labelled: bool) -> String {
    let pt = |p: (f64, f64)| (p.0 * UNIT_PT, p.1 * UNIT_PT);
    let c = pt(scene.nodes[k].pos.unwrap_or_default());
    let theta = scene.loop_angle(k);
    let at = |angle: f64, d: f64| (c.0 + d * angle.cos(), c.1 + d * angle.sin());
    let r = radius(scene, k, theta.cos(), theta.sin());
    let spread = 0.7_f64;
    let reach = r + 22.0;
    let start = at(theta + 0.5, r);
    let tip = at(theta - 0.5, r);
    let (c1, c2) = (at(theta + spread, reach), at(theta - spread, reach));
    let f = |p: (f64, f64)| format!("{:.1},{:.1}", p.0, p.1);
    let mut out = if scene.directed {
        // The arrowhead (7 points) ends at the border; the curve stops before it.
        let len = ((tip.0 - c2.0).powi(2) + (tip.1 - c2.1).powi(2))
            .sqrt()
            .max(1e-9);
        let end = (
            tip.0 + (c2.0 - tip.0) * 7.0 / len,
            tip.1 + (c2.1 - tip.1) * 7.0 / len,
        );
        format!(
            "pos=\"e,{} {} {} {} {}\"",
            f(tip),
            f(start),
            f(c1),
            f(c2),
            f(end)
        )
    } else {
        format!("pos=\"{} {} {} {}\"", f(start), f(c1), f(c2), f(tip))
    };
    if labelled {
        // The loop's far end is about 0.2 r + 0.6 reach out; the number's centre a
        // character beyond it.
        let _ = write!(
            out,
            ", lp=\"{}\"",
            f(at(theta, 0.2 * r + 0.6 * reach + 11.0))
        );
    }
    out
}

/// The `lp` of a routed edge's number: beside its middle waypoint, on the side away from
/// the straight line between its ends (outside a bent twin, whose partner bows the other
/// way), as TikZ's `auto` puts it on the left of a twin bowing left. Graphviz gives a
/// pinned edge's label no place of its own.
fn label_beside(scene: &Scene, from: usize, to: usize, ways: &[(f64, f64)]) -> String {
    let (a, b) = (
        scene.nodes[from].pos.unwrap_or_default(),
        scene.nodes[to].pos.unwrap_or_default(),
    );
    let w = ways[ways.len() / 2];
    let m = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let (mut dx, mut dy) = (w.0 - m.0, w.1 - m.1);
    let mut len = dx.hypot(dy);
    if len < 1e-6 {
        // A waypoint on the chord: the left of the arc's direction.
        (dx, dy) = (a.1 - b.1, b.0 - a.0);
        len = dx.hypot(dy).max(1e-9);
    }
    let d = 0.22 / len;
    format!(
        "lp=\"{:.1},{:.1}\"",
        (w.0 + dx * d) * UNIT_PT,
        (w.1 + dy * d) * UNIT_PT
    )
}

/// How much of each straight run a rounded corner takes (points).
const CORNER: f64 = 9.0;

fn is_mono(scene: &Scene) -> bool {
    scene.palette.first == scene.palette.second
}

/// The empty space (points) between the drawing and the legend or caption under it.
pub const CAPTION_MARGIN_PT: u32 = 10;

/// The caption lines and the legend as an HTML-like label.
fn html_label(scene: &Scene, font: f64) -> String {
    // An empty row first: graphviz sets the label right under the drawing's bounding box,
    // so a row of vertices at the bottom (`hampath-trailtrap`'s path P) nearly touched the
    // caption's first line.
    let mut rows = format!("<tr><td height=\"{CAPTION_MARGIN_PT}\"></td></tr>");
    if !scene.legend.is_empty() {
        let mut row = String::new();
        for (i, l) in scene.legend.iter().enumerate() {
            // With `--mono` the second player's moves and token are drawn dashed, and the
            // legend says so with the dashed arrow and the dotted ring.
            let mark = match (l.arrow, l.dashed) {
                (true, false) => "⟶",
                (true, true) => "⇢",
                (false, false) => "◎",
                (false, true) => "◌",
            };
            let gap = if i == 0 { "" } else { "     " };
            let _ = write!(
                row,
                "{gap}<font color=\"#{}\" point-size=\"18\">{mark}</font> {}",
                l.colour,
                html(&l.text)
            );
        }
        // The legend's words (and the spaces between) at the labels' size where a shrunk
        // drawing has them larger (graphviz's default, 14 pt, otherwise).
        if font > VERTEX_FONT_PT {
            row = format!("<font point-size=\"{font}\">{row}</font>");
        }
        let _ = write!(rows, "<tr><td>{row}</td></tr>");
    }
    for (i, line) in scene.caption.iter().enumerate() {
        let size = if i == 0 { 16 } else { 13 };
        let _ = write!(
            rows,
            "<tr><td><font point-size=\"{size}\">{}</font></td></tr>",
            html(line).replace('\n', "<br/>")
        );
    }
    format!("<table border=\"0\" cellspacing=\"2\">{rows}</table>")
}

fn html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A DOT double-quoted string (newlines become DOT's centred line breaks).
fn quote(s: &str) -> String {
    format!(
        "\"{}\"",
        s.replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace('\n', "\\n")
    )
}
