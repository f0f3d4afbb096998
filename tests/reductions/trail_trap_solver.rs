//! The Trail Trap solver against the paper's own statements (Buchanan et al.,
//! arXiv:2405.05195): paths and cycles, K_{1,3} and K4, the diamond-graph example,
//! Proposition 2 (mirror strategy) and the census of Table 1.

use crate::reductions::games::{rng, winner};
use georeduce::problems::{Geography, Graph, Move, VertexId};
use georeduce::solvers::geography::{initial_position, legal_moves, play, solve_from};
use georeduce::solvers::{Budget, Winner};
use georeduce::{Instance, game};
use rand::Rng;

/// The winner of Trail Trap on the undirected graph with these edges.
fn tt_winner(n: usize, edges: &[(VertexId, VertexId)]) -> Winner {
    let board = Graph::from_edges(false, n, edges);
    winner(&Instance::Geography(game!(ueg on board; partizan unrooted)))
}

#[test]
fn paths_and_cycles_are_player_two_wins_and_k13_k4_player_one_wins() {
    for n in 3..=12 {
        let path: Vec<_> = (0..n - 1).map(|i| (i, i + 1)).collect();
        assert_eq!(tt_winner(n, &path), Winner::Second, "path on {n} vertices");
        let cycle: Vec<_> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        assert_eq!(
            tt_winner(n, &cycle),
            Winner::Second,
            "cycle on {n} vertices"
        );
    }
    assert_eq!(
        tt_winner(2, &[(0, 1)]),
        Winner::First,
        "one edge: P1 moves, P2 cannot"
    );
    assert_eq!(
        tt_winner(4, &[(0, 1), (0, 2), (0, 3)]),
        Winner::First,
        "K_{{1,3}}"
    );
    let k4 = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    assert_eq!(tt_winner(4, &k4), Winner::First, "K4");
}

#[test]
fn diamond_graph_example() {
    // The diamond: a–b, a–c, b–c, b–d, c–d. The paper plays a line in which every later move
    // is forced and P1 wins with all five edges used, then notes that P2's first move was
    // the mistake: the diamond is a P2 win whatever P1 opens with.
    let g = game!(ueg: 0 -- 1, 0 -- 2, 1 -- 2, 1 -- 3, 2 -- 3; partizan unrooted);
    let start = initial_position(&g);
    let budget = Budget::unlimited();
    let mut forced_p1_wins = 0;
    for m1 in legal_moves(&g, &start) {
        let after1 = play(&g, &start, m1);
        let mut p2_can_win = false;
        for m2 in legal_moves(&g, &after1) {
            let after2 = play(&g, &after1, m2);
            let w = solve_from(&g, &after2, &budget).expect("solved").winner;
            p2_can_win |= w == Winner::Second;
            forced_p1_wins += usize::from(w == Winner::First && forced_to_the_end(&g, after2));
        }
        assert!(p2_can_win, "P2 must have a winning answer to {m1:?}");
    }
    assert!(
        forced_p1_wins > 0,
        "the paper's forced line won by P1 exists"
    );
    assert_eq!(winner(&Instance::Geography(g)), Winner::Second);
}

/// Whether from `pos` every turn has exactly one legal move until the game ends with every
/// edge used.
fn forced_to_the_end(g: &Geography, mut pos: georeduce::solvers::geography::Position) -> bool {
    loop {
        let moves: Vec<Move> = legal_moves(g, &pos);
        match moves.len() {
            0 => return pos.used.iter().all(|&u| u),
            1 => pos = play(g, &pos, moves[0]),
            _ => return false,
        }
    }
}

/// A random graph with the involution σ swapping `a_i` and `b_i` (vertices `i` and `k + i`)
/// and fixing the optional centre `2k`: edges come in σ-orbits, so σ is an automorphism.
/// With `fixed_edge` some edge `a_i–b_i` (mapped to itself by σ) is added.
fn symmetric(rng: &mut impl Rng, fixed_edge: bool) -> (usize, Vec<(VertexId, VertexId)>) {
    let k = rng.random_range(2..=4);
    let centre = rng.random_bool(0.5);
    let n = 2 * k + usize::from(centre);
    let mut edges = Vec::new();
    for i in 0..k {
        for j in i + 1..k {
            if rng.random_bool(0.35) {
                edges.extend([(i, j), (k + i, k + j)]);
            }
            if rng.random_bool(0.2) {
                edges.extend([(i, k + j), (j, k + i)]);
            }
        }
        if centre && rng.random_bool(0.4) {
            edges.extend([(2 * k, i), (2 * k, k + i)]);
        }
    }
    if fixed_edge {
        let i = rng.random_range(0..k);
        edges.push((i, k + i));
    }
    (n, edges)
}

