//! Self-checking mode on every example file and on random instances of every kind.
//!
//! Each answer of the default solver is turned into a certificate
//! (`solvers::certificates`) and judged by the independent checker (`certify::check`, its own
//! move generator and no solver code); `self_check` also asserts that the certified claim is
//! the solver's answer. Random samples use fixed seeds and assert that both answers occur in
//! large numbers, so that YES and NO (player I and player II) are both exercised.

#[path = "self_check/games.rs"]
mod games; // every geography variant, game_win and compact certificates

use georeduce::certify::Claim;
use georeduce::problems::Instance;
use georeduce::random::formulas::{QbfParams, random_qbf};
use georeduce::random::graphs::{
    Endpoints, GraphFamily, HamPathParams, random_hampath, random_vertex_cover,
};
use georeduce::solvers::Budget;
use georeduce::solvers::certificates::{
    GameCertificate, certify_instance, certify_solution, self_check,
};
use georeduce::solvers::dispatch::Solution;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};

/// The fixed-seed generator every random test uses.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Solves, certifies (in `style`) and self-checks `instance`; panics with `what` on any
/// failure. Returns the solver's answer and the certified claim (`None` for NO answers of NP
/// problems, which have no certificate).
pub fn certified(
    instance: &Instance,
    style: GameCertificate,
    what: &str,
) -> (Solution, Option<Claim>, Option<&'static str>) {
    let budget = Budget::unlimited();
    let solution = georeduce::solvers::dispatch::solve_instance(instance, &budget)
        .unwrap_or_else(|e| panic!("{what}: solve: {e}"));
    let cert = certify_solution(instance, &solution, &budget, style)
        .unwrap_or_else(|e| panic!("{what}: certify: {e}"));
    let verdict = self_check(instance, &solution, cert.as_ref()).unwrap_or_else(|e| {
        panic!(
            "{what}: self-check: {e}\n{}\n{}",
            georeduce::lang::print::to_dsl(instance),
            json(cert.as_ref())
        )
    });
    assert_eq!(verdict.is_some(), cert.is_some(), "{what}");
    let kind = cert.as_ref().map(|c| c.body.kind());
    (solution, verdict.map(|v| v.claim), kind)
}

fn json(cert: Option<&georeduce::certify::Certificate>) -> String {
    cert.map(|c| c.to_json()).unwrap_or_default()
}

/// Every instance file under `examples/`, recursively, in name order.
fn example_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("geo" | "qbf" | "qdimacs")
            ) {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"),
        &mut out,
    );
    out
}

#[test]
fn every_example_file_self_checks() {
    let files = example_files();
    assert!(files.len() >= 20, "found only {} examples", files.len());
    let mut certified_count = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let name = path.display().to_string();
        let parsed =
            georeduce::lang::parse_bytes(&name, &bytes).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let styles: &[GameCertificate] = match parsed.instance {
            Instance::Geography(_) => &[GameCertificate::Auto, GameCertificate::Strategy],
            _ => &[GameCertificate::Auto],
        };
        for &style in styles {
            let (_, claim, _) = certified(&parsed.instance, style, &name);
            certified_count += usize::from(claim.is_some());
        }
    }
    // Only NO answers of NP problems lack a certificate, and the examples hold few of them.
    assert!(
        certified_count >= files.len(),
        "{certified_count} certified"
    );
}

#[test]
fn certify_instance_agrees_with_the_default_solver() {
    let parsed = georeduce::lang::parse_bytes(
        "fs.qbf",
        include_bytes!("../examples/fraenkel-simonson.qbf"),
    )
    .unwrap();
    let (solution, cert) = certify_instance(&parsed.instance, &Budget::unlimited()).unwrap();
    assert!(!solution.yes());
    let cert = cert.expect("QBF answers always have a certificate");
    assert_eq!(cert.body.kind(), "qbf_false");
    let verdict = georeduce::certify::check(&parsed.instance, &cert).unwrap();
    assert_eq!(verdict.claim, Claim::Qbf(false));
}

#[test]
fn random_qbfs_self_check() {
    let mut rng = rng(501);
    let params = QbfParams::three_qbf(1..=9, 1..=14);
    let (mut trues, mut falses) = (0, 0);
    for i in 0..400 {
        let q = random_qbf(&mut rng, &params);
        let (solution, claim, _) = certified(
            &Instance::Qbf(q),
            GameCertificate::Auto,
            &format!("qbf {i}"),
        );
        assert_eq!(claim, Some(Claim::Qbf(solution.yes())));
        *(if solution.yes() {
            &mut trues
        } else {
            &mut falses
        }) += 1;
    }
    assert!(trues >= 80 && falses >= 80, "{trues} true, {falses} false");
}

#[test]
fn random_hampaths_self_check() {
    let mut rng = rng(502);
    let (mut yes, mut no) = (0, 0);
    for i in 0..300 {
        let params = HamPathParams {
            vertices: 3..=9,
            family: GraphFamily::Sparse,
            directed: rng.random_bool(0.5),
            endpoints: Endpoints::Mixed,
            plant: 0.15,
        };
        let h = random_hampath(&mut rng, &params);
        let (solution, claim, _) = certified(
            &Instance::Hampath(h),
            GameCertificate::Auto,
            &format!("hampath {i}"),
        );
        assert_eq!(claim.is_some(), solution.yes());
        *(if solution.yes() { &mut yes } else { &mut no }) += 1;
    }
    assert!(yes >= 60 && no >= 60, "{yes} yes, {no} no");
}

#[test]
fn random_vertex_covers_self_check() {
    let mut rng = rng(503);
    let (mut yes, mut no) = (0, 0);
    for i in 0..300 {
        let n = rng.random_range(1..=10);
        let k = rng.random_range(0..=n);
        let density = rng.random_range(0.1..0.7);
        let v = random_vertex_cover(&mut rng, n, density, k);
        let (solution, claim, _) = certified(
            &Instance::VertexCover(v),
            GameCertificate::Auto,
            &format!("cover {i}"),
        );
        assert_eq!(claim.is_some(), solution.yes());
        *(if solution.yes() { &mut yes } else { &mut no }) += 1;
    }
    assert!(yes >= 60 && no >= 60, "{yes} yes, {no} no");
}
