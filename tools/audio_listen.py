#!/usr/bin/env python3
"""The listener of tools/audio-check.sh (standard library only).

    audio_listen.py PIPE LOG
        Reads raw 16-bit stereo 44.1 kHz samples from PIPE at a sound card's pace (ALSA's `null` device
        takes samples as fast as they come; the pipe's back-pressure paces the game's audio thread to
        real time) and writes one line per 50 ms to LOG: wall-clock time, peak and RMS in dBFS. Ends at
        the end of the stream (the game closed it).

    audio_listen.py --judge EFFECTS_LOG MOVED_AT MUSIC_LOG
        The checks: nothing heard before MOVED_AT (a Unix time) and a sound after it in EFFECTS_LOG (the
        music was off there); at least a second of music above -45 dBFS RMS in MUSIC_LOG. Exit status 1
        when one fails.
"""

import math
import struct
import sys
import time

RATE = 44100
FRAME_BYTES = 4  # 16-bit stereo
STEPS_PER_SECOND = 20


def db(x):
    return 20 * math.log10(x) if x > 0 else -200.0


def listen(pipe, log):
    chunk = RATE * FRAME_BYTES // STEPS_PER_SECOND
    with open(pipe, "rb", buffering=0) as source, open(log, "w") as out:
        start = time.monotonic()
        steps = 0
        while True:
            data = b""
            while len(data) < chunk:
                part = source.read(chunk - len(data))
                if not part:
                    return
                data += part
            steps += 1
            values = struct.unpack(f"<{len(data) // 2}h", data)
            peak = max(abs(v) for v in values) / 32768
            rms = math.sqrt(sum(v * v for v in values) / len(values)) / 32768
            out.write(f"{time.time():.3f} {db(peak):.1f} {db(rms):.1f}\n")
            out.flush()
            # Real time: the n-th step is taken no earlier than n steps after the first.
            ahead = start + steps / STEPS_PER_SECOND - time.monotonic()
            if ahead > 0:
                time.sleep(ahead)


def levels(path):
    """(time, peak dBFS, RMS dBFS) of each step the listener logged."""
    return [tuple(map(float, line.split())) for line in open(path) if line.strip()]


def judge(effects_log, moved_at, music_log):
    effects, music = levels(effects_log), levels(music_log)
    failed = False
    before = [p for t, p, _ in effects if t < moved_at]
    after = [p for t, p, _ in effects if t >= moved_at]
    loudest = lambda peaks: max(peaks, default=-200.0)
    print(f"effects: {len(before) / STEPS_PER_SECOND:.1f} s heard before the move, "
          f"loudest {loudest(before):.1f} dBFS")
    print(f"effects: {len(after) / STEPS_PER_SECOND:.1f} s heard from the move on, "
          f"loudest {loudest(after):.1f} dBFS")
    if not before or loudest(before) > -60:
        print("FAIL: nothing reached the output, or it sounded before any move (the music was off)")
        failed = True
    if loudest(after) < -30:
        print("FAIL: the battle's move was not heard")
        failed = True
    sounding = [r for _, _, r in music if r > -45]
    print(f"music: {len(music) / STEPS_PER_SECOND:.1f} s heard on the title, "
          f"{len(sounding) / STEPS_PER_SECOND:.1f} s of it above -45 dBFS RMS")
    if len(sounding) < STEPS_PER_SECOND:
        print("FAIL: the title's music was not heard")
        failed = True
    print("audio-check: " + ("FAILED" if failed else "passed"))
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--judge":
        sys.exit(judge(sys.argv[2], float(sys.argv[3]), sys.argv[4]))
    if len(sys.argv) == 3:
        listen(sys.argv[1], sys.argv[2])
        sys.exit(0)
    sys.exit(__doc__)
