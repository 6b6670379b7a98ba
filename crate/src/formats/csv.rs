//! `x,y,dir,pos` lines in the standard frame (the normalized CSV of the shared records,
//! whose glyph and delta columns, if any, must say the same move; fields may be in quotes). A
//! comment line `# 5T ...` before the moves gives the variant; a comment line
//! `# start CODE` (a [`Start::code`]) gives a start other than the cross.

use super::error::{coordinate, whole_number, At, Field, ReadError, ReadErrorKind};
use super::Format;
use crate::geom::{Dir, Point};
use crate::record::{Game, Record, Written};
use crate::starts::Start;
use crate::variant::{Move, Variant};

pub(super) fn read(text: &str) -> Result<Record, ReadError> {
    let mut record = Record::new(None, Vec::new());
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let err = |kind| ReadError::new(Format::Csv, Some(At::Line(n)), kind);
        let line = raw.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(code) = comment.trim().strip_prefix("start ") {
                record.start = Some(Start::from_code(code.trim()).map_err(|e| err(ReadErrorKind::Start(e)))?);
                continue;
            }
            if record.moves.is_empty() && record.variant.is_none() {
                // the line this program writes first: `# 5T 178 moves`
                let words: Vec<&str> = comment.split_whitespace().collect();
                record.variant = words.first().and_then(|w| w.parse::<Variant>().ok());
                if record.variant.is_some() && words.len() >= 3 && matches!(words[2], "moves" | "move") {
                    record.declared = words[1].parse().ok();
                }
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        // a spreadsheet may quote every field ("3","-1","V","0"): none of ours has a comma
        // or a quote inside, so the quotes go
        let cols: Vec<&str> = line.split(',').map(unquoted).collect();
        // the column names
        if cols[0] == "x" {
            continue;
        }
        // empty cells at the end (a spreadsheet's) are no columns, and a row of them no move
        // (an empty cell among the first four is said as its field's)
        let used = cols.iter().rposition(|c| !c.is_empty()).map_or(0, |i| i + 1);
        if used == 0 {
            continue;
        }
        if cols.len() < 4 || used > 6 {
            return Err(err(ReadErrorKind::Columns(if used > 6 { used } else { cols.len() })));
        }
        let number = |text: &str, field| whole_number(text, field).map_err(err);
        let x = coordinate(number(cols[0], Field::X)?, cols[0], 0, Field::X).map_err(err)?;
        let y = coordinate(number(cols[1], Field::Y)?, cols[1], 0, Field::Y).map_err(err)?;
        let dir = Dir::from_name(cols[2])
            .ok_or_else(|| err(ReadErrorKind::UnknownDirection(cols[2].to_string())))?;
        let pos = number(cols[3], Field::Pos)?;
        if !(0..=5).contains(&pos) {
            return Err(err(ReadErrorKind::OutOfRange { field: Field::Pos, value: cols[3].to_string() }));
        }
        // glyph and delta say the move again (the shared records' CSV): they must agree.
        // delta, 2 - pos, is the offset to the centre of a 5-point line; a line of 4 or 6
        // points has no centre point, and its files leave delta out
        let delta = 2 - pos;
        let five = record.variant.is_none_or(|v| v.line_len() == 5);
        let said = [(Field::Glyph, dir.glyph().to_string()), (Field::Offset, format!("{delta:+}"))];
        for ((field, expected), found) in said.into_iter().zip(cols.iter().skip(4)) {
            let agrees = found.is_empty()
                || match field {
                    Field::Glyph => *found == expected,
                    _ => !five || whole_number(found, Field::Offset).map_err(err)? == delta,
                };
            if !agrees {
                return Err(err(ReadErrorKind::Disagrees { field, found: found.to_string(), expected }));
            }
        }
        record.moves.push(Move::new(Point::new(x, y), dir, pos as u8));
        record.source.moves.push(Written { line: n, text: line.to_string() });
    }
    Ok(record)
}

/// A field without its blanks and the double quotes around it, if any.
fn unquoted(field: &str) -> &str {
    let f = field.trim();
    f.strip_prefix('"').and_then(|f| f.strip_suffix('"')).map_or(f, str::trim)
}

pub(super) fn write(game: &Game) -> String {
    let n = game.score();
    let mut out = format!("# {} {n} move{}\n", game.variant(), if n == 1 { "" } else { "s" });
    if let Some(s) = game.custom_start() {
        out.push_str(&format!("# start {}\nx,y,dir,pos\n", s.code()));
    } else {
        out.push_str("x,y,dir,pos\n");
    }
    for m in game.moves() {
        out.push_str(&format!("{},{},{},{}\n", m.dot.x, m.dot.y, m.dir.name(), m.pos));
    }
    out
}
