"""The French tarot pack: its cards, their codes (docs/notation.md) and its words.

Suit cards have a Knight (``N``) between Jack and Queen, so a tarot King is 14;
the trumps are ``T1`` .. ``T21``, the Excuse ``EX``, and an Excuse placed on a
column says what it stands for (``EX:6R``, ``EX:T11``, ``EX:?``; excuse.py).
"""

from __future__ import annotations

from attrs import frozen

from solitaire_core.cards import COLOURS, DECK_SUITS, Card, parse_card
from solitaire_core.errors import NotationError
from solitaire_core.i18n import _, pgettext
from solitaire_core import words
from solitaire_core.inputs import quote

TRUMP, EXCUSE = "T", "X"
TAROT_LABELS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")
LAST_TRUMP = 21


@frozen(cache_hash=True)
class TarotCard(Card):
    """A tarot card: a suit card, a trump (suit ``T``, rank 1..21) or the Excuse (suit ``X``).

    ``stands`` is what the Excuse stands for once placed ("6R", "KB", "T11", "?"),
    in notation; empty for every other card. Cards sort as the pack is ordered:
    the suit cards rank by rank, then trumps I to XXI, then the Excuse.
    """

    LABELS = TAROT_LABELS

    stands: str = ""

    @property
    def colour(self) -> str:
        return COLOURS.get(self.suit, self.suit)

    @property
    def code(self) -> str:
        if self.suit == EXCUSE:
            return "EX:" + self.stands if self.stands else "EX"
        if self.suit == TRUMP:
            return f"T{self.rank}"
        return super().code

    @property
    def sort_key(self) -> tuple:
        group = 1 if self.suit == TRUMP else 2 if self.suit == EXCUSE else 0
        suit = DECK_SUITS.index(self.suit) if self.suit in DECK_SUITS else 0
        return group, self.rank, suit, self.stands

    def __repr__(self) -> str:
        return f"TarotCard({self.code})"


def parse_tarot(text: str) -> TarotCard:
    """Parse a tarot code: ``NS``, ``KH``, ``T21``, ``EX``, ``EX:6R``."""
    text = text.strip()
    if text.startswith("EX"):
        if text == "EX":
            return TarotCard(0, EXCUSE)
        if text.startswith("EX:") and len(text) > 3:
            return TarotCard(0, EXCUSE, text[3:])
        raise NotationError(f"bad Excuse code {quote(text)}")
    if text[:1] == TRUMP and text[1:].isdigit():
        rank = int(text[1:])
        if 1 <= rank <= LAST_TRUMP and text[1:] == str(rank):
            return TarotCard(rank, TRUMP)
        raise NotationError(f"no trump {quote(text)} (trumps are T1..T{LAST_TRUMP})")
    return parse_card(text, TarotCard)


def tarot_deck(excuse: bool = True) -> tuple[TarotCard, ...]:
    """The 78-card French tarot: suits rank by rank (C, D, H, S), trumps I..XXI, Excuse."""
    suits = tuple(TarotCard(rank, suit) for rank in range(1, 15) for suit in DECK_SUITS)
    trumps = tuple(TarotCard(rank, TRUMP) for rank in range(1, LAST_TRUMP + 1))
    return suits + trumps + ((TarotCard(0, EXCUSE),) if excuse else ())


# --- words ----------------------------------------------------------------------------
def rank_letter(label: str) -> str:
    """A rank as a player reads it: the Knight's letter too (French: C, for Cavalier)."""
    return pgettext("card rank: Knight", "N") if label == "N" else words.rank(label)


def trump_name(number: str) -> str:
    """A trump inside a sentence: "trump XI"."""
    return _("trump {number}").format(number=number)


def the_excuse() -> str:
    return _("the Excuse")
