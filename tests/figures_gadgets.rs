//! Figures of the constructions that keep the source board (`Theorem::figure` in
//! dvg_to_nimg.rs, dvg_to_misere_uvg.rs, deg_to_ueg.rs, the pendant theorems, the two Trail Trap
//! ones, hampath_to_pvg.rs and pvg_to_pag.rs): a DOT
//! snapshot of each on its gallery example, byte-identical output, every vertex pinned with
//! no two vertices drawn on top of each other, readable labels on a 1080p slide, and
//! graphviz (`neato -n`, which keeps pinned positions) draws them without a warning.

use crate::run::have;
use georeduce::render::figure::{NodeStyle, Outline};
use georeduce::render::gallery::{draw, entry};
use georeduce::render::{Figure, Options, Scene, slide_dot};
use std::io::Write;
use std::process::{Command, Stdio};

/// The reductions drawn on the source's shape.
const IDS: [&str; 10] = [
    "dvg-nimg",
    "dvg-misere-uvg",
    "deg-ueg",
    "dvg-misere-dvg",
    "ueg-misere-ueg",
    "deg-misere-deg",
    "hampath-trailtrap",
    "trailtrap-disconnected",
    "hampath-pvg",
    "pvg-pag",
];

fn figure(id: &str) -> Figure {
    let e = entry(id).expect("a gallery entry");
    let d = draw(&e).expect("the example draws");
    assert!(
        d.placed_by_theorem,
        "{id}: the theorem should place its figure"
    );
    d.figure
}

fn dot(id: &str) -> String {
    slide_dot::write(&Scene::new(&figure(id), &Options::default()))
}

#[test]
fn dot_snapshots() {
    for id in IDS {
        insta::assert_snapshot!(format!("gadgets_{id}"), dot(id));
    }
}

#[test]
fn byte_identical_twice() {
    for id in IDS {
        assert_eq!(dot(id), dot(id), "{id}");
    }
}

#[test]
fn every_vertex_pinned_and_apart_with_readable_labels() {
    for id in IDS {
        let f = figure(id);
        assert!(
            f.pinned() && !f.graphviz_lays_out,
            "{id}: not every vertex pinned"
        );
        let pos: Vec<(f64, f64)> = f.nodes.iter().map(|n| n.pos.unwrap()).collect();
        for i in 0..pos.len() {
            for j in i + 1..pos.len() {
                let d = ((pos[i].0 - pos[j].0).powi(2) + (pos[i].1 - pos[j].1).powi(2)).sqrt();
                // Radii in units: a labelled circle, a dot, a leaf; plus a gap.
                let r = |s: NodeStyle| match s {
                    NodeStyle::Vertex => 0.35,
                    NodeStyle::Point => 0.1,
                    NodeStyle::Leaf => 0.12,
                };
                let need = r(f.nodes[i].style) + r(f.nodes[j].style) + 0.15;
                assert!(
                    d >= need,
                    "{id}: {} and {} drawn {d:.2} units apart",
                    f.nodes[i].id,
                    f.nodes[j].id
                );
            }
        }
        let px = f.slide_label_px();
        assert!(px >= 14.0, "{id}: labels {px:.1} px on a 1080p slide");
        let mut labels: Vec<&str> = f
            .nodes
            .iter()
            .map(|n| n.label.as_str())
            .filter(|l| !l.is_empty())
            .collect();
        let n = labels.len();
        labels.sort_unstable();
        labels.dedup();
        assert_eq!(labels.len(), n, "{id}: a label is used twice");
    }
}

#[test]
fn gadget_vertices_are_told_apart_from_the_source_vertices() {
    // Fig. 6 on dvg.geo, whose vertices are s a b c d: the gadgets' a b c d carry the arc's
    // number, so no gadget label equals an original one.
    let f = figure("dvg-nimg");
    let labels: Vec<&str> = f.nodes.iter().map(|n| n.label.as_str()).collect();
    for original in ["s", "a", "b", "c", "d"] {
        assert_eq!(labels.iter().filter(|&&l| l == original).count(), 1);
    }
    assert!(labels.contains(&"a_1") && labels.contains(&"d_7"));
}

