"""The app survives the PySide6 reference-count defect that ui_qt.qtfix guards against."""

from PySide6.QtCore import QObject, QPointF, Signal

import ui_qt  # noqa: F401  (installs the guard)
from ui_qt import qtfix


class Emitter(QObject):
    fired = Signal()


def test_many_void_calls_and_signals_do_not_abort_the_interpreter():
    """Without the guard, where the defect exists, this aborts the test process."""
    point, emitter = QPointF(), Emitter()
    for _ in range(20_000):
        point.setX(1.0)
        emitter.fired.emit()
    assert qtfix.GUARDED or not qtfix.leaks()
