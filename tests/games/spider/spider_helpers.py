"""Hand-built Spider positions (the kit's ``arrange_collected``) and runs written out."""

from __future__ import annotations

from solitaire_core.testing import arrange_collected, legal_texts, play_texts  # noqa: F401  (used by the tests)
from solitaire_core.testing import run_text as run  # noqa: F401

def table(game, options=None, under="", score=None, **zones):
    """A position holding ``zones``; the runs the cards left make are off, the rest
    face down at the bottom of ``under``."""
    return arrange_collected(game, options, under, score, **zones)


def zone(game, state, zone_id: str) -> str:
    """One zone as position text, e.g. ``(2S) 5H``."""
    pile = game.pile(state, zone_id)
    return " ".join(f"({c.code})" if k < pile.down else c.code for k, c in enumerate(pile.cards))
