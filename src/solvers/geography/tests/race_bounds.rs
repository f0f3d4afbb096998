//! The race search's position reductions (`race_bounds.rs`) one position at a time against
//! the naive minimax: on random undirected multigraphs with loops, tokens on random vertices
//! and random edges already used, (1) a decision of the commitment bounds is the minimax
//! value, and so is a near miss decided by an exact longest trail, (2) cutting hanging trees
//! down to their longest paths changes neither the value of the position nor the longest
//! trail from a token. Each campaign also requires that every
//! reduction fires in many positions, so that a test that never reaches the code cannot pass.

use super::naive;
use crate::problems::geography::{Convention, Geography, Rule, Tokens};
use crate::problems::graph::Graph;
use crate::solvers::geography::race_bounds::{Commit, EdgeMasks, bit};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions per campaign.
const TRIALS: usize = 2000;

/// A random position (at most 13 edges): a rooted partizan edge game on a random undirected multigraph (loops
/// and parallel edges now and then), tokens on `a` and `b`, with the `used` edges gone.
struct Drawn {
    game: Geography,
    a: usize,
    b: usize,
    used: Vec<bool>,
}

/// Edge probabilities run over `density`; at most 13 edges.
fn draw(rng: &mut ChaCha8Rng, density: (f64, f64)) -> Drawn {
    let n = rng.random_range(2..=9);
    let p = rng.random_range(density.0..density.1);
    let mut graph = Graph::new(false);
    for v in 0..n {
        graph.add_vertex(format!("v{v}"));
    }
    for u in 0..n {
        for v in u..n {
            let p = if u == v { 0.08 } else { p };
            if graph.m() < 13 && rng.random_bool(p) {
                graph.add_edge(u, v);
                if u != v && graph.m() < 13 && rng.random_bool(0.05) {
                    graph.add_edge(u, v);
                }
            }
        }
    }
    let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
    let m = graph.m();
    let share = rng.random_range(0.0..0.4);
    let used = (0..m).map(|_| rng.random_bool(share)).collect();
    let game = Geography {
        graph,
        rule: Rule::Edge,
        tokens: Tokens::Partizan {
            starts: Some([a, b]),
        },
        convention: Convention::Normal,
    };
    Drawn { game, a, b, used }
}

/// The naive position: player I (the mover) on `a`, player II on `b`, exactly the edges of
/// `free` unused.
fn position(d: &Drawn, free: u64) -> naive::Naive {
    let mut p = naive::start(&d.game);
    p.used = (0..d.game.graph.m()).map(|e| free & bit(e) == 0).collect();
    p
}

/// The longest trail from `v` over the edges `free`, by plain recursion over the edge list
/// (independent of the bit-parallel helpers under test; `race_parity` uses it too).
pub(super) fn longest_trail(g: &Graph, v: usize, free: u64) -> u32 {
    let mut best = 0;
    for (e, &(x, y)) in g.edges.iter().enumerate() {
        if free & bit(e) == 0 {
            continue;
        }
        let to = if x == v {
            y
        } else if y == v {
            x
        } else {
            continue;
        };
        best = best.max(1 + longest_trail(g, to, free & !bit(e)));
    }
    best
}

fn free_of(d: &Drawn) -> u64 {
    (0..d.used.len())
        .filter(|&e| !d.used[e])
        .fold(0, |f, e| f | bit(e))
}

/// A decision of the commitment bounds is the naive minimax's value of the position.
#[test]
fn commitment_bounds_agree_with_naive_minimax() {
    let mut rng = ChaCha8Rng::seed_from_u64(9_101);
    let (mut wins, mut losses, mut open) = (0, 0, 0);
    let mut trials = 0;
    while trials < TRIALS {
        let d = draw(&mut rng, (0.2, 0.6));
        let masks = EdgeMasks::of(&d.game.graph);
        let edges = masks.edges();
        let (comp, verts) = edges.component(d.a, free_of(&d));
        if verts & bit(d.b) == 0 || comp == 0 {
            continue; // the race search splits these before the bounds
        }
        trials += 1;
        let from_b = edges.distances(d.b, comp);
        let Some(decided) = edges.committed(d.a, d.b, comp, &from_b) else {
            open += 1;
            continue;
        };
        let value = naive::mover_wins(&d.game, &position(&d, comp));
        assert_eq!(decided, value, "{:?} used {:?}", d.game, d.used);
        wins += usize::from(decided);
        losses += usize::from(!decided);
    }
    eprintln!("commitment bounds: mover wins {wins}, mover loses {losses}, open {open}");
    assert!(
        wins >= 100 && losses >= 100 && open >= 100,
        "{wins} {losses} {open}"
    );
}

