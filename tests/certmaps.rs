//! Certificates across reductions (issue #5 §2): for every reduction with certificate maps,
//! on at least 200 random small sources (fixed seeds) with both answers present, a source
//! certificate mapped forward is accepted by `certify::check` on the target, a target
//! certificate mapped backward is accepted on the source, an invalid mutant of a source
//! certificate never maps to an accepted target certificate, and every direction that
//! `cert_maps` declares not constructive refuses with `NotConstructive`.
//!
//! Source and target certificates come from `certmaps/producers.rs` (brute force for QBF,
//! the exhaustive solvers for games, paths and covers) and are checked before use.

#[path = "certmaps/cli.rs"]
mod cli; // `georeduce verify --certify` end to end
#[path = "certmaps/harness.rs"]
mod harness; // one round trip per source, and the tally
#[path = "certmaps/mutate.rs"]
mod mutate; // one-step mutants of certificates
#[path = "certmaps/producers.rs"]
mod producers; // certificates of sources and targets

use georeduce::problems::{Convention, Instance, Rule};
use georeduce::random::formulas::{QbfParams, random_qbf};
use georeduce::random::games::{GameParams, Setup, random_game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `count` random QBF sources with `vars` variables and `clauses` clauses of width `width`.
fn qbfs(seed: u64, count: usize, vars: usize, clauses: usize, width: usize) -> Vec<Instance> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut p = QbfParams::three_qbf(1..=vars, 1..=clauses);
    p.width = width;
    (0..count)
        .map(|_| Instance::Qbf(random_qbf(&mut rng, &p)))
        .collect()
}

/// `count` random games of one variant on 2..=`max_n` vertices.
fn games(seed: u64, count: usize, base: GameParams, max_n: usize) -> Vec<Instance> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let p = GameParams {
                n: rng.random_range(2..=max_n),
                edge_prob: rng.random_range(0.2..0.6),
                ..base
            };
            Instance::Geography(random_game(&mut rng, &p))
        })
        .collect()
}

fn params(rule: Rule, setup: Setup, directed: bool, loops: bool) -> GameParams {
    GameParams {
        rule,
        setup,
        convention: Convention::Normal,
        directed,
        loops,
        ..GameParams::default()
    }
}

#[test]
fn qbf_dvg_maps_both_ways() {
    harness::run("qbf-dvg", qbfs(11, 200, 5, 4, 3), 1);
}

#[test]
fn qbf_deg_maps_both_ways() {
    harness::run("qbf-deg", qbfs(12, 200, 5, 4, 2), 2);
}

#[test]
fn qbf_pvg_maps_both_ways() {
    harness::run("qbf-pvg", qbfs(13, 200, 4, 3, 3), 3);
}

#[test]
fn qbf_pvg_restricted_maps_both_ways() {
    harness::run("qbf-pvg-restricted", qbfs(27, 200, 4, 4, 3), 17);
}

#[test]
fn pvg_pag_maps_both_ways() {
    let p = params(Rule::Vertex, Setup::Partizan, true, false);
    harness::run("pvg-pag", games(14, 200, p, 6), 4);
}

#[test]
fn pendant_maps_both_ways() {
    let dvg = params(Rule::Vertex, Setup::Rooted, true, false);
    harness::run("dvg-misere-dvg", games(15, 200, dvg, 7), 5);
    let deg = params(Rule::Edge, Setup::Rooted, true, true);
    harness::run("deg-misere-deg", games(16, 200, deg, 5), 6);
    let ueg = params(Rule::Edge, Setup::Rooted, false, false);
    let t = harness::run("ueg-misere-ueg", games(17, 200, ueg, 6), 7);
    assert!(t.compact >= 20, "too few kernel certificates: {t:?}");
}

#[test]
fn trailtrap_disconnected_maps_both_ways() {
    let tt = params(Rule::Edge, Setup::PartizanUnrooted, false, false);
    harness::run("trailtrap-disconnected", games(18, 200, tt, 5), 8);
}

#[test]
fn qbf_ivg2_maps_both_ways() {
    harness::run("qbf-ivg2", qbfs(19, 200, 4, 3, 3), 9);
}

#[test]
fn qbf_iag2_maps_both_ways() {
    harness::run("qbf-iag2", qbfs(20, 200, 4, 3, 3), 10);
}

