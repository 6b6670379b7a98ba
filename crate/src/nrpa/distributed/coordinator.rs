//! The coordinator: the top level of a distributed search, fed by messages.

use super::checkpoint::{self, Checkpoint, CheckpointError, RunRec};
use super::replay::seq_of;
use super::{Done, Job, PolicySync};
use crate::nrpa::policy::{Policy, Scratch, Seq};
use crate::nrpa::problem::{FindStep, Morpion, TrustedCodes};
use crate::nrpa::{Budget, CodeKind, Config, SearchError};
use crate::position::Position;
use crate::variant::Move;
use std::collections::HashMap;
use std::fmt;

/// A message from a rank that does not fit the search: the rank and the coordinator
/// disagree (a bug or a damaged message). The search goes on without it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FoldError {
    /// A result for a job the rank was not given.
    NotGiven {
        /// The rank that sent it.
        rank: usize,
        /// Its run and iteration.
        run: u32,
        /// Its iteration.
        iter: Option<u32>,
    },
    /// A step is not a legal move where it is played.
    BadSteps {
        /// The rank that sent it.
        rank: usize,
    },
    /// The steps do not score what the message says.
    BadScore {
        /// The rank that sent it.
        rank: usize,
        /// What the message said.
        said: i64,
        /// What the steps score.
        found: i64,
    },
}

impl fmt::Display for FoldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FoldError::NotGiven { rank, run, iter } => match iter {
                Some(i) => {
                    write!(f, "rank {rank} sent a result for run {run} iteration {i}, which it was not given")
                }
                None => write!(f, "rank {rank} sent a result for run {run}, which it was not given"),
            },
            FoldError::BadSteps { rank } => write!(f, "rank {rank} sent a sequence with an illegal move"),
            FoldError::BadScore { rank, said, found } => {
                write!(f, "rank {rank} said a sequence scores {said}, but it scores {found}")
            }
        }
    }
}

impl std::error::Error for FoldError {}

/// Where the top level is, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TopProgress {
    /// The newest run started.
    pub run: u32,
    /// Its iterations folded.
    pub iteration: u32,
    /// Iterations a run has.
    pub iterations: u32,
    /// Runs finished (before a resume too).
    pub runs_done: u32,
    /// Playouts of every result received (before a resume too).
    pub playouts: u64,
    /// Jobs given and not yet answered.
    pub in_flight: usize,
}

/// The top level of a distributed search: hands out jobs, folds results, keeps the best.
pub struct Coordinator {
    top: Box<dyn TopOps>,
}

impl fmt::Debug for Coordinator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Coordinator").field("progress", &self.top.progress()).finish_non_exhaustive()
    }
}

impl Coordinator {
    /// A new search of `root`'s continuations. Refuses what `Search::new` refuses.
    pub fn new(root: &Position, config: Config, budget: Budget) -> Result<Coordinator, SearchError> {
        check(root, &config)?;
        Ok(Coordinator {
            top: match config.code {
                CodeKind::Line => Box::new(Top::new(Morpion::<false>::new(root), root, config, budget)),
                CodeKind::LineDot => Box::new(Top::new(Morpion::<true>::new(root), root, config, budget)),
            },
        })
    }

    /// The search a checkpoint saved, going on: `root`, `config` and the kind of `budget`
    /// must be those of the search that wrote it (the budget left is the checkpoint's).
    pub fn resume(
        root: &Position,
        config: Config,
        budget: Budget,
        cp: &Checkpoint,
    ) -> Result<Coordinator, CheckpointError> {
        check(root, &config).map_err(CheckpointError::Search)?;
        cp.matches(root, &config, budget)?;
        let top: Box<dyn TopOps> = match config.code {
            CodeKind::Line => Box::new(Top::restore(Morpion::<false>::new(root), root, config, budget, cp)?),
            CodeKind::LineDot => {
                Box::new(Top::restore(Morpion::<true>::new(root), root, config, budget, cp)?)
            }
        };
        Ok(Coordinator { top })
    }

