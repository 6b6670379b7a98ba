//! `morpion two-player match`: two of the computer's strengths play each other, each
//! starting half the games, for the win rates in BENCHMARKS.md. With `--check`, the moves
//! played in won positions are checked against the exact solution where it can be had
//! (the ends of games, the whole of 6T and 6D): how often each strength plays perfectly.

use crate::memory_size::{machine_memory, memory_limit, parse_size};
use crate::search::parse_duration;
use crate::{all_threads, at_least, checked_threads, Quit};
use morpion::two_player::{choose, SolveError, Solver, Strength, Thinking, Winner};
use morpion::{Position, Rng, Variant};
use std::io::Write;
use std::time::{Duration, Instant};

/// Positions the exact check of a move may search: positions that need more are left out.
const CHECK_VISITS: u64 = 1_000_000;

/// Checks the moves of a finished game from its end back, while the positions solve within
/// the check's budget (earlier ones are larger): each move made in a won position counts
/// for its side, as perfect if it keeps the win. `first`: the side that played move 1.
fn check_moves(s: &mut Solver, memory: u64, end: &Position, first: usize, tally: &mut [Tally; 2]) {
    let moves = end.moves();
    let mut pos = end.clone();
    for i in (0..moves.len()).rev() {
        pos.undo();
        let mut after = pos.clone();
        after.play(moves[i]);
        s.limit_visits(CHECK_VISITS);
        let (before, after) = match (s.solve(&pos), s.solve(&after)) {
            (Ok(b), Ok(a)) => (b, a),
            (Err(SolveError::MemoryLimit { .. }), _) | (_, Err(SolveError::MemoryLimit { .. })) => {
                // a full table would end every later check at once: start an empty one
                *s = Solver::new(end.variant(), memory).expect("the limit was taken before");
                break;
            }
            _ => break,
        };
        if before == Winner::First {
            let t = &mut tally[(first + i) % 2];
            t.chances += 1;
            t.perfect += (after == Winner::Second) as u32;
        }
    }
}

/// Positions the strong player's exact solve may search before it thinks otherwise.
const STRONG_SOLVE_VISITS: u64 = 100_000;

/// The options of `morpion two-player match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// The variant (4T, 4D, 5T, 5D, 6T, 6D).
    #[arg(long, short)]
    variant: Variant,
    /// The two strengths, as A,B (random, fast, strong): A starts the odd-numbered games.
    #[arg(long, value_parser = parse_pair, default_value = "fast,strong")]
    players: (Strength, Strength),
    /// Games to play (an even number: each side starts as often).
    #[arg(long, default_value_t = 20, value_parser = at_least::<u32, 2>)]
    games: u32,
    /// How long the strong player thinks a move (0.1s, 1s, ...).
    #[arg(long, default_value = "1s", value_parser = parse_duration)]
    time: Duration,
    /// Threads of the strong player's search (default: one per core).
    #[arg(long, short)]
    threads: Option<usize>,
    /// Random seed: the same seed plays the same games (but for the strong player's clock).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Check the moves played in won positions against the exact solution, from the end
    /// of each game back while the positions solve within a million positions searched.
    #[arg(long)]
    check: bool,
    /// The exact solutions' table, with --check (kept for the whole match; default 4G, or
    /// half the machine's memory if that is less).
    #[arg(long, value_parser = parse_size, requires = "check")]
    memory: Option<u64>,
    /// Also print one JSON object on the last line.
    #[arg(long)]
    json: bool,
}

/// `A,B`: two strengths.
fn parse_pair(s: &str) -> Result<(Strength, Strength), String> {
    let (a, b) = s.split_once(',').ok_or_else(|| format!("'{s}': expected two strengths, as fast,strong"))?;
    Ok((a.parse().map_err(|e| format!("{e}"))?, b.parse().map_err(|e| format!("{e}"))?))
}

/// One side's results.
#[derive(Default)]
struct Tally {
    wins_first: u32,
    wins_second: u32,
    /// Moves played in a won position, and how many of them keep the win.
    chances: u32,
    perfect: u32,
}

pub(super) fn play(args: MatchArgs, o: &mut impl Write) -> Result<(), Quit> {
    let MatchArgs { variant, players, games, time, threads, seed, check, memory, json } = args;
    if games % 2 != 0 {
        return Err(format!("--games {games}: an even number, so each side starts as often").into());
    }
    if variant.line_len() < 4 {
        return Err(SolveError::Endless(variant).to_string().into());
    }
    let threads = checked_threads(threads.unwrap_or_else(all_threads))?;
    // the strong player's solves and trees, and the check's solves, on these threads only
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let memory = if check { Some(memory_limit(memory, machine_memory())?) } else { None };
    play_games(&pool, variant, players, games, time, threads, seed, memory, json, o)
}

