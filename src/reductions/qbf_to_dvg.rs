//! QBF ≤ directed vertex geography (Generalized Geography): the textbook construction.
//!
//! Source: M. Sipser, "Introduction to the Theory of Computation", Theorem 8.14 in the 2nd
//! edition ("GG is PSPACE-complete"; numbering varies by edition), after Lichtenstein–Sipser
//! and Schaefer (1978). The construction is written down and brute-force verified in
//! `../shared/spec/edge-misere-trailtrap.md` §4 (no figure of the book is reproduced).
//!
//! After normalising the prefix to ∃x1 ∀x2 … ∃xN (N odd, [`super::qbf_normal`]):
//! - a **diamond** per variable: `T_i → x_i`, `T_i → ¬x_i`, `x_i → B_i`, `¬x_i → B_i`, and
//!   `B_i → T_{i+1}` (`B_N → c`). The vertex `x_i` is the TRUE side. A diamond takes three
//!   moves, so the player who chooses at `T_i` alternates: I sets x1, x3, …, II sets x2, ….
//! - a **clause vertex** `C_j` per clause with `c → C_j`: after I's move `B_N → c`, II picks
//!   a clause.
//! - for each distinct literal of `C_j`: `C_j → ¬x_i` for `x_i` and `C_j → x_i` for `¬x_i`.
//!   I answers with the unvisited side of a literal, which is unvisited exactly when the
//!   literal is TRUE; II then cannot go on to the visited bottom `B_i`.
//!
//! The token starts on `T_1` and I moves first; **I wins ⇔ the QBF is true.** Clauses may
//! have any width (an empty clause is a clause vertex with no way out). Size: `4N + 1 + m`
//! vertices and `5N + m + Σ_j |distinct literals of C_j|` arcs.

use super::certmaps::diamonds::{Diamonds, falsified_clause, shared_token, true_literal};
use super::certmaps::util::step_to;
use super::certmaps::{CertMapError, CertMaps, MapStatus};
use super::helpers::{Diamond, add_named, rooted_game};
use super::qbf_normal::{NormalQbf, distinct_literals, normalize};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::Certificate;
use crate::problems::Player;
use crate::problems::{Convention, Graph, Lit, Qbf, Rule, VertexId};

/// The textbook QBF → Generalized Geography reduction (`qbf-dvg`).
#[derive(Clone, Copy, Debug, Default)]
pub struct QbfToDvg;

size_formula! {
    /// The size of the textbook board.
    SIZE: Qbf = |q| {
        N = normalize(q).n(), "normalised variables, odd";
        m = q.clauses.len(), "clauses";
        L = q.clauses.iter().map(|c| distinct_literals(c).len()).sum(),
            "Σ_j |distinct literals of C_j|";
    } => vertices 4 * N + 1 + m, edges 5 * N + m + L
}

static INFO: ReductionInfo = ReductionInfo {
    id: "qbf-dvg",
    example: Some("examples/fraenkel-simonson.qbf"),
    source: ProblemKind::Qbf,
    target: ProblemKind::Dvg,
    paper: "Sipser, Introduction to the Theory of Computation (GG is PSPACE-complete), after \
            Lichtenstein–Sipser and Schaefer 1978; spec ../shared/spec/edge-misere-trailtrap.md §4",
    theorem: "Thm 8.14 (Sipser, 2nd ed.)",
    gadgets: &[
        "diamond (T_i, x_i, ¬x_i, B_i)",
        "clause vertex C_j",
        "choice vertex c",
    ],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    size_legend: SIZE.legend,
    preconditions: &["prenex CNF (any clause width); the prefix is normalised to ∃∀…∃ by dummies"],
    claims: &["I wins ⇔ the QBF is true", "the token starts on T_1"],
    structure: &[Claim::Simple],
    errata: &[
        "a literal repeated inside a clause gets one arc, not one per occurrence (vertex \
         geography gains nothing from parallel arcs); the spec's arc count Σ|C_j| counts \
         occurrences",
    ],
    provenance: "textbook construction, written from the book and brute-force verified (spec §4)",
    yes_winner: Player::First,
};

