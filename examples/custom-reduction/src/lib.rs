//! A reduction written outside georeduce, checked by georeduce's `check`.
//!
//! [`TextbookQbfToDvg`] is the textbook QBF → directed vertex geography reduction (Sipser,
//! *Introduction to the Theory of Computation*, "GG is PSPACE-complete", after
//! Lichtenstein–Sipser and Schaefer 1978), written from scratch as a [`Theorem`]: a typed
//! construction with its layout, a size formula and a structural claim. [`NoPadding`] is the
//! same construction with a classic slip: it trusts the prefix to alternate ∃∀∃… and to end
//! with ∃, and never pads it with dummy variables. `tests/check.rs` runs georeduce's random
//! differential testing on both: the first passes, the second is refuted and its
//! counterexample shrunk to a minimal formula.
//!
//! The construction, after padding the prefix to ∃x1 ∀x2 … ∃xN (N odd) with dummies:
//! - a diamond per variable, `T_i → x_i`, `T_i → ¬x_i`, both `→ B_i`, `B_i → T_{i+1}`, and
//!   `B_N → c`: player I chooses at `T_1, T_3, …`, player II at `T_2, T_4, …`;
//! - a clause vertex `C_j` per clause with `c → C_j`: player II picks a clause;
//! - `C_j → ¬x_i` for a literal `x_i` of `C_j`, and `C_j → x_i` for a literal `¬x_i`:
//!   player I answers with the unvisited side of a true literal, and II is stuck.
//!
//! The token starts on `T_1`; player I wins ⇔ the formula is true.

use georeduce::problems::{Convention, Geography, Graph, Qbf, Quantifier, Rule, Tokens};
use georeduce::reductions::theorem::Size;
use georeduce::reductions::{
    Claim, Construction, ProblemKind, ReductionError, ReductionInfo, Theorem,
};
use georeduce::solvers::Winner;

/// The textbook reduction, correct.
#[derive(Clone, Copy, Debug, Default)]
pub struct TextbookQbfToDvg;

/// The textbook reduction without the padding: wrong whenever two variables of one
/// quantifier follow each other, a universal comes first, or the number of variables is even
/// (the wrong player chooses at some diamond, or at the clause vertex).
///
/// (Pointing the clause arcs at the literal's own side of the diamond instead of the
/// opposite one is *not* a bug: it renames "TRUE" to "the side not taken", and `check`
/// passes that variant.)
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPadding;

/// Where each gadget of the board is.
#[derive(Clone, Debug)]
pub struct Board {
    /// Per padded variable: the top, TRUE side, FALSE side and bottom of its diamond.
    pub diamonds: Vec<[usize; 4]>,
    /// The vertex where player II picks a clause.
    pub choice: usize,
    /// One vertex per clause.
    pub clauses: Vec<usize>,
}

/// The position of each source variable in the padded prefix ∃∀∃…∃, and its length N (odd).
/// Variables missing from the prefix count as outermost existentials. Without `padding`,
/// the variables keep their prefix positions (and N is at least 1).
pub fn pad(q: &Qbf, padding: bool) -> (Vec<usize>, usize) {
    let mut order: Vec<(usize, Quantifier)> = (0..q.num_vars())
        .filter(|v| !q.prefix.iter().any(|b| b.vars.contains(v)))
        .map(|v| (v, Quantifier::Exists))
        .collect();
    order.extend(q.order());
    let mut position = vec![usize::MAX; q.num_vars()];
    let mut n = 0;
    for (v, quantifier) in order {
        if position[v] != usize::MAX {
            continue;
        }
        let wanted = if n % 2 == 0 {
            Quantifier::Exists
        } else {
            Quantifier::Forall
        };
        if padding && quantifier != wanted {
            n += 1; // a dummy of the other quantifier
        }
        position[v] = n;
        n += 1;
    }
    if n % 2 == 0 && (padding || n == 0) {
        n += 1; // the last variable is existential
    }
    (position, n)
}

/// The distinct literals of a clause, as (variable, positive).
fn distinct(clause: &[georeduce::problems::Lit]) -> Vec<(usize, bool)> {
    let mut out = Vec::new();
    for l in clause {
        if !out.contains(&(l.var, l.positive)) {
            out.push((l.var, l.positive));
        }
    }
    out
}

/// `4N + 1 + m` vertices, `5N + m + L` arcs (L: distinct literals over all clauses).
const SIZE: Size<Qbf> = Size {
    vertices: "4 * N + 1 + m",
    edges: "5 * N + m + L",
    legend: "N = padded variables, odd; m = clauses; L = Σ_j |distinct literals of C_j|",
    eval: |q| {
        let n = pad(q, true).1;
        let m = q.clauses.len();
        let l: usize = q.clauses.iter().map(|c| distinct(c).len()).sum();
        (4 * n + 1 + m, 5 * n + m + l)
    },
};

