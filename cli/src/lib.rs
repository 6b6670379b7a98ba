//! `morpion`: the native command line of the Morpion Solitaire engine (this library holds
//! its commands; `main.rs` runs them, and `bin/morpion-mpi.rs` runs some of them on MPI).

/// `writeln!` to the output, stopping the command if it cannot be written.
macro_rules! say {
    ($o:expr) => { writeln!($o)? };
    ($o:expr, $($t:tt)*) => { writeln!($o, $($t)*)? };
}

mod ascii;
mod bench;
mod best_file;
mod bound;
mod campaign;
mod game_input;
mod keep_file;
mod memory_size;
#[cfg(feature = "mpi")]
pub mod mpi;
mod out_file;
mod search;
mod search_options;
mod search_report;
mod starts;
mod stop_signals;
mod terminal;
mod text_bytes;
use terminal::warn;
mod two_player;

use clap::{Parser, Subcommand};
use game_input::{load_noted, start_set};
use morpion::formats::{self, link, Format};
use morpion::{count, library, Game, Position, Variant};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "morpion",
    version,
    about = "Morpion Solitaire (Join Five): replay, convert, count, search, bound and benchmark games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a game move by move and show the final position.
    ///
    /// Reads Pentasol, Flammenkamp, MSR JSON, MS1, game links, gillioz JSON or x,y,dir,pos
    /// CSV, detected from the content. FILE may be `-` (standard input) or a link itself.
    Replay {
        /// The game: a file, `-` for standard input, or a link / MS1 string.
        file: String,
        /// The variant (5T, 5D, 4T, ...): wins over the file's; Pentasol needs it (default 5T).
        #[arg(long, short)]
        variant: Option<Variant>,
        /// Also print one JSON object on the last line.
        #[arg(long)]
        json: bool,
    },
    /// Write a game in another format.
    Convert {
        /// The game: a file, `-` for standard input, or a link / MS1 string.
        file: String,
        /// The variant: wins over the file's; Pentasol needs it (default 5T).
        #[arg(long, short)]
        variant: Option<Variant>,
        /// Output format.
        #[arg(long, value_parser = writable_format)]
        to: Format,
        /// Where links point (the web app's address).
        #[arg(long, default_value = link::DEFAULT_BASE, value_parser = link_base)]
        base: String,
        /// Write to this file instead of standard output (`-` is standard output). A file
        /// that holds something else (another game, notes) is left alone unless --force.
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Replace what --output holds, whatever it is.
        #[arg(long, requires = "output")]
        force: bool,
    },
    /// Count the distinct positions reachable in exactly n moves, for n = 1..DEPTH.
    ///
    /// A position is a set of drawn lines. Prints one line `n count` per depth as it is
    /// done, using every core, up to DEPTH or to the first depth with none (`13 0`: no
    /// game is that long), whichever comes first.
    Count {
        /// The variant (5T, 5D, 4T, ...).
        #[arg(long, short)]
        variant: Variant,
        /// Count up to this many moves (1 or more).
        #[arg(long, short, value_parser = at_least::<usize, 1>)]
        depth: usize,
        /// Count positions up to the symmetries of the start (the 8 of the cross).
        #[arg(long)]
        symmetric: bool,
        /// Count from this start: `cross` (the default), a start code, or points `x,y x,y ...`.
        #[arg(long, allow_hyphen_values = true)]
        start: Option<String>,
        /// Count ordered move sequences instead of positions (the usual perft).
        #[arg(long, conflicts_with = "symmetric")]
        sequences: bool,
        /// The most memory the positions may take (about 48 bytes each at the deepest
        /// level): 512M, 1.5G, 20G... (default 4G, or half the machine's memory if that is
        /// less). A depth that needs more stops the count cleanly, after the depths before.
        #[arg(long, value_parser = memory_size::parse_size, conflicts_with = "sequences")]
        memory: Option<u64>,
    },
    /// List the embedded record games, or show one.
    Records {
        /// A record's name (or the start of it), as listed.
        name: Option<String>,
        /// Print the record in this format instead of a summary.
        #[arg(long, value_parser = writable_format, requires = "name")]
        to: Option<Format>,
        /// Where links point (with --to link).
        #[arg(long, default_value = link::DEFAULT_BASE, value_parser = link_base)]
        base: String,
    },
    /// Search for long games with NRPA (nested rollout policy adaptation), on every core.
    ///
    /// Without --time or --playouts: one run at LEVEL (ITERATIONS^LEVEL playouts). With
    /// --time: runs one after another until the time is up (level 4 unless given). Progress
    /// goes to standard error once a second; Ctrl+C stops and keeps the best game.
    Search(search::Args),
    /// Upper bounds: the LP of the 485 paper, the admissible octagons, a game's live bound,
    /// and the octagon campaign.
    #[command(subcommand)]
    Bound(bound::Command),
    /// Starts other than the cross: draw one, or find the best start of r dots (n(r)).
    #[command(subcommand)]
    Starts(starts::Command),
    /// The two-player game, where whoever draws the last line wins.
    #[command(subcommand, name = "two-player")]
    TwoPlayer(two_player::Command),
    /// Measure playouts a second from the start (random, and NRPA levels 1 and 2), one
    /// thread and all threads.
    Bench {
        #[arg(long, short, default_value = "5D")]
        variant: Variant,
        /// Random playouts per measurement (at least 100); the NRPA rows take a third as
        /// many. Fewer than some 30,000 give rough figures, which a note says.
        #[arg(long, default_value_t = 300_000, value_parser = at_least::<u64, 100>)]
        playouts: u64,
        /// Also print one JSON object on the last line.
        #[arg(long)]
        json: bool,
    },
}

