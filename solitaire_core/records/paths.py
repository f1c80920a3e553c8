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
SETTINGS_FILE = "settings.ini"  # the app's settings, here only when ENV is set
SURVEY_FILE = "survey.sqlite3"  # the answers of ``solitaire survey``


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


def survey_path(override: str | os.PathLike | None = None) -> Path:
    """The answers of winnability surveys (``solitaire survey``)."""
    return data_dir(override) / SURVEY_FILE


def kept_files(override: str | os.PathLike | None = None) -> tuple[Path, ...]:
    """Every file and folder the program keeps in the data folder (a new one belongs
    here): *Save game as* never writes over one of them, nor into a kept folder."""
    from ..journal import SUFFIX as JOURNAL
    from ..seal import KEY_FILE
    from .outbox import FOLDER as OUTBOX

    folder = data_dir(override)
    records, autosave, survey = folder / RECORDS_FILE, folder / AUTOSAVE_FILE, folder / SURVEY_FILE
    return (*(db.with_name(db.name + s) for db in (records, survey) for s in ("", "-wal", "-shm", "-journal")),
            autosave, autosave.with_suffix(JOURNAL), folder / SETTINGS_FILE, folder / KEY_FILE, folder / OUTBOX)


def is_kept(path: str | os.PathLike, others: tuple = (), override: str | os.PathLike | None = None) -> bool:
    """Whether ``path`` is (by name, a symlink or a hard link) one of ``kept_files`` or
    ``others``, or lies in one of them."""
    target = Path(path)
    try:
        where = target.resolve()
        for kept in (*kept_files(override), *others):
            kept = Path(kept)
            if where == kept.resolve() or kept.resolve() in where.parents \
                    or target.exists() and kept.exists() and target.samefile(kept):
                return True
    except (OSError, RuntimeError):  # a loop of symlinks, a folder that cannot be looked into: refused too
        return True
    return False
