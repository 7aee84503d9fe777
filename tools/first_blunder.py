#!/usr/bin/env python3
"""The first blunder of each lost match game, and whether a short or a long search of the engine avoids it.

Usage (python-chess: `python3 -m pip install chess`; Stockfish: `apt-get install stockfish`):

    python3 tools/first_blunder.py --engine path/to/gambit-uci --oracle /usr/games/stockfish \\
        --out blunders.jsonl records/2026-12-04-qchk-518d618-a-sf2200.pgn.xz

For every game of the PGN files (`.xz` read as such) that the engine named `--player` (a prefix of the
PGN's White or Black tag, default `Gambit`) lost, the oracle (Stockfish at full strength, one thread,
16 MiB hash, `go nodes --oracle-nodes`, default 150,000, after `ucinewgame`) scores each of the player's
moves from ply `--from-ply` (default 16) on: the position before the move and the position after it,
centipawns from the player's side (a mate counts 10,000). The first move that loses at least `--drop` cp
(default 120) from a position the oracle scores above `--above` (default -150, so not already lost) is
the game's first blunder. For it the oracle's best move is found at twice the nodes, and a fresh engine
process (`Hash 16`, no earlier search) plays `go movetime` each of `--movetime` (ms, default 150 and
1500); every move is scored by the oracle at twice the nodes. A move counts as avoiding the blunder when
it scores within 60 cp of the oracle's best. Games with no such move (lost gradually, or already lost
at `--from-ply`) give no line.

Output: one JSON line per blunder in `--out` (appended; `--shard K/N` takes games K, K+N, ... so two
processes can share the work): game index, ply, FEN, the move played and its `%emt` time (s), the scores
before and after it, the oracle's best move and its score, the material on the board (minor 3, rook 5,
queen 9, both sides), and per movetime the engine's move and its score; then a summary on stdout over
every line of `--out`.
"""

import argparse
import json
import re
import statistics
import sys

import chess
import chess.engine

from move_quality import read_games

MATE_CP = 10_000
AVOIDS_CP = 60
UNITS = [(chess.KNIGHT, 3), (chess.BISHOP, 3), (chess.ROOK, 5), (chess.QUEEN, 9)]


def material(board):
    return sum(len(board.pieces(role, color)) * units for role, units in UNITS for color in chess.COLORS)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn", nargs="+", help="match PGN files (.pgn or .pgn.xz)")
    ap.add_argument("--engine", required=True, help="the UCI engine to replay the blunder positions with")
    ap.add_argument("--oracle", default="/usr/games/stockfish", help="the judging engine (Stockfish)")
    ap.add_argument("--oracle-nodes", type=int, default=150_000)
    ap.add_argument("--player", default="Gambit", help="prefix of the PGN player tag of the engine")
    ap.add_argument("--from-ply", type=int, default=16)
    ap.add_argument("--drop", type=int, default=120, help="centipawns lost by one move that make a blunder")
    ap.add_argument("--above", type=int, default=-150, help="the score (cp) a blunder must start above")
    ap.add_argument("--movetime", type=int, nargs="+", default=[150, 1500], help="ms per replayed search")
    ap.add_argument("--shard", default="0/1", help="K/N: take games K, K+N, ...")
    ap.add_argument("--out", required=True, help="JSON lines, appended")
    args = ap.parse_args()
    try:
        shard, shards = (int(x) for x in args.shard.split("/"))
        if not 0 <= shard < shards:
            raise ValueError
    except ValueError:
        sys.exit(f"--shard {args.shard!r}: expected K/N with 0 <= K < N")

    oracle = chess.engine.SimpleEngine.popen_uci(args.oracle)
    oracle.configure({"Hash": 16, "Threads": 1})

    def score(board, pov, nodes):
        info = oracle.analyse(board, chess.engine.Limit(nodes=nodes), game=object())
        return info["score"].pov(pov).score(mate_score=MATE_CP), info.get("pv", [None])[0]

    def after(board, move, pov, nodes):
        b = board.copy()
        b.push(move)
        return score(b, pov, nodes)[0]

    n = args.oracle_nodes
    with open(args.out, "a", encoding="utf-8") as out:
        for index, game in enumerate(game for path in args.pgn for game in read_games(path)):
            if index % shards != shard:
                continue
            white = game.headers.get("White", "").startswith(args.player)
            black = game.headers.get("Black", "").startswith(args.player)
            result = game.headers.get("Result")
            if white == black or result != ("0-1" if white else "1-0"):
                continue
            pov = chess.WHITE if white else chess.BLACK
            board = game.board()
            for node in game.mainline():
                move = node.move
                if board.turn == pov and board.ply() >= args.from_ply:
                    before = score(board, pov, n)[0]
                    played = after(board, move, pov, n)
                    if before > args.above and before - played >= args.drop:
                        best_score, best = score(board, pov, 2 * n)
                        emt = re.search(r"%emt ([0-9.]+)", node.comment)
                        line = {"game": index, "ply": board.ply(), "fen": board.fen(), "played": move.uci(),
                                "emt": float(emt.group(1)) if emt else None, "before": before,
                                "after": played, "oracle_best": best.uci() if best else None,
                                "oracle_best_score": best_score, "material": material(board), "replays": {}}
                        for ms in args.movetime:
                            engine = chess.engine.SimpleEngine.popen_uci(args.engine)
                            try:
                                engine.configure({"Hash": 16})
                                reply = engine.play(board, chess.engine.Limit(time=ms / 1000)).move
                            finally:
                                engine.quit()
                            line["replays"][str(ms)] = {"move": reply.uci(), "score": after(board, reply, pov, 2 * n)}
                        out.write(json.dumps(line) + "\n")
                        out.flush()
                        break
                board.push(move)
    oracle.quit()
    summary(args.out, args.movetime)


def summary(path, movetimes):
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(x) for x in f if x.strip()]
    if not lines:
        print("no blunders found")
        return

    def avoids(line, ms):
        return line["oracle_best_score"] - line["replays"][str(ms)]["score"] < AVOIDS_CP

    print(f"{len(lines)} first blunders; median ply {statistics.median(x['ply'] for x in lines)}, "
          f"median material {statistics.median(x['material'] for x in lines)}, "
          f"median loss {statistics.median(x['before'] - x['after'] for x in lines)} cp")
    for ms in movetimes:
        same = sum(x["replays"][str(ms)]["move"] == x["played"] for x in lines)
        print(f"movetime {ms} ms: avoids {sum(avoids(x, ms) for x in lines)}, repeats the move played {same}")
    short, long = movetimes[0], movetimes[-1]
    print(f"avoided at {short} ms: {sum(avoids(x, short) for x in lines)}; only at {long} ms: "
          f"{sum(avoids(x, long) and not avoids(x, short) for x in lines)}; at neither: "
          f"{sum(not avoids(x, short) and not avoids(x, long) for x in lines)}")


if __name__ == "__main__":
    main()
