"""What the app remembers between runs (QSettings) and where its files live.

``SOLITAIRE_DATA_DIR`` moves the data folder (saves) and, with it, the
settings into an INI file there: tests and portable installs use it.
"""

from __future__ import annotations

import json
import os

from PySide6.QtCore import QByteArray, QSettings

from solitaire_core.records.paths import ENV, data_dir


class Settings:
    """Typed access to the few things the app keeps."""

    def __init__(self, store: QSettings | None = None):
        if store is None:
            if os.environ.get(ENV):
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

    @property
    def autoplay(self) -> bool:
        """Play safe cards up after each move (on unless turned off)."""
        return self.store.value("autoplay", True) in (True, "true")

    @autoplay.setter
    def autoplay(self, on: bool) -> None:
        self.store.setValue("autoplay", bool(on))

    back = property(lambda self: self._text("back"), lambda self, v: self.store.setValue("back", v))
    table = property(lambda self: self._text("table"), lambda self, v: self.store.setValue("table", v))
    deck = property(lambda self: self._text("deck"), lambda self, v: self.store.setValue("deck", v))

    def sync(self) -> None:
        self.store.sync()
