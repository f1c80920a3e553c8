"""Mouse and keyboard play: drag and drop, clicks, and a keyboard cursor.

Every gesture ends in one of ``game.legal_moves(state)`` or in nothing:
the group lifted is the cards of a zone from the one touched up (docs/architecture.md, Scene),
and only moves of that group are offered. Any group the engine lets the
player pick up (``game.pickable``) follows the pointer, even one no move
takes: dropped, it slides back.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QPolygonF
from PySide6.QtWidgets import QApplication

from solitaire_core import words
from solitaire_core.moves import DRAW, Move

from .picking import STOCK, TARGET, best_move, draw_move, lift_moves, roles
from .table import CardItem, TableView, polygon_area
from .turning import Ways

ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}


class Press:
    """A left button held down on the table: what it touched, what it may become."""

    def __init__(self, pos: QPointF, items: list[CardItem], moves: list[Move], stock: bool,
                 liftable: bool = False):
        self.pos = pos
        self.items = items
        self.moves = moves
        self.stock = stock
        self.liftable = liftable  # the group may follow the pointer (moves or not)
        self.dragging = False
        self.ways = Ways(moves)
        self.over: str | None = None  # the place of several ways the dragged cards are over


class Interaction(QObject):
    """Turns gestures on ``view`` into moves handed to ``play``."""

    announce = Signal(str)
    acted = Signal()  # the player touched the table or picked cards up: a hint shown goes

    def __init__(self, view: TableView, position: Callable[[], tuple], play: Callable[[Move], None]):
        super().__init__()
        self.view = view
        self.position = position  # () -> (game, state)
        self.play = play
        self.press: Press | None = None
        self.cursor: tuple[str, int | None] | None = None
        self.held: tuple[str, int, list[Move]] | None = None
        self.held_ways: Ways | None = None  # the ways chosen while cards are held from the keyboard
        view.handler = self

    def legal(self) -> list[Move]:
        game, state = self.position()
        return list(game.legal_moves(state))

    # --- mouse -----------------------------------------------------------------------
    def mouse_press(self, pos: QPointF) -> None:
        view = self.view
        view.stop_celebration()
        view.finish_animations()
        self.cancel_hold()
        self.acted.emit()
        model = view.model
        if model is None:
            return
        zone_roles = roles(model)
        item = view.card_at(pos)
        if item is not None:
            zone, index = item.placed.zone, item.placed.index
            if zone_roles.get(zone) == STOCK:
                self.press = Press(pos, [item], [], True)
                return
            game, state = self.position()
            items = view.zone_cards(zone)[index:]
            moves = lift_moves(game.legal_moves(state), model, zone, index)
            liftable = bool(moves) or (item.placed.face_up and game.pickable(state, zone, len(items)))
            self.press = Press(pos, items, moves, False, liftable)
            return
        slot = view.slot_at(pos)
        if slot is not None and slot.role == STOCK:
            self.press = Press(pos, [], [], True)

    def double_click(self, pos: QPointF) -> None:
        """The first click already played the card; a quick second one on the
        stock draws again."""
        self.mouse_press(pos)
        if self.press is not None and not self.press.stock:
            self.press = None

    def mouse_move(self, pos: QPointF) -> None:
        press = self.press
        if press is None or not press.liftable:
            return
        offset = pos - press.pos
        if not press.dragging:
            if offset.manhattanLength() < QApplication.startDragDistance():
                return
            press.dragging = True
            self.view.highlight(zones=sorted({m.dst for m in press.moves}))
        self.view.lift(press.items, offset)
        if press.ways.varied:
            target = self.drop_zone(press.items[0], pos, set(press.ways.by_zone))
            over = target if target in press.ways.varied else None
            if over != press.over:
                press.over = over
                self._show_way(press.ways, over, press.items[0])

    def mouse_release(self, pos: QPointF) -> None:
        press, self.press = self.press, None
        if press is None:
            return
        view = self.view
        if press.dragging:
            view.clear_highlights()
            target = self.drop_zone(press.items[0], pos, {m.dst for m in press.moves})
            move = press.ways.move(target)
            if move is None:
                view.slide_back(press.items)
                self.refused(press.items, pos)
            else:
                self.play(move)
            return
        if press.stock:
            draw = draw_move(self.legal())
            if draw is not None:
                self.play(draw)
            else:
                view.shake(press.items)
                self.announce.emit(self.no_draw())
            return
        game, state = self.position()
        move = best_move(game, state, press.moves, view.model)
        if move is None:
            view.shake(press.items)
            self.announce.emit(self.no_move(press.items[0]))
        else:
            self.play(move)

    def refused(self, items: list[CardItem], pos: QPointF) -> None:
        """Dropped where no move takes them: say why, in the engine's words (the rule
        the place refuses them by), or that they went back."""
        src, n = items[0].placed.zone, len(items)
        zones = {slot.zone for slot in self.view.model.slots} | {c.zone for c in self.view.model.cards}
        target = self.drop_zone(items[0], pos, zones)
        if target in (None, src):
            self.announce.emit(words.put_back())
            return
        game, state = self.position()
        self.announce.emit(game.why_illegal(state, Move(src, target, n)))

    def no_draw(self) -> str:
        """Why the stock gives nothing (no pass left, nothing to turn), in the engine's words."""
        game, state = self.position()
        return game.why_illegal(state, DRAW)

    def no_move(self, item: CardItem) -> str:
        """Why a clicked card stays, as the keyboard says it."""
        placed = item.placed
        return (words.cannot_move(self.position()[0].card_name(placed.card)) if placed.face_up
                else words.face_down_stays())

    def drop_zone(self, lead: CardItem, pos: QPointF, zones: set[str]) -> str | None:
        """The zone the dropped card overlaps most (the pointer breaks ties)."""
        lead_area = QPolygonF(lead.sceneBoundingRect())
        best, best_score = None, 0.0
        for zone in sorted(zones):
            for area in self.view.drop_area(zone):
                overlap = polygon_area(area.intersected(lead_area))
                score = overlap + (1e9 if area.containsPoint(pos, Qt.FillRule.OddEvenFill) else 0.0)
                if score > best_score:
                    best, best_score = zone, score
        return best

    # --- keyboard ----------------------------------------------------------------------
    def stops(self) -> dict[str, QPointF]:
        """Each zone the cursor can visit and its centre. A drop area (role ``target``) is
        one only while held cards may go there: a spatial game has drop areas all round
        its cards, and among them all the nearest one each way would pass some by."""
        view, model = self.view, self.view.model
        centres: dict[str, QPointF] = {}
        if model is None:
            return centres
        drops = {m.dst for m in self.held[2]} if self.held is not None else set()
        for slot in model.slots:
            if slot.role != TARGET or slot.zone in drops:
                area = view.slot_polygon(slot.zone)
                if area is not None:
                    centres[slot.zone] = area.boundingRect().center()
        for placed in model.cards:
            if placed.zone not in centres:
                centres[placed.zone] = view.mark_area(placed.zone).boundingRect().center()
        return centres

    def key(self, key: int) -> bool:
        self.view.stop_celebration()
        if self.view.model is None:
            return False
        if key in ARROWS:
            self.move_cursor(*ARROWS[key])
        elif key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.activate()
        elif key == Qt.Key.Key_Escape and self.held is not None:
            self.cancel_hold()
            self.announce.emit(words.put_back())
        elif key == Qt.Key.Key_R:
            return self.turn(1)
        else:
            return False
        return True

    # --- the ways of a move to one place ------------------------------------------------
    def turn(self, step: int) -> bool:
        """R, the wheel or the right button: the next (``step`` 1) or previous way the held
        cards may go to the place they are over, drawn and said; False where it has one."""
        press, held = self.press, self.held
        if press is not None and press.dragging:
            ways, zone, lead = press.ways, press.over, press.items[0]
        elif held is not None and self.held_ways is not None and self.cursor is not None:
            ways, zone, lead = self.held_ways, self.cursor[0], self.view.zone_cards(held[0])[held[1]]
        else:
            return False
        if ways.turn(zone, step) is None:
            return False
        self._show_way(ways, zone, lead)
        return True

    def _show_way(self, ways: Ways, zone: str | None, lead: CardItem) -> None:
        """Draw the lead card as the way chosen at ``zone`` lays it (as it lies elsewhere) and say that way."""
        game, state = self.position()
        self.view.turn_card(lead, ways.rotation(game, state, zone, lead.placed.card))
        move = ways.move(zone) if zone in ways.varied else None
        if move is not None:
            self.announce.emit(words.one_way_of(game.describe_move(state, move), *ways.numbered(zone)))

    def _ensure_cursor(self) -> bool:
        stops = self.stops()
        if self.cursor is None or self.cursor[0] not in stops:
            if not stops:
                return False
            zone = min(stops, key=lambda z: (stops[z].y(), stops[z].x()))
            self.cursor = (zone, self._top(zone))
            return False
        return True

    def _top(self, zone: str) -> int | None:
        count = len(self.view.zone_cards(zone))
        return count - 1 if count else None

    def move_cursor(self, dx: int, dy: int) -> None:
        if not self._ensure_cursor():
            self.show_cursor()
            return
        if self.held is not None:
            self._next_place(1 if dx + dy > 0 else -1)
            return
        zone, index = self.cursor
        if dy and index is not None:
            cards = self.view.zone_cards(zone)
            lowest = next((k for k, item in enumerate(cards) if item.placed.face_up), len(cards) - 1)
            if lowest <= index + dy < len(cards):
                self.cursor = (zone, index + dy)
                self.show_cursor()
                return
        stops = self.stops()
        here = stops[zone]

        def cost(other: str) -> float | None:
            delta = stops[other] - here
            along, across = delta.x() * dx + delta.y() * dy, abs(delta.y() * dx + delta.x() * dy)
            return None if along <= 1 else along + 2 * across

        costs = [(c, z) for z in stops if z != zone and (c := cost(z)) is not None]
        if costs:
            target = min(costs)[1]
            self.cursor = (target, self._top(target))
        self.show_cursor()

    def _next_place(self, step: int) -> None:
        """While cards are held the arrows go from one place they may go to the next, in
        reading order, and back to where they came from: in any game, however densely
        its places lie, each is a few presses away and no press lands where they cannot go."""
        held_zone, held_index, moves = self.held
        view = self.view
        rows = max(1.0, view.card_px[1] / 2)

        def reading(zone: str) -> tuple:
            area = view.slot_polygon(zone) or view.mark_area(zone)
            corner = area.boundingRect().topLeft() if area is not None else QPointF()
            return round(corner.y() / rows), corner.x()

        places = sorted({m.dst for m in moves} | {held_zone}, key=reading)
        here = places.index(self.cursor[0]) if self.cursor[0] in places else places.index(held_zone)
        zone = places[(here + step) % len(places)]
        self.cursor = (zone, held_index if zone == held_zone else self._top(zone))
        self.show_cursor()
        if self.held_ways is not None:
            self._show_way(self.held_ways, zone, view.zone_cards(held_zone)[held_index])

    def show_cursor(self) -> None:
        if self.cursor is None:
            self.view.set_cursor(None, None)
            return
        zone, index = self.cursor
        self.view.set_cursor(zone, index)
        cards = self.view.zone_cards(zone)
        game, state = self.position()
        at = cards[index].placed.index if index is not None and index < len(cards) else None
        text = game.describe_spot(state, zone, at)
        self.view.setAccessibleDescription(text)
        self.announce.emit(text)

    def refresh(self) -> None:
        """After the scene changed: keep the cursor on a card that exists."""
        if self.held is not None:
            self.cancel_hold()
        if self.cursor is None:
            self.view.set_cursor(None, None)
            return
        zone, index = self.cursor
        top = self._top(zone)
        if zone not in self.stops():
            self.cursor = None
        elif index is None or top is None or index > top:
            self.cursor = (zone, top)
        self.show_cursor()

    def activate(self) -> None:
        """Space/Enter: pick up the run at the cursor, or drop the held run here."""
        if not self._ensure_cursor():
            self.show_cursor()
            return
        zone, index = self.cursor
        view = self.view
        cards = view.zone_cards(zone)
        if self.held is not None:
            held_zone, _held_index, moves = self.held
            ways = self.held_ways or Ways(moves)
            move = ways.move(zone)  # the arrows go only where one leads
            if zone == held_zone or move is None:
                self.cancel_hold()
                self.announce.emit(words.put_back())
            else:
                self.held = self.held_ways = None
                view.clear_highlights()
                self.play(move)
            return
        if roles(view.model).get(zone) == STOCK:
            draw = draw_move(self.legal())
            if draw is not None:
                self.play(draw)
            else:
                view.shake(cards[-1:])
                self.announce.emit(self.no_draw())
            return
        if index is None:
            return
        moves = lift_moves(self.legal(), view.model, zone, index)
        if not moves:
            view.shake(cards[index:])
            self.announce.emit(self.no_move(cards[index]))
            return
        self.acted.emit()
        self.held = (zone, index, moves)
        self.held_ways = Ways(moves)
        view.highlight(zones=sorted({m.dst for m in moves}), cards=cards[index:], colour="#80e27e")
        self.announce.emit(words.picked_up(self.group_name(cards[index:]), self.position()[0].zone_name(zone),
                                           len(cards) - index))

    def group_name(self, group: list[CardItem]) -> str:
        """The cards of a lifted group in the engine's words: "the 7\u2663 and the 2 cards on it"."""
        return words.cards(self.position()[0].card_name(group[0].placed.card), len(group))

    def cancel_hold(self) -> None:
        if self.held is not None:
            zone, index, _moves = self.held
            self.held = self.held_ways = None
            cards = self.view.zone_cards(zone)
            if index < len(cards):
                self.view.turn_card(cards[index], None)
            self.view.clear_highlights()