/// The textbook board (`qbf-dvg`, and `qbf-deg` which plays it by arcs): a diamond per
/// normalised variable, the clause choice `c`, and a vertex per clause.
#[derive(Clone, Debug)]
pub struct TextbookLayout {
    /// The formula the board is built for (prefix normalised to ∃∀…∃).
    pub formula: NormalQbf,
    /// Diamond `v` sets normalised variable `v`; its TRUE side is `x_i`.
    pub diamonds: Vec<Diamond>,
    /// `c`, where player II picks a clause.
    pub choice: VertexId,
    /// `C_j`, one per clause of [`TextbookLayout::formula`].
    pub clause: Vec<VertexId>,
}

impl TextbookLayout {
    /// Where the bottom of diamond `v` leads: the next top, or `c` after the last diamond.
    pub fn after_diamond(&self, v: usize) -> VertexId {
        self.diamonds.get(v + 1).map_or(self.choice, |d| d.top)
    }

    /// The vertex the token starts on: the top of the first diamond.
    pub fn start(&self) -> VertexId {
        self.diamonds[0].top
    }
}

/// The textbook board for `q`, shared by `qbf-dvg` and `qbf-deg`: the prefix normalised, the
/// vertices added by `vertices` and the arcs by `arcs` (the two theorems name the clause
/// vertices and point the clause arcs differently), the token on `T_1`, normal play by `rule`.
pub(crate) fn build_textbook(
    q: &Qbf,
    rule: Rule,
    vertices: fn(&mut Graph, NormalQbf) -> TextbookLayout,
    arcs: fn(&mut Graph, &TextbookLayout),
) -> Construction<TextbookLayout> {
    let nq = normalize(q);
    let notes = nq.note().into_iter().collect();
    let mut g = Graph::new(true);
    let layout = vertices(&mut g, nq);
    arcs(&mut g, &layout);
    let start = layout.start();
    Construction {
        game: rooted_game(g, rule, start, Convention::Normal),
        layout,
        notes,
    }
}

/// Adds the board's vertices, diamond by diamond (`T_i, x_i, not_x_i, B_i`, the sides labelled
/// by their literals), then `c` and the clause vertices `C_j`, with their groups, and returns
/// the layout.
fn add_vertices(g: &mut Graph, nq: NormalQbf) -> TextbookLayout {
    let mut diamonds = Vec::new();
    for v in 0..nq.n() {
        let i = v + 1;
        let top = g.add_vertex(format!("T{i}"));
        let pos = add_named(g, format!("x{i}"), nq.lit_label(Lit::pos(v)));
        let neg = add_named(g, format!("not_x{i}"), nq.lit_label(Lit::neg(v)));
        let bottom = g.add_vertex(format!("B{i}"));
        g.add_group("diamond", format!("x{i}"), vec![top, pos, neg, bottom]);
        diamonds.push(Diamond {
            top,
            sides: [pos, neg],
            bottom,
        });
    }
    let choice = g.add_vertex("c");
    let clause: Vec<VertexId> = (1..=nq.m())
        .map(|j| g.add_vertex(format!("C{j}")))
        .collect();
    for (j, &cv) in clause.iter().enumerate() {
        g.add_group("clause", format!("C{}", nq.clause_origin[j] + 1), vec![cv]);
    }
    TextbookLayout {
        formula: nq,
        diamonds,
        choice,
        clause,
    }
}

/// Adds each diamond's four arcs and the arc from its bottom to the next top (or to `c`).
fn add_diamond_arcs(g: &mut Graph, lay: &TextbookLayout) {
    for (v, d) in lay.diamonds.iter().enumerate() {
        d.add_arcs(g);
        g.add_edge(d.bottom, lay.after_diamond(v));
    }
}

/// Where the clause vertex points for literal `l`: the side that stays unvisited iff `l` is
/// true (the FALSE side of a positive literal).
fn answer_for(lay: &TextbookLayout, l: Lit) -> VertexId {
    lay.diamonds[l.var].sides[usize::from(l.positive)]
}

impl Theorem for QbfToDvg {
    type Source = Qbf;
    type Layout = TextbookLayout;

    fn entry(&self) -> &ReductionInfo {
        &INFO
    }

    fn construct(&self, q: &Qbf) -> Result<Construction<TextbookLayout>, ReductionError> {
        Ok(build_textbook(q, Rule::Vertex, add_vertices, |g, lay| {
            add_diamond_arcs(g, lay);
            for (j, clause) in lay.formula.qbf.clauses.iter().enumerate() {
                g.add_edge(lay.choice, lay.clause[j]);
                for l in distinct_literals(clause) {
                    g.add_edge(lay.clause[j], answer_for(lay, l));
                }
            }
        }))
    }

