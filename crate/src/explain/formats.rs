//! Reading and replaying a game's text: damaged files and links, and illegal moves in them.

use super::{Explain, Explained};
use crate::formats::shown;
use crate::formats::MoveWords;
use crate::formats::{
    At, Element, Expected, Field, Format, JsonDamage, JsonKind, LinkDamage, LoadError, Ms1Damage, Note,
    ReadError, ReadErrorKind, WriteError,
};
use crate::geom::Frame;
use crate::position::IllegalMove;
use crate::record::Skipped;
use crate::variant::Rule;

/// A format's name as a code (`format.pentasol`): the page names it in its language.
pub fn format(f: Format) -> Explained {
    Explained::new(match f {
        Format::Pentasol => "format.pentasol",
        Format::Flammenkamp => "format.flammenkamp",
        Format::MsrJson => "format.msr-json",
        Format::Msr => "format.msr",
        Format::Link => "format.link",
        Format::GilliozGrid => "format.gillioz",
        Format::GilliozDto => "format.gillioz-dto",
        Format::Csv => "format.csv",
    })
}

fn at(a: At) -> Explained {
    match a {
        At::Line(l) => Explained::new("at.line").num("line", l as f64),
        At::Column { line, column } => {
            Explained::new("at.column").num("line", line as f64).num("column", column as f64)
        }
        At::Move(m) => Explained::new("at.move").num("move", m as f64),
        At::JsonMove { number, field, place } => {
            let e = match field {
                Some(field) => Explained::new("at.move-field").num("move", number).text("field", field),
                None => Explained::new("at.move").num("move", number),
            };
            match place {
                Some((line, column)) => Explained::new("at.move-place")
                    .why("move", e)
                    .why("place", Explained::new("at.column").num("line", line).num("column", column)),
                None => e,
            }
        }
        At::Char(c) => Explained::new("at.char").num("char", c as f64),
        At::Start => Explained::new("at.start"),
    }
}

fn field(f: Field) -> Explained {
    Explained::new(match f {
        Field::X => "field.x",
        Field::Y => "field.y",
        Field::Column => "field.column",
        Field::Row => "field.row",
        Field::Pos => "field.pos",
        Field::Offset => "field.offset",
        Field::Glyph => "field.glyph",
    })
}

impl Explain for ReadError {
    fn explain(&self) -> Explained {
        let why = self.kind.explain();
        // as `Display`: a link's messages name the link themselves
        match (self.format.filter(|&f| f != Format::Link), self.at) {
            (None, None) => why,
            (None, Some(a)) => Explained::new("read.at").why("at", at(a)).why("why", why),
            (Some(f), None) => Explained::new("read.in").why("format", format(f)).why("why", why),
            (Some(f), Some(a)) => {
                Explained::new("read.in-at").why("format", format(f)).why("at", at(a)).why("why", why)
            }
        }
    }
}

impl Explain for ReadErrorKind {
    fn explain(&self) -> Explained {
        use ReadErrorKind::*;
        let limit = crate::COORD_LIMIT as f64;
        let mb = (crate::formats::MAX_INPUT_BYTES >> 20) as f64;
        let e = Explained::new;
        match self {
            Empty => e("read.empty"),
            NoReference => e("read.no-reference"),
            UnknownFormat => e("read.unknown-format"),
            TooLarge { .. } => e("read.too-large").num("mb", mb),
            Expected { expected, found } => e("read.expected")
                .why("expected", expected_what(*expected))
                .why("found", found.map_or(e("found.end-of-line"), |c| e("found.char").text("char", c))),
            Unexpected(c) => e("read.unexpected").text("char", c),
            ReferenceNotAlone => e("read.reference-not-alone"),
            Columns(n) => e("read.columns").num("n", *n as f64),
            Disagrees { field: f, found, expected } => e("read.disagrees")
                .why("field", field(*f))
                .text("found", shown(found))
                .text("expected", expected),
            NotANumber { field: f, text } => {
                e("read.not-a-number").why("field", field(*f)).text("text", shown(text))
            }
            OutOfRange { field: f, value } => match f {
                Field::X | Field::Y => e("read.coordinate-range"),
                Field::Column | Field::Row => e("read.too-far"),
                Field::Pos => e("read.pos-range"),
                Field::Offset | Field::Glyph => e("read.offset-range"),
            }
            .why("field", field(*f))
            .text("value", shown(value))
            .num("limit", limit),
            UnknownGlyph(c) => e("read.glyph").text("char", c),
            UnknownDirection(d) => e("read.direction").text("text", shown(d)),
            UnknownVariant(v) => crate::BadVariant(shown(v).into_owned()).explain(),
            NotFivePointLines(v) => e("read.not-five").text("variant", v),
            Json(d) => d.explain(),
            Ms1(d) => e("read.ms1").why(
                "why",
                match d {
                    Ms1Damage::Character => e("ms1.character"),
                    Ms1Damage::Length => e("ms1.length"),
                    Ms1Damage::Compression => e("ms1.compression"),
                    Ms1Damage::TooLarge => e("ms1.too-large").num("mb", mb),
                    Ms1Damage::NotText => e("ms1.not-text"),
                },
            ),
            LineLength(n) => e("read.line-length").num("n", *n as f64),
            EmptyGrid => e("read.empty-grid"),
            MissingElement(Element::Line) => e("read.no-line-in-step"),
            MissingElement(Element::Dot) => e("read.no-dot-in-step"),
            ExtraElement(Element::Line) => e("read.two-lines-in-step"),
            ExtraElement(Element::Dot) => e("read.two-dots-in-step"),
            UnknownElement(t) => e("read.unknown-element").text("text", shown(t)),
            ElementPoints { element: Element::Line, found } => e("read.line-points").num("n", *found as f64),
            ElementPoints { element: Element::Dot, found } => e("read.dot-points").num("n", *found as f64),
            NotALine { from, to, len } => {
                e("read.not-a-line").text("from", from).text("to", to).num("len", *len)
            }
            DotNotOnLine { dot, from, to } => {
                e("read.dot-not-on-line").text("dot", dot).text("from", from).text("to", to)
            }
            Link(d) => d.explain(),
            Start(s) => e("read.start").why("why", s.explain()),
        }
    }
}

