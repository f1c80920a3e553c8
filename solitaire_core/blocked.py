"""Whether a game is blocked: no line of moves can raise any of its ``progress``
measures (a card up, a card turned over), so nothing a player does changes the
outcome any more.

An exhaustive search over the positions reachable without progress, told apart
by ``game.key``; it stops at the first move that raises a measure. It never
guesses: past ``limit`` positions, or when cancelled, it answers ``UNDECIDED``
("no useful move found yet"). Players' blocked positions are small (a few
thousand positions for Klondike); the table runs the search in the solver's
process with a large limit, ``Game.is_stuck`` in place with a small one.
"""

from __future__ import annotations

from typing import Callable

BLOCKED, OPEN, UNDECIDED = "blocked", "open", "undecided"
CANCEL_EVERY = 64  # positions between two looks at the cancel flag
LIMIT = 300_000  # positions the table's background search may visit (about 100 MB at most)


def verdict(game, state, limit: int | None = None, cancel: Callable[[], bool] | None = None,
            base: tuple | None = None) -> str:
    """``BLOCKED``, ``OPEN`` (some line raises a progress measure; a won game is
    open) or ``UNDECIDED`` (more than ``limit`` positions, or ``cancel()`` said stop).
    ``base``: the measures to beat, by default ``state``'s own (the hint gives those of
    the position before a move, so a card sent down and back up is no progress)."""
    if game.is_won(state):
        return OPEN
    if base is None:
        base = game.progress(state)
    elif any(a > b for a, b in zip(game.progress(state), base)):
        return OPEN
    seen = {game.key(state)}
    frontier = [state]
    searched = 0
    while frontier:
        searched += 1
        if cancel is not None and searched % CANCEL_EVERY == 0 and cancel():
            return UNDECIDED
        current = frontier.pop()
        for move in game.legal_moves(current):
            after = game.play(current, move)
            if any(a > b for a, b in zip(game.progress(after), base)):
                return OPEN
            key = game.key(after)
            if key not in seen:
                if limit is not None and len(seen) >= limit:
                    return UNDECIDED
                seen.add(key)
                frontier.append(after)
    return BLOCKED
