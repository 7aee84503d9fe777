//! `cargo xtask dist`: the release package.
//!
//! The steps, each a function that the tests run on fake inputs:
//! 1. `cargo build --profile dist` of the binaries ([`build`]);
//! 2. lay out `target/dist/gambit-<version>-<target>/` ([`lay_out`]): the binaries, `assets/`, README,
//!    licences, an INSTALL note and a `SHA256SUMS` of the package's own files;
//! 3. pack it as `gambit-<version>-<target>.tar.gz` ([`write_tarball`], reproducible: sorted entries,
//!    fixed owner, mode and time) and write `SHA256SUMS` beside it ([`write_sums`]);
//! 4. smoke-test the tarball ([`smoke_test`]): unpack it elsewhere, verify both checksum files and run
//!    each binary with `--version` from another directory.

use std::fs;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail, ensure};
use sha2::{Digest, Sha256};

/// The version of every workspace crate (xtask shares `workspace.package.version`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The checksum file's name, in the package and beside the tarball.
pub const SUMS: &str = "SHA256SUMS";

/// The note written into the package as `INSTALL.txt`.
pub const INSTALL_NOTE: &str = "Gambit {version} for {target}
===========================================================

Contents
  gambit       the desktop game (skill chess against the engine)
  gambit-cli   the command-line front end: play, show, perft, uci, run, ... (`gambit-cli --help`)
  gambit-uci   the engine for chess GUIs over UCI (point your GUI at this file)
  assets/      the font the game embeds, with its licence (the game needs no file beside it)
  README.md, LICENSE-MIT, LICENSE-APACHE, SHA256SUMS (checksums of every file here)

Install
  Nothing to install: unpack anywhere and run the programs from any directory, e.g.
      ./gambit
      ./gambit-cli play
  or copy the three programs into a directory on your PATH, e.g. ~/.local/bin.
  Every program answers --version and --help.

Requirements (the game only; gambit-cli and gambit-uci need nothing)
  Linux: an X11 display (DISPLAY set; XWayland works) and a Vulkan driver, e.g. Debian's
  mesa-vulkan-drivers; for sound, the ALSA library (Debian's libasound2; without a sound
  device the game is silent). Without a display the game says so and points to `gambit-cli play`.

Verify
  sha256sum -c SHA256SUMS    (here, for the files; beside the tarball, for the tarball)

Saved games, settings and progress live in the platform data directory
(Linux: ~/.local/share/gambit), never beside the programs.
";

/// One binary of the package: the cargo package that builds it and its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binary {
    pub package: &'static str,
    pub name: &'static str,
}

/// The game: the long Bevy build that `--no-game` skips.
pub const GAME: Binary = Binary { package: "gambit", name: "gambit" };

/// The command-line programs.
pub const TOOLS: [Binary; 2] = [
    Binary { package: "gambit-cli", name: "gambit-cli" },
    Binary { package: "gambit-uci", name: "gambit-uci" },
];

/// The binaries of a package with or without the game.
pub fn binaries(game: bool) -> Vec<Binary> {
    let mut bins = Vec::new();
    if game {
        bins.push(GAME);
    }
    bins.extend(TOOLS);
    bins
}

/// `gambit-<version>-<target>`, the package directory's and the tarball's stem.
pub fn package_name(version: &str, target: &str) -> String {
    format!("gambit-{version}-{target}")
}

/// The host target triple, the `host:` line of `rustc -vV` (run in `root`, so the pinned toolchain
/// answers).
pub fn host_target(root: &Path) -> Result<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let out = Command::new(&rustc)
        .arg("-vV")
        .current_dir(root)
        .output()
        .with_context(|| format!("could not run {rustc} -vV"))?;
    ensure!(out.status.success(), "{rustc} -vV failed: {}", String::from_utf8_lossy(&out.stderr));
    parse_host(&String::from_utf8_lossy(&out.stdout))
}

