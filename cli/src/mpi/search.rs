//! `morpion-mpi search`: rank 0 runs the core's `Coordinator` (and a `Rank` of its own on
//! its threads); every other rank runs a `Rank`. The coordinator keeps each rank's threads
//! busy with one job each, saves the best game as it improves, checkpoints every few
//! seconds and before each new best is saved, and stops everyone at the budget, the
//! deadline, or a signal.

use super::checkpoint_file::CheckpointFile;
use super::net::Net;
use super::pool::Pool;
use super::resume_option::refusal;
use super::{start_all, Down, RankError, Setup as AnySetup, Up, POLL, POLL_SHORT};
use crate::best_file::Outcome;
use crate::search::{budget_of, prepare, Args, Keeper, Prepared, Report};
use crate::search_report::{finish, saved};
use crate::{stop_signals, warn, Quit};
use morpion::geom::{Dir, Point};
use morpion::nrpa::distributed::{Accepted, Checkpoint, Coordinator, Done, Rank};
use morpion::nrpa::{Budget, Config, Progress};
use morpion::{Move, Position, Start, Variant};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the coordinator saves its checkpoint.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(5);

/// How long the coordinator waits, once it asked every rank to stop, for the jobs under
/// way to come back (a stopped job returns within a playout; a lost one is done again on
/// resume).
const STOP_WAIT: Duration = Duration::from_secs(3);

/// How long a rank that got a stop signal itself waits for the coordinator's word.
const ORPHAN_WAIT: Duration = Duration::from_secs(10);

/// A rank that has said nothing for this long (it reports every second) is given up on:
/// its jobs go to the others. Under mpirun a dead rank ends the job; under srun without
/// `--kill-on-bad-exit` it may not.
const LOST_AFTER: Duration = Duration::from_secs(60);

#[derive(clap::Args)]
pub(crate) struct ResumeArgs {
    /// Where the search's checkpoint is kept (replaced every 5 seconds and whenever the
    /// best improves, removed when the search ends; kept when it is interrupted).
    /// Default: OUT.checkpoint with --out, else morpion-search.checkpoint here.
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Go on from the checkpoint of an interrupted search started with the same options:
    /// the jobs that were under way are done again, nothing else.
    #[arg(long)]
    resume: bool,
}

/// What a working rank needs: the root, the config and its threads.
#[derive(Serialize, Deserialize)]
pub(super) struct Setup {
    variant: String,
    /// The start's code, when it is not the cross.
    #[serde(default)]
    start: Option<String>,
    root: Vec<[i32; 4]>,
    level: u32,
    iterations: u32,
    #[serde(default)]
    top_iterations: Option<u32>,
    alpha: f64,
    seed: u64,
    code: String,
    stabilize: u32,
    clamp: Option<f64>,
    prior: f64,
    tie_break: bool,
    threads: u32,
}

pub(super) struct Plan {
    prepared: Prepared,
    budget: Budget,
    ranks: usize,
    file: CheckpointFile,
    resumed: Option<Checkpoint>,
    coord: Coordinator,
}

/// Everything rank 0 checks before any rank starts.
pub(super) fn plan(ranks: usize, args: Args, resume: ResumeArgs) -> Result<Plan, Quit> {
    // beside the game's file; for standard output, a device or a FIFO, in this folder
    let beside = |out: &PathBuf| {
        out.as_os_str() != "-"
            && matches!(crate::out_file::resolve(out), Ok(crate::out_file::Target::Regular(_)))
    };
    let default_checkpoint = match &args.out {
        Some(out) if beside(out) => {
            let mut p = out.clone().into_os_string();
            p.push(".checkpoint");
            PathBuf::from(p)
        }
        _ => PathBuf::from("morpion-search.checkpoint"),
    };
    let out = args.out.clone();
    let mut prepared = prepare(args, 1, "thread a rank")?;
    prepared.describe.push_str(&format!(", {ranks} rank{}", if ranks == 1 { "" } else { "s" }));
    let budget = budget_of(prepared.time, prepared.playouts);
    let path = resume.checkpoint.unwrap_or(default_checkpoint);
    // the config is checked before the checkpoint file is claimed
    let fresh =
        Coordinator::new(&prepared.root, prepared.config.clone(), budget).map_err(|e| e.to_string())?;
    let (file, resumed) = CheckpointFile::open(&path, resume.resume, out.as_deref())?;
    let coord = match &resumed {
        Some(cp) => Coordinator::resume(&prepared.root, prepared.config.clone(), budget, cp)
            .map_err(|e| format!("{}: {}", path.display(), refusal(&e, cp.elapsed())))?,
        None => fresh,
    };
    if let Some(cp) = &resumed {
        warn(&format!(
            "resuming from {}: {:.1} s, {} playouts and {} runs done, best {}",
            path.display(),
            cp.elapsed(),
            cp.playouts(),
            cp.runs_done(),
            cp.best_len().map_or("-".to_string(), |n| n.to_string())
        ));
    }
    Ok(Plan { prepared, budget, ranks, file, resumed, coord })
}

