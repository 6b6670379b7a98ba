//! A rank: runs the jobs the coordinator gives, on its threads, each thread one job at a
//! time, with the rank's copies of the runs' policies.

use super::errors::SyncError;
use super::replay::{seq_of, steps_of};
use super::{Done, Job, PolicySync};
use crate::nrpa::monitor::Monitor;
use crate::nrpa::nested::Worker;
use crate::nrpa::parallel::stream;
use crate::nrpa::policy::{Policy, Prior, Scratch, Seq};
use crate::nrpa::problem::{FindStep, Morpion, TrustedCodes};
use crate::nrpa::{CodeKind, Config, SearchError};
use crate::position::Position;
use crate::rng::Rng;
use crate::variant::Move;
use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;

/// One process of a distributed search: its threads run jobs; it is asked for its
/// playouts and its best so far from another thread (the one that talks to the others).
pub struct Rank {
    inner: Box<dyn RankOps>,
}

impl fmt::Debug for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rank").field("playouts", &self.inner.playouts()).finish_non_exhaustive()
    }
}

impl Rank {
    /// A rank of the search of `root` with `config` (as the coordinator's), for `threads`
    /// threads, each of which calls `work` with its number.
    pub fn new(root: &Position, config: Config, threads: usize) -> Result<Rank, SearchError> {
        SearchError::check_ends(root)?;
        config.validate()?;
        let threads = threads.max(1);
        Ok(Rank {
            inner: match config.code {
                CodeKind::Line => Box::new(RankOf::new(Morpion::<false>::new(root), config, threads)),
                CodeKind::LineDot => Box::new(RankOf::new(Morpion::<true>::new(root), config, threads)),
            },
        })
    }

    /// Takes a job in: brings the rank's copy of its run's policy up to date. Jobs must be
    /// accepted in the order the coordinator gave them (each update starts where the one
    /// before ended), so the thread that receives them accepts them, before handing them to
    /// the working threads in any order.
    pub fn accept(&self, job: Job) -> Result<Accepted, SyncError> {
        if job.iter.is_some() {
            self.inner.catch_up(job.run, &job.alive, &job.sync)?;
        }
        Ok(Accepted(job))
    }

    /// Thread `thread` (below the rank's `threads`) runs the jobs `next` gives, one after
    /// the other, and hands each result to `done`, until `next` has none. An iteration
    /// starts from the rank's copy of its run's policy as it is then. After `stop`, a job
    /// under way returns at once with what it found (not complete).
    pub fn work(
        &self,
        thread: usize,
        next: &mut dyn FnMut() -> Option<Accepted>,
        done: &mut dyn FnMut(Done),
    ) {
        self.inner.work(thread, next, done);
    }

    /// Stops the jobs under way (within a playout or so) and every later one.
    pub fn stop(&self) {
        self.inner.stop();
    }

    /// Playouts done by the rank's threads so far (counted in batches of 64 a thread).
    pub fn playouts(&self) -> u64 {
        self.inner.playouts()
    }

    /// The rank's best sequence so far: its score and steps from the root.
    pub fn best(&self) -> Option<(i64, Vec<u32>)> {
        self.inner.best()
    }
}

/// A job whose policy update the rank has taken in ([`Rank::accept`]): ready to run.
#[derive(Debug)]
pub struct Accepted(Job);

impl Accepted {
    /// The job.
    pub fn job(&self) -> &Job {
        &self.0
    }
}

trait RankOps: Send + Sync {
    fn catch_up(&self, run: u32, alive: &[u32], sync: &PolicySync) -> Result<(), SyncError>;
    fn work(&self, thread: usize, next: &mut dyn FnMut() -> Option<Accepted>, done: &mut dyn FnMut(Done));
    fn stop(&self);
    fn playouts(&self) -> u64;
    fn best(&self) -> Option<(i64, Vec<u32>)>;
}

/// A rank's copy of a run's policy, as up to date as the last job of that run it ran.
struct Copy<M> {
    policy: Policy,
    /// The newest best it knows (the only one later adapts may still use) and its index.
    last: Option<(u32, Seq<M>)>,
    bests: u32,
    adapts: u32,
}

struct Copies<M> {
    runs: HashMap<u32, Copy<M>>,
    scratch: Scratch,
}

struct RankOf<P: TrustedCodes> {
    problem: P,
    config: Config,
    /// Where every run's policy starts (the search's code space read once).
    prior: Prior,
    monitors: Vec<Monitor<Move>>,
    copies: Mutex<Copies<P::Move>>,
}

impl<P: TrustedCodes<Move = Move> + FindStep> RankOf<P> {
    fn new(problem: P, config: Config, threads: usize) -> Self {
        let prior = Prior::of(&problem, config.prior);
        RankOf {
            problem,
            config,
            monitors: (0..threads).map(|_| Monitor::new()).collect(),
            copies: Mutex::new(Copies { runs: HashMap::new(), scratch: Scratch::new(prior.codes()) }),
            prior,
        }
    }

