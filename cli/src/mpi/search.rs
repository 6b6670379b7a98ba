//! `morpion-mpi search`: rank 0 runs the core's `Coordinator` (and a `Rank` of its own on
//! its threads); every other rank runs a `Rank`. The coordinator keeps each rank's threads
//! busy with one job each, saves the best game as it improves, checkpoints every few
//! seconds, and stops everyone at the budget, the deadline, or a signal.

use super::checkpoint_file::CheckpointFile;
use super::net::Net;
use super::pool::Pool;
use super::{Down, Setup as AnySetup, Up, POLL, POLL_SHORT};
use crate::search::{finish, prepare, Args, Prepared, Report};
use crate::{stop_signals, warn, Quit};
use morpion::geom::{Dir, Point};
use morpion::nrpa::distributed::{Checkpoint, Coordinator, Done, Job, Rank};
use morpion::nrpa::{Budget, Config, Progress};
use morpion::{Move, Position, Variant};
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

#[derive(clap::Args)]
pub(crate) struct ResumeArgs {
    /// Where the search's checkpoint is kept (replaced every 5 seconds, removed when the
    /// search ends; kept when it is interrupted). Default: OUT.checkpoint with --out,
    /// else morpion-search.checkpoint here.
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
    root: Vec<[i32; 4]>,
    level: u32,
    iterations: u32,
    alpha: f64,
    seed: u64,
    code: String,
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
    let default_checkpoint = match &args.out {
        Some(out) => {
            let mut p = out.clone().into_os_string();
            p.push(".checkpoint");
            PathBuf::from(p)
        }
        None => PathBuf::from("morpion-search.checkpoint"),
    };
    let mut prepared = prepare(args, 1, "thread a rank")?;
    prepared.describe.push_str(&format!(", {ranks} rank{}", if ranks == 1 { "" } else { "s" }));
    let budget = match (prepared.time, prepared.playouts) {
        (_, Some(n)) => Budget::Playouts(n),
        (Some(_), None) => Budget::UntilStopped,
        (None, None) => Budget::OneRun,
    };
    let path = resume.checkpoint.unwrap_or(default_checkpoint);
    let (file, resumed) = CheckpointFile::open(&path, resume.resume)?;
    let coord = match &resumed {
        Some(cp) => Coordinator::resume(&prepared.root, prepared.config.clone(), budget, cp)
            .map_err(|e| format!("{}: {e}", path.display()))?,
        None => {
            Coordinator::new(&prepared.root, prepared.config.clone(), budget).map_err(|e| e.to_string())?
        }
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
        root: p.root.moves().iter().map(|m| [m.dot.x, m.dot.y, m.dir.index() as i32, m.pos as i32]).collect(),
        level: c.level,
        iterations: c.iterations,
        alpha: c.alpha,
        seed: c.seed,
        code: c.code.name().to_string(),
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
    let root = Position::from_moves(variant, &moves).map_err(|e| e.to_string())?;
    let code = s.code.parse()?;
    Ok((root, Config { level: s.level, iterations: s.iterations, alpha: s.alpha, seed: s.seed, code }))
}

/// How long to wait between looks at MPI: jobs are level L-1 searches (or whole level-1
/// runs), 100^(L-1) playouts.
fn poll_for(config: &Config) -> Duration {
    if config.level >= 3 {
        POLL
    } else {
        POLL_SHORT
    }
}

/// A rank's threads running jobs.
fn spawn(rank: &Arc<Rank>, threads: usize) -> Pool<Job, Done> {
    let r = Arc::clone(rank);
    Pool::spawn(threads, move |i, next, done| r.work(i, next, done))
}

/// Rank 0: hands out jobs, folds results, keeps the best, checkpoints; works too.
pub(super) fn coordinate(net: &mut Net, plan: Plan, o: &mut impl Write) -> Result<(), Quit> {
    let Plan { mut prepared, budget, ranks, file, resumed, mut coord } = plan;
    let setup = setup_of(&prepared);
    for r in 1..ranks {
        net.send(r, &AnySetup::Search(setup_of(&prepared)));
    }
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
    let mut outstanding = vec![0usize; ranks];
    let mut live = vec![0u64; ranks];
    let mut stopping: Option<Instant> = None;
    let mut interrupted = false;
    let (mut last_line, mut last_checkpoint) = (start, start);
    let mut offered = None;
    let mut failure: Option<String> = None;
    let fold = |coord: &mut Coordinator, from: usize, d: Done, outstanding: &mut Vec<usize>| {
        outstanding[from] = outstanding[from].saturating_sub(1);
        if let Err(e) = coord.fold(from, d) {
            warn(&format!("warning: {e}"));
        }
    };
    loop {
        while let Some((from, msg)) = net.try_recv::<Up>() {
            match msg {
                Ok(Up::Done(d)) => fold(&mut coord, from, d, &mut outstanding),
                Ok(Up::Progress { playouts, found }) => {
                    live[from] = playouts;
                    if let Some((score, steps)) = found {
                        if let Err(e) = coord.offer(from, score, &steps) {
                            warn(&format!("warning: {e}"));
                        }
                    }
                }
                Ok(Up::Solved { .. }) => warn(&format!("warning: rank {from} sent an octagon to a search")),
                Err(e) => warn(&format!("warning: rank {from}: {e}")),
            }
        }
        if let Some(d) = pool.result(poll) {
            fold(&mut coord, 0, d, &mut outstanding);
        }
        live[0] = local.playouts();
        if stopping.is_none() {
            for (r, busy) in outstanding.iter_mut().enumerate() {
                while *busy < threads {
                    let Some(job) = coord.next_job(r) else { break };
                    if r == 0 {
                        pool.give(job);
                    } else {
                        net.send(r, &Down::Job(job));
                    }
                    *busy += 1;
                }
            }
        }
        let now = Instant::now();
        let time_up = prepared.time.is_some_and(|t| elapsed() >= t.as_secs_f64());
        if stopping.is_none() && (signal.load(Ordering::SeqCst) || time_up) {
            if signal.load(Ordering::SeqCst) {
                interrupted = true;
                warn("interrupted: stopping every rank and keeping the best game (a second Ctrl+C or stop signal quits at once)");
            }
            coord.stop();
            for r in 1..ranks {
                net.send(r, &Down::Stop);
            }
            local.stop();
            stopping = Some(now);
        }
        if coord.best_score() != offered {
            offered = coord.best_score();
            if let Some(out) = &mut prepared.out {
                match out.offer(&coord.best_game()) {
                    Ok(()) => failure = None,
                    Err(e) => {
                        if failure.is_none() {
                            warn(&format!(
                                "warning: {e}; the search goes on and tries again when it improves"
                            ));
                        }
                        failure = Some(e);
                    }
                }
            }
        }
        if coord.is_over() {
            break;
        }
        if stopping.is_some_and(|t| t.elapsed() >= STOP_WAIT) {
            warn(&format!(
                "{} job{} did not come back in time: a --resume does them again",
                coord.progress().in_flight,
                if coord.progress().in_flight == 1 { "" } else { "s" }
            ));
            break;
        }
        if now - last_checkpoint >= CHECKPOINT_EVERY {
            last_checkpoint = now;
            if let Err(e) = file.save(&coord.checkpoint(elapsed())) {
                warn(&format!("warning: the checkpoint was not saved: {e}"));
            }
        }
        if !prepared.quiet && now - last_line >= Duration::from_secs(1) {
            last_line = now;
            let p = coord.progress();
            let playouts = base_playouts + live.iter().sum::<u64>();
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
    for r in 1..ranks {
        net.send(r, &Down::Finish);
    }
    local.stop();
    for d in pool.close() {
        fold(&mut coord, 0, d, &mut outstanding);
    }
    let t = elapsed();
    if interrupted {
        match file.save(&coord.checkpoint(t)) {
            Ok(()) => {
                warn(&format!("checkpoint saved: {} (--resume goes on from it)", file.path().display()))
            }
            Err(e) => warn(&format!("warning: the checkpoint was not saved: {e}")),
        }
    } else if let Err(e) = file.remove() {
        warn(&format!("warning: the finished search's checkpoint stays: {e}"));
    }
    let best = coord.best_game();
    if failure.is_some() || coord.best_score() != offered {
        if let Some(out) = &mut prepared.out {
            failure = out.offer(&best).err();
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
        "resumed": resumed.is_some(),
        "bytes_received": traffic.received_bytes,
        "messages_received": traffic.received,
        "bytes_sent": traffic.sent_bytes,
        "messages_sent": traffic.sent,
    });
    let report = Report { best, progress, interrupted, save_error: failure };
    finish(prepared, report, Some(extra), o)
}

/// Any other rank: runs the jobs it is given until the coordinator says it is over.
pub(super) fn work(net: &mut Net, setup: Setup) -> Result<(), String> {
    let (root, config) = from_setup(&setup)?;
    let threads = setup.threads.max(1) as usize;
    let poll = poll_for(&config);
    let rank = Arc::new(Rank::new(&root, config, threads).map_err(|e| e.to_string())?);
    let pool = spawn(&rank, threads);
    let signal = Arc::new(AtomicBool::new(false));
    stop_signals::watch(&signal);
    let mut signalled: Option<Instant> = None;
    let mut last_progress = Instant::now();
    let mut sent_best: Option<i64> = None;
    'talk: loop {
        while let Some((_, msg)) = net.try_recv::<Down>() {
            match msg {
                Ok(Down::Job(job)) => pool.give(job),
                Ok(Down::Stop) => rank.stop(),
                Ok(Down::Finish) => break 'talk,
                Ok(Down::Octagon { .. }) => {
                    warn(&format!("rank {}: an octagon came to a search", net.rank()))
                }
                Err(e) => warn(&format!("rank {}: {e}", net.rank())),
            }
        }
        if let Some(done) = pool.result(poll) {
            if let Some((s, _)) = &done.found {
                sent_best = sent_best.max(Some(*s));
            }
            net.send(0, &Up::Done(done));
        }
        if signalled.is_none() && signal.load(Ordering::SeqCst) {
            // mpirun passes a Ctrl+C or SIGTERM to every rank: rank 0 leads the stop
            rank.stop();
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
    Ok(())
}
