//! The sound effects, synthesised: pure functions from a [`Cue`] to samples and from samples to the
//! bytes of a WAV file (16-bit mono PCM, written by `hound`), made once at start-up. No recorded or
//! downloaded sound.

use super::Cue;

/// The sample rate of every effect, samples per second.
pub const SAMPLE_RATE: u32 = 44_100;

/// A note: start (seconds from the effect's start), length (seconds), frequency at its start and at its
/// end (Hz, swept exponentially), loudness (0..1), and how much of a square wave is mixed into the sine
/// (0 = pure sine).
#[derive(Clone, Copy, Debug)]
struct Note {
    start: f32,
    length: f32,
    from_hz: f32,
    to_hz: f32,
    level: f32,
    square: f32,
}

impl Note {
    const fn tone(start: f32, length: f32, hz: f32, level: f32) -> Note {
        Note { start, length, from_hz: hz, to_hz: hz, level, square: 0.0 }
    }
}

/// The notes of a cue and the level of its noise burst (0 = none), the burst lasting 30 ms.
fn recipe(cue: Cue) -> (Vec<Note>, f32) {
    match cue {
        // A short wooden knock.
        Cue::Move => (vec![Note { to_hz: 180.0, ..Note::tone(0.0, 0.09, 260.0, 0.55) }], 0.15),
        // A heavier knock with a crack.
        Cue::Capture => (
            vec![
                Note { to_hz: 110.0, ..Note::tone(0.0, 0.16, 200.0, 0.6) },
                Note::tone(0.02, 0.08, 520.0, 0.2),
            ],
            0.45,
        ),
        // Two bright beeps, the second higher.
        Cue::Check => (vec![Note::tone(0.0, 0.11, 880.0, 0.35), Note::tone(0.12, 0.16, 1175.0, 0.35)], 0.0),
        // A rising sweep with its octave.
        Cue::Teleport => (
            vec![
                Note { to_hz: 1400.0, ..Note::tone(0.0, 0.28, 300.0, 0.4) },
                Note { to_hz: 2800.0, ..Note::tone(0.03, 0.25, 600.0, 0.12) },
            ],
            0.0,
        ),
        // A cold chime: three high partials ringing out.
        Cue::Freeze => (
            vec![
                Note::tone(0.0, 0.45, 1568.0, 0.25),
                Note::tone(0.0, 0.40, 2093.0, 0.2),
                Note::tone(0.01, 0.35, 2637.0, 0.15),
            ],
            0.05,
        ),
        // A falling buzz.
        Cue::Damage => (vec![Note { to_hz: 70.0, square: 0.5, ..Note::tone(0.0, 0.2, 220.0, 0.45) }], 0.1),
        // A soft rising fifth, then its octave: warm and slow.
        Cue::Heal => (
            vec![
                Note::tone(0.0, 0.3, 587.33, 0.3),
                Note::tone(0.1, 0.3, 880.0, 0.3),
                Note::tone(0.2, 0.4, 1174.66, 0.25),
            ],
            0.0,
        ),
        // A metal plate cracking: inharmonic partials over a sharp burst, a low clank under them.
        Cue::ArmorBreak => (
            vec![
                Note::tone(0.0, 0.35, 437.0, 0.3),
                Note::tone(0.0, 0.3, 1187.0, 0.22),
                Note::tone(0.0, 0.25, 2213.0, 0.15),
                Note { to_hz: 60.0, ..Note::tone(0.0, 0.18, 140.0, 0.35) },
            ],
            0.55,
        ),
        // A major arpeggio upwards, the last note held.
        Cue::Victory => (
            vec![
                Note::tone(0.0, 0.14, 523.25, 0.35),
                Note::tone(0.12, 0.14, 659.25, 0.35),
                Note::tone(0.24, 0.14, 783.99, 0.35),
                Note::tone(0.36, 0.45, 1046.5, 0.4),
            ],
            0.0,
        ),
        // A minor line downwards, slow.
        Cue::Defeat => (
            vec![
                Note::tone(0.0, 0.25, 392.0, 0.35),
                Note::tone(0.22, 0.25, 311.13, 0.35),
                Note { to_hz: 240.0, ..Note::tone(0.44, 0.6, 261.63, 0.4) },
            ],
            0.0,
        ),
    }
}

/// The envelope at `t` seconds into a note of `length` seconds: a 4 ms attack, then an exponential
/// decay that reaches silence at the end (so no effect starts or ends with a click).
fn envelope(t: f32, length: f32) -> f32 {
    const ATTACK: f32 = 0.004;
    if t < 0.0 || t >= length {
        return 0.0;
    }
    let attack = (t / ATTACK).min(1.0);
    let decay = (-4.0 * t / length).exp();
    // Fades the tail to exactly 0 at `length`.
    let tail = ((length - t) / (0.2 * length)).min(1.0);
    attack * decay * tail
}

/// A small deterministic noise source (xorshift32): the same sound every run.
pub(super) struct Noise(u32);

impl Noise {
    /// A source from a seed (0 is replaced: xorshift never leaves 0).
    pub(super) fn new(seed: u32) -> Noise {
        Noise(if seed == 0 { 0x9E37_79B9 } else { seed })
    }

