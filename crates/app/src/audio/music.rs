//! The music: three looping tracks ([`Track::Title`], [`Track::Battle`], [`Track::Boss`]), composed
//! from a fixed seed and synthesised by this module (no recorded or downloaded sound). Pure functions
//! from a track to samples, so the tests hear exactly what the game plays.
//!
//! Each track is a loop of whole bars, more than a minute long (see [`Track::seconds`]), in four
//! sections: the harmony moves through four different eight-bar progressions, and the melody, the
//! arpeggio's figure and the drums' fills are drawn per bar from the track's seed, so no four-bar
//! phrase is heard twice before the loop starts again. Every note ends by the loop's last sample, and
//! the first bar starts on the beat, so the loop has neither a click nor a gap.

use std::f32::consts::TAU;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::synth::Noise;

/// The sample rate of the music, samples per second (the effects' rate).
pub const SAMPLE_RATE: u32 = super::synth::SAMPLE_RATE;

/// The loudest sample of a track after mixing: the effects' ([`super::synth::PEAK`], about -1.4 dBFS).
pub const PEAK: f32 = super::synth::PEAK;

/// How long a pad chord sounds on into the next bar, seconds (its release, over the next attack).
const PAD_OVERLAP: f32 = 0.3;

/// A piece of music the game plays in a loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Track {
    /// Menus, the map, shops and rests: calm, in C major, no drums.
    Title,
    /// Deployment and battles (and skill chess): driving, in D minor.
    Battle,
    /// A boss's deployment and battle: faster and darker, in E harmonic minor.
    Boss,
}

/// How a track is made: tempo, length, key, harmony and which voices play.
struct Style {
    /// Beats per minute (four beats a bar).
    bpm: f32,
    /// Bars in the loop (a multiple of 4: four sections).
    bars: usize,
    /// The tonic as a MIDI note number, in the bass's octave.
    tonic: i32,
    /// The scale, semitones above the tonic.
    scale: [i32; 7],
    /// Four eight-bar progressions, one per section: each bar's chord as a scale degree (0 = tonic).
    progressions: [[usize; 8]; 4],
    /// The composition's seed.
    seed: u64,
    /// Whether the drums play (sections 2 to 4).
    drums: bool,
    /// Arpeggio notes per beat (2 = eighths, 4 = sixteenths).
    arpeggio_per_beat: usize,
    /// The chance that an eighth-note slot of the melody starts a note (the downbeats more).
    melody_density: f32,
}

impl Track {
    /// Every track.
    pub const ALL: [Track; 3] = [Track::Title, Track::Battle, Track::Boss];

    fn style(self) -> Style {
        const MAJOR: [i32; 7] = [0, 2, 4, 5, 7, 9, 11];
        const MINOR: [i32; 7] = [0, 2, 3, 5, 7, 8, 10];
        const HARMONIC_MINOR: [i32; 7] = [0, 2, 3, 5, 7, 8, 11];
        match self {
            Track::Title => Style {
                bpm: 84.0,
                bars: 32,
                tonic: 36, // C2
                scale: MAJOR,
                progressions: [
                    [0, 5, 3, 4, 0, 5, 3, 4],
                    [0, 2, 3, 4, 5, 3, 1, 4],
                    [5, 3, 0, 4, 5, 3, 1, 4],
                    [3, 4, 2, 5, 1, 4, 0, 0],
                ],
                seed: 0x7171_E001,
                drums: false,
                arpeggio_per_beat: 2,
                melody_density: 0.45,
            },
            Track::Battle => Style {
                bpm: 112.0,
                bars: 36,
                tonic: 38, // D2
                scale: MINOR,
                progressions: [
                    [0, 5, 2, 6, 0, 5, 2, 6],
                    [0, 3, 6, 2, 5, 3, 4, 4],
                    [5, 6, 0, 0, 3, 4, 0, 6],
                    [3, 4, 5, 6, 3, 4, 0, 0],
                ],
                seed: 0xBA77_1E02,
                drums: true,
                arpeggio_per_beat: 2,
                melody_density: 0.6,
            },
            Track::Boss => Style {
                bpm: 132.0,
                bars: 48,
                tonic: 40, // E2
                scale: HARMONIC_MINOR,
                progressions: [
                    [0, 0, 5, 4, 0, 0, 5, 4],
                    [0, 3, 4, 0, 5, 3, 1, 4],
                    [3, 3, 0, 0, 5, 5, 4, 4],
                    [5, 1, 4, 0, 3, 4, 0, 4],
                ],
                seed: 0xB055_0003,
                drums: true,
                arpeggio_per_beat: 4,
                melody_density: 0.7,
            },
        }
    }

