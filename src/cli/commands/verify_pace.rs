//! `verify --by auto` on one core: the search's share of the core while the certificate route
//! runs beside it.
//!
//! The race (`verify_race.rs`) runs the target searches and the certificate route on two
//! threads. On two cores each has a core; on one they share it, and the operating system
//! gives each half, so a step that only the certificate decides costs twice its time (the
//! misère NimG-RM and UVG targets at 6 variables / 10 clauses, whose searches never finish).
//! A [`Pacer`] in the search's [`Budget`] holds the search back at its polls: equal shares for
//! the first [`EQUAL`] of CPU of each side (the scheduler's; the pacer leaves the search alone
//! for its first [`EQUAL`], so a search that decides by then costs nothing extra), then a
//! quarter for the search ([`allowance`]). It sleeps the search thread rather
//! than lowering its priority: a niced thread would also lose against other processes on a
//! loaded machine, and it compares CPU time rather than wall time, so that other processes
//! taking the core change nothing.
//!
//! It is built only when the process may run on one core
//! (`std::thread::available_parallelism()`, which reads the affinity mask and cgroup quota)
//! and the certificate route runs; it never sleeps once the certificate thread has ended.
//! The environment variable `GEOREDUCE_RACE_PACE` overrides this, for tests and measurements
//! only: `off` never paces (empty or unset: pace on one core), `on` paces on any core count, and a number of seconds paces with
//! that many seconds of equal shares instead of [`EQUAL`]; when it is set, `verify` prints
//! what the pacer did to standard error.

use crate::solvers::{Budget, Pace};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// CPU time each side gets in equal shares before the search's share falls. The searches
/// that the race decides by search take at most 0.2 s on the benchmarks' cases
/// (docs/verification.md, "`--by auto`"), so they keep their speed; a certificate route of
/// 5 s then costs 0.5 + 4.5 / 3 = 2 s of search beside it instead of 5 s.
pub(super) const EQUAL: Duration = Duration::from_millis(500);

/// After [`EQUAL`], the search may use one CPU second for every `LATER_RATIO` seconds of the
/// certificate route's: a quarter of the core.
const LATER_RATIO: u32 = 3;

/// Longest sleep before the pacer looks again at the deadline, the cancel flag and whether
/// the certificate thread has ended (so `--timeout` stays exact to a few milliseconds).
const SLICE_MAX: Duration = Duration::from_millis(5);

/// Shortest sleep: below it the search would wake for less than a scheduler's time slice.
const SLICE_MIN: Duration = Duration::from_millis(1);

/// Wall time between two readings of the CPU clocks in one search thread (each reading is
/// a system call of about a microsecond; the polls come every 16 nodes).
const READ_EVERY: Duration = Duration::from_millis(2);

/// The search's CPU allowance once the certificate route has used `other`: equal shares up
/// to `equal`, then a quarter of the core for the search.
pub(super) fn allowance(other: Duration, equal: Duration) -> Duration {
    match other.checked_sub(equal) {
        None => other,
        Some(later) => equal + later / LATER_RATIO,
    }
}

/// How long the search should sleep now, having used `search` of CPU against the
/// certificate route's `other` (`None`: run on). Never while the certificate route is not
/// `running`, nor within the search's first `equal` of CPU (two busy threads on one core get
/// equal shares from the scheduler anyway; pacing them there would only cost the short
/// searches a sleep whenever the search thread happens to run first); after that, while the
/// search is ahead of its [`allowance`], long enough for the certificate route to earn it
/// back, within [`SLICE_MIN`]..=[`SLICE_MAX`].
pub(super) fn pause(
    search: Duration,
    other: Duration,
    running: bool,
    equal: Duration,
) -> Option<Duration> {
    if !running || search <= equal.max(allowance(other, equal)) {
        return None;
    }
    // The certificate route's CPU at which the allowance reaches `search` (the inverse of
    // `allowance`), less what it has used.
    let at = match search.checked_sub(equal) {
        None => search,
        Some(later) => equal + later * LATER_RATIO,
    };
    Some(at.saturating_sub(other).clamp(SLICE_MIN, SLICE_MAX))
}

