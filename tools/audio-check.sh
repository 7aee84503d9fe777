#!/usr/bin/env bash
# Hears the game through its real sound path, with no sound card: the release game built with its
# `audio` feature runs under Xvfb with ALSA's `file` plugin as the default output (a temporary ALSA
# configuration and profile; nothing of the user's is read or written), and what it plays is written
# to a WAV file that this script measures.
#
#   1. Effects: a profile with the music's volume at 0; Enter on the title accepts the first-launch
#      tutorial; the command line plays its first battle's move (`/`, `f1f6`, Enter). The output must be
#      silent before the move and sound after it (the move's cue and the enemy's reply).
#   2. Music: a fresh profile with the default settings; the title's music must be heard.
#
# Usage: tools/audio-check.sh [GAME]   GAME: a `gambit` binary built with `--features audio` (default:
# builds one with `cargo build --release -p gambit --features audio`).
# Needs (Debian): xvfb xdotool mesa-vulkan-drivers libasound2-dev pkg-config, and python3.
# Exit status 0 when both checks pass, 1 when one fails, 2 when something it needs is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in Xvfb xdotool python3; do
    command -v "$tool" >/dev/null || { echo "audio-check: needs $tool (Debian: xvfb, xdotool, python3)"; exit 2; }
done
game="${1:-}"
if [ -z "$game" ]; then
    export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/gambit/target}"
    cargo build --release -p gambit --features audio
    game="$CARGO_TARGET_DIR/release/gambit"
fi
game="$(realpath "$game")"

work="$(mktemp -d)"
display=":$((90 + RANDOM % 100))"
xvfb_pid=""
game_pid=""
cleanup() {
    [ -n "$game_pid" ] && kill "$game_pid" 2>/dev/null || true
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb_pid=$!
sleep 1

# The size of the output file, bytes (0 before the game opens it).
size() { stat -c %s "$1" 2>/dev/null || echo 0; }

# Starts the game on a fresh profile whose settings are $1, writing its sound to $2; waits for its
# window and gives it the keyboard.
start_game() {
    local settings="$1" out="$2" home="$work/home-$RANDOM"
    mkdir -p "$home/data"
    printf '%s\n' "$settings" >"$home/data/settings.json"
    cat >"$home/.asoundrc" <<EOF
pcm.!default {
    type file
    slave.pcm "null"
    file "$out"
    format "wav"
}
EOF
    HOME="$home" GAMBIT_DATA_DIR="$home/data" DISPLAY="$display" "$game" >"$home/game.log" 2>&1 &
    game_pid=$!
    window=""
    for _ in $(seq 1 120); do
        window="$(DISPLAY="$display" xdotool search --name '^Gambit$' 2>/dev/null | head -n 1 || true)"
        [ -n "$window" ] && break
        sleep 0.5
    done
    if [ -z "$window" ]; then
        echo "audio-check: the game's window did not open; its log:"
        cat "$home/game.log"
        exit 1
    fi
    DISPLAY="$display" xdotool windowfocus --sync "$window" 2>/dev/null || true
    # The title is shown and the music made (a second in release) well within this.
    sleep 5
}

stop_game() {
    kill "$game_pid" 2>/dev/null || true
    wait "$game_pid" 2>/dev/null || true
    game_pid=""
}

key() { DISPLAY="$display" xdotool key --delay 120 "$@"; }

# 1. Effects only.
effects="$work/effects.wav"
start_game '{"music_volume": 0, "effects_volume": 100}' "$effects"
key Return
sleep 3
before_move="$(size "$effects")"
key slash
DISPLAY="$display" xdotool type --delay 120 f1f6
key Return
sleep 4
after_move="$(size "$effects")"
stop_game

# 2. Music on the title.
music="$work/music.wav"
start_game '{}' "$music"
sleep 3
stop_game

python3 - "$effects" "$before_move" "$after_move" "$music" <<'EOF'
import math, struct, sys

def read(path):
    """The WAV file ALSA's file plugin wrote (its lengths are never finished: read to the end)."""
    data = open(path, "rb").read()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", f"{path}: not a WAV file"
    at, fmt = 12, None
    while at + 8 <= len(data):
        tag, length = data[at:at + 4], struct.unpack("<I", data[at + 4:at + 8])[0]
        if tag == b"fmt ":
            fmt = struct.unpack("<HHIIHH", data[at + 8:at + 24])
        if tag == b"data":
            return fmt, at + 8, data
        at += 8 + length
    raise SystemExit(f"{path}: no data chunk")

def level(path, start, end):
    """Peak and RMS (dBFS) of the output between byte offsets start and end of the file."""
    (format_tag, channels, rate, _, align, bits), data_at, data = read(path)
    start, end = max(start, data_at), min(end, len(data))
    start = data_at + (start - data_at) // align * align
    count = (end - start) // (bits // 8)
    code = {(1, 16): "h", (1, 32): "i", (3, 32): "f", (1, 8): "B"}[(format_tag, bits)]
    full = {"h": 32768.0, "i": 2147483648.0, "f": 1.0, "B": 128.0}[code]
    values = struct.unpack(f"<{count}{code}", data[start:start + count * (bits // 8)])
    if code == "B":
        values = [v - 128 for v in values]
    if not values:
        return -200.0, -200.0, rate, channels
    peak = max(abs(v) for v in values) / full
    rms = math.sqrt(sum(v * v for v in values) / len(values)) / full
    db = lambda x: 20 * math.log10(x) if x > 0 else -200.0
    return db(peak), db(rms), rate, channels

effects, before_move, after_move, music = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
failed = False
peak, rms, rate, channels = level(effects, 0, before_move)
print(f"effects, title and tutorial before the move: peak {peak:.1f} dBFS, RMS {rms:.1f} dBFS "
      f"({rate} Hz, {channels} channel(s))")
if peak > -60:
    print("FAIL: sound before any move (the music's volume is 0)"); failed = True
peak, rms, _, _ = level(effects, before_move, after_move)
print(f"effects, the tutorial battle's first move and the reply: peak {peak:.1f} dBFS, RMS {rms:.1f} dBFS")
if peak < -30:
    print("FAIL: the battle's move was not heard"); failed = True
peak, rms, _, _ = level(music, 0, 1 << 40)
print(f"music, the title with the default settings: peak {peak:.1f} dBFS, RMS {rms:.1f} dBFS")
if rms < -45:
    print("FAIL: the title's music was not heard"); failed = True
print("audio-check: " + ("FAILED" if failed else "passed"))
sys.exit(1 if failed else 0)
EOF
