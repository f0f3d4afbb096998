//! Certificate maps of the NP-hardness reductions Fraenkel–Simonson Theorem 2.3 (Hamiltonian
//! path → PVG, `hampath-pvg`) and Theorem 2.4 (vertex cover → acyclic PVG, `vc-pvg`).
//!
//! Only YES answers of NP problems have certificates, so only player II's side maps: forward
//! a path or a cover becomes II's strategy, backward II's strategy yields the path or the
//! cover. Forward maps check the path or cover first (in linear time): the strategies below
//! would otherwise repair some invalid ones (a cover is padded to k vertices; II's forced
//! moves can complete a path). Player I's winning strategy proves that no path or cover exists, which no
//! certificate of the source can express.
//!
//! Theorem 2.3: II walks the path while I walks his chain of n vertices; I is stuck first.
//! Backward: play II's strategy against I's forced chain and read II's walk.
//!
//! Theorem 2.4 (the proof's strategy for II): II walks his cover (padded to exactly k
//! vertices) through cigar 3 in increasing order and leaves to `u1` when I reaches the fork;
//! then `block`; then the cigar-4 vertex of the endpoint of I's cigar-2 edge that is not in
//! the cover (so I's only way on is blocked); then `c1`, `u2`, `c2` and the long chain, which
//! outlasts I whatever he does. Backward: play II's strategy against I's forced walk to the
//! fork; the cigar-3 vertices II has taken by then are the cover.

use super::util::{GameOracle, build_game_cert, expect_pair, game_of, only_move, replay, step_to};
use super::{CertMapError, CertMaps, MapStatus};
use crate::certify::{
    Certificate, CertificateBody, CoverCert, PathCert, Player, Replay, check_cover, check_hampath,
};
use crate::problems::{Geography, Graph, Instance, VertexId};
use crate::reductions::Reduction;

const NO_CERT: &str = "a NO answer of an NP problem has no certificate: player I's winning \
                       strategy proves that none exists, but there is nothing to map it to";

/// The maps of `hampath-pvg` and its as-printed reading.
pub fn hampath_maps(r: &dyn Reduction) -> CertMaps {
    let backward_yes = match r.info().id {
        "hampath-pvg" => MapStatus::Constructive(
            "player II's strategy → Hamiltonian path: play it against I's forced chain and read \
             II's walk (it must visit all n vertices, ending at t since t has no out-arc)",
        ),
        _ => MapStatus::NotConstructive(
            "as printed in the paper t is ignored: II's walk is a Hamiltonian path from s that \
             need not end at t",
        ),
    };
    CertMaps {
        forward_yes: MapStatus::Constructive(
            "Hamiltonian path → player II's strategy: II walks the path; I's chain of n vertices \
             runs out first",
        ),
        forward_no: MapStatus::NotConstructive(NO_CERT),
        backward_yes,
        backward_no: MapStatus::NotConstructive(NO_CERT),
    }
}

/// The maps of `vc-pvg` and its as-printed reading.
pub fn cover_maps(r: &dyn Reduction) -> CertMaps {
    match r.info().id {
        "vc-pvg" => CertMaps {
            forward_yes: MapStatus::Constructive(
                "vertex cover → player II's strategy: the cover (padded to k) through cigar 3, \
                 u1, block, the cigar-4 vertex of the edge's uncovered end, then c1, u2, c2 and \
                 the long chain (Thm 2.4's proof)",
            ),
            forward_no: MapStatus::NotConstructive(NO_CERT),
            backward_yes: MapStatus::Constructive(
                "player II's strategy → vertex cover: play it against I's forced walk to the \
                 fork and read the cigar-3 vertices II has taken",
            ),
            backward_no: MapStatus::NotConstructive(NO_CERT),
        },
        _ => CertMaps::none(
            "as printed in the paper k = 0 is compiled too, where the construction is wrong",
        ),
    }
}

/// Vertex indices of a list of identifiers.
fn indices(g: &Graph, ids: &[String]) -> Result<Vec<VertexId>, CertMapError> {
    ids.iter()
        .map(|id| {
            g.vertex(id)
                .ok_or_else(|| CertMapError::Invalid(format!("no vertex {id}")))
        })
        .collect()
}

