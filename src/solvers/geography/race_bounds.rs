//! Bit-parallel helpers of the race search (`race.rs`) on an undirected graph of at most 64
//! vertices and 64 edges: components, the Euler bound on trails from a given start
//! ([`Edges::trail_bound_from`], with its proof), and two sound reductions of a position that
//! decide or shrink it without search.
//!
//! **Hanging trees** ([`Edges::prune_hanging`]). Peel the vertices of degree one that hold
//! no token, repeatedly: what is peeled are trees hanging from the rest at single vertices.
//! A token that enters such a tree by the edge `c → t` can never come back (every trail in a
//! tree is a path, and the edge back to `c` is used) and can never be followed there by the
//! other token (the only way in is the used edge `c → t`). From then on it plays alone, so
//! the only thing that matters is how many more moves it can make: its best choice is a
//! longest path down the branch, and every other edge of the branch is a dominated option.
//! Keeping, for every branch at every remaining vertex, the edges of one longest downward
//! path (and dropping the rest) therefore leaves the value of the position unchanged, for
//! the game and for a longest trail from a token alike; positions that differ only in the
//! shape of their hanging trees then share a memo key.
//!
//! **Commitment bounds** ([`Edges::committed`]), a timed form of Trail Trap's Lemma 9. The
//! mover `A` (on `a`) moves at plies 1, 3, 5, …, the opponent `B` (on `b`) at 2, 4, 6, …; `B`
//! cannot take an edge before its move number `d_B(e)` = 1 + the walk distance from `b` to
//! the nearer end of `e` (over all unused edges, which can only shorten walks). A trail
//! `e_1 … e_k` from `a` with `d_B(e_i) ≥ i` for every `i` is *safe*: `A` walks it whatever
//! `B` does, and `B` never uses one of its edges (before `A` takes `e_i` it cannot reach it,
//! afterwards it is used). So `A` makes at least `k` moves and `B` at most the longest trail
//! from `b` avoiding the trail, at most the Euler bound from `b` in its component without it:
//! `A` wins when that bound is below `k` (`B` runs out first). Symmetrically, a trail
//! `f_1 … f_k` from `b` with `d_A(f_j) ≥ j + 1` is safe for `B` (who moves second), and `A`
//! loses when the Euler bound of `a`'s trails avoiding it is at most `k`. Both trails come
//! from a bounded depth-first search: any safe trail proves what it proves, so a short one
//! only decides fewer positions.

use crate::problems::graph::Graph;

/// Bit of edge (or vertex) `i`.
#[inline]
pub(super) fn bit(i: usize) -> u64 {
    1u64 << i
}

/// Most vertices (and edges) of a graph here: one bit each in a `u64`.
pub(super) const MAX_BITS: usize = 64;

/// Steps at most of each search for a safe trail in [`Edges::committed`]: 16, 64, 256 and
/// 2,000 steps gave node counts within 3 % of each other on 14-vertex Trail Trap games, and
/// 16 is the cheapest.
const SAFE_TRAIL_STEPS: u32 = 16;

/// Distance of a vertex that a walk cannot reach.
pub(super) const FAR: u8 = u8::MAX;

/// The incidence masks of an undirected graph, owned: built once per graph by the race search
/// (and its tests), lent out as [`Edges`].
pub(super) struct EdgeMasks {
    /// Edges incident to each vertex.
    inc: Vec<u64>,
    /// Per edge, the XOR of its ends.
    ends: Vec<u8>,
    /// The loops.
    loops: u64,
    /// Both ends of each edge.
    edge_ends: Vec<(u8, u8)>,
}

