//! The search session (`session.rs`) on directed edge geography with antiparallel pairs:
//! its answers for lines of the original game, searched on the cancelled game, against the
//! independent naive minimax on the original game, for lines that follow the pairing
//! strategy, lines that end with a pair just opened, and lines that leave a pair half used.

use super::cancel::random_deg;
use super::naive;
use crate::problems::geography::{Geography, Move};
use crate::solvers::Budget;
use crate::solvers::geography::with_oracle;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How a line uses the antiparallel pairs of its game (as `session.rs` reads it, decided
/// here from the arcs themselves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// No arc of a pair, or each answered at once by its antiparallel partner.
    Paired,
    /// As `Paired`, but the last move opens a pair.
    Opened,
    /// A pair left half used before the end.
    Off,
}

/// The shape of `line`; `partner(e)` is the arc answering `e`, if `e` belongs to a pair.
fn shape(line: &[Move], partner: impl Fn(usize) -> Option<usize>) -> Shape {
    let edge = |m: &Move| match *m {
        Move::Step { edge, .. } => Some(edge),
        _ => None,
    };
    let mut i = 0;
    while i < line.len() {
        match edge(&line[i]).and_then(&partner) {
            None => i += 1,
            Some(_) if i + 1 == line.len() => return Shape::Opened,
            Some(f) if edge(&line[i + 1]) == Some(f) => i += 2,
            Some(_) => return Shape::Off,
        }
    }
    Shape::Paired
}

/// A random line of `g` from the start: at each ply, with probability ½ answer an opened
/// pair with its partner (when the last move opened one), else a random legal move;
/// `None` when the game ends before `len` moves.
fn random_line(
    g: &Geography,
    rng: &mut ChaCha8Rng,
    len: usize,
    partner: &impl Fn(usize) -> Option<usize>,
) -> Option<Vec<Move>> {
    let mut p = naive::start(g);
    let mut line: Vec<Move> = Vec::new();
    for _ in 0..len {
        let legal = naive::moves(g, &p);
        if legal.is_empty() {
            return None;
        }
        let answer = line.last().and_then(|m| match *m {
            Move::Step { edge, .. } => partner(edge),
            _ => None,
        });
        let pick = answer
            .filter(|_| rng.random_bool(0.5))
            .and_then(|f| {
                legal
                    .iter()
                    .find(|m| matches!(m, Move::Step { edge, .. } if *edge == f))
            })
            .copied()
            .unwrap_or_else(|| legal[rng.random_range(0..legal.len())]);
        p = naive::apply(g, &p, pick);
        line.push(pick);
    }
    Some(line)
}

#[test]
fn the_session_answers_lines_of_the_original_game_as_the_naive_minimax_does() {
    let mut rng = ChaCha8Rng::seed_from_u64(1313);
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let n = rng.random_range(3..=5);
        let p = rng.random_range(0.25..0.5);
        let g = random_deg(&mut rng, n, p, true);
        // The pairing is `cancel.rs`'s: partners from the module itself.
        let Some(cancelled) = crate::solvers::geography::cancel::cancel(&g) else {
            continue;
        };
        let partner = |e: usize| cancelled.partner(e);
        let lines: Vec<Vec<Move>> = (0..12)
            .filter_map(|_| {
                let len = rng.random_range(0..=6);
                random_line(&g, &mut rng, len, &partner)
            })
            .collect();
        with_oracle(&g, &Budget::unlimited(), |oracle| {
            for line in &lines {
                let kind = shape(line, partner);
                seen[kind as usize] += 1;
                let mut at = naive::start(&g);
                for &m in line {
                    at = naive::apply(&g, &at, m);
                }
                let wins = naive::mover_wins(&g, &at);
                let said = oracle.mover_wins(line).expect("unlimited");
                assert_eq!(said, wins, "{kind:?} line {line:?} of {g:?}");
                let mv = oracle.winning_move(line).expect("unlimited");
                assert_eq!(mv.is_some(), wins, "{kind:?} line {line:?} of {g:?}");
                if let Some(mv) = mv {
                    assert!(naive::moves(&g, &at).contains(&mv), "{mv:?} illegal");
                    let next = naive::apply(&g, &at, mv);
                    assert!(
                        !naive::mover_wins(&g, &next),
                        "{mv:?} does not win after {kind:?} line {line:?} of {g:?}"
                    );
                }
            }
        })
        .expect("small game");
    }
    eprintln!("lines paired / opened / off: {seen:?}");
    assert!(seen.iter().all(|&c| c >= 100), "{seen:?}");
}
