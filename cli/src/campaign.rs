//! `morpion bound campaign`: the LP of many octagons (the paper's Theorem 3), on every
//! core, results appended to a file as they come, resumable, each symmetry class once.

use crate::bound::{canonical, join, lp_variant};
use crate::{plural, warn, Quit};
use clap::Args as ClapArgs;
use morpion::bounds::{self, octagon, Edges, Lp, Octagon};
use morpion::Variant;
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

const HEADER: &str = "a1,a2,a3,a4,a5,a6,a7,a8,points,objective";

#[derive(ClapArgs)]
pub struct Args {
    /// Only 5T: the octagons confine 5T games.
    #[arg(long, short, default_value = "5T", value_parser = lp_variant)]
    pub(crate) variant: Variant,
    /// Every octagon a final 5T hull can be: the paper's 126,912, the 15 its (O4)-(O6)
    /// miss and the 30 tight rectangles, each symmetry class once.
    #[arg(long, group = "which")]
    pub(crate) all: bool,
    /// K octagons of the paper's list spread evenly over it (deterministic).
    #[arg(long, group = "which")]
    pub(crate) sample: Option<usize>,
    /// Octagons from a file: one a line, 8 lengths separated by commas.
    #[arg(long, group = "which")]
    pub(crate) octagons: Option<PathBuf>,
    /// Also the N largest octagons of the paper's list (by points).
    #[arg(long, default_value_t = 0)]
    pub(crate) largest: usize,
    /// Skip octagons whose points - 36 cannot beat the best LP so far (their LP is at most
    /// that); they are counted, not written.
    #[arg(long)]
    pub(crate) prune: bool,
    /// Results, appended as they come: `a1,...,a8,points,objective`.
    #[arg(long)]
    pub(crate) out: PathBuf,
    /// Go on from the file --out: octagons already in it are not solved again.
    #[arg(long)]
    pub(crate) resume: bool,
    /// Threads (default: every core).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
}

/// The octagons asked for, one per symmetry class, largest first.
pub(crate) fn asked(args: &Args) -> Result<Vec<(Edges, u32)>, Quit> {
    let paper = bounds::admissible();
    let pairs = |v: &[bounds::Shape]| v.iter().map(|s| (s.edges, s.points)).collect::<Vec<_>>();
    let mut chosen: Vec<(Edges, u32)> = if args.all {
        let mut all = pairs(&paper);
        all.extend(pairs(&bounds::admissible::holding_cross()));
        all.extend(pairs(&bounds::admissible::tight_rectangles()));
        all
    } else if let Some(k) = args.sample {
        if k == 0 || k > paper.len() {
            return Err(format!("--sample {k}: from 1 to {}", paper.len()).into());
        }
        let mut sorted = pairs(&paper);
        sorted.sort_unstable();
        (0..k).map(|i| sorted[i * sorted.len() / k]).collect()
    } else if let Some(path) = &args.octagons {
        let text = crate::game_input::read_file(path, "a file")?;
        let mut v = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with("a1") {
                continue;
            }
            let edges =
                octagon::parse_edges(line).map_err(|e| format!("{}: line {}: {e}", path.display(), n + 1))?;
            let o = Octagon::from_edges(edges).ok_or_else(|| {
                format!("{}: line {}: the octagon {line} does not close", path.display(), n + 1)
            })?;
            v.push((edges, o.points() as u32));
        }
        v
    } else if args.largest == 0 {
        return Err("say which octagons: --all, --sample K, --octagons FILE or --largest N"
            .to_string()
            .into());
    } else {
        Vec::new()
    };
    if args.largest > 0 {
        let mut by_size = pairs(&paper);
        by_size.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        chosen.extend(by_size.into_iter().take(args.largest));
    }
    // One octagon of each symmetry class: the paper's (O7), (O8) leave two of a class when
    // edges tie (126,912 listed, 115,184 classes), and a rotated octagon has the same LP.
    let mut seen = std::collections::HashSet::new();
    chosen.retain(|(e, _)| seen.insert(canonical(e)));
    chosen.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    Ok(chosen)
}

