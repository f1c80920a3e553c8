"""The statistics dialog: one game's figures per option set, its results over time, a reset.

The cells are ``records.report.row``, the same text ``solitaire stats``
prints, so the dialog and the command always agree.
"""

from __future__ import annotations

from typing import Mapping

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox, QHBoxLayout, QHeaderView,
                               QLabel, QMessageBox, QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout)

from solitaire_core.i18n import _
from solitaire_core.records import StoreError, report

from .chart import LAST, ResultsChart
from .dialogs import title_width
from .recording import Recorder

COLUMNS = report.HEADERS[1:]  # the game is chosen above the table
TABLE_ROWS = 8
FULL_SIZE = QSize(920, 600)  # room for the figures and the chart


def confirm(parent, title: str, text: str) -> bool:
    """Ask before something that cannot be undone; No is the default."""
    answer = QMessageBox.question(parent, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                  QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


class StatsDialog(QDialog):
    def __init__(self, games: Mapping, recorder: Recorder, game_id: str, parent=None):
        super().__init__(parent)
        self.games, self.recorder = games, recorder
        self.setWindowTitle(_("Statistics"))
        self.setAccessibleName(_("Statistics"))
        layout = QVBoxLayout(self)
        self.chooser = QComboBox()
        self.chooser.setAccessibleName(_("Game"))
        for gid, game in games.items():
            self.chooser.addItem(game.name, gid)
        label = QLabel(_("&Game:"))
        label.setBuddy(self.chooser)
        top = QHBoxLayout()
        top.addWidget(label)
        top.addWidget(self.chooser)
        top.addStretch(1)
        layout.addLayout(top)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.message)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setAccessibleName(_("Figures per option set"))
        self.table.setHorizontalHeaderLabels([_(column) for column in COLUMNS])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table)
        self.totals = QLabel()
        self.totals.setWordWrap(True)
        layout.addWidget(self.totals)
        self.chart_title = QLabel()
        layout.addWidget(self.chart_title)
        self.chart = ResultsChart()
        layout.addWidget(self.chart, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.reset_button = QPushButton(_("&Reset\u2026"))
        self.reset_button.setToolTip(_("Forget the games recorded for this game (running totals stay)"))
        buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.ResetRole)
        buttons.rejected.connect(self.reject)
        self.reset_button.clicked.connect(self.ask_reset)
        layout.addWidget(buttons)
        self.full = False  # sized for figures (else for the message alone)
        self.chooser.currentIndexChanged.connect(self.load)
        self.chooser.setCurrentIndex(max(0, self.chooser.findData(game_id)))
        self.load()

    @property
    def game_id(self) -> str:
        return self.chooser.currentData()

    def load(self) -> None:
        """Read the chosen game's figures from the store again."""
        game = self.games[self.game_id]
        store = self.recorder.store
        summary, totals, records = [], [], []
        if store is not None:
            try:
                summary, totals = store.summary(self.game_id), store.running_totals(self.game_id)
                records = store.records(self.game_id)
            except StoreError as exc:
                self.recorder.failed(_("The statistics cannot be read"), exc)
            self.recorder.show_notices()
        if store is None:
            self.message.setText(_("Statistics are not available: {why}").format(why=self.recorder.unavailable))
        elif not summary:
            self.message.setText(_("No games of {game} recorded yet.").format(game=game.name))
        self.message.setVisible(store is None or not summary)
        self.table.setRowCount(len(summary))
        for r, stats in enumerate(summary):
            for c, text in enumerate(report.row(stats, self.games)[1:]):
                item = QTableWidgetItem(text)
                if COLUMNS[c] in report.NUMERIC:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if stats.options is None:
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(r, c, item)
        self.table.setVisible(bool(summary))
        self._fit_table()
        self.totals.setText(_("Running total: ") + "; ".join(
            f"{t} ({report.options_label(o, game)})" for _, o, t in totals) if totals else "")
        self.totals.setVisible(bool(totals))
        self.chart_title.setText(_("Results over time, all option sets (the last {count} games):").format(count=LAST)
                                 if len(records) > LAST else _("Results over time, all option sets:"))
        self.chart.set_records(records)
        self.chart.setVisible(bool(records))
        self.chart_title.setVisible(bool(records))
        self.reset_button.setEnabled(bool(summary))
        self._fit_size(bool(summary))

    def _fit_size(self, figures: bool) -> None:
        """Full size when there are figures to show; a message alone gets the room it needs."""
        if figures and not self.full:
            self.resize(self.size().expandedTo(FULL_SIZE))
        elif not figures:
            margins = self.layout().contentsMargins()
            line = self.message.fontMetrics().horizontalAdvance(self.message.text()) + margins.left() + margins.right()
            width = min(FULL_SIZE.width(), max(self.sizeHint().width(), line, title_width(self, self.windowTitle())))
            height = self.heightForWidth(width)
            self.resize(width, height if height > 0 else self.sizeHint().height())
        self.full = figures

    def _fit_table(self) -> None:
        """As tall as its rows, up to ``TABLE_ROWS`` (then it scrolls): the chart takes the rest."""
        table = self.table
        rows = sum(table.rowHeight(r) for r in range(min(table.rowCount(), TABLE_ROWS)))
        table.setFixedHeight(table.horizontalHeader().height() + rows + 2 * table.frameWidth())

    def cells(self) -> list[list[str]]:
        """The table as text, row by row (what the player reads)."""
        return [[self.table.item(r, c).text() for c in range(self.table.columnCount())]
                for r in range(self.table.rowCount())]

    def ask_reset(self) -> None:
        game = self.games[self.game_id]
        store = self.recorder.store
        if store is None or not confirm(self, _("Reset statistics"),
                                        _("Forget every recorded game of {game}? This cannot be undone. "
                                          "Running totals are kept.").format(game=game.name)):
            return
        self.reset_button.setEnabled(False)
        self.message.setText(_("Forgetting the games of {game}\u2026").format(game=game.name))
        self.message.setVisible(True)
        self.recorder.reset_statistics(self.game_id, lambda problem: self._reset_done(game, problem))

    def _reset_done(self, game, problem: str) -> None:
        """The reset was written off the GUI thread (the store may be held by another program)."""
        self.load()  # done: the game's figures are gone
        if problem:
            said = _("The games of {game} could not be forgotten: {problem}. Nothing was changed; "
                     "try again later.").format(game=game.name, problem=problem)
            self.message.setText(said)
            self.message.setVisible(True)
            if not self.isVisible():
                self.recorder.warn(said)
