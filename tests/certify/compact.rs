//! `uvg_matching` certificates.
//!
//! Small random games: the game engine of `brute.rs` decides the winner; a brute-force
//! matching and Tutte–Berge search builds certificates; the paper's lemma is confirmed on the
//! way (UVG: player I wins iff ν(G − v) < ν(G));
//! mutants are judged against an oracle written from the documented rules. Large instances:
//! a path and a grid with about 10^5 vertices are certified (near-linear check; no timing).

use super::brute::Engine;
use super::rng;
use georeduce::certify::{CheckError, Claim, MatchingCert, Player, check_matching_witness};
use georeduce::game;
use georeduce::problems::{Geography, Graph, Tokens};
use rand::Rng;

fn id(v: usize) -> String {
    format!("v{v}")
}

fn pairs(m: &[(usize, usize)]) -> Vec<[String; 2]> {
    m.iter().map(|&(u, v)| [id(u), id(v)]).collect()
}

fn claim(g: &Geography, c: &MatchingCert) -> Result<Claim, CheckError> {
    check_matching_witness(g, c).map(|v| v.claim)
}

#[test]
fn path_of_100k_vertices() {
    let n = 100_001;
    let edges: Vec<(usize, usize)> = (0..n - 1).map(|i| (i, i + 1)).collect();
    let g = game!(uvg on Graph::from_edges(false, n, &edges); start 0);
    // From the end v0: the matching v1v2, v3v4, … misses v0 and S = ∅ shows it maximum.
    let miss0: Vec<(usize, usize)> = (1..n).step_by(2).map(|i| (i, i + 1)).collect();
    let c = MatchingCert {
        winner: Player::Second,
        matching: pairs(&miss0),
        tutte_berge: Some(vec![]),
    };
    assert_eq!(claim(&g, &c), Ok(Claim::Winner(Player::Second)));
    // From v1: ν(G − v1) = 49 999 < 50 000 (two odd paths remain), so player I wins.
    let g1 = game!(uvg on g.graph.clone(); start 1);
    let m: Vec<(usize, usize)> = (0..n - 1).step_by(2).map(|i| (i, i + 1)).collect();
    let c1 = MatchingCert {
        winner: Player::First,
        matching: pairs(&m),
        tutte_berge: Some(vec![]),
    };
    assert_eq!(claim(&g1, &c1), Ok(Claim::Winner(Player::First)));
    // Dropping one matching edge breaks either certificate.
    let mut short = c1.clone();
    short.matching.pop();
    assert!(matches!(claim(&g1, &short), Err(CheckError::Witness(_))));
    let mut short = c.clone();
    short.matching.pop();
    assert!(claim(&g, &short).is_err());
}

/// The r × c grid, vertex (i, j) = i·c + j, and its snake (boustrophedon) Hamiltonian path.
fn grid(r: usize, c: usize) -> (Graph, Vec<usize>) {
    let mut edges = vec![];
    for i in 0..r {
        for j in 0..c {
            if j + 1 < c {
                edges.push((i * c + j, i * c + j + 1));
            }
            if i + 1 < r {
                edges.push((i * c + j, (i + 1) * c + j));
            }
        }
    }
    let snake = (0..r)
        .flat_map(|i| (0..c).map(move |j| i * c + if i % 2 == 0 { j } else { c - 1 - j }))
        .collect();
    (Graph::from_edges(false, r * c, &edges), snake)
}

