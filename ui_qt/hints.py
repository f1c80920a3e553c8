"""The hint shown for the position on the table, and what Hint pressed again shows.

A hint stays until the player acts (as KPatience keeps it): pressing Hint again
on the same position shows the next suggestion, the moves the game likes best
after the first hint (``game.preference``; pointless ones left out), round again.
"""

from __future__ import annotations

from solitaire_core.moves import Move


class Hints:
    """The suggestions for one position and the one shown."""

    def __init__(self):
        self.state = None
        self.moves: list[Move] = []
        self.source = ""  # where the first suggestion came from, in words
        self.shown = 0

    def start(self, game, state, first: Move, source: str) -> None:
        """``first`` (the solver's or the heuristic's) leads; the other moves follow."""
        liked = [(game.preference(state, m), m) for m in game.legal_moves(state) if m != first]
        # Best first; the sort is stable, so ties stay in the engine's order.
        others = [m for score, m in sorted(liked, key=lambda pair: -pair[0]) if score >= 0]
        self.state, self.source, self.shown = state, source, 0
        self.moves = [first, *others]

    def next(self, state) -> Move | None:
        """The next suggestion for ``state`` when one was shown for it; else None."""
        if state is not self.state or not self.moves:
            return None
        self.shown = (self.shown + 1) % len(self.moves)
        return self.moves[self.shown]

    @property
    def active(self) -> bool:
        return self.state is not None

    def clear(self) -> None:
        self.state, self.moves, self.shown = None, [], 0
