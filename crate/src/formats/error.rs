//! What can be wrong with the text of a game, typed: which reader, where (a line, a move, a
//! character), what, and the value as the text writes it. `Display` is for people; code
//! and tests match the variants.

use super::json_damage::JsonDamage;
use super::link_damage::LinkDamage;
use super::{Format, MAX_INPUT_BYTES};
use crate::starts::BadStart;
use crate::variant::Variant;
use std::fmt;

/// Bad input: which reader found it, where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The format the text was read as (none when no format was recognised).
    pub format: Option<Format>,
    /// Where in the text, when it is known.
    pub at: Option<At>,
    /// What is wrong.
    pub kind: ReadErrorKind,
}

/// A place in the text of a game (every number counts from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// A line of a text format.
    Line(usize),
    /// A line and column of JSON.
    Column {
        /// The line.
        line: usize,
        /// The character in the line.
        column: usize,
    },
    /// A move of a format without lines (JSON moves, a link's moves).
    Move(usize),
    /// A place in a move of a JSON file: the move, the field the place is in (when the
    /// format names it), and the line and column (none in an MS1 string, whose JSON no one
    /// sees).
    JsonMove {
        /// The move, from 1.
        number: u32,
        /// The move's field, as the file names it.
        field: Option<&'static str>,
        /// The line and the column (32 bits: a text is at most a few megabytes, and a
        /// `ReadError` stays small).
        place: Option<(u32, u32)>,
    },
    /// A character of an `MS1:` string or a link.
    Char(usize),
    /// The start's dots, where a format lists them apart from the moves (a gillioz
    /// grid's first step).
    Start,
}

/// A field of a move whose value can be out of range or not a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// x in the standard frame (MSR, CSV, Flammenkamp, gillioz after its shift).
    X,
    /// y in the standard frame.
    Y,
    /// A Pentasol column (relative to the reference point).
    Column,
    /// A Pentasol row.
    Row,
    /// The index of the new dot in its line.
    Pos,
    /// Pentasol's offset from the new dot to the line's centre (a CSV's delta).
    Offset,
    /// A direction glyph (a CSV's glyph column).
    Glyph,
}

/// What is wrong with the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadErrorKind {
    /// Nothing but blanks.
    Empty,
    /// No format this program reads looks like this.
    UnknownFormat,
    /// The text is larger than [`MAX_INPUT_BYTES`]: no game is that long.
    TooLarge {
        /// Its size, or as much of it as was read (a reader stops past the limit).
        bytes: usize,
    },
    /// Something else than what the syntax needs at this point.
    Expected {
        /// What was needed.
        expected: Expected,
        /// What was there (`None`: the end of the line).
        found: Option<char>,
    },
    /// More text after a complete move.
    Unexpected(char),
    /// Pentasol's first line must be the reference point alone.
    ReferenceNotAlone,
    /// Pentasol text without its reference line.
    NoReference,
    /// A CSV line with fewer than the 4 columns x,y,dir,pos, or more than the 6 with
    /// glyph and delta.
    Columns(usize),
    /// A CSV line's glyph or delta that says another move than its dir and pos.
    Disagrees {
        /// The column: the glyph, or the delta (the offset to the line's centre).
        field: Field,
        /// What it holds.
        found: String,
        /// What dir and pos make it.
        expected: String,
    },
    /// A field that must be a whole number is not one.
    NotANumber {
        /// Which field.
        field: Field,
        /// The text found.
        text: String,
    },
    /// A number outside what its field allows.
    OutOfRange {
        /// Which field.
        field: Field,
        /// The value as the text writes it.
        value: String,
    },
    /// A direction glyph other than `-`, `|`, `\`, `/`.
    UnknownGlyph(char),
    /// A direction name other than H, V, DN, DP.
    UnknownDirection(String),
    /// A variant name this program does not play.
    UnknownVariant(String),
    /// Pentasol and Flammenkamp's notation are for lines of 5 points.
    NotFivePointLines(Variant),
    /// JSON that does not parse, or lacks what the format needs.
    Json(JsonDamage),
    /// An `MS1:` string that does not decode.
    Ms1(Ms1Damage),
    /// gillioz: a line length this program does not play (it plays 3 to 6 points).
    LineLength(i64),
    /// gillioz: a grid with no step at all (not even the start).
    EmptyGrid,
    /// gillioz: a move's step lacks its line or its new dot.
    MissingElement(Element),
    /// gillioz: a move's step with a second line or a second new dot.
    ExtraElement(Element),
    /// gillioz: an element whose type is neither a line nor a dot.
    UnknownElement(String),
    /// gillioz: a line element without its 2 points, or a dot element without its 1.
    ElementPoints {
        /// Which element.
        element: Element,
        /// The points it has.
        found: usize,
    },
    /// gillioz: two ends that are not the ends of a line.
    NotALine {
        /// One end, as written.
        from: String,
        /// The other end, as written.
        to: String,
        /// Points a line has.
        len: u8,
    },
    /// gillioz: the new dot is not on the move's line.
    DotNotOnLine {
        /// The dot, as written.
        dot: String,
        /// The line's ends, as written.
        from: String,
        /// The other end.
        to: String,
    },
    /// A game link that does not decode: never read as another game.
    Link(LinkDamage),
    /// The start the text gives is not a start.
    Start(BadStart),
}

