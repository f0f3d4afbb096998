//! The two players of a game, shared by the solvers (who wins), the reductions (which winner
//! means "yes") and the certificate checker (whose strategy a certificate holds).

use serde::{Deserialize, Serialize};

/// A player of a two-player game. Player I ([`Player::First`]) makes the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// Player I, who moves first.
    First,
    /// Player II.
    Second,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for player I, 1 for player II (the index of a partizan player's token).
    pub fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Player::First => "player I",
            Player::Second => "player II",
        })
    }
}
