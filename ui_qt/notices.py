"""Non-blocking notices above the table: a message, a few buttons, a close box.

Nothing here is modal: play goes on while a notice is shown.
"""

from __future__ import annotations

from typing import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from solitaire_core.i18n import _

STYLES = {
    "info": "background:#e8f1fb; border:1px solid #8fb3de; color:#13263d;",
    "warning": "background:#fff4d6; border:1px solid #d9b24c; color:#3d2f05;",
    "error": "background:#fde4e4; border:1px solid #d77a7a; color:#451010;",
}


class Notice(QFrame):
    def __init__(self, text: str, buttons: Sequence[tuple[str, Callable[[], None]]], kind: str,
                 close: Callable[[], None]):
        super().__init__()
        self.setObjectName("notice")
        self.setStyleSheet(f"#notice {{{STYLES.get(kind, STYLES['info'])} border-radius:4px;}}")
        self.setAccessibleName(_("Notice"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 4, 4, 4)
        self.label = QLabel(text)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setAccessibleName(_("Notice text"))
        layout.addWidget(self.label, 1)
        self.buttons: dict[str, QPushButton] = {}
        for label, callback in buttons:
            button = QPushButton(label)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keyboard stays on the table
            button.clicked.connect(callback)
            button.clicked.connect(close)
            layout.addWidget(button)
            self.buttons[label] = button
        closer = QToolButton()
        closer.setText("\u2715")
        closer.setAccessibleName(_("Close notice"))
        closer.setAutoRaise(True)
        closer.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        closer.clicked.connect(close)
        layout.addWidget(closer)

    @property
    def text(self) -> str:
        return self.label.text()


class NoticeArea(QWidget):
    """A stack of notices, one per key (a new one with the same key replaces it)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(6, 4, 6, 0)
        self.layout_.setSpacing(4)
        self.notices: dict[str, Notice] = {}
        self.setVisible(False)

    def notify(self, key: str, text: str, buttons: Sequence[tuple[str, Callable[[], None]]] = (),
               kind: str = "info") -> Notice:
        self.dismiss(key)
        notice = Notice(text, buttons, kind, lambda: self.dismiss(key))
        self.notices[key] = notice
        self.layout_.addWidget(notice)
        self.setVisible(True)
        return notice

    def dismiss(self, key: str) -> None:
        notice = self.notices.pop(key, None)
        if notice is not None:
            notice.hide()
            notice.deleteLater()
        self.setVisible(bool(self.notices))
