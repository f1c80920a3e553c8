"""A guard against a PySide6 defect: calls that drop references to None and True.

PySide6-Essentials 6.12.0 on CPython 3.11 returns ``None`` from C++ methods
returning void, and ``True`` from ``Signal.emit``, without taking a reference
(harmless on 3.12+, where those objects are immortal). Each call lowers the
object's reference count by one, and after a few thousand paint calls or
signals the interpreter aborts ("deallocating None", "deallocating True or
False"). When probes show the defect, the counts of None, True and False are
raised far out of reach, which is what CPython 3.12 does for every build.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, QPointF, Signal

PROBE_CALLS = 16
HEADROOM = 1 << 48


class _Probe(QObject):
    fired = Signal()


def _loses(obj, call) -> bool:
    before = sys.getrefcount(obj)
    for _ in range(PROBE_CALLS):
        call()
    return before - sys.getrefcount(obj) >= PROBE_CALLS


def leaks() -> bool:
    """True when a void PySide6 call loses a reference to None, or an emit one to True."""
    point, probe = QPointF(), _Probe()
    return _loses(None, lambda: point.setX(1.0)) or _loses(True, probe.fired.emit)


def guard() -> bool:
    """Raise the counts of None, True and False if the defect is present."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython" or not leaks():
        return False
    for singleton in (None, True, False):
        ctypes.c_ssize_t.from_address(id(singleton)).value += HEADROOM
    return True


GUARDED = guard()
