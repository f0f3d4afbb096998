//! Tests that kill mutants of the checker's position code (`cargo-mutants` on
//! `src/certify/game/canon.rs`, `replay.rs`, `encode.rs`, `witness.rs` and `error.rs`; see
//! `docs/certificates.md` "How the checker is tested"): each test is a small hand-made case on
//! which a checker with one operator or condition changed accepts a wrong certificate, rejects
//! a right one, or reports other work or limits than the real checker does.
//!
//! Several tests measure the bytes that the walk's table of checked classes holds. Those bytes
//! are private (they include `size_of` of the key types), but the walk reports them exactly
//! when its byte bound stops it (`CheckError::TooLarge { size, .. }`), so the tests compare two
//! games that differ only in the part of a key under test (one more 64-bit word of a bit set,
//! one more byte of a weight): the difference is exact whatever the fixed part is.

use georeduce::certify::{
    CheckError, Claim, GameMoves, GameStrategy, Limits, Player, check_game_moves,
    check_game_strategy,
};
use georeduce::game;
use georeduce::problems::{Geography, Graph};

fn limits(max_positions: u64) -> Limits {
    Limits {
        max_positions,
        ..Limits::default()
    }
}

/// The bytes held by the walk's table when its byte bound stopped it (panics on any other
/// outcome).
fn bytes_held<T: std::fmt::Debug>(checked: Result<T, CheckError>) -> u64 {
    match checked {
        Err(CheckError::TooLarge {
            what: "the bytes held by the strategy walk's table",
            size,
            ..
        }) => size,
        other => panic!("expected the walk's table to outgrow its bytes, got {other:?}"),
    }
}

/// Player II's certificate of a game where player I is stuck at once (or a walk with no
/// choice of player II's).
fn second_wins_moves() -> GameMoves {
    GameMoves {
        winner: Player::Second,
        choices: vec![],
        kernels: vec![],
    }
}

/// A NimG (remove, then move) game on `n` vertices named `v0 …`: every heap empty but
/// `weights`' (vertex, weight) pairs, the pointer on v0.
fn nim_game(n: usize, edges: &[(usize, usize)], weights: &[(usize, u64)]) -> Geography {
    let mut g = Graph::from_edges(false, n, edges);
    for v in &mut g.vertices {
        v.weight = Some(0);
    }
    for &(v, w) in weights {
        g.vertices[v].weight = Some(w);
    }
    game!(nimg on g; start 0)
}

/// A `game_win` walk keys positions by the whole position, whose bit set of visited vertices
/// takes 8 bytes a word (kills `8 * (marks + weights)` turned into `8 + (marks + weights)` in
/// `Key::bytes`), and whose NimG weights take 8 bytes each (kills `marks + weights` turned
/// into `marks - weights`, which wraps around once there are NimG weights). On a directed
/// graph without arcs (and on a NimG board with every heap empty) player I is stuck at the
/// start: the walk is one position of one item, and with `max_positions = 1` (64 bytes) its
/// one key outgrows the table, which reports the key's exact bytes.
#[test]
fn whole_position_keys_count_eight_bytes_a_word() {
    let vg = |n| {
        let g = game!(dvg on Graph::from_edges(true, n, &[]); start 0);
        let cert = GameStrategy {
            winner: Player::Second,
            strategy: vec![],
        };
        assert_eq!(
            check_game_strategy(&g, &cert, &Limits::default()).map(|v| (v.claim, v.work)),
            Ok((Claim::Winner(Player::Second), 1))
        );
        bytes_held(check_game_strategy(&g, &cert, &limits(1)))
    };
    // 640 and 704 vertices: 10 and 11 words of visited bits (80 bytes: always above 64).
    assert_eq!(vg(704) - vg(640), 8);
    let nim = |n| {
        let g = nim_game(n, &[], &[]);
        let cert = GameStrategy {
            winner: Player::Second,
            strategy: vec![],
        };
        bytes_held(check_game_strategy(&g, &cert, &limits(1)))
    };
    // 100 and 101 weights of 8 bytes.
    assert_eq!(nim(101).wrapping_sub(nim(100)), 8);
}

