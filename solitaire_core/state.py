"""Immutable, hashable game states.

A state is tuples all the way down: applying a move builds a new state that
replaces the changed piles and shares the rest, so undo is a list of states
and a solver can hash them.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen


@frozen(cache_hash=True)
class Pile:
    """Cards bottom to top; the first ``down`` of them lie face down."""

    cards: tuple = ()
    down: int = 0

    @property
    def top(self):
        return self.cards[-1] if self.cards else None

    @property
    def up(self) -> tuple:
        return self.cards[self.down:]

    def __len__(self) -> int:
        return len(self.cards)

    def face_up(self, index: int) -> bool:
        return index >= self.down

    def take(self, n: int) -> "Pile":
        """This pile without its top ``n`` cards."""
        rest = self.cards[: len(self.cards) - n]
        return Pile(rest, min(self.down, len(rest)))

    def put(self, cards: tuple, face_up: bool = True) -> "Pile":
        if face_up:
            return Pile(self.cards + cards, self.down)
        if self.down != len(self.cards):
            raise ValueError("face-down cards go only on a pile with no face-up card")
        return Pile(self.cards + cards, self.down + len(cards))

    def flip_top(self) -> "Pile":
        """Turn the top card face up if it is face down."""
        if self.cards and self.down == len(self.cards):
            return Pile(self.cards, self.down - 1)
        return self


@frozen(cache_hash=True)
class State:
    """Piles in the game's declared zone order, plus named values and options.

    ``values`` holds counters a game keeps (redeals used, score, ...), as
    sorted (name, value) pairs; ``options`` the game's resolved options.
    """

    piles: tuple
    values: tuple = ()
    options: tuple = ()

    def value(self, name: str, default: Any = 0) -> Any:
        for key, val in self.values:
            if key == name:
                return val
        return default

    def option(self, name: str) -> Any:
        for key, val in self.options:
            if key == name:
                return val
        raise KeyError(f"no option {name!r} in this state")

    def with_values(self, **changes: Any) -> "State":
        merged = dict(self.values)
        merged.update(changes)
        return State(self.piles, tuple(sorted(merged.items())), self.options)  # evolve() is 3x slower

    def with_piles(self, changes: dict) -> "State":
        """A state whose piles at the given indices are replaced."""
        piles = list(self.piles)
        for index, pile in changes.items():
            piles[index] = pile
        return State(tuple(piles), self.values, self.options)