/// Hamiltonian path → player II's strategy (the source vertices keep their indices).
pub fn hampath_forward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let CertificateBody::Hampath(PathCert { path }) = &cert.body else {
        return Err(super::refuse(&r.cert_maps(), true, super::claims_yes(cert)));
    };
    expect_pair(r, source, target)?;
    if let Instance::Hampath(h) = source {
        check_hampath(h, &PathCert { path: path.clone() })?;
    }
    let g = game_of(target)?;
    let path = indices(&g.graph, path)?;
    build_game_cert(g, Player::Second, |line| {
        // II's k-th move goes to path[k]: I moves first, so II has made line.len() / 2.
        let at = replay(g, line)?;
        let next = path
            .get(line.len() / 2 + 1)
            .ok_or_else(|| CertMapError::Invalid("the path is too short".into()))?;
        step_to(&at, 1, *next)
    })
}

/// Plays player II's strategy against I's forced moves until `done` says stop; returns the
/// vertices II's token visited after its start.
fn walk_of_second(
    g: &Geography,
    oracle: &GameOracle,
    done: impl Fn(&Replay) -> bool,
) -> Result<Vec<VertexId>, CertMapError> {
    let mut at = Replay::new(g)?;
    let mut walk = Vec::new();
    while !done(&at) && !at.legal()?.is_empty() {
        let m = match at.mover() {
            Player::Second => oracle.choose(&at)?,
            Player::First => only_move(&at)?,
        };
        at.play(m)?;
        if at.mover() == Player::First {
            walk.extend(at.token(1));
        }
    }
    Ok(walk)
}

/// The player II certificate of a target, or the refusal for player I's.
fn second_oracle<'g>(
    r: &dyn Reduction,
    g: &'g Geography,
    cert: &Certificate,
) -> Result<GameOracle<'g>, CertMapError> {
    let oracle = GameOracle::new(g, cert)?;
    match oracle.winner() {
        Player::Second => Ok(oracle),
        Player::First => Err(super::refuse(&r.cert_maps(), false, false)),
    }
}

/// Player II's strategy → Hamiltonian path.
pub fn hampath_backward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    if !r.cert_maps().backward_yes.is_constructive() {
        return Err(super::refuse(&r.cert_maps(), false, true));
    }
    expect_pair(r, source, target)?;
    let g = game_of(target)?;
    let oracle = second_oracle(r, g, cert)?;
    let start = g.starts()[1];
    let mut path = vec![start];
    path.extend(walk_of_second(g, &oracle, |_| false)?);
    Ok(Certificate::new(CertificateBody::Hampath(PathCert {
        path: path.iter().map(|&v| g.graph.id(v).to_string()).collect(),
    })))
}

/// The vertices of Theorem 2.4's board that II's strategy needs, by identifier.
struct Cigars {
    k3: Vec<VertexId>,
    k4: Vec<VertexId>,
    /// Each cigar-2 vertex and its edge's endpoints (indices of H).
    k2: Vec<(VertexId, [VertexId; 2])>,
    s2: VertexId,
    u1: VertexId,
    block: VertexId,
    c1: VertexId,
    u2: VertexId,
    fork: VertexId,
}

impl Cigars {
    fn new(
        g: &Geography,
        n: usize,
        k: usize,
        edges: &[(VertexId, VertexId)],
    ) -> Result<Cigars, CertMapError> {
        let id = |s: String| {
            g.graph
                .vertex(&s)
                .ok_or_else(|| CertMapError::WrongInstance(format!("no vertex {s}")))
        };
        let k2 = edges
            .iter()
            .map(|&(u, v)| Ok((id(format!("K2_{u}_{v}"))?, [u, v])))
            .collect::<Result<_, CertMapError>>()?;
        Ok(Cigars {
            k3: (0..n)
                .map(|i| id(format!("K3_{i}")))
                .collect::<Result<_, _>>()?,
            k4: (0..n)
                .map(|i| id(format!("K4_{i}")))
                .collect::<Result<_, _>>()?,
            k2,
            s2: id("s2".into())?,
            u1: id("u1".into())?,
            block: id("block".into())?,
            c1: id("c1_0".into())?,
            u2: id("u2".into())?,
            fork: id(format!("a{}", k + 2))?,
        })
    }
}