    /// The loop's length in seconds (every track is longer than a minute).
    #[must_use]
    pub fn seconds(self) -> f32 {
        let style = self.style();
        style.bars as f32 * 4.0 * 60.0 / style.bpm
    }

    /// The loop's length in samples at `rate` samples per second.
    #[must_use]
    pub fn len(self, rate: u32) -> usize {
        (self.seconds() * rate as f32).round() as usize
    }

    /// The length of one bar in samples at `rate` (the last bar takes the rounding).
    #[must_use]
    pub fn bar_len(self, rate: u32) -> usize {
        self.len(rate) / self.style().bars
    }
}

/// The sound of a voice.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Timbre {
    /// A soft sustained chord tone: sine with a little octave, slow attack and release.
    Pad,
    /// The bass: sine with a little third harmonic, plucked.
    Bass,
    /// The arpeggio: a bright pluck (a sine with its second and third harmonics), short.
    Pluck,
    /// The melody: a rounded lead with a slow vibrato.
    Lead,
    /// The kick drum: a falling sine.
    Kick,
    /// The snare: noise over a low tone.
    Snare,
    /// The closed hat: brightened noise, very short.
    Hat,
}

/// One note: where it starts and how long it lasts (seconds), its pitch (MIDI note; ignored by the
/// drums) and its loudness (0..1).
#[derive(Clone, Copy, Debug)]
struct Note {
    start: f32,
    length: f32,
    pitch: i32,
    level: f32,
    timbre: Timbre,
}

fn hz(pitch: i32) -> f32 {
    440.0 * 2.0_f32.powf((pitch - 69) as f32 / 12.0)
}

/// The pitch of scale step `step` (0 = tonic, 7 = the tonic an octave up, negative below) of `style`,
/// `octave` octaves above its tonic.
fn scale_pitch(style: &Style, step: i32, octave: i32) -> i32 {
    let degree = step.rem_euclid(7) as usize;
    style.tonic + 12 * (octave + step.div_euclid(7)) + style.scale[degree]
}

/// The score of a track: every note, in no particular order.
fn score(track: Track) -> Vec<Note> {
    let style = track.style();
    let mut rng = ChaCha8Rng::seed_from_u64(style.seed);
    let beat = 60.0 / style.bpm;
    let section_bars = style.bars / 4;
    let mut notes = Vec::new();
    // The melody's position as a scale step in the octave two above the bass's.
    let mut melody_step: i32 = 4;
    for bar in 0..style.bars {
        let section = bar / section_bars;
        let bar_in_section = bar % section_bars;
        let at = BarAt {
            track,
            t0: bar as f32 * (4.0 * beat),
            beat,
            chord: style.progressions[section][bar_in_section % 8] as i32,
            section,
            last_of_section: bar_in_section + 1 == section_bars,
        };
        // The layers draw from one generator in this order, so the order is part of the score.
        pad_and_bass(&style, &at, &mut rng, &mut notes);
        if section > 0 || track != Track::Title {
            arpeggio(&style, &at, &mut rng, &mut notes);
        }
        if section > 0 {
            melody(&style, &at, &mut rng, &mut melody_step, &mut notes);
        }
        if style.drums && section > 0 {
            drums(&at, &mut rng, &mut notes);
        }
    }
    notes
}

/// Where one bar stands in its track: its start (`t0`, seconds), the beat's length (seconds), the
/// chord's root (a scale step), its section (0 to 3) and whether it closes the section.
struct BarAt {
    track: Track,
    t0: f32,
    beat: f32,
    chord: i32,
    section: usize,
    last_of_section: bool,
}