/// A `game_moves` walk keys a position with more live vertices than a list would hold
/// cheaply by the live set as a bit set over all vertices, 8 bytes a word (kills `8 * live`
/// turned into `8 / live` in `Key::bytes`). The board: a star of 257 leaves around v0 (the
/// start: more live vertices than any list holds) and enough isolated vertices for 2,100 or
/// 2,101 words of bits; player I moves to a leaf and player II is stuck. The walk costs
/// 258 + 1 items; at that limit (16,576 bytes) the two keys (a leaf's empty list and the
/// start's 16,800-byte bit set) outgrow the table, which reports their bytes.
#[test]
fn live_bit_set_keys_count_eight_bytes_a_word() {
    let held = |words: usize| {
        let star: Vec<(usize, usize)> = (1..=257).map(|v| (0, v)).collect();
        let g = game!(uvg on Graph::from_edges(false, 64 * words, &star); start 0);
        let cert = GameMoves {
            winner: Player::First,
            choices: vec![0],
            kernels: vec![],
        };
        let v = check_game_moves(&g, &cert, &Limits::default()).unwrap();
        assert_eq!((v.claim, v.work), (Claim::Winner(Player::First), 259));
        bytes_held(check_game_moves(&g, &cert, &limits(v.work)))
    };
    assert_eq!(held(2101) - held(2100), 8);
}

/// A NimG key holds the set of vertices the pointer can reach as a bit set over all vertices
/// (8 bytes a word) and their weights as varints (one byte each below 128, two below 16,384):
/// kills the four arithmetic mutants of `8 * reach + weights` in `Key::bytes`. The board: the
/// pointer on an empty heap v0 (player I is stuck at the start: one position, one item)
/// joined to a heap v1 of 5 or 200 tokens, and isolated empty heaps up to 640 or 704
/// vertices (10 or 11 words, so that the key outgrows the 64 bytes of `max_positions = 1`).
#[test]
fn nim_keys_count_their_bit_set_and_varints() {
    let held = |n: usize, heap: u64| {
        let g = nim_game(n, &[(0, 1)], &[(1, heap)]);
        let cert = second_wins_moves();
        assert_eq!(
            check_game_moves(&g, &cert, &Limits::default()).map(|v| (v.claim, v.work)),
            Ok((Claim::Winner(Player::Second), 1))
        );
        bytes_held(check_game_moves(&g, &cert, &limits(1)))
    };
    let base = held(640, 5);
    assert_eq!(held(704, 5).wrapping_sub(base), 8, "one more word of reach");
    assert_eq!(held(640, 200).wrapping_sub(base), 1, "one more varint byte");
}

/// The smallest `max_positions` at which `check` passes (the walk's work and its table's
/// bytes both grow with the limit, so passing is monotone in it).
fn least_passing_limit(check: impl Fn(&Limits) -> bool) -> u64 {
    let (mut lo, mut hi) = (0u64, 1 << 24);
    assert!(check(&limits(hi)));
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        match check(&limits(mid)) {
            true => hi = mid,
            false => lo = mid,
        }
    }
    hi
}

/// A key lists its live vertices while the list is no larger than a bit set over the board
/// (up to `2 × words − 1` of them), so isolated vertices far from the token change nothing
/// that the walk holds as long as every key stays a list (kills `list_cap` returning 1 and
/// `2 * words` turned into `2 + words`, which key the same positions by bit sets on one board
/// and by lists on the other). The board: the directed path v0 → … → v199 (199 forced moves,
/// player I makes the last; at most 199 live vertices) among 6,400 or 12,800 vertices (100 or
/// 200 words: lists of up to 199 or 256). The table's bytes, not the work (399 items), decide
/// the least passing limit.
#[test]
fn far_vertices_do_not_change_listed_keys() {
    let least = |n: usize| {
        let path: Vec<(usize, usize)> = (0..199).map(|v| (v, v + 1)).collect();
        let g = game!(dvg on Graph::from_edges(true, n, &path); start 0);
        let cert = GameMoves {
            winner: Player::First,
            choices: vec![],
            kernels: vec![],
        };
        assert_eq!(
            check_game_moves(&g, &cert, &Limits::default()).map(|v| (v.claim, v.work)),
            Ok((Claim::Winner(Player::First), 399))
        );
        least_passing_limit(|l| check_game_moves(&g, &cert, l).is_ok())
    };
    let near = least(6400);
    assert!(near > 399, "the bytes decide: {near}");
    assert_eq!(least(12_800), near);
}

