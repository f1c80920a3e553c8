"""Which card of the old scene became which card of the new one.

Cards are matched by code; copies of a card (two decks) by nearest position;
a card whose code changed (a wild card taking a value) by what its face
shows in the middle (its ink, paper and centre), again nearest first. That pairing is what animates.
"""

from __future__ import annotations

from typing import Callable, Hashable, Sequence

from solitaire_core.scene import CardPlacement


def _identity(placed: CardPlacement) -> Hashable:
    return placed.code


def _likeness(placed: CardPlacement) -> Hashable:
    face = placed.face
    return (face.ink, face.paper, face.centre) if face is not None else placed.code


def _pair_by(key: Callable[[CardPlacement], Hashable], old: Sequence[CardPlacement],
             new: Sequence[CardPlacement], old_free: set[int], new_free: set[int],
             result: list[int | None]) -> None:
    groups: dict[Hashable, tuple[list[int], list[int]]] = {}
    for i in old_free:
        groups.setdefault(key(old[i]), ([], []))[0].append(i)
    for j in new_free:
        groups.setdefault(key(new[j]), ([], []))[1].append(j)
    for olds, news in groups.values():
        if not olds or not news:
            continue
        pairs = sorted(((old[i].x - new[j].x) ** 2 + (old[i].y - new[j].y) ** 2, i, j)
                       for i in olds for j in news)
        for _, i, j in pairs:
            if i in old_free and j in new_free:
                result[j] = i
                old_free.discard(i)
                new_free.discard(j)


def pair_cards(old: Sequence[CardPlacement], new: Sequence[CardPlacement]) -> list[int | None]:
    """For each new placement, the index of the old one it comes from (None: new)."""
    result: list[int | None] = [None] * len(new)
    old_free, new_free = set(range(len(old))), set(range(len(new)))
    _pair_by(_identity, old, new, old_free, new_free, result)
    _pair_by(_likeness, old, new, old_free, new_free, result)
    return result
