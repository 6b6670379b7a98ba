use super::*;
use crate::bounds::{BadBoard, LpError, Octagon, PositionLpError};
use crate::formats::{
    self, At, Element, Expected, Field, Format, JsonDamage, JsonKind, LinkDamage, Ms1Damage, Note, ReadError,
    ReadErrorKind, WriteError,
};
use crate::nrpa::SearchError;
use crate::starts::CodeDamage;
use crate::{BadStart, BadVariant, IllegalMove, Point, Start, Variant};

/// The French catalogue: every code the engine gives must be in it, with no placeholder
/// the code's values do not fill.
const FRENCH: &str = include_str!("../../../www/js/lang/engine-fr.js");

/// The catalogue's line for `engine.<code>`.
fn french(code: &str) -> Option<&'static str> {
    let key = format!("\"{code}\":");
    FRENCH.lines().find(|l| l.trim_start().starts_with(&key))
}

/// The `{name}` placeholders of a catalogue line.
fn placeholders(line: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = line;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        let Some(close) = rest.find('}') else { break };
        let name = &rest[..close];
        if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()) {
            names.push(name.to_string());
        }
    }
    names
}

/// One error of every kind the page can meet, made the way the engine makes them where
/// that is easy (reading damaged text), by hand otherwise.
fn samples() -> Vec<(String, Explained)> {
    let mut all: Vec<(String, Explained)> = Vec::new();
    let mut add = |e: &dyn Explain| all.push((e.to_string(), e.explain()));
    for text in [
        "",
        "hello",
        "(28,28)\n(25,27 | 2\n",
        "(28,28)\n(25,27) | +2 x\n",
        "(28,28) (1,1)\n",
        "(28,28)\n(a,27) | +2\n",
        "(28,28)\n(99999999,27) | +2\n",
        "(28,28)\n(25,27) ? +2\n",
        "(28,28)\n(25,27) | +7\n",
        "(28,28)\n(25,27) | +2\n(25,27) | +2\n",
        "1,2\n",
        "x,2,H,0\n",
        "0,a,H,0\n",
        "0,0,Q,0\n",
        "MS1:***",
        "MS1:AAAA",
        "{\"moves\": [",
        "https://example.org/#g=1.5T.3.AAAA.x",
        "https://example.org/#g=9.5T.3.AAAA.x",
        "https://example.org/#g=1.9Z.3.AAAA.x",
        "https://example.org/#g=1.5T.zz.AAAA.x",
        "https://example.org/#x=1",
    ] {
        if let Err(e) = formats::load(text, None, None) {
            add(&e);
        }
    }
    let read = |kind| ReadError::new(Format::Pentasol, Some(At::Line(2)), kind);
    for kind in [
        ReadErrorKind::TooLarge { bytes: 5 << 20 },
        ReadErrorKind::NoReference,
        ReadErrorKind::Expected { expected: Expected::Close, found: None },
        ReadErrorKind::Expected { expected: Expected::Comma, found: Some('x') },
        ReadErrorKind::Expected { expected: Expected::Point, found: Some('x') },
        ReadErrorKind::Expected { expected: Expected::Number, found: Some('x') },
        ReadErrorKind::Expected { expected: Expected::Glyph, found: None },
        ReadErrorKind::Columns(1),
        ReadErrorKind::OutOfRange { field: Field::Row, value: "99".into() },
        ReadErrorKind::OutOfRange { field: Field::Pos, value: "9".into() },
        ReadErrorKind::OutOfRange { field: Field::Offset, value: "9".into() },
        ReadErrorKind::UnknownDirection("NE".into()),
        ReadErrorKind::UnknownVariant("7Q".into()),
        ReadErrorKind::NotFivePointLines(Variant::T4),
        ReadErrorKind::Ms1(Ms1Damage::Character),
        ReadErrorKind::Ms1(Ms1Damage::Length),
        ReadErrorKind::Ms1(Ms1Damage::Compression),
        ReadErrorKind::Ms1(Ms1Damage::TooLarge),
        ReadErrorKind::Ms1(Ms1Damage::NotText),
        ReadErrorKind::LineLength(9),
        ReadErrorKind::EmptyGrid,
        ReadErrorKind::MissingElement(Element::Line),
        ReadErrorKind::MissingElement(Element::Dot),
        ReadErrorKind::ExtraElement(Element::Line),
        ReadErrorKind::ExtraElement(Element::Dot),
        ReadErrorKind::Disagrees { field: Field::Glyph, found: "|".into(), expected: "-".into() },
        ReadErrorKind::UnknownElement("circle".into()),
        ReadErrorKind::ElementPoints { element: Element::Line, found: 3 },
        ReadErrorKind::ElementPoints { element: Element::Dot, found: 0 },
        ReadErrorKind::NotALine { from: "(0,0)".into(), to: "(1,5)".into(), len: 5 },
        ReadErrorKind::DotNotOnLine { dot: "(9,9)".into(), from: "(0,0)".into(), to: "(4,0)".into() },
        ReadErrorKind::Start(BadStart::Empty),
    ] {
        add(&read(kind));
    }
    let other = || ReadErrorKind::Json(JsonDamage::Other("expected value".into()));
    let at = |a| ReadError::new(Format::MsrJson, Some(a), other());
    add(&at(At::Column { line: 1, column: 3 }));
    add(&at(At::Move(4)));
    add(&at(At::JsonMove { number: 4, field: Some("x"), place: Some((1, 30)) }));
    add(&at(At::JsonMove { number: 4, field: None, place: None }));
    add(&at(At::Char(4)));
    add(&at(At::Start));
    // every JSON damage and kind (most of them read from damaged text by the formats' tests)
    let kinds = [
        JsonKind::Object,
        JsonKind::List,
        JsonKind::Text,
        JsonKind::Number,
        JsonKind::Decimal,
        JsonKind::WholeNumber,
        JsonKind::TrueFalse,
        JsonKind::Null,
    ];
    for d in [
        JsonDamage::CutShort,
        JsonDamage::ExpectedValue,
        JsonDamage::ExpectedComma,
        JsonDamage::ExpectedColon,
        JsonDamage::NameNotText,
        JsonDamage::TrailingComma,
        JsonDamage::TrailingText,
        JsonDamage::TooManyItems,
        JsonDamage::BadNumber,
        JsonDamage::BadText,
        JsonDamage::TooDeep,
        JsonDamage::MissingField("moves".into()),
        JsonDamage::DuplicateField("x".into()),
        JsonDamage::WrongKind { found: JsonKind::Null, expected: None },
        JsonDamage::WrongLength { found: 2, expected: 6 },
        JsonDamage::OutOfRange,
    ]
    .into_iter()
    .chain(kinds.map(|k| JsonDamage::WrongKind { found: k, expected: Some(k) }))
    {
        add(&ReadError::new(
            Format::GilliozDto,
            Some(At::Column { line: 2, column: 9 }),
            ReadErrorKind::Json(d),
        ));
    }
    for d in [
        LinkDamage::NoGame,
        LinkDamage::Parts { found: 3, expected: 5 },
        LinkDamage::Version("9".into()),
        LinkDamage::Variant("9Z".into()),
        LinkDamage::MoveCount("x".into()),
        LinkDamage::GameOver { after: 3, claimed: 5 },
        LinkDamage::CutShort { at: 4, of: 9 },
        LinkDamage::NotLegal { at: 2 },
        LinkDamage::Unplayable { at: 2, reason: crate::IllegalMove::TooFar(Point::new(9999, 0)) },
        LinkDamage::Leftover,
        LinkDamage::Players("3".into()),
        LinkDamage::Repeated('p'),
        LinkDamage::Start(BadStart::Point { index: 0, text: "x".into() }),
        LinkDamage::Check,
        LinkDamage::Character('*'),
        LinkDamage::VariantChanged { said: Variant::D5, game: Variant::T5 },
        LinkDamage::VersionParts { said: "2".into(), parts: 5, other: "1" },
    ] {
        add(&ReadError::new(Format::Link, Some(At::Char(3)), ReadErrorKind::Link(d)));
    }
    // illegal moves in a file, with and without its lines
    for text in [
        "(28,28)\n(25,27) | +2\n(25,27) | +2\n",
        "(28,28)\n(30,30) | +2\n",
        "[{\"x\":0,\"y\":0,\"dir\":\"H\",\"pos\":0}]",
        "0,0,H,0\n",
        "3,3,H,0\n",
    ] {
        if let Err(e) = formats::load(text, None, Some(Variant::D5)) {
            add(&e);
        }
    }
    // a 5T record replayed as 5D breaks the disjoint rule: MSR JSON cites a line and a column
    let record = crate::library::find("5t-178-rosin").unwrap().game();
    let json = formats::write(&record, Format::MsrJson, "").unwrap();
    add(&formats::load(&json, None, Some(Variant::D5)).unwrap_err());
    // what morpion-solitaire.io would not read
    for (variant, custom_start) in [(Some(Variant::T4), false), (Some(Variant::T4), true), (None, true)] {
        add(&formats::WriteNote::MsrElsewhere { variant, custom_start });
    }
    // and an MS1 string's, whose JSON no one sees, not even a place in it
    let ms1 = formats::write(&record, Format::Msr, "").unwrap();
    add(&formats::load(&ms1, None, Some(Variant::D5)).unwrap_err());
    // a gillioz file's, named by its dot and its line's ends, with a place in the file
    let gillioz = include_str!("../../tests/data/records/5t-178-rosin.gillioz.json");
    add(&formats::load(gillioz, None, Some(Variant::D5)).unwrap_err());
    let line = crate::Line::new(Point::new(1, 2), crate::Dir::V);
    for reason in [
        IllegalMove::BadPos { pos: 7, len: 5 },
        IllegalMove::DotExists(Point::new(1, 2)),
        IllegalMove::MissingDot(Point::new(1, 2)),
        IllegalMove::Overlap { with: line, rule: crate::Rule::Touching },
        IllegalMove::Overlap { with: line, rule: crate::Rule::Disjoint },
        // every direction has its words
        IllegalMove::Overlap {
            with: crate::Line::new(Point::new(1, 2), crate::Dir::DN),
            rule: crate::Rule::Touching,
        },
        IllegalMove::Overlap {
            with: crate::Line::new(Point::new(1, 2), crate::Dir::DP),
            rule: crate::Rule::Touching,
        },
    ] {
        add(&ReadError::new(
            Format::Link,
            None,
            ReadErrorKind::Link(LinkDamage::Unplayable { at: 3, reason }),
        ));
    }
    let kinds = [
        ReadErrorKind::ReferenceNotAlone,
        ReadErrorKind::OutOfRange { field: Field::X, value: "999".into() },
        ReadErrorKind::OutOfRange { field: Field::Y, value: "999".into() },
    ];
    for kind in kinds {
        add(&ReadError::new(Format::Pentasol, Some(At::Line(1)), kind));
    }
    for why in [CodeDamage::Length, CodeDamage::NoDot, CodeDamage::TooShort, CodeDamage::DotBeyondBox] {
        add(&BadStart::Code { at: 2, why });
    }
    for s in ["JJ*", "BAg", "BAo", "A", ""] {
        if let Err(e) = Start::from_code(s) {
            add(&e);
        }
    }
    add(&BadStart::TooLarge { width: 70, height: 3 });
    add(&BadStart::Twice { index: 2, text: "0,0".into() });
    add(&BadVariant("2X".into()));
    for f in Format::ALL {
        add(&Note::Overridden { format: f, file: Variant::D5, given: Variant::T5 });
        add(&Note::FromHeader { format: f, variant: Variant::D5 });
        add(&Note::Assumed5T { format: f });
        add(&Note::CountDiffers { format: f, declared: 178, moves: 100 });
    }
    add(&Note::ShownIgnored { moves: 178 });
    add(&Note::LinkPartsIgnored { parts: 2 });
    add(&Note::Skipped { format: Format::Msr, what: crate::Skipped::Tail { bytes: 3 } });
    add(&Note::Skipped { format: Format::Msr, what: crate::Skipped::Tail { bytes: 1 } });
    add(&Note::Skipped { format: Format::MsrJson, what: crate::Skipped::Count });
    add(&SearchError::EndlessVariant(Variant::new(3, crate::Rule::Touching).unwrap()));
    add(&SearchError::EndlessStart(Variant::T4));
    add(&SearchError::BadLevel(0));
    add(&SearchError::GameOver { moves: 178 });
    // exports the page offers for any game: a 4T game in Pentasol, another start in MS1
    let four = crate::Game::new(crate::Position::new(Variant::T4), crate::Meta::default());
    add(&formats::write(&four, Format::Pentasol, "").unwrap_err());
    add(&WriteError::CustomStart(Format::Msr));
    add(&WriteError::ReadOnly(Format::GilliozGrid));
    for b in ["square:1", "octagon:1,2", "octagon:1,1,1,x,1,1,1,1", "octagon:1,1,1,1,1,1,1,2", "circle:3"] {
        add(&Octagon::parse_board(b).unwrap_err());
    }
    add(&BadBoard::Side("x".into()));
    for e in [
        LpError::TooBig,
        LpError::TooSmall { points: 1, start: 36 },
        LpError::Outside(Point::new(1, 2)),
        LpError::Solver("max iterations".into()),
    ] {
        add(&PositionLpError::Lp(e));
    }
    add(&PositionLpError::Variant(Variant::D5));
    add(&PositionLpError::NoFinalHull);
    add(&PositionLpError::NotTheCross);
    all
}

