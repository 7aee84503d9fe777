//! The player's record in skill chess against the engine: wins, draws and losses per engine preset
//! (`gambit_search::Preset`), kept in `progress.json` ([`crate::Progress::versus`]). Games between two
//! players on one machine count separately, by the side that won ([`TwoPlayerTally`],
//! [`crate::Progress::two_players`]), never against a preset.

use std::collections::BTreeMap;

use gambit_rules::PgnResult;
use gambit_search::Preset;
use serde::{Deserialize, Serialize};

/// How a finished game of skill chess ended for the player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameScore {
    /// The player won.
    Win,
    /// A draw of any kind.
    Draw,
    /// The player lost (checkmated, or resigned).
    Loss,
}

/// Wins, draws and losses against one preset, in games.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Games played: wins + draws + losses.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// The record per preset; a preset never played against has no entry.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct VersusRecords(pub BTreeMap<Preset, Tally>);

impl VersusRecords {
    /// Whether no game was recorded (then `progress.json` leaves the field out).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The record against `preset` (all zero when never played).
    #[must_use]
    pub fn against(&self, preset: Preset) -> Tally {
        self.0.get(&preset).copied().unwrap_or_default()
    }

    /// Adds one finished game against `preset`.
    pub fn record(&mut self, preset: Preset, score: GameScore) {
        let tally = self.0.entry(preset).or_default();
        match score {
            GameScore::Win => tally.wins += 1,
            GameScore::Draw => tally.draws += 1,
            GameScore::Loss => tally.losses += 1,
        }
    }
}

/// Finished games between two players on one machine, by result, in games.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TwoPlayerTally {
    /// Games White won.
    pub white_wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games Black won.
    pub black_wins: u32,
}

impl TwoPlayerTally {
    /// Games played: all three counts added.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.white_wins + self.draws + self.black_wins
    }

    /// Whether no game was recorded (then `progress.json` leaves the field out).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.games() == 0
    }

    /// Adds one finished game; an unfinished result (`*`) counts nothing and returns `false`.
    pub fn record(&mut self, result: PgnResult) -> bool {
        match result {
            PgnResult::WhiteWins => self.white_wins += 1,
            PgnResult::Draw => self.draws += 1,
            PgnResult::BlackWins => self.black_wins += 1,
            PgnResult::Unfinished => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_games_count_by_result() {
        let mut t = TwoPlayerTally::default();
        assert!(t.is_empty());
        assert!(t.record(PgnResult::BlackWins));
        assert!(t.record(PgnResult::Draw));
        assert!(!t.record(PgnResult::Unfinished));
        assert_eq!(t, TwoPlayerTally { white_wins: 0, draws: 1, black_wins: 1 });
        let mut progress = crate::Progress::default();
        let plain = crate::save::progress_to_json(&progress);
        assert!(!plain.contains("two_players"), "no games: the field is left out");
        progress.two_players = t;
        let text = crate::save::progress_to_json(&progress);
        assert_eq!(crate::save::progress_from_json(&text).unwrap().two_players, t);
        assert!(crate::save::progress_from_json(&plain).unwrap().two_players.is_empty());
    }

    #[test]
    fn games_are_counted_per_preset() {
        let mut records = VersusRecords::default();
        records.record(Preset::Casual, GameScore::Win);
        records.record(Preset::Casual, GameScore::Loss);
        records.record(Preset::Expert, GameScore::Draw);
        assert_eq!(records.against(Preset::Casual), Tally { wins: 1, draws: 0, losses: 1 });
        assert_eq!(records.against(Preset::Expert).games(), 1);
        assert_eq!(records.against(Preset::Beginner), Tally::default());
        let json = serde_json::to_string(&records).unwrap();
        assert_eq!(
            json,
            r#"{"casual":{"wins":1,"draws":0,"losses":1},"expert":{"wins":0,"draws":1,"losses":0}}"#
        );
        assert_eq!(serde_json::from_str::<VersusRecords>(&json).unwrap(), records);
    }

    #[test]
    fn progress_keeps_the_records_and_reads_files_without_them() {
        use crate::save::{progress_from_json, progress_to_json};
        let mut progress = crate::Progress::default();
        let plain = progress_to_json(&progress);
        assert!(!plain.contains("versus"), "no games: the field is left out");
        progress.versus.record(Preset::Club, GameScore::Loss);
        let text = progress_to_json(&progress);
        assert_eq!(progress_from_json(&text).unwrap().versus.against(Preset::Club).losses, 1);
        assert_eq!(progress_from_json(&plain).unwrap().versus, VersusRecords::default());
    }
}
