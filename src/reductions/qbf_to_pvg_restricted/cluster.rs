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

/// Every vertex of one cluster, by role (see the module comment).
#[derive(Clone, Debug)]
pub struct Cluster {
    /// `Y`, the leaf of I's clause tree where I enters.
    pub y: VertexId,
    /// `U`, the leaf of II's clause tree where II enters.
    pub u: VertexId,
    /// `Z1`, `Z2`: I's choice of existential connector.
    pub z: [VertexId; 2],
    /// `Ep_a`, I's existential connectors.
    pub ep: [VertexId; 3],
    /// `E_a`, where I waits one move.
    pub e: [VertexId; 3],
    /// `N_b`, I's guards of the literal connectors.
    pub n: [VertexId; 3],
    /// `W1`, `W2`: II's wait.
    pub w: [VertexId; 2],
    /// `Ua` (towards connectors 0 and 1).
    pub ua: VertexId,
    /// `Ub` (towards connector 2).
    pub ub: VertexId,
    /// `M_j`, II's choice of connector.
    pub m: [VertexId; 3],
    /// `Mp_j`.
    pub mp: [VertexId; 3],
    /// `Q_j`, the contested vertices.
    pub q: [VertexId; 3],
    /// `Lo_j`, the literal connectors, which feed the literal in-trees.
    pub lo: [VertexId; 3],
    /// `C01`.
    pub c01: VertexId,
    /// `C2`.
    pub c2: VertexId,
    /// `C`, the centre.
    pub centre: VertexId,
    /// The chain `P` below the centre.
    pub p: Vec<VertexId>,
    /// Every vertex of the cluster (30 + |P|) in creation order, for the gadget group.
    pub members: Vec<VertexId>,
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

/// Adds clause `c`'s vertices (identifiers carry the 1-based `c`), entered at `y` and `u`.
fn add_vertices(g: &mut Graph, c: usize, y: VertexId, u: VertexId, p_len: usize) -> Cluster {
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
    Cluster {
        y,
        u,
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
        members: a.members,
    }
}

/// The cluster's arcs, entered by I at `k.y` and by II at `k.u`.
fn arcs(k: &Cluster) -> Vec<(VertexId, VertexId)> {
    let (y, u) = (k.y, k.u);
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
    let k = add_vertices(g, c, y, u, p_len);
    for (a, b) in arcs(&k) {
        g.add_edge(a, b);
    }
    k
}
