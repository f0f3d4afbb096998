//! The two-token directed-tree solver (Fraenkel–Simonson Thm 3.4: IVG2 and IAG2 on directed
//! trees) against exhaustive search on 1,000 random directed trees and forests per variant
//! (fixed seeds), plus large trees that exhaustive search cannot touch.

use super::poly::{TRIALS, assert_both, base, check};
use crate::problems::geography::{Convention, Geography, Rule, Tokens};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::geography::{Method, solve_tree, solve_with};
use crate::solvers::{Budget, SolveError, Winner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random orientation of a random recursive tree on `lo..=hi` vertices with two shared
/// tokens; every other game is turned into a forest by deleting each arc with a random
/// probability below 0.4. Under the arc rule every fourth game starts both tokens on one
/// vertex.
fn random_directed_forest(
    rng: &mut ChaCha8Rng,
    rule: Rule,
    (lo, hi): (usize, usize),
    t: usize,
) -> Geography {
    let n = rng.random_range(lo..=hi);
    let params = GameParams {
        n,
        tree: true,
        ..base(rule, Setup::TwoShared, true)
    };
    let mut g = random_game(rng, &params);
    if t % 2 == 1 {
        let cut = rng.random_range(0.0..0.4);
        g.graph.edges.retain(|_| !rng.random_bool(cut));
    }
    if let (Rule::Edge, 0, Tokens::TwoShared { starts: [a, _] }) = (rule, t % 4, g.tokens) {
        g.tokens = Tokens::TwoShared { starts: [a, a] };
    }
    g
}

/// How the two start vertices lie: same vertex, joined by a directed path, or neither.
fn start_shape(g: &Geography) -> usize {
    let Tokens::TwoShared { starts: [a, b] } = g.tokens else {
        unreachable!()
    };
    if a == b {
        return 0;
    }
    let adj = g.graph.out_adjacency();
    let reaches = |from: usize, to: usize| {
        let mut stack = vec![from];
        while let Some(v) = stack.pop() {
            if v == to {
                return true;
            }
            stack.extend(adj[v].iter().map(|&(w, _)| w));
        }
        false
    };
    if reaches(a, b) || reaches(b, a) { 1 } else { 2 }
}

/// Runs `TRIALS` games; every answer is checked by [`check`] (winner equal to exhaustive
/// search's, winning move verified by exhaustive search from the next position), and
/// `Method::Tree` and `Method::Auto` must give the same answer. Returns player I's wins and
/// the start shapes seen (same vertex, path, no path).
fn campaign(name: &str, seed: u64, rule: Rule, sizes: (usize, usize)) -> (usize, [usize; 3]) {
    let budget = Budget::unlimited();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut firsts, mut moves, mut shapes) = (0, 0, [0; 3]);
    for t in 0..TRIALS {
        let g = random_directed_forest(&mut rng, rule, sizes, t);
        let sol = solve_tree(&g, &budget).expect("the method applies");
        let winner = check(&g, &sol);
        moves += usize::from(sol.winning_move.is_some());
        for method in [Method::Tree, Method::Auto] {
            let other = solve_with(&g, method, &budget).expect("applies");
            assert_eq!(
                (other.winner, other.winning_move, other.method),
                (winner, sol.winning_move, "tree"),
                "{g:?}"
            );
        }
        firsts += usize::from(winner == Winner::First);
        shapes[start_shape(&g)] += 1;
    }
    eprintln!(
        "{name}: first {firsts}, second {}, winning moves checked {moves}, starts \
         (same, path, no path) {shapes:?}",
        TRIALS - firsts
    );
    assert_eq!(
        moves, firsts,
        "{name}: every player-I win has a winning move"
    );
    (firsts, shapes)
}

#[test]
fn ivg2_on_directed_forests_agrees_with_exhaustive_search() {
    let (firsts, shapes) = campaign("IVG2 tree", 60, Rule::Vertex, (2, 12));
    assert_both("IVG2 tree", firsts, 250);
    assert!(shapes[1] >= 200 && shapes[2] >= 200, "{shapes:?}");
}

#[test]
fn iag2_on_directed_forests_agrees_with_exhaustive_search() {
    let (firsts, shapes) = campaign("IAG2 tree", 61, Rule::Edge, (1, 12));
    assert_both("IAG2 tree", firsts, 250);
    assert!(shapes.iter().all(|&s| s >= 200), "{shapes:?}");
}

/// Large random trees (and a long directed path with a broom) finish; the answer is the same
/// through `Method::Auto`. No timing assertion.
#[test]
fn large_directed_trees_finish() {
    let budget = Budget::unlimited();
    let mut rng = ChaCha8Rng::seed_from_u64(62);
    for rule in [Rule::Vertex, Rule::Edge] {
        for _ in 0..3 {
            let params = GameParams {
                n: 2000,
                tree: true,
                ..base(rule, Setup::TwoShared, true)
            };
            let g = random_game(&mut rng, &params);
            let sol = solve_tree(&g, &budget).expect("applies");
            let auto = solve_with(&g, Method::Auto, &budget).expect("applies");
            assert_eq!((auto.winner, auto.method), (sol.winner, "tree"));
            assert_eq!(sol.winning_move.is_some(), sol.winner == Winner::First);
        }
        // A directed path 0 → 1 → … → 1499 with the tokens at 0 and 700: deep recursion.
        let mut g = random_game(
            &mut rng,
            &GameParams {
                n: 1500,
                tree: true,
                ..base(rule, Setup::TwoShared, true)
            },
        );
        g.graph.edges = (0..1499).map(|v| (v, v + 1)).collect();
        g.tokens = Tokens::TwoShared { starts: [0, 700] };
        let sol = solve_tree(&g, &budget).expect("applies");
        // IVG2: a sum of paths of 699 and 799 arcs, nim values 1 and 1: lost for player I.
        // IAG2: the upper token never catches up (the lower one moves first or away).
        eprintln!(
            "{} on a 1,500-vertex path: {:?}",
            g.variant_name(),
            sol.winner
        );
        if rule == Rule::Vertex {
            assert_eq!(sol.winner, Winner::Second);
        }
    }
}

/// Games the two-token tree solver does not cover are refused.
#[test]
fn two_token_tree_refusals() {
    let budget = Budget::unlimited();
    let mut rng = ChaCha8Rng::seed_from_u64(63);
    let tree = GameParams {
        n: 8,
        tree: true,
        ..base(Rule::Vertex, Setup::TwoShared, true)
    };
    let mut misere = random_game(&mut rng, &tree);
    misere.convention = Convention::Misere;
    let mut cyclic = random_game(&mut rng, &tree);
    let (u, v) = cyclic.graph.edges[0];
    cyclic.graph.edges.push((v, u));
    for g in [misere, cyclic] {
        assert!(matches!(
            solve_tree(&g, &budget),
            Err(SolveError::Unsupported(_))
        ));
        let auto = solve_with(&g, Method::Auto, &budget).expect("auto answers");
        assert_eq!(auto.method, "exhaustive");
    }
}
