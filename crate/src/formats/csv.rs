//! `x,y,dir,pos` lines in the standard frame (the normalized CSV of the shared records;
//! extra columns such as glyph and delta are ignored). A comment line `# 5T ...` before the
//! moves gives the variant.

use super::{coord, Format, ReadError};
use crate::geom::{Dir, Point};
use crate::record::{Game, Record};
use crate::variant::{Move, Variant};

pub(super) fn read(text: &str) -> Result<Record, ReadError> {
    let f = Format::Csv;
    let mut variant = None;
    let mut moves = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if moves.is_empty() && variant.is_none() {
                variant = comment.split_whitespace().next().and_then(|w| w.parse::<Variant>().ok());
            }
            continue;
        }
        if line.is_empty() || line.starts_with("x,") {
            continue;
        }
        let cols: Vec<&str> = line.split(',').map(str::trim).collect();
        if cols.len() < 4 {
            return Err(ReadError::new(
                f,
                Some(n),
                format!("expected x,y,dir,pos; found {} columns", cols.len()),
            ));
        }
        let num = |s: &str, what: &str| -> Result<i64, ReadError> {
            s.parse::<i64>()
                .map_err(|_| ReadError::new(f, Some(n), format!("{what} \"{s}\" is not a number")))
        };
        let x = coord(f, Some(n), num(cols[0], "x")?, "x")?;
        let y = coord(f, Some(n), num(cols[1], "y")?, "y")?;
        let dir = Dir::from_name(cols[2]).ok_or_else(|| {
            ReadError::new(f, Some(n), format!("unknown direction \"{}\" (expected H, V, DN or DP)", cols[2]))
        })?;
        let pos = num(cols[3], "pos")?;
        if !(0..=5).contains(&pos) {
            return Err(ReadError::new(f, Some(n), format!("pos {pos} is out of range (0 to L-1)")));
        }
        moves.push(Move::new(Point::new(x, y), dir, pos as u8));
    }
    Ok(Record::new(variant, moves))
}

pub(super) fn write(game: &Game) -> String {
    let mut out = format!("# {} {} moves\nx,y,dir,pos\n", game.variant(), game.score());
    for m in game.moves() {
        out.push_str(&format!("{},{},{},{}\n", m.dot.x, m.dot.y, m.dir.name(), m.pos));
    }
    out
}
