//! Canonical codes of small simple graphs with marked vertices, for memo keys that are the
//! same for isomorphic positions (the race search's positions and longest-trail questions).
//!
//! A code is the upper triangle of the adjacency matrix after relabelling, one bit per vertex
//! pair (pair `i < j` is bit `j(j-1)/2 + i`), so graphs of at most [`MAX_CANON_VERTICES`]
//! vertices fit in 55 bits. The marked vertices keep positions `0, 1, …` in the order given.
//!
//! **Soundness does not depend on canonicity.** Every code returned is the exact adjacency
//! matrix of the graph under *some* relabelling that keeps the marks in place, so two equal
//! codes always mean isomorphic marked graphs (and isomorphic positions have equal values).
//! Canonicity (isomorphic graphs get equal codes) only decides how often the table is hit: the
//! labelling is the smallest code over the leaves of an individualisation–refinement search
//! (colour refinement by neighbour-colour counts, then each vertex of the first non-singleton
//! cell individualised in turn), which is canonical when the search is complete. After
//! `leaf_cap` leaves the search stops and returns the smallest code seen so far: still exact,
//! possibly not canonical.

/// Most vertices a code can describe (55 pair bits).
pub(crate) const MAX_CANON_VERTICES: usize = 11;

/// Colours of the local vertices (cells of an ordered partition, numbered 0..cells).
type Colours = [u8; MAX_CANON_VERTICES];

/// The code of the graph with adjacency rows `rows` (bit `u` of `rows[v]`: edge `vu`; no
/// loops, symmetric), whose first `marks` vertices are marked in that order. `rows.len()` must
/// be at most [`MAX_CANON_VERTICES`]. (The race search codes loops too, by
/// [`canonical_code_with_loops`]; this loop-free form is what the tests below check.)
#[cfg(test)]
pub(crate) fn canonical_code(rows: &[u16], marks: usize, leaf_cap: usize) -> u64 {
    canonical_code_with_loops(
        rows,
        &[0; MAX_CANON_VERTICES][..rows.len()],
        marks,
        leaf_cap,
    )
    .0
}

/// Most loops at one vertex that [`canonical_code_with_loops`] describes (2 bits each).
pub(crate) const MAX_CANON_LOOPS: u8 = 3;

/// The canonical code of a graph whose vertex `v` also carries `loops[v]` loops (at most
/// [`MAX_CANON_LOOPS`]): the adjacency code and a second word holding, in bits `2p..2p + 2`,
/// the loop count of the vertex placed at position `p` by the same relabelling.
///
/// **Exact**: both words describe the one graph under one relabelling that keeps the marks in
/// place, so equal pairs mean isomorphic graphs with loops (a relabelling that maps edges to
/// edges and every vertex to one with as many loops). **Canonical** when the search is
/// complete: the smallest pair over the leaves of the individualisation–refinement search
/// (whose leaves do not depend on the labelling). The unmarked vertices start coloured by
/// their loop count (a loop joins a vertex only to itself, so an isomorphism keeps the
/// counts): this only prunes the search, to leaves that place equal counts on each other's
/// positions, and leaves the minimum canonical.
pub(crate) fn canonical_code_with_loops(
    rows: &[u16],
    loops: &[u8],
    marks: usize,
    leaf_cap: usize,
) -> (u64, u64) {
    let k = rows.len();
    debug_assert!(k <= MAX_CANON_VERTICES && marks <= k && loops.len() == k);
    debug_assert!(loops.iter().all(|&l| l <= MAX_CANON_LOOPS));
    let mut colours: Colours = [0; MAX_CANON_VERTICES];
    for (v, c) in colours.iter_mut().enumerate().take(k) {
        // Marks keep their own colours 0..marks; the others start by their loop count.
        *c = if v < marks {
            v as u8
        } else {
            marks as u8 + loops[v]
        };
    }
    refine(rows, &mut colours);
    let mut best = (u64::MAX, u64::MAX);
    let mut leaves = 0usize;
    search(
        rows,
        loops,
        &colours,
        &mut best,
        &mut leaves,
        leaf_cap.max(1),
    );
    best
}

