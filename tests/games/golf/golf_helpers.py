"""Hand-built Golf positions for the tests, written as position text."""

from __future__ import annotations

from collections import Counter

from solitaire_core import parse_card
from solitaire_core.testing import legal_texts as moves  # noqa: F401  (used by the tests)

ZONES = (*(f"t{i}" for i in range(1, 8)), "stock", "waste")


def table(game, options=None, **zones: str):
    """The zones named (the stock's cards face down), the other columns empty, and
    every card not named under the waste's top card, where no rule looks. The engine
    checks that the 52 cards are all there once, so a test cannot lose a card."""
    named = Counter(parse_card(code.strip("()")) for text in zones.values() for code in text.split())
    rest = Counter(game.deck) - named
    under = []
    for card in game.deck:
        if rest[card]:
            rest[card] -= 1
            under.append(card.code)
    zones["waste"] = " ".join(under + [zones.get("waste", "")]).strip()
    if "stock" in zones:
        zones["stock"] = " ".join(f"({code})" for code in zones["stock"].split())
    assert set(zones) <= set(ZONES), f"unknown zones {sorted(set(zones) - set(ZONES))}"
    return game.parse_position("\n".join(f"{z}: {zones.get(z, '')}" for z in ZONES), **(options or {}))
