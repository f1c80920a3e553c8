"""The window's statistics: one store, opened on first use; its troubles become notices.

The app plays on when the store cannot be opened or written: a notice says
what is not kept. Each session is recorded at most once, so a won game
left by a new deal, or a game recorded and then quit, counts once.
"""

from __future__ import annotations

import os
import weakref
from typing import Callable

from solitaire_core.records import Store, StoreError, record_session, running_total_switch


class Recorder:
    """``warn(text)`` shows a non-blocking notice; ``path`` None: the default store."""

    def __init__(self, warn: Callable[[str], None], path: str | os.PathLike | None = None):
        self.warn = warn
        self.path = path
        self.problem = ""  # why the store is not available, once it failed to open
        self._store: Store | None = None
        self._recorded: weakref.WeakSet = weakref.WeakSet()
        self._shown = 0  # how many of the store's notices were shown
        self._totals: dict[tuple, int | None] = {}
        self.closed = False

    @property
    def store(self) -> Store | None:
        """The store, opened on first use; None (and a notice, once) if it cannot be."""
        if self._store is None and not self.problem and not self.closed:
            try:
                self._store = Store(self.path)
            except StoreError as exc:
                self.problem = str(exc)
                self.warn(f"Statistics are not kept while the program runs: {exc}")
        self.show_notices()
        return self._store

    def show_notices(self) -> None:
        """What the store did about a damaged file or row, not yet shown."""
        if self._store is not None and len(self._store.notices) > self._shown:
            self.warn("\n".join(self._store.notices[self._shown:]))
            self._shown = len(self._store.notices)

    def failed(self, doing: str, exc: StoreError) -> None:
        self.warn(f"{doing}: {exc}")

    def record(self, session) -> bool:
        """Keep the game of ``session`` unless it is kept already; True when it was kept now."""
        if session in self._recorded or self.store is None:
            return False
        try:
            kept = record_session(self._store, session)
        except StoreError as exc:
            self.failed("This game could not be recorded", exc)
            return False
        if kept is None:  # a deal left before any move, nothing to keep
            return False
        self._recorded.add(session)
        self._totals.clear()
        return True

    def recorded(self, session) -> bool:
        return session in self._recorded

    def mark(self, session) -> None:
        """Count ``session`` as kept (a won game opened from a file was counted when it was won)."""
        self._recorded.add(session)

    def total(self, session) -> int | None:
        """The running total ``session`` plays for, with its score until it is recorded;
        None when its score does not run on."""
        switch = running_total_switch(session)
        if switch is None or self.store is None:
            return None
        key = (session.game.id, tuple(sorted(session.options.items())), switch)
        if key not in self._totals:
            try:
                self._totals[key] = self._store.running_total(session.game.id, session.options, switch)
            except StoreError as exc:  # kept as None: the status bar asks every second
                self._totals[key] = None
                self.failed("The running total cannot be read", exc)
        kept, score = self._totals[key], session.game.score(session.state)
        if kept is None:
            return None
        return kept + (score if score is not None and session not in self._recorded else 0)

    def reset_total(self, session) -> bool:
        switch = session.game.running_total
        if switch is None or self.store is None:
            return False
        try:
            self._store.reset_running_total(session.game.id, session.options, switch)
        except StoreError as exc:
            self.failed("The running total could not be reset", exc)
            return False
        self._totals.clear()
        return True

    def forget_cached(self) -> None:
        """Read totals again (another copy of the app may have recorded games)."""
        self._totals.clear()

    def close(self) -> None:
        """Done for good (the window closes): the store is not opened again."""
        self.closed = True
        if self._store is not None:
            self._store.close()
            self._store = None
