"""Composable rule pieces, combined declaratively by games.

A ``Relation`` says whether card ``above`` may lie on card ``below`` (building
on a pile); a ``CardTest`` says whether a card may start an empty pile. Both
carry a text, so an illegal move can say which rule it broke.
"""

from __future__ import annotations

from typing import Callable

from attrs import frozen

from .cards import ACE, BLACK, RED, SUITS, Card


@frozen
class Relation:
    test: Callable[[Card, Card], bool]
    text: str

    def __call__(self, below: Card, above: Card) -> bool:
        return self.test(below, above)

    def __and__(self, other: "Relation") -> "Relation":
        a, b = self.test, other.test
        return Relation(lambda lo, hi: a(lo, hi) and b(lo, hi), f"{self.text}, {other.text}")

    def __or__(self, other: "Relation") -> "Relation":
        a, b = self.test, other.test
        return Relation(lambda lo, hi: a(lo, hi) or b(lo, hi), f"{self.text} or {other.text}")


@frozen
class CardTest:
    test: Callable[[Card], bool]
    text: str

    def __call__(self, card: Card) -> bool:
        return self.test(card)

    def __or__(self, other: "CardTest") -> "CardTest":
        a, b = self.test, other.test
        return CardTest(lambda c: a(c) or b(c), f"{self.text} or {other.text}")


down = Relation(lambda lo, hi: hi.rank == lo.rank - 1, "one rank lower")
up = Relation(lambda lo, hi: hi.rank == lo.rank + 1, "one rank higher")
same_suit = Relation(lambda lo, hi: hi.suit == lo.suit, "same suit")
alternate_colour = Relation(
    lambda lo, hi: {lo.colour, hi.colour} == {RED, BLACK}, "alternating red and black"
)
any_suit = Relation(lambda lo, hi: True, "any suit")

any_card = CardTest(lambda c: True, "any card")
ace = CardTest(lambda c: c.rank == ACE and c.suit in SUITS, "an Ace")
king = CardTest(lambda c: c.rank == c.king and c.suit in SUITS, "a King")


def rank_is(rank: int, text: str) -> CardTest:
    return CardTest(lambda c: c.rank == rank, text)
