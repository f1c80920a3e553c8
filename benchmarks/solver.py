"""How many deals the solver decides, and how fast; prints figures, asserts nothing.

Klondike draw 1 and draw 3 over deals ``--deals`` (default 1-1000), then every
other registered game over ``--other-deals`` (default 1-20); one deal per task
spread over ``--jobs`` processes, ``--budget`` seconds per deal. For each:
shares winnable / unwinnable / unknown / decided, positions searched per
second, median and 95th-percentile time per deal, and how many winnable
answers were replayed through ``game.apply`` to a win (all of them should be).
Targets (issue 7; 2 cores, one deal per core, 10 s): draw 1 at least 92%
decided, draw 3 at least 88%, median under 0.5 s.

    .venv/bin/python benchmarks/solver.py [--deals 1-100] [--budget 10] [--jobs 2]
        [--other-deals 1-20] [--only klondike]
"""

from __future__ import annotations

import argparse
import time

from solitaire_core.registry import load_games
from solitaire_core.solver.commands import DEFAULT_BUDGET, deal_range, jobs_count, summary, survey


def runs(games, deals, other_deals, only):
    if only in (None, "klondike") and "klondike" in games:
        yield "klondike", {"draw": 1}, deals
        yield "klondike", {"draw": 3}, deals
    for game_id in games:
        if game_id != "klondike" and only in (None, game_id):
            yield game_id, {}, other_deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=deal_range, default=range(1, 1001), metavar="A-B")
    parser.add_argument("--other-deals", type=deal_range, default=range(1, 21), metavar="A-B")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET, metavar="SECONDS")
    parser.add_argument("--jobs", type=jobs_count, default=2, metavar="N")
    parser.add_argument("--only", metavar="GAME", help="one game only")
    args = parser.parse_args()
    games = load_games()
    for game_id, options, deals in runs(games, args.deals, args.other_deals, args.only):
        worst = len(deals) * args.budget / args.jobs
        label = " ".join([game_id] + [f"{k}={v}" for k, v in options.items()])
        print(f"\n== {label}, deals {deals.start}-{deals.stop - 1}, budget {args.budget:g} s, "
              f"{args.jobs} jobs (at most {worst / 60:.1f} min)", flush=True)
        started = time.monotonic()
        results = survey(game_id, deals, options, args.budget, args.jobs)
        print(summary(results, time.monotonic() - started), flush=True)


if __name__ == "__main__":
    main()
