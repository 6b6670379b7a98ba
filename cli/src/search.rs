//! `morpion search`: runs the core's NRPA on a thread pool while the main thread watches
//! the clock, prints progress, saves improvements, and turns Ctrl+C into a clean stop.

use crate::best_file::{format_for, Out};
use crate::game_input::start_position;
use crate::search_options::{can_save_in, config_error, shown_name, standard_output_for_dash};
use crate::search_report::{finish, saved};
use crate::{all_threads, at_least, checked_threads, plural, stop_signals, warn, Quit};
use morpion::formats::Format;
use morpion::nrpa::{knob, Budget, CodeKind, Config, Method, Progress, RunSummary, Search};
use morpion::{Position, Variant};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the main thread looks at the search; progress lines are printed at most
/// once a second.
const TICK: Duration = Duration::from_millis(50);

/// The longest `--time`: a year. Longer searches are restarted with `--from`.
const MAX_TIME: Duration = Duration::from_secs(366 * 24 * 3600);

/// The options of `morpion search`.
#[derive(clap::Args)]
pub struct Args {
    /// The variant (5T, 5D, 4T, 4D, 6T, 6D); with --from, the file's unless given.
    #[arg(long, short)]
    pub variant: Option<Variant>,
    /// Nesting level of a run: level 3 is 10^6 adapts at level 1, level 4 10^8 (times the
    /// playouts per adapt in playouts: 4 with the default method).
    #[arg(long, short, value_parser = crate::whole::<u32>)]
    pub level: Option<u32>,
    /// Iterations per level (N).
    #[arg(long, short = 'n', default_value_t = 100, value_parser = crate::whole::<u32>)]
    pub iterations: u32,
    /// Iterations of a top-level run, instead of N (one run is then K level-(L-1) searches;
    /// with --time or --playouts, K below N makes more, shorter runs, each from scratch).
    #[arg(long, value_name = "K", value_parser = crate::whole::<u32>)]
    pub top_iterations: Option<u32>,
    /// Learning rate of adapt.
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true, value_parser = crate::a_number)]
    pub alpha: f64,
    /// Random seed: with one thread, the same seed finds the same game.
    #[arg(long, default_value_t = 1, value_parser = at_least::<u64, 0>)]
    pub seed: u64,
    /// Threads (default: one per core; at most 4 per core).
    #[arg(long, short)]
    pub threads: Option<usize>,
    /// Search for this long (90s, 10m, 1h30m, 2d; at most a year), starting new runs as
    /// runs end.
    #[arg(long, value_parser = parse_duration)]
    pub time: Option<std::time::Duration>,
    /// Search until exactly this many playouts are done (1 or more), starting new runs as
    /// runs end.
    #[arg(long, value_parser = at_least::<u64, 1>)]
    pub playouts: Option<u64>,
    /// Continue this game (a file, `-` or a link: from the move it shows, if it shows one)
    /// instead of starting from the cross.
    #[arg(long)]
    pub from: Option<String>,
    /// Start from these dots instead of the cross: a start code (as links and `morpion
    /// starts` write them) or points `x,y x,y ...`.
    #[arg(long, conflicts_with = "from", allow_hyphen_values = true)]
    pub start: Option<String>,
    /// With --from: keep only its first K moves (a link's shown move is then ignored).
    #[arg(long, requires = "from", value_parser = at_least::<usize, 0>)]
    pub take: Option<usize>,
    /// Save the best game, updated whenever it improves, in the format of the file's
    /// extension (any case): Pentasol for .psol or .pentasol, CSV for .csv, MS1 for .ms1,
    /// MSR JSON for any other name (see --out-format). A file that
    /// already holds a game of this variant is only ever replaced by a longer one; any
    /// other file is left alone (see --force). `-`: standard output, after the report.
    #[arg(long, short)]
    pub out: Option<PathBuf>,
    /// With --out: the format to save in, whatever the file's name: pentasol, flammenkamp,
    /// msr-json, msr (MS1), link or csv.
    #[arg(long, requires = "out", value_parser = crate::writable_format)]
    pub out_format: Option<Format>,
    /// With --out: replace the file whatever it holds.
    #[arg(long, requires = "out")]
    pub force: bool,
    /// How moves are coded for the policy: line (default) or line-dot.
    #[arg(long, default_value = "line")]
    pub code: CodeKind,
    /// The search method.
    #[arg(long, default_value_t = Method::default(), value_parser = method_parser())]
    pub method: Method,
    /// Playouts per adapt at level 1, instead of the method's (1 is Rosin's NRPA).
    #[arg(long, value_parser = at_least::<u32, 1>)]
    pub stabilize: Option<u32>,
    /// Keep every policy weight within [-C, C] (around the prior, if any), instead of the
    /// method's (for experiments).
    #[arg(long, value_name = "C", allow_negative_numbers = true, value_parser = crate::a_number)]
    pub clamp: Option<f64>,
    /// Start every policy from S times a prior that favours lines near the centre of the
    /// start (GNRPA), instead of the method's (for experiments; 0: none).
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = crate::a_number)]
    pub prior: Option<f64>,
    /// Of two games of equal length, the one a level keeps: `newer` (Rosin's, every
    /// method's) or `compact` (the one whose dots are closer together, the newer if alike;
    /// for experiments: no significant change in 5T, a loss in 5D).
    #[arg(long, value_name = "RULE", value_parser = ["newer", "compact"])]
    pub ties: Option<String>,
    /// No progress lines.
    #[arg(long, short)]
    pub quiet: bool,
    /// Also print one JSON object on the last line.
    #[arg(long)]
    pub json: bool,
}