/// A live-vertex key lists vertices beyond the first 64 by their own numbers (kills
/// `word * 64` turned into `word / 64` in `key_listing`, which lists v69 as v5 and so keys
/// two positions with different futures alike: the most dangerous kind of checker bug, a
/// position never checked because another one stood in for it).
///
/// Undirected vertex geography on 70 vertices (two words, so lists of up to 3 live vertices),
/// from s = v0, with t = v1, a = v3, b = v5, c = v69 and the edges s–c, c–t, s–b, b–t, t–a,
/// a–b. Player II claims the win. Player I's first opening s → c forces c → t, and at t
/// (visited s, c, t; live a and b) player I loses either way. After the opening s → b player
/// II must answer b → a (player I is forced back to t, player II goes on to c and player I is
/// stuck); the answer b → t reaches t with visited s, b, t and live a and c, where player I
/// wins (to a or to c, and player II is stuck). With c listed as v5 that position's key is
/// the key of the first one, which the walk has already checked.
#[test]
fn live_keys_list_vertices_beyond_the_first_word() {
    let (s, t, a, b, c) = (0, 1, 3, 5, 69);
    let edges = [(s, c), (c, t), (s, b), (b, t), (t, a), (a, b)];
    let g = game!(uvg on Graph::from_edges(false, 70, &edges); start s);
    // Player II's choice at b, as an index among the legal moves there.
    let mut at = georeduce::certify::Replay::new(&g).unwrap();
    let to = |v: usize| georeduce::problems::Move::Step {
        token: 0,
        from: b,
        edge: edges
            .iter()
            .position(|&(x, y)| (x, y) == (b, v) || (x, y) == (v, b))
            .unwrap(),
        to: v,
    };
    at.play(georeduce::problems::Move::Step {
        token: 0,
        from: s,
        edge: 2,
        to: b,
    })
    .unwrap();
    let legal = at.legal().unwrap();
    let index = |v| legal.iter().position(|&m| m == to(v)).unwrap() as u32;
    let answer = |v| GameMoves {
        winner: Player::Second,
        choices: vec![index(v)],
        kernels: vec![],
    };
    assert_eq!(
        check_game_moves(&g, &answer(a), &Limits::default()).map(|v| v.claim),
        Ok(Claim::Winner(Player::Second))
    );
    match check_game_moves(&g, &answer(t), &Limits::default()) {
        Err(CheckError::GameLost {
            stuck: Player::Second,
            ..
        }) => {}
        other => panic!("b → t loses for player II, got {other:?}"),
    }
}

/// NimG keys hold every weight the pointer can reach, exactly, at every vertex: kills
/// `word * 64` turned into `word / 64` in `nim_key` (which reads the weight of v64 from v0),
/// and the varint mutants `w >>= 7` turned into `w <<= 7` (which writes 2 and 130 alike) and
/// `low | 0x80` turned into `low & 0x80` (128 and 129 alike). Each keys two positions with
/// different futures alike, so the walk skips one of them.
///
/// The game: NimG (remove, then move) on the edge y = v0 – h = v64 (65 vertices, the others
/// empty and isolated), the pointer on y with 132 tokens and 131 on h. Each player removes
/// from the heap under the pointer and moves it to the other heap, so player I takes from y
/// and player II from h; player I, who takes one token a turn, outlasts player II whatever
/// player II takes. Player I's positions with a real choice are those with at least 2 tokens
/// on y: the start, and after k = 1 … 130 rounds every number 0 … 131 − k of tokens on h:
/// 131 × 132 / 2 of them, one choice each (take 1: the first legal move). A walk that skips
/// one of them leaves choices over.
#[test]
fn nim_keys_hold_every_reachable_weight() {
    let g = nim_game(65, &[(0, 64)], &[(0, 132), (64, 131)]);
    let cert = GameMoves {
        winner: Player::First,
        choices: vec![0; 131 * 132 / 2],
        kernels: vec![],
    };
    assert_eq!(
        check_game_moves(&g, &cert, &Limits::default()).map(|v| v.claim),
        Ok(Claim::Winner(Player::First))
    );
}

