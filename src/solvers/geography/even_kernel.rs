//! Even kernels: a sound test that the player to move loses a normal-play one-token position
//! of *undirected edge* geography, on any multigraph (loops and parallel edges included),
//! used inside the exhaustive search (issue #13 §1, exact pre-classification).
//!
//! # The lemma
//! Fraenkel, Scheinerman and Ullman ("Undirected edge geography", TCS 112, 1993): let the
//! token be on `v` and `F` the free (unused) edges. An *even kernel* is a vertex set `K ∋ v`
//! such that (i) no free edge has both ends in `K` (a free loop at a vertex of `K` is such an
//! edge) and (ii) every vertex `u ∉ K` has an even number of free edges, counted with
//! multiplicity, into `K`. Then the player to move loses: the mover, on some `k ∈ K`, must
//! leave along an edge to some `u ∉ K` (by (i)); `u` then has an odd, hence positive, number
//! of free edges into `K`, and the responder answers along one of them, after which `u` is
//! even again and the mover is again on `K`. Every answer exists, so the mover is the one who
//! is eventually stuck. The converse holds for bipartite simple graphs (`gf2.rs`, and the
//! `ueg_kernel` certificates); here only soundness is used, so a kernel that is not found
//! costs nothing but the time of looking.
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
//! coordinator's prototype). The component is renamed to local indices `0..c` (`c ≤` [`KERNEL_MAX_VERTICES`], the
//! token's vertex 0) and every set is a bitset of `c.div_ceil(64)` words, so the elimination
//! runs in machine words with no allocation once the scratch has grown.
//!
//! Every solution is checked against (i) and (ii) on the component's edge list before it is
//! trusted ([`EvenKernel::verify`]), so an error in the construction could only lose a kernel,
//! never declare a won position lost.
//!
//! # Where the search uses it, and what it costs
//! The exhaustive search (`exhaustive.rs`, `Search::kernel_value`) asks at its root, and at
//! every expanded position for each child in search order before searching any child (a
//! child with a kernel is lost, so its move wins at once). A call costs about as much as one
//! plain-search position per vertex of the component, so the search adds
//! [`EvenKernel::last_work`] to its node count after each call: a node budget then bounds the
//! kernels' work as well. Without that charge a `check --via deg-ueg --max-size 14` case
//! spent up to 47 s inside its million-node budget.

use super::state::{Game, State};
use crate::problems::geography::Rule;

/// Most vertices of the token's component the finder looks at. Smaller limits (64, 128)
/// left the 4-variable `qbf-deg,deg-ueg` chain unknown after 30 s: its positions that have
/// kernels have components of 200–1,500 vertices.
pub(crate) const KERNEL_MAX_VERTICES: usize = 4096;

/// Scratch of the kernel finder, reused across calls.
#[derive(Clone, Debug, Default)]
pub(crate) struct EvenKernel {
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
    /// Per local vertex, its free neighbours as a bitset (`w` words per vertex).
    rows: Vec<u64>,
    /// Per local vertex outside `I`, its edges into `I` counted mod 2 (`w` words per vertex).
    par: Vec<u64>,
    /// Pivot rows of the elimination (`w` words each) and, per row, `(pivot bit, rhs)`.
    piv: Vec<u64>,
    piv_meta: Vec<(u32, bool)>,
    /// Sets of `w` words: the independent set `I`, the solution, a row being reduced, and
    /// the odd-count vertices of the check.
    set: Vec<u64>,
    x: Vec<u64>,
    row: Vec<u64>,
    odd: Vec<u64>,
    /// Kernels found so far (`Stats::even_kernels`).
    pub found: u64,
}

/// Breadth-first colour bit and free-loop bit of [`EvenKernel::flags`].
const ODD: u8 = 1;
const LOOPED: u8 = 2;

/// Whether bit `u` of `set` is set.
#[inline]
fn has(set: &[u64], u: usize) -> bool {
    set[u / 64] >> (u % 64) & 1 == 1
}

impl EvenKernel {
    /// Whether the kernel test applies to `game`: one token, undirected edge rule, normal
    /// play (the lemma's setting; misère play and directed games have no such lemma).
    pub fn applies(game: &Game) -> bool {
        game.kind == super::state::Kind::One
            && game.rule == Rule::Edge
            && !game.directed
            && !game.misere
    }

    /// The work of the last call in search nodes: the vertices of the component it walked.
    /// A call walks the component, builds one equation per vertex outside `I` and eliminates
    /// them, so it costs about as much as that many positions of the local plain search
    /// (`endgame/local.rs`); the search charges it to the node budget, so that a budget in
    /// nodes still bounds the time of a search that tries kernels at every node
    /// (docs/performance.md, "Fourteenth session: even kernels inside the UEG search").
    pub fn last_work(&self) -> u64 {
        self.verts.len() as u64
    }

