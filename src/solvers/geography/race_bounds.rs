//! Bit-parallel helpers of the race search (`race.rs`) on an undirected graph of at most 64
//! vertices and 64 edges: components, the Euler bound on trails from a given start
//! ([`Edges::trail_bound_from`], with its proof) and a sharper T-join bound
//! ([`Edges::tjoin_bound_from`]), and two sound reductions of a position that decide or
//! shrink it without search.
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
//! **Commitment bounds** ([`Edges::committed_or_close`]), a timed form of Trail Trap's
//! Lemma 9. The mover `A` (on `a`) moves at plies 1, 3, 5, …, the opponent `B` (on `b`) at
//! 2, 4, 6, …; `B` cannot take an edge before its move number `d_B(e)` = 1 + the walk
//! distance from `b` to the nearer end of `e` (over all unused edges, which can only
//! shorten walks). A trail `e_1 … e_k` from `a` with `d_B(e_i) ≥ i` for every `i` is
//! *safe*: `A` walks it whatever `B` does, and `B` never uses one of its edges (before `A`
//! takes `e_i` it cannot reach it, afterwards it is used). So `A` makes at least `k` moves
//! and `B` at most the longest trail from `b` avoiding the trail, at most the Euler bound
//! from `b` in its component without it: `A` wins when that bound is below `k` (`B` runs
//! out first). Symmetrically, a trail `f_1 … f_k` from `b` with `d_A(f_j) ≥ j + 1` is safe
//! for `B` (who moves second), and `A` loses when the Euler bound of `a`'s trails avoiding
//! it is at most `k`. Both trails come from a bounded depth-first search: any safe trail
//! proves what it proves, so a short one only decides fewer positions.
//!
//! The bound on the other side's trails avoiding a safe trail is the Euler bound, or the
//! sharper T-join bound ([`Edges::tjoin_bound_from`], with its proof) when the Euler bound
//! misses a decision by at most [`TJOIN_GAP`] edges; any upper bound on those trails proves
//! the same. When even that misses by exactly one edge, [`Edges::committed_or_close`]
//! returns the safe trail, and the race search asks for the exact longest trail avoiding it
//! (the quantity both bounds bound from above), capped where the comparison is settled.

use crate::problems::graph::Graph;

/// Bit of edge (or vertex) `i`.
#[inline]
pub(super) fn bit(i: usize) -> u64 {
    1u64 << i
}

/// Most vertices (and edges) of a graph here: one bit each in a `u64`.
pub(super) const MAX_BITS: usize = 64;

/// Steps at most of each search for a safe trail in [`Edges::committed_or_close`]: 16, 64,
/// 256 and 2,000 steps gave node counts within 3 % of each other on 14-vertex Trail Trap
/// games, and 16 is the cheapest.
const SAFE_TRAIL_STEPS: u32 = 16;

/// Walk distances at most that the T-join bound ([`Edges::tjoin_bound_from`]) tells apart;
/// longer ones count as this many edges (less than they are: still a lower bound).
const TJOIN_CAP: u32 = 8;

