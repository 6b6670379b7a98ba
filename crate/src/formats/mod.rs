//! Reading and writing games in the formats people have, kept apart from the rules.
//!
//! Every reader turns text into an unvalidated [`Record`]; [`load`] then picks the variant
//! (the user's choice wins over the file's, and the file's over the default 5T) and replays
//! it. Readers never panic: bad input gives a [`ReadError`] that says what and where.

mod base64;
mod csv;
mod gillioz;
pub mod link;
mod msr;
mod pentasol;

use crate::position::ReplayError;
use crate::record::{Game, Record};
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
    /// Formats that can be written, with the names the command line uses.
    pub const WRITABLE: [Format; 6] =
        [Format::Pentasol, Format::Flammenkamp, Format::Msr, Format::MsrJson, Format::Link, Format::Csv];

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

    pub fn from_name(s: &str) -> Option<Format> {
        [
            Format::Pentasol,
            Format::Flammenkamp,
            Format::MsrJson,
            Format::Msr,
            Format::Link,
            Format::GilliozGrid,
            Format::GilliozDto,
            Format::Csv,
        ]
        .into_iter()
        .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Bad input: what is wrong and, when it is known, on which line (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub format: Option<Format>,
    pub line: Option<usize>,
    pub message: String,
}

impl ReadError {
    pub(crate) fn new(format: Format, line: Option<usize>, message: impl Into<String>) -> ReadError {
        ReadError { format: Some(format), line, message: message.into() }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(format) = self.format {
            write!(f, "{format}: ")?;
        }
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReadError {}

/// A format's output could not be produced (Pentasol needs 5-point lines, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError(pub String);

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WriteError {}

/// Guesses the format from the content alone.
pub fn detect(text: &str) -> Option<Format> {
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.starts_with("MS1:") {
        return Some(Format::Msr);
    }
    if link::looks_like_link(t) {
        return Some(Format::Link);
    }
    if t.starts_with('{') {
        // JSON: tell the dialects apart by their keys
        if t.contains("\"InitialDots\"") {
            return Some(Format::GilliozDto);
        }
        if t.contains("\"Grid\"") {
            return Some(Format::GilliozGrid);
        }
        return Some(Format::MsrJson);
    }
    let first = t.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'))?;
    if first.starts_with("x,y") || first.split(',').count() >= 4 && !first.contains('(') {
        return Some(Format::Csv);
    }
    if pentasol::is_reference_line(first) {
        return Some(Format::Pentasol);
    }
    if first.contains('(') {
        return Some(Format::Flammenkamp);
    }
    None
}

/// Parses `text` in the given format, or in the detected one.
pub fn parse(text: &str, format: Option<Format>) -> Result<(Format, Record), ReadError> {
    let format = match format.or_else(|| detect(text)) {
        Some(f) => f,
        None if text.trim().is_empty() => {
            return Err(ReadError { format: None, line: None, message: "the input is empty".into() })
        }
        None => {
            return Err(ReadError {
                format: None,
                line: None,
                message: "unknown format: expected Pentasol, Flammenkamp, MSR (JSON or MS1:), a game link, gillioz JSON or x,y,dir,pos CSV".into(),
            })
        }
    };
    let text = text.trim_start_matches('\u{feff}');
    let record = match format {
        Format::Pentasol => pentasol::read_pentasol(text)?,
        Format::Flammenkamp => pentasol::read_flammenkamp(text)?,
        Format::MsrJson => msr::read_json(text)?,
        Format::Msr => msr::read_compact(text)?,
        Format::Link => link::read(text)?,
        Format::GilliozGrid => gillioz::read_grid(text)?,
        Format::GilliozDto => gillioz::read_dto(text)?,
        Format::Csv => csv::read(text)?,
    };
    Ok((format, record))
}

/// Where the variant of a loaded game came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantSource {
    /// The caller asked for it.
    Given,
    /// The file says so.
    File,
    /// Nobody said (Pentasol, Flammenkamp, CSV): the default 5T.
    Default,
}

/// A game read and replayed, with how it was read.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub game: Game,
    pub format: Format,
    pub variant_source: VariantSource,
    /// Things the user should know (an assumed variant, a variant overridden, ...).
    pub notes: Vec<String>,
}

/// Reading failed: the text could not be parsed, or a move is illegal.
#[derive(Clone, Debug)]
pub enum LoadError {
    Read(ReadError),
    /// `error.position` is the game before the illegal move (its variant is the one used).
    Replay {
        format: Format,
        error: Box<ReplayError>,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Read(e) => e.fmt(f),
            LoadError::Replay { format, error, .. } => write!(f, "{format}: {error}"),
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
    let (format, record) = parse(text, format)?;
    let mut notes = Vec::new();
    let (variant, source) = match (given, record.variant) {
        (Some(g), Some(f)) if g != f => {
            notes.push(format!("the {format} input says {f}; replaying it as {g}, as asked"));
            (g, VariantSource::Given)
        }
        (Some(g), _) => (g, VariantSource::Given),
        (None, Some(f)) => (f, VariantSource::File),
        (None, None) => {
            notes.push(format!(
                "{format} does not record the variant: assuming 5T (give the variant, e.g. 5D, to change it)"
            ));
            (Variant::T5, VariantSource::Default)
        }
    };
    if matches!(format, Format::Pentasol | Format::Flammenkamp) && variant.line_len() != 5 {
        return Err(ReadError::new(
            format,
            None,
            format!("this notation is for 5-point lines, not {variant}"),
        )
        .into());
    }
    let game =
        record.replay(variant).map_err(|error| LoadError::Replay { format, error: Box::new(error) })?;
    Ok(Loaded { game, format, variant_source: source, notes })
}

/// Writes a game. `base` is the address links start with (for [`Format::Link`]).
pub fn write(game: &Game, format: Format, base: &str) -> Result<String, WriteError> {
    match format {
        Format::Pentasol => pentasol::write_pentasol(game),
        Format::Flammenkamp => pentasol::write_flammenkamp(game),
        Format::MsrJson => Ok(msr::write_json(game, true)),
        Format::Msr => Ok(msr::write_compact(game)),
        Format::Link => Ok(link::write(game, base, None)),
        Format::Csv => Ok(csv::write(game)),
        Format::GilliozGrid | Format::GilliozDto => {
            Err(WriteError(format!("{format} is read only; write msr-json for morpion-solitaire.io")))
        }
    }
}

/// Checks a coordinate read from a file against the engine's limit.
pub(crate) fn coord(format: Format, line: Option<usize>, v: i64, what: &str) -> Result<i32, ReadError> {
    if v.abs() > crate::COORD_LIMIT as i64 {
        return Err(ReadError::new(
            format,
            line,
            format!(
                "{what} {v} is out of range (coordinates must stay within ±{} of the cross)",
                crate::COORD_LIMIT
            ),
        ));
    }
    Ok(v as i32)
}
