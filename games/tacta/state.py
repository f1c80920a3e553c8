"""The frozen, hashable state of a Tacta game."""

from __future__ import annotations

from attrs import frozen

from .geometry import Placed


@frozen(cache_hash=True)
class TactaState:
    """``puzzle``: the placed cards (X included) sorted by card; ``stacks``: six
    tuples, bottom to top, blue circle, triangle, square, then red; ``options``:
    the resolved options (none so far), as every game state carries them."""

    puzzle: tuple[Placed, ...]
    stacks: tuple[tuple, ...]
    options: tuple = ()

    @property
    def on_stacks(self) -> int:
        return sum(len(stack) for stack in self.stacks)
