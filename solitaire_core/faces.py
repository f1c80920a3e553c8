"""The faces of suit cards, built from the scene's drawing primitives.

A suit card shows its rank (in the player's language) over its suit in the corners,
pips for 1 to 10 and a court figure above; a game with other cards builds their
faces from the same primitives (``solitaire_core.scene``).
"""

from __future__ import annotations

from typing import Callable

from . import words
from .cards import COLOURS, Card
from .scene import Corner, Court, Face, Pips, Standard, Symbol

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
FRENCH_COURTS = {"J": "cap", "Q": "coronet", "K": "crown"}  # a court's letter: its figure's headgear


def suit_face(card: Card, courts: dict[str, str] = FRENCH_COURTS, reads: Callable[[str], str] = words.rank,
              standard: str = "") -> Face:
    """``card``'s face: its label as the player reads it (``reads``: a French Jack reads
    V) in the corners, pips up to 10, a figure for a label in ``courts`` (the headgear
    it wears), any other rank its letter large; ``standard`` the standard pack it
    belongs to, if any."""
    symbol, letter = SUIT_SYMBOLS[card.suit], reads(card.label)
    figure = courts.get(card.label)
    if figure:
        centre = Court(figure, symbol)
    elif card.rank <= 10:
        centre = Pips(card.rank, symbol)
    else:
        centre = Symbol(letter, serif=True)
    return Face(COLOURS[card.suit], Corner(letter, symbol), centre,
                standard=Standard(standard, card.rank, card.suit) if standard else None)


def french_face(card: Card) -> Face:
    """A card of the French pack, which a French SVG deck may draw."""
    return suit_face(card, standard="french")
