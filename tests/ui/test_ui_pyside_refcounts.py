"""The installed PySide6 keeps its references to None and True.

PySide6-Essentials 6.12.0 loses one on every void C++ call and every signal
emit; on Python 3.11 the interpreter then aborts after a few thousand paints.
pyproject.toml excludes it; this test catches any other build with the defect.
"""

import sys

from PySide6.QtCore import QObject, QPointF, Signal


class Emitter(QObject):
    fired = Signal()


def test_void_calls_and_emits_keep_their_references():
    point, emitter = QPointF(), Emitter()
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(500):
        point.setX(1.0)
        emitter.fired.emit()
    assert sys.getrefcount(None) - none_before > -100
    assert sys.getrefcount(True) - true_before > -100
