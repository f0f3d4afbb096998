//! Controls: broken variants of the gadgets must disagree with the source on some of the same
//! kind of random sources that the real reductions pass, which shows that the campaigns can
//! tell a right construction from a wrong one.

use crate::reductions::games::{DEG, DVG, Rooted, first_wins, random_board, rng, winner};
use georeduce::Instance;
use georeduce::problems::{Graph, HamPath, VertexId};
use georeduce::reductions::Reduction;
use georeduce::reductions::deg_to_ueg::{ArcReplacement, DegToUeg};
use georeduce::reductions::dvg_to_misere_uvg::DvgToMisereUvg;
use georeduce::reductions::dvg_to_nimg::DvgToNimg;
use georeduce::reductions::hampath_to_trailtrap::{HampathToTrailTrap, InputClass, PathHalf};
use georeduce::solvers::Budget;
use georeduce::solvers::trail::max_trail_from;
use rand::Rng;

/// How many of `count` random sources (of the kind `rooted`, board `n`, `m`) `r` gets wrong.
fn mismatches(
    r: &dyn Reduction,
    seed: u64,
    count: usize,
    rooted: Rooted,
    n: usize,
    m: usize,
) -> usize {
    let mut rng = rng(seed);
    (0..count)
        .filter(|_| {
            let (g, s) = random_board(&mut rng, true, 2..=n, 2..=m, false);
            let source = Instance::Geography(rooted(g, s));
            let target = r.reduce(&source).expect("compiles").target;
            (winner(&target) == r.info().yes_winner) != first_wins(&source)
        })
        .count()
}

#[test]
fn plain_edge_instead_of_gadget_a_fails() {
    let control = DegToUeg {
        gadget: ArcReplacement::PlainEdge,
    };
    let bad = mismatches(&control, 90, 200, DEG, 6, 8);
    eprintln!("deg-ueg with a plain edge: {bad}/200 wrong");
    assert!(bad >= 10, "a plain edge mismatched only {bad}/200");
    assert_eq!(mismatches(&DegToUeg::PAPER, 90, 200, DEG, 6, 8), 0);
}

#[test]
fn misere_arc_gadget_without_pendants_fails() {
    let control = DvgToMisereUvg { pendants: false };
    let bad = mismatches(&control, 91, 200, DVG, 6, 10);
    eprintln!("dvg-misere-uvg without pendants: {bad}/200 wrong");
    assert!(bad >= 10, "no pendants mismatched only {bad}/200");
    assert_eq!(mismatches(&DvgToMisereUvg::PAPER, 91, 200, DVG, 6, 10), 0);
}

#[test]
fn nimg_gadget_with_one_token_on_d_fails() {
    let control = DvgToNimg { d_weight: 1 };
    let bad = mismatches(&control, 92, 200, DVG, 6, 10);
    eprintln!("dvg-nimg with w(d) = 1: {bad}/200 wrong");
    assert!(bad >= 10, "w(d) = 1 mismatched only {bad}/200");
    assert_eq!(mismatches(&DvgToNimg::PAPER, 92, 200, DVG, 6, 10), 0);
}

/// A random connected graph on 3–7 vertices with degrees ≤ 3 (edges drawn greedily, at
/// most 3n/2), and a vertex.
fn subcubic_source(rng: &mut impl Rng) -> (usize, Vec<(VertexId, VertexId)>, VertexId) {
    loop {
        let n = rng.random_range(3..=7);
        let mut deg = vec![0; n];
        let mut edges = Vec::new();
        for _ in 0..4 * n {
            let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
            let e = (a.min(b), a.max(b));
            if a != b && deg[a] < 3 && deg[b] < 3 && !edges.contains(&e) && edges.len() < 3 * n / 2
            {
                edges.push(e);
                deg[a] += 1;
                deg[b] += 1;
            }
        }
        if georeduce::random::graphs::is_connected(&Graph::from_edges(false, n, &edges)) {
            return (n, edges, rng.random_range(0..n));
        }
    }
}

#[test]
fn trail_trap_path_half_length_must_be_n_plus_1() {
    let mut rng = rng(93);
    let sources: Vec<_> = (0..150).map(|_| subcubic_source(&mut rng)).collect();
    let count = |half: PathHalf| {
        let r = HampathToTrailTrap {
            half,
            input: InputClass::Subcubic,
        };
        sources
            .iter()
            .filter(|(n, edges, v)| {
                let h = HamPath {
                    graph: Graph::from_edges(false, *n, edges),
                    start: Some(*v),
                    end: None,
                };
                let long = max_trail_from(&h.graph, *v, &Budget::unlimited())
                    .expect("solved")
                    .trail
                    .len()
                    > *n;
                let target = r.reduce(&Instance::Hampath(h)).expect("compiles").target;
                (winner(&target) == r.info().yes_winner) != long
            })
            .count()
    };
    assert_eq!(count(PathHalf::NPlusOne), 0);
    let short = count(PathHalf::N);
    let long = count(PathHalf::NPlusTwo);
    eprintln!("Trail Trap half-length n: {short}/150 wrong, n + 2: {long}/150 wrong");
    assert!(
        short >= 5 && long >= 5,
        "half-length n: {short}, n + 2: {long} mismatches of 150"
    );
}
