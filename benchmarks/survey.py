"""What Dask costs a survey: the same deals, the same budget, solved by ``solitaire
winnability --jobs N`` (a process pool, one deal a task) and by ``solitaire survey``
on a local Dask cluster (a worker process a core, batches, each answer stored in
SQLite as it comes); prints deals per minute of each and the difference.
Prints figures, asserts nothing. Target (issue 19): the Dask path costs under 5%.

Each run's wall time counts everything, starting its processes included; the
runs alternate (pool, Dask, Dask, pool...) so a machine that slows down mid-way
weighs on both alike.

    .venv/bin/python benchmarks/survey.py [--game klondike] [-o draw=1] [--deals 1-300]
        [--budget 2] [--rounds 2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from solitaire_core.options import parse_assignments, resolve
from solitaire_core.registry import load_games
from solitaire_core.solver.commands import deal_range, survey as pool_survey
from solitaire_core.survey import run as dask_run
from solitaire_core.survey.store import Store, options_key


def timed_pool(game, options, deals, budget, jobs) -> float:
    started = time.monotonic()
    pool_survey(game.id, deals, options, budget, jobs)
    return time.monotonic() - started


def timed_dask(game, options, deals, budget, folder: Path, index: int) -> float:
    key = options_key(resolve(game.options, options))
    started = time.monotonic()
    with Store(folder / f"survey-{index}.sqlite3") as store:
        dask_run.run(store, game.id, options, key, list(deals), budget)
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="klondike")
    parser.add_argument("-o", dest="options", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--deals", type=deal_range, default=range(1, 301), metavar="A-B")
    parser.add_argument("--budget", type=float, default=2.0, metavar="SECONDS")
    parser.add_argument("--rounds", type=int, default=2, help="pairs of runs (pool then Dask, Dask then pool...)")
    args = parser.parse_args()
    game = load_games()[args.game]
    options = {k: v for k, v in resolve(game.options, parse_assignments(args.options))
               if k in parse_assignments(args.options)}
    jobs = os.cpu_count() or 1
    deals = args.deals
    print(f"{game.id} {options or ''} deals {deals.start}-{deals.stop - 1}, budget {args.budget:g} s, "
          f"{jobs} processes (pool) / {jobs} Dask workers of one thread")
    times: dict[str, list[float]] = {"pool (--jobs)": [], "Dask (survey)": []}
    with tempfile.TemporaryDirectory() as folder:
        for round_ in range(args.rounds):
            order = ("pool", "dask") if round_ % 2 == 0 else ("dask", "pool")
            for which in order:
                if which == "pool":
                    seconds = timed_pool(game, options, deals, args.budget, jobs)
                    times["pool (--jobs)"].append(seconds)
                else:
                    seconds = timed_dask(game, options, deals, args.budget, Path(folder), round_)
                    times["Dask (survey)"].append(seconds)
                print(f"  round {round_ + 1} {which:<4}: {seconds:6.1f} s, {len(deals) / seconds * 60:6.1f} deals/min",
                      flush=True)
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, seconds in medians.items():
        print(f"{name:<14} median {seconds:6.1f} s  {len(deals) / seconds * 60:6.1f} deals per minute")
    pool, dask = medians.values()
    print(f"Dask costs {100 * (dask - pool) / pool:+.1f}% of the pool's time (target: under +5%)")


if __name__ == "__main__":
    main()
