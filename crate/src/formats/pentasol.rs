//! Pentasol text and Flammenkamp's notation: the same moves (`(col,row)`, a direction glyph,
//! and `delta`, the offset from the new dot to the line's centre, pos = 2 - delta), with a
//! reference line (Pentasol) or in the standard frame (Flammenkamp). 5-point lines only.

use super::{coord, Format, ReadError, WriteError};
use crate::geom::{Dir, Point};
use crate::record::{Game, Record};
use crate::variant::Move;

/// Pentasol's reference point is the cross's inner north-west corner, (3,3) in our frame.
const CORNER: i32 = 3;

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

    fn err(&self, msg: String) -> ReadError {
        ReadError::new(self.format, Some(self.line), msg)
    }

    fn skip_ws(&mut self) {
        while self.s[self.at..].starts_with([' ', '\t', '\r']) {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.s[self.at..].chars().next()
    }

    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the line".to_string(),
            Some(c) => format!("'{c}'"),
        }
    }

    fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.at >= self.s.len()
    }

    fn expect(&mut self, c: char, what: &str) -> Result<(), ReadError> {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.err(format!("expected {what}, found {}", self.found())))
        }
    }

    fn int(&mut self, what: &str) -> Result<i64, ReadError> {
        self.skip_ws();
        let start = self.at;
        if matches!(self.peek(), Some('+' | '-')) {
            self.at += 1;
        }
        let digits = self.s[self.at..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            self.at = start;
            return Err(self.err(format!("expected {what}, found {}", self.found())));
        }
        self.at += digits;
        let text = &self.s[start..self.at];
        if digits > 9 {
            return Err(self.err(format!("{what} {text} is out of range")));
        }
        Ok(text.parse::<i64>().expect("at most 9 digits"))
    }

    fn point(&mut self) -> Result<(i64, i64), ReadError> {
        self.expect('(', "a point like (28,28)")?;
        let a = self.int("a number")?;
        self.expect(',', "',' between the coordinates")?;
        let b = self.int("a number")?;
        self.expect(')', "')' after the coordinates")?;
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
                None => Err(self.err(format!("unknown direction glyph '{c}' (expected - | \\ /)"))),
            },
            None => Err(self.err("expected a direction glyph (- | \\ /), found the end of the line".into())),
        }
    }

    fn delta(&mut self) -> Result<u8, ReadError> {
        let d = self.int("the offset to the line's centre (-2..2)")?;
        if !(-2..=2).contains(&d) {
            return Err(self.err(format!("offset {d} to the line's centre is out of range (-2..2)")));
        }
        Ok((2 - d) as u8)
    }
}

/// Lines without their `#` comments, numbered from 1, blank ones dropped.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let l = l.split('#').next().unwrap_or("").trim();
        (!l.is_empty()).then_some((i + 1, l))
    })
}

/// Is this line a lone point, as Pentasol's reference line is?
pub(super) fn is_reference_line(line: &str) -> bool {
    let mut c = Cursor::new(line, Format::Pentasol, 0);
    c.point().is_ok() && c.at_end()
}

pub(super) fn read_pentasol(text: &str) -> Result<Record, ReadError> {
    let f = Format::Pentasol;
    let mut reference: Option<(i64, i64)> = None;
    let mut moves = Vec::new();
    for (n, line) in content_lines(text) {
        let mut c = Cursor::new(line, f, n);
        let (col, row) = c.point()?;
        let Some((rx, ry)) = reference else {
            if !c.at_end() {
                return Err(c.err("the first line must be the reference point alone, like (28,28)".into()));
            }
            reference = Some((col, row));
            continue;
        };
        let dir = c.glyph()?;
        let pos = c.delta()?;
        if !c.at_end() {
            return Err(c.err(format!("unexpected {} after the move", c.found())));
        }
        let x = coord(f, Some(n), col - rx + CORNER as i64, "x")?;
        let y = coord(f, Some(n), row - ry + CORNER as i64, "y")?;
        moves.push(Move::new(Point::new(x, y), dir, pos));
    }
    if reference.is_none() {
        return Err(ReadError::new(f, None, "no reference line: the input is empty"));
    }
    Ok(Record::new(None, moves))
}

