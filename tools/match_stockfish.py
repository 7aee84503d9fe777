#!/usr/bin/env python3
"""Match gambit-uci against Stockfish at limited strength, driven by python-chess.

Usage (Debian: `apt-get install -y stockfish` puts it at /usr/games/stockfish;
`python3 -m pip install chess`):

    CARGO_TARGET_DIR=$HOME/.cache/gambit/target-match cargo build --release -p gambit-uci
    nice -n 10 python3 tools/match_stockfish.py --engine $HOME/.cache/gambit/target-match/release/gambit-uci \
        --elo 1500 1800 2100 --games 60 --tc 5 --inc 0.05 --out $HOME/.cache/gambit/match-out

One game at a time. Each level plays `--games` games at `--tc` seconds + `--inc` seconds per move
against Stockfish with `UCI_LimitStrength` and `UCI_Elo` = level. Game 2k and 2k+1 start from
opening k of OPENINGS (30 distinct balanced lines of 8 plies) with Gambit White, then Black.

The runner keeps the clocks itself (wall time from sending `go` to receiving `bestmove`, as a GUI
does): a move that takes longer than the mover's remaining clock loses on time. A crash, an illegal
move, a protocol error or a `bestmove (none)` in a live position loses the game for that engine and is
recorded as the game's termination (and the engine is restarted); nothing is hidden. Engine stderr
lines are kept in OUT/engine-stderr.log. Games longer than `--max-plies` are adjudicated drawn.

Output in OUT (default ~/.cache/gambit/match-out): `games.pgn` (every game, `[%emt s]` move times), `results.jsonl` (one line per game;
a rerun with the same OUT resumes where it stopped), and the summary on stdout (`--summary` prints it
again from results.jsonl without playing).

Elo: from the score fraction p, diff = -400 log10(1/p - 1); the 95 % interval maps p +- 1.96 SE, with
SE^2 = var/N and var the per-game variance of the trinomial W/D/L scores (1, 1/2, 0). The absolute
figure adds the opponent level, so it is on Stockfish's UCI_Elo scale, which Stockfish calibrates at
much longer time controls (Stockfish 15.1: 60 s + 0.6 s, anchored to CCRL 40/4; Stockfish 16 and later:
120 s + 1 s); blitz figures are indicative only.

Stockfish's `Move Overhead` is set to `--sf-overhead` (100 ms): with its default 10 ms it lost on time
under this runner's latency on a loaded machine. Gambit keeps back its own `Move Overhead` (10 ms by
default) plus the delay it measures per move.
"""

import argparse
import asyncio
import datetime
import json
import logging
import math
import os
import shutil
import sys
import time

import chess
import chess.engine
import chess.pgn

