//! Verification by certificate along a chain: certify the source once (a QBF's Skolem or
//! Herbrand functions from the QBF solver, a path, a cover, a game strategy), check it, and
//! carry it forward through every step with the reductions' forward maps (the papers'
//! proofs: Skolem functions become the ∃ player's strategy through the diamonds and clause
//! choices), each image checked on its target by the independent checker. The maps compose:
//! step j's image is step j + 1's source certificate.
//!
//! A checked image proves its target's winner without any search of the target, which is
//! how `verify` answers on targets that no search finishes. The only search is the source's
//! certification (and, inside the misère gadget maps, small searches of the source off the
//! certificate's plan); the checker trusts none of it.

use super::round_trip::CertFate;
use crate::certify::{self, Certificate, CheckError, Claim, Player};
use crate::problems::Instance;
use crate::reductions::certmaps::with_map_limits;
use crate::reductions::{CertMapError, Reduction};
use crate::solvers::certificates::{GameCertificate, certify_solution, expected_claim};
use crate::solvers::dispatch::Solution;
use crate::solvers::{Budget, Winner};
use std::time::Instant;

/// The step verdict material of a certificate carried through a chain.
#[derive(Clone, Debug, PartialEq)]
pub struct Carried {
    /// The source's certificate, checked on the source.
    pub source: CertFate,
    /// Wall-clock milliseconds of certifying the source (a certifying solve) and checking
    /// the certificate.
    pub source_millis: f64,
    /// Each step's forward image, checked on its target, and the milliseconds it took.
    pub images: Vec<(CertFate, f64)>,
}

/// Certifies `source_solution` of `instances[0]` and carries the certificate through
/// `steps` (`instances[j + 1]` is step j's target). `budget` bounds the source's
/// certification; past its deadline the remaining steps are unknown.
pub fn carry_forward(
    steps: &[&dyn Reduction],
    instances: &[&Instance],
    source_solution: &Solution,
    budget: &Budget,
) -> Carried {
    let mut ignore = |_: Option<usize>, _: &CertFate, _: f64| {};
    carry_forward_observed(steps, instances, source_solution, budget, &mut ignore)
}

/// [`carry_forward`], calling `on_fate(None, fate, millis)` as soon as the source's
/// certificate is checked and `on_fate(Some(j), fate, millis)` as soon as step j's forward
/// image is, so that a caller racing a search (`verify --by auto`) learns of each decided
/// step (and of the certificate that decided it) before the whole chain is done.
pub fn carry_forward_observed(
    steps: &[&dyn Reduction],
    instances: &[&Instance],
    source_solution: &Solution,
    budget: &Budget,
    on_fate: &mut dyn FnMut(Option<usize>, &CertFate, f64),
) -> Carried {
    let mut images = Vec::with_capacity(steps.len());
    let unknown_rest = |images: &mut Vec<(CertFate, f64)>, why: &str| {
        while images.len() < steps.len() {
            images.push((CertFate::Unknown(why.to_string()), 0.0));
        }
    };
    // Game sources: a winning strategy as the winner's moves (`game_moves`, the smallest to
    // hold and check), which every forward map reads.
    let style = GameCertificate::Moves;
    let certifying = Instant::now();
    let (source, mut cert) = match certify_solution(instances[0], source_solution, budget, style) {
        Ok(Some(c)) => match judge(instances[0], &c, expected_claim(source_solution)) {
            ok @ CertFate::Accepted { .. } => (ok, Some(c)),
            bad => (bad, None),
        },
        Ok(None) => (CertFate::NoCertificate, None),
        Err(e) => (
            CertFate::Unknown(super::round_trip::not_certified(e, " the source")),
            None,
        ),
    };
    let source_millis = certifying.elapsed().as_secs_f64() * 1e3;
    on_fate(None, &source, source_millis);
    for (j, r) in steps.iter().enumerate() {
        let Some(c) = cert.take() else {
            let why = match (&source, j) {
                (CertFate::NoCertificate, 0) => "the source's answer has no certificate",
                (_, 0) => "no valid source certificate",
                _ => "no certificate of the previous step",
            };
            unknown_rest(&mut images, why);
            break;
        };
        if budget.deadline.is_some_and(|d| Instant::now() > d) {
            unknown_rest(
                &mut images,
                "budget exhausted before this step's forward map",
            );
            break;
        }
        let started = Instant::now();
        let (src, tgt) = (instances[j], instances[j + 1]);
        let Some(limits) = map_limits_within(budget, carried_bytes(&c)) else {
            unknown_rest(
                &mut images,
                "the certificate carried into this step fills --memory: no room for its walks",
            );
            break;
        };
        let fate = match with_map_limits(limits, || r.forward(src, tgt, &c)) {
            Ok(image) => {
                let fate = judge_within(tgt, &image, None, &limits);
                if matches!(fate, CertFate::Accepted { .. }) {
                    cert = Some(image);
                }
                fate
            }
            Err(CertMapError::NotConstructive(why)) => CertFate::NotConstructive(why),
            Err(CertMapError::Check(e @ CheckError::TooLarge { .. })) => {
                CertFate::Unknown(e.to_string())
            }
            Err(e) => CertFate::Failed(e.to_string()),
        };
        let millis = started.elapsed().as_secs_f64() * 1e3;
        on_fate(Some(j), &fate, millis);
        images.push((fate, millis));
    }
    Carried {
        source,
        source_millis,
        images,
    }
}

