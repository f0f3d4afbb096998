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
        let text = random_formula(&mut rng, n, 1..=6);
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

/// Where the runs `a b` and `c d` cross, strictly inside both.
fn crossing_point(
    a: (f64, f64),
    b: (f64, f64),
    c: (f64, f64),
    d: (f64, f64),
) -> Option<(f64, f64)> {
    let (r, s) = ((b.0 - a.0, b.1 - a.1), (d.0 - c.0, d.1 - c.1));
    let den = r.0 * s.1 - r.1 * s.0;
    if den.abs() < 1e-12 {
        return None;
    }
    let t = ((c.0 - a.0) * s.1 - (c.1 - a.1) * s.0) / den;
    let u = ((c.0 - a.0) * r.1 - (c.1 - a.1) * r.0) / den;
    let inside = |v: f64| v > 1e-6 && v < 1.0 - 1e-6;
    (inside(t) && inside(u)).then_some((a.0 + t * r.0, a.1 + t * r.1))
}

/// For each clause cluster (by its gadget name), the pairs of drawn arcs that cross inside
/// its box (its members' extent, 0.3 units round): every arc that has an end in the
/// cluster counts, lanes and buses included, each as `from -> to` by the names in the game,
/// and whether one of the two is a lane (an arc from the cluster to a vertex outside it
/// that does not come from a bus).
type Crossing = (String, String, bool);
fn crossings_inside_clusters(fig: &Figure) -> Vec<(String, Vec<Crossing>)> {
    let path = |e: &georeduce::render::figure::Edge| {
        drawn_path(
            fig.nodes[e.from].pos.unwrap(),
            &e.route,
            fig.nodes[e.to].pos.unwrap(),
        )
    };
    let name = |e: &georeduce::render::figure::Edge| {
        format!("{} -> {}", fig.nodes[e.from].spoken, fig.nodes[e.to].spoken)
    };
    fig.gadgets
        .iter()
        .filter(|g| g.kind == "clause")
        .map(|g| {
            let ps: Vec<(f64, f64)> = g
                .members
                .iter()
                .map(|&v| fig.nodes[v].pos.unwrap())
                .collect();
            let lo = ps
                .iter()
                .fold((f64::MAX, f64::MAX), |m, p| (m.0.min(p.0), m.1.min(p.1)));
            let hi = ps
                .iter()
                .fold((f64::MIN, f64::MIN), |m, p| (m.0.max(p.0), m.1.max(p.1)));
            let within = |p: (f64, f64)| {
                p.0 > lo.0 - 0.3 && p.0 < hi.0 + 0.3 && p.1 > lo.1 - 0.3 && p.1 < hi.1 + 0.3
            };
            let arcs: Vec<_> = fig
                .edges
                .iter()
                .filter(|e| g.members.contains(&e.from) || g.members.contains(&e.to))
                .collect();
            let mut pairs = Vec::new();
            for (i, a) in arcs.iter().enumerate() {
                for b in &arcs[i + 1..] {
                    let (pa, pb) = (path(a), path(b));
                    let meet = pa.windows(2).any(|r| {
                        pb.windows(2)
                            .any(|q| crossing_point(r[0], r[1], q[0], q[1]).is_some_and(within))
                    });
                    let lane = |e: &georeduce::render::figure::Edge| {
                        g.members.contains(&e.from) && !g.members.contains(&e.to)
                    };
                    if meet {
                        pairs.push((name(a), name(b), lane(a) || lane(b)));
                    }
                }
            }
            (g.name.clone(), pairs)
        })
        .collect()
}

#[test]
fn each_clause_cluster_is_drawn_with_seven_crossings_one_forced() {
    // The row under the connectors in the order with the fewest crossings (of all 720 of
    // one row): 7 inside each box, were 15 with each connector's `E` and `M` under it.
    // One of the 7 is forced: `c`, `U` (through the `M`s) and the chains above (through the
    // lanes) each reach all three connectors, a subdivided K₃,₃; it is the middle
    // connector's lane crossing the arc from the right connector into the centre.
    let fig = board();
    let inside = crossings_inside_clusters(&fig);
    assert_eq!(inside.len(), 3);
    for (cluster, pairs) in &inside {
        assert_eq!(pairs.len(), 7, "{cluster}: {pairs:?}");
        let lane_pairs: Vec<_> = pairs.iter().filter(|p| p.2).collect();
        assert_eq!(lane_pairs.len(), 1, "{cluster}: {lane_pairs:?}");
    }
    // Random formulas: the same 7 in every cluster, whatever the connectors' columns.
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for case in 0..20 {
        let text = random_formula(&mut rng, 3, 1..=5);
        for (cluster, pairs) in crossings_inside_clusters(&board_of(&text)) {
            assert!(pairs.len() <= 7, "case {case} {text}, {cluster}: {pairs:?}");
        }
    }
}

