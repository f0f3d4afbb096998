//! `verify --by auto` when the race gets one effective core: the search's share of it while
//! the certificate route runs beside it.
//!
//! The race (`verify_race.rs`) runs the target searches and the certificate route on two
//! threads. With two free cores each has a core; with one (one core, or two with other
//! processes keeping one busy) they share it, and the operating system gives each half, so a
//! step that only the certificate decides costs twice its time (the misère NimG-RM and UVG
//! targets at 6 variables / 10 clauses, whose searches never finish).
//! A [`Pacer`] in the search's [`Budget`] holds the search back at its polls: equal shares for
//! the first [`EQUAL`] of CPU of each side (the scheduler's; the pacer leaves the search alone
//! for its first [`EQUAL`], so a search that decides by then costs nothing extra), then a
//! quarter for the search ([`allowance`]). It sleeps the search thread rather
//! than lowering its priority: a niced thread would also lose against other processes on a
//! loaded machine, and it compares CPU time rather than wall time, so that other processes
//! taking the core change nothing.
//!
//! It is built whenever the certificate route runs, and it never sleeps once the certificate
//! thread has ended. It applies the share only while the race is *contended*: always when the
//! process may run on one core (`std::thread::available_parallelism()`, which reads the
//! affinity mask and cgroup quota), and otherwise while the process's CPU rate, measured over
//! the wall time in which the search ran without sleeping, stays below [`ENTER`] cores (it
//! stops at above [`LEAVE`]; [`contended`]). Measuring only where the search ran matters: a
//! paced search sleeps, and the CPU rate of a process whose search sleeps says nothing about
//! whether the two would each get a core if it did not.
//! The environment variable `GEOREDUCE_RACE_PACE` overrides this, for tests and measurements
//! only: `off` never paces (empty or unset: pace when contended), `on` paces as if always
//! contended, a number of seconds does too, with that many seconds of equal shares instead of
//! [`EQUAL`], and `auto` is the default; when it is set, `verify` prints what the pacer did
//! to standard error.

use crate::solvers::{Budget, Pace};
use std::cell::Cell;
use std::sync::Mutex;
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

/// Wall time in which the search ran without sleeping over which the process's CPU rate is
/// measured before the race is judged again (tens of the scheduler's time slices, so one
/// slice given to another process does not decide; short enough that pacing starts within
/// a few tenths of a second of the search's first [`EQUAL`]).
const WINDOW: Duration = Duration::from_millis(150);

/// The race becomes contended when the process gets fewer cores than this while its two
/// threads both run: on an idle 2-core machine they got 1.93–2.01, with a busy loop on one
/// of the two cores 1.11–1.66 (paced), on one core about 1.0 (docs/performance-history.md,
/// "End to end", thirteenth session).
pub(super) const ENTER: f64 = 1.5;

/// … and stops being contended only above this, so that a paced race, whose windows may
/// reach 1.66 cores with the other core busy, does not turn the pacing off and on from one
/// window to the next.
pub(super) const LEAVE: f64 = 1.75;

/// Whether the race is contended after a window in which its threads got `rate` cores, when
/// it `was` before; `always` (one core, or forced by `GEOREDUCE_RACE_PACE`) whatever the
/// rate.
pub(super) fn contended(always: bool, was: bool, rate: f64) -> bool {
    always || rate < if was { LEAVE } else { ENTER }
}

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

/// How to pace: not at all (`None`), or with how many seconds of equal shares and whether
/// the race counts as contended throughout (one core, or `GEOREDUCE_RACE_PACE` says so).
pub(super) fn wanted() -> Option<(Duration, bool)> {
    match std::env::var("GEOREDUCE_RACE_PACE").ok().as_deref() {
        Some("off") => None,
        Some("on") => Some((EQUAL, true)),
        Some(secs) if !secs.is_empty() && secs != "auto" => secs
            .parse::<f64>()
            .ok()
            .map(|s| (Duration::from_secs_f64(s), true)),
        _ => Some((
            EQUAL,
            std::thread::available_parallelism().is_ok_and(|n| n.get() == 1),
        )),
    }
}

/// Whether `verify` reports what the pacer did (the environment variable is set).
pub(super) fn reports() -> bool {
    std::env::var_os("GEOREDUCE_RACE_PACE").is_some_and(|v| !v.is_empty())
}

/// The contention judgement of a race: the samples of the current window and the verdict of
/// the last (pure: the samples come from the pacer's clock readings).
#[derive(Debug, Clone, Copy)]
pub(super) struct Window {
    /// Wall time sampled so far in this window, and the process's CPU time in it.
    wall: Duration,
    cpu: Duration,
    /// Contended whatever the rate (one core, or forced).
    always: bool,
    /// The verdict of the last window (at the start: `always`).
    contended: bool,
}

impl Window {
    /// A judgement at the start of a race: contended only if `always`.
    pub(super) fn new(always: bool) -> Window {
        Window {
            wall: Duration::ZERO,
            cpu: Duration::ZERO,
            always,
            contended: always,
        }
    }

