//! Certificates and their independent checker.
//!
//! A certificate is a JSON document (schema in `docs/certificates.md`) that lets anyone
//! confirm an answer without trusting the solver that produced it. This module owns the
//! certificate types and the checker. Like varisat's proof checker, it depends only on the
//! instance types of [`crate::problems`]: never on a solver or a reduction, so a bug in a
//! solver cannot hide itself by sharing code with the check. It even carries its own small
//! move generator for geography games ([`game`]), written straight from the rules of
//! `../shared/spec/*.md` §0, instead of borrowing the solver's.
//!
//! Kinds (the `"kind"` tag of the JSON):
//! - `qbf_true` / `qbf_false`: Skolem / Herbrand functions, checked against every opponent
//!   assignment ([`qbf`]).
//! - `hampath`, `vertex_cover`: the path or the cover, by vertex identifiers ([`witness`]).
//! - `game_win`: a winning strategy of any geography variant ([`game`]).
//! - `game_moves`: the same, as the winner's moves in the checker's walk order, positions
//!   implicit ([`game`]).
//! - `uvg_matching`: normal-play undirected vertex geography by maximum matching and a
//!   Tutte–Berge witness, checked in near-linear time ([`matching`]).
//! - `ueg_kernel`: normal-play undirected edge geography by even kernels, the GF(2) witness of
//!   Fraenkel–Scheinerman–Ullman for bipartite graphs ([`kernel`]).

pub mod error;
pub mod game;
pub mod kernel;
pub mod matching;
pub mod qbf;
pub mod witness;

pub use error::CheckError;
pub use game::{
    CertMove, GameMoves, GameStrategy, KernelLeaf, Played, Position, Replay, StrategyEntry,
    StrategyPlayer, check_game_moves, check_game_strategy, moves_from_fn,
    moves_from_fn_with_kernels, start_position, strategy_from_fn,
};
pub use kernel::{KernelCert, Opening, check_kernel_witness};
pub use matching::{MatchingCert, check_matching_witness};
pub use qbf::{BoolFn, QbfStrategy, SkolemFn, check_qbf_strategy, qbf_strategy_from_fn};
pub use witness::{CoverCert, PathCert, check_cover, check_hampath};

pub use crate::problems::Player;

use crate::problems::Instance;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The certificate format version this checker reads and writes.
pub const CERT_VERSION: u32 = 1;

/// A certificate: a format version and one body, tagged by `"kind"` in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Certificate {
    /// Format version; this checker accepts [`CERT_VERSION`] only.
    pub version: u32,
    /// What is certified and the evidence.
    #[serde(flatten)]
    pub body: CertificateBody,
}

/// The evidence of a certificate, one variant per `"kind"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CertificateBody {
    /// The QBF is true: a Skolem function for every ∃ variable.
    QbfTrue(QbfStrategy),
    /// The QBF is false: a Herbrand function for every ∀ variable.
    QbfFalse(QbfStrategy),
    /// The graph has a Hamiltonian path: the path.
    Hampath(PathCert),
    /// The graph has a vertex cover of at most k vertices: the cover.
    VertexCover(CoverCert),
    /// A player wins the geography game: their winning strategy.
    GameWin(GameStrategy),
    /// A player wins the geography game: their moves in the checker's walk order.
    GameMoves(GameMoves),
    /// A player wins normal-play undirected vertex geography: matching and Tutte–Berge set.
    UvgMatching(MatchingCert),
    /// A player wins normal-play undirected edge geography: even kernels.
    UegKernel(KernelCert),
}

impl CertificateBody {
    /// The `"kind"` tag of this body.
    pub fn kind(&self) -> &'static str {
        match self {
            CertificateBody::QbfTrue(_) => "qbf_true",
            CertificateBody::QbfFalse(_) => "qbf_false",
            CertificateBody::Hampath(_) => "hampath",
            CertificateBody::VertexCover(_) => "vertex_cover",
            CertificateBody::GameWin(_) => "game_win",
            CertificateBody::GameMoves(_) => "game_moves",
            CertificateBody::UvgMatching(_) => "uvg_matching",
            CertificateBody::UegKernel(_) => "ueg_kernel",
        }
    }
}

impl Certificate {
    /// A certificate of the current version.
    pub fn new(body: CertificateBody) -> Certificate {
        Certificate {
            version: CERT_VERSION,
            body,
        }
    }

    /// Reads a certificate from JSON text.
    pub fn from_json(text: &str) -> Result<Certificate, CheckError> {
        serde_json::from_str(text).map_err(|e| CheckError::Json(e.to_string()))
    }

    /// The certificate as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        // Serializing plain data with string keys cannot fail.
        serde_json::to_string_pretty(self).expect("certificate serializes")
    }
}

