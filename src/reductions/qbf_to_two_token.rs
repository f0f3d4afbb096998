//! 3QBF ≤ IAG2 and 3QBF ≤ IVG2 on DAGs: one diamond chain, one clause fan, and a 2-path.
//!
//! Source: A.S. Fraenkel, S. Simonson, "Geography", Theoretical Computer Science 110 (1993)
//! 197–214, Theorems 2.5 and 2.6, Figs. 5 and 6 (../shared/papers/002_6f77a2c70ea13afa.txt).
//! The figures are lost; the DAG is that of `../shared/spec/fraenkel-simonson.md` §5,
//! reconstructed from the prose and brute-force verified. One DAG serves both games.
//!
//! After normalising to ∃x1 ∀x2 … ∃xN (N odd):
//! - a **diamond chain** with 3 arcs per variable: `top_i → x_i, ¬x_i → bot_i → top_{i+1}`;
//!   token 1 starts on `top_1`; the leaf is `top_{N+1}`. In regular play the 3N diamond arcs
//!   come first, I making the last one.
//! - token 2 starts on `s`, with `s → c_j` for every clause and `c_j → ` the diamond vertex of
//!   each distinct literal of clause j;
//! - the **2-path** `c_j → q1 → q2`: a player who leaves the regular order is punished by the
//!   opponent taking the 2-path, which fixes the parity of the total (3N + 3 moves).
//!
//! **I wins ⇔ F is true.** In IAG2 a traversed literal vertex is TRUE (token 2 dies there); in
//! IVG2 it is FALSE (token 2 cannot enter it). Size: `4N + m + 4` vertices and
//! `5N + 2m + Σ_j |distinct literals of c_j| + 1` arcs (m = clauses kept); acyclic.
//!
//! **Erratum (IAG2).** The proof's premature-clause argument breaks on a clause with x and ¬x
//! for a universal x: `∃y1 ∀y2 ∃y3 (¬y2 + ¬y2 + y2)` is true, yet II wins IAG2 by moving
//! token 2 onto the clause while token 1 is on `top_2`. Such clauses are always true, so
//! `qbf-iag2` deletes them; `qbf-iag2-as-printed` keeps them. IVG2 needs no such rule.

use super::certmaps::diamonds::{
    ChainScript, Diamonds, certified_value, falsified_clause, read_qbf, shared_token,
};
use super::certmaps::util::{GameOracle, QbfOracle, build_game_cert, dest, qbf_cert, step_to};
use super::certmaps::{CertMapError, CertMaps, MapStatus};
use super::helpers::{Diamond, add_named, normal_game, require_3cnf};
use super::qbf_normal::{NormalQbf, distinct_literals, has_complementary_pair, normalize};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::{Certificate, Replay};
use crate::problems::Player;
use crate::problems::{Graph, Lit, Move, Qbf, Rule, Tokens, VertexId};
use std::collections::HashMap;

/// Which two-token game, and whether IAG2 drops clauses with x and ¬x for a universal x.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QbfToTwoToken {
    rule: Rule,
    drop_universal_tautologies: bool,
}

impl QbfToTwoToken {
    /// Theorem 2.5 with the tautology rule (`qbf-iag2`).
    pub const IAG2: QbfToTwoToken = QbfToTwoToken {
        rule: Rule::Edge,
        drop_universal_tautologies: true,
    };
    /// Theorem 2.5 as printed, keeping every clause (`qbf-iag2-as-printed`).
    pub const IAG2_AS_PRINTED: QbfToTwoToken = QbfToTwoToken {
        rule: Rule::Edge,
        drop_universal_tautologies: false,
    };
    /// Theorem 2.6 (`qbf-ivg2`).
    pub const IVG2: QbfToTwoToken = QbfToTwoToken {
        rule: Rule::Vertex,
        drop_universal_tautologies: false,
    };
}

const PAPER: &str = "Fraenkel & Simonson, \"Geography\", TCS 110 (1993) 197–214 \
                     (../shared/papers/002_6f77a2c70ea13afa.txt)";