#[test]
fn grid_of_100k_vertices() {
    let (r, c) = (317, 317);
    let (g, snake) = grid(r, c);
    let n = r * c;
    // Match the snake from its far end, leaving the corner v0 unmatched.
    let m: Vec<(usize, usize)> = snake[1..].chunks(2).map(|p| (p[0], p[1])).collect();
    let white: Vec<String> = (0..n)
        .filter(|v| (v / c + v % c) % 2 == 1)
        .map(id)
        .collect();
    let corner = game!(uvg on g.clone(); start 0);
    let second = MatchingCert {
        winner: Player::Second,
        matching: pairs(&m),
        tutte_berge: Some(white.clone()),
    };
    let clock = std::time::Instant::now();
    assert_eq!(claim(&corner, &second), Ok(Claim::Winner(Player::Second)));
    eprintln!(
        "grid {r}x{c}: matching certificate checked in {:?}",
        clock.elapsed()
    );
    // From the white vertex (0, 1): S = white − v leaves the black vertices isolated.
    let v = 1;
    let s: Vec<String> = white.iter().filter(|x| **x != id(v)).cloned().collect();
    let first = MatchingCert {
        winner: Player::First,
        matching: pairs(&m),
        tutte_berge: Some(s),
    };
    assert_eq!(
        claim(&game!(uvg on g.clone(); start v), &first),
        Ok(Claim::Winner(Player::First))
    );
    // Unrooted: no perfect matching (|S| < odd(G − S)), so player I wins.
    let unrooted = MatchingCert {
        winner: Player::First,
        matching: vec![],
        tutte_berge: Some(white),
    };
    assert_eq!(
        claim(&game!(uvg on g; unrooted), &unrooted),
        Ok(Claim::Winner(Player::First))
    );
    // An even grid has a perfect matching: player II wins unrooted.
    let (g2, snake2) = grid(316, 317);
    let pm: Vec<(usize, usize)> = snake2.chunks(2).map(|p| (p[0], p[1])).collect();
    let c2 = MatchingCert {
        winner: Player::Second,
        matching: pairs(&pm),
        tutte_berge: None,
    };
    assert_eq!(
        claim(&game!(uvg on g2; unrooted), &c2),
        Ok(Claim::Winner(Player::Second))
    );
}

/// A maximum matching avoiding the vertices in `banned`, by exhaustive search over edges.
fn max_matching(g: &Graph, banned: u32) -> Vec<(usize, usize)> {
    fn go(g: &Graph, i: usize, used: u32) -> Vec<(usize, usize)> {
        let Some(&(u, v)) = g.edges.get(i) else {
            return vec![];
        };
        let skip = go(g, i + 1, used);
        if u == v || used >> u & 1 == 1 || used >> v & 1 == 1 {
            return skip;
        }
        let mut take = go(g, i + 1, used | 1 << u | 1 << v);
        take.push((u, v));
        if take.len() > skip.len() { take } else { skip }
    }
    go(g, 0, banned)
}

/// Odd components of the graph minus the vertices in `gone`, by depth-first search.
fn odd_components(g: &Graph, gone: u32) -> usize {
    let mut seen = gone;
    let mut odd = 0;
    for s in 0..g.n() {
        if seen >> s & 1 == 1 {
            continue;
        }
        let (mut stack, mut size) = (vec![s], 0);
        seen |= 1 << s;
        while let Some(x) = stack.pop() {
            size += 1;
            for &(a, b) in &g.edges {
                for (p, q) in [(a, b), (b, a)] {
                    if p == x && seen >> q & 1 == 0 {
                        seen |= 1 << q;
                        stack.push(q);
                    }
                }
            }
        }
        odd += size % 2;
    }
    odd
}

/// Twice the Tutte–Berge bound of G − removed for S (a bit mask), or None if S is invalid.
fn bound2(g: &Graph, removed: u32, s: u32) -> Option<usize> {
    if s & removed != 0 {
        return None;
    }
    let order = g.n() - removed.count_ones() as usize;
    Some(order + s.count_ones() as usize - odd_components(g, removed | s))
}

/// The Tutte–Berge set with the least bound (which equals 2ν by the theorem).
fn best_set(g: &Graph, removed: u32) -> u32 {
    (0..1u32 << g.n())
        .filter(|s| s & removed == 0)
        .min_by_key(|&s| bound2(g, removed, s))
        .unwrap()
}

fn mask_of(ids: &[String]) -> Option<u32> {
    let mut m = 0u32;
    for x in ids {
        let v: u32 = x.strip_prefix('v')?.parse().ok()?;
        if v >= 32 || m >> v & 1 == 1 {
            return None;
        }
        m |= 1 << v;
    }
    Some(m)
}

fn ids_of(mask: u32, n: usize) -> Vec<String> {
    (0..n).filter(|&v| mask >> v & 1 == 1).map(id).collect()
}