/// The `host:` line of `rustc -vV` output.
pub fn parse_host(rustc_vv: &str) -> Result<String> {
    rustc_vv
        .lines()
        .find_map(|l| l.strip_prefix("host:"))
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .context("no `host:` line in `rustc -vV` output")
}

/// The game's cargo features in a package: its sound effects (off in the default build, which needs no
/// system headers).
pub const GAME_FEATURES: &str = "gambit/audio";

/// What the game's `audio` feature needs to build on Linux, and how to get it.
pub const AUDIO_HEADERS: &str = "the ALSA headers and pkg-config (the game's `audio` feature links \
     alsa-lib): Debian/Ubuntu `apt-get install libasound2-dev pkg-config`, Fedora `dnf install \
     alsa-lib-devel pkgconf`, Arch `pacman -S alsa-lib pkgconf`";

/// The `cargo build` arguments for `bins` in the `dist` profile (with the game: its package features,
/// [`GAME_FEATURES`]).
pub fn build_args(bins: &[Binary]) -> Vec<String> {
    let mut args: Vec<String> = ["build", "--locked", "--profile", "dist"].map(String::from).to_vec();
    for b in bins {
        args.extend(["-p".to_string(), b.package.to_string(), "--bin".to_string(), b.name.to_string()]);
    }
    if bins.contains(&GAME) {
        args.extend(["--features".to_string(), GAME_FEATURES.to_string()]);
    }
    args
}

/// On Linux, checks that the ALSA headers the game's sound needs are installed (`pkg-config --exists
/// alsa`), so a missing package is named before a long build fails; elsewhere nothing to check.
///
/// # Errors
/// Names [`AUDIO_HEADERS`] when pkg-config is missing or does not find `alsa`.
pub fn check_audio_headers() -> Result<()> {
    if !cfg!(target_os = "linux") {
        return Ok(());
    }
    let found = Command::new("pkg-config").args(["--exists", "alsa"]).status().is_ok_and(|s| s.success());
    ensure!(found, "the game package needs {AUDIO_HEADERS} (or build `cargo xtask dist --no-game`)");
    Ok(())
}

/// Builds `bins` and returns their paths under `<target_dir>/dist/`.
pub fn build(cargo: &str, root: &Path, target_dir: &Path, bins: &[Binary]) -> Result<Vec<PathBuf>> {
    let mut cmd = Command::new(cargo);
    cmd.args(build_args(bins)).env("CARGO_TARGET_DIR", target_dir).current_dir(root);
    crate::run(&mut cmd)?;
    bins.iter()
        .map(|b| {
            let path = target_dir.join("dist").join(format!("{}{}", b.name, std::env::consts::EXE_SUFFIX));
            ensure!(path.is_file(), "cargo build did not produce {}", path.display());
            Ok(path)
        })
        .collect()
}

/// The files copied from the workspace root besides `assets/`.
pub const ROOT_FILES: [&str; 3] = ["README.md", "LICENSE-MIT", "LICENSE-APACHE"];

