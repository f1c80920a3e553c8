"""How long the engine's hint takes (``Game.hint``, the table's answer when the solver
cannot say): along the hint's own line through deals 1-5 of every installed pile game,
and in a position where no move helps (it must prove that before saying so).

    .venv/bin/python benchmarks/hint.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solitaire_core.registry import load_games  # noqa: E402

MOVES = 60  # hints per deal
# Klondike with only the King of hearts free to come down from its foundation and go back up
NO_WAY_FORWARD = """\
# Klondike
@draw 1
@passes 1
@scoring standard
@vegas_total off
@redeals 0
@score 0
@shown 0
stock:
waste:
f1: AS 2S 3S 4S 5S 6S 7S 8S 9S
f2: AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH
f3: AD 2D 3D 4D 5D 6D 7D 8D 9D
f4: AC 2C 3C 4C 5C 6C 7C 8C 9C
t1: (QS) (KS) (10C) JD
t2:
t3: (QC) (KC) (10S) JS
t4: (QD) (KD) (10D) JC
t5:
t6:
t7:
"""


def along_the_hints(game, deal: int) -> list[float]:
    state, times = game.new(deal), []
    for _ in range(MOVES):
        start = time.perf_counter()
        move = game.hint(state)
        times.append(time.perf_counter() - start)
        if move is None or game.is_won(state):
            break
        state = game.play(state, move)
    return times


def main() -> None:
    games = load_games()
    for game in games.values():
        if not hasattr(game, "zones"):
            continue
        times = [t for deal in range(1, 6) for t in along_the_hints(game, deal)]
        print(f"{game.name:10} {len(times):4} hints: median {statistics.median(times) * 1e3:7.1f} ms, "
              f"max {max(times) * 1e3:7.1f} ms")
    klondike = games.get("klondike")
    if klondike is not None:
        state = klondike.parse_position(NO_WAY_FORWARD)
        start = time.perf_counter()
        assert klondike.hint(state) is None
        print(f"Klondike, no move helps: {(time.perf_counter() - start) * 1e3:.1f} ms to say so")

if __name__ == "__main__":
    main()
