//! `qbf-pvg`'s board: the lanes from the clause clusters' literal connectors to the literals
//! (their crossings counted, on the paper's example and on random formulas), and the buses
//! from the bottoms of the chains.

use georeduce::render::Figure;
use georeduce::render::figure::{crossings_of, drawn_path};
use georeduce::render::gallery::{draw, entry};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn board() -> Figure {
    draw(&entry("qbf-pvg").expect("a gallery entry"))
        .expect("the example draws")
        .figure
}

/// The board of the formula `text`.
fn board_of(text: &str) -> Figure {
    let parsed = georeduce::lang::parse_str("formula.qbf", text).expect("a formula");
    let r = georeduce::reductions::by_id("qbf-pvg").expect("qbf-pvg");
    r.figure(&parsed.instance).expect("qbf-pvg draws its board")
}

/// A lane: a literal connector's arc to its literal (`L… -> x…`).
struct Lane {
    name: String,
    /// Where it leaves: its connector's x.
    exit: f64,
    /// Where it enters beside the literal's chain: its last waypoint's x.
    entry: f64,
    path: Vec<(f64, f64)>,
}

fn lanes(fig: &Figure) -> Vec<Lane> {
    fig.edges
        .iter()
        .filter(|e| {
            fig.nodes[e.from].spoken.starts_with('L') && fig.nodes[e.to].label.contains('x')
        })
        .map(|e| {
            let (a, b) = (&fig.nodes[e.from], &fig.nodes[e.to]);
            let path = drawn_path(a.pos.unwrap(), &e.route, b.pos.unwrap());
            Lane {
                name: format!("{} -> {}", a.spoken, b.label),
                exit: path[0].0,
                entry: path[path.len() - 2].0,
                path,
            }
        })
        .collect()
}

/// The pairs of lanes whose exits and entries stand in different orders: those must cross.
fn forced(lanes: &[Lane]) -> usize {
    let mut n = 0;
    for (i, a) in lanes.iter().enumerate() {
        for b in &lanes[i + 1..] {
            n += usize::from((a.exit < b.exit) != (a.entry < b.entry));
        }
    }
    n
}

