//! Writing a file the user named, without ever damaging what is there.
//!
//! - A regular file (or a new one) is replaced atomically: the text goes to a temporary
//!   file with a unique name in the same folder (created, never reused: two writers cannot
//!   share it), which is synced and renamed over the file, keeping its permissions. A
//!   failure leaves the file as it was and removes only the temporary file this program
//!   created.
//! - A file with other names (hard links) is written in place once the text is safe in
//!   the temporary file, so that every name holds the new text (a rename would leave the
//!   others on the old one). Should that write fail, the message says where the text is.
//! - A symbolic link is followed: the file it points to is replaced and the link stays a
//!   link (a dangling link gets its file created).
//! - What is not a regular file (a terminal, `/dev/null`, a FIFO, `/dev/stdout` and the
//!   other descriptors under /proc) is written in place, appended (never over what a
//!   file behind a descriptor already holds); a folder, a socket or a disk device is
//!   refused. A FIFO that no program reads yet (or whose reader has not taken what came
//!   before) is waited for, as a shell's `>` would, but without blocking, so that a writer
//!   that may be asked to stop gives up when it is ([`Target::write_unless`]): a blocking
//!   call would sit where no stop signal is looked at.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// How many symbolic links may lead to the file (as the kernel allows on Linux).
const MAX_LINKS: usize = 40;

/// Where a file's text goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A regular file, or none yet, at this path (links resolved): replaced atomically.
    Regular(PathBuf),
    /// Not a regular file: written in place, through the name given.
    InPlace(PathBuf),
}

/// Why a file could not be written (nothing of the user's was changed, but for a file with
/// other names whose writing in place failed after it began: [`SaveError::Linked`]).
#[derive(Debug)]
pub enum SaveError {
    /// The name is a folder.
    Folder(PathBuf),
    /// A socket or a disk device: no game is written over those.
    NotAFile {
        /// The name given.
        path: PathBuf,
        /// What it is.
        what: &'static str,
    },
    /// More than [`MAX_LINKS`] symbolic links in a row.
    TooManyLinks(PathBuf),
    /// A read-only file: someone meant it to stay as it is.
    ReadOnly(PathBuf),
    /// The name ends with a path separator: it names a folder, not a file.
    FolderName(PathBuf),
    /// The folder the new file would go in is not there (or is not a folder): said before
    /// a long search starts, not at its first save.
    NoFolder {
        /// The name given.
        path: PathBuf,
        /// The folder missing.
        folder: PathBuf,
    },
    /// A FIFO that no program reads (or that its reader stopped reading), and the writer
    /// was asked to stop rather than wait.
    NoReader(PathBuf),
    /// A file with other names could not be written in place: the text is in `kept`.
    Linked {
        /// The name given.
        path: PathBuf,
        /// The temporary file that holds the text.
        kept: PathBuf,
        /// The file was opened and cut: it may hold part of the text, or none.
        touched: bool,
        /// The system's error.
        error: io::Error,
    },
    /// The system refused: what was being done, on which file.
    Io {
        /// The name given.
        path: PathBuf,
        /// What was being done.
        doing: &'static str,
        /// The system's error.
        error: io::Error,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Folder(p) => write!(f, "{} is a folder: give a file name", p.display()),
            SaveError::NotAFile { path, what } => {
                write!(f, "{} is {what}: refusing to write a game there", path.display())
            }
            SaveError::TooManyLinks(p) => write!(f, "{}: too many symbolic links in a row", p.display()),
            SaveError::ReadOnly(p) => write!(f, "{} is read-only: refusing to replace it", p.display()),
            SaveError::FolderName(p) => {
                write!(f, "{} ends with a slash, so it names a folder: give a file name", p.display())
            }
            SaveError::NoFolder { path, folder } => {
                write!(f, "{}: there is no folder {} to write it in", path.display(), folder.display())
            }
            SaveError::NoReader(p) => {
                write!(
                    f,
                    "{} is a FIFO that no program reads (or reads no more), and a stop was asked for: the game was not written there in full",
                    p.display()
                )
            }
            SaveError::Linked { path, kept, touched, error } => write!(
                f,
                "{}: writing it in place (it has other names, hard links): {}; {}, and the new text is kept in {}",
                path.display(),
                crate::terminal::system(error),
                if *touched { "it may now hold part of it, or nothing" } else { "it is as it was" },
                kept.display()
            ),
            SaveError::Io { path, doing, error } => {
                write!(f, "{}: {doing}: {}", path.display(), crate::terminal::system(error))
            }
        }
    }
}

impl std::error::Error for SaveError {}

fn io_error(path: &Path, doing: &'static str) -> impl FnOnce(io::Error) -> SaveError {
    let path = path.to_path_buf();
    move |error| SaveError::Io { path, doing, error }
}