/// The pad (the triad an octave above the bass, held over the bar) and the bass (the root on the
/// beats of a pattern drawn per bar, the fifth now and then).
fn pad_and_bass(style: &Style, at: &BarAt, rng: &mut ChaCha8Rng, notes: &mut Vec<Note>) {
    let BarAt { track, t0, beat, chord, .. } = *at;
    let bar_seconds = 4.0 * beat;
    for (i, third) in [0, 2, 4].iter().enumerate() {
        let pitch = scale_pitch(style, chord + third, 1);
        let level = if i == 0 { 0.07 } else { 0.055 };
        // Held into the next bar's attack, so the chords join without a dip (the loop's last
        // bar is cut at its end and fades there).
        let length = bar_seconds + PAD_OVERLAP;
        notes.push(Note { start: t0, length, pitch, level, timbre: Timbre::Pad });
    }
    let bass_beats: &[f32] = match (track, rng.gen_range(0..3)) {
        (Track::Title, 0) => &[0.0, 2.0],
        (Track::Title, 1) => &[0.0, 1.5, 2.0],
        (Track::Title, _) => &[0.0, 3.0],
        (_, 0) => &[0.0, 0.5, 1.5, 2.0, 3.0],
        (_, 1) => &[0.0, 1.0, 2.0, 2.5, 3.5],
        (_, _) => &[0.0, 0.75, 1.5, 2.0, 3.0, 3.5],
    };
    for (i, &b) in bass_beats.iter().enumerate() {
        let end = bass_beats.get(i + 1).copied().unwrap_or(4.0);
        let fifth = i > 0 && rng.gen_bool(0.25);
        let pitch = scale_pitch(style, chord + if fifth { 4 } else { 0 }, 0);
        let length = ((end - b) * beat * 0.9).min(beat * 1.8);
        notes.push(Note { start: t0 + b * beat, length, pitch, level: 0.32, timbre: Timbre::Bass });
    }
}

/// The arpeggio: the chord's tones in a figure drawn per bar (up, down, up-down or scattered).
fn arpeggio(style: &Style, at: &BarAt, rng: &mut ChaCha8Rng, notes: &mut Vec<Note>) {
    let BarAt { t0, beat, chord, .. } = *at;
    let per_beat = style.arpeggio_per_beat;
    let slots = 4 * per_beat;
    let figure = rng.gen_range(0..4);
    let tones = [0, 2, 4, 7];
    for slot in 0..slots {
        let index = match figure {
            0 => slot % tones.len(),
            1 => tones.len() - 1 - slot % tones.len(),
            2 => {
                let cycle = 2 * tones.len() - 2;
                let k = slot % cycle;
                if k < tones.len() { k } else { cycle - k }
            }
            _ => rng.gen_range(0..tones.len()),
        };
        let step_seconds = beat / per_beat as f32;
        let accent = if slot % per_beat == 0 { 1.0 } else { 0.7 };
        notes.push(Note {
            start: t0 + slot as f32 * step_seconds,
            length: step_seconds * 0.9,
            pitch: scale_pitch(style, chord + tones[index], 2),
            level: 0.07 * accent,
            timbre: Timbre::Pluck,
        });
    }
}

/// The melody (sections 2 to 4): eighth-note slots; a note on a slot by the track's density (the
/// downbeats more often), moving by steps and small leaps from `melody_step` (a scale step, left
/// where the bar ends), landing on a chord tone on beats 1 and 3; the last bar of a section holds
/// the chord's root.
fn melody(style: &Style, at: &BarAt, rng: &mut ChaCha8Rng, melody_step: &mut i32, notes: &mut Vec<Note>) {
    let BarAt { t0, beat, chord, .. } = *at;
    if at.last_of_section {
        let root = nearest_chord_tone(*melody_step, chord, true);
        *melody_step = root;
        notes.push(Note {
            start: t0,
            length: 4.0 * beat * 0.95,
            pitch: scale_pitch(style, root, 2),
            level: 0.16,
            timbre: Timbre::Lead,
        });
        return;
    }
    let mut starts = Vec::new();
    for slot in 0..8 {
        let chance = if slot % 4 == 0 { 0.9 } else { style.melody_density * 0.8 };
        if rng.gen_bool(f64::from(chance.min(1.0))) {
            starts.push(slot);
        }
    }
    for (i, &slot) in starts.iter().enumerate() {
        let next = starts.get(i + 1).copied().unwrap_or(8);
        let leap = [-2, -1, -1, 1, 1, 2, 3, -3][rng.gen_range(0..8)];
        *melody_step = (*melody_step + leap).clamp(-1, 11);
        if slot % 4 == 0 {
            *melody_step = nearest_chord_tone(*melody_step, chord, false);
        }
        let length = ((next - slot) as f32 * beat / 2.0 * 0.92).min(beat * 1.5);
        notes.push(Note {
            start: t0 + slot as f32 * beat / 2.0,
            length,
            pitch: scale_pitch(style, *melody_step, 2),
            level: 0.15,
            timbre: Timbre::Lead,
        });
    }
}

