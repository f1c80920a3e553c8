"""Cards, their text codes (docs/notation.md) and the French pack the engine ships.

A card is a small frozen value: two copies of a card in a multi-deck game are
equal, which is what every rule wants (and what the notation writes). A game with
cards of its own subclasses ``Card`` (other rank labels, cards of its own) or brings
its own card type (docs/plugins.md).
"""

from __future__ import annotations

from functools import total_ordering
from typing import ClassVar

from attrs import frozen

from .errors import NotationError
from .i18n import _
from .inputs import quote

SUITS = ("S", "H", "D", "C")
DECK_SUITS = ("C", "D", "H", "S")  # the order of the suits within a rank in the engine's packs
BLACK, RED = "black", "red"
COLOURS = {"S": BLACK, "C": BLACK, "H": RED, "D": RED}

ACE, JACK = 1, 11
FRENCH_LABELS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@total_ordering
@frozen(cache_hash=True)
class Card:
    """A playing card; ``LABELS`` (a class's own) are its pack's rank labels, Ace first.

    Cards sort in the order of the engine's packs (``sort_key``): rank by rank, Ace
    to King, clubs, diamonds, hearts, spades within a rank; so
    ``sorted(french_deck()) == list(french_deck())``, and copies of one card (several
    packs) sort side by side.
    """

    LABELS: ClassVar[tuple[str, ...]] = FRENCH_LABELS

    rank: int
    suit: str

    @property
    def colour(self) -> str:
        return COLOURS[self.suit]

    @property
    def label(self) -> str:
        """The rank as the pack writes it (``A``, ``10``, ``K``)."""
        return self.LABELS[self.rank]

    @property
    def code(self) -> str:
        return self.label + self.suit

    @property
    def king(self) -> int:
        """The highest rank of this card's pack (13 for the French pack)."""
        return len(self.LABELS) - 1

    @property
    def sort_key(self) -> tuple:
        return self.rank, DECK_SUITS.index(self.suit)

    def __lt__(self, other) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


def rank_of(label: str, labels: tuple[str, ...] = FRENCH_LABELS) -> int:
    if label in labels[1:]:
        return labels.index(label)
    raise NotationError(_("unknown rank {rank} (ranks: {ranks})").format(rank=quote(label), ranks=" ".join(labels[1:])))


def parse_card(text: str, kind: type[Card] = Card) -> Card:
    """Parse a suit card's code such as ``10H``, ``KS``, as a ``kind`` (its rank labels)."""
    text = text.strip()
    if not text:
        raise NotationError(_("empty card code"))
    suit = text[-1]
    if suit not in SUITS:
        raise NotationError(_("bad card code {code}: suit must be one of {suits}").format(code=quote(text),
                                                                                        suits=" ".join(SUITS)))
    return kind(rank_of(text[:-1], kind.LABELS), suit)


def french_deck(decks: int = 1, without: tuple[int, ...] = ()) -> tuple[Card, ...]:
    """French cards rank by rank, Ace to King, clubs, diamonds, hearts, spades.

    This is KPatience's order before the shuffle (`solitaire_core/deals.py`); with several
    decks, each whole deck follows the previous one, as KPatience builds them.
    Ranks in ``without`` are left out.
    """
    return tuple(
        Card(rank, suit)
        for _ in range(decks)
        for rank in range(1, 14)
        if rank not in without
        for suit in DECK_SUITS
    )
