"""One table per data folder (docs/ui.md, One table at a time): ``solitaire play klondike``
then ``solitaire play freecell`` on the same data folder, as a player starts them from a
shell; the second calls the first forward and leaves everything of the first as it was."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

from subprocess_waits import BOUND, wait_until

from ui_qt.single import LOCK_NAME

SOLITAIRE = str(Path(sys.executable).with_name("solitaire"))


def start(*argv, env) -> subprocess.Popen:
    return subprocess.Popen([SOLITAIRE, *argv], env=env, start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def holder(folder: Path) -> int | None:
    """The process id written in the table's lock file, or None."""
    try:
        return int((folder / LOCK_NAME).read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def mentions(folder: Path, word: bytes) -> list[str]:
    """The files of the data folder whose bytes name ``word``."""
    return [path.name for path in sorted(folder.rglob("*")) if path.is_file() and word in path.read_bytes()]


def test_a_second_launch_calls_the_first_table_forward_and_changes_nothing(data_dir):
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    env.update(SOLITAIRE_DATA_DIR=str(data_dir), QT_QPA_PLATFORM="offscreen")
    first = start("play", "klondike", "--deal", "5", env=env)
    third = None
    try:
        wait_until(lambda: holder(data_dir) == first.pid and "settings.ini" in mentions(data_dir, b"klondike")
                   or first.poll() is not None, "the first table, its game kept as the last played")
        assert first.poll() is None
        second = subprocess.run([SOLITAIRE, "play", "freecell", "--deal", "7"], env=env, capture_output=True,
                                text=True, timeout=BOUND)
        assert (second.returncode, second.stderr) == (0, "")
        assert second.stdout == ("Solitaire is already open on this data folder: its window comes forward, "
                                 "with the game in progress there.\n")
        assert first.poll() is None and mentions(data_dir, b"freecell") == []  # nothing of the second kept
        assert "settings.ini" in mentions(data_dir, b"last_game=klondike")
        os.killpg(first.pid, signal.SIGKILL)  # a table that dies leaves its lock: the next launch takes it
        first.wait(timeout=BOUND)
        third = start("play", env=env)
        wait_until(lambda: holder(data_dir) == third.pid or third.poll() is not None, "the next table")
        assert third.poll() is None
    finally:
        for process in (first, third):
            if process is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=BOUND)