/// A whole number of at least `MIN`, for a flag whose smaller values mean nothing.
fn at_least<T, const MIN: u64>(s: &str) -> Result<T, String>
where
    T: std::str::FromStr + TryFrom<u64> + PartialOrd,
{
    let min = T::try_from(MIN).map_err(|_| "bad minimum".to_string())?;
    let range = format!(", {MIN} or more");
    match whole_within::<T>(s, &range)? {
        n if n >= min => Ok(n),
        _ => Err(format!("expected a whole number{range}")),
    }
}

/// A whole number, or what is wrong with `s`, the range it should be in said after
/// "expected a whole number" (`range`: ", 1 or more", or nothing).
fn whole_within<T: std::str::FromStr>(s: &str, range: &str) -> Result<T, String> {
    let t = s.trim();
    t.parse::<T>().map_err(|_| {
        // digits that do not fit: saying "a whole number" alone would puzzle
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            format!("{t} is too large for this option (expected a whole number{range})")
        } else {
            format!("expected a whole number{range}")
        }
    })
}

pub(crate) fn writable_format(s: &str) -> Result<Format, String> {
    Format::from_name(s).filter(|f| Format::WRITABLE.contains(f)).ok_or_else(|| {
        let names: Vec<&str> = Format::WRITABLE.iter().map(|f| f.name()).collect();
        format!("unknown output format '{s}' (expected one of: {})", names.join(", "))
    })
}

/// `--base`: the web app's address, before which a link's `#g=...` goes: no spaces, line
/// breaks or control characters (the link would be cut there), and no `#` of its own.
fn link_base(s: &str) -> Result<String, String> {
    if let Some(c) = s.chars().find(|c| c.is_whitespace() || c.is_control()) {
        let shown = if c == ' ' { "space".to_string() } else { format!("{:?}", c) };
        return Err(format!("an address holds no {shown} (a link would end there)"));
    }
    if s.contains('#') {
        return Err("an address for links holds no '#': the game goes after it".to_string());
    }
    Ok(s.to_string())
}

/// A whole number option's value whose range the search's settings check (`--level 0` is
/// said by them, with the range): here only that it is a whole number.
fn whole<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    whole_within(s, "")
}

/// A number option's value: a number, said so when it is not one (Rust's own words,
/// "invalid float literal", are not for people).
fn a_number(s: &str) -> Result<f64, String> {
    s.trim().parse::<f64>().map_err(|_| "expected a number, such as 1 or 0.5".to_string())
}

/// Why a command stopped early.
enum Quit {
    /// Something the user should read.
    Error(String),
    /// An option's value that no run could take (`--level 0`, `--threads 0`): said as clap
    /// says a value it cannot parse, with its exit code, 2, so that a script tells a wrong
    /// command from a run that failed.
    Usage(String),
    /// Whoever reads our output has gone (`morpion records | head`): not an error.
    Pipe,
}

impl From<String> for Quit {
    fn from(s: String) -> Quit {
        Quit::Error(s)
    }
}

impl From<std::io::Error> for Quit {
    fn from(e: std::io::Error) -> Quit {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Quit::Pipe
        } else {
            Quit::Error(format!("writing the output: {}", terminal::system(&e)))
        }
    }
}

/// The `morpion` command: parses the arguments, runs the command, says what went wrong.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = std::io::stdout().lock();
    exit_code(run(cli.command, &mut out).and_then(|()| out.flush().map_err(Quit::from)))
}

