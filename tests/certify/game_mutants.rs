//! The `game_win` mutation test: mutants of valid certificates (a changed, illegal or dropped
//! move, a duplicated or perturbed position, the winner flipped) are accepted exactly when the
//! independent oracle of `brute.rs` says they are still valid.

use super::brute::Engine;
use super::games::{check, random_game, variants, want_player};
use super::rng;
use georeduce::certify::{CertMove, GameStrategy, StrategyEntry};
use georeduce::problems::Convention;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Mutants of a game certificate: winner flipped, each sampled entry dropped, duplicated,
/// given every other legal move, an illegal move, or a perturbed position.
fn game_mutants(e: &Engine, cert: &GameStrategy, r: &mut ChaCha8Rng) -> Vec<GameStrategy> {
    let mut out = vec![GameStrategy {
        winner: cert.winner.other(),
        ..cert.clone()
    }];
    let n = cert.strategy.len();
    for _ in 0..n.min(6) {
        let i = r.random_range(0..n);
        let with = |f: &dyn Fn(&mut Vec<StrategyEntry>)| {
            let mut c = cert.clone();
            f(&mut c.strategy);
            c
        };
        out.push(with(&|s| drop(s.remove(i))));
        out.push(with(&|s| s.push(s[i].clone())));
        let st = e
            .decode(&cert.strategy[i].position)
            .expect("own certificate decodes");
        for (m, _) in e.moves(&st) {
            let cm = e.cert_move(&m);
            if cm != cert.strategy[i].play {
                out.push(with(&|s| s[i].play = cm.clone()));
            }
        }
        let m = e.g.graph.m();
        let illegal = match cert.strategy[i].play {
            CertMove::Nim { ref to, .. } => CertMove::Nim {
                take: 99,
                to: to.clone(),
            },
            _ => CertMove::Step {
                token: 0,
                from: "v0".into(),
                edge: m,
                to: "v1".into(),
            },
        };
        out.push(with(&|s| s[i].play = illegal.clone()));
        let other = format!("v{}", r.random_range(0..e.g.graph.n()));
        out.push(with(&|s| {
            if let Some(t) = s[i].position.tokens.iter_mut().flatten().next() {
                *t = other.clone();
            }
        }));
    }
    out
}

/// The mutation test: the checker accepts a mutant exactly when the oracle says it is valid,
/// and an accepted mutant always names the true winner.
#[test]
fn game_mutants_are_judged_like_the_oracle() {
    let mut r = rng(7);
    let (mut valid, mut invalid) = (0usize, 0usize);
    for (rule, directed, arr) in variants() {
        for conv in [Convention::Normal, Convention::Misere] {
            for _ in 0..8 {
                let g = random_game(&mut r, rule, directed, arr, conv);
                let mut e = Engine::new(&g);
                let truth = want_player(e.winner());
                for full in [false, true] {
                    let cert = e.certificate(full);
                    for mutant in game_mutants(&e, &cert, &mut r) {
                        let got = check(&g, &mutant);
                        assert_eq!(
                            got.is_ok(),
                            e.oracle(&mutant),
                            "{}: {mutant:?} → {got:?}",
                            g.variant_name()
                        );
                        if got.is_ok() {
                            assert_eq!(mutant.winner, truth);
                            valid += 1;
                        } else {
                            invalid += 1;
                        }
                    }
                }
            }
        }
    }
    eprintln!("game mutants: {valid} valid, {invalid} invalid");
    assert!(
        valid > 100 && invalid > 1000,
        "valid {valid}, invalid {invalid}"
    );
}