/// A search ready to start: what the options asked for, checked.
pub(crate) struct Prepared {
    pub(crate) root: Position,
    pub(crate) config: Config,
    pub(crate) threads: usize,
    pub(crate) time: Option<Duration>,
    pub(crate) playouts: Option<u64>,
    pub(crate) quiet: bool,
    pub(crate) json: bool,
    pub(crate) out: Option<Out>,
    pub(crate) describe: String,
    pub(crate) from: Option<String>,
}

/// Builds the root and the config from the options and opens `--out`. `default_threads`:
/// the threads when `--threads` is not given; `threads_of`: what a thread count is called
/// in the description (`thread`, or `thread a rank`).
pub(crate) fn prepare(args: Args, default_threads: usize, threads_of: &str) -> Result<Prepared, Quit> {
    let Args {
        variant,
        level,
        iterations,
        top_iterations,
        alpha,
        seed,
        threads,
        time,
        playouts,
        from,
        start,
        take,
        out,
        out_format,
        force,
        code,
        method,
        stabilize,
        clamp,
        prior,
        ties,
        quiet,
        json,
    } = args;
    let root = start_position(from.as_deref(), take, variant, start.as_deref(), "search")?;
    if root.is_finished() {
        let what = match (&from, take) {
            (Some(f), Some(k)) => format!(
                "the first {k} moves of {} leave no legal move: take fewer (--take) to search on from earlier",
                shown_name(f)
            ),
            (Some(f), None) => format!(
                "the game in {} is already over ({} moves, no legal move left): add --take K to search on from its move K",
                shown_name(f),
                root.score()
            ),
            (None, _) => "the start has no legal move: there is nothing to search".to_string(),
        };
        return Err(what.into());
    }
    let threads = checked_threads(threads.unwrap_or(default_threads))?;
    let level = level.unwrap_or(if time.is_some() { 4 } else { 3 });
    let preset = Config { level, iterations, top_iterations, alpha, seed, code, ..Config::default() }
        .with_method(method);
    let config = Config {
        stabilize: stabilize.unwrap_or(preset.stabilize),
        clamp: clamp.or(preset.clamp),
        prior: prior.unwrap_or(preset.prior),
        tie_break: ties.map_or(preset.tie_break, |t| t == "compact"),
        ..preset
    };
    config.validate().map_err(|e| config_error(&e))?;
    let describe = format!(
        "{} level {level}, {iterations} iteration{}{}, alpha {}, seed {seed}, {threads} {threads_of}{}, {} code",
        describe_method(&config),
        plural(iterations as usize),
        top_iterations.map(|k| format!(" ({k} at the top level)")).unwrap_or_default(),
        knob(alpha),
        if threads == 1 { "" } else { "s" },
        code.name(),
    );
    let out = match &out {
        Some(path) => {
            let format = out_format.unwrap_or_else(|| format_for(path));
            can_save_in(format, out_format.is_none().then_some(path.as_path()), &root)?;
            let file = standard_output_for_dash(path)?;
            let out = Out::open(&file, format, root.variant(), root.start(), force, &describe)?;
            Some(if path.as_os_str() == "-" { out.named("standard output") } else { out })
        }
        None => None,
    };
    if let Some(note) = out.as_ref().and_then(Out::note) {
        warn(&format!("note: {note}"));
    }
    Ok(Prepared { root, config, threads, time, playouts, quiet, json, out, describe, from })
}

