//! Sound: effects and music. A [`Cue`] message for each moment that has a sound (move, capture,
//! check, teleport, freeze, damage, healing, broken armour, victory, defeat), written from what the
//! model reports (the skill-chess move list, the run's battle events); a [`Track`] of music for each
//! screen ([`track_for`]: title, battle, boss). Every sound is synthesised by our own code ([`synth`],
//! [`music`]: no recorded or downloaded asset).
//!
//! Playing them needs the cargo feature `audio` (Bevy's audio, which needs the ALSA headers to build on
//! Linux) and Bevy's `AudioPlugin` in the app (`gambit --no-audio` leaves it out): without them, the
//! cues and the music's choice are still worked out (and tested) but nothing is played
//! ([`AudioAvailability`] says which). With them, the effects are made at start-up and the music on a
//! worker thread (a few seconds; the music starts when it is ready), and each plays at its volume
//! setting ([`effects_gain`], [`music_gain`]). A machine with no audio device is silent: Bevy reports
//! the missing device once, each cue is dropped after a few frames unplayed (counted in
//! [`CueTally`]), and the game goes on.

pub mod music;
pub mod synth;

use bevy::prelude::*;
use gambit_roguelite::RunEvent;
use gambit_roguelite::battle::BattleEvent;
use gambit_rules::Color;

pub use music::Track;

use crate::AppSystems;
use crate::game::SkillGame;
use crate::run::RunAdvanced;
use crate::screens::Screen;
use crate::settings::Settings;

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
    /// A unit lost hit points (poison, Frostbite, Spiked, a Firebomb) and lives.
    Damage,
    /// A unit healed.
    Heal,
    /// An Armored unit's armour broke (it stopped a capture).
    ArmorBreak,
    /// The player won (a game or a battle).
    Victory,
    /// The player lost.
    Defeat,
}

