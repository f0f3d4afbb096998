//! Closed loop per reduction: the source's answer (from an independent solver) equals the
//! target's, on ≥ 1,000 seeded random sources with both answers frequent, and on every tiny
//! source; every output is checked against its declared sizes and structural claims.

use crate::reductions::games::{
    DEG, DVG, Rooted, Tally, UEG, first_wins, random_board, reduce_and_solve, rng,
};
use georeduce::problems::Graph;
use georeduce::random::formulas::{QbfParams, random_qbf};
use georeduce::reductions::{Reduction, by_id};
use georeduce::solvers::{Budget, qbf};
use georeduce::{Instance, game};

/// Sources per random campaign.
const N: usize = 1000;

/// Runs `r` on every source, asserting agreement with `source_yes`; returns the tally.
fn agree(
    r: &dyn Reduction,
    sources: impl Iterator<Item = Instance>,
    source_yes: impl Fn(&Instance) -> bool,
) -> Tally {
    let mut tally = Tally::default();
    for (i, s) in sources.enumerate() {
        let yes = source_yes(&s);
        assert_eq!(
            reduce_and_solve(r, &s),
            yes,
            "{} disagrees on source {i}: {s:?}",
            r.info().id
        );
        tally.add(yes);
    }
    tally
}

/// `N` random games of the kind `rooted` with the given board shape (normal play).
fn random_games(
    seed: u64,
    directed: bool,
    rooted: Rooted,
    n: (usize, usize),
    m: (usize, usize),
    loops: bool,
) -> impl Iterator<Item = Instance> {
    let mut rng = rng(seed);
    (0..N).map(move |_| {
        let (g, s) = random_board(&mut rng, directed, n.0..=n.1, m.0..=m.1, loops);
        Instance::Geography(rooted(g, s))
    })
}

fn reduction(id: &str) -> &'static dyn Reduction {
    by_id(id).unwrap_or_else(|| panic!("{id} is registered"))
}

#[test]
fn qbf_deg_closed_loop() {
    let mut rng = rng(41);
    let params = QbfParams::three_qbf(1..=5, 1..=4);
    let sources = (0..N).map(move |_| Instance::Qbf(random_qbf(&mut rng, &params)));
    let truth = |s: &Instance| match s {
        Instance::Qbf(q) => {
            qbf::solve(q, &Budget::unlimited())
                .expect("QBF solved")
                .value
        }
        _ => unreachable!(),
    };
    agree(reduction("qbf-deg"), sources, truth).assert_both("qbf-deg", 250);
}

#[test]
fn deg_ueg_closed_loop() {
    let sources = random_games(42, true, DEG, (2, 6), (2, 8), false);
    agree(reduction("deg-ueg"), sources, first_wins).assert_both("deg-ueg", 250);
}

#[test]
fn deg_ueg_closed_loop_with_loops() {
    // Loops are legal in DEG; the gadget then joins x to itself through p..s.
    let mut rng = rng(43);
    let sources = (0..200).map(move |_| {
        let (g, s) = random_board(&mut rng, true, 1..=4, 2..=7, true);
        Instance::Geography(game!(deg on g; start s))
    });
    let t = agree(reduction("deg-ueg"), sources, first_wins);
    assert!(t.yes >= 30 && t.no >= 30, "{t:?}");
}

#[test]
fn dvg_misere_dvg_closed_loop() {
    let sources = random_games(44, true, DVG, (2, 9), (2, 22), false);
    agree(reduction("dvg-misere-dvg"), sources, first_wins).assert_both("dvg-misere-dvg", 250);
}

#[test]
fn dvg_misere_uvg_closed_loop() {
    let sources = random_games(45, true, DVG, (2, 6), (2, 10), false);
    agree(reduction("dvg-misere-uvg"), sources, first_wins).assert_both("dvg-misere-uvg", 250);
}

#[test]
fn ueg_misere_ueg_closed_loop() {
    let sources = random_games(46, false, UEG, (2, 7), (2, 12), false);
    agree(reduction("ueg-misere-ueg"), sources, first_wins).assert_both("ueg-misere-ueg", 250);
}

#[test]
fn deg_misere_deg_closed_loop() {
    let sources = random_games(47, true, DEG, (2, 6), (2, 13), true);
    agree(reduction("deg-misere-deg"), sources, first_wins).assert_both("deg-misere-deg", 250);
}

