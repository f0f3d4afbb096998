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
use crate::reductions::figure_helpers::next_permutation;
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
    fig.expanded_caption = Some(
        "Partizan geography, degree ≤ 3, bipartite: the ∃ and ∀ diamond chains, the clause \
         trees, the clusters in full, layered as the clause detail (Fraenkel–Simonson, Thm \
         2.1, Fig. 2)"
            .into(),
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
    let top_rows = -DIAMOND * row[0].max(row[1]) as f64 - 2.1;
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
    let cluster_y = leaf_y - 1.6;
    // The two trees side by side, I's on the left and II's on the right, each with its
    // leaves in a row in clause order (interleaved leaves would make the trees cross); the
    // arcs from the leaves fan out to the clusters.
    let block = (spread * (m as f64 - 1.0) / 4.0).max(0.7);
    let leaf_x = |side: f64, s: usize| side * block + LEAF * (s as f64 - (m as f64 - 1.0) / 2.0);
    let depths = [depth(0), depth(1)];
    // Both trees with clause j's leaves in slot `slot[j]` of their rows, each inner vertex
    // under the mean of its leaves (an order that the trees' shape allows keeps their arcs
    // apart).
    let place_trees = |fig: &mut Figure, slot: &[usize]| {
        for (j, c) in lay.clusters.iter().enumerate() {
            fig.place(c.y, leaf_x(-1.0, slot[j]), leaf_y);
            fig.place(c.u, leaf_x(1.0, slot[j]), leaf_y);
            fig.point(c.y);
            fig.point(c.u);
        }
        for (t, tree) in lay.trees.iter().enumerate() {
            let root_y = fig.nodes[tree.nodes[0]].pos.map_or(top_rows, |p| p.1);
            for &v in &tree.nodes[1..] {
                if tree.leaves.contains(&v) {
                    continue;
                }
                let below: Vec<f64> = tree
                    .leaves
                    .iter()
                    .filter(|&&l| tree.toward(v, l).is_some())
                    .filter_map(|&l| fig.nodes[l].pos.map(|p| p.0))
                    .collect();
                let x = below.iter().sum::<f64>() / below.len().max(1) as f64;
                let y = root_y + (leaf_y - root_y) * depths[t][&v] as f64 / deepest.max(1) as f64;
                fig.place(v, x, y);
                fig.point(v);
            }
        }
    };
    // Provisionally in clause order, until the in-trees are placed.
    let identity: Vec<usize> = (0..m).collect();
    place_trees(&mut fig, &identity);
    for (j, c) in lay.clusters.iter().enumerate() {
        for &v in &c.members {
            fig.place(v, cx(j), cluster_y);
        }
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
    // The clusters in the order whose lanes to the in-trees (and arcs from the tree
    // leaves) cross least; as boxes, spread out again so that --expand-cigars shows their
    // vertices.
    let conns = connectors(&fig, built, &side_of, cluster_y);
    // A cluster's layered drawing runs from row 1 down to its last `P`; the lanes start
    // under it.
    let last_row = lay
        .clusters
        .first()
        .map_or(1.0, |c| layered(c).iter().map(|p| p.2).fold(1.0, f64::max));
    let cluster_bottom = cluster_y + 0.45 - EXPANDED.1 * (last_row - 1.0);
    let cluster_mid = (cluster_y + 0.45 + cluster_bottom) / 2.0;
    let lane_top = cluster_bottom - 0.3;
    let slot = cluster_order(
        &fig,
        built,
        &conns,
        (cluster_mid, lane_top),
        &cx,
        &place_trees,
    );
    place_trees(&mut fig, &slot);
    let at_x = |j: usize| cx(slot[j]);
    // Drawn as the clause detail draws it (`layered`), shrunk, row 1 at the top.
    let place_cluster = |fig: &mut Figure, j: usize, middle: [usize; 3]| {
        let c = &lay.clusters[j];
        for (v, x, r, _) in layered_in(c, middle) {
            if c.members.contains(&v) {
                fig.place(
                    v,
                    at_x(j) + EXPANDED.0 * x,
                    cluster_y + 0.45 - EXPANDED.1 * (r - 1.0),
                );
                fig.point(v);
            }
        }
    };
    for j in 0..m {
        place_cluster(&mut fig, j, MIDDLE_ORDERS[0]);
    }
    let centre = |j: usize| (at_x(j), cluster_mid);
    // Each cluster's middle columns in the order with the fewest crossings in the whole
    // drawing, one cluster at a time (its `Lo_j` towards the side its arc leaves on: an
    // arc from `Lo_j` that passes another `Lo_k` crosses its arc down to `C₀₁` or `C₂`).
    if m <= 6 {
        let crossings = |fig: &Figure| {
            let mut f = fig.clone();
            for (c, ways) in conns
                .iter()
                .zip(lanes(fig, &conns, &centre, lane_top, true))
            {
                f.route(c.tail, c.head, ways);
            }
            f.crossings()
        };
        for j in 0..m {
            let mut best = (usize::MAX, MIDDLE_ORDERS[0]);
            for middle in MIDDLE_ORDERS {
                place_cluster(&mut fig, j, middle);
                let n = crossings(&fig);
                if n < best.0 {
                    best = (n, middle);
                }
            }
            place_cluster(&mut fig, j, best.1);
        }
    }
    for (j, c) in lay.clusters.iter().enumerate() {
        let clause = subscript("C", &(nq.clause_origin[j] + 1).to_string());
        fig.gadgets.push(crate::render::figure::Gadget {
            name: format!("C{}", nq.clause_origin[j] + 1),
            label: clause,
            members: c.members.clone(),
            outline: Outline::Box,
            collapse: true,
            kind: "clause".into(),
            // Collapsed, a flat box under the leaves, as Fig. 2 draws it.
            collapsed_at: Some(((at_x(j), cluster_y), BOX)),
        });
    }
    for (c, ways) in conns
        .iter()
        .zip(lanes(&fig, &conns, &centre, lane_top, true))
    {
        fig.route(c.tail, c.head, ways);
    }
    // Collapsed, the lanes run just under the flat boxes (the expanded drawing, which they
    // pass under otherwise, is not drawn).
    let box_centre = |j: usize| (at_x(j), cluster_y);
    let box_lanes = lanes(
        &fig,
        &conns,
        &box_centre,
        cluster_y - BOX.1 / 2.0 - 0.1,
        false,
    );
    for (c, ways) in conns.iter().zip(box_lanes) {
        fig.route_collapsed(c.tail, c.head, ways);
    }
    if let Some(gi) = fig.gadgets.iter().position(|g| g.kind == "clause") {
        let detail = cluster_detail(&fig, built, gi);
        fig.details.push((gi, detail));
    }
    fig
}

/// Horizontal places of a row of three on I's side, in the middle, and on II's side of the
/// clause detail (units).
const I_SIDE: [f64; 3] = [-5.4, -4.2, -3.0];
const MIDDLE: [f64; 3] = [-1.5, 0.0, 1.5];
const II_SIDE: [f64; 3] = [3.0, 4.2, 5.4];

/// The crossings of [`cluster_detail`]'s drawing, and why none of them can go: the cluster
/// is not planar, and the layered drawing forces these.
pub(super) const DETAIL_CROSSINGS: usize = 5;

/// The row of the contested `Q_j` in [`layered`].
const Q_ROW: f64 = 6.8;

/// The layered drawing of a cluster (with its entries `Y` and `U`) that both the clause
/// detail and `--expand-cigars` use: each vertex with its horizontal place, its row
/// (downwards, `Y` and `U` in row 0) and its label. Rows: II's side one row per move from
/// U (row 0) to M′ (row 5); I's side from Y (row 0) to N (row 5), evenly; the middle after
/// a gap, so that the arcs into Q are not flat. See [`cluster_detail`] for the orders in
/// the rows.
fn layered(k: &super::cluster::Cluster) -> Vec<(VertexId, f64, f64, String)> {
    layered_in(k, MIDDLE_ORDERS[0])
}

/// The orders of the middle columns that keep `Lo₀` and `Lo₁` side by side (they share
/// `C₀₁`): `order[j]` is the column of `Q_j`, `Lo_j`. The first is [`layered`]'s, the
/// clause detail's (fewest crossings inside the cluster).
const MIDDLE_ORDERS: [[usize; 3]; 4] = [[0, 1, 2], [1, 0, 2], [1, 2, 0], [2, 1, 0]];

/// [`layered`] with `Q_j` and `Lo_j` in column `middle[j]` of the middle (and `C₀₁`, `C₂`,
/// `c`, `p` following them).
fn layered_in(
    k: &super::cluster::Cluster,
    middle: [usize; 3],
) -> Vec<(VertexId, f64, f64, String)> {
    let mid = |j: usize| MIDDLE[middle[j]];
    let i_rows = [1.0, 1.0 + 4.0 / 3.0, 1.0 + 8.0 / 3.0, 5.0];
    let q_row = Q_ROW;
    // Orders in the rows (see cluster_detail): E′ and E as 2, 1, 0; everything else 0, 1, 2.
    let e_order = [2, 1, 0];
    let slot_e = |a: usize| I_SIDE[e_order.iter().position(|&x| x == a).unwrap_or(0)];
    let mut parts = Vec::new();
    let mut put = |v: VertexId, x: f64, r: f64, l: &str| parts.push((v, x, r, l.to_string()));
    let z1_x = (slot_e(0) + slot_e(1)) / 2.0;
    let z2_x = slot_e(2);
    put(k.y, (z1_x + z2_x) / 2.0, 0.0, "Y");
    put(k.z[0], z1_x, i_rows[0], "Z_1");
    put(k.z[1], z2_x, i_rows[0], "Z_2");
    for a in 0..3 {
        put(k.ep[a], slot_e(a), i_rows[1], &format!("E′_{a}"));
        put(k.e[a], slot_e(a), i_rows[2], &format!("E_{a}"));
    }
    for (b, &x) in I_SIDE.iter().enumerate() {
        put(k.n[b], x, i_rows[3], &format!("N_{b}"));
    }
    let ua_x = (II_SIDE[0] + II_SIDE[1]) / 2.0;
    let w_x = (ua_x + II_SIDE[2]) / 2.0;
    put(k.u, w_x, 0.0, "U");
    put(k.w[0], w_x, 1.0, "W_1");
    put(k.w[1], w_x, 2.0, "W_2");
    put(k.ua, ua_x, 3.0, "U_{01}");
    put(k.ub, II_SIDE[2], 3.0, "U_2");
    for (j, &x) in II_SIDE.iter().enumerate() {
        put(k.m[j], x, 4.0, &format!("M_{j}"));
        put(k.mp[j], x, 5.0, &format!("M′_{j}"));
        put(k.q[j], mid(j), q_row, &format!("Q_{j}"));
        put(k.lo[j], mid(j), q_row + 1.0, &format!("Lo_{j}"));
    }
    let c01_x = (mid(0) + mid(1)) / 2.0;
    let centre_x = (c01_x + mid(2)) / 2.0;
    put(k.c01, c01_x, q_row + 2.0, "C_{01}");
    put(k.c2, mid(2), q_row + 2.0, "C_2");
    put(k.centre, centre_x, q_row + 3.0, "c");
    for (i, &p) in k.p.iter().enumerate() {
        put(p, centre_x, q_row + 4.0 + i as f64, &format!("p_{i}"));
    }
    parts
}

/// The first clause cluster drawn in full in the manner of Fig. 1b (`--compact`'s detail
/// figure), layered top to bottom by the move on which a token first reaches each vertex:
/// II enters at `U` one move before I enters at `Y`; I's side `Y → Z → E′ → E → N` on the
/// left, II's side `U → W₁ → W₂ → U₀₁/U₂ → M → M′` on the right, the contested `Q_j` and
/// the literal outputs `Lo_j` in the middle, then `C₀₁`, `C₂`, the centre `c` and the chain
/// `p`. Each arc from `Lo_j` to its literal's in-tree is a short stub named after the
/// literal.
///
/// The orders inside the rows are the ones with the fewest crossings (all 6⁴ orders of the
/// rows E′/E, N, M/M′ and Q/Lo tried, the rows above and below following them): five, all
/// forced by the layering. The 6-cycle `E_a → N_b` (b ≠ a) between two rows crosses itself
/// twice whatever the orders (a cycle drawn between two rows always crosses; this one
/// twice); and of any two contested vertices, the arc from I's side into the right-hand
/// one crosses the arc from II's side into the left-hand one (three pairs). Some crossing
/// is forced in any drawing: `Z₁`, `U₀₁` and `C₀₁` each reach `Q₀`, `Q₁`, `Q₂` by
/// disjoint paths, a subdivided K₃,₃.
fn cluster_detail(fig: &Figure, built: &Construction<Layout>, gi: usize) -> Figure {
    use crate::render::figure::{NodeStyle, Route};
    let lay = &built.layout;
    let nq = &lay.formula;
    let k = &lay.clusters[0];
    let g = &built.game.graph;
    // Rows downwards (see `layered`).
    let row = |r: f64| -r;
    let q_row = Q_ROW;
    let mut parts: Vec<(VertexId, (f64, f64))> = Vec::new();
    let mut labels: Vec<(usize, String)> = Vec::new();
    for (v, x, r, l) in layered(k) {
        parts.push((v, (x, row(r))));
        labels.push((parts.len() - 1, l));
    }
    let inner: Vec<VertexId> = parts.iter().map(|p| p.0).collect();
    let at = |v: VertexId| inner.iter().position(|&p| p == v);
    let mut arcs: Vec<(usize, usize, Route)> = g
        .edges
        .iter()
        .filter_map(|&(a, b)| Some((at(a)?, at(b)?, Route::Straight)))
        .collect();
    // The arcs leaving the cluster, to the literals' in-trees: short stubs, named after the
    // literal (Lo₀'s to the left, Lo₂'s to the right, Lo₁'s down between C₀₁ and C₂).
    let stub_at = [
        (MIDDLE[0] - 1.2, q_row + 1.35),
        (MIDDLE[1] + 0.55, q_row + 1.75),
        (MIDDLE[2] + 1.2, q_row + 1.35),
    ];
    for (j, &lo) in k.lo.iter().enumerate() {
        let out = g
            .edges
            .iter()
            .find(|&&(a, b)| a == lo && b != k.c01 && b != k.c2)
            .map(|&(_, b)| b);
        if let (Some(b), Some(from)) = (out, at(lo)) {
            let literal = markup_of_display(&nq.lit_label(nq.qbf.clauses[0][j]));
            parts.push((b, (stub_at[j].0, row(stub_at[j].1))));
            labels.push((parts.len() - 1, format!("to {literal}")));
            arcs.push((from, parts.len() - 1, Route::Straight));
        }
    }
    let mut detail = fig.excerpt(gi, &parts, arcs, &labels);
    // Every vertex is a dot named beside it, as the connectors of Fig. 1b; the centre a
    // circle, as Fig. 1b draws c.
    for n in &mut detail.nodes {
        n.style = NodeStyle::Point;
        n.start = None;
    }
    if let Some(c) = at(k.centre) {
        detail.nodes[c].style = NodeStyle::Vertex;
    }
    let clause: Vec<String> = nq.qbf.clauses[0]
        .iter()
        .map(|&l| markup_of_display(&nq.lit_label(l)))
        .collect();
    detail.gadgets[0].label = format!("({})", clause.join(" ∨ "));
    detail.caption = vec![
        format!(
            "Degree-restricted clause cluster of ({}) (Fraenkel–Simonson, Thm 2.1; our design, \
             Fig. 2b is lost)",
            clause.join(" ∨ ")
        ),
        format!(
            "{DETAIL_CROSSINGS} crossings, all forced: two in the 6-cycle E → N, three between \
             I's and II's arcs into the Q's"
        ),
    ];
    detail
}

/// An arc from a cluster's literal output to a vertex of a literal's in-tree.
struct Connector {
    /// The cluster (clause index).
    cluster: usize,
    /// `Lo_j`.
    tail: VertexId,
    /// The in-tree vertex.
    head: VertexId,
    /// The chain of the literal: 0 for I's (∃, left), 1 for II's (∀, right).
    column: usize,
    /// The in-tree stands between the two chains (¬x of the ∃ chain, x of the ∀ chain),
    /// not outside its chain.
    inner: bool,
}

/// Every arc from a cluster to a literal's in-tree, with the chain and side it goes to.
fn connectors(
    fig: &Figure,
    built: &Construction<Layout>,
    side_of: &HashMap<VertexId, (f64, f64, f64)>,
    cluster_y: f64,
) -> Vec<Connector> {
    let lay = &built.layout;
    let g = &built.game.graph;
    let succ = g.successors();
    let cluster_of = |v: VertexId| lay.clusters.iter().position(|c| c.members.contains(&v));
    let mut out = Vec::new();
    for &(a, b) in &g.edges {
        let (Some(j), None) = (cluster_of(a), cluster_of(b)) else {
            continue;
        };
        if fig.nodes[b].pos.is_none_or(|p| p.1 <= cluster_y + 1.0) {
            continue;
        }
        // The literal the in-tree leads to.
        let mut at = b;
        for _ in 0..g.n() {
            if side_of.contains_key(&at) {
                break;
            }
            match succ[at].first() {
                Some(&w) => at = w,
                None => break,
            }
        }
        let Some(&(lx, _, side)) = side_of.get(&at) else {
            continue;
        };
        let column = usize::from(lx > 0.0);
        out.push(Connector {
            cluster: j,
            tail: a,
            head: b,
            column,
            inner: (column == 0) == (side > 0.0),
        });
    }
    out
}

/// The waypoints of every connector (in `conns`' order), the clusters' centres given by
/// `centre`. As Fig. 2 runs them, around the drawing rather than across the clause trees:
/// down under the cluster, out along a lane under the row of clusters, up a lane outside
/// the chain of the literal; an in-tree outside its chain is entered from outside at its
/// height, one between the chains over the top of the chain and down a lane between the
/// chains. The lanes of a side nest without crossing: the arcs over the top outermost (the
/// one to the lowest in-tree outermost, as it turns in last), then the others by height
/// (the highest outermost); an arc leaves its cluster the nearer the cluster's middle, the
/// further out its lane.
fn lanes(
    fig: &Figure,
    conns: &[Connector],
    centre: &dyn Fn(usize) -> (f64, f64),
    lane_top: f64,
    side_exits: bool,
) -> Vec<Vec<(f64, f64)>> {
    let pos = |v: VertexId| fig.nodes[v].pos.unwrap_or_default();
    let (mut x_min, mut x_max, mut top) = (f64::MAX, f64::MIN, f64::MIN);
    for n in &fig.nodes {
        if let Some(p) = n.pos {
            x_min = x_min.min(p.0);
            x_max = x_max.max(p.0);
            top = top.max(p.1);
        }
    }
    let mut ways = vec![Vec::new(); conns.len()];
    for column in 0..2 {
        let out = if column == 0 { -1.0 } else { 1.0 };
        let mut list: Vec<usize> = (0..conns.len())
            .filter(|&i| conns[i].column == column)
            .collect();
        // Outermost first.
        list.sort_by(|&p, &q| {
            let (a, b) = (&conns[p], &conns[q]);
            let (ya, yb) = (pos(a.head).1, pos(b.head).1);
            b.inner
                .cmp(&a.inner)
                .then(match a.inner {
                    true => ya.total_cmp(&yb),
                    false => yb.total_cmp(&ya),
                })
                .then(centre(a.cluster).0.total_cmp(&centre(b.cluster).0))
                .then(a.head.cmp(&b.head))
        });
        let n = list.len();
        let n_inner = list.iter().filter(|&&i| conns[i].inner).count();
        // Between the chains, the inner lanes start beside the in-trees there.
        let inner_heads = list.iter().filter(|&&i| conns[i].inner);
        let inner_base = match column {
            0 => {
                inner_heads
                    .map(|&i| pos(conns[i].head).0)
                    .fold(f64::MIN, f64::max)
                    + 0.45
            }
            _ => {
                inner_heads
                    .map(|&i| pos(conns[i].head).0)
                    .fold(f64::MAX, f64::min)
                    - 0.45
            }
        };
        for (k, &i) in list.iter().enumerate() {
            let c = &conns[i];
            // The first in the list gets the outermost (highest-numbered) lane.
            let lane = (n - k) as f64;
            // Among its cluster's arcs to this side, the outer the lane the nearer the
            // middle it leaves.
            let cx = centre(c.cluster).0;
            let outer_siblings = list[..k]
                .iter()
                .filter(|&&o| conns[o].cluster == c.cluster)
                .count();
            let exit = cx + out * 0.15 * (outer_siblings as f64 + 1.0);
            let y_lane = lane_top - LANE * lane;
            let x_lane = match column {
                0 => x_min - 0.6 - LANE * lane,
                _ => x_max + 0.6 + LANE * lane,
            };
            let (bx, by) = pos(c.head);
            let mut w = Vec::new();
            if side_exits {
                // The cluster drawn in full: out of `Lo_j` sideways between its row and the
                // row of `C₀₁`, `C₂` (the leftmost `Lo`'s arc highest), past the middle
                // column, and down beside it, so that the arc crosses none of the rows
                // `C₀₁ C₂`, `c`, `p`.
                let (tx, ty) = pos(c.tail);
                let lo_x = MIDDLE[2] * EXPANDED.0;
                let d = EXPANDED.1 * (0.5 + 0.2 * ((tx - cx) / lo_x).clamp(-1.0, 1.0));
                let side_x = cx + out * (lo_x + 0.3 + (exit - cx).abs());
                w.extend([(tx, ty - d), (side_x, ty - d), (side_x, y_lane)]);
            } else {
                w.push((exit, y_lane));
            }
            w.push((x_lane, y_lane));
            if c.inner {
                let rank = lane - (n - n_inner) as f64 - 1.0;
                let y_top = top + 0.8 + LANE * lane;
                let x_in = inner_base - out * LANE * rank;
                w.extend([
                    (x_lane, y_top),
                    (x_in, y_top),
                    (x_in, by),
                    (bx - out * 0.35, by),
                ]);
            } else {
                w.extend([(x_lane, by), (bx + out * 0.35, by)]);
            }
            ways[i] = w;
        }
    }
    ways
}

/// The slot (left to right) of each cluster and of its leaves in the clause trees: of all
/// orders (up to six clusters; beyond, clause order), the first with the fewest crossings
/// among the connectors' lanes, the clause trees (placed by `place_trees`) and the arcs
/// from their leaves into the clusters.
fn cluster_order(
    fig: &Figure,
    built: &Construction<Layout>,
    conns: &[Connector],
    (cluster_y, lane_top): (f64, f64),
    cx: &dyn Fn(usize) -> f64,
    place_trees: &dyn Fn(&mut Figure, &[usize]),
) -> Vec<usize> {
    let lay = &built.layout;
    let m = lay.clusters.len();
    let mut order: Vec<usize> = (0..m).collect();
    if m > 6 {
        return order;
    }
    let mut fig = fig.clone();
    let mut best = (usize::MAX, order.clone());
    loop {
        // order[s] is the cluster in slot s.
        let mut slot = vec![0; m];
        for (s, &j) in order.iter().enumerate() {
            slot[j] = s;
        }
        place_trees(&mut fig, &slot);
        let pos = |v: VertexId| fig.nodes[v].pos.unwrap_or_default();
        let centre = |j: usize| (cx(slot[j]), cluster_y);
        let mut paths: Vec<Vec<(f64, f64)>> = conns
            .iter()
            .zip(lanes(&fig, conns, &centre, lane_top, false))
            .map(|(c, w)| {
                let mut p = vec![centre(c.cluster)];
                p.extend(w);
                p.push(pos(c.head));
                p
            })
            .collect();
        for (j, c) in lay.clusters.iter().enumerate() {
            paths.push(vec![pos(c.y), centre(j)]);
            paths.push(vec![pos(c.u), centre(j)]);
        }
        for tree in &lay.trees {
            for (&child, &parent) in &tree.parent {
                paths.push(vec![pos(parent), pos(child)]);
            }
        }
        let cost = crate::render::figure::crossings_of(&paths);
        if cost < best.0 {
            best = (cost, slot);
        }
        if !next_permutation(&mut order) {
            break;
        }
    }
    best.1
}

/// The horizontal and vertical scale of a cluster's layered drawing in the main figure
/// (`--expand-cigars`): flatter than the detail, so that the figure stays readable on a
/// slide; tall enough that the arcs leaving `Lo_j` sideways between its row and the next
/// stand apart. The collapsed figure's lanes are routed under the boxes instead
/// ([`Figure::route_collapsed`]), so this does not move them.
const EXPANDED: (f64, f64) = (0.35, 0.4);

/// The size of a collapsed cluster's box (units), as flat as Fig. 2 draws it.
const BOX: (f64, f64) = (4.5, 1.6);

/// Distance between neighbouring lanes of the routed connector arcs (units).
const LANE: f64 = 0.22;
