//! Every core at work on one search: the top level's iterations are shared out.
//!
//! Scheme (ARCHITECTURE.md discusses the alternatives): a top-level run at level L is
//! `Config::run_iterations` iterations (N unless the config says otherwise), each a level
//! L-1 search started from the run's policy as it is when the iteration starts. Each
//! thread takes the next iteration of the oldest unfinished run, copies that run's policy,
//! searches, then, under a short lock, folds its result into the run (`>=` replaces the
//! run's best) and adapts the run's policy. With one thread this is the sequential
//! algorithm exactly (Rosin's, or stabilized: see `Method`); with T threads an iteration
//! starts from a policy that lacks the adapts of the up to T - 1 iterations still
//! running, as in Nagorko's and Cazenave's parallel NRPA. When a run has no
//! iteration left to start and the budget allows more, an idle thread starts the next run,
//! so no core waits for the end of a run. At level 1 the iterations are single playouts,
//! too small to share: each thread then does whole runs.
//!
//! Every iteration has its own random stream, a hash of (seed, run, iteration), so one
//! thread and a seed give the same game every time, whatever else runs.

use super::monitor::{Monitor, RunSummary};
use super::nested::Worker;
use super::policy::{Policy, Prior, Scratch, Seq};
use super::problem::{Problem, TrustedCodes};
use super::{Budget, Config, SearchError};
use crate::rng::{mix64, Rng};
use std::sync::Mutex;

/// A top-level run in progress.
struct Run<M> {
    id: u32,
    policy: Policy,
    best: Seq<M>,
    /// The iteration (1 for the first) whose result first reached `best`'s score.
    best_at: Option<u32>,
    /// An iteration of it was cut short (by a stop or the budget): it does not finish.
    cut: bool,
    started: u32,
    done: u32,
}

impl<M> Run<M> {
    fn summary(&self, finished: bool) -> RunSummary {
        RunSummary::of(self.id, self.best.score, self.best_at, self.done, finished)
    }
}

/// What the threads share, under one lock taken twice per top-level iteration.
struct Shared<M> {
    runs: Vec<Run<M>>,
    next_run: u32,
    scratch: Scratch,
    /// Every run's first policy, over the root's code space (read once: the length of
    /// every policy of the search).
    prior: Prior,
}

/// A piece of work for one thread.
enum Job {
    /// Iteration `iter` of run `run`: a level L-1 search from the run's policy.
    Iteration { run: u32, iter: u32 },
    /// A whole run (level 1 and below).
    Whole { run: u32 },
}

/// How a search ended.
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    /// Best score and its moves from the root (None if not even one playout ended).
    pub best: Option<(i64, Vec<M>)>,
    /// Playouts done.
    pub playouts: u64,
    /// Top-level runs finished.
    pub runs_done: u32,
    /// What each top-level run found ([`Monitor::runs`]).
    pub runs: Vec<RunSummary>,
    /// Stopped (by request or by the playout budget) rather than finished.
    pub stopped: bool,
}

/// Runs NRPA on `root` on every thread of the current rayon pool until the budget is spent
/// or `monitor` is stopped. Progress and the best so far can be read from `monitor` all
/// along. Refuses a config that [`Config::validate`] refuses.
pub fn search<P: Problem>(
    root: &P,
    config: &Config,
    budget: Budget,
    monitor: &Monitor<P::Move>,
) -> Result<Outcome<P::Move>, SearchError> {
    // SAFETY: with the check (CHECK = true), any problem is fine
    unsafe { run::<P, true>(root, config, budget, monitor, None) }
}

/// The same search on the calling thread alone, which calls `tick` every few dozen
/// playouts (well under a millisecond). For a caller that has no other thread to watch the
/// search from (a browser without threads): its tick reports progress and, with its own
/// clock, may stop the search. With the same config and budget it finds the same game as
/// `search` in a one-thread pool.
pub fn search_here<P: Problem>(
    root: &P,
    config: &Config,
    budget: Budget,
    monitor: &Monitor<P::Move>,
    tick: &mut dyn FnMut(),
) -> Result<Outcome<P::Move>, SearchError> {
    // SAFETY: with the check, any problem is fine
    unsafe { run::<P, true>(root, config, budget, monitor, Some(tick)) }
}

