//! The exhaustive solver against the naive minimax of `naive.rs` on ≥ 1,000 random small
//! games per variant (fixed seeds), with both winners required in large numbers so that a
//! solver that always answered one way would fail.

use super::naive;
use crate::problems::geography::{Convention, Geography, Rule};
use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::geography::solve_exhaustive;
use crate::solvers::{Budget, Winner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Instances per variant.
const TRIALS: usize = 1000;

/// Checks one instance: same winner as the naive minimax, a winning move that leaves the
/// opponent lost, and a principal variation that is a legal line ending as `winner` says.
fn check(g: &Geography) -> Winner {
    let sol = solve_exhaustive(g, &Budget::unlimited()).expect("small game");
    let start = naive::start(g);
    let first = naive::mover_wins(g, &start);
    assert_eq!(sol.winner == Winner::First, first, "winner of {g:?}");
    match sol.winning_move {
        Some(mv) => {
            assert!(first, "a winning move for a loser in {g:?}");
            assert!(naive::moves(g, &start).contains(&mv));
            assert!(
                !naive::mover_wins(g, &naive::apply(g, &start, mv)),
                "{mv:?} in {g:?}"
            );
        }
        None => assert!(
            !first || naive::moves(g, &start).is_empty(),
            "no move given: {g:?}"
        ),
    }
    let mut p = start;
    for &mv in &sol.principal_variation {
        assert!(
            naive::moves(g, &p).contains(&mv),
            "PV move {mv:?} illegal in {g:?}"
        );
        p = naive::apply(g, &p, mv);
    }
    assert!(naive::moves(g, &p).is_empty(), "PV stops early in {g:?}");
    let stuck_wins = g.convention == Convention::Misere;
    assert_eq!(
        (p.mover == 0) == stuck_wins,
        first,
        "PV ends with the wrong winner in {g:?}"
    );
    sol.winner
}

/// Runs `TRIALS` instances drawn by `draw` and asserts each winner occurs ≥ 20% of the time.
fn campaign(name: &str, seed: u64, draw: impl Fn(&mut ChaCha8Rng) -> GameParams) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut firsts = 0;
    for _ in 0..TRIALS {
        let params = draw(&mut rng);
        let g = random_game(&mut rng, &params);
        firsts += usize::from(check(&g) == Winner::First);
    }
    let seconds = TRIALS - firsts;
    eprintln!("{name}: first {firsts}, second {seconds}");
    assert!(
        firsts * 5 >= TRIALS && seconds * 5 >= TRIALS,
        "{name}: {firsts} vs {seconds}"
    );
}

/// Parameters with `n` in `lo..=hi` and edge probability in `p_lo..p_hi`.
fn params(
    rng: &mut ChaCha8Rng,
    base: GameParams,
    (lo, hi): (usize, usize),
    (p_lo, p_hi): (f64, f64),
) -> GameParams {
    GameParams {
        n: rng.random_range(lo..=hi),
        edge_prob: rng.random_range(p_lo..p_hi),
        ..base
    }
}

fn base(rule: Rule, setup: Setup, directed: bool, convention: Convention) -> GameParams {
    GameParams {
        rule,
        setup,
        directed,
        convention,
        loops: true,
        ..GameParams::default()
    }
}

/// One-token vertex and edge geography, rooted and unrooted, directed and undirected,
/// normal and misère (edge games with loops).
#[test]
fn one_token_variants_agree_with_naive_minimax() {
    let mut seed = 100;
    for convention in [Convention::Normal, Convention::Misere] {
        for setup in [Setup::Rooted, Setup::Unrooted] {
            for directed in [true, false] {
                for rule in [Rule::Vertex, Rule::Edge] {
                    let b = base(rule, setup, directed, convention);
                    // Sizes that keep the naive search fast and both winners common.
                    let sizes = match (rule, setup, directed) {
                        (Rule::Vertex, Setup::Rooted, _) => ((2, 7), (0.15, 0.6)),
                        (Rule::Vertex, _, _) => ((2, 6), (0.6, 1.0)),
                        (_, Setup::Unrooted, _) => ((2, 4), (0.3, 0.9)),
                        (_, _, true) => ((2, 5), (0.1, 0.4)),
                        (_, _, false) => ((2, 5), (0.15, 0.55)),
                    };
                    let name = b_name(&b);
                    seed += 1;
                    campaign(&name, seed, |rng| params(rng, b, sizes.0, sizes.1));
                }
            }
        }
    }
}

