//! `search --out FILE`: where a search keeps its best game. The file is only ever replaced
//! by a longer game of the same variant from the same start (up to symmetry), and nothing else in it is overwritten unless the
//! user says `--force`; the writing itself is out_file.rs's (atomic, through links,
//! devices in place).

use crate::game_input::read_file;
use crate::n_move;
use crate::out_file::{self, Target};
use morpion::formats::{self, link, Format};
use morpion::{Game, Meta, Position, Start, Variant};
use std::path::{Path, PathBuf};

/// What a file already holds, as far as a search saving there is concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Holds {
    /// Nothing (no file, or an empty one).
    Nothing,
    /// A legal game of the search's variant and start, this long.
    Game(usize),
    /// Something else: a game of another variant, or not a game (the reason).
    Other(String),
}

/// The format `--out FILE` is written in when `--out-format` does not say: the one its
/// name ends with (`.psol` Pentasol, `.csv` CSV, `.ms1` MS1), else MSR JSON, the one
/// morpion-solitaire.io opens.
pub fn format_for(path: &Path) -> Format {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "psol" | "pentasol" => Format::Pentasol,
        "csv" => Format::Csv,
        "ms1" => Format::Msr,
        _ => Format::MsrJson,
    }
}

/// How messages name a format ("saved: best.psol (Pentasol, 170 moves)").
pub(crate) fn format_name(f: Format) -> &'static str {
    match f {
        Format::MsrJson => "MSR JSON",
        Format::Msr => "MS1",
        Format::Csv => "CSV",
        Format::Link => "a link",
        other => other.label(),
    }
}

/// What `path` holds for a search of `variant` from `start`.
fn holds(path: &Path, variant: Variant, start: &Start) -> Holds {
    match std::fs::metadata(path) {
        Err(_) => return Holds::Nothing,
        Ok(m) if m.len() == 0 => return Holds::Nothing,
        Ok(_) => {}
    }
    let text = match read_file(path, "a file") {
        Ok(t) => t,
        // the reader's message starts with the file's name, which the caller gives already
        Err(e) => {
            let why = e.strip_prefix(&format!("{}: ", path.display())).unwrap_or(&e).to_string();
            return Holds::Other(if why.starts_with("not a text file") {
                "a file that is not text".to_string()
            } else {
                format!("a file this program cannot read ({why})")
            });
        }
    };
    // blank lines alone (an editor's emptied file) hold nothing to keep
    if text.trim().is_empty() {
        return Holds::Nothing;
    }
    match formats::load(&text, None, None) {
        // 5T is only a guess there (and every 5D game is also a 5T game): not a known variant
        Ok(l) if l.variant_source == formats::VariantSource::Default => Holds::Other(format!(
            "{} game whose variant the file does not say ({})",
            n_move(l.game.score()),
            l.format
        )),
        Ok(l)
            if l.game.variant() == variant && l.game.position().start().id(variant) == start.id(variant) =>
        {
            Holds::Game(l.game.score())
        }
        Ok(l) if l.game.variant() == variant => Holds::Other(format!(
            "{} {variant} game from another start ({})",
            n_move(l.game.score()),
            l.game.position().start().id(variant)
        )),
        Ok(l) => Holds::Other(format!("{} {} game, not {variant}", n_move(l.game.score()), l.game.variant())),
        Err(e) => Holds::Other(format!("something that is not a game this program reads ({e})")),
    }
}

/// What `--out` holds at the end of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This search's best game.
    Saved,
    /// A game as long as the search's best or longer, which it did not replace: the
    /// file is as it should be.
    Kept,
    /// Nothing yet: a device, a FIFO or a descriptor gets the game after the report.
    Later,
    /// Not the search's best, nor a better game (the file came to hold something else,
    /// was removed, or the search played nothing): the search ends with an error, its
    /// game printed as a link.
    NotSaved,
}

