"""Ctrl-C and ``kill`` for the commands that start worker processes (``winnability``, a
local survey cluster): the command stops its workers, the workers do not each catch it."""

from __future__ import annotations

import contextlib
import signal
from multiprocessing import resource_tracker


class Terminated(KeyboardInterrupt):
    """``kill`` (SIGTERM) or a closed terminal (SIGHUP): stopped as Ctrl-C stops, so the
    workers end and nothing the command shares with them is left behind."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.status = 128 + signum  # the shell's status for a command a signal ended


def start_tracker() -> None:
    """Multiprocessing's resource tracker (it removes the semaphores of a command that died),
    born with SIGHUP held: it ignores SIGINT and SIGTERM itself, and a closed terminal must
    not end it before the command has given its semaphores back."""
    kept = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
    try:
        resource_tracker.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, kept)


@contextlib.contextmanager
def interrupt_held():
    """Ctrl-C is held while worker processes (and the threads that start them) are
    born, so they inherit it blocked and the terminal's Ctrl-C reaches only the
    command; one pressed meanwhile arrives when it is released. The resource tracker
    is started first: starting it unblocks Ctrl-C in the thread that does, which
    would give it back to every process that thread starts."""
    start_tracker()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _terminate(signum, frame):
    raise Terminated(signum)


@contextlib.contextmanager
def termination_as_interrupt():
    """Within: SIGTERM and SIGHUP raise ``Terminated`` in the command, which stops as on
    Ctrl-C; without it the command would die at once, its workers' queues and events
    left to the resource tracker ("leaked semaphore objects"). The tracker is started
    first, before anything registers a semaphore with it."""
    start_tracker()
    kept = {signum: signal.signal(signum, _terminate) for signum in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)