const GADGETS: &[&str] = &[
    "diamond chain top_i → x_i, ¬x_i → bot_i → top_{i+1} (token 1)",
    "clause vertices c_j below s (token 2)",
    "2-path c_j → q1 → q2",
];
const TAUTOLOGY_NOTE: &str = "clauses with x and ¬x for a universal x are deleted (always true)";

size_formula! {
    /// The size of the DAG for IAG2 (clauses with x and ¬x for a universal x deleted).
    SIZE_IAG2: Qbf = |q| with nq = match prepare(q, "Thm 2.5", true) {
        Ok((nq, _)) => nq,
        Err(_) => return (0, 0),
    }; {
        N = nq.n(), "normalised variables";
        m = nq.m(), "clauses kept";
        L = nq.qbf.clauses.iter().map(|c| distinct_literals(c).len()).sum(),
            "Σ_j |distinct literals of c_j|";
    } => vertices 4 * N + m + 4, edges 5 * N + 2 * m + L + 1
}

size_formula! {
    /// The size of the DAG keeping every clause (IVG2, IAG2 as printed).
    SIZE_ALL_CLAUSES: Qbf = |q| with nq = match prepare(q, "Thm 2.6", false) {
        Ok((nq, _)) => nq,
        Err(_) => return (0, 0),
    }; {
        N = nq.n(), "normalised variables";
        m = nq.m(), "clauses kept";
        L = nq.qbf.clauses.iter().map(|c| distinct_literals(c).len()).sum(),
            "Σ_j |distinct literals of c_j|";
    } => vertices 4 * N + m + 4, edges 5 * N + 2 * m + L + 1
}

static IAG2_INFO: ReductionInfo = ReductionInfo {
    id: "qbf-iag2",
    example: Some("examples/fraenkel-simonson.qbf"),
    source: ProblemKind::Qbf,
    target: ProblemKind::Iag2,
    paper: PAPER,
    theorem: "Thm 2.5 (Fig. 5)",
    gadgets: GADGETS,
    vertices_formula: SIZE_IAG2.vertices,
    edges_formula: SIZE_IAG2.edges,
    preconditions: &[
        "3QBF: exactly three literal occurrences per clause (repeats allowed)",
        "the prefix is normalised to ∃x1 ∀x2 … ∃xN, N odd, by dummy variables",
        TAUTOLOGY_NOTE,
    ],
    claims: &["I wins ⇔ F is true", "token 1 starts on top1, token 2 on s"],
    errata: &[
        "the paper's proof misses clauses with x and ¬x for a universal x: \
         ∃y1 ∀y2 ∃y3 (¬y2 + ¬y2 + y2) is true but II wins; such clauses are deleted",
        "Fig. 5 is lost: the DAG is reconstructed from the prose (spec §5)",
    ],
    provenance: "reconstructed from the prose (Fig. 5 lost), brute-force verified (spec §5)",
    structure: &[Claim::Acyclic],
    size_legend: SIZE_IAG2.legend,
    yes_winner: Player::First,
};

static IAG2_AS_PRINTED_INFO: ReductionInfo = ReductionInfo {
    id: "qbf-iag2-as-printed",
    example: None,
    preconditions: &[
        "3QBF: exactly three literal occurrences per clause (repeats allowed)",
        "the prefix is normalised to ∃x1 ∀x2 … ∃xN, N odd, by dummy variables",
    ],
    claims: &[
        "(wrong as printed) I wins ⇔ F is true",
        "token 1 starts on top1, token 2 on s",
    ],
    errata: &[
        "known wrong: keeps clauses with x and ¬x for a universal x; \
         ∃y1 ∀y2 ∃y3 (¬y2 + ¬y2 + y2) is true but II wins",
    ],
    provenance: "as printed in the paper",
    ..IAG2_INFO
};

static IVG2_INFO: ReductionInfo = ReductionInfo {
    id: "qbf-ivg2",
    example: Some("examples/fraenkel-simonson.qbf"),
    target: ProblemKind::Ivg2,
    theorem: "Thm 2.6 (Fig. 6)",
    preconditions: &[
        "3QBF: exactly three literal occurrences per clause (repeats allowed)",
        "the prefix is normalised to ∃x1 ∀x2 … ∃xN, N odd, by dummy variables",
    ],
    errata: &["Fig. 6 is lost: the DAG (the same as for Thm 2.5) is reconstructed (spec §5)"],
    provenance: "reconstructed from the prose (Fig. 6 lost), brute-force verified (spec §5)",
    ..IAG2_INFO
};

