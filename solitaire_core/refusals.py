"""Why a move is refused: the one answer every rule check gives.

Each check of a pile game (a zone's lift, build and empty rules, the stock's,
a game's own override) returns None or a ``Refusal``. ``legal_moves`` keeps the
moves no check refuses and ``why_illegal`` says the first refusal, so deciding
and explaining are one path. The words are built only when read: the solver and
the move generator ask millions of times and never read them.
"""

from __future__ import annotations

from typing import Callable, NamedTuple


class Refusal(NamedTuple):
    """``kind`` ("build:tableau", "supermove", ...) is what a game's ``rule_refs`` maps
    to its rule number; ``say(*args)`` gives the words (cards and zones by name, a
    face-down card never named)."""

    kind: str
    say: Callable[..., str]
    args: tuple = ()

    @property
    def text(self) -> str:
        return self.say(*self.args)


def refuse(kind: str, say: Callable[..., str], *args) -> Refusal:
    return Refusal(kind, say, args)
