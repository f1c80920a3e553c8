"""Hand-built Pyramid positions for the tests, written as position text."""

from __future__ import annotations

from solitaire_core.testing import arrange
from solitaire_core.testing import legal_texts as moves  # noqa: F401  (used by the tests)

PLACES = tuple(f"p{k}" for k in range(1, 29))


def table(game, options=None, redeals=0, **zones: str):
    """The zones named (the stock's cards face down), the other places empty, and every
    card not named on the discard pile, where no rule looks (``arrange``: a test cannot
    lose a card)."""
    zones["stock"] = " ".join(f"({code})" for code in zones.get("stock", "").split())
    lines = [f"@{name} {value}" for name, value in (options or {}).items()] + [f"@redeals {redeals}"]
    return arrange(game, "discard", "\n".join(lines), face_up=True, **zones)