    /// Adds a sample, `wall` time in which the search ran without sleeping and the process's
    /// `cpu` time in it; once the window holds [`WINDOW`] of wall time, judges the race by
    /// its rate (returned) and starts the next window.
    pub(super) fn add(&mut self, wall: Duration, cpu: Duration) -> Option<f64> {
        self.wall += wall;
        self.cpu += cpu;
        if self.wall < WINDOW {
            return None;
        }
        let rate = self.cpu.as_secs_f64() / self.wall.as_secs_f64();
        self.contended = contended(self.always, self.contended, rate);
        self.wall = Duration::ZERO;
        self.cpu = Duration::ZERO;
        Some(rate)
    }
}

/// What the pacer knows of contention: the judgement, and for its report the wall time
/// judged contended and the rates seen.
#[derive(Debug)]
struct Contention {
    window: Window,
    /// When the race last became contended (`None`: it is not).
    since: Option<Instant>,
    /// Wall time of the earlier contended stretches.
    before: Duration,
    /// Windows judged, and the lowest and highest rate among them.
    windows: u64,
    rates: (f64, f64),
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
    /// The race is contended now (the last window's verdict; read at every poll that reads
    /// the clocks, without taking the lock).
    contended: AtomicBool,
    contention: Mutex<Contention>,
    /// Sleeps so far and their nanoseconds (reported under `GEOREDUCE_RACE_PACE`).
    pauses: AtomicU64,
    slept_nanos: AtomicU64,
}

/// Pacers made so far in this process (their ids).
static PACERS: AtomicU64 = AtomicU64::new(0);

/// A search thread's record of its clock readings for one pacer.
#[derive(Debug, Clone, Copy)]
struct Reading {
    /// The pacer it last reported to.
    id: u64,
    /// Its own CPU nanoseconds as last reported.
    cpu: u64,
    /// When to read its clock next.
    next: Option<Instant>,
    /// The wall time and the process's CPU time at its last reading, unless it slept since
    /// (the start of its next contention sample).
    since: Option<(Instant, Duration)>,
}

thread_local! {
    /// This thread's record.
    static READ: Cell<Reading> = const {
        Cell::new(Reading { id: u64::MAX, cpu: 0, next: None, since: None })
    };
}

impl Pacer {
    /// A pacer for a race beginning now, with `equal` shares at first, contended throughout
    /// if `always`.
    pub(super) fn new(equal: Duration, always: bool) -> Pacer {
        Pacer {
            equal,
            id: PACERS.fetch_add(1, Ordering::Relaxed),
            process_start: cpu_time(libc::CLOCK_PROCESS_CPUTIME_ID),
            search_nanos: AtomicU64::new(0),
            other_done: AtomicBool::new(false),
            contended: AtomicBool::new(always),
            contention: Mutex::new(Contention {
                window: Window::new(always),
                since: always.then(Instant::now),
                before: Duration::ZERO,
                windows: 0,
                rates: (f64::INFINITY, 0.0),
            }),
            pauses: AtomicU64::new(0),
            slept_nanos: AtomicU64::new(0),
        }
    }

    /// The certificate thread has ended.
    pub(super) fn other_ended(&self) {
        self.other_done.store(true, Ordering::Relaxed);
    }

    /// Adds the calling thread's CPU since its last reading to the search's, and the wall
    /// and process CPU time since then to the contention window unless the thread slept in
    /// between; at most every [`READ_EVERY`], `false` when it was not read (too soon).
    fn read_own(&self, now: Instant) -> bool {
        READ.with(|cell| {
            // A thread new to this pacer counts from its own start: the search threads are
            // made for the race (the search thread, and the deep-game and `--threads`
            // threads the solvers start for one search).
            let mut r = match cell.get() {
                r if r.id == self.id => r,
                _ => Reading {
                    id: self.id,
                    cpu: 0,
                    next: None,
                    since: None,
                },
            };
            if r.next.is_some_and(|next| now < next) {
                return false;
            }
            let cpu = nanos(cpu_time(libc::CLOCK_THREAD_CPUTIME_ID));
            self.search_nanos
                .fetch_add(cpu.saturating_sub(r.cpu), Ordering::Relaxed);
            let process = cpu_time(libc::CLOCK_PROCESS_CPUTIME_ID);
            if let Some((wall, before)) = r.since {
                self.sample(now, now - wall, process.saturating_sub(before));
            }
            r.cpu = cpu.max(r.cpu);
            r.next = Some(now + READ_EVERY);
            r.since = Some((now, process));
            cell.set(r);
            true
        })
    }

    /// Adds a contention sample taken at `now`; at the end of a window, records the verdict.
    fn sample(&self, now: Instant, wall: Duration, cpu: Duration) {
        let Ok(mut c) = self.contention.lock() else {
            return;
        };
        let Some(rate) = c.window.add(wall, cpu) else {
            return;
        };
        c.windows += 1;
        c.rates = (c.rates.0.min(rate), c.rates.1.max(rate));
        let contended = c.window.contended;
        match (c.since, contended) {
            (None, true) => c.since = Some(now),
            (Some(since), false) => {
                c.before += now.saturating_duration_since(since);
                c.since = None;
            }
            _ => {}
        }
        self.contended.store(contended, Ordering::Relaxed);
    }

