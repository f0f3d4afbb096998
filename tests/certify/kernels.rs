//! `ueg_kernel` certificates: hand-built games, and random multigraphs where a brute-force
//! kernel search must agree with the game engine (sound always; complete on simple bipartite
//! graphs, as Fraenkel–Scheinerman–Ullman prove), with mutants judged by an oracle.

use super::brute::Engine;
use super::rng;
use georeduce::certify::{CheckError, Claim, KernelCert, Opening, Player, check_kernel_witness};
use georeduce::game;
use georeduce::problems::{Geography, Graph, Tokens};
use rand::Rng;

fn ids(mask: u32, n: usize) -> Vec<String> {
    (0..n)
        .filter(|&v| mask >> v & 1 == 1)
        .map(|v| format!("v{v}"))
        .collect()
}

fn claim(g: &Geography, c: &KernelCert) -> Result<Claim, CheckError> {
    check_kernel_witness(g, c).map(|v| v.claim)
}

#[test]
fn hand_built_kernels() {
    // Path v0–v1–v2. From v0: I → v1, II → v2, I is stuck; K = {v0, v2}.
    let g = Graph::from_edges(false, 3, &[(0, 1), (1, 2)]);
    let second = KernelCert {
        winner: Player::Second,
        opening: None,
        kernels: vec![ids(0b101, 3)],
    };
    assert_eq!(
        claim(&game!(ueg on g.clone(); start 0), &second),
        Ok(Claim::Winner(Player::Second))
    );
    // From v1: I → v0 along edge 0 and II is stuck; {v0} is a kernel of G − e0.
    let opening = Opening {
        edge: 0,
        from: "v1".into(),
        to: "v0".into(),
    };
    let first = KernelCert {
        winner: Player::First,
        opening: Some(opening),
        kernels: vec![ids(0b001, 3)],
    };
    assert_eq!(
        claim(&game!(ueg on g.clone(); start 1), &first),
        Ok(Claim::Winner(Player::First))
    );
    // {v0, v2} is no kernel containing v1.
    let e = claim(&game!(ueg on g.clone(); start 1), &second).unwrap_err();
    assert_eq!(
        e.to_string(),
        "certify::witness: kernel 0: it must contain `v1`"
    );
    // The 4-cycle: opposite corners form a kernel, so II wins from v0. Unrooted games are
    // certified by game_win strategies, not kernels.
    let c4 = Graph::from_edges(false, 4, &[(0, 1), (1, 2), (2, 3), (3, 0)]);
    let corners = KernelCert {
        winner: Player::Second,
        opening: None,
        kernels: vec![ids(0b0101, 4)],
    };
    assert_eq!(
        claim(&game!(ueg on c4.clone(); start 0), &corners),
        Ok(Claim::Winner(Player::Second))
    );
    assert!(matches!(
        claim(&game!(ueg on c4; unrooted), &corners),
        Err(CheckError::Unsupported(_))
    ));
    // Not for vertex geography.
    let vg = game!(uvg on g; start 0);
    assert!(matches!(
        claim(&vg, &second),
        Err(CheckError::Unsupported(_))
    ));
}

/// Whether `k` (a mask) is an even kernel of the graph without edge `removed`.
fn is_kernel(g: &Graph, k: u32, removed: Option<usize>) -> bool {
    if k == 0 {
        return false;
    }
    let mut parity = 0u32;
    for (e, &(u, v)) in g.edges.iter().enumerate() {
        if Some(e) == removed {
            continue;
        }
        let (a, b) = (k >> u & 1 == 1, k >> v & 1 == 1);
        if a && b {
            return false;
        }
        if a != b {
            parity ^= 1 << if a { v } else { u };
        }
    }
    parity == 0
}

fn kernels_with(g: &Graph, v: usize, removed: Option<usize>) -> Option<u32> {
    (1..1u32 << g.n()).find(|&k| k >> v & 1 == 1 && is_kernel(g, k, removed))
}

/// A certificate for player I: an opening (from `from` if given) and a kernel behind it.
fn first_cert(g: &Graph, from: Option<usize>) -> Option<KernelCert> {
    for (e, &(a, b)) in g.edges.iter().enumerate() {
        for (x, y) in [(a, b), (b, a)] {
            if from.is_some_and(|f| f != x) {
                continue;
            }
            if let Some(k) = kernels_with(g, y, Some(e)) {
                let members: Vec<usize> = (0..g.n()).filter(|&v| k >> v & 1 == 1).collect();
                let c = KernelCert::from_indices(g, Player::First, Some((e, x, y)), &[members]);
                return Some(c.unwrap());
            }
        }
    }
    None
}

/// A certificate for player II: kernels holding the start, or every vertex with an edge.
fn second_cert(g: &Graph, start: Option<usize>) -> Option<KernelCert> {
    let need: Vec<usize> = match start {
        Some(s) => vec![s],
        None => (0..g.n())
            .filter(|&v| g.edges.iter().any(|&(a, b)| a == v || b == v))
            .collect(),
    };
    let kernels = need
        .iter()
        .map(|&v| kernels_with(g, v, None).map(|k| ids(k, g.n())))
        .collect::<Option<Vec<_>>>()?;
    Some(KernelCert {
        winner: Player::Second,
        opening: None,
        kernels,
    })
}

