"""Cards, their text codes (docs/notation.md) and the packs the engine ships.

A card is a small frozen value: two copies of a card in a multi-deck game are
equal, which is what every rule wants (and what the notation writes).
"""

from __future__ import annotations

from functools import total_ordering

from attrs import frozen

from .errors import NotationError
from .inputs import quote

SUITS = ("S", "H", "D", "C")
DECK_SUITS = ("C", "D", "H", "S")  # the order of the suits within a rank in the engine's packs
TRUMP = "T"
EXCUSE = "X"
BLACK, RED = "black", "red"
COLOURS = {"S": BLACK, "C": BLACK, "H": RED, "D": RED, TRUMP: TRUMP, EXCUSE: EXCUSE}

ACE, JACK = 1, 11
FRENCH_LABELS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
TAROT_LABELS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
PACK_LABELS = {"french": FRENCH_LABELS, "tarot": TAROT_LABELS}


@total_ordering
@frozen(cache_hash=True)
class Card:
    """A playing card. ``pack`` fixes the rank labels: a tarot Queen is 13.

    ``stands`` is what a wild card (the tarot Excuse) currently stands for,
    in notation ("6R", "KB", "T11", "?"); empty for every other card.

    Cards sort in the order of the engine's packs (``sort_key``): rank by rank, Ace
    to King, clubs, diamonds, hearts, spades within a rank, then the tarot trumps I
    to XXI, then the Excuse; so ``sorted(french_deck()) == list(french_deck())``, and
    copies of one card (several packs) sort side by side.
    """

    rank: int
    suit: str
    pack: str = "french"
    stands: str = ""

    @property
    def colour(self) -> str:
        return COLOURS[self.suit]

    @property
    def code(self) -> str:
        if self.suit == EXCUSE:
            return "EX:" + self.stands if self.stands else "EX"
        if self.suit == TRUMP:
            return f"T{self.rank}"
        return PACK_LABELS[self.pack][self.rank] + self.suit

    @property
    def king(self) -> int:
        """The highest rank of this card's pack (13, or 14 in tarot)."""
        return len(PACK_LABELS[self.pack]) - 1

    @property
    def sort_key(self) -> tuple:
        group = 1 if self.suit == TRUMP else 2 if self.suit == EXCUSE else 0
        suit = DECK_SUITS.index(self.suit) if self.suit in DECK_SUITS else 0
        return self.pack, group, self.rank, suit, self.stands

    def __lt__(self, other) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


def rank_of(label: str, pack: str = "french") -> int:
    labels = PACK_LABELS[pack]
    if label in labels[1:]:
        return labels.index(label)
    raise NotationError(f"unknown rank {quote(label)} (ranks: {' '.join(labels[1:])})")


def parse_card(text: str, pack: str = "french") -> Card:
    """Parse a card code such as ``10H``, ``KS``, ``NS`` (tarot), ``T21``, ``EX:6R``."""
    text = text.strip()
    if not text:
        raise NotationError("empty card code")
    if pack == "tarot" and text.startswith("EX"):
        if text == "EX":
            return Card(0, EXCUSE, pack)
        if text.startswith("EX:") and len(text) > 3:
            return Card(0, EXCUSE, pack, text[3:])
        raise NotationError(f"bad Excuse code {quote(text)}")
    if pack == "tarot" and text[0] == TRUMP and text[1:].isdigit():
        rank = int(text[1:])
        if 1 <= rank <= 21 and text[1:] == str(rank):
            return Card(rank, TRUMP, pack)
        raise NotationError(f"no trump {quote(text)} (trumps are T1..T21)")
    suit = text[-1]
    if suit not in SUITS:
        raise NotationError(f"bad card code {quote(text)}: suit must be one of {' '.join(SUITS)}")
    return Card(rank_of(text[:-1], pack), suit, pack)


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


def tarot_deck(excuse: bool = True) -> tuple[Card, ...]:
    """The 78-card French tarot: suits rank by rank (C, D, H, S), trumps I..XXI, Excuse."""
    suits = tuple(Card(rank, suit, "tarot") for rank in range(1, 15) for suit in DECK_SUITS)
    trumps = tuple(Card(rank, TRUMP, "tarot") for rank in range(1, 22))
    return suits + trumps + ((Card(0, EXCUSE, "tarot"),) if excuse else ())
