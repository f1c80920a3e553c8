"""The engine's own searches, timed on the worst positions we can build; prints, asserts nothing.

- finish: ``finish_moves`` on deals laid out with every card face up and the stock
  turned onto the waste (nothing hidden, so the finish is asked to decide), for each
  draw and pass option of the game: the search runs until it finds a win or reaches
  ``finish_search_limit`` positions;
- hint: ``game.hint`` along greedy play (``preference``) from several deals;
- blocked: ``blocked.verdict`` (no limit) at the end of that greedy play.

    .venv/bin/python benchmarks/lookahead.py [--deals 10]
"""

from __future__ import annotations

import argparse
import itertools
import re
import statistics
import time

from solitaire_core import blocked
from solitaire_core.registry import load_games
from solitaire_core.testing import greedy_line


def face_up(game, state):
    """The same cards with nothing hidden: the stock's cards on the waste."""
    text = game.format_position(state)
    stock = re.search(r"^stock:(.*)$", text, re.M).group(1).replace("(", "").replace(")", "").split()
    text = re.sub(r"^stock:.*$", "stock:", text, flags=re.M)
    text = re.sub(r"^waste:.*$", "waste: " + " ".join(reversed(stock)), text, flags=re.M)
    text = re.sub(r"\((\S+)\)", r"\1", text)
    return game.parse_position(text, **dict(state.options))


def greedy(game, state):
    """The positions of the heuristic's play from ``state``, its end included."""
    line = greedy_line(game, state)
    return [position for position, _move in line] + ([game.play(*line[-1])] if line else [state])


def timed(fn, *args):
    start = time.perf_counter()
    value = fn(*args)
    return value, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    args = parser.parse_args()
    for game in load_games().values():
        if not hasattr(game, "zones") or not any(z.id == "waste" for z in game.zones):
            continue
        names = [o.name for o in game.options if o.name in ("draw", "passes", "difficulty")]
        for values in itertools.product(*[next(o.values for o in game.options if o.name == n) for n in names]):
            options = dict(zip(names, values))
            times, found = [], 0
            for deal in range(1, args.deals + 1):
                try:
                    state = face_up(game, game.new(deal, **options))
                except Exception:  # noqa: BLE001 - a layout this sketch cannot turn face up
                    continue
                line, seconds = timed(game.finish_moves, state)
                times.append(seconds)
                found += line is not None
            if times:
                print(f"finish {game.id} {options}: {found}/{len(times)} finished, "
                      f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms")
    for game in load_games().values():
        hints, verdicts = [], []
        for deal in range(1, args.deals + 1):
            line = greedy(game, game.new(deal))
            for state in line[::10]:
                hints.append(timed(game.hint, state)[1])
            verdict, seconds = timed(blocked.verdict, game, line[-1], 300_000)
            verdicts.append((verdict, seconds))
        print(f"hint {game.id}: {len(hints)} positions, median {statistics.median(hints) * 1000:.0f} ms, "
              f"max {max(hints) * 1000:.0f} ms")
        told = {v: sum(1 for x, _ in verdicts if x == v) for v in (blocked.BLOCKED, blocked.OPEN, blocked.UNDECIDED)}
        print(f"blocked {game.id}: ends of greedy play {told}, "
              f"max {max(s for _, s in verdicts):.1f} s")


if __name__ == "__main__":
    main()
