//! `tidy`: rules about the workspace as a whole, run by `cargo test` (they are tests of xtask).
//!
//! - the library crates ([`LIBRARY_CRATES`]) name no UI or file-system crate in `[dependencies]`;
//! - no crate depends upward: each member's workspace dependencies (of every kind) are within what
//!   [`LAYERS`] allows it, and every member has a row there;
//! - every `.rs` file under `crates/`, `benches/` and `xtask/` opens with its documentation (`//!` or
//!   `#![doc = include_str!(...)]`);
//! - each library crate has a `CHANGELOG.md`;
//! - every dependency of every member is named in its sources (`krate::`, `krate!`, `use krate`), as
//!   `cargo machete` checks;
//! - each `cargo ... -p X [--bin Y]` written in a README or `docs/*.md` names a member and one of its
//!   binaries, and each `cargo run -p X` without `--bin` resolves to one binary;
//! - each item named in `docs/architecture.md`'s table "Where each rule lives" is defined in the file
//!   named beside it;
//! - `docs/` holds references, not lab notebooks: each of [`MEASURED_DOCS`] has at most
//!   [`MAX_MEASURED_DOC_LINES`] lines, no heading of a `docs/*.md` carries a date (a dated section is an
//!   experiment's entry: its history goes in a CHANGELOG in a few lines), and `docs/` holds only Markdown
//!   files and JSON schemas, no directory and no records (match records go in `records/`, indexed by
//!   `records/README.md`);
//! - `records/` holds xz-compressed files only, each named in `records/README.md` (by its name up to
//!   the first `.`), beside that index;
//! - the front ends (`crates/app`, `crates/cli`) do not restate a rule the libraries own: no code line
//!   of theirs names an item of [`FRONT_END_DENIED`] (hit points, bot options, seed derivation, the
//!   app's PGN writing); each entry says where the rule lives;
//! - no module circle: in the app and the roguelite crate no circle of imports holds more than
//!   [`MAX_CIRCLE`] modules (a strongly connected component of the module graph that
//!   [`imports`](crate::imports) reads: use trees, inline paths and macro bodies, re-export chains
//!   followed, comments and `#[cfg(test)]` items ignored); a crate over it can be listed in
//!   [`CIRCLE_CRATES`] with its size as a debt that may shrink and never grow (none is today);
//! - the app's floors: every file of `crates/app/src` has a floor in [`APP_FLOOR_TABLE`] (`state`,
//!   `model`, `view`, `screens`, `app`) and no import climbs to a higher floor, save the climbs
//!   [`APP_KNOWN_CLIMBS`] lists (a listed climb that is gone fails too, so the list only shrinks);
//! - short files and functions: a file of the roguelite crate, the app or the CLI holds at most
//!   [`MAX_FILE_LINES`] code lines and a function anywhere spans at most [`MAX_FUNCTION_LINES`]
//!   lines (both outside `#[cfg(test)]` items), save the ones [`KNOWN_LONG_FILES`] and
//!   [`KNOWN_LONG_FUNCTIONS`] list at their size today, which may shrink and never grow;
//! - `Run` and `Battle` have at most [`MAX_PART_FIELDS`] fields ([`OWNED_PARTS`]);
//! - `cargo package` accepts each library crate. Here without compiling them (`--no-verify`: the
//!   manifests, the files, the path dependencies' versions and the dependency resolution, in about a
//!   second); `.ci/run` runs the verifying `cargo package`, which builds each packaged crate on its own
//!   (about a minute on two cores from a cold cache, too slow for every `cargo test`).
//!
//! The manifests are read through `cargo metadata --no-deps` (cargo's own reading, in milliseconds).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::doc_commands;
use crate::imports;

/// The reusable crates whose dependencies the rules guard.
const LIBRARY_CRATES: [&str; 4] = ["gambit-rules", "gambit-skills", "gambit-search", "gambit-roguelite"];

/// Crates no library crate may name in `[dependencies]`: the UI, and the file layer's crates (the data
/// directory and atomic writes belong to `gambit-store`).
const NOT_IN_LIBRARIES: [&str; 3] = ["bevy", "directories", "tempfile"];

/// Each workspace member and the members it may depend on (rules <- skills <- search <- roguelite <-
/// {app, cli}; uci on rules and search; store on none of ours; benches and xtask are support, xtask
/// reading the balance targets of `gambit-roguelite` for `cargo xtask balance`).
const LAYERS: [(&str, &[&str]); 10] = [
    ("gambit-rules", &[]),
    ("gambit-skills", &["gambit-rules"]),
    ("gambit-search", &["gambit-rules", "gambit-skills"]),
    ("gambit-roguelite", &["gambit-rules", "gambit-skills", "gambit-search"]),
    ("gambit-uci", &["gambit-rules", "gambit-search"]),
    ("gambit-store", &[]),
    ("gambit", &["gambit-rules", "gambit-skills", "gambit-search", "gambit-roguelite", "gambit-store"]),
    (
        "gambit-cli",
        &["gambit-rules", "gambit-skills", "gambit-search", "gambit-roguelite", "gambit-store", "gambit-uci"],
    ),
    ("gambit-benches", &["gambit-rules", "gambit-skills", "gambit-search", "gambit-roguelite"]),
    ("xtask", &["gambit-roguelite"]),
];

fn root() -> PathBuf {
    crate::workspace_root()
}

/// `cargo metadata --no-deps` of the workspace: its `packages`.
fn packages() -> Vec<Value> {
    let out = Command::new(crate::cargo())
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
    meta["packages"].as_array().expect("packages").clone()
}

fn name(package: &Value) -> &str {
    package["name"].as_str().expect("a package name")
}

fn package<'a>(packages: &'a [Value], wanted: &str) -> Option<&'a Value> {
    packages.iter().find(|p| name(p) == wanted)
}

/// The dependencies of `package` as `(name, kind)`, kind `normal`, `dev` or `build`; `path` only:
/// the workspace members.
fn dependencies(package: &Value, path_only: bool) -> Vec<(&str, &str)> {
    package["dependencies"]
        .as_array()
        .expect("dependencies")
        .iter()
        .filter(|d| !path_only || d["path"].is_string())
        .map(|d| (d["name"].as_str().expect("a name"), d["kind"].as_str().unwrap_or("normal")))
        .collect()
}

