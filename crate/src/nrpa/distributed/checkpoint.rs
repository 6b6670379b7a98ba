//! A distributed search's state as plain data, to go on after the job died: the runs under
//! way (their bests as moves and which best each adapt used, from which the policies are
//! rebuilt exactly), the iterations given out and not answered (done again on resume), the
//! budget left and the best game. Moves, not steps: a checkpoint stays readable by a later
//! version of the program.

use super::mismatch::{Setting, Value};
use super::replay::{seq_of, steps_of};
use super::top::{Run, Top};
use crate::geom::{Dir, Point};
use crate::nrpa::policy::Seq;
use crate::nrpa::problem::{FindStep, TrustedCodes};
use crate::nrpa::{Budget, Config, RunSummary, SearchError, MAX_LISTED_RUNS};
use crate::position::Position;
use crate::variant::Move;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What this program writes, and the only thing it reads back.
const FORMAT: &str = "morpion-nrpa-checkpoint-1";

/// The same for a search whose top-level runs have their own length (`top_iterations`):
/// a program older than that field would read past it and resume runs of N iterations,
/// so such a checkpoint carries a format it refuses.
const FORMAT_TOP_RUNS: &str = "morpion-nrpa-checkpoint-2";

/// The format a checkpoint with these top-level iterations carries: written so, and read
/// back only so.
fn format_of(top_iterations: Option<u32>) -> &'static str {
    if top_iterations.is_some() {
        FORMAT_TOP_RUNS
    } else {
        FORMAT
    }
}

/// A move as data: x, y of the new dot, direction index (0-3), index of the dot in its line.
type MoveRec = [i32; 4];

pub(super) fn moves_rec(moves: &[Move]) -> Vec<MoveRec> {
    moves.iter().map(|m| [m.dot.x, m.dot.y, m.dir.index() as i32, m.pos as i32]).collect()
}

fn moves_of(recs: &[MoveRec], line_len: usize) -> Result<Vec<Move>, CheckpointError> {
    recs.iter()
        .map(|&[x, y, d, p]| {
            if !(0..4).contains(&d) || !(0..line_len as i32).contains(&p) {
                return Err(CheckpointError::Damaged(format!("the move [{x},{y},{d},{p}] is not a move")));
            }
            Ok(Move::new(Point::new(x, y), Dir::from_index(d as usize), p as u8))
        })
        .collect()
}

/// The saved state of a distributed search (serde: the command line writes it as JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    format: String,
    variant: String,
    /// The start as drawn ([`crate::Start::spec`]: the root's moves and the best game are
    /// in its frame; absent in checkpoints written before starts existed: the cross).
    #[serde(default = "cross")]
    start: String,
    root: Vec<MoveRec>,
    level: u32,
    iterations: u32,
    /// A top-level run's iterations when not `iterations` (absent before they existed, and
    /// when not set: `iterations`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    top_iterations: Option<u32>,
    alpha: f64,
    seed: u64,
    code: String,
    /// Playouts per adapt at level 1 and the weight clamp (absent in checkpoints written
    /// before they existed: Rosin's 1 and none).
    #[serde(default = "one")]
    stabilize: u32,
    #[serde(default)]
    clamp: Option<f64>,
    /// The prior's strength (absent before it existed: 0, none).
    #[serde(default)]
    prior: f64,
    /// Ties to the problem's tie-break (absent before it existed: false, Rosin's).
    #[serde(default)]
    tie_break: bool,
    /// `one-run`, `playouts` or `until-stopped`.
    budget: String,
    /// The whole playout budget (with `playouts`), and what is not yet given out.
    budget_playouts: Option<u64>,
    remaining: Option<u64>,
    elapsed: f64,
    next_run: u32,
    runs_done: u32,
    playouts: u64,
    runs: Vec<RunRec>,
    /// The runs that finished, for the report (absent before it listed them, and when
    /// none has: the list starts empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    ended: Vec<EndedRec>,
    /// Jobs given out and not answered: run, iteration (none: a whole run), playout limit.
    redo: Vec<(u32, Option<u32>, u64)>,
    best: Option<Vec<MoveRec>>,
}

/// A run under way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct RunRec {
    pub(super) id: u32,
    pub(super) bests: Vec<Vec<MoveRec>>,
    pub(super) log: Vec<u32>,
    /// The iteration that first reached the run's best (absent before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) best_at: Option<u32>,
    /// An iteration had less than a whole job's playouts (absent: none had).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(super) cut: bool,
    pub(super) started: u32,
    pub(super) pending: Vec<(u32, u64)>,
    pub(super) done: u32,
}

