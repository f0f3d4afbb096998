//! Chaining: shortest chains against exhaustive enumeration, `--via` parsing, the graph
//! listings, and end-to-end chains whose every intermediate instance is solved.

use crate::reductions::games::{reduce_checked, rng, winner};
use georeduce::Instance;
use georeduce::random::formulas::{QbfParams, random_qbf};
use georeduce::reductions::chain::{
    apply, graph_dot, graph_text, is_automatic, parse_via, shortest_chain,
};
use georeduce::reductions::{ProblemKind, Reduction, all};
use georeduce::solvers::{Budget, Winner, qbf};

fn ids(chain: &[&dyn Reduction]) -> Vec<&'static str> {
    chain.iter().map(|r| r.info().id).collect()
}

#[test]
fn named_shortest_chains() {
    let chain = |a: &str, b: &str| {
        let (a, b) = (
            ProblemKind::from_name(a).expect("kind"),
            ProblemKind::from_name(b).expect("kind"),
        );
        shortest_chain(a, b).map(|c| ids(&c))
    };
    assert_eq!(
        chain("qbf", "misere-uvg"),
        Some(vec!["qbf-dvg", "dvg-misere-uvg"])
    );
    assert_eq!(chain("qbf", "ueg"), Some(vec!["qbf-deg", "deg-ueg"]));
    assert_eq!(
        chain("qbf", "misere-ueg"),
        Some(vec!["qbf-deg", "deg-ueg", "ueg-misere-ueg"])
    );
    assert_eq!(
        chain("hampath", "trailtrap"),
        Some(vec!["hampath-trailtrap"])
    );
    assert_eq!(chain("qbf", "qbf"), Some(vec![]));
    assert_eq!(chain("trailtrap", "qbf"), None);
}

/// The length of the shortest chain of automatic reductions from `from` to `to`, by
/// enumerating every chain of at most `depth` steps (no breadth-first search).
fn brute_shortest(from: ProblemKind, to: ProblemKind, depth: usize) -> Option<usize> {
    if from == to {
        return Some(0);
    }
    if depth == 0 {
        return None;
    }
    all()
        .into_iter()
        .filter(|r| is_automatic(*r) && r.info().source == from && r.info().target != from)
        .filter_map(|r| brute_shortest(r.info().target, to, depth - 1).map(|d| d + 1))
        .min()
}

#[test]
fn shortest_chains_are_shortest_and_compose() {
    let mut reachable = 0;
    for from in ProblemKind::ALL {
        for to in ProblemKind::ALL {
            let found = shortest_chain(from, to);
            assert_eq!(
                found.as_ref().map(Vec::len),
                brute_shortest(from, to, 6),
                "{from:?} -> {to:?}"
            );
            let Some(chain) = found else { continue };
            reachable += usize::from(!chain.is_empty());
            let kinds: Vec<_> = chain
                .iter()
                .map(|r| (r.info().source, r.info().target))
                .collect();
            assert!(
                chain.iter().all(|r| is_automatic(*r)),
                "as-printed variant in {:?}",
                ids(&chain)
            );
            assert!(
                kinds.windows(2).all(|w| w[0].1 == w[1].0),
                "chain does not compose"
            );
            assert!(
                kinds.first().is_none_or(|k| k.0 == from) && kinds.last().is_none_or(|k| k.1 == to)
            );
        }
    }
    assert!(reachable >= 15, "only {reachable} reachable pairs");
}

#[test]
fn via_lists_are_validated() {
    assert_eq!(
        ids(&parse_via("qbf-dvg, dvg-misere-uvg").expect("composes")),
        ["qbf-dvg", "dvg-misere-uvg"]
    );
    let err = |s: &str| parse_via(s).err().unwrap_or_default();
    assert!(err("qbf-dvg,nonsense").contains("unknown reduction `nonsense`"));
    assert!(err("qbf-dvg,deg-ueg").contains("writes dvg but `deg-ueg` reads deg"));
    assert!(err("qbf-dvg,,dvg-nimg").contains("empty reduction id"));
    // "As printed" variants only run when named.
    if let Some(printed) = all().into_iter().find(|r| !is_automatic(*r)) {
        assert!(parse_via(printed.info().id).is_ok());
    }
}

