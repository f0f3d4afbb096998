//! `verify --by auto`: the search and the certificate path run side by side, each on a thread
//! of its own, and the first to decide a step wins it.
//!
//! The search thread solves the targets in chain order; the certificate thread certifies the
//! source and carries the certificate forward ([`carry_forward_observed`]), reporting each
//! checked image as soon as it is accepted. A step decided by a certificate stops its search
//! at once (the cancel flag of the search's [`Budget`], polled with the deadline), and a step
//! whose search has not started yet is skipped; once every step is decided, the certificate
//! path is stopped as well (the same kind of flag for the source's certification, and
//! [`crate::certify::with_cancel`] for the checks and maps). `--memory` is split evenly
//! between the two, `--timeout` bounds both.
//!
//! On one core, or whenever other processes leave the race one effective core, the two threads
//! share it: the search gets half of it for the first half
//! second of each side's CPU and a quarter after that ([`super::verify_pace`]), so a step
//! that only the certificate decides costs about 1.33 times its time plus 0.33 s, and a
//! search that decides within half a second costs twice its time as before. The measurements
//! against the sequential design that this replaces (search for a quarter of the budget, then
//! certificate, then search again) are in docs/verification.md.

use super::verify_pace::{self, Pacer};
use crate::certify::with_cancel;
use crate::problems::Instance;
use crate::reductions::Reduction;
use crate::solvers::dispatch::{Solution, solve_instance};
use crate::solvers::{Budget, SolveError};
use crate::verify::chain::{carry_forward_observed, proved_winner};
use crate::verify::round_trip::CertFate;
use crate::verify::step::{Evidence, Unsolved};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long past the deadline `verify` waits for a method that has not yet stopped by
/// itself (both poll the deadline every few milliseconds; this covers code between polls).
const GRACE: Duration = Duration::from_millis(50);

/// Stack of each racing thread: as much as the main thread, since certifying the source
/// searches recursively (the exhaustive search moves deep games to a thread of its own).
const STACK_BYTES: usize = 8 << 20;

/// What the race established.
pub(super) struct Raced {
    /// Each target's search: its solution, or why there is none.
    pub searched: Vec<Result<Solution, Unsolved>>,
    /// Each step's evidence: the method that decided it first, else a rejected forward
    /// image, else why neither decided.
    pub evidence: Vec<Evidence>,
    /// The source certificate's fate and the milliseconds of certifying and checking it
    /// (`None` when the path did not get that far), when the certificate path ran and some
    /// step was not decided by search.
    pub source_certificate: Option<(CertFate, Option<f64>)>,
}

/// What the two threads have found so far.
#[derive(Default)]
struct Board {
    /// Each target's search, once it ended.
    searched: Vec<Option<Result<Solution, Unsolved>>>,
    /// Each step's checked forward image and the milliseconds it took, once it was checked.
    images: Vec<Option<(CertFate, f64)>>,
    /// The evidence of the method that decided each step first.
    first: Vec<Option<Evidence>>,
    /// The source certificate's fate and the milliseconds it took, once the certificate path
    /// ended.
    source_certificate: Option<(CertFate, Option<f64>)>,
    /// A solver error other than a budget: reported by the caller as a diagnostic.
    error: Option<SolveError>,
    /// The search thread has ended.
    search_done: bool,
    /// The certificate thread has ended (or never started).
    certificate_done: bool,
    /// The caller has taken the results: a thread still running writes nothing more.
    closed: bool,
}

/// The board and the flags both threads share.
struct Race {
    board: Mutex<Board>,
    /// Signalled whenever the board changes.
    changed: Condvar,
    /// One flag per step, raised once the step is decided: it stops the step's search.
    decided: Vec<Arc<AtomicBool>>,
    /// Raised once every step is decided (or the caller stops waiting): it stops the
    /// certificate path.
    all_decided: Arc<AtomicBool>,
    /// Holds the search back on one core while the certificate path runs.
    pacer: Option<Arc<Pacer>>,
}

