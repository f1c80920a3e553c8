"""The table: a QGraphicsView that draws a ``Scene`` scaled to the window.

Scene coordinates are viewport pixels: every relayout recomputes the card
size, re-renders the faces at that pixel size (crisp at every size) and puts
each card on whole pixels. ``show_scene`` takes a scene, or a layout that
makes one for the room the window gives (so the fans give way, not the
cards), diffs it against the shown one by card identity and slides the cards
that moved.
"""

from __future__ import annotations

import math
import random
from typing import Callable

from PySide6.QtCore import QAbstractAnimation, QEasingCurve, QPointF, QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import (QBrush, QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap, QPolygonF, QRadialGradient,
                           QTransform)
from PySide6.QtWidgets import (QGraphicsDropShadowEffect, QGraphicsItem, QGraphicsPathItem, QGraphicsPixmapItem,
                               QGraphicsScene, QGraphicsView)

from solitaire_core.i18n import N_, _
from solitaire_core.scene import CardPlacement, Corner, Face, Scene, Slot, Symbol

from .cards import CardPainter, fitted_font, wrapped_font
from .diff import pair_cards
from .fans import roomy

TABLES = {N_("Green felt"): "#0f6b35", N_("Blue felt"): "#17507a", N_("Red felt"): "#7a1f24", N_("Slate"): "#3b4450"}
DEFAULT_TABLE = "Green felt"
MARGIN = 0.25  # card widths of table border around the scene
LABEL_PX = 12  # the least font size of a long slot label, while it fits its slot
ANIMATION_MS = 180
DEAL_MS = 400
TARGET = "target"
BADGED = ("stock",)  # roles whose label stays readable, as a badge, over their cards
Z_BADGE = 90_000
Z_LIFT, Z_HIGHLIGHT, Z_CURSOR, Z_OVERLAY = 100_000, 200_000, 210_000, 300_000
CASCADE_LAUNCHES = 120  # ticks (16 ms) over which the win's cards leap, however many they are

Room = tuple[float, float]
Layout = Callable[[Room | None], Scene]  # the scene for a room in card widths (None: the game's own size)


class CardItem(QGraphicsPixmapItem):
    """One card on the table; ``placed`` is its placement in the shown scene."""

    def __init__(self, placed: CardPlacement):
        super().__init__()
        self.placed = placed
        self.shown_up = placed.face_up
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)

    @property
    def face(self) -> Face:
        placed = self.placed
        return placed.face or Face(corner=Corner(placed.code), centre=Symbol(placed.code))


class SlotItem(QGraphicsPixmapItem):
    """A zone's outline with its label, where an empty pile lies (drawn once per size)."""

    def __init__(self, slot: Slot):
        super().__init__()
        self.slot = slot
        self.size = (1, 1)
        self._drawn = None
        self.setZValue(-1)
        self.setVisible(slot.role != TARGET)

    def resize(self, width: int, height: int, dpr: float) -> None:
        self.size = (width, height)
        if self._drawn != (width, height, dpr, self.slot.label):
            self._drawn = (width, height, dpr, self.slot.label)
            self.setPixmap(slot_pixmap(self.slot.label, width, height, dpr))
            self.setTransformOriginPoint(width / 2, height / 2)


class BadgeItem(QGraphicsPixmapItem):
    """A zone's label over its pile (the stock's count), since the cards hide the slot's."""

    def __init__(self):
        super().__init__()
        self._drawn = None
        self.setZValue(Z_BADGE)

    def show_label(self, label: str, card_width: int, dpr: float) -> None:
        if self._drawn != (label, card_width, dpr):
            self._drawn = (label, card_width, dpr)
            self.setPixmap(badge_pixmap(label, card_width, dpr))