/// The distance from `p` to the run `a b`.
fn distance(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = (dx * dx + dy * dy).max(1e-12);
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
    ((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt()
}

/// Every lane: crosses only the lanes whose order it must cross, passes no vertex it does
/// not join (0.3 units clear of its centre), and arrives at its literal at a point of its
/// own (two lanes into one literal do not share their last run).
fn check_lanes(fig: &Figure, what: &str) -> usize {
    let lanes = lanes(fig);
    let paths: Vec<Vec<(f64, f64)>> = lanes.iter().map(|l| l.path.clone()).collect();
    let crossings = crossings_of(&paths);
    assert_eq!(
        crossings,
        forced(&lanes),
        "{what}: lanes cross where their order does not make them"
    );
    for l in &lanes {
        let (from, to) = (l.path[0], l.path[l.path.len() - 1]);
        for n in &fig.nodes {
            let p = n.pos.unwrap();
            if p == from || p == to {
                continue;
            }
            let near = l
                .path
                .windows(2)
                .map(|w| distance(p, w[0], w[1]))
                .fold(f64::MAX, f64::min);
            assert!(
                near > 0.3,
                "{what}: {} passes {} ({near:.2})",
                l.name,
                n.spoken
            );
        }
    }
    for (i, a) in lanes.iter().enumerate() {
        for b in &lanes[i + 1..] {
            let (pa, pb) = (a.path[a.path.len() - 2], b.path[b.path.len() - 2]);
            assert!(
                a.path.last() != b.path.last() || (pa.1 - pb.1).abs() > 0.1,
                "{what}: {} and {} arrive along one run",
                a.name,
                b.name
            );
        }
    }
    crossings
}

#[test]
fn lanes_to_the_literals_cross_only_where_their_order_forces_it() {
    // The paper's example: 6 pairs (were 20, with every lane's run at a level by its
    // index and the clusters in clause order). The clusters stand C₃ C₁ C₂; the 6 are
    // forced by that order (of all six orders the fewest, with the buses' crossings).
    assert_eq!(check_lanes(&board(), "example"), 6);
    // Random 3-CNF formulas, 3 or 5 variables and 1 to 6 clauses: no unforced crossing.
    let seed = 11;
    eprintln!("seed {seed}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for case in 0..40 {
        let n = if rng.random_bool(0.5) { 3 } else { 5 };
        let prefix: Vec<String> = (1..=n)
            .map(|i| format!("{}x{i}", if i % 2 == 1 { '∃' } else { '∀' }))
            .collect();
        let clauses: Vec<String> = (0..rng.random_range(1..=6))
            .map(|_| {
                let lits: Vec<String> = (0..3)
                    .map(|_| {
                        let v = rng.random_range(1..=n);
                        let neg = if rng.random_bool(0.5) { "¬" } else { "" };
                        format!("{neg}x{v}")
                    })
                    .collect();
                format!("({})", lits.join(" ∨ "))
            })
            .collect();
        let text = format!("{}. {}", prefix.join(" "), clauses.join(" ∧ "));
        check_lanes(
            &board_of(&text),
            &format!("case {case} (seed {seed}): {text}"),
        );
    }
}

/// The places where a lane crosses a bus: the arcs from the bottom of I's chain (`eJ_…`)
/// and from `X`, each bus drawn once (runs the arcs share counted once).
fn lane_bus_crossings(fig: &Figure) -> usize {
    let mut runs: Vec<((f64, f64), (f64, f64))> = Vec::new();
    for e in &fig.edges {
        let from = &fig.nodes[e.from].spoken;
        if !(from.starts_with("eJ") || from == "X") {
            continue;
        }
        let path = drawn_path(
            fig.nodes[e.from].pos.unwrap(),
            &e.route,
            fig.nodes[e.to].pos.unwrap(),
        );
        for w in path.windows(2) {
            if !runs.contains(&(w[0], w[1])) {
                runs.push((w[0], w[1]));
            }
        }
    }
    lanes(fig)
        .iter()
        .map(|l| {
            l.path
                .windows(2)
                .flat_map(|w| {
                    runs.iter()
                        .map(move |r| crossings_of(&[vec![w[0], w[1]], vec![r.0, r.1]]))
                })
                .sum::<usize>()
        })
        .sum()
}

#[test]
fn lanes_cross_the_buses_where_the_clusters_order_forces_it() {
    // The bus from I's chain comes down between C₃ and C₁, crossing C₁'s lane to x₁ and
    // C₃'s to x₂; II's from `X` round the right, crossing C₂'s two lanes to ¬x₂ (it ran
    // round the left and crossed all three lanes to x₁ and x₃; 5 places in all).
    assert_eq!(lane_bus_crossings(&board()), 4);
}

#[test]
fn qbf_pvg_clause_captions_stand_where_no_lane_passes() {
    use georeduce::render::figure::VERTEX_FONT_PT;
    use georeduce::render::tikz::{self, TikzOptions};
    use georeduce::render::{Options, Scene};
    // DOT: the captions at 14 pt, as the scene placed them.
    let scene = Scene::new(&board(), &Options::default());
    let crossings = scene.caption_crossings(VERTEX_FONT_PT);
    assert_eq!(crossings.len(), 3, "{crossings:?}");
    for (caption, n) in crossings {
        assert_eq!(n, 0, "{n} drawn arc runs cross the caption {caption}");
    }
    // TikZ: each caption node's box as TeX sets it (at the `gadget caption` font, with
    // its inner sep), from the `.tex` itself, clear of every drawn arc.
    let tex = tikz::write(&scene, TikzOptions::default());
    let picture = TikzPicture::of(&tex);
    assert_eq!(picture.captions.len(), 3);
    for c in &picture.captions {
        let b = c.node_box(picture.caption_pt, picture.unit_pt);
        for (a, z) in &picture.arcs {
            assert!(
                !segment_meets_box(*a, *z, b),
                "the TikZ caption {} ({b:?}) meets the arc run {a:?} -> {z:?}",
                c.text
            );
        }
    }
    // The widths are an upper bound of what TeX sets: where pdflatex is installed, it
    // measures each caption at that font.
    if crate::run::have("pdflatex", "texlive-latex-base") {
        for c in &picture.captions {
            let set = tex_width_pt(&picture.caption_font, &c.text);
            let ours = c.width_em() * picture.caption_pt;
            assert!(
                set <= ours,
                "{}: TeX sets {set} pt, we assume {ours}",
                c.text
            );
        }
    }
}

/// What the caption test reads from a `tikzpicture`: the gadget caption font, the unit,
/// the captions and every drawn arc as straight runs (a vertex's name as its centre).
struct TikzPicture {
    caption_font: String,
    caption_pt: f64,
    unit_pt: f64,
    captions: Vec<TikzCaption>,
    arcs: Vec<((f64, f64), (f64, f64))>,
}

struct TikzCaption {
    at: (f64, f64),
    above: bool,
    text: String,
}

/// The numbers of `(x,y)`.
fn coordinate(t: &str) -> Option<(f64, f64)> {
    let t = t.trim().strip_prefix('(')?.strip_suffix(')')?;
    let (x, y) = t.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

impl TikzPicture {
    fn of(tex: &str) -> TikzPicture {
        let after = |key: &str| {
            let i = tex.find(key).unwrap_or_else(|| panic!("no {key}")) + key.len();
            &tex[i..]
        };
        let caption_font = after("gadget caption/.style={font=")
            .split('}')
            .next()
            .unwrap()
            .to_string();
        let caption_pt = match caption_font.as_str() {
            "\\large" => 12.0,
            "\\Large" => 14.4,
            "\\LARGE" => 17.28,
            "\\huge" => 20.74,
            "\\Huge" => 24.88,
            other => panic!("font {other}"),
        };
        // x=1.9cm: a unit in TeX points (a shrunk picture scales text and units alike).
        let cm: f64 = after("[x=").split("cm").next().unwrap().parse().unwrap();
        let unit_pt = cm * 72.27 / 2.54;
        let mut vertices = std::collections::HashMap::new();
        let mut captions = Vec::new();
        for line in tex.lines() {
            if let Some(i) = line.find("\\node[text=grOutline, gadget caption") {
                let node = &line[i..];
                let at = node.split(" at ").nth(1).unwrap();
                let (xy, text) = at.split_once(" {").unwrap();
                captions.push(TikzCaption {
                    at: coordinate(xy).unwrap(),
                    above: node.contains(", above]"),
                    text: text.strip_suffix("};").unwrap().to_string(),
                });
            } else if line.starts_with("\\node[") && line.contains(") at (") {
                let name = line
                    .split(") at (")
                    .next()
                    .unwrap()
                    .rsplit('(')
                    .next()
                    .unwrap();
                let xy = line
                    .split(") at ")
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap();
                vertices.insert(format!("({name})"), coordinate(xy).unwrap());
            }
        }
        let mut arcs = Vec::new();
        for line in tex.lines().filter(|l| l.starts_with("\\draw[arc")) {
            let body = line.split_once("] ").unwrap().1.trim_end_matches(';');
            let points: Vec<(f64, f64)> = body
                .split(" -- ")
                .map(|p| {
                    coordinate(p)
                        .or_else(|| vertices.get(p.trim()).copied())
                        .unwrap_or_else(|| panic!("{p}"))
                })
                .collect();
            arcs.extend(points.windows(2).map(|w| (w[0], w[1])));
        }
        TikzPicture {
            caption_font,
            caption_pt,
            unit_pt,
            captions,
            arcs,
        }
    }
}

impl TikzCaption {
    /// An upper bound of the width TeX sets the caption at, in em of its font: Computer
    /// Modern's glyphs rounded up (`¬` and `∨` 0.667 em, a letter at most 0.6 (`x` is
    /// 0.572), a digit in a subscript 0.4, a parenthesis 0.389, the space between two
    /// `$…$` 0.333). pdflatex sets the widest caption, `(¬x₁ ∨ ¬x₂ ∨ ¬x₂)`, 138.7 pt wide
    /// at `\LARGE`; this says 146.7.
    fn width_em(&self) -> f64 {
        let (mut em, mut math) = (0.0, false);
        let mut rest = self.text.as_str();
        while let Some(c) = rest.chars().next() {
            math ^= c == '$';
            let (w, len) = if rest.starts_with("\\neg") || rest.starts_with("\\vee") {
                (0.67, 4)
            } else if let Some(sub) = rest.strip_prefix("_{") {
                let digits = sub.find('}').unwrap();
                (0.4 * digits as f64, digits + 3)
            } else {
                match c {
                    '$' | '\\' => (0.0, 1),
                    // A space in math mode sets nothing.
                    ' ' => (if math { 0.0 } else { 0.34 }, 1),
                    '(' | ')' => (0.39, 1),
                    _ => (0.6, c.len_utf8()),
                }
            };
            em += w;
            rest = &rest[len..];
        }
        em
    }

    /// The caption node's box `(x0, y0, x1, y1)` in picture units: the text (an em high,
    /// as a parenthesis is) and TikZ's inner sep of ⅓ em on every side, standing on (or
    /// hanging from) its `at`.
    fn node_box(&self, font_pt: f64, unit_pt: f64) -> (f64, f64, f64, f64) {
        let em = font_pt / unit_pt;
        let (w, h) = (self.width_em() * em + 2.0 / 3.0 * em, em + 2.0 / 3.0 * em);
        let (x, y) = self.at;
        let (y0, y1) = if self.above { (y, y + h) } else { (y - h, y) };
        (x - w / 2.0, y0, x + w / 2.0, y1)
    }
}

/// Whether the run `a z` meets the box `(x0, y0, x1, y1)` (sampled every hundredth).
fn segment_meets_box(a: (f64, f64), z: (f64, f64), (x0, y0, x1, y1): (f64, f64, f64, f64)) -> bool {
    (0..=100).any(|k| {
        let t = f64::from(k) / 100.0;
        let p = (a.0 + t * (z.0 - a.0), a.1 + t * (z.1 - a.1));
        p.0 > x0 && p.0 < x1 && p.1 > y0 && p.1 < y1
    })
}

/// The width in TeX points of `text` set in `font`, as pdflatex measures it.
fn tex_width_pt(font: &str, text: &str) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let doc = format!(
        "\\documentclass{{article}}\\begin{{document}}\\setbox0\\hbox{{{font} {text}}}\
         \\typeout{{WIDTH=\\the\\wd0}}\\end{{document}}\n"
    );
    std::fs::write(dir.path().join("w.tex"), doc).unwrap();
    let out = std::process::Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "w.tex"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stdout);
    let w = log
        .split("WIDTH=")
        .nth(1)
        .unwrap_or_else(|| panic!("{log}"));
    w[..w.find("pt").unwrap()].parse().unwrap()
}
