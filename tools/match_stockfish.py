#!/usr/bin/env python3
"""Match gambit-uci against Stockfish at limited strength, driven by python-chess.

Usage (Debian: `apt-get install -y stockfish`, `python3 -m pip install chess`):

    cargo build --release -p gambit-cli
    nice -n 19 python3 tools/match_stockfish.py --engine target/release/gambit-uci \
        --elo 1500 1800 2100 --games 60 --tc 5 --inc 0.05

Each level plays `--games` games at `--tc` seconds + `--inc` seconds per move, alternating colours,
each opening (a short line from OPENINGS) played once with each colour. Prints per-level score and an
Elo estimate with a 95 % interval (normal approximation on the per-game scores). Note: Stockfish
calibrates UCI_Elo at longer time controls (its docs: 60 s + 0.6 s), so blitz figures are indicative.
"""

import argparse
import math
import sys

import chess
import chess.engine

# Short, balanced opening lines (UCI), played once with each colour.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6", "e2e4 c7c5 g1f3 d7d6", "d2d4 d7d5 c2c4 e7e6", "d2d4 g8f6 c2c4 g7g6",
    "e2e4 e7e6 d2d4 d7d5", "e2e4 c7c6 d2d4 d7d5", "c2c4 e7e5 b1c3 g8f6", "g1f3 d7d5 g2g3 g8f6",
    "e2e4 e7e5 f1c4 g8f6", "d2d4 g8f6 g1f3 e7e6", "e2e4 d7d6 d2d4 g8f6", "c2c4 c7c5 g1f3 b8c6",
    "e2e4 e7e5 g1f3 g8f6", "d2d4 d7d5 g1f3 g8f6", "e2e4 g7g6 d2d4 f8g7",
]


def play_game(gambit, stockfish, opening, gambit_white, tc, inc):
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    clocks = {chess.WHITE: tc, chess.BLACK: tc}
    while not board.is_game_over(claim_draw=True):
        engine = gambit if (board.turn == chess.WHITE) == gambit_white else stockfish
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        result = engine.play(board, limit)
        clocks[board.turn] += inc
        if result.move is None:
            break
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == gambit_white else 0.0


def elo(score, n):
    """Elo difference and 95 % half-width from a mean score over n games."""
    p = min(max(score, 1e-3), 1 - 1e-3)
    diff = -400 * math.log10(1 / p - 1)
    sd = math.sqrt(p * (1 - p) / max(n, 1))
    lo, hi = max(p - 1.96 * sd, 1e-3), min(p + 1.96 * sd, 1 - 1e-3)
    return diff, -400 * math.log10(1 / lo - 1), -400 * math.log10(1 / hi - 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/gambit-uci")
    ap.add_argument("--stockfish", default="stockfish")
    ap.add_argument("--elo", type=int, nargs="+", default=[1500, 1800, 2100])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--tc", type=float, default=5.0)
    ap.add_argument("--inc", type=float, default=0.05)
    args = ap.parse_args()
    gambit = chess.engine.SimpleEngine.popen_uci(args.engine)
    gambit.configure({"Hash": 32})
    for level in args.elo:
        sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        sf.configure({"UCI_LimitStrength": True, "UCI_Elo": level, "Threads": 1, "Hash": 16})
        points, results = 0.0, []
        for g in range(args.games):
            opening = OPENINGS[(g // 2) % len(OPENINGS)]
            s = play_game(gambit, sf, opening, g % 2 == 0, args.tc, args.inc)
            points += s
            results.append(s)
            print(f"elo {level} game {g + 1}: {'W' if s == 1 else 'L' if s == 0 else 'D'} "
                  f"({points}/{g + 1})", flush=True)
        sf.quit()
        d, lo, hi = elo(points / len(results), len(results))
        print(f"UCI_Elo {level}: {points}/{len(results)} = {100 * points / len(results):.1f} %, "
              f"Elo diff {d:+.0f} [{lo:+.0f}, {hi:+.0f}] (95 %)", flush=True)
    gambit.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
