"""What the window does about records: when a game counts, the running total, files, statistics.

When a game is recorded (as we understand KPatience to do it):

- when it is won, at once;
- when the player leaves it for another: a new deal, another deal number or
  options, another game, a game opened from a file; the result is then
  ``lost`` if no move could change the outcome, else ``abandoned``;
- Restart goes back to the start of the same attempt and records nothing,
  except after a recorded game (won): then it starts a new attempt;
- quitting keeps the game in the automatic save and offers it on the next
  launch, so it is not left yet: it is recorded when the player finally
  leaves it, or when a move in another game replaces the save. A deal with
  no move is not saved, so quitting leaves it (a Vegas stake is paid).

A session is recorded at most once (``Recorder``): a won game followed by a
new deal, or undone and won again, counts once.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel

from solitaire_core.errors import SaveError
from solitaire_core.i18n import N_, _
from solitaire_core.records.paths import autosave_path, is_kept
from solitaire_core.session import Session

from . import stats_dialog
from .recording import Recorder
from .saves import LEGACY_NAME
from .settings import settings_file

FILE_FILTER = N_("Solitaire games (*.json);;All files (*)")


def same_game(one: Session, other: Session) -> bool:
    """The same game of the same deal and options from the same start (one further on, or back)."""
    return (one.game is other.game and one.deal == other.deal and dict(one.options) == dict(other.options)
            and one.states[0] == other.states[0])


def fresh_attempt(session: Session) -> Session:
    """The same deal (or starting position) and options, from the start, with a clean record."""
    return Session(session.game, session.deal, session.options,
                   start=session.states[0] if session.custom_start else None)


class RecordsActions:
    """``recorder`` None: nothing is recorded (screenshots, benchmarks); files still work."""

    def __init__(self, window, recorder: Recorder | None):
        self.window, self.recorder = window, recorder
        self.offered: Session | None = None  # the saved game offered at launch, while its save stands
        self.continued: Session | None = None  # a file of the game in progress, opened: that game goes on
        self.dialog = None
        self.total_label = QLabel()
        window.texts.set(self.total_label.setAccessibleName, N_("Running total"))
        self.total_label.setVisible(False)
        window.statusBar().addPermanentWidget(self.total_label)
        self.save_as_action = self._action(N_("Save game &as\u2026"), self.save_as, "Ctrl+Shift+S",
                                           N_("Save this game to a file"))
        self.open_action = self._action(N_("&Open game\u2026"), self.open_game, "Ctrl+O", N_("Open a saved game"))
        self.stats_action = self._action(N_("&Statistics\u2026"), self.show_statistics, "Ctrl+T",
                                         N_("Your results, game by game"))
        self.reset_total_action = self._action(N_("Reset running &total\u2026"), self.reset_total, "",
                                               N_("Start the running total again from 0"))
        self.stats_action.setEnabled(recorder is not None)
        if recorder is not None:
            recorder.on_delivered = self._delivered

    def _action(self, text: str, slot, shortcut: str, tip: str) -> QAction:
        action = QAction(self.window)
        self.window.texts.set(action.setText, text)  # marked texts, set again on a change of language
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        self.window.texts.set(action.setToolTip, tip)
        action.triggered.connect(lambda _checked=False: slot())  # ``checked`` must never become the path
        self.window.addAction(action)
        return action

    def add_to(self, menu) -> None:
        menu.addSeparator()
        menu.addAction(self.open_action)
        menu.addAction(self.save_as_action)
        menu.addSeparator()
        menu.addAction(self.stats_action)
        menu.addAction(self.reset_total_action)

    # --- when games count ---------------------------------------------------------
    def leave(self, old: Session, new: Session) -> None:
        """``old`` makes way for ``new`` on the table."""
        if self.recorder is None or old is new:
            return
        if new is self.offered:  # "Continue": the deal shown at launch was never played
            self.offered = None
        elif new is self.continued:  # the same game from its file: not left
            self.continued = None
        else:  # lost exactly when the table found it blocked
            self.recorder.record(old, self.window.blocked.result(old))
        if new.is_won:  # opened from a file: counted when it was won
            self.recorder.mark(new)
        self.recorder.forget_cached()
        self._refresh_dialog()

    def _delivered(self, recovered: bool) -> None:
        """Games reached the store (written off the GUI thread): show the figures they change."""
        if recovered:
            self.window.notices.dismiss("records")
        self.update_status()
        self._refresh_dialog()

    def won(self, session: Session) -> None:
        if self.recorder is not None and self.recorder.record(session):
            self._refresh_dialog()

    def saved(self, session: Session) -> None:
        """The automatic save now holds ``session``: a game offered from it is left."""
        if self.offered is not None and session is not self.offered:
            if self.recorder is not None:
                self.recorder.record(self.offered)
            self.offered = None
            self.window.notices.dismiss("resume")

    def needs_new_attempt(self, session: Session) -> bool:
        return self.recorder is not None and self.recorder.recorded(session)

    def quitting(self, session: Session) -> None:
        if self.recorder is not None:
            if not session.moves:  # nothing saved to resume: the deal is left
                self.recorder.record(session)
            self.recorder.close()

    # --- the running total ------------------------------------------------------------
    def update_status(self) -> None:
        session = self.window.session
        total = self.recorder.total(session) if self.recorder is not None else None
        self.total_label.setVisible(total is not None)
        self.total_label.setText("" if total is None else _("Total: {total}").format(total=total))
        self.reset_total_action.setEnabled(total is not None)

    def reset_total(self) -> None:
        session = self.window.session
        if self.recorder is None or not stats_dialog.confirm(
                self.window, _("Reset running total"),
                _("Start the running total of {game} again from 0? "
                  "This game's score will count from there.").format(game=session.game.name)):
            return
        game = session.game
        if self.recorder.reset_total(session, lambda problem: self._total_reset(game, problem)):
            self.window.statusBar().showMessage(_("Resetting the running total of {game}\u2026").format(game=game.name))

    def _total_reset(self, game, problem: str) -> None:
        """The reset was written off the GUI thread: said when it is done, or why it could not be."""
        if problem:
            self.window.notices.notify("records", _("The running total of {game} could not be reset: {problem}. "
                                                    "Nothing was changed; try again later.").format(
                game=game.name, problem=problem), kind="warning")
            self.window.statusBar().clearMessage()
        else:
            self.window.statusBar().showMessage(
                _("The running total of {game} starts again from 0.").format(game=game.name), 4000)
        self.update_status()
        self._refresh_dialog()

    # --- statistics ----------------------------------------------------------------------
    def _refresh_dialog(self) -> None:
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.load()

    def show_statistics(self) -> None:
        if self.recorder is None:
            return
        if self.dialog is None:
            self.dialog = stats_dialog.StatsDialog(self.window.games, self.recorder, self.window.game.id, self.window)
        else:
            self.dialog.chooser.setCurrentIndex(self.dialog.chooser.findData(self.window.game.id))
            self.dialog.load()
        self.dialog.show()
        self.dialog.raise_()

    # --- files ------------------------------------------------------------------------------
    def _key(self) -> bytes | None:
        """The app's seal key: its own files open without a full check of every move."""
        return self.window.saves.key if self.window.saves is not None else None

    def save_as(self, path: str | None = None) -> bool:
        """Write the game to ``path`` (asked for when None); False when nothing was written."""
        window = self.window
        asked = path is None
        if asked:  # the dialog does not ask to replace: a file of the program's is refused first, at once
            path, _chosen = QFileDialog.getSaveFileName(window, _("Save game as"), window.settings.folder,
                                                        _(FILE_FILTER), "",
                                                        QFileDialog.Option.DontConfirmOverwrite)
            if not path:
                return False
            if not Path(path).suffix:
                path += ".json"
            window.settings.folder = str(Path(path).parent)
        slot = window.saves.path if window.saves is not None else autosave_path()
        if is_kept(path, tuple(p for p in (slot, slot.with_name(LEGACY_NAME), settings_file()) if p)):
            window.notices.notify("file", _("The game was not saved to {path}: the program keeps its own data "
                                            "there (statistics, settings, the game in progress). "
                                            "Choose another name.").format(path=path), kind="error")
            return False
        if asked and Path(path).exists() and not stats_dialog.confirm(
                window, _("Save game as"), _("{name} already exists. Replace it?").format(name=Path(path).name)):
            return False
        try:
            window.session.save(path, key=self._key())
        except (OSError, SaveError) as exc:
            why = exc.said if isinstance(exc, SaveError) else exc
            window.notices.notify("file", _("The game could not be saved to {path}: {why}").format(path=path, why=why),
                                  kind="error")
            return False
        window.statusBar().showMessage(_("Saved to {path}").format(path=path), 4000)
        return True

    def open_game(self, path: str | None = None) -> bool:
        """Put the game saved in ``path`` on the table; a bad file changes nothing and says why."""
        window = self.window
        if path is None:
            path, _chosen = QFileDialog.getOpenFileName(window, _("Open game"), window.settings.folder, _(FILE_FILTER))
            if not path:
                return False
            window.settings.folder = str(Path(path).parent)
        try:
            session = Session.load(path, window.games, key=self._key())
        except SaveError as exc:
            window.notices.notify("file", _("Cannot open {file}: {why}").format(file=Path(path).name, why=exc.said),
                                  kind="error")
            return False
        window.notices.dismiss("file")
        self.continued = session if same_game(window.session, session) else None
        window.set_session(session)
        return True
