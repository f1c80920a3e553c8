"""The automatic save: a whole JSON save plus an append-only journal of what changed since.

Saving after a move appends one short line to the journal (``<name>.journal``),
so its cost does not grow with the game. When the journal outgrows the save,
the whole save is written again (atomically) and the journal starts afresh;
the journal's first line names the save it continues, so a journal left from
an earlier save is never applied to a newer one. A line is JSON:
``{"keep": K, "add": [moves], "position": P, "elapsed": E, "save": T, "mac": M}``:
keep the first K moves, append these, then the cursor and the clock; ``T``
names the save (a line another copy of the app appended is skipped).

A process killed mid-append leaves a torn last line: it is dropped when
reading, and the save is what it was one move earlier. Lines are flushed to
the disk by a thread of their own (``Syncer``), so the table never waits for
the disk after a move. With the app's key the save is sealed and each line's
``mac`` chains to the one before, so the whole resumes without a full check;
a line or save that does not match is checked in full.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import stat
import threading
from pathlib import Path
from typing import Any, Mapping

from . import seal
from .i18n import _
from .inputs import read_bytes
from .session import MAX_SAVE_BYTES, Session, read_save, write_atomic

SUFFIX = ".journal"
COMPACT_AT = 256 * 1024  # journal bytes before a rewrite, or twice the save's size when larger
TOKEN = "journal"  # the save's field naming its journal


def journal_path(path: Path) -> Path:
    return path.with_suffix(SUFFIX)


class Journal:
    """The files of one automatic save at ``path``; ``key`` None: unsealed, checked in full."""

    def __init__(self, path: str | os.PathLike, key: bytes | None):
        self.path = Path(path)
        self.journal = journal_path(self.path)
        self.key = key
        self._session: Session | None = None  # the session the files hold, once both are written
        self._link = ""  # the seal, then the mac of the last line
        self._token = ""  # names the save the journal continues
        self._save_bytes = self._journal_bytes = 0

    def write(self, session: Session) -> None:
        """Save ``session``: a line when the files hold it already, else the whole save.
        ``SaveError`` past the moves a save may hold (the files keep the last good save)."""
        session.check_savable()
        if session is self._session and self._journal_bytes <= max(COMPACT_AT, 2 * self._save_bytes):
            self._append(session)
        else:
            self._write_whole(session)

    def clear(self) -> None:
        self._session = None
        self.path.unlink(missing_ok=True)
        self.journal.unlink(missing_ok=True)

    def _write_whole(self, session: Session) -> None:
        self._session = None  # until both files are written
        token = secrets.token_hex(8)
        data = {**session.to_json(), TOKEN: token}
        session.changes()
        if self.key is not None:
            data = seal.sign({**data, "checkpoints": session.checkpoints()}, self.key)
        text = json.dumps(data, separators=(",", ":")) + "\n"
        write_atomic(self.path, text)
        write_atomic(self.journal, json.dumps({"save": token}) + "\n")  # replaces whatever was there
        self._session, self._link, self._token = session, data.get(seal.FIELD, ""), token
        self._save_bytes, self._journal_bytes = len(text), 0

    def _append(self, session: Session) -> None:
        kept, added = session.changes()
        line = {"keep": kept, "add": [session.game.format_move(m) for m in added],
                "position": session.position, "elapsed": round(session.elapsed, 3), "save": self._token}
        if self.key is not None:
            line[seal.LINK] = seal.mac(self.key, self._link.encode(), seal.canonical(line))
        raw = (json.dumps(line, separators=(",", ":")) + "\n").encode()
        try:
            fd = _open_to_append(self.journal)
            try:
                if os.write(fd, raw) != len(raw):
                    raise OSError(_("{path}: the disk took part of a line").format(path=self.journal))
            finally:
                os.close(fd)
        except OSError:
            self._session = None  # perhaps half a line: the next save writes both files afresh
            raise
        self._link = line.get(seal.LINK, "")
        self._journal_bytes += len(raw)
        SYNCER.request(self.journal)

    def read(self, games: Mapping[str, Any]) -> Session:
        """The session saved (``SaveError`` if it cannot be loaded); resumed quickly when every
        part carries the app's seal, else every move is checked by the rules."""
        data = read_save(self.path)
        trusted = seal.verify(data, self.key)
        if isinstance(data, dict) and isinstance(data.get("moves"), list):
            data, trusted = self._merge(data, trusted)
        return Session.from_json(data, games, trusted=trusted)

    def _merge(self, data: dict, trusted: bool) -> tuple[dict, bool]:
        """The save with the journal's lines applied; trusted while every mac matches."""
        moves, position, elapsed = list(data["moves"]), data.get("position"), data.get("elapsed")
        checkpoints = data.get("checkpoints")
        link = data.get(seal.FIELD, "")
        for line in self._lines(data.get(TOKEN)):
            keep, add = line["keep"], line["add"]
            if not (_count(keep) and keep <= len(moves) and isinstance(add, list)
                    and all(isinstance(m, str) for m in add)):
                break  # not a line this program writes: the save stands as it was before it
            if trusted:  # the save's seal verified, so the key is there
                trusted = _chained(self.key, link, line)
                link = line[seal.LINK] if trusted else ""
            del moves[keep:]
            moves += add
            position, elapsed = line.get("position"), line.get("elapsed")
            if isinstance(checkpoints, dict):  # positions after the moves kept no longer stand
                checkpoints = {i: t for i, t in checkpoints.items() if not i.isdigit() or int(i) <= keep}
        merged = {**data, "moves": moves, "position": position, "elapsed": elapsed}
        if checkpoints is not None:
            merged["checkpoints"] = checkpoints
        return merged, trusted

    def _lines(self, token: Any) -> list[dict]:
        """The journal's whole lines after its first (which must name ``token``); a torn or
        unreadable line ends it."""
        try:
            raw = read_bytes(self.journal, 2 * MAX_SAVE_BYTES)
        except OSError:  # none, or unreadable: the save stands as its file holds it
            return []
        lines = []
        for number, text in enumerate(raw.split(b"\n")[:-1]):  # after the last newline: torn or empty
            try:
                line = json.loads(text)
            except (ValueError, RecursionError):
                break
            if number == 0:
                if not (isinstance(line, dict) and isinstance(token, str) and line.get("save") == token):
                    return []  # the journal of another save
                continue
            if not isinstance(line, dict) or not {"keep", "add"} <= line.keys():
                break
            if line.get("save") == token:  # not a line another copy of the app appended to our journal
                lines.append(line)
        return lines


