//! The worked example of `docs/architecture.md` ("Adding a reduction"): a whole theorem in one
//! file, compiled with the unit tests and checked by `georeduce check`'s campaign, so that the
//! page cannot drift from the code (a unit test compares the page's code block with this
//! file). It is not registered: `reductions::all` lists only the papers' theorems.
//!
//! The theorem (folklore): replacing every arc `u → v` of a DVG by the path `u → a → b → v`
//! keeps the winner. The player who moved `u → v` now moves `u → a`, the opponent must answer
//! `a → b`, and the same player arrives at `v` with the opponent to move; an arc into a visited
//! vertex is a trap that loses for whoever enters it, exactly as if it were missing.

// ANCHOR: theorem
use super::helpers::{
    add_fresh, check_degrees, copy_vertices, kept_degrees, rooted_game, start_of,
};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::problems::{Convention, Geography, Player, Rule, VertexId};

/// DVG → DVG, every arc subdivided twice (its registry entry would be `&SubdividedArcs` in
/// `reductions::all`).
pub struct SubdividedArcs;

size_formula! {
    /// One expression per count: printed by `list`, evaluated by `verify` and `check`.
    SIZE: Geography = |d| {
        n = d.graph.n(), "vertices of the digraph";
        m = d.graph.m(), "arcs of the digraph";
    } => vertices n + 2 * m, edges 3 * m
}

static INFO: ReductionInfo = ReductionInfo {
    id: "dvg-dvg-subdivided",
    example: None,
    source: ProblemKind::Dvg,
    target: ProblemKind::Dvg,
    paper: "worked example (docs/architecture.md)",
    theorem: "folklore: subdividing every arc twice keeps the winner",
    gadgets: &["path: a, b per arc"],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    size_legend: SIZE.legend,
    preconditions: &["a DVG game"],
    claims: &["player I wins the source iff player I wins the target"],
    errata: &[],
    provenance: "worked example",
    structure: &[Claim::Simple],
    yes_winner: Player::First,
};

/// The roles, as the proof names them.
pub struct Layout {
    /// The target vertex of every source vertex (same identifier and label).
    pub original: Vec<VertexId>,
    /// `[a, b]` on every arc, in arc order.
    pub path: Vec<[VertexId; 2]>,
}

impl Theorem for SubdividedArcs {
    type Source = Geography;
    type Layout = Layout;

    fn entry(&self) -> &ReductionInfo {
        &INFO
    }

    fn size(&self) -> &Size<Geography> {
        &SIZE
    }

    fn construct(&self, src: &Geography) -> Result<Construction<Layout>, ReductionError> {
        let d = &src.graph;
        let mut g = copy_vertices(d, true);
        let original: Vec<VertexId> = (0..d.n()).collect();
        let mut path = Vec::new();
        for (k, &(u, v)) in d.edges.iter().enumerate() {
            let [a, b] = ["a", "b"].map(|role| add_fresh(&mut g, &format!("{role}{k}"), None));
            for (x, y) in [(original[u], a), (a, b), (b, original[v])] {
                g.add_edge(x, y);
            }
            path.push([a, b]);
        }
        let start = original[start_of(src)];
        Ok(Construction {
            game: rooted_game(g, Rule::Vertex, start, Convention::Normal),
            layout: Layout { original, path },
            notes: Vec::new(),
        })
    }

    /// The source vertices keep their degrees; every `a` and `b` has one arc in and one out.
    fn check_layout(&self, src: &Geography, built: &Construction<Layout>) -> Result<(), String> {
        let lay = &built.layout;
        let kept = kept_degrees(&src.graph, &lay.original, 0);
        let inner = lay.path.iter().flatten().map(|&x| (x, 2));
        check_degrees(&built.game.graph, kept.chain(inner))
    }
    // maps(), carry_forward(), carry_back(): the proof's strategies, reading the layout;
    // question(): only if the theorem decides another SourceQuestion than the standard one;
    // figure(): the paper's drawing, placed from the layout;
    // paper_labels(): the paper's names where the construction's differ (`c_2` for `C2`);
    // the default `build()` (construct, then these labels) is what `reduce` outputs, so a
    // compiled game names its vertices as the figure does.
}
// ANCHOR_END: theorem

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{self, CheckConfig, Silent};

    /// The code between the anchors of this file, and the first Rust block of the page's
    /// "Adding a reduction" section.
    #[test]
    fn the_architecture_page_shows_this_file() {
        let file = include_str!("worked_example.rs");
        let code = file
            .split("// ANCHOR: theorem\n")
            .nth(1)
            .and_then(|rest| rest.split("// ANCHOR_END: theorem").next())
            .expect("anchors");
        let page = include_str!("../../docs/architecture.md");
        let block = page
            .split("## Adding a reduction")
            .nth(1)
            .and_then(|section| section.split("```rust\n").nth(1))
            .and_then(|rest| rest.split("```").next())
            .expect("a Rust block in the section");
        assert_eq!(
            block, code,
            "docs/architecture.md shows another worked example"
        );
    }

    #[test]
    fn check_finds_it_correct_on_random_games() {
        let cfg = CheckConfig::new(vec![&SubdividedArcs])
            .cases(200)
            .seed(1)
            .max_size(5);
        let report = check::run_check(&cfg, &Silent);
        assert!(report.passed(), "{}", report.summary());
        let total = report.reductions[0].total();
        eprintln!("{} cases: {} yes, {} no", total.cases, total.yes, total.no);
        assert!(total.yes >= 40 && total.no >= 40, "{total:?}");
    }
}
