//! Reading and writing games in the formats people have, kept apart from the rules.
//!
//! Every reader turns text into an unvalidated [`Record`]; [`load`] then picks the variant
//! (the user's choice wins over the file's, and the file's over the default 5T) and replays
//! it. Readers never panic: bad input gives a typed [`ReadError`] that says what, where, and
//! the value as written; an illegal move gives [`LoadError::Replay`], with its line and its
//! points as the text writes them.

pub(crate) mod base64;
mod csv;
mod error;
mod gillioz;
mod json_damage;
mod json_place;
pub mod link;
mod msr;
mod pentasol;
mod write_note;

pub(crate) use error::shown;
pub use error::{
    line_and_column, At, Element, Expected, Field, LinkDamage, Ms1Damage, ReadError, ReadErrorKind,
};
pub use json_damage::{JsonDamage, JsonKind};
pub use write_note::{write_note, WriteNote};

use crate::geom::{Frame, Point};
use crate::position::ReplayError;
use crate::record::{Game, Record, Skipped, Written};
use crate::starts::{BadStart, Start, MAX_START_SIDE};
use crate::variant::Variant;
use std::fmt;

/// A format the engine reads (and, for most, writes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Pentasol text: reference line, then `(col,row) glyph delta` per move. 5-point lines.
    Pentasol,
    /// Flammenkamp's notation: `(x,y) delta+glyph` in the standard frame.
    Flammenkamp,
    /// MSR 0.1 JSON (morpion-solitaire.io).
    MsrJson,
    /// MSR compact form, `MS1:` + base64url of raw DEFLATE of the JSON.
    Msr,
    /// This project's link (a URL whose fragment carries the game).
    Link,
    /// gillioz/MorpionSolitaire web grid JSON (read only).
    GilliozGrid,
    /// gillioz/MorpionSolitaire C++ GridDTO JSON (read only).
    GilliozDto,
    /// `x,y,dir,pos` lines, the normalized CSV of the shared records.
    Csv,
}

impl Format {
    /// Formats that can be written, in the order menus list them.
    pub const WRITABLE: [Format; 6] =
        [Format::Pentasol, Format::Flammenkamp, Format::MsrJson, Format::Msr, Format::Link, Format::Csv];

    /// Every format, the readable-only ones last.
    pub const ALL: [Format; 8] = [
        Format::Pentasol,
        Format::Flammenkamp,
        Format::MsrJson,
        Format::Msr,
        Format::Link,
        Format::Csv,
        Format::GilliozGrid,
        Format::GilliozDto,
    ];