/// Every vertex of the DAG, by role.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The formula the DAG is built for (normalised; IAG2 drops universal tautologies).
    pub formula: NormalQbf,
    /// `top_1 … top_{N+1}` (the last is the leaf).
    pub top: Vec<VertexId>,
    /// `[x_i, ¬x_i]` by normalised variable.
    pub lit: Vec<[VertexId; 2]>,
    /// `bot_i`.
    pub bottom: Vec<VertexId>,
    /// `s`, where token 2 starts.
    pub s: VertexId,
    /// `c_j`, one per clause of [`Layout::formula`].
    pub clause: Vec<VertexId>,
    /// The 2-path `q1 → q2`.
    pub q: [VertexId; 2],
}

impl Layout {
    fn new(g: &mut Graph, nq: NormalQbf) -> Layout {
        let (mut top, mut lit, mut bottom) = (Vec::new(), Vec::new(), Vec::new());
        for v in 0..nq.n() {
            let i = v + 1;
            top.push(g.add_vertex(format!("top{i}")));
            lit.push([
                add_named(g, format!("x{i}"), nq.lit_label(Lit::pos(v))),
                add_named(g, format!("not_x{i}"), nq.lit_label(Lit::neg(v))),
            ]);
            bottom.push(g.add_vertex(format!("bot{i}")));
            g.add_group(
                "diamond",
                format!("x{i}"),
                vec![top[v], lit[v][0], lit[v][1], bottom[v]],
            );
        }
        top.push(g.add_labeled(format!("top{}", nq.n() + 1), "leaf"));
        let s = g.add_vertex("s");
        let clause = nq
            .clause_origin
            .iter()
            .map(|&o| g.add_vertex(format!("c{}", o + 1)))
            .collect();
        let q = [g.add_vertex("q1"), g.add_vertex("q2")];
        g.add_group("two_path", "q", q.to_vec());
        Layout {
            formula: nq,
            top,
            lit,
            bottom,
            s,
            clause,
            q,
        }
    }

    /// The diamond vertex of literal `l`.
    pub fn literal_vertex(&self, l: Lit) -> VertexId {
        self.lit[l.var][usize::from(!l.positive)]
    }

    /// Variable `v`'s diamond with its sides as the game reads them: traversing `x_i` makes
    /// `x_i` TRUE in IAG2 (`arcs`) and FALSE in IVG2.
    pub fn diamond(&self, v: usize, arcs: bool) -> Diamond {
        let pair = self.lit[v];
        Diamond {
            top: self.top[v],
            sides: if arcs { pair } else { [pair[1], pair[0]] },
            bottom: self.bottom[v],
        }
    }

    /// The top of the next diamond, or the leaf after the last one.
    fn next_top(&self, v: usize) -> VertexId {
        self.top[v + 1]
    }
}

impl QbfToTwoToken {
    fn info_static(&self) -> &'static ReductionInfo {
        match (self.rule, self.drop_universal_tautologies) {
            (Rule::Vertex, _) => &IVG2_INFO,
            (_, true) => &IAG2_INFO,
            (_, false) => &IAG2_AS_PRINTED_INFO,
        }
    }

    fn theorem(&self) -> &'static str {
        if self.rule == Rule::Vertex {
            "Thm 2.6"
        } else {
            "Thm 2.5"
        }
    }
}

/// Normalises, and (IAG2, `drop_universal_tautologies`) deletes the clauses with x and ¬x for a
/// universal x.
fn prepare(
    q: &Qbf,
    theorem: &'static str,
    drop_universal_tautologies: bool,
) -> Result<(NormalQbf, Vec<String>), ReductionError> {
    require_3cnf(theorem, q)?;
    let mut nq = normalize(q);
    let mut notes: Vec<String> = nq.note().into_iter().collect();
    if drop_universal_tautologies {
        let dropped =
            nq.drop_clauses(|c| has_complementary_pair(c, |v| !NormalQbf::is_existential(v)));
        if !dropped.is_empty() {
            let names: Vec<String> = dropped.iter().map(|c| format!("c{}", c + 1)).collect();
            notes.push(format!("{TAUTOLOGY_NOTE}: {}", names.join(", ")));
        }
    }
    Ok((nq, notes))
}

