//! Round trips (every writable format x every record) and bad input.

mod common;

use morpion::formats::{
    self, link, At, Element, Field, Format, JsonDamage, JsonKind, LinkDamage, LoadError, Ms1Damage,
    ReadErrorKind, WriteError,
};
use morpion::{library, Frame, Game, IllegalMove, Point, Position, Rng, Variant};

/// Writes `g` in `f` and reads it back without saying the variant: what this program
/// writes, it reads back exactly (Pentasol and Flammenkamp by their header comment).
fn reload(g: &Game, f: Format) -> Game {
    let text = formats::write(g, f, link::DEFAULT_BASE).unwrap();
    assert_eq!(formats::detect(&text), Some(f), "{f} is detected from its own output");
    let loaded = formats::load(&text, None, None).unwrap_or_else(|e| panic!("{f}: {e}\n{text}"));
    assert_eq!(loaded.format, f);
    assert_eq!(loaded.variant_source, formats::VariantSource::File, "{f}");
    if matches!(f, Format::Pentasol | Format::Flammenkamp) {
        assert!(loaded.notes.iter().any(|n| n.to_string().contains("header comment")), "{:?}", loaded.notes);
    }
    loaded.game
}

#[test]
fn every_record_round_trips_through_every_format() {
    for e in library::entries() {
        let g = e.game();
        for f in Format::WRITABLE {
            if matches!(f, Format::Pentasol | Format::Flammenkamp) && g.variant().line_len() != 5 {
                let err = formats::write(&g, f, "").unwrap_err();
                assert_eq!(err, WriteError::NotFivePointLines { format: f, variant: g.variant() });
                assert!(err.to_string().contains("5-point lines"), "{err}");
                continue;
            }
            let back = reload(&g, f);
            assert_eq!(back.moves(), g.moves(), "{} via {f}", e.name);
            assert_eq!(back.variant(), g.variant(), "{} via {f}", e.name);
        }
    }
}

/// Which formats hold which games, asked of `can_write` (which `write` asks first, and
/// the page's note before Download): every writable format a 5-point game from the cross,
/// MSR, CSV and links every game, Pentasol and Flammenkamp no other, gillioz none; and
/// every game `can_write` lets through is written.
#[test]
fn can_write_refuses_exactly_the_games_a_format_cannot_hold() {
    let mut rng = Rng::new(7);
    let mut games: Vec<Game> = library::entries().iter().map(|e| e.game()).collect();
    // (line length 3 from the cross, and length 4 from another start, can grow forever)
    for v in Variant::ALL.into_iter().filter(|v| v.line_len() > 3) {
        let mut p = Position::new(v);
        p.random_playout(&mut rng);
        games.push(Game::new(p, Default::default()));
    }
    for v in [Variant::T5, Variant::D5] {
        let start =
            morpion::Start::parse("2,0 1,1 3,1 0,2 4,2 1,3 3,3 2,4 2,2 5,2 6,2 2,5 2,6 7,7", v).unwrap();
        let mut p = Position::on(v, start);
        p.random_playout(&mut rng);
        games.push(Game::new(p, Default::default()));
    }
    for g in &games {
        for f in Format::ALL {
            let written = formats::write(g, f, "").map(|_| ());
            assert_eq!(formats::can_write(g, f), written, "{} via {f}", g.variant());
            let holds = Format::WRITABLE.contains(&f)
                && ((g.custom_start().is_none() && g.variant().line_len() == 5)
                    || !matches!(f, Format::Pentasol | Format::Flammenkamp));
            assert_eq!(written.is_ok(), holds, "{} via {f}", g.variant());
        }
    }
}

#[test]
fn random_games_of_every_variant_round_trip() {
    let mut rng = Rng::new(99);
    for v in Variant::ALL {
        for _ in 0..5 {
            let mut p = Position::new(v);
            // 3T never ends: a bounded random game
            for _ in 0..300 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play(moves[rng.below(moves.len())]);
            }
            let g = Game::new(p, Default::default());
            for f in [Format::MsrJson, Format::Msr, Format::Link, Format::Csv] {
                let back = reload(&g, f);
                assert_eq!(back.moves(), g.moves(), "{v} via {f}");
            }
        }
    }
}

#[test]
fn the_empty_game_round_trips_when_the_format_is_known() {
    // found by cargo fuzz: a game of no moves written as Flammenkamp or CSV must read back
    for v in [Variant::T5, Variant::D4] {
        let g = Game::new(Position::new(v), Default::default());
        for f in Format::WRITABLE {
            let Ok(text) = formats::write(&g, f, link::DEFAULT_BASE) else { continue };
            let back = formats::load(&text, Some(f), Some(v)).unwrap_or_else(|e| panic!("{f}: {e}\n{text}"));
            assert_eq!(back.game.score(), 0, "{f}");
            // and without being told the format or the variant (Flammenkamp's is its header
            // alone; Pentasol's reference line makes it its own)
            let back =
                formats::load(&text, None, None).unwrap_or_else(|e| panic!("{f} undetected: {e}\n{text}"));
            assert_eq!((back.game.score(), back.game.variant()), (0, v), "{f}");
        }
    }
}