impl Race {
    fn new(steps: usize, certificate_runs: bool, pacer: Option<Arc<Pacer>>) -> Race {
        Race {
            board: Mutex::new(Board {
                searched: vec![None; steps],
                images: vec![None; steps],
                first: vec![None; steps],
                source_certificate: None,
                error: None,
                search_done: false,
                certificate_done: !certificate_runs,
                closed: false,
            }),
            changed: Condvar::new(),
            decided: (0..steps).map(|_| Arc::default()).collect(),
            all_decided: Arc::default(),
            pacer,
        }
    }

    /// The board (a thread that panicked while holding it left nothing half-written that
    /// matters: every field is written whole).
    fn lock(&self) -> MutexGuard<'_, Board> {
        self.board.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records `evidence` for step `j` unless another method decided it first, and stops
    /// everything once every step is decided.
    fn decide(&self, board: &mut Board, j: usize, evidence: Evidence) {
        if board.first[j].is_none() {
            board.first[j] = Some(evidence);
            self.decided[j].store(true, Ordering::Relaxed);
        }
        if board.first.iter().all(Option::is_some) {
            self.all_decided.store(true, Ordering::Relaxed);
        }
    }

    /// Stops both methods.
    /// The certificate side has ended (or never started): the search may take the whole
    /// core again, and the caller need not wait for it.
    fn certificate_ended(&self) {
        if let Some(pacer) = &self.pacer {
            pacer.other_ended();
        }
        self.lock().certificate_done = true;
    }

    fn stop_all(&self) {
        self.all_decided.store(true, Ordering::Relaxed);
        for d in &self.decided {
            d.store(true, Ordering::Relaxed);
        }
    }
}

/// Marks a thread's side as ended when dropped, also when the thread panics, so that the
/// caller never waits for a thread that is gone.
struct Ended<'a> {
    race: &'a Race,
    search: bool,
}

impl Drop for Ended<'_> {
    fn drop(&mut self) {
        match self.search {
            true => self.race.lock().search_done = true,
            false => self.race.certificate_ended(),
        }
        self.race.changed.notify_all();
    }
}

/// Races the search of every target against the certificate carried from `source` (when the
/// source's answer is known) through `steps`; `instances[j + 1]` is step j's target. Err only
/// for a solver error that is not a budget (the caller's diagnostic).
pub(super) fn race(
    steps: &[&'static dyn Reduction],
    instances: &[&Instance],
    source: Option<&Solution>,
    budget: &Budget,
) -> Result<Raced, SolveError> {
    // Pacing only matters while the certificate path runs beside the search; whether the
    // race is contended, the pacer judges as it goes.
    let pacer = source
        .and(verify_pace::wanted())
        .map(|(equal, always)| Arc::new(Pacer::new(equal, always)));
    let race = Arc::new(Race::new(steps.len(), source.is_some(), pacer.clone()));
    // The threads may outlive this call by a few milliseconds (abandoned at the deadline),
    // so they own what they read.
    let owned: Arc<Vec<Instance>> = Arc::new(instances.iter().map(|i| (*i).clone()).collect());
    let half = budget.max_memory.map(|m| m / 2);
    let mut handles: Vec<JoinHandle<()>> = Vec::new();
    let search_budget = match &pacer {
        Some(p) => budget.clone().with_pacer(p.clone()),
        None => budget.clone(),
    };
    let spawned = {
        let (race, owned, budget) = (race.clone(), owned.clone(), search_budget);
        std::thread::Builder::new()
            .name("verify-search".into())
            .stack_size(STACK_BYTES)
            .spawn(move || search_side(&race, &owned[1..], &budget.with_memory(half)))
    };
    match spawned {
        Ok(h) => handles.push(h),
        Err(_) => race.lock().search_done = true,
    }
    if let Some(source) = source {
        let (shared, owned, steps) = (race.clone(), owned.clone(), steps.to_vec());
        let (source, budget) = (source.clone(), budget.clone());
        let spawned = std::thread::Builder::new()
            .name("verify-certificate".into())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                let budget = budget
                    .with_memory(half)
                    .with_cancel(shared.all_decided.clone());
                certificate_side(&shared, &steps, &owned, &source, &budget);
            });
        match spawned {
            Ok(h) => handles.push(h),
            Err(_) => race.certificate_ended(),
        }
    }
    let board = wait(&race, budget.deadline.map(|d| d + GRACE));
    race.stop_all();
    if let Some(p) = pacer.as_ref().filter(|_| verify_pace::reports()) {
        eprintln!("georeduce: {}", p.summary());
    }
    // A thread that panicked has ended: its panic is the caller's, as it was before the race.
    for h in handles.into_iter().filter(JoinHandle::is_finished) {
        if let Err(panic) = h.join() {
            std::panic::resume_unwind(panic);
        }
    }
    outcome(board, source.is_some())
}