/// Whether to pace, and with how many seconds of equal shares: `None` not to.
pub(super) fn wanted() -> Option<Duration> {
    match std::env::var("GEOREDUCE_RACE_PACE").ok().as_deref() {
        Some("off") => None,
        Some("on") => Some(EQUAL),
        Some(secs) if !secs.is_empty() => secs.parse::<f64>().ok().map(Duration::from_secs_f64),
        _ => std::thread::available_parallelism()
            .is_ok_and(|n| n.get() == 1)
            .then_some(EQUAL),
    }
}

/// Whether `verify` reports what the pacer did (the environment variable is set).
pub(super) fn reports() -> bool {
    std::env::var_os("GEOREDUCE_RACE_PACE").is_some_and(|v| !v.is_empty())
}

/// Holds the search back while the certificate route runs; shared by the race (which says
/// when the certificate thread ends) and the search's budget.
#[derive(Debug)]
pub(super) struct Pacer {
    /// Equal shares up to this much CPU of each side.
    equal: Duration,
    /// Tells the threads' records apart from a pacer of an earlier race in the process.
    id: u64,
    /// The process's CPU time when the race began.
    process_start: Duration,
    /// Nanoseconds of CPU the search's threads have used, as far as read.
    search_nanos: AtomicU64,
    /// The certificate thread has ended: never sleep again.
    other_done: AtomicBool,
    /// Sleeps so far and their nanoseconds (reported under `GEOREDUCE_RACE_PACE`).
    pauses: AtomicU64,
    slept_nanos: AtomicU64,
}

/// Pacers made so far in this process (their ids).
static PACERS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// This thread's record: the id of the pacer it last reported to, its own CPU
    /// nanoseconds as last reported, and when to read its clock next.
    static READ: Cell<(u64, u64, Option<Instant>)> = const { Cell::new((u64::MAX, 0, None)) };
}

impl Pacer {
    /// A pacer for a race beginning now.
    pub(super) fn new(equal: Duration) -> Pacer {
        Pacer {
            equal,
            id: PACERS.fetch_add(1, Ordering::Relaxed),
            process_start: cpu_time(libc::CLOCK_PROCESS_CPUTIME_ID),
            search_nanos: AtomicU64::new(0),
            other_done: AtomicBool::new(false),
            pauses: AtomicU64::new(0),
            slept_nanos: AtomicU64::new(0),
        }
    }

    /// The certificate thread has ended.
    pub(super) fn other_ended(&self) {
        self.other_done.store(true, Ordering::Relaxed);
    }

    /// Adds the calling thread's CPU since its last reading to the search's, at most every
    /// [`READ_EVERY`]; `false` when it was not read (too soon).
    fn read_own(&self, now: Instant) -> bool {
        READ.with(|cell| {
            // A thread new to this pacer counts from its own start: the search threads are
            // made for the race (the search thread, and the deep-game and `--threads`
            // threads the solvers start for one search).
            let (id, last, next) = match cell.get() {
                (id, last, next) if id == self.id => (id, last, next),
                _ => (self.id, 0, None),
            };
            if next.is_some_and(|next| now < next) {
                return false;
            }
            let cpu = nanos(cpu_time(libc::CLOCK_THREAD_CPUTIME_ID));
            self.search_nanos
                .fetch_add(cpu.saturating_sub(last), Ordering::Relaxed);
            cell.set((id, cpu.max(last), Some(now + READ_EVERY)));
            true
        })
    }

    /// The search's CPU and the certificate route's: the rest of the process's since the
    /// race began (the main thread only waits meanwhile; the certificate route's own
    /// deep-game threads count with it).
    fn shares(&self) -> (Duration, Duration) {
        let search = Duration::from_nanos(self.search_nanos.load(Ordering::Relaxed));
        let process = cpu_time(libc::CLOCK_PROCESS_CPUTIME_ID).saturating_sub(self.process_start);
        (search, process.saturating_sub(search))
    }

    /// What the pacer did: pauses, seconds asleep, and the two sides' CPU seconds.
    pub(super) fn summary(&self) -> String {
        let (search, other) = self.shares();
        format!(
            "race pacing (equal shares up to {:.3} s): {} pauses, {:.3} s asleep; CPU: search {:.3} s, certificate route {:.3} s",
            self.equal.as_secs_f64(),
            self.pauses.load(Ordering::Relaxed),
            Duration::from_nanos(self.slept_nanos.load(Ordering::Relaxed)).as_secs_f64(),
            search.as_secs_f64(),
            other.as_secs_f64(),
        )
    }
}