/// Colour refinement to a stable ordered partition: each vertex's new colour is the rank of
/// (its colour, how many neighbours it has of each colour). Cells only split, and keep their
/// order, so the result does not depend on the labelling.
fn refine(rows: &[u16], colours: &mut Colours) {
    let k = rows.len();
    let mut cells = distinct(&colours[..k]);
    loop {
        let mut sig = [0u64; MAX_CANON_VERTICES];
        for v in 0..k {
            // Neighbour counts (at most 10) in 4-bit fields, colour above them.
            let mut s = u64::from(colours[v]) << 48;
            let mut r = rows[v];
            while r != 0 {
                let u = r.trailing_zeros() as usize;
                r &= r - 1;
                s += 1u64 << (4 * colours[u]);
            }
            sig[v] = s;
        }
        let now = renumber(&sig[..k], colours);
        if now == cells {
            return;
        }
        cells = now;
    }
}

/// Sets `colours[v]` to the rank of `keys[v]` among the distinct keys; returns their number.
fn renumber(keys: &[u64], colours: &mut Colours) -> usize {
    let k = keys.len();
    let mut sorted = [0u64; MAX_CANON_VERTICES];
    sorted[..k].copy_from_slice(keys);
    sorted[..k].sort_unstable();
    let mut cells = 0;
    for i in 0..k {
        if i == 0 || sorted[i] != sorted[i - 1] {
            sorted[cells] = sorted[i];
            cells += 1;
        }
    }
    for v in 0..k {
        colours[v] = sorted[..cells].partition_point(|&x| x < keys[v]) as u8;
    }
    cells
}

fn distinct(colours: &[u8]) -> usize {
    let mut seen = 0u32;
    for &c in colours {
        seen |= 1 << c;
    }
    seen.count_ones() as usize
}

/// Individualisation–refinement below the stable partition `colours`.
fn search(
    rows: &[u16],
    loops: &[u8],
    colours: &Colours,
    best: &mut (u64, u64),
    leaves: &mut usize,
    cap: usize,
) {
    let k = rows.len();
    let mut count = [0u8; MAX_CANON_VERTICES];
    for &c in &colours[..k] {
        count[c as usize] += 1;
    }
    let Some(cell) = (0..k).find(|&c| count[c] > 1) else {
        *leaves += 1;
        *best = (*best).min((encode(rows, colours), encode_loops(loops, colours)));
        return;
    };
    for v in 0..k {
        if colours[v] as usize != cell {
            continue;
        }
        if *leaves >= cap {
            return;
        }
        // v first within its cell, then refine.
        let mut keys = [0u64; MAX_CANON_VERTICES];
        for u in 0..k {
            let rest = colours[u] as usize == cell && u != v;
            keys[u] = 2 * u64::from(colours[u]) + u64::from(rest);
        }
        let mut next = *colours;
        renumber(&keys[..k], &mut next);
        refine(rows, &mut next);
        search(rows, loops, &next, best, leaves, cap);
    }
}

/// The adjacency code with vertex `v` at position `colours[v]` (a discrete partition).
fn encode(rows: &[u16], colours: &Colours) -> u64 {
    let mut code = 0u64;
    for (v, &row) in rows.iter().enumerate() {
        let mut r = row;
        while r != 0 {
            let u = r.trailing_zeros() as usize;
            r &= r - 1;
            let (i, j) = (colours[v] as usize, colours[u] as usize);
            if i < j {
                code |= 1 << (j * (j - 1) / 2 + i);
            }
        }
    }
    code
}