impl Explain for JsonDamage {
    fn explain(&self) -> Explained {
        use JsonDamage::*;
        let e = Explained::new;
        match self {
            CutShort => e("json.cut-short"),
            ExpectedValue => e("json.expected-value"),
            ExpectedComma => e("json.expected-comma"),
            ExpectedColon => e("json.expected-colon"),
            NameNotText => e("json.name-not-text"),
            TrailingComma => e("json.trailing-comma"),
            TrailingText => e("json.trailing-text"),
            TooManyItems => e("json.too-many-items"),
            BadNumber => e("json.bad-number"),
            BadText => e("json.bad-text"),
            TooDeep => e("json.too-deep"),
            MissingField(name) => e("json.missing-field").text("name", name),
            DuplicateField(name) => e("json.duplicate-field").text("name", name),
            WrongKind { found, expected: Some(expected) } => {
                e("json.wrong-kind").why("found", json_kind(*found)).why("expected", json_kind(*expected))
            }
            WrongKind { found, expected: None } => e("json.unexpected-kind").why("found", json_kind(*found)),
            WrongLength { found, expected } => {
                e("json.wrong-length").num("found", *found as f64).num("n", *expected as f64)
            }
            OutOfRange => e("json.out-of-range"),
            Other(message) => e("read.json").text("text", message),
        }
    }
}

fn json_kind(k: JsonKind) -> Explained {
    Explained::new(match k {
        JsonKind::Object => "json-kind.object",
        JsonKind::List => "json-kind.list",
        JsonKind::Text => "json-kind.text",
        JsonKind::Number => "json-kind.number",
        JsonKind::Decimal => "json-kind.decimal",
        JsonKind::WholeNumber => "json-kind.whole-number",
        JsonKind::TrueFalse => "json-kind.true-false",
        JsonKind::Null => "json-kind.null",
    })
}

/// What a reader needed.
fn expected_what(what: Expected) -> Explained {
    Explained::new(match what {
        Expected::Point => "expected.point",
        Expected::Comma => "expected.comma",
        Expected::Close => "expected.close",
        Expected::Number => "expected.number",
        Expected::Glyph => "expected.glyph",
    })
}

impl Explain for LinkDamage {
    fn explain(&self) -> Explained {
        use LinkDamage::*;
        let e = Explained::new;
        match self {
            NoGame => e("link.no-game"),
            Version(v) => e("link.version").text("text", shown(v)),
            VersionParts { said, parts, other } => {
                e("link.version-parts").text("said", shown(said)).num("n", *parts as f64).text("other", other)
            }
            Parts { found, expected } => {
                e("link.parts").num("n", *found as f64).num("expected", *expected as f64)
            }
            Variant(v) => e("link.damaged").why("why", crate::BadVariant(shown(v).into_owned()).explain()),
            VariantChanged { said, game } => {
                e("link.variant-changed").text("said", said.to_string()).text("game", game.to_string())
            }
            MoveCount(n) => e("link.move-count").text("text", shown(n)),
            GameOver { after, claimed } => {
                e("link.game-over").num("n", *after as f64).num("claimed", *claimed as f64)
            }
            CutShort { at, of } => e("link.cut-short").num("move", *at as f64).num("of", *of as f64),
            NotLegal { at } => e("link.not-legal").num("move", *at as f64),
            Unplayable { at, reason } => {
                e("link.unplayable").num("move", *at as f64).why("why", illegal(reason, Frame::STANDARD))
            }
            Leftover => e("link.leftover"),
            Players(p) => e("link.players").text("text", shown(p)),
            Repeated(name) => e("link.repeated").text("name", name),
            Start(s) => e("link.damaged").why("why", s.explain()),
            Check => e("link.check"),
            Character(c) => e("link.character").text("char", c.escape_debug().to_string()),
        }
    }
}

