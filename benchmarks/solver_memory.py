"""Memory of a search that fills its table: bytes per position the cap allows; prints figures.

For each registered game (Klondike at draw 1 and draw 3), the first deal from
``--from`` whose search ends on a full table (``Budget(table=--cap)``, no time
or node limit) is searched in a fresh process; the figure is the growth of the
process's peak resident memory over the cap, so it counts every table the
search keeps (all its phases) and everything else it holds. docs/solver.md
quotes it.

    .venv/bin/python benchmarks/solver_memory.py [--cap 100000] [--from 1] [--tries 20] [--only GAME]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys

from solitaire_core.registry import load_games


def child(game_id: str, options: dict, deal: int, cap: int) -> dict:
    """Run in a fresh process: one search, and the growth of the peak memory."""
    from solitaire_core.solver import Budget, solve

    game = load_games()[game_id]
    state = game.new(deal, **options)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = solve(game, state, Budget(seconds=None, nodes=None, table=cap))
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"answer": result.answer, "reason": result.reason, "nodes": result.nodes,
            "seconds": result.seconds, "grown": (after - before) * 1024}


def measure(game_id: str, options: dict, deal: int, cap: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", json.dumps([game_id, options, deal, cap])],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def runs(games, only):
    for game_id in games:
        if only in (None, game_id):
            for options in ({"draw": 1}, {"draw": 3}) if game_id == "klondike" else ({},):
                yield game_id, options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=int, default=100_000, help="positions the table may keep")
    parser.add_argument("--from", dest="first", type=int, default=1, metavar="DEAL")
    parser.add_argument("--tries", type=int, default=20, help="deals tried per game to find one that fills it")
    parser.add_argument("--only", metavar="GAME")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(*json.loads(args.child))))
        return
    for game_id, options in runs(load_games(), args.only):
        label = " ".join([game_id] + [f"{k}={v}" for k, v in options.items()])
        for deal in range(args.first, args.first + args.tries):
            found = measure(game_id, options, deal, args.cap)
            if found["reason"].startswith("memory ceiling"):
                print(f"{label}: deal {deal}, cap {args.cap:,} positions, {found['nodes']:,} searched in "
                      f"{found['seconds']:.1f} s, peak memory grew {found['grown'] / 2**20:.0f} MB = "
                      f"{found['grown'] / args.cap:.0f} bytes a capped position", flush=True)
                break
        else:
            print(f"{label}: no deal of {args.first}-{args.first + args.tries - 1} filled the table "
                  f"({args.cap:,} positions)", flush=True)


if __name__ == "__main__":
    main()
