//! Unit tests of the certificate builders on instances whose answers are known by hand.

use super::*;
use crate::certify::check;
use crate::problems::{Graph, Qbf, Quantifier};

/// The path `v0 – v1 – … – v(n−1)`.
fn path(n: usize) -> Graph {
    let edges: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
    Graph::from_edges(false, n, &edges)
}

fn certified_claim(instance: &Instance, style: GameCertificate) -> (Claim, &'static str) {
    let solution = solve_instance(instance, &Budget::unlimited()).unwrap();
    let cert = certify_solution(instance, &solution, &Budget::unlimited(), style)
        .unwrap()
        .unwrap();
    let verdict = self_check(instance, &solution, Some(&cert))
        .unwrap()
        .unwrap();
    (verdict.claim, cert.body.kind())
}

#[test]
fn the_running_example_is_certified_false_by_herbrand_functions() {
    use Quantifier::{Exists, Forall};
    // ∃x1 ∀x2 ∃x3 (x1 ∨ x2 ∨ ¬x3)(¬x1 ∨ ¬x2 ∨ ¬x2)(x2 ∨ x3 ∨ x3): ∀ answers x2 = x1.
    let q = Qbf::from_signed(
        &[Exists, Forall, Exists],
        &[vec![1, 2, -3], vec![-1, -2, -2], vec![2, 3, 3]],
    );
    let (claim, kind) = certified_claim(&Instance::Qbf(q), GameCertificate::Auto);
    assert_eq!((claim, kind), (Claim::Qbf(false), "qbf_false"));
}

#[test]
fn a_wrong_qbf_value_gives_a_rejected_certificate() {
    use Quantifier::{Exists, Forall};
    // ∃x1 ∀x2. x1 = x2 is false; a certificate claiming "true" cannot win.
    let q = Qbf::from_signed(&[Exists, Forall], &[vec![-1, 2], vec![1, -2]]);
    let body = qbf::qbf_strategy(&q, true, &Budget::unlimited()).unwrap();
    let e = check(&Instance::Qbf(q), &Certificate::new(body)).unwrap_err();
    assert!(matches!(e, CheckError::ClauseFalsified { .. }), "{e}");
}

#[test]
fn uvg_on_paths_matches_the_parity_rule() {
    // UVG on a path started at an end: player I wins iff the path has an even number of
    // vertices (every maximum matching saturates the end exactly then).
    for n in 1..=7 {
        for style in [GameCertificate::Auto, GameCertificate::Strategy] {
            let (claim, kind) = certified_claim(
                &Instance::Geography(crate::game!(uvg on path(n); start 0)),
                style,
            );
            let want = if n % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            assert_eq!(claim, Claim::Winner(want), "n = {n}, {kind}");
        }
        let (_, kind) = certified_claim(
            &Instance::Geography(crate::game!(uvg on path(n); unrooted)),
            GameCertificate::Auto,
        );
        assert_eq!(kind, "uvg_matching");
    }
}

#[test]
fn ueg_on_paths_matches_the_parity_rule() {
    // UEG on a path started at an end: the token runs to the other end, n − 1 moves.
    for n in 1..=7 {
        let (claim, kind) = certified_claim(
            &Instance::Geography(crate::game!(ueg on path(n); start 0)),
            GameCertificate::Auto,
        );
        let want = if n % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        assert_eq!(
            (claim, kind),
            (Claim::Winner(want), "ueg_kernel"),
            "n = {n}"
        );
    }
}

#[test]
fn blossoms_are_contracted() {
    // A triangle with a pendant vertex: ν = 2; the pendant end d is saturated by every
    // maximum matching only if … here G − d is a triangle (ν 1) < 2, so player I wins from d.
    let mut g = path(0);
    for id in ["a", "b", "c", "d"] {
        g.add_vertex(id);
    }
    for (u, v) in [(0, 1), (1, 2), (2, 0), (2, 3)] {
        g.add_edge(u, v);
    }
    let (claim, _) = certified_claim(
        &Instance::Geography(crate::game!(uvg on g.clone(); start 3)),
        GameCertificate::Auto,
    );
    assert_eq!(claim, Claim::Winner(Player::First));
    // From a: G − a is the path b–c–d with ν 1 < 2, so player I wins from a as well.
    let (claim, _) = certified_claim(
        &Instance::Geography(crate::game!(uvg on g; start 0)),
        GameCertificate::Auto,
    );
    assert_eq!(claim, Claim::Winner(Player::First));
}

#[test]
fn no_answers_of_np_problems_have_no_certificate() {
    let h = Instance::Hampath(crate::problems::HamPath {
        graph: {
            let mut g = path(2);
            g.edges.clear();
            g
        },
        start: None,
        end: None,
    });
    let (solution, cert) = certify_instance(&h, &Budget::unlimited()).unwrap();
    assert!(!solution.yes() && cert.is_none());
    assert_eq!(self_check(&h, &solution, None), Ok(None));
}
