"""Hand-built TriPeaks positions for the tests, written as position text."""

from __future__ import annotations

from collections import Counter

from solitaire_core import parse_card
from solitaire_core.testing import legal_texts as moves  # noqa: F401  (used by the tests)

PLACES = tuple(f"p{k}" for k in range(1, 29))
ZONES = (*PLACES, "stock", "waste")


def table(game, options=None, **zones: str):
    """The zones named, the other places empty; a place's card face down while a place
    covering it holds one (as play leaves it), the stock face down, and every card not
    named under the waste's top card, where no rule looks. The engine checks that the
    52 cards are all there once, so a test cannot lose a card."""
    named = Counter(parse_card(code) for text in zones.values() for code in text.split())
    rest = Counter(game.deck) - named
    under = []
    for card in game.deck:
        if rest[card]:
            rest[card] -= 1
            under.append(card.code)
    zones["waste"] = " ".join(under + [zones.get("waste", "")]).strip()
    zones["stock"] = " ".join(f"({code})" for code in zones.get("stock", "").split())
    for place in PLACES:
        covers = game.zones[game.index[place]].covered_by
        if place in zones and any(c in zones for c in covers):
            zones[place] = f"({zones[place]})"
    assert set(zones) <= set(ZONES), f"unknown zones {sorted(set(zones) - set(ZONES))}"
    return game.parse_position("\n".join(f"{z}: {zones.get(z, '')}" for z in ZONES), **(options or {}))