/// Bytes a certificate walk really holds per item of its work limit
/// ([`certify::Limits::max_positions`]: a position and each move generated there), counted
/// against `--memory`. The walk refuses to go on past that many items or past 64 bytes of
/// keys per item (`WALK_BYTES_PER_ITEM` in `certify::game`, what the keys themselves hold), whichever
/// comes first; on top of its keys the table holds hashbrown's slots (a 48-byte key slot
/// and a control byte per bucket, up to 8/7 buckets per entry, and while it grows the old
/// and the new arrays together: 3 × 8/7), the allocator's header of each key's list, and the
/// image under construction (4 bytes a choice, up to twice that while its list grows).
/// Worst case, keys of 64 bytes: about 290 bytes an item. Measured
/// (`tests/budgets.rs`, `walk_bytes_per_item_bound_the_real_allocation`): 86–110 bytes an
/// item of the limit under 16–64 MiB on the misère UVGs of 3QBFs of 8 to 14 variables, whose
/// keys are large, so that the key allowance stops the walks first.
pub const BYTES_PER_WALK_ITEM: usize = 320;

/// The limits of the certificate maps and checks under `budget`: its deadline, and as many
/// walk items as fit in its memory.
pub fn map_limits_of(budget: &Budget) -> certify::Limits {
    map_limits_within(budget, 0).unwrap_or_else(|| certify::Limits {
        max_positions: 0,
        ..certify::Limits::default()
    })
}

/// [`map_limits_of`] with `held` bytes of the budget's memory already taken (by the
/// certificate carried into a step, [`carried_bytes`]); `None` when nothing is left.
pub fn map_limits_within(budget: &Budget, held: usize) -> Option<certify::Limits> {
    let now = Instant::now();
    let memory = match budget.max_memory {
        Some(m) => Some(m.checked_sub(held).filter(|&left| left > 0)?),
        None => None,
    };
    let limits = certify::Limits::default().within_memory(memory, BYTES_PER_WALK_ITEM);
    Some(certify::Limits {
        time: budget
            .deadline
            .map(|d| (now, d.saturating_duration_since(now))),
        ..limits
    })
}

/// The bytes that a certificate carried into a step holds while the step's walks run: the
/// certificate itself, and the decoded form that the forward map consults
/// (`certmaps::GameOracle`: one key and move per recorded choice of a `game_moves`
/// certificate, one decoded position per entry of a `game_win` one).
pub fn carried_bytes(cert: &Certificate) -> usize {
    use crate::certify::{BoolFn, CertificateBody as B};
    fn bool_fn_bytes(f: &BoolFn) -> usize {
        std::mem::size_of::<BoolFn>()
            + match f {
                BoolFn::Const(_) => 0,
                BoolFn::Tree {
                    test,
                    then,
                    otherwise,
                } => test.len() + bool_fn_bytes(then) + bool_fn_bytes(otherwise),
                BoolFn::Table { over, values } => {
                    values.len() + over.iter().map(|n| 24 + n.len()).sum::<usize>()
                }
            }
    }
    match &cert.body {
        B::GameMoves(m) => {
            // Kernel leaves: their identifiers, and the decoded kernel (a key and a vertex
            // list) that the forward map's `StrategyPlayer` keeps per leaf.
            let leaves: usize = m
                .kernels
                .iter()
                .map(|k| {
                    BYTES_PER_WALK_ITEM + k.kernel.iter().map(|id| 32 + id.len()).sum::<usize>()
                })
                .sum();
            4 * m.choices.capacity() + m.choices.len().saturating_mul(BYTES_PER_WALK_ITEM) + leaves
        }
        B::QbfTrue(s) | B::QbfFalse(s) => s
            .functions
            .iter()
            .map(|f| 24 + f.var.len() + bool_fn_bytes(&f.value))
            .sum(),
        B::GameWin(s) => json_len(cert)
            .saturating_mul(PARSED_BYTES_PER_JSON_BYTE)
            .saturating_add(s.strategy.len().saturating_mul(BYTES_PER_WALK_ITEM)),
        _ => json_len(cert).saturating_mul(PARSED_BYTES_PER_JSON_BYTE),
    }
}