    fn size(&self) -> &Size<Qbf> {
        &SIZE
    }

    fn check_layout(&self, _: &Qbf, built: &Construction<TextbookLayout>) -> Result<(), String> {
        check_starts_on_top(built)
    }

    fn figure(
        &self,
        _: &Qbf,
        built: &Construction<TextbookLayout>,
    ) -> Option<crate::render::Figure> {
        Some(textbook_figure(
            built,
            "Generalized Geography board: a diamond per variable, a vertex per clause (Sipser, Thm 8.14)",
        ))
    }

    fn paper_labels(
        &self,
        _: &Qbf,
        built: &Construction<TextbookLayout>,
    ) -> Vec<(VertexId, String)> {
        textbook_labels(built)
    }

    fn maps(&self) -> CertMaps {
        TEXTBOOK_MAPS
    }

    fn carry_forward(
        &self,
        q: &Qbf,
        built: &Construction<TextbookLayout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        textbook_forward(q, built, true, cert)
    }

    fn carry_back(
        &self,
        q: &Qbf,
        built: &Construction<TextbookLayout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        textbook_backward(q, built, cert)
    }
}

/// The textbook board's paper labels (see [`Theorem::paper_labels`]): the clause vertices
/// `c_j`, numbered as the source's clauses. Shared by `qbf-dvg` and `qbf-deg`.
pub(crate) fn textbook_labels(built: &Construction<TextbookLayout>) -> Vec<(VertexId, String)> {
    use crate::render::figure::subscript;
    let lay = &built.layout;
    lay.clause
        .iter()
        .enumerate()
        .map(|(j, &cv)| {
            let k = lay.formula.clause_origin[j] + 1;
            (cv, subscript("c", &k.to_string()))
        })
        .collect()
}

/// Sipser's drawing of the textbook board (Fig. 8.15 in the 2nd edition): the diamonds in a
/// vertical column (`x_i` always on the left, `¬x_i` on the right, tops and bottoms as
/// unlabelled dots), `c` under the last diamond, the clause vertices `c_j` in a row below,
/// and each clause's arcs sweeping out around the column into the literal vertices they
/// point at (arcs to left sides on the left, to right sides on the right). Shared by
/// `qbf-dvg` and `qbf-deg`; `caption` names the theorem.
pub(crate) fn textbook_figure(
    built: &Construction<TextbookLayout>,
    caption: &str,
) -> crate::render::Figure {
    use crate::render::figure::{Figure, Outline, markup_of_display};
    let lay = &built.layout;
    let nq = &lay.formula;
    let mut fig = Figure::of_game(&built.game, caption);
    for (v, d) in lay.diamonds.iter().enumerate() {
        let y = -3.0 * v as f64;
        fig.place(d.top, 0.0, y);
        fig.point(d.top);
        fig.place(d.sides[0], -1.0, y - 1.0);
        fig.place(d.sides[1], 1.0, y - 1.0);
        fig.label(d.sides[0], markup_of_display(&nq.lit_label(Lit::pos(v))));
        fig.label(d.sides[1], markup_of_display(&nq.lit_label(Lit::neg(v))));
        fig.place(d.bottom, 0.0, y - 2.0);
        fig.point(d.bottom);
        let q = if NormalQbf::is_existential(v) {
            "∃"
        } else {
            "∀"
        };
        let name = markup_of_display(&nq.qbf.vars[v]);
        fig.gadget(
            nq.qbf.vars[v].clone(),
            format!("{q}{name}"),
            vec![d.top, d.sides[0], d.sides[1], d.bottom],
            Outline::Bare,
        );
    }
    let n = lay.diamonds.len() as f64;
    let yc = -3.0 * n;
    fig.place(lay.choice, 0.0, yc);
    fig.point(lay.choice);
    let m = lay.clause.len();
    let row = yc - 1.4;
    let x_of = |j: usize| 1.3 * (j as f64 - (m as f64 - 1.0) / 2.0);
    for (j, &cv) in lay.clause.iter().enumerate() {
        fig.place(cv, x_of(j), row);
    }
    for (v, label) in textbook_labels(built) {
        fig.label(v, label);
    }
    let mut members = vec![lay.choice];
    members.extend(&lay.clause);
    fig.gadget("clauses", "", members, Outline::Bare);
    route_clause_arcs(
        &mut fig,
        &built.game.graph,
        &lay.clause,
        |side, b| lay.diamonds.iter().position(|d| d.sides[side] == b),
        x_of,
        ClauseLanes {
            dip: row - 0.7,
            right_offset: 0.0,
        },
    );
    if let Some(note) = dummy_caption(nq) {
        fig.caption.push(note);
    }
    fig
}