impl Cue {
    /// Every cue, in declaration order.
    pub const ALL: [Cue; 10] = [
        Cue::Move,
        Cue::Capture,
        Cue::Check,
        Cue::Teleport,
        Cue::Freeze,
        Cue::Damage,
        Cue::Heal,
        Cue::ArmorBreak,
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
            Cue::Heal => 4,
            Cue::Damage => 5,
            Cue::ArmorBreak => 6,
            Cue::Check => 7,
            Cue::Defeat => 8,
            Cue::Victory => 9,
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

/// The cue of one battle event, from the player's side (`None`: a silent event). Every event that
/// changes hit points or armour has one: damage that a unit survives, healing, broken armour, and a
/// death (by capture, poison or other damage) as a capture.
#[must_use]
pub fn cue_for_battle_event(event: &BattleEvent) -> Option<Cue> {
    Some(match event {
        BattleEvent::Moved { .. } | BattleEvent::Repositioned { .. } => Cue::Move,
        BattleEvent::Captured { .. } | BattleEvent::Died { .. } | BattleEvent::Destroyed { .. } => {
            Cue::Capture
        }
        BattleEvent::Teleported { .. } => Cue::Teleport,
        BattleEvent::Frozen { .. } => Cue::Freeze,
        BattleEvent::PoisonDamage { .. } | BattleEvent::Damaged { .. } => Cue::Damage,
        BattleEvent::Healed { .. } => Cue::Heal,
        BattleEvent::ArmorBroken { .. } => Cue::ArmorBreak,
        BattleEvent::Victory { .. } => Cue::Victory,
        BattleEvent::Defeat { .. } => Cue::Defeat,
        _ => return None,
    })
}

/// The one cue for a battle action's events (the action and the enemy's reply): the most important of
/// them (`None`: nothing with a sound happened).
#[must_use]
pub fn cue_for_battle_events(events: &[BattleEvent]) -> Option<Cue> {
    events.iter().filter_map(cue_for_battle_event).max_by_key(|c| c.rank())
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

/// The cue of each decision the run applied ([`RunAdvanced`]: the events it gave).
fn run_cues(mut advanced: MessageReader<RunAdvanced>, mut cues: MessageWriter<Cue>) {
    for RunAdvanced(events) in advanced.read() {
        if let Some(cue) = cue_for_run_events(events) {
            cues.write(cue);
        }
    }
}

/// Whether this game plays sound, and why not.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AudioAvailability {
    /// A build without the cargo feature `audio`.
    NotBuilt,
    /// Turned off for this session (`gambit --no-audio`, or an app without Bevy's `AudioPlugin`).
    Off,
    /// Effects and music play (silently where the machine has no audio device).
    On,
}

impl AudioAvailability {
    /// What the settings panel says when the volumes cannot be changed (`None`: they can).
    #[must_use]
    pub fn unavailable_line(self) -> Option<&'static str> {
        match self {
            AudioAvailability::NotBuilt => Some("Sound: not in this build"),
            AudioAvailability::Off => Some("Sound: off for this session (--no-audio)"),
            AudioAvailability::On => None,
        }
    }
}

/// A volume setting (percent) as a linear gain, 0 when muted.
fn gain(percent: u8, muted: bool) -> f32 {
    if muted { 0.0 } else { f32::from(percent.min(100)) / 100.0 }
}

/// The effects' gain from the settings, 0..=1 (0: no effect is played).
#[must_use]
pub fn effects_gain(settings: &Settings) -> f32 {
    gain(settings.effects_volume, settings.muted)
}

/// The music's gain from the settings, 0..=1 (0: no music is played). The tracks are mixed a little
/// under the effects (at 100% the music's peak is 0.6 of the effects' peak), so a cue is heard over it.
#[must_use]
pub fn music_gain(settings: &Settings) -> f32 {
    0.6 * gain(settings.music_volume, settings.muted)
}

/// The music of a screen: the battle track where a fight is fought or prepared (deployment, battle,
/// skill chess), the boss track there when the fight is a boss's (`boss`), the title track elsewhere.
#[must_use]
pub fn track_for(screen: Screen, boss: bool) -> Track {
    match screen {
        Screen::Deploy | Screen::Battle if boss => Track::Boss,
        Screen::Deploy | Screen::Battle | Screen::SkillChess => Track::Battle,
        Screen::Title
        | Screen::HowToPlay
        | Screen::SkillChessSetup
        | Screen::RunStart
        | Screen::Shop
        | Screen::BoardChoice
        | Screen::Map
        | Screen::Rest
        | Screen::RunEnd
        | Screen::Upgrades
        | Screen::Records
        | Screen::Tutorial
        | Screen::Replay => Track::Title,
    }
}

/// What became of the cues written so far: played (an output took them), or dropped unplayed (no
/// audio device, or sound off for this session).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CueTally {
    /// Cues an audio output took.
    pub played: u32,
    /// Cues dropped unplayed.
    pub dropped: u32,
    /// Cues not played because the effects' volume is 0 or sound is muted.
    pub silenced: u32,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Cue>();
    app.init_resource::<CueTally>();
    app.add_systems(Update, (skill_chess_cues, run_cues).in_set(AppSystems::Present));
    #[cfg(feature = "audio")]
    let available = if app.is_plugin_added::<bevy::audio::AudioPlugin>() {
        player::plugin(app);
        AudioAvailability::On
    } else {
        app.add_systems(Update, drop_cues.in_set(AppSystems::Present));
        AudioAvailability::Off
    };
    #[cfg(not(feature = "audio"))]
    let available = {
        app.add_systems(Update, drop_cues.in_set(AppSystems::Present));
        AudioAvailability::NotBuilt
    };
    app.insert_resource(available);
}

/// The music playing (an entity with Bevy's audio player in a build with the `audio` feature): which
/// track.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Music(pub Track);

/// Without sound, each cue is counted as dropped.
fn drop_cues(mut cues: MessageReader<Cue>, mut tally: ResMut<CueTally>) {
    for _ in cues.read() {
        tally.dropped += 1;
    }
}

