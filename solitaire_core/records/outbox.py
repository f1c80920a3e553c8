"""Games recorded but not yet in the store: one JSON file each, in a folder beside it.

A game goes here first (written atomically: a kill leaves the file whole or
absent), then into the store, then its file is removed. A store that cannot
be written now (another program holds it locked, the disk fails) leaves the
file for later: the next game recorded, the next start, or a retry. Every
record carries a ``uid`` and the store keeps a uid once, so a record written
to the store just before a crash, and still here, does not count twice.
Several copies of the app may deliver from one folder at once for the same reason.
"""

from __future__ import annotations

import json
import logging
import os
import time
import uuid
from datetime import datetime
from pathlib import Path

from ..i18n import _
from ..inputs import read_bytes
from ..session import write_atomic
from .figures import GameRecord, StoreError
from .paths import data_dir

log = logging.getLogger(__name__)

FOLDER = "records-outbox"
FORMAT = "solitaire-record"
VERSION = 1
ENTRY_LIMIT = 64 * 1024  # bytes: a record is about 400
DAMAGED = ".damaged"  # the suffix of a file that is not a record, kept for a person to look at


def outbox_dir(store_path: str | os.PathLike | None = None) -> Path:
    """The outbox beside the statistics file ``store_path`` (by default, in the data folder)."""
    return Path(store_path).parent / FOLDER if store_path is not None else data_dir() / FOLDER


def new_uid() -> str:
    return uuid.uuid4().hex


def mark() -> str:
    """Sorts after the name of every record kept until now, before any kept later."""
    return f"{time.time_ns():020d}"


class Outbox:
    """The records waiting in ``folder``; ``notices`` says what was set aside, for the player."""

    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)
        self.notices: list[str] = []

    def put(self, record: GameRecord, running_total: str | None = None) -> Path:
        """Keep ``record`` (it must have a ``uid``) until it is delivered; ``OSError`` if it cannot be."""
        if not record.uid:
            raise ValueError(_("a record waits in the outbox under its uid"))
        entry = {"format": FORMAT, "version": VERSION, "running_total": running_total, "record": {
            "game": record.game, "options": dict(record.options), "deal": record.deal, "result": record.result,
            "moves": record.moves, "score": record.score, "duration": record.duration,
            "started": record.started.isoformat(), "ended": record.ended.isoformat(), "uid": record.uid,
            "account": None if record.account is None else dict(record.account)}}
        path = self.folder / f"{mark()}-{record.uid}.json"  # named in the order kept
        write_atomic(path, json.dumps(entry) + "\n")
        return path

    def pending(self, look: bool = False) -> list[tuple[Path, GameRecord, str | None]]:
        """The records waiting, oldest first; a file that is not one is set aside (``look``:
        left as it is, for a command that only reads)."""
        try:
            paths = sorted(self.folder.glob("*.json"))
        except OSError:
            return []
        waiting = []
        for path in paths:
            try:
                waiting.append((path, *self._read(path)))
            except FileNotFoundError:  # delivered meanwhile by another copy of the app
                continue
            except (OSError, ValueError, TypeError, KeyError, RecursionError, StoreError) as exc:
                if not look:
                    self._set_aside(path, exc)
        return waiting

    def deliver(self, store, kept: list[str] | None = None, before: str | None = None) -> list[str]:
        """Write every waiting record into ``store`` (``before``: those kept before that ``mark``),
        each removed once kept; the uids kept (added to ``kept`` as they go). ``StoreError`` at
        the first that cannot be written: it and the rest stay."""
        kept = [] if kept is None else kept
        for path, record, running_total in self.pending():
            if before is not None and path.name >= before:
                break
            store.record(record, running_total=running_total)
            path.unlink(missing_ok=True)
            kept.append(record.uid)
        return kept

    def _read(self, path: Path) -> tuple[GameRecord, str | None]:
        entry = json.loads(read_bytes(path, ENTRY_LIMIT))
        if entry.get("format") != FORMAT or entry.get("version") != VERSION:
            raise ValueError(_("it is not a game record of this program"))
        fields = dict(entry["record"])
        for name in ("started", "ended"):
            fields[name] = datetime.fromisoformat(fields[name])
        running_total = entry.get("running_total")
        if running_total is not None and not isinstance(running_total, str):
            raise ValueError(_("its running total must be an option name"))
        record = GameRecord(**fields)
        if not isinstance(record.uid, str) or not record.uid:
            raise ValueError(_("it has no uid"))
        return record, running_total

    def _set_aside(self, path: Path, problem: Exception) -> None:
        aside = path.with_name(path.name + DAMAGED)
        try:
            os.replace(path, aside)
            where = _("it was renamed {name}").format(name=aside.name)
        except OSError as exc:
            where = _("it could not be renamed either ({error})").format(error=exc)
        notice = _("A waiting game record {path} cannot be read and is not recorded ({problem}); {where}.").format(
            path=path, problem=problem, where=where)
        log.info(notice)
        self.notices.append(notice)