impl Pace for Pacer {
    fn pace(&self, budget: &Budget) {
        if self.other_done.load(Ordering::Relaxed) || !self.read_own(Instant::now()) {
            return;
        }
        loop {
            let (search, other) = self.shares();
            let running = !self.other_done.load(Ordering::Relaxed);
            let Some(slice) = pause(search, other, running, self.equal) else {
                return;
            };
            if budget.stopped() {
                return;
            }
            // Never sleep past the deadline.
            let slice = match budget.deadline {
                Some(d) => slice.min(d.saturating_duration_since(Instant::now())),
                None => slice,
            };
            std::thread::sleep(slice);
            self.pauses.fetch_add(1, Ordering::Relaxed);
            self.slept_nanos.fetch_add(nanos(slice), Ordering::Relaxed);
        }
    }
}

/// The CPU time of `clock` (the process's or the calling thread's); zero if unreadable.
fn cpu_time(clock: libc::clockid_t) -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock ids are the POSIX constants.
    let ok = unsafe { libc::clock_gettime(clock, &mut ts) } == 0;
    match ok {
        true => Duration::new(
            ts.tv_sec.max(0) as u64,
            ts.tv_nsec.clamp(0, 999_999_999) as u32,
        ),
        false => Duration::ZERO,
    }
}

/// Nanoseconds of `d`, saturating.
fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn never_sleeps_once_the_certificate_route_ended() {
        for (search, other) in [(0, 0), (400, 100), (5_000, 600), (60_000, 0)] {
            assert_eq!(pause(MS * search, MS * other, false, EQUAL), None);
        }
    }

    #[test]
    fn equal_shares_at_the_start() {
        // Within the search's first half second: run on, even ahead (the scheduler shares).
        assert_eq!(pause(MS * 100, MS * 100, true, EQUAL), None);
        assert_eq!(pause(MS * 100, Duration::ZERO, true, EQUAL), None);
        assert_eq!(pause(MS * 500, MS * 20, true, EQUAL), None);
        assert_eq!(allowance(MS * 300, EQUAL), MS * 300);
        // Past it and ahead of the certificate route: sleep until the certificate route has
        // caught up, within the slice bounds.
        assert_eq!(pause(MS * 501, MS * 500, true, EQUAL), Some(MS * 3));
        assert_eq!(pause(MS * 501, MS * 100, true, EQUAL), Some(SLICE_MAX));
        assert_eq!(
            pause(MS * 500 + Duration::from_micros(10), MS * 500, true, EQUAL),
            Some(SLICE_MIN)
        );
        assert_eq!(pause(MS * 503, MS * 510, true, EQUAL), None);
    }

    #[test]
    fn a_quarter_of_the_core_at_large_times() {
        // After 0.5 s each, the search gets one second for three of the certificate's.
        assert_eq!(allowance(MS * 800, EQUAL), MS * 600);
        assert_eq!(
            allowance(Duration::from_secs(30), EQUAL),
            MS * 10_333 + MS / 3
        );
        assert_eq!(pause(MS * 600, MS * 800, true, EQUAL), None);
        assert_eq!(pause(MS * 601, MS * 800, true, EQUAL), Some(MS * 3));
        assert_eq!(pause(MS * 1_000, MS * 800, true, EQUAL), Some(SLICE_MAX));
        // The share of the whole process's CPU tends to a quarter.
        let other = Duration::from_secs(1_000);
        let share =
            allowance(other, EQUAL).as_secs_f64() / (allowance(other, EQUAL) + other).as_secs_f64();
        assert!((share - 0.25).abs() < 0.001, "{share}");
    }

    #[test]
    fn the_equal_period_is_a_parameter() {
        assert_eq!(allowance(MS * 4, MS), MS * 2);
        assert_eq!(pause(MS * 3, MS * 4, true, MS), Some(MS * 3));
        assert_eq!(pause(MS * 2, MS * 4, true, MS), None);
        assert_eq!(pause(MS, Duration::ZERO, true, MS), None);
    }
}