impl Theorem for QbfToTwoToken {
    type Source = Qbf;
    type Layout = Layout;

    fn entry(&self) -> &ReductionInfo {
        self.info_static()
    }

    fn construct(&self, q: &Qbf) -> Result<Construction<Layout>, ReductionError> {
        let (nq, notes) = prepare(q, self.theorem(), self.drop_universal_tautologies)?;
        let mut g = Graph::new(true);
        let lay = Layout::new(&mut g, nq);
        for v in 0..lay.formula.n() {
            for side in lay.lit[v] {
                g.add_edge(lay.top[v], side);
                g.add_edge(side, lay.bottom[v]);
            }
            g.add_edge(lay.bottom[v], lay.next_top(v));
        }
        for (&cv, clause) in lay.clause.iter().zip(&lay.formula.qbf.clauses) {
            g.add_edge(lay.s, cv);
            for l in distinct_literals(clause) {
                g.add_edge(cv, lay.literal_vertex(l));
            }
            g.add_edge(cv, lay.q[0]);
        }
        g.add_edge(lay.q[0], lay.q[1]);
        let tokens = Tokens::TwoShared {
            starts: [lay.top[0], lay.s],
        };
        Ok(Construction {
            game: normal_game(g, self.rule, tokens),
            layout: lay,
            notes,
        })
    }

    fn size(&self) -> &Size<Qbf> {
        if self.drop_universal_tautologies {
            &SIZE_IAG2
        } else {
            &SIZE_ALL_CLAUSES
        }
    }

    fn figure(&self, _: &Qbf, built: &Construction<Layout>) -> Option<crate::render::Figure> {
        let what = if self.rule == Rule::Vertex {
            "Two-token vertex geography (IVG2)"
        } else {
            "Two-token arc geography (IAG2)"
        };
        Some(figure(
            built,
            &format!(
                "{what}: a diamond chain for token 1, clause vertices for token 2 \
                 (Fraenkel–Simonson, {})",
                self.theorem()
            ),
        ))
    }

    /// Token 1 starts on `top1` and token 2 on `s`.
    fn check_layout(&self, _: &Qbf, built: &Construction<Layout>) -> Result<(), String> {
        match built.game.starts() == [built.layout.top[0], built.layout.s] {
            true => Ok(()),
            false => Err("the tokens do not start on top1 and s".into()),
        }
    }

    /// None for the as-printed IAG2, which is known wrong.
    fn maps(&self) -> CertMaps {
        match *self == Self::IAG2_AS_PRINTED {
            true => CertMaps::none(
                "as printed in the paper: clauses with x and ¬x for a universal x break the \
                 proof (and the theorem), so no strategy translation is sound",
            ),
            false => MAPS,
        }
    }

    fn carry_forward(
        &self,
        q: &Qbf,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        match self.maps().forward_yes.is_constructive() {
            true => forward(q, built, cert),
            false => Err(super::certmaps::refuse(&self.maps(), true, true)),
        }
    }

    fn carry_back(
        &self,
        q: &Qbf,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        match self.maps().backward_yes.is_constructive() {
            true => backward(q, built, cert),
            false => Err(super::certmaps::refuse(&self.maps(), false, true)),
        }
    }
}

