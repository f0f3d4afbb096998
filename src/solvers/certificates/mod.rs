//! Certificates from solver answers: the bridge from [`crate::solvers`] to [`crate::certify`].
//!
//! The checker in `src/certify` depends only on the instance types, so that a solver bug
//! cannot hide by sharing code with the check; this module lives on the solver side and
//! turns every answer into a certificate that the checker then judges on its own:
//!
//! - QBF true / false: Skolem / Herbrand functions, one truth table per variable of the
//!   winning player, each entry found by solving the residual formula ([`qbf`]);
//! - Hamiltonian path and vertex cover YES answers: the path and the cover. NO answers of
//!   these NP problems have no certificate here (a NO proof would be a refutation as large as
//!   the search), and [`certify_solution`] says so with `None`;
//! - games: a winning strategy read from one exhaustive-search session ([`game`]; positional
//!   `game_win`, or `game_moves`, the winner's choices in the checker's walk order), or for the
//!   special cases the papers solve in polynomial time a compact certificate: a maximum
//!   matching and a Tutte–Berge set for undirected vertex geography ([`matching`]), even
//!   kernels for bipartite undirected edge geography ([`kernel`]). `game_moves` certificates
//!   of normal-play undirected edge geography close opponent positions by even-kernel leaves
//!   where the finder finds one cheaply ([`game`]).
//!
//! [`self_check`] runs the checker on a certificate and compares its claim with the answer
//! the solver gave: this is `--self-check` on the command line.

pub mod game;
pub mod kernel;
pub mod matching;
pub mod qbf;

use super::dispatch::{Solution, solve_instance};
use super::{Budget, SolveError, Winner};
use crate::certify::{
    self, Certificate, CertificateBody, CheckError, Claim, CoverCert, Limits, PathCert, Player,
    Verdict,
};
use crate::problems::{Geography, Instance};

/// Which certificate a game answer gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameCertificate {
    /// A compact certificate (`uvg_matching`, `ueg_kernel`, or a `game_moves` of one even-
    /// kernel leaf for normal-play UEG decided at its first move) where one exists, a winning
    /// strategy (`game_win`) otherwise.
    #[default]
    Auto,
    /// Always a winning strategy (`game_win`).
    Strategy,
    /// Always a winning strategy as the winner's moves in the checker's walk order
    /// (`game_moves`): the smallest to hold and check, the form the certificate routes carry.
    Moves,
    /// A compact certificate where one exists, `game_moves` otherwise.
    CompactOrMoves,
}

/// Solves `instance` and certifies the answer: `None` exactly for the NO answers of the NP
/// problems (Hamiltonian path, vertex cover). Games are solved with
/// [`Method::Auto`](super::geography::Method::Auto) (a polynomial method where one applies)
/// and get a compact certificate where one exists.
pub fn certify_instance(
    instance: &Instance,
    budget: &Budget,
) -> Result<(Solution, Option<Certificate>), SolveError> {
    certify_instance_with(instance, budget, GameCertificate::Auto)
}

/// [`certify_instance`] with a choice of game certificate.
pub fn certify_instance_with(
    instance: &Instance,
    budget: &Budget,
    style: GameCertificate,
) -> Result<(Solution, Option<Certificate>), SolveError> {
    let solution = solve_auto(instance, budget)?;
    let cert = certify_solution(instance, &solution, budget, style)?;
    Ok((solution, cert))
}

/// Solves `instance` as [`certify_instance`] does: the default solver of its kind, and games
/// with [`Method::Auto`](super::geography::Method::Auto).
pub fn solve_auto(instance: &Instance, budget: &Budget) -> Result<Solution, SolveError> {
    Ok(match instance {
        Instance::Geography(g) => Solution::Game(super::geography::solve_with(
            g,
            super::geography::Method::Auto,
            budget,
        )?),
        _ => solve_instance(instance, budget)?,
    })
}