/// `search` (no tick) or `search_here` (a tick) for a problem whose codes are in range by
/// construction: the playout reads its policy without checking them.
pub(crate) fn search_trusted<P: TrustedCodes>(
    root: &P,
    config: &Config,
    budget: Budget,
    monitor: &Monitor<P::Move>,
    tick: Option<&mut dyn FnMut()>,
) -> Result<Outcome<P::Move>, SearchError> {
    // SAFETY: P is TrustedCodes: its codes are in range without the check
    unsafe { run::<P, false>(root, config, budget, monitor, tick) }
}

/// Both ways to search, with or without the code check (see `Worker`).
///
/// # Safety
/// `CHECK` is false only for a problem whose codes are below its code space (a
/// [`TrustedCodes`] problem): the playouts then read the policy without checking them.
unsafe fn run<P: Problem, const CHECK: bool>(
    root: &P,
    config: &Config,
    budget: Budget,
    monitor: &Monitor<P::Move>,
    tick: Option<&mut dyn FnMut()>,
) -> Result<Outcome<P::Move>, SearchError> {
    let shared = prepare(root, config, budget, monitor)?;
    match tick {
        // SAFETY: this function's contract, passed on
        Some(tick) => unsafe { work::<P, CHECK>(root, config, budget, monitor, &shared, tick) },
        None => {
            let threads = rayon::current_num_threads().max(1);
            rayon::scope(|s| {
                for _ in 0..threads {
                    // SAFETY: this function's contract, passed on
                    s.spawn(|_| unsafe {
                        work::<P, CHECK>(root, config, budget, monitor, &shared, &mut || {})
                    });
                }
            });
        }
    }
    // the runs a stop cut short, listed after those that ended
    let mut sh = lock(&shared);
    sh.runs.sort_by_key(|r| r.id);
    for r in &sh.runs {
        monitor.run_ended(r.summary(false));
    }
    Ok(outcome(monitor))
}

fn prepare<P: Problem>(
    root: &P,
    config: &Config,
    budget: Budget,
    monitor: &Monitor<P::Move>,
) -> Result<Mutex<Shared<P::Move>>, SearchError> {
    config.validate()?;
    if let Budget::Playouts(n) = budget {
        monitor.limit_playouts(n);
    }
    monitor.set_iterations(config.run_iterations());
    let prior = Prior::of(root, config.prior);
    Ok(Mutex::new(Shared { runs: Vec::new(), next_run: 1, scratch: Scratch::new(prior.codes()), prior }))
}