#[test]
fn graphviz_draws_them_without_warnings() {
    if !have("neato", "graphviz") {
        return;
    }
    for id in IDS {
        let text = dot(id);
        for args in [vec!["-n", "-Tsvg"], vec!["-Tsvg"]] {
            let tool = if args[0] == "-n" { "neato" } else { "dot" };
            let mut child = Command::new(tool)
                .args(&args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            child
                .stdin
                .take()
                .unwrap()
                .write_all(text.as_bytes())
                .unwrap();
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success(), "{id}: {tool} failed");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(stderr.trim().is_empty(), "{id}: {tool} warned: {stderr}");
            assert!(String::from_utf8_lossy(&out.stdout).contains("<svg"));
        }
    }
}

#[test]
fn arc_gadgets_are_outlined_and_named_by_their_arc() {
    // One hull per arc, named arc1, arc2, …, holding exactly that arc's gadget vertices.
    for (id, per_arc) in [("dvg-nimg", 4), ("dvg-misere-uvg", 5), ("deg-ueg", 5)] {
        let f = figure(id);
        let hulls: Vec<_> = f
            .gadgets
            .iter()
            .filter(|g| g.outline == Outline::Hull)
            .collect();
        assert!(!hulls.is_empty(), "{id}: no arc gadget outlined");
        for (k, g) in hulls.iter().enumerate() {
            assert_eq!(g.name, format!("arc{}", k + 1), "{id}");
            assert_eq!(g.members.len(), per_arc, "{id}: {}", g.name);
        }
        let scene = Scene::new(
            &f,
            &Options {
                highlight: Some("arc2".into()),
                ..Options::default()
            },
        );
        let lit: Vec<_> = scene.outlines.iter().filter(|o| o.highlight).collect();
        assert_eq!(lit.len(), 1, "{id}: --highlight arc2");
        assert!(lit[0].hull.len() >= 3, "{id}: a hull has corners");
    }
}

/// Distance between two placed vertices of `f`.
fn apart(f: &Figure, a: usize, b: usize) -> f64 {
    let (p, q) = (f.nodes[a].pos.unwrap(), f.nodes[b].pos.unwrap());
    ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt()
}

#[test]
fn the_prism_is_drawn_as_two_triangles_and_the_claw_as_a_claw() {
    // prism-hampath.geo: triangles a b c and d e f, spokes a–d, b–e, c–f.
    let f = figure("hampath-trailtrap");
    let id = |name: &str| f.nodes.iter().position(|n| n.id == name).unwrap();
    let (outer, inner) = (["a", "b", "c"].map(id), ["d", "e", "f"].map(id));
    for tri in [outer, inner] {
        let sides = [
            apart(&f, tri[0], tri[1]),
            apart(&f, tri[1], tri[2]),
            apart(&f, tri[2], tri[0]),
        ];
        assert!(
            sides.iter().all(|s| (s - sides[0]).abs() < 1e-6),
            "not equilateral: {sides:?}"
        );
    }
    let side = |t: [usize; 3]| apart(&f, t[0], t[1]);
    assert!(
        side(inner) < side(outer) - 0.5,
        "the inner triangle is not smaller"
    );
    // The claw: the centre equally far from its three leaves, which are equally far apart.
    let f = figure("trailtrap-disconnected");
    let id = |name: &str| f.nodes.iter().position(|n| n.id == name).unwrap();
    let (c, leaves) = (id("c"), ["l1", "l2", "l3"].map(id));
    let spokes = leaves.map(|l| apart(&f, c, l));
    assert!(
        spokes.iter().all(|s| (s - spokes[0]).abs() < 1e-6),
        "{spokes:?}"
    );
    let rim = apart(&f, leaves[0], leaves[1]);
    assert!((apart(&f, leaves[1], leaves[2]) - rim).abs() < 1e-6);
}

