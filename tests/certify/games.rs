//! `game_win` certificates: hand-built games with known winners, and random games of every
//! variant checked against the brute force, with strategies built for the loser rejected.

use super::brute::Engine;
use super::rng;
use georeduce::certify::{
    self, CertMove, Certificate, CertificateBody, CheckError, Claim, GameStrategy, Limits, Player,
    StrategyEntry, check_game_strategy, start_position, strategy_from_fn,
};
use georeduce::game;
use georeduce::problems::{Convention, Geography, Graph, Instance, Move, Rule, Tokens};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

pub fn check(g: &Geography, s: &GameStrategy) -> Result<Claim, CheckError> {
    check_game_strategy(g, s, &Limits::default()).map(|v| v.claim)
}

fn win(p: Player) -> Result<Claim, CheckError> {
    Ok(Claim::Winner(p))
}

#[test]
fn directed_path_second_wins_normal_first_wins_misere() {
    // a→b→c from a: I moves to b, II to c, I is stuck. Every move is forced.
    let g = game!(dvg: 0 -> 1, 1 -> 2; start 0);
    let empty = |winner| GameStrategy {
        winner,
        strategy: vec![],
    };
    assert_eq!(check(&g, &empty(Player::Second)), win(Player::Second));
    let err = check(&g, &empty(Player::First)).unwrap_err();
    assert!(
        matches!(
            err,
            CheckError::GameLost {
                stuck: Player::First,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "certify::game_lost: player I has no move after v0→v1, v1→v2, so player I loses"
    );
    let misere = Geography {
        convention: Convention::Misere,
        ..g
    };
    assert_eq!(check(&misere, &empty(Player::First)), win(Player::First));
    assert!(check(&misere, &empty(Player::Second)).is_err());
}

#[test]
fn star_needs_an_entry_at_the_centre() {
    // Undirected star with centre v0: I moves to any leaf and II is stuck.
    let g = game!(uvg: 0 -- 1, 0 -- 2, 0 -- 3; start 0);
    let missing = check(
        &g,
        &GameStrategy {
            winner: Player::First,
            strategy: vec![],
        },
    )
    .unwrap_err();
    assert_eq!(
        missing.to_string(),
        "certify::missing_position: the strategy has no move after the start"
    );
    let entry = StrategyEntry {
        position: start_position(&g).unwrap(),
        play: CertMove::Step {
            token: 0,
            from: "v0".into(),
            edge: 2,
            to: "v3".into(),
        },
    };
    let good = GameStrategy {
        winner: Player::First,
        strategy: vec![entry.clone()],
    };
    assert_eq!(check(&g, &good), win(Player::First));
    // The same move on the wrong edge index is illegal.
    let mut bad = good.clone();
    bad.strategy[0].play = CertMove::Step {
        token: 0,
        from: "v0".into(),
        edge: 1,
        to: "v3".into(),
    };
    let e = check(&g, &bad).unwrap_err();
    assert!(matches!(e, CheckError::IllegalMove { ply: 0, .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "certify::illegal_move: ply 0: v0→v3 is not legal after the start"
    );
    // Through the JSON form and the top-level entry point.
    let cert = Certificate::new(CertificateBody::GameWin(good));
    let back = Certificate::from_json(&cert.to_json()).unwrap();
    assert_eq!(back, cert);
    assert_eq!(
        certify::check(&Instance::Geography(g), &back)
            .unwrap()
            .claim,
        Claim::Winner(Player::First)
    );
}

#[test]
fn trail_trap_path_of_two_edges_is_a_second_player_win() {
    // I takes one edge, II the other; I's token then has no unused edge.
    let g = game!(ueg: 0 -- 1, 1 -- 2; partizan unrooted);
    let mut e = Engine::new(&g);
    assert_eq!(e.winner(), 1);
    let cert = e.certificate(false);
    assert_eq!(
        cert.strategy.len(),
        4,
        "II answers each of I's four openings"
    );
    assert_eq!(check(&g, &cert), win(Player::Second));
}

#[test]
fn nim_single_heap_depends_on_convention() {
    // One vertex with two tokens and no neighbour: take 2 (normal) or take 1 (misère).
    let mut gr = Graph::from_edges(false, 1, &[]);
    gr.vertices[0].weight = Some(2);
    let g = game!(nimg on gr; start 0);
    let take = |k| GameStrategy {
        winner: Player::First,
        strategy: vec![StrategyEntry {
            position: start_position(&g).unwrap(),
            play: CertMove::Nim { take: k, to: None },
        }],
    };
    assert_eq!(check(&g, &take(2)), win(Player::First));
    assert!(check(&g, &take(1)).is_err());
    let m = Geography {
        convention: Convention::Misere,
        ..g.clone()
    };
    assert_eq!(check(&m, &take(1)), win(Player::First));
    assert!(check(&m, &take(2)).is_err());
}

/// Every token arrangement the generator draws.
#[derive(Clone, Copy, Debug)]
pub enum Arr {
    Rooted,
    Unrooted,
    Partizan,
    PartizanUnrooted,
    Two,
}

/// All variants: (rule, directed, arrangement).
pub fn variants() -> Vec<(Rule, bool, Arr)> {
    let mut v = vec![];
    for rule in [Rule::Vertex, Rule::Edge] {
        for directed in [true, false] {
            for arr in [
                Arr::Rooted,
                Arr::Unrooted,
                Arr::Partizan,
                Arr::PartizanUnrooted,
                Arr::Two,
            ] {
                v.push((rule, directed, arr));
            }
        }
    }
    for rule in [Rule::NimRemoveMove, Rule::NimMoveRemove] {
        for directed in [true, false] {
            v.push((rule, directed, Arr::Rooted));
        }
    }
    v
}

pub fn random_game(
    r: &mut ChaCha8Rng,
    rule: Rule,
    directed: bool,
    arr: Arr,
    conv: Convention,
) -> Geography {
    let nim = matches!(rule, Rule::NimRemoveMove | Rule::NimMoveRemove);
    let n = r.random_range(if nim { 1..=5 } else { 2..=6 });
    let max_m = if rule == Rule::Edge { 7 } else { 10 };
    let m = r.random_range(0..=max_m);
    let mut edges = vec![];
    for _ in 0..m {
        let (u, v) = (r.random_range(0..n), r.random_range(0..n));
        if u != v || (rule == Rule::Edge && r.random_bool(0.3)) {
            edges.push((u, v));
        }
    }
    let mut gr = Graph::from_edges(directed, n, &edges);
    if nim {
        for v in &mut gr.vertices {
            v.weight = Some(r.random_range(0..=2));
        }
    }
    let s = r.random_range(0..n);
    let t = (s + r.random_range(1..n.max(2))) % n;
    let tokens = match arr {
        Arr::Rooted => Tokens::One { start: Some(s) },
        Arr::Unrooted => Tokens::One { start: None },
        Arr::Partizan => Tokens::Partizan {
            starts: Some([s, t]),
        },
        Arr::PartizanUnrooted => Tokens::Partizan { starts: None },
        Arr::Two => Tokens::TwoShared {
            starts: [
                s,
                if rule == Rule::Edge && r.random_bool(0.3) {
                    s
                } else {
                    t
                },
            ],
        },
    };
    Geography {
        graph: gr,
        rule,
        tokens,
        convention: conv,
    }
}

/// Random games of every variant under both conventions: the minimal and the full
/// certificate of the brute-force winner are accepted with that winner, and a strategy built
/// for the loser by `strategy_from_fn` is rejected.
#[test]
fn random_games_every_variant_certified() {
    let mut r = rng(5);
    let limits = Limits::default();
    let mut wins = [0usize; 2];
    for (rule, directed, arr) in variants() {
        let mut per = [0usize; 2];
        for conv in [Convention::Normal, Convention::Misere] {
            for _ in 0..30 {
                let g = random_game(&mut r, rule, directed, arr, conv);
                let mut e = Engine::new(&g);
                let w = e.winner();
                per[w] += 1;
                let want = Claim::Winner(if w == 0 {
                    Player::First
                } else {
                    Player::Second
                });
                for full in [false, true] {
                    let cert = e.certificate(full);
                    assert!(e.oracle(&cert), "{} full={full}", g.variant_name());
                    assert_eq!(
                        check(&g, &cert),
                        Ok(want),
                        "{} full={full}: {cert:?}",
                        g.variant_name()
                    );
                }
                let loser = if w == 0 {
                    Player::Second
                } else {
                    Player::First
                };
                let naive = strategy_from_fn(&g, loser, &limits, |line| first_move(&e, line));
                if let Ok(s) = naive {
                    assert!(
                        check(&g, &s).is_err(),
                        "{}: the loser was certified",
                        g.variant_name()
                    );
                }
                let good =
                    strategy_from_fn(&g, want_player(w), &limits, |line| best_move(&mut e, line))
                        .unwrap();
                assert_eq!(check(&g, &good), Ok(want));
            }
        }
        assert!(
            per[0] > 0 && per[1] > 0,
            "{rule:?} directed={directed} {arr:?}: winners {per:?}"
        );
        wins[0] += per[0];
        wins[1] += per[1];
    }
    eprintln!("random games: winners {wins:?}");
    assert!(wins[0] > 300 && wins[1] > 300, "winners {wins:?}");
}

pub fn want_player(w: usize) -> Player {
    if w == 0 {
        Player::First
    } else {
        Player::Second
    }
}

/// The test engine's state after `line` from the start.
pub(super) fn replay(e: &Engine, line: &[Move]) -> super::brute::St {
    let mut s = e.start();
    for m in line {
        s = e
            .moves(&s)
            .into_iter()
            .find(|x| x.0 == *m)
            .expect("line is legal")
            .1;
    }
    s
}

fn first_move(e: &Engine, line: &[Move]) -> Option<Move> {
    e.moves(&replay(e, line)).first().map(|x| x.0)
}

fn best_move(e: &mut Engine, line: &[Move]) -> Option<Move> {
    let s = replay(e, line);
    e.winning_move(&s).map(|x| x.0)
}

#[test]
fn limits_give_too_large_not_a_hang() {
    // A heap of 2^64 − 1 tokens: listing player II's replies would never end.
    let mut gr = Graph::from_edges(false, 2, &[(0, 1)]);
    gr.vertices[0].weight = Some(u64::MAX);
    gr.vertices[1].weight = Some(u64::MAX);
    let g = game!(nimg on gr; start 0);
    let entry = StrategyEntry {
        position: start_position(&g).unwrap(),
        play: CertMove::Nim {
            take: 1,
            to: Some("v1".into()),
        },
    };
    let s = GameStrategy {
        winner: Player::First,
        strategy: vec![entry],
    };
    let e = check(&g, &s).unwrap_err();
    assert!(matches!(e, CheckError::TooLarge { .. }), "{e}");
    // A complete graph's game tree exceeds a small position budget.
    let k6: Vec<(usize, usize)> = (0..6)
        .flat_map(|u| (u + 1..6).map(move |v| (u, v)))
        .collect();
    let g = game!(ueg on Graph::from_edges(false, 6, &k6); start 0);
    let cert = Engine::new(&g).certificate(false);
    let small = Limits {
        max_positions: 100,
        ..Limits::default()
    };
    let e = check_game_strategy(&g, &cert, &small).unwrap_err();
    assert!(matches!(e, CheckError::TooLarge { limit: 100, .. }), "{e}");
    assert!(check(&g, &cert).is_ok());
}

/// `game_moves` certificates on random games of every variant under both conventions: the
/// brute-force winner's moves are accepted with that winner; the loser's moves (the first
/// legal move, or random legal moves) are always rejected, although the walk checks a class
/// of positions with the same future only once; the path example of the docs is judged as
/// they say.
#[test]
fn random_games_game_moves_certified() {
    let mut r = rng(6);
    let limits = Limits::default();
    let mut rejected = 0usize;
    for (rule, directed, arr) in variants() {
        for conv in [Convention::Normal, Convention::Misere] {
            for _ in 0..30 {
                let g = random_game(&mut r, rule, directed, arr, conv);
                let mut e = Engine::new(&g);
                let w = e.winner();
                let want = Claim::Winner(want_player(w));
                let good = certify::moves_from_fn(&g, want_player(w), &limits, |at| {
                    best_move(&mut e, at.line())
                })
                .unwrap();
                let cert = Certificate::new(CertificateBody::GameMoves(good));
                let inst = Instance::Geography(g.clone());
                assert_eq!(certify::check(&inst, &cert).map(|v| v.claim), Ok(want));
                let loser = want_player(1 - w);
                for random in [false, true] {
                    let mut rr = rng(r.random());
                    let bad = certify::moves_from_fn(&g, loser, &limits, |at| {
                        let legal = at.legal().ok()?;
                        match random {
                            true => Some(legal[rr.random_range(0..legal.len())]),
                            false => first_move(&e, at.line()),
                        }
                    });
                    if let Ok(bad) = bad {
                        let cert = Certificate::new(CertificateBody::GameMoves(bad));
                        assert!(
                            certify::check(&inst, &cert).is_err(),
                            "{}: the loser was certified",
                            g.variant_name()
                        );
                        rejected += 1;
                    }
                }
            }
        }
    }
    assert!(rejected > 500, "{rejected}");
}
