"""A guard against a PySide6 defect: void calls that drop a reference to None.

PySide6-Essentials 6.12.0 on CPython 3.11 returns ``None`` from every C++
method returning void without taking a reference to it (harmless on 3.12+,
where None is immortal). Each call then lowers None's reference count by
one, and after a few thousand paint calls the interpreter aborts with
"none_dealloc: deallocating None". When a probe shows the defect, None's
count is raised far out of reach, which is what 3.12 does for every build.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QPointF

PROBE_CALLS = 16
HEADROOM = 1 << 48


def leaks_none() -> bool:
    """True when a void PySide6 call loses a reference to None."""
    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(PROBE_CALLS):
        point.setX(1.0)
    return before - sys.getrefcount(None) >= PROBE_CALLS


def guard_none() -> bool:
    """Raise None's reference count if the defect is present; True if it was."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython" or not leaks_none():
        return False
    ctypes.c_ssize_t.from_address(id(None)).value += HEADROOM
    return True


GUARDED = guard_none()