// Certificate maps of Theorems 2.5 and 2.6, with the proof's strategies for irregular play.
//
// A traversed literal vertex is TRUE in IAG2 and FALSE in IVG2, so the TRUE side of `x_i`'s
// diamond is `x_i` in IAG2 and `¬x_i` in IVG2. Regular play: token 1 runs down the diamond
// chain (3N moves, I sets the odd variables, II the even ones), II selects a clause with
// token 2, I selects a literal.
//
// Forward, YES (player I, Skolem functions): I plays token 1 regularly. When II selects a
// clause early, I must select a literal at once. IVG2: any unvisited literal vertex of the
// clause will do (a true one exists, since the Skolem functions cannot let the clause be
// false already); whatever follows, exactly 3N + 2 moves are made, an odd number, so II is
// stuck. IAG2: a literal whose vertex token 1 has entered (again 3N + 2 moves in all), else
// the literal ℓ of an untraversed ∃ variable x_k, which the proof shows exists; then I answers
// every move of token 2 by II with a move of token 2 (an even number of moves lead from ℓ to
// the leaf), so that II moves token 1 onto `top_k`, and I moves it onto ℓ: 3N + 2 moves.
// Forward, NO (player II, Herbrand functions): II plays regularly and at the end selects a
// clause the assignment falsifies, then answers I's literal (IAG2: down its diamond) or
// 2-path step; if I selects a clause first, II takes the 2-path, after which exactly 3N + 3
// moves are made whatever happens, so I is stuck. Backward: replay against regular play by
// the opponent and read the diamond sides of token 1; when player II's strategy selects a
// clause early, that clause has no untraversed ∃ literal (else I wins as above), so II's
// remaining ∀ variables are read as the values that falsify the clause.
//
// `qbf-iag2-as-printed` keeps clauses with x and ¬x for a universal x, on which the proof
// (and the theorem) fails; it has no maps.

/// The maps of `qbf-iag2` and `qbf-ivg2`.
const MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "Skolem functions → player I's strategy: regular play with ∃ sides by the Skolem \
         functions; an early clause is answered by a true (IAG2: traversed) literal, or (IAG2) \
         by an untraversed ∃ literal, mirroring token 2 until token 1 reaches it (Thm 2.5's \
         proof)",
    ),
    forward_no: MapStatus::Constructive(
        "Herbrand functions → player II's strategy: regular play with ∀ sides by the Herbrand \
         functions, then a falsified clause; an early clause by I is answered with the 2-path",
    ),
    backward_yes: MapStatus::Constructive(
        "player I's strategy → Skolem functions: replay against II's regular play for every ∀ \
         assignment and read token 1's ∃ sides",
    ),
    backward_no: MapStatus::Constructive(
        "player II's strategy → Herbrand functions: replay against I's regular play; ∀ sides of \
         token 1, or, after an early clause by II, the values falsifying that clause",
    ),
};

/// The DAG of Theorems 2.5/2.6 as the strategies read it.
struct Board {
    diamonds: Diamonds,
    /// `top_{N+1}`, the leaf.
    leaf: VertexId,
    clause: Vec<VertexId>,
    clause_of: HashMap<VertexId, usize>,
    q1: VertexId,
    q2: VertexId,
    /// The diamond vertex of each literal: `lit[v] = [x, ¬x]`.
    lit: Vec<[VertexId; 2]>,
    arcs: bool,
}

impl Board {
    fn of(built: &Construction<Layout>) -> Board {
        let lay = &built.layout;
        let arcs = built.game.rule == Rule::Edge;
        let diamonds: Vec<Diamond> = (0..lay.lit.len()).map(|v| lay.diamond(v, arcs)).collect();
        Board {
            diamonds: Diamonds::of(&diamonds),
            leaf: lay.top[lay.lit.len()],
            clause_of: lay
                .clause
                .iter()
                .enumerate()
                .map(|(j, &c)| (c, j))
                .collect(),
            clause: lay.clause.clone(),
            q1: lay.q[0],
            q2: lay.q[1],
            lit: lay.lit.clone(),
            arcs,
        }
    }

    fn literal_vertex(&self, l: Lit) -> VertexId {
        self.lit[l.var][usize::from(!l.positive)]
    }
}

/// What the line says about token 2: the ply of its first move (the clause selection) and
/// the literal vertex I answered with, if any.
struct Token2 {
    selected: Option<usize>,
}

fn token2(line: &[Move]) -> Token2 {
    let selected = line
        .iter()
        .position(|m| matches!(m, Move::Step { token: 1, .. }));
    Token2 { selected }
}

/// The moves of token 1 only (token 2 also passes diamond tops once it runs down the chain).
fn chain_moves(line: &[Move]) -> Vec<Move> {
    line.iter()
        .copied()
        .filter(|m| matches!(m, Move::Step { token: 0, .. }))
        .collect()
}

