//! The drawing of the degree-restricted board in the manner of Fraenkel–Simonson's Fig. 2:
//! the ∃ chain (I's) and the ∀ chain (II's) side by side with x on the left and ¬x on the
//! right of every diamond, II's delay `X1 → X2 → X3` under his chain, the two clause trees
//! growing down side by side from `eT_E` and `X3` to their leaves `Y_c` and `U_c` (I's on
//! the left, II's on the right, so that they do not cross), and the clusters "as
//! black boxes" in a row at the bottom (collapsed ellipses, `--expand-cigars` draws their
//! 30 + |P| vertices). The literal in-trees climb from the clusters to their literals on the
//! outer side of each chain.

use super::Layout;
use crate::problems::VertexId;
use crate::reductions::qbf_normal::NormalQbf;
use crate::reductions::theorem::Construction;
use crate::render::Figure;
use crate::render::figure::{Outline, markup_of_display, subscript};
use std::collections::HashMap;

/// Vertical distance between a diamond's top and the next one's (units).
const DIAMOND: f64 = 3.4;
/// Distance between neighbouring leaves of a clause tree (units).
const LEAF: f64 = 1.3;

/// The figure of `built` (see the module comment).
pub(super) fn figure(built: &Construction<Layout>) -> Figure {
    let lay = &built.layout;
    let nq: &NormalQbf = &lay.formula;
    let g = &built.game.graph;
    let succ = g.successors();
    let mut fig = Figure::of_game(
        &built.game,
        "Partizan geography, degree ≤ 3, bipartite: the ∃ and ∀ diamond chains, the clause \
         trees, the clusters as boxes (Fraenkel–Simonson, Thm 2.1, Fig. 2)",
    );
    // Both chains: column 0 for I (∃), column 1 for II (∀).
    let column_x = [-4.2, 4.2];
    let mut row = [0usize; 2];
    let mut side_of = HashMap::new();
    for (v, d) in lay.chains.diamonds.iter().enumerate() {
        let k = usize::from(!NormalQbf::is_existential(v));
        let (x, y) = (column_x[k], -DIAMOND * row[k] as f64);
        row[k] += 1;
        fig.place(d.top, x, y);
        fig.point(d.top);
        fig.place(d.sides[0], x - 1.0, y - 1.0);
        fig.place(d.sides[1], x + 1.0, y - 1.0);
        fig.label(
            d.sides[0],
            markup_of_display(&nq.lit_label(crate::problems::Lit::pos(v))),
        );
        fig.label(
            d.sides[1],
            markup_of_display(&nq.lit_label(crate::problems::Lit::neg(v))),
        );
        side_of.insert(d.sides[0], (x - 1.0, y - 1.0, -1.0));
        side_of.insert(d.sides[1], (x + 1.0, y - 1.0, 1.0));
        fig.place(d.bottom, x, y - 2.0);
        fig.point(d.bottom);
        // The link `sK_t` after the bottom, on the way to the next top.
        if let Some(&link) = succ[d.bottom].first() {
            fig.place(link, x, y - 2.7);
            fig.point(link);
        }
        let q = if k == 0 { "∃" } else { "∀" };
        fig.gadget(
            nq.qbf.vars[v].clone(),
            format!("{q}{}", markup_of_display(&nq.qbf.vars[v])),
            vec![d.top, d.sides[0], d.sides[1], d.bottom],
            Outline::Bare,
        );
    }
    let ends = [lay.chains.e_end, lay.chains.u_end];
    for k in 0..2 {
        fig.place(ends[k], column_x[k], -DIAMOND * row[k] as f64);
        fig.point(ends[k]);
    }
    let mut y_u = -DIAMOND * row[1] as f64;
    for &x in &lay.delay {
        y_u -= 0.8;
        fig.place(x, column_x[1], y_u);
        fig.point(x);
    }
    // The clusters in a row at the bottom, under both trees' leaves.
    let m = lay.clusters.len();
    let spread = 5.2;
    let cx = |j: usize| spread * (j as f64 - (m as f64 - 1.0) / 2.0);
    let top_rows = -DIAMOND * row[0].max(row[1]) as f64 - 2.4;
    let depth = |tree: usize| {
        let t = &lay.trees[tree];
        let mut d = HashMap::new();
        for &v in &t.nodes {
            let mut at = v;
            let mut k = 0;
            while let Some(&p) = t.parent.get(&at) {
                at = p;
                k += 1;
            }
            d.insert(v, k);
        }
        d
    };
    let deepest = (0..2)
        .flat_map(|t| depth(t).into_values())
        .max()
        .unwrap_or(0);
    let leaf_y = top_rows - 1.1 * deepest as f64;
    let cluster_y = leaf_y - 2.6;
    // The two trees side by side, I's on the left and II's on the right, each with its
    // leaves in a row in clause order (interleaved leaves would make the trees cross); the
    // arcs from the leaves fan out to the clusters.
    let block = (spread * (m as f64 - 1.0) / 4.0).max(0.7);
    let leaf_x = |side: f64, j: usize| side * block + LEAF * (j as f64 - (m as f64 - 1.0) / 2.0);
    for (j, c) in lay.clusters.iter().enumerate() {
        fig.place(c.y, leaf_x(-1.0, j), leaf_y);
        fig.place(c.u, leaf_x(1.0, j), leaf_y);
        fig.point(c.y);
        fig.point(c.u);
        for &v in &c.members {
            fig.place(v, cx(j), cluster_y);
        }
    }
    // Inner tree vertices: by depth, each under the mean of its leaves.
    for t in 0..2 {
        let tree = &lay.trees[t];
        let d = depth(t);
        let root_y = fig.nodes[tree.nodes[0]].pos.map_or(top_rows, |p| p.1);
        for &v in &tree.nodes {
            if fig.nodes[v].pos.is_some() {
                continue;
            }
            let below: Vec<f64> = tree
                .leaves
                .iter()
                .filter(|&&l| l == v || tree.toward(v, l).is_some())
                .filter_map(|&l| fig.nodes[l].pos.map(|p| p.0))
                .collect();
            let x = below.iter().sum::<f64>() / below.len().max(1) as f64;
            let y = root_y + (leaf_y - root_y) * d[&v] as f64 / deepest.max(1) as f64;
            fig.place(v, x, y);
            fig.point(v);
        }
    }
    // The clusters as boxes, spread out again so that --expand-cigars shows their vertices.
    for (j, c) in lay.clusters.iter().enumerate() {
        let n = c.members.len();
        let cols = 11usize;
        for (i, &v) in c.members.iter().enumerate() {
            let (r, q) = (i / cols, i % cols);
            let w = (cols.min(n) as f64 - 1.0) / 2.0;
            fig.place(
                v,
                cx(j) + 0.36 * (q as f64 - w),
                cluster_y + 0.45 - 0.36 * r as f64,
            );
            fig.point(v);
        }
        let clause = subscript("C", &(nq.clause_origin[j] + 1).to_string());
        fig.gadgets.push(crate::render::figure::Gadget {
            name: format!("C{}", nq.clause_origin[j] + 1),
            label: clause,
            members: c.members.clone(),
            outline: Outline::Box,
            collapse: true,
            kind: "clause".into(),
        });
    }
    // The literal in-trees (and `Rx`): every vertex left is on the way from a cluster's
    // literal connector up to a literal; drawn beside the literal, outside its chain, one
    // column per step away from it.
    let mut stack: HashMap<VertexId, usize> = HashMap::new();
    for v in 0..g.n() {
        if fig.nodes[v].pos.is_some() {
            continue;
        }
        let mut at = v;
        let mut steps = 0;
        while !side_of.contains_key(&at) && steps < g.n() {
            match succ[at].first() {
                Some(&w) => at = w,
                None => break,
            }
            steps += 1;
        }
        let (lx, ly, out) = side_of
            .get(&at)
            .copied()
            .unwrap_or((0.0, cluster_y - 1.5, 1.0));
        let slot = stack.entry(at).or_insert(0);
        let y = ly - 0.55 * *slot as f64;
        *slot += 1;
        fig.place(v, lx + out * (0.8 + 0.6 * steps as f64), y);
        fig.point(v);
    }
    route_connectors(&mut fig, built, cluster_y, &cx);
    fig
}

