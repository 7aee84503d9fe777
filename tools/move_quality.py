#!/usr/bin/env python3
"""Move quality of UCI engines against an oracle (Stockfish at full strength): an attempt at a cheap,
paired measure of playing strength. At 1,200 positions it did not separate builds about 90 Elo apart in
self-play (crates/search/CHANGELOG.md, "Measured": K1, 2026-12-03): it is no substitute for a match.

Usage (python-chess: `python3 -m pip install chess`; Stockfish: `apt-get install stockfish`):

    # positions: every 4th position with Gambit to move, plies 16 to 100, of the match games
    python3 tools/move_quality.py sample --out positions.txt --count 400 records/*.pgn.xz
    # each engine's move at a fixed node count, judged by the oracle; paired differences
    python3 tools/move_quality.py score --positions positions.txt --nodes 60000 \\
        --oracle /usr/games/stockfish --cache oracle.json --engine A=path/to/uci-a --engine B=path/to/uci-b

Each engine plays `go nodes N` (deterministic: the machine's load does not enter) from every position
after `ucinewgame`. The oracle searches the position (`go nodes --oracle-nodes`) and, when the engine's
move is not its best, the engine's move alone (`searchmoves`); the loss of a move is the oracle's
expected score of its best move minus that of the engine's move (python-chess `wdl` model `sf15.1`, 0
to 1; 0.5 is a draw lost or a win thrown to a draw). Oracle results are cached by position and move in
`--cache`, so a second engine or a rerun costs only the moves not yet judged. Prints per engine the mean
loss (per mille of a game), the number of moves losing at least 0.1 and 0.3, and for each engine after
the first the paired mean difference with its 95 % interval (normal approximation over positions);
`--details` keeps every move and its loss.
"""

import argparse
import json
import math
import os
import random

import chess
import chess.engine
import chess.pgn

from tune_data import open_text


def read_games(path):
    with open_text(path) as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            yield game


def sample(args):
    fens = []
    for path in args.pgn:
        for game in read_games(path):
            gambit_white = "Gambit" in game.headers.get("White", "")
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                if (
                    args.min_ply <= ply <= args.max_ply
                    and ply % args.every == 0
                    and (board.turn == chess.WHITE) == gambit_white
                    and not board.is_game_over()
                ):
                    fens.append(board.fen())
                board.push(move)
    fens = sorted(set(fens))
    random.Random(args.seed).shuffle(fens)
    fens = fens[: args.count]
    with open(args.out, "w", encoding="utf-8") as f:
        f.writelines(fen + "\n" for fen in fens)
    print(f"{len(fens)} positions written to {args.out}")


def expectation(info, turn):
    return info["score"].pov(turn).wdl(model="sf15.1").expectation()


class Oracle:
    def __init__(self, path, nodes, cache_path):
        self.engine = chess.engine.SimpleEngine.popen_uci(path)
        self.engine.configure({"Threads": 1, "Hash": 64})
        self.nodes = nodes
        self.cache_path = cache_path
        self.cache = {}
        if cache_path and os.path.exists(cache_path):
            with open(cache_path, encoding="utf-8") as f:
                self.cache = json.load(f)

    def save(self):
        if self.cache_path:
            tmp = self.cache_path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(self.cache, f)
            os.replace(tmp, self.cache_path)

    def best(self, board):
        """(best move in UCI, its expected score for the side to move)."""
        key = f"{self.nodes}|{board.fen()}|best"
        if key not in self.cache:
            info = self.engine.analyse(board, chess.engine.Limit(nodes=self.nodes), game=object())
            self.cache[key] = [info["pv"][0].uci(), expectation(info, board.turn)]
        return self.cache[key]

    def value(self, board, move):
        """The expected score of `move` for the side to move."""
        best, e = self.best(board)
        if move.uci() == best:
            return e
        key = f"{self.nodes}|{board.fen()}|{move.uci()}"
        if key not in self.cache:
            info = self.engine.analyse(
                board, chess.engine.Limit(nodes=self.nodes), root_moves=[move], game=object()
            )
            self.cache[key] = expectation(info, board.turn)
        return self.cache[key]


def score(args):
    with open(args.positions, encoding="utf-8") as f:
        fens = [line.strip() for line in f if line.strip()]
    oracle = Oracle(args.oracle, args.oracle_nodes, args.cache)
    losses = {}
    details = []
    for spec in args.engine:
        name, _, path = spec.partition("=")
        engine = chess.engine.SimpleEngine.popen_uci(path)
        engine.configure({"Hash": args.hash})
        out = []
        for i, fen in enumerate(fens):
            board = chess.Board(fen)
            move = engine.play(board, chess.engine.Limit(nodes=args.nodes), game=object()).move
            best = oracle.best(board)[1]
            out.append(max(0.0, best - oracle.value(board, move)))
            details.append({"engine": name, "fen": fen, "move": move.uci(), "loss": out[-1]})
            if i % 50 == 49:
                oracle.save()
        engine.quit()
        oracle.save()
        losses[name] = out
        n = len(out)
        mean = sum(out) / n
        print(
            f"{name}: {n} positions, mean loss {1000 * mean:.1f} per mille, "
            f">= 0.1: {sum(x >= 0.1 for x in out)}, >= 0.3: {sum(x >= 0.3 for x in out)}",
            flush=True,
        )
    oracle.engine.quit()
    if args.details:
        with open(args.details, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(d) + "\n" for d in details)
    names = list(losses)
    for name in names[1:]:
        d = [a - b for a, b in zip(losses[name], losses[names[0]])]
        n = len(d)
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(1, n - 1))
        half = 1.96 * sd / math.sqrt(n)
        print(
            f"{name} - {names[0]}: {1000 * mean:+.1f} per mille [{1000 * (mean - half):+.1f}, "
            f"{1000 * (mean + half):+.1f}] (negative: {name} loses less); "
            f"better in {sum(x < 0 for x in d)}, worse in {sum(x > 0 for x in d)}"
        )


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    s = sub.add_parser("sample", help="draw positions from PGN files (plain or .xz)")
    s.add_argument("--out", required=True)
    s.add_argument("--count", type=int, default=400)
    s.add_argument("--min-ply", type=int, default=16)
    s.add_argument("--max-ply", type=int, default=100)
    s.add_argument("--every", type=int, default=4, help="keep plies divisible by this")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("pgn", nargs="+")
    r = sub.add_parser("score", help="judge engines' moves")
    r.add_argument("--positions", required=True)
    r.add_argument("--engine", action="append", required=True, help="NAME=PATH; the first is the baseline")
    r.add_argument("--nodes", type=int, default=60000, help="the engines' nodes per move")
    r.add_argument("--hash", type=int, default=64, help="the engines' Hash, MiB")
    r.add_argument("--oracle", required=True)
    r.add_argument("--oracle-nodes", type=int, default=300000)
    r.add_argument("--cache", help="JSON file of the oracle's results")
    r.add_argument("--details", help="JSON-lines file of every engine's move and loss per position")
    args = ap.parse_args()
    sample(args) if args.command == "sample" else score(args)


if __name__ == "__main__":
    main()
