//! Certificates across reductions: a source certificate becomes a target certificate
//! (**forward**) and a target certificate becomes a source certificate (**backward**), by the
//! strategies the papers' proofs describe.
//!
//! A reduction's proof is two strategy translations: "if F is true, player I wins by choosing
//! the diamond sides by the Skolem functions …" and "if player I wins, read his diamond choices
//! …". This module runs those translations on certificates, so that a reduction is checked
//! on both sides by [`crate::certify::check`], without trusting any solver. Forward maps build
//! the target strategy with [`crate::certify::strategy_from_fn`]: the choice function receives
//! a line of play of the target, translates it back into a line of the source, consults the
//! source certificate there, and translates the answer forward (simulating gadget traversals).
//! Backward maps replay the target game ([`crate::certify::Replay`]) with the certified
//! player's moves from the target certificate and the opponent's moves from a script (the
//! proof's "regular play"), and read off the source certificate.
//!
//! Where a proof gives no constructive map (a NO answer of an NP problem has no certificate;
//! a reduction decides a different question than its source certificate proves) the map
//! answers [`CertMapError::NotConstructive`] with the reason, and [`CertMaps`] says so, so
//! that `list` and `docs/certificate-maps.md` can show it.
//!
//! The reductions written as a [`super::Theorem`] keep their maps in their own file, reading
//! the typed layout of their construction (`qbf_to_dvg.rs`, `qbf_to_deg.rs`, `qbf_to_pvg.rs`,
//! `qbf_to_pvg_restricted`, `qbf_to_two_token.rs`, `vc_to_pvg.rs`, `hampath_to_pvg.rs`,
//! `pvg_to_pag.rs`, `hampath_to_trailtrap.rs`, `trailtrap_to_disconnected.rs`, `deg_to_ueg.rs`,
//! `dvg_to_misere_uvg.rs`, `dvg_to_nimg.rs`, `dvg_to_misere_dvg.rs` with its siblings
//! `ueg_to_misere_ueg.rs` and `deg_to_misere_deg.rs`): every reduction in the catalogue. This
//! directory holds only the machinery they share (`diamonds`: the diamond strategies and the
//! read-back of Skolem and Herbrand functions; `arc_gadgets`: the local games of arc gadgets,
//! the backward map of the three arc-gadget theorems and the forward map of the two misère
//! ones; `util`: oracles, replays, certificate builders, the same-moves map, and for the NP
//! reductions player II's walk against I's forced moves). Running the maps against solvers and
//! the checker (one step's four certificates) is [`crate::verify`]'s business, not this
//! module's.

pub(crate) mod arc_gadgets;
pub(crate) mod diamonds;
pub(crate) mod util;

pub use util::{
    GameOracle, QbfOracle, build_game_cert, build_qbf_cert, map_limits, with_map_limits,
};

use crate::certify::{Certificate, CertificateBody, CheckError, Player};
use serde::Serialize;

/// Why a certificate could not be carried across a reduction.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CertMapError {
    /// The proof gives no constructive map in this direction for this answer.
    #[error("certmap::not_constructive: {0}")]
    NotConstructive(String),
    /// The certificate is of a kind this map does not read (e.g. a Hamiltonian path given to
    /// a QBF reduction).
    #[error("certmap::wrong_certificate: {0}")]
    WrongCertificate(String),
    /// The instances are not a source and its compiled target under this reduction.
    #[error("certmap::wrong_instance: {0}")]
    WrongInstance(String),
    /// Following the certificate as the proof prescribes reached a place where it fails (a
    /// falsified clause, a losing or missing move): the certificate is not valid.
    #[error("certmap::invalid_certificate: {0}")]
    Invalid(String),
    /// Playing or building a certificate failed in the checker's terms.
    #[error(transparent)]
    Check(#[from] CheckError),
}

/// Whether a map is implemented, and how it works or why it cannot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", content = "how", rename_all = "snake_case")]
pub enum MapStatus {
    /// Implemented; the construction in words.
    Constructive(&'static str),
    /// Not implemented because no constructive map exists or the proof gives none; the
    /// reason.
    NotConstructive(&'static str),
}

impl MapStatus {
    /// Whether the map is implemented.
    pub fn is_constructive(self) -> bool {
        matches!(self, MapStatus::Constructive(_))
    }

    /// The construction or the reason.
    pub fn text(self) -> &'static str {
        match self {
            MapStatus::Constructive(s) | MapStatus::NotConstructive(s) => s,
        }
    }
}

/// The four certificate maps of a reduction. "Yes" is the source's YES answer (QBF true, a
/// path or cover exists, player I wins a source game) and the target answer it corresponds
/// to ([`super::ReductionInfo::yes_winner`] wins the target).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CertMaps {
    /// Source YES certificate → target certificate.
    pub forward_yes: MapStatus,
    /// Source NO certificate → target certificate.
    pub forward_no: MapStatus,
    /// Target certificate of the YES side → source YES certificate.
    pub backward_yes: MapStatus,
    /// Target certificate of the NO side → source NO certificate.
    pub backward_no: MapStatus,
}

impl CertMaps {
    /// No map at all, for the same reason in every direction.
    pub const fn none(reason: &'static str) -> CertMaps {
        let s = MapStatus::NotConstructive(reason);
        CertMaps {
            forward_yes: s,
            forward_no: s,
            backward_yes: s,
            backward_no: s,
        }
    }

    /// The four maps with their names (`forward yes`, …), in a fixed order.
    pub fn named(&self) -> [(&'static str, MapStatus); 4] {
        [
            ("forward yes", self.forward_yes),
            ("forward no", self.forward_no),
            ("backward yes", self.backward_yes),
            ("backward no", self.backward_no),
        ]
    }

    /// The status of the map in direction `forward` for the answer `yes`.
    pub fn get(&self, forward: bool, yes: bool) -> MapStatus {
        match (forward, yes) {
            (true, true) => self.forward_yes,
            (true, false) => self.forward_no,
            (false, true) => self.backward_yes,
            (false, false) => self.backward_no,
        }
    }
}

/// The default when a reduction implements no map.
pub const NO_MAPS: CertMaps =
    CertMaps::none("no certificate map is implemented for this reduction");

/// The answer of an unimplemented direction: [`CertMapError::NotConstructive`] with the
/// reason recorded in `maps`.
pub fn refuse(maps: &CertMaps, forward: bool, yes: bool) -> CertMapError {
    CertMapError::NotConstructive(maps.get(forward, yes).text().to_string())
}

/// The player a game certificate says wins (`None` for other kinds).
pub fn wins(cert: &Certificate) -> Option<Player> {
    match &cert.body {
        CertificateBody::GameWin(s) => Some(s.winner),
        CertificateBody::GameMoves(s) => Some(s.winner),
        CertificateBody::UvgMatching(m) => Some(m.winner),
        CertificateBody::UegKernel(k) => Some(k.winner),
        _ => None,
    }
}

/// Whether a certificate proves its instance's YES answer (QBF true, a path or a cover, or
/// player I wins).
pub fn claims_yes(cert: &Certificate) -> bool {
    match &cert.body {
        CertificateBody::QbfFalse(_) => false,
        CertificateBody::QbfTrue(_) | CertificateBody::Hampath(_) => true,
        CertificateBody::VertexCover(_) => true,
        _ => wins(cert) == Some(Player::First),
    }
}