/// A near miss of the commitment bounds decided by an exact longest trail (as the race search
/// decides it, seventeenth session) is the naive minimax's value: the mover wins when the
/// opponent's longest trail avoiding the mover's safe trail is shorter than it, and loses
/// when its own longest trail avoiding the opponent's safe trail is no longer than that.
#[test]
fn near_misses_decided_by_exact_trails_agree_with_naive_minimax() {
    let mut rng = ChaCha8Rng::seed_from_u64(17_101);
    let (mut wins, mut losses, mut undecided) = (0, 0, 0);
    let mut trials = 0;
    while trials < 10 * TRIALS {
        let d = draw(&mut rng, (0.2, 0.6));
        let masks = EdgeMasks::of(&d.game.graph);
        let edges = masks.edges();
        let (comp, verts) = edges.component(d.a, free_of(&d));
        if verts & bit(d.b) == 0 || comp == 0 {
            continue;
        }
        trials += 1;
        let from_b = edges.distances(d.b, comp);
        let decided = match edges.committed_or_close(d.a, d.b, comp, &from_b) {
            Commit::MoverClose(mine, path) => {
                (longest_trail(&d.game.graph, d.b, comp & !path) < mine).then_some(true)
            }
            Commit::OpponentClose(theirs, path) => {
                (longest_trail(&d.game.graph, d.a, comp & !path) <= theirs).then_some(false)
            }
            Commit::Decided(_) | Commit::Open => continue,
        };
        let Some(decided) = decided else {
            undecided += 1;
            continue;
        };
        let value = naive::mover_wins(&d.game, &position(&d, comp));
        assert_eq!(decided, value, "{:?} used {:?}", d.game, d.used);
        wins += usize::from(decided);
        losses += usize::from(!decided);
    }
    eprintln!("near misses: mover wins {wins}, mover loses {losses}, still open {undecided}");
    assert!(
        wins >= 60 && losses >= 25 && undecided >= 100,
        "{wins} {losses} {undecided}"
    );
}

/// Cutting the hanging trees keeps the value of the position (tokens on both ends of the
/// cut, as the race search calls it) and the longest trail from a token.
#[test]
fn cutting_hanging_trees_keeps_values_and_longest_trails() {
    let mut rng = ChaCha8Rng::seed_from_u64(9_102);
    let (mut cut_games, mut cut_trails) = (0, 0);
    for _ in 0..TRIALS {
        let mut d = draw(&mut rng, (0.2, 0.5));
        // Hang a random tree (forks included) on the graph, with a token in it now and then.
        let n = d.game.graph.n();
        let extra = rng.random_range(2..=5);
        for t in n..n + extra {
            d.game.graph.add_vertex(format!("v{t}"));
            d.game.graph.add_edge(rng.random_range(0..t), t);
            d.used.push(false);
        }
        if rng.random_bool(0.2) {
            d.b = rng.random_range(0..n + extra);
            d.game.tokens = Tokens::Partizan {
                starts: Some([d.a, d.b]),
            };
        }
        let masks = EdgeMasks::of(&d.game.graph);
        let edges = masks.edges();
        let free = free_of(&d);
        let (comp, verts) = edges.component(d.a, free);
        // The longest trail from `a` in its component.
        let (kept, left) = edges.prune_hanging(comp, verts, bit(d.a));
        assert_eq!(kept & !comp, 0, "only the component's edges are kept");
        assert_eq!(
            edges.component(d.a, kept),
            (kept, left),
            "the rest stays connected"
        );
        assert_eq!(
            longest_trail(&d.game.graph, d.a, kept),
            longest_trail(&d.game.graph, d.a, comp),
            "{:?} used {:?}",
            d.game,
            d.used
        );
        cut_trails += usize::from(kept != comp);
        // The game, when both tokens share the component.
        if verts & bit(d.b) == 0 {
            continue;
        }
        let (kept, _) = edges.prune_hanging(comp, verts, bit(d.a) | bit(d.b));
        if kept != comp {
            cut_games += 1;
            assert_eq!(
                naive::mover_wins(&d.game, &position(&d, kept)),
                naive::mover_wins(&d.game, &position(&d, comp)),
                "{:?} used {:?}",
                d.game,
                d.used
            );
        }
    }
    eprintln!("hanging trees cut: {cut_games} games, {cut_trails} trails");
    assert!(
        cut_games >= 100 && cut_trails >= 200,
        "{cut_games} {cut_trails}"
    );
}

/// Peeling a hanging tree up to a token's vertex: the token's vertex is a root, never a
/// leaf, and its degree is not tracked. Until the twentieth session the peel decremented that
/// untracked degree anyway (0 − 1): harmless where arithmetic wraps (`--release`, which the
/// suite uses) but a panic in a build with overflow checks, where `solve` crashed on Trail
/// Trap's claw (found by the independent witness, `tests/witness/`, run against a debug
/// binary). This test panics in a debug build (`cargo test --lib prune_hanging_up_to_a_token`)
/// with the old decrement.
#[test]
fn prune_hanging_up_to_a_token() {
    // t — y, and from y a branch y — a — b of length 2 and a branch y — c of length 1.
    let mut graph = Graph::new(false);
    for name in ["t", "y", "a", "b", "c"] {
        graph.add_vertex(name.to_string());
    }
    let (t, y, a, b, c) = (0, 1, 2, 3, 4);
    for (u, v) in [(t, y), (y, a), (a, b), (y, c)] {
        graph.add_edge(u, v);
    }
    let masks = EdgeMasks::of(&graph);
    let edges = masks.edges();
    let (comp, verts) = edges.component(t, 0b1111);
    assert_eq!((comp, verts), (0b1111, 0b11111));
    // Everything hangs from the token on t: the longest branch (t—y—a—b) stays, y—c goes.
    let (kept, left) = edges.prune_hanging(comp, verts, bit(t));
    assert_eq!(kept, 0b0111, "edges t—y, y—a, a—b");
    assert_eq!(left, bit(t) | bit(y) | bit(a) | bit(b));
    // With a second token on y, y is a root too: nothing below y is peeled past it.
    let (kept, left) = edges.prune_hanging(comp, verts, bit(t) | bit(y));
    assert_eq!(kept, 0b1111, "both branches at the token on y stay");
    assert_eq!(left, verts);
}
