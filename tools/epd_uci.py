#!/usr/bin/env python3
"""Solve an EPD test suite (WAC and the like) with any UCI engine, as `gambit-cli epd` does for the
built-in engine.

Usage (python-chess: `python3 -m pip install chess`):

    python3 tools/epd_uci.py --engine ENGINE --movetime 1000 crates/search/tests/data/wac.epd

Each position gets `ucinewgame` (a cleared table), then `go movetime MS`; it counts as solved when the
engine's move is one of the `bm` moves (or none of the `am` moves). Prints the failed ids and the total.
"""

import argparse

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--movetime", type=int, default=1000, help="milliseconds per position")
    ap.add_argument("--hash", type=int, default=64, help="Hash, MiB")
    ap.add_argument("epd")
    args = ap.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Hash": args.hash})
    solved, failed, total = 0, [], 0
    with open(args.epd, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            board, ops = chess.Board.from_epd(line)
            total += 1
            res = engine.play(board, chess.engine.Limit(time=args.movetime / 1000), game=object())
            ok = True
            if "bm" in ops:
                ok = res.move in ops["bm"]
            if "am" in ops:
                ok = ok and res.move not in ops["am"]
            if ok:
                solved += 1
            else:
                failed.append(str(ops.get("id", total)))
    engine.quit()
    print("failed:", " ".join(failed))
    print(f"solved {solved}/{total}")


if __name__ == "__main__":
    main()
