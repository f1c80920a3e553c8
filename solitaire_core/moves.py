"""Moves and their text (docs/notation.md): ``t1>f2``, ``t3:4>t5``, ``p6+p7``, ``draw``."""

from __future__ import annotations

import re

from attrs import frozen

from .errors import NotationError
from .i18n import _
from .inputs import quote


@frozen(cache_hash=True)
class Move:
    """``n`` cards from the top of zone ``src`` onto zone ``dst``; or the stock click; or,
    with ``pair``, the top cards of ``src`` and ``dst`` leaving together (Pyramid).

    ``variant`` tells apart moves of the same cards to the same place made in different
    ways (a card laid turned one way or another), written ``SRC>DST@VARIANT``; "" is the
    game's plain way, the only one most games have. The game words each one
    (``describe_move``) and parses its own."""

    src: str
    dst: str = ""
    n: int = 1
    pair: bool = False
    variant: str = ""

    @property
    def is_draw(self) -> bool:
        return self.src == "draw"

    def __str__(self) -> str:
        return format_move(self)


DRAW = Move("draw", "", 0)

_MOVE = re.compile(r"^\s*([A-Za-z][\w-]*)(?::(\d+))?\s*>\s*([A-Za-z][\w-]*)\s*$")
_PAIR = re.compile(r"^\s*([A-Za-z][\w-]*)\s*\+\s*([A-Za-z][\w-]*)\s*$")


def format_move(move: Move) -> str:
    if move.is_draw:
        return "draw"
    if move.pair:
        return f"{move.src}+{move.dst}"
    count = f":{move.n}" if move.n != 1 else ""
    variant = f"@{move.variant}" if move.variant else ""
    return f"{move.src}{count}>{move.dst}{variant}"


def parse_move(text: str) -> Move:
    """Parse the syntax only; whether the move is legal is the game's question."""
    if text.strip() == "draw":
        return DRAW
    pair = _PAIR.match(text)
    if pair:
        return Move(pair.group(1), pair.group(2), 1, pair=True)
    match = _MOVE.match(text)
    if not match:
        raise NotationError(_("bad move {move}: write SRC>DST, SRC:N>DST, A+B or draw").format(move=quote(text)))
    src, count, dst = match.groups()
    n = int(count) if count is not None else 1
    if n < 1 or (count is not None and count != str(n)):
        raise NotationError(_("bad move {move}: the card count must be a whole number from 1").format(move=quote(text)))
    if count is not None and n == 1:
        raise NotationError(_("bad move {move}: write one card as {one}").format(move=quote(text), one=f"{src}>{dst}"))
    return Move(src, dst, n)