/// Lays out the package in `package_dir` (replacing what was there): the `binaries` (executable),
/// `root/assets/`, [`ROOT_FILES`], `INSTALL.txt` from [`INSTALL_NOTE`] and a [`SUMS`] of all of them.
/// Returns the package's files (relative paths, `/`-separated, sorted), the checksum file last.
pub fn lay_out(root: &Path, binaries: &[PathBuf], package_dir: &Path, target: &str) -> Result<Vec<String>> {
    if package_dir.exists() {
        fs::remove_dir_all(package_dir).with_context(|| format!("removing {}", package_dir.display()))?;
    }
    fs::create_dir_all(package_dir).with_context(|| format!("creating {}", package_dir.display()))?;
    for bin in binaries {
        let name = bin.file_name().with_context(|| format!("{} has no file name", bin.display()))?;
        let dest = package_dir.join(name);
        fs::copy(bin, &dest).with_context(|| format!("copying {}", bin.display()))?;
        set_mode(&dest, 0o755)?;
    }
    copy_tree(&root.join("assets"), &package_dir.join("assets"))?;
    for file in ROOT_FILES {
        let dest = package_dir.join(file);
        fs::copy(root.join(file), &dest).with_context(|| format!("copying {file}"))?;
        set_mode(&dest, 0o644)?;
    }
    let mut note = INSTALL_NOTE.replace("{version}", VERSION).replace("{target}", target);
    let game_file = format!("{}{}", GAME.name, std::env::consts::EXE_SUFFIX);
    if !binaries.iter().any(|b| b.file_name().is_some_and(|n| n == game_file.as_str())) {
        note.push_str(
            "\nThis package was built with `cargo xtask dist --no-game`: it has no `gambit` game.\n",
        );
    }
    fs::write(package_dir.join("INSTALL.txt"), note)?;

    let mut files = list_files(package_dir)?;
    if let Some(bad) = files.iter().find(|f| is_test_data(f)) {
        bail!("third-party test data must not be packaged, found {bad}");
    }
    write_sums(package_dir, &files)?;
    files.push(SUMS.to_string());
    Ok(files)
}

/// Whether a packaged path looks like test data, which keeps its own licence and stays out of packages
/// (`crates/*/tests/data`, with its `SOURCES.md`).
fn is_test_data(rel: &str) -> bool {
    rel.split('/').any(|c| c == "tests") || rel.ends_with("SOURCES.md")
}

/// Copies a directory tree, files with mode 0644.
fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    fs::create_dir_all(to)?;
    let mut entries: Vec<_> = fs::read_dir(from)
        .with_context(|| format!("reading {}", from.display()))?
        .collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let src = entry.path();
        let dest = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&src, &dest)?;
        } else {
            fs::copy(&src, &dest).with_context(|| format!("copying {}", src.display()))?;
            set_mode(&dest, 0o644)?;
        }
    }
    Ok(())
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode))
        .with_context(|| format!("setting the mode of {}", path.display()))
}

#[cfg(not(unix))]
fn set_mode(_path: &Path, _mode: u32) -> Result<()> {
    Ok(())
}