#[test]
fn dvg_nimg_closed_loop() {
    let sources = random_games(48, true, DVG, (2, 6), (2, 10), false);
    agree(reduction("dvg-nimg"), sources, first_wins).assert_both("dvg-nimg", 250);
}

#[test]
fn trailtrap_disconnected_closed_loop() {
    let mut rng = rng(49);
    let sources = (0..N).map(move |_| {
        let (g, _) = random_board(&mut rng, false, 2..=6, 1..=9, false);
        Instance::Geography(game!(ueg on g; partizan unrooted))
    });
    agree(reduction("trailtrap-disconnected"), sources, first_wins)
        .assert_both("trailtrap-disconnected", 150);
}

/// Every digraph on 3 labelled vertices (no loops), every start: 192 sources.
fn all_tiny_digraphs(rooted: Rooted) -> impl Iterator<Item = Instance> {
    let pairs: Vec<(usize, usize)> = (0..3)
        .flat_map(|u| (0..3).map(move |v| (u, v)))
        .filter(|(u, v)| u != v)
        .collect();
    (0u32..1 << pairs.len()).flat_map(move |mask| {
        let arcs: Vec<_> = pairs
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, &p)| p)
            .collect();
        (0..3).map(move |s| Instance::Geography(rooted(Graph::from_edges(true, 3, &arcs), s)))
    })
}

#[test]
fn every_tiny_source_agrees() {
    for id in ["dvg-misere-dvg", "dvg-misere-uvg", "dvg-nimg"] {
        agree(reduction(id), all_tiny_digraphs(DVG), first_wins).assert_both(id, 40);
    }
    for id in ["deg-ueg", "deg-misere-deg"] {
        agree(reduction(id), all_tiny_digraphs(DEG), first_wins).assert_both(id, 40);
    }
    // Every graph on 4 labelled vertices, every start, for the undirected pendants.
    let pairs: Vec<(usize, usize)> = (0..4)
        .flat_map(|u| (u + 1..4).map(move |v| (u, v)))
        .collect();
    let sources = (0u32..1 << pairs.len()).flat_map(|mask| {
        let edges: Vec<_> = pairs
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, &p)| p)
            .collect();
        (0..4).map(move |s| Instance::Geography(UEG(Graph::from_edges(false, 4, &edges), s)))
    });
    agree(reduction("ueg-misere-ueg"), sources, first_wins).assert_both("ueg-misere-ueg", 40);
}

#[test]
fn parallel_arcs_are_kept_as_separate_gadgets() {
    // DEG distinguishes parallel arcs (each can be used once); DVG does not. Both reductions
    // must stay exact when the input repeats an arc.
    let mut rng = rng(50);
    for (id, rooted) in [("deg-ueg", DEG), ("dvg-misere-uvg", DVG), ("dvg-nimg", DVG)] {
        let sources = (0..200).map(|_| {
            let (mut g, s) = random_board(&mut rng, true, 2..=4, 1..=5, false);
            let e = g.edges[0];
            g.add_edge(e.0, e.1);
            Instance::Geography(rooted(g, s))
        });
        let sources: Vec<_> = sources.collect();
        let t = agree(reduction(id), sources.into_iter(), first_wins);
        assert!(t.yes >= 20 && t.no >= 20, "{id}: {t:?}");
    }
}

#[test]
fn colliding_vertex_names_get_fresh_identifiers() {
    // A user may already call a vertex what a gadget would call its own (`p_u_v`, `u_pend`,
    // `w`, `p0`); compiling must not panic and every identifier must stay unique.
    let mut g = georeduce::problems::Graph::new(true);
    for id in ["u", "v", "p_u_v", "u_pend", "p_u_v_2"] {
        g.add_vertex(id);
    }
    g.add_edge(0, 1);
    g.add_edge(1, 2);
    for (id, rooted) in [
        ("deg-ueg", DEG),
        ("deg-misere-deg", DEG),
        ("dvg-misere-uvg", DVG),
        ("dvg-nimg", DVG),
    ] {
        let target = crate::reductions::games::reduce_checked(
            reduction(id),
            &Instance::Geography(rooted(g.clone(), 0)),
        );
        let Instance::Geography(t) = target else {
            unreachable!()
        };
        t.graph
            .check_invariants()
            .unwrap_or_else(|e| panic!("{id}: {e}"));
    }
}
