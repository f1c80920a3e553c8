"""Dialogs: game options (built from the game's declared options), deal
number, rules viewer, about."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import (QFont, QFontMetrics, QRegularExpressionValidator, QTextBlockFormat, QTextCursor,
                           QTextOption)
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit,
                               QMessageBox, QPushButton, QTextBrowser, QVBoxLayout)

from solitaire_core import rules_page, words
from solitaire_core.errors import SolitaireError
from solitaire_core.i18n import N_, _

MAX_DEAL = 2**32 - 1
# Beside its title a title bar holds the window's icon and its buttons (close, maximise...);
# title bars use a bold font, often larger than the dialog's.
TITLE_BAR_EXTRA = 160
TITLE_FONT_SCALE = 1.25
SHOW_NOTES, HIDE_NOTES = N_("Show the &developer notes"), N_("Hide the &developer notes")


def title_width(widget, title: str) -> int:
    """A width at which a title bar shows ``title`` in full."""
    font = QFont(widget.font())
    font.setBold(True)
    return round(QFontMetrics(font).horizontalAdvance(title) * TITLE_FONT_SCALE) + TITLE_BAR_EXTRA


class OptionsDialog(QDialog):
    """One drop-down per declared option; ``values()`` gives them as text."""

    def __init__(self, game, current: dict, parent=None):
        super().__init__(parent)
        title = _("{game} options").format(game=game.name)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setMinimumWidth(title_width(self, title))
        form = QFormLayout(self)
        self.boxes: dict[str, QComboBox] = {}
        for option in game.options:
            box = QComboBox()
            for value in option.values:  # shown in words, kept as the value's text
                box.addItem(words.option_value(value), str(value))
            chosen = str(current.get(option.name, option.default))
            box.setCurrentIndex(max(0, box.findData(chosen)))
            label = _(option.label) if option.label else option.name  # the game's words, translated
            box.setAccessibleName(label)
            form.addRow(label, box)
            self.boxes[option.name] = box
        if not self.boxes:
            form.addRow(QLabel(_("{game} has no options.").format(game=game.name)))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, str]:
        return {name: box.currentData() for name, box in self.boxes.items()}


class DealDialog(QDialog):
    """Asks for a deal number, 0 to 2**32 - 1 (a spin box stops at 2**31)."""

    def __init__(self, current: int | None, parent=None):
        super().__init__(parent)
        self.setWindowTitle(_("Deal number"))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("Deal number (0 to {highest}):").format(highest=MAX_DEAL)))
        self.edit = QLineEdit("" if current is None else str(current))
        self.edit.setAccessibleName(_("Deal number"))
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
    """The game's rules (Markdown) beside the table, not modal.

    It opens on the player's part of the page; the notes for developers (from the
    page's ``## For developers`` heading on, ``solitaire_core.rules_page``) stay folded
    until the player asks for them. Code blocks wrap like text, so no line of the page
    needs a horizontal scroll bar.
    """

    def __init__(self, game, parent=None):
        super().__init__(parent)
        self.setWindowTitle(_("Rules of {game}").format(game=game.name))
        self.resize(640, 720)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setAccessibleName(_("Rules of {game}").format(game=game.name))
        self.browser.setOpenExternalLinks(True)
        self.browser.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.notes_button = QPushButton(_(SHOW_NOTES))
        self.notes_button.setCheckable(True)
        self.notes_button.setToolTip(_("Deal algorithm, notation, test vectors: what a developer needs"))
        buttons.addButton(self.notes_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.setWindowModality(Qt.WindowModality.NonModal)
        try:
            self.page = rules_page.split(game.rules)
        except SolitaireError as exc:
            self.page = None
            self.browser.setPlainText(str(exc))
        self.notes_button.setVisible(self.page is not None and bool(self.page.developer))
        self.notes_button.toggled.connect(self.show_notes)
        self.show_notes(False)

    def show_notes(self, shown: bool) -> None:
        """The player's part alone, or followed by the developer notes (scrolled to them)."""
        if self.page is None:
            return
        self.notes_button.setText(_(HIDE_NOTES if shown else SHOW_NOTES))
        self.browser.setMarkdown(self.page.player + ("\n" + self.page.developer if shown else ""))
        document = self.browser.document()
        wrap_code_blocks(document)
        if shown:
            heading = rules_page.DEVELOPER_HEADING.lstrip("#").strip()
            block = document.begin()
            while block.isValid() and not (block.blockFormat().headingLevel() == 2 and block.text() == heading):
                block = block.next()
            top = document.documentLayout().blockBoundingRect(block).top()
            self.browser.verticalScrollBar().setValue(round(top))


def wrap_code_blocks(document) -> None:
    """Markdown code blocks never break their lines; these wrap, so none forces a sideways scroll."""
    unbroken = QTextBlockFormat()
    unbroken.setNonBreakableLines(False)
    block = document.begin()
    while block.isValid():
        if block.blockFormat().nonBreakableLines():
            QTextCursor(block).mergeBlockFormat(unbroken)
        block = block.next()
    document.markContentsDirty(0, document.characterCount())  # lay the changed blocks out again


def about(parent, games) -> None:
    names = ", ".join(game.name for game in games.values()) or _("none")
    QMessageBox.about(parent, _("About Solitaire"),
                      _("<h3>Solitaire</h3><p>One table for every solitaire game the plugins bring.</p>")
                      + _("<p>Games installed: {games}.</p>").format(games=names))
