//! Loading: a game read in any format, then replayed in the variant the user, the file or
//! the default chose, with the notes the user should see (an assumed or overridden
//! variant, parts skipped) and, for an illegal move, where the text has it.

use super::{json_place, link, read_any, Format, ReadError, ReadErrorKind};
use crate::geom::Frame;
use crate::position::ReplayError;
use crate::record::{Game, Skipped, Written};
use crate::variant::Variant;
use std::fmt;

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
                        let at = place.map_or(String::new(), |(line, column)| {
                            format!(", line {line}, column {column}")
                        });
                        let words = MoveWords::of(*format, *frame, error, *place);
                        write!(f, "{}{at}: move {n} ({words})", format.label())?
                    }
                }
                write!(f, " is illegal in {}: {}", error.position.variant(), error.reason.in_frame(*frame))
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// An illegal move named in its text's terms, for a format whose moves have no line of
/// text to quote: MSR JSON's own `x`, `y`, `dir` and `pos`, at their place in the file;
/// elsewhere (a gillioz file, which gives a line by its two ends, and a link or an MS1
/// string, which show no coordinates) its new dot and its line's two ends. All in the
/// text's frame.
pub(crate) enum MoveWords {
    /// `(x,y) DIR pos`, and where the move's object opens: its line and column.
    Msr { text: String, line: usize, column: usize },
    /// The new dot, the line's ends, and where the move is in the file, if it says.
    Line { dot: String, from: String, to: String, place: Option<(usize, usize)> },
}

impl MoveWords {
    pub(crate) fn of(
        format: Format,
        frame: Frame,
        error: &ReplayError,
        place: Option<(usize, usize)>,
    ) -> MoveWords {
        let m = error.mv;
        if let (Format::MsrJson, Some((line, column))) = (format, place) {
            let text = format!("{} {} {}", frame.show(m.dot), m.dir.name(), m.pos);
            return MoveWords::Msr { text, line, column };
        }
        let line = m.line();
        // a dot past the end (a 5T game's `pos` 4 read as 4T) is still on the line named
        let last = (error.position.variant().line_len() - 1).max(m.pos);
        MoveWords::Line {
            dot: frame.show(m.dot),
            from: frame.show(line.start),
            to: frame.show(line.point(i32::from(last))),
            place,
        }
    }
}

impl fmt::Display for MoveWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveWords::Msr { text, .. } => f.write_str(text),
            MoveWords::Line { dot, from, to, .. } => write!(f, "the dot {dot} on the line {from}-{to}"),
        }
    }
}

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
