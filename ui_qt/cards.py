"""Card faces painted with QPainter from a ``Face``'s drawing primitives, and backs, cached per size.

No painter knows a game or a card kind: a face is drawn exactly as its primitives say.

Pixmaps are rendered at the on-screen pixel size times the device pixel
ratio, so cards stay crisp at every window size; the cache keeps the faces
of the sizes in use and forgets the oldest.
"""

from __future__ import annotations

from collections import OrderedDict

from attrs import evolve
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from solitaire_core.i18n import N_
from solitaire_core.scene import Band, Box, Corner, Court, Face, Frame, Pips, Svg, Symbol

from .courts import paint_court
from .svgdeck import plugin_drawing

INKS = {"red": QColor("#c3161c"), "black": QColor("#1a1a1a")}
PAPER = QColor("#fdfdfb")
EDGE = QColor("#9a9a9a")
SANS, SERIF = "DejaVu Sans", "DejaVu Serif"

# Card backs: name -> (ground, pattern, border).
BACKS = {  # a name is the setting's value and, translated, the menu's text
    N_("Blue lattice"): ("#1d4f91", "#6f9be0", "#f4f4f4"),
    N_("Red lattice"): ("#9c1d24", "#e0787e", "#f4f4f4"),
    N_("Green lattice"): ("#1f6b3a", "#7cc495", "#f4f4f4"),
    N_("Midnight"): ("#1d1f3b", "#c9a54a", "#d9c27c"),
}
DEFAULT_BACK = "Blue lattice"
DECK_BACK = N_("The deck's own")  # an SVG deck's back; with the drawn deck, DEFAULT_BACK
BACK_NAMES = (DECK_BACK, *BACKS)

# Pip positions (x, y in the pip box, 0..1) for ranks 1..10.
_SIDE = ((0, 0), (1, 0), (0, 1), (1, 1))
PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: _SIDE,
    5: _SIDE + ((0.5, 0.5),),
    6: _SIDE + ((0, 0.5), (1, 0.5)),
    7: _SIDE + ((0, 0.5), (1, 0.5), (0.5, 0.25)),
    8: _SIDE + ((0, 0.5), (1, 0.5), (0.5, 0.25), (0.5, 0.75)),
    9: _SIDE + ((0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 0.5)),
    10: _SIDE + ((0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 1 / 6), (0.5, 5 / 6)),
}
SMALL = 58  # below this width (logical px) faces keep only index and one big symbol
TINY = 40  # below this, a face that never fans shows its index in the middle
LEAST_TEXT = 7  # px: a band's text smaller than this is left out
LOW_FRAME = (0.2, 0.3, 0.74, 0.6)  # a small card's frame, below its taller index


def ink(name: str) -> QColor:
    colour = INKS.get(name) or QColor(name)
    return colour if colour.isValid() else INKS["black"]


def fitted_font(text: str, width: float, height: float, family: str = SANS, bold: bool = True) -> QFont:
    """The largest font (up to ``height`` tall) in which ``text`` fits ``width``."""
    font = QFont(family)
    font.setBold(bold)
    font.setPixelSize(max(1, int(height)))
    advance = QFontMetricsF(font).horizontalAdvance(text) if text else 0.0
    if advance > width > 0:
        font.setPixelSize(max(1, int(height * width / advance)))
    return font


def wrapped_font(text: str, width: float, height: float, most: float, bold: bool = True) -> QFont:
    """The largest font, at most ``most`` px tall, in which ``text`` wrapped at its
    spaces fits ``width`` x ``height``."""
    font = QFont(SANS)
    font.setBold(bold)
    size = max(1, int(most))
    flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
    while size > 1:
        font.setPixelSize(size)
        box = QFontMetricsF(font).boundingRect(QRectF(0, 0, width, 10 * height), flags, text)
        if box.width() <= width + 0.5 and box.height() <= height + 0.5:
            break
        size -= 1
    font.setPixelSize(size)
    return font


def _text(p: QPainter, rect: QRectF, text: str, colour: QColor, family: str = SANS, bold: bool = True,
          align=Qt.AlignmentFlag.AlignCenter) -> None:
    p.setFont(fitted_font(text, rect.width(), rect.height(), family, bold))
    p.setPen(colour)
    p.drawText(rect, align, text)


