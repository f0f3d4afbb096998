//! The degree-restricted clause cluster of the Thm 2.1 variant (30 vertices plus chain P).
//!
//! Fig. 2b of Fraenkel–Simonson is lost; this is the design of
//! `../shared/spec/fraenkel-simonson.md` §1b step 4, whose timeline (spec table) makes the
//! race at the centre come out exactly as in the 11-vertex cluster of Fig. 1:
//! - I's side: `Y → Z1, Z2`, `Z1 → Ep0, Ep1`, `Z2 → Ep2` (choose a), `Ep_a → E_a` (wait one
//!   move), `E_a → N_b` for both b ≠ a (guard the connector II heads for);
//! - II's side: `U → W1 → W2` (wait two moves), `W2 → Ua, Ub`, `Ua → M0, M1`, `Ub → M2`
//!   (choose j), `M_j → Mp_j`;
//! - contested literal connectors: `Mp_j → Q_j`, `N_j → Q_j`, `Q_j → Lo_j`;
//! - the centre: `Lo0, Lo1 → C01`, `Lo2 → C2`, `C01, C2 → C`, `C → P0 → … → P_{|P|−1}`.
//!
//! `Lo_j` continues to the j-th literal through that literal's in-tree (built by the caller).

use crate::problems::{Graph, VertexId};

/// The vertices of one cluster that the rest of the construction refers to.
pub struct Cluster {
    /// The three literal connectors `Lo_j`, which feed the literal in-trees.
    pub literal_out: [VertexId; 3],
    /// Every vertex of the cluster (30 + |P|), for the gadget group.
    pub members: Vec<VertexId>,
}

/// Adds the vertices and arcs of clause `c`'s cluster (1-based, for identifiers), entered by
/// I at the leaf `y` of his clause tree and by II at the leaf `u` of his.
pub fn add_cluster(g: &mut Graph, c: usize, y: VertexId, u: VertexId, p_len: usize) -> Cluster {
    let mut members = Vec::new();
    let mut v = |g: &mut Graph, id: String, label: Option<&str>| {
        let x = match label {
            Some(l) => g.add_labeled(id, l),
            None => g.add_vertex(id),
        };
        members.push(x);
        x
    };
    // I's side: choose a, wait, guard.
    let z = [1, 2].map(|i| v(g, format!("Z{i}_{c}"), None));
    let ep = [0, 1, 2].map(|a| v(g, format!("Ep{a}_{c}"), None));
    let e = [0, 1, 2].map(|a| v(g, format!("E{a}_{c}"), None));
    let n = [0, 1, 2].map(|b| v(g, format!("N{b}_{c}"), None));
    // II's side: wait two moves, choose j.
    let w = [1, 2].map(|i| v(g, format!("W{i}_{c}"), None));
    let ua = v(g, format!("Ua_{c}"), None);
    let ub = v(g, format!("Ub_{c}"), None);
    let m = [0, 1, 2].map(|j| v(g, format!("M{j}_{c}"), None));
    let mp = [0, 1, 2].map(|j| v(g, format!("Mp{j}_{c}"), None));
    // Contested connectors and the centre.
    let q = [0, 1, 2].map(|j| v(g, format!("Q{j}_{c}"), None));
    let lo = [0, 1, 2].map(|j| v(g, format!("Lo{c}_{j}"), None));
    let c01 = v(g, format!("C01_{c}"), None);
    let c2 = v(g, format!("C2_{c}"), None);
    let centre = v(g, format!("C_{c}"), Some("center"));
    let p: Vec<VertexId> = (0..p_len)
        .map(|i| v(g, format!("P{c}_{i}"), Some(&format!("p{i}"))))
        .collect();

    let arcs = [
        (y, z[0]),
        (y, z[1]),
        (z[0], ep[0]),
        (z[0], ep[1]),
        (z[1], ep[2]),
    ]
    .into_iter()
    .chain((0..3).map(|a| (ep[a], e[a])))
    .chain((0..3).flat_map(|a| (0..3).filter(move |&b| b != a).map(move |b| (e[a], n[b]))))
    .chain([(u, w[0]), (w[0], w[1]), (w[1], ua), (w[1], ub)])
    .chain([(ua, m[0]), (ua, m[1]), (ub, m[2])])
    .chain((0..3).flat_map(|j| [(m[j], mp[j]), (mp[j], q[j]), (n[j], q[j]), (q[j], lo[j])]))
    .chain([
        (lo[0], c01),
        (lo[1], c01),
        (lo[2], c2),
        (c01, centre),
        (c2, centre),
    ]);
    for (a, b) in arcs.collect::<Vec<_>>() {
        g.add_edge(a, b);
    }
    let mut prev = centre;
    for &pi in &p {
        g.add_edge(prev, pi);
        prev = pi;
    }
    Cluster {
        literal_out: lo,
        members,
    }
}