fn setup_of(p: &Prepared) -> Setup {
    let c = &p.config;
    Setup {
        variant: p.root.variant().to_string(),
        start: (!p.root.start().is_cross(p.root.variant())).then(|| p.root.start().code()),
        root: p.root.moves().iter().map(|m| [m.dot.x, m.dot.y, m.dir.index() as i32, m.pos as i32]).collect(),
        level: c.level,
        iterations: c.iterations,
        top_iterations: c.top_iterations,
        alpha: c.alpha,
        seed: c.seed,
        code: c.code.name().to_string(),
        stabilize: c.stabilize,
        clamp: c.clamp,
        prior: c.prior,
        tie_break: c.tie_break,
        threads: p.threads as u32,
    }
}

fn from_setup(s: &Setup) -> Result<(Position, Config), String> {
    let variant: Variant = s.variant.parse().map_err(|e| format!("{e}"))?;
    let moves: Vec<Move> = s
        .root
        .iter()
        .map(|&[x, y, d, p]| Move::new(Point::new(x, y), Dir::from_index(d as usize), p as u8))
        .collect();
    let start = match &s.start {
        Some(code) => Start::from_code(code).map_err(|e| e.to_string())?,
        None => Start::cross(variant),
    };
    let root = Position::from_moves_on(variant, start, &moves).map_err(|e| e.to_string())?;
    let code = s.code.parse()?;
    let config = Config {
        level: s.level,
        iterations: s.iterations,
        top_iterations: s.top_iterations,
        alpha: s.alpha,
        seed: s.seed,
        code,
        stabilize: s.stabilize,
        clamp: s.clamp,
        prior: s.prior,
        tie_break: s.tie_break,
    };
    config.validate().map_err(|e| crate::search_options::with_flag(&e))?;
    Ok((root, config))
}

/// How long to wait between looks at MPI: jobs are level L-1 searches (or whole level-1
/// runs), 100^(L-1) playouts (times the playouts per adapt).
fn poll_for(config: &Config) -> Duration {
    if config.level >= 3 {
        POLL
    } else {
        POLL_SHORT
    }
}

/// A rank's threads running jobs.
fn spawn(rank: &Arc<Rank>, threads: usize) -> Pool<Accepted, Done> {
    let r = Arc::clone(rank);
    Pool::spawn(threads, move |i, next, done| r.work(i, next, done))
}

/// What rank 0 knows of every rank (itself included) while the search runs.
struct Ranks {
    /// Jobs given and not answered.
    busy: Vec<usize>,
    /// Playouts each rank reported last.
    live: Vec<u64>,
    /// When each rank was last heard from.
    heard: Vec<Instant>,
    /// Ranks given up on (silent too long): no job goes to them any more.
    lost: Vec<bool>,
}

