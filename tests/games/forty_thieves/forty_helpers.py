"""Hand-built Forty Thieves positions for the tests, written as position text."""

from __future__ import annotations

from collections import Counter

from solitaire_core import parse_card
from solitaire_core.testing import legal_texts as moves  # noqa: F401  (used by the tests)

ZONES = ("stock", "waste", *(f"f{i}" for i in range(1, 9)), *(f"t{i}" for i in range(1, 11)))
LABELS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def run(suit: str, top: int = 13) -> str:
    """``run("H", 4)`` -> ``"AH 2H 3H 4H"``: a foundation up to rank ``top``."""
    return " ".join(label + suit for label in LABELS[:top])


def position(game, rest: str = "t10", **zones: str):
    """The zones named, the others empty, and every card not named at the bottom of
    ``rest`` in pack order (face down when ``rest`` is the stock). The engine checks
    that the 104 cards are all there as often as the packs hold them."""
    named = Counter(parse_card(code.strip("()")) for text in zones.values() for code in text.split())
    left = Counter(game.deck) - named
    under = []
    for card in game.deck:
        if left[card]:
            left[card] -= 1
            under.append(f"({card.code})" if rest == "stock" else card.code)
    zones[rest] = " ".join(under + [zones.get(rest, "")]).strip()
    assert set(zones) <= set(ZONES), f"unknown zones {sorted(set(zones) - set(ZONES))}"
    return game.parse_position("\n".join(f"{zone}: {zones.get(zone, '')}" for zone in ZONES))


def apply(game, state, text):
    return game.apply(state, game.parse_move(state, text))
