//! What is wrong with a JSON text, in this program's words. serde_json's own messages are
//! English only and name our private types ("expected struct MoveIn"); they are sorted here
//! into kinds a page can word in its language, and kept as they are only where no kind
//! fits.

use std::fmt;

/// What a JSON text holds, or should hold, at a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonKind {
    /// `{ ... }`: named fields (a move, a file).
    Object,
    /// `[ ... ]`.
    List,
    /// `"..."`.
    Text,
    /// A whole number where something else is due.
    Number,
    /// A number with a decimal point or an exponent (`1.5`, `2e3`).
    Decimal,
    /// A whole number (a coordinate, a position on a line).
    WholeNumber,
    /// `true` or `false`.
    TrueFalse,
    /// `null`.
    Null,
}

/// One damage of a JSON text (the place, line and column, is the error's own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonDamage {
    /// The text stops inside its JSON: cut short when copied, most often.
    CutShort,
    /// No JSON value starts here (a stray word or character).
    ExpectedValue,
    /// A list's or an object's next item needs a comma before it, or the closing bracket.
    ExpectedComma,
    /// An object's field name must be followed by a colon.
    ExpectedColon,
    /// An object's field names are text in double quotes.
    NameNotText,
    /// A comma before a closing bracket, which JSON does not allow.
    TrailingComma,
    /// Something after the end of the JSON.
    TrailingText,
    /// A list with more items than the format's (a start's dot of 3 numbers).
    TooManyItems,
    /// A number that JSON cannot read, or too large to hold.
    BadNumber,
    /// Text in quotes with a bad escape or a control character.
    BadText,
    /// Lists or objects nested deeper than the reader goes.
    TooDeep,
    /// A field the format needs is not there (its name).
    MissingField(String),
    /// A field given twice in one object (its name).
    DuplicateField(String),
    /// A value of the wrong kind.
    WrongKind {
        /// What the text holds.
        found: JsonKind,
        /// What the format needs there (None where the reader's words do not say it
        /// plainly).
        expected: Option<JsonKind>,
    },
    /// A list too short (a GridDTO move is 6 numbers, a start's dot 2).
    WrongLength {
        /// The items the list holds.
        found: usize,
        /// The items the format needs there.
        expected: usize,
    },
    /// A number of the right kind out of the field's range (a line length of 300).
    OutOfRange,
    /// Anything else, in the JSON reader's (English) words.
    Other(String),
}

/// serde_json's words for `e`, without the "at line L column C" it appends: the place is
/// the error's own, said once, in front.
pub(crate) fn words(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    full.strip_suffix(&suffix).unwrap_or(&full).to_string()
}

impl JsonDamage {
    /// Where `text` holds something else than a JSON object (its first character, from 1),
    /// and what: a file of every JSON format here is one object.
    pub(crate) fn not_an_object(text: &str) -> Option<(usize, usize, JsonDamage)> {
        let t = text.trim_start_matches('\u{feff}');
        let at = t.find(|c: char| !c.is_whitespace())?;
        let (line, column) = super::error::line_and_column(&t[..at]);
        let found = match t[at..].chars().next()? {
            '{' => return None,
            '[' => JsonKind::List,
            '"' => JsonKind::Text,
            '-' | '0'..='9' => JsonKind::Number,
            't' | 'f' => JsonKind::TrueFalse,
            'n' => JsonKind::Null,
            _ => return Some((line, column, JsonDamage::ExpectedValue)),
        };
        Some((line, column, JsonDamage::WrongKind { found, expected: Some(JsonKind::Object) }))
    }

