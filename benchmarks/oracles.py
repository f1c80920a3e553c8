"""The solver beside outside solvers on the same positions: FreeCell with Freecell Solver
(PyPI ``freecell-solver``, binding Debian's ``libfreecell-solver0``), on Microsoft deals
and on positions of random play. Prints the verdicts side by side and every disagreement.

    python benchmarks/oracles.py [--deals 1-50] [--random 50] [--budget 10]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "core"))

from freecell_oracle import fc_solve_verdict  # noqa: E402

from solitaire_core.registry import load_games  # noqa: E402
from solitaire_core.solver import Budget, solve  # noqa: E402


def positions(game, deals, random_count, seed=5):
    rnd = random.Random(seed)
    for deal in deals:
        yield f"deal {deal}", game.new(deal)
    for k in range(random_count):
        state = game.new(rnd.randrange(1, 32001))
        for _ in range(rnd.randrange(10, 40)):
            moves = list(game.legal_moves(state))
            if not moves:
                break
            state = game.play(state, rnd.choice(moves))
        yield f"random {k + 1}", state


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-50")
    parser.add_argument("--random", type=int, default=50)
    parser.add_argument("--budget", type=float, default=10.0)
    args = parser.parse_args(argv)
    first, _, last = args.deals.partition("-")
    game = load_games()["freecell"]
    counts, disagree, ours_time = {}, [], 0.0
    for name, state in positions(game, range(int(first), int(last or first) + 1), args.random):
        ours = solve(game, state, Budget(seconds=args.budget))
        ours_time += ours.seconds
        theirs = fc_solve_verdict(game, state)
        counts[(ours.answer, theirs)] = counts.get((ours.answer, theirs), 0) + 1
        if "unknown" not in (ours.answer, theirs) and ours.answer != theirs:
            disagree.append((name, ours.answer, theirs, game.format_position(state)))
    print(f"{'ours':<12} {'Freecell Solver':<16} positions")
    for (ours, theirs), n in sorted(counts.items()):
        print(f"{ours:<12} {theirs:<16} {n}")
    print(f"our solver's time: {ours_time:.1f} s in all")
    for name, ours, theirs, text in disagree:
        print(f"DISAGREE {name}: ours {ours}, Freecell Solver {theirs}\n{text}")


if __name__ == "__main__":
    main()
