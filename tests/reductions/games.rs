//! Shared helpers: seeded random sources, solving, and the closed-loop check of one output.

use georeduce::Instance;
use georeduce::game;
use georeduce::problems::{Geography, Graph, VertexId};
use georeduce::reductions::{ProblemKind, Reduction};
use georeduce::solvers::{Budget, Winner, geography};
use rand::Rng;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::ops::RangeInclusive;

/// A seeded generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A random board in the style of the spec's verifier: `n` vertices, a uniformly drawn
/// number of distinct arcs (edges) from `m`, and a start that has an outgoing edge with
/// probability 0.85 (otherwise uniform), so that both answers are common.
pub fn random_board(
    rng: &mut ChaCha8Rng,
    directed: bool,
    n: RangeInclusive<usize>,
    m: RangeInclusive<usize>,
    loops: bool,
) -> (Graph, VertexId) {
    let n = rng.random_range(n);
    let mut pairs: Vec<(VertexId, VertexId)> = (0..n)
        .flat_map(|u| (0..n).map(move |v| (u, v)))
        .filter(|&(u, v)| (u != v || loops) && (directed || u <= v))
        .collect();
    pairs.shuffle(rng);
    let hi = (*m.end()).min(pairs.len());
    let lo = (*m.start()).min(hi);
    pairs.truncate(rng.random_range(lo..=hi));
    let g = Graph::from_edges(directed, n, &pairs);
    let tails: Vec<VertexId> = (0..n)
        .filter(|&v| pairs.iter().any(|&(a, b)| a == v || (!directed && b == v)))
        .collect();
    let start = if !tails.is_empty() && rng.random_bool(0.85) {
        tails[rng.random_range(0..tails.len())]
    } else {
        rng.random_range(0..n)
    };
    (g, start)
}

/// How a board and a start become a rooted one-token game of one kind (normal play).
pub type Rooted = fn(Graph, VertexId) -> Geography;

/// Directed vertex geography.
pub const DVG: Rooted = |g, s| game!(dvg on g; start s);
/// Directed edge geography.
pub const DEG: Rooted = |g, s| game!(deg on g; start s);
/// Undirected edge geography.
pub const UEG: Rooted = |g, s| game!(ueg on g; start s);

/// The winner of a game instance, solved exhaustively.
pub fn winner(instance: &Instance) -> Winner {
    let Instance::Geography(g) = instance else {
        panic!("not a game: {}", instance.kind());
    };
    geography::solve(g, &Budget::unlimited())
        .expect("the exhaustive solver answers")
        .winner
}

/// Whether player I wins a game instance (the "yes" of a game source).
pub fn first_wins(instance: &Instance) -> bool {
    winner(instance) == Winner::First
}

/// Reduces `source` with `r`, checks the output against the declared sizes, the structural
/// claims and the declared target kind, and returns the target's "yes" answer.
pub fn reduce_and_solve(r: &dyn Reduction, source: &Instance) -> bool {
    let target = reduce_checked(r, source);
    winner(&target) == r.info().yes_winner
}

/// Reduces `source` with `r` and checks sizes, structure and target kind.
pub fn reduce_checked(r: &dyn Reduction, source: &Instance) -> Instance {
    let id = r.info().id;
    let out = r.reduce(source).unwrap_or_else(|e| panic!("{id}: {e}"));
    let (n, m) = r.declared_size(source);
    let Instance::Geography(g) = &out.target else {
        panic!("{id} produced a {} instance", out.target.kind());
    };
    assert_eq!((g.graph.n(), g.graph.m()), (n, m), "{id}: declared size");
    assert_eq!(
        ProblemKind::of(&out.target),
        r.info().target,
        "{id}: target kind"
    );
    g.validate()
        .unwrap_or_else(|e| panic!("{id}: invalid target {e:?}"));
    if let Err(e) = r.check_structure(source, &out.target) {
        panic!("{id}: structure: {e}");
    }
    out.target
}

/// How many sources had each answer.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    /// Sources whose answer is yes.
    pub yes: usize,
    /// Sources whose answer is no.
    pub no: usize,
}

impl Tally {
    /// Counts one answer.
    pub fn add(&mut self, yes: bool) {
        if yes {
            self.yes += 1;
        } else {
            self.no += 1;
        }
    }

    /// Asserts that both answers occur at least `min` times.
    pub fn assert_both(&self, what: &str, min: usize) {
        eprintln!("{what}: {} yes, {} no", self.yes, self.no);
        assert!(
            self.yes >= min && self.no >= min,
            "{what}: too few of one answer: {self:?} (need {min} each)"
        );
    }
}