/// Bytes a certificate holds in memory per byte of its compact JSON text (one `String` per
/// vertex name in every position: measured 14.4 for `game_win` certificates, docs/limits.md).
const PARSED_BYTES_PER_JSON_BYTE: usize = 15;

/// The length of `cert`'s compact JSON text, counted without building it.
fn json_len(cert: &Certificate) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    match serde_json::to_writer(&mut count, cert) {
        Ok(()) => count.0,
        Err(_) => usize::MAX,
    }
}

/// Checks `cert` on `inst` and compares its claim with `expected` (when known).
pub(crate) fn judge(inst: &Instance, cert: &Certificate, expected: Option<Claim>) -> CertFate {
    judge_within(inst, cert, expected, &certify::Limits::default())
}

/// [`judge`] within `limits` (beyond them: unknown).
fn judge_within(
    inst: &Instance,
    cert: &Certificate,
    expected: Option<Claim>,
    limits: &certify::Limits,
) -> CertFate {
    match certify::check_with(inst, cert, limits) {
        Ok(v) if expected.is_none_or(|c| c == v.claim) => CertFate::Accepted {
            kind: cert.body.kind(),
            claim: v.claim,
            work: v.work,
        },
        Ok(v) => CertFate::Failed(format!(
            "the certificate proves that {}, but the solver says {}",
            crate::solvers::certificates::claim_text(&v.claim),
            expected.map_or("-".into(), |c| crate::solvers::certificates::claim_text(&c))
        )),
        Err(e @ CheckError::TooLarge { .. }) => CertFate::Unknown(e.to_string()),
        Err(e) => CertFate::Failed(format!("rejected: {e}")),
    }
}

/// The winner an accepted game certificate proves.
pub fn proved_winner(fate: &CertFate) -> Option<Winner> {
    match fate {
        CertFate::Accepted {
            claim: Claim::Winner(p),
            ..
        } => Some(match p {
            Player::First => Winner::First,
            Player::Second => Winner::Second,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{Qbf, Quantifier};
    use crate::solvers::dispatch::solve_instance;

    /// A small 3QBF with the prefix ∃x1 ∀x2 ∃x3 ∀x4 ∃x5.
    fn false_formula() -> Instance {
        use Quantifier::{Exists as E, Forall as A};
        Instance::Qbf(Qbf::from_signed(
            &[E, A, E, A, E],
            &[
                vec![1, 2, 3],
                vec![-1, -2, 5],
                vec![3, 4, -5],
                vec![-3, -4, 5],
            ],
        ))
    }

    fn image_of(budget: &Budget) -> CertFate {
        let source = false_formula();
        let r = crate::reductions::by_id("qbf-pvg").unwrap();
        let target = r.reduce(&source).unwrap().target;
        let solution = solve_instance(&source, &Budget::unlimited()).unwrap();
        let carried = carry_forward(&[r], &[&source, &target], &solution, budget);
        carried.images[0].0.clone()
    }

    #[test]
    fn forward_maps_honour_the_budget() {
        // Unlimited: the image is accepted.
        assert!(matches!(
            image_of(&Budget::unlimited()),
            CertFate::Accepted { .. }
        ));
        // A memory budget of a few walk items: unknown, not a failure and not accepted.
        let tiny = Budget {
            max_memory: Some(BYTES_PER_WALK_ITEM * 10),
            ..Budget::unlimited()
        };
        assert!(matches!(image_of(&tiny), CertFate::Unknown(_)));
        // A deadline that has passed: unknown.
        let late = Budget {
            deadline: Some(Instant::now()),
            ..Budget::unlimited()
        };
        assert!(matches!(image_of(&late), CertFate::Unknown(_)));
    }
}