class CardPainter:
    """Draws faces and backs; ``deck`` (an SVG deck) may supply French faces and,
    with the back ``DECK_BACK`` (the default), the back."""

    def __init__(self, back: str = DECK_BACK, deck=None, limit: int = 800):
        self.back_name = back if back in BACK_NAMES else DECK_BACK
        self.deck = deck
        self.limit = limit
        self._cache: OrderedDict = OrderedDict()

    def set_back(self, name: str) -> None:
        self.back_name = name if name in BACK_NAMES else DECK_BACK

    def set_deck(self, deck) -> None:
        self.deck = deck
        self._cache.clear()

    # --- cached pixmaps ------------------------------------------------------
    def face(self, face: Face, width: int, height: int, dpr: float = 1.0) -> QPixmap:
        return self._cached(("face", face, width, height, dpr), lambda p: paint_face(p, face, width, height),
                            width, height, dpr, face)

    def back(self, width: int, height: int, dpr: float = 1.0) -> QPixmap:
        name = self.back_name
        return self._cached(("back", name, width, height, dpr), lambda p: paint_back(p, name, width, height),
                            width, height, dpr, None)

    def _from_deck(self, face: Face | None, width, height, dpr) -> QPixmap | None:
        if self.deck is None:
            return None
        if face is not None:
            return self.deck.render(face, width, height, dpr)
        return self.deck.render_back(width, height, dpr) if self.back_name == DECK_BACK else None

    def _cached(self, key, paint, width, height, dpr, face):
        pixmap = self._cache.get(key)
        if pixmap is not None:
            self._cache.move_to_end(key)
            return pixmap
        pixmap = self._from_deck(face, width, height, dpr)
        if pixmap is None:
            pixmap = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
            pixmap.setDevicePixelRatio(dpr)
            pixmap.fill(Qt.GlobalColor.transparent)
            p = QPainter(pixmap)
            p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
            paint(p)
            p.end()
        self._cache[key] = pixmap
        while len(self._cache) > self.limit:
            self._cache.popitem(last=False)
        return pixmap


def card_path(w: float, h: float, inset: float = 0.5) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(QRectF(inset, inset, w - 2 * inset, h - 2 * inset), w * 0.07, w * 0.07)
    return path


def card_outline(p: QPainter, w: float, h: float, fill: QColor) -> None:
    p.setPen(QPen(EDGE, 1.0))
    p.setBrush(fill)
    p.drawPath(card_path(w, h))


# The index (rank and the suit below it) stays within the strip a fanned card
# shows: a fan step is 0.3 card widths, 0.21 of the card's height.
INDEX_RANK = (0.015, 0.115)  # top and height, in card heights
INDEX_SUIT = (0.128, 0.075)
UPSIDE_AMBIGUOUS = ("6", "9")  # underlined on faces the table may turn round