/// Partizan games (PVG, PAG, unrooted undirected PVG, Trail Trap) and two-token games (IVG2,
/// IAG2).
#[test]
fn partizan_and_two_token_variants_agree_with_naive_minimax() {
    let normal = Convention::Normal;
    let cases = [
        (
            base(Rule::Vertex, Setup::Partizan, true, normal),
            (2, 5),
            (0.3, 0.8),
        ),
        (
            base(Rule::Edge, Setup::Partizan, true, normal),
            (2, 5),
            (0.2, 0.5),
        ),
        (
            base(Rule::Vertex, Setup::PartizanUnrooted, false, normal),
            (2, 5),
            (0.4, 0.9),
        ),
        (
            base(Rule::Edge, Setup::PartizanUnrooted, false, normal),
            (2, 5),
            (0.2, 0.6),
        ),
        (
            base(Rule::Vertex, Setup::TwoShared, true, normal),
            (2, 6),
            (0.3, 0.8),
        ),
        (
            base(Rule::Edge, Setup::TwoShared, true, normal),
            (2, 5),
            (0.1, 0.4),
        ),
    ];
    for (i, (b, sizes, probs)) in cases.into_iter().enumerate() {
        let name = b_name(&b);
        campaign(&name, 200 + i as u64, |rng| params(rng, b, sizes, probs));
    }
}

/// NimG-RM and NimG-MR on undirected graphs, normal and misère, with and without loops,
/// weights 0..=3.
#[test]
fn nimg_variants_agree_with_naive_minimax() {
    let mut seed = 300;
    for rule in [Rule::NimRemoveMove, Rule::NimMoveRemove] {
        for convention in [Convention::Normal, Convention::Misere] {
            for loops in [false, true] {
                let b = GameParams {
                    loops,
                    ..base(rule, Setup::Rooted, false, convention)
                };
                let name = format!("{} loops={loops}", b_name(&b));
                seed += 1;
                campaign(&name, seed, |rng| params(rng, b, (2, 5), (0.3, 0.7)));
            }
        }
    }
}

fn b_name(b: &GameParams) -> String {
    random_game(&mut ChaCha8Rng::seed_from_u64(0), b).variant_name()
}

/// A memo that overflows evicts half its entries and the search goes on: with a 4- or 16-entry memo the winner
/// and the line agree with the naive minimax on random games of several variants.
#[test]
fn tiny_memo_still_agrees() {
    use crate::solvers::geography::exhaustive::Search;
    use crate::solvers::geography::state::Game;
    let mut rng = ChaCha8Rng::seed_from_u64(400);
    let variants = [
        base(Rule::Edge, Setup::Rooted, false, Convention::Normal),
        base(Rule::Vertex, Setup::Partizan, true, Convention::Misere),
        base(
            Rule::NimRemoveMove,
            Setup::Rooted,
            false,
            Convention::Normal,
        ),
    ];
    let mut overflowed = 0;
    for trial in 0..300 {
        let b = variants[rng.random_range(0..variants.len())];
        let p = params(&mut rng, b, (3, 5), (0.5, 0.9));
        let g = random_game(&mut rng, &p);
        let game = Game::new(&g);
        let budget = Budget::unlimited();
        // Every other search without the techniques that make searches tiny, so that the
        // table overflows often under both.
        let mut search = if trial % 2 == 0 {
            Search::new(&game, &budget, &game.start).with_memo_cap(4)
        } else {
            Search::plain(&game, &budget)
                .without_canonical_keys()
                .with_memo_cap(16)
        };
        let mut st = game.start.clone();
        let wins = search.wins(&mut st).expect("unlimited");
        assert_eq!(wins, naive::mover_wins(&g, &naive::start(&g)), "{g:?}");
        let line = search.principal_variation(&st).expect("unlimited");
        let mut pos = naive::start(&g);
        for mv in line {
            assert!(naive::moves(&g, &pos).contains(&mv));
            pos = naive::apply(&g, &pos, mv);
        }
        assert!(naive::moves(&g, &pos).is_empty());
        overflowed += usize::from(search.evicted() > 0);
    }
    // The memo must really have overflowed in many of the searches.
    assert!(
        overflowed >= 60,
        "only {overflowed} searches outgrew the memo"
    );
}

