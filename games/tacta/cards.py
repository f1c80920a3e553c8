"""Tacta cards: colour, suit, value, their codes, and this game's template table.

The published per-card edge layouts are unknown, so the table below is this
game's own model of the physical cards (rules.md, section 2): every card has
one side of each edge shape and one blank side. Up to rotation that leaves two
mirror-image kinds, clockwise triangle-rectangle-square-blank or
triangle-square-rectangle-blank; odd values are the first kind, even values
the second. Each kind's cards are turned a quarter further from card to card, so every
side of the upright cards carries each shape (and the blank) four or five times.
"""

from __future__ import annotations

from attrs import frozen

from solitaire_core.errors import NotationError
from solitaire_core.inputs import quote

COLOURS = {"B": "blue", "R": "red"}
SUITS = {"c": "circle", "t": "triangle", "s": "square"}
SUIT_SYMBOLS = {"c": "\u25cb", "t": "\u25b3", "s": "\u25a1"}
VALUES = range(1, 7)

TRI, RECT, SQ, NONE = "triangle", "rectangle", "square", ""
SHAPES = (TRI, RECT, SQ)

# (suit, value): shapes on the upright card's north, east, south and west sides.
# Both colours' decks carry the same layouts.
TEMPLATE = {
    ("c", 1): (TRI, RECT, SQ, NONE),
    ("c", 2): (RECT, NONE, TRI, SQ),
    ("c", 3): (NONE, TRI, RECT, SQ),
    ("c", 4): (SQ, RECT, NONE, TRI),
    ("c", 5): (SQ, NONE, TRI, RECT),
    ("c", 6): (TRI, SQ, RECT, NONE),
    ("t", 1): (RECT, SQ, NONE, TRI),
    ("t", 2): (NONE, TRI, SQ, RECT),
    ("t", 3): (TRI, RECT, SQ, NONE),
    ("t", 4): (RECT, NONE, TRI, SQ),
    ("t", 5): (NONE, TRI, RECT, SQ),
    ("t", 6): (SQ, RECT, NONE, TRI),
    ("s", 1): (SQ, NONE, TRI, RECT),
    ("s", 2): (TRI, SQ, RECT, NONE),
    ("s", 3): (RECT, SQ, NONE, TRI),
    ("s", 4): (NONE, TRI, SQ, RECT),
    ("s", 5): (TRI, RECT, SQ, NONE),
    ("s", 6): (RECT, NONE, TRI, SQ),
}


@frozen(cache_hash=True, order=True)
class TactaCard:
    """A Tacta card; the X card has colour ``X``, no suit and value 0.

    Fields are ordered so that sorting follows the documented deck order
    (blue before red, circle, triangle, square, 1 to 6).
    """

    rank_order: int
    colour: str
    suit: str
    value: int

    @property
    def is_x(self) -> bool:
        return self.colour == "X"

    @property
    def code(self) -> str:
        return "X" if self.is_x else f"{self.colour}{self.suit}{self.value}"

    @property
    def stack(self) -> int:
        """Index (0..5) of this card's stack: blue c t s, then red c t s."""
        return list(COLOURS).index(self.colour) * 3 + list(SUITS).index(self.suit)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"TactaCard({self.code})"


def _card(colour: str, suit: str, value: int) -> TactaCard:
    order = (list(COLOURS).index(colour) * 3 + list(SUITS).index(suit)) * 6 + value - 1
    return TactaCard(order, colour, suit, value)


X = TactaCard(-1, "X", "", 0)
# The documented order before the shuffle: blue then red; circle, triangle, square; 1 to 6.
ORDER = tuple(_card(c, s, v) for c in COLOURS for s in SUITS for v in VALUES)
BY_CODE = {card.code: card for card in ORDER + (X,)}
STACK_CARDS = tuple(ORDER[k * 6:(k + 1) * 6] for k in range(6))


def edges(card: TactaCard) -> tuple[str, str, str, str]:
    """The upright card's shapes (N, E, S, W); the X card's sides take any shape."""
    return ("any",) * 4 if card.is_x else TEMPLATE[card.suit, card.value]


def parse_card(text: str) -> TactaCard:
    card = BY_CODE.get(text.strip())
    if card is None:
        raise NotationError(
            f"unknown Tacta card {quote(text)}: write colour B or R, suit c, t or s, value 1-6 (e.g. Bt3), or X")
    return card
