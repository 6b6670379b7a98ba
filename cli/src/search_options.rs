//! How `search`'s options are read where a value means more than itself (`-` for standard
//! output) and how they are named in messages, so that an error says which option to change.

use crate::Quit;
use morpion::formats::{self, link, Format, WriteError};
use morpion::nrpa::SearchError;
use morpion::{Game, Meta, Position};
use std::path::{Path, PathBuf};

/// `-o -` means standard output (as `--from -` means standard input), not a file named `-`.
pub(crate) fn standard_output_for_dash(path: &Path) -> Result<PathBuf, Quit> {
    if path != Path::new("-") {
        return Ok(path.to_path_buf());
    }
    if cfg!(unix) && Path::new("/dev/stdout").exists() {
        Ok(PathBuf::from("/dev/stdout"))
    } else {
        Err("--out -: standard output is closed, or this system has no /dev/stdout to write it through; give a file name"
            .to_string()
            .into())
    }
}

/// `--out` in a format that cannot hold this search's games (Pentasol for 4T, or from
/// another start) is refused before the search starts, not at its first save, with what to
/// give instead. `named`: the file, when its name chose the format (not `--out-format`).
pub(crate) fn can_save_in(format: Format, named: Option<&Path>, root: &Position) -> Result<(), Quit> {
    let Err(e) = formats::write(&Game::new(root.clone(), Meta::default()), format, link::DEFAULT_BASE) else {
        return Ok(());
    };
    let why = match e {
        WriteError::NotFivePointLines { variant, .. } => {
            format!("it has 5-point lines only, and this search is {variant}")
        }
        WriteError::CustomStart(_) => {
            "it always starts from the cross, and this search starts from other dots".to_string()
        }
        WriteError::ReadOnly(_) => "this program does not write it".to_string(),
    };
    let others = [Format::MsrJson, Format::Csv, Format::Msr, Format::Link].map(|f| f.name()).join(", ");
    Err(match named {
        Some(path) => format!(
            "--out {}: a name ending in .{} is saved as {}, which cannot hold this search's games: {why}; give another name, or --out-format with one of {others}",
            path.display(),
            path.extension().map_or(String::new(), |e| e.to_string_lossy().into_owned()),
            format.label()
        ),
        None => format!(
            "--out-format {format}: {} cannot hold this search's games: {why}; choose one of {others}",
            format.label()
        ),
    }
    .into())
}

/// [`with_flag`], as a command's end: an option's value no run could take is a usage
/// error (exit 2); a variant or a start the search cannot play, a plain one.
pub(crate) fn config_error(e: &SearchError) -> crate::Quit {
    match flag(e) {
        Some(_) => crate::Quit::Usage(with_flag(e)),
        None => crate::Quit::Error(with_flag(e)),
    }
}

/// A config's error, led by the option that set the value, so the user knows what to change.
pub(crate) fn with_flag(e: &SearchError) -> String {
    match flag(e) {
        Some(flag) => format!("{flag}: {e}"),
        None => e.to_string(),
    }
}

/// The option that set the value a config's error is about; none for what the game asks
/// (a variant or a start whose games never end, a game already over).
fn flag(e: &SearchError) -> Option<&'static str> {
    Some(match e {
        SearchError::EndlessVariant(_) | SearchError::EndlessStart(_) | SearchError::GameOver { .. } => {
            return None
        }
        SearchError::BadLevel(_) => "--level",
        SearchError::BadIterations => "--iterations",
        SearchError::BadTopIterations => "--top-iterations",
        SearchError::BadAlpha(_) => "--alpha",
        SearchError::BadStabilize(_) => "--stabilize",
        SearchError::BadClamp(_) => "--clamp",
        SearchError::BadPrior(_) => "--prior",
    })
}

/// How a game's argument (a file, `-`, or a link) is named in messages: `-` is standard
/// input, and a long argument that is not a file is "the link given" (or "the MS1 string
/// given") rather than a line of its characters; a file is named by its path, however
/// long.
pub(crate) fn shown_name(from: &str) -> String {
    if from == "-" {
        "standard input".to_string()
    } else if from.len() > 60 && !std::path::Path::new(from).exists() {
        let ms1 = from.trim_start().starts_with("MS1:");
        if ms1 { "the MS1 string given" } else { "the link given" }.to_string()
    } else {
        from.to_string()
    }
}
