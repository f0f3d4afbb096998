//! What the figures are drawn from: every gadget group becomes a DOT cluster, the output is
//! deterministic, the running example's DOT is pinned by a snapshot, and compiled games
//! survive a round trip through the DSL with their groups.

use crate::reductions::from_graphs::hampath_sample;
use crate::reductions::from_qbf::running_example;
use crate::reductions::harness::{game, reduction};
use georeduce::lang::parse_str;
use georeduce::lang::print::to_dsl;
use georeduce::render::dot::to_dot;

#[test]
fn running_example_dot_snapshot() {
    let out = reduction("qbf-pvg").reduce(&running_example()).unwrap();
    let dot = to_dot(&out.target, "qbf-pvg").unwrap();
    assert_eq!(
        dot,
        to_dot(&out.target, "qbf-pvg").unwrap(),
        "DOT is not deterministic"
    );
    insta::assert_snapshot!("qbf_pvg_running_example", dot);
}

#[test]
fn every_gadget_group_is_a_cluster_with_paper_labels() {
    let f = running_example();
    for id in [
        "qbf-dvg",
        "qbf-pvg",
        "qbf-pvg-restricted",
        "qbf-iag2",
        "qbf-ivg2",
    ] {
        let out = reduction(id).reduce(&f).unwrap();
        let g = game(&out.target);
        let dot = to_dot(&out.target, id).unwrap();
        for group in &g.graph.groups {
            assert!(
                dot.contains(&group.name),
                "{id}: group {} {} not drawn",
                group.kind,
                group.name
            );
        }
        // Literal vertices carry the paper's labels.
        for label in ["x1", "¬x2", "¬x3"] {
            assert!(
                (0..g.graph.n()).any(|v| g.graph.display(v) == label),
                "{id}: {label}"
            );
        }
        assert!(
            g.graph
                .groups
                .iter()
                .any(|gr| gr.kind == "diamond" && gr.name == "x3"),
            "{id}"
        );
    }
}

#[test]
fn compiled_games_round_trip_through_the_dsl() {
    let f = running_example();
    let pvg = reduction("qbf-pvg").reduce(&f).unwrap().target;
    let mut targets = vec![reduction("pvg-pag").reduce(&pvg).unwrap().target];
    for id in [
        "qbf-dvg",
        "qbf-pvg",
        "qbf-pvg-restricted",
        "qbf-iag2",
        "qbf-ivg2",
    ] {
        targets.push(reduction(id).reduce(&f).unwrap().target);
    }
    for src in hampath_sample(51, 5, 3) {
        targets.push(reduction("hampath-pvg").reduce(&src).unwrap().target);
    }
    for target in targets {
        let text = to_dsl(&target);
        let back = parse_str("compiled.geo", &text)
            .unwrap_or_else(|e| panic!("{e:?}\n{text}"))
            .instance;
        assert_eq!(back, target, "DSL round trip changed the game:\n{text}");
        assert!(!game(&back).graph.groups.is_empty());
    }
}