    /// The next job for `rank` (any number naming it: its policy copies are tracked by
    /// it), or `None` when there is none to give now: the budget is spent, the one run is
    /// all given out, or the search is stopped.
    pub fn next_job(&mut self, rank: usize) -> Option<Job> {
        self.top.next_job(rank)
    }

    /// A job's result from `rank`: kept as the best if it is, and folded into its run if it
    /// is complete. A result that does not fit is refused and changes nothing.
    pub fn fold(&mut self, rank: usize, done: Done) -> Result<(), FoldError> {
        self.top.fold(rank, done)
    }

    /// A rank's best so far, sent while its job runs (so the best game shows before the
    /// job ends): kept if it beats the best. Returns whether it did.
    pub fn offer(&mut self, rank: usize, score: i64, steps: &[u32]) -> Result<bool, FoldError> {
        self.top.offer(rank, score, steps)
    }

    /// No job is given from now on; the jobs under way are still received.
    pub fn stop(&mut self) {
        self.top.stop();
    }

    /// No job is under way and none will be given: the search is over.
    pub fn is_over(&self) -> bool {
        self.top.is_over()
    }

    /// Jobs given to `rank` and not answered: what it was doing if it is lost.
    pub fn jobs_of(&self, rank: usize) -> usize {
        self.top.jobs_of(rank)
    }

    /// Where the search is.
    pub fn progress(&self) -> TopProgress {
        self.top.progress()
    }

    /// The best score so far (moves from the start, the root's included).
    pub fn best_score(&self) -> Option<i64> {
        self.top.best_score()
    }

    /// The best game so far: the root's moves, then the best sequence found.
    pub fn best_game(&self) -> Position {
        self.top.best_game()
    }

    /// The state as data, to resume from. `elapsed`: the search's seconds so far.
    pub fn checkpoint(&self, elapsed: f64) -> Checkpoint {
        self.top.checkpoint(elapsed)
    }
}

fn check(root: &Position, config: &Config) -> Result<(), SearchError> {
    if root.variant().line_len() < 4 {
        return Err(SearchError::EndlessVariant(root.variant()));
    }
    config.validate()
}

/// The coordinator's operations, whatever the move code (one `Top` per code).
trait TopOps: Send {
    fn next_job(&mut self, rank: usize) -> Option<Job>;
    fn fold(&mut self, rank: usize, done: Done) -> Result<(), FoldError>;
    fn offer(&mut self, rank: usize, score: i64, steps: &[u32]) -> Result<bool, FoldError>;
    fn stop(&mut self);
    fn is_over(&self) -> bool;
    fn jobs_of(&self, rank: usize) -> usize;
    fn progress(&self) -> TopProgress;
    fn best_score(&self) -> Option<i64>;
    fn best_game(&self) -> Position;
    fn checkpoint(&self, elapsed: f64) -> Checkpoint;
}

/// A top-level run in progress.
pub(super) struct Run<M> {
    pub(super) id: u32,
    pub(super) policy: Policy,
    pub(super) best: Seq<M>,
    /// Every best the run had, as steps, in order: what adapts name.
    pub(super) bests: Vec<Vec<u32>>,
    /// For every adapt so far, the index in `bests` of the best it used.
    pub(super) log: Vec<u32>,
    /// Iterations started fresh (the next fresh one is this).
    pub(super) started: u32,
    /// Iterations given and not yet folded, with their playout limits.
    pub(super) pending: Vec<(u32, u64)>,
    /// Iterations folded.
    pub(super) done: u32,
}

/// A job given out, by rank.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Given {
    run: u32,
    iter: Option<u32>,
}