def badge_pixmap(label: str, card_width: int, dpr: float) -> QPixmap:
    """White text on a dark rounded pill, at most a card wide."""
    height = max(8.0, card_width * 0.22)
    font = fitted_font(label, card_width * 0.8, height * 0.7)
    width = min(card_width * 0.94, QFontMetricsF(font).horizontalAdvance(label) + height * 0.8)
    pixmap = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    painter.setPen(QPen(QColor(255, 255, 255, 160), 1))
    painter.setBrush(QColor(20, 20, 20, 200))
    painter.drawRoundedRect(QRectF(0.5, 0.5, width - 1, height - 1), height / 2, height / 2)
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(QRectF(0, 0, width, height), Qt.AlignmentFlag.AlignCenter, label)
    painter.end()
    return pixmap


def slot_pixmap(label: str, w: int, h: int, dpr: float) -> QPixmap:
    pixmap = QPixmap(max(1, round(w * dpr)), max(1, round(h * dpr)))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    line = max(1.0, w * 0.02)
    painter.setPen(QPen(QColor(255, 255, 255, 120), line))
    painter.setBrush(QColor(0, 0, 0, 38))
    painter.drawRoundedRect(QRectF(line / 2, line / 2, w - line, h - line), w * 0.07, w * 0.07)
    if label:  # a short label large; a long one wrapped, never below LABEL_PX while it fits
        most = w * 0.42 if len(label) <= 3 else max(w * 0.16, LABEL_PX)
        painter.setFont(wrapped_font(label, w * 0.84, h * 0.84, most))
        painter.setPen(QColor(255, 255, 255, 150))
        painter.drawText(QRectF(0, 0, w, h), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, label)
    painter.end()
    return pixmap


