//! Sound effects: a [`Cue`] message for each moment that has a sound (move, capture, check, teleport,
//! freeze, damage, victory, defeat), written from what the model reports (the skill-chess move list,
//! the run's battle events), and synthesised sounds ([`synth`]: no recorded or downloaded asset).
//!
//! Playing them needs the cargo feature `audio` (Bevy's audio, which needs the ALSA headers to build on
//! Linux): without it, the cues are still worked out (and tested) but nothing is played. With it, the
//! sounds are made once at start-up, and each cue plays at the volume setting
//! ([`crate::settings::Settings::volume`], 0 = silent). A machine with no audio device is silent:
//! Bevy's audio output reports the missing device once and plays nothing; it never stops the game.

pub mod synth;

use bevy::prelude::*;
use gambit_roguelite::RunEvent;
use gambit_roguelite::battle::BattleEvent;
use gambit_rules::Color;

use crate::AppSystems;
use crate::game::SkillGame;

/// A moment with a sound. Write one as a message to play it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A piece moved.
    Move,
    /// A piece was captured.
    Capture,
    /// A king is in check.
    Check,
    /// A piece teleported.
    Teleport,
    /// A square was frozen.
    Freeze,
    /// A unit lost hit points (poison).
    Damage,
    /// The player won (a game or a battle).
    Victory,
    /// The player lost.
    Defeat,
}

impl Cue {
    /// Every cue, in declaration order.
    pub const ALL: [Cue; 8] = [
        Cue::Move,
        Cue::Capture,
        Cue::Check,
        Cue::Teleport,
        Cue::Freeze,
        Cue::Damage,
        Cue::Victory,
        Cue::Defeat,
    ];

    /// How much a cue matters when one step has several (the most important one plays): higher wins.
    fn rank(self) -> u8 {
        match self {
            Cue::Move => 0,
            Cue::Capture => 1,
            Cue::Freeze => 2,
            Cue::Teleport => 3,
            Cue::Damage => 4,
            Cue::Check => 5,
            Cue::Defeat => 6,
            Cue::Victory => 7,
        }
    }
}

/// The cue of one skill-chess action, from its text form (`tp e4e7`, `fz e7`, or a move) and its SAN
/// (moves and teleports along a legal move): check over capture over the kind of action.
#[must_use]
pub fn cue_for_action(action: &str, san: Option<&str>) -> Cue {
    let san = san.unwrap_or("");
    if san.contains('+') || san.contains('#') {
        Cue::Check
    } else if san.contains('x') {
        Cue::Capture
    } else if action.starts_with("tp") {
        Cue::Teleport
    } else if action.starts_with("fz") {
        Cue::Freeze
    } else {
        Cue::Move
    }
}

/// The cue of one battle event, from the player's side (`None`: a silent event).
#[must_use]
pub fn cue_for_battle_event(event: &BattleEvent) -> Option<Cue> {
    Some(match event {
        BattleEvent::Moved { .. } | BattleEvent::Repositioned { .. } => Cue::Move,
        BattleEvent::Captured { .. } | BattleEvent::Died { .. } => Cue::Capture,
        BattleEvent::Teleported { .. } => Cue::Teleport,
        BattleEvent::Frozen { .. } => Cue::Freeze,
        BattleEvent::PoisonDamage { .. } => Cue::Damage,
        BattleEvent::Victory { .. } => Cue::Victory,
        BattleEvent::Defeat { .. } => Cue::Defeat,
        _ => return None,
    })
}

/// The one cue for a run decision's events (the player's action and the enemy's replies): the most
/// important of them (`None`: nothing with a sound happened).
#[must_use]
pub fn cue_for_run_events(events: &[RunEvent]) -> Option<Cue> {
    events
        .iter()
        .filter_map(|e| match e {
            RunEvent::Battle { event } => cue_for_battle_event(event),
            RunEvent::Run { .. } => None,
        })
        .max_by_key(|c| c.rank())
}

/// The cue for the end of a skill-chess game, for the player `player` (`None`: a draw).
#[must_use]
pub fn cue_for_result(winner: Option<Color>, player: Color) -> Option<Cue> {
    winner.map(|w| if w == player { Cue::Victory } else { Cue::Defeat })
}

/// What the skill-chess cue system saw last: the move list's length and whether the game was over.
#[derive(Default)]
struct SeenGame {
    listed: Option<usize>,
    over: bool,
}