/// Waits until both methods have ended, every step is decided, or `limit` has passed; the
/// board as it then stands.
fn wait(race: &Race, limit: Option<Instant>) -> Board {
    let mut board = race.lock();
    loop {
        let all_decided = board.first.iter().all(Option::is_some);
        // When certificates decided every step, the certificate thread is past its last map
        // and about to report the source certificate's fate: wait for it.
        let all_certified = board
            .first
            .iter()
            .all(|e| matches!(e, Some(Evidence::Certificate { .. })));
        let ended = board.search_done && board.certificate_done;
        if ended || (all_decided && (board.certificate_done || !all_certified)) {
            break;
        }
        board = match limit {
            None => race
                .changed
                .wait(board)
                .unwrap_or_else(PoisonError::into_inner),
            Some(limit) => {
                let now = Instant::now();
                if now >= limit {
                    break;
                }
                race.changed
                    .wait_timeout(board, limit - now)
                    .unwrap_or_else(PoisonError::into_inner)
                    .0
            }
        };
    }
    let taken = std::mem::take(&mut *board);
    board.closed = true;
    taken
}

/// The race's result from the board.
fn outcome(board: Board, certificate_ran: bool) -> Result<Raced, SolveError> {
    if let Some(e) = board.error {
        return Err(e);
    }
    let evidence = board
        .first
        .into_iter()
        .zip(&board.images)
        .zip(&board.searched)
        .map(|((first, image), searched)| match (first, image) {
            (Some(e), _) => e,
            (None, Some((fate @ CertFate::Failed(_), millis))) => {
                certificate_evidence(fate, *millis)
            }
            (None, image) => Evidence::Unknown(undecided_reason(
                searched.as_ref(),
                image.as_ref(),
                certificate_ran,
            )),
        })
        .collect::<Vec<Evidence>>();
    let searched = board
        .searched
        .into_iter()
        .zip(&evidence)
        .map(|(s, e)| {
            s.unwrap_or_else(|| match e {
                Evidence::Certificate { .. } => Err(Unsolved::because(
                    "search stopped: the certificate decided first",
                )),
                _ => Err(Unsolved::because(
                    "the search did not finish before the --timeout deadline",
                )),
            })
        })
        .collect();
    // Where the search decided every step the certificate path was not needed, and how far
    // it got is a matter of timing: it is not reported (as under `--by search`).
    let all_searched = evidence
        .iter()
        .all(|e| matches!(e, Evidence::Search { .. }));
    let source_certificate = (certificate_ran && !all_searched).then(|| {
        board.source_certificate.unwrap_or_else(|| {
            let why = "the certificate path ran out of its budget (--timeout, --memory)";
            (CertFate::Unknown(why.into()), None)
        })
    });
    Ok(Raced {
        searched,
        evidence,
        source_certificate,
    })
}

