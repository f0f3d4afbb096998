//! Certificate maps of Fraenkel–Simonson Theorems 2.5 and 2.6, 3QBF → IAG2 and IVG2 on one
//! DAG (`qbf-iag2`, `qbf-ivg2`), with the proof's strategies for irregular play.
//!
//! A traversed literal vertex is TRUE in IAG2 and FALSE in IVG2, so the TRUE side of `x_i`'s
//! diamond is `x_i` in IAG2 and `¬x_i` in IVG2. Regular play: token 1 runs down the diamond
//! chain (3N moves, I sets the odd variables, II the even ones), II selects a clause with
//! token 2, I selects a literal.
//!
//! Forward, YES (player I, Skolem functions): I plays token 1 regularly. When II selects a
//! clause early, I must select a literal at once. IVG2: any unvisited literal vertex of the
//! clause will do (a true one exists, since the Skolem functions cannot let the clause be
//! false already); whatever follows, exactly 3N + 2 moves are made, an odd number, so II is
//! stuck. IAG2: a literal whose vertex token 1 has entered (again 3N + 2 moves in all), else
//! the literal ℓ of an untraversed ∃ variable x_k, which the proof shows exists; then I answers
//! every move of token 2 by II with a move of token 2 (an even number of moves lead from ℓ to
//! the leaf), so that II moves token 1 onto `top_k`, and I moves it onto ℓ: 3N + 2 moves.
//! Forward, NO (player II, Herbrand functions): II plays regularly and at the end selects a
//! clause the assignment falsifies, then answers I's literal (IAG2: down its diamond) or
//! 2-path step; if I selects a clause first, II takes the 2-path, after which exactly 3N + 3
//! moves are made whatever happens, so I is stuck. Backward: replay against regular play by
//! the opponent and read the diamond sides of token 1; when player II's strategy selects a
//! clause early, that clause has no untraversed ∃ literal (else I wins as above), so II's
//! remaining ∀ variables are read as the values that falsify the clause.
//!
//! `qbf-iag2-as-printed` keeps clauses with x and ¬x for a universal x, on which the proof
//! (and the theorem) fails; it has no maps.

use super::diamonds::falsified_clause;
use super::diamonds::{ChainScript, Diamonds, certified_value, read_qbf, shared_token};
use super::util::{
    GameOracle, QbfOracle, build_game_cert, checked_pair, dest, qbf_cert, qbf_of, replay, step_to,
    vertex_named,
};
use super::{CertMapError, CertMaps, MapStatus};
use crate::certify::{Certificate, Player, Replay};
use crate::problems::{Geography, Instance, Lit, Move, Qbf, Rule, VertexId};
use crate::reductions::Reduction;
use crate::reductions::qbf_normal::NormalQbf;
use crate::reductions::qbf_to_two_token::QbfToTwoToken;
use std::collections::HashMap;

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

/// The maps of each variant: none for the as-printed IAG2, which is known wrong.
pub fn maps(r: &dyn Reduction) -> CertMaps {
    match r.info().id {
        "qbf-iag2-as-printed" => CertMaps::none(
            "as printed in the paper: clauses with x and ¬x for a universal x break the proof \
             (and the theorem), so no strategy translation is sound",
        ),
        _ => MAPS,
    }
}

/// The DAG of Theorems 2.5/2.6, found by the construction's identifiers.
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
    fn new(g: &Geography, nq: &NormalQbf) -> Result<Board, CertMapError> {
        let id = |s: String| vertex_named(g, &s);
        let arcs = g.rule == Rule::Edge;
        let (mut top, mut lit, mut side) = (Vec::new(), Vec::new(), Vec::new());
        for i in 1..=nq.n() {
            top.push(id(format!("top{i}"))?);
            let pair = [id(format!("x{i}"))?, id(format!("not_x{i}"))?];
            lit.push(pair);
            // IAG2: traversing x_i makes x_i TRUE; IVG2: it makes x_i FALSE.
            side.push(if arcs { pair } else { [pair[1], pair[0]] });
        }
        let clause: Vec<VertexId> = nq
            .clause_origin
            .iter()
            .map(|&o| id(format!("c{}", o + 1)))
            .collect::<Result<_, _>>()?;
        Ok(Board {
            diamonds: Diamonds::new(&top, side),
            leaf: id(format!("top{}", nq.n() + 1))?,
            clause_of: clause.iter().enumerate().map(|(j, &c)| (c, j)).collect(),
            clause,
            q1: id("q1".into())?,
            q2: id("q2".into())?,
            lit,
            arcs,
        })
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

/// What both maps read from a source/target pair: the source QBF, the target game, the
/// normalised formula the construction compiled and its board.
struct Pair<'a> {
    q: &'a Qbf,
    g: &'a Geography,
    nq: NormalQbf,
    b: Board,
}

/// The pair of `r` (refused when the map asked for, `forward` or backward, has no
/// construction for `r`), checked to be `r`'s output on `source`.
fn pair<'a>(
    r: &QbfToTwoToken,
    source: &'a Instance,
    target: &'a Instance,
    forward: bool,
) -> Result<Pair<'a>, CertMapError> {
    let maps = maps(r);
    let asked = if forward {
        &maps.forward_yes
    } else {
        &maps.backward_yes
    };
    if !asked.is_constructive() {
        return Err(super::refuse(&maps, forward, true));
    }
    let (q, g) = checked_pair(r, source, target, qbf_of)?;
    let (nq, _) = r
        .prepare(q)
        .map_err(|e| CertMapError::WrongInstance(e.to_string()))?;
    let b = Board::new(g, &nq)?;
    Ok(Pair { q, g, nq, b })
}

/// Source QBF certificate → target strategy.
pub fn forward(
    r: &QbfToTwoToken,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let Pair { q, g, nq, b } = pair(r, source, target, true)?;
    let (truth, strategy) = qbf_cert(cert)?;
    let oracle = QbfOracle::new(q, strategy)?;
    let winner = if truth { Player::First } else { Player::Second };
    build_game_cert(g, winner, |line| {
        let at = replay(g, line)?;
        let chain = chain_moves(line);
        let values = b.diamonds.assignment(&chain);
        let regular = |at: &Replay| -> Result<Move, CertMapError> {
            match at.token(0).and_then(|x| b.diamonds.var_at_top(x)) {
                Some(v) => {
                    let val = certified_value(&nq, q, &oracle, v, &values)?;
                    step_to(at, 0, b.diamonds.side[v][usize::from(!val)])
                }
                None => first_of(at, 0).or_else(|_| first_of(at, 1)),
            }
        };
        let ctx = Ctx {
            b: &b,
            nq: &nq,
            at: &at,
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
pub fn backward(
    r: &QbfToTwoToken,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let Pair { q, g, nq, b } = pair(r, source, target, false)?;
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
    read_qbf(q, &nq, &oracle, Player::First, &mut script, &stop)
}

/// The value of variable `v` that makes its literals in `clause` false (`false` when it has
/// none; a clause selected early by a winning II has no literal of v both ways).
fn falsifying_value(clause: &[Lit], v: usize) -> bool {
    clause
        .iter()
        .find(|l| l.var == v)
        .is_some_and(|l| !l.positive)
}
