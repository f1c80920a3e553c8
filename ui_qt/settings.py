"""What the app remembers between runs (QSettings) and where its files live.

``SOLITAIRE_DATA_DIR`` moves the data folder (saves) and, with it, the
settings into an INI file there: tests and portable installs use it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs
from PySide6.QtCore import QByteArray, QSettings

DATA_DIR_VARIABLE = "SOLITAIRE_DATA_DIR"


def data_dir() -> Path:
    """The user's data folder: saves go here."""
    return Path(os.environ.get(DATA_DIR_VARIABLE) or platformdirs.user_data_dir("solitaire"))


class Settings:
    """Typed access to the few things the app keeps."""

    def __init__(self, store: QSettings | None = None):
        if store is None:
            if os.environ.get(DATA_DIR_VARIABLE):
                store = QSettings(str(data_dir() / "settings.ini"), QSettings.Format.IniFormat)
            else:
                store = QSettings("solitaire", "solitaire")
        self.store = store

    def _text(self, key: str, default: str = "") -> str:
        value = self.store.value(key, default)
        return value if isinstance(value, str) else default

    @property
    def last_game(self) -> str:
        return self._text("last_game")

    @last_game.setter
    def last_game(self, game_id: str) -> None:
        self.store.setValue("last_game", game_id)

    def options(self, game_id: str) -> dict[str, str]:
        """The options last chosen for a game, as text (checked by the game)."""
        try:
            value = json.loads(self._text(f"options/{game_id}", "{}"))
        except ValueError:
            return {}
        return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}

    def set_options(self, game_id: str, options: dict) -> None:
        self.store.setValue(f"options/{game_id}", json.dumps({k: str(v) for k, v in options.items()}))

    @property
    def geometry(self) -> QByteArray | None:
        value = self.store.value("geometry")
        return value if isinstance(value, QByteArray) else None

    @geometry.setter
    def geometry(self, value: QByteArray) -> None:
        self.store.setValue("geometry", value)

    back = property(lambda self: self._text("back"), lambda self, v: self.store.setValue("back", v))
    table = property(lambda self: self._text("table"), lambda self, v: self.store.setValue("table", v))
    deck = property(lambda self: self._text("deck"), lambda self, v: self.store.setValue("deck", v))

    def sync(self) -> None:
        self.store.sync()
