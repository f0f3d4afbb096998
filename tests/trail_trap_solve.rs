//! One Trail Trap game through `georeduce solve` (not `--batch`): the race search answers
//! (`method: race`) with a line of play, and the line is legal and ends as the winner says.

use crate::run::{georeduce, stdout};
use georeduce::Geography;
use georeduce::problems::geography::{Convention, Rule};
use georeduce::random::games::{GameParams, Setup, random_game};
use georeduce::solvers::geography::{
    GameSolution, Method, initial_position, legal_moves, solve_exhaustive, solve_with, try_play,
};
use georeduce::solvers::{Budget, Winner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// Replays `sol`'s line from the start of `g`: every move legal, the game over at its end,
/// and the player then to move (stuck, so losing under normal play) is not the winner.
fn assert_line_ends_with_winner(g: &Geography, sol: &GameSolution) {
    assert!(!sol.principal_variation.is_empty(), "no line for {g:?}");
    let mut pos = initial_position(g);
    for &mv in &sol.principal_variation {
        pos = try_play(g, &pos, mv).unwrap_or_else(|| panic!("illegal {mv:?} in {g:?}"));
    }
    assert!(
        legal_moves(g, &pos).is_empty(),
        "the line stops early in {g:?}"
    );
    assert_eq!(
        pos.to_move.other(),
        sol.winner,
        "the line ends wrongly in {g:?}"
    );
}

/// Random Trail Trap games with cycles: `solve`'s automatic choice is the race search (a tree
/// method where the graph is a forest), its line is legal and ends with the stated winner,
/// and the winner is the exhaustive search's.
#[test]
fn auto_solves_trail_trap_by_race_with_a_legal_line() {
    let seed = 4242;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut races, mut firsts) = (0, 0);
    for _ in 0..300 {
        let params = GameParams {
            rule: Rule::Edge,
            setup: Setup::PartizanUnrooted,
            directed: false,
            convention: Convention::Normal,
            n: rng.random_range(3..=7),
            edge_prob: rng.random_range(0.3..0.8),
            ..GameParams::default()
        };
        let g = random_game(&mut rng, &params);
        if g.graph.m() == 0 {
            continue;
        }
        let budget = Budget::unlimited();
        let auto = solve_with(&g, Method::Auto, &budget).expect("solves");
        let plain = solve_exhaustive(&g, &budget).expect("solves");
        assert_eq!(auto.winner, plain.winner, "winner of {g:?} (seed {seed})");
        if auto.method == "race" {
            races += 1;
            firsts += usize::from(auto.winner == Winner::First);
            assert_line_ends_with_winner(&g, &auto);
        } else {
            assert_eq!(auto.method, "tree", "{g:?}");
        }
        let race = solve_with(&g, Method::Race, &budget).expect("race applies");
        assert_eq!(race.method, "race");
        assert_eq!(race.winner, plain.winner, "race winner of {g:?}");
        assert_line_ends_with_winner(&g, &race);
    }
    eprintln!("race answered {races} of 300 through Auto, player I won {firsts}");
    assert!(
        races >= 100 && firsts >= 10 && races - firsts >= 10,
        "{races} / {firsts}"
    );
}

/// The line printed by `solve --strategy --json`, checked move by move on the house graph:
/// alternating players, each move along an unused edge from where that player's token
/// stands, and the player after the last move stuck.
#[test]
fn cli_solve_of_one_trail_trap_game_prints_a_race_line() {
    let file = "tests/data/trail-trap-house.geo";
    let edges: HashSet<[&str; 2]> = [
        ["a", "b"],
        ["b", "c"],
        ["c", "d"],
        ["a", "d"],
        ["a", "e"],
        ["b", "e"],
    ]
    .into_iter()
    .collect();
    for method in [None, Some("race")] {
        let mut args = vec!["solve", file, "--strategy", "--json"];
        if let Some(m) = method {
            args.extend(["--method", m]);
        }
        let out = georeduce(&args);
        assert!(out.status.success(), "{}", stdout(&out));
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
        assert_eq!(v["method"], "race", "{v:#}");
        assert_eq!(v["variant"], "Trail Trap");
        let line = v["witness"]["principal_variation"]
            .as_array()
            .expect("a line of play");
        let mut at: [Option<String>; 2] = [None, None];
        let mut used = HashSet::new();
        for (i, mv) in line.iter().enumerate() {
            let text = mv.as_str().expect("a move");
            let (who, rest) = text.split_once(": ").expect("P: x -- y");
            let player = usize::from(who == "II");
            assert_eq!(player, i % 2, "players alternate: {text}");
            let (from, to) = rest.split_once(" -- ").expect("x -- y");
            let mut key = [from, to];
            key.sort();
            assert!(edges.contains(&key), "{text} is not an edge");
            assert!(used.insert(key), "{text} reuses an edge");
            if let Some(prev) = &at[player] {
                assert_eq!(prev, from, "{text} does not start at the token");
            }
            at[player] = Some(to.to_string());
        }
        // The player to move after the line is stuck: no unused edge at their token.
        let next = line.len() % 2;
        let stand = at[next].clone();
        let stuck = match &stand {
            Some(x) => edges
                .iter()
                .filter(|e| e.contains(&x.as_str()))
                .all(|e| used.contains(e)),
            None => used.len() == edges.len(),
        };
        assert!(stuck, "the line stops while player {next} can move");
        let winner = if next == 1 { "first" } else { "second" };
        assert_eq!(v["winner"], winner, "{v:#}");
    }
}

/// Two 14-vertex Trail Trap games that the exhaustive search could not decide within
/// `check`'s default budget of 1,000,000 nodes (eighth session: 741,484 and over 1,000,000
/// nodes; `georeduce create trailtrap --size 14`, seeds 27 and 12 of families `game` and
/// `game/loops`): `solve` now decides both within it, and on the simple one its winner is the
/// exhaustive search's.
#[test]
fn fourteen_vertex_trail_trap_repros_finish_within_the_default_budget() {
    for (file, exhaustive) in [
        ("tests/data/trail-trap-14-simple.geo", true),
        ("tests/data/trail-trap-14-loops.geo", false),
    ] {
        let out = georeduce(&["solve", file, "--max-nodes", "1000000", "--json"]);
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
        let winner = json["winner"].as_str().expect("a winner");
        assert!(winner == "first" || winner == "second", "{file}: {winner}");
        assert_eq!(json["method"], "race", "{file}");
        assert!(json["stats"]["nodes"].as_u64().expect("nodes") <= 1_000_000);
        if exhaustive {
            let bytes = std::fs::read(file).expect("repro");
            let parsed = georeduce::lang::parse_bytes(file, &bytes).expect("parses");
            let georeduce::Instance::Geography(g) = parsed.instance else {
                panic!("{file} is not a game");
            };
            let plain = solve_exhaustive(&g, &Budget::unlimited()).expect("solves");
            let expected = match plain.winner {
                Winner::First => "first",
                Winner::Second => "second",
            };
            assert_eq!(winner, expected, "{file}");
        }
    }
}
