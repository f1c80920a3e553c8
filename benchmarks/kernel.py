"""The compiled kernel against the pure-Python search: the same searches, timed.

For every registered game the kernel covers (at its default options), deals ``--deals``
(default 1-5), each searched with the same node budget (``--nodes``, default 20 000) once
in Python (``SOLITAIRE_PURE=1``) and once on the kernel, in this process, one after the
other. Prints per game the positions searched, the CPU seconds and positions a second of
each, their ratio, and whether the answers and positions searched are the same (they must
be: the kernel is a translation). Prints figures, asserts nothing.

    .venv/bin/python benchmarks/kernel.py [--deals 1-5] [--nodes 20000] [--only freecell]
"""

from __future__ import annotations

import argparse
import os
import time

from solitaire_core.registry import load_games
from solitaire_core.solver import kernel
from solitaire_core.solver.commands import deal_range
from solitaire_core.solver.hooks import hooks_for
from solitaire_core.solver.search import Budget, solve


def timed(game, state, nodes: int, pure: bool):
    if pure:
        os.environ["SOLITAIRE_PURE"] = "1"
    else:
        os.environ.pop("SOLITAIRE_PURE", None)
    started = time.process_time()
    result = solve(game, state, Budget(seconds=None, nodes=nodes))
    return result, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=deal_range, default=range(1, 6))
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--only")
    args = parser.parse_args()
    if kernel.available() is not None:
        print(f"the kernel cannot run: {kernel.available()}")
        return
    print(f"deals {args.deals.start}-{args.deals.stop - 1}, {args.nodes} positions at most a deal, CPU seconds")
    print(f"{'game':18} {'positions':>9} {'Python s':>9} {'kernel s':>9} {'Python pos/s':>13} "
          f"{'kernel pos/s':>13} {'ratio':>6}  same")
    for game_id, game in sorted(load_games().items()):
        if args.only not in (None, game_id):
            continue
        hooks = hooks_for(game)
        hooks.start(game.new(args.deals.start))
        if kernel.searcher(hooks) is None:
            continue
        nodes = python_s = kernel_s = 0.0
        same = True
        for deal in args.deals:
            state = game.new(deal)
            python, p_s = timed(game, state, args.nodes, True)
            compiled, k_s = timed(game, state, args.nodes, False)
            same &= (python.answer, python.nodes, python.moves) == (compiled.answer, compiled.nodes, compiled.moves)
            nodes += compiled.nodes
            python_s += p_s
            kernel_s += k_s
        print(f"{game_id:18} {nodes:9.0f} {python_s:9.2f} {kernel_s:9.2f} {nodes / python_s:13,.0f} "
              f"{nodes / kernel_s:13,.0f} {python_s / kernel_s:6.1f}  {'yes' if same else 'NO'}")
    os.environ.pop("SOLITAIRE_PURE", None)


if __name__ == "__main__":
    main()
