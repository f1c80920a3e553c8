"""The window's statistics: records written off the GUI thread, never dropped; troubles become notices.

A game recorded goes first to the outbox (a file in the folder
``records-outbox`` beside the store, ``records.outbox``), then a thread of
its own writes it into the store and removes the file. When the store cannot be written (another program holds
it locked, a disk error) the thread tries again every ``retry`` seconds, and
a notice says the game is kept and will be recorded; a record still waiting
when the app quits is written at the next start. The table never waits for
the store. Each session is recorded at most once, so a won game left by a
new deal, or a game recorded and then quit, counts once. The resets the
player asks for are written by the same thread, in their turn among the
records. Reading (the running total, the statistics dialog) uses a store
opened on first use in the GUI thread: in WAL mode a reader does not wait for
another's write, and a file another program holds when it is first opened
(an old one is upgraded then) is tried again later, not waited for.
"""

from __future__ import annotations

import os
import threading
import time
import weakref
from typing import Callable

from attrs import frozen
from PySide6.QtCore import QObject, QTimer, Signal, Slot

from solitaire_core.i18n import _
from solitaire_core.records import Store, StoreError, running_total_switch
from solitaire_core.records.finish import session_record
from solitaire_core.records.outbox import Outbox, mark, new_uid, outbox_dir
from solitaire_core.records.paths import records_path
from solitaire_core.records.store import busy

RETRY_SECONDS = 5.0  # between tries while the store cannot be written
WRITE_TIMEOUT = 2.0  # SQLite's busy timeout for one try (the thread's own, never the table's)
QUIT_WAIT = 1.0  # seconds the app waits at quit for records in flight; the rest wait in the outbox
OPEN_TIMEOUT = 0.1  # the GUI thread's wait for a file another program holds: it is tried again later


class _Mail(QObject):
    """What the writing thread reports, delivered in the GUI thread (queued signals)."""

    delivered = Signal(list)  # uids now in the store
    failed = Signal(str)  # why the store cannot be written now
    noticed = Signal(list)  # what the thread's store or the outbox did about a damaged file
    finished = Signal(object, str)  # a job's ``done`` and why it could not be done ("" when it was)

    def __init__(self, recorder: "Recorder"):
        super().__init__()
        self.recorder = recorder
        self.delivered.connect(self.on_delivered)
        self.failed.connect(self.on_failed)
        self.noticed.connect(self.on_noticed)
        self.finished.connect(self.on_finished)

    @Slot(object, str)
    def on_finished(self, done, problem: str) -> None:
        self.recorder._finished(done, problem)

    @Slot(list)
    def on_delivered(self, uids: list) -> None:
        self.recorder._delivered(uids)

    @Slot(str)
    def on_failed(self, problem: str) -> None:
        self.recorder._failed(problem)

    @Slot(list)
    def on_noticed(self, notices: list) -> None:
        self.recorder.warn("\n".join(notices))


@frozen
class Job:
    """A write the player asked for (a reset): done after the records kept before ``mark``."""

    mark: str
    run: Callable[[Store], object]
    done: Callable[[str], None]


