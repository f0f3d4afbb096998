//! Tests that kill mutants of the checker's *code* (`cargo-mutants` on `src/certify`, see
//! `docs/certificates.md` "How the checker is tested"): each test is a small hand-made case on
//! which a checker with one operator or condition changed accepts a wrong certificate, rejects
//! a right one, or answers outside its limits, and the real checker does not.

use georeduce::certify::{
    CheckError, Claim, GameMoves, GameStrategy, Limits, Player, check_game_moves,
    check_game_strategy,
};
use georeduce::game;
use georeduce::problems::Graph;

fn limits(max_positions: u64) -> Limits {
    Limits {
        max_positions,
        ..Limits::default()
    }
}

/// The walk's item limit is exact: a certificate whose walk costs `w` items is checked with
/// `max_positions = w` and is too large with `w − 1` (kills `work > limit` turned into `>=`,
/// `==` or `<` in `game::walk`).
#[test]
fn the_walk_limit_is_exact() {
    // K₄ under the edge rule from v0: a tree of a few hundred items, every kind of position.
    let k4: Vec<(usize, usize)> = (0..4)
        .flat_map(|u| (u + 1..4).map(move |v| (u, v)))
        .collect();
    let g = game!(ueg on Graph::from_edges(false, 4, &k4); start 0);
    // Player I's moves in the walk's order: always the first legal move.
    for winner in [Player::First, Player::Second] {
        let moves = georeduce::certify::moves_from_fn(&g, winner, &Limits::default(), |at| {
            at.legal().ok()?.first().copied()
        })
        .unwrap();
        let cert = GameMoves { winner, ..moves };
        let Ok(v) = check_game_moves(&g, &cert, &Limits::default()) else {
            continue;
        };
        assert!(v.work > 20, "{}", v.work);
        assert_eq!(
            check_game_moves(&g, &cert, &limits(v.work)),
            Ok(v),
            "the exact limit"
        );
        let e = check_game_moves(&g, &cert, &limits(v.work - 1)).unwrap_err();
        assert!(
            matches!(
                e,
                CheckError::TooLarge {
                    what: "the strategy walk",
                    ..
                }
            ),
            "{e}"
        );
    }
}

/// The walk's table is bounded by bytes as well as by items: a `game_win` walk down a directed
/// path of 1,001 vertices keys every position by the whole position (about 250 bytes: the
/// 1,000 visited bits and the key itself) at 2 items each, so with `max_positions` set to the
/// walk's own cost the table outgrows `64 × max_positions` bytes and the check is too large;
/// with twice the limit it passes (kills `held += key.bytes()` turned into `*=` or `-=`, and
/// `held > max_bytes` turned into `<`, `==` or dropped).
#[test]
fn the_walk_table_is_bounded_by_bytes() {
    let n = 1001;
    let path: Vec<(usize, usize)> = (0..n - 1).map(|i| (i, i + 1)).collect();
    let g = game!(dvg on Graph::from_edges(true, n, &path); start 0);
    // Every move is forced: player II makes the last of the 1,000 moves and player I is stuck.
    let cert = GameStrategy {
        winner: Player::Second,
        strategy: vec![],
    };
    let v = check_game_strategy(&g, &cert, &Limits::default()).expect("player II wins");
    assert_eq!(v.claim, Claim::Winner(Player::Second));
    let e = check_game_strategy(&g, &cert, &limits(v.work)).unwrap_err();
    assert!(
        matches!(
            e,
            CheckError::TooLarge {
                what: "the bytes held by the strategy walk's table",
                ..
            }
        ),
        "{e}"
    );
    // Four times the items: 64 × 4 × 2 = 512 bytes a position, more than a key takes.
    assert_eq!(
        check_game_strategy(&g, &cert, &limits(4 * v.work)).map(|v| v.claim),
        Ok(Claim::Winner(Player::Second))
    );
}
