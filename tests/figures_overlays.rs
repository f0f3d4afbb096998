//! What `render`'s options draw: `--compact` refuses a construction without gadgets, a line
//! of play names the dots it passes as `solve --strategy` does, the antiparallel arcs of
//! `pvg-pag` bend apart instead of crossing, the TikZ legend's marks are text-sized, and the
//! TikZ-only flags are refused with any other format.

use crate::run::{assert_stderr_has, georeduce, render_dot_and_tikz, stdout};
use georeduce::reductions::figure_helpers::polylines_cross;
use georeduce::render::figure::Route;
use georeduce::render::gallery::{draw, entry};
use georeduce::render::tikz::{self, TikzOptions};
use georeduce::render::{Options, PlayedMove, Scene};

/// `--compact -o OUT.dot` also writes one detail figure per kind of gadget, with the
/// gadget's vertices drawn in full and its neighbours as stubs.
#[test]
fn compact_writes_one_detail_figure_per_gadget_kind() {
    let dir = tempfile::tempdir().unwrap();
    for (example, via, kinds, members) in [
        (
            "examples/fraenkel-simonson.qbf",
            "qbf-pvg",
            &["clause"][..],
            11,
        ),
        ("examples/vertex-cover.geo", "vc-pvg", &["cigar"][..], 0),
        ("examples/games/pvg.geo", "pvg-pag", &["vertex"][..], 2),
    ] {
        let out = dir.path().join(format!("{via}.dot"));
        let o = georeduce(&[
            "render",
            example,
            "--via",
            via,
            "--compact",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{o:?}");
        let written: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
        assert_eq!(written.len(), kinds.len(), "{via}: {written:?}");
        for kind in kinds {
            let path = dir.path().join(format!("{via}-detail-{kind}.dot"));
            let dot = std::fs::read_to_string(&path).unwrap();
            assert!(dot.contains(&format!("One {kind} gadget in full")), "{dot}");
            // Nothing is boxed in the detail: every member is a drawn vertex.
            let vertices = dot.lines().filter(|l| l.starts_with("  \"v")).count();
            assert!(vertices > members, "{via}: {vertices} vertices\n{dot}");
            assert!(!dot.contains("\"g0\""), "{via}: a gadget collapsed\n{dot}");
        }
    }
}

#[test]
fn compact_refuses_a_construction_without_gadgets_and_boxes_the_others() {
    let o = georeduce(&[
        "render",
        "examples/hampath.geo",
        "--via",
        "hampath-pvg",
        "--compact",
    ]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert_stderr_has(&o, "render::nothing_to_compact");
    assert_stderr_has(&o, "builds no gadgets");
    let o = georeduce(&[
        "render",
        "examples/vertex-cover.geo",
        "--via",
        "vc-pvg",
        "--compact",
    ]);
    assert!(o.status.success(), "{o:?}");
}

/// The names `--play` gives the unlabelled vertices of Sipser's board (the diamonds' tops
/// and bottoms, `c`) are the names `solve --strategy` prints for them, and the figure
/// draws each of them beside its dot.
#[test]
fn a_line_of_play_names_the_dots_it_passes_as_solve_does() {
    let dir = tempfile::tempdir().unwrap();
    let dot = dir.path().join("play.dot");
    let o = georeduce(&[
        "render",
        "examples/fraenkel-simonson.qbf",
        "--via",
        "qbf-dvg",
        "--play",
        "-o",
        dot.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{o:?}");
    let said = stdout(&o);
    let drawn = std::fs::read_to_string(&dot).unwrap();
    let game = dir.path().join("dvg.geo");
    let o = georeduce(&[
        "compile",
        "examples/fraenkel-simonson.qbf",
        "--via",
        "qbf-dvg",
        "-o",
        game.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{o:?}");
    let o = georeduce(&["solve", game.to_str().unwrap(), "--strategy"]);
    assert!(o.status.success(), "{o:?}");
    let solved = stdout(&o);
    // The names drawn beside dots: `"v3_name" [shape=plaintext, …, label="B₁", …]`.
    let tags: Vec<&str> = drawn
        .lines()
        .filter(|l| l.contains("_name\" [shape=plaintext"))
        .map(|l| {
            let i = l.find("label=\"").unwrap() + 7;
            &l[i..i + l[i..].find('"').unwrap()]
        })
        .collect();
    assert!(tags.len() >= 7, "tops, bottoms and c: {tags:?}\n{drawn}");
    for t in ["T₁", "B₁", "T₂", "B₃", "c"] {
        assert!(tags.contains(&t), "{t} not drawn: {tags:?}");
    }
    for t in &tags {
        let named =
            |text: &str| text.contains(&format!(" {t} ->")) || text.contains(&format!("-> {t},"));
        assert!(named(&said), "render --play does not say {t}: {said}");
        assert!(
            named(&solved),
            "solve --strategy does not say {t}: {solved}"
        );
    }
    // Without a line of play the dots stay unlabelled, as in the paper.
    let o = georeduce(&[
        "render",
        "examples/fraenkel-simonson.qbf",
        "--via",
        "qbf-dvg",
    ]);
    assert!(!stdout(&o).contains("_name\""), "{}", stdout(&o));
}

#[test]
fn antiparallel_arcs_of_pvg_pag_bend_apart_without_crossing() {
    let e = entry("pvg-pag").expect("a gallery entry");
    let f = draw(&e).unwrap().figure;
    let line = |i: usize| {
        let e = &f.edges[i];
        let mut pts = vec![f.nodes[e.from].pos.unwrap()];
        if let Route::Through(ways) = &e.route {
            pts.extend(ways);
        }
        pts.push(f.nodes[e.to].pos.unwrap());
        pts
    };
    // Arcs between two split vertices in opposite directions: out(u) → in(w), out(w) → in(u).
    let gadget_of = |v: usize| f.gadgets.iter().position(|g| g.members.contains(&v));
    let mut pairs = 0;
    for i in 0..f.edges.len() {
        for j in i + 1..f.edges.len() {
            let (a, b) = (&f.edges[i], &f.edges[j]);
            let (ga, gb) = (
                (gadget_of(a.from), gadget_of(a.to)),
                (gadget_of(b.from), gadget_of(b.to)),
            );
            if ga.0 != ga.1 && ga == (gb.1, gb.0) {
                pairs += 1;
                assert!(!polylines_cross(&line(i), &line(j)), "{a:?} crosses {b:?}");
                // Two lanes or two bows, never one line over the other.
                let mid = |l: &[(f64, f64)]| {
                    let (p, q) = (l[0], l[l.len() - 1]);
                    ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)
                };
                let (p, q) = (mid(&line(i)), mid(&line(j)));
                let apart = ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
                assert!(apart >= 0.8, "{a:?} and {b:?} only {apart:.2} apart");
            }
        }
    }
    // The example's a → c, c → a.
    assert_eq!(pairs, 1);
}

#[test]
fn tikz_legend_marks_do_not_inherit_the_drawings_units() {
    let e = entry("qbf-pvg").expect("a gallery entry");
    let fig = draw(&e).unwrap().figure;
    let opts = Options {
        play: vec![PlayedMove {
            edge: Some(0),
            to: fig.edges[0].to,
            player: 0,
        }],
        ..Options::default()
    };
    let tex = tikz::write(&Scene::new(&fig, &opts), TikzOptions::default());
    let legend: Vec<&str> = tex.split("\\tikz[").skip(1).collect();
    // Two starts and two move arrows, each a nested picture that resets the units.
    assert_eq!(legend.len(), 4, "{tex}");
    for mark in legend {
        assert!(mark.starts_with("x=1cm, y=1cm,"), "{mark}");
    }
}

#[test]
fn mono_legend_marks_the_second_players_moves_and_token_dashed_in_dot_and_tikz() {
    let e = entry("qbf-pvg").expect("a gallery entry");
    let fig = draw(&e).unwrap().figure;
    let play: Vec<PlayedMove> = (0..2)
        .map(|player| PlayedMove {
            edge: Some(player),
            to: fig.edges[player].to,
            player: player as u8,
        })
        .collect();
    for mono in [false, true] {
        let opts = Options {
            play: play.clone(),
            mono,
            ..Options::default()
        };
        let scene = Scene::new(&fig, &opts);
        let dot = georeduce::render::slide_dot::write(&scene);
        let legend = &dot[dot.find("I's token starts").expect("a legend")..];
        // In colour both players' marks are solid; in mono II's are the dashed ones, as II's
        // moves and start ring are drawn.
        assert_eq!(legend.contains('⇢'), mono, "{legend}");
        assert_eq!(legend.contains('◌'), mono, "{legend}");
        assert!(legend.contains('⟶'), "{legend}");
        let tex = tikz::write(&scene, TikzOptions::default());
        let dashed_marks = tex
            .split("\\tikz[")
            .skip(1)
            .filter(|m| m.contains(", dashed"))
            .count();
        assert_eq!(dashed_marks, if mono { 2 } else { 0 }, "{tex}");
    }
}

/// The numbers after `key` in `text` up to the next `end`, split at commas, spaces and
/// the given separators.
fn numbers_after(text: &str, key: &str, end: char) -> Vec<f64> {
    let start = text.find(key).map(|i| i + key.len()).expect(key);
    let rest = &text[start..];
    rest[..rest.find(end).unwrap()]
        .split([',', ' ', ':', '(', ')'])
        .filter_map(|w| w.trim_start_matches("e").parse().ok())
        .collect()
}

#[test]
fn a_loops_number_stands_clear_of_its_loop_in_dot_and_tikz() {
    // deg.geo's arc 4 is the loop w → w; beside deg-ueg the source's arcs carry numbers.
    let base = [
        "render",
        "examples/games/deg.geo",
        "--via",
        "deg-ueg",
        "--source-beside",
    ];
    let (dot, tikz) = render_dot_and_tikz(&base);
    let line = dot
        .lines()
        .find(|l| l.contains("label=\"4\""))
        .expect("the loop's line");
    let (from, to) = line.trim().split_once(" -> ").unwrap();
    assert_eq!(
        from,
        to.split(' ').next().unwrap(),
        "arc 4 is a loop: {line}"
    );
    // `pos="e,TIP P0 C1 C2 P3"`: the arrow's tip, then one cubic Bézier; `lp` its number.
    let pos = numbers_after(line, "pos=\"", '"');
    let lp = numbers_after(line, "lp=\"", '"');
    assert_eq!((pos.len(), lp.len()), (10, 2), "{line}");
    let p = |k: usize| (pos[2 * k], pos[2 * k + 1]);
    let (tip, b) = (p(0), [p(1), p(2), p(3), p(4)]);
    let mut curve: Vec<(f64, f64)> = (0..=50)
        .map(|i| {
            let t = i as f64 / 50.0;
            let w = [
                (1.0 - t).powi(3),
                3.0 * t * (1.0 - t).powi(2),
                3.0 * t * t * (1.0 - t),
                t.powi(3),
            ];
            (
                (0..4).map(|k| w[k] * b[k].0).sum(),
                (0..4).map(|k| w[k] * b[k].1).sum(),
            )
        })
        .collect();
    curve.push(tip);
    // The number (13 pt, one character: about 7 × 13 points) with 2 points to spare.
    let (hw, hh) = (3.6 + 2.0, 6.5 + 2.0);
    for q in &curve {
        assert!(
            (q.0 - lp[0]).abs() > hw || (q.1 - lp[1]).abs() > hh,
            "the loop passes through its number at {q:?} (number at {lp:?}): {line}"
        );
    }
    // TikZ: the loop drawn from our coordinates, leaving and re-entering the vertex's
    // border on either side of one direction and bulging along it, and its number anchored
    // on the side facing the vertex, so that it stands beyond the loop's far end (a `loop
    // above` with its number `auto` put the number on the loop).
    let line = tikz
        .lines()
        .find(|l| l.contains("{$4$}"))
        .expect("the loop's number");
    assert!(!line.contains("loop above"), "{line}");
    let anchors = numbers_after(line, ".", ';');
    let (leave, out1, out2) = (anchors[0], anchors[1], anchors[3]);
    let end = &line[line.rfind(".. (").unwrap() + 4..];
    let back: f64 = end[end.find('.').unwrap() + 1..end.find(')').unwrap()]
        .parse()
        .unwrap();
    let mid = |a: f64, b: f64| {
        let d = (b - a + 540.0).rem_euclid(360.0) - 180.0;
        (a + d / 2.0).rem_euclid(360.0)
    };
    let axis = mid(leave, back);
    let anchor = numbers_after(line, "anchor=", ',')[0];
    let gap = |a: f64, b: f64| ((a - b + 540.0).rem_euclid(360.0) - 180.0).abs();
    assert!(
        gap(anchor, axis + 180.0) <= 1.0,
        "anchor {anchor} vs axis {axis}: {line}"
    );
    assert!(
        gap(mid(out1, out2), axis) <= 1.0,
        "the loop does not bulge along {axis}: {line}"
    );
    assert!(gap(leave, back) >= 30.0, "the loop's ends: {line}");
}

/// Points of a DOT edge's `pos` (`e,TIP P0 C1 C2 P1 …`): the cubic Béziers sampled, the
/// arrow's tip last.
fn dot_curve(line: &str) -> Vec<(f64, f64)> {
    let pos = numbers_after(line, "pos=\"", '"');
    let p: Vec<(f64, f64)> = pos.chunks(2).map(|c| (c[0], c[1])).collect();
    let (tip, b) = (p[0], &p[1..]);
    let mut out = Vec::new();
    for seg in b.windows(4).step_by(3) {
        for i in 0..=20 {
            let t = i as f64 / 20.0;
            let w = [
                (1.0 - t).powi(3),
                3.0 * t * (1.0 - t).powi(2),
                3.0 * t * t * (1.0 - t),
                t.powi(3),
            ];
            out.push((
                (0..4).map(|k| w[k] * seg[k].0).sum(),
                (0..4).map(|k| w[k] * seg[k].1).sum(),
            ));
        }
    }
    out.push(tip);
    out
}

/// The point of `curve` nearest the perpendicular bisector of `a b`.
fn middle_of(curve: &[(f64, f64)], a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let along = |q: &(f64, f64)| ((q.0 - a.0) * dx + (q.1 - a.1) * dy) / (dx * dx + dy * dy);
    *curve
        .iter()
        .min_by(|p, q| (along(p) - 0.5).abs().total_cmp(&(along(q) - 0.5).abs()))
        .unwrap()
}

/// Beside `deg-ueg`, the source `deg.geo` has the antiparallel arcs 1 (u → v) and 2
/// (v → u) and the loop 4 at w. Graphviz drew arcs 1 and 2 of the pinned DOT as two curves
/// meeting at u, TikZ as one line with two arrowheads, and the loop ran over the dashed
/// box round the source: now both writers draw two bent arcs at least 0.3 units apart at
/// their middles, and the loop with its number stands inside the box, clear of its edge.
#[test]
fn antiparallel_arcs_bow_apart_and_a_loop_stays_inside_its_box_in_dot_and_tikz() {
    let base = [
        "render",
        "examples/games/deg.geo",
        "--via",
        "deg-ueg",
        "--source-beside",
    ];
    let (dot, tikz) = render_dot_and_tikz(&base);
    let unit_pt = georeduce::render::figure::UNIT_PT;
    let node = |key: &str| -> (f64, f64) {
        let line = dot
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("\"{key}\" [")))
            .unwrap_or_else(|| panic!("node {key}"));
        let p = numbers_after(line, "pos=\"", '!');
        (p[0], p[1])
    };
    let arc = |n: &str| {
        dot.lines()
            .find(|l| l.contains(&format!("label=\"{n}\"")) && l.contains(" -> "))
            .unwrap_or_else(|| panic!("arc {n}"))
    };
    let (u, v) = (node("v0"), node("v1"));
    let (one, two) = (arc("1"), arc("2"));
    assert!(one.trim_start().starts_with("\"v0\" -> \"v1\""), "{one}");
    assert!(two.trim_start().starts_with("\"v1\" -> \"v0\""), "{two}");
    for line in [one, two] {
        assert!(line.contains("pos=\""), "not drawn by us: {line}");
    }
    let (m1, m2) = (
        middle_of(&dot_curve(one), u, v),
        middle_of(&dot_curve(two), u, v),
    );
    let apart = (m1.0 - m2.0).hypot(m1.1 - m2.1) / unit_pt;
    assert!(apart >= 0.3, "DOT: arcs 1 and 2 {apart:.2} units apart");
    // The loop's control points (the curve lies in their hull), its tip and its number's
    // box inside the source's box, `margin` clear of the box's edge.
    let outline = dot
        .lines()
        .find(|l| l.contains("\"outline0\" [shape=box"))
        .expect("the source's box");
    let c = numbers_after(outline, "pos=\"", '!');
    let (w, h) = (
        numbers_after(outline, " width=", ',')[0] * 72.0,
        numbers_after(outline, " height=", ',')[0] * 72.0,
    );
    let margin = 0.1 * unit_pt;
    let inside = |q: (f64, f64), hw: f64, hh: f64| {
        (q.0 - c[0]).abs() + hw <= w / 2.0 - margin && (q.1 - c[1]).abs() + hh <= h / 2.0 - margin
    };
    let lp = arc("4");
    let pos = numbers_after(lp, "pos=\"", '"');
    for q in pos.chunks(2) {
        assert!(
            inside((q[0], q[1]), 0.0, 0.0),
            "loop point {q:?} near or past the box: {lp}"
        );
    }
    let number = numbers_after(lp, "lp=\"", '"');
    assert!(
        inside((number[0], number[1]), 4.0, 6.5),
        "the loop's number {number:?} near or past the box: {lp}"
    );
    // TikZ: two routed arcs, their middle waypoints 0.3 units apart or more.
    let draw = |n: &str| {
        tikz.lines()
            .find(|l| l.contains(&format!("{{${n}$}}")))
            .unwrap_or_else(|| panic!("TikZ arc {n}"))
    };
    let middle_way = |line: &str| -> (f64, f64) {
        let ways: Vec<(f64, f64)> = line
            .split("-- (")
            .skip(1)
            .filter_map(|w| {
                let (x, rest) = w.split_once(',')?;
                let y = rest.split_once(')')?.0;
                Some((x.parse().ok()?, y.parse().ok()?))
            })
            .collect();
        assert!(ways.len() >= 2, "not bent: {line}");
        ways[ways.len() / 2]
    };
    let (t1, t2) = (middle_way(draw("1")), middle_way(draw("2")));
    let apart = (t1.0 - t2.0).hypot(t1.1 - t2.1);
    assert!(apart >= 0.3, "TikZ: arcs 1 and 2 {apart:.2} units apart");
    // TikZ: the loop's ends and control points (vertex radius 0.3 units) and its number
    // inside the box.
    let rect = tikz
        .lines()
        .find(|l| l.contains("rectangle") && l.contains("{source}"))
        .expect("the TikZ source box");
    let r = numbers_after(rect, "] ", ';');
    let (x0, y0, x1, y1) = (r[0], r[1], r[2], r[3]);
    let centre = tikz
        .lines()
        .find(|l| l.contains("(v2) at ("))
        .map(|l| numbers_after(l, "at (", ')'))
        .unwrap();
    let lp = draw("4");
    let angles = numbers_after(lp, ".", ';');
    let dir = |deg: f64, d: f64, from: (f64, f64)| {
        let a = deg.to_radians();
        (from.0 + d * a.cos(), from.1 + d * a.sin())
    };
    let c = (centre[0], centre[1]);
    let (leave, back) = (angles[0], {
        let end = &lp[lp.rfind(".. (").unwrap() + 4..];
        end[end.find('.').unwrap() + 1..end.find(')').unwrap()]
            .parse::<f64>()
            .unwrap()
    });
    let (p0, p3) = (dir(leave, 0.3, c), dir(back, 0.3, c));
    let (c1, c2) = (dir(angles[1], 0.55, p0), dir(angles[3], 0.55, p3));
    let far = (
        (p0.0 + 3.0 * c1.0 + 3.0 * c2.0 + p3.0) / 8.0,
        (p0.1 + 3.0 * c1.1 + 3.0 * c2.1 + p3.1) / 8.0,
    );
    // The number's far side: a character (0.3 units) beyond the loop's far end.
    let (fx, fy) = (far.0 - c.0, far.1 - c.1);
    let len = fx.hypot(fy);
    let number = (far.0 + fx / len * 0.3, far.1 + fy / len * 0.3);
    for q in [p0, p3, c1, c2, number] {
        assert!(
            q.0 >= x0 + 0.1 && q.0 <= x1 - 0.1 && q.1 >= y0 + 0.1 && q.1 <= y1 - 0.1,
            "TikZ: loop point {q:?} near or past the box ({x0}, {y0}) – ({x1}, {y1}): {lp}"
        );
    }
}

/// `--standalone` and `--beamer-steps` shape TikZ only (SVG, PDF and PNG come from graphviz):
/// with any other format, chosen by `-o`'s extension, `--format` or the default DOT on
/// standard output, they are a usage error naming the flag and the format, and nothing is
/// written; with TikZ they still work.
#[test]
fn tikz_only_flags_are_refused_with_any_other_format() {
    let dir = tempfile::tempdir().unwrap();
    let game = "examples/games/dvg.geo";
    for flag in ["--standalone", "--beamer-steps"] {
        for (ext, name) in [
            ("svg", "SVG"),
            ("png", "PNG"),
            ("pdf", "PDF"),
            ("dot", "DOT"),
        ] {
            let out = dir.path().join(format!("x.{ext}"));
            let out = out.to_str().unwrap();
            let o = georeduce(&["render", game, flag, "-o", out]);
            assert_eq!(o.status.code(), Some(2), "{flag} .{ext}: {o:?}");
            assert_has(
                &o,
                &format!("{flag} is for TikZ output only, not {name} (-o "),
            );
            assert!(!std::path::Path::new(out).exists(), "{flag} wrote {out}");
        }
        let o = georeduce(&["render", game, flag, "--format", "svg"]);
        assert_eq!(o.status.code(), Some(2), "{flag} --format svg: {o:?}");
        assert_has(
            &o,
            &format!("{flag} is for TikZ output only, not SVG (--format)"),
        );
        let o = georeduce(&["render", game, flag]);
        assert_eq!(o.status.code(), Some(2), "{flag} to stdout: {o:?}");
        assert_has(&o, "not DOT (the default for standard output)");
        // TikZ, by extension or by --format (overriding a graphviz extension).
        let tex = dir.path().join("x.tex");
        let o = georeduce(&["render", game, flag, "-o", tex.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{flag} .tex: {o:?}");
        let o = georeduce(&["render", game, flag, "--format", "tex"]);
        assert_eq!(o.status.code(), Some(0), "{flag} --format tex: {o:?}");
        assert!(stdout(&o).contains("tikzpicture"), "{}", stdout(&o));
    }
}

/// Asserts that standard error, with miette's line wrapping undone, contains `needle`.
fn assert_has(o: &std::process::Output, needle: &str) {
    let err = crate::run::stderr(o);
    let joined: Vec<&str> = err
        .lines()
        .map(|l| l.trim().trim_start_matches(['│', '×']).trim())
        .collect();
    let joined = joined.join(" ");
    assert!(
        joined.contains(needle),
        "expected {needle:?} on stderr:\n{err}"
    );
}

/// `render --play` whose solve runs out of budget says so, as `solve` does: the answer is
/// unknown (exit 3) because the solve ended unknown, not because drawing was slow. The
/// looped UEG takes the search well past a second and a thousand nodes.
#[test]
fn play_whose_solve_runs_out_of_budget_blames_the_solve() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p.dot");
    let game = "tests/data/ueg-14-loops-skip.geo";
    for budget in [&["--timeout", "1"][..], &["--max-nodes", "1000"][..]] {
        let args = [
            &["render", game, "--play", "-o", out.to_str().unwrap()][..],
            budget,
        ]
        .concat();
        let o = georeduce(&args);
        assert_eq!(o.status.code(), Some(3), "{budget:?}: {o:?}");
        let text = stdout(&o);
        assert!(
            text.contains("answer:  unknown (budget exhausted: the solve for --play ended unknown"),
            "{budget:?}: {text}"
        );
        assert!(!text.contains("drawing"), "{budget:?}: {text}");
        assert!(!out.exists(), "{budget:?}: a figure was written");
    }
}
