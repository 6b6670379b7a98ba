//! `morpion bound`: the upper bounds of the 485 paper and of a game in progress.

use crate::{load, out_file, plural, warn, Quit};
use clap::{Args as ClapArgs, Subcommand};
use morpion::bounds::{self, live, octagon, picture, Edges, Lp, Octagon};
use morpion::{Position, Variant};
use rayon::prelude::*;
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

#[derive(Subcommand)]
pub enum Command {
    /// Solve the LP (LP0)-(LP4) on a board and print its optimum (a proven upper bound).
    Lp {
        /// 5T (the paper's form) or 5D (one line per direction through a dot).
        #[arg(long, short, default_value = "5T", value_parser = lp_variant)]
        variant: Variant,
        /// `square:N` (N points a side) or `octagon:a1,a2,...,a8` (edge lengths, top first,
        /// clockwise).
        #[arg(long, value_parser = board)]
        board: Octagon,
        /// Draw the solution (each line's value as its darkness) as SVG.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// The same picture as PNG.
        #[arg(long)]
        png: Option<PathBuf>,
        /// Also print one JSON object on the last line.
        #[arg(long)]
        json: bool,
    },
    /// The admissible octagons of the paper's Theorem 2 and the bound they give (705).
    Octagons {
        /// Print them all as CSV: a header, then `a1,...,a8,points`.
        #[arg(long)]
        list: bool,
        /// Also print one JSON object on the last line.
        #[arg(long)]
        json: bool,
    },
    /// Bounds of a game in progress: hull, potential, and the live upper bound.
    Position {
        /// The game: a file, `-` for standard input, or a link.
        file: String,
        /// The variant: wins over the file's (default 5T for Pentasol).
        #[arg(long, short)]
        variant: Option<Variant>,
        /// Only the first K moves of the game.
        #[arg(long)]
        take: Option<usize>,
        /// Also solve the LP bound (5T; seconds to minutes).
        #[arg(long)]
        lp: bool,
        /// Also print one JSON object on the last line.
        #[arg(long)]
        json: bool,
    },
    /// Solve the LP of many octagons (the paper's Theorem 3 campaign), on every core.
    Campaign(CampaignArgs),
}

