#!/usr/bin/env python3
"""Plays a match between two UCI engines, as players measure strength.

python-chess (``pip install chess``) drives both engines, checks every move for legality and
adjudicates the game; openings come from a small bundled book of balanced positions, each
played twice with colours swapped. An engine is a command plus ``name=value`` UCI options:

    tools/match.py --games 100 --tc 2+0.05 \\
        --engine "target/release/killerscope uci" \\
        --engine "/usr/games/stockfish" --option2 "Skill Level=6"

    # killerscope with and without selective search
    tools/match.py --games 20 --tc 1+0.02 \\
        --engine "target/release/killerscope uci" \\
        --engine "target/release/killerscope uci" --option2 "Late Move Reductions=false" \\
        --option2 "Null Move Pruning=false" --option2 "Futility Pruning=false" \\
        --option2 "Aspiration Windows=false"

Prints one line per game and a summary: score of the first engine, its Elo difference with a
95% interval, losses on time and illegal moves (each of which counts as a loss).
"""

import argparse
import math
import shlex
import sys
import time

import chess
import chess.engine

BOOK = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pp1ppppp/2p5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2",
    "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pppp1ppp/5n2/4p3/2P5/2N5/PP1PPPPP/R1BQKBNR w KQkq - 2 3",
    "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
    "rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
    "rnbqkbnr/pp3ppp/4p3/2pp4/3PP3/8/PPPN1PPP/R1BQKBNR w KQkq - 0 4",
]


def parse_tc(text):
    """`2+0.05` → (2.0, 0.05) seconds."""
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


def options(pairs):
    out = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        out[name.strip()] = value.strip()
    return out


def play(white, black, fen, tc, max_plies=400):
    """One game; returns (result from White's view '1-0'/'0-1'/'1/2-1/2', reason)."""
    board = chess.Board(fen)
    clock = {chess.WHITE: tc[0], chess.BLACK: tc[0]}
    engines = {chess.WHITE: white, chess.BLACK: black}
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        side = board.turn
        limit = chess.engine.Limit(
            white_clock=clock[chess.WHITE],
            black_clock=clock[chess.BLACK],
            white_inc=tc[1],
            black_inc=tc[1],
        )
        started = time.monotonic()
        try:
            result = engines[side].play(board, limit, info=chess.engine.INFO_NONE)
        except chess.engine.EngineError as e:
            return ("0-1" if side == chess.WHITE else "1-0"), f"engine error: {e}"
        clock[side] -= time.monotonic() - started
        if result.move is None or result.move not in board.legal_moves:
            return ("0-1" if side == chess.WHITE else "1-0"), f"illegal move {result.move}"
        board.push(result.move)
        clock[side] += tc[1]
        if clock[side] < 0:
            return ("0-1" if side == chess.WHITE else "1-0"), "loss on time"
    if board.ply() >= max_plies:
        return "1/2-1/2", "move limit"
    outcome = board.outcome(claim_draw=True)
    return outcome.result(), outcome.termination.name.lower()


def elo(score, games):
    """Elo difference for a score fraction, with a 95% interval (normal approximation)."""
    if games == 0 or score <= 0 or score >= games:
        return None
    p = score / games
    diff = -400 * math.log10(1 / p - 1)
    sd = math.sqrt(p * (1 - p) / games)
    lo, hi = max(p - 1.96 * sd, 1e-6), min(p + 1.96 * sd, 1 - 1e-6)
    return diff, -400 * math.log10(1 / lo - 1), -400 * math.log10(1 / hi - 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", action="append", required=True, help="engine command (give two)")
    parser.add_argument("--option1", action="append", default=[], help="NAME=VALUE for engine 1")
    parser.add_argument("--option2", action="append", default=[], help="NAME=VALUE for engine 2")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--tc", default="2+0.05", help="base+increment in seconds")
    args = parser.parse_args()
    if len(args.engine) != 2:
        parser.error("give exactly two --engine commands")
    tc = parse_tc(args.tc)
    engines = []
    for command, opts in zip(args.engine, [args.option1, args.option2]):
        engine = chess.engine.SimpleEngine.popen_uci(shlex.split(command))
        engine.configure(options(opts))
        engines.append(engine)
    score, problems = 0.0, {"loss on time": 0, "illegal": 0}
    try:
        for game in range(args.games):
            fen = BOOK[(game // 2) % len(BOOK)]
            first_white = game % 2 == 0
            white, black = (engines[0], engines[1]) if first_white else (engines[1], engines[0])
            result, reason = play(white, black, fen, tc)
            points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            mine = points if first_white else 1.0 - points
            score += mine
            if reason == "loss on time":
                problems["loss on time"] += 1
            if reason.startswith("illegal"):
                problems["illegal"] += 1
            colour = "white" if first_white else "black"
            print(f"game {game + 1}: engine 1 {colour}, {result} ({reason}) — {score}/{game + 1}", flush=True)
    finally:
        for engine in engines:
            engine.quit()
    print(f"engine 1 scored {score}/{args.games} ({100 * score / args.games:.1f}%)")
    estimate = elo(score, args.games)
    if estimate:
        print(f"Elo difference {estimate[0]:+.0f} (95%: {estimate[1]:+.0f} .. {estimate[2]:+.0f})")
    print(f"losses on time: {problems['loss on time']}, illegal moves: {problems['illegal']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