class Syncer:
    """Flushes journals to the disk off the caller's thread. A line is with the system as
    soon as it is written, so a killed or crashed program loses nothing; it is on the disk
    a moment later (a power cut in between may lose the last moves, never the save)."""

    def __init__(self):
        self._paths: set[Path] = set()
        self._lock = threading.Lock()  # held only to hand over the paths, never while flushing
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    def request(self, path: Path) -> None:
        with self._lock:
            self._paths.add(path)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="journal-sync", daemon=True)
                self._thread.start()
        self._wake.set()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            with self._lock:
                paths, self._paths = self._paths, set()
            for path in paths:
                try:  # the file as it is now: a rewrite since replaced it, already on the disk
                    fd = _open_to_append(path)
                    try:
                        os.fsync(fd)
                    finally:
                        os.close(fd)
                except OSError:
                    pass  # removed meanwhile (the game ended), or the disk fails: the next save says so


SYNCER = Syncer()


def _open_to_append(path: Path) -> int:
    """An existing regular file, opened to append; never waits (a FIFO in its place is an
    ``OSError``, and so is anything but a regular file)."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(_("{path} is not a regular file").format(path=path))
    return fd


def _chained(key: bytes, link: str, line: dict) -> bool:
    """The line's mac is the app's, over the line and the mac before it (no line left out)."""
    body = {k: v for k, v in line.items() if k != seal.LINK}
    given = line.get(seal.LINK)
    return isinstance(given, str) and hmac.compare_digest(
        seal.mac(key, str(link).encode(), seal.canonical(body)), given)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
