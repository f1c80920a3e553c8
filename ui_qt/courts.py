"""Court figures of the drawn deck: a double-ended bust in the face's ink (``scene.Court``).

Drawn with QPainter paths in a unit box scaled to the frame, so a figure is
crisp at every size. The figure is named by its headgear (a crown with points
and a beard, a coronet of pearls and long hair, a feathered cap, a plumed
helmet); the face's symbol is the emblem on the chest.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

SKIN = QColor("#f4d7b0")
GOLD = QColor("#d9a521")
HAIR = QColor("#6b4423")
STEEL = QColor("#b9c0c8")


def _shade(colour: QColor, alpha: int) -> QColor:
    tint = QColor(colour)
    tint.setAlpha(alpha)
    return tint


def paint_court(p: QPainter, figure: str, symbol: str, colour: QColor, frame: QRectF) -> None:
    """``figure`` in ``frame``: its top half, and the same turned round below."""
    half = QRectF(frame.left(), frame.top(), frame.width(), frame.height() / 2)
    p.save()
    clip = QPainterPath()
    clip.addRoundedRect(frame, frame.width() * 0.08, frame.width() * 0.08)
    p.setClipPath(clip)
    for turn in (0, 180):
        p.save()
        if turn:
            p.translate(frame.center())
            p.rotate(180)
            p.translate(-frame.center())
        p.translate(half.topLeft())
        p.scale(half.width(), half.height())
        _bust(p, figure, colour, symbol, half.width())
        p.restore()
    p.restore()
    p.setPen(QPen(colour, max(0.8, frame.width() * 0.015)))
    p.drawLine(QPointF(frame.left(), frame.center().y()), QPointF(frame.right(), frame.center().y()))


def _bust(p: QPainter, figure: str, colour: QColor, symbol: str, scale: float) -> None:
    """One half figure in the unit box (0..1 both ways; the box is wider than tall on screen)."""
    line = QPen(colour.darker(140), max(0.6, scale * 0.012) / scale)
    line.setCosmetic(False)
    p.setPen(line)
    # Robe and shoulders.
    robe = QPainterPath(QPointF(0.04, 1.02))
    robe.cubicTo(QPointF(0.04, 0.72), QPointF(0.2, 0.62), QPointF(0.4, 0.6))
    robe.lineTo(QPointF(0.6, 0.6))
    robe.cubicTo(QPointF(0.8, 0.62), QPointF(0.96, 0.72), QPointF(0.96, 1.02))
    robe.closeSubpath()
    p.setBrush(_shade(colour, 110))
    p.drawPath(robe)
    p.setBrush(_shade(QColor("white"), 200))
    p.drawEllipse(QPointF(0.5, 0.84), 0.13, 0.13)
    collar = QPolygonF([QPointF(0.36, 0.61), QPointF(0.5, 0.7), QPointF(0.64, 0.61)])
    p.setBrush(GOLD)
    p.drawPolygon(collar)
    if figure == "coronet":  # long hair behind the face
        p.setBrush(HAIR)
        hair = QPainterPath(QPointF(0.31, 0.24))
        hair.cubicTo(QPointF(0.22, 0.42), QPointF(0.24, 0.58), QPointF(0.28, 0.66))
        hair.lineTo(QPointF(0.72, 0.66))
        hair.cubicTo(QPointF(0.76, 0.58), QPointF(0.78, 0.42), QPointF(0.69, 0.24))
        hair.closeSubpath()
        p.drawPath(hair)
    # Head.
    p.setBrush(SKIN)
    p.drawEllipse(QPointF(0.5, 0.4), 0.14, 0.19)
    p.setBrush(colour.darker(160))
    p.setPen(Qt.PenStyle.NoPen)
    for x in (0.45, 0.55):
        p.drawEllipse(QPointF(x, 0.38), 0.018, 0.022)
    p.setPen(line)
    if figure == "crown":  # a beard
        beard = QPainterPath(QPointF(0.37, 0.43))
        beard.cubicTo(QPointF(0.38, 0.62), QPointF(0.46, 0.69), QPointF(0.5, 0.71))
        beard.cubicTo(QPointF(0.54, 0.69), QPointF(0.62, 0.62), QPointF(0.63, 0.43))
        beard.cubicTo(QPointF(0.58, 0.51), QPointF(0.42, 0.51), QPointF(0.37, 0.43))
        p.setBrush(HAIR)
        p.drawPath(beard)
    HEADGEAR.get(figure, _cap)(p, colour)
    # The suit's emblem on the chest.
    p.save()
    p.translate(0.5, 0.84)
    p.scale(1 / scale, 1 / scale)
    size = scale * 0.2
    font = p.font()
    font.setPixelSize(max(1, round(size)))
    p.setFont(font)
    p.setPen(colour)
    p.drawText(QRectF(-size, -size * 0.6, 2 * size, size * 1.2), Qt.AlignmentFlag.AlignCenter, symbol)
    p.restore()


def _crown(p: QPainter, colour: QColor) -> None:
    points = [(0.33, 0.25), (0.32, 0.08), (0.41, 0.17), (0.5, 0.04), (0.59, 0.17), (0.68, 0.08), (0.67, 0.25)]
    p.setBrush(GOLD)
    p.drawPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    p.setBrush(colour)
    for x, y in ((0.32, 0.08), (0.5, 0.04), (0.68, 0.08)):
        p.drawEllipse(QPointF(x, y), 0.025, 0.03)


def _coronet(p: QPainter, colour: QColor) -> None:
    band = QPainterPath(QPointF(0.35, 0.24))
    band.cubicTo(QPointF(0.4, 0.13), QPointF(0.6, 0.13), QPointF(0.65, 0.24))
    band.lineTo(QPointF(0.62, 0.27))
    band.cubicTo(QPointF(0.57, 0.2), QPointF(0.43, 0.2), QPointF(0.38, 0.27))
    band.closeSubpath()
    p.setBrush(GOLD)
    p.drawPath(band)
    p.setBrush(QColor("white"))
    for x, y in ((0.38, 0.17), (0.44, 0.12), (0.5, 0.1), (0.56, 0.12), (0.62, 0.17)):
        p.drawEllipse(QPointF(x, y), 0.022, 0.028)
    p.setBrush(colour)
    p.drawEllipse(QPointF(0.5, 0.17), 0.02, 0.025)


def _cap(p: QPainter, colour: QColor) -> None:
    cap = QPainterPath(QPointF(0.32, 0.29))
    cap.cubicTo(QPointF(0.3, 0.09), QPointF(0.7, 0.07), QPointF(0.72, 0.25))
    cap.lineTo(QPointF(0.32, 0.29))
    p.setBrush(colour)
    p.drawPath(cap)
    feather = QPainterPath(QPointF(0.64, 0.17))
    feather.cubicTo(QPointF(0.78, 0.05), QPointF(0.86, 0.03), QPointF(0.92, 0.03))
    feather.cubicTo(QPointF(0.86, 0.11), QPointF(0.78, 0.17), QPointF(0.66, 0.23))
    feather.closeSubpath()
    p.setBrush(GOLD)
    p.drawPath(feather)


def _helmet(p: QPainter, colour: QColor) -> None:
    helmet = QPainterPath(QPointF(0.33, 0.37))
    helmet.cubicTo(QPointF(0.3, 0.09), QPointF(0.7, 0.09), QPointF(0.67, 0.37))
    helmet.lineTo(QPointF(0.67, 0.33))
    helmet.lineTo(QPointF(0.33, 0.33))
    helmet.closeSubpath()
    p.setBrush(STEEL)
    p.drawPath(helmet)
    p.drawLine(QPointF(0.5, 0.13), QPointF(0.5, 0.33))
    plume = QPainterPath(QPointF(0.5, 0.13))
    plume.cubicTo(QPointF(0.4, 0.02), QPointF(0.24, 0.03), QPointF(0.16, 0.11))
    plume.cubicTo(QPointF(0.28, 0.05), QPointF(0.4, 0.07), QPointF(0.5, 0.17))
    plume.closeSubpath()
    p.setBrush(colour)
    p.drawPath(plume)


HEADGEAR = {"crown": _crown, "coronet": _coronet, "cap": _cap, "helmet": _helmet}
