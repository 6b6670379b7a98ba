//! Pentasol text and Flammenkamp's notation: the same moves (`(col,row)`, a direction glyph,
//! and `delta`, the offset from the new dot to the line's centre, pos = 2 - delta), with a
//! reference line (Pentasol) or in the standard frame (Flammenkamp). 5-point lines only.

use super::error::{coordinate, whole_number, At, Expected, Field, ReadError, ReadErrorKind};
use super::{Format, WriteError};
use crate::geom::{Dir, Frame, Point};
use crate::record::{Game, Record, Written};
use crate::variant::{Move, Variant};

/// Pentasol's reference point is the cross's inner north-west corner, (3,3) in our frame.
const CORNER: i32 = 3;

/// The comment this program writes first: `# Morpion Solitaire 5D, 82 moves, ...`. Read
/// back, it gives the variant the notation itself cannot say.
pub(super) const HEADER: &str = "# Morpion Solitaire ";

/// A tiny cursor over one line, for precise messages.
struct Cursor<'a> {
    s: &'a str,
    at: usize,
    format: Format,
    line: usize,
}

impl<'a> Cursor<'a> {
    fn new(s: &'a str, format: Format, line: usize) -> Cursor<'a> {
        Cursor { s, at: 0, format, line }
    }

    fn err(&self, kind: ReadErrorKind) -> ReadError {
        ReadError::new(self.format, Some(At::Line(self.line)), kind)
    }

    fn skip_ws(&mut self) {
        while self.s[self.at..].starts_with([' ', '\t', '\r']) {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.s[self.at..].chars().next()
    }

    fn expected(&self, expected: Expected) -> ReadError {
        self.err(ReadErrorKind::Expected { expected, found: self.peek() })
    }

    fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.at >= self.s.len()
    }

    fn expect(&mut self, c: char, what: Expected) -> Result<(), ReadError> {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    /// A whole number, optionally signed, and its text; `field` names it in messages.
    fn int(&mut self, field: Field) -> Result<(i64, &'a str), ReadError> {
        self.skip_ws();
        let start = self.at;
        if matches!(self.peek(), Some('+' | '-')) {
            self.at += 1;
        }
        let digits = self.s[self.at..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            self.at = start;
            return Err(self.expected(Expected::Number));
        }
        self.at += digits;
        let text = &self.s[start..self.at];
        whole_number(text, field).map(|v| (v, text)).map_err(|k| self.err(k))
    }

    /// A point `(a,b)`: its two numbers and their texts.
    #[allow(clippy::type_complexity)]
    fn point(&mut self, fields: (Field, Field)) -> Result<((i64, &'a str), (i64, &'a str)), ReadError> {
        self.expect('(', Expected::Point)?;
        let a = self.int(fields.0)?;
        self.expect(',', Expected::Comma)?;
        let b = self.int(fields.1)?;
        self.expect(')', Expected::Close)?;
        Ok((a, b))
    }

    fn glyph(&mut self) -> Result<Dir, ReadError> {
        self.skip_ws();
        match self.peek() {
            Some(c) => match Dir::from_glyph(c) {
                Some(d) => {
                    self.at += c.len_utf8();
                    Ok(d)
                }
                None => Err(self.err(ReadErrorKind::UnknownGlyph(c))),
            },
            None => Err(self.expected(Expected::Glyph)),
        }
    }

    fn delta(&mut self) -> Result<u8, ReadError> {
        let (d, text) = self.int(Field::Offset)?;
        if !(-2..=2).contains(&d) {
            return Err(self.err(ReadErrorKind::OutOfRange { field: Field::Offset, value: text.to_string() }));
        }
        Ok((2 - d) as u8)
    }

    /// The text from `start` to here, as written.
    fn since(&self, start: usize) -> String {
        self.s[start..self.at].trim().to_string()
    }
}

/// Lines without their `#` comments, numbered from 1, blank ones dropped.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let l = without_comment(l);
        (!l.is_empty()).then_some((i + 1, l))
    })
}

/// A line without its `#` comment and its blanks.
pub(super) fn without_comment(line: &str) -> &str {
    line.split('#').next().unwrap_or("").trim()
}

