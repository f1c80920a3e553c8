"""Where the player's files live: one folder, chosen once for the app and the tests.

The folder is, first found: the ``data_dir`` a caller passes, the environment
variable ``SOLITAIRE_DATA_DIR`` (tests and portable installs), then the
platform's user data folder from platformdirs.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "solitaire"
ENV = "SOLITAIRE_DATA_DIR"
RECORDS_FILE = "records.sqlite3"
AUTOSAVE_FILE = "autosave.json"


def data_dir(override: str | os.PathLike | None = None) -> Path:
    if override is not None:
        return Path(override)
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    return Path(platformdirs.user_data_dir(APP))


def records_path(override: str | os.PathLike | None = None) -> Path:
    """The statistics database."""
    return data_dir(override) / RECORDS_FILE


def autosave_path(override: str | os.PathLike | None = None) -> Path:
    """The game in progress when the app last closed (an ordinary JSON save)."""
    return data_dir(override) / AUTOSAVE_FILE
