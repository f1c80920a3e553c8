"""The puzzle on an integer grid: one card per cell, sides, rotations, placement.

Directions are table directions 0..3 = N, E, S, W (clockwise); y grows
southward. A card turned ``r`` quarter turns clockwise shows its own upright
side ``(d - r) % 4`` toward table direction ``d``.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

from attrs import frozen

from solitaire_core.i18n import _
from solitaire_core.words import sentence

from .cards import NONE, X, TactaCard, edges
from .words import card_name, shape_name, side_name, wrong_turn

SIDES = "NESW"
BLANK, TAKEN, TOUCHING, NO_SHAPE, TURN = "blank", "taken", "touching", "no shape", "turn"  # why a card does not fit
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))


def opposite(d: int) -> int:
    return (d + 2) % 4


def neighbour(cell: tuple[int, int], d: int) -> tuple[int, int]:
    return cell[0] + STEP[d][0], cell[1] + STEP[d][1]


@frozen(cache_hash=True, order=True)
class Placed:
    """A card in the puzzle: on side ``side`` (table direction) of ``parent``.

    The X card has no parent (``parent`` None, ``side`` -1).
    """

    card: TactaCard
    cell: tuple[int, int]
    rotation: int
    parent: TactaCard | None
    side: int

    def shape(self, d: int) -> str:
        """The shape this card shows toward table direction ``d``."""
        return edges(self.card)[(d - self.rotation) % 4]


ROOT = Placed(X, (0, 0), 0, None, -1)


def fitting_turns(card: TactaCard, parent: Placed, d: int) -> tuple[int, ...]:
    """Every clockwise turn (quarter turns from upright, smallest first) that puts a side
    matching ``parent``'s side ``d`` toward it: one against a card's shaped side, three on
    the X card (any shaped side matches it), none against a blank side."""
    return _turns(card, parent.card, parent.rotation, d)


def facing_rotation(card: TactaCard, parent: Placed, d: int) -> int | None:
    """The smallest fitting turn (rule 2.6: the deal's, and a move's when it names none),
    None when no turn fits."""
    turns = _turns(card, parent.card, parent.rotation, d)
    return turns[0] if turns else None


@lru_cache(maxsize=None)  # at most 37 x 37 x 4 x 4 entries
def _turns(card: TactaCard, host: TactaCard, host_rotation: int, d: int) -> tuple[int, ...]:
    want = edges(host)[(d - host_rotation) % 4]
    if want == NONE:
        return ()
    face = opposite(d)
    own = edges(card)
    return tuple(r for r in range(4) if own[(face - r) % 4] != NONE and (host.is_x or own[(face - r) % 4] == want))


class Puzzle:
    """Lookups over a tuple of placed cards (built per question; states stay tuples)."""

    def __init__(self, placed: tuple[Placed, ...], touching: bool = True):
        self.placed = placed
        self.touching = touching

    @cached_property
    def by_card(self) -> dict[TactaCard, Placed]:
        return {p.card: p for p in self.placed}

    @cached_property
    def by_cell(self) -> dict[tuple[int, int], Placed]:
        return {p.cell: p for p in self.placed}

    @cached_property
    def children(self) -> dict[TactaCard, list[Placed]]:
        result: dict[TactaCard, list[Placed]] = {}
        for p in self.placed:
            if p.parent is not None:
                result.setdefault(p.parent, []).append(p)
        return result

    def covered(self, card: TactaCard) -> bool:
        """A card is covered while some card lies on it (it is someone's parent)."""
        return card in self.children

    def child_on(self, card: TactaCard, d: int) -> Placed | None:
        for child in self.children.get(card, ()):
            if child.side == d:
                return child
        return None

    def blocker(self, card: TactaCard, parent: Placed, d: int, leaving: TactaCard | None = None,
                turn: int | None = None):
        """What keeps ``card`` off ``parent``'s side ``d``: ``(problem, other card)``, or
        None if it fits. Move generation asks this; ``refusal`` words it.

        ``leaving`` is a card taken away first (the card being moved); ``turn`` the turn
        asked for (None: any that fits).
        """
        if parent.shape(d) == NONE:
            return BLANK, None
        cell = neighbour(parent.cell, d)
        there = self.by_cell.get(cell)
        if there is not None and there.card != leaving:
            return TAKEN, there.card
        if not self.touching:
            for e in range(4):
                other = self.by_cell.get(neighbour(cell, e))
                if e != opposite(d) and other is not None and other.card != leaving:
                    return TOUCHING, other.card
        fits = fitting_turns(card, parent, d)
        if not fits:
            return NO_SHAPE, None
        if turn is not None and turn not in fits:
            return TURN, None
        return None

    def refusal(self, card: TactaCard, parent: Placed, d: int, leaving: TactaCard | None = None,
                turn: int | None = None) -> str | None:
        """Why ``card`` cannot lie on ``parent``'s side ``d`` (turned ``turn``), in words
        (None if it can)."""
        found = self.blocker(card, parent, d, leaving, turn)
        if found is None:
            return None
        problem, other = found
        side = side_name(parent.card, d)
        if problem == BLANK:
            return sentence(_("{side} is blank").format(side=side))
        if problem == TAKEN:
            return sentence(_("{side} is taken: {card} lies there").format(side=side, card=card_name(other)))
        if problem == TOUCHING:
            return _("A card on {side} would touch {card} too").format(side=side, card=card_name(other))
        if problem == TURN:
            return wrong_turn(card, turn, edges(card)[(opposite(d) - turn) % 4], side, fitting_turns(card, parent, d)[0])
        return sentence(_("{card} has no {shape} side to put against {side}").format(
            card=card_name(card), shape=shape_name(parent.shape(d)), side=side))

    def place(self, card: TactaCard, parent: Placed, d: int, turn: int | None = None) -> Placed:
        """The placement of ``card`` on ``parent``'s side ``d``, turned ``turn`` quarter turns
        (one of its fitting turns), or by the smallest one when None (rule 2.6)."""
        rotation = facing_rotation(card, parent, d) if turn is None else turn
        return Placed(card, neighbour(parent.cell, d), rotation, parent.card, d)


def by_card_order(placed) -> tuple[Placed, ...]:
    """Placed cards in the deck's order: the one form a state keeps."""
    return tuple(sorted(placed, key=lambda p: p.card.rank_order))
