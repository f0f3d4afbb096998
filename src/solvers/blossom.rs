//! Maximum matching in general graphs and the Gallai–Edmonds decomposition, by Edmonds'
//! blossom algorithm in its near-linear practical form.
//!
//! * A greedy matching first (vertices of degree one first, which is always safe), then one
//!   alternating-tree search from each exposed vertex. Blossoms are contracted through a
//!   union–find over their bases (Gabow's representation), so a search costs
//!   O(edges it scans · α) instead of the textbook O(n) per contraction.
//! * Only the vertices a search labelled are reset after it, so a search that finds a short
//!   augmenting path costs only what it explored.
//! * A search that fails leaves a *Hungarian tree*; its vertices can never lie on a later
//!   augmenting path (Edmonds), so they are skipped by the remaining searches. This is only
//!   an acceleration: the final step below re-checks maximality on the whole graph.
//! * Finally one alternating forest is grown from *all* exposed vertices at once. When no
//!   augmenting path is left, its outer (even) vertices, blossoms included, are exactly
//!   D(G), the vertices some maximum matching misses (Gallai–Edmonds). Should two trees meet
//!   (an augmenting path the accelerated searches missed), the path is flipped and the
//!   forest grown again, so the result never depends on the acceleration being right.
//!
//! Every loop charges the [`Budget`] once per vertex it takes from the queue, so deadlines
//! and node limits are honoured inside the matching itself.

use crate::solvers::{Budget, BudgetExceeded};

/// "No vertex": an exposed vertex's mate, an unset parent.
pub const NONE: usize = usize::MAX;

/// An undirected graph in compressed adjacency form (loops dropped, parallel edges kept).
#[derive(Clone, Debug)]
pub struct Graph {
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl Graph {
    /// The graph on vertices `0..n` with the undirected `edges` (endpoints must be `< n`).
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Graph {
        let mut degree = vec![0usize; n + 1];
        for &(u, v) in edges.iter().filter(|(u, v)| u != v) {
            degree[u] += 1;
            degree[v] += 1;
        }
        let mut offsets = vec![0usize; n + 1];
        for v in 0..n {
            offsets[v + 1] = offsets[v] + degree[v];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; offsets[n]];
        for &(u, v) in edges.iter().filter(|(u, v)| u != v) {
            targets[fill[u]] = v as u32;
            fill[u] += 1;
            targets[fill[v]] = u as u32;
            fill[v] += 1;
        }
        Graph { offsets, targets }
    }

    /// Number of vertices.
    pub fn n(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The neighbours of `v`.
    #[inline]
    pub fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.targets[self.offsets[v]..self.offsets[v + 1]]
            .iter()
            .map(|&w| w as usize)
    }
}

/// A maximum matching of an induced subgraph together with its Gallai–Edmonds set D.
#[derive(Clone, Debug)]
pub struct Decomposition {
    /// Mate of every vertex (`NONE`: exposed, or not in the subgraph).
    pub mate: Vec<usize>,
    /// `deficient[v]`: some maximum matching misses `v` (v ∈ D). False outside the subgraph.
    pub deficient: Vec<bool>,
    /// Vertices taken from the search queues (the work done; charged to the budget).
    pub nodes: u64,
    /// Alternating-forest parent pointers of the final forest (see [`Decomposition::missing`]).
    parent: Vec<usize>,
}

impl Decomposition {
    /// Size of the maximum matching.
    pub fn size(&self) -> usize {
        self.mate.iter().filter(|&&m| m != NONE).count() / 2
    }

    /// A maximum matching that misses `v` (which must be in D): the even alternating path
    /// from `v` to the root of its tree in the final forest is flipped, which exposes `v`
    /// and matches the root; the size is unchanged.
    pub fn missing(&self, v: usize) -> Vec<usize> {
        debug_assert!(self.deficient[v]);
        let mut mate = self.mate.clone();
        let u = mate[v];
        mate[v] = NONE;
        if u != NONE {
            mate[u] = NONE;
            rematch_to_root(&mut mate, &self.parent, u);
        }
        mate
    }