/// Routes every arc from a cluster up to its literal's in-tree as Fig. 2 does, around the
/// drawing rather than across the clause trees: down under its cluster, out along a lane
/// below the row of clusters, up a lane outside the in-trees on the literal's side, and in
/// to the in-tree vertex. The arc to the highest target takes the outermost, lowest lane,
/// so that the lanes of one side nest.
fn route_connectors(
    fig: &mut Figure,
    built: &Construction<Layout>,
    cluster_y: f64,
    cx: &dyn Fn(usize) -> f64,
) {
    let lay = &built.layout;
    let g = &built.game.graph;
    let cluster_of = |v: VertexId| lay.clusters.iter().position(|c| c.members.contains(&v));
    let pos = |fig: &Figure, v: VertexId| fig.nodes[v].pos.unwrap_or_default();
    let (x_min, x_max) = fig
        .nodes
        .iter()
        .filter_map(|n| n.pos)
        .fold((f64::MAX, f64::MIN), |b, p| (b.0.min(p.0), b.1.max(p.0)));
    // (target height, cluster, tail, head), per side.
    let mut arcs: [Vec<(f64, usize, VertexId, VertexId)>; 2] = [Vec::new(), Vec::new()];
    for &(a, b) in &g.edges {
        if let (Some(j), None) = (cluster_of(a), cluster_of(b)) {
            let (bx, by) = pos(fig, b);
            if by > cluster_y + 1.0 {
                arcs[usize::from(bx >= 0.0)].push((by, j, a, b));
            }
        }
    }
    for (side, list) in arcs.iter_mut().enumerate() {
        list.sort_by(|p, q| q.0.total_cmp(&p.0).then(p.1.cmp(&q.1)).then(p.3.cmp(&q.3)));
        let out = if side == 0 { -1.0 } else { 1.0 };
        let n = list.len();
        for (k, &(by, j, a, b)) in list.iter().enumerate() {
            // The first in the list (highest target) gets the outermost, lowest lane.
            let lane = (n - k) as f64;
            let y_lane = cluster_y - 0.8 - LANE * lane;
            let x_lane = match side {
                0 => x_min - 0.6 - LANE * lane,
                _ => x_max + 0.6 + LANE * lane,
            };
            let exit = cx(j) + out * 0.15 * lane.min(4.0);
            let bx = pos(fig, b).0;
            fig.route(
                a,
                b,
                vec![
                    (exit, y_lane),
                    (x_lane, y_lane),
                    (x_lane, by),
                    (bx + out * 0.35, by),
                ],
            );
        }
    }
}

/// Distance between neighbouring lanes of the routed connector arcs (units).
const LANE: f64 = 0.22;