/// The drums (sections 2 to 4 of the drummed tracks): kick, snare on 2 and 4, hats on the eighths,
/// a ghost kick drawn per bar and a snare fill closing each section.
fn drums(at: &BarAt, rng: &mut ChaCha8Rng, notes: &mut Vec<Note>) {
    let BarAt { track, t0, beat, section, last_of_section, .. } = *at;
    let mut hit = |at: f32, timbre: Timbre, level: f32| {
        notes.push(Note { start: t0 + at * beat, length: 0.0, pitch: 0, level, timbre });
    };
    hit(0.0, Timbre::Kick, 0.55);
    hit(2.0, Timbre::Kick, 0.5);
    if rng.gen_bool(0.5) {
        hit([1.5, 2.5, 3.5][rng.gen_range(0..3)], Timbre::Kick, 0.35);
    }
    hit(1.0, Timbre::Snare, 0.3);
    if last_of_section {
        for k in 0..4 {
            hit(3.0 + k as f32 * 0.25, Timbre::Snare, 0.18 + 0.04 * k as f32);
        }
    } else {
        hit(3.0, Timbre::Snare, 0.3);
    }
    if section != 3 || track == Track::Boss {
        for k in 0..8 {
            hit(k as f32 * 0.5, Timbre::Hat, if k % 2 == 1 { 0.12 } else { 0.07 });
        }
    }
}

/// The chord tone (root, third or fifth of the chord on scale degree `chord`) nearest to `step`; only
/// the root when `root_only`.
fn nearest_chord_tone(step: i32, chord: i32, root_only: bool) -> i32 {
    let offsets: &[i32] = if root_only { &[0] } else { &[0, 2, 4] };
    let mut best = step;
    let mut best_distance = i32::MAX;
    for octave in -1..=2 {
        for &offset in offsets {
            let candidate = chord + offset + 7 * octave;
            let distance = (candidate - step).abs();
            if (-1..=11).contains(&candidate) && distance < best_distance {
                best = candidate;
                best_distance = distance;
            }
        }
    }
    best
}

/// The length of a drum hit, seconds.
fn drum_length(timbre: Timbre) -> f32 {
    match timbre {
        Timbre::Kick => 0.22,
        Timbre::Snare => 0.16,
        _ => 0.045,
    }
}

/// Adds `note` to `out` (at `rate`), clipped to the loop's end with its release kept.
fn render_note(out: &mut [f32], note: &Note, rate: f32, noise: &mut Noise) {
    let length = if note.length > 0.0 { note.length } else { drum_length(note.timbre) };
    let first = (note.start * rate).round() as usize;
    if first >= out.len() {
        return;
    }
    let count = ((length * rate) as usize).min(out.len() - first);
    let length = count as f32 / rate;
    let base = hz(note.pitch);
    let mut phase = 0.0_f32;
    let mut previous_noise = 0.0_f32;
    for (i, sample) in out[first..first + count].iter_mut().enumerate() {
        let t = i as f32 / rate;
        let remaining = length - t;
        let value = match note.timbre {
            Timbre::Pad => {
                let env = (t / 0.25).min(1.0) * (remaining / PAD_OVERLAP).clamp(0.0, 1.0);
                phase = (phase + base / rate).fract();
                ((phase * TAU).sin() + 0.25 * (2.0 * phase * TAU).sin()) * env
            }
            Timbre::Bass => {
                let env = (t / 0.005).min(1.0) * (-3.0 * t).exp() * (remaining / 0.03).clamp(0.0, 1.0);
                phase = (phase + base / rate).fract();
                ((phase * TAU).sin() + 0.12 * (3.0 * phase * TAU).sin()) * env
            }
            Timbre::Pluck => {
                let env = (t / 0.003).min(1.0) * (-9.0 * t).exp() * (remaining / 0.02).clamp(0.0, 1.0);
                phase = (phase + base / rate).fract();
                let x = phase * TAU;
                (x.sin() * 0.7 + (2.0 * x).sin() * 0.2 + (3.0 * x).sin() * 0.1) * env
            }
            Timbre::Lead => {
                let env = (t / 0.012).min(1.0)
                    * (0.75 + 0.25 * (-6.0 * t).exp())
                    * (remaining / 0.04).clamp(0.0, 1.0);
                let vibrato = if t > 0.2 { 1.0 + 0.004 * (TAU * 5.5 * t).sin() } else { 1.0 };
                phase = (phase + base * vibrato / rate).fract();
                let triangle = 1.0 - 4.0 * (phase - 0.5).abs();
                ((phase * TAU).sin() * 0.6 + triangle * 0.4) * env
            }
            Timbre::Kick => {
                let env = (t / 0.002).min(1.0) * (-18.0 * t).exp() * (remaining / 0.02).clamp(0.0, 1.0);
                let f = 45.0 + 110.0 * (-30.0 * t).exp();
                phase = (phase + f / rate).fract();
                (phase * TAU).sin() * env
            }
            Timbre::Snare => {
                let env = (t / 0.002).min(1.0) * (-25.0 * t).exp() * (remaining / 0.02).clamp(0.0, 1.0);
                phase = (phase + 190.0 / rate).fract();
                (noise.next() * 0.7 + (phase * TAU).sin() * 0.3) * env
            }
            Timbre::Hat => {
                let env = (t / 0.001).min(1.0) * (-80.0 * t).exp() * (remaining / 0.01).clamp(0.0, 1.0);
                // The difference of successive noise samples: the bright part of the noise.
                let n = noise.next();
                let bright = (n - previous_noise) * 0.5;
                previous_noise = n;
                bright * env
            }
        };
        *sample += value * note.level;
    }
}

