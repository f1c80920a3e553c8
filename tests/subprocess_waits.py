"""Waits of the tests that start commands in processes of their own: on a condition
with a bound (never on time alone), and on a process group having ended (a command
stopped with Ctrl-C leaves none of its workers running)."""

from __future__ import annotations

import time
from pathlib import Path

BOUND = 120.0  # seconds: the longest any wait may take before the test fails

# Python's arguments that start a command as a shell in a terminal does: Ctrl-C at its default
# action. A script's background job (``make test &``, a CI runner's) starts with Ctrl-C
# ignored, every process it starts inherits that, and Python then leaves it ignored: a test
# pressing Ctrl-C would see a command that never stops.
IN_A_TERMINAL = ("-c", "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                       "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])")


def wait_until(condition, what: str, bound: float = BOUND):
    deadline = time.monotonic() + bound
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def running_in(group: int) -> list[int]:
    """The processes of a process group still running (zombies waiting to be reaped are not)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        if fields[0] != "Z" and int(fields[2]) == group:
            found.append(int(stat.parent.name))
    return found