impl EdgeMasks {
    /// The masks of `g` (at most 64 edges and 256 vertices: the race search's limits).
    pub(super) fn of(g: &Graph) -> EdgeMasks {
        let mut inc = vec![0u64; g.n()];
        let mut loops = 0u64;
        for (e, &(u, v)) in g.edges.iter().enumerate() {
            inc[u] |= bit(e);
            inc[v] |= bit(e);
            if u == v {
                loops |= bit(e);
            }
        }
        EdgeMasks {
            inc,
            ends: g.edges.iter().map(|&(u, v)| (u ^ v) as u8).collect(),
            loops,
            edge_ends: g.edges.iter().map(|&(u, v)| (u as u8, v as u8)).collect(),
        }
    }

    /// The masks, borrowed.
    #[inline]
    pub(super) fn edges(&self) -> Edges<'_> {
        Edges {
            inc: &self.inc,
            ends: &self.ends,
            loops: self.loops,
            edge_ends: &self.edge_ends,
        }
    }
}

/// The incidences of an undirected graph (loops and parallel edges allowed) as bit masks.
#[derive(Clone, Copy)]
pub(super) struct Edges<'a> {
    /// Edges incident to each vertex.
    pub inc: &'a [u64],
    /// Per edge, the XOR of its ends (the other end of `e` from `x` is `ends[e] ^ x`).
    pub ends: &'a [u8],
    /// The loops.
    pub loops: u64,
    /// Both ends of each edge.
    pub edge_ends: &'a [(u8, u8)],
}

