"""Engine speed and memory for every registered game; prints a table, asserts nothing.

For each game: lines of random legal play (a seeded ``random.Random``) from
several deals with the default options; over those positions, the best of
three passes of ``legal_moves`` (generations per second), ``apply`` (checked
applies per second) and ``play`` (the solver's unchecked path); then the
memory (tracemalloc) a Session holds for an undo history of 400 moves, and
the peak while building it.

    .venv/bin/python benchmarks/engine.py [--deals 5] [--moves 300] [--history 400]
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc

from solitaire_core.registry import load_games
from solitaire_core.session import Session


def random_lines(game, deals: int, moves: int) -> list[tuple]:
    """(state, move) pairs of random legal play from deals 1..``deals``."""
    pairs = []
    for deal in range(1, deals + 1):
        rnd = random.Random(deal)
        state = game.new(deal)
        for _ in range(moves):
            legal = game.legal_moves(state)
            if not legal:
                break
            move = rnd.choice(legal)
            pairs.append((state, move))
            state = game.play(state, move)
    return pairs


def throughput(game, pairs: list[tuple], repeats: int = 3) -> dict[str, float]:
    """Calls per second of legal_moves, apply and play over the same positions (best of ``repeats``)."""
    calls = {
        "legal_moves": lambda: [game.legal_moves(state) for state, _ in pairs],
        "apply": lambda: [game.apply(state, move) for state, move in pairs],
        "play": lambda: [game.play(state, move) for state, move in pairs],
    }
    rates = {}
    for name, run in calls.items():
        best = min(timed(run) for _ in range(repeats))
        rates[name] = len(pairs) / best if best else 0.0
    return rates


def timed(run) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def history_memory(game, length: int) -> tuple[int, int, int]:
    """(moves played, bytes the session holds, peak bytes) for an undo history of ``length``."""
    rnd = random.Random(0)
    tracemalloc.start()
    try:
        base, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        session = Session(game, 1)
        while session.move_count < length:
            legal = game.legal_moves(session.state)
            if not legal:
                break
            session.play(rnd.choice(legal))
        current, peak = tracemalloc.get_traced_memory()
        played = session.move_count
    finally:
        tracemalloc.stop()
    return played, current - base, peak - base


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--moves", type=int, default=300, help="moves per deal at most")
    parser.add_argument("--history", type=int, default=400)
    args = parser.parse_args(argv)
    games = load_games()
    print(f"{'game':<12} {'legal_moves/s':>14} {'apply/s':>10} {'play/s':>10}"
          f" {'history':>8} {'held KiB':>9} {'B/state':>8} {'peak KiB':>9}")
    for game in games.values():
        rates = throughput(game, random_lines(game, args.deals, args.moves))
        played, held, peak = history_memory(game, args.history)
        per_state = held / played if played else 0
        print(f"{game.id:<12} {rates['legal_moves']:>14,.0f} {rates['apply']:>10,.0f} {rates['play']:>10,.0f}"
              f" {played:>8} {held / 1024:>9,.0f} {per_state:>8,.0f} {peak / 1024:>9,.0f}")
    for failure in games.failures:
        print(f"(not measured: {failure})")


if __name__ == "__main__":
    main()
