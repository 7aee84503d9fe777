//! Where the game keeps its files: the data directory as a Bevy resource over [`gambit_store::Store`],
//! the one file layer (data directory resolver, atomic writes keeping the previous version, files kept
//! aside, load with fallback). The formats stay with their owners: `settings.json` in
//! [`crate::settings`], `skill-chess.json` in [`crate::game::save`], `progress.json` and `run.json` in
//! `gambit_roguelite::save`.

use std::path::{Path, PathBuf};

use bevy::prelude::Resource;
use gambit_store::Store;

/// The directory holding `settings.json`, `progress.json`, `run.json`, `skill-chess.json` and exported
/// games, with the store that reads and writes them.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct DataDir(pub Store);

impl DataDir {
    /// The files in `dir`.
    #[must_use]
    pub fn at(dir: impl Into<PathBuf>) -> DataDir {
        DataDir(Store::new(dir))
    }

    /// The player's directory ([`gambit_store::data_dir`]: `GAMBIT_DATA_DIR` when set and not empty,
    /// else the platform data directory); `./gambit-data` when the platform has none.
    #[must_use]
    pub fn from_env() -> DataDir {
        DataDir::at(gambit_store::data_dir().unwrap_or_else(|_| PathBuf::from("gambit-data")))
    }

    /// The store.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.0
    }

    /// The directory.
    #[must_use]
    pub fn path(&self) -> &Path {
        self.0.dir()
    }

    /// A file in the directory.
    #[must_use]
    pub fn file(&self, name: &str) -> PathBuf {
        self.0.path(name)
    }
}
