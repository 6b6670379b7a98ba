//! What a running search shares with whoever watches it: atomic counters, the best game
//! found so far, and the stop request. Reading progress is a handful of relaxed atomic loads,
//! so a UI may poll it many times a second; the best game sits behind a lock that is only
//! taken when the best score improves (rare) or when a reader asks for the game.
//!
//! A paused search parks its threads on a condition variable (checked every few dozen
//! playouts, so pausing costs nothing while running); `stop` and `resume` wake them.
//!
//! The core has no clock (`std::time::Instant` does not exist in the browser's wasm), so
//! the caller passes the elapsed time when it reads progress.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::{Condvar, Mutex, MutexGuard};

/// Counters written often live on their own cache line, away from those read on every
/// playout (the stop flag, the best score), so the threads do not slow each other down.
#[repr(align(64))]
#[derive(Default)]
struct Padded<T>(T);

/// Shared state of one search.
pub struct Monitor<M> {
    stop: AtomicBool,
    paused: AtomicBool,
    /// Where paused threads wait; the flags change under its lock so no wake-up is lost.
    gate: Mutex<()>,
    wake: Condvar,
    best_score: AtomicI64,
    /// The playout budget (`u64::MAX`: none), and how much of it threads have taken.
    playout_limit: AtomicU64,
    playouts: Padded<Counts>,
    top: Padded<TopLevel>,
    best: Mutex<Vec<M>>,
    /// What each top-level run found, in run order (the first [`MAX_LISTED_RUNS`] to end).
    runs: Mutex<Vec<RunSummary>>,
}

impl RunSummary {
    /// A run's summary from the top level's bookkeeping, on threads or on the coordinator
    /// alike: `best` is `i64::MIN` while the run has no result.
    pub(crate) fn of(run: u32, best: i64, best_iteration: Option<u32>, done: u32, finished: bool) -> Self {
        RunSummary {
            run,
            best: (best != i64::MIN).then_some(best),
            best_iteration,
            iterations: done,
            finished,
        }
    }
}

/// How many runs [`Monitor::runs`] lists at most: a level-2 search of a day ends hundreds
/// of thousands of runs, each a fraction of a second, and the list is for reading.
pub const MAX_LISTED_RUNS: usize = 10_000;

/// What one top-level run found: whether a search's runs agree, or one lucky run made its
/// best (runs of a long search start from the same prior and differ only by chance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunSummary {
    /// The run's number: 1 for the first started.
    pub run: u32,
    /// Its best score (None if not one of its playouts ended).
    pub best: Option<i64>,
    /// The top-level iteration (1 for the first) whose search first reached `best`.
    pub best_iteration: Option<u32>,
    /// Top-level iterations done. A threaded search counts those a stop or the budget cut
    /// short (their results count too); the distributed search counts only the iterations
    /// it folded (one a stop cut short is done again after a resume), though its game still
    /// counts for the search's best.
    pub iterations: u32,
    /// It did all its iterations, none of them cut short.
    pub finished: bool,
}

/// Playouts done, and playouts taken from the budget (done or about to be).
#[derive(Default)]
struct Counts {
    done: AtomicU64,
    reserved: AtomicU64,
}

/// Where the top level is.
#[derive(Default)]
struct TopLevel {
    /// The newest run started (high 32 bits) and the iterations done in it: one word, so
    /// a reader never pairs a run with another run's count.
    run_iteration: AtomicU64,
    runs_done: AtomicU32,
    /// Iterations a run has.
    iterations: AtomicU32,
}

/// A snapshot of a search's progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Best score found so far (None before the first playout ends).
    pub best_score: Option<i64>,
    /// Playouts done (counted in batches of 64 per thread).
    pub playouts: u64,
    /// Seconds since the start, as given by the caller, and the mean rate over them.
    pub elapsed: f64,
    /// `playouts / elapsed`.
    pub playouts_per_second: f64,
    /// Top-level runs started (the newest is the one reported) and finished.
    pub run: u32,
    /// Top-level runs finished.
    pub runs_done: u32,
    /// Iterations of the newest top-level run done, out of `iterations`.
    pub iteration: u32,
    /// Iterations of a top-level run.
    pub iterations: u32,
    /// Asked to stop, or its playout budget is all taken.
    pub stopped: bool,
    /// Paused (the threads are parked).
    pub paused: bool,
}