    /// The calling thread slept: its next contention sample starts at its next reading.
    fn slept(&self) {
        READ.with(|cell| {
            let mut r = cell.get();
            r.since = None;
            cell.set(r);
        });
    }

    /// The search's CPU and the certificate route's: the rest of the process's since the
    /// race began (the main thread only waits meanwhile; the certificate route's own
    /// deep-game threads count with it).
    fn shares(&self) -> (Duration, Duration) {
        let search = Duration::from_nanos(self.search_nanos.load(Ordering::Relaxed));
        let process = cpu_time(libc::CLOCK_PROCESS_CPUTIME_ID).saturating_sub(self.process_start);
        (search, process.saturating_sub(search))
    }

    /// What the pacer did: pauses, seconds asleep, the two sides' CPU seconds, and how long
    /// it judged the race contended (up to now).
    pub(super) fn summary(&self) -> String {
        let (search, other) = self.shares();
        let contention = match self.contention.lock() {
            Ok(c) => {
                let rates = match c.windows {
                    0 => "no window judged".to_string(),
                    n => format!("{n} windows at {:.2}–{:.2} cores", c.rates.0, c.rates.1),
                };
                match c.window.always {
                    true => format!("contended throughout (one core, or forced; {rates})"),
                    false => {
                        let now = c.since.map_or(Duration::ZERO, |s| {
                            Instant::now().saturating_duration_since(s)
                        });
                        format!(
                            "judged contended for {:.3} s ({rates})",
                            (c.before + now).as_secs_f64()
                        )
                    }
                }
            }
            Err(_) => "contention unknown".to_string(),
        };
        format!(
            "race pacing (equal shares up to {:.3} s): {} pauses, {:.3} s asleep; CPU: search {:.3} s, certificate route {:.3} s; {contention}",
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
        if self.other_done.load(Ordering::Relaxed)
            || !self.read_own(Instant::now())
            || !self.contended.load(Ordering::Relaxed)
        {
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
            self.slept();
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

    #[test]
    fn contended_below_enter_and_not_above_it() {
        // From uncontended: only a rate below ENTER starts the pacing.
        assert!(contended(false, false, 1.0));
        assert!(contended(false, false, 1.3));
        assert!(contended(false, false, ENTER - 0.01));
        assert!(!contended(false, false, ENTER));
        assert!(!contended(false, false, 1.6));
        assert!(!contended(false, false, 2.0));
    }

    #[test]
    fn contended_keeps_until_above_leave() {
        // Hysteresis: once contended, a rate between ENTER and LEAVE keeps it so.
        assert!(contended(false, true, 1.6));
        assert!(contended(false, true, LEAVE - 0.01));
        assert!(!contended(false, true, LEAVE));
        assert!(!contended(false, true, 1.95));
        // … while the same rates leave an uncontended race alone.
        assert!(!contended(false, false, 1.6));
        assert!(!contended(false, false, LEAVE - 0.01));
    }

    #[test]
    fn one_core_is_always_contended() {
        for rate in [0.0, 1.0, 1.6, 2.0, 4.0] {
            for was in [false, true] {
                assert!(contended(true, was, rate), "{rate} {was}");
            }
        }
        let mut w = Window::new(true);
        assert!(w.contended);
        assert!(w.add(WINDOW, WINDOW * 2).is_some());
        assert!(w.contended);
    }

    #[test]
    fn a_window_judges_once_it_holds_enough_wall_time() {
        let mut w = Window::new(false);
        assert!(!w.contended);
        // Samples of 2 ms at one core: no verdict until WINDOW of wall time is in.
        let samples = (WINDOW.as_millis() / 2) as usize;
        for _ in 1..samples {
            assert_eq!(w.add(MS * 2, MS * 2), None);
            assert!(!w.contended);
        }
        assert_eq!(w.add(MS * 2, MS * 2), Some(1.0));
        assert!(w.contended);
        // The next window starts empty: a window at 1.6 cores keeps it contended, one at 1.9
        // ends it, and one at 1.6 again does not start it.
        assert_eq!(w.add(WINDOW, WINDOW * 8 / 5), Some(1.6));
        assert!(w.contended);
        assert_eq!(w.add(WINDOW, WINDOW * 19 / 10), Some(1.9));
        assert!(!w.contended);
        assert_eq!(w.add(WINDOW, WINDOW * 8 / 5), Some(1.6));
        assert!(!w.contended);
        // A window's rate is over all its samples: 1.0 and 2.0 halves make 1.5 (not below
        // ENTER).
        assert_eq!(w.add(WINDOW / 2, WINDOW / 2), None);
        assert_eq!(w.add(WINDOW / 2, WINDOW), Some(1.5));
        assert!(!w.contended);
    }
}
