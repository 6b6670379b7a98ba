//! What goes wrong between the coordinator and a rank: a message that does not fit.

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

/// A job whose policy update does not fit the rank's copy of its run: the coordinator and
/// the rank disagree (a bug, or ranks of different builds). The rank cannot go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyncError {
    /// The update starts where the rank's copy is not.
    Mismatch {
        /// The run.
        run: u32,
        /// Bests and adapts the update assumes the copy has.
        assumed: (u32, u32),
        /// Bests and adapts the copy has.
        has: (u32, u32),
    },
    /// An adapt uses a best the rank does not have.
    MissingBest {
        /// The run.
        run: u32,
        /// The best's index.
        best: u32,
    },
    /// A best's steps are not legal moves.
    BadBest {
        /// The run.
        run: u32,
    },
}

impl fmt::Display for SyncError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyncError::Mismatch { run, assumed, has } => write!(
                f,
                "run {run}: the coordinator thinks this rank's policy has {} bests and {} adapts, it has {} and {}",
                assumed.0, assumed.1, has.0, has.1
            ),
            SyncError::MissingBest { run, best } => {
                write!(f, "run {run}: an adapt uses best {best}, which this rank does not have")
            }
            SyncError::BadBest { run } => write!(f, "run {run}: a best sent to this rank has an illegal move"),
        }
    }
}

impl std::error::Error for SyncError {}