#[test]
fn proposition_2_mirror_strategy() {
    let mut rng = rng(80);
    let mut solved = 0;
    for _ in 0..400 {
        let (n, edges) = symmetric(&mut rng, false);
        if edges.len() >= 2 && edges.len() <= 14 {
            assert_eq!(tt_winner(n, &edges), Winner::Second, "Prop 2 on {edges:?}");
            solved += 1;
        }
    }
    assert!(solved >= 200, "only {solved} symmetric graphs");
    eprintln!("Prop 2: {solved} symmetric graphs, all P2 wins");
    // Control: a fixed edge breaks the mirror, and then P1 does win sometimes.
    let p1 = (0..200)
        .map(|_| symmetric(&mut rng, true))
        .filter(|(_, e)| e.len() <= 14)
        .filter(|(n, e)| tt_winner(*n, e) == Winner::First)
        .count();
    eprintln!("Prop 2 control (a fixed edge): {p1}/200 P1 wins");
    assert!(p1 >= 10, "only {p1} P1 wins with a fixed edge");
}

/// The edge list of the graph on `n` vertices whose pairs `(i, j)`, i < j, in lexicographic
/// order, are selected by `mask`.
fn edges_of(n: usize, mask: u32) -> Vec<(VertexId, VertexId)> {
    let pairs = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j)));
    pairs
        .enumerate()
        .filter(|(b, _)| mask >> b & 1 == 1)
        .map(|(_, p)| p)
        .collect()
}

/// The mask of `edges` under the vertex permutation `perm`.
fn permuted_mask(n: usize, edges: &[(VertexId, VertexId)], perm: &[VertexId]) -> u32 {
    let bit = |i: usize, j: usize| {
        let (i, j) = (i.min(j), i.max(j));
        i * (2 * n - i - 1) / 2 + (j - i - 1)
    };
    edges
        .iter()
        .map(|&(a, b)| 1u32 << bit(perm[a], perm[b]))
        .sum()
}

/// All permutations of `0..n` (Heap's algorithm).
fn permutations(n: usize) -> Vec<Vec<VertexId>> {
    fn go(k: usize, p: &mut Vec<VertexId>, out: &mut Vec<Vec<VertexId>>) {
        if k <= 1 {
            out.push(p.clone());
            return;
        }
        for i in 0..k {
            go(k - 1, p, out);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            p.swap(j, k - 1);
        }
    }
    let mut out = Vec::new();
    go(n, &mut (0..n).collect(), &mut out);
    out
}

/// One representative edge list per isomorphism class of connected graphs on `n` vertices:
/// the graphs whose mask is the least over all relabellings.
fn connected_graphs(n: usize) -> Vec<Vec<(VertexId, VertexId)>> {
    let perms = permutations(n);
    let pairs = n * (n - 1) / 2;
    (0u32..1 << pairs)
        .map(|mask| (mask, edges_of(n, mask)))
        .filter(|(_, e)| georeduce::random::graphs::is_connected(&Graph::from_edges(false, n, e)))
        .filter(|(mask, e)| perms.iter().all(|p| permuted_mask(n, e, p) >= *mask))
        .map(|(_, e)| e)
        .collect()
}

#[test]
fn table_1_census_of_small_connected_graphs() {
    // (n, connected graphs, P2 wins) as in the paper's Table 1.
    for (n, total, p2) in [(3, 2, 2), (4, 6, 4), (5, 21, 17), (6, 112, 88)] {
        let graphs = connected_graphs(n);
        assert_eq!(graphs.len(), total, "connected graphs on {n} vertices");
        let wins = graphs
            .iter()
            .filter(|e| tt_winner(n, e) == Winner::Second)
            .count();
        assert_eq!(wins, p2, "P2 wins on {n} vertices");
    }
}
