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

/// Every vertex of one cluster, by role (see the module comment).
struct Parts {
    z: [VertexId; 2],
    ep: [VertexId; 3],
    e: [VertexId; 3],
    n: [VertexId; 3],
    w: [VertexId; 2],
    ua: VertexId,
    ub: VertexId,
    m: [VertexId; 3],
    mp: [VertexId; 3],
    q: [VertexId; 3],
    lo: [VertexId; 3],
    c01: VertexId,
    c2: VertexId,
    centre: VertexId,
    p: Vec<VertexId>,
}

/// Adds a cluster's vertices and remembers them in order.
struct Adder<'g> {
    g: &'g mut Graph,
    c: usize,
    members: Vec<VertexId>,
}

impl Adder<'_> {
    /// A vertex with identifier `id`.
    fn named(&mut self, id: String) -> VertexId {
        let x = self.g.add_vertex(id);
        self.members.push(x);
        x
    }

    /// The vertex `{role}_{c}`.
    fn one(&mut self, role: &str) -> VertexId {
        self.named(format!("{role}_{}", self.c))
    }

    /// The vertices `{role}0_{c}`, `{role}1_{c}`, `{role}2_{c}`.
    fn three(&mut self, role: &str) -> [VertexId; 3] {
        [0, 1, 2].map(|j| self.one(&format!("{role}{j}")))
    }
}

/// Adds clause `c`'s vertices (identifiers carry the 1-based `c`) and lists them in order.
fn add_vertices(g: &mut Graph, c: usize, p_len: usize) -> (Parts, Vec<VertexId>) {
    let mut a = Adder {
        g,
        c,
        members: Vec::new(),
    };
    let z = [a.one("Z1"), a.one("Z2")];
    let (ep, e, n) = (a.three("Ep"), a.three("E"), a.three("N"));
    let w = [a.one("W1"), a.one("W2")];
    let (ua, ub) = (a.one("Ua"), a.one("Ub"));
    let (m, mp, q) = (a.three("M"), a.three("Mp"), a.three("Q"));
    let lo = [0, 1, 2].map(|j| a.named(format!("Lo{c}_{j}")));
    let (c01, c2, centre) = (a.one("C01"), a.one("C2"), a.one("C"));
    a.g.vertices[centre].label = Some("center".into());
    let p: Vec<VertexId> = (0..p_len).map(|i| a.named(format!("P{c}_{i}"))).collect();
    for (i, &x) in p.iter().enumerate() {
        a.g.vertices[x].label = Some(format!("p{i}"));
    }
    let parts = Parts {
        z,
        ep,
        e,
        n,
        w,
        ua,
        ub,
        m,
        mp,
        q,
        lo,
        c01,
        c2,
        centre,
        p,
    };
    (parts, a.members)
}

/// The cluster's arcs, entered by I at `y` and by II at `u`.
fn arcs(k: &Parts, y: VertexId, u: VertexId) -> Vec<(VertexId, VertexId)> {
    let (z, ep, e, n) = (k.z, k.ep, k.e, k.n);
    let mut arcs = vec![
        (y, z[0]),
        (y, z[1]),
        (z[0], ep[0]),
        (z[0], ep[1]),
        (z[1], ep[2]),
    ];
    arcs.extend((0..3).map(|a| (ep[a], e[a])));
    arcs.extend((0..3).flat_map(|a| (0..3).filter(move |&b| b != a).map(move |b| (e[a], n[b]))));
    arcs.extend([
        (u, k.w[0]),
        (k.w[0], k.w[1]),
        (k.w[1], k.ua),
        (k.w[1], k.ub),
    ]);
    arcs.extend([(k.ua, k.m[0]), (k.ua, k.m[1]), (k.ub, k.m[2])]);
    arcs.extend((0..3).flat_map(|j| {
        [
            (k.m[j], k.mp[j]),
            (k.mp[j], k.q[j]),
            (n[j], k.q[j]),
            (k.q[j], k.lo[j]),
        ]
    }));
    arcs.extend([(k.lo[0], k.c01), (k.lo[1], k.c01), (k.lo[2], k.c2)]);
    arcs.extend([(k.c01, k.centre), (k.c2, k.centre)]);
    let chain = std::iter::once(k.centre)
        .chain(k.p.iter().copied())
        .collect::<Vec<_>>();
    arcs.extend(chain.windows(2).map(|w| (w[0], w[1])));
    arcs
}

/// Adds the vertices and arcs of clause `c`'s cluster (1-based, for identifiers), entered by
/// I at the leaf `y` of his clause tree and by II at the leaf `u` of his.
pub fn add_cluster(g: &mut Graph, c: usize, y: VertexId, u: VertexId, p_len: usize) -> Cluster {
    let (parts, members) = add_vertices(g, c, p_len);
    for (a, b) in arcs(&parts, y, u) {
        g.add_edge(a, b);
    }
    Cluster {
        literal_out: parts.lo,
        members,
    }
}
