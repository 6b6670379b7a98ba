//! Every record of the collection (a copy of shared/records in tests/data), in every format
//! it exists in, replays as a legal and finished game; the embedded library holds every
//! distinct one; symmetric images replay; the copy and the library are what their sources
//! say.

mod common;

use morpion::formats::{self, Format};
use morpion::{library, Symmetry, Variant};
use std::collections::HashSet;

#[test]
fn every_collection_file_replays_and_is_finished() {
    let dir = common::records_dir();
    let index = common::index();
    assert!(index.len() >= 27, "index lists {} files", index.len());
    for e in &index {
        let text = std::fs::read_to_string(dir.join(&e.file)).unwrap();
        let variant: Variant = e.variant.parse().unwrap();
        // the variant is given only where the format cannot say it (Pentasol)
        let given = formats::detect(&text).filter(|f| *f == Format::Pentasol).map(|_| variant);
        let loaded = formats::load(&text, None, given).unwrap_or_else(|err| panic!("{}: {err}", e.file));
        assert_eq!(loaded.game.variant(), variant, "{}", e.file);
        assert_eq!(loaded.game.score(), e.moves, "{}", e.file);
        assert!(loaded.game.is_finished(), "{} ends with no legal move", e.file);
        let expected = match e.file.rsplit('.').next().unwrap() {
            "psol" => Format::Pentasol,
            "msr" => Format::Msr,
            _ if e.file.ends_with(".msr.json") => Format::MsrJson,
            _ if e.file.ends_with(".gillioz-dto.json") => Format::GilliozDto,
            _ => Format::GilliozGrid,
        };
        assert_eq!(loaded.format, expected, "{} detected", e.file);
    }
}

#[test]
fn files_of_the_same_game_agree_with_the_library() {
    let dir = common::records_dir();
    let index = common::index();
    for e in &index {
        // which library entry is this file's game? The one whose CSV it was normalized to,
        // or (for extra copies) the one with the same move list.
        let text = std::fs::read_to_string(dir.join(&e.file)).unwrap();
        let variant: Variant = e.variant.parse().unwrap();
        let moves = formats::load(&text, None, Some(variant)).unwrap().game.moves().to_vec();
        let found = library::entries().iter().find(|l| l.game().moves() == moves.as_slice());
        let found = found.unwrap_or_else(|| panic!("{}: no library entry has this game", e.file));
        if let Some(n) = &e.normalized {
            assert!(n.contains(found.name), "{} is {} in the library", e.file, found.name);
        }
    }
    // and every library entry comes from the collection
    let names: HashSet<String> = index.iter().filter_map(|e| e.normalized.clone()).collect();
    assert_eq!(names.len(), library::entries().len());
}

#[test]
fn every_symmetric_image_of_every_record_replays() {
    for e in library::entries() {
        let g = e.game();
        for s in Symmetry::all() {
            let img = g.position().transformed(s).unwrap_or_else(|err| panic!("{} {s:?}: {err}", e.name));
            assert_eq!(img.score(), e.score);
            assert!(img.is_finished(), "{} {s:?}", e.name);
        }
    }
}

#[test]
fn the_ms1_fixture_is_rosins_178() {
    let dir = common::records_dir();
    let text = std::fs::read_to_string(dir.join("5t-178-rosin.sjourdois-fixture.msr")).unwrap();
    let g = formats::load(&text, None, None).unwrap().game;
    assert_eq!(g.moves(), library::find("5t-178-rosin").unwrap().game().moves());
}

#[test]
fn a_5t_game_read_as_5d_fails_at_a_conflicting_move() {
    let g = library::find("5t-178-rosin").unwrap().game();
    let text = formats::write(&g, Format::MsrJson, "").unwrap();
    let err = match formats::load(&text, None, Some(Variant::D5)) {
        Err(formats::LoadError::Replay { error, .. }) => error,
        other => panic!("expected a replay error, got {other:?}"),
    };
    // the moves before it are legal in 5D, and this one is refused for touching a line
    assert_eq!(err.position.moves(), &g.moves()[..err.index]);
    assert!(matches!(err.reason, morpion::IllegalMove::Overlap { .. }), "{}", err.reason);
    assert!(err.to_string().contains(&format!("move {}", err.index + 1)));
    // the same moves as 5T replay: the variant given wins over the file's 5T
    assert!(formats::load(&text, None, Some(Variant::T5)).is_ok());
}

/// The repository's copy of the collection is the collection: when `../shared/records`
/// sits beside the repository (as in CI), every file of it, the normalized move lists
/// included, is here byte for byte. A clone without it has nothing to compare with.
#[test]
fn collection_copy_matches_shared() {
    let Some(shared) = common::shared_records() else {
        eprintln!("../shared/records is not beside the repository: nothing to compare the copy with");
        return;
    };
    let here = common::records_dir();
    let mut compared = 0;
    for entry in std::fs::read_dir(&shared).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let copy = if name == "normalized" {
            for csv in std::fs::read_dir(&path).unwrap() {
                let csv = csv.unwrap().path();
                let ours = here.join("../../../records").join(csv.file_name().unwrap());
                assert_eq!(
                    std::fs::read(&csv).unwrap(),
                    std::fs::read(&ours).unwrap_or_default(),
                    "{}",
                    csv.display()
                );
                compared += 1;
            }
            continue;
        } else {
            here.join(&name)
        };
        assert_eq!(
            std::fs::read(&path).unwrap(),
            std::fs::read(&copy).unwrap_or_default(),
            "{name} differs from its copy"
        );
        compared += 1;
    }
    assert!(compared >= 50, "compared {compared} files");
}
