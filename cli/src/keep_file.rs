//! Whether a command's output file may be replaced (`convert -o`, `bound lp --svg` and
//! `--png`): a file that holds something else, a longer game say, or notes, is the user's,
//! and only `--force` replaces it. A new or empty file, a device, and what the command
//! would write there anyway (the same text, a picture of the same kind) are replaced
//! without asking. `search --out` has its own, finer rule (best_file.rs: a longer game).

use crate::best_file::format_name;
use crate::n_move;
use crate::out_file;
use morpion::bounds::picture;
use morpion::formats::{self, VariantSource};
use std::io::Read;
use std::path::Path;

/// More than any game file (the readers refuse 4 MB): what is past this is not read to say
/// what the file holds.
const READ_AT_MOST: u64 = 4 << 20;

/// Refuses, with a message that says what the file holds, to replace `path` unless
/// `force`, it is new, empty or blank, not a regular file, or `ours` says its bytes are what this
/// command writes. Said before any long work, so nothing is computed for nothing.
pub fn may_replace(path: &Path, force: bool, ours: impl Fn(&[u8]) -> bool) -> Result<(), String> {
    // a folder, a read-only file, a missing folder: refused with or without --force, which
    // only overrides what the file holds
    let target = out_file::resolve(path).map_err(|e| e.to_string())?;
    if force {
        return Ok(());
    }
    let Some(file) = target.regular() else { return Ok(()) };
    let mut bytes = Vec::new();
    match std::fs::File::open(file) {
        Ok(f) => {
            if let Err(e) = f.take(READ_AT_MOST + 1).read_to_end(&mut bytes) {
                return Err(format!(
                    "{}: cannot read what it holds ({}); add --force to replace it",
                    path.display(),
                    crate::terminal::system(&e)
                ));
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => {
            return Err(format!(
                "{}: cannot read what it holds ({}); add --force to replace it",
                path.display(),
                crate::terminal::system(&e)
            ))
        }
    }
    // empty, or blank lines alone (an editor's emptied file)
    let blank = bytes.len() as u64 <= READ_AT_MOST && bytes.iter().all(u8::is_ascii_whitespace);
    if blank || ours(&bytes) {
        return Ok(());
    }
    Err(format!(
        "{} holds {}: choose another file, or add --force to replace it",
        path.display(),
        what(&bytes)
    ))
}

/// Whether a file's bytes are `text` but for its line ends (CRLF, or the last line's end,
/// which editors add or take away): the same file to a person, which writing `text` over
/// it loses nothing of.
pub fn same_text(held: &[u8], text: &str) -> bool {
    let Ok(held) = std::str::from_utf8(held) else { return false };
    fn lines(t: &str) -> std::str::Lines<'_> {
        t.trim_end_matches(['\r', '\n']).lines()
    }
    lines(held).eq(lines(text))
}

/// What a file's bytes are, for the message.
fn what(bytes: &[u8]) -> String {
    if bytes.len() as u64 > READ_AT_MOST {
        return "a file larger than any game".to_string();
    }
    if is_png(bytes) {
        return "a PNG picture".to_string();
    }
    if is_svg(bytes) {
        return "an SVG picture".to_string();
    }
    if bytes.starts_with(b"<svg") || bytes.starts_with(b"<?xml") {
        return "an SVG or XML file made elsewhere".to_string();
    }
    let Ok(text) = std::str::from_utf8(bytes) else { return "a file that is not text".to_string() };
    match formats::load(text, None, None) {
        Ok(l) if l.variant_source == VariantSource::Default => {
            format!("{} game ({})", n_move(l.game.score()), format_name(l.format))
        }
        Ok(l) => format!("{} {} game ({})", n_move(l.game.score()), l.game.variant(), format_name(l.format)),
        Err(_) => "text that is not a game".to_string(),
    }
}

/// An SVG picture as `bound lp --svg` writes it (a picture of another run may be
/// replaced; another SVG, a drawing made elsewhere, may not): its second line is the mark.
pub fn is_svg(bytes: &[u8]) -> bool {
    bytes.starts_with(b"<svg ")
        && bytes.split(|&b| b == b'\n').nth(1).is_some_and(|l| l == picture::SVG_MARK.as_bytes())
}

/// A PNG picture, as `bound lp --png` writes.
pub fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn the_same_text_but_for_line_ends() {
        assert!(same_text(b"a\nb", "a\nb\n"));
        assert!(same_text(b"a\r\nb\r\n\r\n", "a\nb\n"));
        assert!(same_text(b"http://x/#g=1", "http://x/#g=1\n"));
        assert!(!same_text(b"a\nb\nc", "a\nb\n"));
        assert!(!same_text(b"a \nb", "a\nb"));
        assert!(!same_text(b"\xff", "a"));
    }

    fn scratch(name: &str, text: &[u8]) -> PathBuf {
        let p = std::env::temp_dir().join(format!("morpion-keep-{}-{name}", std::process::id()));
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn only_what_the_command_writes_anyway_is_replaced_without_force() {
        let game = morpion::library::find("5d-82-rosin").unwrap().game();
        let json = formats::write(&game, formats::Format::MsrJson, "").unwrap();
        let held = scratch("game.json", json.as_bytes());
        let e = may_replace(&held, false, |b| b == b"other").unwrap_err();
        assert!(
            e.ends_with(
                "holds an 82-move 5D game (MSR JSON): choose another file, or add --force to replace it"
            ),
            "{e}"
        );
        may_replace(&held, true, |_| false).unwrap();
        may_replace(&held, false, |b| b == json.as_bytes()).unwrap();
        let notes = scratch("notes.txt", b"my notes\n");
        let e = may_replace(&notes, false, is_svg).unwrap_err();
        assert!(e.contains("holds text that is not a game"), "{e}");
        let binary = scratch("bin", b"\x00\xff\x00");
        assert!(may_replace(&binary, false, is_svg).unwrap_err().contains("a file that is not text"));
        let ours = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\">\n{}\n</svg>\n",
            picture::SVG_MARK
        );
        let picture = scratch("p.svg", ours.as_bytes());
        may_replace(&picture, false, is_svg).unwrap();
        assert!(may_replace(&picture, false, is_png).unwrap_err().contains("holds an SVG picture"));
        let drawing = scratch("d.svg", b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\">\n</svg>\n");
        assert!(may_replace(&drawing, false, is_svg)
            .unwrap_err()
            .contains("holds an SVG or XML file made elsewhere"));
        let empty = scratch("empty", b"");
        may_replace(&empty, false, |_| false).unwrap();
        let blank = scratch("blank", b"  \n\n");
        may_replace(&blank, false, |_| false).unwrap();
        let missing = std::env::temp_dir().join(format!("morpion-keep-{}-missing", std::process::id()));
        may_replace(&missing, false, |_| false).unwrap();
        may_replace(Path::new("/dev/null"), false, |_| false).unwrap();
        // --force overrides what a file holds, not where it is: said before the work too
        let folder = std::env::temp_dir();
        assert!(may_replace(&folder, true, |_| true).unwrap_err().contains("is a folder"));
        let kept = scratch("kept.svg", ours.as_bytes());
        let mut read_only = std::fs::metadata(&kept).unwrap().permissions();
        read_only.set_readonly(true);
        std::fs::set_permissions(&kept, read_only).unwrap();
        assert!(may_replace(&kept, true, |_| true).unwrap_err().contains("is read-only"));
        for p in [held, notes, binary, picture, drawing, empty, blank, kept] {
            std::fs::remove_file(p).ok();
        }
    }
}
