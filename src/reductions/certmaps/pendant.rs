//! Certificate maps of Trail Trap's isolated vertex (`trailtrap-disconnected`, Corollary 19):
//! the source vertices and edges keep their indices in the target and the isolated vertex has
//! no edge, so both games have exactly the same moves (`util::same_moves`). (The misère pendants
//! of Renault–Schmidt Thm 2.1, 2.5 and 2.6, whose maps are also the same moves, keep theirs in
//! `dvg_to_misere_dvg.rs`.)

use super::util::{checked_pair, game_of, same_moves};
use super::{CertMapError, CertMaps, MapStatus};
use crate::certify::Certificate;
use crate::problems::Instance;
use crate::reductions::Reduction;

/// The maps of `trailtrap-disconnected`.
pub const ISOLATED_MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "the same strategy: the isolated vertex has no edge, so both games have the same moves",
    ),
    forward_no: MapStatus::Constructive("the same strategy"),
    backward_yes: MapStatus::Constructive("the same strategy"),
    backward_no: MapStatus::Constructive("the same strategy"),
};

/// Source strategy → target strategy.
pub fn forward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (src, tgt) = checked_pair(r, source, target, game_of)?;
    same_moves(src, tgt, cert)
}

/// Target strategy → source strategy.
pub fn backward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (src, tgt) = checked_pair(r, source, target, game_of)?;
    same_moves(tgt, src, cert)
}
