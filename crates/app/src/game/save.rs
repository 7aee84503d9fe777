//! The unfinished skill-chess game, saved on leaving the game (or quitting) and offered by Continue.
//! File: `skill-chess.json` in the data directory, with a `version` field.

use bevy::prelude::*;
use gambit_rules::Color;
use gambit_skills::SkillBoard;
use serde::{Deserialize, Serialize};

use super::session::{ColorName, ListedAction};
use super::{Preset, SkillGame};
use crate::screens::Screen;
use crate::storage::{DataDir, keep_aside, write_atomic};

/// The file name.
pub const FILE: &str = "skill-chess.json";
/// The current format version.
pub const VERSION: u32 = 1;

/// The saved game as JSON.
#[derive(Serialize, Deserialize)]
struct SavedGame {
    version: u32,
    player: ColorName,
    strength: Preset,
    skills_enabled: bool,
    /// The skills crate's own state JSON (position, cooldowns, frozen squares, log).
    board: serde_json::Value,
    listed: Vec<ListedAction>,
}

/// Marks the current game as abandoned: on leaving the screen it is dropped and its save removed.
#[derive(Resource, Debug)]
pub struct DiscardGame;

/// Whether an unfinished game is saved (what Continue offers).
#[derive(Resource, Default, Debug)]
pub struct SavedGameAvailable(pub bool);

/// Saves `game` (or removes the save when the game is over).
///
/// # Errors
/// The I/O error.
pub fn save(dir: &DataDir, game: &SkillGame) -> std::io::Result<()> {
    let path = dir.file(FILE);
    if game.is_finished() {
        if path.exists() {
            std::fs::remove_file(path)?;
        }
        return Ok(());
    }
    let saved = SavedGame {
        version: VERSION,
        player: game.player.into(),
        strength: game.strength,
        skills_enabled: game.skills_enabled,
        board: serde_json::from_str(&game.board.to_json()).map_err(std::io::Error::other)?,
        listed: game.listed.clone(),
    };
    write_atomic(&path, &serde_json::to_string_pretty(&saved).map_err(std::io::Error::other)?)
}

/// Loads the saved game. A missing file is `Ok(None)`; an unreadable one is moved aside and reported.
///
/// # Errors
/// A message naming what was wrong and where the file was kept.
pub fn load(dir: &DataDir) -> Result<Option<SkillGame>, String> {
    let path = dir.file(FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("could not read {}: {e}", path.display())),
    };
    let parsed: Result<SkillGame, String> = (|| {
        let saved: SavedGame = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        if saved.version != VERSION {
            return Err(format!("unknown version {}", saved.version));
        }
        let board = SkillBoard::from_json(&saved.board.to_string()).map_err(|e| e.to_string())?;
        let mut game =
            SkillGame::from_board(board, Color::from(saved.player), saved.strength, saved.skills_enabled);
        game.listed = saved.listed;
        Ok(game)
    })();
    parsed.map(Some).map_err(|e| match keep_aside(&path) {
        Ok(aside) => format!("the saved game was unreadable ({e}); it was kept as {}", aside.display()),
        Err(io) => format!("the saved game was unreadable ({e}) and could not be moved aside: {io}"),
    })
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SavedGameAvailable>();
    app.add_systems(OnEnter(Screen::Title), refresh_available);
    app.add_systems(OnExit(Screen::SkillChess), leave_game);
    app.add_systems(Last, save_on_exit.run_if(on_message::<AppExit>));
}

fn refresh_available(dir: Res<DataDir>, mut available: ResMut<SavedGameAvailable>) {
    available.0 = dir.file(FILE).exists();
}

fn save_current(dir: Res<DataDir>, game: Option<Res<SkillGame>>) {
    if let Some(game) = game
        && let Err(e) = save(&dir, &game)
    {
        error!("could not save the game: {e}");
    }
}

/// Leaving the game screen: an abandoned game is dropped with its save; any other is saved.
fn leave_game(
    mut commands: Commands,
    dir: Res<DataDir>,
    game: Option<Res<SkillGame>>,
    discard: Option<Res<DiscardGame>>,
) {
    if discard.is_some() {
        commands.remove_resource::<DiscardGame>();
        commands.remove_resource::<SkillGame>();
        let _ = std::fs::remove_file(dir.file(FILE));
        return;
    }
    save_current(dir, game);
}

fn save_on_exit(dir: Res<DataDir>, game: Option<Res<SkillGame>>, screen: Res<State<Screen>>) {
    if *screen.get() == Screen::SkillChess {
        save_current(dir, game);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_skills::SkillConfig;

    #[test]
    fn round_trip_and_corrupt_file() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = DataDir(tmp.path().to_path_buf());
        assert!(load(&dir).unwrap().is_none());
        let mut g = SkillGame::new(SkillConfig::default(), Color::Black, Preset::Club, true).unwrap();
        g.apply(gambit_skills::Action::Move(g.board.position().parse_san("d4").unwrap())).unwrap();
        g.command("fz d4").unwrap();
        save(&dir, &g).unwrap();
        let back = load(&dir).unwrap().unwrap();
        assert_eq!(back.board, g.board);
        assert_eq!(back.listed, g.listed);
        assert_eq!(back.player, Color::Black);
        assert_eq!(back.strength, Preset::Club);
        std::fs::write(dir.file(FILE), "{not json").unwrap();
        let err = load(&dir).unwrap_err();
        assert!(err.contains("kept as"), "{err}");
        assert!(!dir.file(FILE).exists());
        assert!(tmp.path().join("skill-chess.json.bad-1").exists());
    }
}