#[test]
fn graph_listings_are_complete_and_deterministic() {
    let (text, dot) = (graph_text(), graph_dot());
    assert_eq!((text.clone(), dot.clone()), (graph_text(), graph_dot()));
    for r in all() {
        let info = r.info();
        let line = format!(
            "{} -> {}  [{}]",
            info.source.name(),
            info.target.name(),
            info.id
        );
        assert!(text.contains(&line), "text lacks {line}");
        assert!(
            dot.contains(&format!("[label=\"{}\"", info.id)),
            "dot lacks {}",
            info.id
        );
    }
    assert_eq!(text.lines().count(), all().len() + 1);
    graphviz_rust::parse(&dot).expect("valid DOT");
}

/// Runs each chain on `count` random QBFs drawn with `params`, solving every intermediate
/// instance and comparing it with the formula's truth value; returns (true, false) counts.
fn chains_agree(chains: &[&str], seed: u64, count: usize, params: &QbfParams) -> (usize, usize) {
    let mut rng = rng(seed);
    let chains: Vec<_> = chains
        .iter()
        .map(|c| parse_via(c).expect("composes"))
        .collect();
    let (mut yes, mut no) = (0, 0);
    for _ in 0..count {
        let q = random_qbf(&mut rng, params);
        let truth = qbf::solve(&q, &Budget::unlimited()).expect("solved").value;
        let source = Instance::Qbf(q);
        for chain in &chains {
            let steps = apply(chain, &source).expect("compiles");
            for (i, step) in steps.iter().enumerate() {
                let input = if i == 0 {
                    &source
                } else {
                    &steps[i - 1].target
                };
                assert_eq!(
                    reduce_checked(chain[i], input),
                    step.target,
                    "apply = reduce"
                );
                let answer = winner(&step.target) == chain[i].info().yes_winner;
                assert_eq!(answer, truth, "step {} of {:?}", i + 1, ids(chain));
            }
        }
        if truth { yes += 1 } else { no += 1 }
    }
    (yes, no)
}

#[test]
fn chains_agree_at_every_intermediate_instance() {
    // Pendant chains are cheap to solve on formulas of up to three variables.
    let pendants = ["qbf-dvg,dvg-misere-dvg", "qbf-deg,deg-misere-deg"];
    let (yes, no) = chains_agree(&pendants, 100, 150, &QbfParams::three_qbf(1..=3, 1..=3));
    assert!(yes >= 30 && no >= 30, "{yes} true, {no} false");
    // Gadget chains blow up exhaustive search quickly (∀x1 (x1) already gives a 118-vertex
    // misère UVG), so only small ∃ formulas go through them, with both truth values.
    let e = [georeduce::problems::Quantifier::Exists];
    let formulas = [
        georeduce::Qbf::from_signed(&e, &[vec![1]]),
        georeduce::Qbf::from_signed(&e, &[vec![1], vec![-1]]),
        georeduce::Qbf::from_signed(&e, &[vec![-1, 1]]),
        georeduce::Qbf::from_signed(&e, &[vec![]]),
    ];
    let truths: Vec<bool> = formulas
        .iter()
        .map(|q| qbf::solve(q, &Budget::unlimited()).expect("solved").value)
        .collect();
    assert!(truths.contains(&true) && truths.contains(&false));
    for chain in [
        "qbf-dvg,dvg-nimg",
        "qbf-deg,deg-ueg",
        "qbf-dvg,dvg-misere-uvg",
    ] {
        let chain = parse_via(chain).expect("composes");
        for (q, &truth) in formulas.iter().zip(&truths) {
            let q = Instance::Qbf(q.clone());
            for step in apply(&chain, &q).expect("compiles") {
                assert_eq!(
                    winner(&step.target) == Winner::First,
                    truth,
                    "{:?} on {q:?}",
                    ids(&chain)
                );
            }
        }
    }
}

#[test]
fn chain_errors_name_the_failing_step() {
    let chain = parse_via("hampath-trailtrap,trailtrap-disconnected").expect("composes");
    let path = georeduce::HamPath {
        graph: georeduce::problems::Graph::from_edges(false, 3, &[(0, 1), (1, 2)]),
        start: Some(0),
        end: None,
    };
    let err = apply(&chain, &Instance::Hampath(path)).expect_err("P3 is not cubic");
    assert_eq!((err.step, err.id), (1, "hampath-trailtrap"));
    assert!(
        err.to_string()
            .starts_with("step 1 (hampath-trailtrap): Trail Trap Thm 18 needs a cubic graph")
    );
}
