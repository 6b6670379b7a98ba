//! Reading a format's JSON, and saying where it is damaged: the line and the column, and
//! the move of the file the place is in. serde_json says only a line and a column; a
//! message that also says "move 4, field "x"" spares people the counting, and is the only
//! place worth giving for an MS1 string, whose JSON no one sees. The keys and list indexes
//! that lead to the place are read from the text itself, up to the place.

use super::error::{At, ReadError, ReadErrorKind};
use super::json_damage::{words, JsonDamage, JsonKind};
use super::Format;
use serde::Deserialize;

/// One step on the way from a JSON text's top to a place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// Inside an object: the field whose name was read last (none before the first).
    Key(Option<String>),
    /// Inside a list: the item's index, from 0.
    Index(usize),
}

/// The steps that lead to byte `at` of `text` (the byte itself not read): the objects and
/// lists open there, and where in each. A text that is not JSON gives what it gives; only
/// a place the JSON reader stopped at is asked about.
fn path_to(text: &str, at: usize) -> Vec<Step> {
    scan(text, at, |_, _| {}, |_, _| false)
}

/// The names of the fields of `text`'s outer object (what tells JSON formats apart: a
/// name in a description's text, or in an object inside, is none of them).
pub(crate) fn outer_names(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    scan(
        text,
        text.len(),
        |depth, name| {
            if depth == 1 {
                names.push(name);
            }
        },
        |_, _| false,
    );
    names
}

/// Reads `text` up to byte `at` (not included), telling `name` each field's name and the
/// depth of its object (1: the outer one), and gives the steps that lead to `at`. `open`
/// hears of each object or list that opens (the steps to it, and its byte), and stops the
/// reading by answering true.
fn scan<'a>(
    text: &'a str,
    at: usize,
    mut name: impl FnMut(usize, &'a str),
    mut open: impl FnMut(&[Step], usize) -> bool,
) -> Vec<Step> {
    let bytes = &text.as_bytes()[..at.min(text.len())];
    let mut path: Vec<Step> = Vec::new();
    // objects and lists open past the depth followed (the JSON reader stops at 128): only
    // counted, so that a text of a million brackets costs no memory
    let mut deeper = 0usize;
    let mut i = 0;
    // in an object, whether the next text in quotes is a field's name
    let mut name_due = false;
    while i < bytes.len() {
        if matches!(bytes[i], b'{' | b'[') && deeper == 0 && open(&path, i) {
            break;
        }
        match bytes[i] {
            b'{' | b'[' if path.len() >= MAX_DEPTH => deeper += 1,
            b'}' | b']' if deeper > 0 => deeper -= 1,
            _ if deeper > 0 => {}
            b'{' => {
                path.push(Step::Key(None));
                name_due = true;
            }
            b'[' => path.push(Step::Index(0)),
            b'}' | b']' => {
                path.pop();
                name_due = false;
            }
            b',' => match path.last_mut() {
                Some(Step::Index(n)) => *n += 1,
                // between two fields: in none of them
                Some(Step::Key(k)) => {
                    *k = None;
                    name_due = true;
                }
                None => {}
            },
            b':' => name_due = false,
            _ => {}
        }
        if bytes[i] == b'"' {
            let start = i + 1;
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            let depth = path.len() + deeper;
            if let (true, 0, Some(Step::Key(k))) = (name_due, deeper, path.last_mut()) {
                // a name read whole (not one the place is in the middle of)
                let read = text.get(start..i).filter(|_| i < bytes.len());
                *k = read.map(str::to_string);
                if let Some(read) = read {
                    name(depth, read);
                }
            }
        }
        i += 1;
    }
    path
}

/// How deep [`scan`] follows objects and lists: past the JSON reader's 128.
const MAX_DEPTH: usize = 160;

