"""What naming Klondike's model positions costs: the same searches with ``Position``
(a NamedTuple) and with bare tuples, interleaved; prints positions a second.

    .venv/bin/python benchmarks/solver_named_positions.py [--rounds 3] [--nodes 20000]
"""

from __future__ import annotations

import argparse
import os
import time

from games.klondike import Klondike, solving
from solitaire_core.solver import Budget, solve

DEALS = (1, 2, 3, 4, 5, 6)


def rate(game, nodes: int) -> float:
    searched, started = 0, time.process_time()
    for deal in DEALS:
        for draw in (1, 3):
            searched += solve(game, game.new(deal, draw=draw), Budget(seconds=None, nodes=nodes)).nodes
    return searched / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=20_000)
    args = parser.parse_args()
    game, named = Klondike(), solving.Position
    rates = {"named": [], "bare": []}
    for _ in range(args.rounds):
        for kind in rates:
            solving.Position = named if kind == "named" else (lambda *fields: fields)
            rates[kind].append(rate(game, args.nodes))
    solving.Position = named
    for kind, figures in rates.items():
        print(f"{kind:>5}: {max(figures):8.0f} positions a second (best of {args.rounds}, CPU time; "
              f"all: {', '.join(f'{f:.0f}' for f in figures)})")
    print(f"named / bare: {max(rates['named']) / max(rates['bare']):.3f}; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