#[test]
fn a_link_or_a_json_key_in_a_comment_does_not_make_a_file_a_link_or_json() {
    let g = library::find("5d-82-rosin").unwrap().game();
    let link = formats::write(&g, Format::Link, link::DEFAULT_BASE).unwrap();
    for f in [Format::Pentasol, Format::Csv, Format::Flammenkamp] {
        let text = formats::write(&g, f, link::DEFAULT_BASE).unwrap();
        for comment in
            [format!("# see also {link}"), "# exported by a tool {\"moves\" field omitted}".to_string()]
        {
            let with = format!("{comment}\n{text}");
            assert_eq!(formats::detect(&with), Some(f), "{f}: {comment}");
            let back = formats::load(&with, None, Some(Variant::D5)).unwrap_or_else(|e| panic!("{f}: {e}"));
            assert_eq!(back.game.score(), 82);
        }
    }
    // a link itself, bare fragment and all, is still one; of two links, the first is read
    assert_eq!(formats::detect(&link), Some(Format::Link));
    let fragment = &link[link.find('#').unwrap()..];
    assert_eq!(formats::detect(fragment), Some(Format::Link));
    assert_eq!(formats::detect(&format!("{link}\n{link}\n")), Some(Format::Link));
    // a link under a line of prose, or under a comment, is one
    for text in [format!("Here is my game:\n{link}\n"), format!("# my best game\n{link}\n")] {
        assert_eq!(formats::detect(&text), Some(Format::Link), "{text}");
        assert_eq!(formats::load(&text, None, None).unwrap().game.score(), 82, "{text}");
    }
    // a header of moves with none after it is no game (a file cut short)
    assert_eq!(formats::detect("# Morpion Solitaire 5D, 82 moves\n"), None);
    assert_eq!(formats::detect("# Morpion Solitaire 5D, 0 moves\n"), Some(Format::Flammenkamp));
    // MS1, as the compact MSR string is called, names its format
    assert_eq!(Format::from_name(" MS1"), Some(Format::Msr));
}

#[test]
fn a_damaged_reference_line_over_pentasol_moves_is_said_in_pentasol_terms() {
    let g = library::find("5d-82-rosin").unwrap().game();
    let text = formats::write(&g, Format::Pentasol, link::DEFAULT_BASE).unwrap();
    let reference = text.lines().find(|l| l.starts_with('(')).unwrap().to_string();
    for damaged in [reference.trim_end_matches(')').to_string(), format!("{reference} x")] {
        let with = text.replacen(&reference, &damaged, 1);
        assert_eq!(formats::detect(&with), Some(Format::Pentasol), "{damaged}");
        let Err(formats::LoadError::Read(e)) = formats::load(&with, None, Some(Variant::D5)) else {
            panic!("{damaged}: read")
        };
        assert_eq!(e.format, Some(Format::Pentasol), "{e}");
        assert!(e.to_string().starts_with("Pentasol, line "), "{e}");
    }
    // Flammenkamp's moves, one a line, are still Flammenkamp's
    let flammenkamp = formats::write(&g, Format::Flammenkamp, link::DEFAULT_BASE).unwrap();
    assert_eq!(formats::detect(&flammenkamp), Some(Format::Flammenkamp));
}

