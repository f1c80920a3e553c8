"""The scene (docs/architecture.md, Scene): everything the table draws, in card units.

1.0 is one card width; a card is ``CARD_HEIGHT`` tall. The UI only scales,
draws and animates this description, so a new game needs no UI code.
"""

from __future__ import annotations

import inspect
from functools import lru_cache

from attrs import frozen

CARD_HEIGHT = 1.4


@frozen
class Face:
    """How to draw a card's face, with no knowledge of the game.

    ``kind`` is ``french``, ``tarot-suit``, ``trump``, ``excuse`` or ``custom``.
    ``colour`` is the ink (``red``, ``black`` or any Qt colour name),
    ``corner`` the index text, ``centre`` the large symbol or text in the
    middle, ``rank``/``suit`` the card's own (for pip layouts and SVG decks),
    ``edges`` shapes on the sides (north, east, south, west; "" for none),
    ``note`` a small extra line (what a wild card stands for), ``figure`` the
    court figure to draw (``J``, ``N``, ``Q``, ``K``: the pack's own letter, while
    ``corner`` follows the player's language) or "" for none.
    """

    kind: str
    colour: str
    corner: str
    centre: str = ""
    rank: int = 0
    suit: str = ""
    edges: tuple[str, str, str, str] = ("", "", "", "")
    note: str = ""
    figure: str = ""


@frozen
class CardPlacement:
    card: object
    code: str
    x: float
    y: float
    face_up: bool
    z: int
    zone: str
    index: int
    rotation: float = 0.0
    face: Face | None = None


@frozen
class Slot:
    """A zone's outline: where an empty pile is drawn and cards are dropped."""

    zone: str
    x: float
    y: float
    width: float = 1.0
    height: float = CARD_HEIGHT
    label: str = ""
    role: str = ""
    rotation: float = 0.0


@frozen
class Scene:
    width: float
    height: float
    cards: tuple[CardPlacement, ...]
    slots: tuple[Slot, ...]
    card_height: float = CARD_HEIGHT

    def card_at(self, zone: str, index: int) -> CardPlacement | None:
        for placed in self.cards:
            if placed.zone == zone and placed.index == index:
                return placed
        return None


def scene_for(game, state, room: tuple[float, float] | None = None) -> Scene:
    """``game.scene(state, room=room)``; a game whose ``scene`` takes no ``room``
    (written before it existed) gets its own size, which the table scales to fit.

    ``room`` is the table's area in card widths (at the card size its width
    allows): the scene lays out for it, its fans giving way where it is short.
    """
    if room is not None and takes_room(getattr(game.scene, "__func__", game.scene)):
        return game.scene(state, room=room)
    return game.scene(state)


@lru_cache(maxsize=64)
def takes_room(scene) -> bool:
    try:
        parameters = inspect.signature(scene).parameters
    except (TypeError, ValueError):
        return False
    return "room" in parameters or any(p.kind is p.VAR_KEYWORD for p in parameters.values())
