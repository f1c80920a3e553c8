"""The running game's save: written after every move, offered on the next launch.

It lives where the records say (``records.paths.autosave_path()``), beside the
statistics. A save that cannot be loaded is moved aside (never deleted, never
fatal) and the reason is handed back for a notice.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from solitaire_core.errors import SaveError
from solitaire_core.records import autosave_path
from solitaire_core.records.paths import AUTOSAVE_FILE
from solitaire_core.session import Session

SAVE_NAME = AUTOSAVE_FILE
LEGACY_NAME = "current.json"  # what the first versions of the app wrote


class SaveSlot:
    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else autosave_path()

    def write(self, session: Session) -> None:
        """Save the session; a finished game leaves nothing to resume."""
        if session.is_won:
            self.clear()
        else:
            session.save(self.path)

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)

    def read(self, games) -> tuple[Session | None, str]:
        """The saved session, or None and why not (empty when there is no save)."""
        legacy = self.path.with_name(LEGACY_NAME)
        if not self.path.exists() and legacy.exists():
            try:
                legacy.replace(self.path)
            except OSError as exc:
                return None, f"The saved game {legacy} could not be moved to {self.path}: {exc}."
        if not self.path.exists():
            return None, ""
        try:
            session = Session.load(self.path, games)
        except SaveError as exc:
            aside = self.path.with_name(f"{self.path.stem}.damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
            try:
                self.path.replace(aside)
                where = f"it was moved to {aside}"
            except OSError as move_error:
                where = f"it could not be moved aside either ({move_error})"
            return None, f"The saved game could not be loaded: {exc}. {where[0].upper()}{where[1:]}."
        if session.is_won:
            self.clear()
            return None, ""
        return session, ""
