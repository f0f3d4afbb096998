//! The acyclic-remainder endgame (`endgame.rs`) against the plain search (raw keys, no labels,
//! no endgames) on 1,000 random one-token games per variant it applies to: directed and
//! undirected, vertex and edge rule, normal and misère (8 variants).

use super::naive;
use crate::problems::geography::{Convention, Rule};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::Budget;
use crate::solvers::geography::exhaustive::Search;
use crate::solvers::geography::state::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Instances per variant.
const TRIALS: usize = 1000;

/// Same winner and a valid winning move from the start and from a random position a few plies
/// in, with the endgame on (with and without pre-classification) and off; the line of the
/// endgame search is legal, ends, and every winner's move in it is confirmed by the plain
/// search. Both answers must occur often, and the endgame must decide positions in most games.
#[test]
fn endgames_agree_with_plain_search() {
    for (k, b) in super::rooted_one_token_variants().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(900 + k as u64);
        let (mut firsts, mut fired, mut trees) = (0, 0, 0);
        let budget = Budget::unlimited();
        for trial in 0..TRIALS {
            // Sparse graphs (acyclic remainders are common), every fourth one a random tree.
            // Edge games stay small: the plain search keys them by the raw used-edge set.
            let most = if b.rule == Rule::Vertex { 11 } else { 7 };
            let p = GameParams {
                n: rng.random_range(3..=most),
                edge_prob: rng.random_range(0.08..0.35),
                tree: trial % 4 == 0,
                ..b
            };
            trees += usize::from(p.tree);
            let g = random_game(&mut rng, &p);
            let game = Game::new(&g);
            let st = super::after_random_moves(&game, &mut rng, 4);
            let mut decided = 0;
            for root in [game.start.clone(), st] {
                let mut plain = Search::plain(&game, &budget).without_canonical_keys();
                let mut r = root.clone();
                let expected = plain.wins(&mut r).expect("unlimited");
                firsts += usize::from(expected);
                // The naive minimax agrees with the plain search (a sanity check of the
                // reference itself, from the start only: it has no mid-game positions).
                if root.bits == game.start.bits {
                    assert_eq!(expected, naive::mover_wins(&g, &naive::start(&g)));
                }
                // Directed vertex games: the list walk too, not only the bit-parallel one.
                let mut listed = game.clone();
                listed.succ_bits.clear();
                let searches = [
                    Search::new(&game, &budget, &root),
                    Search::plain(&game, &budget),
                    Search::new(&listed, &budget, &root),
                ];
                for mut fast in searches {
                    assert_eq!(
                        fast.wins(&mut r).expect("unlimited"),
                        expected,
                        "{g:?} {r:?}"
                    );
                    super::assert_move_and_line_hold(&game, &mut fast, &mut plain, &mut r, &g);
                    decided += fast.endgames_decided();
                    // Switched off, nothing is decided by it.
                    let mut off = Search::new(&game, &budget, &root).without_endgames();
                    assert_eq!(off.wins(&mut r).expect("unlimited"), expected);
                    assert_eq!(off.endgames_decided(), 0);
                }
            }
            fired += usize::from(decided > 0);
        }
        let name = random_game(&mut ChaCha8Rng::seed_from_u64(0), &b).variant_name();
        let seconds = 2 * TRIALS - firsts;
        eprintln!(
            "{name}: mover wins {firsts}, loses {seconds}; endgame fired in {fired} games ({trees} trees)"
        );
        assert!(
            firsts * 5 >= 2 * TRIALS && seconds * 5 >= 2 * TRIALS,
            "{name}: {firsts} vs {seconds}"
        );
        assert!(
            fired * 2 >= TRIALS,
            "{name}: the endgame fired in only {fired} games"
        );
    }
}

/// The endgame decides cyclic games too once their remainder is acyclic, and saves search: on
/// a directed cycle with a long acyclic tail, the search stops expanding where the cycle is
/// left behind (fewer nodes than without the endgame, same answer).
#[test]
fn endgame_cuts_the_search_below_the_last_cycle() {
    use crate::problems::geography::{Geography, Tokens};
    use crate::problems::graph::Graph;
    // 0 → 1 → 2 → 0 (a cycle), and each cycle vertex starts a chain 3k+3 → … of length 10+k.
    let mut edges = vec![(0, 1), (1, 2), (2, 0)];
    let mut n = 3;
    for k in 0..3 {
        let mut prev = k;
        for _ in 0..10 + k {
            edges.push((prev, n));
            prev = n;
            n += 1;
        }
    }
    let graph = Graph::from_edges(true, n, &edges);
    for convention in [Convention::Normal, Convention::Misere] {
        let g = Geography {
            graph: graph.clone(),
            rule: Rule::Vertex,
            tokens: Tokens::One { start: Some(0) },
            convention,
        };
        let game = Game::new(&g);
        let budget = Budget::unlimited();
        let mut with = Search::plain(&game, &budget);
        let mut without = Search::plain(&game, &budget).without_endgames();
        let mut st = game.start.clone();
        assert_eq!(
            with.wins(&mut st).unwrap(),
            without.wins(&mut st).unwrap(),
            "{convention:?}"
        );
        assert!(with.endgames_decided() > 0);
        assert!(
            with.nodes < without.nodes,
            "{} vs {}",
            with.nodes,
            without.nodes
        );
    }
}

