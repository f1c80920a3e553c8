"""A game's code that never returns: the command says so in words and ends, where it
would otherwise hang without a word (``replay``, ``solve`` past its budget, ``play
--screenshot`` of a game whose rule loops). Only the command run from a shell is
watched (``cli.main`` with no arguments): a test calling ``main`` in its own process is not."""

from __future__ import annotations

import contextlib
import os
import sys
import threading

from .game import Game
from .i18n import _

def _patience() -> float:
    try:
        return max(float(os.environ.get("SOLITAIRE_PATIENCE", "")), 1.0)
    except ValueError:
        return 120.0


# Seconds a verb may take beyond its own budget: ample on a loaded machine; SOLITAIRE_PATIENCE
# sets another (a very slow machine, a test that waits for the watchdog).
PATIENCE = _patience()
SEARCH_GRACE = 10.0  # seconds a search may run past its budget, for the game's code it waits on


@contextlib.contextmanager
def watched(seconds: float | None, first_line: str | None = None):
    """Within: when the thread that entered is still inside after ``seconds``, one line on
    stderr names the game whose code it is in and the command ends with status 1 (after
    ``first_line`` on stdout: the answer a script reads, ``unknown``). None: not watched."""
    if seconds is None:
        yield
        return
    done, watched_thread = threading.Event(), threading.current_thread()

    def watch():
        if done.wait(seconds):
            return
        game, method = stalled_in(sys._current_frames().get(watched_thread.ident))
        if first_line is not None:
            print(first_line, flush=True)
        said = _("no answer after {seconds:g} s") if game is None else _(
            "the game {game} did not answer within {seconds:g} s (its {method} never returned)")
        print("solitaire: " + said.format(game=game and game.name, method=method, seconds=seconds) + "; "
              + _("stopped"), file=sys.stderr, flush=True)
        os._exit(1)

    threading.Thread(target=watch, name="watchdog", daemon=True).start()
    try:
        yield
    finally:
        done.set()


def stalled_in(frame) -> tuple[Game | None, str | None]:
    """The game whose method the stack is in, innermost first, and that method's name: one
    of the game's own code first, else one the engine gives every game."""
    frames = []
    while frame is not None:
        if isinstance(frame.f_locals.get("self"), Game):
            frames.append(frame)
        frame = frame.f_back
    own = [f for f in frames if not f.f_globals.get("__name__", "").startswith("solitaire_core")]
    found = (own or frames or [None])[0]
    return (None, None) if found is None else (found.f_locals["self"], found.f_code.co_name)