impl<M: Clone> Monitor<M> {
    /// A monitor for a search that has not started.
    pub fn new() -> Monitor<M> {
        Monitor {
            stop: AtomicBool::new(false),
            paused: AtomicBool::new(false),
            gate: Mutex::new(()),
            wake: Condvar::new(),
            best_score: AtomicI64::new(i64::MIN),
            playout_limit: AtomicU64::new(u64::MAX),
            playouts: Padded::default(),
            top: Padded::default(),
            best: Mutex::new(Vec::new()),
            runs: Mutex::new(Vec::new()),
        }
    }

    /// Asks the search to stop: it returns its best within a playout or so.
    pub fn stop(&self) {
        let _gate = relock(&self.gate);
        self.stop.store(true, Relaxed);
        self.wake.notify_all();
    }

    /// Parks the search's threads within a few dozen playouts each, until `resume` or
    /// `stop`. Nothing is lost: they go on where they were.
    pub fn pause(&self) {
        let _gate = relock(&self.gate);
        self.paused.store(true, Relaxed);
    }

    /// Wakes paused threads.
    pub fn resume(&self) {
        let _gate = relock(&self.gate);
        self.paused.store(false, Relaxed);
        self.wake.notify_all();
    }

    /// Whether `pause` was called and not undone.
    pub fn is_paused(&self) -> bool {
        self.paused.load(Relaxed)
    }

    /// Called by the search threads between playouts: returns at once unless paused.
    #[inline]
    pub(crate) fn wait_while_paused(&self) {
        if self.paused.load(Relaxed) {
            self.park();
        }
    }

