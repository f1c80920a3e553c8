"""Ctrl-C for the commands that start worker processes (``winnability``, a local survey
cluster): the command stops its workers, the workers do not each catch it."""

from __future__ import annotations

import contextlib
import signal
from multiprocessing import resource_tracker


@contextlib.contextmanager
def interrupt_held():
    """Ctrl-C is held while worker processes (and the threads that start them) are
    born, so they inherit it blocked and the terminal's Ctrl-C reaches only the
    command; one pressed meanwhile arrives when it is released. Multiprocessing's
    resource tracker is started first: starting it unblocks Ctrl-C in the thread
    that does, which would give it back to every process that thread starts."""
    resource_tracker.ensure_running()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
