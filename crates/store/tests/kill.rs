//! The kill test: a child process saves four files in a loop and is killed (SIGKILL on Unix,
//! TerminateProcess on Windows) at 100 random moments; after each kill every file still loads, or its
//! previous version does, and no file goes back to older contents than a load already saw.
//!
//! The child is this test binary itself, running the ignored test `child_saves_until_killed` with
//! `GAMBIT_KILL_TEST_DIR` set. The files' contents check themselves: a sequence number, a payload of
//! varying length (up to 192 KiB, so kills land inside writes) and a checksum over both.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gambit_store::Store;
use rand::{Rng, SeedableRng};

/// The four files the game keeps.
const FILES: [&str; 4] = ["settings.json", "progress.json", "run.json", "skill-chess.json"];
const CHILD_ENV: &str = "GAMBIT_KILL_TEST_DIR";
const KILLS: usize = 100;

/// FNV-1a over the bytes.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The text of version `seq` of file `index`: `seq length checksum` on the first line, the payload on
/// the second (a slice of a fixed random text, its length and start varying with `seq` and `index`).
fn contents(index: usize, seq: u64) -> String {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let text = TEXT.get_or_init(|| {
        // An xorshift stream of letters: cheap even unoptimised, so the child starts writing at once.
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        (0..256 * 1024)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                char::from(b'a' + (x % 26) as u8)
            })
            .collect()
    });
    let mut rng = rand::rngs::StdRng::seed_from_u64(seq * 4 + index as u64);
    let len = rng.gen_range(16..192 * 1024);
    let start = rng.gen_range(0..text.len() - len);
    let payload = &text[start..start + len];
    format!("{seq} {len} {}\n{payload}", checksum(format!("{seq}{payload}").as_bytes()))
}

/// Reads a version back: its sequence number if the text is whole and intact.
fn parse(text: &str) -> Result<u64, String> {
    let (head, payload) = text.split_once('\n').ok_or("no header line")?;
    let fields: Vec<u64> =
        head.split(' ').map(|f| f.parse().map_err(|_| "bad header")).collect::<Result<_, _>>()?;
    let [seq, len, sum] = fields[..] else { return Err("bad header".into()) };
    if payload.len() as u64 != len {
        return Err(format!("payload of {} bytes, header says {len}", payload.len()));
    }
    if checksum(format!("{seq}{payload}").as_bytes()) != sum {
        return Err("checksum mismatch".into());
    }
    Ok(seq)
}

/// The child: saves the file with the oldest version next, forever (until killed). Does nothing unless
/// started by `a_killed_writer_never_leaves_a_file_that_does_not_load`.
#[test]
#[ignore = "the kill test's child process; started by the kill test"]
fn child_saves_until_killed() {
    let Some(dir) = std::env::var_os(CHILD_ENV) else { return };
    let store = Store::new(dir);
    let mut seqs: Vec<u64> = FILES.iter().map(|f| store.load(f, parse).value.unwrap_or(0)).collect();
    loop {
        let i = (0..FILES.len()).min_by_key(|&i| seqs[i]).expect("four files");
        seqs[i] += 1;
        store.save(FILES[i], &contents(i, seqs[i])).expect("the child can write");
    }
}

#[test]
fn a_killed_writer_never_leaves_a_file_that_does_not_load() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    for (i, name) in FILES.iter().enumerate() {
        store.save(name, &contents(i, 0)).unwrap();
    }
    let exe = std::env::current_exe().unwrap();
    let mut rng = rand::rngs::StdRng::from_entropy();
    let mut seen = [0u64; FILES.len()];
    let started = Instant::now();
    for kill in 0..KILLS {
        let mut child = Command::new(&exe)
            .args(["--ignored", "--exact", "child_saves_until_killed", "--test-threads", "1"])
            .env(CHILD_ENV, dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_micros(rng.gen_range(0..50_000)));
        child.kill().unwrap();
        child.wait().unwrap();
        for (i, name) in FILES.iter().enumerate() {
            let loaded = store.load(name, parse);
            let seq = loaded
                .value
                .unwrap_or_else(|| panic!("kill {kill}: {name} does not load: {:?}", loaded.problem));
            assert!(loaded.problem.is_none(), "kill {kill}: {name}: {:?}", loaded.message());
            assert!(seq >= seen[i], "kill {kill}: {name} went back from version {} to {seq}", seen[i]);
            seen[i] = seq;
            // The previous version, when there is one, is whole too.
            let previous = store.inspect(name, parse).previous;
            assert!(
                !matches!(previous, gambit_store::FileState::Invalid(_)),
                "kill {kill}: {name}.prev: {previous:?}"
            );
        }
    }
    assert!(seen.iter().all(|&s| s > 0), "the child wrote every file at least once: {seen:?}");
    assert!(store.kept_aside(FILES[0]).is_empty());
    eprintln!("{KILLS} kills in {:.1} s; last versions {seen:?}", started.elapsed().as_secs_f64());
}