    /// The name the command line and the page use (`--to msr-json`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Pentasol => "pentasol",
            Format::Flammenkamp => "flammenkamp",
            Format::MsrJson => "msr-json",
            Format::Msr => "msr",
            Format::Link => "link",
            Format::GilliozGrid => "gillioz",
            Format::GilliozDto => "gillioz-dto",
            Format::Csv => "csv",
        }
    }

    /// The format called `s` (any case), if any; `ms1`, what people and this program's
    /// messages call the compact MSR string, is `msr` too.
    pub fn from_name(s: &str) -> Option<Format> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("ms1") {
            return Some(Format::Msr);
        }
        Format::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(s))
    }

    /// What menus call it.
    pub fn label(self) -> &'static str {
        match self {
            Format::Pentasol => "Pentasol",
            Format::Flammenkamp => "Flammenkamp's notation",
            Format::MsrJson => "MSR JSON (morpion-solitaire.io)",
            Format::Msr => "MS1 (compact MSR)",
            Format::Link => "Link",
            Format::GilliozGrid => "gillioz grid JSON",
            Format::GilliozDto => "gillioz GridDTO JSON",
            Format::Csv => "CSV (x,y,dir,pos)",
        }
    }

    /// The file name extension of a file in this format.
    pub fn extension(self) -> &'static str {
        match self {
            Format::MsrJson | Format::GilliozGrid | Format::GilliozDto => "json",
            Format::Csv => "csv",
            Format::Pentasol | Format::Flammenkamp | Format::Msr | Format::Link => "txt",
        }
    }

    /// The media type of a file in this format.
    pub fn media_type(self) -> &'static str {
        match self.extension() {
            "json" => "application/json",
            "csv" => "text/csv",
            _ => "text/plain",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format's output could not be produced (Pentasol needs 5-point lines, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The format writes lines of 5 points only.
    NotFivePointLines {
        /// The format.
        format: Format,
        /// The game's variant.
        variant: Variant,
    },
    /// The format is read only.
    ReadOnly(Format),
    /// The format has no way to say the game starts elsewhere than from the cross.
    CustomStart(Format),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::NotFivePointLines { format, variant } => write!(
                f,
                "{} is for 5-point lines; this game is {variant} (write msr-json or a link)",
                format.label()
            ),
            WriteError::CustomStart(format) => write!(
                f,
                "{} always starts from the cross; this game starts from another set of dots (write a link, csv or msr-json, whose start this program reads; morpion-solitaire.io does not)",
                format.label()
            ),
            WriteError::ReadOnly(format) => {
                write!(f, "{format} is read only; write msr-json for morpion-solitaire.io")
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// The start a file's dots make, and the frame it is written in: the start sits with its
/// smallest x and y at 0, and the file writes that point (dx, dy) (the moves are shifted
/// the same way). Dots too far apart are refused with their real spread.
pub(crate) fn start_in_frame(f: Format, dots: &[(i64, i64)]) -> Result<(Start, Frame), ReadError> {
    let bad = |e| ReadError::new(f, None, ReadErrorKind::Start(e));
    if dots.is_empty() {
        return Err(bad(BadStart::Empty));
    }
    let (dx, dy) = (dots.iter().map(|d| d.0).min().unwrap_or(0), dots.iter().map(|d| d.1).min().unwrap_or(0));
    let (x1, y1) = (dots.iter().map(|d| d.0).max().unwrap_or(0), dots.iter().map(|d| d.1).max().unwrap_or(0));
    let spread = |lo: i64, hi: i64| i64::try_from(hi as i128 - lo as i128 + 1).unwrap_or(i64::MAX);
    let (width, height) = (spread(dx, x1), spread(dy, y1));
    if width > MAX_START_SIDE as i64 || height > MAX_START_SIDE as i64 {
        return Err(bad(BadStart::TooLarge { width, height }));
    }
    let points = dots.iter().map(|&(x, y)| Point::new((x - dx) as i32, (y - dy) as i32));
    Ok((Start::new(points).map_err(bad)?, Frame { dx, dy }))
}

/// Guesses the format from the content alone.
pub fn detect(text: &str) -> Option<Format> {
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.starts_with("MS1:") {
        return Some(Format::Msr);
    }
    // the lines, and those that are no comment (a link's own fragment, `#g=`, is none): a
    // link or a JSON key in a comment (a game file that mentions one) says nothing
    let lines = || t.lines().map(str::trim).filter(|l| !l.is_empty());
    let code = || lines().filter(|l| !l.starts_with('#') || l.starts_with("#g="));
    if code().next().is_some_and(link::looks_like_link) {
        return Some(Format::Link);
    }
    // JSON: an object, or what only JSON would be (a list, or a text holding an MSR key),
    // so that its reader says what is wrong in JSON's terms, not CSV's
    if t.starts_with('{')
        || t.starts_with('[')
        || code().any(|l| l.contains("\"moves\"")) && code().any(|l| l.contains('{'))
    {
        // tell the dialects apart by the names of their outer fields: MSR's, or any of
        // gillioz's (a file that lost one is still its format, and its reader says which
        // is missing; an MSR file whose "moves" is misspelt "Moves" is still MSR's)
        let names = json_place::outer_names(t);
        let has = |key: &str| names.contains(&key);
        if ["moves", "variant", "version", "producer", "score"].into_iter().any(has) {
            return Some(Format::MsrJson);
        }
        if ["InitialDots", "LineLength", "Moves"].into_iter().any(has) {
            return Some(Format::GilliozDto);
        }
        if ["Grid", "SegmentLength", "NoTouchingRule"].into_iter().any(has) {
            return Some(Format::GilliozGrid);
        }
        return Some(Format::MsrJson);
    }
    let Some(first) = code().next() else {
        // comments alone: the header this program writes before Flammenkamp's moves, of a
        // game of none (its reader takes it, with its variant); a header of more moves
        // with none after it is a file cut short, no game
        let empty = |l: &&str| l.starts_with(pentasol::HEADER) && l.contains(", 0 moves");
        return lines().next().filter(empty).map(|_| Format::Flammenkamp);
    };
    if first.starts_with("x,y") || first.split(',').count() >= 4 && !first.contains('(') {
        return Some(Format::Csv);
    }
    // (Pentasol's lines may end with a comment, which its reader takes off)
    let move_code = pentasol::without_comment(first);
    if pentasol::is_reference_line(move_code) || pentasol::is_move_line(move_code) {
        return Some(Format::Pentasol);
    }
    // a damaged reference line over Pentasol's moves is Pentasol's, so that its reader
    // says what is wrong with it (Flammenkamp's reader would name its own notation)
    if code().nth(1).is_some_and(|l| pentasol::is_move_line(pentasol::without_comment(l))) {
        return Some(Format::Pentasol);
    }
    if first.contains('(') {
        return Some(Format::Flammenkamp);
    }
    // a link under a line of prose (a mail's greeting): its reader finds it
    code().any(|l| l.contains("#g=")).then_some(Format::Link)
}

/// Texts longer than this are refused before anything is read: a game is at most a few
/// hundred kilobytes in any format (Rosin's 178-move record is 2 kB as Pentasol, 14 kB as
/// MSR JSON; a 20,000-move link, the most a link may hold, is 40 kB).
pub const MAX_INPUT_BYTES: usize = 4 << 20;

/// Parses `text` in the given format, or in the detected one.
pub fn parse(text: &str, format: Option<Format>) -> Result<(Format, Record), ReadError> {
    read_any(text, format).map(|(format, record, _)| (format, record))
}

/// [`parse`], and how a link shows its game (the default for the other formats), which
/// its reader has at hand.
fn read_any(text: &str, format: Option<Format>) -> Result<(Format, Record, link::LinkView), ReadError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ReadError::input(ReadErrorKind::TooLarge { bytes: text.len() }));
    }
    let format = match format.or_else(|| detect(text)) {
        Some(f) => f,
        None if text.trim().is_empty() => return Err(ReadError::input(ReadErrorKind::Empty)),
        None => return Err(ReadError::input(ReadErrorKind::UnknownFormat)),
    };
    let text = text.trim_start_matches('\u{feff}');
    let mut view = link::LinkView::default();
    let record = match format {
        Format::Pentasol => pentasol::read_pentasol(text)?,
        Format::Flammenkamp => pentasol::read_flammenkamp(text)?,
        Format::MsrJson => msr::read_json(text)?,
        Format::Msr => msr::read_compact(text)?,
        Format::Link => {
            let (record, shown) = link::decode(text)?;
            view = shown;
            record
        }
        Format::GilliozGrid => gillioz::read_grid(text)?,
        Format::GilliozDto => gillioz::read_dto(text)?,
        Format::Csv => csv::read(text)?,
    };
    Ok((format, record, view))
}

