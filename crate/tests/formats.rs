//! Round trips (every writable format x every record) and bad input.

mod common;

use morpion::formats::{self, link, Format, LoadError};
use morpion::{library, Game, IllegalMove, Point, Position, Rng, Variant};

fn reload(g: &Game, f: Format) -> Game {
    let text = formats::write(g, f, link::DEFAULT_BASE).unwrap();
    assert_eq!(formats::detect(&text), Some(f), "{f} is detected from its own output");
    // Pentasol, Flammenkamp and CSV do not all carry the variant: give it
    let given = matches!(f, Format::Pentasol | Format::Flammenkamp).then(|| g.variant());
    let loaded = formats::load(&text, None, given).unwrap_or_else(|e| panic!("{f}: {e}\n{text}"));
    assert_eq!(loaded.format, f);
    loaded.game
}

#[test]
fn every_record_round_trips_through_every_format() {
    for e in library::entries() {
        let g = e.game();
        for f in Format::WRITABLE {
            if matches!(f, Format::Pentasol | Format::Flammenkamp) && g.variant().line_len() != 5 {
                let err = formats::write(&g, f, "").unwrap_err();
                assert!(err.0.contains("5-point lines"), "{err}");
                continue;
            }
            let back = reload(&g, f);
            assert_eq!(back.moves(), g.moves(), "{} via {f}", e.name);
            assert_eq!(back.variant(), g.variant(), "{} via {f}", e.name);
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
        }
    }
}

#[test]
fn the_record_link_is_short() {
    let g = library::find("5t-178-rosin").unwrap().game();
    let l = link::write(&g, link::DEFAULT_BASE, None);
    assert!(l.len() < 300, "{} characters: {l}", l.len());
    assert!(l.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.:/#=&".contains(&b)));
}

#[test]
fn the_first_lines_of_the_real_pentasol_record_read_as_expected() {
    let text = std::fs::read_to_string(common::records_dir().join("5d-82-rosin.anagorko.psol")).unwrap();
    let loaded = formats::load(&text, None, None).unwrap();
    assert_eq!(loaded.variant_source, formats::VariantSource::Default);
    assert!(loaded.notes[0].contains("assuming 5T"), "{:?}", loaded.notes);
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

#[test]
fn bad_input_says_what_and_where() {
    assert_eq!(read_err("", None), "the input is empty");
    assert_eq!(read_err("  \n\n", None), "the input is empty");
    assert!(read_err("hello world", None).contains("unknown format"));
    let e = read_err("(28,28)\n(27,27) / 0\n(31,35) |", Some(Variant::D5));
    assert!(e.contains("line 3") && e.contains("end of the line"), "{e}");
    let e = read_err("(28,28)\n(27,27) Z 0\n", None);
    assert!(e.contains("line 2") && e.contains("unknown direction glyph 'Z'"), "{e}");
    let e = read_err("(28,28)\n(27,2700) / 0\n", None);
    assert!(e.contains("line 2") && e.contains("out of range"), "{e}");
    let e = read_err(r#"{"variant":"5T","moves":[{"x":3,"y":-1,"dir":"UP","pos":0}]}"#, None);
    assert!(e.contains("move 1") && e.contains("unknown direction \"UP\""), "{e}");
    let e = read_err(r#"{"variant":"5T","moves":[{"x":3,"y":-1,"dir":"V","pos":0}"#, None);
    assert!(e.contains("msr-json") && e.contains("EOF"), "{e}");
    let e = read_err(r#"{"variant":"7Q","moves":[]}"#, None);
    assert!(e.contains("unknown variant '7Q'"), "{e}");
    let e = read_err("(28,28)\n(27,27) / 0\n", Some(Variant::T4));
    assert!(e.contains("for 5-point lines, not 4T"), "{e}");
    let e = read_err("(3,-1) 2|\n", Some(Variant::D4));
    assert!(e.contains("flammenkamp") && e.contains("for 5-point lines"), "{e}");
    let e = read_err("MS1:@@@", None);
    assert!(e.contains("damaged MS1"), "{e}");
    let e = read_err("MS1:AAAA", None);
    assert!(e.contains("damaged MS1"), "{e}");
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
    let l = link::write(&g, link::DEFAULT_BASE, None);
    let cut = &l[..l.len() - 30];
    assert!(read_err(cut, None).contains("damaged link"));
    let mut changed = l.clone().into_bytes();
    let i = l.find("178.").unwrap() + 20;
    changed[i] = if changed[i] == b'A' { b'B' } else { b'A' };
    let e = read_err(std::str::from_utf8(&changed).unwrap(), None);
    assert!(e.contains("damaged link"), "{e}");
}