/// Why neither method decided a step.
fn undecided_reason(
    searched: Option<&Result<Solution, Unsolved>>,
    image: Option<&(CertFate, f64)>,
    certificate_ran: bool,
) -> String {
    let search = match searched {
        Some(Err(unsolved)) => unsolved.why.clone(),
        Some(Ok(_)) => "the target is not a game".into(),
        None => "the search did not finish before the --timeout deadline".into(),
    };
    let certificate = match (image, certificate_ran) {
        (Some((fate, _)), _) => format!("certificate {}", fate.text()),
        (None, true) => {
            "the certificate path ran out of its budget (--timeout, --memory) before this step"
                .into()
        }
        (None, false) => "no certificate path (the source's answer is unknown)".into(),
    };
    format!("{search}; {certificate}")
}

/// The search thread: every target in chain order, skipping those already decided.
fn search_side(race: &Race, targets: &[Instance], budget: &Budget) {
    let _ended = Ended { race, search: true };
    for (j, target) in targets.iter().enumerate() {
        let flag = &race.decided[j];
        let result = match flag.load(Ordering::Relaxed) {
            true => Err(Unsolved::because(
                "not searched: its certificate was accepted first",
            )),
            false => match (
                std::time::Instant::now(),
                solve_instance(target, &budget.clone().with_cancel(flag.clone())),
            ) {
                (_, Ok(s)) => Ok(s),
                (started, Err(SolveError::Budget(b))) if flag.load(Ordering::Relaxed) => {
                    Err(Unsolved::stopped(&b, started, |stats| {
                        format!(
                            "search stopped after {} nodes: the certificate decided first",
                            stats.nodes
                        )
                    }))
                }
                (started, Err(SolveError::Budget(b))) => Err(super::verify::exhausted(&b, started)),
                (_, Err(e @ SolveError::TooLarge { .. })) => Err(Unsolved::because(e.to_string())),
                (_, Err(e)) => {
                    let mut board = race.lock();
                    if !board.closed {
                        board.error = Some(e);
                    }
                    return;
                }
            },
        };
        let mut board = race.lock();
        if board.closed {
            return;
        }
        if let Ok(s) = &result
            && s.winner().is_some()
        {
            race.decide(&mut board, j, Evidence::of_solution(s));
        }
        board.searched[j] = Some(result);
        race.changed.notify_all();
    }
}

/// The certificate thread: certify the source, carry it forward, report each image.
fn certificate_side(
    race: &Race,
    steps: &[&'static dyn Reduction],
    instances: &[Instance],
    source: &Solution,
    budget: &Budget,
) {
    let _ended = Ended {
        race,
        search: false,
    };
    let refs: Vec<&Instance> = instances.iter().collect();
    let mut on_fate = |step: Option<usize>, fate: &CertFate, millis: f64| {
        let mut board = race.lock();
        if board.closed {
            return;
        }
        // The source's certificate: reported at once, so that a race that the search ends
        // (the other steps decided by search) still says which certificate decided a step.
        let Some(j) = step else {
            board.source_certificate = Some((fate.clone(), Some(millis)));
            return;
        };
        board.images[j] = Some((fate.clone(), millis));
        if proved_winner(fate).is_some() {
            race.decide(&mut board, j, certificate_evidence(fate, millis));
        }
        race.changed.notify_all();
    };
    let carried = with_cancel(race.all_decided.clone(), || {
        carry_forward_observed(steps, &refs, source, budget, &mut on_fate)
    });
    let mut board = race.lock();
    if board.closed {
        return;
    }
    board.source_certificate = Some((carried.source, Some(carried.source_millis)));
    for (slot, image) in board.images.iter_mut().zip(carried.images) {
        slot.get_or_insert(image);
    }
}

/// The evidence of a forward image's fate.
pub(super) fn certificate_evidence(fate: &CertFate, millis: f64) -> Evidence {
    match (fate, proved_winner(fate)) {
        (CertFate::Accepted { work, .. }, Some(winner)) => Evidence::Certificate {
            winner,
            positions: *work,
            millis,
        },
        (CertFate::Failed(why), _) => Evidence::Rejected(why.clone()),
        (other, _) => Evidence::Unknown(format!("certificate {}", other.text())),
    }
}
