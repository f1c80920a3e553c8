"""What a deal of a winnable-deal pool costs the app: for every shipped pool, the time
to read the game's pools (once, then cached), and to play a drawn deal's solution to
a win with ``game.play`` (what the app does, on the table's thread) against
``game.apply`` (what the pool's maker and the test do). Prints figures, asserts nothing.

    .venv/bin/python benchmarks/pools.py [--deals 10]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from solitaire_core import pools
from solitaire_core.registry import load_games


def timed(call) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="deals drawn from each pool")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'pool':42} {'deals':>5} {'read':>8} {'moves':>6} {'play':>9} {'apply':>9}")
    for game in load_games().values():
        pools._pools.cache_clear()
        read = timed(lambda: pools.pools_of(game))
        for pool in pools.pools_of(game):
            rng = random.Random(19)
            sample = rng.sample(pool.wins, min(args.deals, len(pool.wins)))
            options = pool.options[0]

            def replay(checked, deal, texts):
                moves, problem = pools.replay(game, options, deal, texts, checked=checked)
                assert problem is None, (pool.name, deal, problem)

            play = [timed(lambda: replay(False, d, t)) for d, t in sample]
            apply = [timed(lambda: replay(True, d, t)) for d, t in sample]
            moves = statistics.mean(len(t) for _, t in sample)
            label = " ".join([game.id, *(f"{k}={v}" for k, v in options.items())])[:42]
            print(f"{label:42} {len(pool.wins):5} {read * 1000:6.0f} ms {moves:6.0f} "
                  f"{statistics.median(play) * 1000:6.1f} ms {statistics.median(apply) * 1000:6.0f} ms")
            read = 0.0  # counted once for the game's pools


if __name__ == "__main__":
    main()
