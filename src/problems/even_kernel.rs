//! Finding even kernels of undirected edge geography positions: the graph-level core shared
//! by the exhaustive search (`solvers/geography/even_kernel.rs`) and the certificate
//! builders (`reductions/certmaps/util.rs`, `solvers/certificates`), which must not depend on
//! each other (`.ci/run`). It holds no search state: a position is a multigraph's adjacency,
//! a predicate "this edge is used" and the token's vertex.
//!
//! # The lemma
//! Fraenkel, Scheinerman and Ullman ("Undirected edge geography", TCS 112, 1993): let the
//! token be on `v` and `F` the free (unused) edges. An *even kernel* is a vertex set `K ∋ v`
//! such that (i) no free edge has both ends in `K` (a free loop at a vertex of `K` is such an
//! edge) and (ii) every vertex `u ∉ K` has an even number of free edges, counted with
//! multiplicity, into `K`. Then the player to move loses under normal play: the mover, on
//! some `k ∈ K`, must leave along an edge to some `u ∉ K` (by (i)); `u` then has an odd,
//! hence positive, number of free edges into `K`, and the responder answers along one of
//! them, after which `u` is even again and the mover is again on `K`. Every answer exists,
//! so the mover is the one who is eventually stuck. The converse holds for bipartite simple
//! graphs (`solvers/geography/gf2.rs`, and the `ueg_kernel` certificates); here only
//! soundness is used, so a kernel that is not found costs nothing but the time of looking.
//! The certificate checker does not use this module: it checks (i) and (ii) itself
//! (`certify/kernel.rs`).
//!
//! # Finding one
//! Only the token's component of free edges matters (a vertex outside it has no free edge into
//! `K`). Fix an independent set `I ∋ v` of the free graph without looped vertices; then every
//! `K ⊆ I` with `v ∈ K` satisfies (i), and (ii) is a linear system over GF(2) in the indicator
//! `x` of `K` on `I`: for every `u ∉ I`, the sum of `x_w` over its free edges to `w ∈ I`
//! (with multiplicity) is 0, and `x_v = 1` (vertices of `I` not in `K` have no edge into `I`,
//! so their count is 0). `I` is first `v`'s side of a breadth-first 2-colouring of the
//! component, made independent greedily; if that system has no solution, the other side is
//! added greedily and the system solved again. On random 8-vertex, 16-edge multigraphs with
//! loops this finds 1,196 of the 1,203 kernels that exist among 1,428 lost positions (the
//! coordinator's prototype). The component is renamed to local indices `0..c` (`c ≤`
//! [`KERNEL_MAX_VERTICES`], the token's vertex 0) and every set is a bitset of
//! `c.div_ceil(64)` words, so the elimination runs in machine words with no allocation once
//! the scratch has grown.
//!
//! Every solution is checked against (i) and (ii) on the component's edge list before it is
//! trusted (`KernelFinder::verify`), so an error in the construction could only lose a
//! kernel, never declare a won position lost.

use super::graph::VertexId;

/// Most vertices of the token's component the finder looks at. Smaller limits (64, 128)
/// left the 4-variable `qbf-deg,deg-ueg` chain unknown after 30 s: its positions that have
/// kernels have components of 200–1,500 vertices.
pub const KERNEL_MAX_VERTICES: usize = 4096;