/// Source QBF certificate → target strategy.
fn forward(
    q: &Qbf,
    built: &Construction<Layout>,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (g, nq, b) = (&built.game, &built.layout.formula, Board::of(built));
    let (truth, strategy) = qbf_cert(cert)?;
    let oracle = QbfOracle::new(q, strategy)?;
    let winner = if truth { Player::First } else { Player::Second };
    build_game_cert(g, winner, |at| {
        let line = at.line();
        let chain = chain_moves(line);
        let values = b.diamonds.assignment(&chain);
        let regular = |at: &Replay| -> Result<Move, CertMapError> {
            match at.token(0).and_then(|x| b.diamonds.var_at_top(x)) {
                Some(v) => {
                    let val = certified_value(nq, q, &oracle, v, &values)?;
                    step_to(at, 0, b.diamonds.side[v][usize::from(!val)])
                }
                None => first_of(at, 0).or_else(|_| first_of(at, 1)),
            }
        };
        let ctx = Ctx {
            b: &b,
            nq,
            at,
            line,
            chain: &chain,
            values: &values,
        };
        match truth {
            true => ctx.prover(&regular),
            false => ctx.refuter(&regular),
        }
    })
}

/// The first legal move of token `t`.
fn first_of(at: &Replay, t: u8) -> Result<Move, CertMapError> {
    at.legal()?
        .into_iter()
        .find(|m| matches!(m, Move::Step { token, .. } if *token == t))
        .ok_or_else(|| CertMapError::Invalid(format!("token {} cannot move", t + 1)))
}

/// The first legal move of any token.
fn any_move(at: &Replay) -> Result<Move, CertMapError> {
    at.legal()?
        .first()
        .copied()
        .ok_or_else(|| CertMapError::Invalid("the winner is stuck".into()))
}

/// Everything a forward choice looks at.
struct Ctx<'a> {
    b: &'a Board,
    nq: &'a NormalQbf,
    at: &'a Replay<'a>,
    line: &'a [Move],
    chain: &'a [Move],
    values: &'a [Option<bool>],
}

impl Ctx<'_> {
    /// Player I's move (the YES direction).
    fn prover(
        &self,
        regular: &dyn Fn(&Replay) -> Result<Move, CertMapError>,
    ) -> Result<Move, CertMapError> {
        let Some(sel) = token2(self.line).selected else {
            return regular(self.at);
        };
        if sel % 2 == 0 {
            return Err(CertMapError::Invalid(
                "player I never selects a clause".into(),
            ));
        }
        if let Some(&j) = self.at.token(1).and_then(|c| self.b.clause_of.get(&c)) {
            return step_to(self.at, 1, self.answer(j)?);
        }
        let answered = self.line.get(sel + 1).and_then(dest);
        match self.untraversed_target(answered, sel) {
            // IAG2 after an untraversed ∃ literal: mirror token 2, take ℓ from top_k.
            Some((k, ell)) if self.b.arcs => {
                let last_was_token2 = matches!(self.line.last(), Some(Move::Step { token: 1, .. }));
                if last_was_token2 && let Ok(m) = first_of(self.at, 1) {
                    return Ok(m);
                }
                if self.at.token(0) == Some(self.b.diamonds.top(k)) {
                    return step_to(self.at, 0, ell);
                }
                regular(self.at).or_else(|_| any_move(self.at))
            }
            // Otherwise exactly 3N + 2 moves are made whatever happens.
            _ => any_move(self.at),
        }
    }

    /// The literal I answers an early (or final) clause `j` with.
    fn answer(&self, j: usize) -> Result<VertexId, CertMapError> {
        let clause = &self.nq.qbf.clauses[j];
        let entered = |x: VertexId| self.chain.iter().any(|m| dest(m) == Some(x));
        let found = match self.b.arcs {
            false => clause
                .iter()
                .map(|&l| self.b.literal_vertex(l))
                .find(|&x| !self.at.marked(x)),
            true => clause
                .iter()
                .map(|&l| self.b.literal_vertex(l))
                .find(|&x| entered(x))
                .or_else(|| {
                    clause
                        .iter()
                        .find(|l| NormalQbf::is_existential(l.var) && self.values[l.var].is_none())
                        .map(|&l| self.b.literal_vertex(l))
                }),
        };
        found.ok_or_else(|| {
            CertMapError::Invalid("the Skolem functions leave a selected clause false".into())
        })
    }

    /// `(k, ℓ)` when I answered the clause selected at ply `sel` with the literal vertex ℓ of
    /// a diamond k that token 1 had not entered by then.
    fn untraversed_target(
        &self,
        answered: Option<VertexId>,
        sel: usize,
    ) -> Option<(usize, VertexId)> {
        let ell = answered?;
        let k = self.b.lit.iter().position(|p| p.contains(&ell))?;
        let before = chain_moves(&self.line[..sel]);
        let started = before
            .iter()
            .any(|m| self.b.lit[k].contains(&dest(m).unwrap_or(usize::MAX)));
        (!started).then_some((k, ell))
    }

    /// Player II's move (the NO direction).
    fn refuter(
        &self,
        regular: &dyn Fn(&Replay) -> Result<Move, CertMapError>,
    ) -> Result<Move, CertMapError> {
        let Some(sel) = token2(self.line).selected else {
            if self.at.token(0) == Some(self.b.leaf) {
                let j = falsified_clause(&self.nq.qbf, self.values)?;
                return step_to(self.at, 1, self.b.clause[j]);
            }
            return regular(self.at);
        };
        let here = self.at.token(1);
        if sel % 2 == 0 {
            // I selected a clause: take the 2-path now; afterwards any move wins.
            return match here.is_some_and(|c| self.b.clause_of.contains_key(&c)) {
                true => step_to(self.at, 1, self.b.q1),
                false => any_move(self.at),
            };
        }
        // II's final selection was answered: q1 → q2, or down the literal's diamond.
        match here {
            Some(x) if x == self.b.q1 => step_to(self.at, 1, self.b.q2),
            _ => first_of(self.at, 1).or_else(|_| any_move(self.at)),
        }
    }
}