/// A run that ended: its best and the iteration that first reached it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct EndedRec {
    run: u32,
    best: Option<i64>,
    best_iteration: Option<u32>,
    /// Its last iterations had less than a whole job's playouts (absent: none had).
    #[serde(default, skip_serializing_if = "is_false")]
    cut: bool,
}

fn is_false(b: &bool) -> bool {
    !b
}

/// Why a checkpoint cannot be resumed.
#[derive(Clone, Debug, PartialEq)]
pub enum CheckpointError {
    /// The search itself cannot start.
    Search(SearchError),
    /// The checkpoint is of another search: the first setting that differs, with the
    /// checkpoint's value and the command's. Which option gives the saved value back is the
    /// front end's to say: the core knows no options.
    Mismatch {
        /// What differs.
        what: Setting,
        /// The checkpoint's value.
        saved: Value,
        /// The command's value.
        asked: Value,
    },
    /// Not a checkpoint of this program, or damaged: what is wrong.
    Damaged(String),
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Search(e) => write!(f, "{e}"),
            CheckpointError::Mismatch { what, saved, asked } => {
                write!(
                    f,
                    "the checkpoint is of another search: its {what} is {saved}, this command's is {asked}"
                )
            }
            CheckpointError::Damaged(why) => write!(f, "the checkpoint is damaged: {why}"),
        }
    }
}

impl std::error::Error for CheckpointError {}

fn budget_name(b: Budget) -> (&'static str, Option<u64>) {
    match b {
        Budget::OneRun => ("one-run", None),
        Budget::Playouts(n) => ("playouts", Some(n)),
        Budget::UntilStopped => ("until-stopped", None),
    }
}

/// The budget `budget_name` gave `name` and `playouts`, if it is one.
fn budget_named(name: &str, playouts: Option<u64>) -> Option<Budget> {
    match (name, playouts) {
        ("one-run", None) => Some(Budget::OneRun),
        ("playouts", Some(n)) => Some(Budget::Playouts(n)),
        ("until-stopped", None) => Some(Budget::UntilStopped),
        _ => None,
    }
}

impl Checkpoint {
    pub(super) fn new<P: TrustedCodes<Move = Move>>(
        top: &Top<P>,
        runs: Vec<RunRec>,
        redo: Vec<(u32, Option<u32>, u64)>,
        elapsed: f64,
    ) -> Checkpoint {
        let (budget, budget_playouts) = budget_name(top.budget);
        Checkpoint {
            format: format_of(top.config.top_iterations).to_string(),
            variant: top.root.variant().to_string(),
            start: top.root.start().spec(top.root.variant()),
            root: moves_rec(top.root.moves()),
            level: top.config.level,
            iterations: top.config.iterations,
            top_iterations: top.config.top_iterations,
            alpha: top.config.alpha,
            seed: top.config.seed,
            code: top.config.code.name().to_string(),
            stabilize: top.config.stabilize,
            clamp: top.config.clamp,
            prior: top.config.prior,
            tie_break: top.config.tie_break,
            budget: budget.to_string(),
            budget_playouts,
            remaining: (top.remaining != u64::MAX).then_some(top.remaining),
            elapsed,
            next_run: top.next_run,
            runs_done: top.runs_done,
            playouts: top.playouts,
            runs,
            ended: top
                .ended
                .iter()
                .map(|r| EndedRec {
                    run: r.run,
                    best: r.best,
                    best_iteration: r.best_iteration,
                    cut: !r.finished,
                })
                .collect(),
            redo,
            best: top.best.as_ref().map(|(_, moves)| moves_rec(moves)),
        }
    }

    /// The search's seconds when the checkpoint was made (a time budget goes on from there).
    pub fn elapsed(&self) -> f64 {
        self.elapsed
    }

    /// Playouts done when the checkpoint was made.
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// Runs finished when the checkpoint was made.
    pub fn runs_done(&self) -> u32 {
        self.runs_done
    }

    /// Length of the best game saved (moves from the start), if any.
    pub fn best_len(&self) -> Option<usize> {
        self.best.as_ref().map(|b| self.root.len() + b.len())
    }

