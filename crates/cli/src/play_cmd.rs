//! `gambit-cli play`: play against an engine in the terminal (ASCII board, moves in UCI or SAN), or
//! watch two engines play each other.

use std::io::{BufRead, Write};

use clap::ValueEnum;
use std::path::Path;

use gambit_rules::{Color, Move, PgnResult, PgnWriter, Position};
use gambit_search::{Engine, Limits, MinimaxEngine, RandomEngine, SearchEngine};

use crate::board_style::BoardStyle;
use crate::{bad, note};

/// The engines `play` offers.
#[derive(Copy, Clone, Debug, ValueEnum)]
pub(crate) enum EngineKind {
    /// Uniformly random legal moves.
    Random,
    /// Plain fixed-depth minimax (`--depth`, at most 4 is sensible).
    Minimax,
    /// The real engine (`--movetime` per move, or `--depth`).
    Gambit,
}

/// Settings shared by every engine of a `play` session.
pub(crate) struct EngineSettings {
    pub(crate) depth: Option<u32>,
    pub(crate) movetime: u64,
    pub(crate) seed: u64,
    /// How boards are drawn.
    pub(crate) style: BoardStyle,
}

fn make_engine(kind: EngineKind, s: &EngineSettings) -> Box<dyn Engine<Position>> {
    match kind {
        EngineKind::Random => Box::new(RandomEngine::new(s.seed)),
        EngineKind::Minimax => Box::new(MinimaxEngine { depth: s.depth.unwrap_or(3).max(1) }),
        EngineKind::Gambit => {
            let limits = match s.depth {
                Some(d) => Limits { depth: Some(d), ..Limits::default() },
                None => Limits { time_ms: Some(s.movetime.max(1)), ..Limits::default() },
            };
            Box::new(SearchEngine::new(limits, 32))
        }
    }
}

/// The result of a game that is over, and how it is announced: a decided outcome, or a draw that
/// can be claimed (which `play` claims).
fn game_over(pos: &Position) -> Option<(PgnResult, String)> {
    if let Some(o) = pos.outcome() {
        return Some((PgnResult::from_outcome(Some(o)), format!("{} ({o})", o.result_string())));
    }
    pos.claimable_draw().map(|r| (PgnResult::Draw, format!("1/2-1/2 ({r})")))
}

