//! The file layer's promises: atomic saves with the previous version kept, one naming scheme for
//! files kept aside, load with fallback, removal, exports, read-only inspection.

use std::fs;

use gambit_store::{FileState, Problem, Store, StoreError, aside_name, previous_name};

fn number(text: &str) -> Result<u32, std::num::ParseIntError> {
    text.trim().parse()
}

#[test]
fn save_keeps_the_previous_version_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path().join("new"));
    assert_eq!(store.load("n.json", number).value, None);
    store.save("n.json", "1").unwrap();
    assert!(!store.exists(&previous_name("n.json")), "nothing to keep on the first save");
    store.save("n.json", "2").unwrap();
    store.save("n.json", "3").unwrap();
    assert_eq!(fs::read_to_string(store.path("n.json")).unwrap(), "3");
    assert_eq!(fs::read_to_string(store.path("n.json.prev")).unwrap(), "2");
    let names: Vec<String> =
        fs::read_dir(store.dir()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    let loaded = store.load("n.json", number);
    assert_eq!((loaded.value, loaded.recovered, loaded.problem), (Some(3), false, None));
}

#[test]
fn a_bad_file_is_kept_aside_and_its_previous_version_loads() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    store.save("n.json", "1").unwrap();
    store.save("n.json", "2").unwrap();
    fs::write(store.path("n.json"), "two").unwrap();
    let loaded = store.load("n.json", number);
    assert_eq!(loaded.value, Some(1));
    assert!(loaded.recovered);
    let problem = loaded.problem.clone().unwrap();
    assert!(matches!(problem.problem, Problem::Invalid(_)));
    assert_eq!(problem.kept_aside, Some(store.path("n.json.bad-1")));
    assert_eq!(fs::read_to_string(store.path("n.json.bad-1")).unwrap(), "two", "kept as it was");
    assert!(!store.exists("n.json"));
    assert!(loaded.message().unwrap().contains("previous version"));
    // The next save starts afresh and keeps the good previous version; the kept copy is never touched.
    store.save("n.json", "3").unwrap();
    assert_eq!(store.load("n.json", number).value, Some(3));
    assert_eq!(fs::read_to_string(store.path("n.json.prev")).unwrap(), "1");
    // Not text, twice: the copies are numbered.
    fs::write(store.path("n.json"), [0xff, 0xfe]).unwrap();
    let loaded = store.load("n.json", number);
    assert_eq!(loaded.problem.as_ref().unwrap().problem, Problem::NotText);
    assert_eq!(loaded.problem.unwrap().kept_aside, Some(store.path(&aside_name("n.json", 2))));
    assert_eq!(store.kept_aside("n.json").len(), 2);
}

#[test]
fn when_neither_version_loads_both_are_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    fs::write(store.path("n.json"), "x").unwrap();
    fs::write(store.path("n.json.prev"), "y").unwrap();
    let loaded = store.load("n.json", number);
    assert_eq!((loaded.value, loaded.recovered), (None, false));
    assert!(loaded.problem.is_some());
    assert!(!store.exists("n.json") && !store.exists("n.json.prev"));
    assert!(store.exists("n.json.bad-1") && store.exists("n.json.prev.bad-1"));
}

#[test]
fn a_removed_file_does_not_come_back_from_its_previous_version() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    store.save("run.json", "1").unwrap();
    store.save("run.json", "2").unwrap();
    store.remove("run.json").unwrap();
    store.remove("run.json").unwrap();
    assert!(!store.exists("run.json") && !store.exists("run.json.prev"));
    assert_eq!(store.load("run.json", number).value, None);
    // Even when only the previous version is left (an interrupted write of another kind).
    fs::write(store.path("run.json.prev"), "1").unwrap();
    let loaded = store.load("run.json", number);
    assert_eq!((loaded.value, loaded.problem), (None, None));
}

#[test]
fn exports_keep_no_previous_version_and_create_folders() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    store.write("games/a.pgn", "1. e4").unwrap();
    store.write("games/a.pgn", "1. d4").unwrap();
    assert_eq!(fs::read_to_string(store.path("games/a.pgn")).unwrap(), "1. d4");
    assert_eq!(fs::read_dir(store.path("games")).unwrap().count(), 1);
}

#[test]
fn failed_writes_are_errors_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    fs::write(&blocker, "x").unwrap();
    let store = Store::new(blocker.join("sub"));
    assert!(matches!(store.save("n.json", "1"), Err(StoreError::Io { .. })));
    assert_eq!(fs::read_to_string(&blocker).unwrap(), "x");
}

#[test]
fn leftovers_of_a_killed_write_are_removed_on_load() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    store.save("n.json", "1").unwrap();
    fs::write(dir.path().join(".n.json.abc123.tmp"), "half").unwrap();
    fs::write(dir.path().join(".other.json.abc123.tmp"), "half").unwrap();
    assert_eq!(store.load("n.json", number).value, Some(1));
    assert!(!dir.path().join(".n.json.abc123.tmp").exists());
    assert!(dir.path().join(".other.json.abc123.tmp").exists(), "only the loaded file's leftovers");
}

#[test]
fn inspect_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    store.save("n.json", "1").unwrap();
    store.save("n.json", "2").unwrap();
    fs::write(store.path("n.json"), "two").unwrap();
    let seen = store.inspect("n.json", number);
    assert!(matches!(seen.current, FileState::Invalid(Problem::Invalid(_))));
    assert_eq!(seen.previous, FileState::Valid(1));
    assert!(seen.kept_aside.is_empty());
    assert!(store.exists("n.json"), "nothing was moved");
    assert_eq!(store.inspect("other", number).current, FileState::Missing);
}
