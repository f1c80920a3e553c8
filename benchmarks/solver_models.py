"""A game's own solver model against the model derived from its declarations; prints figures.

The same deals solved twice, one deal per task over ``--jobs`` processes: with the
model the game declares (``solver_model``) and with the derived model alone
(``solver/derived.py``), which is what the game would get with no solver code. The
gain of a hand-written model is what the first line decides beyond the second.

    .venv/bin/python benchmarks/solver_models.py [--game klondike] [--deals 1-200]
        [--budget 2] [--jobs 2] [--draw 1] [--models own,derived]
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import os
import time

from solitaire_core.solver.commands import deal_range, jobs_count, summary
from solitaire_core.solver.derived import derived_model
from solitaire_core.solver.hooks import hooks_for
from solitaire_core.solver.search import WINNABLE, Budget, check_solution, solve


@functools.lru_cache(maxsize=None)
def _game(game_id: str):
    from solitaire_core.registry import load_games
    return load_games()[game_id]


def solve_deal(task):
    game_id, which, deal, options, seconds = task
    game = _game(game_id)
    start = game.new(deal, **options)
    model = hooks_for(game) if which == "own" else derived_model(game)
    result = solve(game, start, Budget(seconds=seconds), hooks=model)
    replayed = result.answer == WINNABLE and check_solution(game, start, result.moves) is None
    return deal, result.answer, result.seconds, result.nodes, replayed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="klondike")
    parser.add_argument("--deals", type=deal_range, default=range(1, 201), metavar="A-B")
    parser.add_argument("--budget", type=float, default=2.0, metavar="SECONDS")
    parser.add_argument("--jobs", type=jobs_count, default=2, metavar="N")
    parser.add_argument("--draw", type=int, action="append", help="Klondike-like games: the draw counts")
    parser.add_argument("--models", default="own,derived", help="which models, comma separated: own, derived")
    args = parser.parse_args()
    for options in [{"draw": d} for d in args.draw or (1, 3)]:
        for which in args.models.split(","):
            tasks = [(args.game, which, deal, options, args.budget) for deal in args.deals]
            started = time.monotonic()
            with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
                results = sorted(pool.imap_unordered(solve_deal, tasks, chunksize=1))
            load = os.getloadavg()[0]
            print(f"\n== {args.game} {options}, {which} model, deals {args.deals.start}-{args.deals.stop - 1}, "
                  f"budget {args.budget:g} s, {args.jobs} jobs, load average {load:.1f}", flush=True)
            print(summary(results, time.monotonic() - started), flush=True)


if __name__ == "__main__":
    main()
