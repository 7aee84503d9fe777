#!/usr/bin/env python3
"""Match two UCI engines (a build against an earlier build) from balanced openings, with an SPRT stop rule.

Usage (python-chess: `python3 -m pip install chess`):

    python3 tools/selfplay.py --engine NEW --baseline OLD --nodes 20000 \\
        --openings tools/openings/balanced-8ply.txt --sprt 0 10 --max-pairs 1000 --out DIR

Games come in pairs: each opening line (one per line of the openings file, UCI moves) is played twice,
the engines swapping colours, and the pairs are counted as one pentanomial sample (pair score 0, 1/4,
1/2, 3/4 or 1 for ENGINE), which removes most of the openings' own imbalance from the variance.
Openings are taken in file order (cycling), so two runs with the same file and limits play the same
pairs. `--concurrency` pairs run at once, each slot with its own two engine processes.

Limits: `--nodes N` sends `go nodes N` to both engines (deterministic with one thread, so the result
does not depend on the machine's load); `--baseline-nodes M` gives the baseline a different budget (to
compensate a speed difference measured separately). `--tc BASE+INC` (seconds) plays a clock game
instead, clocks kept by this script from `go` to `bestmove` (a move longer than the clock loses).
`--movetime MS` sends `go movetime MS` to both engines: equal thinking time per move with no clock, so
neither engine's time management (nor a flag on a loaded machine) enters the result. Each engine still
keeps back its own reserve from MS: `gambit-uci` since issue 18 its whole `Move Overhead` (10 ms by
default since 2026-12-04, 30 ms before, so 70 of 80 ms are searched), the a6fe168 build a third of 30 ms
(70 of 80 ms).

Adjudication (the only departures from the rules): a game is won when both engines report a score of
at least `--resign-cp` (1000) for the same side for 6 consecutive plies; drawn when both report at most
`--draw-cp` (10) in absolute value for 12 consecutive plies after ply 80, or after `--max-plies` (400).
Mates, stalemates, repetition, the fifty-move rule and insufficient material end games by rule.

Statistics: the Elo difference of ENGINE over BASELINE from the mean pair score m,
`-400 log10(1/m - 1)`, with a 95 % interval from m +- 1.96 sd/sqrt(N) (sd over pairs). SPRT
(`--sprt ELO0 ELO1`, logistic Elo, alpha = beta = 0.05): the generalised SPRT log-likelihood ratio of
the pentanomial model in its normal approximation, LLR = N (s1 - s0)(2 m - s0 - s1) / (2 var), with
s0, s1 the expected pair scores at ELO0 and ELO1; the match stops when LLR leaves
[ln(beta/(1 - alpha)), ln((1 - beta)/alpha)] = [-2.94, 2.94], or after `--max-pairs`.

Output in OUT: `games.pgn`, `pairs.jsonl` (one line per pair; a rerun with the same OUT resumes), and
the summary on stdout (`--summary` prints it again without playing).
"""

import argparse
import asyncio
import datetime
import json
import math
import os
import sys
import time

import chess
import chess.engine
import chess.pgn

ALPHA = BETA = 0.05


def load_openings(path):
    lines = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            raw = raw.split("#", 1)[0].strip()
            if not raw:
                continue
            board = chess.Board()
            for uci in raw.split():
                board.push_uci(uci)  # raises on an illegal line
            lines.append(raw)
    return lines


def parse_options(pairs):
    out = {}
    for p in pairs or []:
        name, _, value = p.partition("=")
        out[name] = int(value) if value.lstrip("-").isdigit() else value
    return out


class Engine:
    def __init__(self, path, options):
        self.path, self.options = path, options
        self.engine = self.transport = None
        self.name = os.path.basename(path)

    async def start(self):
        self.transport, self.engine = await chess.engine.popen_uci(self.path)
        self.name = self.engine.id.get("name", self.name)
        if self.options:
            await self.engine.configure(self.options)

    async def quit(self):
        try:
            await asyncio.wait_for(self.engine.quit(), 5)
        except Exception:  # noqa: BLE001
            self.transport.close()


def score_of(info, pov):
    s = info.get("score")
    if s is None:
        return None
    return s.pov(pov).score(mate_score=100000)


