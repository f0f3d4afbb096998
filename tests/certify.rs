//! Integration tests of `georeduce::certify`: the independent certificate checker.
//!
//! Every test builds certificates either by hand (answers known by reasoning) or with the
//! test-only brute force of `certify/brute.rs` and friends, never with `crate::solvers`, and
//! every mutation test decides a mutant's validity with an independent oracle.

#[path = "certify/brute.rs"]
mod brute; // a second geography engine, minimax, certificate builder and validity oracle
#[path = "certify/checker_mutants.rs"]
mod checker_mutants; // hand-made cases that kill mutants of the checker's code
#[path = "certify/checker_mutants_compact.rs"]
mod checker_mutants_compact; // the same for the QBF, matching and dispatch code
#[path = "certify/checker_mutants_positions.rs"]
mod checker_mutants_positions; // the same for keys, replays, positions, NP witnesses, errors
#[path = "certify/compact.rs"]
mod compact; // UVG matching certificates, including 10^5-vertex instances
#[path = "certify/game_mutants.rs"]
mod game_mutants; // game_win mutants judged by the oracle
#[path = "certify/games.rs"]
mod games; // game_win certificates of every variant: hand-built and random
#[path = "certify/kernel_leaves.rs"]
mod kernel_leaves; // kernel leaves of game_moves certificates: refusals, round trips, forgeries
#[path = "certify/kernels.rs"]
mod kernels; // UEG even-kernel certificates against the game engine
#[path = "certify/np.rs"]
mod np; // Hamiltonian path and vertex cover certificates
#[path = "certify/qbf.rs"]
mod qbf; // Skolem and Herbrand certificates

use georeduce::certify::{Certificate, Claim, Player, check};
use georeduce::game;
use georeduce::problems::{Graph, HamPath, Instance, Qbf, Quantifier, VertexCover};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The fixed-seed generator every random test uses.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The dependency boundary: the checker must not use solvers or reductions (issue #5 §1).
#[test]
fn certify_depends_only_on_problems() {
    let mut stack = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/certify")];
    let mut files = 0;
    while let Some(p) = stack.pop() {
        for entry in std::fs::read_dir(&p).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            files += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            for bad in [
                "crate::solvers",
                "crate::reductions",
                "solvers::",
                "reductions::",
            ] {
                assert!(!text.contains(bad), "{} mentions {bad}", path.display());
            }
        }
    }
    assert!(
        files >= 5,
        "expected the certify sources, found {files} files"
    );
}

/// A graph with named vertices.
fn named(directed: bool, ids: &[&str], edges: &[(usize, usize)]) -> Graph {
    let mut g = Graph::new(directed);
    for id in ids {
        g.add_vertex(*id);
    }
    for &(u, v) in edges {
        g.add_edge(u, v);
    }
    g
}

/// The instance each example of `docs/certificates.md` is about, and the claim it proves.
fn doc_instance(name: &str) -> (Instance, Claim) {
    use Quantifier::{Exists as E, Forall as A};
    let abc = |directed| named(directed, &["a", "b", "c"], &[(0, 1), (1, 2)]);
    match name {
        "qbf_true" => (
            Instance::Qbf(Qbf::from_signed(
                &[E, A, E],
                &[vec![1, 2], vec![2, -3], vec![-2, 3]],
            )),
            Claim::Qbf(true),
        ),
        "qbf_false" => (
            Instance::Qbf(Qbf::from_signed(&[E, A], &[vec![-1, 2], vec![1, -2]])),
            Claim::Qbf(false),
        ),
        "hampath" => (
            Instance::Hampath(HamPath {
                graph: abc(true),
                start: None,
                end: None,
            }),
            Claim::HamPathExists,
        ),
        "vertex_cover" => (
            Instance::VertexCover(VertexCover {
                graph: abc(false),
                k: 1,
            }),
            Claim::CoverExists,
        ),
        "game_win_star" => {
            let star = named(false, &["c", "l1", "l2", "l3"], &[(0, 1), (0, 2), (0, 3)]);
            (
                Instance::Geography(game!(uvg on star; start 0)),
                Claim::Winner(Player::First),
            )
        }
        "game_moves_path" => {
            let path = named(false, &["a", "b", "c", "d"], &[(0, 1), (1, 2), (2, 3)]);
            (
                Instance::Geography(game!(uvg on path; start 1)),
                Claim::Winner(Player::First),
            )
        }
        "game_win_trail_trap" => {
            let g = game!(ueg on abc(false); partizan unrooted);
            (Instance::Geography(g), Claim::Winner(Player::Second))
        }
        "game_moves_kernel_leaf" => {
            let triangle = named(false, &["a", "b", "c"], &[(0, 1), (1, 2), (2, 0), (1, 1)]);
            (
                Instance::Geography(game!(ueg on triangle; start 0)),
                Claim::Winner(Player::First),
            )
        }
        "uvg_matching" => (
            Instance::Geography(game!(uvg on abc(false); start 0)),
            Claim::Winner(Player::Second),
        ),
        "ueg_kernel" => (
            Instance::Geography(game!(ueg on abc(false); start 1)),
            Claim::Winner(Player::First),
        ),
        other => {
            panic!("docs/certificates.md has an example `{other}` that this test does not know")
        }
    }
}

/// Every JSON example in docs/certificates.md parses and is accepted with the stated claim.
#[test]
fn documented_examples_are_accepted() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/certificates.md"))
        .unwrap();
    let mut seen = 0;
    for part in doc.split("<!-- example: ").skip(1) {
        let name = &part[..part.find(" -->").unwrap()];
        let start = part.find("```json").unwrap() + "```json".len();
        let json = &part[start..start + part[start..].find("```").unwrap()];
        let cert = Certificate::from_json(json).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (instance, claim) = doc_instance(name);
        assert!(
            name.starts_with(cert.body.kind()),
            "{name} holds a {}",
            cert.body.kind()
        );
        assert_eq!(
            check(&instance, &cert).map(|v| v.claim),
            Ok(claim),
            "{name}"
        );
        seen += 1;
    }
    assert_eq!(seen, 10);
}
