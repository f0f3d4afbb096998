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

/// `georeduce create deg --seed 0 --size 14 --family game`: 61 arcs, 7 antiparallel pairs.
/// Its winning strategy searched on the game itself took over 8 million nodes; searched on
/// the game without its pairs (as the solver does, 918 nodes) and answering each pair by its
/// partner, it takes a few thousand.
const DEG_WITH_PAIRS: &str = "geography {
  directed edge geography
  normal play
  tokens: one at v9
  vertices v0 v1 v2 v3 v4 v5 v6 v7 v8 v9 v10 v11 v12 v13
  edges v0 -> v1, v0 -> v9, v0 -> v10, v1 -> v2, v1 -> v4, v1 -> v6, v1 -> v13, v2 -> v3,
    v2 -> v5, v2 -> v8, v2 -> v12, v3 -> v10, v3 -> v12, v4 -> v2, v4 -> v3, v4 -> v5, v4 -> v9,
    v4 -> v10, v4 -> v13, v5 -> v0, v5 -> v4, v5 -> v6, v5 -> v11, v6 -> v2, v6 -> v4, v6 -> v5,
    v6 -> v7, v6 -> v8, v6 -> v9, v6 -> v10, v7 -> v0, v7 -> v1, v7 -> v5, v7 -> v11, v8 -> v5,
    v8 -> v6, v8 -> v10, v8 -> v11, v9 -> v1, v9 -> v3, v9 -> v8, v9 -> v12, v9 -> v13,
    v10 -> v1, v10 -> v3, v10 -> v4, v10 -> v5, v10 -> v6, v10 -> v7, v11 -> v3, v11 -> v4,
    v12 -> v4, v12 -> v5, v12 -> v10, v12 -> v11, v12 -> v13 -> v0, v13 -> v6, v13 -> v10,
    v13 -> v11, v13 -> v12
}
";

#[test]
fn a_deg_certificate_costs_about_what_its_solve_costs() {
    let instance = crate::lang::parse_str("deg.geo", DEG_WITH_PAIRS)
        .expect("valid game")
        .instance;
    let Instance::Geography(g) = &instance else {
        panic!("a game")
    };
    let pairs = g
        .graph
        .edges
        .iter()
        .filter(|&&(u, v)| u < v && g.graph.edges.contains(&(v, u)))
        .count();
    assert_eq!(pairs, 7, "antiparallel pairs");
    let solution = solve_instance(&instance, &Budget::unlimited()).unwrap();
    // 100,000 nodes: a hundred times the solve, a tenth of `check`'s default budget.
    let budget = Budget::new(Some(100_000), None);
    for style in [GameCertificate::Strategy, GameCertificate::Moves] {
        let cert = certify_solution(&instance, &solution, &budget, style)
            .unwrap_or_else(|e| panic!("{style:?}: {e}"))
            .expect("a game answer has a certificate");
        let verdict = self_check(&instance, &solution, Some(&cert))
            .unwrap()
            .unwrap();
        assert_eq!(verdict.claim, Claim::Winner(Player::First), "{style:?}");
    }
}

#[test]
fn deg_strategies_with_antiparallel_pairs_are_accepted_in_both_forms() {
    use crate::problems::geography::{Convention, Rule};
    use crate::random::games::{GameParams, Setup, random_game};
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(77);
    let mut winners = [0usize; 2];
    for i in 0..300 {
        let params = GameParams {
            rule: Rule::Edge,
            setup: if i % 3 == 0 {
                Setup::Unrooted
            } else {
                Setup::Rooted
            },
            directed: true,
            convention: Convention::Normal,
            loops: true,
            n: rng.random_range(2..=7),
            edge_prob: rng.random_range(0.15..0.5),
            ..GameParams::default()
        };
        let mut g = random_game(&mut rng, &params);
        for (u, v) in g.graph.edges.clone() {
            if u != v && rng.random_bool(0.4) {
                g.graph.add_edge(v, u);
            }
        }
        let instance = Instance::Geography(g);
        // The reference winner: the search without cancellation.
        let Instance::Geography(g) = &instance else {
            unreachable!()
        };
        let plain = crate::solvers::geography::solve_exhaustive_plain(g, &Budget::unlimited())
            .unwrap()
            .winner;
        winners[plain as usize] += 1;
        for style in [GameCertificate::Strategy, GameCertificate::Moves] {
            let (claim, kind) = certified_claim(&instance, style);
            assert_eq!(claim, Claim::Winner(player(plain)), "{kind} of {g:?}");
        }
    }
    assert!(winners.iter().all(|&w| w >= 60), "{winners:?}");
}