/// The edges of H as the construction lists them: sorted pairs, repeats merged, in order.
fn merged_edges(h: &Graph) -> Vec<(VertexId, VertexId)> {
    let mut out: Vec<(VertexId, VertexId)> = Vec::new();
    for &(u, v) in &h.edges {
        let pair = (u.min(v), u.max(v));
        if !out.contains(&pair) {
            out.push(pair);
        }
    }
    out
}

/// Vertex cover → player II's strategy (Thm 2.4's proof).
pub fn cover_forward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (CertificateBody::VertexCover(CoverCert { cover }), Instance::VertexCover(vc)) =
        (&cert.body, source)
    else {
        return Err(super::refuse(&r.cert_maps(), true, super::claims_yes(cert)));
    };
    if !r.cert_maps().forward_yes.is_constructive() {
        return Err(super::refuse(&r.cert_maps(), true, true));
    }
    expect_pair(r, source, target)?;
    check_cover(
        vc,
        &CoverCert {
            cover: cover.clone(),
        },
    )?;
    let g = game_of(target)?;
    let (n, k) = (vc.graph.n(), vc.k);
    let b = Cigars::new(g, n, k, &merged_edges(&vc.graph))?;
    let mut chosen = vec![false; n];
    for v in indices(&vc.graph, cover)? {
        chosen[v] = true;
    }
    // Pad the cover to exactly k vertices (k ≤ n); a smaller cover stays a cover.
    for v in 0..n {
        if chosen.iter().filter(|&&c| c).count() < k {
            chosen[v] = true;
        }
    }
    let walk: Vec<VertexId> = (0..n).filter(|&v| chosen[v]).collect();
    build_game_cert(g, Player::Second, |line| {
        let at = replay(g, line)?;
        let here = at.token(1).unwrap_or(usize::MAX);
        let to = cover_move(&b, &walk, &at, here)?;
        step_to(&at, 1, to)
    })
}

/// II's move at `here` in Theorem 2.4's game.
fn cover_move(
    b: &Cigars,
    walk: &[VertexId],
    at: &Replay,
    here: VertexId,
) -> Result<VertexId, CertMapError> {
    if here == b.s2 {
        return Ok(b.k3[walk[0]]);
    }
    if let Some(i) = walk.iter().position(|&v| b.k3[v] == here) {
        return Ok(walk.get(i + 1).map_or(b.u1, |&v| b.k3[v]));
    }
    if here == b.block {
        // The cigar-4 vertex of the end of I's edge that II did not take in cigar 3.
        let mine = at.token(0);
        let w =
            b.k2.iter()
                .find(|(x, _)| Some(*x) == mine)
                .map_or(0, |(_, [u, v])| if walk.contains(u) { *v } else { *u });
        return Ok(b.k4[w]);
    }
    if b.k4.contains(&here) {
        return Ok(b.c1);
    }
    if here == b.c1 {
        return Ok(b.u2);
    }
    Err(CertMapError::Invalid(
        "player II is asked off the proof's plan".into(),
    ))
}

/// Player II's strategy → vertex cover.
pub fn cover_backward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let Instance::VertexCover(vc) = source else {
        return Err(CertMapError::WrongInstance(
            "not a vertex cover instance".into(),
        ));
    };
    if !r.cert_maps().backward_yes.is_constructive() {
        return Err(super::refuse(&r.cert_maps(), false, true));
    }
    expect_pair(r, source, target)?;
    let g = game_of(target)?;
    let oracle = second_oracle(r, g, cert)?;
    let b = Cigars::new(g, vc.graph.n(), vc.k, &merged_edges(&vc.graph))?;
    // Stop once I stands on the fork and II has answered.
    let walk = walk_of_second(g, &oracle, |at| {
        at.token(0) == Some(b.fork) && at.mover() == Player::First
    })?;
    let cover = (0..vc.graph.n())
        .filter(|&v| walk.contains(&b.k3[v]))
        .map(|v| vc.graph.id(v).to_string())
        .collect();
    Ok(Certificate::new(CertificateBody::VertexCover(CoverCert {
        cover,
    })))
}