/// `Replay` reports the position after each kind of play exactly: the token (none before an
/// unrooted game places it), the line, the marks, the legal moves, the certificate form of
/// the position, and the refusal of an illegal move with its line (kills the mutants of
/// `Replay::token`, `line`, `marked`, `legal`, `play`, `play_legal`, `undo` and `play_all`,
/// and of `Board::position` and `Board::cert_line`). Certificate maps across reductions
/// replay lines with it, so a wrong answer here would become a wrong certificate there. The
/// game: unrooted undirected vertex geography on the path v0 – v1 – v2.
#[test]
fn replays_report_every_play() {
    use georeduce::certify::{CertMove, Position, Replay};
    use georeduce::problems::Move;
    let g = game!(uvg on Graph::from_edges(false, 3, &[(0, 1), (1, 2)]); unrooted);
    let place = |vertex| Move::Place { vertex };
    let step = |from, edge, to| Move::Step {
        token: 0,
        from,
        edge,
        to,
    };
    let ids = |vs: &[&str]| vs.iter().map(|v| v.to_string()).collect::<Vec<_>>();
    let mut at = Replay::new(&g).unwrap();
    assert_eq!(
        (at.mover(), at.token(0), at.line()),
        (Player::First, None, &[][..])
    );
    assert_eq!(at.legal(), Ok(vec![place(0), place(1), place(2)]));
    assert!((0..3).all(|v| !at.marked(v)));
    at.play(place(1)).unwrap();
    assert_eq!((at.mover(), at.token(0)), (Player::Second, Some(1)));
    assert_eq!(at.line(), &[place(1)]);
    assert_eq!((at.marked(0), at.marked(1)), (false, true));
    assert_eq!(at.legal(), Ok(vec![step(1, 0, 0), step(1, 1, 2)]));
    assert_eq!(
        at.position(),
        Position {
            to_move: Player::Second,
            tokens: vec![Some("v1".into())],
            visited: ids(&["v1"]),
            used: vec![],
            weights: vec![],
        }
    );
    // An illegal move is refused with the line before it, and changes nothing.
    assert_eq!(
        at.play(place(0)),
        Err(CheckError::IllegalMove {
            ply: 1,
            line: vec![CertMove::Place {
                vertex: "v1".into()
            }],
            played: CertMove::Place {
                vertex: "v0".into()
            },
        })
    );
    assert_eq!((at.line().len(), at.token(0)), (1, Some(1)));
    // A move played to be taken back, and taken back.
    let played = at.play_undoable(step(1, 0, 0));
    assert_eq!(
        (at.token(0), at.line().len(), at.marked(0)),
        (Some(0), 2, true)
    );
    at.undo(played);
    assert_eq!(
        (at.mover(), at.token(0), at.line().len(), at.marked(0)),
        (Player::Second, Some(1), 1, false)
    );
    at.play_legal(step(1, 1, 2));
    assert_eq!(
        (at.token(0), at.line()),
        (Some(2), &[place(1), step(1, 1, 2)][..])
    );
    assert_eq!(at.position().visited, ids(&["v1", "v2"]));
    assert_eq!(at.without_line().line(), &[][..]);
    // A whole line at once; it stops at the first illegal move.
    let mut again = Replay::new(&g).unwrap();
    again.play_all(&[place(1), step(1, 0, 0)]).unwrap();
    assert_eq!((again.token(0), again.line().len()), (Some(0), 2));
    assert!(matches!(
        Replay::new(&g).unwrap().play_all(&[place(1), place(2)]),
        Err(CheckError::IllegalMove { ply: 1, .. })
    ));
}

/// `Replay` reports NimG weights and edge-rule positions (kills the mutants of
/// `Replay::weights` and of the NimG guard in `Board::position`, which lists used edges of a
/// NimG board or none of an edge-rule board).
#[test]
fn replays_report_weights_and_used_edges() {
    use georeduce::certify::Replay;
    use georeduce::problems::Move;
    let g = nim_game(2, &[(0, 1)], &[(0, 3), (1, 2)]);
    let mut at = Replay::new(&g).unwrap();
    assert_eq!(at.weights(), &[3, 2]);
    at.play(Move::Nim {
        take: 2,
        to: Some(1),
    })
    .unwrap();
    assert_eq!((at.weights(), at.token(0)), (&[1, 2][..], Some(1)));
    let p = at.position();
    assert_eq!((p.weights, p.used, p.visited), (vec![1, 2], vec![], vec![]));
    let ueg = game!(ueg on Graph::from_edges(false, 3, &[(0, 1), (1, 2)]); start 1);
    let mut at = Replay::new(&ueg).unwrap();
    at.play(Move::Step {
        token: 0,
        from: 1,
        edge: 1,
        to: 2,
    })
    .unwrap();
    assert_eq!((at.marked(1), at.marked(0)), (true, false));
    let p = at.position();
    assert_eq!((p.used, p.visited), (vec![1], vec![]));
}