/// The names of the binaries of `package`.
fn binaries(package: &Value) -> Vec<&str> {
    targets_of_kind(package, "bin")
}

/// The names of a package's targets of one kind (`bin`, `example`, ...).
fn targets_of_kind<'a>(package: &'a Value, kind: &str) -> Vec<&'a str> {
    package["targets"]
        .as_array()
        .expect("targets")
        .iter()
        .filter(|t| t["kind"].as_array().is_some_and(|k| k.iter().any(|k| k == kind)))
        .map(|t| t["name"].as_str().expect("a target name"))
        .collect()
}

fn package_dir(package: &Value) -> PathBuf {
    let manifest = PathBuf::from(package["manifest_path"].as_str().expect("a manifest path"));
    manifest.parent().expect("a manifest's directory").to_path_buf()
}

/// Violations that work in flight removes. Each entry must still be a violation, so it goes away with
/// its fix. (The last one, the roguelite's `directories`, went with gambit-store.)
const PENDING: [&str; 0] = [];

#[test]
fn library_crates_name_no_ui_or_file_crate() {
    let packages = packages();
    let mut errors = Vec::new();
    for lib in LIBRARY_CRATES {
        let p = package(&packages, lib).unwrap_or_else(|| panic!("library crate {lib} is not a member"));
        for (dep, kind) in dependencies(p, false) {
            if kind == "normal" && NOT_IN_LIBRARIES.contains(&dep) {
                errors.push(format!("{lib} depends on {dep}"));
            }
        }
    }
    for pending in PENDING {
        match errors.iter().position(|e| e == pending) {
            Some(i) => drop(errors.remove(i)),
            None => errors.push(format!("`{pending}` no longer happens: remove it from tidy's PENDING")),
        }
    }
    assert!(errors.is_empty(), "library crates stay free of UI and file I/O crates:\n{}", errors.join("\n"));
}