/// What a successful check proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "claim", content = "value")]
pub enum Claim {
    /// The QBF has this truth value.
    Qbf(bool),
    /// The Hamiltonian path instance is a YES instance.
    HamPathExists,
    /// The vertex cover instance is a YES instance.
    CoverExists,
    /// This player wins the game with optimal play.
    Winner(Player),
}

/// The result of an accepted certificate: the claim and how much work the check did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// What the certificate proves.
    pub claim: Claim,
    /// Items examined: assignments, positions, vertices and edges, depending on the kind.
    pub work: u64,
}

/// Resource limits of the checker; beyond them it answers [`CheckError::TooLarge`]
/// (neither accepted nor rejected).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// QBF: most opponent variables (the check enumerates 2^that assignments).
    pub max_opponent_vars: usize,
    /// Games: most positions and generated moves in the strategy walk; its table of checked
    /// positions may hold [`game::WALK_BYTES_PER_ITEM`] bytes per such item.
    pub max_positions: u64,
    /// QBF: most literal evaluations (2^opponent variables × literals of the matrix), so
    /// that a long matrix counts as well as a wide prefix.
    pub max_literal_evaluations: u64,
    /// Wall-clock bound: the instant the check started and how long it may run.
    pub time: Option<(std::time::Instant, std::time::Duration)>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_opponent_vars: 22,
            max_positions: 20_000_000,
            max_literal_evaluations: 4_000_000_000,
            time: None,
        }
    }
}

impl Limits {
    /// The default limits, with at most `timeout` of wall-clock time from now.
    pub fn with_timeout(self, timeout: Option<std::time::Duration>) -> Limits {
        Limits {
            time: timeout.map(|t| (std::time::Instant::now(), t)),
            ..self
        }
    }

    /// These limits with the position bound lowered so that `positions` of about
    /// `bytes_per_position` bytes each fit in `memory` bytes.
    pub fn within_memory(self, memory: Option<usize>, bytes_per_position: usize) -> Limits {
        let fit = memory.map_or(u64::MAX, |m| (m / bytes_per_position.max(1)) as u64);
        Limits {
            max_positions: self.max_positions.min(fit),
            ..self
        }
    }

    /// [`CheckError::TooLarge`] once the wall-clock bound has passed, or once the cancel
    /// flag of this thread ([`with_cancel`]) is raised (callers poll this every few thousand
    /// items, so the overrun is a few milliseconds).
    pub fn check_time(&self) -> Result<(), CheckError> {
        if CANCEL.with(|c| {
            c.borrow()
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
        }) {
            return Err(CheckError::TooLarge {
                what: "the checking time in ms (cancelled: a search decided first)",
                size: self
                    .time
                    .map_or(0, |(start, _)| start.elapsed().as_millis() as u64),
                limit: 0,
            });
        }
        match self.time {
            Some((start, limit)) if start.elapsed() > limit => Err(CheckError::TooLarge {
                what: "the checking time in ms (--timeout)",
                size: start.elapsed().as_millis() as u64,
                limit: limit.as_millis() as u64,
            }),
            _ => Ok(()),
        }
    }
}

thread_local! {
    /// The flag that cancels every check and certificate map on this thread ([`with_cancel`]).
    static CANCEL: std::cell::RefCell<Option<Arc<AtomicBool>>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `f` so that every [`Limits::check_time`] inside it on this thread fails once `flag`
/// is raised: `verify --by auto` stops the certificate path this way when the search has
/// decided every step. A thread-local flag rather than a field of [`Limits`], because the
/// certificate maps receive their limits through a thread-local too
/// (`certmaps::with_map_limits`) and `Limits` stays `Copy`.
pub fn with_cancel<R>(flag: Arc<AtomicBool>, f: impl FnOnce() -> R) -> R {
    let before = CANCEL.with(|c| c.replace(Some(flag)));
    let out = f();
    CANCEL.with(|c| c.replace(before));
    out
}

/// Checks `cert` against `instance` with the default [`Limits`].
pub fn check(instance: &Instance, cert: &Certificate) -> Result<Verdict, CheckError> {
    check_with(instance, cert, &Limits::default())
}

/// Checks `cert` against `instance`: `Ok` means the claim in the verdict is proved.
pub fn check_with(
    instance: &Instance,
    cert: &Certificate,
    limits: &Limits,
) -> Result<Verdict, CheckError> {
    if cert.version != CERT_VERSION {
        return Err(CheckError::UnsupportedVersion {
            found: cert.version,
            supported: CERT_VERSION,
        });
    }
    let mismatch = || CheckError::WrongKind {
        instance: instance.kind().to_string(),
        certificate: cert.body.kind().to_string(),
    };
    match (&cert.body, instance) {
        (CertificateBody::QbfTrue(s), Instance::Qbf(q)) => check_qbf_strategy(q, s, true, limits),
        (CertificateBody::QbfFalse(s), Instance::Qbf(q)) => check_qbf_strategy(q, s, false, limits),
        (CertificateBody::Hampath(p), Instance::Hampath(h)) => check_hampath(h, p),
        (CertificateBody::VertexCover(c), Instance::VertexCover(v)) => check_cover(v, c),
        (CertificateBody::GameWin(s), Instance::Geography(g)) => check_game_strategy(g, s, limits),
        (CertificateBody::GameMoves(s), Instance::Geography(g)) => check_game_moves(g, s, limits),
        (CertificateBody::UvgMatching(m), Instance::Geography(g)) => check_matching_witness(g, m),
        (CertificateBody::UegKernel(k), Instance::Geography(g)) => check_kernel_witness(g, k),
        _ => Err(mismatch()),
    }
}

/// The identifiers of vertex indices (for building certificates from solver output); an index
/// out of range is reported, not a panic.
pub fn ids_of(
    graph: &crate::problems::Graph,
    vertices: &[usize],
) -> Result<Vec<String>, CheckError> {
    vertices
        .iter()
        .map(|&v| match v < graph.n() {
            true => Ok(graph.id(v).to_string()),
            false => Err(CheckError::Malformed(format!(
                "vertex index {v} is out of range"
            ))),
        })
        .collect()
}

/// A lookup from vertex identifier to index, built once per check so that resolving stays
/// O(1) whatever state the graph's own index is in (it is only rebuilt on deserialization).
pub(crate) struct IdIndex<'a> {
    map: std::collections::HashMap<&'a str, usize>,
}