/// The samples of `track` at `rate` samples per second, each in -1..=1: one pass of the loop, which
/// joins its own start without a gap or click. The same samples every time.
#[must_use]
pub fn samples(track: Track, rate: u32) -> Vec<f32> {
    let mut out = vec![0.0_f32; track.len(rate)];
    let mut noise = Noise::new(0x5EED_0000 ^ track as u32);
    let rate_f = rate as f32;
    for note in score(track) {
        render_note(&mut out, &note, rate_f, &mut noise);
    }
    // No offset: the mean is taken out (a few ten-thousandths), then the peak set to PEAK.
    let mean = out.iter().map(|&s| f64::from(s)).sum::<f64>() / out.len().max(1) as f64;
    let mean = mean as f32;
    let peak = out.iter().fold(0.0_f32, |m, &s| m.max((s - mean).abs())).max(1e-6);
    let gain = PEAK / peak;
    for s in &mut out {
        *s = (*s - mean) * gain;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_track_is_longer_than_a_minute_and_whole_bars() {
        for track in Track::ALL {
            assert!(track.seconds() >= 60.0, "{track:?}: {} s", track.seconds());
            assert_eq!(track.style().bars % 4, 0);
        }
    }

    #[test]
    fn the_score_stays_in_a_playable_range_and_inside_the_loop() {
        for track in Track::ALL {
            let notes = score(track);
            assert!(notes.len() > 300, "{track:?}: {} notes", notes.len());
            for note in &notes {
                assert!(note.start >= 0.0 && note.start < track.seconds(), "{track:?}: {note:?}");
                if note.length > 0.0 {
                    assert!((24..=96).contains(&note.pitch), "{track:?}: {note:?}");
                }
            }
        }
    }

    #[test]
    fn no_four_bar_phrase_is_heard_twice_in_a_loop() {
        for track in Track::ALL {
            let s = samples(track, SAMPLE_RATE);
            let bar = track.bar_len(SAMPLE_RATE);
            let phrases: Vec<&[f32]> =
                (0..track.style().bars / 4).map(|p| &s[p * 4 * bar..(p + 1) * 4 * bar]).collect();
            for (i, a) in phrases.iter().enumerate() {
                for (j, b) in phrases.iter().enumerate().skip(i + 1) {
                    assert_ne!(a, b, "{track:?}: phrases {i} and {j} are the same");
                }
            }
        }
    }

    #[test]
    fn the_tracks_differ_in_tempo_and_key() {
        let styles: Vec<Style> = Track::ALL.iter().map(|t| t.style()).collect();
        for (i, a) in styles.iter().enumerate() {
            for b in &styles[i + 1..] {
                assert!(a.bpm != b.bpm && (a.tonic != b.tonic || a.scale != b.scale));
            }
        }
    }
}
