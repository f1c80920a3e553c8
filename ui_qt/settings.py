"""What the app remembers between runs (QSettings) and where its files live.

``SOLITAIRE_DATA_DIR`` moves the data folder (saves) and, with it, the
settings into an INI file there: tests and portable installs use it.
QSettings reads its file whole when it is made, and would hang on a FIFO:
the file is read first (``inputs.read_bytes``), and one that is not a plain
text file of a sane size, or that QSettings cannot parse, is moved aside
(``problem`` says so).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths

from solitaire_core.i18n import _
from solitaire_core.inputs import FileRefused, read_bytes, set_aside
from solitaire_core.records.paths import ENV, SETTINGS_FILE, data_dir

SETTINGS_LIMIT = 1 << 20  # bytes; the app writes well under 10 KB


def settings_file() -> Path | None:
    """The file QSettings keeps the settings in; None where they are not in a file of ours
    (the Windows registry, a macOS property list)."""
    if os.environ.get(ENV):
        return data_dir() / SETTINGS_FILE
    if sys.platform in ("win32", "darwin"):
        return None
    config = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    return Path(config) / "solitaire" / "solitaire.conf"


def _open(path: Path | None) -> QSettings:
    if path is None:
        return QSettings("solitaire", "solitaire")
    return QSettings(str(path), QSettings.Format.IniFormat)


class Unkept:
    """Settings for this run only, when their file can be neither read nor set aside."""

    def __init__(self):
        self.values: dict = {}

    def value(self, key: str, default=None):
        return self.values.get(key, default)

    def setValue(self, key: str, value) -> None:  # noqa: N802 (QSettings' name)
        self.values[key] = value

    def sync(self) -> None:
        pass


class Settings:
    """Typed access to the few things the app keeps."""

    def __init__(self, store: QSettings | None = None):
        self.problem = ""  # what was wrong with the settings file, for a notice
        self.store = self._checked(settings_file()) if store is None else store

    def _checked(self, path: Path | None) -> QSettings | Unkept:
        """QSettings on ``path`` once it is safe to read, else settings kept for this run only."""
        if path is None:
            return _open(None)
        try:
            text = read_bytes(path, SETTINGS_LIMIT)
            if b"\0" in text:
                raise FileRefused(_("it is not a settings file"))
            text.decode("utf-8")
        except FileNotFoundError:
            return _open(path)
        except (FileRefused, UnicodeDecodeError) as exc:
            why = str(exc) if isinstance(exc, FileRefused) else _("it is not a settings file")
            return _open(path) if self._set_aside(path, why) else Unkept()
        except OSError as exc:  # a folder that cannot be looked into
            self.problem = _("The settings file {path} cannot be read ({error}); settings are not kept this time.").format(
                path=path, error=exc)
            return Unkept()
        store = _open(path)
        if store.status() == QSettings.Status.AccessError:
            self.problem = _("The settings file {path} cannot be read; settings are not kept this time.").format(path=path)
            return Unkept()
        if store.status() == QSettings.Status.FormatError:
            del store
            return _open(path) if self._set_aside(path, _("it is not a settings file")) else Unkept()
        return store

    def _set_aside(self, path: Path, why: str) -> bool:
        try:
            aside = set_aside(path)
        except OSError as exc:
            self.problem = _("The settings file {path} cannot be used ({why}) nor moved aside ({error}); "
                             "settings are not kept this time.").format(path=path, why=why, error=exc)
            return False
        self.problem = _("The settings file {path} could not be used ({why}); it was moved to {aside}.").format(
            path=path, why=why, aside=aside)
        return True

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
        except (ValueError, RecursionError):
            return {}
        if not isinstance(value, dict):
            return {}
        return {str(k): str(v) for k, v in value.items() if isinstance(v, (str, int, float))}

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

    @property
    def autofinish(self) -> bool:
        """Play a finish without asking (off unless turned on: a Finish button offers it)."""
        return self.store.value("autofinish", False) in (True, "true")

    @autofinish.setter
    def autofinish(self, on: bool) -> None:
        self.store.setValue("autofinish", bool(on))

    # The language chosen in the View menu ("en", "fr"); "" follows the system's.
    language = property(lambda self: self._text("language"), lambda self, v: self.store.setValue("language", v))
    back = property(lambda self: self._text("back"), lambda self, v: self.store.setValue("back", v))
    table = property(lambda self: self._text("table"), lambda self, v: self.store.setValue("table", v))
    deck = property(lambda self: self._text("deck"), lambda self, v: self.store.setValue("deck", v))
    folder = property(lambda self: self._text("folder") or str(Path.home()),  # Open and Save as start there
                      lambda self, v: self.store.setValue("folder", v))

    def sync(self) -> None:
        self.store.sync()
