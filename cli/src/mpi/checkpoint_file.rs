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
    /// The file for a new search (it must not exist) or to resume from (it must).
    pub(crate) fn open(path: &Path, resume: bool) -> Result<(CheckpointFile, Option<Checkpoint>), String> {
        let target = out_file::resolve(path).map_err(|e| e.to_string())?;
        if target.regular().is_none() {
            return Err(format!("{}: a checkpoint must be a regular file", path.display()));
        }
        let file = CheckpointFile { path: path.to_path_buf(), target };
        let exists = path.exists();
        match (exists, resume) {
            (true, false) => Err(format!(
                "{} exists: add --resume to go on from that search, or choose another --checkpoint (it is not overwritten)",
                path.display()
            )),
            (false, true) => Err(format!("{}: no checkpoint to resume from", path.display())),
            (false, false) => Ok((file, None)),
            (true, true) => {
                let text = crate::read_file(path)?;
                let cp: Checkpoint = serde_json::from_str(&text)
                    .map_err(|e| format!("{}: not a checkpoint of morpion-mpi search ({e})", path.display()))?;
                Ok((file, Some(cp)))
            }
        }
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
                    Err(format!("{}: {e}", self.path.display()))
                }
                _ => Ok(()),
            },
            None => Ok(()),
        }
    }
}
