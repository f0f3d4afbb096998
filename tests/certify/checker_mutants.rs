//! Tests that kill mutants of the checker's *code* (`cargo-mutants` on `src/certify`, see
//! `docs/certificates.md` "How the checker is tested"): each test is a small hand-made case on
//! which a checker with one operator or condition changed accepts a wrong certificate, rejects
//! a right one, or answers outside its limits, and the real checker does not.

use georeduce::certify::{
    CheckError, Claim, GameMoves, GameStrategy, KernelCert, KernelLeaf, Limits, Player,
    check_game_moves, check_game_strategy, check_kernel_witness,
};
use georeduce::game;
use georeduce::problems::Graph;

fn limits(max_positions: u64) -> Limits {
    Limits {
        max_positions,
        ..Limits::default()
    }
}

/// Asserts that a check stopped at the strategy walk's item limit ("unknown", not a verdict).
fn assert_walk_too_large<T: std::fmt::Debug>(checked: Result<T, CheckError>) {
    match checked {
        Err(CheckError::TooLarge {
            what: "the strategy walk",
            ..
        }) => {}
        other => panic!("expected the strategy walk to be too large, got {other:?}"),
    }
}

/// The walk's item limit is exact: a certificate whose walk costs `w` items is checked with
/// `max_positions = w` and is too large with `w − 1` (kills `work > limit` turned into `>=`,
/// `==` or `<` in `game::walk`).
#[test]
fn the_walk_limit_is_exact() {
    // K₄ under the edge rule from v0: a walk of some dozens of items.
    let k4: Vec<(usize, usize)> = (0..4)
        .flat_map(|u| (u + 1..4).map(move |v| (u, v)))
        .collect();
    let g = game!(ueg on Graph::from_edges(false, 4, &k4); start 0);
    // Each player's certificate that always takes the first legal move; the one that wins
    // (at least one must, or the test would check nothing) is judged at its exact cost.
    let mut checked = 0;
    for winner in [Player::First, Player::Second] {
        let moves = georeduce::certify::moves_from_fn(&g, winner, &Limits::default(), |at| {
            at.legal().ok()?.first().copied()
        })
        .unwrap();
        let cert = GameMoves { winner, ..moves };
        let Ok(v) = check_game_moves(&g, &cert, &Limits::default()) else {
            continue;
        };
        checked += 1;
        assert!(v.work > 20, "{}", v.work);
        assert_eq!(
            check_game_moves(&g, &cert, &limits(v.work)),
            Ok(v),
            "the exact limit"
        );
        assert_walk_too_large(check_game_moves(&g, &cert, &limits(v.work - 1)));
    }
    assert_eq!(checked, 1, "exactly one player wins");
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

/// A `ueg_kernel` check reports its work as kernels × (vertices + edges), the figure
/// `check-cert` prints (kills the arithmetic mutants of that product in
/// `check_kernel_witness`): on the path v0 – v1 – v2 rooted at v1, player I wins by taking
/// the edge to v0, and {v0} is an even kernel of what is left.
#[test]
fn kernel_certificates_count_their_work() {
    let g = game!(ueg on Graph::from_edges(false, 3, &[(0, 1), (1, 2)]); start 1);
    let cert =
        KernelCert::from_indices(&g.graph, Player::First, Some((0, 1, 0)), &[vec![0]]).unwrap();
    let v = check_kernel_witness(&g, &cert).unwrap();
    assert_eq!(v.claim, Claim::Winner(Player::First));
    assert_eq!(v.work, 3 + 2);
}

/// A kernel leaf counts one item of work, like a terminal position: on K₄,₄ from the corner
/// v0, {v0, v1} is an even kernel, so player II's certificate is the start closed by one leaf
/// and its walk costs exactly 1 (kills `work += 1` at a closed position turned into `-=`,
/// which wraps around, or `*=`, which leaves 0).
#[test]
fn a_kernel_leaf_costs_one_item() {
    let edges: Vec<(usize, usize)> = (0..4).flat_map(|a| (4..8).map(move |b| (a, b))).collect();
    let g = game!(ueg on Graph::from_edges(false, 8, &edges); start 0);
    let cert = GameMoves {
        winner: Player::Second,
        choices: vec![],
        kernels: vec![KernelLeaf {
            at: 0,
            kernel: vec!["v0".into(), "v1".into()],
        }],
    };
    let v = check_game_moves(&g, &cert, &Limits::default()).unwrap();
    assert_eq!((v.claim, v.work), (Claim::Winner(Player::Second), 1));
}

/// NimG's cap on the moves listed at one position reports only lists longer than what is left
/// of the walk's budget; a list that exactly uses it up is listed, and the walk's own limit
/// then reports it (kills `count > cap` turned into `>=` in `rules::too_many`, which would
/// blame the list). One heap of 3 with no neighbour: 3 moves at the start.
#[test]
fn the_per_position_move_cap_is_exact() {
    let mut gr = Graph::from_edges(false, 1, &[]);
    gr.vertices[0].weight = Some(3);
    let g = game!(nimg on gr; start 0);
    let cert = GameStrategy {
        winner: Player::First,
        strategy: vec![],
    };
    let what = |max| match check_game_strategy(&g, &cert, &limits(max)) {
        Err(CheckError::TooLarge { what, .. }) => what,
        other => panic!("{other:?}"),
    };
    assert_eq!(what(2), "the number of moves at one position");
    assert_eq!(what(3), "the strategy walk");
}

/// The walk's work is one item per position plus one per move generated there (the unit of
/// `max_positions` and of the `work` that `check-cert` prints): on the directed path
/// v0 → v1 → v2 from v0, two positions with one move each and a terminal one make 5 (kills
/// `work += 1 + legal.len()` turned into `1 * legal.len()`, which the limit tests above cannot
/// see because they take the limit from the mutated count itself).
#[test]
fn the_walk_counts_positions_and_moves() {
    let g = game!(dvg on Graph::from_edges(true, 3, &[(0, 1), (1, 2)]); start 0);
    let cert = GameStrategy {
        winner: Player::Second,
        strategy: vec![],
    };
    let v = check_game_strategy(&g, &cert, &Limits::default()).unwrap();
    assert_eq!((v.claim, v.work), (Claim::Winner(Player::Second), 5));
}

/// Kernel leaves are listed in walk order: a leaf that names a position before the one where
/// the previous leaf closed the walk is malformed, and so reported, rather than applied to the
/// next position the walk expands (kills `leaf.at < index` turned into `>` in
/// `Sequence::close`, which answered with a kernel error at the wrong position instead). On
/// the path v3 – v1 – v0 – v2 – v4 from v0, player I's two openings lead to player II's forced
/// replies and player I stuck at v3 (walk position 2) or v4 (position 4): {v3} and {v4} are
/// the even kernels there.
#[test]
fn kernel_leaves_out_of_walk_order_are_malformed() {
    let g = game!(ueg on Graph::from_edges(false, 5, &[(0, 1), (0, 2), (1, 3), (2, 4)]); start 0);
    let leaves = |second: u64| GameMoves {
        winner: Player::Second,
        choices: vec![],
        kernels: vec![
            KernelLeaf {
                at: 2,
                kernel: vec!["v3".into()],
            },
            KernelLeaf {
                at: second,
                kernel: vec!["v4".into()],
            },
        ],
    };
    assert_eq!(
        check_game_moves(&g, &leaves(4), &Limits::default()).map(|v| v.claim),
        Ok(Claim::Winner(Player::Second))
    );
    let e = check_game_moves(&g, &leaves(2), &Limits::default()).unwrap_err();
    assert!(
        matches!(&e, CheckError::Malformed(m) if m.contains("not after kernel leaf 0")),
        "{e}"
    );
}

/// The walk's item limit is a bound, not a target: the first position of a star has three
/// moves, so the walk's work jumps from 0 to 4 and never equals a limit of 2; the check must
/// still be too large (kills `work > limit` turned into `work == limit` on a walk whose work
/// never equals the limit, which is the common case: the work grows by 1 + moves per position).
#[test]
fn the_walk_limit_holds_when_the_work_jumps_past_it() {
    let star = [(0, 1), (0, 2), (0, 3)];
    let g = game!(dvg on Graph::from_edges(true, 4, &star); start 0);
    // Player I moves to a leaf and player II is stuck.
    let moves = georeduce::certify::moves_from_fn(&g, Player::First, &Limits::default(), |at| {
        at.legal().ok()?.first().copied()
    })
    .unwrap();
    let v = check_game_moves(&g, &moves, &Limits::default()).expect("player I wins");
    assert_eq!(
        v.work, 5,
        "4 items for the centre and its moves, 1 for the leaf"
    );
    assert_walk_too_large(check_game_moves(&g, &moves, &limits(2)));
}