/// The results already in the file, by symmetry class. The whole file is read before
/// anything changes in it: a line that is not a result refuses it as it is. A last line
/// without its newline is the run's that was killed while writing it (each line is one
/// write, newline included): when it is the start of one of ours (of a result after the
/// header, of the header in an otherwise empty file) it is cut off and solved again, even
/// if it reads as a result (its objective may be cut: `143.1` of `143.12345`).
pub(crate) fn done_so_far(path: &Path) -> Result<HashMap<Edges, f64>, Quit> {
    let io = |e: std::io::Error| crate::terminal::on(path.display(), &e);
    let mut file = std::fs::OpenOptions::new().read(true).write(true).open(path).map_err(io)?;
    let mut text = String::new();
    file.read_to_string(&mut text).map_err(io)?;
    let whole = text.rfind('\n').map_or(0, |i| i + 1);
    let mut done = HashMap::new();
    let lines = text[..whole].lines().count();
    for (n, line) in text[..whole].lines().enumerate() {
        if (n == 0 && line == HEADER) || line.trim().is_empty() {
            continue;
        }
        let (edges, objective) = result_in(line).ok_or_else(|| bad_line(path, n + 1, line))?;
        done.insert(edges, objective);
    }
    let tail = &text[whole..];
    if tail.is_empty() {
        return Ok(done);
    }
    let ours = if lines == 0 { HEADER.starts_with(tail) } else { cut_result(tail) };
    if ours {
        warn(&format!(
            "{}: its last line was cut short (the run was stopped while writing it): solving it again",
            path.display()
        ));
        file.set_len(whole as u64).map_err(io)?;
        file.seek(std::io::SeekFrom::End(0)).map_err(io)?;
    } else {
        return Err(bad_line(path, lines + 1, tail));
    }
    Ok(done)
}

fn bad_line(path: &Path, n: usize, line: &str) -> Quit {
    format!("{}: line {n}: expected {HEADER}, found '{line}'", path.display()).into()
}

/// The octagon (its symmetry class) and the objective of a result line.
fn result_in(line: &str) -> Option<(Edges, f64)> {
    let fields: Vec<&str> = line.split(',').collect();
    if fields.len() != 10 {
        return None;
    }
    let edges = octagon::parse_edges(&fields[..8].join(",")).ok()?;
    fields[8].trim().parse::<u32>().ok()?;
    let objective: f64 = fields[9].trim().parse().ok()?;
    Some((canonical(&edges), objective))
}

/// Whether `tail` can be the start of a result line `result_line` writes: digits, up to
/// nine commas, and a decimal point in the last field only.
fn cut_result(tail: &str) -> bool {
    let fields: Vec<&str> = tail.split(',').collect();
    let digits = |f: &str| f.bytes().all(|b| b.is_ascii_digit());
    fields.len() <= 10
        && fields[..fields.len().min(9)].iter().all(|f| digits(f))
        && (fields.len() < 10 || {
            let (int, frac) = fields[9].split_once('.').unwrap_or((fields[9], ""));
            digits(int) && digits(frac)
        })
}

/// The result file and the tally, as results come (each result one write of one line).
pub(crate) struct Results {
    file: std::fs::File,
    name: String,
    /// Writing failed: the campaign stops (why).
    pub(crate) error: Option<String>,
    pub(crate) t: Tally,
}

impl Results {
    pub(crate) fn new(plan_file: std::fs::File, name: &Path, best: f64, best_at: Option<Edges>) -> Results {
        let t = Tally { solved: 0, skipped: 0, failed: 0, best, best_at };
        Results { file: plan_file, name: name.display().to_string(), error: None, t }
    }

