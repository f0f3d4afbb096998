//! Tenth session: the killer move order of partizan searches (`exhaustive.rs`) and the
//! backward half of the race split test (`race_split.rs`, `RaceSplit::backward`).
//!
//! - The killer order changes which winning move a search finds first, so the move and line
//!   a partizan solve reports are read in `Game::moves` order instead: they must be the
//!   first winning moves of the naive minimax, in that order, along the whole line.
//! - The backward test may only prove a split that is there (no item reachable from both
//!   tokens, by brute force), and must prove it when one token is shut in a small corner of a
//!   directed game whose other token has more than the forward test's 64 steps to walk.

use super::naive;
use crate::problems::Instance;
use crate::problems::geography::{Convention, Geography, Move, Rule};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::Budget;
use crate::solvers::geography::race_split::RaceSplit;
use crate::solvers::geography::solve_exhaustive_plain;
use crate::solvers::geography::state::{Game, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write;

/// Games per variant.
const TRIALS: usize = 600;

/// The move the naive minimax expects at `p`, whose legal moves are `moves` in
/// `Game::moves` order: the first after which the opponent loses, or the first legal move
/// when every move loses; `None` when stuck.
fn expected(g: &Geography, p: &naive::Naive, moves: &[Move]) -> Option<Move> {
    let first_win = moves
        .iter()
        .copied()
        .find(|&mv| !naive::mover_wins(g, &naive::apply(g, p, mv)));
    first_win.or_else(|| moves.first().copied())
}

/// Every partizan variant: the winning move and every move of the line are the naive
/// minimax's first winning move in move order (the loser's: its first legal move), however
/// the killers ordered the search. Lines of several moves with a winning mover below the root
/// must be common, so that the killers had histories to differ by.
#[test]
fn partizan_lines_are_first_winning_moves_in_move_order() {
    let mut k = 0;
    for convention in [Convention::Normal, Convention::Misere] {
        for setup in [Setup::Partizan, Setup::PartizanUnrooted] {
            for directed in [true, false] {
                for rule in [Rule::Vertex, Rule::Edge] {
                    k += 1;
                    let seed = 10_100 + k;
                    let mut rng = ChaCha8Rng::seed_from_u64(seed);
                    let mut deep_wins = 0;
                    for _ in 0..TRIALS {
                        let n = match (rule, setup) {
                            (Rule::Vertex, Setup::Partizan) => rng.random_range(3..=9),
                            (Rule::Vertex, _) => rng.random_range(3..=6),
                            (_, Setup::Partizan) => rng.random_range(3..=6),
                            _ => rng.random_range(3..=5),
                        };
                        let params = GameParams {
                            rule,
                            setup,
                            directed,
                            convention,
                            loops: true,
                            n,
                            edge_prob: rng.random_range(0.2..0.5),
                            ..GameParams::default()
                        };
                        let g = random_game(&mut rng, &params);
                        let sol = solve_exhaustive_plain(&g, &Budget::unlimited()).expect("small");
                        let game = Game::new(&g);
                        let mut st = game.start.clone();
                        let mut p = naive::start(&g);
                        let first = expected(&g, &p, &game.moves(&st));
                        let wins = naive::mover_wins(&g, &p);
                        assert_eq!(
                            sol.winning_move,
                            first.filter(|_| wins),
                            "winning move of {g:?} (seed {seed})"
                        );
                        for (at, &mv) in sol.principal_variation.iter().enumerate() {
                            let want = expected(&g, &p, &game.moves(&st));
                            assert_eq!(
                                Some(mv),
                                want,
                                "move {at} of the line in {g:?} (seed {seed})"
                            );
                            deep_wins += usize::from(at >= 2 && naive::mover_wins(&g, &p));
                            p = naive::apply(&g, &p, mv);
                            game.apply(&mut st, mv);
                        }
                        assert!(naive::moves(&g, &p).is_empty(), "line stops early in {g:?}");
                    }
                    eprintln!(
                        "{rule:?} {setup:?} directed {directed} {convention:?}: \
                         {deep_wins} winning moves below the root checked"
                    );
                    assert!(
                        deep_wins >= TRIALS / 20,
                        "{rule:?} {setup:?} directed {directed} {convention:?}: \
                         only {deep_wins} winning moves below the root"
                    );
                }
            }
        }
    }
}

/// A directed partizan game of `n` vertices: random arcs among `0..n - tail`, and a chain
/// over the last `tail` vertices entered from random vertices of the rest at its head, and
/// (with probability `leak`) also at a later vertex; player II starts on the chain's head.
fn cornered(rng: &mut ChaCha8Rng, rule: Rule, n: usize, tail: usize, leak: f64) -> Geography {
    let big = n - tail;
    let mut arcs = Vec::new();
    for a in 0..big {
        for b in 0..big {
            if a != b && rng.random_bool(0.08) {
                arcs.push((a, b));
            }
        }
        if rng.random_bool(0.1) {
            arcs.push((a, big));
        }
    }
    for c in big..n - 1 {
        arcs.push((c, c + 1));
    }
    if rng.random_bool(leak) {
        let into = rng.random_range(big + 1..n);
        arcs.push((rng.random_range(0..big), into));
    }
    let rule_name = if rule == Rule::Vertex {
        "vertex"
    } else {
        "edge"
    };
    let mut text = format!(
        "geography {{\n  directed {rule_name} geography\n  tokens: partizan, first at v0, second at v{big}\n  vertices"
    );
    for v in 0..n {
        write!(text, " v{v}").unwrap();
    }
    text.push_str("\n  edges ");
    let list: Vec<String> = arcs.iter().map(|(a, b)| format!("v{a} -> v{b}")).collect();
    text.push_str(&list.join(", "));
    text.push_str("\n}\n");
    match crate::lang::parse_str("cornered.geo", &text)
        .expect("parses")
        .instance
    {
        Instance::Geography(g) => g,
        other => panic!("not a game: {other:?}"),
    }
}

/// The items reachable from a token on `t` in `st`, by brute force (vertex rule: free
/// vertices; edge rule: unused arcs whose tail the token reaches over unused arcs).
/// Also returns how many vertices the token reaches (its own included).
fn reachable_items(game: &Game, st: &State, t: usize) -> (Vec<bool>, usize) {
    let vertex = game.rule == Rule::Vertex;
    let mut items = vec![false; if vertex { game.n } else { game.m }];
    let mut seen = vec![false; game.n];
    seen[t] = true;
    let mut stack = vec![t];
    while let Some(v) = stack.pop() {
        for &(x, e) in &game.adj[v] {
            let item = if vertex { x } else { e };
            if st.bit(item) {
                continue;
            }
            items[item] = true;
            if !seen[x] {
                seen[x] = true;
                stack.push(x);
            }
        }
    }
    (items, seen.iter().filter(|&&s| s).count())
}

/// Random positions of directed partizan games, both rules: whenever the race answers, no
/// item is reachable from both tokens; and on games where player II sits on the head of a
/// short chain while player I roams a large random graph, every position with the tokens
/// apart is answered, though I's region is far beyond the forward test's reach. Both kinds of
/// position (apart, and joined through a second entry into the chain) must occur.
#[test]
fn race_split_backward_test_is_exact_and_finds_cornered_tokens() {
    for rule in [Rule::Vertex, Rule::Edge] {
        let mut rng = ChaCha8Rng::seed_from_u64(10_200 + rule as u64);
        let (mut answered, mut apart, mut joined, mut far) = (0, 0, 0, 0);
        for trial in 0..2 * TRIALS {
            let cornered_game = trial % 2 == 0;
            let g = if cornered_game {
                let n = rng.random_range(90..=140);
                let tail = rng.random_range(2..=8);
                cornered(&mut rng, rule, n, tail, 0.5)
            } else {
                let params = GameParams {
                    rule,
                    setup: Setup::Partizan,
                    directed: true,
                    n: rng.random_range(4..=40),
                    edge_prob: rng.random_range(0.02..0.2),
                    loops: true,
                    ..GameParams::default()
                };
                random_game(&mut rng, &params)
            };
            let game = Game::new(&g);
            let budget = Budget::unlimited();
            let mut split = RaceSplit::new(&game, &budget).expect("partizan");
            let mut st = game.start.clone();
            // A random part of the board is used up, away from the tokens' own items.
            let items = if rule == Rule::Vertex { game.n } else { game.m };
            let density = if cornered_game {
                0.1
            } else {
                rng.random_range(0.0..0.6)
            };
            for i in 0..items {
                let token_vertex = rule == Rule::Vertex && st.tok.contains(&(i as u32));
                if !token_vertex && !st.bit(i) && rng.random_bool(density) {
                    st.flip(i);
                }
            }
            if cornered_game && rule == Rule::Edge {
                // The head of II's chain is II's vertex: under the edge rule I could walk
                // into it, so the arcs into it are used up (as II's own arrival used one).
                let head = st.tok[1] as usize;
                for v in 0..game.n {
                    for &(x, e) in &game.adj[v] {
                        if x == head && !st.bit(e) {
                            st.flip(e);
                        }
                    }
                }
            }
            st.turn = rng.random_range(0..2);
            let moves = game.moves(&st);
            let mut nodes = 0;
            let value = split
                .value(&game, &mut st, &moves, &budget, &mut nodes)
                .expect("unlimited");
            let (a, b) = (st.tok[0] as usize, st.tok[1] as usize);
            let ((ra, reached), (rb, _)) = (
                reachable_items(&game, &st, a),
                reachable_items(&game, &st, b),
            );
            let is_apart = !ra.iter().zip(&rb).any(|(&x, &y)| x && y);
            if value.is_some() {
                answered += 1;
                assert!(
                    is_apart,
                    "the race answered with the tokens joined: {g:?} {st:?}"
                );
            }
            if cornered_game {
                if is_apart {
                    apart += 1;
                    far += usize::from(reached > 64);
                    assert!(
                        value.is_some(),
                        "cornered tokens not found apart: {g:?} {st:?}"
                    );
                } else {
                    joined += 1;
                }
            }
        }
        eprintln!(
            "{rule:?}: race answered {answered} of {} positions; cornered games: apart {apart} \
             ({far} with I reaching more than 64 vertices), joined {joined}",
            2 * TRIALS
        );
        assert!(
            apart >= TRIALS / 5 && joined >= TRIALS / 10,
            "{apart} apart, {joined} joined"
        );
        assert!(
            far >= TRIALS / 10,
            "only {far} cornered positions beyond the forward test"
        );
        assert!(
            answered >= apart + TRIALS / 20,
            "the random games never split ({answered})"
        );
    }
}
