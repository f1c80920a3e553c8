"""Point tables for pile games: a move raises events, a table prices them.

Events: ``move`` (every move, the stock click too), ``waste-to-tableau``,
``to-foundation``, ``foundation-to-tableau``, ``flip``, ``run`` (a complete run
collected), ``recycle-draw-N`` (the waste turned over at draw N).
"""

from __future__ import annotations

from attrs import frozen


@frozen
class Scoring:
    points: dict
    start: int = 0
    floor: int | None = None

    def add(self, score: int, events) -> int:
        for event in events:
            score += self.points.get(event, 0)
        if self.floor is not None:
            score = max(score, self.floor)
        return score


# The Klondike rules text's standard table; never below 0.
STANDARD = Scoring(
    {"waste-to-tableau": 5, "to-foundation": 10, "flip": 5, "foundation-to-tableau": -15,
     "recycle-draw-1": -100, "recycle-draw-3": -20},
    start=0, floor=0,
)

# Vegas: a 52-point stake, 5 points a card up, 5 back for a card down.
VEGAS = Scoring({"to-foundation": 5, "foundation-to-tableau": -5}, start=-52)