/// The documented rules of `ueg_kernel`, re-implemented for the oracle.
fn oracle(gm: &Geography, c: &KernelCert) -> bool {
    let g = &gm.graph;
    let Tokens::One { start } = gm.tokens else {
        unreachable!()
    };
    let mask = |k: &Vec<String>| -> Option<u32> {
        let mut m = 0u32;
        for x in k {
            let v: usize = x.strip_prefix('v')?.parse().ok()?;
            if v >= g.n() || m >> v & 1 == 1 {
                return None;
            }
            m |= 1 << v;
        }
        Some(m)
    };
    let Some(ks) = c.kernels.iter().map(mask).collect::<Option<Vec<u32>>>() else {
        return false;
    };
    let vtx = |s: &str| {
        s.strip_prefix('v')
            .and_then(|x| x.parse::<usize>().ok())
            .filter(|&v| v < g.n())
    };
    match (&c.opening, c.winner, ks.as_slice()) {
        (Some(o), Player::First, &[k]) => {
            let (Some(x), Some(y)) = (vtx(&o.from), vtx(&o.to)) else {
                return false;
            };
            let joins = g
                .edges
                .get(o.edge)
                .is_some_and(|&(a, b)| (a, b) == (x, y) || (a, b) == (y, x));
            joins
                && start.is_none_or(|s| s == x)
                && k >> y & 1 == 1
                && is_kernel(g, k, Some(o.edge))
        }
        (None, Player::Second, ks) => {
            let all_ok = ks.iter().all(|&k| is_kernel(g, k, None));
            let union = ks.iter().fold(0, |a, &k| a | k);
            match start {
                Some(s) => ks.len() == 1 && all_ok && union >> s & 1 == 1,
                None => {
                    all_ok
                        && g.edges
                            .iter()
                            .all(|&(a, b)| union >> a & 1 == 1 && union >> b & 1 == 1)
                }
            }
        }
        _ => false,
    }
}

fn mutants(c: &KernelCert, g: &Graph) -> Vec<KernelCert> {
    let n = g.n();
    let mut out = vec![KernelCert {
        winner: c.winner.other(),
        ..c.clone()
    }];
    for i in 0..c.kernels.len() {
        for v in 0..n {
            let mut m = c.clone();
            let name = format!("v{v}");
            match m.kernels[i].iter().position(|x| *x == name) {
                Some(p) => drop(m.kernels[i].remove(p)),
                None => m.kernels[i].push(name),
            }
            out.push(m);
        }
        let mut d = c.clone();
        d.kernels.remove(i);
        out.push(d);
    }
    if let Some(o) = &c.opening {
        for e in 0..g.m() {
            let (a, b) = g.edges[e];
            for (x, y) in [(a, b), (b, a)] {
                let op = Opening {
                    edge: e,
                    from: format!("v{x}"),
                    to: format!("v{y}"),
                };
                if op != *o {
                    out.push(KernelCert {
                        opening: Some(op),
                        ..c.clone()
                    });
                }
            }
        }
        out.push(KernelCert {
            opening: None,
            ..c.clone()
        });
    }
    out
}

#[test]
fn random_ueg_kernels_sound_complete_on_bipartite_and_mutants_judged() {
    let mut r = rng(31);
    let (mut found, mut bip_wins, mut valid, mut invalid) = ([0usize; 2], [0usize; 2], 0, 0);
    for round in 0..500 {
        let n = r.random_range(1..=7);
        let bipartite = round % 2 == 0;
        let side: Vec<bool> = (0..n).map(|_| r.random_bool(0.5)).collect();
        let mut edges = vec![];
        for _ in 0..r.random_range(0..=8) {
            let (u, v) = (r.random_range(0..n), r.random_range(0..n));
            let simple_ok =
                side[u] != side[v] && !edges.contains(&(u, v)) && !edges.contains(&(v, u));
            if !bipartite || simple_ok {
                edges.push((u, v));
            }
        }
        let start = Some(r.random_range(0..n));
        let gm = game!(ueg on Graph::from_edges(false, n, &edges); optional_start start);
        let g = &gm.graph;
        let w = Engine::new(&gm).winner();
        let certs = [first_cert(g, start), second_cert(g, start)];
        for (p, c) in certs.iter().enumerate() {
            let Some(c) = c else { continue };
            found[p] += 1;
            assert_eq!(p, w, "a kernel certificate for the loser on {gm:?}: {c:?}");
            assert!(oracle(&gm, c));
            assert_eq!(claim(&gm, c), Ok(Claim::Winner(c.winner)), "{gm:?} {c:?}");
            for m in mutants(c, g) {
                let got = claim(&gm, &m);
                assert_eq!(got.is_ok(), oracle(&gm, &m), "{gm:?} {m:?} {got:?}");
                if got.is_ok() {
                    assert_eq!(m.winner, c.winner);
                    valid += 1;
                } else {
                    invalid += 1;
                }
            }
        }
        if bipartite {
            assert!(
                certs[w].is_some(),
                "bipartite UEG without a certificate for the winner: {gm:?}"
            );
            bip_wins[w] += 1;
        }
    }
    eprintln!(
        "ueg: certificates {found:?}, bipartite winners {bip_wins:?}, mutants {valid} / {invalid}"
    );
    assert!(bip_wins[0] > 50 && bip_wins[1] > 50, "{bip_wins:?}");
    assert!(valid > 50 && invalid > 1000, "{valid} {invalid}");
}
