"""What ``load_games()`` costs at every start (the CLI, the table, each solver process);
prints figures, asserts nothing.

The first call imports the plugins; later calls in the same process find the modules
loaded and show the registry's own cost. The check at load (declaration and the smoke
call on deal 1) is timed per game.

    .venv/bin/python benchmarks/registry.py [--repeats 50]
"""

from __future__ import annotations

import argparse
import time

from solitaire_core import registry


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=50)
    args = parser.parse_args()
    started = time.perf_counter()
    games = registry.load_games()
    first = time.perf_counter() - started
    times = []
    for _ in range(args.repeats):
        started = time.perf_counter()
        registry.load_games()
        times.append(time.perf_counter() - started)
    print(f"load_games(): first call {1000 * first:.1f} ms (imports the plugins), "
          f"then best {1000 * min(times):.2f} ms, median {1000 * sorted(times)[len(times) // 2]:.2f} ms "
          f"over {args.repeats}")
    total = 0.0
    for game in games.values():
        best = float("inf")
        for _ in range(args.repeats):
            started = time.perf_counter()
            problem = registry._not_a_game(game)
            best = min(best, time.perf_counter() - started)
        total += best
        print(f"  {game.id:<12} check at load {1000 * best:.2f} ms" + (f"  ({problem})" if problem else ""))
    print(f"  all {len(games)} games: {1000 * total:.2f} ms")


if __name__ == "__main__":
    main()
