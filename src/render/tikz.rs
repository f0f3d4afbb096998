//! A [`Scene`] as TikZ, from our own coordinates (no graphviz needed): a `tikzpicture` to
//! `\input` into slides or notes, a compilable 16:9 document with `standalone`, and with
//! `beamer_steps` a beamer frame that uncovers the figure gadget by gadget.

use super::figure::{NodeStyle, Outline, Route, Start, label_tex, tex_escape};
use super::scene::{Scene, SceneKind};
use std::fmt::Write;

/// How to wrap the picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TikzOptions {
    /// A complete document (`pdflatex` compiles it).
    pub standalone: bool,
    /// `\uncover<k->` per gadget (a beamer frame when standalone).
    pub beamer_steps: bool,
}

/// The smallest factor line widths are scaled by (a very large drawing keeps hairlines).
const MIN_LINE_SCALE: f64 = 0.3;
/// Centimetres per unit before fitting (a vertex is 1.07 cm across at scale 1).
const UNIT_CM: f64 = 1.9;
/// The 16:9 slide area the picture is fitted into (cm), caption included.
const SLIDE_W_CM: f64 = 15.2;
const SLIDE_H_CM: f64 = 7.6;
/// Space between the drawing and the legend, and the height of the legend's line and of
/// each caption line, on the page (cm; not scaled with the drawing).
const CAPTION_GAP_CM: f64 = 0.25;
const LEGEND_LINE_CM: f64 = 0.6;
const CAPTION_LINE_CM: f64 = 0.5;
/// Vertex label sizes (LaTeX's size commands of a 10 pt document, pt before the picture's
/// scale): `\Large`, or a larger one in a drawing shrunk so far that `\Large` would be
/// under [`MIN_LABEL_PX`] on a 1080p slide. Standard sizes, which Computer Modern has
/// (another size would be substituted by the nearest, with a warning).
const VERTEX_FONTS: [(&str, f64); 4] = [
    ("\\Large", 14.4),
    ("\\LARGE", 17.28),
    ("\\huge", 20.74),
    ("\\Huge", 24.88),
];
/// Smallest vertex label height, in pixels of a 1920×1080 slide showing the 16 × 9 cm page
/// (lecturers need at least 14).
pub const MIN_LABEL_PX: f64 = 14.2;
/// Pixels of a 1080-pixel-high slide per TeX point of the 9 cm page (9 cm = 256.07 pt).
pub const PX_PER_PT: f64 = 1080.0 / (9.0 / 2.54 * 72.27);
/// Options of the nested pictures that draw the legend's marks: centimetre units, no
/// inherited node style, set on the text's axis.
const LEGEND_MARK: &str = "x=1cm, y=1cm, baseline=-0.6ex, every node/.style={}";