#[test]
fn compact_draws_each_arc_gadget_as_one_labelled_shape() {
    let f = figure("dvg-nimg");
    let full = Scene::new(&f, &Options::default());
    let compact = Scene::new(
        &f,
        &Options {
            compact: true,
            ..Options::default()
        },
    );
    let arcs = f
        .gadgets
        .iter()
        .filter(|g| g.outline == Outline::Hull)
        .count();
    // Each gadget's 4 vertices become one shape labelled by its arc; the heaps stay.
    assert_eq!(compact.nodes.len(), full.nodes.len() - 3 * arcs);
    let shapes: Vec<&str> = compact
        .nodes
        .iter()
        .filter(|n| matches!(n.kind, georeduce::render::scene::SceneKind::Collapsed(..)))
        .map(|n| n.label.as_str())
        .collect();
    assert_eq!(shapes.len(), arcs);
    assert!(
        shapes.contains(&"arc1") && shapes.contains(&"arc7"),
        "{shapes:?}"
    );
    // Two edges per arc gadget remain: tail → gadget → head.
    assert_eq!(compact.edges.len(), 2 * arcs);
}

#[test]
fn a_planar_source_that_no_circle_draws_without_crossings_is_drawn_with_a_centre() {
    // examples/games/dvg.geo is the 4-cycle s c b d with a joined to s, b and c: planar but
    // not outerplanar, so on a circle two arcs cross and one of them (arc 1, s → a, or its
    // gadget's edge into a) runs across the whole figure. With a in the middle nothing
    // crosses: neither the source's arcs nor, drawn along them, the gadgets' edges.
    for id in ["dvg-nimg", "dvg-misere-uvg", "dvg-misere-dvg"] {
        let f = figure(id);
        assert_eq!(f.crossings(), 0, "{id}: edges cross");
        // a stands in the middle: nearer to every rim vertex than two rim neighbours are.
        let a = f.nodes.iter().position(|n| n.id == "a").unwrap();
        let rim = ["s", "b", "c", "d"].map(|v| f.nodes.iter().position(|n| n.id == v).unwrap());
        let to_a = rim.map(|v| apart(&f, a, v));
        let from_s = apart(&f, rim[0], rim[2]);
        assert!(
            to_a.iter().all(|&d| d < from_s),
            "{id}: a is not in the middle ({to_a:?} vs the rim side {from_s:.2})"
        );
    }
    let e = entry("dvg-misere-uvg").unwrap();
    let source = draw(&e).unwrap().source_figure.expect("a source figure");
    assert_eq!(source.crossings(), 0, "the source figure: arcs cross");
}

/// Whether two convex polygons (corners in order) overlap: a corner of one inside the
/// other, or two sides crossing.
fn polygons_overlap(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    let inside = |p: (f64, f64), poly: &[(f64, f64)]| {
        let side = |i: usize| {
            let (q, r) = (poly[i], poly[(i + 1) % poly.len()]);
            (r.0 - q.0) * (p.1 - q.1) - (r.1 - q.1) * (p.0 - q.0)
        };
        let s: Vec<f64> = (0..poly.len()).map(side).collect();
        s.iter().all(|&x| x > 0.0) || s.iter().all(|&x| x < 0.0)
    };
    let sides = |p: &[(f64, f64)]| -> Vec<((f64, f64), (f64, f64))> {
        (0..p.len()).map(|i| (p[i], p[(i + 1) % p.len()])).collect()
    };
    let cross = |(p, q): ((f64, f64), (f64, f64)), (r, s): ((f64, f64), (f64, f64))| {
        let o = |a: (f64, f64), b: (f64, f64), c: (f64, f64)| {
            ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum()
        };
        o(p, q, r) * o(p, q, s) < 0.0 && o(r, s, p) * o(r, s, q) < 0.0
    };
    a.iter().any(|&p| inside(p, b))
        || b.iter().any(|&p| inside(p, a))
        || sides(a)
            .iter()
            .any(|&s| sides(b).iter().any(|&t| cross(s, t)))
}