/// Scratch of the kernel finder, reused across calls.
#[derive(Clone, Debug, Default)]
pub struct KernelFinder {
    /// Global vertex → local index + 1 (0: not in the component); reset after each call.
    index: Vec<u32>,
    /// Local vertex → global vertex, in breadth-first order (the token's vertex first).
    verts: Vec<u32>,
    /// Local vertex: breadth-first colour (0 on the token's side), bit 1 set when it has a
    /// free loop.
    flags: Vec<u8>,
    /// The component's free non-loop edges as local endpoints, each once, with multiplicity.
    edges: Vec<(u32, u32)>,
    /// Words per local vertex set in this call: `c.div_ceil(64)`.
    w: usize,
    /// The component's adjacency: local vertex `u`'s neighbours are
    /// `nbr[start[u]..start[u + 1]]`; `fill` is scratch for building it.
    start: Vec<u32>,
    nbr: Vec<u32>,
    fill: Vec<u32>,
    /// Pivot rows of the elimination (`w` words each), their right-hand sides, and per
    /// local vertex the pivot row whose lowest bit it is (`u32::MAX`: none).
    piv: Vec<u64>,
    piv_rhs: Vec<bool>,
    pivot_of: Vec<u32>,
    /// Sets of `w` words: the independent set `I`, the solution, a row being reduced, and
    /// the odd-count vertices of the check.
    set: Vec<u64>,
    x: Vec<u64>,
    row: Vec<u64>,
    odd: Vec<u64>,
    /// Whether the last call found a kernel (then `x` and `verts` hold it).
    found: bool,
}

/// Breadth-first colour bit and free-loop bit of [`KernelFinder::flags`].
const ODD: u8 = 1;
const LOOPED: u8 = 2;

/// Whether bit `u` of `set` is set.
#[inline]
fn has(set: &[u64], u: usize) -> bool {
    set[u / 64] >> (u % 64) & 1 == 1
}

impl KernelFinder {
    /// The vertices of the token's component that the last call walked (all of them, or
    /// [`KERNEL_MAX_VERTICES`] + 1 when it gave up): its cost, in units of about one
    /// position of a plain search (one equation per vertex, eliminated in machine words).
    pub fn last_work(&self) -> u64 {
        self.verts.len() as u64
    }

    /// Whether an even kernel containing `v` exists for the free edges (those `used` says
    /// are not used) of the undirected multigraph whose `(neighbour, edge)` lists are `adj`
    /// (each edge listed at both ends, a loop at its vertex). `false` means "none found",
    /// not "none exists". The kernel found is [`KernelFinder::kernel`] until the next call.
    pub fn find(
        &mut self,
        adj: &[Vec<(VertexId, usize)>],
        used: impl Fn(usize) -> bool,
        v: VertexId,
    ) -> bool {
        self.find_within(adj, used, v, KERNEL_MAX_VERTICES)
    }

    /// [`KernelFinder::find`] on components of at most `cap` vertices (larger ones are given
    /// up as soon as the walk meets vertex `cap + 1`).
    pub fn find_within(
        &mut self,
        adj: &[Vec<(VertexId, usize)>],
        used: impl Fn(usize) -> bool,
        v: VertexId,
        cap: usize,
    ) -> bool {
        if self.index.len() < adj.len() {
            self.index.resize(adj.len(), 0);
        }
        self.found = self.walk(adj, used, v, cap.min(KERNEL_MAX_VERTICES)) && self.solve();
        for &x in &self.verts {
            self.index[x as usize] = 0;
        }
        self.found
    }

