//! `morpion search`: runs the core's NRPA on a thread pool while the main thread watches
//! the clock, prints progress, saves improvements, and turns Ctrl+C into a clean stop.

use morpion::nrpa::{Budget, Config, Progress, Search};
use morpion::Position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the main thread looks at the search; progress lines are printed at most
/// once a second.
const TICK: Duration = Duration::from_millis(50);

pub struct Options {
    pub config: Config,
    pub threads: usize,
    pub time: Option<Duration>,
    pub playouts: Option<u64>,
    /// No progress lines.
    pub quiet: bool,
}

pub struct Report {
    pub best: Position,
    pub progress: Progress,
    pub interrupted: bool,
}

/// Parses `90`, `90s`, `10m`, `1h30m`, `2.5m`: a number of seconds, minutes or hours, or a
/// sum of them.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let bad = || format!("bad duration '{s}' (examples: 90s, 10m, 1h30m, 2.5m; a bare number is seconds)");
    let mut total = 0.0;
    let mut num = String::new();
    let mut any = false;
    for ch in s.trim().chars() {
        if ch.is_ascii_digit() || ch == '.' {
            num.push(ch);
            continue;
        }
        let unit = match ch {
            's' => 1.0,
            'm' => 60.0,
            'h' => 3600.0,
            _ => return Err(bad()),
        };
        total += num.parse::<f64>().map_err(|_| bad())? * unit;
        num.clear();
        any = true;
    }
    if !num.is_empty() {
        total += num.parse::<f64>().map_err(|_| bad())?;
        any = true;
    }
    if !any || !total.is_finite() || total <= 0.0 {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(total))
}

/// Runs the search to its budget, or to the deadline, or to Ctrl+C; `improved` is called
/// with each new best game (on the main thread, at most once a tick).
pub fn run(
    root: Position,
    opts: Options,
    mut improved: impl FnMut(&Position) -> Result<(), String>,
) -> Result<Report, String> {
    let search = Search::new(root, opts.config.clone()).map_err(|e| e.to_string())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", opts.threads))?;
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let flag = interrupted.clone();
        // a second Ctrl+C while the first is being honoured quits at once
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    }
    let budget = match (opts.time, opts.playouts) {
        (_, Some(n)) => Budget::Playouts(n),
        (Some(_), None) => Budget::UntilStopped,
        (None, None) => Budget::OneRun,
    };
    let start = Instant::now();
    let mut last_line = start;
    let mut saved = None;
    let mut failure = None;
    std::thread::scope(|s| {
        let worker = s.spawn(|| pool.install(|| search.run(budget)));
        let mut told = false;
        while !worker.is_finished() {
            std::thread::sleep(TICK);
            let now = Instant::now();
            if interrupted.load(Ordering::SeqCst) && !told {
                eprintln!("interrupted: stopping and keeping the best game (Ctrl+C again quits at once)");
                told = true;
                search.stop();
            }
            if opts.time.is_some_and(|t| now - start >= t) {
                search.stop();
            }
            if search.best_score() != saved && failure.is_none() {
                saved = search.best_score();
                failure = improved(&search.best_game()).err();
                if failure.is_some() {
                    search.stop();
                }
            }
            if !opts.quiet && now - last_line >= Duration::from_secs(1) {
                last_line = now;
                eprintln!("{}", line(&search.progress((now - start).as_secs_f64()), &search));
            }
        }
        worker.join().expect("the search thread does not panic (panics abort)");
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let best = search.best_game();
    if search.best_score() != saved {
        improved(&best)?;
    }
    Ok(Report {
        best,
        progress: search.progress(start.elapsed().as_secs_f64()),
        interrupted: interrupted.load(Ordering::SeqCst),
    })
}

/// A progress line: time, playouts, rate, best, where the top level is.
pub fn line(p: &Progress, search: &Search) -> String {
    let level = search.config().level;
    let top = if level >= 2 {
        format!("  run {} iteration {}/{}", p.run, p.iteration, p.iterations)
    } else {
        format!("  runs {}", p.runs_done)
    };
    format!(
        "{:>8.1} s  {:>12} playouts  {:>8.0}/s  best {}{top}",
        p.elapsed,
        p.playouts,
        p.playouts_per_second,
        p.best_score.map_or("-".to_string(), |s| s.to_string())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90").unwrap(), Duration::from_secs(90));
        assert_eq!(parse_duration("90s").unwrap(), Duration::from_secs(90));
        assert_eq!(parse_duration("10m").unwrap(), Duration::from_secs(600));
        assert_eq!(parse_duration("1h30m").unwrap(), Duration::from_secs(5400));
        assert_eq!(parse_duration("2.5m").unwrap(), Duration::from_secs(150));
        for bad in ["", "m", "10x", "-5", "0", "1..5s", "s10"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
