//! The command lines written for people: in every `README.md` and `docs/*.md`, and in the messages of
//! [`MESSAGE_SOURCES`] (the game's hint when there is no display).
//!
//! One reader for three users: the `tidy` test (each `cargo run -p X` resolves to one binary) and the
//! tests of the crates that build `gambit-cli` and `gambit-uci`, which run each line of their binary
//! with [`run_lines`] and include this file with `#[path]` (so it uses only `std`).
//!
//! What counts as a command:
//! - the lines of fenced code blocks marked `sh`, `bash`, `shell`, `console` or unmarked, and the
//!   inline code spans of the prose (one line each; in a Rust source, the backticked spans);
//! - split into words as a shell does for such simple lines: `'…'` and `"…"` quote, `\` escapes, an
//!   unquoted `#` starting a word begins a comment, and `|`, `||`, `&&`, `;` separate commands; a line
//!   ending in `\` continues on the next;
//! - the program is the first word after `NAME=value` assignments and the wrappers `nice`, `time`,
//!   `env` and `xvfb-run` with their options; a word ending in `/NAME` names the program `NAME`;
//! - in prose, a span that is a bare program name (`gambit-uci`, a name rather than a command) or a
//!   synopsis (a placeholder word in capitals such as `N` or `FILE`, or `[`, `<`, `...`) is skipped.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One command found in a Markdown file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocCommand {
    /// The Markdown file, relative to the repository root.
    pub file: PathBuf,
    /// The 1-based line where the command starts.
    pub line: usize,
    /// The program (`cargo`, `gambit-cli`, ... : a path's file name) followed by its arguments.
    pub words: Vec<String>,
}

/// What a `cargo` command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CargoCommand<'a> {
    /// `run`, `build`, `test`, ...
    pub subcommand: &'a str,
    /// `-p`/`--package`.
    pub package: Option<&'a str>,
    /// `--bin`.
    pub bin: Option<&'a str>,
    /// `--example`.
    pub example: Option<&'a str>,
    /// The words after `--`: the program's arguments for `cargo run`.
    pub args: &'a [String],
}

impl DocCommand {
    /// `file:line`, for messages.
    pub fn place(&self) -> String {
        format!("{}:{}", self.file.display(), self.line)
    }

    /// The program: the first word.
    pub fn program(&self) -> &str {
        &self.words[0]
    }

    /// The arguments after the program.
    pub fn args(&self) -> &[String] {
        &self.words[1..]
    }

    /// The parts of a `cargo` command; `None` for other programs.
    pub fn cargo(&self) -> Option<CargoCommand<'_>> {
        if self.program() != "cargo" {
            return None;
        }
        let words = self.args();
        let end = words.iter().position(|w| w == "--").unwrap_or(words.len());
        let (options, args) = (&words[..end], words.get(end + 1..).unwrap_or(&[]));
        let value = |short: Option<&str>, long: &str| {
            options.iter().enumerate().find_map(|(i, w)| {
                if Some(w.as_str()) == short || w == long {
                    options.get(i + 1).map(String::as_str)
                } else {
                    w.strip_prefix(long).and_then(|rest| rest.strip_prefix('='))
                }
            })
        };
        let subcommand = options.iter().find(|w| !w.starts_with(['-', '+']))?;
        Some(CargoCommand {
            subcommand,
            package: value(Some("-p"), "--package"),
            bin: value(None, "--bin"),
            example: value(None, "--example"),
            args,
        })
    }

    /// The binary this command runs, with its arguments: `cargo run -p P [--bin B] -- ARGS` runs `B`,
    /// or `P` (the binary named after its package, which `tidy` checks is the one `cargo run` picks);
    /// any other program runs itself. `None` for other `cargo` commands.
    pub fn binary(&self) -> Option<(&str, &[String])> {
        match self.cargo() {
            Some(CargoCommand { subcommand: "run", package: Some(p), bin, example: None, args }) => {
                Some((bin.unwrap_or(p), args))
            }
            Some(_) => None,
            None => Some((self.program(), self.args())),
        }
    }
}

