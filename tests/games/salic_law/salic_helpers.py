"""Hand-built Salic Law positions for the tests, written as position text."""

from __future__ import annotations

from solitaire_core import DRAW
from solitaire_core.testing import arrange
from solitaire_core.testing import legal_texts as moves  # noqa: F401  (used by the tests)

LABELS = "A 2 3 4 5 6 7 8 9 10 J".split()
SUITS = "CDHSCDHS"  # f1..f8 default to a full run of these suits; t1..t8 to that suit's King
ZONES = ("stock", *(f"f{i}" for i in range(1, 9)), *(f"t{i}" for i in range(1, 9)))


def run(suit: str, top: int = 11) -> str:
    """``run("H", 4)`` -> ``"AH 2H 3H 4H"``: a foundation up to rank ``top``."""
    return " ".join(label + suit for label in LABELS[:top])


def table(game, **zones: str):
    """A position after the deal: every foundation full and every pile a lone
    King, except the zones named. The engine checks that the 96 cards are all
    there exactly once, so a test cannot lose a card."""
    lines = []
    for i, zone in enumerate(ZONES):
        if zone in zones:
            text = zones.pop(zone)
        elif zone == "stock":
            text = ""
        elif zone.startswith("f"):
            text = run(SUITS[i - 1])
        else:
            text = "K" + SUITS[i - 9]
        lines.append(f"{zone}: {text}")
    assert not zones, f"unknown zones {sorted(zones)}"
    return game.parse_position("\n".join(lines))


def dealing(game, **zones: str):
    """A position during the deal: the zones named, the other zones empty, and
    every card not named face down at the bottom of the stock (``arrange``)."""
    return arrange(game, "stock", **zones)


def drawn(game, deal: int, count: int):
    """Deal ``deal`` after ``count`` clicks on the stock."""
    state = game.new(deal)
    for _ in range(count):
        state = game.apply(state, DRAW)
    return state