/// Normal-play UEG on a non-bipartite multigraph whose start has an even kernel: the compact
/// certificate is one kernel leaf (`game_moves`, no choice), found without game search; when
/// player I wins by a first move into a kernel position, that move and one leaf.
#[test]
fn non_bipartite_ueg_with_a_root_kernel_is_one_leaf() {
    // Triangle v0 v1 v2 with v3 joined to v1 and v2: {v0, v3} is an even kernel (v1 and v2
    // have two edges into it each), so player II wins from v0.
    let g = Graph::from_edges(false, 4, &[(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]);
    let ii = Instance::Geography(crate::game!(ueg on g; start 0));
    let (claim, kind) = certified_claim(&ii, GameCertificate::Auto);
    assert_eq!((claim, kind), (Claim::Winner(Player::Second), "game_moves"));
    let Some(CertificateBody::GameMoves(m)) = compact_certificate(match &ii {
        Instance::Geography(g) => g,
        _ => unreachable!(),
    })
    .unwrap()
    .map(|c| c.body) else {
        panic!("a game_moves certificate")
    };
    assert_eq!((m.choices.len(), m.kernels.len()), (0, 1), "{m:?}");
    assert_eq!(m.kernels[0].at, 0);
    // A triangle with a loop at v1 (so not a simple bipartite graph): from v0, player I's move
    // to v1 leaves player II on v1 with the path v1–v2–v0 and the loop; no kernel holds v1
    // then (its loop is inside), but after v0 → v2 player II is on v2 with the path v2–v1–v0
    // and the loop at v1: {v2, v0} is a kernel (v1 has two edges into it).
    let t = Graph::from_edges(false, 3, &[(0, 1), (1, 2), (2, 0), (1, 1)]);
    let i = Instance::Geography(crate::game!(ueg on t; start 0));
    let (claim, kind) = certified_claim(&i, GameCertificate::Auto);
    assert_eq!((claim, kind), (Claim::Winner(Player::First), "game_moves"));
}

/// The `game_moves` certificates of random normal-play UEG multigraphs (loops, parallel
/// edges, rooted and unrooted) close opponent positions with kernel leaves from the finder,
/// and every one is accepted with the solver's winner (`self_check`).
#[test]
fn game_moves_certificates_of_ueg_multigraphs_carry_kernel_leaves() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1515);
    let (mut with_leaves, mut leaves) = (0usize, 0usize);
    for _ in 0..400 {
        let n = rng.random_range(2..=8);
        let m = rng.random_range(0..=12);
        let edges: Vec<(usize, usize)> = (0..m)
            .map(|_| {
                let u = rng.random_range(0..n);
                match rng.random_bool(0.15) {
                    true => (u, u),
                    false => (u, rng.random_range(0..n)),
                }
            })
            .collect();
        let g = Graph::from_edges(false, n, &edges);
        let game = match rng.random_bool(0.8) {
            true => crate::game!(ueg on g; start rng.random_range(0..n)),
            false => crate::game!(ueg on g; unrooted),
        };
        let inst = Instance::Geography(game);
        let solution = solve_instance(&inst, &Budget::unlimited()).unwrap();
        let cert = certify_solution(
            &inst,
            &solution,
            &Budget::unlimited(),
            GameCertificate::Moves,
        )
        .unwrap()
        .unwrap();
        let CertificateBody::GameMoves(moves) = &cert.body else {
            panic!("{}", cert.body.kind())
        };
        with_leaves += usize::from(!moves.kernels.is_empty());
        leaves += moves.kernels.len();
        self_check(&inst, &solution, Some(&cert)).unwrap();
    }
    assert!(
        with_leaves >= 300,
        "{with_leaves} certificates with {leaves} leaves"
    );
}