class TableView(QGraphicsView):
    """Draws and animates scenes; knows no game and no rule."""

    def __init__(self, painter: CardPainter | None = None, table: str = DEFAULT_TABLE, parent=None):
        super().__init__(parent)
        self.painter = painter or CardPainter()
        self.table_name = table if table in TABLES else DEFAULT_TABLE
        self.setScene(QGraphicsScene(self))
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(_("Card table"))
        self.model: Scene | None = None
        self.scene_layout: Layout | None = None
        self._fitted: tuple[int, int] | None = None  # the viewport size the shown layout was made for
        self._width: float | None = None  # the width of the scene laid out last
        self.cards: list[CardItem] = []
        self.slots: dict[str, SlotItem] = {}
        self.badges: dict[str, BadgeItem] = {}
        self.scale_px = 1.0
        self.origin = QPointF(0, 0)
        self.card_px = (1, 1)
        self._felt: QPixmap | None = None
        self._animation: QVariantAnimation | None = None
        self._moving: list = []
        self._shakes: list[QVariantAnimation] = []
        self._marks: list[QGraphicsItem] = []
        self._cursor_item: QGraphicsPathItem | None = None
        self._overlay: list[QGraphicsItem] = []
        self._overlay_text: tuple[str, str] | None = None
        self._fall: QTimer | None = None
        self._mark_spec: tuple = ((), (), "")
        self._cursor_spec: tuple = (None, None, None)
        self.handler = None  # the Interaction that turns gestures into moves
        self.failed = None  # failed(exc) -> bool: the window reports a game's failure (True), else it is raised

    # --- settings ------------------------------------------------------------
    def set_table(self, name: str) -> None:
        self.table_name = name if name in TABLES else DEFAULT_TABLE
        self._felt = None
        self.resetCachedContent()
        self.viewport().update()

    def repaint_cards(self) -> None:
        """After a change of back or deck: render every card again."""
        for item in self.cards:
            self._set_pixmap(item, item.shown_up)

    # --- geometry --------------------------------------------------------------
    def dpr(self) -> float:
        return self.devicePixelRatioF() or 1.0

    def viewport_size(self) -> tuple[int, int]:
        return max(1, self.viewport().width()), max(1, self.viewport().height())

    def room(self, natural: Scene) -> Room:
        """The viewport in card widths, the cards as wide as ``natural``'s width allows."""
        return self._room(natural.width)

    def _room(self, width: float) -> Room:
        vw, vh = self.viewport_size()
        s = vw / (width + 2 * MARGIN)
        return vw / s - 2 * MARGIN, vh / s - 2 * MARGIN

    def laid_out(self) -> Scene:
        """The layout's scene for this viewport: a game that lays out for the room
        fills the width and squeezes its fans to the height.

        The room needs the game's own width; a game keeps it from move to move, so
        the width of the scene shown last is tried first, and the game's own scene
        is asked for only when the answer's width says it changed. Where a fan would
        hide a face-up card's index, a taller room is asked for (``fans.roomy``)."""
        if self._width is not None:
            room = self._room(self._width)
            scene = self.scene_layout(room)
            if scene.width == self._width:
                return roomy(self.scene_layout, room, scene)
        room = self.room(self.scene_layout(None))
        scene = self.scene_layout(room)
        self._width = scene.width
        return roomy(self.scene_layout, room, scene)

    def relayout(self) -> None:
        """Fit the scene to the viewport (keeping its aspect, centred)."""
        model = self.model
        vw, vh = self.viewport_size()
        self._fitted = (vw, vh)
        self.scene().setSceneRect(0, 0, vw, vh)
        self._felt = None
        if model is None:
            return
        self._stop_motion()
        s = min(vw / (model.width + 2 * MARGIN), vh / (model.height + 2 * MARGIN))
        self.scale_px = s
        self.origin = QPointF(round((vw - model.width * s) / 2), round((vh - model.height * s) / 2))
        self.card_px = (max(4, round(s)), max(6, round(s * model.card_height)))
        for item in self.slots.values():
            self._place_slot(item)
        for item in self.cards:
            self._set_pixmap(item, item.placed.face_up)
            self._set_geometry(item, *self.target(item.placed))
        self._refresh_badges()
        self._refresh_marks()
        if self._overlay_text is not None:
            self.overlay(*self._overlay_text)

    def to_px(self, x: float, y: float) -> QPointF:
        return QPointF(round(self.origin.x() + x * self.scale_px), round(self.origin.y() + y * self.scale_px))

    def target(self, placed: CardPlacement) -> tuple[QPointF, float]:
        return self.to_px(placed.x, placed.y), placed.rotation

    def _place_slot(self, item: SlotItem) -> None:
        slot, s = item.slot, self.scale_px
        item.resize(round(slot.width * s), round(slot.height * s), self.dpr())
        item.setPos(self.to_px(slot.x, slot.y))
        if item.rotation() != slot.rotation:  # setRotation repaints even when unchanged
            item.setRotation(slot.rotation)

    def _set_pixmap(self, item: CardItem, face_up: bool) -> None:
        w, h = self.card_px
        pixmap = self.painter.face(item.face, w, h, self.dpr()) if face_up else self.painter.back(w, h, self.dpr())
        item.shown_up = face_up
        if item.pixmap().cacheKey() != pixmap.cacheKey():  # a new pixmap repaints the card
            item.setPixmap(pixmap)
            item.setTransformOriginPoint(w / 2, h / 2)

    @staticmethod
    def _set_geometry(item: CardItem, pos: QPointF, rotation: float) -> None:
        item.setPos(pos)
        if item.rotation() != rotation:  # setRotation repaints even when unchanged
            item.setRotation(rotation)
        if not item.transform().isIdentity():
            item.setTransform(QTransform())
        item.setZValue(item.placed.z)
        if item.graphicsEffect() is not None:
            item.setGraphicsEffect(None)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.scene_layout is None:
            self.relayout()
            return
        overlay = self._overlay_text
        try:
            self.show_scene(self.scene_layout, animate=False)  # laid out again for the new room
        except Exception as exc:  # the game's scene for this room: reported, the scene shown last is fitted
            if self.failed is None or not self.failed(exc):
                raise
            self.relayout()
            return
        if overlay is not None:
            self.overlay(*overlay)

    # --- input goes to the handler ---------------------------------------------------
    def mousePressEvent(self, event) -> None:
        if self.handler is not None and event.button() == Qt.MouseButton.LeftButton:
            self.handler.mouse_press(event.position())
        elif self.handler is not None and event.button() == Qt.MouseButton.RightButton:
            self.handler.turn(1)  # while dragging: the next way to lay the cards down

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y()
        if self.handler is None or not steps or not self.handler.turn(-1 if steps > 0 else 1):
            super().wheelEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:
        if self.handler is not None and event.button() == Qt.MouseButton.LeftButton:
            self.handler.double_click(event.position())

    def mouseMoveEvent(self, event) -> None:
        if self.handler is not None:
            self.handler.mouse_move(event.position())

    def mouseReleaseEvent(self, event) -> None:
        if self.handler is not None and event.button() == Qt.MouseButton.LeftButton:
            self.handler.mouse_release(event.position())

    def keyPressEvent(self, event) -> None:
        if self.handler is None or not self.handler.key(event.key()):
            super().keyPressEvent(event)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        width, height, dpr = self.viewport().width(), self.viewport().height(), self.dpr()
        if self._felt is None or (self._felt.width(), self._felt.height()) != (round(width * dpr), round(height * dpr)):
            self._felt = felt(width, height, TABLES[self.table_name], dpr)
        source = QRectF(rect.x() * dpr, rect.y() * dpr, rect.width() * dpr, rect.height() * dpr)
        painter.drawPixmap(rect, self._felt, source)

    # --- showing scenes ----------------------------------------------------------
    def show_scene(self, scene: Scene | Layout, animate: bool = True) -> None:
        """Show ``scene`` (or what a layout makes for this viewport); cards that
        moved slide there unless ``animate`` is False."""
        self._stop_motion()
        self.clear_overlay()
        self.scene_layout = (lambda room: scene) if isinstance(scene, Scene) else scene
        scene = self.laid_out()
        old, self.model = self.model, scene
        shape = (scene.width, scene.height, scene.card_height)
        resized = (old is None or (old.width, old.height, old.card_height) != shape
                   or self._fitted != self.viewport_size())
        pairing = pair_cards([item.placed for item in self.cards], scene.cards)
        items, reused = [], set()
        for placed, i in zip(scene.cards, pairing):
            if i is None:
                item = CardItem(placed)
                self.scene().addItem(item)
            else:
                item = self.cards[i]
                item.placed = placed
                reused.add(i)
            items.append(item)
        for i, item in enumerate(self.cards):
            if i not in reused:
                self.scene().removeItem(item)
        self.cards = items
        self._sync_slots(scene)
        if resized:
            self.relayout()
            return
        moving = []
        for item in items:
            pos, rotation = self.target(item.placed)
            if animate and item.pixmap() and (item.pos() != pos or item.rotation() != rotation
                                               or item.shown_up != item.placed.face_up):
                moving.append((item, item.pos(), item.rotation(), pos, rotation, item.shown_up))
            else:
                self._set_pixmap(item, item.placed.face_up)
                self._set_geometry(item, pos, rotation)
        self._refresh_badges()
        self._refresh_marks()
        if moving:
            self._animate(moving)

    def deal(self, scene: Scene | Layout) -> None:
        """Show a new deal: the cards fly from the stock (or the top-left corner)."""
        self.show_scene(scene, animate=False)
        stock = next((item for item in self.slots.values() if item.slot.role == "stock"), None)
        source = stock.pos() if stock is not None else self.to_px(0, 0)
        moving = []
        for item in self.cards:
            end, rotation = self.target(item.placed)
            self._set_pixmap(item, False)
            item.setPos(source)
            moving.append((item, source, rotation, end, rotation, False))
        self._animate(moving, DEAL_MS)

    def _sync_slots(self, scene: Scene) -> None:
        wanted = {slot.zone: slot for slot in scene.slots}
        for zone in list(self.slots):
            if zone not in wanted:
                self.scene().removeItem(self.slots.pop(zone))
        for zone, slot in wanted.items():
            item = self.slots.get(zone)
            if item is None:
                item = self.slots[zone] = SlotItem(slot)
                self.scene().addItem(item)
            else:
                item.slot = slot
                item.setVisible(slot.role != TARGET)
            self._place_slot(item)

    def _refresh_badges(self) -> None:
        """A badge with the label of each badged slot whose pile has cards, on the
        bottom edge of its top card."""
        wanted = {}
        for zone, slot_item in self.slots.items():
            cards = self.zone_cards(zone)
            if slot_item.slot.role in BADGED and slot_item.slot.label and cards:
                wanted[zone] = (slot_item.slot.label, self.card_polygon(cards[-1]).boundingRect())
        for zone in list(self.badges):
            if zone not in wanted:
                self.scene().removeItem(self.badges.pop(zone))
        for zone, (label, rect) in wanted.items():
            item = self.badges.get(zone)
            if item is None:
                item = self.badges[zone] = BadgeItem()
                self.scene().addItem(item)
            item.show_label(label, self.card_px[0], self.dpr())
            size = item.pixmap().deviceIndependentSize()
            item.setPos(round(rect.center().x() - size.width() / 2), round(rect.bottom() - size.height() * 1.25))

    def _animate(self, moving: list, duration: int = ANIMATION_MS) -> None:
        self.finish_animations()
        self._moving = moving
        for item, *_rest in moving:
            item.setZValue(Z_LIFT + item.placed.z)
        animation = QVariantAnimation(self)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(duration)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        animation.valueChanged.connect(self._step)
        animation.finished.connect(self._finish_animation)
        self._animation = animation
        animation.start(QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)

    def _step(self, t: float) -> None:
        for item, start, rot0, end, rot1, up0 in self._moving:
            item.setPos(start + (end - start) * t)
            if rot0 != rot1:
                item.setRotation(rot0 + (rot1 - rot0) * t)
            if up0 != item.placed.face_up:
                if t >= 0.5 and item.shown_up == up0:
                    self._set_pixmap(item, item.placed.face_up)
                w = self.card_px[0]
                squeeze = max(0.02, abs(1 - 2 * t))
                item.setTransform(QTransform().translate(w / 2, 0).scale(squeeze, 1).translate(-w / 2, 0))

    def _finish_animation(self) -> None:
        for item, _s, _r, end, rotation, _u in self._moving:
            self._set_pixmap(item, item.placed.face_up)
            self._set_geometry(item, end, rotation)
        self._moving = []
        self._animation = None

    def finish_animations(self) -> None:
        """Jump every running slide to its end (a new move never waits)."""
        if self._animation is not None:
            animation, self._animation = self._animation, None
            animation.stop()
            self._finish_animation()
        for shake in list(self._shakes):
            shake.setCurrentTime(shake.duration())

    @property
    def animating(self) -> bool:
        return self._animation is not None

    def _stop_motion(self) -> None:
        self.finish_animations()
        self.stop_celebration()

    def stop_celebration(self) -> None:
        """End the win's cascade, running or done: every card back where the scene has it."""
        if self._fall is not None:
            self._fall.stop()
            self._fall = None
            for item in self.cards:
                self._set_geometry(item, *self.target(item.placed))

    @property
    def celebrating(self) -> bool:
        return self._fall is not None and self._fall.isActive()

    # --- finding things under the pointer -------------------------------------------
    def card_at(self, pos: QPointF, ignore=()) -> CardItem | None:
        """The topmost card under a viewport point."""
        for item in self.scene().items(pos, Qt.ItemSelectionMode.IntersectsItemShape,
                                       Qt.SortOrder.DescendingOrder):
            if isinstance(item, CardItem) and item not in ignore:
                return item
        return None

    def slot_at(self, pos: QPointF) -> Slot | None:
        for zone, item in self.slots.items():
            if item.isVisible() and item.sceneBoundingRect().contains(pos) and item.mapToScene(
                    QRectF(0, 0, *item.size)).containsPoint(pos, Qt.FillRule.OddEvenFill):
                return item.slot
        return None

    def zone_cards(self, zone: str) -> list[CardItem]:
        return sorted((item for item in self.cards if item.placed.zone == zone), key=lambda i: i.placed.index)

    def card_polygon(self, item: CardItem) -> QPolygonF:
        """Where a card lies at rest (its target, not where an animation has it)."""
        pos, rotation = self.target(item.placed)
        w, h = self.card_px
        transform = QTransform().translate(pos.x() + w / 2, pos.y() + h / 2).rotate(rotation).translate(-w / 2, -h / 2)
        return transform.map(QPolygonF(QRectF(0, 0, w, h)))

    def slot_polygon(self, zone: str) -> QPolygonF | None:
        item = self.slots.get(zone)
        return item.mapToScene(QRectF(0, 0, *item.size)) if item is not None else None

    def drop_area(self, zone: str) -> list[QPolygonF]:
        """A zone's slot and its cards: dropping over any of them aims at it."""
        areas = [self.card_polygon(item) for item in self.zone_cards(zone)]
        slot = self.slot_polygon(zone)
        return areas + ([slot] if slot is not None else [])

    def mark_area(self, zone: str) -> QPolygonF | None:
        """Where a highlight of a zone goes: its top card, else its slot."""
        cards = self.zone_cards(zone)
        return self.card_polygon(cards[-1]) if cards else self.slot_polygon(zone)

    # --- highlights, cursor, shake -------------------------------------------------
    def highlight(self, zones=(), cards=(), colour: str = "#ffd54a") -> None:
        """Mark zones (their top card or slot) and cards; replaces earlier marks."""
        self._mark_spec = (tuple(zones), tuple(cards), colour)
        self._refresh_marks()

    def clear_highlights(self) -> None:
        self._mark_spec = ((), (), "")
        self._refresh_marks()

    def _refresh_marks(self) -> None:
        for item in self._marks:
            self.scene().removeItem(item)
        self._marks = []
        zones, cards, colour = self._mark_spec
        polygons = [self.mark_area(zone) for zone in zones]
        polygons += [self.card_polygon(item) for item in cards if item in self.cards]
        for polygon in polygons:
            if polygon is not None:
                self._marks.append(self._frame(polygon, colour, Z_HIGHLIGHT, fill=60))
        self.set_cursor(*self._cursor_spec)

    def _frame(self, polygon: QPolygonF, colour: str, z: float, fill: int = 0,
               dashed: bool = False) -> QGraphicsPathItem:
        path = QPainterPath()
        rect = polygon.boundingRect()
        radius = self.card_px[0] * 0.08
        if abs(rect.width() * rect.height() - polygon_area(polygon)) < 1.0:
            path.addRoundedRect(rect.adjusted(-2, -2, 2, 2), radius, radius)
        else:
            path.addPolygon(polygon)
            path.closeSubpath()
        item = QGraphicsPathItem(path)
        pen = QPen(QColor(colour), max(2.0, self.card_px[0] * 0.04))
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        item.setPen(pen)
        tint = QColor(colour)
        tint.setAlpha(fill)
        item.setBrush(tint if fill else QBrush(Qt.BrushStyle.NoBrush))
        item.setZValue(z)
        self.scene().addItem(item)
        return item

    def set_cursor(self, zone: str | None, index: int | None, colour: str | None = None) -> None:
        """The keyboard cursor: a frame on card ``index`` of ``zone`` (or its slot)."""
        if self._cursor_item is not None:
            self.scene().removeItem(self._cursor_item)
            self._cursor_item = None
        self._cursor_spec = (zone, index, colour)
        if zone is None:
            return
        cards = self.zone_cards(zone)
        if index is not None and 0 <= index < len(cards):
            polygon = self.card_polygon(cards[index])
        else:
            polygon = self.slot_polygon(zone) or (self.card_polygon(cards[-1]) if cards else None)
        if polygon is not None:
            self._cursor_item = self._frame(polygon, colour or "#4fc3f7", Z_CURSOR, fill=25, dashed=True)

    def shake(self, items: list[CardItem]) -> None:
        """A card with no move trembles."""
        if not items:
            return
        bases = [(item, item.pos()) for item in items]
        amplitude = max(3.0, self.card_px[0] * 0.1)
        shake = QVariantAnimation(self)
        shake.setStartValue(0.0)
        shake.setEndValue(1.0)
        shake.setDuration(450)

        def step(t: float) -> None:
            dx = math.sin(t * math.pi * 6) * amplitude * (1 - t)
            for item, base in bases:
                item.setPos(base + QPointF(dx, 0))

        def done() -> None:
            for item, base in bases:
                item.setPos(base)
            self._shakes.remove(shake)

        shake.valueChanged.connect(step)
        shake.finished.connect(done)
        self._shakes.append(shake)
        shake.start(QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)

    def turn_card(self, item: CardItem, rotation: float | None) -> None:
        """Draw a held card at ``rotation`` degrees, the way the player chose to lay it
        down (None: as it lies)."""
        rotation = item.placed.rotation if rotation is None else rotation
        if item.rotation() != rotation:  # setRotation repaints even when unchanged
            item.setRotation(rotation)

    def lift(self, items: list[CardItem], offset: QPointF) -> None:
        """Move lifted cards with the pointer, above everything else."""
        for k, item in enumerate(items):
            pos, _rotation = self.target(item.placed)
            item.setPos(pos + offset)
            item.setZValue(Z_LIFT + k)
            if item.graphicsEffect() is None:
                shadow = QGraphicsDropShadowEffect()
                shadow.setBlurRadius(self.card_px[0] * 0.2)
                shadow.setOffset(self.card_px[0] * 0.04, self.card_px[0] * 0.06)
                shadow.setColor(QColor(0, 0, 0, 110))
                item.setGraphicsEffect(shadow)

    def slide_back(self, items: list[CardItem]) -> None:
        """Return dragged cards to where the scene has them."""
        moving = [(item, item.pos(), item.rotation(), *self.target(item.placed), item.shown_up) for item in items]
        self._animate(moving)

    # --- overlay and the win ----------------------------------------------------------
    def overlay(self, title: str, detail: str = "") -> None:
        """A message across the middle of the table."""
        self.clear_overlay()
        vw, vh = self.viewport().width(), self.viewport().height()
        box = QRectF(vw * 0.2, vh * 0.36, vw * 0.6, vh * 0.22)
        panel = QGraphicsPathItem()
        path = QPainterPath()
        path.addRoundedRect(box, 18, 18)
        panel.setPath(path)
        panel.setBrush(QColor(0, 0, 0, 170))
        panel.setPen(QPen(QColor("#ffd54a"), 2))
        panel.setZValue(Z_OVERLAY)
        self.scene().addItem(panel)
        title_item = self.scene().addSimpleText(title)
        title_item.setFont(fitted_font(title, box.width() * 0.9, box.height() * 0.42))
        title_item.setBrush(QColor("#ffd54a"))
        detail_item = self.scene().addSimpleText(detail)
        detail_item.setFont(fitted_font(detail, box.width() * 0.9, box.height() * 0.16, bold=False))
        detail_item.setBrush(QColor("white"))
        for item, top in ((title_item, 0.12), (detail_item, 0.66)):
            rect = item.boundingRect()
            item.setPos(box.center().x() - rect.width() / 2, box.top() + box.height() * top)
            item.setZValue(Z_OVERLAY + 1)
        self._overlay = [panel, title_item, detail_item]
        self._overlay_text = (title, detail)

    def clear_overlay(self) -> None:
        for item in self._overlay:
            self.scene().removeItem(item)
        self._overlay = []
        self._overlay_text = None

    def celebrate(self) -> None:
        """Cards leap off the table one by one, bounce along the bottom and leave
        by the sides; it ends when the last card is gone (``stop_celebration``,
        on any input or command, puts them back)."""
        self._stop_motion()
        rng = random.Random()
        vw, vh = self.viewport_size()
        floor, gravity = vh - self.card_px[1], max(0.4, vh / 900)
        order = sorted(self.cards, key=lambda item: -item.placed.z)
        spacing = min(3.0, CASCADE_LAUNCHES / max(1, len(order)))  # ticks between two launches
        flying = [[item, item.pos(), QPointF(rng.choice((-1, 1)) * vw / rng.uniform(45, 120), -rng.uniform(0, vh / 60)),
                   1 + round(k * spacing)] for k, item in enumerate(order)]
        timer = QTimer(self)
        ticks = [0]

        def tick() -> None:
            ticks[0] += 1
            for entry in list(flying):
                item, pos, velocity, launch = entry
                if ticks[0] < launch:
                    continue
                if ticks[0] == launch:
                    item.setZValue(Z_LIFT + launch)  # each card leaps over the ones gone before
                velocity.setY(velocity.y() + gravity)
                pos = pos + velocity
                if pos.y() > floor:
                    pos.setY(floor)
                    velocity.setY(-velocity.y() * 0.7)
                entry[1] = pos
                item.setPos(pos)
                rect = item.sceneBoundingRect()
                if rect.right() < 0 or rect.left() > vw:
                    flying.remove(entry)
            if not flying:
                timer.stop()  # the cards stay off the table until stop_celebration

        timer.timeout.connect(tick)
        self._fall = timer
        timer.start(16)


