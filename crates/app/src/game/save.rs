//! The unfinished skill-chess game, saved after every action (and on leaving the game or quitting) and
//! offered by Continue. File: `skill-chess.json` in the data directory, with a `version` field; the
//! format is [`to_json`]/[`from_json`] (the board is the skills crate's own JSON), the file I/O the
//! store's (`gambit-store`).

use bevy::prelude::*;
use gambit_rules::Color;
use gambit_skills::SkillBoard;
use serde::{Deserialize, Serialize};

use super::session::{ColorName, ListedAction};
use super::{Preset, SkillGame};
use crate::screens::Screen;
use crate::storage::DataDir;

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
    /// Two players on one machine (optional: absent in files of games against the engine, so the
    /// version stays 1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    two_players: bool,
    /// The skills crate's own state JSON (position, cooldowns, frozen squares, log).
    board: serde_json::Value,
    listed: Vec<ListedAction>,
}

/// Marks the current game as abandoned: on leaving the screen it is dropped and its save removed.
#[derive(Resource, Debug)]
pub struct DiscardGame;

/// Whether an unfinished game is saved (what Continue offers).
#[must_use]
pub fn exists(dir: &DataDir) -> bool {
    dir.store().exists(FILE)
}

/// `skill-chess.json` as text (the current version).
#[must_use]
pub fn to_json(game: &SkillGame) -> String {
    let board: serde_json::Value =
        serde_json::from_str(&game.board.to_json()).expect("the skills crate writes JSON");
    let saved = SavedGame {
        version: VERSION,
        player: game.player.into(),
        strength: game.strength,
        skills_enabled: game.skills_enabled,
        two_players: game.two_players,
        board,
        listed: game.listed.clone(),
    };
    serde_json::to_string_pretty(&saved).expect("a saved game serializes")
}

/// Reads `skill-chess.json` (version 1, the only one so far).
///
/// # Errors
/// Why the text is not a saved game: not JSON, an unknown version, or a board the skills crate refuses.
pub fn from_json(text: &str) -> Result<SkillGame, String> {
    let saved: SavedGame = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if saved.version != VERSION {
        return Err(format!("unknown version {}", saved.version));
    }
    let board = SkillBoard::from_json(&saved.board.to_string()).map_err(|e| e.to_string())?;
    let mut game =
        SkillGame::from_board(board, Color::from(saved.player), saved.strength, saved.skills_enabled);
    game.listed = saved.listed;
    game.two_players = saved.two_players;
    Ok(game)
}

/// Saves `game` through the store (atomically, keeping the previous version), or removes the save
/// when the game is over.
///
/// # Errors
/// The store's error.
pub fn save(dir: &DataDir, game: &SkillGame) -> Result<(), gambit_store::StoreError> {
    if game.is_finished() {
        return dir.store().remove(FILE);
    }
    dir.store().save(FILE, &to_json(game))
}

/// Loads the saved game: `Ok(None)` when there is none. A bad file is kept aside and its previous
/// version loaded instead (the message says so); when neither loads, the message is the error.
///
/// # Errors
/// A message naming what was wrong and where the file was kept.
pub fn load(dir: &DataDir) -> Result<Option<SkillGame>, String> {
    let loaded = dir.store().load(FILE, from_json);
    match (loaded.value, loaded.problem) {
        (value, None) => Ok(value),
        (Some(game), Some(problem)) => {
            warn!("{problem}; the previous version of the game was loaded");
            Ok(Some(game))
        }
        (None, Some(problem)) => Err(format!("the saved game could not be loaded: {problem}")),
    }
}

/// What the last save saw of the game: its generation, its number of listed actions and its position
/// key. A change means an action was played or taken back, or a new game began.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
struct SavedAt(Option<(u64, usize, u64)>);

/// Saves the game after every action (the player's and the engine's), as runs are: a kill loses
/// nothing but the action in flight.
fn save_after_every_action(
    dir: Res<DataDir>,
    game: Option<Res<SkillGame>>,
    mut saved_at: ResMut<SavedAt>,
    discard: Option<Res<DiscardGame>>,
) {
    let Some(game) = game else { return };
    if discard.is_some() {
        return;
    }
    let now = Some((game.generation, game.listed.len(), game.board.position().key()));
    if saved_at.0 == now {
        return;
    }
    if saved_at.0.is_none() && game.listed.is_empty() {
        // A fresh game with nothing played yet: nothing to keep.
        saved_at.0 = now;
        return;
    }
    match save(&dir, &game) {
        Ok(()) => saved_at.0 = now,
        Err(e) => error!("could not save the game: {e}"),
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SavedAt>();
    app.add_systems(
        Update,
        save_after_every_action
            .run_if(in_state(Screen::SkillChess))
            .run_if(resource_exists_and_changed::<SkillGame>)
            .in_set(crate::AppSystems::Apply)
            .after(super::engine::EngineSystems),
    );
    app.add_systems(OnEnter(Screen::SkillChess), |mut saved_at: ResMut<SavedAt>| {
        *saved_at = SavedAt::default()
    });
    app.add_systems(OnExit(Screen::SkillChess), leave_game);
    app.add_systems(Last, save_on_exit.run_if(on_message::<AppExit>));
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
        if let Err(e) = dir.store().remove(FILE) {
            error!("could not remove the abandoned game: {e}");
        }
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
        let dir = DataDir::at(tmp.path());
        assert!(load(&dir).unwrap().is_none());
        let mut g = SkillGame::new(SkillConfig::default(), Color::Black, Preset::Club, true).unwrap();
        g.apply(gambit_skills::Action::Move(g.board.position().parse_san("d4").unwrap())).unwrap();
        g.apply(g.board.parse_action("fz d4").unwrap()).unwrap();
        save(&dir, &g).unwrap();
        let back = load(&dir).unwrap().unwrap();
        assert_eq!(back.board, g.board);
        assert_eq!(back.listed, g.listed);
        assert_eq!(back.player, Color::Black);
        assert_eq!(back.strength, Preset::Club);
        assert!(!back.two_players && !to_json(&g).contains("two_players"), "the field is left out");
        let mut two = g.clone();
        two.two_players = true;
        assert!(from_json(&to_json(&two)).unwrap().two_players);
        // A bad file: kept aside, and the previous version comes back (here the same game: the
        // second save kept the first as the previous version).
        save(&dir, &g).unwrap();
        std::fs::write(dir.file(FILE), "{not json").unwrap();
        let back = load(&dir).unwrap().unwrap();
        assert_eq!(back.board, g.board);
        assert!(tmp.path().join("skill-chess.json.bad-1").exists());
        // Neither version loads: an error naming the file kept aside.
        std::fs::write(dir.file(FILE), "{not json").unwrap();
        std::fs::write(dir.file("skill-chess.json.prev"), "[]").unwrap();
        let err = load(&dir).unwrap_err();
        assert!(err.contains("kept aside"), "{err}");
        assert!(!dir.file(FILE).exists());
    }

    #[test]
    fn a_game_saved_by_a6fe168_loads() {
        let text = std::fs::read_to_string("tests/data/skill-chess-v1-a6fe168.json").unwrap();
        let game = from_json(&text).unwrap();
        assert_eq!(game.player, Color::Black);
        assert_eq!(game.strength, Preset::Casual);
        assert_eq!(game.listed.len(), 5);
        assert!(game.board.is_frozen("f3".parse().unwrap()));
        assert_eq!(from_json(&to_json(&game)).unwrap().board, game.board);
    }
}