/// The names of a format's move fields, by how deep they sit in the move: a place names
/// the innermost field of a chain of them (a name inside a field of another program's, or
/// of another format's, names none).
fn fields(format: Format) -> &'static [&'static [&'static str]] {
    match format {
        Format::MsrJson | Format::Msr => &[&["x", "y", "dir", "pos"]],
        Format::GilliozGrid => &[&["Elements"], &["Type", "Coordinates"], &["X", "Y"]],
        _ => &[],
    }
}

/// Where a place is in a file's list of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct InMove {
    /// The move, from 1.
    pub number: usize,
    /// The innermost of the move's own fields the place is in (the format's names, each
    /// in the one before: not a name inside a field of another program's).
    pub field: Option<&'static str>,
    /// The place is in the list, between moves, not inside one.
    pub between: bool,
}

/// The list of moves of a JSON format, and the index in it of move 1 (a gillioz grid's
/// first step is the start).
fn moves_list(format: Format) -> Option<(&'static str, usize)> {
    match format {
        Format::MsrJson | Format::Msr => Some(("moves", 0)),
        Format::GilliozDto => Some(("Moves", 0)),
        Format::GilliozGrid => Some(("Grid", 1)),
        _ => None,
    }
}

/// The line and column (from 1) where move `number` (from 1) of `text`, a file of
/// `format`, begins: what a message about an illegal move points to.
pub(crate) fn move_place(format: Format, text: &str, number: usize) -> Option<(usize, usize)> {
    let (list, first) = moves_list(format)?;
    let wanted = number.checked_sub(1)? + first;
    let mut found = None;
    scan(
        text,
        text.len(),
        |_, _| {},
        |path, i| {
            let here = matches!(path, [Step::Key(Some(key)), Step::Index(n)] if key == list && *n == wanted);
            if here {
                found = Some(i);
            }
            here
        },
    );
    found.map(|i| super::error::line_and_column(&text[..i]))
}

/// The move that byte `at` of `text`, a file of `format`, is part of.
pub(crate) fn move_at(format: Format, text: &str, at: usize) -> Option<InMove> {
    let (list, first) = moves_list(format)?;
    let path = path_to(text, at);
    let (Some(Step::Key(Some(key))), Some(&Step::Index(i))) = (path.first(), path.get(1)) else {
        return None;
    };
    if key != list || i < first {
        return None;
    }
    let mut field = None;
    let names = path[2..].iter().filter_map(|step| match step {
        Step::Index(_) => None,
        Step::Key(k) => Some(k.as_deref()),
    });
    for (known, name) in fields(format).iter().zip(names) {
        match name.and_then(|n| known.iter().copied().find(|&f| f == n)) {
            Some(f) => field = Some(f),
            None => break,
        }
    }
    Some(InMove { number: i - first + 1, field, between: path.len() == 2 })
}

/// `text` read as the JSON object of `format`'s file. What is not an object at all (a
/// list, a text before it) is said so first: serde would read a list as an object's
/// fields in order, and name a field's kind ("text in quotes was expected here").
pub(crate) fn from_json<T: serde::de::DeserializeOwned>(format: Format, text: &str) -> Result<T, ReadError> {
    if let Some((line, column, damage)) = JsonDamage::not_an_object(text) {
        let at = (format != Format::Msr).then_some(At::Column { line, column });
        return Err(ReadError::new(format, at, ReadErrorKind::Json(damage)));
    }
    serde_json::from_str(text).map_err(|e| json(format, &e, text))
}

