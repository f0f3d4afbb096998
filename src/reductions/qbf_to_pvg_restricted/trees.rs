//! Binary trees that spread a high-degree vertex over degree-3 vertices at a fixed depth.
//!
//! Fraenkel–Simonson's degree restriction (Thm 2.1, Fig. 2) replaces a vertex of in- or
//! out-degree k by a directed binary tree of a prescribed height, pruned to k leaves, so
//! that every leaf is at the same distance from the root and the timing of the game is kept.
//! The shapes follow `../shared/spec/fraenkel-simonson.md` §1b step 3 (`out_tree`) and step 5
//! (`in_tree`). A child's identifier is its parent's with `_0` or `_1` appended.

use crate::problems::{Graph, VertexId};
use std::collections::HashMap;

/// Grows an out-tree below `root` with `leaves` leaves, all at distance `depth`, and returns
/// the leaves in order (`root` itself when `depth` is 0, which needs exactly one leaf).
///
/// Child `_0` takes the first `min(leaves, 2^(depth−1))` leaves and child `_1` the rest, so
/// the shape depends only on `(leaves, depth)`: two calls with the same arguments give
/// isomorphic trees, which I's mirroring of II's clause choice needs.
pub fn out_tree(g: &mut Graph, root: VertexId, leaves: usize, depth: u32) -> Vec<VertexId> {
    assert!(
        leaves >= 1 && leaves <= 1 << depth,
        "out_tree: {leaves} leaves at depth {depth}"
    );
    if depth == 0 {
        return vec![root];
    }
    let cap = 1usize << (depth - 1);
    let mut out = Vec::with_capacity(leaves);
    for (b, part) in split(leaves, cap).into_iter().enumerate() {
        let child = g.add_vertex(format!("{}_{b}", g.id(root)));
        g.add_edge(root, child);
        out.extend(out_tree(g, child, part, depth - 1));
    }
    out
}

/// An out-tree grown by `grow_out_tree`: its vertices in creation order (root first) and
/// the parent of each non-root vertex.
#[derive(Clone, Debug)]
pub struct OutTree {
    /// Root first, then the vertices in the order they were created.
    pub nodes: Vec<VertexId>,
    /// The leaves in order.
    pub leaves: Vec<VertexId>,
    /// `parent[x]` for each non-root vertex.
    pub parent: HashMap<VertexId, VertexId>,
}

impl OutTree {
    /// The child of `x` on the way down to `goal`, if `goal` is a proper descendant of `x`.
    pub fn toward(&self, x: VertexId, goal: VertexId) -> Option<VertexId> {
        let mut at = goal;
        loop {
            let up = *self.parent.get(&at)?;
            if up == x {
                return Some(at);
            }
            at = up;
        }
    }

    /// Whether `x` is a vertex of the tree.
    pub fn contains(&self, x: VertexId) -> bool {
        x == self.nodes[0] || self.parent.contains_key(&x)
    }
}

/// [`out_tree`], remembering the tree's shape.
pub fn grow_out_tree(g: &mut Graph, root: VertexId, leaves: usize, depth: u32) -> OutTree {
    let (first_vertex, first_arc) = (g.n(), g.m());
    let leaves = out_tree(g, root, leaves, depth);
    let mut nodes = vec![root];
    nodes.extend(first_vertex..g.n());
    // out_tree adds exactly one arc parent → child per new vertex.
    let parent = g.edges[first_arc..].iter().map(|&(p, c)| (c, p)).collect();
    OutTree {
        nodes,
        leaves,
        parent,
    }
}

/// Grows an in-tree into `root` so that each of `sources` has a path of exactly `levels + 1`
/// arcs to `root`; every tree vertex has in-degree ≤ 2 and out-degree 1. Returns the vertices
/// created (not counting `root`).
pub fn in_tree(g: &mut Graph, root: VertexId, sources: &[VertexId], levels: u32) -> Vec<VertexId> {
    assert!(
        sources.len() <= 2usize << levels,
        "in_tree: too many sources"
    );
    if levels == 0 {
        for &s in sources {
            g.add_edge(s, root);
        }
        return Vec::new();
    }
    let cap = 1usize << levels;
    let mut made = Vec::new();
    let mut rest = sources;
    for (b, part) in split(sources.len(), cap).into_iter().enumerate() {
        let child = g.add_vertex(format!("{}_{b}", g.id(root)));
        g.add_edge(child, root);
        made.push(child);
        made.extend(in_tree(g, child, &rest[..part], levels - 1));
        rest = &rest[part..];
    }
    made
}

/// Splits `k` items into a first part of at most `cap` and the rest, dropping an empty rest.
fn split(k: usize, cap: usize) -> Vec<usize> {
    if k > cap { vec![cap, k - cap] } else { vec![k] }
}

/// ⌈log2 k⌉ for k ≥ 1 (0 for k ≤ 1).
pub fn ceil_log2(k: usize) -> u32 {
    if k <= 1 {
        0
    } else {
        usize::BITS - (k - 1).leading_zeros()
    }
}

/// The number of non-root vertices of [`out_tree`] with `leaves` leaves at `depth`:
/// `Σ_{s=0}^{depth−1} ⌈leaves / 2^s⌉`.
pub fn out_tree_size(leaves: usize, depth: u32) -> usize {
    (0..depth).map(|s| leaves.div_ceil(1 << s)).sum()
}

/// The number of vertices of an in-tree of height `h` over `k` sources, root included:
/// `Σ_{s=1}^{h} ⌈k / 2^s⌉`.
pub fn in_tree_size(k: usize, h: u32) -> usize {
    (1..=h).map(|s| k.div_ceil(1 << s)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_tree_leaves_sit_at_the_given_depth_and_sizes_match() {
        for depth in 0..4u32 {
            for leaves in 1..=(1usize << depth) {
                let mut g = Graph::new(true);
                let r = g.add_vertex("r");
                let got = out_tree(&mut g, r, leaves, depth);
                assert_eq!(got.len(), leaves);
                assert_eq!(g.n() - 1, out_tree_size(leaves, depth));
                // Every arc goes one level down, so a leaf's depth is its id's `_` count.
                assert!(
                    got.iter()
                        .all(|&v| g.id(v).matches('_').count() == depth as usize)
                );
            }
        }
    }

    #[test]
    fn in_tree_paths_have_levels_plus_one_arcs_and_sizes_match() {
        for h in 1..4u32 {
            for k in 1..=(1usize << h) {
                let mut g = Graph::new(true);
                let srcs: Vec<VertexId> = (0..k).map(|i| g.add_vertex(format!("s{i}"))).collect();
                let r = g.add_vertex("R");
                let made = in_tree(&mut g, r, &srcs, h - 1);
                assert_eq!(made.len() + 1, in_tree_size(k, h));
                assert!(g.in_degrees().iter().all(|&d| d <= 2));
                assert!(g.out_degrees().iter().all(|&d| d <= 1));
                for &s in &srcs {
                    let (mut v, mut steps) = (s, 0);
                    while v != r {
                        v = g.edges.iter().find(|e| e.0 == v).unwrap().1;
                        steps += 1;
                    }
                    assert_eq!(steps, h);
                }
            }
        }
    }

    #[test]
    fn ceil_log2_values() {
        assert_eq!([1, 2, 3, 4, 5, 8, 9].map(ceil_log2), [0, 1, 2, 2, 3, 3, 4]);
    }
}
