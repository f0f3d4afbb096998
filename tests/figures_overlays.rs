//! What `render`'s options draw: `--compact` refuses a construction without gadgets, a line
//! of play names the dots it passes as `solve --strategy` does, the antiparallel arcs of
//! `pvg-pag` bend apart instead of crossing, and the TikZ legend's marks are text-sized.

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