/// The documented rules of `uvg_matching`, re-implemented for the oracle.
fn matching_oracle(gm: &Geography, c: &MatchingCert) -> bool {
    let g = &gm.graph;
    let Tokens::One { start } = gm.tokens else {
        unreachable!()
    };
    let mut mate = 0u32;
    for [a, b] in &c.matching {
        let (Some(x), Some(y)) = (
            mask_of(std::slice::from_ref(a)),
            mask_of(std::slice::from_ref(b)),
        ) else {
            return false;
        };
        let is_edge = g
            .edges
            .iter()
            .any(|&(u, v)| (1 << u | 1 << v) == (x | y) && u != v);
        if x == y || !is_edge || mate & (x | y) != 0 || (x | y) >> g.n() != 0 {
            return false;
        }
        mate |= x | y;
    }
    let size2 = 2 * c.matching.len();
    let s = c.tutte_berge.as_deref().map(mask_of);
    match (start, c.winner, s) {
        (Some(v), Player::First, Some(Some(s))) => bound2(g, 1 << v, s).is_some_and(|b| b < size2),
        (Some(v), Player::Second, Some(Some(s))) => {
            mate >> v & 1 == 0 && bound2(g, 0, s).unwrap() <= size2
        }
        (None, Player::Second, None) => size2 == g.n(),
        (None, Player::First, Some(Some(s))) => size2 == 0 && bound2(g, 0, s).unwrap() < g.n(),
        _ => false,
    }
}

/// Mutants: winner flipped, each matching edge dropped or bent onto a non-edge, each vertex
/// toggled in S, S removed.
fn matching_mutants(c: &MatchingCert, n: usize) -> Vec<MatchingCert> {
    let mut out = vec![MatchingCert {
        winner: c.winner.other(),
        ..c.clone()
    }];
    out.push(MatchingCert {
        tutte_berge: None,
        ..c.clone()
    });
    for i in 0..c.matching.len() {
        let mut d = c.clone();
        d.matching.remove(i);
        out.push(d);
        let mut b = c.clone();
        b.matching[i][1] = id((i * 7 + 3) % n);
        out.push(b);
    }
    if let Some(s) = c.tutte_berge.as_deref().and_then(mask_of) {
        for v in 0..n {
            out.push(MatchingCert {
                tutte_berge: Some(ids_of(s ^ 1 << v, n)),
                ..c.clone()
            });
        }
    }
    out
}

#[test]
fn random_uvg_confirms_the_matching_theorem_and_judges_mutants() {
    let mut r = rng(21);
    let (mut wins, mut valid, mut invalid) = ([0usize; 2], 0, 0);
    for _ in 0..400 {
        let n = r.random_range(1..=8);
        let edges: Vec<(usize, usize)> = (0..r.random_range(0..=2 * n))
            .map(|_| (r.random_range(0..n), r.random_range(0..n)))
            .filter(|(u, v)| u != v)
            .collect();
        let start = r.random_bool(0.7).then(|| r.random_range(0..n));
        let gm = game!(uvg on Graph::from_edges(false, n, &edges); optional_start start);
        let g = &gm.graph;
        let w = Engine::new(&gm).winner();
        wins[w] += 1;
        let nu = max_matching(g, 0);
        let cert = match start {
            Some(v) => {
                let without = max_matching(g, 1 << v);
                assert_eq!(w == 0, without.len() < nu.len(), "UVG lemma on {gm:?}");
                match w {
                    0 => {
                        let s = best_set(g, 1 << v);
                        let s: Vec<usize> = (0..n).filter(|&x| s >> x & 1 == 1).collect();
                        MatchingCert::from_indices(g, Player::First, &nu, Some(&s)).unwrap()
                    }
                    _ => MatchingCert {
                        winner: Player::Second,
                        matching: pairs(&without),
                        tutte_berge: Some(ids_of(best_set(g, 0), n)),
                    },
                }
            }
            None => {
                assert_eq!(w == 1, 2 * nu.len() == n, "unrooted UVG on {gm:?}");
                match w {
                    0 => MatchingCert {
                        winner: Player::First,
                        matching: vec![],
                        tutte_berge: Some(ids_of(best_set(g, 0), n)),
                    },
                    _ => MatchingCert {
                        winner: Player::Second,
                        matching: pairs(&nu),
                        tutte_berge: None,
                    },
                }
            }
        };
        assert!(matching_oracle(&gm, &cert));
        assert_eq!(
            claim(&gm, &cert),
            Ok(Claim::Winner(cert.winner)),
            "{gm:?} {cert:?}"
        );
        for m in matching_mutants(&cert, n) {
            let got = claim(&gm, &m);
            assert_eq!(
                got.is_ok(),
                matching_oracle(&gm, &m),
                "{gm:?} {m:?} {got:?}"
            );
            if got.is_ok() {
                assert_eq!(m.winner, cert.winner);
                valid += 1;
            } else {
                invalid += 1;
            }
        }
    }
    eprintln!("uvg: winners {wins:?}, mutants {valid} valid / {invalid} invalid");
    assert!(wins[0] > 100 && wins[1] > 100 && valid > 100 && invalid > 1000);
}
