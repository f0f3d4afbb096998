//! `uvg_matching` certificates for normal-play undirected vertex geography (one token).
//!
//! The game is decided by maximum matchings (Fraenkel–Scheinerman–Ullman; see
//! `certify::matching` for the table of cases). Maximality is proved with a Tutte–Berge set,
//! and the set that makes the bound tight is the Gallai–Edmonds set A(H): with D(H) the
//! vertices missed by some maximum matching, A(H) = N(D) \ D, and
//! ν(H) = (|V(H)| + |A| − odd(H − A)) / 2 because the components of H − A inside D are
//! exactly its odd components. D is the set of *outer* vertices of Edmonds' alternating
//! forest grown from every exposed vertex of a maximum matching, once no augmenting path is
//! left; so one blossom search (below) gives both the matching and the set.

use super::bug;
use crate::certify::{MatchingCert, Player};
use crate::problems::{Convention, Geography, Rule, Tokens};
use crate::solvers::SolveError;
use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// Whether a matching certificate exists: undirected vertex rule, one token, normal play.
pub fn applies(g: &Geography) -> bool {
    !g.graph.directed
        && g.rule == Rule::Vertex
        && matches!(g.tokens, Tokens::One { .. })
        && g.convention == Convention::Normal
}

/// The `uvg_matching` certificate of `g` (which must satisfy [`applies`]); its winner is the
/// one the matchings decide.
pub fn uvg_certificate(g: &Geography) -> Result<MatchingCert, SolveError> {
    let Tokens::One { start } = g.tokens else {
        return Err(SolveError::Unsupported("matching needs one token".into()));
    };
    if !applies(g) {
        return Err(SolveError::Unsupported(
            "matching certificates need normal-play undirected vertex geography".into(),
        ));
    }
    g.validate()
        .map_err(|(_, msg)| SolveError::Unsupported(format!("invalid game: {msg}")))?;
    let n = g.graph.n();
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in g.graph.edges.iter().filter(|(u, v)| u != v) {
        adj[u].push(v);
        adj[v].push(u);
    }
    let all = vec![true; n];
    let full = maximum_matching(&adj, &all);
    let (winner, mate, set) = match start {
        Some(v) => {
            let mut minus = all.clone();
            minus[v] = false;
            let without = maximum_matching(&adj, &minus);
            if size(&without) < size(&full) {
                let s = tutte_berge(&adj, &minus, &without)?;
                (Player::First, full, Some(s))
            } else {
                let s = tutte_berge(&adj, &all, &without)?;
                (Player::Second, without, Some(s))
            }
        }
        None if 2 * size(&full) == n => (Player::Second, full, None),
        None => {
            let s = tutte_berge(&adj, &all, &full)?;
            (Player::First, vec![NONE; n], Some(s))
        }
    };
    let pairs: Vec<(usize, usize)> = (0..n)
        .filter(|&u| mate[u] != NONE && u < mate[u])
        .map(|u| (u, mate[u]))
        .collect();
    MatchingCert::from_indices(&g.graph, winner, &pairs, set.as_deref()).map_err(bug)
}

/// The number of matched pairs.
fn size(mate: &[usize]) -> usize {
    mate.iter().filter(|&&m| m != NONE).count() / 2
}

/// A maximum matching of the subgraph induced by `alive` (mates; `NONE` = exposed): greedy,
/// then one augmenting-path search from each exposed vertex (a vertex with no augmenting path
/// never gets one later, by Edmonds' theorem, so one pass suffices).
pub fn maximum_matching(adj: &[Vec<usize>], alive: &[bool]) -> Vec<usize> {
    let n = adj.len();
    let mut forest = Forest::new(adj, alive, vec![NONE; n]);
    for u in (0..n).filter(|&u| alive[u]) {
        if forest.mate[u] == NONE
            && let Some(&v) = adj[u].iter().find(|&&v| alive[v] && forest.mate[v] == NONE)
        {
            forest.mate[u] = v;
            forest.mate[v] = u;
        }
    }
    for r in (0..n).filter(|&r| alive[r]) {
        if forest.mate[r] == NONE
            && let Ok(Some(end)) = forest.grow(&[r])
        {
            forest.augment(end);
        }
    }
    forest.mate
}