    /// The damage serde_json reports reading `text`, sorted.
    pub(crate) fn of(e: &serde_json::Error, text: &str) -> JsonDamage {
        use serde_json::error::Category;
        use JsonDamage::*;
        let message = &*words(e);
        match e.classify() {
            Category::Eof => CutShort,
            Category::Syntax => match message {
                "expected value" | "expected ident" => ExpectedValue,
                "expected `,` or `]`" | "expected `,` or `}`" => ExpectedComma,
                "expected `:`" => ExpectedColon,
                "key must be a string" => NameNotText,
                "trailing comma" => TrailingComma,
                // serde_json's words also where a fixed-size list goes on: read as any
                // JSON, the text is well-formed there (too many items), or the reader
                // stops at the same place for what is really wrong there
                "trailing characters" => match serde_json::from_str::<serde::de::IgnoredAny>(text) {
                    Err(any) if (any.line(), any.column()) == (e.line(), e.column()) => match &*words(&any) {
                        "trailing characters" => TrailingText,
                        _ => JsonDamage::of(&any, text),
                    },
                    _ => TooManyItems,
                },
                "invalid number" | "number out of range" => BadNumber,
                "recursion limit exceeded" => TooDeep,
                m if m.contains("escape") || m.contains("unicode") || m.contains("control character") => {
                    BadText
                }
                m => Other(m.to_string()),
            },
            Category::Data => data(message).unwrap_or_else(|| Other(message.to_string())),
            Category::Io => Other(message.to_string()),
        }
    }
}

/// serde's words for a value that does not fit the format: `missing field `moves``,
/// `invalid type: integer `1`, expected struct MoveIn`, `invalid length 5, expected an
/// array of length 6`, `invalid value: integer `300`, expected u8`.
fn data(message: &str) -> Option<JsonDamage> {
    if let Some(rest) = message.strip_prefix("missing field `") {
        return Some(JsonDamage::MissingField(rest.strip_suffix('`')?.to_string()));
    }
    if let Some(rest) = message.strip_prefix("duplicate field `") {
        return Some(JsonDamage::DuplicateField(rest.strip_suffix('`')?.to_string()));
    }
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        let (found, expected) = rest.split_once(", expected ")?;
        let expected = expected_kind(expected);
        // a whole number past 64 bits where one was due, which serde_json reads as a float
        // (`floating point `1e20``): out of range, not a decimal
        let float = found.strip_prefix("floating point `").and_then(|f| f.strip_suffix('`'));
        let whole_past_64_bits = |f: f64| f.fract() == 0.0 && f.abs() >= 9.2e18;
        if expected == Some(JsonKind::WholeNumber)
            && float.and_then(|f| f.parse().ok()).is_some_and(whole_past_64_bits)
        {
            return Some(JsonDamage::OutOfRange);
        }
        return Some(JsonDamage::WrongKind { found: found_kind(found)?, expected });
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        let (found, expected) = rest.split_once(", expected ")?;
        // a list where an object is due ("struct Xy with 2 elements", gillioz's): serde's
        // derive reads an object's fields from a list too, but no format here writes one so
        if expected.starts_with("struct") {
            return Some(JsonDamage::WrongKind { found: JsonKind::List, expected: Some(JsonKind::Object) });
        }
        let expected = expected.split(' ').find_map(|w| w.parse().ok())?;
        return Some(JsonDamage::WrongLength { found: found.parse().ok()?, expected });
    }
    message.starts_with("invalid value: integer").then_some(JsonDamage::OutOfRange)
}

/// The kind serde names as found: `integer `1``, `string "ab"`, `map`...
fn found_kind(found: &str) -> Option<JsonKind> {
    let word = found.split([' ', '`']).next()?;
    Some(match word {
        "boolean" => JsonKind::TrueFalse,
        "integer" => JsonKind::Number,
        "floating" => JsonKind::Decimal,
        "string" => JsonKind::Text,
        "map" => JsonKind::Object,
        "sequence" => JsonKind::List,
        "null" | "unit" => JsonKind::Null,
        _ => return None,
    })
}

/// The kind serde names as expected: `struct MoveIn`, `a sequence`, `i64`, `a string`...
fn expected_kind(expected: &str) -> Option<JsonKind> {
    let e = expected.trim_start_matches("a ").trim_start_matches("an ");
    Some(if e.starts_with("struct") || e.starts_with("map") {
        JsonKind::Object
    } else if e.starts_with("sequence") || e.starts_with("array") || e.starts_with("tuple") {
        JsonKind::List
    } else if e == "string" {
        JsonKind::Text
    } else if e == "boolean" {
        JsonKind::TrueFalse
    } else if [8, 16, 32, 64].iter().any(|n| e == format!("i{n}") || e == format!("u{n}")) {
        JsonKind::WholeNumber
    } else {
        return None;
    })
}

