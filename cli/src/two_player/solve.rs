//! `morpion two-player solve`: who wins with perfect play, on every core, with a progress
//! line, and a memory limit and Ctrl+C that stop it cleanly.

use crate::game_input::start_position;
use crate::memory_size::{machine_memory, memory_limit, parse_size};
use crate::{all_threads, checked_threads, plural, stop_signals, Quit};
use morpion::two_player::{player_to_move, SolveError, Solver, Winner};
use morpion::{Move, Position, Variant};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The options of `morpion two-player solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The variant (4T, 4D, 5T, 5D, 6T, 6D); with --from, the file's unless given.
    #[arg(long, short)]
    variant: Option<Variant>,
    /// Solve from this game's position (a file, `-` or a link: at the move it shows, if it
    /// shows one) instead of the start.
    #[arg(long)]
    from: Option<String>,
    /// With --from: keep only its first K moves (a link's shown move is then ignored).
    #[arg(long, requires = "from")]
    take: Option<usize>,
    /// Also list the winning moves (solves every move, not only until one wins).
    #[arg(long)]
    moves: bool,
    /// The most memory the table may take: 512M, 1.5G, 20G... (K, M, G and T are powers of
    /// 1024; default 4G, or half the machine's memory if that is less).
    #[arg(long, value_parser = parse_size)]
    memory: Option<u64>,
    /// Threads (default: one per core).
    #[arg(long, short)]
    threads: Option<usize>,
    /// No progress line.
    #[arg(long, short)]
    quiet: bool,
    /// Also print one JSON object on the last line (when the solve is cut short, by
    /// --memory or a stop, its "winner" is null and "unsolved" says why).
    #[arg(long)]
    json: bool,
}

pub(super) fn solve(args: SolveArgs, o: &mut impl Write) -> Result<(), Quit> {
    let SolveArgs { variant, from, take, moves, memory, threads, quiet, json } = args;
    let root = start_position(from.as_deref(), take, variant, None, "two-player solve")?;
    let threads = checked_threads(threads.unwrap_or_else(all_threads))?;
    let memory = memory_limit(memory, machine_memory())?;
    let solver = Solver::on(root.variant(), root.start().clone(), memory).map_err(|e| e.to_string())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let stop = Arc::new(AtomicBool::new(false));
    stop_signals::watch(&stop);
    let started = Instant::now();
    let done = AtomicBool::new(false);
    // the solve on the pool; this thread prints progress and turns a signal into a stop
    let (result, seconds) = std::thread::scope(|s| {
        s.spawn(|| watch(&solver, &stop, &done, started, quiet));
        let r = pool.install(|| {
            if moves {
                solver.winning_moves(&root).map(|w| {
                    let winner = if w.is_empty() { Winner::Second } else { Winner::First };
                    (winner, Some(w))
                })
            } else {
                solver.solve(&root).map(|w| (w, None))
            }
        });
        // before the progress thread is joined (it sleeps up to 50 ms)
        let seconds = started.elapsed().as_secs_f64();
        done.store(true, Ordering::Relaxed);
        (r, seconds)
    });
    let (winner, winning) = match result {
        Ok(r) => r,
        Err(e) => {
            // a solve that ran and was cut short still ends with its JSON, which says why
            let why = match e {
                SolveError::MemoryLimit { .. } => Some("memory"),
                SolveError::Stopped { .. } => Some("stopped"),
                _ => None,
            };
            if let (true, Some(why)) = (json, why) {
                let mut obj = facts(&root, &solver, seconds, threads);
                obj["winner"] = serde_json::Value::Null;
                obj["winning_player"] = serde_json::Value::Null;
                obj["unsolved"] = why.into();
                say!(o, "{obj}");
            }
            return Err(explain(&e, &root).into());
        }
    };
    report(&root, winner, winning.as_deref(), &solver, seconds, threads, json, o)
}

/// Prints a progress line once a second (unless `quiet`) and stops the solver when `stop`
/// is set (Ctrl+C, SIGTERM), until `done`.
fn watch(solver: &Solver, stop: &AtomicBool, done: &AtomicBool, started: Instant, quiet: bool) {
    let mut next = Duration::from_secs(1);
    let mut printed = false;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(50));
        if stop.load(Ordering::Relaxed) {
            solver.stop();
        }
        let t = started.elapsed();
        if !quiet && t >= next {
            next += Duration::from_secs(1);
            let secs = t.as_secs_f64();
            let _ = write!(
                std::io::stderr(),
                "\r{:.0} s: {} positions solved ({:.0}/s), table {} MiB   ",
                secs,
                solver.positions(),
                solver.positions() as f64 / secs,
                solver.table_bytes() >> 20
            );
            printed = true;
        }
    }
    if printed {
        let _ = writeln!(std::io::stderr());
    }
}

/// What the JSON says of every solve, won or cut short.
fn facts(root: &Position, solver: &Solver, seconds: f64, threads: usize) -> serde_json::Value {
    serde_json::json!({
        "variant": root.variant().to_string(),
        "moves_played": root.score(),
        "player_to_move": player_to_move(root),
        "legal_moves": root.num_legal_moves(),
        "positions": solver.positions(),
        "table_bytes": solver.table_bytes(),
        "seconds": seconds,
        "threads": threads,
    })
}

/// A failed solve's message, with what to do about it.
fn explain(e: &SolveError, root: &Position) -> String {
    match e {
        SolveError::MemoryLimit { .. } => format!(
            "{e}: give it more with --memory (this machine's memory permitting), or solve a later position of the game (--from with --take above {})",
            root.score()
        ),
        _ => e.to_string(),
    }
}

#[allow(clippy::too_many_arguments)]
fn report(
    root: &Position,
    winner: Winner,
    winning: Option<&[Move]>,
    solver: &Solver,
    seconds: f64,
    threads: usize,
    json: bool,
    o: &mut impl Write,
) -> Result<(), Quit> {
    let to_move = player_to_move(root);
    let other = 3 - to_move;
    let played = root.score();
    say!(
        o,
        "position: {}, {played} move{} played, player {to_move} to move, {} legal move{}",
        root.variant(),
        plural(played),
        root.num_legal_moves(),
        plural(root.num_legal_moves())
    );
    let (player, who) = match winner {
        Winner::First => (to_move, "the player to move"),
        Winner::Second => (other, "the other player"),
    };
    say!(o, "winner: {} (player {player}, {who}, draws the last line with perfect play)", winner.name());
    if let Some(w) = winning {
        if w.is_empty() {
            say!(o, "winning moves: none (every move loses)");
        } else {
            let list: Vec<String> = w.iter().map(|m| m.to_string()).collect();
            say!(o, "winning moves ({}): {}", w.len(), list.join(", "));
        }
    }
    say!(
        o,
        "positions solved: {} (table {:.1} MiB) in {seconds:.2} s on {threads} thread{}",
        solver.positions(),
        solver.table_bytes() as f64 / (1u64 << 20) as f64,
        plural(threads)
    );
    if json {
        let mut obj = facts(root, solver, seconds, threads);
        obj["winner"] = winner.name().into();
        obj["winning_player"] = player.into();
        if let Some(w) = winning {
            obj["winning_moves"] = w
                .iter()
                .map(|m| serde_json::json!({"x": m.dot.x, "y": m.dot.y, "dir": m.dir.name(), "pos": m.pos}))
                .collect();
        }
        say!(o, "{obj}");
    }
    Ok(())
}