def polygon_area(polygon: QPolygonF) -> float:
    """The area of a simple polygon (shoelace formula)."""
    points = [polygon.at(k) for k in range(polygon.size())]
    return abs(sum(a.x() * b.y() - b.x() * a.y() for a, b in zip(points, points[1:] + points[:1]))) / 2


def felt(width: int, height: int, colour: str, dpr: float) -> QPixmap:
    """A felt cloth: the colour, a faint weave, a light centre and darker edges."""
    pixmap = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
    pixmap.setDevicePixelRatio(dpr)
    base = QColor(colour)
    pixmap.fill(base)
    p = QPainter(pixmap)
    p.drawTiledPixmap(QRectF(0, 0, width, height), _weave(base))
    gradient = QRadialGradient(QPointF(width / 2, height * 0.45), max(width, height) * 0.75)
    gradient.setColorAt(0.0, QColor(255, 255, 255, 28))
    gradient.setColorAt(0.6, QColor(0, 0, 0, 0))
    gradient.setColorAt(1.0, QColor(0, 0, 0, 90))
    p.fillRect(QRectF(0, 0, width, height), gradient)
    p.end()
    return pixmap


def _weave(base: QColor) -> QPixmap:
    """A small tile of faint threads (made per felt: no QPixmap may outlive the app)."""
    tile = QPixmap(64, 64)
    tile.fill(base)
    p = QPainter(tile)
    rng = random.Random(7)
    for _ in range(700):
        shade = QColor(255, 255, 255, rng.randint(4, 14)) if rng.random() < 0.5 else QColor(0, 0, 0, rng.randint(6, 18))
        p.setPen(shade)
        x, y = rng.randrange(64), rng.randrange(64)
        p.drawLine(x, y, x + 1, y + rng.choice((0, 1)))
    p.end()
    return tile
