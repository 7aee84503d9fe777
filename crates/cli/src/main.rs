//! `gambit-cli`: the command-line front end of Gambit.
//!
//! Exit status, for every subcommand: 0 success, 2 bad input (a bad FEN, move, file or argument; the
//! typed error is printed on stderr, as clap does for bad arguments), 1 any other failure. A reader that
//! closes standard output early (`gambit-cli run --seed 1 --auto | head -3`) ends the program quietly
//! with status 0, as it ends `cat` or `ls`: every subcommand writes through a [`std::io::Write`] handed
//! down from [`main`], and a `BrokenPipe` error that comes back from it is not a failure.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use gambit_rules::{Position, RuleSet};

mod battle_cmd;
mod bench_cmd;
mod board_style;
mod epd_cmd;
mod match_cmd;
mod perft_cmd;
mod pgn_cmd;
mod play_cmd;
mod run_cmd;
mod saves_cmd;
mod show_cmd;
mod simulate_cmd;
mod skills_cmd;
mod solve_cmd;
mod uci_cmd;

/// Gambit: a chess roguelite and its chess crates.
#[derive(Parser)]
#[command(name = "gambit-cli", version, about)]
struct Cli {
    /// Colour the boards: auto (when standard output is a terminal and NO_COLOR is unset or empty),
    /// always (even into a pipe, whatever NO_COLOR says) or never.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = board_style::ColorChoice::Auto)]
    color: board_style::ColorChoice,
    /// Draw the pieces on boards as Unicode chess symbols (♔ ♚ ...) instead of letters.
    #[arg(long, global = true)]
    unicode: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub(crate) enum Rules {
    /// FIDE chess.
    Standard,
    /// The roguelite's battle rules: no check, capturable kings, no castling, en passant or double step.
    Skirmish,
}

impl From<Rules> for RuleSet {
    fn from(r: Rules) -> RuleSet {
        match r {
            Rules::Standard => RuleSet::Standard,
            Rules::Skirmish => RuleSet::SKIRMISH,
        }
    }
}

/// Chess960 on the command line: `--chess960` reads `--fen` as a Chess960 FEN (X-FEN or Shredder-FEN
/// castling) and writes castling in UCI as the king taking its own rook; `--start960 N` starts from
/// Chess960 start position N.
#[derive(clap::Args, Copy, Clone, Debug, Default)]
pub(crate) struct Chess960Args {
    /// Chess960: the FEN is read with X-FEN or Shredder-FEN castling rights and castling moves are
    /// written (UCI) as the king taking its own rook.
    #[arg(long)]
    pub(crate) chess960: bool,
    /// Start from Chess960 start position N (0-959; 518 is the standard one); implies --chess960.
    #[arg(long, value_name = "N", conflicts_with = "fen")]
    pub(crate) start960: Option<u32>,
}

#[derive(Subcommand)]
enum Command {
    /// Plays a whole roguelite run headless (`--auto`: the bot on both sides); never touches saves.
    Run {
        /// The run seed.
        #[arg(long)]
        seed: u64,
        /// Let the bot play the player's side with the fixed policy (required).
        #[arg(long)]
        auto: bool,
        /// Print the run log (JSON: seed, configuration, each decision with what the game generated in
        /// answer) instead of the events.
        #[arg(long)]
        json: bool,
    },
    /// Shows the game's data directory and whether each save file in it loads (changes nothing).
    Saves {
        /// The directory to look at (default: the game's, `GAMBIT_DATA_DIR` or the platform's).
        #[arg(long)]
        dir: Option<std::path::PathBuf>,
    },
    /// Watches one encounter in ASCII, bot against bot.
    Battle {
        /// The encounter template's name.
        #[arg(long)]
        template: String,
        /// The seed of the variation and the bots.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Plays many seeded auto runs in parallel: win rates per stage and per template (offered, chosen,
    /// played, won, defeat reasons, moves used), per item (offered, bought, in winning builds, win
    /// rate with it, used), the action mix, run victories, against the targets.
    Simulate {
        /// How many runs (consecutive seeds from --seed).
        #[arg(long, default_value_t = 100, conflicts_with = "seeds")]
        runs: u64,
        /// The first seed.
        #[arg(long, default_value_t = 1, conflicts_with = "seeds")]
        seed: u64,
        /// A seed range, inclusive: `1..1000` (instead of --runs and --seed).
        #[arg(long)]
        seeds: Option<String>,
        /// How the auto-player picks the next board: largest (budget), random (seeded) or each (in turn).
        #[arg(long, default_value = "random")]
        board: String,
        /// A tuning file (search preset per stage, prices, gold, budgets) instead of the shipped one.
        #[arg(long)]
        tuning: Option<std::path::PathBuf>,
        /// An items file (badges, modifiers, consumables) instead of the shipped catalogue.
        #[arg(long)]
        items: Option<std::path::PathBuf>,
        /// Print JSON instead of tables.
        #[arg(long)]
        json: bool,
        /// The difficulty rank of the runs, 0 to 9 (`data/ranks.json`).
        #[arg(long, default_value = "0")]
        rank: gambit_roguelite::rank::Rank,
        /// A ranks file (the ten ranks' parameters) instead of the shipped `data/ranks.json`.
        #[arg(long)]
        ranks: Option<std::path::PathBuf>,
        /// The battles' enemy: `tuning` (the tuning file's: its thinking rungs when it has them, else
        /// its presets), `presets` (the tuning's search presets per stage, the enemy before issue 40)
        /// or `thinking` (the thinking enemy: the tuning's rungs, else the library's ladder).
        #[arg(long, default_value = "tuning", value_parser = ["tuning", "presets", "thinking"])]
        enemy: String,
        /// The reference player of every run: careless, auto (today's auto-player) or thinker
        /// (`gambit_roguelite::bot::Player`).
        #[arg(long, default_value = "auto")]
        player: gambit_roguelite::bot::Player,
        /// Judge one enemy decision in 8 with the Expert preset at 30,000 nodes and report, per route
        /// row, the share that is 200 cp or more worse than the judge's best.
        #[arg(long)]
        judge: bool,
    },
    /// Proves encounters winnable: the shortest winning line the solver finds against the enemy bot
    /// (a template and a seed), or the proof rate of every template over a seed range (--all).
    Solve {
        /// The encounter template's name.
        #[arg(long, required_unless_present = "all", conflicts_with = "all")]
        template: Option<String>,
        /// The seed of the variation and of the enemy's decisions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Every template, for every seed of --seeds.
        #[arg(long)]
        all: bool,
        /// The seed range of --all, inclusive.
        #[arg(long, default_value = "1..20")]
        seeds: String,
        /// Node cap per variation (player actions tried, each with the enemy's replies).
        #[arg(long, default_value_t = 3000)]
        nodes: u64,
    },
    /// Skill chess: plays moves and skills (`tp e4e7`, `fz e7`, `tick 3`), then shows the board, FEN,
    /// cooldowns, frozen squares, legal actions and log.
    Skills {
        /// A JSON config file (see docs/skills-config.schema.json); default: the standard config.
        #[arg(long)]
        config: Option<String>,
        /// The actions as one space-separated string, e.g. "e2e4 e7e5 tp e4e7 fz e7".
        #[arg(long)]
        actions: Option<String>,
        /// The skill rules, a preset (`default`, `classic`) or a JSON object of levers over a preset;
        /// replaces the config's `skill_rules`.
        #[arg(long, value_parser = parse_skill_rules)]
        skill_rules: Option<gambit_skills::SkillRules>,
    },
    /// Prints the skill-chess demo transcript (the prototype's scenario, manual clock).
    SkillsDemo,
    /// Counts the leaf nodes of the legal move tree (prints what Stockfish's `go perft` prints).
    Perft {
        /// Depth in plies.
        depth: u32,
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// The rule set.
        #[arg(long, value_enum, default_value_t = Rules::Standard)]
        rules: Rules,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        chess960: Chess960Args,
        /// Worker threads (1 = single-threaded).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Plays moves from a position and shows the board, FEN, legal moves, check and outcome.
    Show {
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// The rule set.
        #[arg(long, value_enum, default_value_t = Rules::Standard)]
        rules: Rules,
        /// Moves to play first, in UCI or SAN.
        #[arg(long, num_args = 0..)]
        moves: Vec<String>,
        #[command(flatten)]
        chess960: Chess960Args,
    },
    /// Speaks UCI on stdin/stdout (the same engine as the `gambit-uci` binary).
    Uci,
    /// Runs an EPD test suite of `bm`/`am` positions: one line per position, then `solved N/M`.
    Epd {
        /// The EPD file.
        file: String,
        /// Search time per position, milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Transposition-table size, MiB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
    },
    /// Searches fixed positions to a fixed depth; prints total nodes and nodes per second.
    Bench {
        /// Depth in plies.
        #[arg(long, default_value_t = 9)]
        depth: u32,
    },
    /// Plays two bot configurations against each other (chess, skill chess or battles) in parallel and
    /// deterministically; prints W/D/L, score and the Elo difference with its 95% interval.
    ///
    /// An engine is comma-separated items applied in order to the Club preset: a preset name
    /// (beginner, casual, club, expert), nodes=N, depth=N, beam=N (0 = full width), consistency=X,
    /// params=FILE (a saved parameter set, JSON), legacy (the a6fe168 search at that budget).
    /// Examples: `expert`, `club,nodes=10000`, `legacy,expert`.
    Match {
        /// The game.
        #[arg(long, value_enum, default_value_t = match_cmd::MatchGame::Skills)]
        game: match_cmd::MatchGame,
        /// Engine A.
        #[arg(long)]
        a: String,
        /// Engine B.
        #[arg(long)]
        b: String,
        /// Games (each opening twice, colours swapped).
        #[arg(long, default_value_t = 200)]
        games: usize,
        /// The seed of the openings and of every decision.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Openings: one FEN or skill state line (FEN;cooldowns;frozen) per line, cycled; default:
        /// seeded random 4-ply starts from the standard position.
        #[arg(long)]
        openings: Option<String>,
        /// Games played at once.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Write every game as PGN to this file (chess and skill chess).
        #[arg(long)]
        pgn: Option<String>,
        /// Actions after which a game is adjudicated a draw.
        #[arg(long, default_value_t = 300)]
        max_plies: u32,
        /// Skill chess: the skill rules, a preset (`default`, `classic`) or a JSON object of levers
        /// over a preset (`{"preset": "classic", "capture_limit": true}`; see docs/skills.md).
        #[arg(long, value_parser = parse_skill_rules, default_value = "default")]
        skill_rules: gambit_skills::SkillRules,
    },
    /// Reads PGN files as other programs write them and reports each game, or its error at
    /// FILE:LINE:COLUMN (exit 2 when any game is not read, 1 when a file cannot be read).
    Pgn {
        /// The PGN files (none: exit status 1).
        files: Vec<std::path::PathBuf>,
        /// Print the games read in PGN export format (the report goes to standard error).
        #[arg(long)]
        rewrite: bool,
    },
    /// Plays against an engine in the terminal (moves in UCI or SAN), or watches two engines (`--watch`).
    Play {
        /// The starting position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        #[command(flatten)]
        chess960: Chess960Args,
        /// Your side (`--color` chooses when boards are coloured).
        #[arg(long, value_enum, default_value_t = ColorArg::White)]
        side: ColorArg,
        /// The opponent engine (with `--watch`: the engine playing White).
        #[arg(long, value_enum, default_value_t = play_cmd::EngineKind::Gambit)]
        engine: play_cmd::EngineKind,
        /// Watch `--engine` (White) play `--opponent` (Black).
        #[arg(long)]
        watch: bool,
        /// The second engine, playing Black, with `--watch`.
        #[arg(long, value_enum, default_value_t = play_cmd::EngineKind::Gambit)]
        opponent: play_cmd::EngineKind,
        /// Search depth in plies (minimax: default 3; gambit: instead of --movetime).
        #[arg(long)]
        depth: Option<u32>,
        /// The gambit engine's time per move, milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Seed of the random engine.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Stop after this many plies.
        #[arg(long, default_value_t = 400)]
        max_plies: u32,
        /// Skill chess (teleports `tp e4e7`, freezes `fz e7`) against the bot at `--preset` (`--depth`
        /// and `--nodes` override its depth ceiling and node budget); `--engine` and `--movetime` do
        /// not apply.
        #[arg(long)]
        skills: bool,
        /// The skill bot's difficulty preset (gambit_search::Preset: beginner, casual, club, expert).
        #[arg(long, default_value_t = gambit_search::Preset::Club)]
        preset: gambit_search::Preset,
        /// The skill bot's node budget per action (default: the preset's).
        #[arg(long)]
        nodes: Option<u64>,
        /// With `--skills`: the skill rules, a preset (`default`, `classic`) or a JSON object of levers
        /// over a preset (see docs/skills.md).
        #[arg(long, value_parser = parse_skill_rules, default_value = "default")]
        skill_rules: gambit_skills::SkillRules,
        /// Write the game to this file as PGN when it ends (not with `--skills`).
        #[arg(long, value_name = "FILE", conflicts_with = "skills")]
        pgn: Option<std::path::PathBuf>,
    },
}

/// `--skill-rules`: a preset's name or a JSON object of levers (the skills crate reads it).
fn parse_skill_rules(text: &str) -> Result<gambit_skills::SkillRules, String> {
    gambit_skills::SkillRules::from_text(text).map_err(|e| e.to_string())
}

/// A side on the command line (`--side white`).
#[derive(Copy, Clone, Debug, ValueEnum)]
pub(crate) enum ColorArg {
    /// White.
    White,
    /// Black.
    Black,
}

/// An error caused by the user's input (bad FEN, move, file or argument): exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct BadInput(String);

pub(crate) fn bad<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow::Error::new(BadInput(e.to_string()))
}

/// Writes a diagnostic line to standard error. Unlike `eprintln!`, it does not panic when standard
/// error is closed: the message then has nowhere to go and is dropped.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
pub(crate) use note;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Not locked for the whole run: `uci` writes from its search thread too.
    let mut out = io::stdout();
    let result = run(cli, &mut out).and_then(|()| Ok(out.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if output_closed(&e) => ExitCode::SUCCESS,
        Err(e) => {
            note!("error: {e:#}");
            if e.is::<BadInput>() { ExitCode::from(2) } else { ExitCode::from(1) }
        }
    }
}

/// Whether `e` is (or wraps) the `BrokenPipe` error of a write whose reader has gone: the reader had
/// all it wanted, so the program ends quietly. Standard output is the only pipe the CLI writes to.
fn output_closed(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

pub(crate) fn load_position(
    fen: Option<&str>,
    rules: Rules,
    chess960: Chess960Args,
) -> anyhow::Result<Position> {
    let mut pos = match (fen, chess960.start960) {
        (None, Some(n)) => Position::chess960_start(n).map_err(bad)?,
        (None, None) => Position::startpos(),
        (Some(fen), _) if chess960.chess960 => {
            let setup = gambit_rules::Setup::from_chess960_fen(fen).map_err(bad)?;
            Position::from_setup(&setup, rules.into()).map_err(bad)?
        }
        (Some(fen), _) => return Position::from_fen_with(fen, rules.into()).map_err(bad),
    };
    pos.set_rules(rules.into()).map_err(bad)?;
    if chess960.chess960 {
        pos.set_chess960(true).map_err(bad)?;
    }
    Ok(pos)
}

/// Runs one subcommand, writing its report to `out` (standard output, except in tests).
fn run(cli: Cli, out: &mut impl Write) -> anyhow::Result<()> {
    use std::io::IsTerminal as _;
    let no_color = std::env::var_os("NO_COLOR");
    let board = board_style::BoardStyle::resolve(
        cli.color,
        cli.unicode,
        io::stdout().is_terminal(),
        no_color.as_deref(),
    );
    match cli.command {
        Command::Run { seed, auto, json } => run_cmd::run(out, seed, auto, json),
        Command::Battle { template, seed } => battle_cmd::run(out, board, &template, seed),
        Command::Saves { dir } => saves_cmd::run(out, dir),
        Command::Solve { template, seed, all, seeds, nodes } => {
            if nodes == 0 {
                return Err(bad("--nodes must be at least 1"));
            }
            match template {
                Some(name) if !all => solve_cmd::run_one(out, board, &name, seed, nodes),
                _ => solve_cmd::run_all(out, simulate_cmd::parse_seed_range(&seeds).map_err(bad)?, nodes),
            }
        }
        command @ Command::Simulate { .. } => simulate(out, command),
        Command::Perft { depth, fen, rules, divide, threads, chess960 } => {
            let pos = load_position(fen.as_deref(), rules, chess960)?;
            perft_cmd::run(out, depth, &pos, divide, threads)
        }
        Command::Show { fen, rules, moves, chess960 } => {
            show_cmd::run(out, board, load_position(fen.as_deref(), rules, chess960)?, &moves)
        }
        Command::Skills { config, actions, skill_rules } => {
            skills_cmd::run(out, board, config.as_deref(), actions.as_deref(), skill_rules)
        }
        Command::SkillsDemo => skills_cmd::run_demo(out, board),
        Command::Uci => uci_cmd::run(),
        Command::Epd { file, movetime, hash } => epd_cmd::run(out, &file, movetime, hash),
        Command::Bench { depth } => bench_cmd::run(out, depth),
        Command::Pgn { files, rewrite } => pgn_cmd::run(out, &files, rewrite),
        Command::Match { game, a, b, games, seed, openings, threads, pgn, max_plies, skill_rules } => {
            let args = match_cmd::MatchArgs {
                game,
                a: &a,
                b: &b,
                games,
                seed,
                openings: openings.as_deref(),
                threads,
                pgn: pgn.as_deref(),
                max_plies,
                skill_rules,
            };
            match_cmd::run(out, &args)
        }
        command @ Command::Play { .. } => play(out, command, board),
    }
}

/// `simulate`: the seeds (a range, or `--runs` from `--seed`), then the runs.
fn simulate(out: &mut impl Write, command: Command) -> anyhow::Result<()> {
    let Command::Simulate {
        runs,
        seed,
        seeds,
        board,
        tuning,
        items,
        json,
        rank,
        ranks,
        enemy,
        player,
        judge,
    } = command
    else {
        unreachable!("simulate is called with its own command")
    };
    let seeds = match seeds {
        Some(text) => simulate_cmd::parse_seed_range(&text).map_err(bad)?,
        None if runs == 0 => return Err(bad("--runs must be at least 1")),
        None => (seed, seed.checked_add(runs - 1).ok_or_else(|| bad("the seeds overflow"))?),
    };
    let board = board.parse().map_err(bad)?;
    simulate_cmd::run(
        out,
        &simulate_cmd::SimulateArgs {
            seeds,
            board,
            tuning,
            items,
            json,
            enemy: match enemy.as_str() {
                "presets" => simulate_cmd::EnemyChoice::Presets,
                "thinking" => simulate_cmd::EnemyChoice::Thinking,
                _ => simulate_cmd::EnemyChoice::Tuning,
            },
            player,
            judge,
            rank,
            ranks,
        },
    )
}

/// `play`: a game against the engine (or watched), chess or skill chess.
fn play(out: &mut impl Write, command: Command, board: board_style::BoardStyle) -> anyhow::Result<()> {
    let Command::Play {
        fen,
        chess960,
        side,
        engine,
        watch,
        opponent,
        depth,
        movetime,
        seed,
        max_plies,
        skills,
        preset,
        nodes,
        skill_rules,
        pgn,
    } = command
    else {
        unreachable!("play is called with its own command")
    };
    let human = match side {
        ColorArg::White => gambit_rules::Color::White,
        ColorArg::Black => gambit_rules::Color::Black,
    };
    if skills {
        let human = (!watch).then_some(human);
        let mut options = preset.options();
        options.max_nodes = nodes.unwrap_or(options.max_nodes);
        let depth = depth.unwrap_or(preset.depth());
        let pos = load_position(fen.as_deref(), Rules::Standard, chess960)?;
        let config = gambit_skills::SkillConfig { skill_rules, ..Default::default() };
        let game = play_cmd::SkillGameArgs { config, depth, seed, max_plies, style: board };
        return play_cmd::run_skills(out, pos, human, &options, &game);
    }
    let (human, white, black) = if watch { (None, engine, opponent) } else { (Some(human), engine, engine) };
    let settings = play_cmd::EngineSettings { depth, movetime, seed, style: board };
    let pos = load_position(fen.as_deref(), Rules::Standard, chess960)?;
    play_cmd::run(out, pos, human, [white, black], &settings, max_plies, pgn.as_deref())
}