    /// Copies the rank's copy of `run`'s policy into `into`.
    fn policy_of(&self, run: u32, into: &mut Policy) {
        let copies = self.copies.lock().unwrap_or_else(|e| e.into_inner());
        match copies.runs.get(&run) {
            Some(c) => into.copy_from(&c.policy),
            // accepted, then dropped by a later job's list of live runs: the run is over
            None => into.reset(),
        }
    }
}

impl<P: TrustedCodes<Move = Move> + FindStep + 'static> RankOps for RankOf<P> {
    /// Brings the rank's copy of `run` up to date with `sync`.
    fn catch_up(&self, run: u32, alive: &[u32], sync: &PolicySync) -> Result<(), SyncError> {
        let mut copies = self.copies.lock().unwrap_or_else(|e| e.into_inner());
        let copies = &mut *copies;
        copies.runs.retain(|id, _| alive.contains(id));
        let c = copies.runs.entry(run).or_insert_with(|| Copy {
            policy: self.prior.policy(),
            last: None,
            bests: 0,
            adapts: 0,
        });
        if (sync.known_bests, sync.known_adapts) != (c.bests, c.adapts) {
            return Err(SyncError::Mismatch {
                run,
                assumed: (sync.known_bests, sync.known_adapts),
                has: (c.bests, c.adapts),
            });
        }
        let mut state = self.problem.clone();
        let mut fresh: Vec<(u32, Seq<Move>)> = Vec::with_capacity(sync.bests.len());
        for (i, steps) in sync.bests.iter().enumerate() {
            // only adapted to, never compared: no tie-break
            let seq = seq_of(&self.problem, steps, &mut state, false).ok_or(SyncError::BadBest { run })?;
            fresh.push((c.bests + i as u32, seq));
        }
        // check every adapt's best before changing the copy
        for &(b, _) in &sync.adapts {
            if !fresh.iter().any(|(i, _)| *i == b) && c.last.as_ref().is_none_or(|(i, _)| *i != b) {
                return Err(SyncError::MissingBest { run, best: b });
            }
        }
        let learning = self.config.learning();
        for &(b, count) in &sync.adapts {
            let seq = match fresh.iter().find(|(i, _)| *i == b) {
                Some((_, seq)) => seq,
                None => &c.last.as_ref().expect("checked above").1,
            };
            for _ in 0..count {
                c.policy.adapt(seq, &learning, &mut copies.scratch);
            }
            c.adapts += count;
        }
        c.bests += sync.bests.len() as u32;
        if let Some(newest) = fresh.pop() {
            c.last = Some(newest);
        }
        Ok(())
    }

    fn work(&self, thread: usize, next: &mut dyn FnMut() -> Option<Accepted>, done: &mut dyn FnMut(Done)) {
        let Some(monitor) = self.monitors.get(thread) else {
            panic!("thread {thread} of a rank of {} threads", self.monitors.len())
        };
        let top = self.config.level;
        let mut tick = || {};
        // SAFETY: P is TrustedCodes (its codes are below the code space), so no check is needed
        let mut w =
            unsafe { Worker::<P, false>::new(&self.problem, &self.prior, &self.config, monitor, &mut tick) };
        let mut sent = None;
        while let Some(Accepted(job)) = next() {
            w.set_budget(job.limit);
            let before = monitor.progress(0.0).playouts;
            let level = match job.iter {
                None => {
                    w.rng = Rng::new(stream(self.config.seed, job.run, 0));
                    w.policy_mut(top).reset();
                    top
                }
                Some(iter) => {
                    self.policy_of(job.run, w.policy_mut(top - 1));
                    w.rng = Rng::new(stream(self.config.seed, job.run, iter + 1));
                    top - 1
                }
            };
            if !monitor.is_stopped() {
                w.level(level);
            }
            w.flush();
            let result = w.result(level);
            let best = (result.score != i64::MIN).then(|| {
                let steps = steps_of(&self.problem, &result.moves).expect("a playout's moves replay");
                (result.score, steps)
            });
            let found = match monitor.best_score() {
                Some(s) if Some(s) > sent => {
                    sent = Some(s);
                    Some((
                        s,
                        steps_of(&self.problem, &monitor.best_moves()).expect("a playout's moves replay"),
                    ))
                }
                _ => None,
            };
            done(Done {
                run: job.run,
                iter: job.iter,
                best,
                found,
                playouts: monitor.progress(0.0).playouts - before,
                complete: !monitor.is_stopped(),
            });
        }
    }

    fn stop(&self) {
        for m in &self.monitors {
            m.stop();
        }
    }

    fn playouts(&self) -> u64 {
        self.monitors.iter().map(|m| m.progress(0.0).playouts).sum()
    }

    fn best(&self) -> Option<(i64, Vec<u32>)> {
        let m = self.monitors.iter().filter(|m| m.best_score().is_some()).max_by_key(|m| m.best_score())?;
        let score = m.best_score()?;
        Some((score, steps_of(&self.problem, &m.best_moves())?))
    }
}
