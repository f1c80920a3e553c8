"""Solver searches off the table's thread and out of its process, so the table
never freezes nor slows down.

A ``Worker`` runs one job at a time in a ``threading.Thread`` with a
``threading.Event`` to cancel it: starting another job cancels the one
running, and only the answer of the latest job reaches its callback (a
result for a position no longer shown is dropped). The thread only waits
(``solve`` hands the search to a worker process of ``PROCESSES``, see
``solver_process``); the answer crosses to the GUI thread through a queued Qt
signal. ``shutdown`` cancels and joins every thread, so no search outlives
the window.
"""

from __future__ import annotations

import threading
from typing import Callable

from PySide6.QtCore import QObject, Signal

from solitaire_core.solver import UNWINNABLE, WINNABLE, Result

from .solver_process import Processes

KNOWN_LIMIT = 20_000  # positions remembered with their answer, per session
PROCESSES = Processes()  # the app's solver processes, started on the first search


def solve(game, state, options, seconds: float, cancel: threading.Event) -> Result:
    """Is ``state`` winnable? Asked of a worker process; blocks until it answers."""
    return PROCESSES.solve(game, state, options, seconds, cancel)


def find_winnable_deal(game, options, first: int, seconds: float, cancel: threading.Event) -> tuple[int, Result] | None:
    """The first deal from ``first`` on that the solver wins within ``seconds`` (in a worker process)."""
    return PROCESSES.find_winnable_deal(game, options, first, seconds, cancel)


def guess(game, state, options, cancel: threading.Event) -> tuple[object, str]:
    """The game's heuristic hint for ``state`` (move or None, reason), from a worker process."""
    return PROCESSES.guess(game, state, options, cancel)


def shortened(game, state, options, line: tuple, cancel: threading.Event) -> tuple:
    """The winning ``line`` from ``state`` without its detours, worked out in a worker process."""
    return PROCESSES.shortened(game, state, options, line, cancel)


def finish_line(game, state, options, cancel: threading.Event) -> tuple[list | None, str]:
    """``game.finish_moves(state)`` (moves or None, reason), from a worker process."""
    return PROCESSES.finish_line(game, state, options, cancel)


def blocked_verdict(game, state, options, cancel: threading.Event) -> str:
    """``solitaire_core.blocked.verdict`` of ``state``, from a worker process; blocks until it answers."""
    return PROCESSES.blocked_verdict(game, state, options, cancel)


class Worker(QObject):
    """One background job at a time; ``job(cancel)`` runs in a thread."""

    _done = Signal(int, object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._serial = 0
        self._cancel: threading.Event | None = None
        self._callback: Callable | None = None
        self._threads: list[threading.Thread] = []
        self._closed = False
        self._done.connect(self._deliver)

    def start(self, job: Callable[[threading.Event], object], callback: Callable[[object], None]) -> None:
        """Run ``job`` in a thread; after ``shutdown`` nothing is started (a timer or queued
        event of a closing window would otherwise start a search that outlives it)."""
        self.cancel()
        if self._closed:
            return
        cancel = threading.Event()
        self._cancel, self._callback = cancel, callback
        thread = threading.Thread(target=self._run, args=(job, cancel, self._serial), name="solver", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def _run(self, job, cancel: threading.Event, serial: int) -> None:
        value = job(cancel)
        if cancel.is_set():
            return
        try:
            self._done.emit(serial, value)
        except RuntimeError:  # the window, and this worker with it, was deleted meanwhile: no one to tell
            pass

    def _deliver(self, serial: int, value) -> None:
        if serial != self._serial or self._callback is None:
            return  # a job cancelled or replaced since
        callback, self._callback, self._cancel = self._callback, None, None
        callback(value)

    @property
    def busy(self) -> bool:
        return self._callback is not None

    def cancel(self) -> None:
        """Stop the running job; its answer, if it comes, is dropped."""
        if self._cancel is not None:
            self._cancel.set()
        self._serial += 1
        self._cancel = self._callback = None

    def shutdown(self, timeout: float = 5.0) -> bool:
        """Cancel and wait for every thread, and start no job after; True when none is left running."""
        self._closed = True
        self.cancel()
        for thread in self._threads:
            thread.join(timeout)
        self._threads = [t for t in self._threads if t.is_alive()]
        return not self._threads


class Known:
    """Answers already found for positions of this session: every position along a
    winning line is winnable by the rest of the line (the solver replayed it)."""

    def __init__(self, game) -> None:
        self.game = game
        self.answers: dict = {}

    def get(self, state) -> Result | None:
        return self.answers.get(state)

    def add(self, state, result: Result) -> None:
        if self.answers.get(state) is result:
            return
        if len(self.answers) > KNOWN_LIMIT:
            self.answers.clear()
        if result.answer == UNWINNABLE:
            self.answers[state] = result
        elif result.answer == WINNABLE:
            moves = result.moves
            for k, move in enumerate(moves):
                self.answers[state] = Result(WINNABLE, moves[k:])
                state = self.game.apply(state, move)
