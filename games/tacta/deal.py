"""The deal: the text's clockwise procedure around the X card (rules.md, rule 3).

The available edge shapes form a ring in the order met when walking clockwise
around the outline of the puzzle. A card placed on one of them takes that
entry's place in the ring with its own shaped sides (clockwise, from the side
after the one facing its parent), and the walk goes on past it, so the new
card's sides come round on the next lap. A card that does not fit the next
shape tries the one after, and so on.
"""

from __future__ import annotations

from typing import Sequence

from .cards import NONE, TactaCard
from .geometry import ROOT, Placed, Puzzle, by_card_order


class DealError(RuntimeError):
    """A card found no place in a whole lap (impossible with the game's template)."""


def lay_out(cards: Sequence[TactaCard], touching: bool = True) -> tuple[Placed, ...]:
    """Place ``cards`` in order around the X card; returns the placed cards, X included."""
    placed = [ROOT]
    ring: list[tuple[TactaCard, int]] = [(ROOT.card, d) for d in range(4)]
    at = {ROOT.card: ROOT}
    cursor = 0
    for card in cards:
        puzzle = Puzzle(tuple(placed), touching)
        for k in range(len(ring)):
            i = (cursor + k) % len(ring)
            parent_card, d = ring[i]
            parent = at[parent_card]
            if puzzle.refusal(card, parent, d) is None:
                break
        else:
            raise DealError(f"{card.code} fits no available shape of the puzzle")
        new = puzzle.place(card, parent, d)
        placed.append(new)
        at[card] = new
        sides = [(card, (new.side + 2 + j) % 4) for j in (1, 2, 3)]
        sides = [entry for entry in sides if new.shape(entry[1]) != NONE]
        ring[i:i + 1] = sides
        cursor = (i + len(sides)) % len(ring)
    return by_card_order(placed)