/// A command's end as its exit code, with what went wrong said on standard error.
fn exit_code(result: Result<(), Quit>) -> ExitCode {
    let (msg, code) = match result {
        Ok(()) | Err(Quit::Pipe) => return ExitCode::SUCCESS,
        Err(Quit::Error(msg)) => (msg, ExitCode::FAILURE),
        Err(Quit::Usage(msg)) => (msg, ExitCode::from(2)),
    };
    // not eprintln!: a closed terminal must not turn an error into a panic
    let _ = writeln!(std::io::stderr(), "error: {}", terminal::for_terminal(&msg));
    code
}

fn run(command: Command, o: &mut impl Write) -> Result<(), Quit> {
    match command {
        Command::Replay { file, variant, json } => {
            let loaded = load_noted(&file, variant)?;
            let game = &loaded.game;
            print_summary(game, o)?;
            if json {
                let (x0, y0, x1, y1) = game.position().bbox();
                let obj = serde_json::json!({
                    "variant": game.variant().to_string(),
                    "moves": game.score(),
                    "finished": game.is_finished(),
                    "legal_moves": game.position().num_legal_moves(),
                    "bbox": [x0, y0, x1, y1],
                    "start": game.position().start().spec(game.variant()),
                    "format": loaded.format.name(),
                    "notes": loaded.notes.iter().map(ToString::to_string).collect::<Vec<_>>(),
                });
                say!(o, "{obj}");
            }
            Ok(())
        }
        Command::Convert { file, variant, to, base, output, force } => {
            let loaded = load_noted(&file, variant)?;
            let (game, view) = (&loaded.game, loaded.view);
            // a link to a link keeps how it shows its game (two players, the move shown);
            // another format has no place for that, and says so
            let mut text = if to == Format::Link {
                link::write(game, &base, view)
            } else {
                let mut lost = Vec::new();
                if view.two_player {
                    lost.push("two-player mark (p=2)".to_string());
                }
                if let Some(m) = view.shown {
                    lost.push(format!("shown move (m={m})"));
                }
                if !lost.is_empty() {
                    let verb = if lost.len() > 1 { "are" } else { "is" };
                    warn(&format!(
                        "note: {} holds the moves alone: the link's {} {verb} left out",
                        to.label(),
                        lost.join(" and ")
                    ));
                }
                let text = formats::write(game, to, &base).map_err(|e| e.to_string())?;
                if let Some(note) = formats::write_note(game, to) {
                    warn(&format!("note: {note}"));
                }
                text
            };
            // a file ends with its line's end, as standard output does
            if !text.ends_with('\n') {
                text.push('\n');
            }
            let output = output.filter(|p| p.as_os_str() != "-");
            if let Some(path) = &output {
                keep_file::may_replace(path, force, |held| keep_file::same_text(held, &text))?;
            }
            emit(&text, output, o)
        }
        Command::Count { variant, depth, symmetric, start, sequences, memory } => {
            let root = Position::on(variant, start_set(start.as_deref(), variant)?);
            let limit = memory_size::memory_limit(memory, memory_size::machine_memory())?;
            // each line as soon as its count is known (a deep count takes hours)
            let mut failed = None;
            // and no deeper once the output is closed (`| head -3`)
            let mut line = |n: usize, c: u64| {
                failed = writeln!(o, "{n} {c}").and_then(|()| o.flush()).err();
                failed.is_none()
            };
            if sequences {
                count::count_sequences(&root, depth, &mut line);
            } else if let Err(e) = count::count_positions_within(&root, depth, symmetric, limit, &mut line) {
                let given = if memory.is_some() { "" } else { " (the default)" };
                return Err(format!(
                    "{e}: --memory {}{given} is too little for it; give more with --memory, or count less deep",
                    memory_size::show_size(limit)
                )
                .into());
            }
            failed.map_or(Ok(()), |e| Err(e.into()))
        }
        Command::Records { name: None, .. } => {
            say!(o, "{:<32} {:<7} {:>5}  {:<40} date", "name", "variant", "moves", "author");
            // in words, as a record's label says it: "2014 or before", not "<=2014"
            for e in library::entries() {
                let author = e.known_author().unwrap_or("unknown");
                let date = e.known_date().map_or("unknown".into(), morpion::record::date_words);
                say!(o, "{:<32} {:<7} {:>5}  {:<40} {}", e.name, e.variant, e.score, author, date);
            }
            Ok(())
        }
        Command::Records { name: Some(name), to, base } => {
            let e = match library::matching(&name)[..] {
                [e] => e,
                [] if name.trim().is_empty() => {
                    return Err("no record name given; `morpion records` lists them".to_string().into())
                }
                [] => return Err(format!("no record called '{name}'; `morpion records` lists them").into()),
                ref several => {
                    let names: Vec<&str> = several.iter().map(|e| e.name).collect();
                    return Err(
                        format!("'{name}' could be {}: give more of the name", names.join(", ")).into()
                    );
                }
            };
            let game = e.game();
            match to {
                Some(f) => emit(&formats::write(&game, f, &base).map_err(|e| e.to_string())?, None, o),
                None => {
                    say!(o, "{}: {}", e.name, e.label());
                    if !e.note.is_empty() {
                        say!(o, "{}", e.note);
                    }
                    if !e.source.is_empty() {
                        say!(o, "source: {}", e.source);
                    }
                    say!(o, "copied from: {}", e.origin);
                    print_summary(&game, o)?;
                    Ok(())
                }
            }
        }
        Command::Search(args) => search::command(args, o),
        Command::Bound(command) => bound::command(command, o),
        Command::Starts(command) => starts::command(command, o),
        Command::TwoPlayer(command) => two_player::command(command, o),
        Command::Bench { variant, playouts, json } => bench::command(variant, playouts, json, o),
    }
}