/// Playing the cues and the music (the `audio` feature, with Bevy's `AudioPlugin`).
#[cfg(feature = "audio")]
mod player {
    use bevy::audio::{AudioPlayer, AudioSink, AudioSinkPlayback, AudioSource, PlaybackSettings, Volume};
    use bevy::prelude::*;
    use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};

    use super::{Cue, CueTally, Music, Track, effects_gain, music, music_gain, synth, track_for};
    use crate::AppSystems;
    use crate::run::RunSession;
    use crate::screens::Screen;
    use crate::settings::Settings;

    /// Frames a cue may wait for an audio output before it is dropped unplayed (its sound is in the
    /// assets from start-up, so an output takes it on the next frame).
    const CUE_PATIENCE_FRAMES: u32 = 10;

    /// The synthesised sound of each cue, in [`Cue::ALL`] order.
    #[derive(Resource)]
    struct Sounds(Vec<Handle<AudioSource>>);

    /// The music, once the worker has made it, in [`Track::ALL`] order.
    #[derive(Resource)]
    struct Tracks(Vec<Handle<AudioSource>>);

    /// The worker making the music (WAV bytes per track).
    #[derive(Resource)]
    struct MakingTracks(Task<Vec<Vec<u8>>>);

    /// A cue being played (or waiting for an output), and the frames it has waited.
    #[derive(Component)]
    struct CueSound {
        waited: u32,
    }

    pub(super) fn plugin(app: &mut App) {
        app.add_systems(Startup, make_sounds);
        app.add_systems(
            Update,
            (play_cues, settle_cues, receive_tracks, follow_music).chain().in_set(AppSystems::Present),
        );
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
        let task = AsyncComputeTaskPool::get().spawn(async {
            Track::ALL
                .iter()
                .map(|&track| synth::wav(&music::samples(track, music::SAMPLE_RATE), music::SAMPLE_RATE))
                .collect()
        });
        commands.insert_resource(MakingTracks(task));
    }

    fn play_cues(
        mut commands: Commands,
        mut cues: MessageReader<Cue>,
        sounds: Res<Sounds>,
        settings: Res<Settings>,
        mut tally: ResMut<CueTally>,
    ) {
        let volume = effects_gain(&settings);
        for cue in cues.read() {
            if volume <= 0.0 {
                tally.silenced += 1;
                continue;
            }
            let Some(index) = Cue::ALL.iter().position(|c| c == cue) else { continue };
            commands.spawn((
                CueSound { waited: 0 },
                AudioPlayer(sounds.0[index].clone()),
                PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
            ));
        }
    }

    /// Counts each cue once an output took it; drops one that no output took (no audio device), so
    /// nothing piles up.
    fn settle_cues(
        mut commands: Commands,
        mut waiting: Query<(Entity, &mut CueSound, Has<AudioSink>)>,
        mut tally: ResMut<CueTally>,
        mut warned: Local<bool>,
    ) {
        for (entity, mut cue, playing) in &mut waiting {
            if playing {
                tally.played += 1;
                commands.entity(entity).remove::<CueSound>();
            } else if cue.waited >= CUE_PATIENCE_FRAMES {
                tally.dropped += 1;
                if !*warned {
                    *warned = true;
                    warn!("sound cues are not played: no audio output took them");
                }
                commands.entity(entity).despawn();
            } else {
                cue.waited += 1;
            }
        }
    }

    fn receive_tracks(
        mut commands: Commands,
        making: Option<ResMut<MakingTracks>>,
        mut sources: ResMut<Assets<AudioSource>>,
    ) {
        let Some(mut making) = making else { return };
        let Some(tracks) = block_on(future::poll_once(&mut making.0)) else { return };
        let handles =
            tracks.into_iter().map(|bytes| sources.add(AudioSource { bytes: bytes.into() })).collect();
        commands.insert_resource(Tracks(handles));
        commands.remove_resource::<MakingTracks>();
    }

    /// Starts, changes or stops the music to suit the screen and the settings, and keeps its volume
    /// on the setting.
    fn follow_music(
        mut commands: Commands,
        tracks: Option<Res<Tracks>>,
        screen: Option<Res<State<Screen>>>,
        session: Option<Res<RunSession>>,
        settings: Res<Settings>,
        mut playing: Query<(Entity, &Music, Option<&mut AudioSink>)>,
    ) {
        let Some(tracks) = tracks else { return };
        let volume = music_gain(&settings);
        let boss = session.is_some_and(|s| s.run.boss_rule().is_some());
        let wanted = screen.map(|s| track_for(*s.get(), boss)).filter(|_| volume > 0.0);
        let mut kept = false;
        for (entity, music, sink) in &mut playing {
            if Some(music.0) == wanted && !kept {
                kept = true;
                if settings.is_changed()
                    && let Some(mut sink) = sink
                {
                    sink.set_volume(Volume::Linear(volume));
                }
            } else {
                commands.entity(entity).despawn();
            }
        }
        if let Some(track) = wanted
            && !kept
        {
            let index = Track::ALL.iter().position(|t| *t == track).unwrap_or(0);
            commands.spawn((
                Music(track),
                AudioPlayer(tracks.0[index].clone()),
                PlaybackSettings::LOOP.with_volume(Volume::Linear(volume)),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a WAV file holds, read back with `hound`: its seconds and its samples in -1..=1.
    fn read_back(bytes: &[u8]) -> (f32, Vec<f32>) {
        let mut reader = hound::WavReader::new(std::io::Cursor::new(bytes)).unwrap();
        let spec = reader.spec();
        assert_eq!((spec.channels, spec.bits_per_sample), (1, 16));
        assert_eq!(spec.sample_format, hound::SampleFormat::Int);
        let samples: Vec<f32> =
            reader.samples::<i16>().map(|s| f32::from(s.unwrap()) / f32::from(i16::MAX)).collect();
        (samples.len() as f32 / spec.sample_rate as f32, samples)
    }

    fn dbfs(x: f32) -> f32 {
        20.0 * x.max(1e-9).log10()
    }

    /// The checks every sound passes once written to a WAV file: peak at most -1 dBFS, loudness (RMS)
    /// in `rms_band` dBFS, no DC offset, and a first and a last sample near zero (no click where it
    /// starts, ends or loops).
    fn check_sound(name: &str, bytes: &[u8], rms_band: (f32, f32)) -> (f32, Vec<f32>) {
        let (seconds, s) = read_back(bytes);
        let peak = s.iter().fold(0.0_f32, |m, x| m.max(x.abs()));
        assert!(dbfs(peak) <= -1.0, "{name}: peak {:.2} dBFS", dbfs(peak));
        let rms = (s.iter().map(|x| f64::from(x * x)).sum::<f64>() / s.len() as f64).sqrt() as f32;
        assert!(
            (rms_band.0..=rms_band.1).contains(&dbfs(rms)),
            "{name}: RMS {:.1} dBFS outside {rms_band:?}",
            dbfs(rms)
        );
        let mean = s.iter().map(|&x| f64::from(x)).sum::<f64>() / s.len() as f64;
        assert!(mean.abs() < 0.002, "{name}: DC offset {mean:.4}");
        assert!(
            s[0].abs() < 0.01 && s[s.len() - 1].abs() < 0.01,
            "{name}: ends {} and {}",
            s[0],
            s[s.len() - 1]
        );
        (seconds, s)
    }

    #[test]
    fn every_cue_renders_to_a_wav_that_passes_the_checks() {
        for cue in Cue::ALL {
            let bytes = synth::wav(&synth::samples(cue, synth::SAMPLE_RATE), synth::SAMPLE_RATE);
            let (seconds, _) = check_sound(&format!("{cue:?}"), &bytes, (-30.0, -8.0));
            assert!((0.05..=1.5).contains(&seconds), "{cue:?}: {seconds} s");
        }
    }

    #[test]
    fn every_track_renders_to_a_wav_that_passes_the_checks_and_loops_without_a_gap() {
        for track in Track::ALL {
            let bytes = synth::wav(&music::samples(track, music::SAMPLE_RATE), music::SAMPLE_RATE);
            let (seconds, s) = check_sound(&format!("{track:?}"), &bytes, (-26.0, -10.0));
            assert!(seconds >= 60.0, "{track:?}: {seconds} s before it repeats");
            // No gap where the loop joins: the last and first quarter-seconds are sounding, and the
            // step from the last sample to the first is no bigger than a step inside the track.
            let quarter = music::SAMPLE_RATE as usize / 4;
            let rms = |part: &[f32]| (part.iter().map(|x| x * x).sum::<f32>() / part.len() as f32).sqrt();
            assert!(dbfs(rms(&s[s.len() - quarter..])) > -40.0, "{track:?}: silent before the loop");
            assert!(dbfs(rms(&s[..quarter])) > -40.0, "{track:?}: silent after the loop");
            let largest_step = s.windows(2).fold(0.0_f32, |m, w| m.max((w[1] - w[0]).abs()));
            assert!((s[0] - s[s.len() - 1]).abs() <= largest_step, "{track:?}: a click at the loop");
        }
    }

    #[test]
    fn each_screen_has_its_music_and_volumes_follow_the_settings() {
        assert_eq!(track_for(Screen::Title, false), Track::Title);
        assert_eq!(track_for(Screen::Map, true), Track::Title);
        assert_eq!(track_for(Screen::Battle, false), Track::Battle);
        assert_eq!(track_for(Screen::Deploy, true), Track::Boss);
        assert_eq!(track_for(Screen::Battle, true), Track::Boss);
        assert_eq!(track_for(Screen::SkillChess, false), Track::Battle);
        let settings = Settings { effects_volume: 70, music_volume: 50, ..Settings::default() };
        assert!((effects_gain(&settings) - 0.7).abs() < 1e-6);
        assert!((music_gain(&settings) - 0.3).abs() < 1e-6);
        let muted = Settings { muted: true, ..settings };
        assert_eq!((effects_gain(&muted), music_gain(&muted)), (0.0, 0.0));
        assert_eq!(music_gain(&Settings { music_volume: 0, ..Settings::default() }), 0.0);
    }

    #[test]
    fn every_event_that_changes_hit_points_or_armour_has_a_cue() {
        use gambit_roguelite::Battle;
        use gambit_roguelite::battle::{BattleSetup, Objective};
        let setup = BattleSetup::from_fen("4k3/8/8/8/8/8/8/R3K3", Objective::CaptureKing, 20).unwrap();
        let battle = Battle::new(&setup).unwrap();
        let square = "a1".parse().unwrap();
        let unit = battle.unit_at(square).unwrap().label();
        let by = battle.unit_at("e8".parse().unwrap()).unwrap().label();
        let cue = |event: BattleEvent| cue_for_battle_event(&event);
        assert_eq!(cue(BattleEvent::Damaged { unit, square, damage: 1, hp_left: 1 }), Some(Cue::Damage));
        assert_eq!(cue(BattleEvent::PoisonDamage { unit, square, damage: 1, hp_left: 1 }), Some(Cue::Damage));
        assert_eq!(cue(BattleEvent::Healed { unit, square, hp: 1, hp_left: 2 }), Some(Cue::Heal));
        assert_eq!(cue(BattleEvent::ArmorBroken { unit, by, square }), Some(Cue::ArmorBreak));
        assert_eq!(cue(BattleEvent::Destroyed { unit, square }), Some(Cue::Capture));
        assert_eq!(cue(BattleEvent::Died { unit, square }), Some(Cue::Capture));
        assert_eq!(cue(BattleEvent::Captured { victim: unit, by, square }), Some(Cue::Capture));
    }

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