/// Target strategy → source QBF certificate.
fn backward(
    q: &Qbf,
    built: &Construction<Layout>,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (g, nq, b) = (&built.game, &built.layout.formula, Board::of(built));
    let oracle = GameOracle::new(g, cert)?;
    let mut script = ChainScript {
        diamonds: &b.diamonds,
        token: shared_token,
    };
    let stop = |_: &Replay, m: &Move, want: usize| -> Option<Result<bool, CertMapError>> {
        if let Move::Step { token: 1, to, .. } = *m {
            // The certified player moved token 2 first (the script never does).
            if oracle.winner() == Player::First {
                return Some(Err(CertMapError::Invalid(
                    "player I's strategy selects a clause, which loses to the 2-path".into(),
                )));
            }
            let j = *b.clause_of.get(&to)?;
            return Some(Ok(falsifying_value(&nq.qbf.clauses[j], want)));
        }
        match *m {
            Move::Step { token: 0, .. } => b
                .diamonds
                .choice(m)
                .filter(|&(v, _)| v == want)
                .map(|(_, val)| Ok(val)),
            _ => None,
        }
    };
    read_qbf(q, nq, &oracle, Player::First, &mut script, &stop)
}

/// The value of variable `v` that makes its literals in `clause` false (`false` when it has
/// none; a clause selected early by a winning II has no literal of v both ways).
fn falsifying_value(clause: &[Lit], v: usize) -> bool {
    clause
        .iter()
        .find(|l| l.var == v)
        .is_some_and(|l| !l.positive)
}