impl Edges<'_> {
    /// The component of `v` in the graph of edges `free`: (its edges, its vertices).
    #[inline]
    pub fn component(&self, v: usize, free: u64) -> (u64, u64) {
        let (mut verts, mut edges, mut todo) = (bit(v), 0u64, bit(v));
        while todo != 0 {
            let x = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let mut new = self.inc[x] & free & !edges;
            edges |= new;
            while new != 0 {
                let e = new.trailing_zeros() as usize;
                new &= new - 1;
                let y = (self.ends[e] as usize) ^ x;
                if verts & bit(y) == 0 {
                    verts |= bit(y);
                    todo |= bit(y);
                }
            }
        }
        (edges, verts)
    }

    /// An upper bound on a trail in the connected edge set `comp` (vertices `verts`) from any
    /// start: a trail leaves at most two vertices of odd degree, and each further odd vertex
    /// needs an unused edge, one edge serving two of them. The search uses the sharper
    /// [`Edges::trail_bound_from`]; the tests compare the two.
    #[cfg(test)]
    pub fn trail_bound(&self, comp: u64, mut verts: u64) -> u32 {
        let mut odd = 0u32;
        while verts != 0 {
            let x = verts.trailing_zeros() as usize;
            verts &= verts - 1;
            odd += (self.inc[x] & comp & !self.loops).count_ones() & 1;
        }
        comp.count_ones() - odd.saturating_sub(2) / 2
    }

    /// An upper bound on the trails that start at `x` in the connected edge set `comp`
    /// (vertices `verts`, `x` among them): the start-blind Euler bound, one edge lower when `x`
    /// has even degree in `comp` and some vertex has odd degree.
    ///
    /// Why: let `T` be the edges of a trail from `x` and `R = comp \ T` the edges it leaves.
    /// In `T` the odd-degree vertices are none (a closed trail) or exactly `x` and the end
    /// `t ≠ x`, so the odd vertices of `R` are those of `comp` with `x` and `t` toggled (a
    /// loop adds two to a degree and toggles nothing). With `o` odd vertices in `comp`: when
    /// `x` is odd, `R` keeps at least `o - 2` (toggling `x` and an odd `t` off); when `x` is
    /// even, toggling `x` puts it in and toggling `t` takes at most one out, so `R` keeps at
    /// least `o`. Each edge of `R` gives an odd degree to at most two vertices, so
    /// `|R| ≥ (odd vertices of R) / 2`, and `|T| = |comp| - |R|`.
    #[inline]
    pub fn trail_bound_from(&self, comp: u64, mut verts: u64, x: usize) -> u32 {
        let mut odd = 0u32;
        let mut x_odd = 0u32;
        while verts != 0 {
            let y = verts.trailing_zeros() as usize;
            verts &= verts - 1;
            let parity = (self.inc[y] & comp & !self.loops).count_ones() & 1;
            odd += parity;
            if y == x {
                x_odd = parity;
            }
        }
        // The end of the trail and (when odd) `x` itself can take two odd vertices out.
        comp.count_ones() - odd.saturating_sub(2 * x_odd) / 2
    }

    /// An upper bound on the trails from `x` over the edges `free` (0 when `x` has none).
    fn bound_from(&self, x: usize, free: u64) -> u32 {
        if self.inc[x] & free == 0 {
            return 0;
        }
        let (comp, verts) = self.component(x, free);
        self.trail_bound_from(comp, verts, x)
    }

    /// Breadth-first walk distances (in edges) from `v` over the edges `free`; [`FAR`] where
    /// `v` cannot reach.
    pub fn distances(&self, v: usize, free: u64) -> [u8; MAX_BITS] {
        let mut dist = [FAR; MAX_BITS];
        dist[v] = 0;
        let (mut frontier, mut seen, mut d) = (bit(v), bit(v), 0u8);
        while frontier != 0 {
            d += 1;
            let mut next = 0u64;
            while frontier != 0 {
                let x = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let mut es = self.inc[x] & free;
                while es != 0 {
                    let e = es.trailing_zeros() as usize;
                    es &= es - 1;
                    let y = (self.ends[e] as usize) ^ x;
                    if seen & bit(y) == 0 {
                        seen |= bit(y);
                        next |= bit(y);
                        dist[y] = d;
                    }
                }
            }
            frontier = next;
        }
        dist
    }

    /// The connected edge set `comp` (vertices `verts`) with its hanging trees cut down to
    /// one longest downward path per branch (see the module doc), and its vertices. Vertices
    /// in `tokens` are never peeled.
    pub fn prune_hanging(&self, comp: u64, verts: u64, tokens: u64) -> (u64, u64) {
        let mut degree = [0u8; MAX_BITS];
        let mut leaves = 0u64;
        let mut vs = verts & !tokens;
        while vs != 0 {
            let x = vs.trailing_zeros() as usize;
            vs &= vs - 1;
            // A loop adds two to its vertex's degree: it is never part of a hanging tree.
            let d =
                (self.inc[x] & comp).count_ones() + (self.inc[x] & comp & self.loops).count_ones();
            degree[x] = d as u8;
            if d == 1 {
                leaves |= bit(x);
            }
        }
        if leaves == 0 {
            return (comp, verts);
        }
        // Peel leaves; `height[x]` is the longest path down from a peeled `x` into what was
        // peeled below it, and `down[x]` the first edge of one such path. A vertex is peeled
        // only once all edges but one are gone, so its height is final by then.
        let mut height = [0u8; MAX_BITS];
        let mut down = [0u8; MAX_BITS];
        let (mut rest, mut peeled, mut gone) = (comp, 0u64, 0u64);
        while leaves != 0 {
            let x = leaves.trailing_zeros() as usize;
            leaves &= leaves - 1;
            let last = self.inc[x] & rest;
            if last == 0 {
                continue;
            }
            let e = last.trailing_zeros() as usize;
            rest &= !bit(e);
            peeled |= bit(e);
            gone |= bit(x);
            let y = (self.ends[e] as usize) ^ x;
            if height[x] + 1 > height[y] {
                height[y] = height[x] + 1;
                down[y] = e as u8;
            }
            degree[y] -= 1;
            if degree[y] == 1 && tokens & bit(y) == 0 {
                leaves |= bit(y);
            }
        }
        // Every peeled edge at a remaining vertex starts a branch: keep it and its longest
        // path down.
        let mut kept = rest;
        let mut roots = verts & !gone;
        while roots != 0 {
            let c = roots.trailing_zeros() as usize;
            roots &= roots - 1;
            let mut branches = self.inc[c] & peeled;
            while branches != 0 {
                let e = branches.trailing_zeros() as usize;
                branches &= branches - 1;
                kept |= bit(e);
                let mut t = (self.ends[e] as usize) ^ c;
                while height[t] > 0 {
                    let d = down[t] as usize;
                    kept |= bit(d);
                    t ^= self.ends[d] as usize;
                }
            }
        }
        if kept == comp {
            return (comp, verts);
        }
        let mut left = tokens & verts;
        let mut es = kept;
        while es != 0 {
            let e = es.trailing_zeros() as usize;
            es &= es - 1;
            let (u, v) = self.edge_ends[e];
            left |= bit(u as usize) | bit(v as usize);
        }
        (kept, left)
    }

    /// A long safe trail from `v` over `free`: its `i`-th edge (from 1) has both ends at walk
    /// distance at least `i - 1 + slack` from the other token (`other`: distances from it).
    /// Returns its length and its edges; a bounded depth-first search, so not always the
    /// longest such trail.
    fn safe_trail(&self, v: usize, free: u64, other: &[u8; MAX_BITS], slack: u32) -> (u32, u64) {
        let mut walk = SafeWalk {
            edges: *self,
            free,
            other,
            slack,
            goal: u32::MAX,
            steps: 0,
            best: (0, 0),
        };
        walk.extend(v, 0, 0);
        walk.best
    }

    /// The length of some trail from `v` over `free`, at most `goal`: a bounded depth-first
    /// search that stops once it has `goal` edges (a lower bound on the longest trail, which
    /// the race search uses to skip searching trails whose length it reaches).
    pub fn some_trail(&self, v: usize, free: u64, goal: u32) -> u32 {
        let mut walk = SafeWalk {
            edges: *self,
            free,
            other: &[FAR; MAX_BITS],
            slack: 0,
            goal,
            steps: 0,
            best: (0, 0),
        };
        walk.extend(v, 0, 0);
        walk.best.0.min(goal)
    }

    /// The commitment bounds of the module doc for the mover on `a` against the token on `b`
    /// in the connected edge set `comp` holding both (`from_b`: distances from `b` over
    /// `comp`): `Some(true)` when the mover wins by walking a safe trail, `Some(false)` when
    /// the opponent does, `None` when neither bound decides.
    pub fn committed(
        &self,
        a: usize,
        b: usize,
        comp: u64,
        from_b: &[u8; MAX_BITS],
    ) -> Option<bool> {
        let (mine, path) = self.safe_trail(a, comp, from_b, 0);
        if mine > 0 && self.bound_from(b, comp & !path) < mine {
            return Some(true);
        }
        let from_a = self.distances(a, comp);
        let (theirs, path) = self.safe_trail(b, comp, &from_a, 1);
        if self.bound_from(a, comp & !path) <= theirs {
            return Some(false);
        }
        None
    }
}

/// The state of one bounded search for a safe trail.
struct SafeWalk<'a> {
    edges: Edges<'a>,
    free: u64,
    other: &'a [u8; MAX_BITS],
    slack: u32,
    /// Length at which the search stops.
    goal: u32,
    steps: u32,
    /// The longest safe trail found: (length, edges).
    best: (u32, u64),
}

impl SafeWalk<'_> {
    fn extend(&mut self, at: usize, used: u64, len: u32) {
        if len > self.best.0 {
            self.best = (len, used);
        }
        if self.steps >= SAFE_TRAIL_STEPS || self.best.0 >= self.goal {
            return;
        }
        self.steps += 1;
        // The next edge is number len + 1.
        let need = len + self.slack;
        let mut es = self.edges.inc[at] & self.free & !used;
        while es != 0 {
            let e = es.trailing_zeros() as usize;
            es &= es - 1;
            let y = (self.edges.ends[e] as usize) ^ at;
            if u32::from(self.other[at].min(self.other[y])) >= need {
                self.extend(y, used | bit(e), len + 1);
            }
        }
    }
}
