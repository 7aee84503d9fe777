//! The player's record against each engine preset: when a game against the engine ends (checkmate, a
//! draw, a resignation), its result is added once to `progress.json`'s records
//! (`gambit_roguelite::versus`, through [`crate::run::Profile`]) and saved. A two-player game's result
//! goes to the two-player tally instead (by the side that won), never against a preset.

use bevy::prelude::*;

use super::SkillGame;
use crate::run::Profile;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        record_result
            .run_if(resource_exists_and_changed::<SkillGame>)
            .in_set(crate::AppSystems::Apply)
            .after(super::engine::EngineSystems),
    );
}

/// Adds a finished game's result to the records, once per game.
fn record_result(mut game: ResMut<SkillGame>, profile: Option<ResMut<Profile>>) {
    if game.recorded || !game.is_finished() {
        return;
    }
    let Some(mut profile) = profile else { return };
    if let Some(result) = game.two_player_result() {
        game.recorded = true;
        profile.progress.two_players.record(result);
    } else {
        let Some(score) = game.player_score() else { return };
        game.recorded = true;
        profile.progress.versus.record(game.strength, score);
    }
    if let Err(e) = profile.save_progress() {
        error!("could not save the record: {e}");
    }
}