#[cfg(unix)]
fn is_executable(path: &Path) -> Result<bool> {
    use std::os::unix::fs::PermissionsExt;
    Ok(fs::metadata(path)?.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> Result<bool> {
    Ok(path.extension().is_some_and(|e| e == "exe"))
}

/// Every file under `dir`, as sorted `/`-separated relative paths.
pub fn list_files(dir: &Path) -> Result<Vec<String>> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) -> Result<()> {
        for entry in fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
            let entry = entry?;
            let path = entry.path();
            if entry.file_type()?.is_dir() {
                walk(base, &path, out)?;
            } else {
                let rel = path.strip_prefix(base)?;
                let parts: Vec<String> =
                    rel.components().map(|c| c.as_os_str().to_string_lossy().into()).collect();
                out.push(parts.join("/"));
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out)?;
    out.sort();
    Ok(out)
}

/// The SHA-256 of a file as lower-case hex.
pub fn sha256_file(path: &Path) -> Result<String> {
    let mut file = fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hasher.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// Writes `dir/SHA256SUMS` for `files` (relative to `dir`) in `sha256sum`'s format, `<hex>  <name>`,
/// one line each, in the given order.
pub fn write_sums(dir: &Path, files: &[String]) -> Result<PathBuf> {
    let mut text = String::new();
    for f in files {
        text.push_str(&format!("{}  {f}\n", sha256_file(&dir.join(f))?));
    }
    let path = dir.join(SUMS);
    fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

/// Checks `dir/SHA256SUMS` like `sha256sum -c`: every listed file exists and matches. Returns how many
/// files were checked.
pub fn verify_sums(dir: &Path) -> Result<usize> {
    let path = dir.join(SUMS);
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut checked = 0;
    for (i, line) in text.lines().enumerate() {
        let (hex, name) = line
            .split_once("  ")
            .filter(|(h, n)| h.len() == 64 && h.bytes().all(|b| b.is_ascii_hexdigit()) && !n.is_empty())
            .with_context(|| format!("{}:{}: not `<sha256>  <file>`: {line:?}", path.display(), i + 1))?;
        let actual = sha256_file(&dir.join(name))?;
        ensure!(
            actual.eq_ignore_ascii_case(hex),
            "{name}: checksum mismatch (listed {hex}, actual {actual})"
        );
        checked += 1;
    }
    ensure!(checked > 0, "{} lists no file", path.display());
    Ok(checked)
}

/// The time stamp of every tarball entry: `SOURCE_DATE_EPOCH` if set, else the time of the `HEAD`
/// commit, else 0, so that one commit packs to the same bytes.
pub fn source_date(root: &Path) -> u64 {
    if let Some(t) = std::env::var("SOURCE_DATE_EPOCH").ok().and_then(|s| s.trim().parse().ok()) {
        return t;
    }
    Command::new("git")
        .args(["log", "-1", "--format=%ct"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
        .unwrap_or(0)
}

/// Packs `package_dir` as `out` (gzip'd tar) with the directory's name as the single top-level entry.
/// Reproducible: sorted entries, owner 0:0, mode 0755 for directories and executables, 0644 otherwise,
/// every time stamp `mtime`.
pub fn write_tarball(package_dir: &Path, out: &Path, mtime: u64) -> Result<()> {
    let top = package_dir.file_name().context("package directory has no name")?.to_string_lossy().to_string();
    let file = fs::File::create(out).with_context(|| format!("creating {}", out.display()))?;
    let gz = flate2::GzBuilder::new()
        .mtime(u32::try_from(mtime).unwrap_or(0))
        .write(BufWriter::new(file), flate2::Compression::best());
    let mut tar = tar::Builder::new(gz);

    let header = |kind: tar::EntryType, size: u64, mode: u32| {
        let mut h = tar::Header::new_gnu();
        h.set_entry_type(kind);
        h.set_size(size);
        h.set_mode(mode);
        h.set_uid(0);
        h.set_gid(0);
        h.set_mtime(mtime);
        h
    };
    let files = list_files(package_dir)?;
    // Every directory that holds a file, with all its ancestors ("" is the top level).
    let mut dirs = std::collections::BTreeSet::from([String::new()]);
    for f in &files {
        let mut end = 0;
        while let Some(slash) = f[end..].find('/') {
            end += slash;
            dirs.insert(f[..end].to_string());
            end += 1;
        }
    }
    for d in &dirs {
        let path = if d.is_empty() { format!("{top}/") } else { format!("{top}/{d}/") };
        let mut h = header(tar::EntryType::Directory, 0, 0o755);
        tar.append_data(&mut h, path, std::io::empty())?;
    }
    for f in &files {
        let src = package_dir.join(f);
        let mode = if is_executable(&src)? { 0o755 } else { 0o644 };
        let data = fs::read(&src).with_context(|| format!("reading {}", src.display()))?;
        let mut h = header(tar::EntryType::Regular, data.len() as u64, mode);
        tar.append_data(&mut h, format!("{top}/{f}"), data.as_slice())?;
    }
    let gz = tar.into_inner()?;
    let mut writer = gz.finish()?;
    writer.flush()?;
    Ok(())
}

/// Unpacks a `.tar.gz` into `dest`.
pub fn unpack(tarball: &Path, dest: &Path) -> Result<()> {
    let file = fs::File::open(tarball).with_context(|| format!("opening {}", tarball.display()))?;
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    archive.set_preserve_permissions(true);
    archive.unpack(dest).with_context(|| format!("unpacking {} into {}", tarball.display(), dest.display()))
}

/// Verifies the tarball against the `SHA256SUMS` beside it, unpacks it into `scratch`, verifies the
/// package's own checksums and runs each binary with `--version` from `scratch` (not the package
/// directory), expecting `<name> <version>`. Returns the output lines.
pub fn smoke_test(dist_dir: &Path, name: &str, bins: &[Binary], scratch: &Path) -> Result<Vec<String>> {
    verify_sums(dist_dir).context("the tarball's checksum")?;
    if scratch.exists() {
        fs::remove_dir_all(scratch)?;
    }
    fs::create_dir_all(scratch)?;
    unpack(&dist_dir.join(format!("{name}.tar.gz")), scratch)?;
    let package = scratch.join(name);
    verify_sums(&package).context("the package's checksums")?;
    let mut lines = Vec::new();
    for b in bins {
        let exe = package.join(format!("{}{}", b.name, std::env::consts::EXE_SUFFIX));
        let out = Command::new(&exe)
            .arg("--version")
            .current_dir(scratch)
            .output()
            .with_context(|| format!("could not run {}", exe.display()))?;
        let stdout = String::from_utf8_lossy(&out.stdout).trim().to_string();
        ensure!(
            out.status.success() && stdout == format!("{} {VERSION}", b.name),
            "{} --version: {} {stdout:?} {}",
            b.name,
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        lines.push(stdout);
    }
    fs::remove_dir_all(scratch)?;
    Ok(lines)
}

/// Human-readable size.
pub fn fmt_size(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
    } else {
        format!("{} KiB", bytes >> 10)
    }
}

/// `cargo xtask dist [--no-game]`.
pub fn dist(cargo: &str, root: &Path, target_dir: &Path, game: bool) -> Result<()> {
    let target = host_target(root)?;
    let name = package_name(VERSION, &target);
    let bins = binaries(game);
    if game {
        check_audio_headers()?;
    }
    let started = std::time::Instant::now();
    let paths = build(cargo, root, target_dir, &bins)?;
    let build_secs = started.elapsed().as_secs();

    let dist_dir = target_dir.join("dist");
    let package_dir = dist_dir.join(&name);
    let files = lay_out(root, &paths, &package_dir, &target)?;
    let tarball_name = format!("{name}.tar.gz");
    let tarball = dist_dir.join(&tarball_name);
    write_tarball(&package_dir, &tarball, source_date(root))?;
    write_sums(&dist_dir, &[tarball_name])?;
    let versions = smoke_test(&dist_dir, &name, &bins, &dist_dir.join(".smoke"))?;

    println!("\npackage    {} ({} files)", package_dir.display(), files.len());
    for f in &files {
        println!("             {f}");
    }
    println!("tarball    {} ({})", tarball.display(), fmt_size(fs::metadata(&tarball)?.len()));
    println!("checksums  {}", dist_dir.join(SUMS).display());
    println!("verified   both SHA256SUMS; from another directory: {}", versions.join(", "));
    println!("build      {build_secs} s");
    if !game {
        println!("note       --no-game: the package has no `gambit` game binary");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake workspace root (assets, README, licences, and test data that must stay out) and fake
    /// binaries in a separate directory.
    fn fake_inputs(dir: &Path) -> (PathBuf, Vec<PathBuf>) {
        let root = dir.join("root");
        fs::create_dir_all(root.join("assets/fonts")).unwrap();
        fs::write(root.join("assets/fonts/Font.ttf"), b"font bytes").unwrap();
        fs::write(root.join("assets/fonts/Font-LICENSE.txt"), b"font licence").unwrap();
        for f in ROOT_FILES {
            fs::write(root.join(f), format!("{f} text")).unwrap();
        }
        fs::create_dir_all(root.join("crates/rules/tests/data")).unwrap();
        fs::write(root.join("crates/rules/tests/data/SOURCES.md"), b"GPL data").unwrap();
        let bin_dir = dir.join("bin");
        fs::create_dir_all(&bin_dir).unwrap();
        let bins: Vec<PathBuf> = ["gambit-cli", "gambit-uci"]
            .iter()
            .map(|name| {
                let p = bin_dir.join(name);
                fs::write(&p, format!("#!/bin/sh\necho '{name} {VERSION}'\n")).unwrap();
                set_mode(&p, 0o700).unwrap();
                p
            })
            .collect();
        (root, bins)
    }

    #[test]
    fn parses_the_host_triple() {
        let vv =
            "rustc 1.95.0 (abc 2026-01-01)\nbinary: rustc\nhost: x86_64-unknown-linux-gnu\nrelease: 1.95.0\n";
        assert_eq!(parse_host(vv).unwrap(), "x86_64-unknown-linux-gnu");
        assert!(parse_host("rustc 1.95.0\n").is_err());
        assert_eq!(
            package_name("0.1.0", "x86_64-unknown-linux-gnu"),
            "gambit-0.1.0-x86_64-unknown-linux-gnu"
        );
    }

    #[test]
    fn build_arguments_name_each_binary() {
        assert_eq!(
            build_args(&binaries(false)).join(" "),
            "build --locked --profile dist -p gambit-cli --bin gambit-cli -p gambit-uci --bin gambit-uci"
        );
        let with_game = build_args(&binaries(true)).join(" ");
        assert!(with_game.contains("-p gambit --bin gambit -p gambit-cli"), "{with_game}");
        assert!(with_game.ends_with("--features gambit/audio"), "{with_game}");
    }

    #[test]
    fn sha256_matches_known_vectors_and_sha256sum_format() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("abc"), b"abc").unwrap();
        fs::write(dir.path().join("empty"), b"").unwrap();
        assert_eq!(
            sha256_file(&dir.path().join("abc")).unwrap(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        write_sums(dir.path(), &["abc".to_string(), "empty".to_string()]).unwrap();
        assert_eq!(
            fs::read_to_string(dir.path().join(SUMS)).unwrap(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  abc\n\
             e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty\n"
        );
        assert_eq!(verify_sums(dir.path()).unwrap(), 2);
    }

    #[test]
    fn verification_catches_changed_missing_and_garbled_entries() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("a"), b"one").unwrap();
        write_sums(dir.path(), &["a".to_string()]).unwrap();
        fs::write(dir.path().join("a"), b"two").unwrap();
        assert!(verify_sums(dir.path()).unwrap_err().to_string().contains("mismatch"));
        fs::remove_file(dir.path().join("a")).unwrap();
        assert!(verify_sums(dir.path()).is_err());
        fs::write(dir.path().join(SUMS), "not a checksum line\n").unwrap();
        assert!(verify_sums(dir.path()).is_err());
        fs::write(dir.path().join(SUMS), "").unwrap();
        assert!(verify_sums(dir.path()).is_err());
    }

    #[test]
    fn lays_out_the_package() {
        let dir = tempfile::tempdir().unwrap();
        let (root, bins) = fake_inputs(dir.path());
        let package = dir.path().join("out/gambit-0.1.0-test");
        // A stale file from an earlier run disappears.
        fs::create_dir_all(&package).unwrap();
        fs::write(package.join("stale"), b"old").unwrap();
        let files = lay_out(&root, &bins, &package, "test-triple").unwrap();
        assert_eq!(
            files,
            [
                "INSTALL.txt",
                "LICENSE-APACHE",
                "LICENSE-MIT",
                "README.md",
                "assets/fonts/Font-LICENSE.txt",
                "assets/fonts/Font.ttf",
                "gambit-cli",
                "gambit-uci",
                SUMS,
            ]
        );
        assert_eq!(list_files(&package).unwrap().len(), files.len());
        assert!(is_executable(&package.join("gambit-cli")).unwrap());
        assert!(!is_executable(&package.join("README.md")).unwrap());
        let note = fs::read_to_string(package.join("INSTALL.txt")).unwrap();
        assert!(note.starts_with(&format!("Gambit {VERSION} for test-triple")), "{note}");
        assert!(note.contains("--no-game"), "no game binary among the fakes: {note}");
        // The package's own checksums cover every other file.
        assert_eq!(verify_sums(&package).unwrap(), files.len() - 1);
        // A missing input is an error, not a partial package.
        fs::remove_file(root.join("LICENSE-MIT")).unwrap();
        assert!(lay_out(&root, &bins, &package, "t").is_err());
    }

    #[test]
    fn test_data_never_enters_a_package() {
        assert!(is_test_data("assets/tests/data/wac.epd"));
        assert!(is_test_data("assets/SOURCES.md"));
        assert!(!is_test_data("assets/fonts/DejaVuSans.ttf"));
        let dir = tempfile::tempdir().unwrap();
        let (root, bins) = fake_inputs(dir.path());
        fs::create_dir_all(root.join("assets/tests/data")).unwrap();
        fs::write(root.join("assets/tests/data/wac.epd"), b"GPL").unwrap();
        let err = lay_out(&root, &bins, &dir.path().join("pkg"), "t").unwrap_err();
        assert!(err.to_string().contains("test data"), "{err}");
    }

    #[test]
    fn tarball_round_trips_reproducibly_and_smoke_test_runs_the_binaries() {
        let dir = tempfile::tempdir().unwrap();
        let (root, bins) = fake_inputs(dir.path());
        let dist_dir = dir.path().join("dist");
        let name = "gambit-0.1.0-test";
        let files = lay_out(&root, &bins, &dist_dir.join(name), "test").unwrap();
        let tarball = dist_dir.join(format!("{name}.tar.gz"));
        write_tarball(&dist_dir.join(name), &tarball, 1_700_000_000).unwrap();
        let first = fs::read(&tarball).unwrap();
        write_tarball(&dist_dir.join(name), &tarball, 1_700_000_000).unwrap();
        assert_eq!(first, fs::read(&tarball).unwrap(), "same inputs, same bytes");

        // Entries: one top-level directory, owner 0, fixed time, executables 0755.
        let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(first.as_slice()));
        let mut seen = Vec::new();
        for entry in archive.entries().unwrap() {
            let entry = entry.unwrap();
            let h = entry.header();
            let path = entry.path().unwrap().to_string_lossy().to_string();
            assert!(path.starts_with(&format!("{name}/")), "{path}");
            assert_eq!((h.uid().unwrap(), h.mtime().unwrap()), (0, 1_700_000_000));
            if path.ends_with("gambit-cli") || path.ends_with("gambit-uci") || path.ends_with('/') {
                assert_eq!(h.mode().unwrap(), 0o755, "{path}");
            } else {
                assert_eq!(h.mode().unwrap(), 0o644, "{path}");
            }
            seen.push(path);
        }
        assert_eq!(seen.iter().filter(|p| !p.ends_with('/')).count(), files.len());
        let dirs: Vec<&String> = seen.iter().filter(|p| p.ends_with('/')).collect();
        assert_eq!(dirs, [&format!("{name}/"), &format!("{name}/assets/"), &format!("{name}/assets/fonts/")]);

        write_sums(&dist_dir, &[format!("{name}.tar.gz")]).unwrap();
        let sums = fs::read_to_string(dist_dir.join(SUMS)).unwrap();
        assert!(sums.ends_with(&format!("  {name}.tar.gz\n")), "{sums}");
        if cfg!(unix) {
            // The fake binaries are shell scripts answering `--version` like the real ones.
            let lines = smoke_test(&dist_dir, name, &TOOLS, &dir.path().join("scratch")).unwrap();
            assert_eq!(lines, [format!("gambit-cli {VERSION}"), format!("gambit-uci {VERSION}")]);
        }
        // A changed tarball fails the smoke test before anything runs.
        fs::write(&tarball, b"corrupt").unwrap();
        assert!(smoke_test(&dist_dir, name, &TOOLS, &dir.path().join("scratch")).is_err());
    }
}