    /// The Gallai–Edmonds set A = N(D) \ D within the subgraph `alive`, sorted: a
    /// Tutte–Berge set that makes the matching bound tight.
    pub fn barrier(&self, g: &Graph, alive: &[bool]) -> Vec<usize> {
        (0..g.n())
            .filter(|&a| {
                alive[a] && !self.deficient[a] && g.neighbours(a).any(|x| self.deficient[x])
            })
            .collect()
    }
}

/// Re-matches the alternating path that starts at `u` (a vertex that just lost its mate,
/// at an odd position of a tree path) up to the tree's root: `u` takes `parent[u]`, whose
/// old mate takes its own parent, and so on until a vertex without mate (the root).
fn rematch_to_root(mate: &mut [usize], parent: &[usize], mut u: usize) {
    while u != NONE {
        let v = parent[u];
        let next = mate[v];
        mate[u] = v;
        mate[v] = u;
        u = next;
    }
}

/// A maximum matching of the subgraph of `g` induced by `alive` and its set D.
///
/// Errors when `budget` runs out (each vertex taken from a search queue is one node).
pub fn decompose(
    g: &Graph,
    alive: &[bool],
    budget: &Budget,
) -> Result<Decomposition, BudgetExceeded> {
    let mut s = Search::new(g, alive, budget);
    s.greedy();
    s.augment_all()?;
    s.final_forest()
}

/// Like [`decompose`], starting from a given matching `mate` of the subgraph (only
/// augmenting searches from its exposed vertices remain).
pub fn decompose_from(
    g: &Graph,
    alive: &[bool],
    mate: Vec<usize>,
    budget: &Budget,
) -> Result<Decomposition, BudgetExceeded> {
    let mut s = Search::new(g, alive, budget);
    s.mate = mate;
    s.augment_all()?;
    s.final_forest()
}

const UNLABELLED: u8 = 0;
const EVEN: u8 = 1;
const ODD: u8 = 2;

/// The working state of Edmonds' algorithm.
struct Search<'a> {
    g: &'a Graph,
    alive: &'a [bool],
    budget: &'a Budget,
    nodes: u64,
    mate: Vec<usize>,
    /// For an odd vertex: the even vertex it was reached from; for an even vertex inside a
    /// blossom: the vertex across the closing edge (so paths can go round either side).
    parent: Vec<usize>,
    label: Vec<u8>,
    /// Union–find over blossoms; the root of a set is the blossom's base.
    base: Vec<usize>,
    /// Vertices of failed (Hungarian) trees, skipped by later searches.
    dead: Vec<bool>,
    /// Vertices labelled by the current search (reset afterwards).
    touched: Vec<usize>,
    queue: Vec<usize>,
    /// Visit stamps for the lowest-common-ancestor walk.
    stamp: Vec<u32>,
    now: u32,
}

impl<'a> Search<'a> {
    fn new(g: &'a Graph, alive: &'a [bool], budget: &'a Budget) -> Search<'a> {
        let n = g.n();
        Search {
            g,
            alive,
            budget,
            nodes: 0,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            label: vec![UNLABELLED; n],
            base: (0..n).collect(),
            dead: vec![false; n],
            touched: Vec::new(),
            queue: Vec::new(),
            stamp: vec![0; n],
            now: 0,
        }
    }

    /// Greedy matching: vertices with one live neighbour first (matching them is always
    /// part of some maximum matching), then everyone else in index order.
    fn greedy(&mut self) {
        let (g, alive) = (self.g, self.alive);
        let live_degree = |v: usize| g.neighbours(v).filter(|&w| alive[w]).count();
        let order = (0..g.n())
            .filter(|&v| alive[v] && live_degree(v) == 1)
            .chain((0..g.n()).filter(|&v| alive[v]));
        for u in order {
            if self.mate[u] != NONE {
                continue;
            }
            if let Some(v) = g.neighbours(u).find(|&v| alive[v] && self.mate[v] == NONE) {
                self.mate[u] = v;
                self.mate[v] = u;
            }
        }
    }

    /// One search from every exposed vertex, in index order.
    fn augment_all(&mut self) -> Result<(), BudgetExceeded> {
        for r in 0..self.g.n() {
            if self.alive[r] && !self.dead[r] && self.mate[r] == NONE {
                let found = self.search(r)?;
                if !found {
                    // A Hungarian tree: never part of a later augmenting path.
                    for &v in &self.touched {
                        self.dead[v] = true;
                    }
                }
                self.reset();
            }
        }
        Ok(())
    }

    fn find(&mut self, mut v: usize) -> usize {
        let mut root = v;
        while self.base[root] != root {
            root = self.base[root];
        }
        while self.base[v] != root {
            let next = self.base[v];
            self.base[v] = root;
            v = next;
        }
        root
    }

    fn label_vertex(&mut self, v: usize, label: u8) {
        if self.label[v] == UNLABELLED {
            self.touched.push(v);
        }
        self.label[v] = label;
    }

    /// Clears the labels of the last search.
    fn reset(&mut self) {
        for &v in &self.touched {
            self.label[v] = UNLABELLED;
            self.parent[v] = NONE;
            self.base[v] = v;
        }
        self.touched.clear();
        self.queue.clear();
    }

    /// Grows the alternating tree from the exposed vertex `r`; augments and returns true when
    /// it finds an augmenting path.
    fn search(&mut self, r: usize) -> Result<bool, BudgetExceeded> {
        self.label_vertex(r, EVEN);
        self.queue.push(r);
        Ok(self.grow()?.is_some())
    }

    /// Breadth-first growth of the labelled forest from the queued even vertices. Returns
    /// `Some(())` after flipping an augmenting path, `None` when the queue empties.
    fn grow(&mut self) -> Result<Option<()>, BudgetExceeded> {
        let (g, alive) = (self.g, self.alive);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            self.nodes += 1;
            self.budget.charge(self.nodes)?;
            for w in g.neighbours(v) {
                if !alive[w] || self.dead[w] || self.mate[v] == w {
                    continue;
                }
                match self.label[w] {
                    UNLABELLED => {
                        self.label_vertex(w, ODD);
                        self.parent[w] = v;
                        let m = self.mate[w];
                        if m == NONE {
                            // v's tree root … v – w with w exposed: flip it.
                            rematch_to_root(&mut self.mate, &self.parent, w);
                            return Ok(Some(()));
                        }
                        self.label_vertex(m, EVEN);
                        self.queue.push(m);
                    }
                    EVEN => {
                        let (bv, bw) = (self.find(v), self.find(w));
                        if bv == bw {
                            continue;
                        }
                        match self.lca(bv, bw) {
                            Some(b) => {
                                self.contract(v, w, b);
                                self.contract(w, v, b);
                            }
                            None => {
                                // Two different trees meet (several roots): the path root –
                                // … – v – w – … – root is augmenting.
                                let (mv, mw) = (self.mate[v], self.mate[w]);
                                self.mate[v] = w;
                                self.mate[w] = v;
                                if mv != NONE {
                                    self.mate[mv] = NONE;
                                    rematch_to_root(&mut self.mate, &self.parent, mv);
                                }
                                if mw != NONE {
                                    self.mate[mw] = NONE;
                                    rematch_to_root(&mut self.mate, &self.parent, mw);
                                }
                                return Ok(Some(()));
                            }
                        }
                    }
                    _ => {} // odd: an even–odd edge closes nothing.
                }
            }
        }
        Ok(None)
    }

