//! The undirected-tree solver (Fraenkel–Simonson Thm 3.3; Trail Trap on trees, Buchanan et
//! al. §4) against exhaustive search: rooted PVG, rooted PAG and Trail Trap on 1,000 random
//! trees and forests each (fixed seeds), plus large trees that exhaustive search cannot touch.

use super::poly::{TRIALS, assert_both, base, check};
use crate::problems::geography::{Geography, Rule, Tokens};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::geography::undirected_trees::trail_trap_unpruned;
use crate::solvers::geography::{Method, solve_undirected_tree, solve_with};
use crate::solvers::{Budget, Winner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random recursive tree on `lo..=hi` vertices; every other game is turned into a forest by
/// deleting each edge with a random probability below 0.4.
fn random_forest(
    rng: &mut ChaCha8Rng,
    rule: Rule,
    setup: Setup,
    (lo, hi): (usize, usize),
    forest: bool,
) -> Geography {
    let n = rng.random_range(lo..=hi);
    let params = GameParams {
        n,
        tree: true,
        ..base(rule, setup, false)
    };
    let mut g = random_game(rng, &params);
    if forest {
        let cut = rng.random_range(0.0..0.4);
        g.graph.edges.retain(|_| !rng.random_bool(cut));
    }
    g
}

/// Runs `TRIALS` games; every answer is checked by [`check`] (winner equal to exhaustive
/// search's, winning move verified by exhaustive search from the next position), and
/// `Method::Tree` and `Method::Auto` must give the same answer. Returns player I's wins.
fn campaign(name: &str, seed: u64, rule: Rule, setup: Setup, sizes: (usize, usize)) -> usize {
    let budget = Budget::unlimited();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut firsts = 0;
    let mut moves = 0;
    for t in 0..TRIALS {
        let g = random_forest(&mut rng, rule, setup, sizes, t % 2 == 1);
        let sol = solve_undirected_tree(&g, &budget).expect("the method applies");
        let winner = check(&g, &sol);
        moves += usize::from(sol.winning_move.is_some());
        for method in [Method::Tree, Method::Auto] {
            let other = solve_with(&g, method, &budget).expect("applies");
            assert_eq!((other.winner, other.method), (winner, "tree"), "{g:?}");
        }
        firsts += usize::from(winner == Winner::First);
    }
    eprintln!(
        "{name}: first {firsts}, second {}, winning moves checked {moves}",
        TRIALS - firsts
    );
    assert_eq!(
        moves, firsts,
        "{name}: every player-I win comes with a winning move"
    );
    firsts
}

#[test]
fn rooted_pvg_on_forests_agrees_with_exhaustive_search() {
    let firsts = campaign("undirected PVG", 40, Rule::Vertex, Setup::Partizan, (2, 12));
    assert_both("undirected PVG", firsts, 200);
}

#[test]
fn rooted_pag_on_forests_agrees_with_exhaustive_search() {
    let firsts = campaign("undirected PAG", 41, Rule::Edge, Setup::Partizan, (1, 12));
    assert_both("undirected PAG", firsts, 200);
}

#[test]
fn trail_trap_on_trees_and_forests_agrees_with_exhaustive_search() {
    let firsts = campaign(
        "Trail Trap",
        42,
        Rule::Edge,
        Setup::PartizanUnrooted,
        (1, 11),
    );
    assert_both("Trail Trap", firsts, 200);
}

/// Trail Trap on connected trees only, where player I's first moves are pruned by Lemmas 11
/// and 12: player I wins only on trees with a central vertex of degree 3 (or two adjacent
/// central vertices), so wins are rarer; both must still occur.
#[test]
fn trail_trap_on_trees_pruned_first_moves() {
    let budget = Budget::unlimited();
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    let mut firsts = 0;
    for _ in 0..TRIALS {
        let g = random_forest(
            &mut rng,
            Rule::Edge,
            Setup::PartizanUnrooted,
            (4, 11),
            false,
        );
        let sol = solve_undirected_tree(&g, &budget).expect("applies");
        firsts += usize::from(check(&g, &sol) == Winner::First);
    }
    eprintln!(
        "Trail Trap trees: first {firsts}, second {}",
        TRIALS - firsts
    );
    assert_both("Trail Trap trees", firsts, 50);
}

/// Replaces the edges of `g` (n ≥ 5 vertices) by three random recursive trees on vertex
/// ranges `1..c1`, `c1..c2`, `c2..n`, their roots joined to vertex 0.
fn three_branches(rng: &mut ChaCha8Rng, g: &mut Geography) {
    let n = g.graph.n();
    let cut1 = rng.random_range(2..n - 2);
    let cut2 = rng.random_range(cut1 + 1..n - 1);
    let roots = [1, cut1, cut2];
    g.graph.edges = (1..n)
        .map(|v| {
            if roots.contains(&v) {
                (0, v)
            } else {
                let root = roots.iter().copied().filter(|&r| r < v).max();
                (rng.random_range(root.unwrap_or(1)..v), v)
            }
        })
        .collect();
}

/// The pruning of player I's first moves (Lemmas 11 and 12, Corollary 10) against trying
/// every first move, on 1,000 trees of 12–40 vertices (beyond exhaustive search): random
/// recursive trees, and (every other game, so that player I wins often enough) three random
/// recursive trees joined to a new vertex 0.
#[test]
fn trail_trap_pruning_agrees_with_all_first_moves() {
    let budget = Budget::unlimited();
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    let mut firsts = 0;
    for t in 0..TRIALS {
        let mut g = random_forest(
            &mut rng,
            Rule::Edge,
            Setup::PartizanUnrooted,
            (12, 40),
            false,
        );
        if t % 2 == 1 {
            three_branches(&mut rng, &mut g);
        }
        let sol = solve_undirected_tree(&g, &budget).expect("applies");
        let first = sol.winner == Winner::First;
        assert_eq!(first, trail_trap_unpruned(&g), "{g:?}");
        firsts += usize::from(first);
    }
    eprintln!(
        "Trail Trap trees 12-40: first {firsts}, second {}",
        TRIALS - firsts
    );
    assert_both("Trail Trap trees 12-40", firsts, 100);
}

/// 2,000-vertex random trees (and a 2,000-vertex path, the longest chain) under all three
/// variants: the solver finishes (no timing assertion; exhaustive search is hopeless at this size).
#[test]
fn large_undirected_trees_finish() {
    let budget = Budget::unlimited();
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    for (rule, setup) in [
        (Rule::Vertex, Setup::Partizan),
        (Rule::Edge, Setup::Partizan),
        (Rule::Edge, Setup::PartizanUnrooted),
    ] {
        let g = random_forest(&mut rng, rule, setup, (2000, 2000), false);
        let sol = solve_undirected_tree(&g, &budget).expect("applies");
        assert_eq!(sol.winning_move.is_some(), sol.winner == Winner::First);
        let mut path = g.clone();
        path.graph.edges = (1..2000).map(|v| (v - 1, v)).collect();
        if let Tokens::Partizan { starts: Some(s) } = &mut path.tokens {
            *s = [0, 1999];
        }
        solve_undirected_tree(&path, &budget).expect("applies");
    }
    // Trail Trap where player I wins, so that every answer of player II to the winning first
    // move is evaluated (about 4,000 rooted positions): the spider with legs 665, 667, 667
    // (player I wins on every spider (a, L, L) with a ≤ L, see `trail_trap_on_spiders`).
    let mut g = random_forest(
        &mut rng,
        Rule::Edge,
        Setup::PartizanUnrooted,
        (2000, 2000),
        false,
    );
    g.graph.edges = spider([665, 667, 667]);
    let sol = solve_undirected_tree(&g, &budget).expect("applies");
    assert_eq!(sol.winner, Winner::First);
    assert!(sol.stats.nodes > 3000, "{} nodes", sol.stats.nodes);
}

/// The edges of the spider with centre 0 and legs of the given lengths.
fn spider(legs: [usize; 3]) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    let mut next = 1;
    for len in legs {
        let mut prev = 0;
        for _ in 0..len {
            edges.push((prev, next));
            prev = next;
            next += 1;
        }
    }
    edges
}

/// Trail Trap on every spider with legs of 1–4 edges, against exhaustive search; player I
/// wins exactly on the spiders (a, L, L) with a ≤ L and (L, L, L + 1).
#[test]
fn trail_trap_on_spiders() {
    let budget = Budget::unlimited();
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    for a in 1..=4 {
        for b in a..=4 {
            for c in b..=4 {
                let n = 1 + a + b + c;
                let mut g =
                    random_forest(&mut rng, Rule::Edge, Setup::PartizanUnrooted, (n, n), false);
                g.graph.edges = spider([a, b, c]);
                let sol = solve_undirected_tree(&g, &budget).expect("applies");
                let winner = check(&g, &sol);
                let expected = b == c || (a == b && c == b + 1);
                assert_eq!(winner == Winner::First, expected, "spider {a} {b} {c}");
            }
        }
    }
}