/// The serde_json error met reading `text`, as a damage and a place.
fn json(format: Format, e: &serde_json::Error, text: &str) -> ReadError {
    let damage = JsonDamage::of(e, text);
    // serde_json counts a column in bytes, and may place a character it peeked at on its
    // first byte: the characters that begin before that byte
    let line = text.split('\n').nth(e.line().saturating_sub(1)).unwrap_or("");
    let read = line.char_indices().take_while(|&(b, _)| b < e.column()).count();
    // serde_json places a value it read at its last character, but a list or an object
    // whose kind it only peeked at ("invalid type", named by its bracket) at the character
    // before: the bracket is one on, on the same line (a line's end read before it puts
    // column 0). A list it read whole ("invalid length") is placed at its end, as is any
    // other value. Column 0 is nothing read on the line yet (the text ends after a line's
    // end, or a text in quotes runs over it): the place is the line's first character.
    let peeked = words(e).starts_with("invalid type: ");
    let column = match damage {
        JsonDamage::WrongKind { found: JsonKind::List | JsonKind::Object, .. } if peeked => read + 1,
        _ => read.max(1),
    };
    let place = (e.line() > 0).then_some((e.line(), column));
    // the place's byte, to find the move it is in
    let byte = place.map(|(l, c)| {
        let start: usize = text.split('\n').take(l - 1).map(|s| s.len() + 1).sum();
        start + line.char_indices().nth(c - 1).map_or(line.len(), |(b, _)| b)
    });
    // an MS1 string's JSON is unpacked: a line and a column in it help no one
    let shown = place.filter(|_| format != Format::Msr);
    // a text cut short or going on past its end ends where it ends, in a move or not; a
    // comma before the list's end is before no move
    let within = !matches!(damage, JsonDamage::CutShort | JsonDamage::TrailingText);
    let in_move = byte.filter(|_| within).and_then(|b| move_at(format, text, b));
    let in_move = in_move.filter(|m| !(m.between && damage == JsonDamage::TrailingComma));
    let at = match in_move {
        Some(InMove { number, field, .. }) => {
            // a missing field is placed after the move's last field, and a comma missing
            // after a field's value, which are not in it
            let field =
                field.filter(|_| !matches!(damage, JsonDamage::MissingField(_) | JsonDamage::ExpectedComma));
            let place = shown.map(|(l, c)| (small(l), small(c)));
            Some(At::JsonMove { number: small(number), field, place })
        }
        None => shown.map(|(line, column)| At::Column { line, column }),
    };
    ReadError::new(format, at, ReadErrorKind::Json(damage))
}

/// A `T` read from a JSON object, and only from one. serde's derive also reads a struct
/// from a list of its fields in order (`[3, -1, "V", 0]`), which the format does not have
/// and a reader must not guess at: a list there is damage.
pub(crate) struct ObjectOnly<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ObjectOnly<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ObjectOnly<T>, D::Error> {
        struct Fields<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Fields<T> {
            type Value = ObjectOnly<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                // serde's words for an object, which `JsonDamage` sorts as one
                f.write_str("a map")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<ObjectOnly<T>, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(ObjectOnly)
            }
        }
        d.deserialize_map(Fields(std::marker::PhantomData))
    }
}