def _corners(p: QPainter, w: float, h: float, corner: Corner, colour: QColor, underline: bool = False) -> None:
    """The index in the top-left corner and, turned round, in the bottom-right.

    Small cards put the symbol beside the text, so a fanned card still shows both;
    a ``wide`` index (Roman numerals) has the card's top strip;
    ``underline`` marks a 6 or 9 so that a card lying turned never reads as the other.
    """
    top, below, family = corner.text, corner.symbol, SERIF if corner.serif else SANS
    small = w < SMALL or corner.wide
    for turn in (0, 180):
        p.save()
        if turn:
            p.translate(w, h)
            p.rotate(180)
        if small:
            tall = h * (0.16 if w < SMALL else 0.12)
            rect = QRectF(w * 0.05, h * 0.02, w * 0.62, tall)
            _text(p, rect, top + below, colour, family,
                  align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        else:
            rect = QRectF(w * 0.02, h * INDEX_RANK[0], w * 0.22, h * INDEX_RANK[1])
            _text(p, rect, top, colour, family)
            if below:
                _text(p, QRectF(w * 0.02, h * INDEX_SUIT[0], w * 0.22, h * INDEX_SUIT[1]), below, colour, family,
                      False)
        if underline and _ambiguous(top):
            _underline(p, rect, top + below if small else top, colour, not small)
        p.restore()


def _ambiguous(index: str) -> bool:
    """A lone 6 or 9 (with its suit): turned round, it reads as the other."""
    return index[:1] in UPSIDE_AMBIGUOUS and not index[1:2].isdigit()


def _underline(p: QPainter, rect: QRectF, text: str, colour: QColor, centred: bool) -> None:
    """A bar under the first character of ``text``, as ``_text`` just drew it in ``rect``."""
    metrics = QFontMetricsF(p.font())
    left = rect.center().x() - metrics.horizontalAdvance(text) / 2 if centred else rect.left()
    y = rect.center().y() + (metrics.ascent() - metrics.descent()) / 2 + metrics.descent() * 0.6
    p.setPen(QPen(colour, max(1.0, metrics.height() * 0.08)))
    p.drawLine(QPointF(left, y), QPointF(left + metrics.horizontalAdvance(text[0]), y))


def _rect(box: Box, w: float, h: float) -> QRectF:
    x, y, width, height = box
    return QRectF(w * x, h * y, w * width, h * height)


def paint_face(p: QPainter, face: Face, w: float, h: float) -> None:
    """``face`` as its primitives say: paper and wash, frame, centre, corners, bands, marks."""
    colour = ink(face.ink)
    card_outline(p, w, h, QColor(face.paper) if face.paper else PAPER)
    if face.tint:
        wash = QColor(colour)
        wash.setAlphaF(min(1.0, face.tint))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(wash)
        p.drawPath(card_path(w, h, 1.5))
    frame, centre = face.frame, face.centre
    if frame is not None and w < SMALL:  # the index takes more room: a framed centre moves below it
        frame, centre = evolve(frame, box=LOW_FRAME), _moved(centre, frame.box, LOW_FRAME)
    if frame is not None:
        _frame(p, frame, w, h)
    if face.corner is not None and not face.fanned and w < TINY:
        _index_in_middle(p, face.corner, colour, w, h)  # corners would be unreadable
    else:
        if centre is not None:
            _centre(p, centre, colour, w, h)
        if face.corner is not None:
            _corners(p, w, h, face.corner, colour, underline=not face.fanned)
    for band in face.bands:
        _band(p, band, colour, w, h)
    _marks(p, face.marks, colour, w, h)


def _moved(centre, old: Box, new: Box):
    """``centre`` (a ``Symbol`` or ``Svg``) keeping its place in a frame moved from ``old`` to ``new``."""
    if not isinstance(centre, (Symbol, Svg)):
        return centre
    x, y, width, height = centre.box
    sx, sy = new[2] / old[2], new[3] / old[3]
    return evolve(centre, box=(new[0] + (x - old[0]) * sx, new[1] + (y - old[1]) * sy, width * sx, height * sy))


def _index_in_middle(p: QPainter, corner: Corner, colour: QColor, w: float, h: float) -> None:
    label = corner.text + corner.symbol
    rect = QRectF(w * 0.12, h * 0.25, w * 0.76, h * 0.5)
    _text(p, rect, label, colour, SERIF if corner.serif else SANS)
    if _ambiguous(label):
        _underline(p, rect, label, colour, True)


def _centre(p: QPainter, centre, colour: QColor, w: float, h: float) -> None:
    if isinstance(centre, (Pips, Court)) and w < SMALL:  # one big symbol
        _text(p, QRectF(w * 0.2, h * 0.35, w * 0.75, h * 0.55), centre.symbol, colour, bold=False)
    elif isinstance(centre, Pips):
        _pips(p, centre, colour, w, h)
    elif isinstance(centre, Court):
        frame = QRectF(w * 0.26, h * 0.15, w * 0.48, h * 0.7)
        tint = QColor(colour)
        tint.setAlpha(28)
        p.setPen(QPen(colour, max(1.0, w * 0.015)))
        p.setBrush(tint)
        p.drawRoundedRect(frame, w * 0.04, w * 0.04)
        paint_court(p, centre.figure, centre.symbol, colour, frame)
    elif isinstance(centre, Symbol):
        _text(p, _rect(centre.box, w, h), centre.text, ink(centre.ink) if centre.ink else colour,
              SERIF if centre.serif else SANS, centre.bold)
    elif isinstance(centre, Svg):
        drawing = plugin_drawing(centre.package, centre.path)
        if drawing is not None:
            drawing.render(p, centre.element, _rect(centre.box, w, h))


def _pips(p: QPainter, pips: Pips, colour: QColor, w: float, h: float) -> None:
    box = QRectF(w * 0.33, h * 0.2, w * 0.34, h * 0.6)
    size = h * (0.36 if pips.count == 1 else 0.16)
    for px, py in PIPS.get(pips.count, ()):
        centre = QPointF(box.left() + px * box.width(), box.top() + py * box.height())
        p.save()
        p.translate(centre)
        if py > 0.5:
            p.rotate(180)
        _text(p, QRectF(-size, -size / 2, 2 * size, size), pips.symbol, colour, bold=False)
        p.restore()


def _frame(p: QPainter, frame: Frame, w: float, h: float) -> None:
    line, rect = ink(frame.ink), _rect(frame.box, w, h)
    p.setBrush(QColor(frame.fill) if frame.fill else Qt.BrushStyle.NoBrush)
    p.setPen(QPen(line, max(1.0, w * 0.018)))
    p.drawRoundedRect(rect, w * 0.06, w * 0.06)
    if w < SMALL:
        return
    if frame.double:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(line, max(0.6, w * 0.007)))
        p.drawRoundedRect(rect.adjusted(w * 0.03, w * 0.03, -w * 0.03, -w * 0.03), w * 0.04, w * 0.04)
    if frame.ornament:
        for y in (rect.top() + h * 0.08, rect.bottom() - h * 0.08):
            _text(p, QRectF(rect.left(), y - h * 0.05, rect.width(), h * 0.1), frame.ornament, line, bold=False)


