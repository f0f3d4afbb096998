//! Antiparallel-arc cancellation (`cancel.rs`) against the plain exhaustive search on random
//! directed edge geography games with many antiparallel pairs, rooted and unrooted, normal
//! play (fixed seeds; both winners required in large numbers).

use super::naive;
use crate::problems::geography::{Convention, Geography, Rule, Tokens};
use crate::problems::graph::Graph;
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::geography::{
    initial_position, solve_exhaustive, solve_exhaustive_plain, solve_from, try_play,
};
use crate::solvers::{Budget, Winner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random digraph on `n` vertices: each ordered pair an arc with probability `p`, then
/// some arcs doubled back (antiparallel pairs) and a few loops and parallel arcs.
pub(super) fn random_deg(rng: &mut ChaCha8Rng, n: usize, p: f64, rooted: bool) -> Geography {
    let mut graph = Graph::new(true);
    for v in 0..n {
        graph.add_vertex(format!("v{v}"));
    }
    for u in 0..n {
        for v in 0..n {
            if u != v && rng.random_bool(p) {
                graph.add_edge(u, v);
                if rng.random_bool(0.4) {
                    graph.add_edge(v, u);
                }
            }
        }
    }
    for _ in 0..rng.random_range(0..3) {
        let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
        graph.add_edge(u, v);
    }
    Geography {
        graph,
        rule: Rule::Edge,
        tokens: Tokens::One {
            start: rooted.then(|| rng.random_range(0..n)),
        },
        convention: Convention::Normal,
    }
}

/// Same winner as the plain search, a winning move that leaves the opponent lost (plain
/// search from the next position), and a line that is legal in the original game and ends
/// with the stated winner stuck-free.
fn check(g: &Geography) -> (Winner, bool) {
    let budget = Budget::unlimited();
    let sol = solve_exhaustive(g, &budget).expect("small game");
    let plain = solve_exhaustive_plain(g, &budget).expect("small game");
    assert_eq!(sol.winner, plain.winner, "{g:?}");
    let start = initial_position(g);
    if let Some(mv) = sol.winning_move {
        assert_eq!(sol.winner, Winner::First);
        let next = try_play(g, &start, mv).expect("legal winning move");
        let child = solve_from(g, &next, &budget).expect("small game");
        assert_eq!(child.winner, Winner::First, "{mv:?} does not win in {g:?}");
    } else {
        assert!(sol.winner == Winner::Second || naive::moves(g, &naive::start(g)).is_empty());
    }
    let mut p = naive::start(g);
    for &mv in &sol.principal_variation {
        assert!(
            naive::moves(g, &p).contains(&mv),
            "line move {mv:?} in {g:?}"
        );
        p = naive::apply(g, &p, mv);
    }
    assert!(naive::moves(g, &p).is_empty(), "line stops early in {g:?}");
    assert_eq!(p.mover != 0, sol.winner == Winner::First, "{g:?}");
    let paired = g
        .graph
        .edges
        .iter()
        .any(|&(u, v)| u != v && g.graph.edges.contains(&(v, u)));
    (sol.winner, paired)
}

#[test]
fn cancellation_agrees_with_plain_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(4201);
    // Unrooted: player I places the token and player II moves first, so denser graphs keep
    // both winners common.
    for (rooted, sizes, probs) in [(true, (2, 7), (0.1, 0.35)), (false, (2, 4), (0.3, 0.9))] {
        let (mut firsts, mut paired) = (0, 0);
        for _ in 0..1000 {
            let n = rng.random_range(sizes.0..=sizes.1);
            let p = rng.random_range(probs.0..probs.1);
            let g = if rooted {
                random_deg(&mut rng, n, p, rooted)
            } else {
                // The generator the agreement tests balance for unrooted edge games (loops
                // included), plus reversed copies of some arcs.
                let params = GameParams {
                    rule: Rule::Edge,
                    setup: Setup::Unrooted,
                    directed: true,
                    convention: Convention::Normal,
                    loops: true,
                    n,
                    edge_prob: p,
                    ..GameParams::default()
                };
                let mut g = random_game(&mut rng, &params);
                for (u, v) in g.graph.edges.clone() {
                    if u != v && rng.random_bool(0.3) {
                        g.graph.add_edge(v, u);
                    }
                }
                g
            };
            let (w, with_pairs) = check(&g);
            firsts += usize::from(w == Winner::First);
            paired += usize::from(with_pairs);
        }
        eprintln!("rooted {rooted}: first {firsts} of 1000, {paired} with antiparallel pairs");
        assert!((200..=800).contains(&firsts), "rooted {rooted}: {firsts}");
        assert!(paired >= 600, "{paired}");
    }
}

/// Misère games are left alone (the copy argument does not hold there): the same answer and
/// line as the plain search, and a case where cancelling would be wrong exists among them
/// (so the exclusion matters).
#[test]
fn misere_is_not_cancelled() {
    let mut rng = ChaCha8Rng::seed_from_u64(4202);
    let mut would_differ = 0;
    for _ in 0..300 {
        let mut g = random_deg(&mut rng, 5, 0.3, true);
        g.convention = Convention::Misere;
        let a = solve_exhaustive(&g, &Budget::unlimited()).unwrap();
        let b = solve_exhaustive_plain(&g, &Budget::unlimited()).unwrap();
        assert_eq!(
            (a.winner, a.winning_move, &a.principal_variation),
            (b.winner, b.winning_move, &b.principal_variation)
        );
        // The misère game on the graph without its antiparallel pairs.
        let mut reduced = g.clone();
        let edges = g.graph.edges.clone();
        let mut drop = vec![false; edges.len()];
        for e in 0..edges.len() {
            let (u, v) = edges[e];
            if u == v || drop[e] {
                continue;
            }
            if let Some(f) = (0..edges.len()).find(|&f| !drop[f] && f != e && edges[f] == (v, u)) {
                drop[e] = true;
                drop[f] = true;
            }
        }
        reduced.graph.edges = (0..edges.len())
            .filter(|&e| !drop[e])
            .map(|e| edges[e])
            .collect();
        let r = solve_exhaustive_plain(&reduced, &Budget::unlimited()).unwrap();
        would_differ += usize::from(r.winner != a.winner);
    }
    assert!(
        would_differ > 0,
        "cancellation never changes a misère answer here"
    );
}