pub(super) struct Top<P: TrustedCodes> {
    pub(super) problem: P,
    pub(super) state: P,
    pub(super) root: Position,
    pub(super) config: Config,
    pub(super) budget: Budget,
    /// Playouts not yet given out (`u64::MAX`: no playout budget).
    pub(super) remaining: u64,
    pub(super) runs: Vec<Run<P::Move>>,
    /// Whole runs (top level 1) given and not yet folded: run, limit.
    pub(super) wholes: Vec<(u32, u64)>,
    /// Jobs to give again before any new one (those under way when a checkpoint was made).
    pub(super) redo: Vec<(u32, Option<u32>, u64)>,
    pub(super) next_run: u32,
    pub(super) runs_done: u32,
    pub(super) playouts: u64,
    pub(super) best: Option<(i64, Vec<P::Move>)>,
    pub(super) scratch: Scratch,
    pub(super) stopped: bool,
    /// What each rank's copy of each run's policy has: (bests, adapts).
    known: HashMap<(usize, u32), (u32, u32)>,
    given: HashMap<usize, Vec<Given>>,
}

impl<P: TrustedCodes<Move = Move> + FindStep + 'static> Top<P> {
    pub(super) fn new(problem: P, root: &Position, config: Config, budget: Budget) -> Self {
        let codes = problem.code_space();
        Top {
            state: problem.clone(),
            problem,
            root: root.clone(),
            remaining: match budget {
                Budget::Playouts(n) => n,
                _ => u64::MAX,
            },
            config,
            budget,
            runs: Vec::new(),
            wholes: Vec::new(),
            redo: Vec::new(),
            next_run: 1,
            runs_done: 0,
            playouts: 0,
            best: None,
            scratch: Scratch::new(codes),
            stopped: false,
            known: HashMap::new(),
            given: HashMap::new(),
        }
    }

    fn restore(
        problem: P,
        root: &Position,
        config: Config,
        budget: Budget,
        cp: &Checkpoint,
    ) -> Result<Self, CheckpointError> {
        let mut top = Top::new(problem, root, config, budget);
        checkpoint::restore(&mut top, cp)?;
        Ok(top)
    }

    /// Playouts of one job: a level L-1 search, or a whole level-1 run.
    fn job_size(&self) -> u64 {
        let l = self.config.level.saturating_sub(1).max(1);
        (self.config.iterations as u64).saturating_pow(l)
    }

    fn may_start(&self) -> bool {
        self.budget != Budget::OneRun || self.next_run == 1
    }

    /// Takes a job's playouts from the budget: its limit, or None when it is spent.
    fn take_budget(&mut self) -> Option<u64> {
        let size = self.job_size();
        if self.remaining == u64::MAX {
            return Some(size);
        }
        let limit = size.min(self.remaining);
        if limit == 0 {
            return None;
        }
        self.remaining -= limit;
        Some(limit)
    }

    fn alive(&self) -> Vec<u32> {
        self.runs.iter().map(|r| r.id).collect()
    }

    fn sync_for(&mut self, rank: usize, run: u32) -> PolicySync {
        let Some(r) = self.runs.iter().find(|r| r.id == run) else { return PolicySync::default() };
        let (kb, ka) = self.known.get(&(rank, run)).copied().unwrap_or((0, 0));
        let mut adapts: Vec<(u32, u32)> = Vec::new();
        for &b in &r.log[ka as usize..] {
            match adapts.last_mut() {
                Some((last, n)) if *last == b => *n += 1,
                _ => adapts.push((b, 1)),
            }
        }
        // The missing adapts use the rank's last best (kb - 1, which it keeps) or later ones:
        // each adapt uses the newest best, and the rank had bests up to kb - 1 when it
        // had adapts up to ka.
        let from = kb;
        let sync = PolicySync {
            known_bests: from,
            known_adapts: ka,
            bests: r.bests[from as usize..].to_vec(),
            adapts,
        };
        self.known.insert((rank, run), (r.bests.len() as u32, r.log.len() as u32));
        sync
    }

    fn give(&mut self, rank: usize, run: u32, iter: Option<u32>, limit: u64) -> Job {
        self.given.entry(rank).or_default().push(Given { run, iter });
        let sync = if iter.is_some() { self.sync_for(rank, run) } else { PolicySync::default() };
        // a rank's copies of finished runs are forgotten with them
        let alive = self.alive();
        self.known.retain(|&(_, run), _| alive.contains(&run));
        Job { run, iter, limit, alive, sync }
    }

    fn keep_best(&mut self, seq: &Seq<Move>) -> bool {
        if self.best.as_ref().is_some_and(|(s, _)| *s >= seq.score) {
            return false;
        }
        self.best = Some((seq.score, seq.moves.clone()));
        true
    }

    fn replay(&mut self, rank: usize, score: i64, steps: &[u32]) -> Result<Seq<Move>, FoldError> {
        let seq = seq_of(&self.problem, steps, &mut self.state).ok_or(FoldError::BadSteps { rank })?;
        if seq.score != score {
            return Err(FoldError::BadScore { rank, said: score, found: seq.score });
        }
        Ok(seq)
    }
}

