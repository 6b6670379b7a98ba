//! MSR 0.1, the record format of morpion-solitaire.io: JSON in the standard frame, and its
//! compact form `MS1:` + unpadded base64url of the raw DEFLATE of the JSON text.

use super::error::{coordinate, At, Field, Ms1Damage, ReadError, ReadErrorKind};
use super::json_place::{from_json, ObjectOnly};
use super::{base64, Format, MAX_INPUT_BYTES};
use crate::geom::{Dir, Frame, Point};
use crate::record::{Game, Meta, Record, Skipped};
use crate::variant::{Move, Variant};
use serde::{Deserialize, Serialize};

#[derive(Deserialize)]
struct FileIn {
    #[serde(default)]
    variant: Option<String>,
    moves: Vec<ObjectOnly<MoveIn>>,
    /// Our extension: the start's dots as `[x, y]` pairs, when it is not the cross.
    #[serde(default)]
    start: Option<Vec<(i64, i64)>>,
    #[serde(default)]
    author: Option<String>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    date: Option<String>,
    /// The game's length as the file states it: any JSON value, since a derived field the
    /// format lets readers recompute must not refuse a file that says it oddly.
    #[serde(default)]
    score: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct MoveIn {
    x: i64,
    y: i64,
    dir: String,
    pos: i64,
}

#[derive(Serialize)]
struct FileOut<'a> {
    version: &'static str,
    producer: String,
    variant: String,
    score: usize,
    available_moves: usize,
    terminal: bool,
    bbox: [i32; 4],
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<Vec<[i32; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    author: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'a str>,
    moves: Vec<MoveOut>,
}

#[derive(Serialize)]
struct MoveOut {
    x: i32,
    y: i32,
    dir: &'static str,
    pos: u8,
}

pub(super) fn read_json(text: &str) -> Result<Record, ReadError> {
    read_json_as(text, Format::MsrJson)
}

fn read_json_as(text: &str, f: Format) -> Result<Record, ReadError> {
    let file: FileIn = from_json(f, text)?;
    let variant = match &file.variant {
        Some(v) => Some(
            v.parse::<Variant>()
                .map_err(|_| ReadError::new(f, None, ReadErrorKind::UnknownVariant(v.clone())))?,
        ),
        None => None,
    };
    // the start first: the moves are written in the same frame as its dots
    let (start, frame) = match &file.start {
        Some(dots) => {
            let (s, frame) = super::start_in_frame(f, dots)?;
            (Some(s), frame)
        }
        None => (None, Frame::STANDARD),
    };
    let mut moves = Vec::with_capacity(file.moves.len());
    for (i, ObjectOnly(m)) in file.moves.iter().enumerate() {
        let err = |kind| ReadError::new(f, Some(At::Move(i + 1)), kind);
        let dir =
            Dir::from_name(&m.dir).ok_or_else(|| err(ReadErrorKind::UnknownDirection(m.dir.clone())))?;
        if !(0..=5).contains(&m.pos) {
            return Err(err(ReadErrorKind::OutOfRange { field: Field::Pos, value: m.pos.to_string() }));
        }
        let x = coordinate(m.x, &m.x.to_string(), frame.dx, Field::X).map_err(err)?;
        let y = coordinate(m.y, &m.y.to_string(), frame.dy, Field::Y).map_err(err)?;
        moves.push(Move::new(Point::new(x, y), dir, m.pos as u8));
    }
    let meta =
        Meta { author: file.author, date: file.date, description: file.description, source: file.source };
    let declared = file.score.as_ref().and_then(serde_json::Value::as_u64).map(|n| n as usize);
    let mut record = Record { variant, start, moves, meta, source: Default::default(), declared };
    record.source.frame = frame;
    if file.score.is_some() && declared.is_none() {
        record.source.skipped.push(Skipped::Count);
    }
    Ok(record)
}

pub(super) fn read_compact(text: &str) -> Result<Record, ReadError> {
    let f = Format::Msr;
    let damaged = |at: Option<At>, d| ReadError::new(f, at, ReadErrorKind::Ms1(d));
    let start = text.find("MS1:").map_or(0, |i| i + 4);
    let body: String = text[start..].chars().filter(|c| !c.is_whitespace()).collect();
    let raw = base64::decode(&body).map_err(|d| match d {
        base64::Damage::Character(i) => {
            damaged(Some(At::Char(place_in_text(text, start, &body, i))), Ms1Damage::Character)
        }
        base64::Damage::Length => damaged(None, Ms1Damage::Length),
    })?;
    let (json, tail) = inflate(&raw).map_err(|why| damaged(None, why))?;
    let json = String::from_utf8(json).map_err(|_| damaged(None, Ms1Damage::NotText))?;
    // (a byte order mark before the JSON is no damage, as in a file)
    let mut record = read_json_as(json.trim_start_matches('\u{feff}'), f)?;
    if tail > 0 {
        record.source.skipped.push(Skipped::Tail { bytes: tail });
    }
    Ok(record)
}

/// The raw DEFLATE stream at the start of `raw`, unpacked (at most [`MAX_INPUT_BYTES`]),
/// and how many bytes follow its end: none in a string as written, some when characters
/// were added to it, which the game does not need.
fn inflate(raw: &[u8]) -> Result<(Vec<u8>, usize), Ms1Damage> {
    use miniz_oxide::inflate::core::{decompress, inflate_flags, DecompressorOxide};
    use miniz_oxide::inflate::TINFLStatus;
    let flags = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let mut out = vec![0; raw.len().saturating_mul(4).clamp(1024, MAX_INPUT_BYTES)];
    let mut state = Box::<DecompressorOxide>::default();
    let (mut input, mut written) = (raw, 0);
    loop {
        let (status, read, wrote) = decompress(&mut state, input, &mut out, written, flags);
        written += wrote;
        input = input.get(read..).ok_or(Ms1Damage::Compression)?;
        match status {
            TINFLStatus::Done => {
                out.truncate(written);
                return Ok((out, input.len()));
            }
            TINFLStatus::HasMoreOutput if out.len() < MAX_INPUT_BYTES => {
                out.resize(out.len().saturating_mul(2).min(MAX_INPUT_BYTES), 0);
            }
            TINFLStatus::HasMoreOutput => return Err(Ms1Damage::TooLarge),
            _ => return Err(Ms1Damage::Compression),
        }
    }
}

/// Where (1-based, in characters of `text`) is byte `i` of `body`, the payload that starts
/// at byte `start` of `text` with its blanks taken out (MS1 strings may be wrapped).
fn place_in_text(text: &str, start: usize, body: &str, i: usize) -> usize {
    let k = body.char_indices().filter(|&(b, _)| b <= i).count().saturating_sub(1);
    let before = text[..start].chars().count();
    let within = text[start..].chars().enumerate().filter(|(_, c)| !c.is_whitespace()).nth(k);
    before + within.map_or(0, |(j, _)| j) + 1
}

fn file_out(game: &Game) -> FileOut<'_> {
    let p = game.position();
    let (x0, y0, x1, y1) = p.bbox();
    let meta = game.meta();
    FileOut {
        version: "0.1",
        producer: format!("morpion/{}", env!("CARGO_PKG_VERSION")),
        variant: game.variant().to_string(),
        score: game.score(),
        available_moves: p.num_legal_moves(),
        terminal: p.is_finished(),
        bbox: [x0, y0, x1, y1],
        start: game.custom_start().map(|s| s.dots().iter().map(|p| [p.x, p.y]).collect()),
        description: meta.description.as_deref(),
        author: meta.author.as_deref(),
        date: meta.date.as_deref(),
        source: meta.source.as_deref(),
        moves: game
            .moves()
            .iter()
            .map(|m| MoveOut { x: m.dot.x, y: m.dot.y, dir: m.dir.name(), pos: m.pos })
            .collect(),
    }
}

