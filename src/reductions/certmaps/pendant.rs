//! Certificate maps of the constructions that keep the source board and add pieces nobody
//! should use: the misère pendants of Renault–Schmidt Theorems 2.1, 2.5 and 2.6
//! (`dvg-misere-dvg`, `ueg-misere-ueg`, `deg-misere-deg`) and Trail Trap's isolated vertex
//! (`trailtrap-disconnected`, Corollary 19).
//!
//! The source vertices and edges keep their indices in the target, so a line of the source
//! is a line of the target. Forward: the winner plays the source strategy's move. Under
//! misère play the opponent who takes a pendant leaves the winner without a move, which wins;
//! an opponent stuck in the normal game must take his pendant. Backward: a winning misère
//! strategy never takes a pendant (that would leave the opponent stuck, and the stuck player
//! wins), so its moves are moves of the source game. The isolated vertex has no edge, so the
//! Trail Trap games have exactly the same moves.

use super::util::{GameOracle, build_game_cert, checked_pair, game_of, replay};
use super::{CertMapError, CertMaps, MapStatus};
use crate::certify::Certificate;
use crate::problems::{Geography, Instance};
use crate::reductions::Reduction;

/// The maps of the pendant reductions.
pub const PENDANT_MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "normal-play strategy → misère strategy: the same moves; the opponent who takes a \
         pendant, or must take one when stuck in the source, leaves the winner stuck (a win)",
    ),
    forward_no: MapStatus::Constructive("as forward yes, for player II's strategy"),
    backward_yes: MapStatus::Constructive(
        "misère strategy → normal-play strategy: the same moves (a winning misère strategy \
         never takes a pendant)",
    ),
    backward_no: MapStatus::Constructive("as backward yes, for player II's strategy"),
};

/// The maps of `trailtrap-disconnected`.
pub const ISOLATED_MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "the same strategy: the isolated vertex has no edge, so both games have the same moves",
    ),
    forward_no: MapStatus::Constructive("the same strategy"),
    backward_yes: MapStatus::Constructive("the same strategy"),
    backward_no: MapStatus::Constructive("the same strategy"),
};

/// Plays `from`'s certificate on `to`, where every line of `to` that the winner meets is a
/// line of `from` with the same moves.
fn same_moves(
    from: &Geography,
    to: &Geography,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let oracle = GameOracle::new(from, cert)?;
    build_game_cert(to, oracle.winner(), |line| {
        let at = replay(from, line)
            .map_err(|_| CertMapError::Invalid("the line leaves the source board".into()))?;
        oracle.choose(&at)
    })
}

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