/// Runs every documented line of the program `binary` with the executable `exe`, from the repository
/// `root`, with an empty standard input (an interactive command stops at its first prompt) and
/// `GAMBIT_DATA_DIR` set to `data_dir`; each must exit with status 0.
///
/// `smoke` gives the arguments each line runs with: the line's own, or the same command at a smoke
/// size (a measurement's depth, seeds, games or time cut down, an output file moved out of the
/// checkout; the caller knows its program's options). When `smoke` ends the arguments with `--help`
/// (a line that names a subcommand without the options it needs), clap still checks that the
/// subcommand and every option exist and that their values parse, and each argument that names a
/// file (a relative path with a directory and an extension) must exist.
///
/// Returns how many lines ran and the failures, each as `file:line: why`.
pub fn run_lines(
    root: &Path,
    binary: &str,
    exe: &Path,
    smoke: impl Fn(&[String]) -> Vec<String>,
    data_dir: &Path,
) -> std::io::Result<(usize, Vec<String>)> {
    let mut failures = Vec::new();
    let mut ran = 0;
    for cmd in commands(root)? {
        let Some((bin, args)) = cmd.binary() else { continue };
        if bin != binary {
            continue;
        }
        let args = smoke(args);
        if args.last().is_some_and(|a| a == "--help") {
            for path in args.iter().filter(|a| names_a_file(a)) {
                if !root.join(path).is_file() {
                    failures.push(format!("{}: no file {path}", cmd.place()));
                }
            }
        }
        let out = Command::new(exe)
            .args(&args)
            .current_dir(root)
            .env("GAMBIT_DATA_DIR", data_dir)
            .stdin(Stdio::null())
            .output()?;
        ran += 1;
        if !out.status.success() {
            failures.push(format!(
                "{}: `{binary} {}` exited with {}: {}",
                cmd.place(),
                args.join(" "),
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    Ok((ran, failures))
}

/// Whether a command's argument names a file: a relative path with a directory and a lower-case
/// extension (`crates/search/tests/data/wac.epd`), not an option or a FEN.
fn names_a_file(arg: &str) -> bool {
    let extension = Path::new(arg).extension().map(|e| e.to_string_lossy().into_owned());
    !arg.starts_with('-')
        && !arg.contains(' ')
        && arg.contains('/')
        && extension.is_some_and(|e| !e.is_empty() && e.chars().all(|c| c.is_ascii_lowercase()))
}

/// The Markdown files whose commands count: every `README.md` below `root` (outside `target/` and
/// hidden directories) and `docs/*.md`, sorted, relative to `root`.
pub fn markdown_files(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(root.join(dir))? {
            let entry = entry?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let rel = dir.join(&*name);
            if entry.file_type()?.is_dir() {
                if !name.starts_with('.') && name != "target" {
                    walk(root, &rel, out)?;
                }
            } else if name == "README.md" || (dir == Path::new("docs") && name.ends_with(".md")) {
                out.push(rel);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(root, Path::new(""), &mut out)?;
    out.sort();
    Ok(out)
}

/// Sources whose user-facing messages name commands, in backticks.
pub const MESSAGE_SOURCES: [&str; 1] = ["crates/app/src/main.rs"];

/// Every command in the Markdown files of [`markdown_files`] and in [`MESSAGE_SOURCES`].
pub fn commands(root: &Path) -> std::io::Result<Vec<DocCommand>> {
    let mut out = Vec::new();
    let messages = MESSAGE_SOURCES.iter().map(PathBuf::from);
    for file in markdown_files(root)?.into_iter().chain(messages) {
        let text = std::fs::read_to_string(root.join(&file))?;
        out.extend(commands_in(&file, &text));
    }
    Ok(out)
}

/// The commands of one Markdown text (`file` only labels them).
pub fn commands_in(file: &Path, text: &str) -> Vec<DocCommand> {
    let mut out = Vec::new();
    let mut fence: Option<bool> = None; // inside a fenced block: whether it holds shell commands
    let mut pending: Option<(usize, String)> = None; // a shell line continued with `\`
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            fence = match fence {
                Some(_) => None,
                None => Some(matches!(info.trim(), "" | "sh" | "bash" | "shell" | "console")),
            };
            continue;
        }
        match fence {
            Some(true) => {
                let (start, mut joined) = pending.take().unwrap_or((i + 1, String::new()));
                joined.push_str(trimmed.strip_prefix("$ ").unwrap_or(trimmed));
                if let Some(head) = joined.strip_suffix('\\') {
                    pending = Some((start, format!("{head} ")));
                    continue;
                }
                for words in split_commands(&joined) {
                    if let Some(words) = program_and_args(words) {
                        out.push(DocCommand { file: file.to_path_buf(), line: start, words });
                    }
                }
            }
            Some(false) => {}
            None => {
                for span in code_spans(line) {
                    if is_synopsis(span) {
                        continue;
                    }
                    for words in split_commands(span) {
                        let bare_name = words.len() == 1 && !words[0].contains(['/', '=']);
                        if bare_name {
                            continue;
                        }
                        if let Some(words) = program_and_args(words) {
                            out.push(DocCommand { file: file.to_path_buf(), line: i + 1, words });
                        }
                    }
                }
            }
        }
    }
    out
}

/// The inline code spans of one line of prose (single backticks).
fn code_spans(line: &str) -> Vec<&str> {
    let mut spans = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        let ticks = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let body = &rest[start + ticks..];
        let fence = &rest[start..start + ticks];
        let Some(end) = body.find(fence) else { break };
        spans.push(body[..end].trim());
        rest = &body[end + ticks..];
    }
    spans
}

/// Whether a prose span is a synopsis with placeholders rather than a command.
fn is_synopsis(span: &str) -> bool {
    span.contains(['[', '<'])
        || span.contains("...")
        || span.contains('…')
        || span
            .split_whitespace()
            .any(|w| w.len() <= 8 && w.chars().all(|c| c.is_ascii_uppercase() || c == '_') && !w.is_empty())
}

/// Splits a shell line into commands of words (see the module documentation for the subset).
pub fn split_commands(line: &str) -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    let end_word = |words: &mut Vec<String>, word: &mut String, in_word: &mut bool| {
        if *in_word {
            words.push(std::mem::take(word));
            *in_word = false;
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                word.extend(chars.by_ref().take_while(|&c| c != '\''));
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' if matches!(chars.peek(), Some('"' | '\\' | '$' | '`')) => {
                            word.extend(chars.next());
                        }
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            '#' if !in_word => break,
            '|' | ';' | '&' => {
                end_word(&mut words, &mut word, &mut in_word);
                if chars.peek() == Some(&c) {
                    chars.next();
                }
                commands.push(std::mem::take(&mut words));
            }
            c if c.is_whitespace() => end_word(&mut words, &mut word, &mut in_word),
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    end_word(&mut words, &mut word, &mut in_word);
    commands.push(words);
    commands.retain(|c| !c.is_empty());
    commands
}

/// Drops leading assignments and wrapper programs, and names the program by its file name.
fn program_and_args(words: Vec<String>) -> Option<Vec<String>> {
    // Wrappers, with their options that take a value.
    const WRAPPERS: [(&str, &[&str]); 4] =
        [("nice", &["-n"]), ("time", &[]), ("env", &[]), ("xvfb-run", &["-s", "-n", "-e", "-f"])];
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        let assignment = w.split_once('=').is_some_and(|(name, _)| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
        if assignment {
            i += 1;
        } else if let Some((_, takes_value)) = WRAPPERS.iter().find(|(name, _)| *name == w) {
            i += 1;
            while let Some(option) = words.get(i).filter(|o| o.starts_with('-')) {
                i += if takes_value.contains(&option.as_str()) { 2 } else { 1 };
            }
        } else {
            break;
        }
    }
    let mut rest = words.into_iter().skip(i);
    let program = rest.next()?;
    let name = program.rsplit('/').next().unwrap_or(&program).to_string();
    Some(std::iter::once(name).chain(rest).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn shell_words_quotes_comments_and_separators() {
        assert_eq!(
            split_commands(r#"a 'b c' "d \"e\"" f\ g # h"#),
            vec![words(&["a", "b c", "d \"e\"", "f g"])]
        );
        assert_eq!(
            split_commands("x | head -3 && y; z || w"),
            vec![words(&["x"]), words(&["head", "-3"]), words(&["y"]), words(&["z"]), words(&["w"])]
        );
        assert_eq!(split_commands("a#b"), vec![words(&["a#b"])]);
        assert!(split_commands("   # only a comment").is_empty());
    }

    #[test]
    fn blocks_spans_wrappers_and_synopses() {
        let text = "\
Run `gambit-cli play`, or `./gambit-uci`; `gambit-uci` is a name and `gambit-cli run --seed N` a synopsis.

```sh
cargo run --release -p gambit-cli -- show --moves e4   # a comment
nice -n 19 target/release/gambit-cli epd a.epd \\
    --movetime 10
CARGO_TARGET_DIR=$HOME/t cargo build -p gambit-cli --bin gambit-uci
xvfb-run -a -s \"-screen 0 1x1x24\" cargo run -p gambit -- --screenshot out
```

```rust
gambit-cli not a command
```
";
        let found = commands_in(Path::new("README.md"), text);
        let got: Vec<(usize, Vec<String>)> = found.iter().map(|c| (c.line, c.words.clone())).collect();
        assert_eq!(
            got,
            vec![
                (1, words(&["gambit-cli", "play"])),
                (1, words(&["gambit-uci"])),
                (4, words(&["cargo", "run", "--release", "-p", "gambit-cli", "--", "show", "--moves", "e4"])),
                (5, words(&["gambit-cli", "epd", "a.epd", "--movetime", "10"])),
                (7, words(&["cargo", "build", "-p", "gambit-cli", "--bin", "gambit-uci"])),
                (8, words(&["cargo", "run", "-p", "gambit", "--", "--screenshot", "out"])),
            ]
        );
        assert_eq!(found[2].binary(), Some(("gambit-cli", &words(&["show", "--moves", "e4"])[..])));
        assert_eq!(
            found[3].binary(),
            Some(("gambit-cli", &words(&["epd", "a.epd", "--movetime", "10"])[..]))
        );
        assert_eq!(found[4].binary(), None);
        let cargo = found[4].cargo().unwrap();
        assert_eq!(
            (cargo.subcommand, cargo.package, cargo.bin),
            ("build", Some("gambit-cli"), Some("gambit-uci"))
        );
        assert_eq!(found[5].binary().map(|b| b.0), Some("gambit"));
        assert_eq!(found[2].place(), "README.md:4");
    }

    #[test]
    fn file_arguments_are_told_from_fens_and_options() {
        assert!(names_a_file("crates/search/tests/data/wac.epd"));
        assert!(!names_a_file("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
        assert!(!names_a_file("8/8/8/8/8/8/8/K6k"));
        assert!(!names_a_file("--movetime"));
        assert!(!names_a_file("e4"));
    }

    #[test]
    fn cargo_options_in_every_spelling() {
        let cmd =
            |line: &str| DocCommand { file: PathBuf::new(), line: 1, words: split_commands(line).remove(0) };
        let c = cmd("cargo +stable run --package=gambit-cli --bin=gambit-uci -- -x");
        let parsed = c.cargo().unwrap();
        assert_eq!(
            (parsed.subcommand, parsed.package, parsed.bin),
            ("run", Some("gambit-cli"), Some("gambit-uci"))
        );
        assert_eq!(parsed.args, &words(&["-x"])[..]);
        assert_eq!(cmd("cargo xtask ci").cargo().unwrap().package, None);
        assert_eq!(cmd("cargo run -p gambit").binary(), Some(("gambit", &[][..])));
    }
}