    /// Whether the checkpoint is of the search `root`, `config`, `budget` would start.
    pub(super) fn matches(
        &self,
        root: &Position,
        config: &Config,
        budget: Budget,
    ) -> Result<(), CheckpointError> {
        let format = format_of(self.top_iterations);
        if self.format != format {
            return Err(CheckpointError::Damaged(format!("its format is '{}', not {format}", self.format)));
        }
        let Some(saved_budget) = budget_named(&self.budget, self.budget_playouts) else {
            let count = self.budget_playouts.map_or("no count".to_string(), |n| format!("a count of {n}"));
            return Err(CheckpointError::Damaged(format!(
                "its budget is '{}' with {count}, where this program writes one-run or until-stopped \
                 without a count, or playouts with one",
                self.budget
            )));
        };
        let differ = |what, saved: Value, asked: Value| {
            if saved == asked {
                Ok(())
            } else {
                Err(CheckpointError::Mismatch { what, saved, asked })
            }
        };
        let given = |v: &dyn ToString| Value::Given(v.to_string());
        // In the order that names the cause first: the first difference is the one reported.
        differ(Setting::Variant, given(&self.variant), given(&root.variant()))?;
        // a continued game brings its own start: another game is the cause, not its start
        differ(Setting::StartPosition, Value::Moves(self.root.len()), Value::Moves(root.score()))?;
        if self.root != moves_rec(root.moves()) {
            return differ(Setting::StartPosition, Value::OtherGame, Value::ThisGame);
        }
        differ(Setting::Start, given(&self.start), given(&root.start().spec(root.variant())))?;
        // the budget before the level, whose default follows it; the playout budget first,
        // so that the budget's kinds differ only between one run and until stopped
        let playouts = |b: Budget| Value::Playouts(budget_name(b).1);
        differ(Setting::PlayoutBudget, playouts(saved_budget), playouts(budget))?;
        differ(Setting::Budget, Value::Budget(saved_budget), Value::Budget(budget))?;
        differ(Setting::Level, given(&self.level), given(&config.level))?;
        differ(Setting::Iterations, given(&self.iterations), given(&config.iterations))?;
        let saved_run = self.top_iterations.unwrap_or(self.iterations);
        differ(Setting::TopIterations, given(&saved_run), given(&config.run_iterations()))?;
        differ(Setting::Alpha, given(&self.alpha), given(&config.alpha))?;
        differ(Setting::Seed, given(&self.seed), given(&config.seed))?;
        differ(Setting::MoveCode, given(&self.code), given(&config.code.name()))?;
        // the bound before the playouts per adapt: no bound is Rosin's NRPA, whose name
        // gives both back at once
        differ(Setting::WeightClamp, Value::Clamp(self.clamp), Value::Clamp(config.clamp))?;
        differ(Setting::PlayoutsPerAdapt, given(&self.stabilize), given(&config.stabilize))?;
        // + 0.0: -0 and 0 are the same prior
        differ(Setting::Prior, given(&(self.prior + 0.0)), given(&(config.prior + 0.0)))?;
        differ(Setting::TieRule, given(&tie_rule(self.tie_break)), given(&tie_rule(config.tie_break)))?;
        Ok(())
    }
}

/// A tie rule as `search --ties` takes it.
fn tie_rule(tie_break: bool) -> &'static str {
    if tie_break {
        "compact"
    } else {
        "newer"
    }
}