/// Rank 0: hands out jobs, folds results, keeps the best, checkpoints; works too.
pub(super) fn coordinate(net: &mut Net, plan: Plan, o: &mut impl Write) -> Result<(), Quit> {
    let Plan { mut prepared, budget, ranks, file, resumed, mut coord } = plan;
    let setup = setup_of(&prepared);
    start_all(net, |_| AnySetup::Search(setup_of(&prepared)));
    let threads = setup.threads as usize;
    let poll = poll_for(&prepared.config);
    let local =
        Arc::new(Rank::new(&prepared.root, prepared.config.clone(), threads).map_err(|e| e.to_string())?);
    let pool = spawn(&local, threads);
    let signal = Arc::new(AtomicBool::new(false));
    stop_signals::watch(&signal);
    let base_elapsed = resumed.as_ref().map_or(0.0, Checkpoint::elapsed);
    let base_playouts = resumed.as_ref().map_or(0, Checkpoint::playouts);
    let start = Instant::now();
    let elapsed = || base_elapsed + start.elapsed().as_secs_f64();
    let mut at = Ranks {
        busy: vec![0; ranks],
        live: vec![0; ranks],
        heard: vec![start; ranks],
        lost: vec![false; ranks],
    };
    let mut stopping: Option<Instant> = None;
    let mut interrupted = false;
    // a bug that makes going on pointless (rank 0's own copy disagrees): said at the end
    let mut fatal: Option<String> = None;
    let (mut last_line, mut last_checkpoint) = (start, start);
    let mut keeper = Keeper::default();
    let fold = |coord: &mut Coordinator, at: &mut Ranks, from: usize, d: Done| {
        at.busy[from] = at.busy[from].saturating_sub(1);
        if let Err(e) = coord.fold(from, d) {
            warn(&format!("warning: {e}"));
        }
    };
    let mut rank_signal = false;
    // the last checkpoint save failed (said once until one succeeds)
    let mut unsaved = false;
    // the claimed file holds a checkpoint from the start
    save(&file, &coord, elapsed(), &mut unsaved);
    loop {
        while let Some((from, msg)) = net.try_recv::<Up>() {
            at.heard[from] = Instant::now();
            match msg {
                Ok(Up::Done(d)) => fold(&mut coord, &mut at, from, d),
                Ok(Up::Progress { playouts, found }) => {
                    at.live[from] = playouts;
                    if let Some((score, steps)) = found {
                        if let Err(e) = coord.offer(from, score, &steps) {
                            warn(&format!("warning: {e}"));
                        }
                    }
                }
                Ok(Up::Signal) => rank_signal = true,
                Ok(Up::Solved { .. }) => warn(&format!("warning: rank {from} sent an octagon to a search")),
                Err(e) => warn(&format!("warning: {e}")),
            }
        }
        if let Some(d) = pool.result(poll) {
            fold(&mut coord, &mut at, 0, d);
        }
        at.live[0] = local.playouts();
        at.heard[0] = Instant::now();
        let now = Instant::now();
        // a rank silent this long is gone (a node died and MPI did not end the job)
        for r in 1..ranks {
            if !at.lost[r] && now - at.heard[r] >= LOST_AFTER {
                at.lost[r] = true;
                let n = coord.forget(r);
                at.busy[r] = 0;
                warn(&format!(
                    "warning: rank {r} has said nothing for {} s: its {n} job{} go to the other ranks",
                    LOST_AFTER.as_secs(),
                    if n == 1 { "" } else { "s" }
                ));
            }
        }
        if stopping.is_none() && fatal.is_none() {
            for r in 0..ranks {
                while !at.lost[r] && at.busy[r] < threads {
                    let Some(job) = coord.next_job(r) else { break };
                    if r == 0 {
                        match local.accept(job) {
                            Ok(job) => pool.give(job),
                            Err(e) => {
                                fatal = Some(format!("rank 0: {e}"));
                                break;
                            }
                        }
                    } else {
                        net.send(r, &Down::Job(job));
                    }
                    at.busy[r] += 1;
                }
            }
        }
        let signalled = signal.load(Ordering::SeqCst) || rank_signal;
        let time_up = prepared.time.is_some_and(|t| elapsed() >= t.as_secs_f64());
        if stopping.is_none() && (signalled || time_up || fatal.is_some()) {
            if signalled {
                interrupted = true;
                warn("interrupted: stopping every rank and keeping the best game (a second Ctrl+C or stop signal quits at once)");
            }
            coord.stop();
            for r in (1..ranks).filter(|&r| !at.lost[r]) {
                net.send(r, &Down::Stop);
            }
            local.stop();
            stopping = Some(now);
            if interrupted || fatal.is_some() {
                // at once: mpirun may follow its SIGTERM with a SIGKILL within seconds
                save(&file, &coord, elapsed(), &mut unsaved);
            }
        }
        keeper.look(coord.best_score().map(|s| s as usize), || {
            // the checkpoint first: a job killed between the two writes (mpirun ends rank 0
            // when another rank dies) leaves no better game in --out than the one --resume
            // starts from
            save(&file, &coord, elapsed(), &mut unsaved);
            last_checkpoint = Instant::now();
            match &mut prepared.out {
                Some(out) => out.offer(&coord.best_game()),
                None => Ok(()),
            }
        });
        if coord.is_over() {
            break;
        }
        if stopping.is_some_and(|t| t.elapsed() >= STOP_WAIT) {
            let n = coord.progress().in_flight;
            let what = if interrupted { "a --resume does them again" } else { "the time was up" };
            warn(&format!("{n} job{} did not come back in time ({what})", if n == 1 { "" } else { "s" }));
            break;
        }
        if now.saturating_duration_since(last_checkpoint) >= CHECKPOINT_EVERY {
            last_checkpoint = now;
            save(&file, &coord, elapsed(), &mut unsaved);
        }
        if !prepared.quiet && now - last_line >= Duration::from_secs(1) {
            last_line = now;
            let p = coord.progress();
            let playouts = base_playouts + at.live.iter().sum::<u64>();
            let t = elapsed();
            warn(&format!(
                "{t:>8.1} s  {playouts:>12} playouts  {:>8.0}/s  best {}  run {} iteration {}/{}  {ranks} rank{}",
                (playouts - base_playouts) as f64 / start.elapsed().as_secs_f64().max(1e-9),
                coord.best_score().map_or("-".to_string(), |s| s.to_string()),
                p.run,
                p.iteration,
                p.iterations,
                if ranks == 1 { "" } else { "s" }
            ));
        }
    }
    for r in (1..ranks).filter(|&r| !at.lost[r]) {
        net.send(r, &Down::Finish);
    }
    local.stop();
    for d in pool.close() {
        fold(&mut coord, &mut at, 0, d);
    }
    let t = elapsed();
    let kept = interrupted || fatal.is_some();
    if kept && save(&file, &coord, t, &mut unsaved) {
        warn(&format!("checkpoint saved: {} (--resume goes on from it)", file.path().display()));
    }
    let best = coord.best_game();
    let failure = keeper.last(coord.best_score().map(|s| s as usize), || match &mut prepared.out {
        Some(out) => out.offer(&best),
        None => Ok(()),
    });
    // a finished search's checkpoint goes once its last best is in --out (or a game as long
    // or longer is there): killed before, the job leaves the checkpoint to resume from; and
    // when the best could not be saved there, the checkpoint keeps it. Asked once: the
    // report and the exit status say the same as the checkpoint's fate
    let saved = saved(prepared.out.as_ref(), &best, failure.as_ref());
    let not_in_out = matches!(saved, Err(_) | Ok(Some((Outcome::NotSaved, _))));
    if !kept && not_in_out {
        if save(&file, &coord, t, &mut unsaved) {
            warn(&format!(
                "checkpoint kept: {} (the best game is not in --out; --resume goes on from it)",
                file.path().display()
            ));
        }
    } else if !kept {
        if let Err(e) = file.remove() {
            warn(&format!("warning: the finished search's checkpoint stays: {e}"));
        }
    }
    let p = coord.progress();
    let session = p.playouts.saturating_sub(base_playouts);
    let progress = Progress {
        best_score: coord.best_score(),
        playouts: p.playouts,
        elapsed: t,
        playouts_per_second: session as f64 / start.elapsed().as_secs_f64().max(1e-9),
        run: p.run,
        runs_done: p.runs_done,
        iteration: p.iteration,
        iterations: p.iterations,
        stopped: stopping.is_some() || matches!(budget, Budget::Playouts(_)),
        paused: false,
    };
    let traffic = net.traffic;
    let extra = serde_json::json!({
        "ranks": ranks,
        "ranks_lost": at.lost.iter().filter(|&&l| l).count(),
        "resumed": resumed.is_some(),
        "bytes_received": traffic.received_bytes,
        "messages_received": traffic.received,
        "bytes_sent": traffic.sent_bytes,
        "messages_sent": traffic.sent,
    });
    let report =
        Report { best, progress, interrupted, stop: signal, runs: coord.runs(), save_error: failure };
    let ended = finish(prepared, report, saved, Some(extra), o);
    // a rank's fatal error is said even when the end failed too (its game not saved)
    match (fatal, ended) {
        (None, ended) => ended,
        (Some(e), Err(Quit::Error(m))) => {
            Err(format!("{m}\n{e} (the search stopped; its checkpoint is kept)").into())
        }
        (Some(e), _) => Err(format!("{e} (the search stopped; its checkpoint is kept)").into()),
    }
}