/// The edge-rule bit walk (`Reach::run_edge_bits`) builds the list walk's key and value
/// exactly: random directed edge games with loops and parallel arcs, with and without
/// pre-classification, normal and misère, along random walks of play and take-backs (so the
/// live rows are brought up to date across many kinds of jumps between lookups). With the
/// plain search of small cyclic remainders on (`Reach::small_edge_value`), every value it
/// decides agrees with a search without endgames and names a move that leaves the opponent
/// lost.
#[test]
fn edge_bit_walk_matches_list_walk() {
    use crate::solvers::geography::classify::classify;
    use crate::solvers::geography::endgame::Reach;
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let (mut lookups, mut decided, mut with_twins, mut by_small) = (0u64, 0u64, 0, 0u64);
    for trial in 0..600 {
        let p = GameParams {
            rule: Rule::Edge,
            setup: Setup::Rooted,
            directed: true,
            convention: if trial % 2 == 0 {
                Convention::Normal
            } else {
                Convention::Misere
            },
            loops: true,
            n: rng.random_range(2..=9),
            edge_prob: rng.random_range(0.1..0.5),
            ..GameParams::default()
        };
        let mut g = random_game(&mut rng, &p);
        // Parallel arcs: repeat a few arcs.
        for _ in 0..rng.random_range(0..3) {
            if g.graph.edges.is_empty() {
                break;
            }
            let (u, v) = g.graph.edges[rng.random_range(0..g.graph.edges.len())];
            g.graph.add_edge(u, v);
            with_twins += 1;
        }
        let game = Game::new(&g);
        let labels = if trial % 3 == 0 {
            None
        } else {
            classify(&game, &game.start)
        };
        let labels = labels.as_ref();
        let (mut bits, mut list) = (Reach::default(), Reach::list_only());
        let mut small = Reach::default();
        small.small = true;
        let budget = Budget::unlimited();
        // The reference for values only the plain search of small remainders decides: the
        // same labels (those of the start), no endgames.
        let mut reference = match labels {
            Some(_) => Search::new(&game, &budget, &game.start),
            None => Search::plain(&game, &budget),
        }
        .without_endgames();
        visit_open_positions(&game, &mut rng, 40, 0.6, labels, |st| {
            for solve in [true, false] {
                let mut key_bits = vec![0u64; st.bits.len()];
                let mut key_list = vec![0u64; st.bits.len()];
                let a = bits.run(&game, st, labels, &mut key_bits, solve);
                let b = list.run(&game, st, labels, &mut key_list, solve);
                assert_eq!(key_bits, key_list, "trial {trial}: keys differ");
                assert_eq!(a, b, "trial {trial}: values differ");
                lookups += 1;
                decided += u64::from(a.is_some());
                let mut key_small = vec![0u64; st.bits.len()];
                let c = small.run(&game, st, labels, &mut key_small, solve);
                assert_eq!(key_small, key_list, "trial {trial}: keys differ");
                if b.is_some() || c.is_none() {
                    assert_eq!(c, b, "trial {trial}: values differ");
                    continue;
                }
                // Decided by the plain search of a small cyclic remainder: checked in regular
                // histories (no arc into a labelled vertex used), as in the vertex test below.
                let irregular = labels.is_some_and(|l| {
                    game.traversals.iter().any(|&(_, e, x)| {
                        st.bit(e) && l.of(x) != crate::solvers::geography::classify::Label::Open
                    })
                });
                if irregular {
                    continue;
                }
                by_small += 1;
                let value = c.expect("decided");
                super::assert_value_and_move_hold(&game, st, value, &mut reference, || {
                    format!("trial {trial}: small search")
                });
            }
        });
    }
    assert!(with_twins > 200, "{with_twins} parallel arcs");
    assert!(
        by_small > lookups / 50,
        "{by_small} of {lookups} by the small search"
    );
    assert!(
        decided > lookups / 10 && decided < lookups * 9 / 10,
        "{decided} of {lookups} decided"
    );
}

