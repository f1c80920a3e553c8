"""A room tall enough that every face-up card of a fan shows its corner index.

A game squeezes its fans to the room the table gives (docs/architecture.md, Scene): in a
low window a long pile's lower cards become slivers. Below ``READABLE`` card widths a
face-up card hides its index (rank and suit), so the table asks for a taller room, up to
the game's own height (a pile game's grows for a pile too long for it), and draws every
card smaller instead.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable

from solitaire_core.pile_scene import READABLE
from solitaire_core.scene import Scene

TRIES = 6  # halvings of the heights between the room and the game's own: within 2% of its height
TOLERANCE = 1e-6


def steps(scene: Scene) -> dict[tuple[str, int], float]:
    """How much of each covered face-up card its zone's next card leaves showing."""
    zones = defaultdict(list)
    for placed in scene.cards:
        zones[placed.zone].append(placed)
    shown = {}
    for zone, cards in zones.items():
        cards.sort(key=lambda p: p.index)
        for low, high in zip(cards, cards[1:]):
            if low.face_up:
                shown[zone, low.index] = abs(high.x - low.x) + abs(high.y - low.y)
    return shown


def cramped(scene: Scene, natural: dict | None = None) -> bool:
    """Some face-up card shows less than ``READABLE`` of itself (and, given the ``natural``
    steps of the game's own layout, less than that layout shows: a fan declared close
    is the game's choice). A pile squared up (a step of 0) hides nothing it means to show."""
    for key, step in steps(scene).items():
        least = READABLE if natural is None else min(READABLE, natural.get(key, READABLE))
        if 0 < step < least - TOLERANCE:
            return True
    return False


def roomy(layout: Callable, room: tuple[float, float], scene: Scene) -> Scene:
    """``scene`` (the layout's for ``room``), or the layout's for the least taller room
    where no fan is cramped, up to the game's own height."""
    if not cramped(scene):
        return scene
    natural = layout(None)
    if natural.width != scene.width or natural.height <= room[1] + TOLERANCE:
        return scene
    own = steps(natural)
    if not cramped(scene, own):
        return scene
    low, high, best = room[1], natural.height, natural
    if cramped(layout((room[0], high)), own):  # a room that tall is not the game's own height: that, then
        return natural
    for _ in range(TRIES):
        middle = (low + high) / 2
        tried = layout((room[0], middle))
        if cramped(tried, own):
            low = middle
        else:
            high, best = middle, tried
    return best