/// `--out FILE`: the best game in its format (MSR JSON unless the name or `--out-format`
/// says otherwise), saved as it improves, never over a longer game
/// of the same variant (unless `--force`), nor over anything else that is not such a game.
/// A regular file is replaced atomically (out_file.rs); a device or a FIFO is written once,
/// at the end.
pub struct Out {
    path: PathBuf,
    target: Target,
    format: Format,
    variant: Variant,
    start: Start,
    force: bool,
    describe: String,
    /// The length of the game the file holds, which only a longer one may replace.
    floor: Option<usize>,
    /// The length of the game this search last wrote.
    written: Option<usize>,
    /// The file came to hold something else during the search: it is left alone (why).
    blocked: Option<String>,
    /// What this search last wrote, to tell at the end whether the file still holds it.
    text: Option<String>,
    /// How the file is named in messages, if not by its path (`-o -`: standard output).
    name: Option<String>,
}

impl Out {
    pub fn open(
        path: &Path,
        format: Format,
        variant: Variant,
        start: &Start,
        force: bool,
        describe: &str,
    ) -> Result<Out, String> {
        let target = out_file::resolve(path).map_err(|e| e.to_string())?;
        let mut floor = None;
        if let (Some(file), false) = (target.regular(), force) {
            match holds(file, variant, start) {
                Holds::Nothing => {}
                Holds::Game(n) => floor = Some(n),
                Holds::Other(what) => {
                    return Err(format!(
                        "{} holds {what}: choose another file, or add --force to replace it",
                        path.display()
                    ))
                }
            }
        }
        Ok(Out {
            path: path.to_path_buf(),
            target,
            format,
            variant,
            start: start.clone(),
            force,
            describe: describe.to_string(),
            floor,
            written: None,
            blocked: None,
            text: None,
            name: None,
        })
    }

    /// Names the file `name` in messages (standard output for `-o -`, opened by its path).
    pub fn named(self, name: &str) -> Out {
        Out { name: Some(name.to_string()), ..self }
    }

    fn shown(&self) -> String {
        self.name.clone().unwrap_or_else(|| self.path.display().to_string())
    }

    /// What the user should know before the search starts.
    pub fn note(&self) -> Option<String> {
        match (&self.target, self.floor) {
            (Target::InPlace(_), _) => Some(format!(
                "{} is not a regular file: the best game is written there once, at the end",
                self.shown()
            )),
            (_, Some(n)) => Some(format!(
                "{} holds {} {} game: only a longer game replaces it (--force replaces it anyway)",
                self.shown(),
                n_move(n),
                self.variant
            )),
            _ => None,
        }
    }

    /// A new best game: saved if it beats what the file holds, read again just before: in
    /// case another search saved a longer game there meanwhile, or someone put something
    /// else there (then the file is left alone for the rest of the search).
    pub fn offer(&mut self, best: &Position) -> Result<(), String> {
        let Some(file) = self.target.regular() else { return Ok(()) };
        let score = best.score();
        if !self.force {
            match holds(file, self.variant, &self.start) {
                Holds::Game(n) if Some(n) != self.written => {
                    self.floor = Some(self.floor.map_or(n, |f| f.max(n)))
                }
                Holds::Other(what) => self.blocked = Some(what),
                _ => {}
            }
            if self.blocked.is_some() || self.floor.is_some_and(|f| score <= f) {
                return Ok(());
            }
        }
        self.write(best, &|| false)
    }

    /// `stop`: for a FIFO no program reads, when to give up waiting for one.
    fn write(&mut self, best: &Position, stop: &dyn Fn() -> bool) -> Result<(), String> {
        let meta = Meta {
            description: Some(format!("found by morpion search: {}", self.describe)),
            ..Meta::default()
        };
        let mut text = formats::write(&Game::new(best.clone(), meta), self.format, link::DEFAULT_BASE)
            .map_err(|e| e.to_string())?;
        if !text.ends_with('\n') {
            // a link or an MS1 string is one line; a text file ends with its newline
            text.push('\n');
        }
        self.target.write_unless(text.as_bytes(), &self.path, stop).map_err(|e| e.to_string())?;
        self.text = Some(text);
        self.written = Some(best.score());
        self.floor = self.written;
        Ok(())
    }

