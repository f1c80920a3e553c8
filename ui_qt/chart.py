"""Results over time, drawn with QPainter: the recent win rate, and each game's result.

The line is the win rate over the last ``WINDOW`` games at each game (the
player's form, which a rate over all games hides once there are many); the
row of marks below it is one mark per game, oldest on the left, coloured by
result, so streaks show as runs of one colour.
"""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from solitaire_core.i18n import N_, _, ngettext
from solitaire_core.records import GameRecord
from solitaire_core.words import percent

LAST = 100  # games shown: the most recent ones
WINDOW = 10  # games in the win rate of each point
COLOURS = {N_("won"): QColor("#2e8b3e"), N_("lost"): QColor("#c0392b"), N_("abandoned"): QColor("#9aa0a6")}
LINE = QColor("#1f5fa8")
GRID = QColor("#e3e6ea")
TEXT = QColor("#444a52")
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 44, 14, 26, 20
MARK_HEIGHT = 14
GAP = 8


class ResultsChart(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.results: list[str] = []
        self.rates: list[float] = []
        self.first = 1  # number of the first game shown
        self.setMinimumHeight(170)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName(_("Results over time"))

    def set_records(self, records: Sequence[GameRecord]) -> None:
        """``records`` oldest first; the last ``LAST`` are drawn."""
        won = [r.won for r in records]
        self.first = max(1, len(records) - LAST + 1)
        self.results = [r.result for r in records[-LAST:]]
        self.rates = [sum(won[max(0, i - WINDOW + 1):i + 1]) / min(i + 1, WINDOW)
                      for i in range(self.first - 1, len(records))]
        counts = {name: self.results.count(name) for name in COLOURS}
        self.setAccessibleDescription(
            ngettext("{count} game shown: ", "{count} games shown: ", len(self.results)).format(count=len(self.results))
            + ", ".join(f"{n} {_(name)}" for name, n in counts.items())
            + (_("; {rate} won of the last {count}").format(rate=percent(self.rates[-1], 0), count=WINDOW) if self.rates else ""))
        self.update()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("white"))
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() * 0.85))
        p.setFont(small)
        plot = QRectF(MARGIN_LEFT, MARGIN_TOP, self.width() - MARGIN_LEFT - MARGIN_RIGHT,
                      self.height() - MARGIN_TOP - MARGIN_BOTTOM - MARK_HEIGHT - GAP)
        marks = QRectF(plot.left(), plot.bottom() + GAP, plot.width(), MARK_HEIGHT)
        self._legend(p)
        self._grid(p, plot)
        if not self.results:
            p.setPen(TEXT)
            p.drawText(plot, Qt.AlignmentFlag.AlignCenter, _("No games recorded yet"))
            return
        step = plot.width() / len(self.results)
        for i, result in enumerate(self.results):
            width = max(1.0, step - (2 if step > 6 else 0.5 if step > 2 else 0))
            p.fillRect(QRectF(marks.left() + i * step + (step - width) / 2, marks.top(), width, marks.height()),
                       COLOURS[result])
        path = QPainterPath()
        for i, rate in enumerate(self.rates):
            point = QPointF(plot.left() + (i + 0.5) * step, plot.bottom() - rate * plot.height())
            if i:
                path.lineTo(point)
            else:
                path.moveTo(point)
        p.setPen(QPen(LINE, 2))
        p.drawPath(path)
        if len(self.rates) == 1 or step >= 8:
            p.setBrush(LINE)
            p.setPen(Qt.PenStyle.NoPen)
            for i, rate in enumerate(self.rates):
                p.drawEllipse(QPointF(plot.left() + (i + 0.5) * step, plot.bottom() - rate * plot.height()), 2.5, 2.5)
        p.setPen(TEXT)
        below = QRectF(plot.left(), marks.bottom() + 2, plot.width(), MARGIN_BOTTOM - 2)
        p.drawText(below, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, _("game {number}").format(number=self.first))
        p.drawText(below, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
                   _("game {number}").format(number=self.first + len(self.results) - 1))

    def _grid(self, p: QPainter, plot: QRectF) -> None:
        for fraction in (0.0, 0.5, 1.0):
            y = plot.bottom() - fraction * plot.height()
            p.setPen(QPen(GRID, 1))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(TEXT)
            p.drawText(QRectF(0, y - 8, MARGIN_LEFT - 6, 16),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, percent(fraction, 0))

    def _legend(self, p: QPainter) -> None:
        x = MARGIN_LEFT
        items = [(_("win rate, last {count} games").format(count=WINDOW), LINE, True)]
        items += [(_(name), colour, False) for name, colour in COLOURS.items()]
        for text, colour, is_line in items:
            if is_line:
                p.setPen(QPen(colour, 2))
                p.drawLine(QPointF(x, 10), QPointF(x + 14, 10))
            else:
                p.fillRect(QRectF(x + 3, 5, 9, 10), colour)
            p.setPen(TEXT)
            width = p.fontMetrics().horizontalAdvance(text)
            p.drawText(QRectF(x + 18, 0, width + 4, 20), Qt.AlignmentFlag.AlignVCenter, text)
            x += 18 + width + 16