    /// The next value, uniform in -1..=1.
    pub(super) fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// The samples of `cue` at `rate` samples per second, each in -1..=1; it starts and ends in silence.
#[must_use]
pub fn samples(cue: Cue, rate: u32) -> Vec<f32> {
    let (notes, noise_level) = recipe(cue);
    let rate_f = rate as f32;
    let seconds = notes.iter().map(|n| n.start + n.length).fold(0.03_f32, f32::max);
    let count = (seconds * rate_f).ceil() as usize;
    let mut out = vec![0.0_f32; count];
    for note in &notes {
        // The phase is accumulated, so a sweep has no jumps.
        let mut phase = 0.0_f32;
        let first = (note.start * rate_f) as usize;
        let last = ((note.start + note.length) * rate_f) as usize;
        for (i, sample) in out.iter_mut().enumerate().take(last.min(count)).skip(first) {
            let t = i as f32 / rate_f - note.start;
            let progress = (t / note.length).clamp(0.0, 1.0);
            let hz = note.from_hz * (note.to_hz / note.from_hz).powf(progress);
            phase = (phase + hz / rate_f).fract();
            let sine = (phase * std::f32::consts::TAU).sin();
            let square = if phase < 0.5 { 1.0 } else { -1.0 };
            let wave = sine * (1.0 - note.square) + square * note.square;
            *sample += wave * note.level * envelope(t, note.length);
        }
    }
    if noise_level > 0.0 {
        let mut noise = Noise::new(0x9E37_79B9 ^ cue as u32);
        for (i, sample) in out.iter_mut().enumerate() {
            *sample += noise.next() * noise_level * envelope(i as f32 / rate_f, 0.03);
        }
    }
    let peak = out.iter().fold(0.0_f32, |m, s| m.max(s.abs()));
    if peak > PEAK {
        for s in &mut out {
            *s *= PEAK / peak;
        }
    }
    out
}

/// The loudest sample of an effect: 0.85 of full scale, about -1.4 dBFS (at most -1 dBFS with room
/// for the 16-bit rounding).
pub const PEAK: f32 = 0.85;

/// The bytes of a WAV file (RIFF, 16-bit signed little-endian mono PCM at `rate` samples per second)
/// holding `samples` (each clamped to -1..=1), written by `hound`.
#[must_use]
pub fn wav(samples: &[f32], rate: u32) -> Vec<u8> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut bytes = std::io::Cursor::new(Vec::with_capacity(44 + samples.len() * 2));
    // Writing to memory fails only past hound's 4 GiB limit, which no sound here comes near.
    let mut writer = hound::WavWriter::new(&mut bytes, spec).expect("WAV header to memory");
    for &s in samples {
        let v = (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16;
        writer.write_sample(v).expect("WAV sample to memory");
    }
    writer.finalize().expect("WAV to memory");
    bytes.into_inner()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sign changes per second over `part` of the samples (a rough pitch).
    fn crossings(s: &[f32]) -> usize {
        s.windows(2).filter(|w| (w[0] < 0.0) != (w[1] < 0.0)).count()
    }

    #[test]
    fn every_cue_is_audible_bounded_and_starts_and_ends_silent() {
        for cue in Cue::ALL {
            let s = samples(cue, SAMPLE_RATE);
            let seconds = s.len() as f32 / SAMPLE_RATE as f32;
            assert!((0.05..=1.5).contains(&seconds), "{cue:?}: {seconds} s");
            let peak = s.iter().fold(0.0_f32, |m, x| m.max(x.abs()));
            assert!(peak > 0.1 && peak <= PEAK + 1e-6, "{cue:?}: peak {peak}");
            assert!(s[0].abs() < 0.02, "{cue:?} starts with a click: {}", s[0]);
            assert!(s[s.len() - 1].abs() < 0.02, "{cue:?} ends with a click: {}", s[s.len() - 1]);
        }
    }

    #[test]
    fn the_cues_sound_different() {
        let all: Vec<Vec<f32>> = Cue::ALL.iter().map(|&c| samples(c, SAMPLE_RATE)).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn the_same_cue_is_the_same_every_time() {
        assert_eq!(samples(Cue::Capture, SAMPLE_RATE), samples(Cue::Capture, SAMPLE_RATE));
    }

    #[test]
    fn teleport_rises_and_damage_falls() {
        let rising = samples(Cue::Teleport, SAMPLE_RATE);
        let (a, b) = rising.split_at(rising.len() / 2);
        assert!(crossings(b) > crossings(a) * 2, "{} then {}", crossings(a), crossings(b));
        let falling = samples(Cue::Damage, SAMPLE_RATE);
        let (a, b) = falling.split_at(falling.len() / 2);
        assert!(crossings(a) > crossings(b), "{} then {}", crossings(a), crossings(b));
    }

    #[test]
    fn victory_ends_higher_than_defeat() {
        let last_tenth = |s: Vec<f32>| {
            let n = s.len() / 4;
            crossings(&s[s.len() - n..]) as f32 / n as f32
        };
        assert!(
            last_tenth(samples(Cue::Victory, SAMPLE_RATE))
                > 2.0 * last_tenth(samples(Cue::Defeat, SAMPLE_RATE))
        );
    }

    #[test]
    fn the_wav_header_describes_16_bit_mono_pcm() {
        let bytes = wav(&[0.0, 1.0, -1.0, 2.0], 8000);
        assert_eq!(bytes.len(), 44 + 8);
        assert_eq!(&bytes[0..4], b"RIFF");
        assert_eq!(u32::from_le_bytes(bytes[4..8].try_into().unwrap()), 36 + 8);
        assert_eq!(&bytes[8..16], b"WAVEfmt ");
        assert_eq!(u16::from_le_bytes([bytes[22], bytes[23]]), 1, "mono");
        assert_eq!(u32::from_le_bytes(bytes[24..28].try_into().unwrap()), 8000);
        assert_eq!(u16::from_le_bytes([bytes[34], bytes[35]]), 16);
        assert_eq!(&bytes[36..40], b"data");
        assert_eq!(u32::from_le_bytes(bytes[40..44].try_into().unwrap()), 8);
        let pcm: Vec<i16> = bytes[44..].chunks(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
        assert_eq!(pcm, vec![0, i16::MAX, -i16::MAX, i16::MAX], "clamped to -1..=1");
    }
}
