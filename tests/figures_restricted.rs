//! `qbf-pvg-restricted`'s figures on the paper's example: the clause cluster's detail figure
//! (drawn layered as Fig. 1b, its crossings counted) and the main board's lanes from the
//! clusters to the literal in-trees.

use georeduce::render::Figure;
use georeduce::render::figure::Route;
use georeduce::render::gallery::{draw, entry};

fn board() -> Figure {
    draw(&entry("qbf-pvg-restricted").expect("a gallery entry"))
        .expect("the example draws")
        .figure
}

fn clause_detail() -> Figure {
    let details = board().detail_figures();
    let (kind, fig) = details.into_iter().next().expect("a detail figure");
    assert_eq!(kind, "clause");
    fig
}

/// The position of the vertex labelled `label`.
fn at(fig: &Figure, label: &str) -> (f64, f64) {
    let n = fig.nodes.iter().find(|n| n.label == label);
    n.and_then(|n| n.pos)
        .unwrap_or_else(|| panic!("no vertex labelled {label}"))
}

#[test]
fn clause_detail_is_layered_with_i_left_ii_right_and_five_forced_crossings() {
    let fig = clause_detail();
    assert!(fig.pinned());
    // Top to bottom: every arc runs downwards.
    for e in &fig.edges {
        let (a, b) = (fig.nodes[e.from].pos.unwrap(), fig.nodes[e.to].pos.unwrap());
        assert!(
            b.1 < a.1 - 0.2,
            "{} -> {} runs upwards",
            fig.nodes[e.from].label,
            fig.nodes[e.to].label
        );
        assert_eq!(e.route, Route::Straight);
    }
    // I's side on the left, II's on the right, the contested vertices in the middle.
    for l in ["Y", "Z_1", "Z_2", "E′_0", "E_1", "N_2"] {
        assert!(at(&fig, l).0 < -2.0, "{l}");
    }
    for l in ["U", "W_1", "W_2", "U_{01}", "U_2", "M_0", "M′_2"] {
        assert!(at(&fig, l).0 > 2.0, "{l}");
    }
    for l in [
        "Q_0", "Q_1", "Q_2", "Lo_0", "Lo_1", "Lo_2", "C_{01}", "C_2", "c", "p_0",
    ] {
        assert!(at(&fig, l).0.abs() < 2.0, "{l}");
    }
    // The contested vertices under both sides, the centre under the literal outputs.
    assert!(at(&fig, "Q_0").1 < at(&fig, "N_0").1 && at(&fig, "Q_0").1 < at(&fig, "M′_0").1);
    assert!(at(&fig, "c").1 < at(&fig, "C_{01}").1);
    // The arcs to the literals' in-trees as stubs named after the clause's literals
    // (x₁ ∨ x₂ ∨ ¬x₃), each one arc from its literal output.
    for (j, lit) in ["x_1", "x_2", "¬x_3"].iter().enumerate() {
        let stub = fig
            .nodes
            .iter()
            .position(|n| n.label == format!("to {lit}"))
            .unwrap_or_else(|| panic!("no stub to {lit}"));
        let from: Vec<&str> = fig
            .edges
            .iter()
            .filter(|e| e.to == stub)
            .map(|e| fig.nodes[e.from].label.as_str())
            .collect();
        assert_eq!(from, [format!("Lo_{j}").as_str()], "stub to {lit}");
    }
    // 30 cluster vertices + |P| = 1, Y, U and 3 stubs; every label once.
    assert_eq!(fig.nodes.len(), 36);
    let mut labels: Vec<&str> = fig.nodes.iter().map(|n| n.label.as_str()).collect();
    labels.sort_unstable();
    labels.dedup();
    assert_eq!(labels.len(), 36, "{labels:?}");
    // The crossings the caption states (two in the 6-cycle E → N, three at the Q's).
    assert_eq!(fig.crossings(), 5);
    assert!(fig.caption[0].contains("Thm 2.1"), "{:?}", fig.caption);
    assert!(
        fig.caption[1].starts_with("5 crossings"),
        "{:?}",
        fig.caption
    );
}