#[test]
fn no_two_arc_gadget_hulls_overlap() {
    for id in ["dvg-nimg", "dvg-misere-uvg", "deg-ueg"] {
        let scene = Scene::new(&figure(id), &Options::default());
        let hulls: Vec<_> = scene
            .outlines
            .iter()
            .filter(|o| o.shape == Outline::Hull)
            .collect();
        assert!(hulls.len() >= 5, "{id}: {} hulls", hulls.len());
        for (i, a) in hulls.iter().enumerate() {
            for (j, b) in hulls.iter().enumerate().skip(i + 1) {
                // Hulls are in arc order: the k-th is arc k + 1's.
                assert!(
                    !polygons_overlap(&a.hull, &b.hull),
                    "{id}: the hulls of arcs {} and {} overlap",
                    i + 1,
                    j + 1
                );
            }
        }
    }
}

/// The length (units) over which two straight runs lie on top of each other: 0 unless
/// they are parallel and less than 0.03 units apart.
fn shared_length(a: ((f64, f64), (f64, f64)), b: ((f64, f64), (f64, f64))) -> f64 {
    let (d, len) = {
        let (dx, dy) = (a.1.0 - a.0.0, a.1.1 - a.0.1);
        ((dx, dy), dx.hypot(dy))
    };
    if len < 1e-9 {
        return 0.0;
    }
    let u = (d.0 / len, d.1 / len);
    let off = |p: (f64, f64)| ((p.0 - a.0.0) * -u.1 + (p.1 - a.0.1) * u.0).abs();
    if off(b.0) > 0.03 || off(b.1) > 0.03 {
        return 0.0;
    }
    let t = |p: (f64, f64)| (p.0 - a.0.0) * u.0 + (p.1 - a.0.1) * u.1;
    let (lo, hi) = (t(b.0).min(t(b.1)), t(b.0).max(t(b.1)));
    (hi.min(len) - lo.max(0.0)).max(0.0)
}

/// No two arcs of these figures are drawn on top of each other for more than 0.1 units:
/// `qbf-deg`'s two arcs `c₂ → ¬x₂` (its clause names ¬x₂ twice) ran in one lane, and
/// the arcs of one clause left their vertex down one run. (`qbf-pvg`'s and
/// `qbf-pvg-restricted`'s buses and lanes share runs by design, as the paper's do.)
#[test]
fn no_two_arcs_are_drawn_on_top_of_each_other() {
    use georeduce::render::figure::drawn_path;
    // The textbook and two-token boards, vc-pvg, and every figure drawn on the source's shape.
    let boards = ["qbf-dvg", "qbf-deg", "qbf-iag2", "qbf-ivg2", "vc-pvg"];
    for id in boards.into_iter().chain(IDS) {
        let scene = Scene::new(&figure(id), &Options::default());
        let paths: Vec<Vec<(f64, f64)>> = scene
            .edges
            .iter()
            .filter(|e| e.from != e.to)
            .filter_map(|e| {
                let (a, b) = (scene.nodes[e.from].pos?, scene.nodes[e.to].pos?);
                Some(drawn_path(a, &e.route, b))
            })
            .collect();
        for i in 0..paths.len() {
            for j in i + 1..paths.len() {
                for r in paths[i].windows(2) {
                    for q in paths[j].windows(2) {
                        let shared = shared_length((r[0], r[1]), (q[0], q[1]));
                        assert!(
                            shared <= 0.1,
                            "{id}: arcs {i} and {j} share {shared:.2} units of run {r:?} / {q:?}"
                        );
                    }
                }
            }
        }
    }
}