/// The catalogue entry both variants share, apart from the id.
const fn info(id: &'static str, provenance: &'static str) -> ReductionInfo {
    ReductionInfo {
        id,
        example: None,
        source: ProblemKind::Qbf,
        target: ProblemKind::Dvg,
        paper: "Sipser, Introduction to the Theory of Computation (GG is PSPACE-complete)",
        theorem: "Thm 8.14 (2nd ed.)",
        gadgets: &[
            "diamond (T_i, x_i, ¬x_i, B_i)",
            "choice vertex c",
            "clause vertex C_j",
        ],
        vertices_formula: SIZE.vertices,
        edges_formula: SIZE.edges,
        size_legend: SIZE.legend,
        preconditions: &["prenex CNF; the prefix is padded to ∃∀…∃ by dummies"],
        claims: &["I wins ⇔ the QBF is true"],
        structure: &[Claim::Simple],
        errata: &[],
        provenance,
        yes_winner: Winner::First,
    }
}

static TEXTBOOK: ReductionInfo = info("example-qbf-dvg", "written from the textbook");
static NO_PADDING: ReductionInfo = info(
    "example-qbf-dvg-no-padding",
    "deliberately wrong: the prefix is not padded to ∃∀…∃",
);

/// The size of the unpadded board (same formula, N = the number of variables, at least 1).
const UNPADDED_SIZE: Size<Qbf> = Size {
    vertices: "4 * N + 1 + m",
    edges: "5 * N + m + L",
    legend: "N = variables (at least 1); m = clauses; L = Σ_j |distinct literals of C_j|",
    eval: |q| {
        let n = pad(q, false).1;
        let m = q.clauses.len();
        let l: usize = q.clauses.iter().map(|c| distinct(c).len()).sum();
        (4 * n + 1 + m, 5 * n + m + l)
    },
};

/// Builds the board, with or without padding the prefix.
fn build(q: &Qbf, padding: bool) -> Construction<Board> {
    let (position, n) = pad(q, padding);
    let mut g = Graph::new(true);
    let diamonds: Vec<[usize; 4]> = (1..=n)
        .map(|i| {
            [
                g.add_vertex(format!("T{i}")),
                g.add_vertex(format!("x{i}")),
                g.add_vertex(format!("not_x{i}")),
                g.add_vertex(format!("B{i}")),
            ]
        })
        .collect();
    let choice = g.add_vertex("c");
    let clauses: Vec<usize> = (1..=q.clauses.len())
        .map(|j| g.add_vertex(format!("C{j}")))
        .collect();
    for (i, &[top, yes, no, bottom]) in diamonds.iter().enumerate() {
        for side in [yes, no] {
            g.add_edge(top, side);
            g.add_edge(side, bottom);
        }
        g.add_edge(bottom, diamonds.get(i + 1).map_or(choice, |d| d[0]));
    }
    for (clause, &cv) in q.clauses.iter().zip(&clauses) {
        g.add_edge(choice, cv);
        for (var, positive) in distinct(clause) {
            let [_, yes, no, _] = diamonds[position[var]];
            let side = if positive { no } else { yes };
            g.add_edge(cv, side);
        }
    }
    let game = Geography {
        graph: g,
        rule: Rule::Vertex,
        tokens: Tokens::One {
            start: Some(diamonds[0][0]),
        },
        convention: Convention::Normal,
    };
    Construction {
        game,
        layout: Board {
            diamonds,
            choice,
            clauses,
        },
        notes: Vec::new(),
    }
}

/// The theorem's own structure, beyond the generic claims: every diamond is a diamond.
fn diamonds_are_diamonds(built: &Construction<Board>) -> Result<(), String> {
    let arcs = &built.game.graph.edges;
    for &[top, yes, no, bottom] in &built.layout.diamonds {
        for arc in [(top, yes), (top, no), (yes, bottom), (no, bottom)] {
            if !arcs.contains(&arc) {
                return Err(format!("diamond arc {arc:?} is missing"));
            }
        }
    }
    Ok(())
}

impl Theorem for TextbookQbfToDvg {
    type Source = Qbf;
    type Layout = Board;

    fn entry(&self) -> &ReductionInfo {
        &TEXTBOOK
    }

    fn construct(&self, q: &Qbf) -> Result<Construction<Board>, ReductionError> {
        Ok(build(q, true))
    }

    fn size(&self) -> &Size<Qbf> {
        &SIZE
    }

    fn check_layout(&self, _: &Qbf, built: &Construction<Board>) -> Result<(), String> {
        diamonds_are_diamonds(built)
    }
}

impl Theorem for NoPadding {
    type Source = Qbf;
    type Layout = Board;

    fn entry(&self) -> &ReductionInfo {
        &NO_PADDING
    }

    fn construct(&self, q: &Qbf) -> Result<Construction<Board>, ReductionError> {
        Ok(build(q, false))
    }

    fn size(&self) -> &Size<Qbf> {
        &UNPADDED_SIZE
    }

    fn check_layout(&self, _: &Qbf, built: &Construction<Board>) -> Result<(), String> {
        diamonds_are_diamonds(built)
    }
}
