"""From a pointer or cursor on the table to the engine's legal moves.

The table never judges a move: it picks among ``game.legal_moves(state)``
the ones whose source and card count match what the player lifted.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from solitaire_core.moves import Move
from solitaire_core.scene import Scene

FOUNDATION, STOCK, TARGET = "foundation", "stock", "target"


def roles(scene: Scene) -> dict[str, str]:
    """Each zone's role, as its slot declares it."""
    return {slot.zone: slot.role for slot in scene.slots}


def zone_size(scene: Scene, zone: str) -> int:
    return sum(1 for placed in scene.cards if placed.zone == zone)


def lift_moves(legal: Iterable[Move], scene: Scene, zone: str, index: int) -> list[Move]:
    """Moves of the cards from ``index`` up in ``zone`` (the group a drag lifts)."""
    n = zone_size(scene, zone) - index
    return [m for m in legal if not m.is_draw and m.src == zone and m.n == n]


def draw_move(legal: Iterable[Move]) -> Move | None:
    return next((m for m in legal if m.is_draw), None)


def best_move(game, state, moves: Sequence[Move], scene: Scene) -> Move | None:
    """The click move: to a foundation first, then the game's preference."""
    zone_roles = roles(scene)
    return max(moves, key=lambda m: (zone_roles.get(m.dst) == FOUNDATION, game.preference(state, m)),
               default=None)