#[allow(clippy::too_many_arguments)]
fn play_games(
    pool: &rayon::ThreadPool,
    variant: Variant,
    players: (Strength, Strength),
    games: u32,
    time: Duration,
    threads: usize,
    seed: u64,
    check_memory: Option<u64>,
    json: bool,
    o: &mut impl Write,
) -> Result<(), Quit> {
    let start = Position::new(variant);
    let mut oracle = match check_memory {
        Some(memory) => Some(Solver::new(variant, memory).map_err(|e| e.to_string())?),
        None => None,
    };
    let strengths = [players.0, players.1];
    let mut tally = [Tally::default(), Tally::default()];
    let mut rng = Rng::new(seed);
    let mut total_moves = 0;
    let began = Instant::now();
    for g in 0..games {
        // side 0 (A) is player 1 in even-indexed games (the 1st, 3rd, ...)
        let first = (g % 2) as usize;
        let mut pos = start.clone();
        loop {
            let side = (first + pos.score()) % 2;
            let deadline = Instant::now() + time;
            let stop = move |_: u64| Instant::now() >= deadline;
            let thinking =
                Thinking { threads, solve_visits: STRONG_SOLVE_VISITS, solve_memory: 256 << 20, stop: &stop };
            let chosen = pool.install(|| choose(&pos, strengths[side], &mut rng, &thinking));
            let Some((m, _)) = chosen else { break };
            pos.play(m);
        }
        if let Some(s) = &mut oracle {
            pool.install(|| check_moves(s, check_memory.unwrap_or(0), &pos, first, &mut tally));
        }
        total_moves += pos.score();
        // the player to move has no line left: the other one drew the last
        let winner_side = (first + pos.score() + 1) % 2;
        if winner_side == first {
            tally[winner_side].wins_first += 1;
        } else {
            tally[winner_side].wins_second += 1;
        }
    }
    let seconds = began.elapsed().as_secs_f64();
    // the time and threads are the strong player's alone
    let thinks = if strengths.contains(&Strength::Strong) {
        format!(" ({} s a strong move, {threads} thread{})", time.as_secs_f64(), crate::plural(threads))
    } else {
        String::new()
    };
    say!(
        o,
        "{variant}, {games} games, {} against {}{thinks}, {seconds:.0} s, {:.1} moves a game",
        strengths[0],
        strengths[1],
        total_moves as f64 / games as f64
    );
    // two players of one strength, told apart by the order they were named in
    let names: Vec<String> = if strengths[0] == strengths[1] {
        vec![format!("{} (named first)", strengths[0]), format!("{} (named second)", strengths[1])]
    } else {
        strengths.iter().map(|s| s.to_string()).collect()
    };
    let half = games / 2;
    for (s, t) in names.iter().zip(&tally) {
        let wins = t.wins_first + t.wins_second;
        say!(
            o,
            "{s}: {wins} win{} ({}%): {} of {half} as player 1, {} of {half} as player 2",
            crate::plural(wins as usize),
            100 * wins / games,
            t.wins_first,
            t.wins_second
        );
    }
    if oracle.is_some() {
        for (s, t) in names.iter().zip(&tally) {
            say!(
                o,
                "{s}: {} perfect move{} of {} in won positions ({:.0}%)",
                t.perfect,
                crate::plural(t.perfect as usize),
                t.chances,
                if t.chances == 0 { 100.0 } else { 100.0 * t.perfect as f64 / t.chances as f64 }
            );
        }
    }
    if json {
        let sides: Vec<serde_json::Value> = strengths
            .iter()
            .zip(&tally)
            .map(|(s, t)| {
                let mut v = serde_json::json!({
                    "strength": s.name(),
                    "wins": t.wins_first + t.wins_second,
                    "wins_as_player_1": t.wins_first,
                    "wins_as_player_2": t.wins_second,
                });
                if oracle.is_some() {
                    v["moves_in_won_positions"] = t.chances.into();
                    v["perfect_moves"] = t.perfect.into();
                }
                v
            })
            .collect();
        let obj = serde_json::json!({
            "variant": variant.to_string(),
            "games": games,
            "seconds_a_strong_move": time.as_secs_f64(),
            "threads": threads,
            "seed": seed,
            "mean_moves": total_moves as f64 / games as f64,
            // the check's solves included
            "seconds": seconds,
            "players": sides,
        });
        say!(o, "{obj}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The end of the 4D record, checked move by move back from its end: its last move
    /// (index 34, side 0's when side 0 played move 1) draws the last line, a perfect move in
    /// a won position; move 33 (side 1's) left the opponent a won position although its
    /// own was won (the two-player solve says so: after 33 moves the player to move wins,
    /// and after 34 too). Played with the sides swapped, the tallies swap.
    #[test]
    fn the_check_counts_each_move_for_its_side() {
        let game = morpion::library::find("4d-35-hyyroporanen").unwrap().game();
        let memory = 1 << 28;
        let mut s = Solver::new(Variant::D4, memory).unwrap();
        let mut tally = [Tally::default(), Tally::default()];
        check_moves(&mut s, memory, game.position(), 0, &mut tally);
        assert!(tally[0].chances >= 1 && tally[0].perfect >= 1);
        assert!(tally[1].chances > tally[1].perfect, "{} {}", tally[1].chances, tally[1].perfect);
        let mut swapped = [Tally::default(), Tally::default()];
        check_moves(&mut s, memory, game.position(), 1, &mut swapped);
        assert_eq!((swapped[1].chances, swapped[1].perfect), (tally[0].chances, tally[0].perfect));
        assert_eq!((swapped[0].chances, swapped[0].perfect), (tally[1].chances, tally[1].perfect));
    }
}