async def play_game(white, black, opening, args, gid):
    """One game; returns (result, termination, board, book_plies)."""
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    book = len(board.move_stack)
    engines = {chess.WHITE: white, chess.BLACK: black}
    clocks = {chess.WHITE: args.base, chess.BLACK: args.base}
    history = []  # white-relative scores, one per ply
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return outcome.result(), outcome.termination.name.lower(), board, book
        plies = len(board.move_stack) - book
        if plies >= args.max_plies:
            return "1/2-1/2", f"adjudicated: {args.max_plies} plies", board, book
        side = board.turn
        e = engines[side]
        if args.nodes:
            nodes = args.baseline_nodes if (e.role == "baseline" and args.baseline_nodes) else args.nodes
            limit = chess.engine.Limit(nodes=nodes)
        elif args.movetime:
            limit = chess.engine.Limit(time=args.movetime / 1000)
        else:
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=args.inc, black_inc=args.inc)
        t0 = time.perf_counter()
        try:
            res = await e.engine.play(board, limit, game=gid, info=chess.engine.INFO_SCORE)
        except chess.engine.EngineError as err:
            loser = "0-1" if side == chess.WHITE else "1-0"
            return loser, f"{e.role} error: {err}", board, book
        used = time.perf_counter() - t0
        if not args.nodes and not args.movetime:
            if used > clocks[side]:
                loser = "0-1" if side == chess.WHITE else "1-0"
                return loser, f"{e.role} lost on time", board, book
            clocks[side] += args.inc - used
        if res.move is None or res.move not in board.legal_moves:
            loser = "0-1" if side == chess.WHITE else "1-0"
            return loser, f"{e.role} played no legal move ({res.move})", board, book
        s = score_of(res.info, chess.WHITE)
        history.append(s)
        board.push(res.move)
        last = history[-6:]
        if len(last) == 6 and all(x is not None for x in last):
            if all(x >= args.resign_cp for x in last):
                return "1-0", "adjudicated: white wins", board, book
            if all(x <= -args.resign_cp for x in last):
                return "0-1", "adjudicated: black wins", board, book
        last = history[-12:]
        if (plies >= 80 and len(last) == 12 and all(x is not None and abs(x) <= args.draw_cp for x in last)):
            return "1/2-1/2", "adjudicated: draw", board, book


def points(result, engine_white):
    if result == "1/2-1/2":
        return 0.5
    return 1.0 if (result == "1-0") == engine_white else 0.0


def expected(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def stats(pairs, elo0, elo1):
    n = len(pairs)
    if n == 0:
        return None
    scores = [p["pair_score"] for p in pairs]
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / n
    penta = [sum(1 for s in scores if abs(s - k / 4) < 1e-9) for k in range(5)]

    def elo(m):
        if m <= 0:
            return -math.inf
        if m >= 1:
            return math.inf
        return -400 * math.log10(1 / m - 1)

    se = math.sqrt(var / n) if n > 1 else float("nan")
    lo, hi = elo(mean - 1.96 * se), elo(mean + 1.96 * se)
    s0, s1 = expected(elo0), expected(elo1)
    llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var) if var > 0 else 0.0
    return {"pairs": n, "games": 2 * n, "mean": mean, "elo": elo(mean), "lo": lo, "hi": hi, "llr": llr,
            "penta": penta}


def fmt_elo(x):
    return f"{x:+.1f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


def summary(pairs, args):
    st = stats(pairs, args.sprt[0], args.sprt[1])
    if st is None:
        return "no pairs played"
    w = sum(g == 1.0 for p in pairs for g in p["points"])
    d = sum(g == 0.5 for p in pairs for g in p["points"])
    l = sum(g == 0.0 for p in pairs for g in p["points"])
    lower, upper = math.log(BETA / (1 - ALPHA)), math.log((1 - BETA) / ALPHA)
    verdict = ("H1 accepted" if st["llr"] >= upper else "H0 accepted" if st["llr"] <= lower
               else "inconclusive")
    terms = {}
    for p in pairs:
        for t in p["terminations"]:
            k = t.split(":")[0]
            terms[k] = terms.get(k, 0) + 1
    return (f"games {st['games']} (pairs {st['pairs']}): W {w} D {d} L {l}, score "
            f"{100 * st['mean']:.1f} %\n"
            f"pentanomial [0, 1/4, 1/2, 3/4, 1] = {st['penta']}\n"
            f"Elo {fmt_elo(st['elo'])} [{fmt_elo(st['lo'])}, {fmt_elo(st['hi'])}] (95 %)\n"
            f"SPRT elo0 {args.sprt[0]:g} elo1 {args.sprt[1]:g}: LLR {st['llr']:.2f} "
            f"[{lower:.2f}, {upper:.2f}] {verdict}\n"
            f"terminations: " + ", ".join(f"{k} {v}" for k, v in sorted(terms.items(), key=lambda x: -x[1])))