    /// The base of the blossom where the tree paths of bases `a` and `b` meet, walking both
    /// up alternately; `None` when they reach different roots.
    fn lca(&mut self, a: usize, b: usize) -> Option<usize> {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.fill(0);
            self.now = 1;
        }
        let (mut x, mut y) = (Some(a), Some(b));
        while x.is_some() || y.is_some() {
            if let Some(v) = x {
                if self.stamp[v] == self.now {
                    return Some(v);
                }
                self.stamp[v] = self.now;
                x = self.up(v);
            }
            std::mem::swap(&mut x, &mut y);
        }
        None
    }

    /// The base of the next blossom up the tree from base `v` (`None` at a root).
    fn up(&mut self, v: usize) -> Option<usize> {
        let m = self.mate[v];
        if m == NONE {
            None
        } else {
            let p = self.parent[m];
            Some(self.find(p))
        }
    }

    /// Contracts one side of the blossom closed by the edge `v`–`w` down to base `b`: each
    /// even vertex on the path learns to go round through `w`'s side, odd vertices become
    /// even (and are queued), and all join `b`'s set.
    fn contract(&mut self, mut v: usize, mut w: usize, b: usize) {
        while self.find(v) != b {
            self.parent[v] = w;
            w = self.mate[v];
            if self.label[w] == ODD {
                self.label[w] = EVEN;
                self.queue.push(w);
            }
            // Only a blossom's own base is re-pointed here: the walk goes on through an
            // inner blossom and reaches its base later, which must still look unmerged
            // for the loop condition to stop at `b` and not earlier.
            if self.find(v) == v {
                self.base[v] = b;
            }
            if self.find(w) == w {
                self.base[w] = b;
            }
            v = self.parent[w];
        }
    }

    /// Grows one forest from all exposed vertices; flips any augmenting path it finds and
    /// starts again, so that it ends on a maximum matching with its D set.
    fn final_forest(mut self) -> Result<Decomposition, BudgetExceeded> {
        loop {
            self.dead.fill(false);
            for r in 0..self.g.n() {
                if self.alive[r] && self.mate[r] == NONE {
                    self.label_vertex(r, EVEN);
                    self.queue.push(r);
                }
            }
            if self.grow()?.is_some() {
                self.reset();
                continue;
            }
            let deficient = self.label.iter().map(|&l| l == EVEN).collect();
            return Ok(Decomposition {
                mate: self.mate,
                deficient,
                nodes: self.nodes,
                parent: self.parent,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// ν of the subgraph induced by the bitmask `set`, by brute force: the lowest vertex is
    /// either left out or matched to one of its neighbours.
    fn nu(adj: &[u32], set: u32, memo: &mut [Option<u32>]) -> u32 {
        if set == 0 {
            return 0;
        }
        if let Some(v) = memo[set as usize] {
            return v;
        }
        let u = set.trailing_zeros();
        let rest = set & !(1 << u);
        let mut best = nu(adj, rest, memo);
        let mut nbrs = adj[u as usize] & rest;
        while nbrs != 0 {
            let w = nbrs.trailing_zeros();
            nbrs &= nbrs - 1;
            best = best.max(1 + nu(adj, rest & !(1 << w), memo));
        }
        memo[set as usize] = Some(best);
        best
    }

    /// Against brute force on 3,000 random graphs (and random induced subgraphs): the matching
    /// is a matching of the subgraph, it is maximum, D is exactly "ν(H − v) = ν(H)", the
    /// matching that misses a D vertex is maximum and misses it, and the barrier is tight.
    #[test]
    fn agrees_with_brute_force_deficiency() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut in_d, mut not_in_d) = (0, 0);
        for _ in 0..3000 {
            let n = rng.random_range(1..=11);
            let p = rng.random_range(0.05..0.7);
            let mut edges = Vec::new();
            let mut bits = vec![0u32; n];
            for u in 0..n {
                for v in u + 1..n {
                    if rng.random_bool(p) {
                        edges.push((u, v));
                        bits[u] |= 1 << v;
                        bits[v] |= 1 << u;
                    }
                }
            }
            let alive: Vec<bool> = (0..n).map(|_| rng.random_bool(0.9)).collect();
            let set = (0..n).filter(|&v| alive[v]).fold(0u32, |s, v| s | 1 << v);
            let g = Graph::from_edges(n, &edges);
            let dec = decompose(&g, &alive, &Budget::unlimited()).unwrap();
            let mut memo = vec![None; 1 << n];
            let best = nu(&bits, set, &mut memo) as usize;
            let valid = |mate: &[usize]| {
                (0..n).all(|v| {
                    let m = mate[v];
                    m == NONE || (alive[v] && alive[m] && mate[m] == v && bits[v] >> m & 1 == 1)
                })
            };
            assert!(valid(&dec.mate), "{edges:?}");
            assert_eq!(dec.size(), best, "{edges:?} alive {alive:?}");
            for v in 0..n {
                let expect = alive[v] && nu(&bits, set & !(1 << v), &mut memo) as usize == best;
                assert_eq!(
                    dec.deficient[v], expect,
                    "v{v} in {edges:?} alive {alive:?} mate {:?} d {:?}",
                    dec.mate, dec.deficient
                );
                if expect {
                    in_d += 1;
                    let miss = dec.missing(v);
                    assert!(valid(&miss) && miss[v] == NONE, "{edges:?}");
                    assert_eq!(miss.iter().filter(|&&m| m != NONE).count() / 2, best);
                } else if alive[v] {
                    not_in_d += 1;
                }
            }
            // Tutte–Berge: ν = (|V| + |A| − odd(H − A)) / 2 for A = barrier.
            let a = dec.barrier(&g, &alive);
            let mut comp = vec![NONE; n];
            let mut odd = 0;
            for s in (0..n).filter(|&s| alive[s] && !a.contains(&s)) {
                if comp[s] != NONE {
                    continue;
                }
                let (mut stack, mut size) = (vec![s], 0);
                comp[s] = s;
                while let Some(u) = stack.pop() {
                    size += 1;
                    for w in g.neighbours(u) {
                        if alive[w] && !a.contains(&w) && comp[w] == NONE {
                            comp[w] = s;
                            stack.push(w);
                        }
                    }
                }
                odd += size % 2;
            }
            let live = alive.iter().filter(|&&x| x).count();
            assert_eq!(
                2 * best,
                live + a.len() - odd,
                "barrier not tight: {edges:?}"
            );
        }
        assert!(in_d > 3000 && not_in_d > 3000, "{in_d} vs {not_in_d}");
    }

    /// A node limit stops the search with "budget exceeded".
    #[test]
    fn honours_the_node_budget() {
        let edges: Vec<(usize, usize)> = (0..2000).map(|i| (i, (i * 7 + 1) % 2000)).collect();
        let g = Graph::from_edges(2000, &edges);
        let budget = Budget::new(Some(10), None);
        assert!(decompose(&g, &vec![true; 2000], &budget).is_err());
    }
}