/// Where the variant of a loaded game came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantSource {
    /// The caller asked for it.
    Given,
    /// The file says so (for Pentasol and Flammenkamp, in the header comment this program
    /// writes: `# Morpion Solitaire 5D, 82 moves`).
    File,
    /// Nobody said (Pentasol, Flammenkamp, CSV): the default 5T.
    Default,
}

/// A game read and replayed, with how it was read.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The game.
    pub game: Game,
    /// The format it was read in.
    pub format: Format,
    /// Where its variant came from.
    pub variant_source: VariantSource,
    /// Things the user should know (an assumed variant, a variant overridden, ...).
    pub notes: Vec<Note>,
    /// How a link shows its game (the move it shows, two players); the default for the
    /// other formats. A link's `m=` that is not one of its game's moves is a note here.
    pub view: link::LinkView,
}

/// Something about a loaded game the user should know: which variant it was replayed as,
/// when the text did not say or said another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// The text says `file`; it was replayed as `given`, the variant the user asked for.
    Overridden {
        /// The format read.
        format: Format,
        /// The variant the text says.
        file: Variant,
        /// The variant asked for.
        given: Variant,
    },
    /// The format has no variant field; the header comment this program writes gave it.
    FromHeader {
        /// The format read.
        format: Format,
        /// The variant the comment says.
        variant: Variant,
    },
    /// Nothing said which variant: 5T was assumed.
    Assumed5T {
        /// The format read.
        format: Format,
    },
    /// The text says it holds `declared` moves, and holds `moves`: it may be cut short.
    CountDiffers {
        /// The format read.
        format: Format,
        /// The moves the text says it holds.
        declared: usize,
        /// The moves it holds (all legal).
        moves: usize,
    },
    /// The reader passed over part of the text (see [`Skipped`]).
    Skipped {
        /// The format read.
        format: Format,
        /// What.
        what: Skipped,
    },
    /// A link's shown move (`m=`) is not one of its game's: the game opens at its end.
    ShownIgnored {
        /// The game's moves.
        moves: usize,
    },
    /// A link's parts that this program does not know (`&P=2`): ignored.
    LinkPartsIgnored {
        /// How many.
        parts: usize,
    },
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Overridden { format, file, given } => {
                write!(f, "{} says {file}; replaying it as {given}, as asked", the_text(*format))
            }
            Note::FromHeader { format, variant } => {
                write!(
                    f,
                    "{} does not record the variant: reading {variant}, as its header comment says",
                    format.label()
                )
            }
            Note::Assumed5T { format } => write!(
                f,
                "{} does not record the variant: assuming 5T (give the variant, e.g. 5D, to change it)",
                format.label()
            ),
            Note::CountDiffers { format, declared, moves } => write!(
                f,
                "{} says it holds {declared} move{}, but holds {moves}: it may be damaged or cut short",
                the_text(*format),
                if *declared == 1 { "" } else { "s" }
            ),
            Note::Skipped { format, what: Skipped::Tail { bytes } } => write!(
                f,
                "{} goes on after its game's end ({bytes} byte{} more): ignored",
                the_text(*format),
                if *bytes == 1 { "" } else { "s" }
            ),
            Note::Skipped { format, what: Skipped::Count } => {
                write!(f, "{}'s count of moves (score) is not a number of moves: ignored", the_text(*format))
            }
            Note::ShownIgnored { moves } => write!(
                f,
                "the link's move to show (m=) is not one of its game's 0 to {moves}: its last move is taken instead"
            ),
            Note::LinkPartsIgnored { parts } => write!(
                f,
                "the link has {parts} part{} this program does not know (it reads g=, m= and p=): ignored",
                if *parts == 1 { "" } else { "s" }
            ),
        }
    }
}