/// What this program's header comment says, among the comments before the first move
/// (`# Morpion Solitaire 5D, 82 moves`): the variant, and how many moves follow (a file
/// that holds fewer was cut short: `Note::CountDiffers`).
fn header(text: &str) -> (Option<Variant>, Option<usize>) {
    // the first such line whose variant reads: a comment of the user's may start alike
    let read = |rest: &str| {
        let variant: Variant = rest.split([',', ' ']).next()?.parse().ok()?;
        // `82 moves`, then maybe an author or a date: `82 moves (2011-08)`
        let mut count = rest.split(',').nth(1).unwrap_or("").split_whitespace();
        let declared = match (count.next(), count.next()) {
            (Some(n), Some("moves" | "move")) => n.parse().ok(),
            _ => None,
        };
        Some((Some(variant), declared))
    };
    text.lines()
        .map(str::trim)
        .take_while(|l| l.is_empty() || l.starts_with('#'))
        .filter_map(|l| l.strip_prefix(HEADER))
        .find_map(read)
        .unwrap_or((None, None))
}

/// A record of the variant the header says, which also says how many moves it holds.
fn headed_record(text: &str) -> Record {
    let (variant, declared) = header(text);
    Record { declared, ..Record::new(variant, Vec::new()) }
}

/// Is this line a lone point, as Pentasol's reference line is?
pub(super) fn is_reference_line(line: &str) -> bool {
    let mut c = Cursor::new(line, Format::Pentasol, 0);
    c.point((Field::Column, Field::Row)).is_ok() && c.at_end()
}

/// Whether `line` is a Pentasol move, `(27,27) / 0`: a point, its direction glyph, then
/// the offset, and nothing else (Flammenkamp's notation writes the offset first and ends
/// with the glyph: `(3,-1) 2|`, `(4,3) -2-`). A text whose first line is one lost its
/// reference line, and is Pentasol all the same.
pub(super) fn is_move_line(line: &str) -> bool {
    let mut c = Cursor::new(line, Format::Pentasol, 0);
    c.point((Field::Column, Field::Row)).is_ok() && c.glyph().is_ok() && c.delta().is_ok() && c.at_end()
}

pub(super) fn read_pentasol(text: &str) -> Result<Record, ReadError> {
    let f = Format::Pentasol;
    let mut frame: Option<Frame> = None;
    let mut record = headed_record(text);
    for (n, line) in content_lines(text) {
        let mut c = Cursor::new(line, f, n);
        let (col, row) = c.point((Field::Column, Field::Row))?;
        let Some(frame) = frame else {
            if !c.at_end() {
                return Err(c.err(ReadErrorKind::ReferenceNotAlone));
            }
            // the reference point is the standard (3,3): x is written x + col - 3
            let shift = |(v, text): (i64, &str), field| {
                v.checked_sub(CORNER as i64)
                    .ok_or_else(|| c.err(ReadErrorKind::OutOfRange { field, value: text.to_string() }))
            };
            frame = Some(Frame { dx: shift(col, Field::Column)?, dy: shift(row, Field::Row)? });
            continue;
        };
        let dir = c.glyph()?;
        let pos = c.delta()?;
        if !c.at_end() {
            return Err(c.err(ReadErrorKind::Unexpected(c.peek().unwrap_or(' '))));
        }
        let x = coordinate(col.0, col.1, frame.dx, Field::Column).map_err(|k| c.err(k))?;
        let y = coordinate(row.0, row.1, frame.dy, Field::Row).map_err(|k| c.err(k))?;
        record.moves.push(Move::new(Point::new(x, y), dir, pos));
        record.source.moves.push(Written { line: n, text: c.since(0) });
    }
    record.source.frame = frame.ok_or_else(|| ReadError::new(f, None, ReadErrorKind::NoReference))?;
    Ok(record)
}