/// Saves a checkpoint; a failure is said, not fatal (the next one may succeed). `unsaved`:
/// the last save failed, so a failure again is not said again (checkpoints come every few
/// seconds and with every new best).
fn save(file: &CheckpointFile, coord: &Coordinator, elapsed: f64, unsaved: &mut bool) -> bool {
    match file.save(&coord.checkpoint(elapsed)) {
        Ok(()) => {
            if std::mem::take(unsaved) {
                warn("the checkpoint is saved again");
            }
            true
        }
        Err(e) => {
            if !std::mem::replace(unsaved, true) {
                warn(&format!(
                    "warning: the checkpoint was not saved: {e} (the search goes on and tries again)"
                ));
            }
            false
        }
    }
}

/// Any other rank: runs the jobs it is given until the coordinator says it is over.
pub(super) fn work(net: &mut Net, setup: Setup) -> Result<(), RankError> {
    let (root, config) = from_setup(&setup).map_err(RankError::Setup)?;
    let threads = setup.threads.max(1) as usize;
    let poll = poll_for(&config);
    let rank = Arc::new(Rank::new(&root, config, threads).map_err(|e| RankError::Setup(e.to_string()))?);
    let pool = spawn(&rank, threads);
    let signal = Arc::new(AtomicBool::new(false));
    stop_signals::watch(&signal);
    let mut signalled: Option<Instant> = None;
    let mut last_progress = Instant::now();
    let mut sent_best: Option<i64> = None;
    let mut failed = None;
    'talk: loop {
        while let Some((_, msg)) = net.try_recv::<Down>() {
            match msg {
                // taken in here, in the order given: each update starts where the last ended
                Ok(Down::Job(job)) => match rank.accept(job) {
                    Ok(job) => pool.give(job),
                    Err(e) => {
                        failed = Some(RankError::Sync(e));
                        break 'talk;
                    }
                },
                Ok(Down::Stop) => rank.stop(),
                Ok(Down::Finish) => break 'talk,
                Ok(Down::Octagon { .. }) => {
                    warn(&format!("rank {}: an octagon came to a search", net.rank()))
                }
                Err(e) => {
                    failed = Some(RankError::Decode(e));
                    break 'talk;
                }
            }
        }
        if let Some(done) = pool.result(poll) {
            if let Some((s, _)) = &done.found {
                sent_best = sent_best.max(Some(*s));
            }
            net.send(0, &Up::Done(done));
        }
        if signalled.is_none() && signal.load(Ordering::SeqCst) {
            // Rank 0 leads the stop: mpirun passes Ctrl+C or SIGTERM to every rank, but a
            // signal to this rank alone must stop the job too, so it is passed on.
            rank.stop();
            net.send(0, &Up::Signal);
            signalled = Some(Instant::now());
        }
        if signalled.is_some_and(|t| t.elapsed() >= ORPHAN_WAIT) {
            break;
        }
        if last_progress.elapsed() >= Duration::from_secs(1) {
            last_progress = Instant::now();
            let found = rank.best().filter(|(s, _)| Some(*s) > sent_best);
            if let Some((s, _)) = &found {
                sent_best = Some(*s);
            }
            net.send(0, &Up::Progress { playouts: rank.playouts(), found });
        }
    }
    rank.stop();
    pool.close();
    failed.map_or(Ok(()), Err)
}
