"""Hand-built Pyramid positions for the tests, written as position text."""

from __future__ import annotations

from collections import Counter

from solitaire_core import parse_card
from solitaire_core.testing import legal_texts as moves  # noqa: F401  (used by the tests)

PLACES = tuple(f"p{k}" for k in range(1, 29))
ZONES = (*PLACES, "stock", "waste", "discard")


def table(game, options=None, redeals=0, **zones: str):
    """The zones named (the stock's cards face down), the other places empty, and every
    card not named on the discard pile, where no rule looks. The engine checks that the
    52 cards are all there once, so a test cannot lose a card."""
    named = Counter(parse_card(code.strip("()")) for text in zones.values() for code in text.split())
    rest = Counter(game.deck) - named
    under = []
    for card in game.deck:
        if rest[card]:
            rest[card] -= 1
            under.append(card.code)
    zones["discard"] = " ".join(under + [zones.get("discard", "")]).strip()
    zones["stock"] = " ".join(f"({code})" for code in zones.get("stock", "").split())
    assert set(zones) <= set(ZONES), f"unknown zones {sorted(set(zones) - set(ZONES))}"
    lines = [f"@redeals {redeals}"] + [f"{z}: {zones.get(z, '')}" for z in ZONES]
    return game.parse_position("\n".join(lines), **(options or {}))