pub(super) fn read_flammenkamp(text: &str) -> Result<Record, ReadError> {
    let f = Format::Flammenkamp;
    let mut record = headed_record(text);
    for (n, line) in content_lines(text) {
        let mut c = Cursor::new(line, f, n);
        while !c.at_end() {
            // an optional move number: `12.` or `12:`
            let digits = c.s[c.at..].bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && matches!(c.s[c.at + digits..].chars().next(), Some('.' | ':')) {
                c.at += digits + 1;
                continue;
            }
            let start = c.at;
            let (x, y) = c.point((Field::X, Field::Y))?;
            let pos = c.delta()?;
            let dir = c.glyph()?;
            let x = coordinate(x.0, x.1, 0, Field::X).map_err(|k| c.err(k))?;
            let y = coordinate(y.0, y.1, 0, Field::Y).map_err(|k| c.err(k))?;
            record.moves.push(Move::new(Point::new(x, y), dir, pos));
            record.source.moves.push(Written { line: n, text: c.since(start) });
            c.skip_ws();
            if c.peek() == Some(',') || c.peek() == Some(';') {
                c.at += 1;
            }
        }
    }
    // no moves is the empty game (the start cross), as written for one
    Ok(record)
}

pub(super) fn five_points(game: &Game, format: Format) -> Result<(), WriteError> {
    let variant = game.variant();
    if variant.line_len() != 5 {
        return Err(WriteError::NotFivePointLines { format, variant });
    }
    Ok(())
}

fn write_header(game: &Game, out: &mut String) {
    let v = game.variant();
    out.push_str(&format!("{HEADER}{v}, {} moves", game.score()));
    if let Some(a) = &game.meta().author {
        out.push_str(&format!(", {}", one_line(a)));
    }
    if let Some(d) = &game.meta().date {
        out.push_str(&format!(" ({})", one_line(d)));
    }
    out.push('\n');
}

/// Text for the header's comment line: a line break (or any control character) in an
/// author's name from another format would end the comment, and what follows it would be
/// read as moves.
fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// (`write` has checked with `can_write` that the lines are of 5 points.)
pub(super) fn write_pentasol(game: &Game) -> String {
    // keep every coordinate positive: the usual (28,28), or more if the game goes far
    let (min_x, min_y, _, _) = game.position().bbox();
    let rx = 28.max(CORNER - min_x + 1);
    let ry = 28.max(CORNER - min_y + 1);
    let mut out = String::new();
    write_header(game, &mut out);
    out.push_str(&format!("({rx},{ry})\n"));
    for m in game.moves() {
        let delta = 2 - m.pos as i32;
        let sign = if delta > 0 { "+" } else { "" };
        out.push_str(&format!(
            "({},{}) {} {sign}{delta}\n",
            m.dot.x - CORNER + rx,
            m.dot.y - CORNER + ry,
            m.dir.glyph()
        ));
    }
    out
}

