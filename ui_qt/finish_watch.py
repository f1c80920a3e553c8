"""Whether the position on the table finishes by itself, found off the table's thread.

``game.finish_moves`` is a small exhaustive search (up to ~150 ms on the worst
positions, ``benchmarks/lookahead.py``): after every move the window asks
``position_changed`` and the search runs in the solver's worker process through
a ``solving.Worker``, so the table never waits for it. The answer, replayed to a
win on this side, reaches the window only while its position is still shown (a
newer position cancels the search); answers are kept, so Undo back to a
finishable position offers the Finish at once.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from .solver_process import ERROR
from .solving import Worker, finish_line

KEPT = 1000  # answers remembered per session


class FinishWatch(QObject):
    """The finish searches of one window and what they answered."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.worker = Worker(self)
        self.answers: dict = {}  # state -> its finish (a list of moves) or None
        self.asked = None  # the position searched now

    def known(self, state) -> bool:
        return state in self.answers

    def position_changed(self) -> list | None:
        """The finish of the position shown when it is known; else None, and the search starts."""
        window = self.window
        game, state, options = window.game, window.session.state, window.session.options
        if state is self.asked and self.worker.busy:
            return None  # shown again, not changed (a move refused): its search goes on
        self.worker.cancel()
        self.asked = None
        if game.is_won(state) or state in self.answers:
            return self.answers.get(state)
        self.asked = state
        self.worker.start(lambda cancel: finish_line(game, state, options, cancel),
                          lambda answer: self._arrived(game, state, answer))
        return None

    def session_changed(self) -> None:
        self.worker.cancel()
        self.asked = None
        self.answers.clear()

    def _arrived(self, game, state, answer) -> None:
        line, reason = answer
        if reason.startswith(ERROR):  # the game's own finish failed: said, and no finish is offered
            if state is self.window.session.state:
                self.window.report_failure(reason[len(ERROR):])
            return
        if reason:  # no answer (the worker stopped): asked again when the position is shown again
            return
        if len(self.answers) >= KEPT:
            self.answers.clear()
        self.answers[state] = line
        if game is self.window.game and state is self.window.session.state:
            self.window.finish_found(state, line)
