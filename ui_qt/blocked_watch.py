"""Whether the game on the table is blocked, found off the table's thread.

After a move the window asks ``check``: the search (``solitaire_core.blocked``)
runs in the solver's worker process through a ``solving.Worker``, so the
table stays smooth however long it takes. Its answer, if the position is still
shown, becomes a notice: blocked (undo, restart or a new deal), or, when the
search cannot finish (or while it still runs after five seconds), the softer
"no useful move found yet". The answers are
kept, so leaving a game records it as lost exactly when the table said blocked.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from solitaire_core import blocked
from solitaire_core.i18n import N_, _

from .solving import Worker, blocked_verdict

KEY = "stuck"  # the notice's key (the window dismisses it when the position changes)
BLOCKED_TEXT = N_("No move can change the outcome of this game any more.")
UNDECIDED_TEXT = N_("No useful move found yet: the search for one is too long to finish here. "
                    "You may undo, restart or play on.")
KEPT = 1000  # answers remembered per session
SLOW_MS = 5000  # a search still running this long shows the softer notice meanwhile (a first search starts a process)


class BlockedWatch(QObject):
    """The "blocked?" searches of one window and what they answered."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.worker = Worker(self)
        self.answers: dict = {}  # state -> verdict, for the states of the sessions shown
        # An open position answers at once (its first useful move); one still searched
        # after a while is said "not found yet" meanwhile, never met with silence.
        self.slow = QTimer(self, singleShot=True, interval=SLOW_MS, timeout=self._still_searching)

    def check(self) -> None:
        """Search the position shown (an answer already found is shown at once)."""
        window = self.window
        game, state, options = window.game, window.session.state, window.session.options
        if state in self.answers:
            self._show(state, self.answers[state])
            return
        self.worker.start(lambda cancel: blocked_verdict(game, state, options, cancel),
                          lambda verdict: self._arrived(state, verdict))
        self.slow.start()

    def cancel(self) -> None:
        self.worker.cancel()
        self.slow.stop()

    def _still_searching(self) -> None:
        if self.worker.busy:
            self._show(self.window.session.state, blocked.UNDECIDED)

    def _arrived(self, state, verdict: str) -> None:
        self.slow.stop()
        if len(self.answers) >= KEPT:
            self.answers.clear()
        self.answers[state] = verdict
        if state is self.window.session.state:
            self._show(state, verdict)

    def _show(self, state, verdict: str) -> None:
        window = self.window
        if verdict == blocked.OPEN:
            window.notices.dismiss(KEY)
            return
        window.notices.dismiss("hint")  # this notice says it and offers the same
        buttons = [(_("Undo"), window.undo), (_("Restart"), window.restart)]
        if verdict == blocked.BLOCKED:
            window.notices.notify(KEY, _(BLOCKED_TEXT), buttons + [(_("New deal"), window.new_deal)], kind="warning")
        else:
            window.notices.notify(KEY, _(UNDECIDED_TEXT), buttons)

    def result(self, session) -> str | None:
        """What the records call ``session`` left now: ``lost`` when its position was
        found blocked, ``abandoned`` when found open or undecided, None when not searched."""
        verdict = self.answers.get(session.state)
        if verdict is None:
            return None
        return "lost" if verdict == blocked.BLOCKED else "abandoned"