/// One thread per core.
fn all_threads() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// More threads than this many per core only add memory and switching, never speed.
const THREADS_PER_CORE: usize = 4;

/// `--threads`, refused when 0 or more than [`THREADS_PER_CORE`] a core (thousands of
/// threads take long to start and look like a hang).
fn checked_threads(threads: usize) -> Result<usize, Quit> {
    let most = THREADS_PER_CORE * all_threads();
    match threads {
        0 => Err(Quit::Usage("--threads must be at least 1".to_string())),
        n if n > most => Err(Quit::Usage(format!(
            "--threads {n} is too many: at most {most} on this machine ({THREADS_PER_CORE} per core; more only slows the work down)"
        ))),
        n => Ok(n),
    }
}

/// "a 5-move", "an 82-move", "an 11-move": the article as the number is read aloud.
fn n_move(n: usize) -> String {
    let digits = n.to_string();
    // the digits read first, before any "thousand": eight..., eleven and eighteen sound a vowel
    let lead = &digits[..(digits.len() - 1) % 3 + 1];
    let vowel = lead.starts_with('8') || lead == "11" || lead == "18";
    format!("{} {n}-move", if vowel { "an" } else { "a" })
}

/// "s" unless there is exactly one.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn print_summary(game: &Game, o: &mut impl Write) -> Result<(), Quit> {
    let p = game.position();
    say!(o, "variant: {}", game.variant());
    if let Some(s) = game.custom_start() {
        // the code as drawn, which --start takes back with the moves' meaning kept; its
        // name up to symmetry (what `starts show` calls it) when that differs
        let (code, name) = (s.spec(game.variant()), s.id(game.variant()));
        let also = if name == code { String::new() } else { format!(" (up to symmetry {name})") };
        say!(o, "start: {} dots, {code}{also}", s.len());
    }
    say!(o, "moves: {}", game.score());
    say!(o, "finished: {}", if game.is_finished() { "yes (no legal move left)" } else { "no" });
    say!(o, "legal moves left: {}", p.num_legal_moves());
    write!(o, "{}", ascii::picture(p))?;
    Ok(())
}

fn emit(text: &str, output: Option<PathBuf>, o: &mut impl Write) -> Result<(), Quit> {
    match output {
        Some(path) => {
            let target = out_file::resolve(&path).map_err(|e| e.to_string())?;
            Ok(target.write(text, &path).map_err(|e| e.to_string())?)
        }
        None => {
            o.write_all(text.as_bytes())?;
            if !text.ends_with('\n') {
                o.write_all(b"\n")?;
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::n_move;

    #[test]
    fn the_article_follows_how_the_number_is_read() {
        for (n, want) in
            [(5, "a 5-move"), (8, "an 8-move"), (11, "an 11-move"), (18, "an 18-move"), (82, "an 82-move")]
        {
            assert_eq!(n_move(n), want);
        }
        for (n, want) in
            [(110, "a 110-move"), (178, "a 178-move"), (800, "an 800-move"), (1100, "a 1100-move")]
        {
            assert_eq!(n_move(n), want);
        }
        assert_eq!(n_move(11_000), "an 11000-move");
    }
}