    /// An octagon's LP, solved or failed: written, counted.
    pub(crate) fn take(&mut self, edges: &Edges, points: u32, result: Result<f64, String>) {
        let t = &mut self.t;
        match result {
            Ok(objective) => {
                if self.error.is_some() {
                    return;
                }
                if let Err(e) = self.file.write_all(result_line(edges, points, objective).as_bytes()) {
                    self.error = Some(crate::terminal::on(&self.name, &e));
                    return;
                }
                t.solved += 1;
                if objective > t.best {
                    (t.best, t.best_at) = (objective, Some(*edges));
                }
            }
            Err(e) => {
                t.failed += 1;
                warn(&format!("octagon {}: {e}", join(edges)));
            }
        }
    }

    /// What is on the disk is on the disk (a crash of the machine keeps it).
    pub(crate) fn sync(&self) {
        let _ = self.file.sync_data();
    }

    /// The progress line: `on` says where the work runs (empty, or " on 4 ranks").
    pub(crate) fn line(&self, todo: usize, secs: f64, on: &str) -> String {
        let t = &self.t;
        let rate = t.solved as f64 / secs;
        let left = todo - t.solved - t.skipped - t.failed;
        format!(
            "{}/{todo} solved, {} skipped, best {:.5}, {rate:.2} octagons/s{on}, about {:.0} s left",
            t.solved,
            t.skipped,
            t.best,
            left as f64 / rate.max(1e-9)
        )
    }
}

/// A campaign about to run: the octagons asked for and those still to solve, the result
/// file open for appending, and the best already in it.
pub(crate) struct Plan {
    pub(crate) todo: Vec<(Edges, u32)>,
    pub(crate) file: std::fs::File,
    pub(crate) best: f64,
    pub(crate) best_at: Option<Edges>,
}

/// Checks the options, reads what the result file already holds (with `--resume`), opens
/// it and says how much is left.
pub(crate) fn plan(args: &Args, o: &mut impl Write) -> Result<Plan, Quit> {
    if args.variant != Variant::T5 {
        return Err("the octagon campaign is for 5T: octagons confine 5T games only".to_string().into());
    }
    if let Some(n) = args.threads {
        crate::checked_threads(n)?;
    }
    if args.out.as_os_str() == "-" {
        return Err("--out -: the campaign appends its results to a file that --resume goes on from: give a file name (/dev/stdout only to watch them)".to_string().into());
    }
    // a folder, a missing folder, a socket: said before any octagon is solved; a FIFO or
    // /dev/null holds no results to go on from
    let target = crate::out_file::resolve(&args.out).map_err(|e| e.to_string())?;
    let list = asked(args)?;
    let exists = target.regular().is_some() && args.out.exists();
    if exists && !args.resume {
        return Err(format!(
            "{} exists: add --resume to go on from it, or choose another --out (it is not overwritten)",
            args.out.display()
        )
        .into());
    }
    let done = if exists { done_so_far(&args.out)? } else { HashMap::new() };
    // The best so far, over the octagons asked for only.
    let (mut best, mut best_at) = (f64::NEG_INFINITY, None);
    for (e, _) in &list {
        if let Some(&v) = done.get(&canonical(e)) {
            if v > best {
                (best, best_at) = (v, Some(*e));
            }
        }
    }
    let todo: Vec<(Edges, u32)> =
        list.iter().copied().filter(|(e, _)| !done.contains_key(&canonical(e))).collect();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| crate::terminal::on(args.out.display(), &e))?;
    // a new file, an empty one, or one whose header was cut short (and so cut off)
    let io = |e: std::io::Error| crate::terminal::on(args.out.display(), &e);
    if file.metadata().map_err(io)?.len() == 0 {
        writeln!(file, "{HEADER}").map_err(io)?;
    }
    say!(
        o,
        "campaign: {} octagon{} asked, {} already in {}, {} to solve",
        list.len(),
        plural(list.len()),
        list.len() - todo.len(),
        args.out.display(),
        todo.len()
    );
    o.flush()?;
    Ok(Plan { todo, file, best, best_at })
}

