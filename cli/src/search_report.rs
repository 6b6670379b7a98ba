//! What a search prints at its end, on the command line and on MPI alike: the best game
//! (drawn and as a link, so it is never lost), whether `--out` holds it, and `--json`'s
//! object.

use crate::best_file::{Out, Outcome};
use crate::search::{Prepared, Report};
use crate::search_options::shown_name;
use crate::{plural, print_summary, Quit};
use morpion::formats::{self, link, Format};
use morpion::nrpa::{Config, Method, RunSummary};
use morpion::{Game, Meta, Position};
use std::io::Write;

/// What `--out` holds at a search's end: nothing asked (no `--out`), an outcome and the
/// line that says it, or why the best could not be saved.
pub(crate) type Saved = Result<Option<(Outcome, String)>, String>;

/// Asks `out` once what it holds at the end. A failed save stopped the search but never
/// loses its game: [`finish`] prints it, and the error gives its link.
pub(crate) fn saved(out: Option<&Out>, best: &Position, save_error: Option<&String>) -> Saved {
    match (out, save_error) {
        (Some(_), Some(e)) => Err(e.clone()),
        (Some(out), None) => Ok(Some(out.finish(best))),
        (None, _) => Ok(None),
    }
}

/// The end of a search: the best game printed (so that it is never lost), saved with
/// `--out`, the JSON line with `--json` (and `extra`'s fields).
/// `saved`: what FILE holds at the end ([`saved`]), asked once by the caller, which may
/// act on it first (the MPI search keeps its checkpoint unless the best is in FILE).
pub(crate) fn finish(
    p: Prepared,
    report: Report,
    saved: Saved,
    extra: Option<serde_json::Value>,
    o: &mut impl Write,
) -> Result<(), Quit> {
    let Prepared { root, config, threads, json, mut out, describe, from, .. } = p;
    let Config { level, iterations, top_iterations, alpha, seed, code, stabilize, clamp, prior, tie_break } =
        config;
    let given = root.score();
    let variant = root.variant();
    let p = report.progress;
    let game = Game::new(report.best, Meta::default());
    // the game itself, printed so that it is never lost, saved or not
    let game_link = formats::write(&game, Format::Link, link::DEFAULT_BASE).map_err(|e| e.to_string())?;
    let how = if report.interrupted {
        ", interrupted"
    } else if p.stopped {
        ", stopped at the budget"
    } else {
        ""
    };
    say!(
        o,
        "best: {} move{} ({variant}{}{})",
        game.score(),
        plural(game.score()),
        game.custom_start().map_or(String::new(), |s| format!(" from the start {}", s.code())),
        if given > 0 {
            format!(", the first {given} from {}", from.as_deref().map_or(String::new(), shown_name))
        } else {
            String::new()
        }
    );
    say!(o, "link: {game_link}");
    say!(o, "search: {describe}");
    say!(
        o,
        "{} playout{} in {} s ({:.0}/s), {} run{} finished{how}",
        p.playouts,
        plural(p.playouts as usize),
        seconds(p.elapsed),
        p.playouts_per_second,
        p.runs_done,
        plural(p.runs_done as usize)
    );
    if let Some(line) = runs_line(&report.runs, p.runs_done) {
        say!(o, "{line}");
    }
    if let Ok(Some((_, line))) = &saved {
        say!(o, "{line}");
    }
    print_summary(&game, o)?;
    if json {
        let obj = serde_json::json!({
            "variant": variant.to_string(),
            "start": game.position().start().spec(variant),
            "score": game.score(),
            "link": game_link,
            "from_moves": given,
            "playouts": p.playouts,
            "seconds": p.elapsed,
            "playouts_per_second": p.playouts_per_second,
            "level": level,
            "iterations": iterations,
            "top_iterations": top_iterations.unwrap_or(iterations),
            "alpha": alpha,
            "seed": seed,
            "threads": threads,
            "code": code.name(),
            "method": Method::of(&config).map(Method::name),
            "stabilize": stabilize,
            "clamp": clamp,
            "prior": prior,
            "ties": if tie_break { "compact" } else { "newer" },
            "runs_done": p.runs_done,
            "runs": report.runs.iter().map(|r| serde_json::json!({
                "run": r.run,
                "best": r.best,
                "best_iteration": r.best_iteration,
                "iterations": r.iterations,
                "finished": r.finished,
            })).collect::<Vec<_>>(),
            "interrupted": report.interrupted,
            "finished": game.is_finished(),
            // null without --out; false for a device until its write, after this line
            "saved": saved
                .as_ref()
                .map(|s| s.as_ref().map(|(outcome, _)| *outcome == Outcome::Saved))
                .unwrap_or(Some(false)),
            // a device's write follows this line; the exit status says if it failed
            "to_be_written": saved.as_ref().is_ok_and(Option::is_some)
                && out.as_ref().is_some_and(Out::writes_after_report),
        });
        let mut obj = obj;
        if let (Some(serde_json::Value::Object(more)), Some(map)) = (extra, obj.as_object_mut()) {
            map.extend(more);
        }
        say!(o, "{obj}");
    }
    // a device or descriptor gets the game after everything else (`-o /dev/stdout`)
    o.flush()?;
    let saved = match (saved, &mut out) {
        // the search's best is neither in FILE nor beaten there: say so, as a failure, so
        // that a script does not take the file for the search's result
        (Ok(Some((Outcome::NotSaved, line))), _) => Err(line),
        (Ok(Some(_)), Some(out)) => {
            // a stop asked for during the search (timeout's one signal) or after it: no
            // waiting for a FIFO's reader
            let stop = || report.interrupted || report.stop.load(std::sync::atomic::Ordering::SeqCst);
            out.write_in_place(game.position(), &stop).map(|()| None)
        }
        (other, _) => other,
    };
    if let Err(e) = saved {
        return Err(format!(
            "{e}\nthe best game ({} moves) was not saved; here it is as a link: {game_link}",
            game.score()
        )
        .into());
    }
    Ok(())
}

