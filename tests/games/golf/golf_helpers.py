"""Hand-built Golf positions for the tests, written as position text."""

from __future__ import annotations

from solitaire_core.testing import arrange
from solitaire_core.testing import legal_texts as moves  # noqa: F401  (used by the tests)


def table(game, options=None, **zones: str):
    """The zones named (the stock's cards face down), the other columns empty, and
    every card not named under the waste's top card, where no rule looks (``arrange``:
    a test cannot lose a card)."""
    if "stock" in zones:
        zones["stock"] = " ".join(f"({code})" for code in zones["stock"].split())
    lines = "\n".join(f"@{name} {value}" for name, value in (options or {}).items())
    return arrange(game, "waste", lines, face_up=True, **zones)