/// How far above a commitment bound's need the Euler bound may be for the T-join bound to be
/// tried ([`Edges::committed_or_close`]). Computing it only there kept most of the nodes
/// it saves (on three 14-vertex Trail Trap games, 78–88 % of the saving of the T-join bound
/// everywhere) without its cost.
const TJOIN_GAP: u32 = 2;

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

    /// An upper bound on the trails that start at `x` in the connected edge set `comp`
    /// (vertices `verts`, `x` among them), never above [`Edges::trail_bound_from`]: the
    /// edges a trail leaves contain a T-join, and a T-join is at least as long as the walk
    /// distances between the vertices it pairs.
    ///
    /// Why: let `T` be the edges of a trail from `x` to `t` (`t = x` when closed or empty)
    /// and `R = comp \ T`. In `T` only `x` and `t` have odd degree (none when `t = x`; a
    /// loop adds two to a degree), so the odd-degree vertices of `R` are `J = C Δ {t}` with
    /// `C = O Δ {x}` (`O`: the odd vertices of `comp`). Any edge set whose odd vertices are
    /// `J` holds `|J| / 2` edge-disjoint paths pairing up `J` (join two odd vertices of one
    /// component of it by a path, drop the path, repeat), and a path of `R` is no shorter
    /// than the walk distance `d` over `comp ⊇ R`. So `|R| ≥ Σ_pairs d(u, v) ≥ Σ_{v ∈ J}
    /// w(v) / 2` for any `w` with `w(v) ≤ d(v, u)` for every other `u` of `J`. Take `w(v) =
    /// min(n(v), d(v, t))` for `v ∈ C \ {t}` (`n(v)`: the distance from `v` to the nearest
    /// other vertex of `C`, capped at [`TJOIN_CAP`]; the other vertices of `J` lie in `C`
    /// or are `t`), and `w(t) = 1` for `t ∉ C` when `C` has a vertex other than `t` (every
    /// other vertex is at distance at least one), else 0. Since `t` is unknown, the bound
    /// takes the smallest `Σ w` over every vertex `t` of `comp`, and `|R|` is a whole
    /// number, so `|T| ≤ |comp| − ⌈min_t Σ w / 2⌉`. Parallel edges change no distance and
    /// loops neither a distance nor a parity. With `w ≥ 1` on `C \ {t}` the sum is at least
    /// `|C| − 1`, which is the Euler bound's count.
    pub fn tjoin_bound_from(&self, comp: u64, verts: u64, x: usize) -> u32 {
        // Neighbours (as vertex masks) and parities of the vertices of `comp`.
        let mut nbr = [0u64; MAX_BITS];
        let mut odd = 0u64;
        let mut vs = verts;
        while vs != 0 {
            let y = vs.trailing_zeros() as usize;
            vs &= vs - 1;
            let mut es = self.inc[y] & comp & !self.loops;
            if es.count_ones() & 1 == 1 {
                odd |= bit(y);
            }
            let mut around = 0u64;
            while es != 0 {
                let e = es.trailing_zeros() as usize;
                es &= es - 1;
                around |= bit((self.ends[e] as usize) ^ y);
            }
            nbr[y] = around;
        }
        let core = odd ^ bit(x);
        // `loss[t]`: how much choosing the end `t` takes off `Σ_{v ∈ C} n(v)`.
        let mut loss = [0u32; MAX_BITS];
        let mut total = 0u32;
        let mut cs = core;
        while cs != 0 {
            let v = cs.trailing_zeros() as usize;
            cs &= cs - 1;
            // Rings of a breadth-first walk from `v`, until it meets another vertex of `C`.
            let mut rings = [0u64; TJOIN_CAP as usize];
            rings[0] = bit(v);
            let (mut ball, mut frontier, mut near) = (bit(v), bit(v), TJOIN_CAP);
            for k in 1..TJOIN_CAP {
                let mut next = 0u64;
                let mut f = frontier;
                while f != 0 {
                    let y = f.trailing_zeros() as usize;
                    f &= f - 1;
                    next |= nbr[y];
                }
                next &= !ball;
                if next & core != 0 {
                    near = k;
                    break;
                }
                if next == 0 {
                    break;
                }
                rings[k as usize] = next;
                ball |= next;
                frontier = next;
            }
            total += near;
            for (k, &ring) in rings.iter().enumerate().take(near as usize) {
                let mut r = ring;
                while r != 0 {
                    let t = r.trailing_zeros() as usize;
                    r &= r - 1;
                    loss[t] += near - k as u32;
                }
            }
        }
        // The cheapest end `t`.
        let mut least = u32::MAX;
        let mut ts = verts;
        while ts != 0 {
            let t = ts.trailing_zeros() as usize;
            ts &= ts - 1;
            let extra = u32::from(core & !bit(t) != 0 && core & bit(t) == 0);
            least = least.min(total - loss[t] + extra);
        }
        comp.count_ones() - least.div_ceil(2)
    }

    /// An upper bound on the trails from `x` over the edges `free` (0 when `x` has none),
    /// for a commitment bound that decides when it is at most `need`: the Euler bound, and
    /// the sharper T-join bound when the Euler bound misses `need` by at most
    /// [`TJOIN_GAP`] edges (the T-join bound costs a few breadth-first walks and seldom
    /// gains more).
    fn bound_from(&self, x: usize, free: u64, need: u32) -> u32 {
        if self.inc[x] & free == 0 {
            return 0;
        }
        let (comp, verts) = self.component(x, free);
        let euler = self.trail_bound_from(comp, verts, x);
        if euler <= need || euler > need.saturating_add(TJOIN_GAP) {
            return euler;
        }
        self.tjoin_bound_from(comp, verts, x)
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
            // A token's vertex is never peeled, so its degree was not counted (0): left
            // alone, the decrement underflowed (a panic in builds with overflow checks).
            if tokens & bit(y) == 0 {
                degree[y] -= 1;
                if degree[y] == 1 {
                    leaves |= bit(y);
                }
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
    #[cfg(test)]
    pub fn committed(
        &self,
        a: usize,
        b: usize,
        comp: u64,
        from_b: &[u8; MAX_BITS],
    ) -> Option<bool> {
        match self.committed_or_close(a, b, comp, from_b) {
            Commit::Decided(win) => Some(win),
            _ => None,
        }
    }

    /// The commitment bounds of the module doc and, when they do not decide, a near miss: a
    /// safe trail against which the other side's bound is exactly one edge too long, so that
    /// the exact longest trail avoiding it (which the race search can look up) may decide
    /// instead.
    pub fn committed_or_close(
        &self,
        a: usize,
        b: usize,
        comp: u64,
        from_b: &[u8; MAX_BITS],
    ) -> Commit {
        let (mine, path) = self.safe_trail(a, comp, from_b, 0);
        // The opponent's trails avoiding `path`: the mover wins when they are shorter than
        // `mine`.
        let theirs_most = if mine > 0 {
            self.bound_from(b, comp & !path, mine - 1)
        } else {
            u32::MAX
        };
        if theirs_most < mine {
            return Commit::Decided(true);
        }
        let from_a = self.distances(a, comp);
        let (theirs, their_path) = self.safe_trail(b, comp, &from_a, 1);
        let mine_most = self.bound_from(a, comp & !their_path, theirs);
        if mine_most <= theirs {
            return Commit::Decided(false);
        }
        if theirs_most == mine {
            Commit::MoverClose(mine, path)
        } else if mine_most == theirs + 1 {
            Commit::OpponentClose(theirs, their_path)
        } else {
            Commit::Open
        }
    }
}

/// What [`Edges::committed_or_close`] found.
pub(super) enum Commit {
    /// The value of the position for the mover.
    Decided(bool),
    /// The mover has a safe trail of this many edges (the mask), and the bound on the
    /// opponent's trails avoiding it is exactly that long: the mover wins if the opponent's
    /// longest such trail is shorter.
    MoverClose(u32, u64),
    /// The opponent has a safe trail of this many edges (the mask), and the bound on the
    /// mover's trails avoiding it is one edge longer: the mover loses if its longest such
    /// trail is not longer.
    OpponentClose(u32, u64),
    /// Neither bound is close.
    Open,
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
