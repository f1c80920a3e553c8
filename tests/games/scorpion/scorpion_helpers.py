"""Hand-built Scorpion positions (the kit's ``arrange_collected``)."""

from __future__ import annotations

from solitaire_core.testing import arrange_collected, legal_texts, play_texts  # noqa: F401  (used by the tests)
from solitaire_core.testing import run_text as run  # noqa: F401


def table(game, under="", **zones):
    """A position holding ``zones``; the runs the cards left make are off, the rest
    face down at the bottom of ``under``."""
    return arrange_collected(game, None, under, **zones)

