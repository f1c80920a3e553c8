"""The running game's save: written after every move, offered on the next launch.

It lives where the records say (``records.paths.autosave_path()``), beside the
statistics. A save that cannot be loaded is moved aside (never deleted, never
fatal) and the reason is handed back for a notice.
"""

from __future__ import annotations

import os
from pathlib import Path

from solitaire_core.errors import SaveError
from solitaire_core.i18n import _
from solitaire_core.inputs import set_aside
from solitaire_core.journal import Journal
from solitaire_core.records import autosave_path
from solitaire_core.records.paths import AUTOSAVE_FILE
from solitaire_core.registry import game_failure
from solitaire_core.seal import app_key
from solitaire_core.session import Session

SAVE_NAME = AUTOSAVE_FILE
LEGACY_NAME = "current.json"  # what the first versions of the app wrote


class SaveSlot:
    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else autosave_path()
        self.stuck = False  # a damaged save that could not be moved aside (and was reported)
        self.failed_game: str | None = None  # the game whose own code failed replaying the save
        self.key = app_key(self.path.parent)  # seals this app's saves, for a quick resume
        self.journal = Journal(self.path, self.key)  # the save and the moves since, one line each

    def write(self, session: Session) -> None:
        """Save the session; a finished game leaves nothing to resume."""
        if session.is_won:
            self.clear()
        else:
            self.journal.write(session)

    def clear(self) -> None:
        """Remove the save (``OSError`` if it cannot be), except a damaged one already reported."""
        try:
            self.journal.clear()
        except OSError:
            if not self.stuck:
                raise

    def read(self, games) -> tuple[Session | None, str]:
        """The saved session, or None and why not (empty when there is no save); never raises."""
        try:
            return self._read(games)
        except OSError as exc:  # a folder that cannot be looked into
            self.stuck = True
            return None, _("The saved game {path} cannot be read: {error}.").format(path=self.path, error=exc)

    def _read(self, games) -> tuple[Session | None, str]:
        legacy = self.path.with_name(LEGACY_NAME)
        if not self.path.exists() and legacy.exists():
            try:
                legacy.replace(self.path)
            except OSError as exc:
                return None, _("The saved game {old} could not be moved to {path}: {error}.").format(
                    old=legacy, path=self.path, error=exc)
        if not self.path.exists():
            return None, ""
        try:
            session = self.journal.read(games)
            won = session.is_won
        except Exception as exc:
            self.failed_game, failure = (None, exc.said) if isinstance(exc, SaveError) else _game_failure(games, exc)
            if failure is None:  # no game's failure: a bug of the program stays loud
                raise
            try:
                moved = set_aside(self.path)
                if self.journal.journal.exists():
                    where = _("It was moved to {path} (and its journal to {journal}).").format(
                        path=moved, journal=set_aside(self.journal.journal))
                else:
                    where = _("It was moved to {path}.").format(path=moved)
            except OSError as move_error:
                self.stuck = True
                where = _("It could not be moved aside either ({error}).").format(error=move_error)
            return None, _("The saved game could not be loaded: {failure}. {where}").format(failure=failure, where=where)
        if won:
            self.clear()
            return None, ""
        return session, ""


def _game_failure(games, exc: Exception) -> tuple[str | None, str | None]:
    """The game whose own code raised ``exc`` (replaying its save) and ``the game X failed: ...``."""
    return next(((game_id, failure) for game_id, game in games.items()
                 if (failure := game_failure(game, exc)) is not None), (None, None))
