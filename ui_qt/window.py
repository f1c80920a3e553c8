"""The main window: a session on the table, menus, toolbar, status bar.

It plays what the engine says is legal, saves after every move, and reacts
to the outcome the engine reports (won, finishable, stuck).
"""

from __future__ import annotations

import random
from functools import cached_property, partial
from typing import Mapping

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QMainWindow, QPushButton, QVBoxLayout, QWidget

from solitaire_core import i18n, words
from solitaire_core.i18n import N_, _, ngettext
from solitaire_core.errors import IllegalMove, SaveError, SolitaireError
from solitaire_core.moves import Move
from solitaire_core.records.report import duration_text as clock_text
from solitaire_core.registry import game_failure
from solitaire_core.scene import scene_for
from solitaire_core.session import Session

from . import dialogs, language
from .blocked_watch import BlockedWatch
from .cards import BACK_NAMES, CardPainter
from .finish_watch import FinishWatch
from .groups import MoveGroups
from .guard import GuardedHandler, attempt, guarded
from .hints import Hints
from .interaction import Interaction
from .notices import NoticeArea
from .records_actions import RecordsActions, fresh_attempt
from .recording import Recorder
from .saves import SaveSlot
from .settings import Settings
from .solver_actions import SolverActions
from .svgdeck import SvgDeck, default_deck, find_decks
from .table import ANIMATION_MS, TABLES, TableView

DRAWN_DECK = N_("Drawn cards")
CORNERS_NOTE = N_("Illustrated decks: corners as printed (J, Q, K)")
STUCK_CHECK_MS = 300


def random_deal() -> int:
    return random.randrange(1, 2**31)


def session_with(game, deal: int, *choices: Mapping) -> Session:
    """A session with the first of ``choices`` of options the game accepts
    (options remembered from an older version may no longer be valid)."""
    *earlier, last = choices
    for options in earlier:
        try:
            return Session(game, deal, options)
        except SolitaireError:
            pass
    return Session(game, deal, last)


def safe_start(session: Session) -> Session:
    """The deal with auto-play's safe cards already up (the chain ``_after_move``
    plays after a move): they are part of the deal's start, so Undo keeps them,
    Restart comes back to them and the move count and the clock start after them."""
    game, state = session.game, session.states[0]
    while moves := game.safe_moves(state):
        state = game.play(state, moves[0])
    if session.moves or state is session.states[0]:
        return session
    return Session(game, session.deal, session.options, start=state, clock=session.clock)