#[derive(ClapArgs)]
pub struct CampaignArgs {
    /// Only 5T: the octagons confine 5T games.
    #[arg(long, short, default_value = "5T", value_parser = lp_variant)]
    variant: Variant,
    /// Every admissible octagon (126,912).
    #[arg(long, group = "which")]
    all: bool,
    /// K octagons spread evenly over the list (deterministic).
    #[arg(long, group = "which")]
    sample: Option<usize>,
    /// Octagons from a file: one a line, 8 lengths separated by commas.
    #[arg(long, group = "which")]
    octagons: Option<PathBuf>,
    /// Also the N largest octagons (by points).
    #[arg(long, default_value_t = 0)]
    largest: usize,
    /// Skip octagons whose points - 36 cannot beat the best LP so far (the LP is at most
    /// that); they are counted, not written.
    #[arg(long)]
    prune: bool,
    /// Results, appended as they come: `a1,...,a8,points,objective`.
    #[arg(long)]
    out: PathBuf,
    /// Go on from FILE: octagons already in it are not solved again.
    #[arg(long)]
    resume: bool,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

fn lp_variant(s: &str) -> Result<Variant, String> {
    match s.parse::<Variant>() {
        Ok(v) if v == Variant::T5 || v == Variant::D5 => Ok(v),
        Ok(v) => Err(format!("the LP is written for 5T and 5D, not {v}")),
        Err(e) => Err(e.to_string()),
    }
}

/// `square:N` or `octagon:a1,...,a8`.
fn board(s: &str) -> Result<Octagon, String> {
    Octagon::parse_board(s)
}

pub fn command(command: Command, o: &mut impl Write) -> Result<(), Quit> {
    match command {
        Command::Lp { variant, board, svg, png, json } => {
            let t = Instant::now();
            let lp = Lp::new(variant, board.lattice_points()).map_err(|e| e.to_string())?;
            let sol = lp.solve(|_| false).map_err(|e| e.to_string())?;
            let seconds = t.elapsed().as_secs_f64();
            say!(
                o,
                "{variant} LP on octagon {board}: {} points, {} lines; optimum {:.5} (solver's primal {:.5}, {} iterations, {seconds:.2} s)",
                board.points(),
                lp.lines().len(),
                sol.objective,
                sol.primal,
                sol.iterations
            );
            if let Some(path) = svg {
                save(&path, picture::svg(&sol, variant).as_bytes())?;
            }
            if let Some(path) = png {
                save(&path, &picture::png(&sol, variant))?;
            }
            if json {
                let obj = serde_json::json!({
                    "variant": variant.to_string(),
                    "board": board.to_string(),
                    "points": board.points(),
                    "lines": lp.lines().len(),
                    "objective": sol.objective,
                    "primal": sol.primal,
                    "iterations": sol.iterations,
                    "seconds": seconds,
                });
                say!(o, "{obj}");
            }
            Ok(())
        }
        Command::Octagons { list, json } => {
            let t = Instant::now();
            let all = bounds::admissible();
            let seconds = t.elapsed().as_secs_f64();
            let best = all.iter().max_by_key(|s| s.points).expect("the list is not empty");
            if list {
                say!(o, "a1,a2,a3,a4,a5,a6,a7,a8,points");
                for s in &all {
                    say!(o, "{},{}", join(&s.edges), s.points);
                }
            } else {
                say!(
                    o,
                    "{} admissible octagons (Theorem 2) in {seconds:.2} s; the largest, {}, has {} points: at most {} moves in 5T",
                    all.len(),
                    join(&best.edges),
                    best.points,
                    best.points - 36
                );
            }
            if json {
                let obj = serde_json::json!({
                    "count": all.len(),
                    "max_points": best.points,
                    "largest": best.edges,
                    "bound": best.points - 36,
                });
                say!(o, "{obj}");
            }
            Ok(())
        }
        Command::Position { file, variant, take, lp, json } => position(&file, variant, take, lp, json, o),
        Command::Campaign(args) => campaign(args, o),
    }
}

fn join(edges: &Edges) -> String {
    edges.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

/// Writes a picture through the user's-file rules of `out_file` (atomic, links kept).
fn save(path: &Path, bytes: &[u8]) -> Result<(), Quit> {
    let target = out_file::resolve(path).map_err(|e| e.to_string())?;
    target.write_bytes(bytes, path).map_err(|e| e.to_string().into())
}

fn position(
    file: &str,
    variant: Option<Variant>,
    take: Option<usize>,
    with_lp: bool,
    json: bool,
    o: &mut impl Write,
) -> Result<(), Quit> {
    let game = load(file, variant)?;
    let moves = game.moves();
    let k = take.unwrap_or(moves.len());
    if k > moves.len() {
        return Err(format!("--take {k}: {file} has only {} move{}", moves.len(), plural(moves.len())).into());
    }
    let pos = Position::from_moves(game.variant(), &moves[..k]).map_err(|e| e.to_string())?;
    if pos.variant() == Variant::T5 {
        bounds::final_hulls(); // built once (a few tenths of a second): not the bound's cost
    }
    let t = Instant::now();
    let b = live::live_bound(&pos);
    let micros = t.elapsed().as_secs_f64() * 1e6;
    let edges = b.hull.edges();
    say!(o, "{} after {} move{}", pos.variant(), b.score, plural(b.score));
    say!(
        o,
        "hull: {} ({} points, potential {}, modifier {})",
        join(&edges),
        b.hull.points(),
        b.hull.potential(),
        b.hull.modifier()
    );
    say!(
        o,
        "potential of the dots: {}; stuck for good: {}; empty points that can never be filled: {}",
        b.potential,
        b.stuck,
        b.never_filled
    );
    if let Some(s) = b.final_hull {
        say!(o, "largest final hull that can still hold it: {} ({} points)", join(&s.edges), s.points);
    }
    match (b.upper_bound, b.kind) {
        (Some(n), Some(kind)) => say!(o, "at most {n} moves in all ({}; {micros:.0} µs)", kind.name()),
        _ => say!(o, "no upper bound is known to this program for {}", pos.variant()),
    }
    let mut lp_bound = None;
    if with_lp {
        let t = Instant::now();
        match live::lp_bound(&pos, |_| false) {
            Ok(r) => {
                say!(
                    o,
                    "LP bound: at most {} moves (objective {:.5} on {} points around the game, {} variables, {} constraints, {} iterations, {:.1} s)",
                    r.lp_bound,
                    r.solution.objective,
                    r.region.points(),
                    r.solution.size.0,
                    r.solution.size.1,
                    r.solution.iterations,
                    t.elapsed().as_secs_f64()
                );
                lp_bound = Some(r.lp_bound);
            }
            Err(e) => warn(&format!("no LP bound: {e}")),
        }
    }
    if json {
        let mut obj = serde_json::json!({
            "variant": pos.variant().to_string(),
            "score": b.score,
            "hull": edges,
            "hull_points": b.hull.points(),
            "potential": b.potential,
            "stuck": b.stuck,
            "never_filled": b.never_filled,
            "upper_bound": b.upper_bound,
            "kind": b.kind.map(|k| k.name()),
            "final_hull": b.final_hull.map(|s| s.edges),
        });
        if with_lp {
            obj["lp_bound"] = serde_json::json!(lp_bound);
        }
        say!(o, "{obj}");
    }
    Ok(())
}

/// The octagons a campaign is asked for, in the order they will be solved (largest first).
fn campaign_list(args: &CampaignArgs) -> Result<Vec<(Edges, u32)>, Quit> {
    let all = bounds::admissible();
    let mut chosen: Vec<(Edges, u32)> = if args.all {
        all.iter().map(|s| (s.edges, s.points)).collect()
    } else if let Some(k) = args.sample {
        if k == 0 || k > all.len() {
            return Err(format!("--sample {k}: from 1 to {}", all.len()).into());
        }
        let mut sorted: Vec<_> = all.iter().map(|s| (s.edges, s.points)).collect();
        sorted.sort_unstable();
        (0..k).map(|i| sorted[i * sorted.len() / k]).collect()
    } else if let Some(path) = &args.octagons {
        let text = crate::read_file(path)?;
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
        let mut by_size: Vec<_> = all.iter().map(|s| (s.edges, s.points)).collect();
        by_size.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        chosen.extend(by_size.into_iter().take(args.largest));
    }
    let mut seen = HashSet::new();
    chosen.retain(|(e, _)| seen.insert(*e));
    chosen.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    Ok(chosen)
}

/// Results already in the output file: the octagons done and the best objective.
fn done_so_far(path: &Path) -> Result<(HashSet<Edges>, f64, Option<Edges>), Quit> {
    let text = crate::read_file(path)?;
    let mut done = HashSet::new();
    let (mut best, mut best_at) = (f64::NEG_INFINITY, None);
    for (n, line) in text.lines().enumerate() {
        if n == 0 && line.starts_with("a1") || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').collect();
        let bad = || {
            format!("{}: line {}: expected a1,...,a8,points,objective, found '{line}'", path.display(), n + 1)
        };
        if fields.len() != 10 {
            return Err(bad().into());
        }
        let edges = octagon::parse_edges(&fields[..8].join(",")).map_err(|_| bad())?;
        let objective: f64 = fields[9].trim().parse().map_err(|_| bad())?;
        if objective > best {
            (best, best_at) = (objective, Some(edges));
        }
        done.insert(edges);
    }
    Ok((done, best, best_at))
}

fn campaign(args: CampaignArgs, o: &mut impl Write) -> Result<(), Quit> {
    if args.variant != Variant::T5 {
        return Err("the octagon campaign is for 5T: octagons confine 5T games only".to_string().into());
    }
    let list = campaign_list(&args)?;
    let exists = args.out.exists();
    if exists && !args.resume {
        return Err(format!(
            "{} exists: add --resume to go on from it, or choose another --out (it is not overwritten)",
            args.out.display()
        )
        .into());
    }
    let (done, best0, best_at0) =
        if exists { done_so_far(&args.out)? } else { (HashSet::new(), f64::NEG_INFINITY, None) };
    let todo: Vec<(Edges, u32)> = list.iter().copied().filter(|(e, _)| !done.contains(e)).collect();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    if !exists {
        writeln!(file, "a1,a2,a3,a4,a5,a6,a7,a8,points,objective")
            .map_err(|e| format!("{}: {e}", args.out.display()))?;
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
    let stop = Arc::new(AtomicBool::new(false));
    crate::stop_signals::watch(&stop);
    struct State {
        file: std::fs::File,
        solved: usize,
        skipped: usize,
        best: f64,
        best_at: Option<Edges>,
        failed: Option<String>,
        last_report: Instant,
    }
    let state = Mutex::new(State {
        file,
        solved: 0,
        skipped: 0,
        best: best0,
        best_at: best_at0,
        failed: None,
        last_report: Instant::now(),
    });
    let threads = args.threads.unwrap_or_else(crate::all_threads).max(1);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| e.to_string())?;
    let t = Instant::now();
    let total = todo.len();
    pool.install(|| {
        todo.par_iter().with_max_len(1).for_each(|&(edges, points)| {
            if stop.load(Ordering::SeqCst) || state.lock().expect("no panics hold it").failed.is_some() {
                return;
            }
            if args.prune && (points as f64 - 36.0) <= state.lock().expect("no panics hold it").best {
                state.lock().expect("no panics hold it").skipped += 1;
                return;
            }
            let octagon = Octagon::from_edges(edges).expect("listed octagons close");
            let result = Lp::new(Variant::T5, octagon.lattice_points()).and_then(|lp| lp.solve(|_| false));
            let mut s = state.lock().expect("no panics hold it");
            match result {
                Ok(sol) => {
                    if let Err(e) = writeln!(s.file, "{},{points},{:.5}", join(&edges), sol.objective) {
                        s.failed = Some(format!("{}: {e}", args.out.display()));
                        return;
                    }
                    s.solved += 1;
                    if sol.objective > s.best {
                        (s.best, s.best_at) = (sol.objective, Some(edges));
                    }
                }
                Err(e) => warn(&format!("octagon {}: {e}", join(&edges))),
            }
            if s.last_report.elapsed().as_secs_f64() >= 1.0 {
                s.last_report = Instant::now();
                let secs = t.elapsed().as_secs_f64();
                let rate = s.solved as f64 / secs;
                let left = total - s.solved - s.skipped;
                warn(&format!(
                    "{}/{} solved, {} skipped, best {:.5}, {:.2} octagons/s, about {:.0} s left",
                    s.solved,
                    total,
                    s.skipped,
                    s.best,
                    rate,
                    left as f64 / rate.max(1e-9)
                ));
            }
        });
    });
    let s = state.into_inner().expect("no panics hold it");
    if let Some(e) = s.failed {
        return Err(e.into());
    }
    let secs = t.elapsed().as_secs_f64();
    let stopped = if stop.load(Ordering::SeqCst) { " (stopped: --resume goes on)" } else { "" };
    say!(
        o,
        "solved {} octagon{} in {secs:.1} s ({:.2} a second on {threads} thread{}), skipped {}{stopped}",
        s.solved,
        plural(s.solved),
        s.solved as f64 / secs.max(1e-9),
        plural(threads),
        s.skipped
    );
    let complete = args.all && stopped.is_empty() && s.solved + s.skipped + done.len() >= list.len();
    match s.best_at {
        Some(e) if complete => {
            say!(
                o,
                "maximum over all admissible octagons: {:.5} at {}: at most {} moves in 5T",
                s.best,
                join(&e),
                s.best.floor()
            )
        }
        Some(e) => {
            say!(o, "maximum over the octagons in {}: {:.5} at {}", args.out.display(), s.best, join(&e))
        }
        None => say!(o, "no octagon solved"),
    }
    Ok(())
}