/// Fraenkel–Simonson's two-token DAG (Fig. 5, reconstructed): the diamonds in a vertical
/// column from `top_1` (token 1) to the leaf, `x_i` on the left and `¬x_i` on the right; the
/// clause vertices `c_j` in a row below, `s` (token 2) above the row's right end, the 2-path
/// `q_1 → q_2` under it; the clause arcs routed around the column into the literal vertices
/// from outside, as in the textbook figure.
fn figure(built: &Construction<Layout>, caption: &str) -> crate::render::Figure {
    use crate::render::figure::{Figure, Outline, markup_of_display, subscript};
    let lay = &built.layout;
    let nq = &lay.formula;
    let mut fig = Figure::of_game(&built.game, caption);
    for v in 0..nq.n() {
        let y = -3.0 * v as f64;
        fig.place(lay.top[v], 0.0, y);
        fig.point(lay.top[v]);
        fig.place(lay.lit[v][0], -1.0, y - 1.0);
        fig.place(lay.lit[v][1], 1.0, y - 1.0);
        fig.label(lay.lit[v][0], markup_of_display(&nq.lit_label(Lit::pos(v))));
        fig.label(lay.lit[v][1], markup_of_display(&nq.lit_label(Lit::neg(v))));
        fig.place(lay.bottom[v], 0.0, y - 2.0);
        fig.point(lay.bottom[v]);
        let q = if NormalQbf::is_existential(v) {
            "∃"
        } else {
            "∀"
        };
        fig.gadget(
            nq.qbf.vars[v].clone(),
            format!("{q}{}", markup_of_display(&nq.qbf.vars[v])),
            vec![lay.top[v], lay.lit[v][0], lay.lit[v][1], lay.bottom[v]],
            Outline::Bare,
        );
    }
    let leaf = lay.top[nq.n()];
    let yc = -3.0 * nq.n() as f64;
    fig.place(leaf, 0.0, yc);
    fig.point(leaf);
    let m = lay.clause.len();
    let row = yc - 1.4;
    let x_of = |j: usize| 1.3 * (j as f64 - (m as f64 - 1.0) / 2.0);
    for (j, &cv) in lay.clause.iter().enumerate() {
        fig.place(cv, x_of(j), row);
        fig.label(cv, subscript("c", &(nq.clause_origin[j] + 1).to_string()));
    }
    let right = x_of(m.saturating_sub(1)) + 1.4;
    fig.place(lay.s, right, row + 1.4);
    fig.label(lay.s, "s");
    fig.place(lay.q[0], right, row - 1.0);
    fig.place(lay.q[1], right + 1.2, row - 1.0);
    fig.label(lay.q[0], "q_1");
    fig.label(lay.q[1], "q_2");
    let mut members = vec![lay.s];
    members.extend(&lay.clause);
    members.extend(lay.q);
    fig.gadget("clauses", "", members, Outline::Bare);
    // As on the textbook board (`qbf_to_dvg::textbook_figure`): a lane, a depth and a run
    // down from the clause vertex of its own for every arc, arcs into one literal arriving
    // at heights of their own.
    super::qbf_to_dvg::route_clause_arcs(
        &mut fig,
        &built.game.graph,
        &lay.clause,
        |side, b| (0..nq.n()).find(|&v| lay.lit[v][side] == b),
        x_of,
        super::qbf_to_dvg::ClauseLanes {
            dip: row - 1.7,
            right_offset: 2.8,
        },
    );
    if let Some(note) = super::qbf_to_dvg::dummy_caption(nq) {
        fig.caption.push(note);
    }
    fig
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Instance;
    use crate::problems::Quantifier::{Exists as E, Forall as A};
    use crate::reductions::Reduction;

    #[test]
    fn sizes_and_the_tautology_rule() {
        // ∃y1 ∀y2 ∃y3 (¬y2 + ¬y2 + y2)(y1 + y3 + ¬y3)
        let src = Instance::Qbf(Qbf::from_signed(
            &[E, A, E],
            &[vec![-2, -2, 2], vec![1, 3, -3]],
        ));
        for (r, m, lits) in [
            (QbfToTwoToken::IAG2, 1, 3),
            (QbfToTwoToken::IAG2_AS_PRINTED, 2, 5),
            (QbfToTwoToken::IVG2, 2, 5),
        ] {
            let out = r.reduce(&src).unwrap();
            let Instance::Geography(g) = &out.target else {
                panic!("not a game")
            };
            assert_eq!(
                (g.graph.n(), g.graph.m()),
                (12 + m + 4, 15 + 2 * m + lits + 1)
            );
            assert_eq!(r.declared_size(&src), (g.graph.n(), g.graph.m()));
            r.check_structure(&src, &out.target).unwrap();
            assert_eq!(out.notes.len(), usize::from(m == 1));
            assert_eq!(ProblemKind::of(&out.target), r.info().target);
        }
    }
}
