//! What the figures are drawn from: every gadget group becomes a DOT cluster, the output is
//! deterministic, and the running example's DOT is pinned by a snapshot.

use crate::harness::{game, reduction};
use crate::qbf::running_example;
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
                g.graph
                    .vertices
                    .iter()
                    .any(|v| v.label.as_deref() == Some(label)),
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