# 30 distinct, balanced, well-known opening lines of 8 plies (UCI). Each is played twice per level,
# once with each colour, so an unbalanced line cancels out.
OPENINGS = [
    ("Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6"),
    ("Italian, Giuoco Piano", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6"),
    ("Scotch", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4 g8f6"),
    ("Petrov", "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4"),
    ("Four Knights, Spanish", "e2e4 e7e5 g1f3 b8c6 b1c3 g8f6 f1b5 f8b4"),
    ("Vienna", "e2e4 e7e5 b1c3 g8f6 f2f4 d7d5 f4e5 f6e4"),
    ("Sicilian Najdorf setup", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6"),
    ("Sicilian Taimanov", "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6"),
    ("Sicilian Alapin", "e2e4 c7c5 c2c3 g8f6 e4e5 f6d5 d2d4 c5d4"),
    ("French Winawer", "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4 e4e5 c7c5"),
    ("French Tarrasch", "e2e4 e7e6 d2d4 d7d5 b1d2 g8f6 e4e5 f6d7"),
    ("Caro-Kann Classical", "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5"),
    ("Caro-Kann Advance", "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5 g1f3 e7e6"),
    ("Pirc", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6 g1f3 f8g7"),
    ("Scandinavian", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6"),
    ("Alekhine Modern", "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6 g1f3 c8g4"),
    ("QGD", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7"),
    ("Slav", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4"),
    ("QGA", "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6 e2e3 e7e6"),
    ("King's Indian", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6"),
    ("Grunfeld Exchange", "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5 c4d5 f6d5"),
    ("Nimzo-Indian Rubinstein", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4 e2e3 e8g8"),
    ("Queen's Indian", "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6 g2g3 c8b7"),
    ("Catalan", "d2d4 g8f6 c2c4 e7e6 g2g3 d7d5 f1g2 f8e7"),
    ("London", "d2d4 d7d5 c1f4 g8f6 e2e3 e7e6 g1f3 c7c5"),
    ("Dutch Classical", "d2d4 f7f5 g2g3 g8f6 f1g2 e7e6 g1f3 f8e7"),
    ("Modern Benoni", "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6 b1c3 e6d5"),
    ("English Symmetrical", "c2c4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7"),
    ("English, Reversed Sicilian", "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6 g2g3 d7d5"),
    ("Reti", "g1f3 d7d5 g2g3 g8f6 f1g2 e7e6 e1g1 f8e7"),
]

HANG_GRACE_S = 2.0  # a move still running this long after its clock ran out is abandoned


def check_openings():
    seen = set()
    for name, line in OPENINGS:
        board = chess.Board()
        for uci in line.split():
            board.push_uci(uci)  # raises on an illegal line
        assert not board.is_game_over(), name
        assert line not in seen, name
        seen.add(line)


class StderrLog(logging.Handler):
    """Keeps the engines' stderr lines (python-chess logs them at DEBUG) in a file, and counts them."""

    def __init__(self, path):
        super().__init__(logging.DEBUG)
        self.file = open(path, "a", encoding="utf-8")
        self.count = 0

    def emit(self, record):
        msg = record.getMessage()
        if "stderr >>" in msg:
            self.count += 1
            self.file.write(f"{datetime.datetime.now().isoformat(timespec='seconds')} {msg}\n")
            self.file.flush()


class Player:
    """An engine started as `path args...`; `role` names it in terminations ("gambit" for Gambit)."""

    def __init__(self, path, options, args=(), role="stockfish"):
        self.path, self.options, self.args, self.role = path, options, list(args), role
        self.transport = self.engine = None
        self.name = os.path.basename(path)
        self.restarts = 0

    async def start(self):
        self.transport, self.engine = await chess.engine.popen_uci([self.path, *self.args])
        self.name = self.engine.id.get("name", self.name)
        await self.engine.configure(self.options)

    async def restart(self):
        self.restarts += 1
        try:
            self.transport.close()  # kills the process
        except Exception:  # noqa: BLE001 - already dead is fine
            pass
        await self.start()

    async def new_game(self, gid):
        # Send `ucinewgame` before the clock starts (a GUI does too); python-chess would otherwise
        # send it with the first `go` and charge the table clearing to the engine's clock.
        self.engine._ucinewgame()
        self.engine.game = gid
        await self.engine.ping()

    async def quit(self):
        try:
            await asyncio.wait_for(self.engine.quit(), 5)
        except Exception:  # noqa: BLE001
            self.transport.close()


async def play_game(gambit, sf, opening, gambit_white, tc, inc, max_plies, gid):
    """Plays one game; returns (board, result, termination, per-ply move times, stats)."""
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    book = len(board.move_stack)
    players = {chess.WHITE: gambit if gambit_white else sf, chess.BLACK: sf if gambit_white else gambit}
    for p in (gambit, sf):
        await p.new_game(gid)
    clocks = {chess.WHITE: tc, chess.BLACK: tc}
    min_clock = {chess.WHITE: tc, chess.BLACK: tc}
    emts, result, termination = [], None, None
    while result is None:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            result = outcome.result()
            termination = outcome.termination.name.lower()
            break
        if len(board.move_stack) - book >= max_plies:
            result, termination = "1/2-1/2", f"adjudicated draw after {max_plies} plies"
            break
        side = board.turn
        player = players[side]
        loser = "0-1" if side == chess.WHITE else "1-0"
        who = "gambit" if player is gambit else player.role
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        t0 = time.perf_counter()
        try:
            res = await asyncio.wait_for(player.engine.play(board, limit, game=gid),
                                         clocks[side] + HANG_GRACE_S)
        except asyncio.TimeoutError:
            result, termination = loser, f"{who} hung (no bestmove {HANG_GRACE_S} s after its flag fell)"
            await player.restart()
            break
        except chess.engine.EngineTerminatedError as e:
            result, termination = loser, f"{who} crashed: {e}"
            await player.restart()
            break
        except chess.engine.EngineError as e:  # illegal or unparsable bestmove
            result, termination = loser, f"{who} protocol error / illegal move: {e}"
            await player.restart()
            break
        elapsed = time.perf_counter() - t0
        if elapsed > clocks[side]:
            result = loser
            termination = f"{who} lost on time ({elapsed:.3f} s used, {clocks[side]:.3f} s left)"
            break
        clocks[side] += inc - elapsed
        min_clock[side] = min(min_clock[side], clocks[side] - inc)
        if res.move is None:
            result, termination = loser, f"{who} returned no move in a live position"
            break
        board.push(res.move)
        emts.append(elapsed)
    g_side = chess.WHITE if gambit_white else chess.BLACK
    first_mover = chess.WHITE if book % 2 == 0 else chess.BLACK  # openings start from startpos
    g_times = emts[0 if first_mover == g_side else 1::2]
    stats = {
        "gambit_min_clock": round(min_clock[g_side], 3),
        "stockfish_min_clock": round(min_clock[not g_side], 3),
        "gambit_max_move_time": round(max(g_times), 3) if g_times else 0.0,
    }
    return board, book, result, termination, emts, stats


def to_pgn(board, book, emts, headers):
    game = chess.pgn.Game.from_board(board)
    for k, v in headers.items():
        game.headers[k] = str(v)
    node, i = game, 0
    while node.variations:
        node = node.variations[0]
        if i < book:
            node.comment = "book" if i == book - 1 else ""
        elif i - book < len(emts):
            node.comment = f"[%emt {emts[i - book]:.3f}]"
        i += 1
    return str(game)


def gambit_score(result, gambit_white):
    if result == "1/2-1/2":
        return 0.5
    return 1.0 if (result == "1-0") == gambit_white else 0.0


def elo_diff(p):
    return -400 * math.log10(1 / p - 1)


def estimate(w, d, l):
    """Score fraction, Elo difference and its 95 % interval from W/D/L (trinomial variance)."""
    n = w + d + l
    p = (w + 0.5 * d) / n
    var = (w * (1 - p) ** 2 + d * (0.5 - p) ** 2 + l * p**2) / n
    se = math.sqrt(var / n)
    lo, hi = p - 1.96 * se, p + 1.96 * se
    if p <= 0 or p >= 1:  # all lost / all won: the estimate is unbounded; give a one-sided bound
        bound = 1 - 0.05 ** (1 / n)
        if p <= 0:
            return p, -math.inf, -math.inf, elo_diff(bound)
        return p, math.inf, elo_diff(1 - bound), math.inf
    lo_e = elo_diff(lo) if lo > 0 else -math.inf
    hi_e = elo_diff(hi) if hi < 1 else math.inf
    return p, elo_diff(p), lo_e, hi_e


def fmt(x):
    return f"{x:+.0f}" if math.isfinite(x) else ("-inf" if x < 0 else "+inf")


def summary(records):
    levels = sorted({r["level"] for r in records})
    lines = ["| UCI_Elo | games | W / D / L | score | Elo diff (95 % CI) | estimate on UCI_Elo scale |"
             " Gambit min clock | terminations |",
             "|---|---|---|---|---|---|---|---|"]
    for level in levels:
        rs = [r for r in records if r["level"] == level]
        w = sum(r["score"] == 1 for r in rs)
        d = sum(r["score"] == 0.5 for r in rs)
        l = sum(r["score"] == 0 for r in rs)
        p, e, lo, hi = estimate(w, d, l)
        terms = {}
        for r in rs:
            t = r["termination"].split(" (")[0].split(":")[0]  # the kind, without the details
            terms[t] = terms.get(t, 0) + 1
        tstr = ", ".join(f"{k} {v}" for k, v in sorted(terms.items(), key=lambda kv: -kv[1]))
        absolute = (f"{level + e:.0f} [{level + lo:.0f}, {level + hi:.0f}]"
                    if all(map(math.isfinite, (e, lo, hi))) else
                    f"unbounded ({fmt(lo)}..{fmt(hi)})")
        min_clock = min(r["gambit_min_clock"] for r in rs)
        lines.append(f"| {level} | {len(rs)} | {w} / {d} / {l} | {w + 0.5 * d:g} ({100 * p:.1f} %) | "
                     f"{fmt(e)} [{fmt(lo)}, {fmt(hi)}] | {absolute} | {min_clock:.2f} s | {tstr} |")
    return "\n".join(lines)


def load(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


async def run(args):
    os.makedirs(args.out, exist_ok=True)
    results_path = os.path.join(args.out, "results.jsonl")
    done = {(r["level"], r["game"]) for r in load(results_path)}
    log = StderrLog(os.path.join(args.out, "engine-stderr.log"))
    engine_logger = logging.getLogger("chess.engine")
    engine_logger.setLevel(logging.DEBUG)
    engine_logger.addHandler(log)
    engine_logger.propagate = False

    options = {"Hash": args.hash}
    for item in args.gambit_option or []:
        name, _, value = item.partition("=")
        options[name] = int(value) if value.isdigit() else (value == "true" if value in ("true", "false") else value)
    gambit = Player(args.engine, options)
    await gambit.start()
    today = datetime.date.today().isoformat()
    tc_tag = f"{args.tc:g}+{args.inc:g}"
    for level in args.elo:
        sf = Player(args.stockfish, {"UCI_LimitStrength": True, "UCI_Elo": level, "Threads": 1,
                                     "Hash": args.hash, "Move Overhead": args.sf_overhead})
        await sf.start()
        print(f"# {gambit.name} vs {sf.name} (UCI_Elo {level}) at {tc_tag}", flush=True)
        for g in range(args.games):
            if (level, g) in done:
                continue
            k = (g // 2) % len(OPENINGS)
            name, line = OPENINGS[k]
            gambit_white = g % 2 == 0
            gid = f"{level}-{g}"
            board, book, result, term, emts, stats = await play_game(
                gambit, sf, line, gambit_white, args.tc, args.inc, args.max_plies, gid)
            s = gambit_score(result, gambit_white)
            sf_name = f"{sf.name} (UCI_Elo {level})"
            headers = {"Event": f"Gambit vs Stockfish UCI_Elo {level}", "Site": "match_stockfish.py",
                       "Date": today.replace("-", "."), "Round": g + 1,
                       "White": gambit.name if gambit_white else sf_name,
                       "Black": sf_name if gambit_white else gambit.name,
                       "Result": result, "TimeControl": tc_tag, "Opening": name,
                       "Termination": term, "PlyCount": len(board.move_stack)}
            with open(os.path.join(args.out, "games.pgn"), "a", encoding="utf-8") as f:
                f.write(to_pgn(board, book, emts, headers) + "\n\n")
            rec = {"level": level, "game": g, "opening": name, "gambit_white": gambit_white,
                   "result": result, "score": s, "termination": term,
                   "plies": len(board.move_stack), **stats}
            with open(results_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")
            print(f"elo {level} game {g + 1:3}: {'W' if s == 1 else 'L' if s == 0 else 'D'} "
                  f"{'white' if gambit_white else 'black'} {name:28} {result:7} {term} "
                  f"(plies {len(board.move_stack)}, gambit min clock {stats['gambit_min_clock']:.2f} s, "
                  f"max move {stats['gambit_max_move_time']:.2f} s)", flush=True)
        await sf.quit()
    await gambit.quit()
    records = [r for r in load(results_path) if r["level"] in args.elo]
    print(summary(records))
    print(f"engine stderr lines this run: {log.count}; restarts: gambit {gambit.restarts}")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/gambit-uci")
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--elo", type=int, nargs="+", default=[1500, 1800, 2100])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--tc", type=float, default=5.0, help="base time per side, seconds")
    ap.add_argument("--inc", type=float, default=0.05, help="increment per move, seconds")
    ap.add_argument("--hash", type=int, default=16, help="Hash (MiB) for both engines")
    ap.add_argument("--gambit-option", action="append", metavar="NAME=VALUE",
                    help="a UCI option for Gambit (repeatable), e.g. Threads=2, UCI_LimitStrength=true, UCI_Elo=1500")
    ap.add_argument("--sf-overhead", type=int, default=100,
                    help="Stockfish's Move Overhead, ms (its default 10 ms flags under this harness's latency)")
    ap.add_argument("--max-plies", type=int, default=400, help="adjudicate a draw after this many plies")
    ap.add_argument("--out", default=os.path.expanduser("~/.cache/gambit/match-out"),
                    help="output directory (outside the repository by default)")
    ap.add_argument("--summary", action="store_true", help="print the summary of OUT and exit")
    args = ap.parse_args()
    check_openings()
    if args.summary:
        print(summary([r for r in load(os.path.join(args.out, "results.jsonl")) if r["level"] in args.elo]))
        return 0
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
