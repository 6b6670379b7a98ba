//! NRPA shared out over processes that share no memory (MPI ranks, or anything that carries
//! bytes): the same scheme as `parallel` shares the top level over threads, with messages.
//!
//! - The [`Coordinator`] holds the top level: its runs, their policies and best sequences,
//!   the budget. It hands out [`Job`]s (a level L-1 iteration of a run, or a whole run at
//!   level 1) and folds each [`Done`] into its run (`>=` replaces the run's best, then the
//!   run's policy adapts), exactly as a thread does under `parallel`'s lock.
//! - A [`Rank`] runs jobs on its threads. It keeps a copy of each live run's policy, which a
//!   job brings up to date: the policy is about 160 KB dense, so a job carries not the
//!   policy but what changed it since the rank's copy, the run's new best sequences and
//!   which best each adapt used. Adapt is deterministic, so the copy equals the
//!   coordinator's policy bit for bit, for a few bytes an adapt.
//! - Sequences travel as steps, the index of each move among the legal moves of its ply:
//!   a byte a move. Both sides rebuild what adapt needs (the codes of every ply) by
//!   replaying them from the root.
//! - A [`Checkpoint`] is the coordinator's state as plain data (moves, not steps): resuming
//!   from it redoes the iterations that were under way and nothing else.
//!
//! Nothing here knows MPI: the command line's `mpi` module carries the messages, and the
//! tests here carry them in memory. With one rank of one thread and a seed, the search finds
//! the game `Search` finds with that seed on one thread.

mod checkpoint;
mod coordinator;
mod errors;
mod mismatch;
mod rank;
mod replay;
mod top;

pub use checkpoint::{Checkpoint, CheckpointError};
pub use coordinator::{Coordinator, TopProgress};
pub use errors::{FoldError, SyncError};
pub use mismatch::{Setting, Value};
pub use rank::{Accepted, Rank};

use serde::{Deserialize, Serialize};

/// A piece of work for a rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Job {
    /// The top-level run.
    pub run: u32,
    /// The iteration of the run (from 0), a level L-1 search from the run's policy; `None`:
    /// the whole run (when the top level is 1, iterations are single playouts).
    pub iter: Option<u32>,
    /// Playouts at most (the end of a `--playouts` budget); `u64::MAX`: the job's own size.
    pub limit: u64,
    /// The runs still going: the rank drops its copies of the others.
    pub alive: Vec<u32>,
    /// How the rank's copy of the run's policy catches up (empty for a whole run).
    pub sync: PolicySync,
}

/// What a run's policy learned since a rank's copy of it: the run's best sequences it has
/// not seen, then the adapts, each naming the best it used.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicySync {
    /// Bests and adapts the rank's copy already has (checked by the rank).
    pub known_bests: u32,
    /// Adapts the rank's copy already has.
    pub known_adapts: u32,
    /// The run's bests from `known_bests` on, as steps.
    pub bests: Vec<Vec<u32>>,
    /// The adapts from `known_adapts` on, run-length coded: (index of the best, count).
    pub adapts: Vec<(u32, u32)>,
}

/// A job's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Done {
    /// The job's run and iteration.
    pub run: u32,
    /// As in [`Job::iter`].
    pub iter: Option<u32>,
    /// The best sequence the job found: its score and steps (None if not one playout ended).
    pub best: Option<(i64, Vec<u32>)>,
    /// The thread's best playout so far (its score and steps), when it beats the one its
    /// previous result carried: the first playout to reach a score, which is the game a
    /// search keeps (a job's own best is its last playout of the best score).
    pub found: Option<(i64, Vec<u32>)>,
    /// Playouts the job did.
    pub playouts: u64,
    /// The job ran to its end (not stopped): only then is it folded into its run.
    pub complete: bool,
}

#[cfg(test)]
mod tests;