impl<T> std::ops::Deref for ObjectOnly<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// A count of a text's lines, columns or moves, in 32 bits (a text is at most a few
/// megabytes).
fn small(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The move and field at the first `^` of `marked`, read without the `^`.
    fn at(format: Format, marked: &str) -> Option<(usize, Option<&'static str>)> {
        let i = marked.find('^').expect("a marked place");
        move_at(format, &marked.replacen('^', "", 1), i).map(|m| (m.number, m.field))
    }

    #[test]
    fn a_place_is_named_by_its_move_and_field() {
        let msr = Format::MsrJson;
        assert_eq!(at(msr, r#"{"variant":"5T","moves":[{"x":3,"y":^"a"}]}"#), Some((1, Some("y"))));
        let second = r#"{"moves":[{"x":3,"y":-1,"dir":"V","pos":0},{"x":1,"dir":"H", "pos":^0}]}"#;
        assert_eq!(at(msr, second), Some((2, Some("pos"))));
        // a field missing is found at the move's end, after its last field
        assert_eq!(at(msr, r#"{"moves":[{},{"x":3,"y":-1,"dir":"V"^}]}"#), Some((2, Some("dir"))));
        // a list where a move is due, at its bracket
        assert_eq!(at(msr, r#"{"moves":[{"x":3}, ^[3,-1]]}"#), Some((2, None)));
        // text in quotes holding brackets, commas and escaped quotes counts for nothing
        let tricky = r#"{"author":"a,[{\"b","moves":[{"dir":"V,]}\"","x":^true}]}"#;
        assert_eq!(at(msr, tricky), Some((1, Some("x"))));
        // outside the moves: no move
        assert_eq!(at(msr, r#"{"author":^5,"moves":[]}"#), None);
        assert_eq!(at(msr, r#"{"moves":[],"author":^5}"#), None);
        assert_eq!(at(msr, r#"{"start":[[0,^"a"]],"moves":[]}"#), None);
        // a GridDTO move is a list; a grid's first step is the start, its second move 1
        assert_eq!(at(Format::GilliozDto, r#"{"Moves":[[1,2,3,4,5,6],[1,2^]]}"#), Some((2, None)));
        let grid = r#"{"Grid":[{"Elements":[]},{"Elements":[{"Type":"dot","Coordinates":[{"X":^"a"}]}]}]}"#;
        assert_eq!(at(Format::GilliozGrid, grid), Some((1, Some("X"))));
        assert_eq!(at(Format::GilliozGrid, r#"{"Grid":[{"Elements":^5}]}"#), None);
        // other formats have no JSON moves
        assert_eq!(at(Format::Csv, r#"{"moves":[{"x":^"a"}]}"#), None);
        // between two fields: in none of them
        assert_eq!(at(msr, r#"{"moves":[{"x":3, ^y:1}]}"#), Some((1, None)));
        // a name inside a field another program added is not the move's field
        assert_eq!(at(msr, r#"{"moves":[{"pos":0,"extra":{"x":[1,2,^"q"]}}]}"#), Some((1, None)));
        assert_eq!(at(msr, r#"{"moves":[{"x":[1,^"q"]}]}"#), Some((1, Some("x"))));
        // another format's names, a name not read whole: no field
        assert_eq!(at(msr, r#"{"moves":[{"pos":0,"Type":[1,^,2]}]}"#), Some((1, None)));
        assert_eq!(at(msr, r#"{"moves":[{"Elements":[{"Type":^5}]}]}"#), Some((1, None)));
        assert_eq!(
            at(Format::GilliozGrid, r#"{"Grid":[{},{"Elements":[{"x":^5}]}]}"#),
            Some((1, Some("Elements")))
        );
        assert_eq!(at(msr, "{\"moves\":[{\"pos\":0,\"x^\tmore\":1}]}"), Some((1, None)));
        // a grid's names in their order only
        let grid = r#"{"Grid":[{},{"Elements":[{"Type":"dot","Coordinates":[{"X":0,"Y":^"a"}]}]}]}"#;
        assert_eq!(at(Format::GilliozGrid, grid), Some((1, Some("Y"))));
        let grid = r#"{"Grid":[{},{"Elements":[{"X":[{"Type":^"a"}]}]}]}"#;
        assert_eq!(at(Format::GilliozGrid, grid), Some((1, Some("Elements"))));
        // a place in the list itself, between moves
        let text = r#"{"moves":[{},{},]}"#;
        let m = move_at(msr, text, text.len() - 2).unwrap();
        assert_eq!((m.number, m.between), (3, true));
    }

    #[test]
    fn the_outer_names_are_the_outer_object_s_alone() {
        let text = r#"{"description":""Grid": no","meta":{"Moves":1},"moves":[{"x":1}],"score":3}"#;
        assert_eq!(outer_names(text), ["description", "meta", "moves", "score"]);
        assert_eq!(outer_names(r#"{"Grid":[],"SegmentLength":4"#), ["Grid", "SegmentLength"]);
        assert!(outer_names("[1,2]").is_empty());
        // brackets past the depth followed are counted, not kept
        let deep = format!("{{\"a\":{}1{},\"moves\":[]}}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(outer_names(&deep), ["a", "moves"]);
        assert!(path_to(&deep, deep.len() - 12).len() <= MAX_DEPTH);
    }
}