/// The TikZ text of `scene`; every node must have a position.
pub fn write(scene: &Scene, opts: TikzOptions) -> String {
    let (x0, y0, x1, y1) = scene.bbox();
    // The caption and legend keep their size whatever the drawing's scale (a tall figure
    // shrinks, its caption must stay readable): the drawing gets the height they leave.
    let legend_lines = if scene.legend.is_empty() { 0.0 } else { 1.0 };
    let caption_lines: usize = scene.caption.iter().map(|c| c.lines().count()).sum();
    let caption_cm =
        CAPTION_GAP_CM + legend_lines * LEGEND_LINE_CM + caption_lines as f64 * CAPTION_LINE_CM;
    let w = (x1 - x0) * UNIT_CM;
    let h = (y1 - y0) * UNIT_CM;
    let scale = (SLIDE_W_CM / w).min((SLIDE_H_CM - caption_cm) / h).min(1.0);
    let mut s = String::new();
    if opts.standalone {
        if opts.beamer_steps {
            s.push_str(
                "\\documentclass[aspectratio=169]{beamer}\n\\usepackage{tikz}\n\
                 \\setbeamertemplate{navigation symbols}{}\n\\begin{document}\n\
                 \\begin{frame}\n\\centering\n",
            );
        } else {
            s.push_str(
                "\\documentclass{article}\n\
                 \\usepackage[paperwidth=16cm,paperheight=9cm,margin=0.3cm]{geometry}\n\
                 \\usepackage{tikz}\n\\pagestyle{empty}\n\\begin{document}\n\\centering\n\
                 \\vspace*{\\fill}\n",
            );
        }
    }
    let pal = &scene.palette;
    for (name, hex) in [
        ("grFirst", pal.first),
        ("grSecond", pal.second),
        ("grToken", pal.token),
        ("grHighlight", pal.highlight),
        ("grOutline", pal.outline),
        ("grInk", pal.ink),
    ] {
        let _ = writeln!(s, "\\definecolor{{{name}}}{{HTML}}{{{hex}}}");
    }
    let arrow = if scene.directed { "->" } else { "-" };
    // Line widths (and with them the arrowheads) and corner radii do not follow `scale`:
    // they are scaled here, so that a shrunk drawing keeps the SVG's proportions instead of
    // arrowheads as large as its vertices.
    let lw = |pt: f64| format!("{:.2}pt", pt * scale.max(MIN_LINE_SCALE));
    // Vertex labels (and the names of collapsed gadgets, `C_1`) are at least MIN_LABEL_PX
    // high on the slide whatever the scale, up to `\Huge` (the vertices grow with them only
    // where a label is wider than its circle).
    let (vertex_font, vertex_pt) = *VERTEX_FONTS
        .iter()
        .find(|(_, pt)| pt * scale * PX_PER_PT >= MIN_LABEL_PX)
        .unwrap_or(&VERTEX_FONTS[3]);
    // Outline captions are written at the vertex font too (a shrunk drawing would leave
    // them unreadable), so they are placed again for that size: a larger caption must
    // still keep clear of the arcs. The bounding box, and with it `scale`, ignores them.
    // (`\Large` is within 3% of the DOT's size: those places stand.)
    let placed;
    let scene = if vertex_pt > VERTEX_FONTS[0].1 {
        let mut again = scene.clone();
        again.place_captions(vertex_pt);
        placed = again;
        &placed
    } else {
        scene
    };
    let _ = writeln!(
        s,
        "\\begin{{tikzpicture}}[x={UNIT_CM}cm, y={UNIT_CM}cm, scale={scale:.3}, \
         every node/.append style={{transform shape}}, >=stealth,\n  \
         vertex/.style={{circle, draw=grInk, line width={}, fill=white, minimum size=11.4mm, \
         inner sep=2.5pt, font={vertex_font}}},\n  \
         point/.style={{circle, fill=grInk, inner sep=0pt, minimum size=3.3mm}},\n  \
         leaf/.style={{circle, draw=grInk, line width={}, fill=white, inner sep=0pt, minimum size=4mm}},\n  \
         cigar/.style={{rectangle, draw=grInk, line width={}, fill=white, inner sep=0pt, font={vertex_font}}},\n  \
         gadget/.style={{draw=grOutline, line width={}, dashed, rounded corners={}}},\n  \
         caption/.style={{font=\\large, align=center}},\n  \
         gadget caption/.style={{font={vertex_font}}},\n  \
         arc/.style={{{arrow}, draw=grInk, line width={}}},\n  \
         move/.style={{{arrow}, line width={}}}]",
        lw(1.2),
        lw(0.8),
        lw(1.2),
        lw(1.0),
        lw(6.0),
        lw(1.1),
        lw(2.6),
    );
    let uncover = |step: usize, body: String| -> String {
        if opts.beamer_steps && step > 1 {
            format!("\\uncover<{step}->{{{body}}}\n")
        } else {
            format!("{body}\n")
        }
    };
    let pt = |p: (f64, f64)| format!("({:.3},{:.3})", p.0, p.1);
    let highlight = format!("grHighlight, solid, line width={}", lw(2.6));
    for o in &scene.outlines {
        let colour = if o.highlight {
            highlight.as_str()
        } else {
            "grOutline"
        };
        let (cx, cy) = o.centre;
        let (hw, hh) = (o.size.0 / 2.0, o.size.1 / 2.0);
        let mut body = match o.shape {
            Outline::Ellipse => format!(
                "\\draw[gadget, draw={colour}] {} ellipse ({hw:.3} and {hh:.3});",
                pt(o.centre)
            ),
            Outline::Box => format!(
                "\\draw[gadget, draw={colour}] {} rectangle {};",
                pt((cx - hw, cy - hh)),
                pt((cx + hw, cy + hh))
            ),
            Outline::Bare => String::new(),
            Outline::Hull => {
                let corners: Vec<String> = o.hull.iter().map(|&p| pt(p)).collect();
                format!(
                    "\\draw[gadget, draw={colour}] {} -- cycle;",
                    corners.join(" -- ")
                )
            }
        };
        if !o.label.is_empty() {
            let (place, font, text) = match o.shape {
                Outline::Bare => (
                    "anchor=center",
                    vertex_font,
                    if o.highlight { "grHighlight" } else { "grInk" },
                ),
                // As large as the vertex labels (the style `gadget caption`).
                _ if o.caption_below() => ("below", "", "grOutline"),
                _ => ("above", "", "grOutline"),
            };
            let font = if font.is_empty() {
                "gadget caption".to_string()
            } else {
                format!("font={font}")
            };
            let _ = write!(
                body,
                " \\node[text={text}, {font}, {place}] at {} {{{}}};",
                pt(o.caption_at()),
                caption_tex(&o.label)
            );
        }
        s.push_str(&uncover(o.step, body));
    }
    for n in &scene.nodes {
        let p = n.pos.unwrap_or((0.0, 0.0));
        let mut style: Vec<String> = vec![match n.kind {
            SceneKind::Vertex(NodeStyle::Vertex) => "vertex".into(),
            SceneKind::Vertex(NodeStyle::Point) => "point".into(),
            SceneKind::Vertex(NodeStyle::Leaf) => "leaf".into(),
            // A stadium (no TikZ library needed for it, unlike `ellipse`).
            // `transform shape` scales the node's size but not its corner radius: the
            // radius is given as drawn (a half-height radius unscaled overshoots the
            // shrunk box and draws stray arcs across the figure).
            SceneKind::Collapsed(w, h) => format!(
                "cigar, minimum width={:.2}cm, minimum height={:.2}cm, rounded corners={:.3}cm",
                w * UNIT_CM,
                h * UNIT_CM,
                h * UNIT_CM / 2.0 * scale
            ),
        }];
        if let Some(st) = n.start {
            let c = colour_name(scene, scene.start_colour(st));
            style.push(format!(
                "draw={c}, double, double distance={}, line width={}",
                lw(2.0),
                lw(1.6)
            ));
            if matches!(st, Start::Player(1) | Start::Shared(1))
                && scene.palette.first == scene.palette.second
            {
                style.push("dashed".into());
            }
        }
        if n.highlight {
            style.push(format!("draw=grHighlight, line width={}", lw(3.0)));
        }
        if let Some(tag) = &n.tag {
            // A name beside a dot is as large as a vertex label: the detail figures name
            // every vertex this way, and they must be as readable on a slide.
            style.push(format!(
                "label={{[text=grInk, font={vertex_font}, inner sep=1pt]{:.0}:{}}}",
                tag.angle,
                label_tex(&tag.text)
            ));
        }
        if let Some((k, pl)) = n.placed_by {
            let c = if pl == 0 { "grFirst" } else { "grSecond" };
            style.push(format!(
                "label={{[text={c}, font=\\bfseries]above right:{k}}}"
            ));
        }
        let mut label = label_tex(&n.label);
        if let Some(w) = n.weight {
            label = format!("\\shortstack{{{label}\\\\{w}}}");
        }
        if matches!(n.kind, SceneKind::Collapsed(..)) {
            label = caption_tex(&n.label);
        }
        let body = format!(
            "\\node[{}] ({}) at {} {{{label}}};",
            style.join(", "),
            n.key,
            pt(p)
        );
        s.push_str(&uncover(n.step, body));
    }
    let corners_through = format!(", rounded corners={}", lw(9.0));
    for e in &scene.edges {
        let (a, b) = (&scene.nodes[e.from].key, &scene.nodes[e.to].key);
        // A loop the theorem routed (through waypoints) runs through them, as in DOT.
        let is_loop = e.from == e.to && !matches!(&e.route, Route::Through(ws) if !ws.is_empty());
        let path = if is_loop {
            loop_path(scene, e.from)
        } else if let Route::Through(_) = &e.route {
            // A route starting (ending) inside a collapsed gadget leaves (enters) it where
            // it crosses the stadium's border, a port of its own (`Scene::ported`).
            let (port_a, ws, port_b) = scene.ported(e, true);
            let mut parts: Vec<String> = vec![port_a.map_or(format!("({a})"), pt)];
            parts.extend(ws.iter().map(|&w| pt(w)));
            parts.push(port_b.map_or(format!("({b})"), pt));
            parts.join(" -- ")
        } else {
            format!("({a}) -- ({b})")
        };
        let corners = match e.route {
            Route::Through(_) => corners_through.as_str(),
            Route::Straight => "",
        };
        let body = match e.played {
            Some((k, p)) => {
                let c = if p == 0 { "grFirst" } else { "grSecond" };
                let dash = if p == 1 && scene.palette.first == scene.palette.second {
                    ", dashed"
                } else {
                    ""
                };
                format!(
                    "\\draw[move, draw={c}{dash}{corners}] {path} node[midway, circle, fill={c}, \
                     inner sep=1.5pt, text=white, font=\\bfseries\\large] {{{k}}};"
                )
            }
            None => {
                let head = if scene.directed && e.undirected {
                    ", -"
                } else {
                    ""
                };
                // The source's arc number beside the arc's middle, as the SVG writes it; a
                // loop's beyond its far end, the number's side facing the vertex.
                let side = match is_loop {
                    true => format!("anchor={}", (loop_degrees(scene, e.from) + 180) % 360),
                    false => "auto".into(),
                };
                let number = |place: &str| match e.label.is_empty() {
                    true => String::new(),
                    false => format!(
                        " node[{place}, {side}, inner sep=2pt, text=grInk, font=\\Large] {{{}}}",
                        label_tex(&e.label)
                    ),
                };
                match &e.route {
                    // A routed arc's number beside its middle waypoint (`midway` would put
                    // it on the last run), on the run's left as for a straight arc: a bent
                    // twin bows to its left, so the number stands outside it.
                    Route::Through(ws) if !is_loop && !ws.is_empty() && !e.label.is_empty() => {
                        let mid = ws.len() / 2;
                        let mut parts: Vec<String> = vec![format!("({a})")];
                        for (i, &w) in ws.iter().enumerate() {
                            let mark = if i == mid {
                                number("pos=1")
                            } else {
                                String::new()
                            };
                            parts.push(format!("{}{mark}", pt(w)));
                        }
                        parts.push(format!("({b})"));
                        format!("\\draw[arc{head}{corners}] {};", parts.join(" -- "))
                    }
                    _ => format!("\\draw[arc{head}{corners}] {path}{};", number("midway")),
                }
            }
        };
        s.push_str(&uncover(e.step, body));
    }
    // Legend and caption below the drawing, at their own size: `scale` undoes the picture's
    // scale for these nodes, and the steps between lines are page centimetres.
    let unscale = format!("scale={:.4}", 1.0 / scale);
    let page = |cm: f64| cm / (UNIT_CM * scale);
    let mid = (x0 + x1) / 2.0;
    let mut y = y0 - page(CAPTION_GAP_CM);
    if !scene.legend.is_empty() {
        let mut line = String::new();
        for l in &scene.legend {
            let c = colour_name(scene, l.colour);
            let dash = if l.dashed { ", dashed" } else { "" };
            // A nested picture inherits the outer one's units and node styles: the marks
            // reset them, so that they are text-sized whatever the drawing's scale.
            let mark = if l.arrow {
                format!(
                    "\\tikz[{LEGEND_MARK}]\\draw[->, >=stealth, line width=1.2pt, draw={c}{dash}] \
                     (0,0) -- (0.55,0);"
                )
            } else {
                format!(
                    "\\tikz[{LEGEND_MARK}]\\node[circle, draw={c}, double, double distance=0.8pt, \
                     thick, inner sep=0pt, minimum size=2.2mm, anchor=center{dash}] {{}};"
                )
            };
            let _ = write!(line, "{mark}~{}\\quad ", tex_escape(&l.text));
        }
        let _ = writeln!(
            s,
            "\\node[caption, anchor=north, {unscale}] at ({mid:.3},{y:.3}) {{{line}}};"
        );
        y -= page(LEGEND_LINE_CM);
    }
    for (i, c) in scene.caption.iter().enumerate() {
        let font = if i == 0 { "" } else { ", font=\\normalsize" };
        let _ = writeln!(
            s,
            "\\node[caption, anchor=north{font}, {unscale}] at ({mid:.3},{y:.3}) {{{}}};",
            tex_escape(c).replace('\n', "\\\\ ")
        );
        y -= page(CAPTION_LINE_CM * c.lines().count() as f64);
    }
    s.push_str("\\end{tikzpicture}\n");
    if opts.standalone {
        if opts.beamer_steps {
            s.push_str("\\end{frame}\n\\end{document}\n");
        } else {
            s.push_str("\\vspace*{\\fill}\n\\end{document}\n");
        }
    }
    s
}

