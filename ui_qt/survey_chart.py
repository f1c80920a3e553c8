"""The chart of ``solitaire survey --report --chart FILE.png``, drawn with QPainter.

The engine finds ``draw`` through the ``solitaire.charts`` entry point (it never
imports Qt). One bar a game and option set, 0 to 100%: winnable, unwinnable and
unknown side by side, a whisker on each of the first two boundaries for its
95% interval, and the figures written beside it, so the bars compare at a glance
and the numbers are there to quote.
"""

from __future__ import annotations

import os
from typing import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QPen

from solitaire_core.i18n import _
from solitaire_core.records.report import options_label
from solitaire_core.registry import load_games
from solitaire_core.solver.commands import verdict_word
from solitaire_core.words import percent

COLOURS = {"winnable": QColor("#2e8b3e"), "unwinnable": QColor("#c0392b"), "unknown": QColor("#b8bec6")}
TEXT, GRID = QColor("#2b3036"), QColor("#e3e6ea")
WIDTH, BAR, ROW, TOP, BOTTOM, LEFT, RIGHT = 900, 26, 82, 70, 30, 20, 28


def draw(rows: Sequence, path: str) -> None:
    """Write the chart of ``rows`` (``solitaire_core.survey.report.Row``) to the PNG ``path``;
    each bar is named in words, by the game's name and the options that differ from its
    defaults, where the game is installed (else as stored)."""
    games = load_games()
    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # a file, no window: no display needed
        draw.app = QGuiApplication([])  # kept: fonts need the application alive while painting
    height = TOP + BOTTOM + ROW * max(1, len(rows))
    image = QImage(WIDTH, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont(p.font())
    font.setPixelSize(14)
    p.setFont(font)
    plot = QRectF(LEFT, TOP, WIDTH - LEFT - RIGHT, height - TOP - BOTTOM)
    _title(p, font)
    _grid(p, plot)
    if not rows:
        p.setPen(TEXT)
        p.drawText(plot, Qt.AlignmentFlag.AlignCenter, _("No answers stored yet"))
    for index, row in enumerate(rows):
        _bar(p, row, _label(row, games.get(row.game)),
             QRectF(plot.left(), plot.top() + index * ROW + 26, plot.width(), BAR), font)
    p.end()
    if not image.save(str(path), "PNG"):
        raise OSError(_("the PNG could not be written to {path}").format(path=path))


def _title(p: QPainter, font: QFont) -> None:
    bold = QFont(font)
    bold.setBold(True)
    bold.setPixelSize(17)
    p.setFont(bold)
    p.setPen(TEXT)
    p.drawText(QRectF(16, 8, WIDTH, 24), Qt.AlignmentFlag.AlignVCenter, _("Deals winnable, unwinnable, unknown"))
    p.setFont(font)
    x = 16
    for name, colour in COLOURS.items():
        p.fillRect(QRectF(x, 40, 12, 12), colour)
        text = verdict_word(name)
        width = p.fontMetrics().horizontalAdvance(text)
        p.setPen(TEXT)
        p.drawText(QRectF(x + 18, 34, width + 4, 24), Qt.AlignmentFlag.AlignVCenter, text)
        x += 18 + width + 22
    p.setPen(QPen(TEXT, 1.6))
    p.drawLine(QPointF(x, 46), QPointF(x + 24, 46))
    for end in (x, x + 24):
        p.drawLine(QPointF(end, 41), QPointF(end, 51))
    p.setPen(TEXT)
    p.drawText(QRectF(x + 30, 34, 300, 24), Qt.AlignmentFlag.AlignVCenter, _("95% interval of a share"))


def _grid(p: QPainter, plot: QRectF) -> None:
    for tenth in range(11):
        x = plot.left() + plot.width() * tenth / 10
        p.setPen(QPen(GRID, 1))
        p.drawLine(QPointF(x, plot.top() + 20), QPointF(x, plot.bottom()))
        if tenth % 2 == 0:
            p.setPen(TEXT)
            p.drawText(QRectF(x - 30, plot.bottom() + 4, 60, 20), Qt.AlignmentFlag.AlignCenter, percent(tenth / 10, 0))


def _label(row, game) -> str:
    if game is None:
        return row.label
    name = _(game.name)
    if not game.options:
        return name
    return _("{game}: {options}").format(game=name, options=options_label(tuple(row.options.items()), game))


def _bar(p: QPainter, row, label: str, bar: QRectF, font: QFont) -> None:
    bold = QFont(font)
    bold.setBold(True)
    p.setFont(bold)
    p.setPen(TEXT)
    p.drawText(QRectF(bar.left(), bar.top() - 22, bar.width(), 20),
               Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom, label)
    p.setFont(font)
    x = bar.left()
    for name, colour in COLOURS.items():
        width = bar.width() * row.shares[name].share
        p.fillRect(QRectF(x, bar.top(), width, bar.height()), colour)
        x += width
    win, lost = row.shares["winnable"], row.shares["unwinnable"]
    # Each whisker sits on the right end of its share's part: where that end would lie
    # at the low and the high end of the share's interval.
    whiskers = [(win.low, win.high), (win.share + lost.low, win.share + lost.high)]
    p.setPen(QPen(TEXT, 1.6))
    for low, high in whiskers:
        a, b = bar.left() + bar.width() * max(0.0, low), bar.left() + bar.width() * min(1.0, high)
        y = bar.center().y()
        p.drawLine(QPointF(a, y), QPointF(b, y))
        for end in (a, b):
            p.drawLine(QPointF(end, y - 6), QPointF(end, y + 6))
    p.setPen(TEXT)
    text = _("{won} winnable ({low}-{high}), {lost} unwinnable, {unknown} unknown  —  {deals} deals "
             "({first}-{last}), budget {budget:g} s").format(
        won=percent(win.share), low=percent(win.low), high=percent(win.high), lost=percent(lost.share),
        unknown=percent(row.shares["unknown"].share), deals=row.deals, first=row.first, last=row.last,
        budget=row.budget)
    p.drawText(QRectF(bar.left(), bar.bottom() + 3, bar.width(), 20), Qt.AlignmentFlag.AlignLeft, text)
