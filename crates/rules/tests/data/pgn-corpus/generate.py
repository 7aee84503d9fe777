#!/usr/bin/env python3
"""Regenerates the PGN corpus of this folder (see README.md): the same games re-exported by four other
programs, synthetic encoded variants, known-bad files, and python-chess's reading of every file
(`expected.json`), which `crates/rules/tests/pgn_corpus.rs` compares with this crate's reader.

Needs (Debian 12): `python3 -m pip install chess==1.11.2`, `apt-get install -y pgn-extract scid`
(`--no-install-recommends` is enough for scid; its `tkscid` runs without a display), and Node.js with
`npm install chess.js@1.4.0` in a folder named by the `CHESS_JS_DIR` environment variable (default
/tmp/jschess). Run from anywhere: `python3 crates/rules/tests/data/pgn-corpus/generate.py`.
"""

import io
import json
import os
import random
import shutil
import subprocess
import tempfile
from pathlib import Path

import chess
import chess.pgn

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent / "gambit-vs-stockfish.pgn"
TOOLS = "/usr/games:/usr/bin:/bin"
CHESS_JS_DIR = os.environ.get("CHESS_JS_DIR", "/tmp/jschess")

# An annotated game written by hand: variations (one nested), NAGs, suffixes, comments of both kinds.
ANNOTATED = """[Event "Annotated"]
[Site "?"]
[Date "2026.12.04"]
[Round "1"]
[White "White, A."]
[Black "Black, B."]
[Result "1-0"]

{Opening comment} 1. e4! e5 2. Nf3 Nc6 $14 3. Bb5 {The Spanish} 3... a6 (3... Nf6 4. O-O
(4. d3 Bc5) 4... Nxe4) (3... f5!?) 4. Ba4 Nf6 5. O-O?! Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O
9. h3 {Quiet.} Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 1-0
"""


def source_games(n):
    """The first `n` games of the project's games against Stockfish, as text."""
    text = SOURCE.read_text(encoding="utf-8")
    games = text.strip().split("\n\n[Event ")
    return [("[Event " + g if i else g).strip() + "\n" for i, g in enumerate(games[:n])]


def chess960_game(number, seed, plies):
    """A Chess960 game from start position `number`, `plies` seeded random legal moves (castling
    preferred when legal, so that the file has Chess960 castling), written by python-chess."""
    board = chess.Board.from_chess960_pos(number)
    game = chess.pgn.Game()
    game.setup(board)
    game.headers["Event"] = f"Chess960 position {number}"
    game.headers["White"] = "Random"
    game.headers["Black"] = "Random"
    rng = random.Random(seed)
    node = game
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        castles = [m for m in moves if board.is_castling(m)]
        move = castles[0] if castles else rng.choice(moves)
        node = node.add_variation(move)
        board.push(move)
    return str(game) + "\n"


def fen_only_game(number, seed, notation, variant):
    """A Chess960 game given by its FEN alone (no Variant tag, unless `variant`): four seeded random
    plies from start position `number` make the FEN (castling rights in `notation`, "shredder" or
    "xfen"), then up to 30 more, castling when legal."""
    rng = random.Random(seed)
    board = chess.Board.from_chess960_pos(number)
    for _ in range(4):
        board.push(rng.choice([m for m in board.legal_moves if not board.is_castling(m)]))
    fen = board.fen(shredder=(notation == "shredder"))
    game = chess.pgn.Game()
    game.setup(board)
    del game.headers["Variant"]
    game.headers["Event"] = f"Chess960 {number} by its FEN alone ({notation})"
    game.headers["FEN"] = fen
    if variant:
        game.headers["Variant"] = variant
    node = game
    for _ in range(30):
        moves = list(board.legal_moves)
        if not moves:
            break
        castles = [m for m in moves if board.is_castling(m)]
        move = castles[0] if castles else rng.choice(moves)
        node = node.add_variation(move)
        board.push(move)
    return str(game) + "\n"


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, env={"PATH": TOOLS + ":" + os.environ["PATH"]}, **kw)


def python_chess_export(text):
    out = []
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        out.append(str(game) + "\n")
    return "\n".join(out)


def pgn_extract_export(path):
    return run(["pgn-extract", "-s", str(path)], capture_output=True, text=True).stdout


def scid_export(path):
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "export.tcl"
        script.write_text(
            f"""set base [sc_base create {tmp}/db]
sc_base import $base {path}
sc_base switch $base
for {{set i 1}} {{$i <= [sc_base numGames $base]}} {{incr i}} {{
    sc_game load $i
    puts [sc_game pgn -width 75]
}}
exit 0
""")
        return run(["tkscid", str(script)], capture_output=True, text=True).stdout


def chess_js_export(text):
    """chess.js keeps the main line and comments (it drops variations and NAGs)."""
    games = text.strip().split("\n\n[Event ")
    games = ["[Event " + g if i else g for i, g in enumerate(games)]
    js = """
const {Chess} = require('chess.js');
const games = JSON.parse(require('fs').readFileSync(0, 'utf8'));
for (const g of games) { const c = new Chess(); c.loadPgn(g); process.stdout.write(c.pgn() + '\\n\\n'); }
"""
    return run(["node", "-e", js], input=json.dumps(games), capture_output=True, text=True,
               cwd=CHESS_JS_DIR).stdout


