"""Hand-built TriPeaks positions for the tests, written as position text."""

from __future__ import annotations

from solitaire_core.testing import arrange
from solitaire_core.testing import legal_texts as moves  # noqa: F401  (used by the tests)

PLACES = tuple(f"p{k}" for k in range(1, 29))


def table(game, options=None, **zones: str):
    """The zones named, the other places empty; a place's card face down while a place
    covering it holds one (as play leaves it), the stock face down, and every card not
    named under the waste's top card, where no rule looks (``arrange``: a test cannot
    lose a card)."""
    zones["stock"] = " ".join(f"({code})" for code in zones.get("stock", "").split())
    for place in PLACES:
        covers = game.zones[game.index[place]].covered_by
        if place in zones and any(c in zones for c in covers):
            zones[place] = f"({zones[place]})"
    lines = "\n".join(f"@{name} {value}" for name, value in (options or {}).items())
    return arrange(game, "waste", lines, face_up=True, **zones)
