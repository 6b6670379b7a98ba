//! The coordinator: the top level of a distributed search, fed by messages.

use super::checkpoint::{Checkpoint, CheckpointError};
use super::errors::FoldError;
use super::top::Top;
use super::{Done, Job};
use crate::nrpa::problem::Morpion;
use crate::nrpa::{Budget, CodeKind, Config, RunSummary, SearchError};
use crate::position::Position;
use std::fmt;

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
    /// is complete. A result that does not fit is refused and changes nothing, but the job,
    /// if it was given to that rank, is given again. An incomplete result (a rank stopped)
    /// is given again too, unless the search is stopping (then a resume redoes it).
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

    /// `rank` is lost (it stopped answering): its jobs are given again, to other ranks,
    /// before any new one; anything it sends later is refused. Returns how many it had.
    pub fn forget(&mut self, rank: usize) -> usize {
        self.top.forget(rank)
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

    /// What each top-level run found, as [`crate::nrpa::Monitor::runs`] lists a threaded
    /// search's: the finished runs (those of the search before a resume included), then the
    /// runs under way, cut short if the search is over.
    pub fn runs(&self) -> Vec<RunSummary> {
        self.top.runs()
    }

    /// The state as data, to resume from. `elapsed`: the search's seconds so far.
    pub fn checkpoint(&self, elapsed: f64) -> Checkpoint {
        self.top.checkpoint(elapsed)
    }
}

fn check(root: &Position, config: &Config) -> Result<(), SearchError> {
    SearchError::check_ends(root)?;
    config.validate()
}

/// The coordinator's operations, whatever the move code (one `Top` per code).
pub(super) trait TopOps: Send {
    fn next_job(&mut self, rank: usize) -> Option<Job>;
    fn fold(&mut self, rank: usize, done: Done) -> Result<(), FoldError>;
    fn offer(&mut self, rank: usize, score: i64, steps: &[u32]) -> Result<bool, FoldError>;
    fn stop(&mut self);
    fn is_over(&self) -> bool;
    fn jobs_of(&self, rank: usize) -> usize;
    fn forget(&mut self, rank: usize) -> usize;
    fn progress(&self) -> TopProgress;
    fn best_score(&self) -> Option<i64>;
    fn runs(&self) -> Vec<RunSummary>;
    fn best_game(&self) -> Position;
    fn checkpoint(&self, elapsed: f64) -> Checkpoint;
}
