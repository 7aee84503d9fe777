#!/usr/bin/env python3
"""Time to depth and nodes per second of UCI engines on gambit-cli's bench positions.

Usage: python3 tools/time_to_depth.py --depth 12 ENGINE[,NAME=VALUE...] ENGINE[,NAME=VALUE...] ...

Each argument is an engine path, optionally followed by comma-separated UCI options (for example
`gambit-uci,Threads=2`). Every engine searches every position to `--depth` after `ucinewgame`, in
turn (engine A position 1, engine B position 1, ...), `--rounds` times, so a change in the machine's
load hits all engines alike. Prints per engine: total nodes, total wall time from `go` to `bestmove`
as python-chess measures it, nodes per second, and time relative to the first engine.
"""

import argparse
import time

import chess
import chess.engine

# The positions of `gambit-cli bench` (crates/cli/src/bench_cmd.rs).
FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/2q5/5PPP/3R2K1 b - - 0 1",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
]


def parse(spec):
    path, *opts = spec.split(",")
    options = {}
    for o in opts:
        k, _, v = o.partition("=")
        options[k] = int(v) if v.isdigit() else v
    return path, options


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("engines", nargs="+")
    args = ap.parse_args()
    specs = [parse(s) for s in args.engines]
    engines = []
    for path, options in specs:
        e = chess.engine.SimpleEngine.popen_uci(path)
        e.configure({"Hash": 16, **options})
        engines.append(e)
    totals = [[0, 0.0] for _ in engines]
    for _ in range(args.rounds):
        for fen in FENS:
            for i, e in enumerate(engines):
                t0 = time.perf_counter()
                info = e.analyse(chess.Board(fen), chess.engine.Limit(depth=args.depth), game=object())
                totals[i][1] += time.perf_counter() - t0
                totals[i][0] += info.get("nodes", 0)
    base = totals[0][1]
    for spec, (nodes, secs) in zip(args.engines, totals):
        print(f"{spec}: nodes {nodes} time {secs:.2f} s nps {nodes / secs:.0f} time ratio {secs / base:.2f}")
    for e in engines:
        e.quit()


if __name__ == "__main__":
    main()