/// Plays a game: `human` is the colour the user plays, `None` to watch the engines `[white, black]`;
/// with `pgn`, writes the game there as PGN when it ends (however it ends), with the result it
/// announced (a claimed draw included; `*` when stopped before the end).
pub(crate) fn run(
    out: &mut impl Write,
    mut pos: Position,
    human: Option<Color>,
    [white, black]: [EngineKind; 2],
    settings: &EngineSettings,
    max_plies: u32,
    pgn: Option<&Path>,
) -> anyhow::Result<()> {
    let mut engines = [make_engine(white, settings), make_engine(black, settings)];
    let names = [engines[0].name().to_string(), engines[1].name().to_string()];
    let start = pos.clone();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut plies = 0;
    // What the game ended with, as announced (`*` when stopped or quit before the end).
    let mut result = PgnResult::Unfinished;
    loop {
        write!(out, "{}", pos.render(settings.style.options(human == Some(Color::Black))))?;
        if let Some((end, announced)) = game_over(&pos) {
            writeln!(out, "game over: {announced}")?;
            result = end;
            break;
        }
        if plies >= max_plies {
            writeln!(out, "stopped after {max_plies} plies")?;
            break;
        }
        let mv: Move = if human == Some(pos.turn()) {
            writeln!(out, "your move ({}; UCI or SAN, `quit` to stop):", pos.turn())?;
            out.flush()?;
            let Some(line) = lines.next() else { break };
            let line = line.map_err(bad)?;
            let text = line.trim();
            if text == "quit" {
                break;
            }
            match pos.parse_move(text) {
                Ok(m) => m,
                Err(e) => {
                    note!("not a legal move: {e}");
                    continue;
                }
            }
        } else {
            let engine = &mut engines[pos.turn().index()];
            let Some(m) = engine.best_move(&mut pos) else {
                return Err(anyhow::anyhow!("engine found no move"));
            };
            writeln!(out, "{} ({}) plays {}", pos.turn(), engine.name(), pos.san(m))?;
            m
        };
        pos.play_unchecked(mv);
        plies += 1;
    }
    if let Some(path) = pgn {
        let player =
            |c: Color| if human == Some(c) { "Player".to_string() } else { names[c.index()].clone() };
        let mut w = PgnWriter::new(&start);
        for (tag, value) in [
            ("Event", "gambit-cli play".to_string()),
            ("Site", "Gambit".to_string()),
            ("Date", "????.??.??".to_string()),
            ("Round", "-".to_string()),
            ("White", player(Color::White)),
            ("Black", player(Color::Black)),
            ("Result", result.to_string()),
        ] {
            w.tag(tag, &value);
        }
        for m in pos.moves_played() {
            w.play(m).map_err(|e| anyhow::anyhow!("the game does not replay: {e}"))?;
        }
        std::fs::write(path, w.finish(result, Some(80)))
            .map_err(|e| bad(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(())
}

/// The settings of a skill-chess game in the terminal.
pub(crate) struct SkillGameArgs {
    /// The board's config (its skill rules from `--skill-rules`; the start position is `pos`).
    pub(crate) config: gambit_skills::SkillConfig,
    /// The bot's depth ceiling, plies.
    pub(crate) depth: u32,
    /// The bot's seed.
    pub(crate) seed: u64,
    /// Actions after which the game stops.
    pub(crate) max_plies: u32,
    /// How boards are drawn.
    pub(crate) style: BoardStyle,
}

/// Plays skill chess (moves, `tp e4e7` teleports, `fz e7` freezes) against the bot of
/// `gambit_search::choose` (`game.depth` plies, `options` budget), or watches the bot play itself.
pub(crate) fn run_skills(
    out: &mut impl Write,
    pos: Position,
    human: Option<Color>,
    options: &gambit_search::BotOptions,
    game: &SkillGameArgs,
) -> anyhow::Result<()> {
    use gambit_skills::SkillBoard;
    let SkillGameArgs { depth, seed, max_plies, .. } = *game;
    let mut board = SkillBoard::from_position(pos, game.config.clone());
    writeln!(out, "skill rules: {}", board.config().skill_rules)?;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut actions = 0u32;
    loop {
        write!(out, "{}", board.render(game.style.options(human == Some(Color::Black))))?;
        if let Some(o) = board.finished() {
            writeln!(out, "game over: {} ({o})", o.result_string())?;
            return Ok(());
        }
        if actions >= max_plies {
            writeln!(out, "stopped after {max_plies} actions")?;
            return Ok(());
        }
        let turn = board.turn();
        if human == Some(turn) {
            writeln!(out, "your action ({turn}; a move in UCI or SAN, `tp e4e7`, `fz e7`; `quit` to stop):")?;
            out.flush()?;
            let Some(line) = lines.next() else { return Ok(()) };
            let line = line.map_err(bad)?;
            if line.trim() == "quit" {
                return Ok(());
            }
            let played = board.parse_action(line.trim()).and_then(|a| board.play_action(a));
            match played {
                Ok(played) => writeln!(out, "{turn} plays {}", describe(&played))?,
                Err(e) => {
                    note!("not a legal action: {e}");
                    continue;
                }
            }
        } else {
            let choice =
                gambit_search::choose(&mut board, depth, seed.wrapping_add(u64::from(actions)), options);
            let Some(a) = choice.action else { return Err(anyhow::anyhow!("the bot found no action")) };
            let played =
                board.play_action(a).map_err(|e| anyhow::anyhow!("the bot chose an illegal action: {e}"))?;
            writeln!(
                out,
                "{turn} (bot) plays {}  [depth {} nodes {} score {}]",
                describe(&played),
                choice.completed_depth,
                choice.nodes,
                choice.score
            )?;
        }
        actions += 1;
    }
}

/// An action as played: its text, and for a teleport how it was carried out (the skills crate decides:
/// along a legal move it is that move, otherwise the piece is relocated).
fn describe(played: &gambit_skills::Played) -> String {
    use gambit_skills::{Played, Teleported};
    let action = played.action();
    match played {
        Played::Teleport { how: Teleported::AsMove(m), .. } => {
            format!("{action} (as the move {})", m.to_uci())
        }
        Played::Teleport { how: Teleported::Relocated { captured: Some(p) }, .. } => {
            format!("{action} (relocated, captures {})", p.role.name())
        }
        Played::Teleport { how: Teleported::Relocated { captured: None }, .. } => {
            format!("{action} (relocated)")
        }
        Played::Move(_) | Played::Freeze(_) => action.to_string(),
    }
}