/// A move names its vertices by identifier, and a vertex out of range is an error, not a
/// panic (kills `v < n` turned into `v <= n`, `==` or `>` in `CertMove::from_move`).
#[test]
fn moves_out_of_range_are_refused() {
    use georeduce::certify::CertMove;
    use georeduce::problems::Move;
    let g = Graph::from_edges(false, 2, &[(0, 1)]);
    assert_eq!(
        CertMove::from_move(&g, &Move::Place { vertex: 1 }),
        Ok(CertMove::Place {
            vertex: "v1".into()
        })
    );
    for vertex in [2, 3] {
        assert!(matches!(
            CertMove::from_move(&g, &Move::Place { vertex }),
            Err(CheckError::Malformed(_))
        ));
    }
}

/// `StrategyPlayer` answers as the checker's walk does: a recorded move, the first move where
/// every move leads to one position, `None` where the player to move has no move, and
/// `MissingPosition` where the winner has a real choice that the strategy does not record
/// (kills the mutants of `StrategyPlayer::choose` and `Replay::forced`). Directed vertex
/// geography on v0 → v1, v0 → v2, v1 → v3, v2 → v3 and two parallel arcs v3 → v4, from v0:
/// player I's opening is a real choice; player II is then forced to v3, player I to v4 (by
/// either arc: one position), and player II is stuck.
#[test]
fn strategy_players_answer_as_the_walk_does() {
    use georeduce::certify::{CertMove, Replay, StrategyEntry, StrategyPlayer, start_position};
    use georeduce::problems::Move;
    let arcs = [(0, 1), (0, 2), (1, 3), (2, 3), (3, 4), (3, 4)];
    let g = game!(dvg on Graph::from_edges(true, 5, &arcs); start 0);
    let step = |edge: usize| Move::Step {
        token: 0,
        from: arcs[edge].0,
        edge,
        to: arcs[edge].1,
    };
    let strategy = |entries| GameStrategy {
        winner: Player::First,
        strategy: entries,
    };
    let opening = StrategyEntry {
        position: start_position(&g).unwrap(),
        play: CertMove::from_move(&g.graph, &step(1)).unwrap(),
    };
    let cert = strategy(vec![opening]);
    assert!(check_game_strategy(&g, &cert, &Limits::default()).is_ok());
    let player = StrategyPlayer::new(&g, &cert).unwrap();
    let mut at = Replay::new(&g).unwrap();
    assert_eq!(
        player.choose(&at),
        Ok(Some(step(1))),
        "the recorded opening"
    );
    at.play_all(&[step(0), step(2)]).unwrap();
    assert_eq!(player.choose(&at), Ok(Some(step(4))), "a forced move");
    at.play(step(4)).unwrap();
    assert_eq!(player.choose(&at), Ok(None), "player II is stuck");
    // Without the entry, the opening is a real choice that the strategy misses.
    let bare = StrategyPlayer::new(&g, &strategy(vec![])).unwrap();
    assert_eq!(
        bare.choose(&Replay::new(&g).unwrap()),
        Err(CheckError::MissingPosition { line: vec![] })
    );
}

