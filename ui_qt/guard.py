"""Where the table calls a game's own code: what a plugin raises is reported, never
raised into Qt (where it would print an error and leave the player with nothing).

Only a failure raised in a game's own code is caught (``game_failure`` tells);
any other exception stays loud, so a bug of the table itself is still seen.
"""

from __future__ import annotations

import functools


def attempt(failed, call, *args, **kwargs):
    """``call(*args, **kwargs)``; None when it raised what ``failed(exc)`` reports as a
    game's failure (it returns False for anything else, which is raised again)."""
    try:
        return call(*args, **kwargs)
    except Exception as exc:
        if not failed(exc):
            raise
        return None


def guarded(method):
    """A window method that runs game code: on the game's failure the window reports it
    (``game_failed``) and the method returns None, doing nothing more."""

    @functools.wraps(method)
    def call(window, *args, **kwargs):
        return attempt(window.game_failed, method, window, *args, **kwargs)

    return call


class GuardedHandler:
    """The table's input handler (mouse and keys, called from Qt's event handlers),
    with a game's failure reported through ``failed(exc) -> bool`` instead of raised."""

    def __init__(self, handler, failed):
        self._handler, self._failed = handler, failed

    def __getattr__(self, name):
        attribute = getattr(self._handler, name)
        if not callable(attribute):
            return attribute

        @functools.wraps(attribute)
        def call(*args, **kwargs):
            try:
                return attribute(*args, **kwargs)
            except Exception as exc:
                if not self._failed(exc):
                    raise
                return True  # handled: the key or click does nothing else

        return call
