//! `hampath` and `vertex_cover` certificates: exhaustive agreement with the model's own
//! `is_solution` over every candidate of small random instances (which covers every mutant:
//! swapped, dropped, replaced vertices), plus hand-built rejections and their messages.

use super::rng;
use georeduce::certify::{CheckError, Claim, CoverCert, PathCert, check_cover, check_hampath};
use georeduce::problems::{Graph, HamPath, VertexCover};
use rand::Rng;

fn ids(vs: &[usize]) -> Vec<String> {
    vs.iter().map(|v| format!("v{v}")).collect()
}

#[test]
fn hand_built_paths() {
    let h = HamPath {
        graph: Graph::from_edges(true, 3, &[(0, 1), (1, 2)]),
        start: Some(0),
        end: Some(2),
    };
    let ok = check_hampath(
        &h,
        &PathCert {
            path: ids(&[0, 1, 2]),
        },
    );
    assert_eq!(ok.map(|v| v.claim), Ok(Claim::HamPathExists));
    let back = check_hampath(
        &h,
        &PathCert {
            path: ids(&[2, 1, 0]),
        },
    )
    .unwrap_err();
    assert_eq!(
        back.to_string(),
        "certify::wrong_endpoint: the path must start at `v0`, not `v2`"
    );
    let free = HamPath {
        start: None,
        end: None,
        ..h.clone()
    };
    let e = check_hampath(
        &free,
        &PathCert {
            path: ids(&[2, 1, 0]),
        },
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "certify::not_an_edge: step 0 `v2` → `v1` is not an edge"
    );
    let e = check_hampath(
        &h,
        &PathCert {
            path: vec!["v0".into(), "zz".into(), "v2".into()],
        },
    );
    assert!(matches!(e, Err(CheckError::UnknownVertex { .. })));
    let e = check_hampath(
        &h,
        &PathCert {
            path: ids(&[0, 0, 2]),
        },
    );
    assert!(matches!(
        e,
        Err(CheckError::RepeatedVertex { index: 1, .. })
    ));
}

#[test]
fn hand_built_covers() {
    let vc = VertexCover {
        graph: Graph::from_edges(false, 4, &[(0, 1), (1, 2), (2, 3)]),
        k: 2,
    };
    assert!(
        check_cover(
            &vc,
            &CoverCert {
                cover: ids(&[1, 2])
            }
        )
        .is_ok()
    );
    let e = check_cover(
        &vc,
        &CoverCert {
            cover: ids(&[0, 3]),
        },
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "certify::uncovered_edge: edge 1 `v1`–`v2` has no endpoint in the cover"
    );
    let e = check_cover(
        &vc,
        &CoverCert {
            cover: ids(&[0, 1, 2]),
        },
    )
    .unwrap_err();
    assert!(matches!(e, CheckError::CoverTooLarge { size: 3, k: 2 }));
    assert!(
        check_cover(
            &vc,
            &CoverCert {
                cover: ids(&[1, 1])
            }
        )
        .is_err()
    );
}

/// Every permutation of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = vec![];
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

#[test]
fn random_paths_agree_with_is_solution_on_every_candidate() {
    let mut r = rng(3);
    let (mut yes, mut no, mut accepted) = (0, 0, 0);
    for _ in 0..300 {
        let n = r.random_range(1..=5);
        let edges: Vec<(usize, usize)> = (0..r.random_range(0..=2 * n))
            .map(|_| (r.random_range(0..n), r.random_range(0..n)))
            .collect();
        let h = HamPath {
            graph: Graph::from_edges(r.random_bool(0.5), n, &edges),
            start: r.random_bool(0.4).then(|| r.random_range(0..n)),
            end: r.random_bool(0.4).then(|| r.random_range(0..n)),
        };
        let mut any = false;
        let mut candidates = permutations(n);
        // Wrong-length and repeating candidates too.
        candidates.push((0..n - 1).collect());
        candidates.push(vec![0; n]);
        for p in candidates {
            let got = check_hampath(&h, &PathCert::from_indices(&h.graph, &p).unwrap()).is_ok();
            assert_eq!(got, h.is_solution(&p), "{h:?} {p:?}");
            any |= got;
            accepted += usize::from(got);
        }
        if any { yes += 1 } else { no += 1 }
    }
    assert!(
        yes > 50 && no > 50 && accepted > 100,
        "yes {yes} no {no} accepted {accepted}"
    );
}

#[test]
fn random_covers_agree_with_is_solution_on_every_subset() {
    let mut r = rng(4);
    let (mut yes, mut no) = (0, 0);
    for _ in 0..300 {
        let n = r.random_range(1..=7);
        let edges: Vec<(usize, usize)> = (0..r.random_range(0..=2 * n))
            .map(|_| (r.random_range(0..n), r.random_range(0..n)))
            .collect();
        let vc = VertexCover {
            graph: Graph::from_edges(false, n, &edges),
            k: r.random_range(0..=n),
        };
        let mut any = false;
        for mask in 0u32..1 << n {
            let set: Vec<usize> = (0..n).filter(|&v| mask >> v & 1 == 1).collect();
            let got = check_cover(&vc, &CoverCert::from_indices(&vc.graph, &set).unwrap()).is_ok();
            assert_eq!(got, vc.is_solution(&set), "{vc:?} {set:?}");
            any |= got;
        }
        if any { yes += 1 } else { no += 1 }
    }
    assert!(yes > 50 && no > 50, "yes {yes} no {no}");
}