def expectation(path, encoding):
    """python-chess's reading of a file: per game the tags, the main line (SAN and UCI), how many
    moves its variations hold, and the result."""
    games = []
    with open(path, encoding=encoding, newline="") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            if game.errors:
                raise RuntimeError(f"{path}: python-chess: {game.errors}")
            board = game.board()
            san, uci = [], []
            for move in game.mainline_moves():
                san.append(board.san(move))
                uci.append(board.uci(move, chess960=board.chess960))
                board.push(move)
            # Every move of the tree, at any depth, less the main line's.
            stack, nodes = list(game.variations), 0
            while stack:
                node = stack.pop()
                nodes += 1
                stack.extend(node.variations)
            variation_moves = nodes - len(san)
            games.append({
                "white": game.headers.get("White", ""),
                "black": game.headers.get("Black", ""),
                "chess960": board.chess960,
                "san": san,
                "uci": uci,
                "variation_moves": variation_moves,
                "result": game.headers.get("Result", "*"),
            })
    return games


def main():
    for old in HERE.glob("*.pgn"):
        old.unlink()
    # The input every program re-exports: three of the project's games and the annotated one.
    source = "\n".join(source_games(3)) + "\n" + ANNOTATED
    (HERE / "input.pgn").write_text(source, encoding="utf-8")
    files = {"input.pgn": "utf-8"}

    python_chess = f"python-chess-{chess.__version__}.pgn"
    text = python_chess_export(source)
    # And Chess960 games, written by python-chess alone (the other programs do not play Chess960).
    text += "\n" + chess960_game(0, 1, 24) + "\n" + chess960_game(959, 2, 30)
    (HERE / python_chess).write_text(text, encoding="utf-8")
    files[python_chess] = "utf-8"

    version = subprocess.run(["pgn-extract", "--version"], capture_output=True, text=True,
                             env={"PATH": TOOLS})
    version = (version.stdout + version.stderr).split()[1]
    name = f"pgn-extract-{version.lstrip('v').replace('-', '.')}.pgn"
    (HERE / name).write_text(pgn_extract_export(HERE / "input.pgn"), encoding="utf-8")
    files[name] = "utf-8"

    (HERE / "scid-4.7.4.pgn").write_text(scid_export(HERE / "input.pgn"), encoding="utf-8")
    files["scid-4.7.4.pgn"] = "utf-8"

    js_version = json.loads((Path(CHESS_JS_DIR) / "node_modules/chess.js/package.json").read_text())["version"]
    name = f"chess.js-{js_version}.pgn"
    (HERE / name).write_text(chess_js_export(source), encoding="utf-8")
    files[name] = "utf-8"

    # Synthetic encoded variants of one game with accented names.
    game = ANNOTATED.replace('"White, A."', '"Müller, Jürgen"').replace('"Black, B."', '"Dvořák, Éva"')
    latin = ANNOTATED.replace('"White, A."', '"Müller, Jürgen"').replace('"Black, B."', '"Ström, Åsa"')
    latin = latin.replace("{Quiet.}", "{Quiet … “prophylaxis” – €0}")
    synthetic = {
        "synthetic-utf8-bom.pgn": ("\ufeff" + game).encode("utf-8"),
        "synthetic-windows-1252.pgn": latin.encode("cp1252"),
        "synthetic-latin1.pgn": latin.replace("{Quiet … “prophylaxis” – €0}", "{Quiet, ½ × ¼}").encode("latin-1"),
        "synthetic-crlf-tabs.pgn": game.replace("\n", "\r\n").replace(" 2. ", "\t2.\t").encode("utf-8"),
        "synthetic-nbsp.pgn": ANNOTATED.replace(" e5 ", "\u00a0e5\u00a0").replace(" Nf3 ", "\u2003Nf3\u3000").encode("utf-8"),
        "synthetic-960-fen-only.pgn": (
            fen_only_game(0, 3, "shredder", None) + "\n" + fen_only_game(518 + 1, 4, "xfen", None)
            + "\n" + fen_only_game(777, 5, "shredder", "fischerandom")
        ).encode("utf-8"),
    }
    encodings = {"synthetic-windows-1252.pgn": "cp1252", "synthetic-latin1.pgn": "latin-1",
                 "synthetic-utf8-bom.pgn": "utf-8-sig"}
    for name, data in synthetic.items():
        (HERE / name).write_bytes(data)
        files[name] = encodings.get(name, "utf-8")

    # Known-bad files (synthetic): each must be refused at the line:column the Rust test names.
    bad = {
        "bad-illegal-san.pgn": '[Event "bad"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Bb6 *\n',
        "bad-unterminated-comment.pgn": '[Event "bad"]\n\n1. e4 e5 {never closed\n2. Nf3 *\n',
        "bad-tag.pgn": '[Event "bad"]\n[White "unterminated]\n\n1. e4 *\n',
        "bad-fen.pgn": '[Event "bad"]\n[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"]\n\n1. e4 *\n',
    }
    for name, text in bad.items():
        (HERE / name).write_text(text, encoding="utf-8")

    expected = {name: expectation(HERE / name, enc) for name, enc in sorted(files.items())}
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print("\n".join(f"{n}: {len(g)} games" for n, g in expected.items()))


if __name__ == "__main__":
    main()
