#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use thiserror::Error;

/// The environment variable that overrides the data directory (an empty value counts as unset).
pub const DATA_DIR_ENV: &str = "GAMBIT_DATA_DIR";

/// The application name the platform data directory is derived from.
pub const APP_NAME: &str = "gambit";

/// A file operation that failed.
#[derive(Debug, Error)]
pub enum StoreError {
    /// No data directory: `GAMBIT_DATA_DIR` is unset or empty and the platform has none (no home
    /// directory).
    #[error("no data directory: set {DATA_DIR_ENV}")]
    NoDataDir,
    /// Reading, writing, renaming or removing failed; the files are as they were before the call.
    #[error("cannot access {}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The system's error.
        source: io::Error,
    },
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> StoreError + '_ {
    move |source| StoreError::Io { path: path.to_path_buf(), source }
}

/// The data directory for a value of `GAMBIT_DATA_DIR` (`None`: unset): the value when it is set and
/// not empty, else the platform data directory of [`APP_NAME`].
///
/// # Errors
/// [`StoreError::NoDataDir`] when the variable gives none and the platform has none.
pub fn data_dir_from(env_value: Option<OsString>) -> Result<PathBuf, StoreError> {
    if let Some(dir) = env_value.filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", APP_NAME)
        .map(|d| d.data_dir().to_path_buf())
        .ok_or(StoreError::NoDataDir)
}

/// The data directory: [`data_dir_from`] the process's `GAMBIT_DATA_DIR`.
///
/// # Errors
/// [`StoreError::NoDataDir`].
pub fn data_dir() -> Result<PathBuf, StoreError> {
    data_dir_from(std::env::var_os(DATA_DIR_ENV))
}

/// The name of the previous version of `name`: `NAME.prev`.
#[must_use]
pub fn previous_name(name: &str) -> String {
    format!("{name}.prev")
}

/// The name of the `n`th copy of `name` kept aside: `NAME.bad-n` (n from 1).
#[must_use]
pub fn aside_name(name: &str, n: u32) -> String {
    format!("{name}.bad-{n}")
}

/// Why a file did not load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The file exists but could not be read (the system's message).
    Unreadable(String),
    /// The file is not UTF-8 text.
    NotText,
    /// The owner's parser refused the text (its message).
    Invalid(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Unreadable(m) => write!(f, "could not be read ({m})"),
            Problem::NotText => f.write_str("is not text"),
            Problem::Invalid(m) => write!(f, "is not valid ({m})"),
        }
    }
}

/// A file that did not load, and where it went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProblem {
    /// The file.
    pub path: PathBuf,
    /// What was wrong.
    pub problem: Problem,
    /// Where the file was kept aside (`None`: left in place, as an unreadable file is, or the rename
    /// failed).
    pub kept_aside: Option<PathBuf>,
}

impl fmt::Display for LoadProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.path.display(), self.problem)?;
        if let Some(aside) = &self.kept_aside {
            write!(f, "; it was kept aside as {}", aside.display())?;
        }
        Ok(())
    }
}

/// The result of [`Store::load`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded<T> {
    /// The value: from the file, or from its previous version when [`Loaded::recovered`]; `None` when
    /// there is no file or neither version loads.
    pub value: Option<T>,
    /// Whether the value comes from the previous version (`NAME.prev`) because the file did not load.
    pub recovered: bool,
    /// What went wrong with the file, if anything (with `value: None`, also with its previous version).
    pub problem: Option<LoadProblem>,
}

impl<T> Loaded<T> {
    /// A sentence for the player about a problem, `None` when the file loaded as it was.
    #[must_use]
    pub fn message(&self) -> Option<String> {
        let problem = self.problem.as_ref()?;
        Some(if self.recovered {
            format!("{problem}; its previous version was loaded instead")
        } else {
            problem.to_string()
        })
    }
}

/// One version of a file as [`Store::inspect`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileState<T> {
    /// No such file.
    Missing,
    /// It loads.
    Valid(T),
    /// It does not.
    Invalid(Problem),
}

/// A file and its previous version, looked at without changing anything ([`Store::inspect`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inspection<T> {
    /// `NAME`.
    pub current: FileState<T>,
    /// `NAME.prev`.
    pub previous: FileState<T>,
    /// The copies kept aside (`NAME.bad-n`), by number.
    pub kept_aside: Vec<PathBuf>,
}