/// `--method`: the names, each with its one line in `--help`.
fn method_parser() -> impl clap::builder::TypedValueParser<Value = Method> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(Method::ALL.map(|m| PossibleValue::new(m.name()).help(m.about())))
        .map(|name| name.parse::<Method>().expect("a possible value is a method's name"))
}

/// The method by name, or its knobs when they are no method's.
fn describe_method(c: &Config) -> String {
    match Method::of(c) {
        Some(Method::Nrpa) => "NRPA".to_string(),
        Some(Method::Stabilized) => format!("stabilized {}", knobs(c)),
        None => knobs(c),
    }
}

/// "NRPA (4 playouts per adapt, weights within ±6, prior 0.5, ties to the more compact
/// game)".
fn knobs(c: &Config) -> String {
    format!(
        "NRPA ({} playout{} per adapt{}{}{})",
        c.stabilize,
        plural(c.stabilize as usize),
        c.clamp.map(|x| format!(", weights within ±{}", knob(x))).unwrap_or_default(),
        if c.prior > 0.0 { format!(", prior {}", knob(c.prior)) } else { String::new() },
        if c.tie_break { ", ties to the more compact game" } else { "" }
    )
}

/// `morpion search`: builds the root and the config from the options, searches, prints.
pub fn command(args: Args, o: &mut impl Write) -> Result<(), Quit> {
    let mut p = prepare(args, all_threads(), "thread")?;
    let opts = Options {
        config: p.config.clone(),
        threads: p.threads,
        time: p.time,
        playouts: p.playouts,
        quiet: p.quiet,
    };
    let out = &mut p.out;
    let report = run(p.root.clone(), opts, |best| match out {
        Some(out) => out.offer(best),
        None => Ok(()),
    })?;
    let saved = saved(p.out.as_ref(), &report.best, report.save_error.as_ref());
    finish(p, report, saved, None, o)
}

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
    /// The stop flag, still set by a stop signal after the search: what the end is allowed
    /// to wait for (a FIFO's reader) it stops waiting for once this is set.
    pub stop: Arc<AtomicBool>,
    /// What each top-level run found, in run order.
    pub runs: Vec<RunSummary>,
    /// Saving a new best failed (the search stopped there): why.
    pub save_error: Option<String>,
}