/// Where [`route_clause_arcs`] puts its lanes: the depth of the first dip under the clause
/// row, and how far right of the column the right-hand lanes start (the two-token board has
/// its second chain there).
pub(crate) struct ClauseLanes {
    pub dip: f64,
    pub right_offset: f64,
}

/// Routes every arc from a clause vertex to a literal of a diamond column (the textbook
/// board here, the two-token board of `qbf_to_two_token` too). Variable `v`'s literals stand
/// at height `-3v - 1`, x on the left (side 0) and ¬x on the right (side 1); `variable_of(side,
/// b)` says which variable's side-`side` literal vertex `b` is, if any.
///
/// Why each piece: lanes run outside the column, clauses further from a side on lanes
/// further out; every arc dips to a depth of its own (with one count per side, an arc
/// running left and one running right at the same depth lay on top of each other under the
/// row); arcs into one literal arrive at heights of their own (the second 0.14 above the
/// first, the third 0.14 below), each arrowhead visible; each arc leaves its clause vertex
/// down a run of its own, the deeper dips inside so that no run crosses another's way out;
/// and edge by edge (the figure's edges are the game's, in order), so that parallel arcs of
/// `qbf-deg` (a clause naming a literal twice) each get a lane.
pub(crate) fn route_clause_arcs(
    fig: &mut crate::render::Figure,
    graph: &Graph,
    clause: &[usize],
    variable_of: impl Fn(usize, usize) -> Option<usize>,
    x_of: impl Fn(usize) -> f64,
    at: ClauseLanes,
) {
    let m = clause.len();
    let mut lanes = [0usize; 2];
    let mut dips = 0usize;
    let mut into = vec![0usize; graph.n()];
    for side in [0usize, 1] {
        let clauses: Vec<usize> = match side {
            0 => (0..m).collect(),
            _ => (0..m).rev().collect(),
        };
        for j in clauses {
            let arcs: Vec<(usize, usize, usize)> = graph
                .edges
                .iter()
                .enumerate()
                .filter(|&(_, &(a, _))| a == clause[j])
                .filter_map(|(ei, &(_, b))| Some((ei, variable_of(side, b)?, b)))
                .collect();
            for (r, &(ei, v, b)) in arcs.iter().enumerate() {
                let k = lanes[side] as f64;
                lanes[side] += 1;
                let sign = if side == 0 { -1.0 } else { 1.0 };
                let lane = sign * (1.9 + 0.3 * k) + if side == 1 { at.right_offset } else { 0.0 };
                let arrival = [0.0, 0.14, -0.14, 0.24, -0.24][into[b].min(4)];
                into[b] += 1;
                let ys = -3.0 * v as f64 - 1.0 + arrival;
                let dip = at.dip - 0.22 * dips as f64;
                dips += 1;
                let x = x_of(j) + sign * (0.08 + 0.1 * (arcs.len() - 1 - r) as f64);
                // Level with the literal half a unit out, then into it.
                let mut ways = vec![(x, dip), (lane, dip), (lane, ys)];
                if arrival != 0.0 {
                    ways.push((sign * 1.5, ys));
                }
                fig.route_edge(ei, ways);
            }
        }
    }
}

/// The caption line explaining the dummy variables the prefix normalisation added, if any.
pub(crate) fn dummy_caption(nq: &NormalQbf) -> Option<String> {
    use crate::render::figure::markup_of_display;
    let dummies = nq.dummy_names();
    (!dummies.is_empty()).then(|| {
        let names: Vec<String> = dummies.iter().map(|d| markup_of_display(d)).collect();
        format!(
            "{} added by normalising the prefix to ∃∀…∃ (one variable per quantifier, odd \
             count); a dummy occurs in no clause",
            names.join(", ")
        )
    })
}

/// Err unless the token starts on the first diamond's top.
pub(crate) fn check_starts_on_top(built: &Construction<TextbookLayout>) -> Result<(), String> {
    match built.game.starts() == [built.layout.start()] {
        true => Ok(()),
        false => Err("the token does not start on T_1".into()),
    }
}