def _band(p: QPainter, band: Band, colour: QColor, w: float, h: float) -> None:
    rect = _rect(band.box, w, h)
    if band.fill:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(band.fill))
        p.drawRoundedRect(rect, w * 0.04, w * 0.04)
    text = rect.adjusted(w * 0.04, h * 0.02, -w * 0.04, -h * 0.02)
    if text.height() >= LEAST_TEXT:
        _text(p, text, band.text, ink(band.ink) if band.ink else colour, bold=band.bold)


def _edge_shape(p: QPainter, shape: str, w: float) -> None:
    """One side's shape, drawn with the side along x at y = 0, inward +y."""
    if shape == "triangle":
        p.drawPolygon(QPolygonF([QPointF(-w * 0.16, 0), QPointF(w * 0.16, 0), QPointF(0, w * 0.2)]))
    elif shape == "rectangle":
        p.drawRect(QRectF(-w * 0.2, 0, w * 0.4, w * 0.1))
    elif shape == "square":
        p.drawRect(QRectF(-w * 0.09, 0, w * 0.18, w * 0.18))
    else:
        p.drawEllipse(QPointF(0, w * 0.06), w * 0.06, w * 0.06)


def _marks(p: QPainter, marks: tuple[str, ...], colour: QColor, w: float, h: float) -> None:
    """A shape on each side that has one: north, east, south, west."""
    if not any(marks):
        return
    p.setPen(QPen(colour.darker(130), max(0.8, w * 0.01)))
    p.setBrush(colour)
    sides = ((w / 2, 0.0, 0), (w, h / 2, 90), (w / 2, h, 180), (0.0, h / 2, 270))
    for shape, (x, y, angle) in zip(marks, sides):
        if shape:
            p.save()
            p.translate(x, y)
            p.rotate(angle)
            _edge_shape(p, shape, w)
            p.restore()


def paint_back(p: QPainter, name: str, w: float, h: float) -> None:
    ground, pattern, border = (QColor(c) for c in BACKS.get(name, BACKS[DEFAULT_BACK]))
    card_outline(p, w, h, border)
    inner = QRectF(w * 0.07, w * 0.07, w * 0.86, h - w * 0.14)
    clip = QPainterPath()
    clip.addRoundedRect(inner, w * 0.04, w * 0.04)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ground)
    p.drawPath(clip)
    p.save()
    p.setClipPath(clip)
    p.setPen(QPen(pattern, max(0.8, w * 0.012)))
    step = max(4.0, w * 0.11)
    span = inner.width() + inner.height()
    k = -span
    while k < span:
        p.drawLine(QPointF(inner.left() + k, inner.top()), QPointF(inner.left() + k + inner.height(), inner.bottom()))
        p.drawLine(QPointF(inner.left() + k, inner.bottom()), QPointF(inner.left() + k + inner.height(), inner.top()))
        k += step
    centre = inner.center()
    r = w * 0.16
    p.setBrush(ground)
    p.setPen(QPen(pattern, max(1.0, w * 0.02)))
    p.drawPolygon(QPolygonF([centre + QPointF(0, -r * 1.4), centre + QPointF(r, 0),
                             centre + QPointF(0, r * 1.4), centre + QPointF(-r, 0)]))
    p.restore()