pub(super) fn write_json(game: &Game, pretty: bool) -> String {
    let out = file_out(game);
    let mut s = if pretty { serde_json::to_string_pretty(&out) } else { serde_json::to_string(&out) }
        .expect("plain data serializes");
    if pretty {
        s.push('\n');
    }
    s
}

pub(super) fn write_compact(game: &Game) -> String {
    let json = write_json(game, false);
    format!("MS1:{}", base64::encode(&miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{JsonDamage, JsonKind};

    fn ms1(json: &str) -> String {
        format!("MS1:{}", base64::encode(&miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9)))
    }

    #[test]
    fn an_ms1_string_s_json_damage_is_placed_by_move_and_field_not_in_the_unseen_json() {
        let e = read_compact(&ms1(r#"{"moves":[{"x":3,"y":-1,"dir":"V","pos":0},{"x":3,"y":"a"}]}"#))
            .expect_err("damaged");
        assert_eq!(e.at, Some(At::JsonMove { number: 2, field: Some("y"), place: None }));
        let text = JsonDamage::WrongKind { found: JsonKind::Text, expected: Some(JsonKind::WholeNumber) };
        assert_eq!(e.kind, ReadErrorKind::Json(text));
        assert!(e.to_string().starts_with("MS1 (compact MSR), move 2, field \"y\": "), "{e}");
        // outside the moves, and a JSON that is no object: no place at all
        let e = read_compact(&ms1(r#"{"variant":5,"moves":[]}"#)).expect_err("damaged");
        assert_eq!(e.at, None);
        assert!(matches!(e.kind, ReadErrorKind::Json(JsonDamage::WrongKind { .. })), "{e:?}");
        assert_eq!(read_compact(&ms1("[1]")).expect_err("damaged").at, None);
        let e = read_compact(&ms1(r#"{"moves":[{"x":3}]}"#)).expect_err("damaged");
        assert_eq!(e.at, Some(At::JsonMove { number: 1, field: None, place: None }));
        assert_eq!(e.kind, ReadErrorKind::Json(JsonDamage::MissingField("y".into())));
    }

    #[test]
    fn characters_added_after_an_ms1_string_s_game_are_passed_over_and_said() {
        let json = r#"{"variant":"5T","score":1,"moves":[{"x":3,"y":-1,"dir":"V","pos":0}]}"#;
        let whole = ms1(json);
        let r = read_compact(&whole).unwrap();
        assert!(r.source.skipped.is_empty());
        // a byte order mark before the JSON is no damage
        assert_eq!(read_compact(&ms1(&format!("\u{feff}{json}"))).unwrap().moves.len(), 1);
        // four characters more are three bytes more, whatever the string's length
        for added in ["AAAA", "AAAAAAAA"] {
            let r = read_compact(&format!("{whole}{added}")).unwrap();
            assert_eq!(r.moves.len(), 1);
            assert_eq!(r.source.skipped, vec![Skipped::Tail { bytes: added.len() / 4 * 3 }]);
        }
        // the game cut short is damage, as before
        let cut = &whole[..whole.len() - 6];
        assert!(matches!(read_compact(cut).unwrap_err().kind, ReadErrorKind::Ms1(_)));
        // a game that unpacks to more than the limit is too large
        let huge = format!(r#"{{"description":"{}","moves":[]}}"#, " ".repeat(MAX_INPUT_BYTES + 1));
        assert_eq!(read_compact(&ms1(&huge)).unwrap_err().kind, ReadErrorKind::Ms1(Ms1Damage::TooLarge));
    }
}