/// What the top-level runs found, on one line: each run's best and the iteration that
/// reached it when there are few, else their spread. None when no run is listed (level 1).
/// Runs that finished and are not listed (past the list's length, or before the resume of
/// a checkpoint that did not keep them) are counted.
fn runs_line(runs: &[RunSummary], runs_done: u32) -> Option<String> {
    if runs.is_empty() {
        return None;
    }
    let unlisted = (runs_done as usize).saturating_sub(runs.iter().filter(|r| r.finished).count());
    let more = if unlisted > 0 { format!(" ({unlisted} more finished, not listed)") } else { String::new() };
    if runs.len() <= 12 {
        let each: Vec<String> = runs
            .iter()
            .map(|r| {
                let best = match (r.best, r.best_iteration) {
                    (Some(b), Some(i)) => format!("{b} from iteration {i}"),
                    (Some(b), None) => b.to_string(),
                    (None, _) => "nothing".to_string(),
                };
                if r.finished {
                    best
                } else {
                    format!(
                        "{best} (stopped after {} iteration{})",
                        r.iterations,
                        plural(r.iterations as usize)
                    )
                }
            })
            .collect();
        return Some(format!("runs: {}{more}", each.join(", ")));
    }
    let scores: Vec<i64> = runs.iter().filter_map(|r| r.best).collect();
    let (Some(best), Some(worst)) = (scores.iter().max(), scores.iter().min()) else {
        return Some(format!("runs: {} listed{more}, none with a game", runs.len()));
    };
    // in floating point: a sum of scores cannot overflow
    let mean = scores.iter().map(|&s| s as f64).sum::<f64>() / scores.len() as f64;
    Some(format!(
        "runs: {} listed{more}, their bests from {worst} to {best}, mean {mean:.2} (each with --json)",
        runs.len()
    ))
}

/// A duration in seconds to a tenth, and to a thousandth under one second (a level-1 run
/// takes a few milliseconds: "0.0 s" would say nothing).
fn seconds(s: f64) -> String {
    if s < 0.9995 {
        format!("{s:.3}")
    } else {
        format!("{s:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::runs_line;
    use morpion::nrpa::RunSummary;

    fn run(run: u32, best: Option<i64>, at: Option<u32>, iterations: u32, finished: bool) -> RunSummary {
        RunSummary { run, best, best_iteration: at, iterations, finished }
    }

    #[test]
    fn a_few_runs_are_listed_one_by_one() {
        assert_eq!(runs_line(&[], 0), None);
        let runs = [
            run(1, Some(167), Some(31), 40, true),
            run(2, Some(163), Some(9), 40, true),
            run(3, Some(160), Some(1), 1, false),
            run(4, None, None, 1, false),
        ];
        assert_eq!(
            runs_line(&runs, 2).as_deref(),
            Some(
                "runs: 167 from iteration 31, 163 from iteration 9, \
                 160 from iteration 1 (stopped after 1 iteration), nothing (stopped after 1 iteration)"
            )
        );
    }

    #[test]
    fn many_runs_are_summed_up() {
        let runs: Vec<RunSummary> =
            (1..=20).map(|i| run(i, Some(140 + i as i64 % 3), Some(5), 100, true)).collect();
        assert_eq!(
            runs_line(&runs, 20).as_deref(),
            Some("runs: 20 listed, their bests from 140 to 142, mean 141.05 (each with --json)")
        );
        let none: Vec<RunSummary> = (1..=13).map(|i| run(i, None, None, 1, false)).collect();
        assert_eq!(runs_line(&none, 0).as_deref(), Some("runs: 13 listed, none with a game"));
        // finished runs the list does not hold (past its length, or before a resume)
        assert_eq!(
            runs_line(&runs, 25).as_deref(),
            Some("runs: 20 listed (5 more finished, not listed), their bests from 140 to 142, mean 141.05 (each with --json)")
        );
        assert_eq!(
            runs_line(&runs[..2], 3).as_deref(),
            Some("runs: 141 from iteration 5, 142 from iteration 5 (1 more finished, not listed)")
        );
    }

    #[test]
    fn short_runs_are_timed_to_the_millisecond() {
        assert_eq!(super::seconds(0.0043), "0.004");
        assert_eq!(super::seconds(0.9994), "0.999");
        assert_eq!(super::seconds(0.9996), "1.0");
        assert_eq!(super::seconds(12.34), "12.3");
    }
}