#[test]
fn no_crate_depends_upward() {
    let mut errors = Vec::new();
    for p in &packages() {
        let Some((_, allowed)) = LAYERS.iter().find(|(n, _)| *n == name(p)) else {
            errors.push(format!("{} has no row in tidy's LAYERS: place it in the layer order", name(p)));
            continue;
        };
        for (dep, kind) in dependencies(p, true) {
            // A crate may name itself as a dev-dependency, to turn its own features on in its tests.
            if !allowed.contains(&dep) && dep != name(p) {
                errors.push(format!("{} depends on {dep} ({kind}), outside its layer", name(p)));
            }
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The `.rs` files below `dir`, outside `target/` and hidden directories.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        let file_name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() {
            if !file_name.starts_with('.') && file_name != "target" {
                rust_files(&path, out);
            }
        } else if file_name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// Whether `source` names the crate `krate` as code does: `krate::`, `krate!` or `use krate`.
fn names_crate(source: &str, krate: &str) -> bool {
    source.match_indices(krate).any(|(i, _)| {
        let before = source[..i].chars().next_back();
        let after = &source[i + krate.len()..];
        let is_word_char = |c: char| c.is_alphanumeric() || c == '_';
        let whole_word = !before.is_some_and(is_word_char) && !after.starts_with(is_word_char);
        whole_word && (after.starts_with("::") || after.starts_with('!') || source[..i].ends_with("use "))
    })
}

#[test]
fn every_dependency_is_named_in_its_sources() {
    let mut errors = Vec::new();
    for p in &packages() {
        let mut files = Vec::new();
        rust_files(&package_dir(p), &mut files);
        let sources: Vec<String> =
            files.iter().map(|f| std::fs::read_to_string(f).expect("readable source")).collect();
        for dep in p["dependencies"].as_array().expect("dependencies") {
            let dep_name = dep["rename"].as_str().or(dep["name"].as_str()).expect("a name");
            let krate = dep_name.replace('-', "_");
            if !sources.iter().any(|s| names_crate(s, &krate)) {
                errors.push(format!("{} never names its dependency {dep_name}: remove it", name(p)));
            }
        }
    }
    assert!(errors.is_empty(), "unused dependencies (cargo machete agrees, usually):\n{}", errors.join("\n"));
}

#[test]
fn crate_names_are_found_as_code_uses_them() {
    assert!(names_crate("use serde::Serialize;", "serde"));
    assert!(names_crate("let v = serde_json::to_string(&x)?;", "serde_json"));
    assert!(names_crate("criterion_main!(benches);\nuse criterion;", "criterion"));
    assert!(names_crate("anyhow!(\"x\")", "anyhow"));
    assert!(!names_crate("use serde_json::Value;", "serde"));
    assert!(!names_crate("// mentions anyhow in prose", "anyhow"));
    assert!(!names_crate("my_rand::x()", "rand"));
}

/// Whether a Rust source opens with its documentation: its first non-blank line is a `//!` comment or
/// `#![doc = include_str!(...)]`.
fn opens_with_docs(text: &str) -> bool {
    text.lines().map(str::trim).find(|l| !l.is_empty()).is_some_and(|first| {
        first.starts_with("//!") || first.replace(' ', "").starts_with("#![doc=include_str!(")
    })
}

#[test]
fn every_source_file_opens_with_its_documentation() {
    let root = root();
    let mut files = Vec::new();
    for dir in ["crates", "benches", "xtask"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "found only {} source files", files.len());
    let undocumented: Vec<String> = files
        .iter()
        .filter(|f| !opens_with_docs(&std::fs::read_to_string(f).expect("readable source")))
        .map(|f| f.strip_prefix(&root).unwrap_or(f).display().to_string())
        .collect();
    assert!(
        undocumented.is_empty(),
        "these files must open with a `//!` comment saying what they hold:\n{}",
        undocumented.join("\n")
    );
}

#[test]
fn the_documentation_rule_reads_first_lines() {
    assert!(opens_with_docs("\n//! The board.\nuse x;"));
    assert!(opens_with_docs("#![doc = include_str!(\"../README.md\")]\n#![deny(missing_docs)]"));
    assert!(!opens_with_docs("// A plain comment.\n//! Late docs."));
    assert!(!opens_with_docs("use std::io;\n"));
    assert!(!opens_with_docs(""));
}

#[test]
fn every_library_crate_has_a_changelog() {
    let packages = packages();
    let mut errors = Vec::new();
    for lib in LIBRARY_CRATES {
        let p = package(&packages, lib).unwrap_or_else(|| panic!("library crate {lib} is not a member"));
        let path = package_dir(p).join("CHANGELOG.md");
        match std::fs::read_to_string(&path) {
            Ok(text) if text.lines().any(|l| l.starts_with("## ")) => {}
            Ok(_) => errors.push(format!("{}: no `## ` section (e.g. `## Unreleased`)", path.display())),
            Err(e) => errors.push(format!("{}: {e}", path.display())),
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// Checks one documented `cargo` command against the members: `Err` says what is wrong.
fn check_cargo_command(packages: &[Value], cmd: &doc_commands::DocCommand) -> Result<(), String> {
    let Some(cargo) = cmd.cargo() else { return Ok(()) };
    let Some(package_name) = cargo.package else { return Ok(()) };
    let Some(p) = package(packages, package_name) else {
        return Err(format!("no workspace member is called {package_name}"));
    };
    if let Some(example) = cargo.example {
        let examples = targets_of_kind(p, "example");
        return if examples.contains(&example) {
            Ok(())
        } else {
            Err(format!("{package_name} has no example {example} (its examples: {examples:?})"))
        };
    }
    let bins = binaries(p);
    match cargo.bin {
        Some(bin) if !bins.contains(&bin) => {
            Err(format!("{package_name} has no binary {bin} (its binaries: {bins:?})"))
        }
        None if cargo.subcommand == "run" => match (bins.as_slice(), p["default_run"].as_str()) {
            ([_], _) => Ok(()),
            (_, Some(default)) if bins.contains(&default) => Ok(()),
            _ => Err(format!(
                "`cargo run -p {package_name}` cannot choose among {bins:?}: add `--bin` or `default-run`"
            )),
        },
        _ => Ok(()),
    }
}

#[test]
fn documented_cargo_commands_resolve_to_one_binary() {
    let packages = packages();
    let commands = doc_commands::commands(&root()).expect("the Markdown files are readable");
    let cargo_run = commands.iter().filter(|c| c.cargo().is_some_and(|c| c.subcommand == "run")).count();
    assert!(cargo_run >= 10, "found only {cargo_run} `cargo run` lines: is the Markdown reader broken?");
    let errors: Vec<String> = commands
        .iter()
        .filter_map(|c| check_cargo_command(&packages, c).err().map(|e| format!("{}: {e}", c.place())))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_binary_rule_rejects_what_cargo_rejects() {
    let meta = |bins: &[&str], default: Option<&str>| {
        let targets: Vec<Value> =
            bins.iter().map(|b| serde_json::json!({ "name": b, "kind": ["bin"] })).collect();
        serde_json::json!({ "name": "p", "targets": targets, "default_run": default, "dependencies": [] })
    };
    let cmd = |line: &str| doc_commands::DocCommand {
        file: PathBuf::from("README.md"),
        line: 1,
        words: doc_commands::split_commands(line).remove(0),
    };
    let two = [meta(&["a", "b"], None)];
    assert!(check_cargo_command(&two, &cmd("cargo run -p p")).is_err());
    assert!(check_cargo_command(&two, &cmd("cargo run -p p --bin b")).is_ok());
    assert!(check_cargo_command(&two, &cmd("cargo build -p p --bin c")).is_err());
    assert!(check_cargo_command(&two, &cmd("cargo build -p p")).is_ok());
    assert!(check_cargo_command(&two, &cmd("cargo run -p q")).is_err());
    assert!(check_cargo_command(&[meta(&["a", "b"], Some("a"))], &cmd("cargo run -p p")).is_ok());
    assert!(check_cargo_command(&[meta(&["a"], None)], &cmd("cargo run --release -p p -- x")).is_ok());
}

#[test]
fn library_crates_package() {
    // A target directory of its own: the shared one may be packaging another checkout at the same time,
    // and its temporary registry would then hold that checkout's crates.
    let target = tempfile::tempdir().expect("a temporary target directory");
    let mut cmd = Command::new(crate::cargo());
    cmd.args(["package", "--no-verify", "--offline", "--allow-dirty", "--quiet"])
        .arg("--target-dir")
        .arg(target.path())
        .current_dir(root());
    for lib in LIBRARY_CRATES {
        cmd.args(["-p", lib]);
    }
    let out = cmd.output().expect("cargo package runs");
    assert!(out.status.success(), "cargo package: {}", String::from_utf8_lossy(&out.stderr));
}

/// The rows of the table under `## Where each rule lives` in `docs/architecture.md`: for each, the
/// files (code spans ending in `.rs`) and the items (the other code spans of the last column).
fn rule_table(text: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let spans =
        |cell: &str| -> Vec<String> { cell.split('`').skip(1).step_by(2).map(str::to_string).collect() };
    text.lines()
        .skip_while(|l| l.trim() != "## Where each rule lives")
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with('|') && !l.starts_with("| rule") && !l.starts_with("| ---"))
        .map(|row| {
            let cells: Vec<&str> = row.trim_matches('|').split('|').collect();
            let files = cells.get(1).map(|c| spans(c)).unwrap_or_default();
            let items = cells.get(2).map(|c| spans(c)).unwrap_or_default();
            (files, items)
        })
        .collect()
}

/// Whether `source` defines `item` (`Type::name` or `name`): a `fn`, `const`, `static`, `struct`,
/// `enum`, `trait` or `type` called by its last segment.
fn defines(source: &str, item: &str) -> bool {
    let name = item.rsplit("::").next().unwrap_or(item);
    ["fn", "const", "static", "struct", "enum", "trait", "type"].iter().any(|kind| {
        let needle = format!("{kind} {name}");
        source.match_indices(&needle).any(|(i, _)| {
            let after = source[i + needle.len()..].chars().next();
            !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    })
}

#[test]
fn the_rule_table_names_items_that_exist() {
    let root = root();
    let text = std::fs::read_to_string(root.join("docs/architecture.md")).expect("docs/architecture.md");
    let rows = rule_table(&text);
    assert!(rows.len() >= 20, "found only {} rows under `## Where each rule lives`", rows.len());
    let mut errors = Vec::new();
    for (files, items) in rows {
        let sources: Vec<String> = files
            .iter()
            .filter(|f| f.ends_with(".rs"))
            .map(|f| std::fs::read_to_string(root.join(f)).unwrap_or_default())
            .collect();
        if sources.is_empty() || sources.iter().any(String::is_empty) {
            errors.push(format!("{files:?}: not a readable source file"));
            continue;
        }
        for item in items.iter().filter(|i| !i.ends_with(".rs")) {
            if !sources.iter().any(|s| defines(s, item)) {
                errors.push(format!("{item} is not defined in {}", files.join(" or ")));
            }
        }
    }
    assert!(errors.is_empty(), "docs/architecture.md, `Where each rule lives`:\n{}", errors.join("\n"));
}

#[test]
fn definitions_are_found_by_their_last_segment() {
    let source = "pub fn legal_moves(&self) {}\npub const START_HP: u8 = 2;\npub enum Preset {}";
    assert!(defines(source, "Position::legal_moves"));
    assert!(defines(source, "START_HP"));
    assert!(defines(source, "Preset"));
    assert!(!defines(source, "legal"));
    assert!(!defines(source, "Position::outcome"));
    let rows = rule_table(
        "## Where each rule lives\n| rule | file | items |\n| --- | --- | --- |\n| a | `x.rs` | `f`, `T::g` |\n## Next\n| b | `y.rs` | `h` |",
    );
    assert_eq!(rows, vec![(vec!["x.rs".to_string()], vec!["f".to_string(), "T::g".to_string()])]);
}

/// The docs that hold measured figures: references of the current state, each at most
/// [`MAX_MEASURED_DOC_LINES`] lines.
const MEASURED_DOCS: [&str; 3] = ["docs/strength.md", "docs/balance.md", "docs/performance.md"];

/// The most lines a measured doc may have.
const MAX_MEASURED_DOC_LINES: usize = 400;

/// Whether `line` holds a date written `YYYY-MM-DD`.
fn has_date(line: &str) -> bool {
    let b = line.as_bytes();
    b.windows(10).any(|w| {
        w.iter().enumerate().all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() })
    })
}

/// What is wrong with the Markdown file `file` (relative to the root, e.g. `docs/strength.md`) as a
/// reference: too long for a measured doc, or a dated heading (outside fenced code, where `#` starts a
/// shell comment). Each problem as `file:line: why`.
fn notebook_problems(file: &str, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let lines = text.lines().count();
    if MEASURED_DOCS.contains(&file) && lines > MAX_MEASURED_DOC_LINES {
        problems.push(format!(
            "{file}: {lines} lines, more than {MAX_MEASURED_DOC_LINES}: keep the current figures, move the history to a CHANGELOG"
        ));
    }
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') && has_date(line) {
            problems.push(format!(
                "{file}:{}: a dated heading (a notebook entry): give the figure's date beside it, the history to a CHANGELOG",
                i + 1
            ));
        }
    }
    problems
}

/// What is wrong with an entry of `docs/` called `name` (a directory when `is_dir`): only Markdown
/// files and JSON schemas belong there.
fn docs_entry_problem(name: &str, is_dir: bool) -> Option<String> {
    if is_dir {
        Some(format!(
            "docs/{name}/: a directory in docs/ (records go in records/, with a row in records/README.md)"
        ))
    } else if name.ends_with(".md") || name.ends_with(".schema.json") {
        None
    } else {
        Some(format!("docs/{name}: not a Markdown file or a JSON schema (records go in records/)"))
    }
}

#[test]
fn docs_are_references_not_notebooks() {
    let root = root();
    let mut errors = Vec::new();
    let mut markdown = 0;
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/ is readable") {
        let entry = entry.expect("a docs/ entry");
        let name = entry.file_name().to_string_lossy().into_owned();
        let is_dir = entry.file_type().expect("its type").is_dir();
        errors.extend(docs_entry_problem(&name, is_dir));
        if !is_dir && name.ends_with(".md") {
            markdown += 1;
            let file = format!("docs/{name}");
            let text = std::fs::read_to_string(entry.path()).expect("a readable Markdown file");
            errors.extend(notebook_problems(&file, &text));
        }
    }
    for doc in MEASURED_DOCS {
        if !root.join(doc).is_file() {
            errors.push(format!("{doc}: missing (MEASURED_DOCS names it)"));
        }
    }
    assert!(markdown >= 5, "found only {markdown} Markdown files in docs/: is the reader broken?");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_notebook_rules_catch_planted_violations() {
    let lines = |n: usize| "A figure, its command, commit, sample and interval.\n".repeat(n);
    // Length: a measured doc at the limit passes, one line more fails; other docs are not counted.
    assert!(notebook_problems("docs/strength.md", &lines(MAX_MEASURED_DOC_LINES)).is_empty());
    let long = notebook_problems("docs/balance.md", &lines(MAX_MEASURED_DOC_LINES + 1));
    assert_eq!(long.len(), 1, "{long:?}");
    assert!(long[0].starts_with("docs/balance.md: 401 lines"), "{long:?}");
    assert!(notebook_problems("docs/search.md", &lines(MAX_MEASURED_DOC_LINES + 1)).is_empty());
    // Dated headings: caught at any level and line; a date in prose or a fenced comment is not.
    let dated = "# Strength\n\nText of 2026-12-04.\n\n## Issue 18: trials (2026-12-02, 05:25 UTC)\n";
    assert_eq!(
        notebook_problems("docs/performance.md", dated),
        vec![
            "docs/performance.md:5: a dated heading (a notebook entry): give the figure's date beside it, the history to a CHANGELOG"
                .to_string()
        ]
    );
    assert_eq!(notebook_problems("docs/rules.md", "### Run of 2026-11-30\n").len(), 1);
    let fenced =
        "# Balance\n```sh\n# the runs of 2026-12-01\ngambit-cli simulate --runs 300\n```\n## The ladder\n";
    assert!(notebook_problems("docs/balance.md", fenced).is_empty());
    assert!(!has_date("## Issue 18: four search techniques"));
    assert!(has_date("2026-12-04"));
    assert!(!has_date("1-2-3-4-5"));
    // docs/ entries: Markdown and JSON schemas only.
    assert!(docs_entry_problem("strength.md", false).is_none());
    assert!(docs_entry_problem("skills-config.schema.json", false).is_none());
    assert!(docs_entry_problem("stockfish-match", true).is_some());
    assert!(docs_entry_problem("2026-12-04-sf2200.pgn.xz", false).is_some());
    assert!(docs_entry_problem("games.jsonl", false).is_some());
}

/// What is wrong with an entry of `records/` called `name` (a directory when `is_dir`), given the text
/// of the index `records/README.md`: a record is an xz-compressed file named in the index by its stem
/// (the name up to the first `.`, so `RUN.{pgn,jsonl}.xz` names both of a run's files).
fn record_problem(name: &str, is_dir: bool, index: &str) -> Option<String> {
    if name == "README.md" {
        return None;
    }
    if is_dir {
        return Some(format!(
            "records/{name}/: a directory (records are files, listed in records/README.md)"
        ));
    }
    if !name.ends_with(".xz") {
        return Some(format!("records/{name}: not xz-compressed"));
    }
    let stem = name.split('.').next().unwrap_or(name);
    (!index.contains(stem)).then(|| format!("records/{name}: not listed in records/README.md"))
}

#[test]
fn every_record_is_compressed_and_indexed() {
    let dir = root().join("records");
    let index = std::fs::read_to_string(dir.join("README.md")).expect("records/README.md, the index");
    let mut errors = Vec::new();
    let mut records = 0;
    for entry in std::fs::read_dir(&dir).expect("records/ is readable") {
        let entry = entry.expect("a records/ entry");
        let name = entry.file_name().to_string_lossy().into_owned();
        records += usize::from(name != "README.md");
        errors.extend(record_problem(&name, entry.file_type().expect("its type").is_dir(), &index));
    }
    assert!(records > 0, "records/ holds no record: drop it with its index, or is the reader broken?");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_record_rule_catches_planted_violations() {
    let index = "| `2026-12-04-qchk-518d618-a-sf2200.{pgn,jsonl}.xz` | ... |";
    assert!(record_problem("README.md", false, index).is_none());
    assert!(record_problem("2026-12-04-qchk-518d618-a-sf2200.pgn.xz", false, index).is_none());
    assert!(record_problem("2026-12-04-qchk-518d618-a-sf2200.jsonl.xz", false, index).is_none());
    assert!(record_problem("2026-12-04-qchk-518d618-b-sf2200.pgn.xz", false, index).is_some());
    assert!(record_problem("2026-12-04-qchk-518d618-a-sf2200.pgn", false, index).is_some());
    assert!(record_problem("old-matches", true, index).is_some());
}

/// What a front end's code must not name, the front ends it applies to, and where the rule lives:
/// each is a rule restated above its owner (issue 42). Comment lines are not code.
const FRONT_END_DENIED: [(&str, &[&str], &str); 4] = [
    (
        "START_HP",
        &["crates/app", "crates/cli"],
        "hit points are the roguelite's: `Run::start_hp` (badges included), `guide::run_rules` for the rules text",
    ),
    (
        "BotOptions {",
        &["crates/app", "crates/cli"],
        "a bot's options are the search's presets and the roguelite's tunings: name one, do not build one",
    ),
    (
        "derive_seed(",
        &["crates/app", "crates/cli"],
        "seeds are the roguelite's: call one of its seed functions (`seed::watched_battle_seed`...); its tags are `seed::tags`",
    ),
    (
        "PgnWriter",
        &["crates/app"],
        "the app's PGN is skill chess, which the skills crate writes: `gambit_skills::PgnRecorder`",
    ),
];

/// The violations of [`FRONT_END_DENIED`] in the source `text` of `file` (a path from the workspace
/// root, `/`-separated): one per code line and denied item.
fn front_end_problems(file: &str, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for (denied, front_ends, owner) in FRONT_END_DENIED {
            let applies = front_ends.iter().any(|dir| file.starts_with(&format!("{dir}/")));
            if applies && line.contains(denied) {
                problems.push(format!("{file}:{}: `{denied}` in a front end: {owner}", n + 1));
            }
        }
    }
    problems
}

#[test]
fn front_ends_do_not_restate_library_rules() {
    let root = root();
    let mut errors = Vec::new();
    let mut files = Vec::new();
    for dir in ["crates/app", "crates/cli"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 20, "found only {} front-end sources: is the reader broken?", files.len());
    for f in &files {
        let rel = f.strip_prefix(&root).unwrap_or(f).to_string_lossy().replace('\\', "/");
        errors.extend(front_end_problems(&rel, &std::fs::read_to_string(f).expect("readable source")));
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_front_end_rule_catches_planted_violations() {
    let planted = "fn hp() -> u8 {\n    gambit_roguelite::battle::START_HP\n}\n";
    assert_eq!(
        front_end_problems("crates/app/src/screens/deploy.rs", planted),
        vec![
            "crates/app/src/screens/deploy.rs:2: `START_HP` in a front end: hit points are the roguelite's: `Run::start_hp` (badges included), `guide::run_rules` for the rules text"
                .to_string()
        ]
    );
    // The libraries own the rules: there it is no violation.
    assert!(front_end_problems("crates/roguelite/src/run/mod.rs", planted).is_empty());
    // A comment is not code.
    assert!(
        front_end_problems("crates/cli/src/x.rs", "    // START_HP, derive_seed(s, 7, 0, 0)\n").is_empty()
    );
    let seed = front_end_problems("crates/cli/src/battle_cmd.rs", "let s = derive_seed(seed, 7, 0, n);");
    assert!(
        seed.len() == 1 && seed[0].starts_with("crates/cli/src/battle_cmd.rs:1: `derive_seed(`"),
        "{seed:?}"
    );
    let options = "let o = BotOptions { max_nodes: 9, ..BotOptions::default() };";
    assert_eq!(front_end_problems("crates/app/src/game/engine.rs", options).len(), 1);
    // The app writes no PGN of its own; the CLI's plain-chess `play --pgn` uses the rules crate's writer.
    let pgn = "let mut w = PgnWriter::new(&start);\nw.tag(\"Event\", \"Skill chess\");";
    assert_eq!(front_end_problems("crates/app/src/game/pgn.rs", pgn).len(), 1);
    assert!(front_end_problems("crates/cli/src/play_cmd.rs", pgn).is_empty());
    // Not a front end: `crates/application` is not `crates/app`.
    assert!(front_end_problems("crates/application/src/lib.rs", planted).is_empty());
}

/// The most modules one circle of imports may hold ([`imports::circles`]: a strongly connected
/// component of the module graph).
const MAX_CIRCLE: usize = 8;

/// The crates whose module circles are guarded, and the size of each crate's largest circle today
/// where it is over [`MAX_CIRCLE`] (`None`: within it): a known debt (issue 42) that may shrink, never
/// grow. A size becomes `None` once its crate is within the limit (the test fails on a stale size, so
/// the table follows the code).
const CIRCLE_CRATES: [(&str, Option<usize>); 2] = [("crates/app", None), ("crates/roguelite", None)];

/// The app's floors, lowest first: a module may import its own floor and the floors below, never one
/// above. `state` holds the app's states and system sets, `model` the games and the run with the
/// decisions they accept (no UI node, text, audio or animation), `view` what draws and sounds them,
/// `screens` one file or folder per screen (menus included), `app` the wiring and the tools
/// (screenshot tour, measurements).
const APP_FLOORS: [&str; 5] = ["state", "model", "view", "screens", "app"];

/// Each app module (a path under `crates/app/src` without `.rs`; a folder covers its files) and its
/// floor: the longest matching entry wins, and every file must match one.
const APP_FLOOR_TABLE: [(&str, &str); 16] = [
    ("lib", "app"),
    ("main", "app"),
    ("screenshot", "app"),
    ("measure", "app"),
    // The layout check is a tool of the tour and the tests: it reads the board's marks and cells.
    ("ui/layout_check", "app"),
    ("game", "model"),
    ("run", "model"),
    ("settings", "model"),
    ("storage", "model"),
    ("board", "view"),
    ("ui", "view"),
    ("audio", "view"),
    ("palette", "view"),
    ("screens", "screens"),
    ("menus", "screens"),
    ("state", "state"),
];

/// Imports of the app that climb a floor today (importer, imported module, as `crate::...`): the debt
/// issue 42 pays off. The test fails on a climb not listed here, and on a listed one that is gone.
const APP_KNOWN_CLIMBS: &[(&str, &str)] = &[
    // The foresight preview reads the board's hover and targeting and the battle screen's input.
    ("crate::game::foresight", "crate::board"),
    ("crate::game::foresight", "crate::screens::battle"),
    // The skill-chess screen's input state lives beside the game, with the board's `Targeting`.
    ("crate::game::input", "crate::board"),
];

/// The floor of the app module `module` (segments after `crate`) by [`APP_FLOOR_TABLE`].
fn app_floor(module: &[String]) -> Option<usize> {
    let path = if module.is_empty() { "lib".to_string() } else { module.join("/") };
    let mut best: Option<(usize, &str)> = None;
    for (prefix, floor) in APP_FLOOR_TABLE {
        let matches = path == prefix || path.starts_with(&format!("{prefix}/"));
        if matches && best.is_none_or(|(len, _)| prefix.len() > len) {
            best = Some((prefix.len(), floor));
        }
    }
    best.and_then(|(_, floor)| APP_FLOORS.iter().position(|f| *f == floor))
}

/// The imports of `graph` that climb a floor under `floor_of`, as (importer, imported) in
/// `crate::...` form, sorted; and the modules with no floor.
fn climbs(
    graph: &imports::Graph,
    floor_of: impl Fn(&[String]) -> Option<usize>,
) -> (Vec<(String, String)>, Vec<String>) {
    let (mut climbing, mut unplaced) = (Vec::new(), Vec::new());
    for (module, targets) in &graph.edges {
        let Some(floor) = floor_of(module) else {
            unplaced.push(imports::display(module));
            continue;
        };
        for target in targets {
            if floor_of(target).is_some_and(|f| f > floor) {
                climbing.push((imports::display(module), imports::display(target)));
            }
        }
    }
    (climbing, unplaced)
}

/// The problems of one crate's graph against the circle rule, `known` being its listed debt.
fn circle_problems(krate: &str, graph: &imports::Graph, known: Option<usize>) -> Vec<String> {
    let circles = imports::circles(graph);
    let largest = circles.first().map_or(0, Vec::len);
    let names =
        |c: &Vec<imports::ModulePath>| c.iter().map(|m| imports::display(m)).collect::<Vec<_>>().join(", ");
    match known {
        None => circles
            .iter()
            .filter(|c| c.len() > MAX_CIRCLE)
            .map(|c| format!("{krate}: a circle of {} modules (at most {MAX_CIRCLE}): {}", c.len(), names(c)))
            .collect(),
        Some(size) if largest > size => vec![format!(
            "{krate}: its largest circle grew from {size} to {largest} modules: {}",
            names(&circles[0])
        )],
        Some(size) if largest < size => vec![format!(
            "{krate}: its largest circle shrank from {size} to {largest} modules: write {} in CIRCLE_CRATES",
            if largest > MAX_CIRCLE { format!("Some({largest})") } else { "None".to_string() }
        )],
        Some(_) => Vec::new(),
    }
}

#[test]
fn no_circle_of_imports_over_eight_modules() {
    let root = root();
    let mut errors = Vec::new();
    for (krate, known) in CIRCLE_CRATES {
        let files = imports::read_crate(&root.join(krate));
        assert!(files.len() > 10, "{krate}: only {} modules read", files.len());
        let graph = imports::graph(&files).unwrap_or_else(|e| panic!("{krate}: {e}"));
        errors.extend(circle_problems(krate, &graph, known));
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_app_imports_never_climb_a_floor() {
    let files = imports::read_crate(&root().join("crates/app"));
    let graph = imports::graph(&files).expect("the app parses");
    let (climbing, unplaced) = climbs(&graph, app_floor);
    assert!(unplaced.is_empty(), "app modules with no floor in APP_FLOOR_TABLE: {unplaced:?}");
    let known: Vec<(String, String)> =
        APP_KNOWN_CLIMBS.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    let new: Vec<String> = climbing
        .iter()
        .filter(|c| !known.contains(c))
        .map(|(a, b)| format!("{a} ({}) imports {b} ({})", floor_name(a), floor_name(b)))
        .collect();
    let gone: Vec<String> =
        known.iter().filter(|c| !climbing.contains(c)).map(|(a, b)| format!("{a} -> {b}")).collect();
    assert!(new.is_empty(), "imports that climb a floor:\n{}", new.join("\n"));
    assert!(
        gone.is_empty(),
        "APP_KNOWN_CLIMBS lists climbs that are gone (remove them):\n{}",
        gone.join("\n")
    );
}

/// The floor name of a `crate::...` module of the app.
fn floor_name(module: &str) -> &'static str {
    let segments: Vec<String> = module.split("::").skip(1).map(String::from).collect();
    app_floor(&segments).map_or("none", |f| APP_FLOORS[f])
}

/// A crate of planted files: (path under `src/`, text).
fn planted(files: &[(&str, &str)]) -> imports::Graph {
    let files: Vec<(imports::ModulePath, String)> = files
        .iter()
        .map(|(path, text)| (imports::module_of(Path::new(path)).expect("a module"), text.to_string()))
        .collect();
    imports::graph(&files).expect("planted files parse")
}

#[test]
fn the_floor_rule_catches_planted_climbing_imports() {
    let lib = "pub mod game;\npub mod screens;\npub mod board;\n";
    let screen = "//! A screen.\npub struct BattleScreen;\npub fn open() {}\n";
    let board = "pub struct BoardView;\n";
    let clean = "use crate::board::BoardView;\npub struct Session;\n";
    let graph = planted(&[
        ("lib.rs", lib),
        ("screens/mod.rs", screen),
        ("board/mod.rs", board),
        ("game/mod.rs", clean),
    ]);
    let (climbing, _) = climbs(&graph, app_floor);
    // A model may not even import the view: the board is above the game.
    assert_eq!(climbing, vec![("crate::game".to_string(), "crate::board".to_string())]);
    let game = |text: &str| {
        let graph = planted(&[
            ("lib.rs", lib),
            ("screens/mod.rs", screen),
            ("board/mod.rs", board),
            ("game/mod.rs", text),
        ]);
        climbs(&graph, app_floor).0
    };
    let climb = vec![("crate::game".to_string(), "crate::screens".to_string())];
    // A use tree, a group, an inline path, a path in a macro, a name brought in by `use`.
    assert_eq!(game("use crate::{screens::BattleScreen};"), climb);
    assert_eq!(game("fn f() { crate::screens::open(); }"), climb);
    assert_eq!(game("fn f() { let _ = vec![crate::screens::open()]; }"), climb);
    assert_eq!(game("use crate::screens as s;\nfn f() { s::open(); }"), climb);
    assert_eq!(game("mod inner { fn f() { super::super::screens::open(); } }"), climb);
    // Comments, doc comments and strings are not code; visibility is not an import.
    assert!(game("// use crate::screens::BattleScreen;\n/// [`crate::screens::open`]\nfn f() -> &'static str { \"crate::screens::open\" }\npub(crate) fn g() {}").is_empty());
    // Code compiled only for tests is not the product's; an item another crate defines, re-exported
    // by a module of this one, leads to no module.
    assert!(game("#[cfg(test)]\nmod tests { use crate::screens::BattleScreen; }").is_empty());
    let facade = "pub use std::fmt::Write as Out;\npub struct BattleScreen;";
    let graph = planted(&[
        ("lib.rs", lib),
        ("screens/mod.rs", facade),
        ("board/mod.rs", board),
        ("game/mod.rs", "use crate::screens::Out;"),
    ]);
    assert!(climbs(&graph, app_floor).0.is_empty());
    // A re-export chain is followed to the module that defines the item.
    let facade = "pub use crate::screens::BattleScreen;\npub mod inner;\n";
    let graph = planted(&[
        ("lib.rs", "pub mod game;\npub mod screens;\npub mod ui;\n"),
        ("screens/mod.rs", screen),
        ("ui/mod.rs", facade),
        ("ui/inner.rs", "pub use super::BattleScreen as Renamed;"),
        ("game/mod.rs", "use crate::ui::inner::Renamed;"),
    ]);
    let (climbing, _) = climbs(&graph, app_floor);
    assert_eq!(climbing, vec![("crate::game".to_string(), "crate::screens".to_string())]);
}

#[test]
fn the_circle_rule_catches_a_planted_circle() {
    // m0 -> m1 -> ... -> m(n-1) -> m0: a circle of n modules.
    let ring = |n: usize| {
        let texts: Vec<(String, String)> = (0..n)
            .map(|i| (format!("m{i}.rs"), format!("use crate::m{}::Item;\npub struct Item;", (i + 1) % n)))
            .collect();
        let files: Vec<(&str, &str)> = texts.iter().map(|(p, t)| (p.as_str(), t.as_str())).collect();
        planted(&files)
    };
    assert!(circle_problems("planted", &ring(MAX_CIRCLE), None).is_empty());
    let problems = circle_problems("planted", &ring(MAX_CIRCLE + 1), None);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("planted: a circle of 9 modules"), "{problems:?}");
    // A known debt may shrink or stay, not grow, and a stale size is reported.
    assert!(circle_problems("planted", &ring(10), Some(10)).is_empty());
    assert!(circle_problems("planted", &ring(11), Some(10))[0].contains("grew from 10 to 11"));
    assert!(circle_problems("planted", &ring(9), Some(10))[0].contains("shrank from 10 to 9"));
    // A re-export is no import of the re-exporting module's own: the lib's `pub use` closes no circle.
    let graph = planted(&[
        ("lib.rs", "pub mod a;\npub mod b;\npub use a::A;\npub use b::B;\n"),
        ("a.rs", "pub struct A;\n"),
        ("b.rs", "use crate::A;\npub struct B(A);\n"),
    ]);
    assert!(imports::circles(&graph).is_empty());
    assert_eq!(graph.edges[&vec!["b".to_string()]], [vec!["a".to_string()]].into_iter().collect());
}

/// The most code lines (not blank, not a comment line, outside `#[cfg(test)]` items) a file of
/// [`SIZED_CRATES`] may hold.
const MAX_FILE_LINES: usize = 700;

/// The most lines a function may span, from `fn` to its closing brace (outside `#[cfg(test)]`).
const MAX_FUNCTION_LINES: usize = 120;

/// The crates whose files [`MAX_FILE_LINES`] bounds (a rules, search or skills file may be larger
/// when it holds one type; that is not checked here).
const SIZED_CRATES: [&str; 3] = ["crates/roguelite", "crates/app", "crates/cli"];

/// The crates whose functions [`MAX_FUNCTION_LINES`] bounds: every source of the workspace.
const FUNCTION_CRATES: [&str; 10] = [
    "crates/rules",
    "crates/skills",
    "crates/search",
    "crates/roguelite",
    "crates/app",
    "crates/cli",
    "crates/uci",
    "crates/store",
    "benches",
    "xtask",
];

/// Files over [`MAX_FILE_LINES`] today and their code lines: a debt (issue 42) that may shrink, never
/// grow; an entry is removed once its file is within the limit (the test fails on a stale entry).
const KNOWN_LONG_FILES: &[(&str, usize)] = &[];

/// Functions over [`MAX_FUNCTION_LINES`] today (file, name, lines): the same kind of debt.
const KNOWN_LONG_FUNCTIONS: &[(&str, &str, usize)] = &[];

/// The problem of one measured size (in `unit`: lines, fields) against its limit and its listed debt
/// (`known`: the size recorded, if listed), if any.
fn size_problem(what: &str, unit: &str, size: usize, limit: usize, known: Option<usize>) -> Option<String> {
    match known {
        None if size > limit => Some(format!("{what}: {size} {unit} (at most {limit})")),
        Some(k) if size > k => Some(format!("{what}: grew from {k} to {size} {unit} (at most {limit})")),
        Some(k) if size < k => Some(format!(
            "{what}: {size} {unit}, listed at {k}: write {size} in its entry{}",
            if size <= limit { " (or remove it: within the limit)" } else { "" }
        )),
        _ => None,
    }
}

#[test]
fn files_and_functions_stay_short() {
    let root = root();
    let mut errors = Vec::new();
    let (mut files_seen, mut functions_seen) = (Vec::new(), Vec::new());
    for krate in FUNCTION_CRATES {
        let mut files = Vec::new();
        rust_files(&root.join(krate).join("src"), &mut files);
        for f in files {
            let rel = f.strip_prefix(&root).unwrap_or(&f).to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&f).expect("readable source");
            let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
            if SIZED_CRATES.iter().any(|c| rel.starts_with(&format!("{c}/"))) {
                let known = KNOWN_LONG_FILES.iter().find(|(p, _)| *p == rel).map(|&(_, n)| n);
                files_seen.push(rel.clone());
                let lines = imports::code_lines(&text, &file);
                errors.extend(size_problem(&rel, "lines", lines, MAX_FILE_LINES, known));
            }
            for (name, line, len) in imports::function_lengths(&file) {
                let known =
                    KNOWN_LONG_FUNCTIONS.iter().find(|(p, n, _)| *p == rel && *n == name).map(|&(_, _, k)| k);
                if known.is_some() {
                    functions_seen.push((rel.clone(), name.clone()));
                }
                errors.extend(size_problem(
                    &format!("{rel}:{line} fn {name}"),
                    "lines",
                    len,
                    MAX_FUNCTION_LINES,
                    known,
                ));
            }
        }
    }
    for (path, _) in KNOWN_LONG_FILES {
        if !files_seen.iter().any(|f| f == path) {
            errors.push(format!("KNOWN_LONG_FILES lists {path}, which is gone"));
        }
    }
    for (path, name, _) in KNOWN_LONG_FUNCTIONS {
        if !functions_seen.iter().any(|(p, n)| p == path && n == name) {
            errors.push(format!("KNOWN_LONG_FUNCTIONS lists {path} fn {name}, which is gone"));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_size_rules_count_code_lines_and_spans() {
    let text = "//! Doc.\n\nfn short() {\n    // a comment\n    let x = 1;\n}\n\n#[cfg(test)]\nmod tests {\n    fn long() {\n    }\n}\n";
    let file = syn::parse_file(text).unwrap();
    // `fn short() {`, `let x = 1;`, `}`: the doc, the comment, blank lines and the test module aside.
    assert_eq!(imports::code_lines(text, &file), 3);
    assert_eq!(imports::function_lengths(&file), vec![("short".to_string(), 3, 4)]);
    assert_eq!(size_problem("f", "lines", 121, 120, None).unwrap(), "f: 121 lines (at most 120)");
    assert!(size_problem("f", "lines", 120, 120, None).is_none());
    assert!(size_problem("f", "lines", 130, 120, Some(125)).unwrap().contains("grew from 125 to 130"));
    assert!(size_problem("f", "lines", 118, 120, Some(125)).unwrap().contains("remove it"));
    assert!(size_problem("f", "lines", 125, 120, Some(125)).is_none());
}

/// The most fields `Run` and `Battle` may have once they are made of owned parts (issue 42).
const MAX_PART_FIELDS: usize = 8;

/// `Run` and `Battle`, each with the file that defines it; both are within [`MAX_PART_FIELDS`].
const OWNED_PARTS: [(&str, &str); 2] =
    [("crates/roguelite/src/run/mod.rs", "Run"), ("crates/roguelite/src/battle/mod.rs", "Battle")];

/// The number of fields of the struct `name` in `file`, if it defines one.
fn field_count(file: &syn::File, name: &str) -> Option<usize> {
    file.items.iter().find_map(|item| match item {
        syn::Item::Struct(s) if s.ident == name => Some(s.fields.len()),
        _ => None,
    })
}

#[test]
fn run_and_battle_are_made_of_few_parts() {
    let root = root();
    let mut errors = Vec::new();
    for (path, name) in OWNED_PARTS {
        let text = std::fs::read_to_string(root.join(path)).expect("readable source");
        let file = syn::parse_file(&text).expect("parses");
        let n = field_count(&file, name).unwrap_or_else(|| panic!("{path} defines no struct {name}"));
        errors.extend(size_problem(&format!("{path}: {name}"), "fields", n, MAX_PART_FIELDS, None));
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}
