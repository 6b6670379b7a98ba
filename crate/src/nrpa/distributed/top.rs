//! The top level's state: the runs, the jobs given out, the budget, the best. The
//! coordinator's operations on it, for one move code (`P`).

use super::checkpoint::{self, Checkpoint, CheckpointError, RunRec};
use super::coordinator::{TopOps, TopProgress};
use super::errors::FoldError;
use super::replay::seq_of;
use super::{Done, Job, PolicySync};
use crate::nrpa::parallel::first_at;
use crate::nrpa::policy::{Policy, Prior, Scratch, Seq};
use crate::nrpa::problem::{FindStep, TrustedCodes};
use crate::nrpa::{Budget, Config, RunSummary, MAX_LISTED_RUNS};
use crate::position::Position;
use crate::variant::Move;
use std::collections::HashMap;

/// A top-level run in progress.
pub(super) struct Run<M> {
    pub(super) id: u32,
    pub(super) policy: Policy,
    pub(super) best: Seq<M>,
    /// The iteration (1 for the first) whose result first reached `best`'s score.
    pub(super) best_at: Option<u32>,
    /// An iteration of it had less than a whole job's playouts (the budget's end): it
    /// does not finish.
    pub(super) cut: bool,
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

impl<M> Run<M> {
    pub(super) fn summary(&self, finished: bool) -> RunSummary {
        RunSummary::of(self.id, self.best.score, self.best_at, self.done, finished)
    }
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
    /// The runs that finished, in the order they ended (the first `MAX_LISTED_RUNS`);
    /// `runs` lists them in run order, as `Monitor::runs` lists a threaded search's.
    pub(super) ended: Vec<RunSummary>,
    pub(super) playouts: u64,
    pub(super) best: Option<(i64, Vec<P::Move>)>,
    pub(super) scratch: Scratch,
    /// Where every run's policy starts.
    pub(super) prior: Prior,
    pub(super) stopped: bool,
    /// What each rank's copy of each run's policy has: (bests, adapts).
    known: HashMap<(usize, u32), (u32, u32)>,
    given: HashMap<usize, Vec<Given>>,
}

impl<P: TrustedCodes<Move = Move> + FindStep + 'static> Top<P> {
    pub(super) fn new(problem: P, root: &Position, config: Config, budget: Budget) -> Self {
        let prior = Prior::of(&problem, config.prior);
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
            ended: Vec::new(),
            playouts: 0,
            best: None,
            scratch: Scratch::new(prior.codes()),
            prior,
            stopped: false,
            known: HashMap::new(),
            given: HashMap::new(),
        }
    }

    pub(super) fn restore(
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

    /// Playouts of one job: a level L-1 search, or a whole level-1 run (`stabilize`
    /// playouts per level-1 adapt).
    fn job_size(&self) -> u64 {
        let c = &self.config;
        let level_1 = if c.level <= 1 { c.run_iterations() } else { c.iterations };
        let above = (c.iterations as u64).saturating_pow(c.level.saturating_sub(2));
        above.saturating_mul(level_1 as u64).saturating_mul(c.stabilize as u64)
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

    fn replay(
        &mut self,
        rank: usize,
        score: i64,
        steps: &[u32],
        tie_break: bool,
    ) -> Result<Seq<Move>, FoldError> {
        let seq =
            seq_of(&self.problem, steps, &mut self.state, tie_break).ok_or(FoldError::BadSteps { rank })?;
        if seq.score != score {
            return Err(FoldError::BadScore { rank, said: score, found: seq.score });
        }
        Ok(seq)
    }

    /// A result's sequences, replayed: refused if a step is illegal or a score is wrong.
    #[allow(clippy::type_complexity)]
    fn check(
        &mut self,
        rank: usize,
        done: &Done,
    ) -> Result<(Option<Seq<Move>>, Option<Seq<Move>>), FoldError> {
        // the result is ranked against its run's best; the game found, only scored
        let seq = match &done.best {
            Some((score, steps)) => Some(self.replay(rank, *score, steps, self.config.tie_break)?),
            None => None,
        };
        let found = match &done.found {
            Some((score, steps)) => Some(self.replay(rank, *score, steps, false)?),
            None => None,
        };
        Ok((seq, found))
    }

    /// A job given out goes back to be given again, before any new one.
    fn requeue(&mut self, run: u32, iter: Option<u32>) {
        let limit = match iter {
            Some(i) => self.runs.iter_mut().find(|r| r.id == run).and_then(|r| {
                let at = r.pending.iter().position(|&(it, _)| it == i)?;
                Some(r.pending.swap_remove(at).1)
            }),
            None => self.wholes.iter().position(|&(r, _)| r == run).map(|at| self.wholes.swap_remove(at).1),
        };
        if let Some(limit) = limit {
            self.redo.push((run, iter, limit));
        }
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
        let n = self.config.run_iterations();
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
            self.runs.push(Run {
                id: self.next_run,
                policy: self.prior.policy(),
                best: Seq::none(),
                best_at: None,
                cut: false,
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
        let Some(at) = self.given.get(&rank).and_then(|g| g.iter().position(|x| *x == job)) else {
            return Err(FoldError::NotGiven { rank, run: done.run, iter: done.iter });
        };
        // the job leaves the rank whatever its result: a refused one is given again
        self.given.get_mut(&rank).expect("found above").swap_remove(at);
        let (seq, found) = match self.check(rank, &done) {
            Ok(checked) => checked,
            Err(e) => {
                self.requeue(done.run, done.iter);
                return Err(e);
            }
        };
        self.playouts += done.playouts;
        // the first playout to reach a score first, so that ties keep the older game
        for s in found.iter().chain(&seq) {
            self.keep_best(s);
        }
        if !done.complete {
            // Stopped half way: its best is kept and the job stays to do. A rank that
            // stopped on its own gets it again now; after a stop, a resume redoes it.
            if !self.stopped {
                self.requeue(done.run, done.iter);
            }
            return Ok(());
        }
        let Some(iter) = done.iter else {
            self.wholes.retain(|&(run, _)| run != done.run);
            self.runs_done += 1;
            return Ok(());
        };
        let learning = self.config.learning();
        let size = self.job_size();
        let i = self.runs.iter().position(|r| r.id == done.run).expect("a given iteration's run is alive");
        let r = &mut self.runs[i];
        r.cut |= r.pending.iter().any(|&(it, limit)| it == iter && limit < size);
        r.pending.retain(|&(it, _)| it != iter);
        if let (Some(seq), Some((_, steps))) = (seq, done.best) {
            r.best_at = first_at(r.best_at, r.best.score, seq.score, iter);
            // as in `parallel`: `>=`, and ties to the tie-break if the config has one
            if seq.replaces(&r.best) {
                r.best = seq;
                if r.bests.last() != Some(&steps) {
                    r.bests.push(steps);
                }
            }
        }
        if !r.bests.is_empty() {
            r.policy.adapt(&r.best, &learning, &mut self.scratch);
            r.log.push(r.bests.len() as u32 - 1);
        }
        r.done += 1;
        if r.done == self.config.run_iterations() {
            if self.ended.len() < MAX_LISTED_RUNS {
                self.ended.push(r.summary(!r.cut));
            }
            if !r.cut {
                self.runs_done += 1;
            }
            self.runs.remove(i);
        }
        Ok(())
    }

    fn forget(&mut self, rank: usize) -> usize {
        let jobs = self.given.remove(&rank).unwrap_or_default();
        for g in &jobs {
            self.requeue(g.run, g.iter);
        }
        self.known.retain(|&(r, _), _| r != rank);
        jobs.len()
    }

    fn offer(&mut self, rank: usize, score: i64, steps: &[u32]) -> Result<bool, FoldError> {
        if self.best.as_ref().is_some_and(|(s, _)| *s >= score) {
            return Ok(false);
        }
        // the overall best game: only scored
        let seq = self.replay(rank, score, steps, false)?;
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
            iterations: self.config.run_iterations(),
            runs_done: self.runs_done,
            playouts: self.playouts,
            in_flight: self.given.values().map(Vec::len).sum(),
        }
    }

    fn best_score(&self) -> Option<i64> {
        self.best.as_ref().map(|(s, _)| *s)
    }

    fn runs(&self) -> Vec<RunSummary> {
        let mut under_way: Vec<&Run<Move>> = self.runs.iter().collect();
        under_way.sort_by_key(|r| r.id);
        let cut = under_way.into_iter().map(|r| r.summary(false));
        let mut all: Vec<_> = self.ended.iter().copied().chain(cut).take(MAX_LISTED_RUNS).collect();
        all.sort_by_key(|r| r.run);
        all
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
                        let seq =
                            seq_of(&self.problem, steps, &mut state, false).expect("a run's bests replay");
                        checkpoint::moves_rec(&seq.moves)
                    })
                    .collect(),
                log: r.log.clone(),
                best_at: r.best_at,
                cut: r.cut,
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
