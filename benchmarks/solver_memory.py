"""Memory of a search that fills its table: bytes per position the cap allows; prints figures.

For each registered game (Klondike at draw 1 and draw 3), the first deal from
``--from`` whose search ends on a full table (``Budget(table=--cap)``, no time
or node limit) is searched in a fresh process; the figure is the growth of the
process's peak resident memory over the cap, so it counts every table the
search keeps (all its phases) and everything else it holds. docs/solver.md
quotes it.

With ``--memory MB``, the cap is the compiled kernel's instead (``Budget(memory=...)``,
no cap on positions), for the games it searches: the growth of the peak beside the cap.

    .venv/bin/python benchmarks/solver_memory.py [--cap 100000] [--memory MB] [--from 1] [--tries 20] [--only GAME]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys

from solitaire_core.registry import load_games


def child(game_id: str, options: dict, deal: int, cap: int, memory: int | None = None) -> dict:
    """Run in a fresh process: one search, and the growth of the peak memory."""
    from solitaire_core.solver import Budget, solve

    game = load_games()[game_id]
    state = game.new(deal, **options)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    budget = Budget(seconds=None, nodes=None, table=cap) if memory is None else \
        Budget(seconds=None, nodes=None, table=None, memory=memory)
    result = solve(game, state, budget)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"answer": result.answer, "reason": result.reason, "nodes": result.nodes,
            "seconds": result.seconds, "grown": (after - before) * 1024}


def measure(game_id: str, options: dict, deal: int, cap: int, memory: int | None = None) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", json.dumps([game_id, options, deal, cap, memory])],
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
    parser.add_argument("--memory", type=int, metavar="MB", help="the kernel's cap in bytes instead, for its games")
    parser.add_argument("--only", metavar="GAME")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(*json.loads(args.child))))
        return
    if args.memory is not None:
        kernel_caps(args)
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


def kernel_caps(args) -> None:
    """For each game the kernel searches, the first deal that fills ``--memory`` MB."""
    from solitaire_core.solver import kernel
    from solitaire_core.solver.hooks import hooks_for
    memory = args.memory << 20
    for game_id, options in runs(load_games(), args.only):
        game = load_games()[game_id]
        hooks = hooks_for(game)
        hooks.start(game.new(args.first, **options))
        if kernel.searcher(hooks) is None:
            continue
        label = " ".join([game_id] + [f"{k}={v}" for k, v in options.items()])
        for deal in range(args.first, args.first + args.tries):
            found = measure(game_id, options, deal, 0, memory)
            if found["reason"].startswith("memory ceiling"):
                print(f"{label}: deal {deal}, cap {args.memory} MB, {found['nodes']:,} positions searched in "
                      f"{found['seconds']:.1f} s, peak memory grew {found['grown'] / 2**20:.0f} MB", flush=True)
                break
        else:
            print(f"{label}: no deal of {args.first}-{args.first + args.tries - 1} filled {args.memory} MB", flush=True)


if __name__ == "__main__":
    main()