    /// The kernel the last call of [`KernelFinder::find`] found (global vertices, the token's
    /// first, then breadth-first order); empty when it found none.
    pub fn kernel(&self) -> impl Iterator<Item = VertexId> + '_ {
        let found = if self.found { self.verts.len() } else { 0 };
        (0..found)
            .filter(|&u| has(&self.x, u))
            .map(|u| self.verts[u] as VertexId)
    }

    /// Breadth-first walk of the free edges from `v`: local indices, colours, loops and the
    /// edge list. `false` when the component has more than `cap` vertices.
    fn walk(
        &mut self,
        adj: &[Vec<(VertexId, usize)>],
        used: impl Fn(usize) -> bool,
        v: VertexId,
        cap: usize,
    ) -> bool {
        self.verts.clear();
        self.flags.clear();
        self.edges.clear();
        self.verts.push(v as u32);
        self.flags.push(0);
        self.index[v] = 1;
        let mut head = 0;
        while head < self.verts.len() {
            let x = self.verts[head] as usize;
            let colour = self.flags[head] & ODD;
            for &(y, e) in &adj[x] {
                if used(e) {
                    continue;
                }
                if y == x {
                    self.flags[head] |= LOOPED;
                    continue;
                }
                if self.index[y] == 0 {
                    if self.verts.len() == cap {
                        return false;
                    }
                    self.verts.push(y as u32);
                    self.flags.push(colour ^ ODD);
                    self.index[y] = self.verts.len() as u32;
                }
                // Each edge once, from its endpoint of lower local index.
                let j = self.index[y] - 1;
                if j > head as u32 {
                    self.edges.push((head as u32, j));
                }
            }
            head += 1;
        }
        true
    }

    /// Looks for a kernel of the walked component; on success it is in `self.x`.
    fn solve(&mut self) -> bool {
        let c = self.verts.len();
        if self.flags[0] & LOOPED != 0 {
            return false;
        }
        self.w = c.div_ceil(64);
        // The component's adjacency in compressed rows (`nbr[start[u]..start[u + 1]]`),
        // each edge at both ends, with multiplicity.
        self.start.clear();
        self.start.resize(c + 1, 0);
        for &(a, b) in &self.edges {
            self.start[a as usize + 1] += 1;
            self.start[b as usize + 1] += 1;
        }
        for u in 0..c {
            self.start[u + 1] += self.start[u];
        }
        self.nbr.clear();
        self.nbr.resize(2 * self.edges.len(), 0);
        self.fill.clear();
        self.fill.extend_from_slice(&self.start[..c]);
        for &(a, b) in &self.edges {
            let (a, b) = (a as usize, b as usize);
            self.nbr[self.fill[a] as usize] = b as u32;
            self.fill[a] += 1;
            self.nbr[self.fill[b] as usize] = a as u32;
            self.fill[b] += 1;
        }
        // First try: the token's side of the colouring; second: the other side added.
        self.set.clear();
        self.set.resize(self.w, 0);
        self.set[0] = 1;
        for side in [0, ODD] {
            let mut grew = false;
            for u in 1..c {
                if self.flags[u] != side || self.neighbours(u).any(|y| has(&self.set, y)) {
                    continue;
                }
                self.set[u / 64] |= 1 << (u % 64);
                grew = true;
            }
            if (side == 0 || grew) && self.solve_within() {
                if self.verify() {
                    return true;
                }
                debug_assert!(false, "an even-kernel solution failed its check");
                return false;
            }
        }
        false
    }

    /// The local neighbours of local vertex `u` (with multiplicity).
    fn neighbours(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        let (from, to) = (self.start[u] as usize, self.start[u + 1] as usize);
        self.nbr[from..to].iter().map(|&y| y as usize)
    }

    /// A kernel `K ⊆ I` (`self.set`, independent and loop-free) with local vertex 0 in it
    /// (module comment), by elimination over GF(2), into `self.x`. One equation per vertex
    /// outside `I` (a vertex of `I` has no edge into `I`); a row is reduced by the pivot of
    /// its lowest set bit until it is zero or has a new lowest bit, so a pivot row holds its
    /// pivot and higher bits only, and the rows of these sparse graphs meet few pivots.
    fn solve_within(&mut self) -> bool {
        let (c, w) = (self.verts.len(), self.w);
        self.pivot_of.clear();
        self.pivot_of.resize(c, u32::MAX);
        self.piv.clear();
        self.piv_rhs.clear();
        for u in 0..c {
            if has(&self.set, u) {
                continue;
            }
            self.row.clear();
            self.row.resize(w, 0);
            for i in self.start[u] as usize..self.start[u + 1] as usize {
                let y = self.nbr[i] as usize;
                if has(&self.set, y) {
                    self.row[y / 64] ^= 1 << (y % 64);
                }
            }
            // x_0 = 1 moves to the right-hand side.
            let mut rhs = self.row[0] & 1 == 1;
            self.row[0] &= !1;
            let mut word = 0;
            loop {
                while word < w && self.row[word] == 0 {
                    word += 1;
                }
                if word == w {
                    if rhs {
                        return false;
                    }
                    break;
                }
                let bit = word * 64 + self.row[word].trailing_zeros() as usize;
                let p = self.pivot_of[bit];
                if p == u32::MAX {
                    self.pivot_of[bit] = self.piv_rhs.len() as u32;
                    self.piv.extend_from_slice(&self.row);
                    self.piv_rhs.push(rhs);
                    break;
                }
                let p = p as usize;
                // The pivot row holds no bit below `bit`: words before `word` stay zero.
                for (r, q) in self.row[word..]
                    .iter_mut()
                    .zip(&self.piv[p * w + word..p * w + w])
                {
                    *r ^= q;
                }
                rhs ^= self.piv_rhs[p];
            }
        }
        // Back-substitution from the highest pivot down, free variables 0: a pivot row's
        // other bits are higher, so already set.
        self.x.clear();
        self.x.resize(w, 0);
        self.x[0] = 1;
        for bit in (1..c).rev() {
            let p = self.pivot_of[bit];
            if p == u32::MAX {
                continue;
            }
            let p = p as usize;
            let dot = self.piv[p * w..p * w + w]
                .iter()
                .zip(&self.x)
                .fold(0, |acc, (r, s)| acc ^ (r & s).count_ones())
                & 1;
            if (dot == 1) != self.piv_rhs[p] {
                self.x[bit / 64] |= 1 << (bit % 64);
            }
        }
        true
    }

    /// Whether `self.x` is an even kernel of the component containing local vertex 0: no
    /// free edge (loop included) inside it, every vertex outside it with an even number of
    /// free edges into it.
    fn verify(&mut self) -> bool {
        let k = &self.x;
        if !has(k, 0) {
            return false;
        }
        self.odd.clear();
        self.odd.resize(self.w, 0);
        for &(a, b) in &self.edges {
            let (a, b) = (a as usize, b as usize);
            match (has(k, a), has(k, b)) {
                (true, true) => return false,
                (true, false) => self.odd[b / 64] ^= 1 << (b % 64),
                (false, true) => self.odd[a / 64] ^= 1 << (a % 64),
                (false, false) => {}
            }
        }
        let looped_inside = (0..self.verts.len()).any(|u| self.flags[u] & LOOPED != 0 && has(k, u));
        !looped_inside && self.odd.iter().zip(k).all(|(o, s)| o & !s == 0)
    }
}

