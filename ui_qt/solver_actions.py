"""What the window does with the solver: hints, the "still winnable?" line,
winnable deals only, and the demo. Every search runs in a ``solving.Worker``
(its thread waits for a solver process); the table stays usable meanwhile, and
an answer for a position no longer on the table is dropped.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel

from solitaire_core import pools, words
from solitaire_core.errors import SolitaireError
from solitaire_core.i18n import N_, _, ngettext, pgettext
from solitaire_core.solver import UNWINNABLE, WINNABLE, Result

from .guard import attempt
from .solver_process import ERROR
from .solving import PROCESSES, Known, Worker, find_winnable_deal, guess, shortened, solve

HINT_SECONDS = 1.5
STATUS_SECONDS = 5.0
DEAL_SECONDS = 3.0
DEMO_SECONDS = 10.0
DEMO_MS = 350
STATUS_DELAY_MS = 150  # a burst of moves (an automatic finish) starts one search, not one per move
STATUS_TEXT = {WINNABLE: N_("Winnable"), UNWINNABLE: N_("No longer winnable")}
START_TEXT = {UNWINNABLE: N_("Not winnable")}  # before the first move: it never was
UNKNOWN_TEXT = N_("Winnability unknown")
CHECKING_TEXT = N_("Winnability: checking\u2026")
MODIFIER_KEYS = {Qt.Key.Key_Control, Qt.Key.Key_Shift, Qt.Key.Key_Alt, Qt.Key.Key_AltGr, Qt.Key.Key_Meta}
DEMO_NOTICE = "demo"
STATUS_KEY, WINNABLE_ONLY_KEY = "solver/status_line", "solver/winnable_deals_only"


def flag(settings, key: str, default: bool) -> bool:
    return settings.store.value(key, default) in (True, "true")


class SolverActions(QObject):
    """The solver's commands and status line of one window, and the searches behind them."""

    HINT_WAITING = N_("Looking for a hint\u2026")

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.known = Known(window.session.game)
        self.hint_worker, self.status_worker = Worker(self), Worker(self)
        self.deal_worker, self.demo_worker = Worker(self), Worker(self)
        self.demo_moves: list = []
        self.shown = None  # the position the status line is about
        self.stepping = False
        self.demo_timer = QTimer(self, singleShot=True, interval=DEMO_MS, timeout=self._demo_step)
        self.status_timer = QTimer(self, singleShot=True, interval=STATUS_DELAY_MS, timeout=self._check)
        self.label = QLabel()
        window.texts.set(self.label.setAccessibleName, N_("Winnability"))
        self.said = self.tip = lambda: ""  # the line's words, worded again when the language changes
        window.texts.set(self.label.setText, lambda: self.said())
        window.texts.set(self.label.setToolTip, lambda: self.tip())
        window.statusBar().addPermanentWidget(self.label)
        store = window.settings
        self.status_action = self._action(N_("Show &winnability"), self.set_status_line,
                                          N_("Say after each move whether the solver can still win this game"),
                                          checked=flag(store, STATUS_KEY, True))
        self.winnable_action = self._action(N_("&Winnable deals only"), self.set_winnable_only,
                                            N_("New deals are ones the solver has won"), checked=flag(
                                                store, WINNABLE_ONLY_KEY, False))
        self.demo_action = self._action(N_("&Demo"), self.toggle_demo, N_("Let the solver play this game; "
                                                                          "any key or click stops it"),
                                        shortcut="Ctrl+Shift+D")
        window.view.viewport().installEventFilter(self)
        window.view.installEventFilter(self)

    def _action(self, text: str, slot, tip: str, shortcut: str = "", checked: bool | None = None) -> QAction:
        action = QAction(self.window)
        self.window.texts.set(action.setText, text)  # marked texts, set again on a change of language
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        self.window.texts.set(action.setToolTip, tip)
        if checked is not None:
            action.setCheckable(True)
            action.setChecked(checked)
            action.toggled.connect(slot)
        else:
            action.triggered.connect(slot)
        self.window.addAction(action)
        return action

    def add_to(self, game_menu) -> None:
        game_menu.addSeparator()
        game_menu.addAction(self.winnable_action)
        game_menu.addAction(self.status_action)

    def _say(self, text: str, ms: int = 4000) -> None:
        self.window.statusBar().showMessage(text, ms)

    # --- the position changed ----------------------------------------------------------
    def session_changed(self) -> None:
        """A new session on the table: searches about the old one are dropped."""
        self.deal_worker.cancel()
        self.hint_worker.cancel()
        self.known = Known(self.window.session.game)
        self.position_changed(force=True)

    def position_changed(self, force: bool = False) -> None:
        state = self.window.session.state
        if state is self.shown and not force:
            return  # redrawn, not changed (an illegal move put back)
        self.shown = state
        self.hint_worker.cancel()
        self.status_worker.cancel()
        self.status_timer.stop()
        if not self.status_action.isChecked():
            self.label.setVisible(False)
            return
        self.label.setVisible(True)
        known = self.known.get(state)
        if known is not None:
            self._show(lambda: self._status_text(known.answer))
        elif self.window.game.is_won(state):
            self._show(lambda: pgettext("the game shown", "Won"))
        else:
            self._show(lambda: _(CHECKING_TEXT))
            self.status_timer.start()

    def _check(self) -> None:
        game, state, options = self.window.game, self.window.session.state, self.window.session.options
        self.status_worker.start(lambda cancel: solve(game, state, options, STATUS_SECONDS, cancel),
                                 lambda result: self._checked(state, result))

    def _checked(self, state, result) -> None:
        if state is not self.window.session.state:
            return
        self.known.add(state, result)
        self._show(lambda: self._status_text(result.answer), lambda: _(
            "{count} positions searched in {seconds:.1f} s").format(count=result.nodes, seconds=result.seconds)
            + (f" ({_(result.reason)})" if result.reason else ""))

    def _show(self, said, tip=None) -> None:
        """The line says ``said()`` (and its tooltip ``tip()``), worded again on a change of language."""
        self.said = said
        self.label.setText(said())
        if tip is not None:
            self.tip = tip
            self.label.setToolTip(tip())

    def _status_text(self, answer: str) -> str:
        texts = START_TEXT if self.window.session.position == 0 else {}
        return _(texts.get(answer) or STATUS_TEXT.get(answer, UNKNOWN_TEXT))

    def set_status_line(self, on: bool) -> None:
        self.window.settings.store.setValue(STATUS_KEY, bool(on))
        self.position_changed(force=True)

    def _ask(self, worker: Worker, seconds: float, waiting: str, answered) -> None:
        """``answered(state, result)`` for the position shown: at once when its answer is
        known, else after a search in ``worker``, and only if the position is still shown."""
        game, state, options = self.window.game, self.window.session.state, self.window.session.options
        known = self.known.get(state)
        if known is not None:
            answered(state, known)
            return
        self._say(waiting, 0)

        def arrived(result) -> None:
            if state is not self.window.session.state:
                return
            if result.reason.startswith(ERROR):  # the search failed: said, and nothing is shown
                self.window.report_failure(result.reason[len(ERROR):])
                return
            self.known.add(state, result)
            answered(state, result)

        worker.start(lambda cancel: solve(game, state, options, seconds, cancel), arrived)

    # --- hint ------------------------------------------------------------------------
    def hint(self) -> None:
        """The solver's next move when it answers winnable in time, else the game's heuristic."""
        self._ask(self.hint_worker, HINT_SECONDS, _(self.HINT_WAITING), self._hinted)

    def _hinted(self, state, result) -> None:
        if result.answer == WINNABLE:
            self.window.show_hint(result.next_move, _("the solver's winning line"))
        else:
            note = _("the solver finds no win") if result.answer == UNWINNABLE else _("a guess: the solver ran out of time")
            game, options = self.window.game, self.window.session.options
            self._say(_(self.HINT_WAITING), 0)
            self.hint_worker.start(lambda cancel: guess(game, state, options, cancel),  # off the table's thread
                                   lambda answer: self._guessed(state, answer, note))

    def _guessed(self, state, answer, note: str) -> None:
        move, reason = answer
        if state is not self.window.session.state:
            return
        if reason.startswith(ERROR):
            self.window.report_failure(reason[len(ERROR):])
        elif reason:
            self._say(_("No hint this time: the search for one did not answer"))
        else:
            self.window.show_hint(move, note)

    # --- winnable deals only ---------------------------------------------------------------
    @property
    def winnable_only(self) -> bool:
        return self.winnable_action.isChecked()

    def set_winnable_only(self, on: bool) -> None:
        self.window.settings.store.setValue(WINNABLE_ONLY_KEY, bool(on))
        if not on:
            self.deal_worker.cancel()

    def new_winnable_deal(self) -> None:
        """A deal of the game's pool for these options, at once (``pools``: deals a survey
        proved winnable, so a hard one comes up as often as it is winnable); else find, in
        the background, the next deal after a random one that the solver wins (the old game
        stays on the table and playable meanwhile)."""
        window = self.window
        game, options = window.game, dict(window.session.options)
        if self._from_pool(game, options):
            return
        first = random.randrange(1, 2**31 - 1000)
        self._say(_("Finding a winnable deal\u2026"), 0)
        self.deal_worker.start(lambda cancel: find_winnable_deal(game, options, first, DEAL_SECONDS, cancel),
                               lambda found: self._found(game, options, found))

    def _from_pool(self, game, options) -> bool:
        """Start a deal of the pool, its solution replayed to a win first; False when
        there is no pool for these options (or its deal does not replay: then search)."""
        try:
            pool = pools.pool_for(game, options)
        except SolitaireError as exc:  # a broken pool file of the game: said, and the search used
            self.window.notices.notify("pool", _("The winnable deals shipped with {game} cannot be read: "
                                                 "{error}").format(game=game.name, error=exc), kind="warning")
            return False
        if pool is None:
            return False
        deal, texts = pool.draw(random)
        # Checked through apply when the pool was written; here played to a win (at most
        # 10 ms, where apply takes the slowest game 257 ms), each move checked again when played.
        replayed = attempt(self.window.game_failed, pools.replay, game, options, deal, texts, checked=False)
        if replayed is None:  # the game's own code failed: reported
            return True
        moves, problem = replayed
        if problem is not None:
            return False
        self.deal_worker.cancel()  # a search still running for an earlier request
        self._found(game, options, (deal, Result(WINNABLE, moves)))
        return True

    def _found(self, game, options, found) -> None:
        if found is None:
            self._say(_("No winnable deal found: try again, or give the solver more time"))
            return
        deal, result = found
        if self.window.start(game, deal, options):
            if self.window.session.state == game.new(deal, **options):  # not moved on by auto-play
                self.known.add(self.window.session.state, result)
            self.position_changed(force=True)
            self._say(_("Deal {deal}: the solver won it").format(deal=deal))

    # --- demo ------------------------------------------------------------------------------
    @property
    def demo_running(self) -> bool:
        return bool(self.demo_moves) or self.demo_worker.busy

    def toggle_demo(self) -> None:
        if self.demo_running:
            self.stop_demo()
            self._say(_("Demo stopped"))
            return
        if self.window.game.is_won(self.window.session.state):
            return
        self._ask(self.demo_worker, DEMO_SECONDS, _("Solving for the demo\u2026"), self._demo_solved)

    def _demo_solved(self, state, result) -> None:
        if result.answer != WINNABLE:
            self._say(_("Demo: the solver finds no win from here") if result.answer == UNWINNABLE
                      else _("Demo: the solver could not decide this game in time"))
            return
        game, options = self.window.game, self.window.session.options
        self._say(_("Solving for the demo\u2026"), 0)
        self.demo_worker.start(lambda cancel: shortened(game, state, options, result.moves, cancel),
                               lambda line: self._demo_line(state, line, len(result.moves)))

    def _demo_line(self, state, line: tuple, solved: int) -> None:
        """Play ``line``, the solver's winning line of ``solved`` moves with its detours
        taken out (a position passed twice, several moves where one does), as a player would."""
        if state is not self.window.session.state:
            return
        self.demo_moves = list(line)
        moves = len(line)
        said = (ngettext("Demo: the solver plays {moves} move. Any key or click stops it.",
                         "Demo: the solver plays {moves} moves. Any key or click stops it.", moves)
                if moves == solved else
                _("Demo: the solver plays {moves} moves, its line of {solved} without the detours (positions "
                  "passed twice, trips through the stock that play nothing). Any key or click stops it."))
        self.window.notices.notify(DEMO_NOTICE, said.format(moves=moves, solved=solved),
                                   [(_("Stop"), self.toggle_demo)])
        self._say(_("Demo: any key or click stops it"))
        self.demo_timer.start()

    def _demo_step(self) -> None:
        if not self.demo_moves:
            return
        move = self.demo_moves.pop(0)
        described = attempt(self.window.game_failed, self.window.game.describe_move, self.window.session.state, move)
        if described is None:  # the game failed (reported, and the demo stopped with it)
            self.demo_moves = []
            return
        said = words.demo_move(described)
        self.stepping = True
        try:
            played = self.window.play(move)
        finally:
            self.stepping = False
        if not played:
            self.demo_moves = []
            return
        self._say(said)
        if self.demo_moves:
            self.demo_timer.start()
        else:
            self.window.notices.dismiss(DEMO_NOTICE)

    def stop_demo(self) -> None:
        """Any command of the player stops the demo (the demo's own moves do not)."""
        if self.stepping:
            return
        self.demo_worker.cancel()
        self.demo_moves = []
        self.demo_timer.stop()
        self.window.notices.dismiss(DEMO_NOTICE)

    def eventFilter(self, watched, event) -> bool:
        if not self.demo_running or event.type() not in (QEvent.Type.MouseButtonPress, QEvent.Type.KeyPress):
            return False
        if event.type() == QEvent.Type.KeyPress and event.key() in MODIFIER_KEYS:
            return False  # the start of a shortcut such as the demo's own
        self.stop_demo()
        self._say(_("Demo stopped"))
        return True  # the click or key that stops the demo does nothing else

    # --- closing -----------------------------------------------------------------------------
    def shutdown(self) -> bool:
        """Cancel every search, wait for its thread and stop the solver processes (the
        window is closing; the app has one window)."""
        self.stop_demo()
        self.demo_timer.stop()
        self.status_timer.stop()
        stopped = all([w.shutdown() for w in (self.hint_worker, self.status_worker, self.deal_worker,
                                               self.demo_worker)])
        PROCESSES.shutdown()
        return stopped
