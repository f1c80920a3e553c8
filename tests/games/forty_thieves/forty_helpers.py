"""Hand-built Forty Thieves positions for the tests, written as position text."""

from __future__ import annotations

from solitaire_core.testing import arrange
from solitaire_core.testing import legal_texts as moves  # noqa: F401  (used by the tests)

LABELS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def run(suit: str, top: int = 13) -> str:
    """``run("H", 4)`` -> ``"AH 2H 3H 4H"``: a foundation up to rank ``top``."""
    return " ".join(label + suit for label in LABELS[:top])


def position(game, rest: str = "t10", **zones: str):
    """The zones named, the others empty, and every card not named at the bottom of
    ``rest`` in pack order, face down when ``rest`` is the stock (``arrange``: the
    104 cards are all there as often as the packs hold them)."""
    return arrange(game, rest, face_up=rest != "stock", **zones)


def apply(game, state, text):
    return game.apply(state, game.parse_move(state, text))
