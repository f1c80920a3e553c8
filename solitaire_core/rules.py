"""Composable rule pieces, combined declaratively by games.

A ``Relation`` says whether card ``above`` may lie on card ``below`` (building
on a pile); a ``CardTest`` says whether a card may start an empty pile. Both
carry a phrase marked for translation (``N_``), so an illegal move can say in
the player's words which rule it broke; ``text`` translates it when it is read.
"""

from __future__ import annotations

from typing import Callable

from attrs import frozen

from .cards import ACE, BLACK, RED, SUITS, Card
from .i18n import N_, _

# How two pieces combine, each a template over the pieces' own words.
BOTH = N_("{0}, {1}")
EITHER = N_("{0} or {1}")


@frozen
class Relation:
    test: Callable[[Card, Card], bool]
    phrase: str  # N_-marked; a combination's template over its parts
    parts: tuple = ()

    @property
    def text(self) -> str:
        """The rule in the player's language, as a refusal quotes it."""
        return _(self.phrase).format(*(part.text for part in self.parts))

    def __call__(self, below: Card, above: Card) -> bool:
        return self.test(below, above)

    def __and__(self, other: "Relation") -> "Relation":
        a, b = self.test, other.test
        return Relation(lambda lo, hi: a(lo, hi) and b(lo, hi), BOTH, (self, other))

    def __or__(self, other: "Relation") -> "Relation":
        a, b = self.test, other.test
        return Relation(lambda lo, hi: a(lo, hi) or b(lo, hi), EITHER, (self, other))


@frozen
class CardTest:
    test: Callable[[Card], bool]
    phrase: str  # N_-marked; a combination's template over its parts
    parts: tuple = ()

    @property
    def text(self) -> str:
        """The rule in the player's language, as a refusal quotes it."""
        return _(self.phrase).format(*(part.text for part in self.parts))

    def __call__(self, card: Card) -> bool:
        return self.test(card)

    def __or__(self, other: "CardTest") -> "CardTest":
        a, b = self.test, other.test
        return CardTest(lambda c: a(c) or b(c), EITHER, (self, other))


down = Relation(lambda lo, hi: hi.rank == lo.rank - 1, N_("one rank lower"))
up = Relation(lambda lo, hi: hi.rank == lo.rank + 1, N_("one rank higher"))
same_suit = Relation(lambda lo, hi: hi.suit == lo.suit, N_("same suit"))
alternate_colour = Relation(
    lambda lo, hi: {lo.colour, hi.colour} == {RED, BLACK}, N_("alternating red and black")
)
same_rank = Relation(lambda lo, hi: hi.rank == lo.rank, N_("the same rank"))
any_suit = Relation(lambda lo, hi: True, N_("any suit"))
# King and Ace touch: building goes on round the corner (Canfield, TriPeaks).
down_wrap = Relation(lambda lo, hi: hi.rank == lo.rank - 1 or (lo.rank == ACE and hi.rank == hi.king),
                     N_("one rank lower, an Ace taking a King"))
up_wrap = Relation(lambda lo, hi: hi.rank == lo.rank + 1 or (lo.rank == lo.king and hi.rank == ACE),
                   N_("one rank higher, a King taking an Ace"))
up_or_down = Relation(lambda lo, hi: abs(hi.rank - lo.rank) == 1, N_("one rank higher or lower"))
up_or_down_wrap = Relation(
    lambda lo, hi: abs(hi.rank - lo.rank) in (1, lo.king - 1),
    N_("one rank higher or lower, King and Ace touching"))


def ranks_total(total: int) -> Relation:
    """Two cards whose ranks add up to ``total`` (Pyramid's pairs: 13)."""
    return Relation(lambda a, b: a.rank + b.rank == total, N_("ranks adding up to {0}"), (Words(str(total)),))

any_card = CardTest(lambda c: True, N_("any card"))
ace = CardTest(lambda c: c.rank == ACE and c.suit in SUITS, N_("an Ace"))
king = CardTest(lambda c: c.rank == c.king and c.suit in SUITS, N_("a King"))


@frozen
class Words:
    """A fixed piece of a rule's phrase (a number), as a part of a combination."""

    text: str


def rank_is(rank: int, phrase: str) -> CardTest:
    """``phrase`` marked with ``N_``."""
    return CardTest(lambda c: c.rank == rank, phrase)