/// The direction of a loop at node `k` in whole degrees, 0 to 359 ([`Scene::loop_angle`]).
fn loop_degrees(scene: &Scene, k: usize) -> i64 {
    (scene.loop_angle(k).to_degrees().round() as i64).rem_euclid(360)
}

/// Length (units) of the tangents of a loop's curve at the vertex's border.
const LOOP_REACH: f64 = 0.55;

/// The path of a loop at node `k`, drawn from our own coordinates as the pinned DOT draws
/// it: leaving the border 29° to one side of [`Scene::loop_angle`], bulging out along it
/// and coming back 29° to the other side (TikZ's `loop above` would put every loop on top,
/// across whatever stands there).
fn loop_path(scene: &Scene, k: usize) -> String {
    let key = &scene.nodes[k].key;
    let th = loop_degrees(scene, k);
    format!(
        "({key}.{}) .. controls +({}:{LOOP_REACH}) and +({}:{LOOP_REACH}) .. ({key}.{})",
        (th + 29) % 360,
        (th + 40) % 360,
        (th + 320) % 360,
        (th + 331) % 360
    )
}

/// The colour name `\definecolor`d for a palette entry.
fn colour_name(scene: &Scene, hex: &str) -> &'static str {
    let p = &scene.palette;
    if hex == p.first {
        "grFirst"
    } else if hex == p.second {
        "grSecond"
    } else if hex == p.token {
        "grToken"
    } else if hex == p.highlight {
        "grHighlight"
    } else {
        "grInk"
    }
}

/// A gadget caption: words as text, the markup's subscripts in math mode.
fn caption_tex(markup: &str) -> String {
    // Captions are short phrases such as `diamond x_1` or `cigar 2`: each word that holds a
    // subscript goes through math mode.
    markup
        .split(' ')
        .map(|w| {
            if w.contains('_') || w.contains('¬') {
                label_tex(w)
            } else {
                tex_escape(w)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