class Writer:
    """The thread that moves records from the outbox into the store, oldest first, and
    does the writes the player asks for (``ask``), each in its turn among the records."""

    def __init__(self, path, outbox: Outbox, mail: _Mail, retry: float):
        self.path, self.outbox, self.mail, self.retry = path, outbox, mail, retry
        self.wake, self.stop = threading.Event(), threading.Event()
        self.lock = threading.Lock()
        self.jobs: list[Job] = []
        self.wake.set()  # records left by an earlier run go first
        self.thread = threading.Thread(target=self._run, name="records-writer", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        store, shown, failing = None, {}, False
        while True:
            self.wake.wait(self.retry if failing else None)
            self.wake.clear()
            stopping = self.stop.is_set()  # read before the pass: it sees every record kept before the stop
            with self.lock:
                jobs, self.jobs = self.jobs, []
            kept: list[str] = []
            for job in jobs:  # one try each: the player is told it could not be done, and may ask again
                try:
                    store = store or Store(self.path, timeout=WRITE_TIMEOUT)
                    self.outbox.deliver(store, kept, before=job.mark)
                    job.run(store)
                    problem = ""
                except (StoreError, OSError) as exc:
                    problem = str(exc)
                self.mail.finished.emit(job.done, problem)
            try:
                if self.outbox.pending():
                    if store is None:
                        store = Store(self.path, timeout=WRITE_TIMEOUT)
                    self.outbox.deliver(store, kept)
                failing = False
            except (StoreError, OSError) as exc:
                failing = True
                self.mail.failed.emit(str(exc))
            if kept:
                self.mail.delivered.emit(kept)
            for source in (store, self.outbox):
                notices = source.notices if source is not None else []
                if len(notices) > shown.get(id(source), 0):
                    self.mail.noticed.emit(notices[shown.get(id(source), 0):])
                    shown[id(source)] = len(notices)
            if stopping:
                break
        if store is not None:
            store.close()

    def ask(self, run: Callable[[Store], object], done: Callable[[str], None]) -> None:
        """``run(store)`` on this thread after the records kept until now; ``done(problem)`` then
        in the GUI thread, ``problem`` empty when it was done."""
        with self.lock:
            self.jobs.append(Job(mark(), run, done))
        self.wake.set()

    def close(self) -> None:
        """One last try for records in flight, waited for at most ``QUIT_WAIT``."""
        self.stop.set()
        self.wake.set()
        self.thread.join(QUIT_WAIT)


class Recorder:
    """``warn(text)`` shows a non-blocking notice; ``path`` None: the default store.

    ``on_delivered(recovered)`` (set by the window) is called in the GUI thread when
    records reached the store (figures and totals shown may change); ``recovered``:
    after the store could not be written for a while (its notice is out of date).
    """

    def __init__(self, warn: Callable[[str], None], path: str | os.PathLike | None = None,
                 retry: float | None = None):
        self.warn = warn
        self.path = path
        self.problem = ""  # why the store is not available for reading, once it failed to open
        self.busy = ""  # why it could not be opened yet: another program holds it (tried again later)
        self._retry_at = 0.0
        self.on_delivered: Callable[[bool], None] | None = None
        self._store: Store | None = None
        self._recorded: weakref.WeakSet = weakref.WeakSet()
        self._pending: dict[str, tuple] = {}  # uid: (record, running total, file) not yet in the store
        self._shown = 0  # how many of the reading store's notices were shown
        self._totals: dict[tuple, int | None] = {}
        self._failing = ""
        self.closed = False
        store_path = records_path(None) if path is None else path
        self.outbox = Outbox(outbox_dir(store_path))
        self._mail = _Mail(self)
        self._writer = Writer(store_path, self.outbox, self._mail, RETRY_SECONDS if retry is None else retry)

    @property
    def store(self) -> Store | None:
        """The store for reading, opened on first use; None (and a notice, once) if it cannot be.
        A file another program holds (an old one is upgraded on opening) is not waited for: it is
        tried again every ``retry`` seconds, and the figures are shown once it opens."""
        if self._store is None and not self.problem and not self.closed and time.monotonic() >= self._retry_at:
            try:
                self._store = Store(self.path, timeout=OPEN_TIMEOUT)
            except StoreError as exc:
                if not busy(exc):
                    self.problem = str(exc)
                    self.warn(_("Statistics cannot be shown while the program runs: {error}").format(error=exc))
                else:
                    self._retry_at = time.monotonic() + self._writer.retry
                    QTimer.singleShot(round(self._writer.retry * 1000), self._mail, self._retry)
                    if not self.busy:
                        self.warn(_("The statistics file is in use by another program. The statistics and "
                                    "the running total are shown as soon as it is free; games are still recorded."))
                    self.busy = str(exc)
            else:
                if self.busy:
                    self.busy = ""
                    QTimer.singleShot(0, self._mail, self._opened)
        self.show_notices()
        return self._store

    def _retry(self) -> None:
        self._retry_at = 0.0
        self.store  # noqa: B018 - opening it is the point

    def _opened(self) -> None:
        """The store opened after a wait: its figures are shown, the notice about the wait goes
        (unless records still cannot be written)."""
        if self.on_delivered is not None and not self.closed:
            self.on_delivered(not self._failing)

    @property
    def unavailable(self) -> str:
        """Why the statistics cannot be shown now ("" when they can)."""
        if self.problem:
            return self.problem
        return _("the statistics file is in use by another program; they are shown as soon as it is free") \
            if self.busy else ""

    def show_notices(self) -> None:
        """What the store did about a damaged file or row, not yet shown."""
        if self._store is not None and len(self._store.notices) > self._shown:
            self.warn("\n".join(self._store.notices[self._shown:]))
            self._shown = len(self._store.notices)

    def failed(self, doing: str, exc: StoreError) -> None:
        self.warn(f"{doing}: {exc}")

    @property
    def waiting(self) -> int:
        """Records of this window not yet in the store."""
        return len(self._pending)

    def record(self, session, result: str | None = None) -> bool:
        """Keep the game of ``session`` unless it is kept already; True when it was kept now
        (in the outbox: the store has it a moment later, or once it can be written).
        ``result`` None: found by ``records.finish.outcome``."""
        if session in self._recorded or self.closed:
            return False
        try:
            made = session_record(session, result, uid=new_uid())
            if made is None:  # a deal left before any move, nothing to keep
                return False
            path = self.outbox.put(*made)
        except (StoreError, OSError) as exc:
            self.failed(_("This game could not be recorded"), exc)
            return False
        self._recorded.add(session)
        self._pending[made[0].uid] = (*made, path)
        self._totals.clear()
        self._writer.wake.set()
        return True

    def _delivered(self, uids: list) -> None:
        for uid in uids:
            self._pending.pop(uid, None)
        for uid, (_, _, path) in list(self._pending.items()):
            if not path.exists():  # delivered by another copy of the app sharing the folder
                del self._pending[uid]
        recovered, self._failing = bool(self._failing), ""
        self._totals.clear()
        if self.on_delivered is not None and not self.closed:
            self.on_delivered(recovered)

    def _failed(self, problem: str) -> None:
        if problem != self._failing and not self.closed:
            self.warn(_("A game is not recorded yet ({problem}). It is kept, and will be recorded "
                        "as soon as the statistics file can be written.").format(problem=problem))
        self._failing = problem

    def recorded(self, session) -> bool:
        return session in self._recorded

    def mark(self, session) -> None:
        """Count ``session`` as kept (a won game opened from a file was counted when it was won)."""
        self._recorded.add(session)

    def total(self, session) -> int | None:
        """The running total ``session`` plays for, with its score until it is recorded
        and the scores of games still on their way to the store; None when its score
        does not run on."""
        switch = running_total_switch(session)
        if switch is None or self.store is None:
            return None
        key = _total_key(session.game.id, session.game.running_total_options(session.state).items(), switch)
        if key not in self._totals:
            self._totals[key] = self._read_total(session, switch, key)
        kept, score = self._totals[key], session.game.score(session.state)
        if kept is None:
            return None
        return kept + (score if score is not None and session not in self._recorded else 0)

    def _read_total(self, session, switch: str, key: tuple) -> int | None:
        """The store's total and the scores on their way to it, read in one snapshot: a game the
        writer thread delivers meanwhile is counted once, in the store or on its way."""
        waiting = {uid: record.score for uid, (record, total, _) in self._pending.items() if total is not None
                   and _total_key(record.game, record.options if record.account is None else record.account,
                                  total) == key}
        try:
            with self._store.snapshot() as store:
                kept = store.running_total(session.game.id, session.game.running_total_options(session.state),
                                           switch)
                arrived = store.kept_uids(waiting)
        except StoreError as exc:  # kept as None: the status bar asks every second
            self.failed(_("The running total cannot be read"), exc)
            return None
        return kept + sum(score for uid, score in waiting.items() if uid not in arrived)

    def reset_total(self, session, done: Callable[[str], None]) -> bool:
        """Start the running total ``session`` plays for again from 0, on the writing thread (the
        games recorded before count in the old total); ``done(problem)`` as for ``Writer.ask``.
        False when its score does not run on."""
        switch = session.game.running_total
        if switch is None or self.closed:
            return False
        game, options = session.game.id, session.game.running_total_options(session.state)
        self._writer.ask(lambda store: store.reset_running_total(game, options, switch), done)
        return True

    def reset_statistics(self, game: str, done: Callable[[str], None]) -> None:
        """Forget the games of ``game`` recorded until now, on the writing thread; ``done(problem)``."""
        self._writer.ask(lambda store: store.reset(game), done)

    def _finished(self, done: Callable[[str], None], problem: str) -> None:
        self._totals.clear()
        if not self.closed:
            done(problem)

    def forget_cached(self) -> None:
        """Read totals again (another copy of the app may have recorded games)."""
        self._totals.clear()

    def close(self) -> None:
        """Done for good (the window closes): records in flight get a moment, the rest
        wait in the outbox for the next start; the store is not opened again."""
        self.closed = True
        self._writer.close()
        if self._store is not None:
            self._store.close()
            self._store = None


def _total_key(game: str, options, switch: str) -> tuple:
    return game, tuple(sorted((k, v) for k, v in options if k != switch)), switch