/// Puts a checkpoint's state into a new `Top` (whose root and config it matches).
pub(super) fn restore<P: TrustedCodes<Move = Move> + FindStep>(
    top: &mut Top<P>,
    cp: &Checkpoint,
) -> Result<(), CheckpointError> {
    let damaged = |why: String| CheckpointError::Damaged(why);
    let line_len = top.root.variant().line_len() as usize;
    let n = top.config.run_iterations();
    let mut state = top.problem.clone();
    let mut seq_from =
        |top: &Top<P>, recs: &[MoveRec], what: &str| -> Result<(Vec<u32>, Seq<Move>), CheckpointError> {
            let moves = moves_of(recs, line_len)?;
            let steps = steps_of(&top.problem, &moves)
                .ok_or_else(|| damaged(format!("{what} has an illegal move")))?;
            let seq = seq_of(&top.problem, &steps, &mut state, top.config.tie_break)
                .expect("steps just found replay");
            Ok((steps, seq))
        };
    if cp.next_run == 0 {
        return Err(damaged("its next run is 0".into()));
    }
    // the budget left is there exactly when there is a playout budget, and within it
    match (top.budget, cp.remaining) {
        (Budget::Playouts(all), Some(left)) if left <= all => {}
        (Budget::Playouts(_), _) => return Err(damaged("its playout budget left does not fit".into())),
        (_, Some(_)) => return Err(damaged("it has a playout budget left, the search has none".into())),
        (_, None) => {}
    }
    let mut ids = std::collections::HashSet::new();
    for r in &cp.runs {
        let mut iters: Vec<u32> = r.pending.iter().map(|&(i, _)| i).collect();
        iters.sort_unstable();
        iters.dedup();
        // every iteration started is done or still to do, once; a finished run is not kept
        let fits = r.id > 0
            && r.id < cp.next_run
            && ids.insert(r.id)
            && r.started <= n
            && r.done < n
            && iters.len() == r.pending.len()
            && r.done as usize + r.pending.len() == r.started as usize
            && r.best_at.is_none_or(|at| (1..=r.started).contains(&at) && !r.bests.is_empty());
        if !fits {
            return Err(damaged(format!("run {} does not fit the search", r.id)));
        }
        let mut bests = Vec::new();
        let mut seqs = Vec::new();
        for (i, b) in r.bests.iter().enumerate() {
            let (steps, seq) = seq_from(top, b, &format!("run {}'s best {}", r.id, i + 1))?;
            bests.push(steps);
            seqs.push(seq);
        }
        let mut policy = top.prior.policy();
        let learning = top.config.learning();
        for &b in &r.log {
            let seq = seqs
                .get(b as usize)
                .ok_or_else(|| damaged(format!("run {} adapts with a best it lacks", r.id)))?;
            policy.adapt(seq, &learning, &mut top.scratch);
        }
        for &(iter, limit) in &r.pending {
            if iter >= r.started {
                return Err(damaged(format!("run {} iteration {iter} was not started", r.id)));
            }
            top.redo.push((r.id, Some(iter), limit));
        }
        top.runs.push(Run {
            id: r.id,
            policy,
            best: seqs.pop().unwrap_or_else(Seq::none),
            best_at: r.best_at,
            cut: r.cut,
            bests,
            log: r.log.clone(),
            started: r.started,
            pending: Vec::new(),
            done: r.done,
        });
    }
    for &(run, iter, limit) in &cp.redo {
        let again = top.redo.iter().any(|j| j.0 == run);
        if iter.is_some() || top.config.level > 1 || run == 0 || run >= cp.next_run || again {
            return Err(damaged(format!("a job of run {run} to redo does not fit the search")));
        }
        top.redo.push((run, None, limit));
    }
    // the oldest first: `next_job` takes from the end
    top.redo.sort_by_key(|&(run, iter, _)| std::cmp::Reverse((run, iter)));
    if let Some(best) = &cp.best {
        let (_, seq) = seq_from(top, best, "the best game")?;
        top.best = Some((seq.score, seq.moves));
    }
    // the runs that ended: each once, not under way, of a search with iterations to list,
    // no better than the best game
    let best_score = top.best.as_ref().map(|(s, _)| *s);
    for e in &cp.ended {
        let fits = e.run > 0
            && e.run < cp.next_run
            && ids.insert(e.run)
            && top.config.level > 1
            && e.best.is_some() == e.best_iteration.is_some()
            && e.best.is_none_or(|b| best_score.is_some_and(|best| b <= best))
            && e.best_iteration.is_none_or(|at| (1..=n).contains(&at))
            && top.ended.len() < MAX_LISTED_RUNS;
        if !fits {
            return Err(damaged(format!("the run {} listed as ended does not fit the search", e.run)));
        }
        top.ended.push(RunSummary {
            run: e.run,
            best: e.best,
            best_iteration: e.best_iteration,
            iterations: n,
            finished: !e.cut,
        });
    }
    if top.ended.iter().filter(|r| r.finished).count() > cp.runs_done as usize {
        return Err(damaged(format!("it lists more finished runs than the {} it counts", cp.runs_done)));
    }
    top.next_run = cp.next_run.max(1);
    top.runs_done = cp.runs_done;
    top.playouts = cp.playouts;
    if let Some(r) = cp.remaining {
        top.remaining = r;
    }
    Ok(())
}

/// Serde's default for `start`.
fn cross() -> String {
    "cross".to_string()
}

/// Serde's default for `stabilize`.
fn one() -> u32 {
    1
}
