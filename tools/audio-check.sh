#!/usr/bin/env bash
# Hears the game through its real sound path, with no sound card: the release game built with its
# `audio` feature runs under Xvfb with ALSA's `file` plugin as the default output (a temporary ALSA
# configuration and profile; nothing of the user's is read or written). The plugin writes the output
# (16-bit stereo at 44.1 kHz) into a named pipe, which a listener (tools/audio_listen.py) reads at a
# sound card's pace and logs in 50 ms steps.
#
#   1. Effects: a profile with the music's volume at 0; on the title, Up and Enter take the
#      first-launch tutorial offer; two clicks play its first battle's move (the rook f1-f6). The output must be silent before the move and sound after it (the move's cue and
#      the enemy's reply).
#   2. Music: a fresh profile with the default settings; the title's music must be heard.
#
# Usage: tools/audio-check.sh [GAME]   GAME: a `gambit` binary built with `--features audio` (default:
# builds one with `cargo build --release -p gambit --features audio`).
# Needs (Debian): xvfb xdotool mesa-vulkan-drivers libasound2-dev pkg-config, and python3.
# Exit status 0 when both checks pass, 1 when one fails, 2 when something it needs is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
tools="$(pwd)/tools"

for tool in Xvfb xdotool python3 mkfifo; do
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
listener_pid=""
cleanup() {
    [ -n "$game_pid" ] && kill "$game_pid" 2>/dev/null || true
    [ -n "$listener_pid" ] && kill "$listener_pid" 2>/dev/null || true
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb_pid=$!
sleep 1

# Starts the game on a fresh profile whose settings are $1, its sound logged to $2 by the listener;
# waits for its window and gives it the keyboard.
start_game() {
    local settings="$1" log="$2" home="$work/home-$RANDOM"
    mkdir -p "$home/data"
    printf '%s\n' "$settings" >"$home/data/settings.json"
    mkfifo "$home/sound"
    python3 "$tools/audio_listen.py" "$home/sound" "$log" &
    listener_pid=$!
    cat >"$home/.asoundrc" <<ALSA
pcm.!default {
    type plug
    slave { pcm "gambit_tap"; format S16_LE; rate 44100; channels 2 }
}
pcm.gambit_tap {
    type file
    slave.pcm "null"
    file "$home/sound"
    format "raw"
}
ALSA
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
    wait "$listener_pid" 2>/dev/null || true
    listener_pid=""
}

key() { DISPLAY="$display" xdotool key --delay 150 "$@"; }

# 1. Effects only. The title's focus is on New Run: Up reaches the tutorial offer's first button.
effects="$work/effects.log"
start_game '{"music_volume": 0, "effects_volume": 100}' "$effects"
key Up Return
sleep 3
moved_at="$(date +%s.%N)"
# A click on the rook on f1, then on f6 (the lesson's board at 1280x800: file f at x 689, rank 1
# at y 592, rank 6 at y 87).
click() { DISPLAY="$display" xdotool mousemove "$1" "$2" sleep 0.3 click 1 sleep 0.3; }
click 689 592
click 689 87
sleep 4
if [ -n "${AUDIO_CHECK_SHOT:-}" ]; then
    DISPLAY="$display" import -window root "$AUDIO_CHECK_SHOT"
fi
stop_game

# 2. Music on the title.
music="$work/music.log"
start_game '{}' "$music"
sleep 3
stop_game

python3 "$tools/audio_listen.py" --judge "$effects" "$moved_at" "$music"