#[test]
fn hampath_pvg_maps_the_yes_side() {
    use georeduce::random::graphs::{Endpoints, GraphFamily, HamPathParams, random_hampath};
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let sources: Vec<Instance> = (0..200)
        .map(|i| {
            let p = HamPathParams {
                vertices: 2..=6,
                family: GraphFamily::Gnp(0.4),
                directed: i % 2 == 0,
                endpoints: if i % 3 == 0 {
                    Endpoints::Both
                } else {
                    Endpoints::Start
                },
                plant: 0.3,
            };
            Instance::Hampath(random_hampath(&mut rng, &p))
        })
        .collect();
    harness::run("hampath-pvg", sources, 11);
}

#[test]
fn vc_pvg_maps_the_yes_side() {
    use georeduce::random::graphs::random_vertex_cover;
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let sources: Vec<Instance> = (0..200)
        .map(|_| {
            let n = rng.random_range(2..=6);
            let k = rng.random_range(1..=n / 2 + 1);
            let density = rng.random_range(0.3..0.8);
            Instance::VertexCover(random_vertex_cover(&mut rng, n, density, k))
        })
        .collect();
    harness::run("vc-pvg", sources, 12);
}

#[test]
fn vc_pvg_maps_the_fixed_board_of_k_zero_and_k_above_n() {
    use georeduce::random::graphs::random_vertex_cover;
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    let sources: Vec<Instance> = (0..120)
        .map(|i| {
            let n = rng.random_range(0..=5);
            let k = if i % 2 == 0 {
                0
            } else {
                n + rng.random_range(1..=3)
            };
            let density = rng.random_range(0.0..0.6);
            Instance::VertexCover(random_vertex_cover(&mut rng, n, density, k))
        })
        .collect();
    let t = harness::run("vc-pvg", sources, 14);
    assert_eq!(t.skipped, 0, "{t:?}");
    assert!(t.forward >= 20 && t.backward >= 20, "{t:?}");
}

#[test]
fn deg_ueg_maps_both_ways() {
    let p = params(Rule::Edge, Setup::Rooted, true, true);
    harness::run("deg-ueg", games(23, 200, p, 4), 13);
}

#[test]
fn misere_gadgets_map_both_ways() {
    let p = params(Rule::Vertex, Setup::Rooted, true, false);
    let t = harness::run("dvg-misere-uvg", games(24, 200, p, 5), 14);
    assert!(t.forward >= 200 && t.mutants >= 50, "{t:?}");
    let t = harness::run("dvg-nimg", games(25, 200, p, 4), 15);
    assert!(t.forward >= 200 && t.mutants >= 50, "{t:?}");
}

#[test]
fn hampath_pvg_as_printed_maps_forward_only() {
    use georeduce::random::graphs::{Endpoints, GraphFamily, HamPathParams, random_hampath};
    // Without an end vertex the literal reading decides the right question.
    let mut rng = ChaCha8Rng::seed_from_u64(26);
    let p = HamPathParams {
        vertices: 2..=6,
        family: GraphFamily::Gnp(0.4),
        directed: true,
        endpoints: Endpoints::Start,
        plant: 0.3,
    };
    let sources: Vec<Instance> = (0..200)
        .map(|_| Instance::Hampath(random_hampath(&mut rng, &p)))
        .collect();
    let t = harness::run("hampath-pvg-as-printed", sources, 16);
    assert!(t.backward == 0 && t.forward == t.yes, "{t:?}");
}

/// Theorem 18 decides "a trail of length n + 1 from v", not "a Hamiltonian path from v": a
/// path maps forward exactly when it extends to such a trail, and nothing maps backward.
#[test]
fn hampath_trailtrap_maps_extendable_paths_forward() {
    use georeduce::certify::{Claim, Player, check};
    use georeduce::problems::HamPath;
    use georeduce::random::graphs::{is_connected, random_cubic, random_degree_bounded};
    use georeduce::reductions::{CertMapError, by_id};
    let mut rng = ChaCha8Rng::seed_from_u64(28);
    for (id, count) in [
        ("hampath-trailtrap", 60),
        ("hampath-trailtrap-subcubic", 200),
    ] {
        let r = by_id(id).unwrap();
        let (mut mapped, mut refused, mut no) = (0, 0, 0);
        for _ in 0..count {
            let n = rng.random_range(2..=4) * 2;
            let graph = match id {
                "hampath-trailtrap" => random_cubic(&mut rng, n).unwrap(),
                _ => random_degree_bounded(&mut rng, n - 1, 3, 0.95),
            };
            if !is_connected(&graph) {
                continue;
            }
            let v = rng.random_range(0..graph.n());
            let source = Instance::Hampath(HamPath {
                graph,
                start: Some(v),
                end: None,
            });
            let target = r.reduce(&source).unwrap().target;
            let Some(cert) = producers::certificate(&source, true) else {
                no += 1;
                continue;
            };
            match r.forward(&source, &target, &cert) {
                Ok(t) => {
                    let v = check(&target, &t).expect("mapped certificate accepted");
                    assert_eq!(v.claim, Claim::Winner(Player::Second));
                    let back = r.backward(&source, &target, &t);
                    assert!(matches!(back, Err(CertMapError::NotConstructive(_))));
                    mapped += 1;
                }
                Err(CertMapError::NotConstructive(_)) => refused += 1,
                Err(e) => panic!("{id}: {e}"),
            }
        }
        eprintln!("{id}: mapped {mapped}, refused {refused}, no path {no}");
        assert!(
            mapped >= 20 && refused >= 1,
            "{id}: {mapped} mapped, {refused} refused"
        );
    }
}