/// The fixed-width vertex-rule bit walks (`Reach::run_bits_fixed`, rows of 1 to 4 words: the
/// sets in registers, acyclicity by sink peeling) build the general bit walk's key and value
/// exactly (Kahn's in-degrees), and when they also decide a cyclic remainder by the plain
/// search of small remainders (`Reach::small_value`), the value agrees with a search without
/// endgames and the move it names leaves the opponent lost: random directed vertex games of 2
/// to 250 vertices, dense enough for successor rows, some with loops, with and without
/// pre-classification, normal and misère, along random walks of play and take-backs.
#[test]
fn fixed_width_bit_walk_matches_general_bit_walk() {
    use crate::solvers::geography::classify::classify;
    use crate::solvers::geography::endgame::Reach;
    let mut rng = ChaCha8Rng::seed_from_u64(78);
    let (mut lookups, mut decided, mut small) = (0u64, 0u64, 0u64);
    let mut widths = [0u64; 5];
    for trial in 0..800 {
        let n: usize = if trial % 2 == 0 {
            rng.random_range(2..=12)
        } else {
            rng.random_range(13..=250)
        };
        let words = n.div_ceil(64);
        // Out-degree about `words + 1` to 4 on average: rows are built, cycles are common and
        // acyclic remainders appear late in the walks.
        let degree = rng.random_range(words as f64 + 0.2..(words as f64 + 3.0));
        let p = GameParams {
            rule: Rule::Vertex,
            setup: Setup::Rooted,
            directed: true,
            convention: if trial % 2 == 0 {
                Convention::Normal
            } else {
                Convention::Misere
            },
            n,
            edge_prob: (degree / n as f64).min(0.9),
            ..GameParams::default()
        };
        let mut g = random_game(&mut rng, &p);
        if trial % 3 == 0 {
            for _ in 0..rng.random_range(1..4) {
                let v = rng.random_range(0..n);
                g.graph.add_edge(v, v);
            }
        }
        let game = Game::new(&g);
        if game.succ_bits.is_empty() {
            continue;
        }
        let labels = if trial % 4 == 0 {
            None
        } else {
            classify(&game, &game.start)
        };
        let labels = labels.as_ref();
        let (mut fixed, mut general) = (Reach::default(), Reach::default());
        fixed.small = true;
        let budget = Budget::unlimited();
        // The reference: the same labels (those of the start), no endgames.
        let mut reference = match labels {
            Some(_) => Search::new(&game, &budget, &game.start),
            None => Search::plain(&game, &budget),
        }
        .without_endgames();
        visit_open_positions(&game, &mut rng, 3 * n, 0.7, labels, |st| {
            for solve in [true, false] {
                let mut key_fixed = vec![0u64; st.bits.len()];
                let mut key_general = vec![0u64; st.bits.len()];
                let a = fixed.run(&game, st, labels, &mut key_fixed, solve);
                let b = general.run_general_bits(&game, st, labels, &mut key_general, solve);
                assert_eq!(key_fixed, key_general, "trial {trial}: keys differ");
                lookups += 1;
                decided += u64::from(a.is_some());
                if b.is_some() || a.is_none() {
                    assert_eq!(a, b, "trial {trial}: values differ");
                    continue;
                }
                // Decided by the plain search of a small cyclic remainder. Checked in regular
                // histories only (no labelled vertex visited; `classify.rs`): the search never
                // meets others, and there the labels, and keys that leave labelled vertices
                // out, need not hold.
                let irregular = labels
                    .is_some_and(|l| st.bits.iter().zip(&l.open_bits).any(|(&b, &o)| b & !o != 0));
                if irregular {
                    continue;
                }
                small += 1;
                let value = a.expect("decided");
                super::assert_value_and_move_hold(&game, st, value, &mut reference, || {
                    format!("trial {trial}: small search")
                });
                widths[st.bits.len().min(4)] += 1;
            }
        });
    }
    assert!(widths[1..].iter().all(|&w| w > 1000), "{widths:?}");
    assert!(
        small > lookups / 20,
        "{small} of {lookups} by the small search"
    );
    assert!(
        decided > lookups / 20 && decided < lookups * 9 / 10,
        "{decided} of {lookups} decided"
    );
}

/// Walks a random line of play with take-backs from the start of `game`, `steps` moves or
/// take-backs long (a move with probability `forward` when both are possible), and calls
/// `visit` at every position reached whose token is not on a labelled vertex: the remainder
/// walks are only asked there.
pub(super) fn visit_open_positions(
    game: &Game,
    rng: &mut ChaCha8Rng,
    steps: usize,
    forward: f64,
    labels: Option<&crate::solvers::geography::classify::Labels>,
    mut visit: impl FnMut(&mut crate::solvers::geography::state::State),
) {
    let mut st = game.start.clone();
    let mut undos = Vec::new();
    for _ in 0..steps {
        let moves = game.moves(&st);
        if !moves.is_empty() && (undos.is_empty() || rng.random_bool(forward)) {
            let mv = moves[rng.random_range(0..moves.len())];
            undos.push(game.apply(&mut st, mv));
        } else if let Some(undo) = undos.pop() {
            game.undo(&mut st, undo);
        } else {
            break;
        }
        let on_label = labels.is_some_and(|l| {
            l.of(st.tok[0] as usize) != crate::solvers::geography::classify::Label::Open
        });
        if !on_label {
            visit(&mut st);
        }
    }
}