#[test]
fn every_code_is_in_the_french_catalogue_with_its_values() {
    let samples = samples();
    assert!(samples.len() > 100, "{}", samples.len());
    for (english, explained) in &samples {
        let mut stack = vec![explained];
        while let Some(e) = stack.pop() {
            // "english" is for words only the command line gives; the page never meets them
            assert_ne!(e.code, "english", "{english}: {explained:?}");
            let line = french(e.code).unwrap_or_else(|| panic!("fr.js has no engine.{} ({english})", e.code));
            for name in placeholders(line) {
                assert!(e.args.contains_key(name.as_str()), "{} uses {{{name}}}: {english}", e.code);
            }
            stack.extend(e.args.values().filter_map(|a| match a {
                Arg::Why(inner) => Some(inner.as_ref()),
                _ => None,
            }));
        }
    }
}

/// The page's English words for the few codes it says otherwise than the command line
/// (its menus' names of the formats).
const ENGLISH: &str = include_str!("../../../www/js/lang/engine-en.js");

#[test]
fn the_english_catalogue_holds_known_codes_with_their_values_and_the_formats_labels() {
    let samples = samples();
    let mut args: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
    for (_, explained) in &samples {
        let mut stack = vec![explained];
        while let Some(e) = stack.pop() {
            args.entry(e.code).or_default().extend(e.args.keys().map(|k| -> &str { k }));
            stack.extend(e.args.values().filter_map(|a| match a {
                Arg::Why(inner) => Some(inner.as_ref()),
                _ => None,
            }));
        }
    }
    let entries: Vec<(&str, &str)> = ENGLISH
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix('"'))
        .filter_map(|rest| rest.split_once("\": "))
        .collect();
    assert!(entries.len() >= 11, "{entries:?}");
    for (code, line) in entries {
        let given = args.get(code).unwrap_or_else(|| panic!("engine-en.js: no error gives {code}"));
        for name in placeholders(line) {
            assert!(given.contains(&name.as_str()), "engine-en.js: {code} uses {{{name}}}");
        }
        if let Some(name) = code.strip_prefix("format.") {
            let f = crate::formats::Format::from_name(name).unwrap_or_else(|| panic!("{code}"));
            assert_eq!(line.trim_end().trim_end_matches(',').trim_matches('"'), f.label(), "{code}");
        }
    }
}

