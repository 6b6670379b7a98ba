//! `morpion starts`: start sets other than the cross. `show` draws a start and names it;
//! `best` finds n(r), the longest game over all starts of r dots (Flammenkamp's table), by
//! complete enumeration on every core.

use crate::{plural, warn, Quit};
use morpion::formats::{self, link, Format};
use morpion::starts::best::{best_start, Progress};
use morpion::{Game, Meta, Variant};
use std::io::Write;
use std::sync::Mutex;
use std::time::Instant;

/// The commands of `morpion starts`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Draw a start, with its code (what links and --start take), its name up to symmetry,
    /// its symmetries and its first moves.
    Show {
        /// `cross`, a start code, or points `x,y x,y ...`.
        start: String,
        /// The variant (for `cross` and the moves).
        #[arg(long, short, default_value = "5T")]
        variant: Variant,
    },
    /// The longest game over all starts of SIZE dots: n(SIZE), by complete enumeration.
    ///
    /// Every game is a set of lines, and its start is the lines' points but their new dots.
    /// Every connected set of lines that obeys the touch rule and can be drawn in some
    /// order is enumerated once up to translation (Redelmeier's algorithm), growing sets
    /// only while their start can stay within SIZE dots; games of several parts are parts
    /// side by side. That covers every start: see ARCHITECTURE.md, "Other starts".
    Best {
        /// The variant: 5T, 5D, 6T or 6D (the others' games are not known to end from
        /// every start).
        #[arg(long, short, default_value = "5T")]
        variant: Variant,
        /// r, the number of start dots.
        #[arg(long, short)]
        size: usize,
        /// No progress line.
        #[arg(long, short)]
        quiet: bool,
        /// Also print one JSON object on the last line.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a `starts` command.
pub fn command(command: Command, o: &mut impl Write) -> Result<(), Quit> {
    match command {
        Command::Show { start, variant } => {
            let s = morpion::Start::parse(&start, variant).map_err(|e| format!("{start}: {e}"))?;
            let (w, h) = s.extent();
            say!(o, "{} dot{} in a box of {} x {}", s.len(), crate::plural(s.len()), w + 1, h + 1);
            say!(o, "code: {}", s.code());
            say!(o, "name up to symmetry: {}", s.id(variant));
            say!(o, "symmetries: {} of 8", s.symmetries().count());
            let p = morpion::Position::on(variant, s.clone());
            say!(o, "{variant} moves from it: {}", p.num_legal_moves());
            write!(o, "{}", s.picture())?;
            Ok(())
        }
        Command::Best { variant, size, quiet, json } => best(variant, size, quiet, json, o),
    }
}

fn best(variant: Variant, size: usize, quiet: bool, json: bool, o: &mut impl Write) -> Result<(), Quit> {
    let started = Instant::now();
    let last = Mutex::new(Instant::now());
    let progress = |p: Progress| {
        if quiet {
            return;
        }
        let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed().as_secs_f64() >= 1.0 || p.done == p.total {
            *last = Instant::now();
            let _ = write!(
                std::io::stderr(),
                "\r{:.0} s: sets of up to {} line{}: {}/{} pieces, {} game{}   ",
                started.elapsed().as_secs_f64(),
                p.max_lines,
                crate::plural(p.max_lines),
                p.done,
                p.total,
                p.sets,
                crate::plural(p.sets as usize)
            );
        }
    };
    let r = best_start(variant, size, progress).map_err(|e| e.to_string())?;
    if !quiet {
        warn("");
    }
    let seconds = started.elapsed().as_secs_f64();
    say!(
        o,
        "{variant}, starts of {size} dot{}: the longest game has {} move{}",
        plural(size),
        r.best,
        plural(r.best)
    );
    let table: Vec<String> = r.by_size.iter().skip(1).map(|n| n.to_string()).collect();
    say!(o, "n(r) for r = 1..{size}: {}", table.join(" "));
    say!(o, "{} games of up to {} lines enumerated in {seconds:.1} s", r.sets, r.max_lines);
    let mut link_text = None;
    if let Some(game) = &r.example {
        let s = game.start();
        say!(o, "a start that reaches it ({} dot{}, code {}):", s.len(), plural(s.len()), s.code());
        write!(o, "{}", s.picture())?;
        let g = Game::new(game.clone(), Meta::default());
        let l = formats::write(&g, Format::Link, link::DEFAULT_BASE).map_err(|e| e.to_string())?;
        say!(o, "its game: {l}");
        link_text = Some(l);
    }
    if json {
        let obj = serde_json::json!({
            "variant": variant.to_string(),
            "size": size,
            "best": r.best,
            "n": r.by_size,
            "start": r.example.as_ref().map(|g| g.start().code()),
            "start_dots": r.example.as_ref().map(|g| g.start().len()),
            "link": link_text,
            "games_enumerated": r.sets,
            "max_lines": r.max_lines,
            "seconds": seconds,
            "threads": rayon::current_num_threads(),
        });
        say!(o, "{obj}");
    }
    Ok(())
}