/// A wrong construction is caught through the forward map: on sources where the control
/// gadgets (NimG with one token on `d`, misère UVG without pendants) change the answer, the
/// map never yields a certificate that the checker accepts for the source's winner.
#[test]
fn misere_forward_maps_catch_broken_gadgets() {
    use georeduce::certify::{Claim, Player, check};
    use georeduce::reductions::Reduction;
    use georeduce::reductions::dvg_to_misere_uvg::DvgToMisereUvg;
    use georeduce::reductions::dvg_to_nimg::DvgToNimg;
    use georeduce::solvers::dispatch::solve_instance;
    use georeduce::solvers::{Budget, Winner};
    let p = params(Rule::Vertex, Setup::Rooted, true, false);
    let controls: [(&dyn Reduction, u64); 2] = [
        (&DvgToNimg { d_weight: 1 }, 29),
        (&DvgToMisereUvg { pendants: false }, 30),
    ];
    for (control, seed) in controls {
        let (mut wrong, mut right) = (0, 0);
        for source in games(seed, 200, p, 4) {
            let Ok(out) = control.reduce(&source) else {
                continue;
            };
            let cert = producers::certificate(&source, true).expect("a game certificate");
            let claim = check(&source, &cert)
                .expect("the producer's certificate")
                .claim;
            let truth = solve_instance(&out.target, &Budget::unlimited())
                .expect("small target")
                .winner()
                .map(|w| {
                    Claim::Winner(if w == Winner::First {
                        Player::First
                    } else {
                        Player::Second
                    })
                });
            if truth == Some(claim) {
                right += 1;
                continue;
            }
            wrong += 1;
            if let Ok(image) = control.forward(&source, &out.target, &cert) {
                let verdict = check(&out.target, &image);
                assert!(
                    verdict.is_err(),
                    "{}: a broken gadget's image was accepted\n{source:?}",
                    control.info().id
                );
            }
        }
        eprintln!(
            "{}: control wrong on {wrong}, right on {right}",
            control.info().id
        );
        assert!(wrong >= 10 && right >= 10, "{wrong} wrong, {right} right");
    }
}

#[test]
fn misere_forward_maps_honour_their_memory_budget() {
    // The bundled example through qbf-dvg: a 21-vertex DVG whose misère images take tens of
    // thousands of positions. Under a memory budget far below that, each map ends as a size
    // refusal ("unknown"), never as a failure; without one, its image is accepted.
    use georeduce::certify::{self, CheckError, Limits};
    use georeduce::reductions::{self, CertMapError};
    let text = std::fs::read_to_string("examples/fraenkel-simonson.qbf").unwrap();
    let qbf = georeduce::lang::parse_str("fs", &text).unwrap().instance;
    let dvg = reductions::by_id("qbf-dvg")
        .unwrap()
        .reduce(&qbf)
        .unwrap()
        .target;
    let cert = producers::certificate(&dvg, false).expect("a game certificate");
    for id in ["dvg-misere-uvg", "dvg-nimg"] {
        let r = reductions::by_id(id).unwrap();
        let target = r.reduce(&dvg).unwrap().target;
        let small = Limits::default().within_memory(Some(20_000), 64);
        let starved =
            reductions::certmaps::with_map_limits(small, || r.forward(&dvg, &target, &cert));
        assert!(
            matches!(
                starved,
                Err(CertMapError::Check(CheckError::TooLarge { .. }))
            ),
            "{id}: {starved:?}"
        );
        let image = r.forward(&dvg, &target, &cert).expect("an image");
        assert!(certify::check(&target, &image).is_ok(), "{id}");
    }
}