/// (`write` has checked with `can_write` that the lines are of 5 points.)
pub(super) fn write_flammenkamp(game: &Game) -> String {
    let mut out = String::new();
    write_header(game, &mut out);
    for m in game.moves() {
        out.push_str(&format!("({},{}) {}{}\n", m.dot.x, m.dot.y, 2 - m.pos as i32, m.dir.glyph()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_spec_example() {
        let r = read_pentasol("# comment\n(28,28)\n(25,27) | 2\n(27,32) \\ 0\n(32,34) - -2\n").unwrap();
        assert_eq!(r.moves[0], Move::new(Point::new(0, 2), Dir::V, 0));
        assert_eq!(r.moves[1], Move::new(Point::new(2, 7), Dir::DN, 2));
        assert_eq!(r.moves[2], Move::new(Point::new(7, 9), Dir::H, 4));
        let f = read_flammenkamp("1. (3,-1) 2|  2. (4,3) -2-\n").unwrap();
        assert_eq!(
            f.moves,
            vec![Move::new(Point::new(3, -1), Dir::V, 0), Move::new(Point::new(4, 3), Dir::H, 4)]
        );
    }

    /// The kind of error of `text` read as Pentasol, and its line.
    fn error(text: &str) -> (Option<At>, ReadErrorKind) {
        let e = read_pentasol(text).unwrap_err();
        assert_eq!(e.format, Some(Format::Pentasol));
        (e.at, e.kind)
    }

    #[test]
    fn says_what_and_where() {
        use ReadErrorKind::*;
        let line2 = Some(At::Line(2));
        assert_eq!(error("(28,28)\n(25,27) x 2\n"), (line2, UnknownGlyph('x')));
        let (at, kind) = error("(28,28)\n(25,27) |\n");
        assert_eq!((at, kind.clone()), (line2, Expected { expected: super::Expected::Number, found: None }));
        assert!(kind.to_string().contains("found the end of the line"), "{kind}");
        assert!(matches!(error("(28,28)\n(25,27\n"), (_, Expected { found: None, .. })));
        let offset = |v: &str| OutOfRange { field: Field::Offset, value: v.to_string() };
        assert_eq!(error("(28,28)\n(25,27) | 3\n"), (line2, offset("3")));
        assert_eq!(error("(28,28)\n(25,27) | +3\n"), (line2, offset("+3")));
        // coordinates out of range are quoted as the file writes them
        let column = |v: &str| OutOfRange { field: Field::Column, value: v.to_string() };
        assert_eq!(error("(28,28)\n(99999,27) | 0\n"), (line2, column("99999")));
        assert_eq!(error("(28,28)\n(1234567890123,27) | 0\n"), (line2, column("1234567890123")));
        assert_eq!(
            error("(28,28)\n(-9223372036854775808,27) | 0\n"),
            (line2, column("-9223372036854775808"))
        );
        assert_eq!(
            error("(28,28)\n(99999999999999999999,27) | 0\n"),
            (line2, column("99999999999999999999"))
        );
        // a reference point far away is fine as long as the moves are near it
        let far = read_pentasol("(-9223372036854775805,5)\n(-9223372036854775806,4) | 2\n").unwrap();
        assert_eq!(far.moves[0].dot, Point::new(2, 2));
        assert_eq!(error("(-9223372036854775808,28)\n"), (Some(At::Line(1)), column("-9223372036854775808")));
        assert_eq!(error("(28,28) | 0\n"), (Some(At::Line(1)), ReferenceNotAlone));
        // a text that lost its reference line is still Pentasol, and says so
        assert!(is_move_line("(27,27) / 0") && is_move_line(" (27,27)\\-2") && !is_move_line("(3,-1) 2|"));
        assert!(!is_move_line("(4,3) -2-") && !is_move_line("(4,3) -2- (2,0) 2-"));
        // a comment at a line's end, which the reader takes off, is no reason to read
        // the text as another notation
        for text in ["(28,28) # reference\n(25,27) | 2\n", "(25,27) | 2 # first\n(27,32) \\ 0\n"] {
            assert_eq!(super::super::detect(text), Some(Format::Pentasol), "{text}");
        }
        assert_eq!(super::super::detect("# a game\n(27,27) / 0\n"), Some(Format::Pentasol));
        assert_eq!(error("# only a comment\n"), (None, NoReference));
        assert_eq!(error("(28,28)\n(25,27) | 2 x\n"), (line2, Unexpected('x')));
    }

    #[test]
    fn the_header_comment_gives_the_variant_and_the_moves_their_lines() {
        let r = read_pentasol(
            "# Morpion Solitaire 5D, 2 moves\n\n(28,28)\n(25,27) | +2\n# a note\n(27,32) \\ 0\n",
        )
        .unwrap();
        assert_eq!(r.variant, Some(Variant::D5));
        let lines: Vec<(usize, &str)> = r.source.moves.iter().map(|w| (w.line, w.text.as_str())).collect();
        assert_eq!(lines, vec![(4, "(25,27) | +2"), (6, "(27,32) \\ 0")]);
        assert_eq!(r.source.frame, Frame { dx: 25, dy: 25 });
        // only a header before the moves counts, and only this program's
        assert_eq!(read_pentasol("(28,28)\n# Morpion Solitaire 5D\n").unwrap().variant, None);
        assert_eq!(read_pentasol("# Morpion 5D\n(28,28)\n").unwrap().variant, None);
        let f = read_flammenkamp("# Morpion Solitaire 4T, 0 moves\n").unwrap();
        assert_eq!(f.variant, Some(Variant::T4));
        let f = read_flammenkamp("1. (3,-1) 2|  2. (4,3) -2-\n").unwrap();
        let texts: Vec<&str> = f.source.moves.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(texts, vec!["(3,-1) 2|", "(4,3) -2-"]);
    }
}
