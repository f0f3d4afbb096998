//! The machinery every certificate map shares: consulting a source certificate (a game
//! strategy or Skolem/Herbrand functions), building a target certificate from a choice
//! function, replaying lines of play, and checking that the instances belong together; and,
//! for the reductions from NP problems (`hampath-pvg`, `vc-pvg`), playing player II's strategy
//! against player I's forced moves.

use super::CertMapError;
use crate::certify::{
    BoolFn, CertMove, Certificate, CertificateBody, GameStrategy, KernelCert, Limits, Player,
    QbfStrategy, Replay, StrategyPlayer, moves_from_fn_with_kernels, qbf_strategy_from_fn,
    strategy_from_fn,
};
use crate::problems::even_kernel::{LEAF_MAX_VERTICES, LeafFinder};
use crate::problems::{Geography, Graph, Move, Qbf, Var, VertexId};
use std::collections::HashMap;

thread_local! {
    /// The limits of the certificate walks and searches that the maps run on this thread
    /// ([`with_map_limits`]); the checker's defaults when none are set.
    static MAP_LIMITS: std::cell::Cell<Option<Limits>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` (certificate maps) with `limits` for every strategy walk and search inside it:
/// a walk past `limits.time` or beyond `limits.max_positions` stops with
/// [`crate::certify::CheckError::TooLarge`], which callers report as "unknown". The maps'
/// signatures carry no budget, so `verify` sets one here around each map.
pub fn with_map_limits<R>(limits: Limits, f: impl FnOnce() -> R) -> R {
    let before = MAP_LIMITS.with(|l| l.replace(Some(limits)));
    let out = f();
    MAP_LIMITS.with(|l| l.set(before));
    out
}

/// The limits set by [`with_map_limits`], or the checker's defaults.
pub fn map_limits() -> Limits {
    MAP_LIMITS.with(|l| l.get()).unwrap_or_default()
}

/// [`crate::certify::CheckError::TooLarge`] once the deadline of [`map_limits`] has passed
/// (for the maps' own searches, which poll it every few thousand nodes).
pub(crate) fn map_deadline_passed() -> Result<(), CertMapError> {
    map_limits().check_time().map_err(CertMapError::Check)
}

/// The error of a proof's strategy asked at a position its plan never reaches.
pub(crate) fn off_plan() -> CertMapError {
    CertMapError::Invalid("the strategy is asked at a position off the proof's plan".into())
}

/// The error for a certificate of an unexpected kind.
pub(crate) fn wrong_cert(expected: &str, cert: &Certificate) -> CertMapError {
    CertMapError::WrongCertificate(format!(
        "expected a {expected} certificate, found {}",
        cert.body.kind()
    ))
}

/// A game certificate decoded for consultation during a simulation.
pub struct GameOracle<'g> {
    game: &'g Geography,
    player: StrategyPlayer,
}

impl<'g> GameOracle<'g> {
    /// Decodes a `game_win` certificate of `game`, or expands a `ueg_kernel` certificate of
    /// a rooted game into the strategy its proof describes.
    pub fn new(game: &'g Geography, cert: &Certificate) -> Result<GameOracle<'g>, CertMapError> {
        let expanded;
        let strategy: &GameStrategy = match &cert.body {
            CertificateBody::GameWin(s) => s,
            CertificateBody::GameMoves(s) => {
                return Ok(GameOracle {
                    game,
                    player: StrategyPlayer::from_moves(game, s, &map_limits())?,
                });
            }
            CertificateBody::UegKernel(k) => {
                expanded = kernel_strategy(game, k)?;
                &expanded
            }
            _ => return Err(wrong_cert("game_win or ueg_kernel", cert)),
        };
        Ok(GameOracle {
            game,
            player: StrategyPlayer::new(game, strategy)?,
        })
    }

    /// The player whose strategy this is.
    pub fn winner(&self) -> Player {
        self.player.winner()
    }

    /// The game.
    pub fn game(&self) -> &'g Geography {
        self.game
    }

    /// The strategy's move at the replay's position (the winner to move); an error when the
    /// winner has no move there (the strategy loses) or the strategy has no entry.
    pub fn choose(&self, at: &Replay) -> Result<Move, CertMapError> {
        self.player.choose(at)?.ok_or_else(|| {
            CertMapError::Invalid(format!(
                "the {} strategy is stuck after {} moves",
                self.winner(),
                at.line().len()
            ))
        })
    }

    /// The strategy's move after `line` from the start.
    pub fn reply(&self, line: &[Move]) -> Result<Move, CertMapError> {
        let mut at = Replay::new(self.game)?;
        at.play_all(line)?;
        self.choose(&at)
    }
}

/// The strategy of an even-kernel certificate of rooted undirected edge geography
/// (Fraenkel–Scheinerman–Ullman): the winner always moves the token into the kernel (player
/// I after his opening, into the kernel of the graph without the opening edge).
fn kernel_strategy(game: &Geography, k: &KernelCert) -> Result<GameStrategy, CertMapError> {
    let kernel: Vec<VertexId> = match k.kernels.first() {
        Some(ids) => ids
            .iter()
            .map(|id| {
                game.graph
                    .vertex(id)
                    .ok_or_else(|| CertMapError::Invalid(format!("no vertex {id}")))
            })
            .collect::<Result<_, _>>()?,
        None => {
            return Err(CertMapError::Invalid(
                "a kernel certificate without kernel".into(),
            ));
        }
    };
    let opening = match &k.opening {
        Some(o) => Some(
            CertMove::Step {
                token: 0,
                from: o.from.clone(),
                edge: o.edge,
                to: o.to.clone(),
            }
            .to_move(&game.graph)?,
        ),
        None => None,
    };
    let built = strategy_from_fn(game, k.winner, &map_limits(), |line| {
        if line.is_empty() && opening.is_some() {
            return opening;
        }
        let at = replay(game, line).ok()?;
        at.legal()
            .ok()?
            .into_iter()
            .find(|m| dest(m).is_some_and(|w| kernel.contains(&w)))
    })?;
    Ok(built)
}

/// Skolem or Herbrand functions decoded for evaluation.
pub struct QbfOracle<'q> {
    qbf: &'q Qbf,
    names: HashMap<&'q str, Var>,
    fns: Vec<Option<&'q BoolFn>>,
}

impl<'q> QbfOracle<'q> {
    /// Decodes `strategy` on `qbf` (each function by its variable's name).
    pub fn new(qbf: &'q Qbf, strategy: &'q QbfStrategy) -> Result<QbfOracle<'q>, CertMapError> {
        let names: HashMap<&str, Var> = qbf
            .vars
            .iter()
            .enumerate()
            .map(|(v, n)| (n.as_str(), v))
            .collect();
        let mut fns = vec![None; qbf.num_vars()];
        for f in &strategy.functions {
            let v = *names.get(f.var.as_str()).ok_or_else(|| {
                CertMapError::Invalid(format!("the certificate names no variable {}", f.var))
            })?;
            fns[v] = Some(&f.value);
        }
        Ok(QbfOracle { qbf, names, fns })
    }

    /// The value of variable `x` under the certificate when `a` holds the values of the
    /// variables before it.
    pub fn value(&self, x: Var, a: &[Option<bool>]) -> Result<bool, CertMapError> {
        let f = self.fns.get(x).copied().flatten().ok_or_else(|| {
            CertMapError::Invalid(format!("no function for {}", self.qbf.vars[x]))
        })?;
        self.eval(f, a, 0)
    }

    fn var_value(&self, name: &str, a: &[Option<bool>]) -> Result<bool, CertMapError> {
        self.names
            .get(name)
            .and_then(|&v| a.get(v).copied().flatten())
            .ok_or_else(|| CertMapError::Invalid(format!("a function reads {name} too early")))
    }

    fn eval(&self, f: &BoolFn, a: &[Option<bool>], depth: usize) -> Result<bool, CertMapError> {
        if depth > 10_000 {
            return Err(CertMapError::Invalid("a decision tree is too deep".into()));
        }
        match f {
            BoolFn::Const(b) => Ok(*b),
            BoolFn::Tree {
                test,
                then,
                otherwise,
            } => match self.var_value(test, a)? {
                true => self.eval(then, a, depth + 1),
                false => self.eval(otherwise, a, depth + 1),
            },
            BoolFn::Table { over, values } => {
                let mut row = 0usize;
                for name in over {
                    row = 2 * row + usize::from(self.var_value(name, a)?);
                }
                match values.as_bytes().get(row) {
                    Some(b'1') => Ok(true),
                    Some(b'0') => Ok(false),
                    _ => Err(CertMapError::Invalid("a truth table is malformed".into())),
                }
            }
        }
    }
}

/// The Skolem (`true`) or Herbrand (`false`) strategy of a QBF certificate.
pub(crate) fn qbf_cert(cert: &Certificate) -> Result<(bool, &QbfStrategy), CertMapError> {
    match &cert.body {
        CertificateBody::QbfTrue(s) => Ok((true, s)),
        CertificateBody::QbfFalse(s) => Ok((false, s)),
        _ => Err(wrong_cert("qbf_true or qbf_false", cert)),
    }
}

/// Builds a `game_moves` certificate for `winner` on `game` from a choice function, which
/// gets the line of play and returns the winner's move (asked only where there is a choice).
/// The first error of the choice function is the result. In normal-play one-token undirected
/// edge games, opponent positions whose token component has at most [`LEAF_MAX_VERTICES`]
/// vertices get kernel leaves where the finder finds one (docs/performance-history.md,
/// "Fifteenth session", for the cap).
pub fn build_game_cert(
    game: &Geography,
    winner: Player,
    mut choose: impl FnMut(&Replay) -> Result<Move, CertMapError>,
) -> Result<Certificate, CertMapError> {
    let mut failure = None;
    let built = moves_from_fn_with_kernels(
        game,
        winner,
        &map_limits(),
        |at| match choose(at) {
            Ok(m) => Some(m),
            Err(e) => {
                failure.get_or_insert(e);
                None
            }
        },
        kernel_leaves(game, LEAF_MAX_VERTICES),
    );
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(Certificate::new(CertificateBody::GameMoves(built?)))
}

/// The kernel-leaf finder of a `game_moves` builder on `game`, on token components of at
/// most `cap` vertices (`moves_from_fn_with_kernels` asks it only in normal-play one-token
/// undirected edge games, at positions where the opponent of the winner is to move).
pub fn kernel_leaves(
    game: &Geography,
    cap: usize,
) -> impl FnMut(&Replay) -> Option<Vec<VertexId>> + '_ {
    let mut finder: Option<LeafFinder> = None;
    move |at: &Replay| {
        let f = finder.get_or_insert_with(|| {
            let mut f = LeafFinder::new(&game.graph);
            f.cap = cap;
            f
        });
        f.kernel(|e| at.marked(e), at.token(0)?)
    }
}

/// Builds a `qbf_true` (`claims_true`) or `qbf_false` certificate from a choice function
/// `choose(x, partial)` (the value of the certifying player's variable `x` given the values
/// of the variables before it). The first error of the choice function is the result.
pub fn build_qbf_cert(
    qbf: &Qbf,
    claims_true: bool,
    mut choose: impl FnMut(Var, &[Option<bool>]) -> Result<bool, CertMapError>,
) -> Result<Certificate, CertMapError> {
    let mut failure = None;
    let built = qbf_strategy_from_fn(qbf, claims_true, &map_limits(), |x, partial| match failure
        .is_none()
        .then(|| choose(x, partial))
    {
        Some(Ok(b)) => b,
        Some(Err(e)) => {
            failure = Some(e);
            false
        }
        None => false,
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let s = built?;
    Ok(Certificate::new(match claims_true {
        true => CertificateBody::QbfTrue(s),
        false => CertificateBody::QbfFalse(s),
    }))
}

/// The position after `line` on `game`.
pub(crate) fn replay<'g>(game: &'g Geography, line: &[Move]) -> Result<Replay<'g>, CertMapError> {
    let mut r = Replay::new(game)?;
    r.play_all(line)?;
    Ok(r)
}

/// The legal move of token `token` to `to` at the replay's position.
pub(crate) fn step_to(at: &Replay, token: u8, to: VertexId) -> Result<Move, CertMapError> {
    at.legal()?
        .into_iter()
        .find(|m| matches!(*m, Move::Step { token: t, to: w, .. } if t == token && w == to))
        .ok_or_else(|| {
            CertMapError::Invalid(format!(
                "no legal move of token {token} to {} after {} moves",
                at.game().graph.id(to),
                at.line().len()
            ))
        })
}

/// The only legal move (or the first, when all lead to the same position), for scripted
/// players where the proof leaves no choice.
pub(crate) fn only_move(at: &Replay) -> Result<Move, CertMapError> {
    let legal = at.legal()?;
    match legal.as_slice() {
        [m] => Ok(*m),
        [] => Err(CertMapError::Invalid(format!(
            "{} has no move after {} moves",
            at.mover(),
            at.line().len()
        ))),
        _ => Err(CertMapError::Invalid(format!(
            "the script expected a forced move after {} moves, found {}",
            at.line().len(),
            legal.len()
        ))),
    }
}

/// Where a move ends (`None` for NimG moves without a target).
pub(crate) fn dest(m: &Move) -> Option<VertexId> {
    match *m {
        Move::Step { to, .. } => Some(to),
        Move::Place { vertex } => Some(vertex),
        Move::Nim { to, .. } => to,
    }
}

/// Where a move starts (`None` for placements and NimG moves).
pub(crate) fn origin(m: &Move) -> Option<VertexId> {
    match *m {
        Move::Step { from, .. } => Some(from),
        _ => None,
    }
}

/// The mover's winning move in the rest of the game from `at`, by exhaustive search of every
/// remaining line (for the last few moves of a game, where the proofs count moves); an error
/// when the mover has no winning move or the search would exceed `cap` positions.
pub(crate) fn endgame_move(at: &Replay, cap: u64) -> Result<Move, CertMapError> {
    let mut nodes = 0u64;
    for m in at.legal()? {
        let mut next = at.clone();
        next.play(m)?;
        if !mover_wins(&next, &mut nodes, cap)? {
            return Ok(m);
        }
    }
    Err(CertMapError::Invalid(format!(
        "{} has no winning move in the endgame after {} moves",
        at.mover(),
        at.line().len()
    )))
}

/// Whether the player to move at `at` wins the rest of the game (normal or misère play).
fn mover_wins(at: &Replay, nodes: &mut u64, cap: u64) -> Result<bool, CertMapError> {
    *nodes += 1;
    if *nodes > cap {
        return Err(CertMapError::Invalid(format!(
            "the endgame search exceeds {cap} positions"
        )));
    }
    let legal = at.legal()?;
    if legal.is_empty() {
        return Ok(at.game().convention == crate::problems::Convention::Misere);
    }
    for m in legal {
        let mut next = at.clone();
        next.play(m)?;
        if !mover_wins(&next, nodes, cap)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Why the NO side of a reduction from an NP problem has no map.
pub(crate) const NO_CERT: &str = "a NO answer of an NP problem has no certificate: player I's \
                                  winning strategy proves that none exists, but there is \
                                  nothing to map it to";

/// The source vertices of a list of identifiers (a path or a cover of a source certificate).
pub(crate) fn indices(g: &Graph, ids: &[String]) -> Result<Vec<VertexId>, CertMapError> {
    ids.iter()
        .map(|id| {
            g.vertex(id)
                .ok_or_else(|| CertMapError::Invalid(format!("no vertex {id}")))
        })
        .collect()
}

/// Plays player II's strategy against I's forced moves until `done` says stop; returns the
/// vertices II's token visited after its start.
pub(crate) fn walk_of_second(
    g: &Geography,
    oracle: &GameOracle,
    done: impl Fn(&Replay) -> bool,
) -> Result<Vec<VertexId>, CertMapError> {
    let mut at = Replay::new(g)?;
    let mut walk = Vec::new();
    while !done(&at) && !at.legal()?.is_empty() {
        let m = match at.mover() {
            Player::Second => oracle.choose(&at)?,
            Player::First => only_move(&at)?,
        };
        at.play(m)?;
        if at.mover() == Player::First {
            walk.extend(at.token(1));
        }
    }
    Ok(walk)
}

/// The player II certificate of a target, or the refusal (by `maps`) for player I's.
pub(crate) fn second_oracle<'g>(
    maps: &super::CertMaps,
    g: &'g Geography,
    cert: &Certificate,
) -> Result<GameOracle<'g>, CertMapError> {
    let oracle = GameOracle::new(g, cert)?;
    match oracle.winner() {
        Player::Second => Ok(oracle),
        Player::First => Err(super::refuse(maps, false, false)),
    }
}

/// Plays `from`'s certificate on `to`, where every line of `to` that the winner meets is a
/// line of `from` with the same moves (constructions that keep the source board and add
/// pieces the winner never uses: misère pendants, an isolated vertex).
pub(crate) fn same_moves(
    from: &Geography,
    to: &Geography,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let oracle = GameOracle::new(from, cert)?;
    build_game_cert(to, oracle.winner(), |here| {
        let at = replay(from, here.line())
            .map_err(|_| CertMapError::Invalid("the line leaves the source board".into()))?;
        oracle.choose(&at)
    })
}
