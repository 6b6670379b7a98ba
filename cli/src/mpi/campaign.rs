//! `morpion-mpi bound campaign`: rank 0 hands the octagons out one at a time, largest (and
//! slowest) first, to whichever thread of whichever rank is free (their LPs differ in cost
//! by 10x, so a fixed split would leave ranks idle), and appends each result to the one
//! file as it comes. The file is the checkpoint: `--resume` skips what it holds.

use super::net::Net;
use super::pool::Pool;
use super::{start_all, Down, RankError, Setup, Up, POLL};
use crate::campaign::{conclude, solve, Args, Plan, Results};
use crate::{plural, stop_signals, warn, Quit};
use morpion::bounds::Edges;
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Results are flushed to the disk at least this often (each is one write as it comes).
const SYNC_EVERY: Duration = Duration::from_secs(5);

type Octagon = (Edges, u32);
type Solved = (Edges, u32, Result<f64, String>);

fn spawn(threads: usize) -> Pool<Octagon, Solved> {
    Pool::spawn(threads, |_, next, done| {
        // The LP's factorisation runs on the current rayon pool: one thread each, as in
        // `morpion bound campaign`, or every thread of every rank would use every core.
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a thread for the LPs");
        while let Some((edges, points)) = next() {
            done((edges, points, one.install(|| solve(&edges))));
        }
    })
}

/// Rank 0: hands out, writes, reports; solves too.
pub(super) fn coordinate(net: &mut Net, args: Args, plan: Plan, o: &mut impl Write) -> Result<(), Quit> {
    let ranks = net.size();
    let threads = args.threads.unwrap_or(1).max(1);
    start_all(net, |_| Setup::Campaign { threads: threads as u32 });
    let Plan { todo, file, best, best_at } = plan;
    let total = todo.len();
    let mut queue: VecDeque<Octagon> = todo.into_iter().collect();
    let pool = spawn(threads);
    let stop = Arc::new(AtomicBool::new(false));
    stop_signals::watch(&stop);
    let mut w = Writer { results: Results::new(file, &args.out, best, best_at), busy: vec![0usize; ranks] };
    let start = Instant::now();
    let (mut last_line, mut last_sync) = (start, start);
    let mut stopping: Option<Instant> = None;
    loop {
        while let Some((from, msg)) = net.try_recv::<Up>() {
            match msg {
                Ok(Up::Solved { edges, points, result }) => w.take(from, (edges, points, result)),
                Ok(Up::Signal) => stop.store(true, Ordering::SeqCst),
                Ok(_) => warn(&format!("warning: rank {from} sent a search's message to a campaign")),
                Err(e) => warn(&format!("warning: {e}")),
            }
        }
        if let Some(s) = pool.result(POLL) {
            w.take(0, s);
        }
        if stopping.is_none() && (stop.load(Ordering::SeqCst) || w.results.error.is_some()) {
            stopping = Some(Instant::now());
            if w.results.error.is_none() {
                warn("interrupted: waiting for the octagons under way (a second Ctrl+C quits at once; --resume goes on)");
            }
        }
        if stopping.is_none() {
            for (r, n) in w.busy.iter_mut().enumerate() {
                while *n < threads {
                    let Some((edges, points)) = queue.pop_front() else { break };
                    if args.prune && (points as f64 - 36.0) <= w.results.t.best {
                        w.results.t.skipped += 1;
                        continue;
                    }
                    if r == 0 {
                        pool.give((edges, points));
                    } else {
                        net.send(r, &Down::Octagon { edges, points });
                    }
                    *n += 1;
                }
            }
        }
        let in_flight: usize = w.busy.iter().sum();
        if in_flight == 0 && (queue.is_empty() || stopping.is_some()) {
            break;
        }
        let now = Instant::now();
        if now - last_sync >= SYNC_EVERY {
            last_sync = now;
            w.results.sync();
        }
        if now - last_line >= Duration::from_secs(1) {
            last_line = now;
            let on = format!(" on {ranks} rank{}", plural(ranks));
            warn(&w.results.line(total, start.elapsed().as_secs_f64(), &on));
        }
    }
    for r in 1..ranks {
        net.send(r, &Down::Finish);
    }
    w.results.sync();
    drop(pool.close());
    if let Some(e) = w.results.error {
        return Err(e.into());
    }
    let secs = start.elapsed().as_secs_f64();
    let workers = format!("{ranks} rank{} of {threads} thread{}", plural(ranks), plural(threads));
    conclude(&args, o, &w.results.t, total, secs, &workers, stopping.is_some())?;
    Ok(())
}

/// The results as they come, and what each rank has under way.
struct Writer {
    results: Results,
    /// Octagons given to each rank and not answered.
    busy: Vec<usize>,
}

impl Writer {
    fn take(&mut self, from: usize, (edges, points, result): Solved) {
        self.busy[from] = self.busy[from].saturating_sub(1);
        self.results.take(&edges, points, result);
    }
}

/// Any other rank: solves the octagons it is given until told it is over.
pub(super) fn work(net: &mut Net, threads: usize) -> Result<(), RankError> {
    let pool = spawn(threads.max(1));
    let stop = Arc::new(AtomicBool::new(false));
    stop_signals::watch(&stop);
    let mut told = false;
    loop {
        // a signal to this rank alone stops the job too: rank 0 leads the stop
        if !told && stop.load(Ordering::SeqCst) {
            told = true;
            net.send(0, &Up::Signal);
        }
        while let Some((_, msg)) = net.try_recv::<Down>() {
            match msg {
                Ok(Down::Octagon { edges, points }) => pool.give((edges, points)),
                // An LP under way is not waited for (rank 0 no longer listens): its thread
                // ends with the process, after MPI is finalised.
                Ok(Down::Finish) => return Ok(()),
                Ok(_) => warn(&format!("rank {}: a search's message came to a campaign", net.rank())),
                Err(e) => return Err(RankError::Decode(e)),
            }
        }
        if let Some((edges, points, result)) = pool.result(POLL) {
            net.send(0, &Up::Solved { edges, points, result });
        }
    }
}