/// Decides how `path` is written, following symbolic links.
pub fn resolve(path: &Path) -> Result<Target, SaveError> {
    // `Path` drops a trailing separator ("notes.txt/" has the file name "notes.txt"), and
    // the system would refuse the name only at the first save
    if path.as_os_str().to_string_lossy().ends_with(std::path::is_separator) {
        return match fs::metadata(path) {
            Ok(m) if m.is_dir() => Err(SaveError::Folder(path.to_path_buf())),
            _ => Err(SaveError::FolderName(path.to_path_buf())),
        };
    }
    let mut at = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        let meta = match fs::symlink_metadata(&at) {
            Ok(m) => m,
            Err(e) if matches!(e.kind(), io::ErrorKind::NotFound) || is_under_a_file(&e, &at) => {
                // a new file: its folder must be there (a link's target's folder, if a link)
                return match at.parent() {
                    Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => {
                        Err(SaveError::NoFolder { path: path.to_path_buf(), folder: dir.to_path_buf() })
                    }
                    _ => Ok(Target::Regular(at)),
                };
            }
            Err(e) => return Err(io_error(path, "looking at it")(e)),
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let to = fs::read_link(&at).map_err(io_error(path, "reading the link"))?;
            // descriptors (/dev/stdout, /dev/fd/N, /proc/self/fd/N) are not files to replace
            let folder = at.parent().and_then(|d| fs::canonicalize(d).ok());
            if to.starts_with("/proc/") || folder.is_some_and(|d| d.starts_with("/proc/")) {
                return Ok(Target::InPlace(path.to_path_buf()));
            }
            at = match at.parent() {
                Some(dir) if to.is_relative() => dir.join(to),
                _ => to,
            };
            continue;
        }
        if kind.is_file() {
            if meta.permissions().readonly() {
                return Err(SaveError::ReadOnly(path.to_path_buf()));
            }
            return Ok(Target::Regular(at));
        }
        if kind.is_dir() {
            return Err(SaveError::Folder(path.to_path_buf()));
        }
        return match special(&kind) {
            Some(what) => Err(SaveError::NotAFile { path: path.to_path_buf(), what }),
            None => Ok(Target::InPlace(path.to_path_buf())),
        };
    }
    Err(SaveError::TooManyLinks(path.to_path_buf()))
}

/// The name's folder part is a file ("notes.txt/best.json"): its folder is missing.
fn is_under_a_file(e: &io::Error, at: &Path) -> bool {
    e.kind() == io::ErrorKind::NotADirectory && at.parent().is_some_and(|d| !d.as_os_str().is_empty())
}

/// What a file that is neither regular, a folder nor a link is, if it must not be written.
#[cfg(unix)]
fn special(kind: &fs::FileType) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_socket() {
        Some("a socket")
    } else if kind.is_block_device() {
        Some("a disk device")
    } else {
        None // a FIFO or a character device (a terminal, /dev/null)
    }
}

#[cfg(not(unix))]
fn special(_: &fs::FileType) -> Option<&'static str> {
    None
}

impl Target {
    /// The file that holds the text once written: a regular file's real path.
    pub fn regular(&self) -> Option<&Path> {
        match self {
            Target::Regular(p) => Some(p),
            Target::InPlace(_) => None,
        }
    }

    /// Writes `text`. `shown` is the name the user gave, for messages.
    pub fn write(&self, text: &str, shown: &Path) -> Result<(), SaveError> {
        self.write_bytes(text.as_bytes(), shown)
    }

    /// Writes `bytes` (an image, say) by the same rules as [`Target::write`].
    pub fn write_bytes(&self, text: &[u8], shown: &Path) -> Result<(), SaveError> {
        self.write_unless(text, shown, &|| false)
    }

    /// Writes `bytes` as [`Target::write_bytes`] does, except that a FIFO no program reads
    /// is waited for only until `stop` says so (at once if it already does): a search's
    /// end, where a stop signal only sets a flag.
    pub fn write_unless(&self, text: &[u8], shown: &Path, stop: &dyn Fn() -> bool) -> Result<(), SaveError> {
        match self {
            Target::InPlace(path) => write_in_place(path, text, shown, stop),
            Target::Regular(path) => replace(path, text, shown),
        }
    }
}