/// What a reader needed where the text had something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A point `(x,y)`.
    Point,
    /// The comma between a point's coordinates.
    Comma,
    /// The parenthesis that closes a point.
    Close,
    /// A whole number.
    Number,
    /// A direction glyph after a point.
    Glyph,
}

/// An element of a gillioz step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element {
    /// The move's line (two ends).
    Line,
    /// The move's new dot.
    Dot,
}

impl Element {
    /// Its `type` in the JSON.
    pub fn kind(self) -> &'static str {
        match self {
            Element::Line => "line",
            Element::Dot => "dot",
        }
    }

    /// The points its `Coordinates` list: a line's two ends, a dot's one.
    pub fn points(self) -> usize {
        match self {
            Element::Line => 2,
            Element::Dot => 1,
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Point => "a point like (28,28)",
            Expected::Comma => "',' between the coordinates",
            Expected::Close => "')' after the coordinates",
            Expected::Number => "a number",
            Expected::Glyph => "a direction glyph (- | \\ /)",
        })
    }
}

/// How an `MS1:` string is damaged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ms1Damage {
    /// A character outside base64url (`at` says which).
    Character,
    /// A length no base64url text has: a character missing (the string cut short) or
    /// one too many.
    Length,
    /// The compressed data is not valid DEFLATE.
    Compression,
    /// It decompresses to more than [`MAX_INPUT_BYTES`].
    TooLarge,
    /// It decompresses to bytes that are not UTF-8 text.
    NotText,
}

impl ReadError {
    /// An error of `format` at `at`.
    pub(crate) fn new(format: Format, at: Option<At>, kind: ReadErrorKind) -> ReadError {
        ReadError { format: Some(format), at, kind }
    }

    /// An error not tied to a format (empty input, unknown format, too large).
    pub(crate) fn input(kind: ReadErrorKind) -> ReadError {
        ReadError { format: None, at: None, kind }
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Line(l) => write!(f, "line {l}"),
            At::Column { line, column } => write!(f, "line {line}, column {column}"),
            At::Move(m) => write!(f, "move {m}"),
            At::JsonMove { number, field, place } => {
                write!(f, "move {number}")?;
                if let Some(field) = field {
                    write!(f, ", field \"{field}\"")?;
                }
                if let Some((line, column)) = place {
                    write!(f, " (line {line}, column {column})")?;
                }
                Ok(())
            }
            At::Char(c) => write!(f, "character {c}"),
            At::Start => write!(f, "the start's step"),
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::X => "x",
            Field::Y => "y",
            Field::Column => "column",
            Field::Row => "row",
            Field::Pos => "pos",
            Field::Offset => "offset to the line's centre",
            Field::Glyph => "direction glyph",
        })
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // "Pentasol, line 3: …", the format by its name as people know it (a link's
        // messages name the link themselves)
        match (self.format.filter(|&f| f != Format::Link), self.at) {
            (Some(format), Some(at)) => write!(f, "{}, {at}: ", format.label())?,
            (Some(format), None) => write!(f, "{}: ", format.label())?,
            (None, Some(at)) => write!(f, "{at}: ")?,
            (None, None) => {}
        }
        self.kind.fmt(f)
    }
}

impl std::error::Error for ReadError {}

/// "'x'" or "the end of the line".
fn found(c: Option<char>) -> String {
    c.map_or("the end of the line".to_string(), |c| format!("'{c}'"))
}

