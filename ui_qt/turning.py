"""The ways a held card can go to one place, and how it then lies.

A game may offer several legal moves of the same cards to the same place that differ
only in how they are made (``Move.variant``, such as a card laid down turned one way
or another). While cards are held over such a place the player goes through them (R,
the mouse wheel, the right button) and the drop plays the one chosen. The lead card is
drawn as the chosen move would lay it, read from the game's scene after that move, so
the table needs to know nothing of what a variant means.
"""

from __future__ import annotations

from solitaire_core.moves import Move


class Ways:
    """The moves of one lifted group, by destination, and the way chosen at each."""

    def __init__(self, moves: list[Move]):
        self.by_zone: dict[str, list[Move]] = {}
        for move in moves:
            self.by_zone.setdefault(move.dst, []).append(move)
        self.varied = {zone for zone, ways in self.by_zone.items() if len(ways) > 1}
        self.chosen: dict[str, int] = {}
        self._lying: dict[Move, float | None] = {}

    def move(self, zone: str | None) -> Move | None:
        """The move a drop on ``zone`` plays: the way chosen there, at first the game's first."""
        ways = self.by_zone.get(zone)
        return ways[self.chosen.get(zone, 0) % len(ways)] if ways else None

    def numbered(self, zone: str | None) -> tuple[int, int]:
        """(the chosen way's number from 1, how many ways) at ``zone``."""
        count = len(self.by_zone.get(zone, ()))
        return self.chosen.get(zone, 0) % max(1, count) + 1, count

    def turn(self, zone: str | None, step: int) -> Move | None:
        """Choose the next (``step`` 1) or previous (-1) way at ``zone``; None where there is one."""
        if zone not in self.varied:
            return None
        self.chosen[zone] = (self.chosen.get(zone, 0) + step) % len(self.by_zone[zone])
        return self.move(zone)

    def rotation(self, game, state, zone: str | None, card) -> float | None:
        """How ``card`` lies after the way chosen at ``zone`` (degrees), None where that place
        has one way (the card is drawn as it is)."""
        if zone not in self.varied:
            return None
        move = self.move(zone)
        if move not in self._lying:
            after = game.scene(game.play(state, move))
            self._lying[move] = next((p.rotation for p in after.cards if p.card == card), None)
        return self._lying[move]
