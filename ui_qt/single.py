"""One table per data folder, as desktop card games have it (AisleRiot, a second launch of
which brings its window forward): a second ``solitaire play`` on the same data folder calls
the running window forward, with the game in progress there, and opens no window of its
own, so two windows never write one automatic save and no game in progress is lost.

The first table holds a lock file in the data folder (a stale one, left by a table that
died, is taken over) and answers a local socket named after the folder; a later launch
that finds the lock held rings that socket and ends.
"""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path

from PySide6.QtCore import QDeadlineTimer, QLockFile, QObject, QThread
from PySide6.QtNetwork import QLocalServer, QLocalSocket

LOCK_NAME = "table.lock"
RING_MS = 10_000  # how long a later launch tries to reach a first table that is still starting


def socket_name(folder: Path) -> str:
    """The local socket of the table on ``folder``: one name per data folder."""
    return "solitaire-" + hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:16]


class Doorbell(QObject):
    """The first table's lock and socket: a later launch's ring brings ``window`` forward."""

    def __init__(self, lock: QLockFile | None, name: str):
        super().__init__()
        self.lock, self.window = lock, None
        QLocalServer.removeServer(name)  # a socket file left by a table that died
        self.server = QLocalServer(self)
        self.server.listen(name)
        self.server.newConnection.connect(self._rung)

    def answer(self, window) -> None:
        self.window = window

    def _rung(self) -> None:
        while (call := self.server.nextPendingConnection()) is not None:
            call.disconnected.connect(call.deleteLater)
            call.disconnectFromServer()
        if self.window is not None:
            self.window.showNormal()
            self.window.raise_()
            self.window.activateWindow()

    def close(self) -> None:
        self.server.close()
        if self.lock is not None:
            self.lock.unlock()


def claim(folder: Path) -> Doorbell | None:
    """This launch's doorbell when it is the first table on ``folder``; None when another
    table runs there, which has been called forward (or is starting and will show itself)."""
    with contextlib.suppress(OSError):  # a folder that cannot be made: the table says so, as before
        folder.mkdir(parents=True, exist_ok=True)
    lock = QLockFile(str(folder / LOCK_NAME))
    lock.setStaleLockTime(0)  # only a lock whose process has died is stale, however old
    if lock.tryLock(0):
        return Doorbell(lock, socket_name(folder))
    if lock.error() != QLockFile.LockError.LockFailedError:  # a folder this user cannot write: no save to keep
        return Doorbell(None, socket_name(folder))
    ring(socket_name(folder))
    return None


def ring(name: str) -> bool:
    """Ring the first table's socket, trying for ``RING_MS`` while it starts; whether it answered."""
    deadline = QDeadlineTimer(RING_MS)
    while not deadline.hasExpired():
        call = QLocalSocket()
        call.connectToServer(name)
        if call.waitForConnected(500):
            call.disconnectFromServer()
            return True
        QThread.msleep(100)
    return False