fn outcome<M: Clone>(monitor: &Monitor<M>) -> Outcome<M> {
    let p = monitor.progress(0.0);
    Outcome {
        best: p.best_score.map(|best| (best, monitor.best_moves())),
        playouts: p.playouts,
        runs_done: p.runs_done,
        runs: monitor.runs(),
        stopped: p.stopped,
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // a panic elsewhere aborts (panic = "abort" in release); in tests, carry on
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// One thread: takes jobs until there are none or the search is stopped.
///
/// # Safety
/// As `run`: `CHECK` is false only for a `TrustedCodes` problem.
unsafe fn work<P: Problem, const CHECK: bool>(
    root: &P,
    config: &Config,
    budget: Budget,
    monitor: &Monitor<P::Move>,
    shared: &Mutex<Shared<P::Move>>,
    tick: &mut dyn FnMut(),
) {
    if monitor.is_stopped() {
        return; // before allocating this thread's policies
    }
    let top = config.level;
    let run_iterations = config.run_iterations();
    let prior = lock(shared).prior.clone();
    // SAFETY: this function's contract
    let mut w = unsafe { Worker::<P, CHECK>::new(root, &prior, config, monitor, tick) };
    let learning = config.learning();
    let may_start = |next_run: u32| budget != Budget::OneRun || next_run == 1;
    loop {
        if monitor.is_stopped() || w.nothing_left() {
            break;
        }
        let job = {
            let mut sh = lock(shared);
            let sh = &mut *sh;
            if top <= 1 {
                if !may_start(sh.next_run) {
                    None
                } else {
                    sh.next_run += 1;
                    monitor.run_started(sh.next_run - 1);
                    Some(Job::Whole { run: sh.next_run - 1 })
                }
            } else {
                if !sh.runs.iter().any(|r| r.started < run_iterations) && may_start(sh.next_run) {
                    sh.runs.push(Run {
                        id: sh.next_run,
                        policy: sh.prior.policy(),
                        best: Seq::none(),
                        best_at: None,
                        cut: false,
                        started: 0,
                        done: 0,
                    });
                    monitor.run_started(sh.next_run);
                    sh.next_run += 1;
                }
                sh.runs.iter_mut().find(|r| r.started < run_iterations).map(|r| {
                    r.started += 1;
                    w.policy_mut(top - 1).copy_from(&r.policy);
                    Job::Iteration { run: r.id, iter: r.started - 1 }
                })
            }
        };
        let Some(job) = job else { break };
        match job {
            Job::Whole { run } => {
                w.rng = Rng::new(stream(config.seed, run, 0));
                w.policy_mut(top).reset();
                w.set_run(run);
                w.level(top);
                if !monitor.is_stopped() && !w.out_of_budget() {
                    monitor.run_done();
                }
            }
            Job::Iteration { run, iter } => {
                w.rng = Rng::new(stream(config.seed, run, iter + 1));
                w.level(top - 1);
                let cut = monitor.is_stopped() || w.out_of_budget();
                let mut sh = lock(shared);
                let sh = &mut *sh;
                let i =
                    sh.runs.iter().position(|r| r.id == run).expect("a run ends after its last iteration");
                let r = &mut sh.runs[i];
                let result = w.result(top - 1);
                r.best_at = first_at(r.best_at, r.best.score, result.score, iter);
                r.cut |= cut;
                if result.replaces(&r.best) {
                    r.best.copy_from(result);
                }
                r.policy.adapt(&r.best, &learning, &mut sh.scratch);
                r.done += 1;
                monitor.iteration_done(run, r.done);
                if r.done == run_iterations {
                    monitor.run_ended(r.summary(!r.cut));
                    if !r.cut {
                        monitor.run_done();
                    }
                    sh.runs.remove(i);
                }
            }
        }
    }
    w.flush();
}

/// The iteration (1 for the first) that first reached a run's best, once iteration `iter`
/// (0 for the first) found `score` where the run had `best` from iteration `at`: iterations
/// fold in the order they end, so an earlier one may tie a later one's score after it.
pub(crate) fn first_at(at: Option<u32>, best: i64, score: i64, iter: u32) -> Option<u32> {
    let earlier_tie = score == best && at.is_some_and(|at| iter + 1 < at);
    if score > best || earlier_tie {
        Some(iter + 1)
    } else {
        at
    }
}

/// The seed of an iteration's random stream.
pub(crate) fn stream(seed: u64, run: u32, iter: u32) -> u64 {
    mix64(seed ^ mix64(((run as u64) << 32) | iter as u64))
}

#[cfg(test)]
mod tests {
    use super::first_at;

    /// Iterations fold in the order they end: a best is dated by the first iteration that
    /// reached its score, whichever folded first.
    #[test]
    fn a_best_is_dated_by_its_first_iteration() {
        assert_eq!(first_at(None, i64::MIN, 60, 0), Some(1));
        assert_eq!(first_at(Some(1), 60, 60, 4), Some(1), "a later tie");
        assert_eq!(first_at(Some(1), 60, 61, 4), Some(5), "better");
        assert_eq!(first_at(Some(6), 61, 61, 4), Some(5), "an earlier tie folded later");
        assert_eq!(first_at(Some(6), 61, 59, 2), Some(6), "worse");
        assert_eq!(first_at(None, i64::MIN, i64::MIN, 0), None, "nothing found");
    }
}
