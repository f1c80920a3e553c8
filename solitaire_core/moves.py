"""Moves and their text (docs/notation.md): ``t1>f2``, ``t3:4>t5``, ``draw``."""

from __future__ import annotations

import re

from attrs import frozen

from .errors import NotationError
from .inputs import quote


@frozen(cache_hash=True)
class Move:
    """``n`` cards from the top of zone ``src`` onto zone ``dst``; or the stock click."""

    src: str
    dst: str = ""
    n: int = 1

    @property
    def is_draw(self) -> bool:
        return self.src == "draw"

    def __str__(self) -> str:
        return format_move(self)


DRAW = Move("draw", "", 0)

_MOVE = re.compile(r"^\s*([A-Za-z][\w-]*)(?::(\d+))?\s*>\s*([A-Za-z][\w-]*)\s*$")


def format_move(move: Move) -> str:
    if move.is_draw:
        return "draw"
    count = f":{move.n}" if move.n != 1 else ""
    return f"{move.src}{count}>{move.dst}"


def parse_move(text: str) -> Move:
    """Parse the syntax only; whether the move is legal is the game's question."""
    if text.strip() == "draw":
        return DRAW
    match = _MOVE.match(text)
    if not match:
        raise NotationError(f"bad move {quote(text)}: write SRC>DST, SRC:N>DST or draw")
    src, count, dst = match.groups()
    n = int(count) if count is not None else 1
    if n < 1 or (count is not None and count != str(n)):
        raise NotationError(f"bad move {quote(text)}: the card count must be a whole number from 1")
    if count is not None and n == 1:
        raise NotationError(f"bad move {quote(text)}: write one card as {src}>{dst}")
    return Move(src, dst, n)
