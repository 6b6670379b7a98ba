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
mod link_damage;
mod load;
mod msr;
mod pentasol;
mod write_note;

pub(crate) use error::shown;
pub use error::{line_and_column, At, Element, Expected, Field, Ms1Damage, ReadError, ReadErrorKind};
pub use json_damage::{JsonDamage, JsonKind};
pub use link_damage::LinkDamage;
pub(crate) use load::MoveWords;
pub use load::{load, LoadError, Loaded, Note, VariantSource};
pub use write_note::{write_note, WriteNote};

use crate::geom::{Frame, Point};
use crate::record::{Game, Record};
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
                "{} is for 5-point lines; this game is {variant} (write msr-json, csv or a link)",
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

/// Whether `format` can hold `game`: the error [`write`] would give, found without
/// writing. The page asks at every change of the game, to say before Download is pressed
/// why a format is refused; writing a long game each time would do the same work for
/// nothing.
pub fn can_write(game: &Game, format: Format) -> Result<(), WriteError> {
    match format {
        Format::Pentasol | Format::Flammenkamp if game.custom_start().is_some() => {
            Err(WriteError::CustomStart(format))
        }
        Format::Pentasol | Format::Flammenkamp => pentasol::five_points(game, format),
        Format::GilliozGrid | Format::GilliozDto => Err(WriteError::ReadOnly(format)),
        Format::MsrJson | Format::Msr | Format::Link | Format::Csv => Ok(()),
    }
}

/// Writes a game. `base` is the address links start with (for [`Format::Link`]).
pub fn write(game: &Game, format: Format, base: &str) -> Result<String, WriteError> {
    can_write(game, format)?;
    match format {
        Format::Pentasol => Ok(pentasol::write_pentasol(game)),
        Format::Flammenkamp => Ok(pentasol::write_flammenkamp(game)),
        Format::MsrJson => Ok(msr::write_json(game, true)),
        Format::Msr => Ok(msr::write_compact(game)),
        Format::Link => Ok(link::write(game, base, link::LinkView::default())),
        Format::Csv => Ok(csv::write(game)),
        // (refused by can_write above)
        Format::GilliozGrid | Format::GilliozDto => Err(WriteError::ReadOnly(format)),
    }
}
