"""A small exhaustive search for a win, for the engine's own quick answers (the
hint, the finish): exact where the game from here fits its limit, and saying so
when it does not. The solver (``solitaire_core.solver``) is the strong one.
"""

from __future__ import annotations

from typing import Callable


def winning_line(game, state, seen: set, limit: int, order: Callable | None = None):
    """A line of moves from ``state`` to a win (``[]`` if won already); False when
    no line wins (every position reached is then in ``seen``, all lost); None when
    ``seen`` grows past ``limit`` positions first. ``seen`` holds ``game.key``s of
    positions known lost, shared by the searches of one question; ``order(state,
    moves)`` sorts the moves to try first (default: as ``legal_moves`` lists them)."""
    if game.is_won(state):
        return []
    key = game.key(state)
    if key in seen:
        return False
    seen.add(key)
    stack = [(state, iter(_moves(game, state, order)))]
    line = []
    while stack:
        current, moves = stack[-1]
        for move in moves:
            after = game.play(current, move)
            if game.is_won(after):
                return line + [move]
            key = game.key(after)
            if key in seen:
                continue
            if len(seen) >= limit:
                return None
            seen.add(key)
            stack.append((after, iter(_moves(game, after, order))))
            line.append(move)
            break
        else:
            stack.pop()
            if line:
                line.pop()
    return False


def _moves(game, state, order):
    moves = game.legal_moves(state)
    return order(state, moves) if order is not None else moves