/// Below a kernel leaf of a `game_moves` certificate, `StrategyPlayer` answers back into the
/// leaf's kernel (kills the mutants of `StrategyPlayer::kernel_above` and of the winner test
/// before it in `choose`, which answer nothing there). Undirected edge geography on two
/// parallel edges v0 – v1 and a loop at v1, from v0: {v0} is an even kernel of the start (v1
/// has two edges into it), so player II wins by one leaf. After player I's move to v1,
/// player II has a real choice (back to v0, or the loop), which the certificate does not
/// list: the kernel's strategy is the move back into {v0}, after which player I is stuck.
#[test]
fn strategy_players_answer_into_the_kernel_below_a_leaf() {
    use georeduce::certify::{KernelLeaf, Replay, StrategyPlayer};
    use georeduce::problems::Move;
    let g = game!(ueg on Graph::from_edges(false, 2, &[(0, 1), (0, 1), (1, 1)]); start 0);
    let cert = GameMoves {
        winner: Player::Second,
        choices: vec![],
        kernels: vec![KernelLeaf {
            at: 0,
            kernel: vec!["v0".into()],
        }],
    };
    assert!(check_game_moves(&g, &cert, &Limits::default()).is_ok());
    let player = StrategyPlayer::from_moves(&g, &cert, &Limits::default()).unwrap();
    let step = |from, edge, to| Move::Step {
        token: 0,
        from,
        edge,
        to,
    };
    let mut at = Replay::new(&g).unwrap();
    at.play(step(0, 0, 1)).unwrap();
    assert!(at.legal().unwrap().len() >= 2, "a real choice");
    assert_eq!(player.choose(&at), Ok(Some(step(1, 1, 0))));
    at.play(step(1, 1, 0)).unwrap();
    assert_eq!(player.choose(&at), Ok(None), "player I is stuck");
}

/// NP witnesses report their work as vertices + edges, the figure `check-cert` prints (kills
/// the arithmetic mutants of that sum in `check_hampath` and `check_cover`): on the path
/// v0 – v1 – v2, the path itself and the cover {v1} cost 3 + 2.
#[test]
fn np_witnesses_count_their_work() {
    use georeduce::certify::{CoverCert, PathCert, check_cover, check_hampath};
    use georeduce::problems::{HamPath, VertexCover};
    let graph = Graph::from_edges(false, 3, &[(0, 1), (1, 2)]);
    let path = HamPath {
        graph: graph.clone(),
        start: None,
        end: None,
    };
    let cert = PathCert {
        path: vec!["v0".into(), "v1".into(), "v2".into()],
    };
    assert_eq!(
        check_hampath(&path, &cert).map(|v| (v.claim, v.work)),
        Ok((Claim::HamPathExists, 5))
    );
    let cover = VertexCover { graph, k: 1 };
    let cert = CoverCert {
        cover: vec!["v1".into()],
    };
    assert_eq!(
        check_cover(&cover, &cert).map(|v| (v.claim, v.work)),
        Ok((Claim::CoverExists, 5))
    );
}

/// A `game_win` position lists only what its game has: no `used` edges under the vertex rule
/// or in NimG (kills `(vertex rule || NimG) && used` turned into `(vertex rule && NimG) &&
/// used` in `Board::decode`, which read a vertex-rule `used` list as visited vertices and
/// indexed NimG's empty mark set, a panic).
#[test]
fn positions_list_no_used_edges_outside_the_edge_rule() {
    use georeduce::certify::{CertMove, Position, StrategyEntry};
    let entry = |tokens: &str, visited: Vec<String>, weights: Vec<u64>, play| StrategyEntry {
        position: Position {
            to_move: Player::First,
            tokens: vec![Some(tokens.into())],
            visited,
            used: vec![0],
            weights,
        },
        play,
    };
    let refused = |g: &Geography, e: StrategyEntry| {
        let cert = GameStrategy {
            winner: Player::First,
            strategy: vec![e],
        };
        match check_game_strategy(g, &cert, &Limits::default()) {
            Err(CheckError::Malformed(m)) => assert!(m.contains("has no `used`"), "{m}"),
            other => panic!("a `used` list is malformed here, got {other:?}"),
        }
    };
    // The path v0 – v1 – v2 from v1: player I moves to either end and wins.
    let uvg = game!(uvg on Graph::from_edges(false, 3, &[(0, 1), (1, 2)]); start 1);
    let to_v0 = CertMove::Step {
        token: 0,
        from: "v1".into(),
        edge: 0,
        to: "v0".into(),
    };
    refused(&uvg, entry("v1", vec!["v1".into()], vec![], to_v0));
    // NimG on the edge v0 – v1, one token on v0: player I takes it and moves to v1, where
    // player II is stuck.
    let nim = nim_game(2, &[(0, 1)], &[(0, 1)]);
    let take = CertMove::Nim {
        take: 1,
        to: Some("v1".into()),
    };
    refused(&nim, entry("v0", vec![], vec![1, 0], take));
}