    /// At the end: what FILE holds now, and a line saying so. A device, a FIFO or a
    /// descriptor holds nothing yet ([`Outcome::Later`]): it gets the game after the report
    /// ([`Self::writes_after_report`]), and that write may still fail (/dev/full), so
    /// nothing may say "saved" before it.
    pub fn finish(&self, best: &Position) -> (Outcome, String) {
        let shown = self.shown();
        if self.writes_after_report() {
            let n = best.score();
            let format = format_name(self.format);
            return (
                Outcome::Later,
                format!("to be written: {shown} ({format}, {n} moves, after this report)"),
            );
        }
        match (self.written, &self.blocked) {
            (Some(n), _) if n == best.score() => self.still_there(n),
            (_, Some(what)) => (
                Outcome::NotSaved,
                format!("not saved: {shown} came to hold {what} during the search: it was left alone (--force replaces it)"),
            ),
            _ => match self.floor {
                Some(kept) => (
                    Outcome::Kept,
                    format!(
                        "kept: {shown} holds a game of {kept} moves, as long as this search's best ({}) or longer: not replaced (--force replaces it)",
                        best.score()
                    ),
                ),
                None => (Outcome::NotSaved, format!("not saved: the search played no game to save in {shown}")),
            },
        }
    }

    /// The line for a best game of `n` moves this search saved: read again, since the file
    /// may have changed after the last save, and a "saved:" line must be true when printed.
    fn still_there(&self, n: usize) -> (Outcome, String) {
        let shown = self.shown();
        let saved = (Outcome::Saved, format!("saved: {shown} ({}, {n} moves)", format_name(self.format)));
        let Some(file) = self.target.regular() else { return saved };
        if std::fs::read_to_string(file).ok().as_deref() == self.text.as_deref() {
            return saved;
        }
        let after = "put there after the search saved its best";
        match holds(file, self.variant, &self.start) {
            // as long or longer: the same game saved again elsewhere (an editor), or another
            // search's; the file is as it should be
            Holds::Game(m) if m >= n && !self.force => (
                Outcome::Kept,
                format!(
                    "kept: {shown} now holds a game of {m} moves, {} this search's best ({n}), saved there meanwhile",
                    if m > n { "longer than" } else { "as long as" }
                ),
            ),
            Holds::Nothing => (Outcome::NotSaved, format!("not saved: {shown} was removed or emptied after the search saved its best there")),
            Holds::Game(m) => (Outcome::NotSaved, format!("not saved: {shown} now holds another game of {m} moves, {after}")),
            Holds::Other(what) => (Outcome::NotSaved, format!("not saved: {shown} now holds {what}, {after}")),
        }
    }

    /// Whether the best game goes to FILE only after the report (a device, a FIFO or a
    /// descriptor), rather than having been saved as the search went.
    pub fn writes_after_report(&self) -> bool {
        matches!(self.target, Target::InPlace(_))
    }