/// A direction in words, with its glyph.
fn direction(d: crate::Dir) -> Explained {
    Explained::new(match d {
        crate::Dir::H => "dir.H",
        crate::Dir::V => "dir.V",
        crate::Dir::DN => "dir.DN",
        crate::Dir::DP => "dir.DP",
    })
}

/// Why a move is illegal, its points as `frame` writes them (a file's own coordinates).
pub fn illegal(why: &IllegalMove, frame: Frame) -> Explained {
    let e = Explained::new;
    match *why {
        IllegalMove::BadPos { pos, len } => {
            e("move.bad-pos").num("pos", pos).num("len", len).num("last", len.saturating_sub(1))
        }
        IllegalMove::DotExists(p) => e("move.dot-exists").text("point", frame.show(p)),
        IllegalMove::MissingDot(p) => e("move.missing-dot").text("point", frame.show(p)),
        IllegalMove::Overlap { with, rule } => {
            e(if rule == Rule::Touching { "move.overlap-T" } else { "move.overlap-D" })
                .text("point", frame.show(with.start))
                .why("dir", direction(with.dir))
        }
        IllegalMove::TooFar(p) => {
            e("move.too-far").text("point", frame.show(p)).num("limit", crate::COORD_LIMIT as f64)
        }
    }
}

impl Explain for LoadError {
    fn explain(&self) -> Explained {
        match self {
            LoadError::Read(e) => e.explain(),
            LoadError::Replay { format: f, error, written, place, frame } => {
                let n = (error.index + 1) as f64;
                let said = match (written, place) {
                    (Some(w), _) => Explained::new("load.illegal-at-line")
                        .num("line", w.line as f64)
                        .text("text", &w.text),
                    (None, place) => match MoveWords::of(*f, *frame, error, *place) {
                        MoveWords::Msr { text, line, column } => Explained::new("load.illegal-at-column")
                            .num("line", line as f64)
                            .num("column", column as f64)
                            .text("text", text),
                        MoveWords::Line { dot, from, to, place } => match place {
                            Some((line, column)) => Explained::new("load.illegal-line-at-column")
                                .num("line", line as f64)
                                .num("column", column as f64),
                            None => Explained::new("load.illegal-line"),
                        }
                        .text("dot", dot)
                        .text("from", from)
                        .text("to", to),
                    },
                };
                said.why("format", format(*f))
                    .num("move", n)
                    .text("variant", error.position.variant())
                    .why("why", illegal(&error.reason, *frame))
            }
        }
    }
}

impl Explain for crate::formats::WriteNote {
    fn explain(&self) -> Explained {
        match *self {
            crate::formats::WriteNote::MsrElsewhere { variant, custom_start } => {
                match (variant, custom_start) {
                    (Some(v), true) => Explained::new("note.msr-variant-start").text("variant", v),
                    (Some(v), false) => Explained::new("note.msr-variant").text("variant", v),
                    (None, _) => Explained::new("note.msr-start"),
                }
            }
        }
    }
}

impl Explain for Note {
    fn explain(&self) -> Explained {
        match *self {
            Note::Overridden { format: f, file, given } => Explained::new("note.overridden")
                .why("format", format(f))
                .text("file", file)
                .text("given", given),
            Note::FromHeader { format: f, variant } => {
                Explained::new("note.from-header").why("format", format(f)).text("variant", variant)
            }
            Note::Assumed5T { format: f } => Explained::new("note.assumed-5t").why("format", format(f)),
            Note::CountDiffers { format: f, declared, moves } => Explained::new("note.count-differs")
                .why("format", format(f))
                .num("declared", declared as f64)
                .num("n", moves as f64),
            Note::Skipped { format: f, what: Skipped::Tail { bytes } } => {
                Explained::new("note.tail").why("format", format(f)).num("n", bytes as f64)
            }
            Note::Skipped { format: f, what: Skipped::Count } => {
                Explained::new("note.odd-count").why("format", format(f))
            }
            Note::ShownIgnored { moves } => Explained::new("note.shown-ignored").num("n", moves as f64),
            Note::LinkPartsIgnored { parts } => Explained::new("note.link-parts").num("n", parts as f64),
        }
    }
}

impl Explain for WriteError {
    fn explain(&self) -> Explained {
        match *self {
            WriteError::NotFivePointLines { format: f, variant } => {
                Explained::new("write.five-point").why("format", format(f)).text("variant", variant)
            }
            WriteError::ReadOnly(f) => Explained::new("write.read-only").why("format", format(f)),
            WriteError::CustomStart(f) => Explained::new("write.custom-start").why("format", format(f)),
        }
    }
}
