"""The scene (docs/architecture.md, Scene): everything the table draws, in card units.

1.0 is one card width; a card is ``CARD_HEIGHT`` tall. The UI only scales,
draws and animates this description, so a new game needs no UI code.
"""

from __future__ import annotations

import inspect
from functools import lru_cache

from attrs import frozen

CARD_HEIGHT = 1.4


Box = tuple[float, float, float, float]  # x, y, width, height, in shares of the card's width and height


@frozen
class Corner:
    """The index, top-left and turned round bottom-right, within the strip a fanned card
    still shows: ``text`` (a rank as the player reads it) over ``symbol``, side by side
    on a small card. ``serif`` draws it in a serif face, ``wide`` gives a long index
    (a Roman numeral) the card's top strip."""

    text: str
    symbol: str = ""
    serif: bool = False
    wide: bool = False


@frozen
class Pips:
    """``count`` (1..10) ``symbol``s in the classic layout; one large one for 1."""

    count: int
    symbol: str


@frozen
class Court:
    """A framed double-ended court figure in the face's ink, ``symbol`` on its chest.
    ``figure`` is its headgear: ``crown`` (with a beard), ``coronet`` (with long hair),
    ``cap`` (feathered) or ``helmet`` (plumed)."""

    figure: str
    symbol: str


@frozen
class Symbol:
    """A text or symbol drawn as large as ``box`` allows (``ink`` "": the face's)."""

    text: str
    box: Box = (0.2, 0.3, 0.6, 0.4)
    serif: bool = False
    bold: bool = True
    ink: str = ""


@frozen
class Svg:
    """A drawing the plugin ships: ``path`` inside ``package`` (an importable package),
    the element ``element`` of it ("" the whole file), fitted to ``box``."""

    package: str
    path: str
    element: str = ""
    box: Box = (0.1, 0.1, 0.8, 0.8)


@frozen
class Frame:
    """A rounded frame around the middle of the card: ``ink`` its line, ``fill`` its ground
    ("" none); ``double`` adds an inner line and ``ornament`` (a symbol) above and below
    the centre, both left out on a small card."""

    ink: str
    box: Box = (0.22, 0.14, 0.56, 0.72)
    fill: str = ""
    double: bool = False
    ornament: str = ""


@frozen
class Band:
    """A text on a rounded band of ``fill`` ("" none) across the card, in ``ink``
    ("" the face's); the text is left out where it would be too small to read."""

    text: str
    box: Box
    fill: str = ""
    ink: str = ""
    bold: bool = True


@frozen
class Standard:
    """The face is this card of a standard pack (``french``: rank 1..13, suit S H D C): the
    table may draw it from a deck of that pack (an SVG deck), else from the primitives."""

    pack: str
    rank: int
    suit: str


@frozen(cache_hash=True)  # the table's key for the drawn face
class Face:
    """How to draw a card's face, as drawing primitives: the table draws exactly this,
    knowing nothing of the game (docs/architecture.md, Scene).

    ``ink`` is the face's colour (``red``, ``black`` or any Qt colour name) for the
    corner, the centre and the marks; ``paper`` the card's ground ("" the table's
    white), ``tint`` a wash of the ink over it (0 none, 1 solid). ``centre`` is one of
    ``Pips``, ``Court``, ``Symbol``, ``Svg`` or None; ``frame`` a ``Frame`` or None;
    ``bands`` texts across the card; ``marks`` the shapes on the sides (north, east,
    south, west: ``triangle``, ``rectangle``, ``square``, any other name a dot, ""
    none). A face that is never fanned (``fanned`` False) may lie turned, so a lone 6
    or 9 in its index is underlined, and on a card too small for corners its index
    is drawn in the middle instead. ``standard`` lets a deck of a standard pack draw it.
    """

    ink: str = "black"
    corner: Corner | None = None
    centre: Pips | Court | Symbol | Svg | None = None
    paper: str = ""
    tint: float = 0.0
    frame: Frame | None = None
    bands: tuple[Band, ...] = ()
    marks: tuple[str, str, str, str] = ("", "", "", "")
    fanned: bool = True
    standard: Standard | None = None


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
