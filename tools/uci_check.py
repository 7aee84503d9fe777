#!/usr/bin/env python3
"""Drives gambit-uci the way python-chess clients do; run by `cargo xtask uci-check`.

Usage: python3 tools/uci_check.py ENGINE

Checks (each prints one line; any failure exits with status 1):
1. `play` with `root_moves` (UCI `searchmoves`): the answer is one of the listed moves, also at depth 1
   and with a node budget, and in a Chess960 position (python-chess sets `UCI_Chess960`).
2. `analyse` with `multipv=3`: three ranked lines, each with a score, a depth and a legal pv, also for a
   budget too small for depth 1 (`nodes=50` on Kiwipete) and for mated and stalemated positions.
3. A pondering game of 20 moves per side (two gambit-uci processes, `ponder=True`) on a 2 s + 0.1 s clock
   kept by this script, as a GUI keeps it (wall time from `go` to `bestmove`, including ponderhit
   answers): no time loss, no illegal move, and at least one ponder move was played (a ponderhit).
"""

import sys
import time

import chess
import chess.engine

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def check(cond, what):
    if not cond:
        print(f"FAIL: {what}")
        sys.exit(1)


def root_moves(engine):
    board = chess.Board()
    listed = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")]
    for limit in (chess.engine.Limit(depth=1), chess.engine.Limit(depth=6), chess.engine.Limit(nodes=5000),
                  chess.engine.Limit(time=0.2)):
        res = engine.play(board, limit, root_moves=listed)
        check(res.move in listed, f"play root_moves {limit}: {res.move}")
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    res = engine.play(board, chess.engine.Limit(depth=4), root_moves=[chess.Move.from_uci("g1f1")])
    check(res.move == chess.Move.from_uci("g1f1"), f"the only listed move is played: {res.move}")
    board = chess.Board("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", chess960=True)
    castle = chess.Move.from_uci("e1b1")  # python-chess writes Chess960 castling as king takes rook
    res = engine.play(board, chess.engine.Limit(depth=3), root_moves=[castle])
    check(res.move == castle and board.is_castling(res.move), f"Chess960 castling: {res.move}")
    print("ok: play with root_moves (also Chess960 castling)")


def analyse(engine):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    infos = engine.analyse(board, chess.engine.Limit(depth=8), multipv=3)
    check(len(infos) == 3, f"three lines: {len(infos)}")
    scores = [i["score"].relative.score(mate_score=100000) for i in infos]
    check(scores == sorted(scores, reverse=True), f"ranked: {scores}")
    check(len({i["pv"][0] for i in infos}) == 3, "three different first moves")
    for i in infos:
        check(i.get("depth") == 8 and "score" in i, f"depth and score: {i}")
        b = board.copy()
        for m in i["pv"]:
            check(m in b.legal_moves, f"legal pv {i['pv']}")
            b.push(m)
    cut = engine.analyse(chess.Board(KIWIPETE), chess.engine.Limit(nodes=50))
    check("score" in cut and cut.get("pv"), f"a search cut before depth 1 still reports: {cut}")
    mated = engine.analyse(chess.Board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), chess.engine.Limit(depth=3))
    check(mated.get("score") and mated["score"].relative == chess.engine.Mate(-0), f"mated: {mated}")
    stale = engine.analyse(chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), chess.engine.Limit(depth=3))
    check(stale.get("score") and stale["score"].relative == chess.engine.Cp(0), f"stalemate: {stale}")
    print("ok: analyse with multipv=3 (and cut, mated, stalemated roots)")


def pondering_game(path, moves=20, base=2.0, inc=0.1):
    engines = [chess.engine.SimpleEngine.popen_uci(path) for _ in range(2)]
    try:
        for e in engines:
            e.configure({"Hash": 16})
        board = chess.Board()
        clocks = [base, base]
        ponderhits = 0
        expected = [None, None]
        for ply in range(2 * moves):
            if board.is_game_over(claim_draw=True):
                break
            side = ply % 2
            limit = chess.engine.Limit(white_clock=clocks[0], black_clock=clocks[1], white_inc=inc,
                                       black_inc=inc)
            if expected[side] is not None and board.move_stack and board.peek() == expected[side]:
                ponderhits += 1
            t0 = time.perf_counter()
            res = engines[side].play(board, limit, ponder=True)
            used = time.perf_counter() - t0
            check(used <= clocks[side], f"time loss at ply {ply}: {used:.3f} s used, {clocks[side]:.3f} s left")
            clocks[side] += inc - used
            check(res.move in board.legal_moves, f"illegal move {res.move} at ply {ply}")
            board.push(res.move)
            expected[side] = res.ponder
        check(ponderhits > 0, "no ponder move was ever played (no ponderhit tested)")
        print(f"ok: pondering game of {len(board.move_stack) // 2} moves on {base:g}+{inc:g} "
              f"(clocks left {clocks[0]:.2f} s / {clocks[1]:.2f} s, {ponderhits} ponderhits)")
    finally:
        for e in engines:
            e.quit()


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    engine = chess.engine.SimpleEngine.popen_uci(sys.argv[1])
    try:
        root_moves(engine)
        analyse(engine)
    finally:
        engine.quit()
    pondering_game(sys.argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