/// Largest token component (vertices) on which [`LeafFinder`] looks for a kernel leaf. A
/// leaf closes only the opponent's position and its subtree, which in the walks measured
/// (docs/performance-history.md, "Fifteenth session") held 3.5 walk items per call on average
/// whatever the component, while a call costs about one item per few vertices: only small
/// components are worth a call.
pub const LEAF_MAX_VERTICES: usize = 64;

/// Kernel leaves for certificate builders: a [`KernelFinder`] on one game's graph, asked at
/// positions given by their used edges and token (components of at most `cap` vertices),
/// with counters for the cost report.
#[derive(Clone, Debug)]
pub struct LeafFinder {
    adj: Vec<Vec<(VertexId, usize)>>,
    finder: KernelFinder,
    /// Largest component tried.
    pub cap: usize,
    /// Calls made.
    pub calls: u64,
    /// Kernels found.
    pub found: u64,
    /// Vertices walked over all calls ([`KernelFinder::last_work`]).
    pub work: u64,
}

impl LeafFinder {
    /// A finder for positions of a game on `graph` (undirected; the caller asks only in
    /// normal-play one-token edge games, where the lemma holds).
    pub fn new(graph: &super::Graph) -> LeafFinder {
        LeafFinder {
            adj: graph.out_adjacency(),
            finder: KernelFinder::default(),
            cap: LEAF_MAX_VERTICES,
            calls: 0,
            found: 0,
            work: 0,
        }
    }

    /// An even kernel containing `token` of the free edges (those `used` rejects), if the
    /// finder finds one.
    pub fn kernel(
        &mut self,
        used: impl Fn(usize) -> bool,
        token: VertexId,
    ) -> Option<Vec<VertexId>> {
        self.calls += 1;
        let found = self.finder.find_within(&self.adj, used, token, self.cap);
        self.work += self.finder.last_work();
        self.found += u64::from(found);
        found.then(|| self.finder.kernel().collect())
    }
}