/// Parses `90`, `90s`, `10m`, `1h30m`, `2.5m`: a number of seconds, minutes or hours, or a
/// sum of them.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let bad = || {
        format!("bad duration '{s}' (examples: 90s, 10m, 1h30m, 2.5m, 500ms, 2d; a bare number is seconds)")
    };
    let mut total = 0.0;
    let mut num = String::new();
    let mut any = false;
    let mut chars = s.trim().chars().peekable();
    while let Some(ch) = chars.next() {
        if ch.is_ascii_digit() || ch == '.' {
            num.push(ch);
            continue;
        }
        let unit = match ch {
            's' => 1.0,
            'm' if chars.peek() == Some(&'s') => {
                chars.next();
                0.001
            }
            'm' => 60.0,
            'h' => 3600.0,
            'd' => 86400.0,
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
    if !any || total.is_nan() {
        return Err(bad());
    }
    match Duration::try_from_secs_f64(total) {
        // none (no sign is read, so no less), or a tenth of a nanosecond that rounds to none
        Ok(d) if d.is_zero() => {
            Err(format!("duration '{s}' is no time at all: give more than 0 (90s, 10m, ...)"))
        }
        Ok(d) if d <= MAX_TIME => Ok(d),
        _ => Err(format!("duration '{s}' is too long: at most 366 days (366d)")),
    }
}

/// The budget `--time` and `--playouts` give: the playouts, else until stopped (the time is
/// the caller's to keep), else one run.
pub(crate) fn budget_of(time: Option<Duration>, playouts: Option<u64>) -> Budget {
    match (time, playouts) {
        (_, Some(n)) => Budget::Playouts(n),
        (Some(_), None) => Budget::UntilStopped,
        (None, None) => Budget::OneRun,
    }
}

/// Runs the search to its budget, or to the deadline, or to Ctrl+C; `improved` is called
/// with each new best game (on the main thread, at most once a tick).
pub fn run(
    root: Position,
    opts: Options,
    mut improved: impl FnMut(&Position) -> Result<(), String>,
) -> Result<Report, String> {
    // the budget counts from here: making the pool is part of the search's time
    let start = Instant::now();
    let search = Search::new(root, opts.config.clone()).map_err(|e| e.to_string())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .map_err(|e| format!("cannot start {} threads: {}", opts.threads, crate::terminal::system(&e)))?;
    let interrupted = Arc::new(AtomicBool::new(false));
    stop_signals::watch(&interrupted);
    let budget = budget_of(opts.time, opts.playouts);
    let mut last_line = start;
    let mut keeper = Keeper::default();
    // when the search ended: the main thread wakes at once, and the time and playouts a
    // second count up to then, not to the next tick (a tick is most of a short run)
    let mut ended = None;
    std::thread::scope(|s| {
        let (done, finished) = std::sync::mpsc::channel();
        let worker = {
            let (search, pool) = (&search, &pool);
            s.spawn(move || {
                pool.install(|| search.run(budget));
                let _ = done.send(Instant::now());
            })
        };
        let mut told = false;
        loop {
            match finished.recv_timeout(TICK) {
                Ok(at) => {
                    ended = Some(at);
                    break;
                }
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {}
            }
            let now = Instant::now();
            if interrupted.load(Ordering::SeqCst) && !told {
                warn("interrupted: stopping and keeping the best game (a second Ctrl+C or stop signal quits at once)");
                told = true;
                search.stop();
            }
            if opts.time.is_some_and(|t| now - start >= t) {
                search.stop();
            }
            keeper.look(search.best_score(), || improved(&search.best_game()));
            if !opts.quiet && now - last_line >= Duration::from_secs(1) {
                last_line = now;
                warn(&line(&search.progress((now - start).as_secs_f64()), &search));
            }
        }
        worker.join().expect("the search thread does not panic (panics abort)");
    });
    let elapsed = ended.unwrap_or_else(Instant::now) - start;
    let best = search.best_game();
    let failure = keeper.last(search.best_score(), || improved(&best));
    Ok(Report {
        best,
        progress: search.progress(elapsed.as_secs_f64()),
        interrupted: interrupted.load(Ordering::SeqCst),
        stop: interrupted,
        runs: search.runs(),
        save_error: failure,
    })
}

/// Saves the best game whenever it improves. A failed save (a full disk) does not stop the
/// search: it is said once, the next improvement tries again, and the end says whether the
/// best was saved.
#[derive(Default)]
pub(crate) struct Keeper {
    /// The best game's length last handed to the saver.
    offered: Option<usize>,
    /// Why the last save failed, if it did.
    failure: Option<String>,
}

impl Keeper {
    /// `best`: the length of the search's best game now; `save` saves the game (called
    /// only when the length changed since the last call).
    pub(crate) fn look(&mut self, best: Option<usize>, save: impl FnOnce() -> Result<(), String>) {
        if best == self.offered {
            return;
        }
        self.offered = best;
        match save() {
            Ok(()) => self.failure = None,
            Err(e) => {
                if self.failure.is_none() {
                    warn(&format!("warning: {e}; the search goes on and tries again when it improves"));
                }
                self.failure = Some(e);
            }
        }
    }

    /// At the end: saves once more if the last save failed or the best changed since;
    /// returns why it failed, if it still does.
    pub(crate) fn last(
        mut self,
        best: Option<usize>,
        save: impl FnOnce() -> Result<(), String>,
    ) -> Option<String> {
        if self.failure.is_some() || best != self.offered {
            self.failure = save().err();
        }
        self.failure
    }
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
        assert_eq!(parse_duration("2d").unwrap(), Duration::from_secs(2 * 86400));
        assert_eq!(parse_duration("366d").unwrap(), MAX_TIME);
        assert_eq!(parse_duration("500ms").unwrap(), Duration::from_millis(500));
        assert_eq!(parse_duration("1m30s").unwrap(), Duration::from_secs(90));
        for bad in ["", "m", "10x", "-5", "1..5s", "s10", "ms"] {
            assert!(parse_duration(bad).unwrap_err().starts_with("bad duration"), "{bad}");
        }
        for zero in ["0", "0s", "0ms", "0.0000000001s"] {
            assert!(parse_duration(zero).unwrap_err().contains("is no time at all"), "{zero}");
        }
        // absurd budgets are refused, never a panic
        for long in ["99999999999999999999s", "367d", "8785h", &"9".repeat(400)] {
            assert!(parse_duration(long).unwrap_err().contains("too long"), "{long}");
        }
    }
}