def load_pairs(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


async def slot(k, queue, args, openings, pairs_path, pgn_path, done_pairs, state):
    new = Engine(args.engine, parse_options(args.option) | parse_options(args.engine_option))
    old = Engine(args.baseline, parse_options(args.option) | parse_options(args.baseline_option))
    new.role, old.role = "engine", "baseline"
    await new.start()
    await old.start()
    try:
        while not state["stop"]:
            try:
                i = queue.get_nowait()
            except asyncio.QueueEmpty:
                break
            opening = openings[i % len(openings)]
            results, terms, pts = [], [], []
            for engine_white in (True, False):
                white, black = (new, old) if engine_white else (old, new)
                gid = f"{i}-{engine_white}"
                result, term, board, book = await play_game(white, black, opening, args, gid)
                results.append(result)
                terms.append(term)
                pts.append(points(result, engine_white))
                game = chess.pgn.Game.from_board(board)
                game.headers.update({"Event": "selfplay", "Round": f"{i + 1}.{1 if engine_white else 2}",
                                     "White": white.name + (" (engine)" if engine_white else " (baseline)"),
                                     "Black": black.name + (" (baseline)" if engine_white else " (engine)"),
                                     "Result": result, "Termination": term,
                                     "Date": datetime.date.today().strftime("%Y.%m.%d")})
                with open(pgn_path, "a", encoding="utf-8") as f:
                    f.write(str(game) + "\n\n")
            rec = {"pair": i, "opening": opening, "results": results, "points": pts,
                   "pair_score": sum(pts) / 2, "terminations": terms}
            with open(pairs_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")
            done_pairs.append(rec)
            st = stats(done_pairs, args.sprt[0], args.sprt[1])
            print(f"pair {i + 1:4} {pts} {st['games']} games, Elo {fmt_elo(st['elo'])} "
                  f"[{fmt_elo(st['lo'])}, {fmt_elo(st['hi'])}] LLR {st['llr']:.2f}", flush=True)
            if args.sprt_stop and len(done_pairs) >= 10 and not (
                    math.log(BETA / (1 - ALPHA)) < st["llr"] < math.log((1 - BETA) / ALPHA)):
                state["stop"] = True
    finally:
        await new.quit()
        await old.quit()


async def run(args):
    os.makedirs(args.out, exist_ok=True)
    pairs_path = os.path.join(args.out, "pairs.jsonl")
    pgn_path = os.path.join(args.out, "games.pgn")
    openings = load_openings(args.openings)
    done_pairs = load_pairs(pairs_path)
    seen = {p["pair"] for p in done_pairs}
    queue = asyncio.Queue()
    for i in range(args.max_pairs):
        if i not in seen:
            queue.put_nowait(i)
    state = {"stop": False}
    await asyncio.gather(*(slot(k, queue, args, openings, pairs_path, pgn_path, done_pairs, state)
                           for k in range(args.concurrency)))
    print(summary(done_pairs, args))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="the build under test")
    ap.add_argument("--baseline", required=True, help="the earlier build")
    ap.add_argument("--openings", default=os.path.join(os.path.dirname(__file__), "openings/balanced-8ply.txt"))
    ap.add_argument("--nodes", type=int, help="go nodes N for both engines")
    ap.add_argument("--baseline-nodes", type=int, help="go nodes M for the baseline (default: --nodes)")
    ap.add_argument("--movetime", type=int,
                    help="go movetime MS for both engines (equal time per move, no clock), when --nodes is not given")
    ap.add_argument("--tc", default="10+0.1", help="BASE+INC seconds, when --nodes is not given")
    ap.add_argument("--option", action="append", help="NAME=VALUE for both engines (repeatable)")
    ap.add_argument("--engine-option", action="append", help="NAME=VALUE for the engine under test")
    ap.add_argument("--baseline-option", action="append", help="NAME=VALUE for the baseline")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--max-pairs", type=int, default=500)
    ap.add_argument("--sprt", type=float, nargs=2, default=[0.0, 10.0], metavar=("ELO0", "ELO1"))
    ap.add_argument("--no-sprt-stop", dest="sprt_stop", action="store_false",
                    help="play all --max-pairs pairs even after the SPRT decided")
    ap.add_argument("--resign-cp", type=int, default=1000)
    ap.add_argument("--draw-cp", type=int, default=10)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--out", default=os.path.expanduser("~/.cache/gambit/selfplay"))
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    base, _, inc = args.tc.partition("+")
    args.base, args.inc = float(base), float(inc or 0)
    if args.summary:
        print(summary(load_pairs(os.path.join(args.out, "pairs.jsonl")), args))
        return 0
    asyncio.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