#[test]
fn the_record_link_is_short() {
    let g = library::find("5t-178-rosin").unwrap().game();
    let l = link::write(&g, link::DEFAULT_BASE, link::LinkView::default());
    assert!(l.len() < 300, "{} characters: {l}", l.len());
    assert!(l.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.:/#=&".contains(&b)));
}

#[test]
fn the_first_lines_of_the_real_pentasol_record_read_as_expected() {
    let text = std::fs::read_to_string(common::records_dir().join("5d-82-rosin.anagorko.psol")).unwrap();
    let loaded = formats::load(&text, None, None).unwrap();
    assert_eq!(loaded.variant_source, formats::VariantSource::Default);
    assert!(loaded.notes[0].to_string().contains("assuming 5T"), "{:?}", loaded.notes);
    // (27,27) / 0 with reference (28,28): the new dot (2,2), centre of the diagonal line
    let m = loaded.game.moves()[0];
    assert_eq!((m.dot, m.pos), (Point::new(2, 2), 2));
}

fn read_err(text: &str, variant: Option<Variant>) -> String {
    match formats::load(text, None, variant) {
        Ok(l) => panic!("accepted bad input {text:?}: {} moves", l.game.score()),
        Err(e) => e.to_string(),
    }
}

/// The read error of `text`: its format, place and kind.
fn read_error(text: &str, variant: Option<Variant>) -> (Option<Format>, Option<At>, ReadErrorKind) {
    match formats::load(text, None, variant) {
        Err(LoadError::Read(e)) => (e.format, e.at, e.kind),
        Err(other) => panic!("{text:?}: not a read error: {other}"),
        Ok(l) => panic!("accepted bad input {text:?}: {} moves", l.game.score()),
    }
}

#[test]
fn bad_input_says_what_and_where() {
    use ReadErrorKind::*;
    let (psol, msr) = (Some(Format::Pentasol), Some(Format::MsrJson));
    assert_eq!(read_error("", None), (None, None, Empty));
    assert_eq!(read_error("  \n\n", None), (None, None, Empty));
    assert_eq!(read_err("", None), "the input is empty");
    assert_eq!(read_error("hello world", None), (None, None, UnknownFormat));
    let e = read_error("(28,28)\n(27,27) / 0\n(31,35) |", Some(Variant::D5));
    assert_eq!(
        e,
        (psol, Some(At::Line(3)), Expected { expected: morpion::formats::Expected::Number, found: None })
    );
    assert_eq!(read_error("(28,28)\n(27,27) Z 0\n", None), (psol, Some(At::Line(2)), UnknownGlyph('Z')));
    let e = read_error("(28,28)\n(27,2700) / 0\n", None);
    assert_eq!(e, (psol, Some(At::Line(2)), OutOfRange { field: Field::Row, value: "2700".into() }));
    let e = read_error(r#"{"variant":"5T","moves":[{"x":3,"y":-1,"dir":"UP","pos":0}]}"#, None);
    assert_eq!(e, (msr, Some(At::Move(1)), UnknownDirection("UP".into())));
    let e = read_error(r#"{"variant":"5T","moves":[{"x":3,"y":-1,"dir":"V","pos":0}"#, None);
    assert!(
        matches!(&e, (Some(Format::MsrJson), Some(At::Column { line: 1, .. }), Json(JsonDamage::CutShort))),
        "{e:?}"
    );
    // serde's words name none of the reader's own types
    let e = read_err(r#"{"variant":"5T","moves":[1]}"#, None);
    assert!(e.ends_with("move 1 (line 1, column 26): an object { } was expected here, not a number"), "{e}");
    // a move's fields listed in order are not a move: a list of four is damage, as a list
    // of any other length is, not the object serde's derive would read from it
    for list in [r#"[3,-1,"V",0]"#, r#"[3,-1,"V"]"#] {
        let e = read_err(&format!(r#"{{"variant":"5T","moves":[{list}]}}"#), None);
        assert!(
            e.ends_with("move 1 (line 1, column 26): an object { } was expected here, not a list [ ]"),
            "{e}"
        );
    }
    // the place is the bracket's, after spaces and on a line of its own too
    let e = read_err(
        "{\"variant\":\"5T\",\"moves\":[\n  {\"x\":3,\"y\":-1,\"dir\":\"V\",\"pos\":0},\n  [3]]}",
        None,
    );
    assert!(e.ends_with("move 2 (line 3, column 3): an object { } was expected here, not a list [ ]"), "{e}");
    // a place in a move names the move, and the field it is in; a missing field, the move
    let e =
        read_error(r#"{"moves":[{"x":3,"y":-1,"dir":"V","pos":0},{"x":"3","y":0,"dir":"H","pos":0}]}"#, None);
    let at = At::JsonMove { number: 2, field: Some("x"), place: Some((1, 51)) };
    let text = JsonDamage::WrongKind { found: JsonKind::Text, expected: Some(JsonKind::WholeNumber) };
    assert_eq!(e, (msr, Some(at), Json(text)));
    let e = read_err(
        "{\"moves\":[\n{\"x\":3,\"y\":-1,\"dir\":\"V\",\"pos\":0},\n{\"x\":3,\"y\":-1,\"dir\":\"V\"}]}",
        None,
    );
    assert!(e.ends_with("move 2 (line 3, column 24): the field \"pos\" is missing"), "{e}");
    let e =
        read_err(r#"{"Disjoint":false,"LineLength":4,"InitialDots":[[0,0]],"Moves":[[1,2,3,4,5]]}"#, None);
    assert!(e.contains("GridDTO JSON, move 1 (line 1, column 75): a list of 6 items"), "{e}");
    let e = read_err(r#"{"variant":"5T","moves":[], "author": {}}"#, None);
    assert!(e.ends_with("line 1, column 39: text in quotes was expected here, not an object { }"), "{e}");
    assert_eq!(read_error(r#"{"variant":"7Q","moves":[]}"#, None), (msr, None, UnknownVariant("7Q".into())));
    assert!(read_err(r#"{"variant":"7Q","moves":[]}"#, None).contains("unknown variant '7Q'"));
    let e = read_error("(28,28)\n(27,27) / 0\n", Some(Variant::T4));
    assert_eq!(e, (psol, None, NotFivePointLines(Variant::T4)));
    let e = read_error("(3,-1) 2|\n", Some(Variant::D4));
    assert_eq!(e, (Some(Format::Flammenkamp), None, NotFivePointLines(Variant::D4)));
    assert_eq!(
        read_error("MS1:@@@", None),
        (Some(Format::Msr), Some(At::Char(5)), Ms1(Ms1Damage::Character))
    );
    assert_eq!(read_error("MS1:AAAA", None), (Some(Format::Msr), None, Ms1(Ms1Damage::Compression)));
    // a wrapped MS1 string: the bad character's place in the text as pasted
    let e = read_error("MS1:AAAA\n  A@AA", None);
    assert_eq!(e, (Some(Format::Msr), Some(At::Char(13)), Ms1(Ms1Damage::Character)));
    assert!(read_err("MS1:AAAA", None).contains("damaged MS1"));
    // a length no base64url has is said as such, and a bad character that also makes the
    // length wrong is pointed at, not the last character
    assert_eq!(read_error("MS1:AAAAA", None), (Some(Format::Msr), None, Ms1(Ms1Damage::Length)));
    let e = read_error("MS1:AA!AA", None);
    assert_eq!(e, (Some(Format::Msr), Some(At::Char(7)), Ms1(Ms1Damage::Character)));
    // a JSON column counts characters, as an editor does, not bytes; a text cut after a
    // line's end is placed at the next line's first column, not column 0
    let e = read_err(r#"{"description":"ééééé","variant":5,"moves":[]}"#, None);
    assert!(e.contains("line 1, column 34:"), "{e}");
    let e = read_err("{\"variant\":\"5T\",\n", None);
    assert!(e.contains("line 2, column 1: the JSON ends too soon"), "{e}");
    // a character of several bytes that serde_json only peeked at (a word processor's
    // quote), after another one on the line
    let e = read_err("{\"author\":\"Zoé\",\"variant\":“5T”,\"moves\":[]}", None);
    assert!(e.contains("line 1, column 27: not JSON here"), "{e}");
    // a long value is quoted by its beginning, the error keeps it whole
    let digits = format!("1{}", "0".repeat(300));
    let e = read_err(&format!("x,y,dir,pos\n{digits},4,V,0\n"), None);
    assert!(e.contains("x 100000000000000000000000… is out of range"), "{e}");
    let e = read_error(&format!("x,y,dir,pos\n{digits},4,V,0\n"), None);
    assert_eq!(e.2, OutOfRange { field: Field::X, value: digits });
    let e = read_err(&format!("{{\"variant\":\"{}\",\"moves\":[]}}", "Q".repeat(33)), None);
    assert!(e.contains("'QQQQQQQQQQQQQQQQQQQQQQQQ…'"), "{e}");
    // 25 characters are shown whole (an ellipsis would save none)
    let e = read_err(&format!("{{\"variant\":\"{}\",\"moves\":[]}}", "Q".repeat(25)), None);
    assert!(e.contains(&format!("'{}'", "Q".repeat(25))), "{e}");
    let e = read_error("x,y,dir,pos\n3,-1,V\n", None);
    assert_eq!(e, (Some(Format::Csv), Some(At::Line(2)), Columns(3)));
    // glyph and delta, when given, say the same move; a seventh column is none of ours
    let csv = |row: &str| format!("x,y,dir,pos,glyph,delta\n{row}\n");
    assert_eq!(formats::load(&csv("3,-1,V,0,|,+2"), None, None).unwrap().game.score(), 1);
    assert_eq!(formats::load(&csv("3,-1,V,0,,"), None, None).unwrap().game.score(), 1, "empty cells");
    assert_eq!(formats::load(&csv("3,-1,V,0,|"), None, None).unwrap().game.score(), 1, "no delta");
    let disagrees = |field, found: &str, expected: &str| Disagrees {
        field,
        found: found.into(),
        expected: expected.into(),
    };
    let e = read_error(&csv("3,-1,V,0,-,+2"), None);
    assert_eq!(e, (Some(Format::Csv), Some(At::Line(2)), disagrees(Field::Glyph, "-", "|")));
    let e = read_error(&csv("3,-1,V,0,|,-2"), None);
    assert_eq!(e, (Some(Format::Csv), Some(At::Line(2)), disagrees(Field::Offset, "-2", "+2")));
    assert!(read_err(&csv("3,-1,V,0,-,+2"), None)
        .contains("direction glyph \"-\" does not match the move: its dir and pos make it |"));
    let e = read_error(&csv("3,-1,V,0,|,++2"), None);
    assert_eq!(e.2, NotANumber { field: Field::Offset, text: "++2".into() });
    // a line of 4 points has no centre: its delta says nothing to check
    let four = "# 4T 1 move\nx,y,dir,pos,glyph,delta\n2,-1,V,0,|,+1\n";
    assert_eq!(formats::load(four, None, None).unwrap().game.score(), 1);
    // a spreadsheet's empty row is no move; an empty cell among the four is said as its field's
    assert_eq!(formats::load(&csv("3,-1,V,0\n,,,,"), None, None).unwrap().game.score(), 1);
    let e = read_error(&csv("3,-1,,,"), None);
    assert_eq!(e.2, UnknownDirection(String::new()));
    let e = read_err(&csv("3,-1,V,0,|,+2,7"), None);
    assert!(
        e.contains("line 2: expected x,y,dir,pos (then glyph and delta, if any); found 7 columns"),
        "{e}"
    );
    let e = read_error("# 5T\n3,-1,V,zero\n", None);
    assert_eq!(
        e,
        (Some(Format::Csv), Some(At::Line(2)), NotANumber { field: Field::Pos, text: "zero".into() })
    );
}

/// A coordinate of -2^63 (and any other beyond the engine's limit) is refused where it is
/// read, quoted as written: never wrapped to another value (it was read as 0, so a damaged
/// file replayed as Rosin's 178).
#[test]
fn every_integer_is_range_checked_where_it_is_read() {
    use ReadErrorKind::OutOfRange;
    let min = i64::MIN.to_string();
    let x = |v: &str| OutOfRange { field: Field::X, value: v.to_string() };
    let rosin = library::find("5t-178-rosin").unwrap().game();
    // CSV: the first move's x replaced
    let csv =
        formats::write(&rosin, Format::Csv, "").unwrap().replacen("\n3,-1,", &format!("\n{min},-1,"), 1);
    assert_eq!(read_error(&csv, None), (Some(Format::Csv), Some(At::Line(3)), x(&min)));
    // MSR JSON
    let json = formats::write(&rosin, Format::MsrJson, "").unwrap().replacen(
        "\"x\": 3,",
        &format!("\"x\": {min},"),
        1,
    );
    assert_eq!(read_error(&json, None), (Some(Format::MsrJson), Some(At::Move(1)), x(&min)));
    for huge in ["481", "-481", "2147483648", "9223372036854775807"] {
        let json = format!(r#"{{"variant":"5T","moves":[{{"x":{huge},"y":0,"dir":"H","pos":0}}]}}"#);
        assert_eq!(read_error(&json, None).2, x(huge));
    }
    let csv = "# 5T\n99999999999999999999,0,H,0\n";
    assert_eq!(read_error(csv, None).2, x("99999999999999999999"));
    // quoted exactly as written
    assert_eq!(read_error("# 5T\n+0481,0,H,0\n", None).2, x("+0481"));
    let e = read_error("(28,28)\n(+0999,27) | 0\n", None).2;
    assert_eq!(e, OutOfRange { field: Field::Column, value: "+0999".into() });
    // gillioz GridDTO: a move's coordinate, and start dots whose shift would overflow
    let cross: Vec<String> = Variant::T5.start_dots().iter().map(|p| format!("[{},{}]", p.x, p.y)).collect();
    let dto = |moves: &str, dots: &str| {
        format!(r#"{{"Disjoint":false,"LineLength":4,"InitialDots":[{dots}],"Moves":[{moves}]}}"#)
    };
    let e = read_error(&dto(&format!("[{min},-1,3,3,3,-1]"), &cross.join(",")), None);
    assert_eq!(e, (Some(Format::GilliozDto), Some(At::Move(1)), x(&min)));
    let e = read_error(&dto("", &format!("[{min},0],[{},0]", i64::MAX)), None);
    assert!(matches!(e.2, ReadErrorKind::Start(morpion::BadStart::TooLarge { .. })), "{e:?}");
}

/// Inputs larger than any game are refused before they are read.
#[test]
fn an_input_larger_than_any_game_is_refused() {
    let big = "#".repeat(formats::MAX_INPUT_BYTES + 1);
    assert_eq!(read_error(&big, None), (None, None, ReadErrorKind::TooLarge { bytes: big.len() }));
    assert!(read_err(&big, None).contains("larger than 4 MB: no game is that long"));
    // exactly the limit is read (and here is nothing but a comment)
    let edge = format!("# 5T\n{}", " ".repeat(formats::MAX_INPUT_BYTES - 5));
    assert_eq!(formats::load(&edge, Some(Format::Csv), None).unwrap().game.score(), 0);
}

/// What this program writes as Pentasol or Flammenkamp it reads back as the same variant,
/// without being told: the header comment it writes says it (and a note says so).
#[test]
fn own_pentasol_and_flammenkamp_files_read_back_in_their_variant() {
    let g = library::find("5d-82-rosin").unwrap().game();
    for f in [Format::Pentasol, Format::Flammenkamp] {
        let text = formats::write(&g, f, "").unwrap();
        assert!(text.starts_with("# Morpion Solitaire 5D, 82 moves"), "{text}");
        let loaded = formats::load(&text, None, None).unwrap();
        assert_eq!(loaded.game.variant(), Variant::D5, "{f}");
        assert_eq!(loaded.game.moves(), g.moves());
        assert!(
            loaded.notes.iter().any(|n| n.to_string().contains("as its header comment says")),
            "{:?}",
            loaded.notes
        );
        // the user's variant still wins, with a note
        let loaded = formats::load(&text, None, Some(Variant::T5)).unwrap();
        assert_eq!(loaded.game.variant(), Variant::T5);
        assert!(loaded.notes[0].to_string().contains("says 5D; replaying it as 5T"), "{:?}", loaded.notes);
    }
}

/// An author or a date with line breaks (from a JSON file, say) stays in the header's
/// comment: the lines after a break would otherwise be read as moves.
#[test]
fn line_breaks_in_the_header_stay_in_its_comment() {
    let g = library::find("5d-82-rosin").unwrap().game();
    let meta = morpion::Meta {
        author: Some("Evil\n(28,28)\r\n(28,24) | +2\n# x".into()),
        date: Some("2011\n(1,1)".into()),
        ..morpion::Meta::default()
    };
    let g = Game::new(g.position().clone(), meta);
    for f in [Format::Pentasol, Format::Flammenkamp] {
        let text = formats::write(&g, f, "").unwrap();
        let header = text.lines().next().unwrap();
        assert_eq!(
            header, "# Morpion Solitaire 5D, 82 moves, Evil (28,28)  (28,24) | +2 # x (2011 (1,1))",
            "{f}"
        );
        assert_eq!(reload(&g, f).moves(), g.moves(), "{f}");
    }
}

/// An illegal move in a Pentasol file is reported at its line, as the file writes it, and
/// the points of the reason in the file's coordinates.
#[test]
fn an_illegal_pentasol_move_is_reported_in_the_files_terms() {
    // reference (30,40): the standard (x, y) is written (x + 27, y + 37)
    let text = "# a game\n(30,40)\n(29,39) / 0\n\n(60,60) - +2\n";
    let e = formats::load(text, None, Some(Variant::D5)).unwrap_err();
    let LoadError::Replay { format, error, written, place, frame } = &e else { panic!("{e}") };
    assert_eq!(*place, None, "a text with lines says the line and the move as written");
    assert_eq!(*format, Format::Pentasol);
    assert_eq!(error.index, 1);
    assert_eq!(*frame, Frame { dx: 27, dy: 37 });
    let written = written.as_ref().unwrap();
    assert_eq!((written.line, written.text.as_str()), (5, "(60,60) - +2"));
    // the dot of (60,60) - +2 is the standard (33,23); the line's first missing point is
    // its start, the standard (33,23), written (60,60)... the reason says the file's point
    let IllegalMove::MissingDot(p) = error.reason else { panic!("{e}") };
    let shown = frame.show(p);
    let message = e.to_string();
    assert!(
        message.starts_with("Pentasol, line 5: move 2, (60,60) - +2, is illegal in 5D: missing dot at "),
        "{message}"
    );
    assert!(message.contains(&shown) && !message.contains(&p.to_string()), "{message}");
}

#[test]
fn an_illegal_move_at_k_is_reported_with_the_game_before_it() {
    let g = library::find("5d-82-rosin").unwrap().game();
    for k in [0, 1, 40, 81] {
        let mut moves = g.moves().to_vec();
        // replace move k by a move whose line misses a dot
        moves[k] = morpion::Move::new(Point::new(30, 30), morpion::Dir::H, 0);
        let rec = morpion::Record::new(Some(Variant::D5), moves);
        let err = rec.replay(Variant::D5).unwrap_err();
        assert_eq!(err.index, k);
        assert_eq!(err.position.score(), k, "the game up to the bad move is kept");
        assert!(matches!(err.reason, IllegalMove::MissingDot(_)));
        assert!(err.to_string().starts_with(&format!("move {} ", k + 1)), "{err}");
    }
    // through the reader too: a CSV with a bad 3rd move
    let csv = "# 5T\n3,-1,V,0\n4,3,H,4\n40,40,H,0\n";
    match formats::load(csv, None, None) {
        Err(LoadError::Replay { error, .. }) => {
            assert_eq!(error.index, 2);
            assert_eq!(error.position.score(), 2);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_damaged_link_is_refused_and_says_so() {
    let g = library::find("5t-178-rosin").unwrap().game();
    let l = link::write(&g, link::DEFAULT_BASE, link::LinkView::default());
    let cut = &l[..l.len() - 30];
    let (format, _, kind) = read_error(cut, None);
    assert_eq!(format, Some(Format::Link));
    assert_eq!(kind, ReadErrorKind::Link(LinkDamage::Parts { found: 4, expected: 5 }));
    assert!(read_err(cut, None).contains("was the link cut short?"));
    let mut changed = l.clone().into_bytes();
    let i = l.find("178.").unwrap() + 20;
    changed[i] = if changed[i] == b'A' { b'B' } else { b'A' };
    let (_, _, kind) = read_error(std::str::from_utf8(&changed).unwrap(), None);
    assert!(matches!(kind, ReadErrorKind::Link(_)), "{kind:?}");
}

/// A game from another start: MSR (JSON and MS1), CSV and links carry the start and read
/// it back; Pentasol and Flammenkamp, which always start from the cross, refuse to write
/// it; a gillioz file's start dots are read as its start.
#[test]
fn a_game_from_another_start_keeps_its_start_where_the_format_can_say_it() {
    let mut rng = Rng::new(17);
    for v in [Variant::T5, Variant::D5, Variant::T4] {
        // a diamond of dots with a notch: no symmetry
        let start =
            morpion::Start::parse("2,0 1,1 3,1 0,2 4,2 1,3 3,3 2,4 2,2 5,2 6,2 2,5 2,6 7,7", v).unwrap();
        let mut p = Position::on(v, start.clone());
        p.random_playout(&mut rng);
        assert!(p.score() > 0, "{v}");
        let g = Game::new(p, Default::default());
        for f in [Format::MsrJson, Format::Msr, Format::Link, Format::Csv] {
            let back = reload(&g, f);
            assert_eq!(back.moves(), g.moves(), "{v} via {f}");
            assert_eq!(back.position().start(), &start, "{v} via {f}");
        }
        for f in [Format::Pentasol, Format::Flammenkamp] {
            let err = formats::write(&g, f, "").unwrap_err();
            assert_eq!(err, WriteError::CustomStart(f));
            assert!(err.to_string().contains("always starts from the cross"), "{err}");
        }
    }
    // an MSR file whose start is not at 0,0: the moves are in the same frame, shifted
    let start = morpion::Start::parse("0,0 1,0 2,0 3,0 1,1 1,2 1,3", Variant::T5).unwrap();
    let mut p = Position::on(Variant::T5, start.clone());
    p.random_playout(&mut rng);
    let g = Game::new(p, Default::default());
    let text = formats::write(&g, Format::MsrJson, "").unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    for d in json["start"].as_array_mut().unwrap() {
        d[0] = (d[0].as_i64().unwrap() + 7).into();
        d[1] = (d[1].as_i64().unwrap() - 3).into();
    }
    for m in json["moves"].as_array_mut().unwrap() {
        m["x"] = (m["x"].as_i64().unwrap() + 7).into();
        m["y"] = (m["y"].as_i64().unwrap() - 3).into();
    }
    let back = formats::load(&json.to_string(), None, None).unwrap().game;
    assert_eq!(back.moves(), g.moves());
    assert_eq!(back.position().start(), &start);
    // dots too far apart say how far
    let e = read_error(r#"{"variant":"5T","start":[[0,0],[9223372036854775807,0]],"moves":[]}"#, None);
    assert_eq!(e.2, ReadErrorKind::Start(morpion::BadStart::TooLarge { width: i64::MAX, height: 1 }));
    // gillioz GridDTO with its own start dots, shifted
    let dots = "[10,10],[11,10],[12,10],[13,10]";
    let dto = format!(
        r#"{{"Disjoint":false,"LineLength":4,"InitialDots":[{dots}],"Moves":[[10,10,14,10,14,10]]}}"#
    );
    let g = formats::load(&dto, None, None).unwrap().game;
    assert_eq!(g.score(), 1);
    assert_eq!(g.custom_start().map(|s| s.len()), Some(4));
    assert_eq!(g.moves()[0].dot, Point::new(4, 0));
    // a bad start in MSR JSON and CSV says so
    let e = read_error(r#"{"variant":"5T","start":[],"moves":[]}"#, None);
    assert_eq!(e.2, ReadErrorKind::Start(morpion::BadStart::Empty));
    let e = read_error("# 5T\n# start JJ*\nx,y,dir,pos\n3,-1,V,0\n", None);
    assert_eq!(e.1, Some(At::Line(2)));
    assert!(matches!(e.2, ReadErrorKind::Start(morpion::BadStart::Code { .. })));
}

#[test]
fn a_text_holding_fewer_moves_than_it_says_is_read_with_a_note() {
    let g = library::find("5t-178-rosin").unwrap().game();
    for f in [Format::MsrJson, Format::Csv, Format::Pentasol, Format::Flammenkamp] {
        let whole = formats::write(&g, f, "").unwrap();
        // (Pentasol and Flammenkamp's notation say where their variant came from: the header)
        let counted = |notes: Vec<formats::Note>| -> Vec<formats::Note> {
            notes.into_iter().filter(|n| matches!(n, formats::Note::CountDiffers { .. })).collect()
        };
        assert!(counted(formats::load(&whole, None, None).unwrap().notes).is_empty(), "{f}: the whole game");
        // the first 100 moves' lines (one per move after the header's lines, and Pentasol's
        // reference point)
        let lines_before = |f| match f {
            Format::Pentasol => whole.lines().position(|l| l.starts_with('(')).unwrap() + 1,
            Format::Flammenkamp => whole.lines().position(|l| l.starts_with('(')).unwrap(),
            _ => 2,
        };
        let cut: String = match f {
            Format::Csv | Format::Pentasol | Format::Flammenkamp => {
                whole.lines().take(lines_before(f) + 100).map(|l| format!("{l}\n")).collect()
            }
            _ => {
                let mut v: serde_json::Value = serde_json::from_str(&whole).unwrap();
                v["moves"].as_array_mut().unwrap().truncate(100);
                v.to_string()
            }
        };
        let loaded = formats::load(&cut, None, None).unwrap();
        assert_eq!(loaded.game.score(), 100);
        let note = formats::Note::CountDiffers { format: f, declared: 178, moves: 100 };
        assert_eq!(counted(loaded.notes), vec![note], "{f}");
        assert!(note.to_string().contains("says it holds 178 moves, but holds 100"), "{note}");
        // the format by the name people know it by, not the command line's
        let said = note.to_string();
        let text = match f {
            Format::Flammenkamp => "the text in Flammenkamp's notation says".to_string(),
            _ => format!("the {} text says", f.label()),
        };
        assert!(said.starts_with(&text), "{note}");
    }
    // this program's Pentasol header with a date and no author; a comment before it that
    // starts alike is not it
    let text =
        "# Morpion Solitaire notes\n# Morpion Solitaire 5D, 3 moves (2011-08)\n(28,28)\n(25,27) | +2\n";
    let loaded = formats::load(text, None, None).unwrap();
    assert_eq!(loaded.game.variant(), Variant::D5);
    let note = formats::Note::CountDiffers { format: Format::Pentasol, declared: 3, moves: 1 };
    assert!(loaded.notes.contains(&note), "{:?}", loaded.notes);
    // the first line of the shared records' CSV files says more after the count
    let text = "# 5T 178 moves - Christopher D. Rosin, 2011\nx,y,dir,pos\n3,-1,V,0\n";
    let note = formats::Note::CountDiffers { format: Format::Csv, declared: 178, moves: 1 };
    assert_eq!(formats::load(text, None, None).unwrap().notes, vec![note]);
    // a score MSR readers recompute, said oddly, is no reason to refuse the file, but the
    // user hears of it
    let odd = r#"{"variant":"5T","score":"many","moves":[{"x":3,"y":-1,"dir":"V","pos":0}]}"#;
    let note = formats::Note::Skipped { format: Format::MsrJson, what: morpion::Skipped::Count };
    assert_eq!(formats::load(odd, None, None).unwrap().notes, vec![note]);
    assert!(note.to_string().contains("(score) is not a number of moves: ignored"), "{note}");
}

#[test]
fn a_gillioz_file_s_damage_is_named_as_such() {
    use ReadErrorKind::*;
    let whole = std::fs::read_to_string(common::records_dir().join("5t-20-worst.gillioz.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&whole).unwrap();
    let damaged = |change: &dyn Fn(&mut serde_json::Value)| {
        let mut d = v.clone();
        change(&mut d);
        read_error(&d.to_string(), None)
    };
    let grid = Some(Format::GilliozGrid);
    // a file that lost its grid is still gillioz's, and says what it lost
    let e = damaged(&|d| {
        d.as_object_mut().unwrap().remove("Grid");
    });
    assert_eq!((e.0, e.2), (grid, Json(JsonDamage::MissingField("Grid".into()))));
    let e = damaged(&|d| d["Grid"][3]["Elements"][0]["Type"] = "circle".into());
    assert_eq!(e, (grid, Some(At::Move(3)), UnknownElement("circle".into())));
    let e = damaged(&|d| d["Grid"][3]["Elements"][0]["Coordinates"].as_array_mut().unwrap().push(0.into()));
    assert!(matches!(e.2, Json(_)), "{e:?}");
    let e = damaged(&|d| {
        let point = d["Grid"][3]["Elements"][0]["Coordinates"][0].clone();
        d["Grid"][3]["Elements"][0]["Coordinates"].as_array_mut().unwrap().push(point);
    });
    assert_eq!(e, (grid, Some(At::Move(3)), ElementPoints { element: Element::Line, found: 3 }));
    let e = damaged(&|d| d["Grid"][3]["Elements"].as_array_mut().unwrap().retain(|e| e["Type"] == "line"));
    assert_eq!(e, (grid, Some(At::Move(3)), MissingElement(Element::Dot)));
    // a second line or dot in a step (another move's, pasted in) is not left out unsaid
    for (i, element) in [(0, Element::Line), (1, Element::Dot)] {
        let e = damaged(&|d| {
            let next = d["Grid"][4]["Elements"][i].clone();
            d["Grid"][3]["Elements"].as_array_mut().unwrap().push(next);
        });
        assert_eq!(e, (grid, Some(At::Move(3)), ExtraElement(element)));
    }
    // the start's step is read alike
    let e = damaged(&|d| d["Grid"][0]["Elements"][0]["Type"] = "circle".into());
    assert_eq!(e, (grid, Some(At::Start), UnknownElement("circle".into())));
    let e = damaged(&|d| d["Grid"][0]["Elements"][0]["Coordinates"].as_array_mut().unwrap().clear());
    assert_eq!(e, (grid, Some(At::Start), ElementPoints { element: Element::Dot, found: 0 }));
    // a point written as a list is not read as one, and is placed in its move
    let e = damaged(&|d| d["Grid"][3]["Elements"][0]["Coordinates"][0] = serde_json::json!([4, 0]));
    let list = Json(JsonDamage::WrongKind { found: JsonKind::List, expected: Some(JsonKind::Object) });
    assert!(
        matches!(e, (_, Some(At::JsonMove { number: 3, field: Some("Coordinates"), .. }), ref k) if *k == list),
        "{e:?}"
    );
    // the whole file still reads
    v["Title"] = "an untouched copy".into();
    assert!(formats::load(&v.to_string(), None, None).is_ok());
    // an MSR file whose text quotes gillioz's names is still MSR, and so is one with a
    // field of gillioz's name beside its moves, or inside a field of its own
    let msr = r#"{"description":"from \"Grid\" and \"Moves\"","moves":[{"x":3,"y":-1,"dir":"V","pos":0}]}"#;
    assert_eq!(formats::detect(msr), Some(Format::MsrJson));
    let msr =
        r#"{"Moves":"see moves","meta":{"SegmentLength":4},"moves":[{"x":3,"y":-1,"dir":"V","pos":0}]}"#;
    assert_eq!(formats::load(msr, None, None).unwrap().format, Format::MsrJson);
    // and one whose moves are misspelt says what it lacks in MSR's terms
    let e = read_error(r#"{"variant":"5T","Moves":[{"x":3,"y":-1,"dir":"V","pos":0}]}"#, None);
    assert_eq!((e.0, e.2), (Some(Format::MsrJson), Json(JsonDamage::MissingField("moves".into()))));
    // a comma before the list's end is after the last move, not in a move after it
    let e = read_error(r#"{"moves":[{"x":3,"y":-1,"dir":"V","pos":0},]}"#, None);
    assert_eq!((e.1, e.2), (Some(At::Column { line: 1, column: 44 }), Json(JsonDamage::TrailingComma)));
}

#[test]
fn a_spreadsheet_s_csv_with_every_field_quoted_reads() {
    let text = "\"x\",\"y\",\"dir\",\"pos\"\n\"3\",\"-1\",\"V\",\"0\"\n\" 4 \",\"3\",\"H\",\"4\"\n";
    let loaded = formats::load(text, None, None).unwrap();
    assert_eq!((loaded.format, loaded.game.score()), (Format::Csv, 2));
    // a quote that does not close is no field of ours
    let e = read_error("x,y,dir,pos\n\"3,-1,V,0\n", None);
    assert_eq!(e.2, ReadErrorKind::NotANumber { field: Field::X, text: "\"3".into() });
}

#[test]
fn an_overlap_names_the_other_line_s_direction_in_words_in_every_format() {
    // Rosin's 5T record replayed as 5D breaks the disjoint rule
    let g = library::find("5t-178-rosin").unwrap().game();
    for f in [Format::Pentasol, Format::MsrJson, Format::Link] {
        let text = formats::write(&g, f, link::DEFAULT_BASE).unwrap();
        let e = formats::load(&text, None, Some(Variant::D5)).unwrap_err().to_string();
        let words = ["horizontal (-)", "vertical (|)", "diagonal (\\)", "diagonal (/)"];
        assert!(words.iter().any(|w| e.contains(&format!("touches the {w} line"))), "{f}: {e}");
    }
}

#[test]
fn an_illegal_move_in_json_is_placed_at_its_line_and_column() {
    // Rosin's 5T record replayed as 5D: move 6 breaks the disjoint rule
    let g = library::find("5t-178-rosin").unwrap().game();
    let json = formats::write(&g, Format::MsrJson, link::DEFAULT_BASE).unwrap();
    let e = formats::load(&json, None, Some(Variant::D5)).unwrap_err();
    let LoadError::Replay { error, place: Some((line, column)), .. } = &e else { panic!("{e}") };
    assert_eq!(error.index, 5);
    // the place is where the sixth object of "moves" opens
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let sixth = &value["moves"][5];
    let text_line = json.lines().nth(line - 1).unwrap();
    assert_eq!(text_line[column - 1..].trim_end(), "{", "{e}");
    let after: String = json.lines().skip(*line).take(4).collect();
    assert!(after.contains(&format!("\"x\": {}", sixth["x"])), "{after}");
    assert!(
        e.to_string()
            .starts_with(&format!("MSR JSON (morpion-solitaire.io), line {line}, column {column}: move 6 (")),
        "{e}"
    );
    // on one line (as a page or a script writes it), the column says which move
    let compact = value.to_string();
    let e = formats::load(&compact, None, Some(Variant::D5)).unwrap_err();
    let LoadError::Replay { place: Some((1, column)), .. } = &e else { panic!("{e}") };
    let at = compact.char_indices().nth(column - 1).unwrap().0;
    let back: serde_json::Value =
        serde_json::Deserializer::from_str(&compact[at..]).into_iter().next().unwrap().unwrap();
    assert_eq!(&back, sixth);
    // an MS1 string's JSON is seen by no one: no place
    let ms1 = formats::write(&g, Format::Msr, link::DEFAULT_BASE).unwrap();
    let e = formats::load(&ms1, None, Some(Variant::D5)).unwrap_err();
    assert!(matches!(e, LoadError::Replay { place: None, .. }), "{e}");
}

/// MSR JSON names a move by its own fields; the formats with no such fields (a gillioz
/// file, which gives a line by its ends; a link and an MS1 string, which show no
/// coordinates) by the new dot and its line's ends, in the text's own frame.
#[test]
fn an_illegal_move_is_named_in_the_texts_terms() {
    let g = library::find("5t-178-rosin").unwrap().game();
    let said = |text: &str| formats::load(text, None, Some(Variant::D5)).unwrap_err().to_string();
    let json = formats::write(&g, Format::MsrJson, "").unwrap();
    assert!(said(&json).contains(": move 6 ((5,3) H 1) is illegal in 5D"), "{}", said(&json));
    // the gillioz file has the sixth move as the line (8,3)-(4,3) and the dot (5,3)
    let gillioz = include_str!("data/records/5t-178-rosin.gillioz.json");
    let e = said(gillioz);
    assert!(
        e.starts_with("gillioz grid JSON, line 465, column 5: move 6 (the dot (5,3) on the line (4,3)-(8,3)) is illegal in 5D"),
        "{e}"
    );
    for f in [Format::Msr, Format::Link] {
        let text = formats::write(&g, f, link::DEFAULT_BASE).unwrap();
        let e = said(&text);
        assert!(e.contains(": move 6 (the dot (5,3) on the line (4,3)-(8,3)) is illegal in 5D"), "{e}");
    }
    // a 5T move whose dot is its line's fifth point, read as 4T: the line named reaches the
    // dot, not the 4T line's last point
    let mut p = Position::new(Variant::T5);
    let m = p.legal_moves().into_iter().find(|m| m.pos == 4).unwrap();
    p.play(m);
    let text = formats::write(&Game::new(p, Default::default()), Format::Link, link::DEFAULT_BASE).unwrap();
    let e = formats::load(&text, None, Some(Variant::T4)).unwrap_err().to_string();
    let start = m.dot.step(m.dir, -4);
    let words = format!(
        "move 1 (the dot ({},{}) on the line ({},{})-({},{}))",
        m.dot.x, m.dot.y, start.x, start.y, m.dot.x, m.dot.y
    );
    assert!(e.contains(&words), "{e}");
}

#[test]
fn a_link_part_this_program_does_not_know_is_noted_not_silently_dropped() {
    let g = library::find("5t-20-worst").unwrap().game();
    let link = formats::write(&g, Format::Link, link::DEFAULT_BASE).unwrap();
    let loaded = formats::load(&format!("{link}&P=2"), None, None).unwrap();
    assert_eq!(loaded.notes, vec![formats::Note::LinkPartsIgnored { parts: 1 }]);
    assert!(loaded.notes[0]
        .to_string()
        .contains("1 part this program does not know (it reads g=, m= and p=)"));
    assert!(formats::load(&link, None, None).unwrap().notes.is_empty());
}