    #[cold]
    fn park(&self) {
        let mut gate = relock(&self.gate);
        while self.paused.load(Relaxed) && !self.stop.load(Relaxed) {
            gate = self.wake.wait(gate).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Whether `stop` was called: the threads are returning.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// Best score so far (None before the first playout ends).
    pub fn best_score(&self) -> Option<i64> {
        let s = self.best_score.load(Relaxed);
        (s != i64::MIN).then_some(s)
    }

    /// The moves of the best sequence so far, from the search's root.
    pub fn best_moves(&self) -> Vec<M> {
        relock(&self.best).clone()
    }

    /// The top-level runs that have ended (and, once the search has returned, the runs it
    /// stopped half way), in run order: on several threads a run may end before the one
    /// it followed, and a listing should not depend on which. At most [`MAX_LISTED_RUNS`]
    /// (the first to end). Empty at level 1, whose runs take milliseconds. A run ends
    /// rarely: reading this takes a lock that the threads take once a run.
    pub fn runs(&self) -> Vec<RunSummary> {
        relock(&self.runs).clone()
    }

    /// `elapsed`: the caller's clock, in seconds since the search started.
    pub fn progress(&self, elapsed: f64) -> Progress {
        let playouts = self.playouts.0.done.load(Relaxed);
        let top = &self.top.0;
        let run_iteration = top.run_iteration.load(Relaxed);
        Progress {
            best_score: self.best_score(),
            playouts,
            elapsed,
            playouts_per_second: if elapsed > 0.0 { playouts as f64 / elapsed } else { 0.0 },
            run: (run_iteration >> 32) as u32,
            runs_done: top.runs_done.load(Relaxed),
            iteration: run_iteration as u32,
            iterations: top.iterations.load(Relaxed),
            stopped: self.is_stopped() || self.budget_spent(),
            paused: self.is_paused(),
        }
    }

    /// Do exactly this many playouts in all (threads take them with `reserve`).
    pub(crate) fn limit_playouts(&self, n: u64) {
        self.playout_limit.store(n, Relaxed);
    }

    /// A new budget of `n` playouts (`u64::MAX`: none), none of it taken yet.
    pub(crate) fn reset_budget(&self, n: u64) {
        self.playout_limit.store(n, Relaxed);
        self.playouts.0.reserved.store(0, Relaxed);
    }

    /// Takes up to `want` playouts from the budget; returns how many the caller may do (0
    /// once the budget is spent). Without a budget, `want`, and no shared write.
    #[inline]
    pub(crate) fn reserve(&self, want: u64) -> u64 {
        let limit = self.playout_limit.load(Relaxed);
        if limit == u64::MAX {
            return want;
        }
        let taken = self.playouts.0.reserved.fetch_add(want, Relaxed);
        limit.saturating_sub(taken).min(want)
    }

    /// Every playout of the budget has been taken.
    pub(crate) fn budget_spent(&self) -> bool {
        let limit = self.playout_limit.load(Relaxed);
        limit != u64::MAX && self.playouts.0.reserved.load(Relaxed) >= limit
    }

    /// Counts `n` more playouts done.
    pub(crate) fn add_playouts(&self, n: u64) {
        self.playouts.0.done.fetch_add(n, Relaxed);
    }

    /// Offers a sequence; kept if it beats the best so far. Called after every playout:
    /// almost always one atomic load and a compare.
    #[inline]
    pub(crate) fn offer(&self, score: i64, moves: &[M]) {
        if score <= self.best_score.load(Relaxed) {
            return;
        }
        let mut best = relock(&self.best);
        // checked again under the lock: another thread may have just done better
        if score > self.best_score.load(Relaxed) {
            best.clear();
            best.extend_from_slice(moves);
            self.best_score.store(score, Relaxed);
        }
    }

    pub(crate) fn set_iterations(&self, n: u32) {
        self.top.0.iterations.store(n, Relaxed);
    }

    /// Called under the scheduler's lock: a load then a store is enough (an iteration
    /// reported meanwhile by a thread that runs a run whole is of an older run).
    pub(crate) fn run_started(&self, run: u32) {
        let top = &self.top.0;
        if run > (top.run_iteration.load(Relaxed) >> 32) as u32 {
            top.run_iteration.store((run as u64) << 32, Relaxed);
        }
    }

    /// Run `run` has done `done` iterations: shown if it is the last run started. Called
    /// without a lock by a thread that runs a level-1 run whole, hence the compare-exchange:
    /// a run started meanwhile is never hidden by an older run's count.
    pub(crate) fn iteration_done(&self, run: u32, done: u32) {
        let top = &self.top.0;
        let now = top.run_iteration.load(Relaxed);
        if run == (now >> 32) as u32 {
            let _ =
                top.run_iteration.compare_exchange(now, ((run as u64) << 32) | done as u64, Relaxed, Relaxed);
        }
    }

    pub(crate) fn run_done(&self) {
        self.top.0.runs_done.fetch_add(1, Relaxed);
    }

    /// Lists a run that ended (finished or stopped), if the list has room.
    pub(crate) fn run_ended(&self, summary: RunSummary) {
        let mut runs = relock(&self.runs);
        if runs.len() < MAX_LISTED_RUNS {
            // nearly always at the end: runs end about in the order they start
            let at = runs.partition_point(|r| r.run < summary.run);
            runs.insert(at, summary);
        }
    }
}

/// A lock whose holder panicked is still usable: its data is a plain value, never left
/// half-updated (and release builds abort on panic anyway).
fn relock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl<M: Clone> std::fmt::Debug for Monitor<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Monitor").field("progress", &self.progress(0.0)).finish_non_exhaustive()
    }
}

impl<M: Clone> Default for Monitor<M> {
    fn default() -> Self {
        Monitor::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On two threads run 2 can end before run 1 (a CI run did so): the list stays in run
    /// order whatever order the runs end in.
    #[test]
    fn runs_are_listed_in_run_order_whatever_order_they_end_in() {
        let m = Monitor::<u8>::new();
        let run = |run: u32, finished: bool| RunSummary {
            run,
            best: Some(60 + run as i64),
            best_iteration: Some(1),
            iterations: 7,
            finished,
        };
        for r in [run(2, true), run(1, true), run(4, false), run(3, false)] {
            m.run_ended(r);
        }
        let listed: Vec<_> = m.runs().iter().map(|r| (r.run, r.finished)).collect();
        assert_eq!(listed, [(1, true), (2, true), (3, false), (4, false)]);
    }
}
