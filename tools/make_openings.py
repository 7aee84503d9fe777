#!/usr/bin/env python3
"""Generates the balanced opening lines of tools/openings/ with gambit-uci itself.

Usage: python3 tools/make_openings.py --engine PATH [--count 600] [--plies 8] [--seed 1] > FILE

From the start position, each ply picks uniformly (random.Random(seed)) among the engine's top
`--choices` (4) moves at `--pick-depth` (6) plies that score within `--spread` (40) cp of the best.
After `--plies` plies the line is kept when it is new, the game is not over, and the engine scores the
final position within +-`--balance` (30) cp at `--check-depth` (10) plies. One line per opening:
UCI moves, then `# <score from White's view> cp`.
"""

import argparse
import random
import sys

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--choices", type=int, default=4)
    ap.add_argument("--spread", type=int, default=40)
    ap.add_argument("--pick-depth", type=int, default=6)
    ap.add_argument("--check-depth", type=int, default=10)
    ap.add_argument("--balance", type=int, default=30)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Hash": 16})
    seen, tries = set(), 0
    try:
        while len(seen) < args.count:
            tries += 1
            board = chess.Board()
            for _ in range(args.plies):
                infos = engine.analyse(board, chess.engine.Limit(depth=args.pick_depth), multipv=args.choices)
                best = infos[0]["score"].relative.score(mate_score=100000)
                ok = [i["pv"][0] for i in infos
                      if best - i["score"].relative.score(mate_score=100000) <= args.spread]
                board.push(rng.choice(ok))
            line = " ".join(m.uci() for m in board.move_stack)
            if line in seen or board.is_game_over():
                continue
            info = engine.analyse(board, chess.engine.Limit(depth=args.check_depth))
            cp = info["score"].white().score(mate_score=100000)
            if abs(cp) <= args.balance:
                seen.add(line)
                print(f"{line}  # {cp:+d} cp", flush=True)
    finally:
        engine.quit()
    print(f"{len(seen)} lines from {tries} tries", file=sys.stderr)


if __name__ == "__main__":
    main()
