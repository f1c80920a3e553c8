"""Finding moves and points on the table for UI tests, without naming a game."""

import math

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from solitaire_core.scene import scene_for
from ui_qt.picking import lift_moves


def scene_shown(view, game, state):
    """The scene the table shows for ``state``: the game's, laid out for the view's room."""
    return scene_for(game, state, view.room(game.scene(state)))


def point(p: QPointF) -> QPoint:
    return QPoint(round(p.x()), round(p.y()))


def card_centre(view, zone: str, index: int) -> QPoint:
    """A point where that card shows (not hidden under the cards fanned on it)."""
    view.finish_animations()  # as a press does: cards are where the scene has them
    item = view.zone_cards(zone)[index]
    rect = view.card_polygon(item).boundingRect()
    for fy in (0.5, 0.3, 0.15, 0.07, 0.7, 0.9, 0.03, 0.01):
        for fx in (0.5, 0.25, 0.75, 0.12):
            x, y = rect.left() + rect.width() * fx, rect.top() + rect.height() * fy
            for at in (point(QPointF(x, y)), QPoint(math.floor(x), math.floor(y)), QPoint(math.ceil(x), math.ceil(y))):
                if view.card_at(QPointF(at)) is item:  # the pixel a click lands on
                    return at
    raise AssertionError(f"card {index} of {zone} is hidden")


def zone_centre(view, zone: str) -> QPoint:
    return point(view.mark_area(zone).boundingRect().center())


def lift_index(view, move) -> int:
    return len(view.zone_cards(move.src)) - move.n


def card_move(window, want=lambda window, move: True):
    """A legal move of cards (not a draw) the player could drag, or None."""
    game, state = window.game, window.session.state
    for move in game.legal_moves(state):
        if not move.is_draw and move.src in {c.zone for c in window.view.model.cards} and want(window, move):
            return move
    return None


def deal_with_move(open_window, game, want=lambda window, move: True, deals=range(1, 60)):
    """A window on the first deal of ``game`` having a card move that ``want``s."""
    for deal in deals:
        window = open_window({"game": game.id, "deal": deal})
        move = card_move(window, want)
        if move is not None:
            return window, move
        window.close()
    raise AssertionError("no deal with a card move")


def unique_drop(window, move) -> bool:
    """Only one move of this group goes to that zone (so a drop there is unambiguous)."""
    view = window.view
    moves = lift_moves(window.game.legal_moves(window.session.state), view.model, move.src, lift_index(view, move))
    return sum(m.dst == move.dst for m in moves) == 1


def drag(view, start: QPoint, end: QPoint, steps: int = 6) -> None:
    viewport = view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, steps + 1):
        QTest.mouseMove(viewport, start + (end - start) * k / steps)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def click(view, at: QPoint) -> None:
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)


def arrow_paths(interaction, goal=lambda place: False) -> dict:
    """The shortest run of arrow keys from the cursor to each place (zone, card) the
    cursor can reach, found by trying each arrow on the table's own cursor logic from
    every place reached (then put back); stops early at the first place ``goal`` likes."""
    from collections import deque

    from ui_qt.interaction import ARROWS

    start = interaction.cursor
    paths = {start: []}
    queue = deque([start])
    try:
        while queue:
            here = queue.popleft()
            if here is not None and goal(here):
                break
            for key, (dx, dy) in ARROWS.items():
                interaction.cursor = here
                interaction.move_cursor(dx, dy)
                there = interaction.cursor
                if there not in paths:
                    paths[there] = paths[here] + [key]
                    queue.append(there)
    finally:
        interaction.cursor = start
        interaction.show_cursor() if start is not None else None
    return paths


def arrow_path(interaction, zone: str) -> list:
    """The shortest run of arrow keys from the cursor to ``zone``."""
    paths = arrow_paths(interaction, lambda place: place[0] == zone)
    found = [path for place, path in paths.items() if place is not None and place[0] == zone]
    if not found:
        raise AssertionError(f"no arrows lead to {zone}")
    return min(found, key=len)


def walk_to(view, interaction, zone: str) -> None:
    """Arrow keys, pressed as a person does, along the shortest way to ``zone``."""
    if interaction.cursor is None:
        QTest.keyClick(view, Qt.Key.Key_Right)  # the first arrow shows the cursor
    for key in arrow_path(interaction, zone):
        QTest.keyClick(view, key)
    assert interaction.cursor is not None and interaction.cursor[0] == zone, f"the arrows did not reach {zone}"


def save_as(window, monkeypatch, path) -> None:
    """Game > Save game as…, the file dialog answering ``path``."""
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(path), "")))
    window.records.save_as_action.trigger()


def open_game(window, monkeypatch, path) -> None:
    """Game > Open game…, the file dialog answering ``path``."""
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    window.records.open_action.trigger()


def carrying(games):
    """A registered game whose score runs on from game to game, and options (as declared
    values) that make it run on; the test is skipped where no game has one."""
    import itertools

    import pytest

    for game in games.values():
        if game.running_total is None:
            continue
        names = [o.name for o in game.options]
        for values in itertools.product(*(o.values for o in game.options)):
            options = dict(zip(names, values))
            if game.carries_score(game.new(1, **options)):
                return game, options
    pytest.skip("no registered game keeps a running total")


def deal_where(games, has, what: str, deals=range(1, 20)):
    """The first registered game and deal (registry order, then deal number) whose dealt
    position ``has(game, state)``: a test names what it needs, never a game; it is skipped
    where no installed game has it."""
    import pytest

    for game in games.values():
        for deal in deals:
            if has(game, game.new(deal)):
                return game, deal
    pytest.skip(f"no registered game has {what}")
