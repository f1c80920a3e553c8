"""What comes from outside, handled with care: bounded reads and short quotes.

Every file the app or the command line reads goes through ``read_bytes`` or
``read_text``: a regular file only (never a device, a FIFO or a folder, which
could hang the program or feed it without end), and never more than the
caller's limit, refused before anything is read. Every message that quotes a
value a player or a file gave goes through ``quote``: a 3 MB value becomes a
short excerpt, and a value nested 1000 deep never raises ``RecursionError``,
so a notice or a line on stderr stays readable and quick to show.
"""

from __future__ import annotations

import os
import reprlib
import stat
import time
from pathlib import Path
from typing import IO, Any

from .i18n import N_, _

QUOTE_LIMIT = 60  # characters of a quoted value in a message
POSITION_LIMIT = 64 * 1024  # bytes of position text: a real one is at most about 1.3 KB
CHUNK = 1 << 20


class FileRefused(OSError):
    """A file that is not read: not a regular file, or larger than its limit.
    The message says why ("it is a folder, not a file"); the caller names the file."""


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a pipe (FIFO)")),
                       (stat.S_ISCHR, N_("a device")), (stat.S_ISBLK, N_("a device")), (stat.S_ISSOCK, N_("a socket"))):
        if test(mode):
            return _(name)
    return _("something else")


def check_file(path: str | os.PathLike, limit: int | None = None) -> None:
    """Raise ``FileRefused`` unless ``path`` (followed if a symlink) is a regular
    file of at most ``limit`` bytes; for files another library opens (SQLite,
    QSettings). A missing file raises ``FileNotFoundError``."""
    _check(os.stat(path), limit)


def _check(info: os.stat_result, limit: int | None) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(_("it is {kind}, not a file").format(kind=_kind(info.st_mode)))
    if limit is not None and info.st_size > limit:
        raise _too_large(limit)


def _too_large(limit: int) -> FileRefused:
    return FileRefused(_("it is too large (over {limit:,} bytes)").format(limit=limit))


def read_bytes(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Opened without blocking (a FIFO does not hang the open), then checked on
    the open file itself (no race with a swapped path); a file that grows past
    ``limit`` while being read is refused too. Raises ``OSError``
    (``FileRefused`` for a file that is not read).
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        _check(os.fstat(fd), limit)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    if left <= 0:
        raise _too_large(limit)
    return b"".join(chunks)


def read_text(path: str | os.PathLike, limit: int) -> str:
    """``read_bytes`` as UTF-8 text (``UnicodeDecodeError``, a ``ValueError``, if it is not)."""
    return read_bytes(path, limit).decode("utf-8")


def read_stream(stream: IO[str], limit: int) -> str:
    """At most ``limit`` characters of an open text stream (standard input)."""
    text = stream.read(limit + 1)
    if len(text) > limit:
        raise FileRefused(_("it is too large (over {limit:,} characters)").format(limit=limit))
    return text


def set_aside(path: Path) -> Path:
    """Rename a file that cannot be used to ``<stem>.damaged-<date><suffix>`` beside it,
    never over another; returns the new name (``OSError`` when it cannot be moved)."""
    stem = f"{path.stem}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
    aside, count = path.with_name(f"{stem}{path.suffix}"), 1
    while os.path.lexists(aside):
        count += 1
        aside = path.with_name(f"{stem}-{count}{path.suffix}")
    os.replace(path, aside)
    return aside


_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = QUOTE_LIMIT
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = _REPR.maxfrozenset = 4


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to at most ``limit`` characters, at any size or depth."""
    try:
        text = _REPR.repr(value)
    except (ValueError, RecursionError):  # an int too long to print, a repr that recurses
        text = f"<{type(value).__name__}>"
    return shorten(text, limit)


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Text as it is, cut to at most ``limit`` characters (for a move as the player wrote it)."""
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"