/// The files of one directory. Single writer: one process writes a directory at a time (the game, or
/// a test); readers see whole files only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// A store in `dir` (created on the first write).
    #[must_use]
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The player's store: [`data_dir`].
    ///
    /// # Errors
    /// [`StoreError::NoDataDir`].
    pub fn from_env() -> Result<Store, StoreError> {
        data_dir().map(Store::new)
    }

    /// The directory.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path of a file of the store (`name` may hold `/`-separated folders).
    #[must_use]
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Whether the file exists.
    #[must_use]
    pub fn exists(&self, name: &str) -> bool {
        self.path(name).exists()
    }

    /// Writes `text` to `name` atomically and keeps the version it replaces as `NAME.prev`: the text
    /// goes to a temporary file beside the target and is synced; the current file, if any, is copied
    /// to `NAME.prev` the same way; then the temporary file is renamed over the target and the
    /// directory synced. At every moment `name` holds a whole version, the old or the new one.
    ///
    /// # Errors
    /// [`StoreError::Io`]; `name` is unchanged then.
    pub fn save(&self, name: &str, text: &str) -> Result<(), StoreError> {
        self.write_atomic(name, text.as_bytes(), true)
    }

    /// Writes `text` to `name` atomically (as [`Store::save`]) without keeping a previous version:
    /// for exports such as `games/skill-chess-<time>.pgn`. Folders in `name` are created.
    ///
    /// # Errors
    /// [`StoreError::Io`]; `name` is unchanged then.
    pub fn write(&self, name: &str, text: &str) -> Result<(), StoreError> {
        self.write_atomic(name, text.as_bytes(), false)
    }

    fn write_atomic(&self, name: &str, bytes: &[u8], keep_previous: bool) -> Result<(), StoreError> {
        let target = self.path(name);
        let dir = target.parent().map_or_else(|| self.dir.clone(), Path::to_path_buf);
        fs::create_dir_all(&dir).map_err(io_error(&dir))?;
        let file_name = target.file_name().map_or_else(|| name.into(), |n| n.to_string_lossy().into_owned());
        let fresh = temp_file(&dir, &file_name, bytes).map_err(io_error(&target))?;
        if keep_previous {
            match fs::read(&target) {
                Ok(old) => {
                    let previous = self.path(&previous_name(name));
                    let copy = temp_file(&dir, &file_name, &old).map_err(io_error(&previous))?;
                    copy.persist(&previous).map_err(|e| io_error(&previous)(e.error))?;
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(io_error(&target)(e)),
            }
        }
        fresh.persist(&target).map_err(|e| io_error(&target)(e.error))?;
        sync_dir(&dir).map_err(io_error(&dir))
    }

    /// Loads `name` with `parse`, falling back to its previous version: a missing file is no value
    /// and no problem; a file that is not text or that `parse` refuses is kept aside (`NAME.bad-n`)
    /// and `NAME.prev` is tried instead ([`Loaded::recovered`]); a previous version that does not
    /// load either is kept aside too. A file that cannot be read at all (permissions) stays in place.
    /// Temporary files a killed write left behind are removed.
    pub fn load<T, E: fmt::Display>(&self, name: &str, parse: impl Fn(&str) -> Result<T, E>) -> Loaded<T> {
        self.remove_leftovers(name);
        let path = self.path(name);
        let problem = match read_text(&path) {
            Ok(None) => return Loaded { value: None, recovered: false, problem: None },
            Ok(Some(text)) => match parse(&text) {
                Ok(value) => return Loaded { value: Some(value), recovered: false, problem: None },
                Err(e) => Problem::Invalid(e.to_string()),
            },
            Err(problem) => problem,
        };
        let kept_aside = match problem {
            Problem::Unreadable(_) => None,
            _ => self.keep_aside(name).ok(),
        };
        let problem = Some(LoadProblem { path, problem, kept_aside });
        let previous = previous_name(name);
        let value = match read_text(&self.path(&previous)) {
            Ok(Some(text)) => match parse(&text) {
                Ok(value) => Some(value),
                Err(_) => {
                    let _ = self.keep_aside(&previous);
                    None
                }
            },
            Ok(None) => None,
            Err(Problem::Unreadable(_)) => None,
            Err(_) => {
                let _ = self.keep_aside(&previous);
                None
            }
        };
        Loaded { recovered: value.is_some(), value, problem }
    }

    /// Looks at `name`, its previous version and the copies kept aside with `parse`, changing
    /// nothing (for `gambit-cli saves`).
    #[must_use]
    pub fn inspect<T, E: fmt::Display>(
        &self,
        name: &str,
        parse: impl Fn(&str) -> Result<T, E>,
    ) -> Inspection<T> {
        let state = |path: &Path| match read_text(path) {
            Ok(None) => FileState::Missing,
            Ok(Some(text)) => match parse(&text) {
                Ok(v) => FileState::Valid(v),
                Err(e) => FileState::Invalid(Problem::Invalid(e.to_string())),
            },
            Err(p) => FileState::Invalid(p),
        };
        Inspection {
            current: state(&self.path(name)),
            previous: state(&self.path(&previous_name(name))),
            kept_aside: self.kept_aside(name),
        }
    }

    /// The copies of `name` kept aside, by number.
    #[must_use]
    pub fn kept_aside(&self, name: &str) -> Vec<PathBuf> {
        let mut found: Vec<(u32, PathBuf)> =
            (1..).map(|n| (n, self.path(&aside_name(name, n)))).take_while(|(_, p)| p.exists()).collect();
        found.sort();
        found.into_iter().map(|(_, p)| p).collect()
    }

    /// Renames `name` to the first free `NAME.bad-n` (n from 1) and returns the new path, so the file
    /// is never read or overwritten again silently.
    ///
    /// # Errors
    /// [`StoreError::Io`] when the rename fails.
    pub fn keep_aside(&self, name: &str) -> Result<PathBuf, StoreError> {
        let from = self.path(name);
        let mut n = 1;
        let to = loop {
            let candidate = self.path(&aside_name(name, n));
            if !candidate.exists() {
                break candidate;
            }
            n += 1;
        };
        fs::rename(&from, &to).map_err(io_error(&from))?;
        Ok(to)
    }

    /// Removes `name` and its previous version (the previous version first, so an interrupted removal
    /// never leaves only an old version behind). A missing file is fine.
    ///
    /// # Errors
    /// [`StoreError::Io`].
    pub fn remove(&self, name: &str) -> Result<(), StoreError> {
        for path in [self.path(&previous_name(name)), self.path(name)] {
            match fs::remove_file(&path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(io_error(&path)(e)),
                _ => {}
            }
        }
        sync_dir(&self.dir)
            .or_else(|e| if e.kind() == io::ErrorKind::NotFound { Ok(()) } else { Err(e) })
            .map_err(io_error(&self.dir))
    }

    /// Removes the temporary files of `name` that a killed write left behind.
    fn remove_leftovers(&self, name: &str) {
        let target = self.path(name);
        let (Some(dir), Some(file_name)) = (target.parent(), target.file_name()) else { return };
        let prefix = format!(".{}.", file_name.to_string_lossy());
        let Ok(entries) = fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let n = entry.file_name();
            let n = n.to_string_lossy();
            if n.starts_with(&prefix) && n.ends_with(".tmp") {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

/// A synced temporary file `.NAME.<random>.tmp` in `dir` holding `bytes`.
fn temp_file(dir: &Path, file_name: &str, bytes: &[u8]) -> io::Result<tempfile::NamedTempFile> {
    let mut file =
        tempfile::Builder::new().prefix(&format!(".{file_name}.")).suffix(".tmp").tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.flush()?;
    file.as_file().sync_all()?;
    Ok(file)
}

/// Reads a file as text: `Ok(None)` when it does not exist.
fn read_text(path: &Path) -> Result<Option<String>, Problem> {
    match fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map(Some).map_err(|_| Problem::NotText),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Problem::Unreadable(e.to_string())),
    }
}

/// Syncs a directory, so the renames in it survive a power loss (Unix; elsewhere a rename is as
/// durable as the file system makes it).
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_variable_counts_as_unset() {
        let platform = data_dir_from(None);
        assert_eq!(data_dir_from(Some(OsString::new())).ok(), platform.ok());
        assert_eq!(data_dir_from(Some("/x/y".into())).unwrap(), PathBuf::from("/x/y"));
    }
}