pub(super) fn read_flammenkamp(text: &str) -> Result<Record, ReadError> {
    let f = Format::Flammenkamp;
    let mut moves = Vec::new();
    for (n, line) in content_lines(text) {
        let mut c = Cursor::new(line, f, n);
        while !c.at_end() {
            // an optional move number: `12.` or `12:`
            let digits = c.s[c.at..].bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && matches!(c.s[c.at + digits..].chars().next(), Some('.' | ':')) {
                c.at += digits + 1;
                continue;
            }
            let (x, y) = c.point()?;
            let pos = c.delta()?;
            let dir = c.glyph()?;
            let x = coord(f, Some(n), x, "x")?;
            let y = coord(f, Some(n), y, "y")?;
            moves.push(Move::new(Point::new(x, y), dir, pos));
            c.skip_ws();
            if c.peek() == Some(',') || c.peek() == Some(';') {
                c.at += 1;
            }
        }
    }
    // no moves is the empty game (the start cross), as written for one
    Ok(Record::new(None, moves))
}

fn five_points(game: &Game, what: &str) -> Result<(), WriteError> {
    let v = game.variant();
    if v.line_len() != 5 {
        return Err(WriteError(format!(
            "{what} is for 5-point lines; this game is {v} (write msr-json or a link)"
        )));
    }
    Ok(())
}

fn header(game: &Game, out: &mut String) {
    let v = game.variant();
    out.push_str(&format!("# Morpion Solitaire {v}, {} moves", game.score()));
    if let Some(a) = &game.meta().author {
        out.push_str(&format!(", {a}"));
    }
    if let Some(d) = &game.meta().date {
        out.push_str(&format!(" ({d})"));
    }
    out.push('\n');
}

pub(super) fn write_pentasol(game: &Game) -> Result<String, WriteError> {
    five_points(game, "Pentasol")?;
    // keep every coordinate positive: the usual (28,28), or more if the game goes far
    let (min_x, min_y, _, _) = game.position().bbox();
    let rx = 28.max(CORNER - min_x + 1);
    let ry = 28.max(CORNER - min_y + 1);
    let mut out = String::new();
    header(game, &mut out);
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
    Ok(out)
}

pub(super) fn write_flammenkamp(game: &Game) -> Result<String, WriteError> {
    five_points(game, "Flammenkamp's notation")?;
    let mut out = String::new();
    header(game, &mut out);
    for m in game.moves() {
        out.push_str(&format!("({},{}) {}{}\n", m.dot.x, m.dot.y, 2 - m.pos as i32, m.dir.glyph()));
    }
    Ok(out)
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

    #[test]
    fn says_what_and_where() {
        let e = read_pentasol("(28,28)\n(25,27) x 2\n").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.message.contains("unknown direction glyph 'x'"), "{e}");
        let e = read_pentasol("(28,28)\n(25,27) |\n").unwrap_err();
        assert!(e.message.contains("found the end of the line"), "{e}");
        let e = read_pentasol("(28,28)\n(25,27\n").unwrap_err();
        assert!(e.message.contains("')'"), "{e}");
        let e = read_pentasol("(28,28)\n(25,27) | 3\n").unwrap_err();
        assert!(e.message.contains("out of range"), "{e}");
        let e = read_pentasol("(28,28)\n(99999,27) | 0\n").unwrap_err();
        assert!(e.message.contains("x 99974 is out of range"), "{e}");
        let e = read_pentasol("(28,28)\n(1234567890123,27) | 0\n").unwrap_err();
        assert!(e.message.contains("out of range"), "{e}");
        let e = read_pentasol("(28,28) | 0\n").unwrap_err();
        assert!(e.message.contains("reference point alone"), "{e}");
        assert!(read_pentasol("# only a comment\n").is_err());
    }
}