/// The pendant figures keep the source's arcs close to where the source draws them: a
/// loop within a unit of its vertex, any other arc within half a unit of the straight line
/// between its ends. `deg-misere-deg` routed `deg.geo`'s loop at `w` round a 1.5-unit
/// circle and its antiparallel arcs `u ↔ v` 1.6 units out (the bulges of arc gadgets,
/// which these figures do not draw), larger detours than a side of the triangle.
#[test]
fn pendant_figures_draw_loops_small_and_twins_close() {
    use georeduce::render::figure::Route;
    for id in ["deg-misere-deg", "dvg-misere-dvg", "ueg-misere-ueg"] {
        let scene = Scene::new(&figure(id), &Options::default());
        for e in &scene.edges {
            let (a, b) = (
                scene.nodes[e.from].pos.unwrap(),
                scene.nodes[e.to].pos.unwrap(),
            );
            let Route::Through(ways) = &e.route else {
                continue;
            };
            for &w in ways {
                let off = if e.from == e.to {
                    (w.0 - a.0).hypot(w.1 - a.1)
                } else {
                    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                    ((w.0 - a.0) * dy - (w.1 - a.1) * dx).abs() / dx.hypot(dy)
                };
                let most = if e.from == e.to { 1.0 } else { 0.5 };
                assert!(
                    off <= most,
                    "{id}: {} -> {} runs {off:.2} units out at {w:?}",
                    scene.nodes[e.from].key,
                    scene.nodes[e.to].key
                );
            }
        }
    }
}

/// `hampath-trailtrap` turns G so that `v` points down towards `w` and the path P; the
/// source drawn beside it (and the gallery's `-source.svg`) is turned as much, so that the
/// two drawings of G match: every pair of G's vertices lies in the same direction in
/// both. (The source was drawn upright, `a` at the top, G in the target upside down.)
#[test]
fn the_source_beside_is_turned_as_the_target_turns_g() {
    let e = entry("hampath-trailtrap").expect("a gallery entry");
    let d = draw(&e).expect("the example draws");
    let source = d.source_figure.expect("a graph source");
    let name = |l: &str| l.split(' ').next().unwrap_or("").to_string();
    let at = |f: &Figure, n: &str| {
        f.nodes
            .iter()
            .find(|x| name(&x.label) == n)
            .and_then(|x| x.pos)
            .unwrap_or_else(|| panic!("vertex {n}"))
    };
    let names: Vec<String> = source.nodes.iter().map(|n| name(&n.label)).collect();
    assert!(names.len() >= 6, "{names:?}");
    for a in &names {
        for b in &names {
            if a >= b {
                continue;
            }
            let angle = |f: &Figure| {
                let (p, q) = (at(f, a), at(f, b));
                (q.1 - p.1).atan2(q.0 - p.0)
            };
            let gap = (angle(&source) - angle(&d.figure)).rem_euclid(std::f64::consts::TAU);
            let gap = gap.min(std::f64::consts::TAU - gap);
            assert!(gap < 0.02, "{a} → {b}: {gap:.2} rad apart");
        }
    }
}
/// `dvg-misere-uvg`: every edge keeps 0.35 units (more than a dot's reach) from every
/// vertex it does not join, with no crossing. The gadget's `g4`, which leads to the arc's
/// head, stood beside the middle of the gadget, so its edge to the head ran into the hull
/// past `g1` (0.32 units); `g4` now stands nearer the head and `g1` off the axis.
#[test]
fn arc_gadget_end_edges_keep_clear_of_the_gadget_vertices() {
    let s = Scene::new(&figure("dvg-misere-uvg"), &Options::default());
    assert_eq!(s.crossings(), 0);
    for e in &s.edges {
        let (a, b) = (s.nodes[e.from].pos.unwrap(), s.nodes[e.to].pos.unwrap());
        for (k, n) in s.nodes.iter().enumerate() {
            let Some(p) = n.pos.filter(|_| k != e.from && k != e.to) else {
                continue;
            };
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            let d = (p.0 - a.0 - t * dx).hypot(p.1 - a.1 - t * dy);
            assert!(
                d >= 0.35,
                "{} passes {} at {d:.3} units",
                s.nodes[e.from].key,
                n.key
            );
        }
    }
}
