"""A game's own solver model against the model derived from its declarations; prints figures.

The same deals solved twice, one deal per task over ``--jobs`` processes
(``solitaire winnability``'s pool): with the model ``hooks_for`` gives the game (its
own ``solver_model``) and with the derived model alone (``solver/derived.py``), which
is what the game would get with no solver code. The gain of a hand-written model is
what the first line decides beyond the second.

    .venv/bin/python benchmarks/solver_models.py [--game klondike] [--deals 1-200]
        [--budget 2] [--jobs 2] [--draw 1] [--models own,derived]
"""

from __future__ import annotations

import argparse
import os
import time

from solitaire_core.solver.commands import deal_range, jobs_count, summary, survey


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
            started = time.monotonic()
            results = survey(args.game, args.deals, options, args.budget, args.jobs, derived=which == "derived")
            load = os.getloadavg()[0]
            print(f"\n== {args.game} {options}, {which} model, deals {args.deals.start}-{args.deals.stop - 1}, "
                  f"budget {args.budget:g} s, {args.jobs} jobs, load average {load:.1f}", flush=True)
            print(summary(results, time.monotonic() - started), flush=True)


if __name__ == "__main__":
    main()