/// One cue per action added to the skill-chess move list (one at a time: loading a game or undoing
/// plays nothing), and the result when the game ends.
fn skill_chess_cues(game: Option<Res<SkillGame>>, mut seen: Local<SeenGame>, mut cues: MessageWriter<Cue>) {
    let Some(game) = game else {
        *seen = SeenGame::default();
        return;
    };
    if !game.is_changed() {
        return;
    }
    let len = game.listed.len();
    let outcome = game.outcome();
    let mut cue = None;
    if seen.listed.is_some_and(|before| before + 1 == len)
        && let Some(last) = game.listed.last()
    {
        cue = Some(cue_for_action(&last.action, last.san.as_deref()));
    }
    if seen.listed.is_some() && !seen.over && outcome.is_some() {
        cue = cue_for_result(outcome.and_then(|o| o.winner()), game.player).or(cue);
    }
    seen.listed = Some(len);
    seen.over = outcome.is_some();
    if let Some(cue) = cue {
        cues.write(cue);
    }
}

/// The cue of a battle's events, for the run module to write when a decision is applied.
pub(crate) fn write_run_cue(events: &[RunEvent], cues: &mut MessageWriter<Cue>) {
    if let Some(cue) = cue_for_run_events(events) {
        cues.write(cue);
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Cue>();
    app.add_systems(Update, skill_chess_cues.in_set(AppSystems::Present));
    #[cfg(feature = "audio")]
    player::plugin(app);
}

/// Playing the cues (the `audio` feature).
#[cfg(feature = "audio")]
mod player {
    use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
    use bevy::prelude::*;

    use super::{Cue, synth};
    use crate::AppSystems;
    use crate::settings::Settings;

    /// The synthesised sound of each cue, in [`Cue::ALL`] order.
    #[derive(Resource)]
    struct Sounds(Vec<Handle<AudioSource>>);

    pub(super) fn plugin(app: &mut App) {
        app.add_systems(Startup, make_sounds);
        app.add_systems(Update, play.in_set(AppSystems::Present));
    }

    fn make_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
        let handles = Cue::ALL
            .iter()
            .map(|&cue| {
                let bytes = synth::wav(&synth::samples(cue, synth::SAMPLE_RATE), synth::SAMPLE_RATE);
                sources.add(AudioSource { bytes: bytes.into() })
            })
            .collect();
        commands.insert_resource(Sounds(handles));
    }

    fn play(
        mut commands: Commands,
        mut cues: MessageReader<Cue>,
        sounds: Option<Res<Sounds>>,
        settings: Res<Settings>,
    ) {
        let Some(sounds) = sounds else {
            cues.clear();
            return;
        };
        let volume = f32::from(settings.volume.min(100)) / 100.0;
        for cue in cues.read() {
            if volume <= 0.0 {
                continue;
            }
            let Some(index) = Cue::ALL.iter().position(|c| c == cue) else { continue };
            commands.spawn((
                AudioPlayer(sounds.0[index].clone()),
                PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_map_to_their_cues() {
        assert_eq!(cue_for_action("e2e4", Some("e4")), Cue::Move);
        assert_eq!(cue_for_action("e4d5", Some("exd5")), Cue::Capture);
        assert_eq!(cue_for_action("d1h5", Some("Qxf7#")), Cue::Check);
        assert_eq!(cue_for_action("f1b5", Some("Bb5+")), Cue::Check);
        assert_eq!(cue_for_action("tp e4e7", None), Cue::Teleport);
        assert_eq!(cue_for_action("fz e7", None), Cue::Freeze);
        // A teleport along a legal capture has a SAN with `x`.
        assert_eq!(cue_for_action("tp e4d5", Some("exd5")), Cue::Capture);
    }

    #[test]
    fn results_map_to_victory_defeat_or_nothing() {
        assert_eq!(cue_for_result(Some(Color::White), Color::White), Some(Cue::Victory));
        assert_eq!(cue_for_result(Some(Color::White), Color::Black), Some(Cue::Defeat));
        assert_eq!(cue_for_result(None, Color::Black), None);
    }

    #[test]
    fn a_decision_plays_its_most_important_cue() {
        use gambit_roguelite::Battle;
        use gambit_roguelite::battle::{BattleSetup, Objective};
        let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/8/R3K3", Objective::CaptureKing, 20).unwrap();
        let mut battle = Battle::new(&setup).unwrap();
        let rook = battle.unit_at("a1".parse().unwrap()).unwrap().id;
        let events = battle
            .apply(gambit_roguelite::BattleAction::Move { id: rook, to: "a8".parse().unwrap() })
            .unwrap();
        let events: Vec<RunEvent> = events.into_iter().map(|event| RunEvent::Battle { event }).collect();
        assert_eq!(cue_for_run_events(&events), Some(Cue::Move));
        let mut with_text = events.clone();
        with_text.push(RunEvent::Run { text: "a note".to_string() });
        assert_eq!(cue_for_run_events(&with_text), Some(Cue::Move));
        assert_eq!(cue_for_run_events(&[RunEvent::Run { text: "x".to_string() }]), None);
        assert!(Cue::Victory.rank() > Cue::Capture.rank() && Cue::Capture.rank() > Cue::Move.rank());
    }
}
