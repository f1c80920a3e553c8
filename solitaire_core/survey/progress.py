"""The progress of a running survey on stderr: deals done, rate, time left.

On a terminal one line redrawn in place, with a bar; otherwise (a log, a pipe)
a plain line at each tenth of the way and at least every minute, so a log
stays short and readable.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from ..i18n import _

WIDTH = 24  # characters of the bar
EVERY = 60.0  # seconds between two plain lines at most


def duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return _("{seconds} s").format(seconds=seconds)
    if seconds < 3600:
        return _("{minutes} min {seconds:02d} s").format(minutes=seconds // 60, seconds=seconds % 60)
    return _("{hours} h {minutes:02d} min").format(hours=seconds // 3600, minutes=seconds % 3600 // 60)


class Progress:
    """``heading``: the plain line's template around ``{progress}`` (the verb that runs)."""

    def __init__(self, total: int, stream: TextIO | None = None, clock=time.monotonic, heading: str | None = None):
        self.total, self.done = total, 0
        self.heading = heading or _("survey: {progress}")
        self.stream = sys.stderr if stream is None else stream
        self.live = self.stream.isatty()
        self.clock = clock
        self.started = self.last_line = clock()
        self.tenth = 0

    def line(self) -> str:
        elapsed = max(self.clock() - self.started, 1e-9)
        rate = self.done / elapsed * 60
        left = (self.total - self.done) / (self.done / elapsed) if self.done else None
        share = self.done / self.total if self.total else 1.0
        text = _("{done}/{total} deals, {rate:.1f} a minute, {left}").format(
            done=self.done, total=self.total, rate=rate,
            left=_("time left unknown") if left is None else _("about {time} left").format(time=duration(left)))
        if self.live:
            filled = int(share * WIDTH)
            return f"[{'#' * filled}{'-' * (WIDTH - filled)}] {100 * share:3.0f}%  {text}"
        return self.heading.format(progress=text)

    def advance(self, count: int) -> None:
        self.done += count
        now = self.clock()
        if self.live:
            self.stream.write("\r" + self.line() + "\x1b[K")
        else:
            tenth = int(10 * self.done / self.total) if self.total else 10
            if tenth > self.tenth or now - self.last_line >= EVERY:
                self.tenth, self.last_line = tenth, now
                self.stream.write(self.line() + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()
