//! `morpion bound`: the upper bounds of the 485 paper and of a game in progress.

use crate::game_input::taken;
use crate::{campaign, keep_file, out_file, plural, warn, Quit};
use clap::Subcommand;
use morpion::bounds::{self, live, octagon, picture, Edges, Lp, Octagon};
use morpion::Variant;
use std::io::Write;
use std::path::{Path, PathBuf};
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
        /// Replace what --svg or --png hold even if it is not a picture of their kind (a
        /// game, notes): without it such a file is left alone.
        #[arg(long)]
        force: bool,
        /// Also print one JSON object on the last line.
        #[arg(long)]
        json: bool,
    },
    /// The admissible octagons of the paper's Theorem 2 and the bound they give (705).
    Octagons {
        /// Print them all as CSV: a header, then `a1,...,a8,points`.
        #[arg(long)]
        list: bool,
        /// Also print one JSON object on the last line (not with --list, whose CSV it would
        /// end).
        #[arg(long, conflicts_with = "list")]
        json: bool,
    },
    /// Bounds of a game in progress: hull, potential, and the live upper bound.
    Position {
        /// The game: a file, `-` for standard input, or a link (at the move it shows, if it
        /// shows one).
        file: String,
        /// The variant: wins over the file's (default 5T for Pentasol).
        #[arg(long, short)]
        variant: Option<Variant>,
        /// Only the first K moves of the game (a link's shown move is then ignored).
        #[arg(long, value_parser = crate::at_least::<usize, 0>)]
        take: Option<usize>,
        /// Also solve the LP bound (5T; seconds to minutes).
        #[arg(long)]
        lp: bool,
        /// Also print one JSON object on the last line.
        #[arg(long)]
        json: bool,
    },
    /// Solve the LP of many octagons (the paper's Theorem 3 campaign), on every core.
    Campaign(campaign::Args),
}

pub(crate) fn lp_variant(s: &str) -> Result<Variant, String> {
    match s.parse::<Variant>() {
        Ok(v) if v == Variant::T5 || v == Variant::D5 => Ok(v),
        Ok(v) => Err(format!("the LP is written for 5T and 5D, not {v}")),
        Err(e) => Err(e.to_string()),
    }
}

/// `square:N` or `octagon:a1,...,a8`.
fn board(s: &str) -> Result<Octagon, String> {
    Octagon::parse_board(s).map_err(|e| e.to_string())
}

pub fn command(command: Command, o: &mut impl Write) -> Result<(), Quit> {
    match command {
        Command::Lp { variant, board, svg, png, force, json } => {
            // before the solve (a minute on a large board), not after it
            for (flag, path) in [("--svg", &svg), ("--png", &png)] {
                if path.as_ref().is_some_and(|p| p.as_os_str() == "-") {
                    return Err(format!("{flag} -: the summary goes to standard output, so the picture needs a file of its own").into());
                }
            }
            if let (Some(a), Some(b)) = (&svg, &png) {
                let real =
                    |p: &Path| out_file::resolve(p).ok().and_then(|t| t.regular().map(Path::to_path_buf));
                if a == b || real(a).is_some_and(|r| Some(r) == real(b)) {
                    return Err(format!(
                        "--svg and --png name the same file, {}: give each its own",
                        a.display()
                    )
                    .into());
                }
            }
            // what --svg and --png hold, before the solve and again after it (the files may
            // have changed meanwhile)
            let may_draw = || -> Result<(), String> {
                if let Some(path) = &svg {
                    keep_file::may_replace(path, force, keep_file::is_svg)?;
                }
                if let Some(path) = &png {
                    keep_file::may_replace(path, force, keep_file::is_png)?;
                }
                Ok(())
            };
            may_draw()?;
            let t = Instant::now();
            let lp = Lp::new(variant, board.lattice_points()).map_err(|e| e.to_string())?;
            let sol = lp.solve(|_| false).map_err(|e| e.to_string())?;
            let seconds = t.elapsed().as_secs_f64();
            say!(
                o,
                "{variant} LP on octagon {board}: {} points, {} lines; proven bound {:.5} (the solver's primal {:.5}, {} iterations, {seconds:.2} s)",
                board.points(),
                lp.lines().len(),
                sol.objective,
                sol.primal,
                sol.iterations
            );
            may_draw()?;
            if let Some(path) = &svg {
                save(path, picture::svg(&sol, variant).as_bytes())?;
            }
            if let Some(path) = &png {
                save(path, &picture::png(&sol, variant))?;
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
        Command::Campaign(args) => campaign::command(args, o),
    }
}

/// The least of an octagon's 8 images: the same for every octagon of a symmetry class.
pub(crate) fn canonical(edges: &Edges) -> Edges {
    octagon::orientations(*edges).into_iter().min().expect("8 images")
}

pub(crate) fn join(edges: &Edges) -> String {
    edges.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

/// Writes a picture through the user's-file rules of `out_file` (atomic, links kept).
fn save(path: &Path, bytes: &[u8]) -> Result<(), Quit> {
    let target = out_file::resolve(path).map_err(|e| e.to_string())?;
    target.write_bytes(bytes, path).map_err(|e| e.to_string().into())
}

/// The argument behind a live bound, in words (`kind.name()` is the JSON's).
fn argument(kind: live::BoundKind) -> &'static str {
    match kind {
        live::BoundKind::GameOver => "the game is over",
        live::BoundKind::Hull => "by the hull",
        live::BoundKind::Potential => "by the potential",
        live::BoundKind::Published => "by a published proof",
    }
}

fn position(
    file: &str,
    variant: Option<Variant>,
    take: Option<usize>,
    with_lp: bool,
    json: bool,
    o: &mut impl Write,
) -> Result<(), Quit> {
    let pos = taken(file, variant, take)?;
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
        (Some(n), Some(live::BoundKind::Published)) => {
            let own = b
                .argued
                .map(|(a, k)| format!("; this program's own: {a}, {}", argument(k)))
                .unwrap_or_default();
            let by = live::published_by(pos.variant()).unwrap_or("a published proof");
            say!(o, "at most {n} moves in all ({by}{own}; {micros:.0} µs)")
        }
        (Some(n), Some(kind)) => say!(o, "at most {n} moves in all ({}; {micros:.0} µs)", argument(kind)),
        _ if !pos.start().is_cross(pos.variant()) => {
            say!(o, "no upper bound is known to this program for {} from this start", pos.variant())
        }
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
            Err(e) => warn(&format!("note: no LP bound: {e}")),
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
            "argued_bound": b.argued.map(|(a, _)| a),
            "argued_kind": b.argued.map(|(_, k)| k.name()),
            "final_hull": b.final_hull.map(|s| s.edges),
        });
        if with_lp {
            obj["lp_bound"] = serde_json::json!(lp_bound);
        }
        say!(o, "{obj}");
    }
    Ok(())
}
