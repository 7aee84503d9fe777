#!/usr/bin/env python3
"""Build the data set of the evaluation tuner (`crates/search/examples/tune.rs`, docs/strength.md
"Issue 18: the tuned evaluation").

Usage (python-chess: `python3 -m pip install chess`; Stockfish: `apt-get install stockfish`):

    python3 tools/tune_data.py extract --out positions.txt GAMES.pgn[.xz] ...
    cargo run --release -p gambit-search --example tune -- quiet positions.txt quiet.txt
    python3 tools/tune_data.py label --stockfish /usr/games/stockfish --nodes 5000 quiet.txt labelled.txt

`extract` writes one line per distinct position of the games (`FEN;result`, the result from White's
view: 1, 0.5 or 0), skipping the first `--skip-plies` plies of each game (the opening book), positions
with the side to move in check and positions after the game's `--max-plies`th ply. Positions are
distinct by their first four FEN fields (placement, side, castling, en passant).

`label` appends Stockfish's expected score for the side to move, from its `UCI_ShowWDL` win / draw / loss
per mille after `go nodes N` on one thread with a 16 MiB table (`(W + D / 2) / 1000`): `FEN;result;score`.
With `--cp` the score is `1 / (1 + 10^(-cp / 400))` of Stockfish's centipawns instead (mates as +-4000):
Stockfish 15.1's WDL depends on the game's ply as well as its evaluation (the same centipawns give a
lower expected score later in the game), which a fit of a static evaluation takes for an endgame
discount; its centipawns do not.
Fixed nodes make the labels independent of the machine's load. A rerun with the same output file resumes
after the lines already written. `--shards N --shard I` labels every Nth line from line I, so N processes
can share the work (concatenate their outputs).
"""

import argparse
import lzma
import subprocess
import sys

import chess
import chess.pgn


def open_text(path):
    if path.endswith(".xz"):
        return lzma.open(path, "rt", encoding="utf-8", errors="replace")
    return open(path, encoding="utf-8", errors="replace")


def extract(args):
    seen = set()
    games = written = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for path in args.pgn:
            with open_text(path) as f:
                while True:
                    game = chess.pgn.read_game(f)
                    if game is None:
                        break
                    result = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}.get(game.headers.get("Result"))
                    if result is None:
                        continue
                    games += 1
                    board = game.board()
                    for ply, move in enumerate(game.mainline_moves()):
                        board.push(move)
                        if ply + 1 < args.skip_plies or ply + 1 > args.max_plies:
                            continue
                        if board.is_check() or board.is_game_over():
                            continue
                        fen = board.fen()
                        key = " ".join(fen.split()[:4])
                        if key in seen:
                            continue
                        seen.add(key)
                        out.write(f"{fen};{result}\n")
                        written += 1
    print(f"{games} games, {written} positions", file=sys.stderr)


class Stockfish:
    def __init__(self, path, use_cp=False):
        self.use_cp = use_cp
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        for name, value in (("Threads", "1"), ("Hash", "16"), ("UCI_ShowWDL", "true")):
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, token):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith(token):
                return line

    def score(self, fen, nodes):
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        wdl = cp = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith("bestmove"):
                break
            parts = line.split()
            if "wdl" in parts:
                i = parts.index("wdl")
                wdl = [int(x) for x in parts[i + 1:i + 4]]
            if "score" in parts:
                i = parts.index("score")
                if parts[i + 1] == "cp":
                    cp = int(parts[i + 2])
                elif parts[i + 1] == "mate":
                    cp = 10000 if int(parts[i + 2]) > 0 else -10000
        if self.use_cp:
            if cp is None:
                return None
            return 1 / (1 + 10 ** (-max(-4000, min(4000, cp)) / 400))
        if wdl is None:
            return None
        return (wdl[0] + wdl[1] / 2) / 1000

    def quit(self):
        self.send("quit")
        self.p.wait()


def label(args):
    done = 0
    try:
        with open(args.out, encoding="utf-8") as f:
            done = sum(1 for _ in f)
    except FileNotFoundError:
        pass
    sf = Stockfish(args.stockfish, args.cp)
    n = skipped = 0
    with open(args.inp, encoding="utf-8") as f, open(args.out, "a", encoding="utf-8") as out:
        for i, line in enumerate(f):
            if i % args.shards != args.shard or not line.strip():
                continue
            if skipped < done:
                skipped += 1
                continue
            fen, result = line.strip().split(";")[:2]
            s = sf.score(fen, args.nodes)
            if s is None:
                continue
            out.write(f"{fen};{result};{s:.3f}\n")
            n += 1
            if n % 5000 == 0:
                out.flush()
                print(f"{done + n} labelled", file=sys.stderr)
    sf.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("extract", help="positions of PGN games")
    e.add_argument("--out", required=True)
    e.add_argument("--skip-plies", type=int, default=8, help="book plies skipped at the start of each game")
    e.add_argument("--max-plies", type=int, default=300)
    e.add_argument("pgn", nargs="+")
    lab = sub.add_parser("label", help="Stockfish's expected score per position")
    lab.add_argument("--stockfish", default="/usr/games/stockfish")
    lab.add_argument("--nodes", type=int, default=5000)
    lab.add_argument("--cp", action="store_true", help="the score from Stockfish's centipawns instead of its WDL")
    lab.add_argument("--shards", type=int, default=1, help="label every SHARDS-th line only ...")
    lab.add_argument("--shard", type=int, default=0, help="... starting at line SHARD (0-based)")
    lab.add_argument("inp")
    lab.add_argument("out")
    args = ap.parse_args()
    if args.cmd == "extract":
        extract(args)
    else:
        label(args)


if __name__ == "__main__":
    main()
