"""The deal-number generator (Microsoft FreeCell's, also KPatience's).

Python's ``random`` is not used: a deal number must give the same cards on
every machine and every version, forever.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from .i18n import _
from .state import Pile

T = TypeVar("T")

MAX_DEAL = 2**32 - 1


def shuffle(order: Sequence[T], deal: int) -> list[T]:
    """Return ``order`` shuffled by deal number ``deal`` (0 <= deal < 2**32)."""
    if not 0 <= deal <= MAX_DEAL:
        raise ValueError(_("deal number must be between 0 and {highest}, not {deal}").format(
            highest=MAX_DEAL, deal=deal))
    cards = list(order)
    seed = deal
    for i in range(len(cards), 1, -1):
        seed = (214013 * seed + 2531011) & 0xFFFFFFFF
        r = (seed >> 16) & 0x7FFF
        j = r % i
        cards[i - 1], cards[j] = cards[j], cards[i - 1]
    return cards


def triangle(cards: list, columns: int) -> list[Pile]:
    """KPatience's Klondike deal: for round r, columns r.. each take the LAST card
    of ``cards`` (face up only in column r). The dealt cards leave ``cards``."""
    piles: list[list] = [[] for _ in range(columns)]
    for r in range(columns):
        for i in range(r, columns):
            piles[i].append(cards.pop())
    return [Pile(tuple(col), len(col) - 1) for col in piles]