class MainWindow(QMainWindow):
    """``saves`` None: nothing is written (screenshots, benchmarks)."""

    def __init__(self, games: Mapping, settings: Settings, saves: SaveSlot | None, session: Session,
                 resume: Session | None = None):
        super().__init__()
        self.games, self.settings, self.saves = games, settings, saves
        self.texts = language.Texts()  # what the menus and buttons say, set again on a change of language
        self.session = session
        self.decks = find_decks()
        self.painter = CardPainter(settings.back)
        self.view = TableView(self.painter, settings.table)
        self.notices = NoticeArea()
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.notices)
        layout.addWidget(self.view, 1)
        self.setCentralWidget(central)
        self.interaction = Interaction(self.view, lambda: (self.session.game, self.session.state), self.play)
        self.view.handler = GuardedHandler(self.interaction, self.game_failed)  # a key or click reaches game code
        self.view.failed = self.game_failed  # so does a resize (the scene laid out for the new room)
        self.interaction.announce.connect(lambda text: self.statusBar().showMessage(text, 4000))
        self.interaction.acted.connect(self.end_hint)  # picking cards up is the player's next action
        self.hints = Hints()
        self.hint_text = ""  # the hint's words, said again when a passing message goes
        self.statusBar().messageChanged.connect(self._hint_back)
        self.auto_moves: list[Move] = []
        self.finish_line: list[Move] | None = None  # game.finish_moves of the position shown, once found
        self.finish_for = None  # the position whose finish, once found, plays by itself (Finish automatically)
        self.groups = MoveGroups()
        self.auto_timer = QTimer(self, singleShot=True, interval=ANIMATION_MS + 60, timeout=self._auto_step)
        self.stuck_timer = QTimer(self, singleShot=True, interval=STUCK_CHECK_MS, timeout=self._check_stuck)
        self.clock = QTimer(self, interval=1000, timeout=self.update_status)
        self.rules_dialog = None
        self._build_status()
        self.records = RecordsActions(self, Recorder(lambda text: self.notices.notify("records", text, kind="warning"))
                                      if saves is not None else None)
        self.solver = SolverActions(self)
        self.blocked = BlockedWatch(self)
        self.finishing = FinishWatch(self)
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self.use_deck(self.deck_name, remember=False)
        if resume is not None:
            self.offer(resume)
        if settings.autoplay:  # the same deal, not one left; a game failing there keeps its plain deal
            self.session = attempt(self.game_failed, safe_start, session) or session
        self.set_session(self.session)
        self.clock.start()
        self.view.setFocus()

    # --- construction -------------------------------------------------------
    def _build_status(self) -> None:
        self.figures = QLabel()
        self.moves_label = QLabel()
        self.time_label = QLabel()
        self.deal_label = QLabel()
        self.finish_button = QPushButton()
        self.texts.set(self.finish_button.setText, N_("Finish"))
        self.texts.set(self.finish_button.setAccessibleName, N_("Finish"))
        self.texts.set(self.finish_button.setToolTip, N_("Play every card up: nothing is left to decide (F)"))
        self.finish_button.setVisible(False)
        self.finish_button.clicked.connect(self.finish)
        self.statusBar().addPermanentWidget(self.finish_button)
        for label, name in ((self.figures, N_("Game figures")), (self.moves_label, N_("Moves")),
                            (self.time_label, N_("Time")), (self.deal_label, N_("Deal"))):
            self.texts.set(label.setAccessibleName, name)
            self.statusBar().addPermanentWidget(label)

    def _action(self, text: str, slot, shortcuts=(), tip: str = "") -> QAction:
        """An action; ``text`` and ``tip`` marked with ``N_``, shown translated."""
        action = QAction(self)
        self.texts.set(action.setText, text)
        self.texts.set(lambda said: action.setToolTip(said.replace("&", "")), tip or text)
        action.setShortcuts([QKeySequence(s) for s in shortcuts])
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        a = self._action
        self.new_action = a(N_("&New deal"), self.new_deal, ("Ctrl+N", "F2"))
        self.restart_action = a(N_("&Restart"), self.restart, ("Ctrl+R",), N_("Back to the start of this deal"))
        self.deal_action = a(N_("&Deal number\u2026"), self.ask_deal, ("Ctrl+D",), N_("Play a deal by its number"))
        self.options_action = a(N_("&Options\u2026"), self.ask_options, ("Ctrl+,",), N_("This game's options"))
        self.autoplay_action = a(N_("&Auto-play safe cards"), self.set_autoplay, (),
                                 N_("After each move, play up the cards no move can need"))
        self.autoplay_action.setCheckable(True)
        self.autoplay_action.setChecked(self.settings.autoplay)
        self.autofinish_action = a(N_("Finish &automatically"), self.set_autofinish, (),
                                   N_("Once nothing is left to decide, play every card up without asking"))
        self.autofinish_action.setCheckable(True)
        self.autofinish_action.setChecked(self.settings.autofinish)
        self.finish_action = a(N_("&Finish"), self.finish, ("F",), N_("Play every card up: nothing is left to decide"))
        self.finish_action.setEnabled(False)
        self.quit_action = a(N_("&Quit"), self.close, ("Ctrl+Q",))
        self.undo_action = a(N_("&Undo"), self.undo, ("Ctrl+Z",))
        self.redo_action = a(N_("&Redo"), self.redo, ("Ctrl+Shift+Z", "Ctrl+Y"))
        self.hint_action = a(N_("&Hint"), self.hint, ("H",), N_("Show a good move"))
        self.rules_action = a(N_("R&ules"), self.show_rules, ("F1",), N_("The rules of this game"))
        self.about_action = a(N_("&About"), lambda: dialogs.about(self, self.games))
        self.fullscreen_action = a(N_("&Full screen"), self.toggle_full_screen, ("F11",))
        self.game_group = QActionGroup(self)
        self.game_actions: dict[str, QAction] = {}
        for game_id, game in self.games.items():
            action = QAction(self, checkable=True)
            self.texts.set(action.setText, lambda g=game: g.name)
            action.triggered.connect(lambda _=False, gid=game_id: self.choose_game(gid))
            self.game_group.addAction(action)
            self.game_actions[game_id] = action

    def _menu(self, parent, title: str):
        """A menu titled ``title`` (marked with ``N_``), retitled on a change of language."""
        menu = parent.addMenu("")
        self.texts.set(menu.setTitle, title)
        return menu

    def _choice_menu(self, menu, title: str, names, current: str, slot, shown=None):
        """A submenu choosing one of ``names``; each shown as ``shown(name)`` says, else
        translated (a name marked with ``N_``)."""
        sub = self._menu(menu, title)
        group = QActionGroup(sub)
        for name in names:
            action = sub.addAction("")
            self.texts.set(action.setText, (lambda n=name: shown(n)) if shown else name)
            action.setCheckable(True)
            action.setChecked(name == current)
            action.triggered.connect(lambda _=False, n=name: slot(n))
            group.addAction(action)
        return sub

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game_menu = self._menu(bar, N_("&Game"))
        for action in (self.new_action, self.restart_action, self.deal_action):
            game_menu.addAction(action)
        game_menu.addSeparator()
        chooser = self._menu(game_menu, N_("&Choose game"))
        for action in self.game_actions.values():
            chooser.addAction(action)
        game_menu.addAction(self.options_action)
        game_menu.addAction(self.autoplay_action)
        game_menu.addAction(self.autofinish_action)
        self.records.add_to(game_menu)
        self.solver.add_to(game_menu)
        game_menu.addSeparator()
        game_menu.addAction(self.quit_action)
        move_menu = self._menu(bar, N_("&Move"))
        for action in (self.undo_action, self.redo_action, self.hint_action, self.finish_action,
                       self.solver.demo_action):
            move_menu.addAction(action)
        view_menu = self._menu(bar, N_("&View"))
        self._choice_menu(view_menu, N_("Card &back"), BACK_NAMES, self.painter.back_name, self.use_back)
        self._choice_menu(view_menu, N_("&Table colour"), TABLES, self.view.table_name, self.use_table)
        decks = self._choice_menu(view_menu, N_("&Deck"), [DRAWN_DECK, *self.decks], self.deck_name, self.use_deck,
                                  lambda name: _(name) if name == DRAWN_DECK else name)  # a deck's own name stays
        decks.addSeparator()
        corners = decks.addAction("")  # the choice made for the letters in the corners, said where decks are chosen
        self.texts.set(corners.setText, CORNERS_NOTE)
        corners.setEnabled(False)
        self._choice_menu(view_menu, N_("&Language"), ["", *i18n.LANGUAGES], self.settings.language,
                          self.use_language, lambda code: i18n.LANGUAGES.get(code) or _("System"))
        view_menu.addAction(self.fullscreen_action)
        help_menu = self._menu(bar, N_("&Help"))
        help_menu.addAction(self.rules_action)
        help_menu.addAction(self.about_action)

    def _build_toolbar(self) -> None:
        tools = self.addToolBar("")
        self.texts.set(tools.setWindowTitle, N_("Game"))
        tools.setObjectName("game-toolbar")
        tools.setMovable(False)
        self.game_box = QComboBox()
        self.texts.set(self.game_box.setAccessibleName, N_("Game"))
        self.texts.set(self.game_box.setToolTip, N_("Choose the game"))
        for index, (game_id, game) in enumerate(self.games.items()):
            self.game_box.addItem("", game_id)
            self.texts.set(lambda name, i=index: self.game_box.setItemText(i, name), lambda g=game: g.name)
        self.game_box.activated.connect(lambda i: self.choose_game(self.game_box.itemData(i)))
        tools.addWidget(self.game_box)
        tools.addSeparator()
        for action in (self.new_action, self.restart_action, self.undo_action, self.redo_action,
                       self.hint_action, self.options_action, self.rules_action):
            tools.addAction(action)

    # --- the session ----------------------------------------------------------------
    @property
    def game(self):
        return self.session.game

    @guarded
    def set_session(self, session: Session, new_deal: bool = False) -> None:
        """Put a session on the table (a new deal, a loaded save, another game).

        A ``new_deal`` starts with its safe cards up when auto-play is on; a
        resumed save or a game opened from a file is shown as it was saved.
        A game that cannot show its deal is reported and the table stays as it was."""
        self._stop_pending()
        try:
            if new_deal and self.autoplay_action.isChecked():
                session = safe_start(session)
            scene_for(session.game, session.state)
        except Exception as exc:
            if not self.game_failed(exc):
                raise
            return
        attempt(self.game_failed, self.records.leave, self.session, session)  # a failing game is left unrecorded
        if session.game is not self.session.game:
            self.notices.dismiss("failed")  # that game's failure: another game is on the table now
        self.session = session
        self.groups = MoveGroups()
        game = session.game
        self.setWindowTitle(_("{game} \u2014 Solitaire").format(game=game.name))
        self.game_actions[game.id].setChecked(True)
        self.game_box.setCurrentIndex(self.game_box.findData(game.id))
        self.options_action.setEnabled(bool(game.options))
        for key in ("stuck", "hint", "won"):
            self.notices.dismiss(key)
        if self.rules_dialog is not None:
            self.rules_dialog.close()
            self.rules_dialog = None
        self.view.deal(partial(scene_for, game, session.state))
        self.finishing.session_changed()
        self._look_for_finish()
        self.solver.session_changed()
        self.interaction.cursor = None
        self.interaction.refresh()
        self.update_status()
        if self.saves is not None:
            self.settings.last_game = game.id
            self.settings.set_options(game.id, {k: str(v) for k, v in session.options.items()})
            if session.moves:
                self._save()
            elif "resume" not in self.notices.notices:
                try:
                    self.saves.clear()
                except OSError as exc:
                    self.notices.notify("save", _("The saved game could not be removed: {error}").format(error=exc),
                                        kind="error")

    def offer(self, saved: Session) -> None:
        """Offer the game saved last time; the first move of another game replaces it."""
        self.records.offered = saved
        self.notices.notify(
            "resume", ngettext("Your unfinished game of {game} (deal {deal}, {count} move) was saved. Continue it?",
                               "Your unfinished game of {game} (deal {deal}, {count} moves) was saved. Continue it?",
                               saved.move_count).format(game=saved.game.name, deal=saved.deal, count=saved.move_count),
            [(_("Continue"), lambda: self.set_session(saved))])

    @guarded
    def start(self, game, deal: int | None = None, options: Mapping | None = None) -> bool:
        """A new session; a bad option is reported and changes nothing."""
        try:
            session = Session(game, random_deal() if deal is None else deal, options or {})
        except SolitaireError as exc:
            self.notices.notify("error", _("Cannot start {game}: {error}").format(game=game.name, error=exc),
                                kind="error")
            return False
        self.set_session(session, new_deal=True)
        return True

    def play(self, move: Move, automatic: bool = False) -> bool:
        if not automatic:
            self._stop_pending()
        self.view.clear_highlights()
        before = self.session.state
        try:
            self.session.play(move)
            self.groups.played(self.session, automatic)
        except SolitaireError as exc:  # a refused move says why in words, without its notation
            self.statusBar().showMessage(exc.reason if isinstance(exc, IllegalMove) else str(exc), 4000)
            self.refresh()
            return False
        except Exception as exc:
            if not self.game_failed(exc):
                raise
            return self._not_made(before)
        self.notices.dismiss("resume")
        if not self.refresh():
            return self._not_made(before)
        self._after_move()
        return True

    def _not_made(self, before) -> bool:
        """The game failed (reported) making or showing a move: back to ``before`` (the
        move stays in the redo branch)."""
        if self.session.state is not before:
            while self.session.state is not before and self.session.undo():
                pass
            self.refresh()
        return False

    def game_failed(self, exc: Exception) -> bool:
        """Report ``exc`` when a game's own code raised it (the game on the table, else
        the installed game it comes from); False when it is no game's failure."""
        games = (self.session.game, *self.games.values())
        failure = next(filter(None, (game_failure(game, exc) for game in games)), None)
        if failure is not None:
            self.report_failure(failure)
        return failure is not None

    def report_failure(self, failure: str) -> None:
        """A notice names the game that failed; automatic play stops, the table stays
        as it was and another game can be chosen (the built-in default is offered)."""
        self._stop_pending()
        text = f"{failure[0].upper()}{failure[1:]}"
        self.statusBar().showMessage(text, 8000)
        shown = self.notices.notices.get("failed")
        if shown is not None and shown.text.startswith(text):
            return  # the same failure again (the clock, a second key press): already said
        default = self.games.default
        offer = [] if default in (None, self.session.game.id) else [
            (_("Play {game}").format(game=self.games[default].name), lambda: self.choose_game(default))]
        self.notices.notify("failed", _("{failure}. You can choose another game.").format(failure=text), offer,
                            kind="error")

    @guarded
    def refresh(self, animate: bool = True) -> bool:
        """Show the session's position; None (reported) when the game cannot."""
        scene_for(self.game, self.session.state)  # the game can show it: only then has the view its layout
        self.view.show_scene(partial(scene_for, self.game, self.session.state), animate=animate)
        self.interaction.refresh()
        self.update_status()
        self._look_for_finish()
        self.solver.position_changed()
        self._save()
        return True

    @guarded
    def _after_move(self) -> None:
        state = self.session.state
        if self.game.is_won(state):
            self.session.pause()
            self.win()
            return
        if not self.auto_moves and not self.solver.demo_running:  # the demo's line plays its own
            # safe moves one at a time: each may make the next one safe, or the rest illegal
            safe = self.game.safe_moves(state)[:1] if self.autoplay_action.isChecked() else []
            finish = self.finish_line if self.autofinish_action.isChecked() else None
            self.auto_moves = list(finish or safe)
            if self.autofinish_action.isChecked() and not finish and not self.finishing.known(state):
                self.finish_for = state  # still searched: found, it takes the safe card's place
            if self.auto_moves:
                self._update_finish()
                self.auto_timer.start()
                return
        if not self.auto_moves:
            self.stuck_timer.start()

    def _auto_step(self) -> None:
        """Play the next move of an automatic finish, one per animation."""
        if not self.auto_moves:
            return
        move = self.auto_moves.pop(0)
        if self.play(move, automatic=True) and self.auto_moves:
            self.auto_timer.start()

    def _look_for_finish(self) -> None:
        """The finish of the position shown: known at once when it was found before,
        else searched off the table's thread (``finish_found`` brings it)."""
        self.finish_line = self.finishing.position_changed()
        self._update_finish()

    def finish_found(self, state, line: list[Move] | None) -> None:
        """The finish of ``state``, the position shown: offered, or played at once after
        the move that allowed it when *Finish automatically* is on."""
        self.finish_line = line
        if line and self.finish_for is state and not self.solver.demo_running:
            self.finish_for = None
            self.stuck_timer.stop()
            self.blocked.cancel()
            self.auto_moves = list(line)  # automatic moves: Undo takes them back with the move before
            self.auto_timer.start()
        self._update_finish()

    def _update_finish(self) -> None:
        """The Finish button and action: offered while the position shown has a finish
        and no automatic play is under way."""
        ready = bool(self.finish_line) and not self.auto_moves
        self.finish_action.setEnabled(ready)
        self.finish_button.setVisible(ready)

    def finish(self) -> None:
        """Play the finish, animated: its first move is the player's, so one Undo
        takes the whole finish back."""
        line = self.finish_line
        if not line or self.auto_moves:
            return
        if self.play(line[0]) and len(line) > 1 and not self.game.is_won(self.session.state):
            self.stuck_timer.stop()
            self.finish_for = None  # the rest is known: this line's
            self.auto_moves = list(line[1:])  # the rest of the same line (it holds any safe card)
            self._update_finish()
            self.auto_timer.start()

    @guarded
    def _check_stuck(self) -> None:
        self.blocked.check()  # off the GUI thread; the notice comes with the answer

    def _stop_pending(self) -> None:
        self.auto_moves = []
        self.finish_for = None
        self.auto_timer.stop()
        self.stuck_timer.stop()
        self.blocked.cancel()
        self.end_hint()
        self.solver.stop_demo()
        self.view.stop_celebration()
        self.notices.dismiss("stuck")
        self.notices.dismiss("hint")

    def win(self) -> None:
        self.records.won(self.session)
        self.update_status()
        deal = self.session.deal
        said = (_("{game}: deal {deal} won.").format(game=self.game.name, deal=deal) if deal is not None
                else _("{game}: won.").format(game=self.game.name))
        self.notices.notify("won", said, [(_("New deal"), self.new_deal)])
        self.interaction.cursor = None
        self.interaction.refresh()
        self.view.clear_highlights()
        count = self.session.move_count
        self.view.overlay(_("You won!"), ngettext("{count} move in {time}", "{count} moves in {time}", count).format(
            count=count, time=clock_text(self.session.elapsed)))
        QTimer.singleShot(0, self.view, self.view.celebrate)  # after the notice resizes the table; dropped with the view

    def _save(self) -> None:
        """Write the session, once it has moves (an untouched deal keeps an offered save)."""
        if self.saves is None or not self.session.moves:
            return
        try:
            self.saves.write(self.session)
        except OSError as exc:
            self.notices.notify("save", _("The game could not be saved: {error}").format(error=exc), kind="error")
            return
        except SaveError as exc:  # past the moves a save holds: play goes on, unsaved
            self.notices.notify("save", _("Moves from here are not saved ({why}). The game goes on; "
                                          "the saved game stays at its last saved move.").format(why=exc.said),
                                kind="warning")
            return
        if "save" in self.notices.notices:  # saved again (e.g. undone back under the limit)
            self.notices.dismiss("save")
        self.records.saved(self.session)

    # --- commands -----------------------------------------------------------------------
    def new_deal(self) -> None:
        if self.solver.winnable_only:
            self.solver.new_winnable_deal()
            return
        self.start(self.game, None, self.session.options)

    def restart(self) -> None:
        if self.records.needs_new_attempt(self.session):  # after a recorded (won) game
            self.set_session(fresh_attempt(self.session), new_deal=True)
            return
        self._stop_pending()
        self.session.restart()
        self.view.clear_overlay()
        self.notices.dismiss("won")
        self.refresh()

    def undo(self) -> None:
        self._stop_pending()
        if self.groups.undo(self.session):
            self.view.clear_overlay()
            self.notices.dismiss("won")
            self.refresh()

    def redo(self) -> None:
        self._stop_pending()
        before = self.session.state
        if self.groups.redo(self.session):
            if not self.refresh():
                self._not_made(before)
            elif self.game.is_won(self.session.state):
                self.win()

    def hint(self) -> None:
        """The hint; pressed again on the same position, the next suggestion."""
        move = self.hints.next(self.session.state)
        if move is None:
            self.solver.hint()
        else:
            self._mark_hint(move)

    @guarded  # the suggestions are ranked, and the move told, in the game's words
    def show_hint(self, move: Move | None, source: str = "") -> None:
        """Highlight ``move``'s cards and target until the player acts; ``source`` says
        where the hint came from."""
        if move is None:  # no move helps: said, and the way back offered (the stuck notice offers it too)
            self.hint_text = words.no_move_helps()
            self.statusBar().showMessage(self.hint_text)
            if "stuck" not in self.notices.notices:
                self.notices.notify("hint", self.hint_text, [(_("Undo"), self.undo), (_("Restart"), self.restart)],
                                    kind="warning")
            return
        self.hints.start(self.game, self.session.state, move, source)
        self._mark_hint(move)

    @guarded
    def _mark_hint(self, move: Move) -> None:
        hints = self.hints
        if move.is_draw:
            self.view.highlight(zones=[s.zone for s in self.view.model.slots if s.role == "stock"])
        else:
            self.view.highlight(zones=[move.dst], cards=self.view.zone_cards(move.src)[-move.n:])
        source = hints.source if hints.shown == 0 else _("suggestion {number} of {count}").format(
            number=hints.shown + 1, count=len(hints.moves))
        self.hint_text = words.hint(self.game.describe_move(self.session.state, move), source)
        self.statusBar().showMessage(self.hint_text)

    def end_hint(self) -> None:
        """The player acted: the hint's marks and words go."""
        if self.hint_text or self.hints.active:
            shown, self.hint_text = self.hint_text, ""
            self.hints.clear()
            self.view.clear_highlights()
            if self.statusBar().currentMessage() == shown:
                self.statusBar().clearMessage()

    def _hint_back(self, message: str) -> None:
        """A passing message (the cursor's place) has gone: the hint is said again."""
        if not message and self.hint_text:
            self.statusBar().showMessage(self.hint_text)

    @guarded
    def choose_game(self, game_id: str) -> None:
        game = self.games[game_id]
        if game is not self.game:
            self.set_session(session_with(game, random_deal(), self.settings.options(game_id), {}), new_deal=True)

    def ask_deal(self) -> None:
        dialog = dialogs.DealDialog(self.session.deal, self)
        if dialog.exec() and dialog.deal() is not None:
            self.start(self.game, dialog.deal(), self.session.options)

    def ask_options(self) -> None:
        dialog = dialogs.OptionsDialog(self.game, self.session.options, self)
        if dialog.exec():
            self.apply_options(dialog.values())

    def apply_options(self, values: Mapping[str, str]) -> bool:
        """The same deal again with other options."""
        return self.start(self.game, self.session.deal, values)

    def show_rules(self) -> None:
        if self.rules_dialog is None:
            self.rules_dialog = dialogs.RulesDialog(self.game, self)
        self.rules_dialog.show()
        self.rules_dialog.raise_()

    def set_autoplay(self, on: bool) -> None:
        self.settings.autoplay = on

    def set_autofinish(self, on: bool) -> None:
        self.settings.autofinish = on

    def toggle_full_screen(self) -> None:
        self.showNormal() if self.isFullScreen() else self.showFullScreen()

    def use_back(self, name: str) -> None:
        self.painter.set_back(name)
        self.settings.back = name
        self.view.repaint_cards()

    def use_language(self, code: str) -> None:
        """Speak ``code`` ("" the system's) from now on: menus, the table's words, Qt's dialogs."""
        self.settings.language = code
        language.apply(code)
        self.texts.retranslate()
        self.setWindowTitle(_("{game} \u2014 Solitaire").format(game=self.game.name))
        self.view.show_scene(partial(scene_for, self.game, self.session.state), animate=False)  # labels, ranks
        self.interaction.refresh()
        self.update_status()

    def use_table(self, name: str) -> None:
        self.view.set_table(name)
        self.settings.table = name

    @cached_property
    def deck_name(self) -> str:
        """The deck chosen last; if none was, an illustrated deck when one is installed."""
        chosen = self.settings.deck
        if chosen == DRAWN_DECK or chosen in self.decks:
            return chosen
        return default_deck(self.decks) or DRAWN_DECK

    def use_deck(self, name: str, remember: bool = True) -> None:
        deck = None
        self.deck_name = name if name in self.decks else DRAWN_DECK
        if name in self.decks:
            try:
                deck = SvgDeck(self.decks[name])
            except ValueError as exc:
                self.notices.notify("deck", str(exc), kind="warning")
                name = self.deck_name = DRAWN_DECK
        self.painter.set_deck(deck)
        if remember:
            self.settings.deck = name
        self.view.repaint_cards()

    # --- status ---------------------------------------------------------------------------
    @guarded
    def update_status(self) -> None:
        session = self.session
        figures = self.game.status(session.state)
        self.figures.setText("   ".join(words.figure(label, text) for label, text in figures))
        self.moves_label.setText(_("Moves: {count}").format(count=session.move_count))
        self.time_label.setText(_("Time: {time}").format(time=clock_text(session.elapsed)))
        self.deal_label.setText(_("Deal {deal}").format(deal=session.deal) if session.deal is not None
                                else _("Custom deal"))
        self.undo_action.setEnabled(session.can_undo())
        self.redo_action.setEnabled(session.can_redo())
        self.restart_action.setEnabled(session.can_undo())
        self.records.update_status()

    def closeEvent(self, event) -> None:
        self._stop_pending()  # no timer may start a search or a move once the window is closing
        self.clock.stop()
        if self.saves is not None:
            self.settings.geometry = self.saveGeometry()
            self._save()
            self.settings.sync()
        attempt(self.game_failed, self.records.quitting, self.session)
        self.blocked.worker.shutdown()  # before the solver processes it waits for stop
        self.finishing.worker.shutdown()
        self.solver.shutdown()
        super().closeEvent(event)