    /// Whether an even kernel containing `v` was found for the free edges of `st` (then the
    /// player to move from `v` loses). `false` means "none found", not "none exists".
    pub fn lost(&mut self, game: &Game, st: &State, v: usize) -> bool {
        let found = self.find(game, st, v);
        self.found += u64::from(found);
        found
    }

    /// The kernel found for the token on `v` in `st`, as global vertices (tests).
    #[cfg(test)]
    pub fn kernel(&mut self, game: &Game, st: &State, v: usize) -> Option<Vec<usize>> {
        if !self.find(game, st, v) {
            return None;
        }
        let k = (0..self.verts.len()).filter(|&u| has(&self.x, u));
        Some(k.map(|u| self.verts[u] as usize).collect())
    }

    /// Walks the component and solves; on success `self.x` holds the kernel (local indices,
    /// until the next call).
    fn find(&mut self, game: &Game, st: &State, v: usize) -> bool {
        if self.index.len() < game.n {
            self.index.resize(game.n, 0);
        }
        let found = self.walk(game, st, v) && self.solve();
        for &x in &self.verts {
            self.index[x as usize] = 0;
        }
        found
    }

    /// Breadth-first walk of the free edges from `v`: local indices, colours, loops and the
    /// edge list. `false` when the component has more than [`KERNEL_MAX_VERTICES`] vertices.
    fn walk(&mut self, game: &Game, st: &State, v: usize) -> bool {
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
            for &(y, e) in &game.adj[x] {
                if st.bit(e) {
                    continue;
                }
                if y == x {
                    self.flags[head] |= LOOPED;
                    continue;
                }
                if self.index[y] == 0 {
                    if self.verts.len() == KERNEL_MAX_VERTICES {
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
        let w = c.div_ceil(64);
        self.w = w;
        self.rows.clear();
        self.rows.resize(c * w, 0);
        for &(a, b) in &self.edges {
            let (a, b) = (a as usize, b as usize);
            self.rows[a * w + b / 64] |= 1 << (b % 64);
            self.rows[b * w + a / 64] |= 1 << (a % 64);
        }
        // First try: the token's side of the colouring; second: the other side added.
        self.set.clear();
        self.set.resize(w, 0);
        self.set[0] = 1;
        for side in [0, ODD] {
            let mut grew = false;
            for u in 1..c {
                let row = &self.rows[u * w..u * w + w];
                if self.flags[u] != side || row.iter().zip(&self.set).any(|(r, s)| r & s != 0) {
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

    /// A kernel `K ⊆ I` (`self.set`, independent and loop-free) with local vertex 0 in it
    /// (module comment), by elimination over GF(2), into `self.x`.
    fn solve_within(&mut self) -> bool {
        let (c, w) = (self.verts.len(), self.w);
        self.par.clear();
        self.par.resize(c * w, 0);
        for &(a, b) in &self.edges {
            let (a, b) = (a as usize, b as usize);
            match (has(&self.set, a), has(&self.set, b)) {
                (true, false) => self.par[b * w + a / 64] ^= 1 << (a % 64),
                (false, true) => self.par[a * w + b / 64] ^= 1 << (b % 64),
                _ => {}
            }
        }
        self.piv.clear();
        self.piv_meta.clear();
        for u in 0..c {
            self.row.clear();
            self.row.extend_from_slice(&self.par[u * w..u * w + w]);
            let row = &mut self.row;
            // x_0 = 1 moves to the right-hand side.
            let mut rhs = row[0] & 1 == 1;
            row[0] &= !1;
            if row.iter().all(|&r| r == 0) {
                if rhs {
                    return false;
                }
                continue;
            }
            for (p, &(bit, prhs)) in self.piv_meta.iter().enumerate() {
                if has(row, bit as usize) {
                    for (r, q) in row.iter_mut().zip(&self.piv[p * w..p * w + w]) {
                        *r ^= q;
                    }
                    rhs ^= prhs;
                }
            }
            match row.iter().position(|&r| r != 0) {
                None if rhs => return false,
                None => {}
                Some(k) => {
                    // Pivots are distinct: the row holds no earlier row's pivot.
                    let bit = k * 64 + row[k].trailing_zeros() as usize;
                    self.piv.extend_from_slice(row);
                    self.piv_meta.push((bit as u32, rhs));
                }
            }
        }
        // Back-substitution, free variables 0: a pivot row holds no earlier row's pivot, so
        // the later pivots it holds are already set.
        self.x.clear();
        self.x.resize(w, 0);
        self.x[0] = 1;
        for p in (0..self.piv_meta.len()).rev() {
            let (bit, rhs) = self.piv_meta[p];
            let bit = bit as usize;
            let dot = self.piv[p * w..p * w + w]
                .iter()
                .zip(&self.x)
                .fold(0, |acc, (r, s)| acc ^ (r & s).count_ones())
                & 1;
            if (dot == 1) != rhs {
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
