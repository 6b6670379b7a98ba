//! Where a command's game comes from: a file, standard input, or the argument itself (a
//! link or an MS1 string), read with a size limit and loaded with its notes said; and the
//! position a command that goes on from a game starts at (`--from`, `--take`, `--start`).

use crate::{plural, search_options, terminal, text_bytes, warn};
use morpion::formats::{self, Format};
use morpion::{Game, LoadError, Position, Start, Variant};
use std::io::Read;
use std::path::Path;

/// The text of FILE: a file, standard input, or the argument itself if it is a link.
fn input(file: &str) -> Result<String, String> {
    if file == "-" {
        return read_text(std::io::stdin().lock(), "standard input");
    }
    let path = Path::new(file);
    // not a file but a game itself (a link or an MS1 string): the core's detection decides
    if !path.exists() && matches!(formats::detect(file), Some(Format::Link | Format::Msr)) {
        return Ok(file.to_string());
    }
    read_file(path, "a game file")
}

/// The text of a file, refused early if it is larger than any game can be. `what` names
/// the file the command wants, for a folder given in its place.
pub(crate) fn read_file(path: &Path, what: &str) -> Result<String, String> {
    // said as the other commands say it ("Is a directory" is the system's, after a read)
    if path.is_dir() {
        return Err(format!("{} is a folder: give {what}", path.display()));
    }
    let f = std::fs::File::open(path).map_err(|e| terminal::on(path.display(), &e))?;
    read_text(f, &path.display().to_string())
}

/// Reads at most [`formats::MAX_INPUT_BYTES`] of text (one byte more says it is too much):
/// `/dev/zero` or `yes |` never fill the memory.
fn read_text(from: impl Read, name: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    from.take(formats::MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| terminal::on(name, &e))?;
    if bytes.len() > formats::MAX_INPUT_BYTES {
        let kind = formats::ReadErrorKind::TooLarge { bytes: bytes.len() };
        return Err(format!("{name}: {kind}"));
    }
    let (text, note) = text_bytes::decode(bytes, name)?;
    if let Some(note) = note {
        warn(&note);
    }
    Ok(text)
}

/// A file's game, and the move its link shows (`m=`), if it is a link that shows one.
fn load_shown(file: &str, variant: Option<Variant>) -> Result<(Game, Option<usize>), String> {
    load_noted(file, variant).map(|l| (l.game, l.view.shown))
}

/// FILE's game as its reader gives it, with the notes said on standard error.
pub(crate) fn load_noted(file: &str, variant: Option<Variant>) -> Result<formats::Loaded, String> {
    let text = input(file)?;
    let name = search_options::shown_name(file);
    match formats::load(&text, None, variant) {
        Ok(loaded) => {
            for note in &loaded.notes {
                warn(&format!("note: {note}"));
            }
            Ok(loaded)
        }
        Err(e) => {
            let kept = match &e {
                LoadError::Replay { error, .. } => match error.index {
                    0 => String::new(),
                    1 => "\n(the move before it is legal)".to_string(),
                    n => format!("\n(the {n} moves before it are legal)"),
                },
                LoadError::Read(_) => String::new(),
            };
            Err(format!("{name}: {e}{kept}"))
        }
    }
}

/// Where a command that continues a game starts: `--from FILE`'s game (its first `--take K`
/// moves), or `--start` (the cross unless given) of `--variant`. `command` names the
/// command in the error.
pub(crate) fn start_position(
    from: Option<&str>,
    take: Option<usize>,
    variant: Option<Variant>,
    start: Option<&str>,
    command: &str,
) -> Result<Position, String> {
    match from {
        Some(f) => taken(f, variant, take),
        None => {
            let variant = variant
                .ok_or_else(|| format!("{command} needs --variant (for example 5D) or --from FILE"))?;
            Ok(Position::on(variant, start_set(start, variant)?))
        }
    }
}

/// The position after `take` moves of `file`'s game: by default all of them, or the move
/// its link shows (`m=`), as the page would go on from it.
pub(crate) fn taken(file: &str, variant: Option<Variant>, take: Option<usize>) -> Result<Position, String> {
    let (game, shown) = load_shown(file, variant)?;
    let n = game.score();
    let k = match (take, shown) {
        (Some(k), _) if k > n => return Err(format!("--take {k}: {file} has only {n} move{}", plural(n))),
        (Some(k), _) => k,
        (None, Some(m)) if m < n => {
            warn(&format!("note: the link shows its game at move {m} of {n}: going on from there (--take {n} for the whole game)"));
            m
        }
        (None, _) => n,
    };
    Ok(game.position().prefix(k))
}

/// `--start`'s set (`cross`, a start code, or points `x,y x,y ...`); the cross without it.
pub(crate) fn start_set(text: Option<&str>, variant: Variant) -> Result<Start, String> {
    match text {
        None => Ok(Start::cross(variant)),
        Some(t) => Start::parse(t, variant).map_err(|e| format!("--start: {e}")),
    }
}