/// The Gallai–Edmonds set A of the subgraph induced by `alive`, given a maximum matching of
/// it, sorted. Errors when the forest finds an augmenting path (`mate` is not maximum).
pub fn tutte_berge(
    adj: &[Vec<usize>],
    alive: &[bool],
    mate: &[usize],
) -> Result<Vec<usize>, SolveError> {
    let n = adj.len();
    let mut forest = Forest::new(adj, alive, mate.to_vec());
    let roots: Vec<usize> = (0..n).filter(|&v| alive[v] && mate[v] == NONE).collect();
    if forest
        .grow(&roots)
        .map_err(SolveError::Unsupported)?
        .is_some()
    {
        return Err(SolveError::Unsupported(
            "internal: the matching is not maximum".into(),
        ));
    }
    let d = &forest.outer;
    Ok((0..n)
        .filter(|&a| alive[a] && !d[a] && adj[a].iter().any(|&x| alive[x] && d[x]))
        .collect())
}

/// Edmonds' alternating forest with blossom contraction (the O(n³) textbook version).
struct Forest<'a> {
    adj: &'a [Vec<usize>],
    alive: &'a [bool],
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    outer: Vec<bool>,
    queue: VecDeque<usize>,
}

impl<'a> Forest<'a> {
    fn new(adj: &'a [Vec<usize>], alive: &'a [bool], mate: Vec<usize>) -> Forest<'a> {
        let n = adj.len();
        Forest {
            adj,
            alive,
            mate,
            parent: vec![NONE; n],
            base: (0..n).collect(),
            outer: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    /// Grows the forest from `roots` (exposed vertices). `Ok(Some(v))`: an augmenting path
    /// ends at the exposed vertex `v` (follow `parent`/`mate` back). `Ok(None)`: none exists,
    /// and `outer` marks the even vertices. `Err`: two trees met (an augmenting path between
    /// two roots; only possible when several roots are given and the matching is not
    /// maximum).
    fn grow(&mut self, roots: &[usize]) -> Result<Option<usize>, String> {
        let n = self.adj.len();
        self.parent.fill(NONE);
        self.outer.fill(false);
        self.base = (0..n).collect();
        self.queue.clear();
        for &r in roots {
            self.outer[r] = true;
            self.queue.push_back(r);
        }
        while let Some(v) = self.queue.pop_front() {
            for &to in &self.adj[v] {
                if !self.alive[to] || self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if self.outer[to] {
                    self.contract(v, to)?;
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Ok(Some(to));
                    }
                    let m = self.mate[to];
                    self.outer[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        Ok(None)
    }

    /// Contracts the blossom closed by the edge `v`–`to` between two outer vertices.
    fn contract(&mut self, v: usize, to: usize) -> Result<(), String> {
        let Some(b) = self.lca(v, to) else {
            return Err("internal: an augmenting path joins two exposed vertices".into());
        };
        let mut in_blossom = vec![false; self.adj.len()];
        self.mark_path(v, b, to, &mut in_blossom);
        self.mark_path(to, b, v, &mut in_blossom);
        for i in 0..self.adj.len() {
            if self.alive[i] && in_blossom[self.base[i]] {
                self.base[i] = b;
                if !self.outer[i] {
                    self.outer[i] = true;
                    self.queue.push_back(i);
                }
            }
        }
        Ok(())
    }

    /// The base of the lowest common ancestor of outer vertices `a` and `b`, or `None` when
    /// they lie in different trees.
    fn lca(&self, a: usize, b: usize) -> Option<usize> {
        let mut seen = vec![false; self.adj.len()];
        let mut a = a;
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        let mut b = b;
        loop {
            b = self.base[b];
            if seen[b] {
                return Some(b);
            }
            if self.mate[b] == NONE {
                return None;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossom's path from `v` down to base `b`, re-pointing parents so that the
    /// path can be walked from either side; `child` is the vertex across the closing edge.
    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize, in_blossom: &mut [bool]) {
        while self.base[v] != b {
            in_blossom[self.base[v]] = true;
            in_blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// Flips the augmenting path that ends at the exposed vertex `end`.
    fn augment(&mut self, end: usize) {
        let mut v = end;
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }
}