/// The crossings of the `--compact` drawing of `fig`: pairs of drawn arcs (from a port on
/// a box where the route starts inside it, `Scene::ported`), and the arcs that pass
/// through a box they do not end at or leave or enter a box aslant.
fn compact_crossings(fig: &Figure) -> (usize, Vec<String>) {
    use georeduce::render::scene::SceneKind;
    use georeduce::render::{Options, Scene};
    let opts = Options {
        compact: true,
        ..Options::default()
    };
    let scene = Scene::new(fig, &opts);
    let boxes = scene
        .nodes
        .iter()
        .filter(|n| matches!(n.kind, SceneKind::Collapsed(..)));
    assert_eq!(
        boxes.count(),
        fig.gadgets.iter().filter(|g| g.kind == "clause").count()
    );
    let mut paths = Vec::new();
    let mut through = Vec::new();
    for e in &scene.edges {
        let (a, ways, b) = scene.ported(e, false);
        let mut path = vec![a.unwrap_or(scene.nodes[e.from].pos.unwrap())];
        if matches!(e.route, georeduce::render::figure::Route::Through(_)) {
            path.extend(ways);
        }
        path.push(b.unwrap_or(scene.nodes[e.to].pos.unwrap()));
        for (k, n) in scene.nodes.iter().enumerate() {
            if k == e.from || k == e.to || !matches!(n.kind, SceneKind::Collapsed(..)) {
                continue;
            }
            // Sample each run: a point inside another box is a run through it.
            let inside = path.windows(2).any(|w| {
                (0..=50).any(|i| {
                    let t = i as f64 / 50.0;
                    let p = (
                        w[0].0 + t * (w[1].0 - w[0].0),
                        w[0].1 + t * (w[1].1 - w[0].1),
                    );
                    scene.inside_collapsed(k, p, false)
                })
            });
            if inside {
                through.push(format!("{} -> {} through {}", e.from, e.to, n.label));
            }
        }
        // An arc leaves (enters) a box through its top or bottom edge, upright, as the full
        // drawing's lanes and buses run.
        let boxed = |k: usize| matches!(scene.nodes[k].kind, SceneKind::Collapsed(..));
        let upright = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < 1e-6;
        let last = path.len() - 1;
        if (boxed(e.from) && !upright(path[0], path[1]))
            || (boxed(e.to) && !upright(path[last - 1], path[last]))
        {
            through.push(format!(
                "{} -> {} leaves or enters a box aslant",
                e.from, e.to
            ));
        }
        paths.push(path);
    }
    (crossings_of(&paths), through)
}

/// The crossing pairs of the full drawing's arcs other than those inside one cluster (the
/// lanes, the buses and the diamonds' arcs), of the arcs between two drawn things (a
/// cluster or a vertex outside the clusters) only the first, as `--compact` draws them.
fn outer_crossings(fig: &Figure) -> usize {
    let owner = |v: usize| {
        fig.gadgets
            .iter()
            .position(|g| g.kind == "clause" && g.members.contains(&v))
            .map_or(v, |g| fig.nodes.len() + g)
    };
    let mut seen = Vec::new();
    let mut paths: Vec<Vec<(f64, f64)>> = Vec::new();
    for e in &fig.edges {
        let key = (owner(e.from), owner(e.to));
        if key.0 == key.1 || seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let (a, b) = (fig.nodes[e.from].pos.unwrap(), fig.nodes[e.to].pos.unwrap());
        paths.push(drawn_path(a, &e.route, b));
    }
    crossings_of(&paths)
}

#[test]
fn compact_boxes_keep_the_full_drawings_lanes_and_buses() {
    // `--compact` drew every arc into a cluster's box straight from the box's centre,
    // crossing freely: on the paper's example 19 pairs, where the full drawing's arcs
    // between the same ends cross 18 times. Routed as the full drawing (ports on the
    // boxes' top and bottom edges), its arcs cross no more than the full drawing's lanes,
    // buses and diamond arcs do (the crossings the clusters' order forces in the band),
    // none runs through a box, and each leaves or enters its box upright.
    let check = |fig: &_, what: &str| {
        let (n, through) = compact_crossings(fig);
        let outer = outer_crossings(fig);
        eprintln!("{what}: compact {n}, full {outer}");
        assert!(through.is_empty(), "{what}: {through:?}");
        assert!(
            n <= outer,
            "{what}: {n} crossings in --compact, full {outer}"
        );
    };
    check(&board(), "the paper's example");
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for case in 0..20 {
        let text = random_formula(&mut rng, 5, 1..=6);
        check(&board_of(&text), &format!("case {case} {text}"));
    }
}

#[test]
fn more_than_six_clusters_stand_in_barycentre_order() {
    // Beyond six clusters not every order is tried: the clusters stand at the barycentre
    // of their lanes' entries, improved by adjacent swaps (clause order if that is better).
    // 20 random formulas of 7 to 12 clauses (5 variables): the band's crossings (lane
    // pairs and lane-bus places) summed and bounded by what this order gives; clause order
    // gave 3,154.
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut total = 0;
    for case in 0..20 {
        let text = random_formula(&mut rng, 5, 7..=12);
        let fig = board_of(&text);
        let lanes: Vec<Vec<(f64, f64)>> = lanes(&fig).into_iter().map(|l| l.path).collect();
        let n = crossings_of(&lanes) + lane_bus_crossings(&fig);
        eprintln!("case {case}: {n}");
        total += n;
    }
    eprintln!("band crossings over 20 formulas of 7-12 clauses: {total}");
    assert!(total <= 1908, "{total} (the barycentre order gave 1,908)");
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

/// A random 3-CNF formula over `vars` alternating variables (`∃x1 ∀x2 …`) with a number of
/// clauses drawn from `clauses`, in the text syntax.
fn random_formula(
    rng: &mut ChaCha8Rng,
    vars: i32,
    clauses: std::ops::RangeInclusive<i32>,
) -> String {
    let prefix: Vec<String> = (1..=vars)
        .map(|i| format!("{}x{i}", if i % 2 == 1 { '∃' } else { '∀' }))
        .collect();
    let clauses: Vec<String> = (0..rng.random_range(clauses))
        .map(|_| {
            let lits: Vec<String> = (0..3)
                .map(|_| {
                    let v = rng.random_range(1..=vars);
                    let neg = if rng.random_bool(0.5) { "¬" } else { "" };
                    format!("{neg}x{v}")
                })
                .collect();
            format!("({})", lits.join(" ∨ "))
        })
        .collect();
    format!("{}. {}", prefix.join(" "), clauses.join(" ∧ "))
}