/// A certificate for `solution`, an answer to `instance` (see the module comment). QBF and
/// game certificates need more search, charged to `budget`; a certificate too large for the
/// checker's default limits is [`SolveError::TooLarge`].
///
/// QBF certificates claim the solution's value, so a wrong value gives a certificate that the
/// checker rejects. Game certificates claim the winner that the certificate's own search (or
/// the compact method) finds, so a wrong winner in `solution` shows as a claim that differs
/// from it in [`self_check`].
pub fn certify_solution(
    instance: &Instance,
    solution: &Solution,
    budget: &Budget,
    style: GameCertificate,
) -> Result<Option<Certificate>, SolveError> {
    let body = match (instance, solution) {
        (Instance::Qbf(q), Solution::Qbf(s)) => qbf::qbf_strategy(q, s.value, budget)?,
        (Instance::Hampath(h), Solution::Hampath(s)) => match &s.path {
            Some(p) => CertificateBody::Hampath(PathCert::from_indices(&h.graph, p).map_err(bug)?),
            None => return Ok(None),
        },
        (Instance::VertexCover(v), Solution::Cover(s)) => match &s.cover {
            Some(c) => {
                CertificateBody::VertexCover(CoverCert::from_indices(&v.graph, c).map_err(bug)?)
            }
            None => return Ok(None),
        },
        (Instance::Geography(g), Solution::Game(_)) => game_body(g, budget, style)?,
        _ => {
            return Err(SolveError::Unsupported(format!(
                "the solution does not belong to a {} instance",
                instance.kind()
            )));
        }
    };
    Ok(Some(Certificate::new(body)))
}

/// The certificate body of a game: compact when `style` allows and a method applies.
fn game_body(
    g: &Geography,
    budget: &Budget,
    style: GameCertificate,
) -> Result<CertificateBody, SolveError> {
    use GameCertificate::{Auto, CompactOrMoves, Moves, Strategy};
    if matches!(style, Auto | CompactOrMoves)
        && let Some(body) = compact_body(g)?
    {
        return Ok(body);
    }
    match style {
        Auto | Strategy => game::game_strategy(g, budget).map(CertificateBody::GameWin),
        Moves | CompactOrMoves => game::game_moves(g, budget).map(CertificateBody::GameMoves),
    }
}

fn compact_body(g: &Geography) -> Result<Option<CertificateBody>, SolveError> {
    if matching::applies(g) {
        return matching::uvg_certificate(g).map(|c| Some(CertificateBody::UvgMatching(c)));
    }
    if kernel::applies(g) {
        return kernel::ueg_certificate(g).map(|c| Some(CertificateBody::UegKernel(c)));
    }
    Ok(kernel::root_leaf_certificate(g).map(CertificateBody::GameMoves))
}

/// The compact certificate of `g` in polynomial time, without any game search: a matching
/// certificate for normal-play undirected vertex geography, a kernel certificate for
/// normal-play undirected edge geography on a simple bipartite graph, and on any other
/// multigraph a `game_moves` certificate of one kernel leaf when the finder decides the game
/// at the start or after player I's first move (`kernel::root_leaf_certificate`); `None`
/// otherwise. Its winner is the one the polynomial method decides.
pub fn compact_certificate(g: &Geography) -> Result<Option<Certificate>, SolveError> {
    Ok(compact_body(g)?.map(Certificate::new))
}

/// A failure of `--self-check`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SelfCheckError {
    /// The checker rejected the certificate: a bug in a solver or in the certificate builder.
    #[error("certificate rejected: {0}")]
    Rejected(CheckError),
    /// The certificate is valid but proves something other than the solver's answer.
    #[error("the certificate proves {proved}, but the solver answered {answered}")]
    WrongClaim {
        /// What the certificate proved.
        proved: String,
        /// What the solver answered.
        answered: String,
    },
    /// The solver's YES answer came without a certificate.
    #[error("the answer {0} has no certificate")]
    Missing(String),
    /// The check exceeds the checker's limits: neither accepted nor rejected.
    #[error("certificate not checked: {0}")]
    Undecided(CheckError),
}

