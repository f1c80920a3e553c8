"""Hand-built Canfield positions for the tests, written as position text."""

from __future__ import annotations

from collections import Counter

from solitaire_core import parse_card
from solitaire_core.testing import legal_texts as moves  # noqa: F401  (used by the tests)

ZONES = ("stock", "waste", "f1", "f2", "f3", "f4", "reserve", "t1", "t2", "t3", "t4")
LABELS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def run(suit: str, base: str, count: int) -> str:
    """``run("H", "Q", 4)`` -> ``"QH KH AH 2H"``: a foundation from the base rank, round the corner."""
    start = LABELS.index(base)
    return " ".join(LABELS[(start + k) % 13] + suit for k in range(count))


def position(game, rest: str = "stock", options: dict | None = None, **zones: str):
    """The zones named, the others empty, and every card not named at the bottom of
    ``rest`` in pack order (face down in the stock or the reserve). The engine checks
    that the 52 cards are all there once."""
    named = Counter(parse_card(code.strip("()")) for text in zones.values() for code in text.split())
    left = Counter(game.deck) - named
    down = rest in ("stock", "reserve")
    under = [f"({card.code})" if down else card.code for card in game.deck if left[card]]
    zones[rest] = " ".join(under + [zones.get(rest, "")]).strip()
    assert set(zones) <= set(ZONES), f"unknown zones {sorted(set(zones) - set(ZONES))}"
    text = "\n".join(f"{zone}: {zones.get(zone, '')}" for zone in ZONES)
    return game.parse_position(text, **(options or {}))


def apply(game, state, text):
    return game.apply(state, game.parse_move(state, text))