/// The LP of one octagon: its objective.
pub(crate) fn solve(edges: &Edges) -> Result<f64, String> {
    let octagon = Octagon::from_edges(*edges).ok_or("the octagon does not close")?;
    Lp::new(Variant::T5, octagon.lattice_points())
        .and_then(|lp| lp.solve(|_| false))
        .map(|s| s.objective)
        .map_err(|e| e.to_string())
}

/// A result line of the file. One write a line: a run killed mid-line leaves at most that
/// line short (and `--resume` cuts it off).
pub(crate) fn result_line(edges: &Edges, points: u32, objective: f64) -> String {
    format!("{},{points},{objective:.5}\n", join(edges))
}

/// How a campaign ended, for its last lines.
pub(crate) struct Tally {
    pub(crate) solved: usize,
    pub(crate) skipped: usize,
    pub(crate) failed: usize,
    pub(crate) best: f64,
    pub(crate) best_at: Option<Edges>,
}

/// The last lines: how many were solved, how fast, and the maximum (a proof only when
/// every octagon asked for is accounted for: solved now or before, or skipped because its
/// LP cannot beat the maximum).
pub(crate) fn conclude(
    args: &Args,
    o: &mut impl Write,
    t: &Tally,
    todo: usize,
    secs: f64,
    workers: &str,
    stopped: bool,
) -> Result<(), Quit> {
    say!(
        o,
        "solved {} octagon{} in {secs:.1} s ({:.2} a second on {workers}), skipped {}, failed {}{}",
        t.solved,
        plural(t.solved),
        t.solved as f64 / secs.max(1e-9),
        t.skipped,
        t.failed,
        if stopped { " (stopped: --resume goes on)" } else { "" }
    );
    let complete = args.all && !stopped && t.failed == 0 && t.solved + t.skipped == todo;
    match t.best_at {
        Some(e) if complete => say!(
            o,
            "maximum over every octagon a final 5T hull can be: {:.5} at {}: at most {} moves in 5T",
            t.best,
            join(&e),
            t.best.floor()
        ),
        Some(e) => say!(o, "maximum over the octagons asked for: {:.5} at {}", t.best, join(&e)),
        None => say!(o, "no octagon solved"),
    }
    match t.failed {
        0 => Ok(()),
        n => Err(format!(
            "{n} octagon{} not solved (the reasons are above): the campaign is not complete",
            plural(n)
        )
        .into()),
    }
}

pub fn command(args: Args, o: &mut impl Write) -> Result<(), Quit> {
    let Plan { todo, file, best, best_at } = plan(&args, o)?;
    let stop = Arc::new(AtomicBool::new(false));
    crate::stop_signals::watch(&stop);
    let state = Mutex::new((Results::new(file, &args.out, best, best_at), Instant::now()));
    let threads = args.threads.unwrap_or_else(crate::all_threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {}", crate::terminal::system(&e)))?;
    let t = Instant::now();
    let lock = || state.lock().expect("no worker panics while holding it");
    pool.install(|| {
        todo.par_iter().with_max_len(1).for_each(|&(edges, points)| {
            if stop.load(Ordering::SeqCst) || lock().0.error.is_some() {
                return;
            }
            if args.prune && (points as f64 - 36.0) <= lock().0.t.best {
                lock().0.t.skipped += 1;
                return;
            }
            let result = solve(&edges);
            let mut s = lock();
            let (results, last_report) = &mut *s;
            results.take(&edges, points, result);
            if last_report.elapsed().as_secs_f64() >= 1.0 {
                *last_report = Instant::now();
                warn(&results.line(todo.len(), t.elapsed().as_secs_f64(), ""));
            }
        });
    });
    let (results, _) = state.into_inner().expect("no worker panics while holding it");
    results.sync();
    if let Some(e) = results.error {
        return Err(e.into());
    }
    let secs = t.elapsed().as_secs_f64();
    let stopped = stop.load(Ordering::SeqCst);
    conclude(&args, o, &results.t, todo.len(), secs, &format!("{threads} thread{}", plural(threads)), stopped)
}