/// "the Pentasol text", "the link": what a note says the game was read from.
fn the_text(f: Format) -> String {
    match f {
        Format::Link => "the link".to_string(),
        Format::Flammenkamp => format!("the text in {}", f.label()),
        _ => format!("the {} text", f.label()),
    }
}

/// Reading failed: the text could not be parsed, or a move is illegal.
#[derive(Clone, Debug)]
pub enum LoadError {
    /// The text is not a game in any format (or not in the one asked for).
    Read(ReadError),
    /// A move is illegal. `error.position` is the game before it (its variant is the one
    /// used); `written` is where the text has it, for formats with lines.
    Replay {
        /// The format the text was read in.
        format: Format,
        /// Which move, why, and the game before it.
        error: Box<ReplayError>,
        /// Its line and text, for formats with lines.
        written: Option<Written>,
        /// Its line and column, for a JSON text (not an MS1 string's, which no one sees).
        place: Option<(usize, usize)>,
        /// How the text's coordinates relate to the standard frame.
        frame: Frame,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Read(e) => e.fmt(f),
            LoadError::Replay { format, error, written, place, frame } => {
                let n = error.index + 1;
                match (written, place) {
                    (Some(w), _) => write!(f, "{}, line {}: move {n}, {},", format.label(), w.line, w.text)?,
                    (None, place) => {
                        let m = error.mv;
                        let at = place.map_or(String::new(), |(line, column)| {
                            format!(", line {line}, column {column}")
                        });
                        write!(
                            f,
                            "{}{at}: move {n} ({} {} {})",
                            format.label(),
                            frame.show(m.dot),
                            m.dir.name(),
                            m.pos
                        )?
                    }
                }
                write!(f, " is illegal in {}: {}", error.position.variant(), error.reason.in_frame(*frame))
            }
        }
    }
}