#[test]
fn the_samples_cover_every_reader_error_the_page_can_meet() {
    let codes: std::collections::BTreeSet<&str> = samples().iter().flat_map(|(_, e)| e.codes()).collect();
    // every engine code of the catalogue is given by some sample (no dead entry, no
    // sample missing)
    let missing: Vec<&str> = FRENCH
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix('"'))
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .filter(|code| *code != "english" && !codes.contains(code))
        .collect();
    assert!(missing.is_empty(), "no sample gives {missing:?}");
}

#[test]
fn an_explained_error_crosses_as_json_the_page_reads() {
    let e = LinkDamage::CutShort { at: 4, of: 9 }.explain();
    let json = serde_json::to_value(&e).unwrap();
    assert_eq!(json, serde_json::json!({ "code": "link.cut-short", "args": { "move": 4.0, "of": 9.0 } }));
    let nested = ReadErrorKind::Start(BadStart::Empty).explain();
    let json = serde_json::to_value(&nested).unwrap();
    assert_eq!(
        json,
        serde_json::json!({ "code": "read.start", "args": { "why": { "code": "start.empty", "args": {} } } })
    );
    assert_eq!(nested.codes(), ["read.start", "start.empty"]);
}

#[test]
fn a_damaged_link_and_a_bad_file_say_where_and_what() {
    let e = formats::load("https://example.org/#g=1.5T.zz.AAAA.x", None, None).unwrap_err();
    assert_eq!(e.explain(), Explained::new("link.move-count").text("text", "zz"));
    let e = formats::load("(28,28)\n(25,27) | +7\n", None, None).unwrap_err();
    let field = Explained::new("field.offset");
    let why = Explained::new("read.offset-range")
        .why("field", field)
        .text("value", "+7")
        .num("limit", crate::COORD_LIMIT as f64);
    let at = Explained::new("at.line").num("line", 2);
    let expected = Explained::new("read.in-at").why("format", super::formats::format(Format::Pentasol));
    assert_eq!(e.explain(), expected.why("at", at).why("why", why));
}