/// The loop counts by position: `loops[v]` in bits `2 colours[v]..` (a discrete partition).
fn encode_loops(loops: &[u8], colours: &Colours) -> u64 {
    let mut word = 0u64;
    for (v, &l) in loops.iter().enumerate() {
        word |= u64::from(l) << (2 * colours[v]);
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn rows_of(k: usize, edges: &[(usize, usize)]) -> Vec<u16> {
        let mut rows = vec![0u16; k];
        for &(u, v) in edges {
            rows[u] |= 1 << v;
            rows[v] |= 1 << u;
        }
        rows
    }

    /// The graph a code describes (k vertices), as rows.
    fn decode(code: u64, k: usize) -> Vec<u16> {
        let mut rows = vec![0u16; k];
        for j in 1..k {
            for i in 0..j {
                if code >> (j * (j - 1) / 2 + i) & 1 == 1 {
                    rows[i] |= 1 << j;
                    rows[j] |= 1 << i;
                }
            }
        }
        rows
    }

    /// Whether some relabelling fixing the first `marks` vertices maps `a` onto `b`.
    fn isomorphic(a: &[u16], b: &[u16], marks: usize) -> bool {
        let k = a.len();
        let mut perm: Vec<usize> = (0..k).collect();
        fn rec(a: &[u16], b: &[u16], perm: &mut Vec<usize>, at: usize) -> bool {
            let k = a.len();
            if at == k {
                return (0..k)
                    .all(|v| (0..k).all(|u| (a[v] >> u & 1) == (b[perm[v]] >> perm[u] & 1)));
            }
            for i in at..k {
                perm.swap(at, i);
                if rec(a, b, perm, at + 1) {
                    return true;
                }
                perm.swap(at, i);
            }
            false
        }
        rec(a, b, &mut perm, marks)
    }

    /// A random simple graph on 1–7 vertices with 0–2 marked ones, and its edge probability
    /// (for drawing a second graph like it).
    fn random_marked_graph(rng: &mut ChaCha8Rng) -> (usize, usize, f64, Vec<(usize, usize)>) {
        let k = rng.random_range(1..=7);
        let marks = rng.random_range(0..=k.min(2));
        let p = rng.random_range(0.2..0.8);
        let edges: Vec<(usize, usize)> = (0..k)
            .flat_map(|u| (u + 1..k).map(move |v| (u, v)))
            .filter(|_| rng.random_bool(p))
            .collect();
        (k, marks, p, edges)
    }

    /// A random permutation of `0..k` that keeps the first `marks` vertices in place.
    fn random_relabelling(rng: &mut ChaCha8Rng, k: usize, marks: usize) -> Vec<usize> {
        let mut perm: Vec<usize> = (0..k).collect();
        for i in (marks + 1..k).rev() {
            let j = rng.random_range(marks..=i);
            perm.swap(i, j);
        }
        perm
    }

    /// Random graphs and random relabellings (marks fixed): every code decodes to a graph
    /// isomorphic to the input with the marks in place (soundness), relabelled copies get the
    /// same code (canonicity), and non-isomorphic pairs get different codes.
    #[test]
    fn codes_are_exact_and_canonical() {
        let mut rng = ChaCha8Rng::seed_from_u64(77);
        let mut collisions_checked = 0;
        for _ in 0..3000 {
            let (k, marks, p, edges) = random_marked_graph(&mut rng);
            let rows = rows_of(k, &edges);
            let code = canonical_code(&rows, marks, usize::MAX);
            assert!(isomorphic(&rows, &decode(code, k), marks), "{edges:?}");
            // A random relabelling of the unmarked vertices.
            let perm = random_relabelling(&mut rng, k, marks);
            let moved: Vec<(usize, usize)> =
                edges.iter().map(|&(u, v)| (perm[u], perm[v])).collect();
            assert_eq!(
                canonical_code(&rows_of(k, &moved), marks, usize::MAX),
                code,
                "{edges:?}"
            );
            // A different graph on the same vertices: equal codes only if isomorphic.
            let other: Vec<(usize, usize)> = (0..k)
                .flat_map(|u| (u + 1..k).map(move |v| (u, v)))
                .filter(|_| rng.random_bool(p))
                .collect();
            let other_rows = rows_of(k, &other);
            let same = canonical_code(&other_rows, marks, usize::MAX) == code;
            assert_eq!(
                same,
                isomorphic(&rows, &other_rows, marks),
                "{edges:?} {other:?}"
            );
            collisions_checked += usize::from(same);
        }
        assert!(collisions_checked > 50, "{collisions_checked}");
    }

    /// Random graphs with loops (0–3 per vertex) and random relabellings (marks fixed): the
    /// pair of words decodes to the graph with its loops under some relabelling that keeps
    /// the marks (exact), relabelled copies get the same pair (canonical), and a copy with
    /// one loop moved to another vertex gets an equal pair only when it is isomorphic.
    #[test]
    fn codes_with_loops_are_exact_and_canonical() {
        let mut rng = ChaCha8Rng::seed_from_u64(78);
        let (mut equal_after_move, mut differing) = (0, 0);
        for _ in 0..3000 {
            let (k, marks, _, edges) = random_marked_graph(&mut rng);
            let loops: Vec<u8> = (0..k)
                .map(|_| rng.random_range(0..=3u8).saturating_sub(1))
                .collect();
            let rows = rows_of(k, &edges);
            let (code, word) = canonical_code_with_loops(&rows, &loops, marks, usize::MAX);
            let decoded_loops: Vec<u8> = (0..k).map(|p| (word >> (2 * p) & 3) as u8).collect();
            assert!(
                isomorphic_with_loops(&rows, &loops, &decode(code, k), &decoded_loops, marks),
                "{edges:?} {loops:?}"
            );
            let perm = random_relabelling(&mut rng, k, marks);
            let moved: Vec<(usize, usize)> =
                edges.iter().map(|&(u, v)| (perm[u], perm[v])).collect();
            let mut moved_loops = vec![0u8; k];
            for v in 0..k {
                moved_loops[perm[v]] = loops[v];
            }
            assert_eq!(
                canonical_code_with_loops(&rows_of(k, &moved), &moved_loops, marks, usize::MAX),
                (code, word),
                "{edges:?} {loops:?}"
            );
            // One loop moved from one vertex to another: equal only if isomorphic.
            let (from, to) = (rng.random_range(0..k), rng.random_range(0..k));
            if loops[from] > 0 && loops[to] < 3 && from != to {
                let mut other = loops.clone();
                other[from] -= 1;
                other[to] += 1;
                let same =
                    canonical_code_with_loops(&rows, &other, marks, usize::MAX) == (code, word);
                assert_eq!(
                    same,
                    isomorphic_with_loops(&rows, &loops, &rows, &other, marks)
                );
                equal_after_move += usize::from(same);
                differing += usize::from(!same);
            }
        }
        assert!(
            equal_after_move > 20 && differing > 200,
            "{equal_after_move} {differing}"
        );
    }

    /// Whether some relabelling fixing the first `marks` vertices maps `a` with loop counts
    /// `la` onto `b` with `lb`.
    fn isomorphic_with_loops(a: &[u16], la: &[u8], b: &[u16], lb: &[u8], marks: usize) -> bool {
        let k = a.len();
        let mut perm: Vec<usize> = (0..k).collect();
        fn rec(
            a: &[u16],
            la: &[u8],
            b: &[u16],
            lb: &[u8],
            perm: &mut Vec<usize>,
            at: usize,
        ) -> bool {
            let k = a.len();
            if at == k {
                return (0..k).all(|v| la[v] == lb[perm[v]])
                    && (0..k)
                        .all(|v| (0..k).all(|u| (a[v] >> u & 1) == (b[perm[v]] >> perm[u] & 1)));
            }
            for i in at..k {
                perm.swap(at, i);
                if rec(a, la, b, lb, perm, at + 1) {
                    return true;
                }
                perm.swap(at, i);
            }
            false
        }
        rec(a, la, b, lb, &mut perm, marks)
    }

    /// A capped search still returns an exact code.
    #[test]
    fn capped_codes_stay_exact() {
        let k = 8;
        let edges: Vec<(usize, usize)> = (0..k)
            .flat_map(|u| (u + 1..k).map(move |v| (u, v)))
            .filter(|&(u, v)| (u + v) % 3 != 0)
            .collect();
        let rows = rows_of(k, &edges);
        let code = canonical_code(&rows, 1, 2);
        assert!(isomorphic(&rows, &decode(code, k), 1));
    }
}