impl std::error::Error for LoadError {}

impl From<ReadError> for LoadError {
    fn from(e: ReadError) -> LoadError {
        LoadError::Read(e)
    }
}

/// Reads and replays a game. `given` (the user's variant) wins over the file's; with
/// neither, 5T is assumed and a note says so.
pub fn load(text: &str, format: Option<Format>, given: Option<Variant>) -> Result<Loaded, LoadError> {
    let (format, record, view) = read_any(text, format)?;
    let mut notes: Vec<Note> =
        record.source.skipped.iter().map(|&what| Note::Skipped { format, what }).collect();
    let headed = matches!(format, Format::Pentasol | Format::Flammenkamp);
    let (variant, source) = match (given, record.variant) {
        (Some(g), Some(f)) if g != f => {
            notes.push(Note::Overridden { format, file: f, given: g });
            (g, VariantSource::Given)
        }
        (Some(g), _) => (g, VariantSource::Given),
        (None, Some(f)) => {
            if headed {
                notes.push(Note::FromHeader { format, variant: f });
            }
            (f, VariantSource::File)
        }
        (None, None) => {
            notes.push(Note::Assumed5T { format });
            (Variant::T5, VariantSource::Default)
        }
    };
    if headed && variant.line_len() != 5 {
        return Err(ReadError::new(format, None, ReadErrorKind::NotFivePointLines(variant)).into());
    }
    let game = record.replay(variant).map_err(|error| {
        let written = record.source.moves.get(error.index).cloned();
        // a JSON text's move is found by its place (the search only runs for an error)
        let json = matches!(format, Format::MsrJson | Format::GilliozGrid | Format::GilliozDto);
        let place = json
            .then(|| json_place::move_place(format, text.trim_start_matches('\u{feff}'), error.index + 1))
            .flatten();
        LoadError::Replay { format, error: Box::new(error), written, place, frame: record.source.frame }
    })?;
    if let Some(declared) = record.declared.filter(|&d| d != game.score()) {
        notes.push(Note::CountDiffers { format, declared, moves: game.score() });
    }
    if view.unknown_parts > 0 {
        notes.push(Note::LinkPartsIgnored { parts: view.unknown_parts });
    }
    if view.bad_shown {
        notes.push(Note::ShownIgnored { moves: game.score() });
    }
    Ok(Loaded { game, format, variant_source: source, notes, view })
}

/// Writes a game. `base` is the address links start with (for [`Format::Link`]).
pub fn write(game: &Game, format: Format, base: &str) -> Result<String, WriteError> {
    if game.custom_start().is_some() && matches!(format, Format::Pentasol | Format::Flammenkamp) {
        return Err(WriteError::CustomStart(format));
    }
    match format {
        Format::Pentasol => pentasol::write_pentasol(game),
        Format::Flammenkamp => pentasol::write_flammenkamp(game),
        Format::MsrJson => Ok(msr::write_json(game, true)),
        Format::Msr => Ok(msr::write_compact(game)),
        Format::Link => Ok(link::write(game, base, link::LinkView::default())),
        Format::Csv => Ok(csv::write(game)),
        Format::GilliozGrid | Format::GilliozDto => Err(WriteError::ReadOnly(format)),
    }
}