/// Writes `text` to what is not a regular file, appended: /dev/stdout may be a file the
/// shell opened (`>> log`), and its start must not be written over. A FIFO is opened and
/// written without blocking: the open fails while no program reads it, and a write while
/// its reader has not yet taken what came before; either is said (the first time) and tried
/// again every 50 ms until it goes through or `stop` says to give up. So a stop is never
/// stuck behind a blocking call, and one descriptor does it all (a reader never sees the
/// FIFO without a writer, an end of file, in between).
fn write_in_place(path: &Path, text: &[u8], shown: &Path, stop: &dyn Fn() -> bool) -> Result<(), SaveError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        if fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo()) {
            let mut waiting = Waiting { shown, stop, said: false };
            let mut f = loop {
                match OpenOptions::new().append(true).custom_flags(libc::O_NONBLOCK).open(path) {
                    Ok(f) => break f,
                    Err(e) if e.raw_os_error() == Some(libc::ENXIO) => waiting.wait("to read")?,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(io_error(shown, "opening it")(e)),
                }
            };
            let mut done = 0;
            while done < text.len() {
                match f.write(&text[done..]) {
                    Ok(n) => done += n,
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => waiting.wait("to read on")?,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(io_error(shown, "writing")(e)),
                }
            }
            return Ok(());
        }
    }
    #[cfg(not(unix))]
    let _ = stop;
    let mut f = OpenOptions::new().append(true).open(path).map_err(io_error(shown, "opening it"))?;
    f.write_all(text).and_then(|()| f.flush()).map_err(io_error(shown, "writing"))
}

/// A FIFO's writer waiting for its reader: says so once, gives up when told to.
#[cfg(unix)]
struct Waiting<'a> {
    shown: &'a Path,
    stop: &'a dyn Fn() -> bool,
    said: bool,
}

#[cfg(unix)]
impl Waiting<'_> {
    /// One wait of 50 ms for the reader `to` do something ("to read", "to read on"), or
    /// the error that gives up.
    fn wait(&mut self, to: &str) -> Result<(), SaveError> {
        if (self.stop)() {
            return Err(SaveError::NoReader(self.shown.to_path_buf()));
        }
        if !self.said {
            crate::warn(&format!(
                "waiting for a program {to} {} (a FIFO); Ctrl+C gives up",
                self.shown.display()
            ));
            self.said = true;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        Ok(())
    }
}

/// Replaces (or creates) the regular file `path` with `text`, atomically.
fn replace(path: &Path, text: &[u8], shown: &Path) -> Result<(), SaveError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let (tmp, mut file) =
        temporary(&dir, &name).map_err(io_error(shown, "creating a temporary file beside it"))?;
    let old = fs::metadata(path).ok();
    let written = (|| {
        file.write_all(text)?;
        if let Some(old) = &old {
            file.set_permissions(old.permissions())?;
            keep_owner(&file, old);
        }
        file.sync_all()?;
        drop(file);
        if old.as_ref().is_some_and(|m| m.is_file() && names_of(m) > 1) {
            return Ok(false);
        }
        fs::rename(&tmp, path).map(|()| true)
    })();
    match written {
        Err(e) => {
            let _ = fs::remove_file(&tmp); // ours: created above with create_new
            return Err(io_error(shown, "writing it")(e));
        }
        // the file's other names share it: written in place, the text safe in the
        // temporary file until then
        Ok(false) => return write_linked(path, &tmp, text, shown),
        Ok(true) => {}
    }
    // the rename itself is durable once the folder is synced (not possible everywhere)
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Writes `text` over the file `path`, which has other names, in place; `tmp` (ours)
/// holds the text already, and goes once the file does, or is named in the error.
fn write_linked(path: &Path, tmp: &Path, text: &[u8], shown: &Path) -> Result<(), SaveError> {
    let failed = |touched, error| SaveError::Linked {
        path: shown.to_path_buf(),
        kept: tmp.to_path_buf(),
        touched,
        error,
    };
    let mut f = OpenOptions::new().write(true).truncate(true).open(path).map_err(|e| failed(false, e))?;
    f.write_all(text).and_then(|()| f.sync_all()).map_err(|e| failed(true, e))?;
    let _ = fs::remove_file(tmp); // ours, and the file now holds its text
    Ok(())
}

/// How many names (hard links) the file has.
#[cfg(unix)]
fn names_of(m: &fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(m)
}

#[cfg(not(unix))]
fn names_of(_: &fs::Metadata) -> u64 {
    1
}

/// The replacement keeps the file's owner and group where this program may set them (as
/// root); otherwise it is the user's own, as any new file.
#[cfg(unix)]
fn keep_owner(file: &File, old: &fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_: &File, _: &fs::Metadata) {}

/// A new file `.NAME.PID-N.tmp` in `dir`, created exclusively (never an existing file).
fn temporary(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    let mut n = 0u32;
    loop {
        let tmp = dir.join(format!(".{name}.{pid}-{n}.tmp"));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
#[path = "out_file_tests.rs"]
mod tests;
