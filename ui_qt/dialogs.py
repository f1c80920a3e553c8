"""Dialogs: game options (built from the game's declared options), deal
number, rules viewer, about."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit,
                               QMessageBox, QTextBrowser, QVBoxLayout)

from solitaire_core.errors import SolitaireError

MAX_DEAL = 2**32 - 1


class OptionsDialog(QDialog):
    """One drop-down per declared option; ``values()`` gives them as text."""

    def __init__(self, game, current: dict, parent=None):
        super().__init__(parent)
        self.setWindowTitle(f"{game.name} options")
        self.setAccessibleName(f"{game.name} options")
        form = QFormLayout(self)
        self.boxes: dict[str, QComboBox] = {}
        for option in game.options:
            box = QComboBox()
            box.addItems([str(v) for v in option.values])
            chosen = str(current.get(option.name, option.default))
            box.setCurrentIndex(max(0, box.findText(chosen)))
            label = option.label or option.name
            box.setAccessibleName(label)
            form.addRow(label, box)
            self.boxes[option.name] = box
        if not self.boxes:
            form.addRow(QLabel(f"{game.name} has no options."))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, str]:
        return {name: box.currentText() for name, box in self.boxes.items()}


class DealDialog(QDialog):
    """Asks for a deal number, 0 to 2**32 - 1 (a spin box stops at 2**31)."""

    def __init__(self, current: int | None, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Deal number")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Deal number (0 to {MAX_DEAL}):"))
        self.edit = QLineEdit("" if current is None else str(current))
        self.edit.setAccessibleName("Deal number")
        self.edit.setValidator(QRegularExpressionValidator(r"\d{1,10}", self.edit))
        layout.addWidget(self.edit)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.edit.textChanged.connect(self._check)
        self._check()

    def deal(self) -> int | None:
        text = self.edit.text()
        return int(text) if text.isdigit() and int(text) <= MAX_DEAL else None

    def _check(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self.deal() is not None)


class RulesDialog(QDialog):
    """The game's own rules text (Markdown), beside the table, not modal."""

    def __init__(self, game, parent=None):
        super().__init__(parent)
        self.setWindowTitle(f"Rules of {game.name}")
        self.resize(640, 720)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setAccessibleName(f"Rules of {game.name}")
        self.browser.setOpenExternalLinks(True)
        try:
            self.browser.setMarkdown(game.rules)
        except SolitaireError as exc:
            self.browser.setPlainText(str(exc))
        layout.addWidget(self.browser)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        layout.addWidget(close)
        self.setWindowModality(Qt.WindowModality.NonModal)


def about(parent, games) -> None:
    names = ", ".join(game.name for game in games.values()) or "none"
    QMessageBox.about(parent, "About Solitaire",
                      "<h3>Solitaire</h3><p>One table for every solitaire game the plugins bring.</p>"
                      f"<p>Games installed: {names}.</p>")