impl fmt::Display for ReadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ReadErrorKind::*;
        let limit = crate::COORD_LIMIT;
        match self {
            Empty => write!(f, "the input is empty"),
            UnknownFormat => write!(
                f,
                "unknown format: expected Pentasol, Flammenkamp, MSR (JSON or MS1:), a game link, gillioz JSON or x,y,dir,pos CSV"
            ),
            TooLarge { .. } => write!(
                f,
                "larger than {} MB: no game is that long (Rosin's 178-move record is 2 kB)",
                MAX_INPUT_BYTES >> 20
            ),
            Expected { expected, found: c } => write!(f, "expected {expected}, found {}", found(*c)),
            Unexpected(c) => write!(f, "unexpected '{c}' after the move"),
            ReferenceNotAlone => {
                write!(f, "a Pentasol text starts with the reference point alone, like (28,28) (is it missing?)")
            }
            NoReference => write!(f, "no reference line: the input is empty"),
            Columns(n) => write!(
                f,
                "expected x,y,dir,pos (then glyph and delta, if any); found {n} column{}",
                if *n == 1 { "" } else { "s" }
            ),
            Disagrees { field, found, expected } => write!(
                f,
                "{field} \"{}\" does not match the move: its dir and pos make it {expected}",
                shown(found)
            ),
            NotANumber { field, text } => write!(f, "{field} \"{}\" is not a whole number", shown(text)),
            OutOfRange { field, value } => match (field, shown(value)) {
                (Field::X | Field::Y, value) => write!(
                    f,
                    "{field} {value} is out of range (coordinates must stay within ±{limit} of the cross)"
                ),
                (Field::Column | Field::Row, value) => write!(
                    f,
                    "{field} {value} is too far from the reference point (moves must stay within ±{limit} of the cross)"
                ),
                (Field::Pos, value) => write!(
                    f,
                    "pos {value} is out of range (a point's place on its line: from 0 to one less than the line's length)"
                ),
                (Field::Offset | Field::Glyph, value) => write!(f, "{field} {value} is out of range (-2..2)"),
            },
            UnknownGlyph(c) => write!(f, "unknown direction glyph '{c}' (expected - | \\ /)"),
            UnknownDirection(d) => write!(f, "unknown direction \"{}\" (expected H, V, DN or DP)", shown(d)),
            UnknownVariant(v) => write!(f, "{}", crate::BadVariant(shown(v).into_owned())),
            NotFivePointLines(v) => write!(f, "this notation is for 5-point lines, not {v}"),
            Json(d) => write!(f, "{d}"),
            Ms1(d) => write!(
                f,
                "damaged MS1 string: {}",
                match d {
                    Ms1Damage::Character => "a character outside base64url".to_string(),
                    Ms1Damage::Length => {
                        "no base64url text has its length (was the string cut short, or a character added?)".to_string()
                    }
                    Ms1Damage::Compression => "the compressed data is invalid (is the string whole?)".to_string(),
                    Ms1Damage::TooLarge => format!("it unpacks to more than {} MB", MAX_INPUT_BYTES >> 20),
                    Ms1Damage::NotText => "it does not unpack to text".to_string(),
                }
            ),
            LineLength(n) => write!(f, "unsupported line of {n} points (this program plays 3 to 6)"),
            EmptyGrid => write!(f, "the grid is empty"),
            MissingElement(what) => write!(f, "no {} in this step", what.kind()),
            ExtraElement(what) => {
                write!(f, "this step has a second {}: a move has one line and one new dot", what.kind())
            }
            UnknownElement(t) => {
                write!(f, "unknown element type \"{}\" (expected \"line\" or \"dot\")", shown(t))
            }
            ElementPoints { element, found } => write!(
                f,
                "a {} element has {} point{}, this one has {found}",
                element.kind(),
                element.points(),
                if element.points() == 1 { "" } else { "s" }
            ),
            NotALine { from, to, len } => write!(f, "{from} to {to} is not a line of {len} points"),
            DotNotOnLine { dot, from, to } => write!(f, "the new dot {dot} is not on the line {from} to {to}"),
            Link(d) => d.fmt(f),
            Start(e) => write!(f, "the start: {e}"),
        }
    }
}

/// A value quoted from the text, as a message shows it: a long one (a thousand digits, a
/// line pasted into a field) cut to its first 24 characters and an ellipsis, so the
/// message stays one that people read (the error itself keeps it whole).
pub(crate) fn shown(value: &str) -> std::borrow::Cow<'_, str> {
    const KEPT: usize = 24;
    match value.char_indices().nth(KEPT + 1) {
        // one character more is shown as it is, not cut
        Some(_) => {
            let end = value.char_indices().nth(KEPT).map_or(value.len(), |(i, _)| i);
            format!("{}…", &value[..end]).into()
        }
        None => value.into(),
    }
}

/// A whole number as the text writes it, for `field`: too many digits is out of range,
/// anything else that is not digits is not a number.
pub(crate) fn whole_number(text: &str, field: Field) -> Result<i64, ReadErrorKind> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ReadErrorKind::NotANumber { field, text: text.to_string() });
    }
    text.parse::<i64>().map_err(|_| ReadErrorKind::OutOfRange { field, value: text.to_string() })
}

/// The standard-frame coordinate of `value` (written `text`) in a text whose frame adds
/// `offset`, within the engine's limit; the error quotes the text (no wrapped arithmetic).
pub(crate) fn coordinate(value: i64, text: &str, offset: i64, field: Field) -> Result<i32, ReadErrorKind> {
    value
        .checked_sub(offset)
        .filter(|v| v.unsigned_abs() <= crate::COORD_LIMIT as u64)
        .map(|v| v as i32)
        .ok_or_else(|| ReadErrorKind::OutOfRange { field, value: text.to_string() })
}

/// The line and column (from 1) of the character that follows `before`, the text that
/// comes first: where a reader stopped, in the words an editor uses.
pub fn line_and_column(before: &str) -> (usize, usize) {
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