impl<P: TrustedCodes<Move = Move> + FindStep + 'static> TopOps for Top<P> {
    fn next_job(&mut self, rank: usize) -> Option<Job> {
        if self.stopped {
            return None;
        }
        if let Some((run, iter, limit)) = self.redo.pop() {
            if let Some(i) = iter {
                let r =
                    self.runs.iter_mut().find(|r| r.id == run).expect("a redone iteration's run is alive");
                r.pending.push((i, limit));
            } else {
                self.wholes.push((run, limit));
            }
            return Some(self.give(rank, run, iter, limit));
        }
        let n = self.config.iterations;
        if self.config.level <= 1 {
            if !self.may_start() {
                return None;
            }
            let limit = self.take_budget()?;
            let run = self.next_run;
            self.next_run += 1;
            self.wholes.push((run, limit));
            return Some(self.give(rank, run, None, limit));
        }
        if !self.runs.iter().any(|r| r.started < n) {
            if !self.may_start() || self.remaining == 0 {
                return None;
            }
            let codes = self.problem.code_space();
            self.runs.push(Run {
                id: self.next_run,
                policy: Policy::new(codes),
                best: Seq::none(),
                bests: Vec::new(),
                log: Vec::new(),
                started: 0,
                pending: Vec::new(),
                done: 0,
            });
            self.next_run += 1;
        }
        let limit = self.take_budget()?;
        let r = self.runs.iter_mut().find(|r| r.started < n).expect("a run with an iteration to start");
        let (run, iter) = (r.id, r.started);
        r.started += 1;
        r.pending.push((iter, limit));
        Some(self.give(rank, run, Some(iter), limit))
    }

    fn fold(&mut self, rank: usize, done: Done) -> Result<(), FoldError> {
        let job = Given { run: done.run, iter: done.iter };
        let given = self.given.entry(rank).or_default();
        let Some(at) = given.iter().position(|g| *g == job) else {
            return Err(FoldError::NotGiven { rank, run: done.run, iter: done.iter });
        };
        let seq = match &done.best {
            Some((score, steps)) => Some(self.replay(rank, *score, steps)?),
            None => None,
        };
        let found = match &done.found {
            Some((score, steps)) => Some(self.replay(rank, *score, steps)?),
            None => None,
        };
        self.given.get_mut(&rank).expect("looked up above").swap_remove(at);
        self.playouts += done.playouts;
        // the first playout to reach a score first, so that ties keep the older game
        for s in found.iter().chain(&seq) {
            self.keep_best(s);
        }
        if !done.complete {
            // stopped half way: its best is kept, the job stays to do (a resume redoes it)
            return Ok(());
        }
        let Some(iter) = done.iter else {
            self.wholes.retain(|&(run, _)| run != done.run);
            self.runs_done += 1;
            return Ok(());
        };
        let alpha = self.config.alpha;
        let n = self.config.iterations;
        let Some(i) = self.runs.iter().position(|r| r.id == done.run) else {
            return Err(FoldError::NotGiven { rank, run: done.run, iter: done.iter });
        };
        let r = &mut self.runs[i];
        r.pending.retain(|&(it, _)| it != iter);
        if let (Some(seq), Some((_, steps))) = (seq, done.best) {
            // `>=`: an equal score replaces the best (Rosin's choice), as in `parallel`
            if seq.score >= r.best.score {
                r.best = seq;
                if r.bests.last() != Some(&steps) {
                    r.bests.push(steps);
                }
            }
        }
        if !r.bests.is_empty() {
            r.policy.adapt(&r.best, alpha, &mut self.scratch);
            r.log.push(r.bests.len() as u32 - 1);
        }
        r.done += 1;
        if r.done == n {
            self.runs.remove(i);
            self.runs_done += 1;
        }
        Ok(())
    }

    fn offer(&mut self, rank: usize, score: i64, steps: &[u32]) -> Result<bool, FoldError> {
        if self.best.as_ref().is_some_and(|(s, _)| *s >= score) {
            return Ok(false);
        }
        let seq = self.replay(rank, score, steps)?;
        Ok(self.keep_best(&seq))
    }

    fn stop(&mut self) {
        self.stopped = true;
    }

    fn is_over(&self) -> bool {
        if self.given.values().any(|g| !g.is_empty()) {
            return false;
        }
        if self.stopped {
            return true;
        }
        if !self.redo.is_empty() {
            return false;
        }
        let one_run_done = self.budget == Budget::OneRun
            && self.next_run > 1
            && self.runs.is_empty()
            && self.wholes.is_empty();
        self.remaining == 0 || one_run_done
    }

    fn jobs_of(&self, rank: usize) -> usize {
        self.given.get(&rank).map_or(0, Vec::len)
    }

    fn progress(&self) -> TopProgress {
        let newest = self.runs.last();
        TopProgress {
            run: self.next_run.saturating_sub(1),
            iteration: newest.filter(|r| r.id + 1 == self.next_run).map_or(0, |r| r.done),
            iterations: self.config.iterations,
            runs_done: self.runs_done,
            playouts: self.playouts,
            in_flight: self.given.values().map(Vec::len).sum(),
        }
    }

    fn best_score(&self) -> Option<i64> {
        self.best.as_ref().map(|(s, _)| *s)
    }

    fn best_game(&self) -> Position {
        let mut p = self.root.clone();
        if let Some((_, moves)) = &self.best {
            for &m in moves {
                p.play(m);
            }
        }
        p
    }

    fn checkpoint(&self, elapsed: f64) -> Checkpoint {
        let runs = self
            .runs
            .iter()
            .map(|r| RunRec {
                id: r.id,
                bests: r
                    .bests
                    .iter()
                    .map(|steps| {
                        let mut state = self.problem.clone();
                        let seq = seq_of(&self.problem, steps, &mut state).expect("a run's bests replay");
                        checkpoint::moves_rec(&seq.moves)
                    })
                    .collect(),
                log: r.log.clone(),
                started: r.started,
                // given out and unanswered, or still to give again after a resume
                pending: r
                    .pending
                    .iter()
                    .copied()
                    .chain(self.redo.iter().filter(|j| j.0 == r.id).filter_map(|&(_, i, l)| Some((i?, l))))
                    .collect(),
                done: r.done,
            })
            .collect();
        let mut redo: Vec<(u32, Option<u32>, u64)> =
            self.redo.iter().copied().filter(|j| j.1.is_none()).collect();
        redo.extend(self.wholes.iter().map(|&(run, limit)| (run, None, limit)));
        Checkpoint::new(self, runs, redo, elapsed)
    }
}