    /// For a device, a FIFO or a descriptor: writes the best game, once, after everything
    /// else was printed (a regular file was saved as the search went). A FIFO that no
    /// program reads yet is waited for until `stop` (a stop signal, before or during the
    /// wait).
    pub fn write_in_place(&mut self, best: &Position, stop: &dyn Fn() -> bool) -> Result<(), String> {
        match self.target {
            Target::InPlace(_) => self.write(best, stop),
            Target::Regular(_) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch file name, and Rosin's 5D record cut to its first n moves.
    fn setup(name: &str) -> (PathBuf, impl Fn(usize) -> Position) {
        let file = std::env::temp_dir().join(format!("morpion-out-{name}-{}.json", std::process::id()));
        (file, first_moves_of("5d-82-rosin").1)
    }

    /// `file` as a 5D search from the cross saving in MSR JSON opens it (`name`: how the
    /// search is named in the file).
    fn open_5d(file: &Path, name: &str) -> Out {
        Out::open(file, Format::MsrJson, Variant::D5, &Start::cross(Variant::D5), false, name).unwrap()
    }

    /// What `file` holds for a 5D search from the cross.
    fn held_5d(file: &Path) -> Holds {
        holds(file, Variant::D5, &Start::cross(Variant::D5))
    }

    /// A record of the library, by its id: its length, and the record cut to its first n moves.
    fn first_moves_of(id: &str) -> (usize, impl Fn(usize) -> Position) {
        let game = morpion::library::find(id).unwrap().game();
        (game.score(), move |n: usize| Position::from_moves(game.variant(), &game.moves()[..n]).unwrap())
    }

    /// Two searches saving to one file: each reads the file again before it writes, so a
    /// longer game the other saved meanwhile is never replaced by a shorter one.
    #[test]
    fn a_longer_game_saved_meanwhile_is_kept() {
        let (file, first) = setup("race");
        let mut ours = open_5d(&file, "test");
        ours.offer(&first(40)).unwrap();
        assert_eq!(held_5d(&file), Holds::Game(40));
        // another search saves a longer game there
        let mut theirs = open_5d(&file, "other");
        assert_eq!(theirs.floor, Some(40));
        theirs.offer(&first(60)).unwrap();
        // ours improves, but not enough: the file keeps the 60-move game
        ours.offer(&first(50)).unwrap();
        assert_eq!(held_5d(&file), Holds::Game(60));
        let (saved, line) = ours.finish(&first(50));
        assert!(saved == Outcome::Kept && line.contains("holds a game of 60 moves, as long as"), "{line}");
        // and beats it later
        ours.offer(&first(70)).unwrap();
        assert_eq!(held_5d(&file), Holds::Game(70));
        assert_eq!(ours.finish(&first(70)).0, Outcome::Saved);
        std::fs::remove_file(file).ok();
    }

    /// The last line tells the truth about the file as it is at the end, not as it was at
    /// the last save.
    #[test]
    fn the_end_reads_the_file_again() {
        let (file, first) = setup("end");
        let mut ours = open_5d(&file, "test");
        ours.offer(&first(40)).unwrap();
        assert_eq!(
            ours.finish(&first(40)),
            (Outcome::Saved, format!("saved: {} (MSR JSON, 40 moves)", file.display()))
        );
        std::fs::write(&file, "garbage\n").unwrap();
        let (saved, line) = ours.finish(&first(40));
        assert!(
            saved == Outcome::NotSaved
                && line.starts_with(&format!("not saved: {} now holds something", file.display())),
            "{line}"
        );
        std::fs::remove_file(&file).unwrap();
        let (saved, line) = ours.finish(&first(40));
        assert!(saved == Outcome::NotSaved && line.contains("was removed or emptied"), "{line}");
        // another search saved a longer game there after ours
        ours.offer(&first(40)).unwrap();
        let mut theirs = open_5d(&file, "other");
        theirs.offer(&first(60)).unwrap();
        let (saved, line) = ours.finish(&first(40));
        assert!(
            saved == Outcome::Kept
                && line.contains("now holds a game of 60 moves, longer than this search's best (40)"),
            "{line}"
        );
        // named otherwise than by its path (`-o -`)
        let named = open_5d(&file, "x").named("standard output");
        assert!(named.note().is_some_and(|n| n.starts_with("standard output holds a 60-move 5D game")));
        std::fs::remove_file(&file).unwrap();
    }

    /// A file of blank lines (one an editor emptied) holds nothing to keep: it is written.
    #[test]
    fn a_blank_file_is_written() {
        let (file, first) = setup("blank");
        std::fs::write(&file, "  \n\n").unwrap();
        assert_eq!(held_5d(&file), Holds::Nothing);
        let mut ours = open_5d(&file, "test");
        ours.offer(&first(40)).unwrap();
        assert_eq!(held_5d(&file), Holds::Game(40));
        std::fs::remove_file(file).unwrap();
    }

    /// The file rewritten after the last save with a game as long as the search's best (the
    /// same game saved again by an editor, here with a line more) is as it should be: kept,
    /// which the search counts as a success.
    #[test]
    fn a_game_as_long_saved_there_meanwhile_is_kept() {
        let (file, first) = setup("as-long");
        let mut ours = open_5d(&file, "test");
        ours.offer(&first(40)).unwrap();
        let again = format!("{}\n", std::fs::read_to_string(&file).unwrap());
        std::fs::write(&file, again).unwrap();
        let (outcome, line) = ours.finish(&first(40));
        assert_eq!(outcome, Outcome::Kept, "{line}");
        assert!(line.contains("now holds a game of 40 moves, as long as this search's best (40)"), "{line}");
        std::fs::remove_file(file).unwrap();
    }

    /// A file that comes to hold something else during the search is left alone.
    #[test]
    fn a_file_replaced_by_something_else_meanwhile_is_left_alone() {
        let (file, first) = setup("other");
        let mut ours = open_5d(&file, "test");
        ours.offer(&first(40)).unwrap();
        std::fs::write(&file, "the user's notes\n").unwrap();
        ours.offer(&first(50)).unwrap();
        ours.offer(&first(60)).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "the user's notes\n");
        let (saved, line) = ours.finish(&first(60));
        assert!(
            saved == Outcome::NotSaved && line.starts_with("not saved: ") && line.contains("left alone"),
            "{line}"
        );
        std::fs::remove_file(file).ok();
    }

    /// Every format a search can save in is the one written, and reads back as the game
    /// saved, with its variant: so a later search's shorter game never replaces it, and a
    /// longer one does. Formats that cannot hold a variant's games are skipped (the search
    /// refuses them before it starts).
    #[test]
    fn every_format_reads_back_as_the_game_saved() {
        let (file, _) = setup("formats");
        for id in ["5t-178-rosin", "5d-82-rosin", "4t-62-hyyroporanen", "4d-35-hyyroporanen"] {
            let (n, first) = first_moves_of(id);
            let variant = first(0).variant();
            let cross = Start::cross(variant);
            let (short, mid, long) = (n / 3, 2 * n / 3, n);
            for format in Format::WRITABLE {
                if formats::write(&Game::new(first(0), Meta::default()), format, "").is_err() {
                    continue;
                }
                std::fs::remove_file(&file).ok();
                let mut ours = Out::open(&file, format, variant, &cross, false, "test").unwrap();
                ours.offer(&first(mid)).unwrap();
                let text = std::fs::read_to_string(&file).unwrap();
                let loaded = formats::load(&text, None, None).unwrap();
                assert_eq!((loaded.format, loaded.game.score()), (format, mid), "{variant} {format}");
                assert_eq!(holds(&file, variant, &cross), Holds::Game(mid), "{variant} {format}");
                let mut theirs = Out::open(&file, format, variant, &cross, false, "other").unwrap();
                assert_eq!(theirs.floor, Some(mid), "{variant} {format}");
                theirs.offer(&first(short)).unwrap();
                assert_eq!(holds(&file, variant, &cross), Holds::Game(mid), "{variant} {format}");
                theirs.offer(&first(long)).unwrap();
                assert_eq!(holds(&file, variant, &cross), Holds::Game(long), "{variant} {format}");
            }
        }
        std::fs::remove_file(&file).ok();
    }

    #[test]
    fn the_name_chooses_the_format() {
        for (name, format) in [
            ("best.json", Format::MsrJson),
            ("best.psol", Format::Pentasol),
            ("BEST.PSOL", Format::Pentasol),
            ("runs/best.csv", Format::Csv),
            ("best.ms1", Format::Msr),
            ("best.txt", Format::MsrJson),
            ("best", Format::MsrJson),
            (".psol", Format::MsrJson),
        ] {
            assert_eq!(format_for(Path::new(name)), format, "{name}");
        }
    }
}