/// Pre-classification and canonical keys against the plain search (raw keys, no labels) on
/// 1,000 random games per variant, larger and sparser than the naive minimax allows (sinks,
/// leaves and dead parts are common): same winner from the start and from a random
/// reachable position, and the winning move and line valid under the plain search. The
/// techniques must really fire: labels in at least a fifth of the one-token games.
#[test]
fn classification_and_canonical_keys_agree_with_plain_search() {
    use crate::solvers::geography::exhaustive::Search;
    use crate::solvers::geography::state::Game;
    let normal = Convention::Normal;
    let misere = Convention::Misere;
    let mut variants = Vec::new();
    for convention in [normal, misere] {
        for directed in [true, false] {
            for rule in [Rule::Vertex, Rule::Edge] {
                variants.push(base(rule, Setup::Rooted, directed, convention));
            }
        }
        variants.push(base(Rule::Vertex, Setup::Unrooted, false, convention));
        variants.push(base(Rule::NimRemoveMove, Setup::Rooted, false, convention));
        variants.push(base(Rule::NimMoveRemove, Setup::Rooted, false, convention));
    }
    variants.push(base(Rule::Vertex, Setup::Partizan, true, normal));
    variants.push(base(Rule::Edge, Setup::Partizan, false, normal));
    variants.push(base(Rule::Vertex, Setup::TwoShared, false, normal));
    for (k, b) in variants.into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(500 + k as u64);
        let (mut firsts, mut labelled) = (0, 0);
        let budget = Budget::unlimited();
        for _ in 0..TRIALS {
            let nim = matches!(b.rule, Rule::NimRemoveMove | Rule::NimMoveRemove);
            let p = match (b.rule, nim) {
                (_, true) => params(&mut rng, b, (3, 6), (0.2, 0.6)),
                _ if b.setup == Setup::Unrooted => params(&mut rng, b, (3, 9), (0.3, 0.8)),
                (Rule::Vertex, _) => params(&mut rng, b, (4, 12), (0.1, 0.35)),
                _ => params(&mut rng, b, (3, 7), (0.1, 0.35)),
            };
            let g = random_game(&mut rng, &p);
            let game = Game::new(&g);
            // A random position a few plies in, so that positions with visited parts are
            // compared as well.
            let st = super::after_random_moves(&game, &mut rng, 3);
            for root in [game.start.clone(), st] {
                let mut fast = Search::new(&game, &budget, &root);
                let mut plain = Search::plain(&game, &budget).without_canonical_keys();
                labelled += usize::from(fast.labelled() > 0);
                let mut r = root.clone();
                let wins = fast.wins(&mut r).expect("unlimited");
                assert_eq!(wins, plain.wins(&mut r).expect("unlimited"), "{g:?} {r:?}");
                firsts += usize::from(wins);
                if let Some(mv) = fast.winning_move(&mut r).expect("unlimited") {
                    let undo = game.apply(&mut r, mv);
                    assert!(!plain.wins(&mut r).expect("unlimited"), "{mv:?} in {g:?}");
                    game.undo(&mut r, undo);
                }
                let line = fast.principal_variation(&r).expect("unlimited");
                let mut q = r.clone();
                for (ply, mv) in line.into_iter().enumerate() {
                    assert!(game.moves(&q).contains(&mv), "PV move {mv:?} in {g:?}");
                    let mover_wins = plain.wins(&mut q).expect("unlimited");
                    game.apply(&mut q, mv);
                    if mover_wins {
                        assert!(
                            !plain.wins(&mut q).expect("unlimited"),
                            "ply {ply} of {g:?}"
                        );
                    }
                }
                assert!(game.moves(&q).is_empty(), "PV stops early in {g:?}");
            }
        }
        let name = b_name(&b);
        let seconds = 2 * TRIALS - firsts;
        eprintln!("{name}: mover wins {firsts}, loses {seconds}, labelled {labelled}");
        assert!(
            firsts * 5 >= 2 * TRIALS && seconds * 5 >= 2 * TRIALS,
            "{name}: {firsts} vs {seconds}"
        );
        let one_token = matches!(b.setup, Setup::Rooted)
            && !matches!(b.rule, Rule::NimRemoveMove | Rule::NimMoveRemove);
        if one_token {
            assert!(
                labelled * 5 >= 2 * TRIALS,
                "{name}: only {labelled} labelled"
            );
        }
    }
}
