//! Where the game keeps its files, and how it writes them.
//!
//! The data directory is `GAMBIT_DATA_DIR` when set, else the platform's data directory for the
//! application `gambit` (the `directories` crate: `~/.local/share/gambit` on Linux). Files are written
//! atomically: a temporary file in the same directory, flushed and synced, then renamed over the old one,
//! so a crash never leaves half a file.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use bevy::prelude::Resource;

/// The directory holding `settings.json` and the saved games.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct DataDir(pub PathBuf);

impl DataDir {
    /// `GAMBIT_DATA_DIR`, else the platform data directory, else `./gambit-data`.
    #[must_use]
    pub fn from_env() -> DataDir {
        if let Some(dir) = std::env::var_os("GAMBIT_DATA_DIR") {
            return DataDir(PathBuf::from(dir));
        }
        let dir = directories::ProjectDirs::from("", "", "gambit")
            .map_or_else(|| PathBuf::from("gambit-data"), |p| p.data_dir().to_path_buf());
        DataDir(dir)
    }

    /// A file in the directory.
    #[must_use]
    pub fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

/// Writes `contents` to `path` atomically (temporary file, flush, sync, rename), creating the directory.
///
/// # Errors
/// The I/O error; the previous file, if any, is untouched then.
pub fn write_atomic(path: &Path, contents: &str) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(contents.as_bytes())?;
    tmp.flush()?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Moves an unreadable file aside (`name.bad-<n>`) so it is never overwritten silently; returns the new
/// path.
///
/// # Errors
/// The I/O error of the rename.
pub fn keep_aside(path: &Path) -> std::io::Result<PathBuf> {
    for n in 1.. {
        let aside = path.with_extension(format!("json.bad-{n}"));
        if !aside.exists() {
            std::fs::rename(path, &aside)?;
            return Ok(aside);
        }
    }
    unreachable!("some suffix is free")
}