impl<'a> IdIndex<'a> {
    /// Indexes the vertices of `graph`; the first of duplicated identifiers wins (instances
    /// are validated for unique identifiers before they are checked).
    pub(crate) fn new(graph: &'a crate::problems::Graph) -> IdIndex<'a> {
        let mut map = std::collections::HashMap::with_capacity(graph.n());
        for (i, v) in graph.vertices.iter().enumerate() {
            map.entry(v.id.as_str()).or_insert(i);
        }
        IdIndex { map }
    }

    /// The index of `id`, or [`CheckError::UnknownVertex`].
    pub(crate) fn get(&self, id: &str) -> Result<usize, CheckError> {
        self.map
            .get(id)
            .copied()
            .ok_or_else(|| CheckError::UnknownVertex { id: id.to_string() })
    }

    /// Resolves a list of identifiers, reporting the first unknown one.
    pub(crate) fn all(&self, ids: &[String]) -> Result<Vec<usize>, CheckError> {
        ids.iter().map(|id| self.get(id)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{Graph, HamPath, VertexCover};

    fn path3() -> Graph {
        let mut g = Graph::new(false);
        let a = g.add_vertex("a");
        let b = g.add_vertex("b");
        let c = g.add_vertex("c");
        g.add_edge(a, b);
        g.add_edge(b, c);
        g
    }

    #[test]
    fn json_carries_kind_and_version() {
        let cert = Certificate::new(CertificateBody::Hampath(PathCert {
            path: vec!["a".into(), "b".into(), "c".into()],
        }));
        let json: serde_json::Value = serde_json::from_str(&cert.to_json()).unwrap();
        assert_eq!(json["kind"], "hampath");
        assert_eq!(json["version"], 1);
        assert_eq!(json["path"][2], "c");
        assert_eq!(Certificate::from_json(&cert.to_json()).unwrap(), cert);
    }

    #[test]
    fn dispatch_checks_version_and_kind() {
        let h = Instance::Hampath(HamPath {
            graph: path3(),
            start: None,
            end: None,
        });
        let mut cert = Certificate::new(CertificateBody::Hampath(PathCert {
            path: vec!["c".into(), "b".into(), "a".into()],
        }));
        assert_eq!(check(&h, &cert).unwrap().claim, Claim::HamPathExists);
        cert.version = 2;
        assert!(matches!(
            check(&h, &cert),
            Err(CheckError::UnsupportedVersion { .. })
        ));
        let vc = Instance::VertexCover(VertexCover {
            graph: path3(),
            k: 1,
        });
        let cover = Certificate::new(CertificateBody::VertexCover(CoverCert {
            cover: vec!["b".into()],
        }));
        assert_eq!(check(&vc, &cover).unwrap().claim, Claim::CoverExists);
        let e = check(&h, &cover).unwrap_err();
        assert_eq!(
            e.to_string(),
            "certify::wrong_kind: a vertex_cover certificate cannot certify a hampath"
        );
        assert!(matches!(
            Certificate::from_json("{\"kind\":\"nope\"}"),
            Err(CheckError::Json(_))
        ));
    }
}
