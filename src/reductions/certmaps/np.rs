//! Certificate maps of Fraenkel–Simonson Theorem 2.3 (Hamiltonian path → PVG,
//! `hampath-pvg`), and the helpers the NP reductions' maps share (`vc-pvg`'s maps live in its
//! reduction file).
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

use super::util::{GameOracle, build_game_cert, expect_pair, game_of, only_move, replay, step_to};
use super::{CertMapError, CertMaps, MapStatus};
use crate::certify::{Certificate, CertificateBody, PathCert, Player, Replay, check_hampath};
use crate::problems::{Geography, Graph, Instance, VertexId};
use crate::reductions::Reduction;

pub(crate) const NO_CERT: &str = "a NO answer of an NP problem has no certificate: player I's winning \
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

/// Vertex indices of a list of identifiers.
pub(crate) fn indices(g: &Graph, ids: &[String]) -> Result<Vec<VertexId>, CertMapError> {
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
pub(crate) fn walk_of_second(
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

/// The player II certificate of a target, or the refusal (by `maps`) for player I's.
pub(crate) fn second_oracle<'g>(
    maps: &CertMaps,
    g: &'g Geography,
    cert: &Certificate,
) -> Result<GameOracle<'g>, CertMapError> {
    let oracle = GameOracle::new(g, cert)?;
    match oracle.winner() {
        Player::Second => Ok(oracle),
        Player::First => Err(super::refuse(maps, false, false)),
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
    let oracle = second_oracle(&r.cert_maps(), g, cert)?;
    let start = g.starts()[1];
    let mut path = vec![start];
    path.extend(walk_of_second(g, &oracle, |_| false)?);
    Ok(Certificate::new(CertificateBody::Hampath(PathCert {
        path: path.iter().map(|&v| g.graph.id(v).to_string()).collect(),
    })))
}
