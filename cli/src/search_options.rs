//! How `search`'s options are read where a value means more than itself (`-` for standard
//! output) and how they are named in messages, so that an error says which option to change.

use crate::Quit;
use morpion::formats::{self, link, Format};
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
/// another start) is refused before the search starts, not at its first save.
pub(crate) fn can_save_in(format: Format, root: &Position) -> Result<(), Quit> {
    match formats::write(&Game::new(root.clone(), Meta::default()), format, link::DEFAULT_BASE) {
        Ok(_) => Ok(()),
        Err(e) => Err(format!("--out: cannot save this search's games as {format}: {e}").into()),
    }
}

/// A config's error, led by the option that set the value, so the user knows what to change.
pub(crate) fn with_flag(e: &SearchError) -> String {
    let flag = match e {
        SearchError::EndlessVariant(_) => return e.to_string(),
        SearchError::BadLevel(_) => "--level",
        SearchError::BadIterations => "--iterations",
        SearchError::BadAlpha(_) => "--alpha",
        SearchError::BadStabilize(_) => "--stabilize",
        SearchError::BadClamp(_) => "--clamp",
        SearchError::BadPrior(_) => "--prior",
    };
    format!("{flag}: {e}")
}

/// How `--from`'s argument is named in messages: `-` is standard input, and a long
/// argument (a link) is "the link" rather than a line of its characters.
pub(crate) fn shown_name(from: &str) -> String {
    if from == "-" {
        "standard input".to_string()
    } else if from.len() > 60 {
        "the link given".to_string()
    } else {
        from.to_string()
    }
}