/// The certificate maps of the textbook construction, played as vertex geography (`qbf-dvg`)
/// and as edge geography (`qbf-deg`).
///
/// Forward, YES: player I takes the diamond side of each ∃ variable that its Skolem function
/// gives (on the values chosen so far), and after II's clause choice moves to the answer
/// vertex of a true literal of that clause; II, on the true literal's diamond side, finds its
/// way down to the bottom blocked. Forward, NO: player II takes the sides of the ∀ variables
/// by the Herbrand functions and then picks a clause that the finished assignment falsifies;
/// every answer vertex of that clause is blocked, so I is stuck. Backward: replay the game
/// with the certificate's player against regular play by the opponent (sides from the
/// enumerated assignment) and read the certificate player's diamond choices.
pub const TEXTBOOK_MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "Skolem functions → player I's strategy: I sets each ∃ diamond by its Skolem function \
         and answers II's clause with the vertex of a true literal, where II is stuck",
    ),
    forward_no: MapStatus::Constructive(
        "Herbrand functions → player II's strategy: II sets each ∀ diamond by its Herbrand \
         function and picks a clause the assignment falsifies; every literal answer is blocked",
    ),
    backward_yes: MapStatus::Constructive(
        "player I's strategy → Skolem functions: replay it against every ∀ assignment played \
         regularly by II and read I's diamond sides",
    ),
    backward_no: MapStatus::Constructive(
        "player II's strategy → Herbrand functions: replay it against every ∃ assignment \
         played regularly by I and read II's diamond sides",
    ),
};

/// Source QBF certificate → target strategy on the textbook board. A literal's answer vertex
/// is its FALSE side when `positive_to_false` (vertex rule: the side stays unvisited iff the
/// literal is true) and its TRUE side otherwise (edge rule: the side's arc into the bottom is
/// used iff the literal is true).
pub(crate) fn textbook_forward(
    q: &Qbf,
    built: &Construction<TextbookLayout>,
    positive_to_false: bool,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let lay = &built.layout;
    let nq = &lay.formula;
    let diamonds = Diamonds::of(&lay.diamonds);
    let answer = |l: Lit| lay.diamonds[l.var].sides[usize::from(l.positive == positive_to_false)];
    diamonds.strategy(q, nq, &built.game, shared_token, cert, |_, at, values| {
        let here = at.token(0).unwrap_or(usize::MAX);
        if here == lay.choice {
            let j = falsified_clause(&nq.qbf, values)?;
            return step_to(at, 0, lay.clause[j]);
        }
        let j = lay.clause.iter().position(|&c| c == here).ok_or_else(|| {
            CertMapError::Invalid("the strategy is asked off the board's plan".into())
        })?;
        let l = true_literal(&nq.qbf.clauses[j], values)?;
        step_to(at, 0, answer(l))
    })
}

/// Target strategy on the textbook board → source QBF certificate.
pub(crate) fn textbook_backward(
    q: &Qbf,
    built: &Construction<TextbookLayout>,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let lay = &built.layout;
    Diamonds::of(&lay.diamonds).read_back(q, &lay.formula, &built.game, shared_token, cert)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Instance;
    use crate::problems::Quantifier::Exists as E;
    use crate::reductions::Reduction;
    use crate::reductions::helpers::testing::{reduce_to_size, running_example};

    #[test]
    fn sizes_match_the_formulas_on_the_running_example() {
        // 4·3 + 1 + 3 vertices; 15 + 3 + (3 + 2 + 2) arcs.
        reduce_to_size(&QbfToDvg, &running_example(), (16, 25));
    }

    #[test]
    fn positive_literal_points_at_the_false_side() {
        let src = Instance::Qbf(Qbf::from_signed(&[E], &[vec![1]]));
        let Instance::Geography(g) = QbfToDvg.reduce(&src).unwrap().target else {
            panic!("not a game")
        };
        let (c1, nx1) = (
            g.graph.vertex("C1").unwrap(),
            g.graph.vertex("not_x1").unwrap(),
        );
        assert!(g.graph.edges.contains(&(c1, nx1)));
        // The layout names the same vertices by role.
        let lay = QbfToDvg
            .construct(&Qbf::from_signed(&[E], &[vec![1]]))
            .unwrap()
            .layout;
        assert_eq!((lay.clause[0], lay.diamonds[0].sides[1]), (c1, nx1));
    }
}