impl fmt::Display for JsonKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JsonKind::Object => "an object { }",
            JsonKind::List => "a list [ ]",
            JsonKind::Text => "text in quotes",
            JsonKind::Number => "a number",
            JsonKind::Decimal => "a decimal number (1.5, 2e3)",
            JsonKind::WholeNumber => "a whole number",
            JsonKind::TrueFalse => "true or false",
            JsonKind::Null => "null",
        })
    }
}

impl fmt::Display for JsonDamage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use JsonDamage::*;
        match self {
            CutShort => write!(f, "the JSON ends too soon (was the text cut short?)"),
            ExpectedValue => {
                write!(f, "not JSON here (a value was expected: a number, text in quotes, [ or {{)")
            }
            ExpectedComma => write!(f, "a comma, or ] or }} to close, was expected here"),
            ExpectedColon => write!(f, "a colon was expected after the field's name"),
            NameNotText => write!(f, "a field's name must be in double quotes (\")"),
            TrailingComma => write!(f, "a comma just before ] or }} (JSON allows none)"),
            TrailingText => write!(f, "something follows the end of the JSON"),
            TooManyItems => write!(f, "this list has more items than expected"),
            BadNumber => write!(f, "a number that cannot be read"),
            BadText => write!(f, "text in quotes with a bad escape or a control character"),
            TooDeep => write!(f, "lists or objects nested too deep"),
            MissingField(name) => write!(f, "the field \"{name}\" is missing"),
            DuplicateField(name) => write!(f, "the field \"{name}\" is given twice"),
            WrongKind { found, expected: Some(expected) } => {
                write!(f, "{expected} was expected here, not {found}")
            }
            WrongKind { found, expected: None } => write!(f, "{found} is not expected here"),
            WrongLength { found, expected } => {
                write!(f, "a list of {expected} items was expected here, not {found}")
            }
            OutOfRange => write!(f, "this number is out of range"),
            Other(message) => write!(f, "{message}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::JsonDamage::*;
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct File {
        moves: Vec<Step>,
        #[serde(default)]
        start: Option<Vec<(i64, i64)>>,
        #[serde(default)]
        length: Option<u8>,
        #[serde(default)]
        flag: Option<bool>,
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        dto: Option<Vec<[i64; 6]>>,
        /// any JSON (MSR's score)
        #[serde(default)]
        any: Option<serde_json::Value>,
    }

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Step {
        x: i64,
    }

    fn damage(text: &str) -> JsonDamage {
        let e = serde_json::from_str::<File>(text).unwrap_err();
        assert!(!words(&e).contains(" at line "), "{e}");
        JsonDamage::of(&e, text)
    }

    /// Every kind serde_json reports here is sorted: none falls through to its own words.
    #[test]
    fn serde_json_s_messages_are_sorted() {
        let kind = |found, expected| WrongKind { found, expected: Some(expected) };
        for (text, expected) in [
            (r#"{"moves": [{"x": 1}"#, CutShort),
            (r#"{"moves": "#, CutShort),
            (r#"{"moves": ["#, CutShort),
            (r#"{"moves": [], "name": "ab"#, CutShort),
            (r#"{"moves": x}"#, ExpectedValue),
            (r#"{"moves": tru}"#, ExpectedValue),
            (r#"{"moves": [{"x": 1} {"x": 2}]}"#, ExpectedComma),
            (r#"{"moves": [] "name": "a"}"#, ExpectedComma),
            (r#"{"moves" []}"#, ExpectedColon),
            (r#"{moves: []}"#, NameNotText),
            (r#"{"moves": [{"x": 1},]}"#, TrailingComma),
            (r#"{"moves": []} x"#, TrailingText),
            (r#"{"moves": [{"x": 1e999}]}"#, BadNumber),
            (r#"{"moves": [{"x": -}]}"#, BadNumber),
            (r#"{"moves": [], "name": "a\q"}"#, BadText),
            ("{\"moves\": [], \"name\": \"a\u{1}\"}", BadText),
            (r#"{"name": "a"}"#, MissingField("moves".into())),
            (r#"{"moves": [{"x": 1, "x": 2}]}"#, DuplicateField("x".into())),
            (r#"{"moves": [1]}"#, kind(JsonKind::Number, JsonKind::Object)),
            (r#"{"moves": 3}"#, kind(JsonKind::Number, JsonKind::List)),
            (r#"{"moves": {}}"#, kind(JsonKind::Object, JsonKind::List)),
            (r#"{"moves": [{"x": "1"}]}"#, kind(JsonKind::Text, JsonKind::WholeNumber)),
            (r#"{"moves": [{"x": 1.5}]}"#, kind(JsonKind::Decimal, JsonKind::WholeNumber)),
            (r#"{"moves": [{"x": 3.0}]}"#, kind(JsonKind::Decimal, JsonKind::WholeNumber)),
            // whole numbers past 64 bits, which serde_json reads as floats
            (r#"{"moves": [{"x": 1e20}]}"#, OutOfRange),
            (r#"{"moves": [{"x": 99999999999999999999}]}"#, OutOfRange),
            (r#"{"moves": [{"x": -9223372036854775809}]}"#, OutOfRange),
            // but not where no number was due
            (r#"{"moves": [1e20]}"#, kind(JsonKind::Decimal, JsonKind::Object)),
            (r#"{"moves": [], "name": 99999999999999999999}"#, kind(JsonKind::Decimal, JsonKind::Text)),
            (r#"{"moves": [[]]}"#, kind(JsonKind::List, JsonKind::Object)),
            (r#"{"moves": [], "start": [[1, 2 3]]}"#, ExpectedComma),
            (r#"{"moves": [], "start": [[1, 2, 3]], "name": x}"#, TooManyItems),
            (r#"{"moves": [{"x": null}]}"#, kind(JsonKind::Null, JsonKind::WholeNumber)),
            (r#"{"moves": [], "flag": 1}"#, kind(JsonKind::Number, JsonKind::TrueFalse)),
            (r#"{"moves": [], "name": true}"#, kind(JsonKind::TrueFalse, JsonKind::Text)),
            (r#"{"moves": [], "start": [[1, 2, 3]]}"#, TooManyItems),
            (r#"{"moves": [], "start": [[1]]}"#, WrongLength { found: 1, expected: 2 }),
            (r#"{"moves": [], "dto": [[1, 2, 3, 4, 5, 6, 7]]}"#, TooManyItems),
            (r#"{"moves": [], "dto": [[1, 2]]}"#, WrongLength { found: 2, expected: 6 }),
            (r#"{"moves": [], "length": 300}"#, OutOfRange),
            (&format!(r#"{{"moves": [], "any": {}0{}}}"#, "[".repeat(200), "]".repeat(200)), TooDeep),
        ] {
            assert_eq!(damage(text), expected, "{text}");
        }
    }

    #[test]
    fn a_file_that_is_not_an_object_says_so_where_it_begins() {
        let object = |found| WrongKind { found, expected: Some(JsonKind::Object) };
        assert_eq!(JsonDamage::not_an_object(" {\"moves\": []}"), None);
        assert_eq!(JsonDamage::not_an_object("\n  [{\"x\": 1}]"), Some((2, 3, object(JsonKind::List))));
        assert_eq!(JsonDamage::not_an_object("\u{feff}\"a\""), Some((1, 1, object(JsonKind::Text))));
        assert_eq!(JsonDamage::not_an_object("-3"), Some((1, 1, object(JsonKind::Number))));
        assert_eq!(JsonDamage::not_an_object("My game: {}"), Some((1, 1, ExpectedValue)));
        assert_eq!(JsonDamage::not_an_object("  "), None, "empty: the readers say it");
    }

    #[test]
    fn words_name_no_private_type() {
        let d = damage(r#"{"moves": [1]}"#);
        assert_eq!(d.to_string(), "an object { } was expected here, not a number");
        assert_eq!(damage(r#"{"name": "a"}"#).to_string(), "the field \"moves\" is missing");
    }
}