/// The claim a certificate of `solution` must prove; `None` for NO answers of NP problems.
pub fn expected_claim(solution: &Solution) -> Option<Claim> {
    match solution {
        Solution::Qbf(s) => Some(Claim::Qbf(s.value)),
        Solution::Hampath(s) => s.path.as_ref().map(|_| Claim::HamPathExists),
        Solution::Cover(s) => s.cover.as_ref().map(|_| Claim::CoverExists),
        Solution::Game(s) => Some(Claim::Winner(player(s.winner))),
    }
}

/// Checks `cert` with [`certify::check`] and compares its claim with `solution`'s answer.
/// `Ok(None)`: a NO answer of an NP problem, which has no certificate to check.
pub fn self_check(
    instance: &Instance,
    solution: &Solution,
    cert: Option<&Certificate>,
) -> Result<Option<Verdict>, SelfCheckError> {
    let expected = expected_claim(solution);
    let Some(cert) = cert else {
        return match expected {
            None => Ok(None),
            Some(c) => Err(SelfCheckError::Missing(claim_text(&c))),
        };
    };
    let verdict = certify::check(instance, cert).map_err(|e| match e {
        CheckError::TooLarge { .. } => SelfCheckError::Undecided(e),
        e => SelfCheckError::Rejected(e),
    })?;
    match expected {
        Some(c) if c == verdict.claim => Ok(Some(verdict)),
        other => Err(SelfCheckError::WrongClaim {
            proved: claim_text(&verdict.claim),
            answered: other.map_or("no".into(), |c| claim_text(&c)),
        }),
    }
}

/// A claim in words: `the formula is true`, `player I wins`, ….
pub fn claim_text(claim: &Claim) -> String {
    match claim {
        Claim::Qbf(v) => format!("the formula is {v}"),
        Claim::HamPathExists => "a Hamiltonian path exists".into(),
        Claim::CoverExists => "a vertex cover of size at most k exists".into(),
        Claim::Winner(p) => format!("{p} wins"),
    }
}

/// The certificate's name for a solver's winner.
pub fn player(w: Winner) -> Player {
    match w {
        Winner::First => Player::First,
        Winner::Second => Player::Second,
    }
}

/// The checker limits a certificate builder works within: the budget's remaining time, and
/// no more positions than fit in the budget's memory at about `bytes_per_position` each (so
/// a strategy too large to hold ends as a size refusal, "unknown", not an out-of-memory kill).
/// Without a memory budget, at most [`DEFAULT_CERTIFICATE_MEMORY`] bytes.
fn limits_for(budget: &Budget, bytes_per_position: usize) -> Limits {
    let now = std::time::Instant::now();
    let memory = budget.max_memory.unwrap_or(DEFAULT_CERTIFICATE_MEMORY);
    Limits::default()
        .with_timeout(budget.deadline.map(|d| d.saturating_duration_since(now)))
        .within_memory(Some(memory), bytes_per_position)
}

/// The memory a certificate builder may use when its budget sets none (the library's
/// callers, `check` without `--memory` in tests): a `game_win` strategy of a 500-vertex
/// board takes tens of kilobytes per position, and 20 million of them (the checker's
/// position limit) would not fit in any machine.
pub const DEFAULT_CERTIFICATE_MEMORY: usize = 1 << 30;

/// A builder error that cannot happen for a well-formed solver answer (an index out of range,
/// a malformed instance): reported as a refusal, never a panic.
fn bug(e: CheckError) -> SolveError {
    SolveError::Unsupported(format!("cannot build the certificate: {e}"))
}

/// A builder error: the checker's limits are a size refusal, anything else a refusal.
fn build_error(e: CheckError) -> SolveError {
    match e {
        CheckError::TooLarge { what, size, limit } => SolveError::TooLarge {
            solver: "certificate",
            what,
            size: usize::try_from(size).unwrap_or(usize::MAX),
            limit: usize::try_from(limit).unwrap_or(usize::MAX),
        },
        e => bug(e),
    }
}

#[cfg(test)]
mod tests;
