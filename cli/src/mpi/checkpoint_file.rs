//! Where a distributed search keeps its checkpoint: a JSON file replaced atomically every
//! few seconds (out_file.rs: a temporary file renamed over it), so a job killed at any
//! moment leaves the last whole checkpoint. The program never writes over a file it did not
//! make: a search refuses to start when the file exists, unless told to `--resume` from it.

use crate::out_file::{self, Target};
use morpion::nrpa::distributed::Checkpoint;
use std::path::{Path, PathBuf};

pub(crate) struct CheckpointFile {
    path: PathBuf,
    target: Target,
}

impl CheckpointFile {
    /// The file for a new search (it must not exist: it is created at once, so that two
    /// searches cannot share it) or to resume from (it must hold a checkpoint). `out`: the
    /// search's `--out`, which the checkpoint must not be.
    pub(crate) fn open(
        path: &Path,
        resume: bool,
        out: Option<&Path>,
    ) -> Result<(CheckpointFile, Option<Checkpoint>), String> {
        let target = out_file::resolve(path).map_err(|e| e.to_string())?;
        let Some(regular) = target.regular() else {
            return Err(format!("{}: a checkpoint must be a regular file", path.display()));
        };
        if let Some(out) = out {
            let same = out_file::resolve(out).ok().and_then(|t| t.regular().map(Path::to_path_buf));
            if same.as_deref() == Some(regular) {
                return Err(format!(
                    "--checkpoint {} is the --out file: the checkpoint needs a file of its own",
                    path.display()
                ));
            }
        }
        let file = CheckpointFile { path: path.to_path_buf(), target: target.clone() };
        if !resume {
            return match std::fs::OpenOptions::new().write(true).create_new(true).open(regular) {
                Ok(_) => Ok((file, None)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(format!(
                    "{} exists: add --resume to go on from that search, or choose another --checkpoint (it is not overwritten)",
                    path.display()
                )),
                Err(e) => Err(crate::terminal::on(path.display(), &e)),
            };
        }
        if !path.exists() {
            return Err(format!("{}: no checkpoint to resume from", path.display()));
        }
        let text = crate::game_input::read_file(path, "a file")?;
        if text.trim().is_empty() {
            return Err(format!(
                "{} is empty: a search stopped before its first checkpoint, so there is nothing to resume (remove it to start anew)",
                path.display()
            ));
        }
        let cp: Checkpoint = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not a checkpoint of morpion-mpi search ({e})", path.display()))?;
        Ok((file, Some(cp)))
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    pub(crate) fn save(&self, cp: &Checkpoint) -> Result<(), String> {
        let text = serde_json::to_string(cp).map_err(|e| e.to_string())?;
        self.target.write(&text, &self.path).map_err(|e| e.to_string())
    }

    /// The search is over: its checkpoint (which this program wrote) goes.
    pub(crate) fn remove(&self) -> Result<(), String> {
        match self.target.regular() {
            Some(file) => match std::fs::remove_file(file) {
                // a search that ended before its first checkpoint wrote none
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    Err(crate::terminal::on(self.path.display(), &e))
                }
                _ => Ok(()),
            },
            None => Ok(()),
        }
    }
}
