"""Playing with the mouse and the keyboard: every gesture ends in a legal move or nothing."""

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from solitaire_core.moves import DRAW
from ui_qt.picking import best_move, lift_moves
from ui_qt.saves import SAVE_NAME
from uihelpers import (card_centre, click, deal_where, deal_with_move, drag, lift_index, scene_shown, unique_drop,
                       walk_to, zone_centre)

FOUNDATION = "foundation"


def not_the_click_move(window, move) -> bool:
    """A drop that a click would not make: proves the drag chose the target."""
    state, view = window.session.state, window.view
    group = lift_moves(window.game.legal_moves(state), view.model, move.src, lift_index(view, move))
    return unique_drop(window, move) and best_move(window.game, state, group, view.model) != move


def two_places(game, state) -> bool:
    """Some card (or run) can go to two places: a drop there is one a click might not make."""
    moves = [(m.src, m.n) for m in game.legal_moves(state) if not m.is_draw]
    return len(set(moves)) < len(moves)


def test_drag_to_a_legal_target_plays_that_move(open_window, games, qtbot):
    game, deal = deal_where(games, two_places, "a deal where a card can go to two places")
    window, move = deal_with_move(open_window, game, not_the_click_move, deals=range(deal, 60))
    before = window.session.state
    view = window.view
    drag(view, card_centre(view, move.src, lift_index(view, move)), zone_centre(view, move.dst))
    assert window.session.state == game.apply(before, move)
    assert window.session.move_count == 1


def test_drag_to_an_illegal_place_changes_nothing_and_slides_back(open_window, pile_game, qtbot):
    window, move = deal_with_move(open_window, pile_game)
    view = window.view
    index = lift_index(view, move)
    allowed = {m.dst for m in pile_game.legal_moves(window.session.state) if m.src == move.src and m.n == move.n}
    elsewhere = [s.zone for s in view.model.slots if s.zone not in allowed | {move.src} and s.role != "target"]
    assert elsewhere, "the table has a zone this group cannot go to"
    before = window.session.state
    lead = view.zone_cards(move.src)[index]
    home = view.target(lead.placed)[0]
    drag(view, card_centre(view, move.src, index), zone_centre(view, elsewhere[0]))
    assert window.session.state is before
    assert window.session.move_count == 0
    qtbot.waitUntil(lambda: not view.animating)
    assert lead.pos() == home


def test_click_plays_the_best_move_foundation_first(open_window, pile_game):
    window, move = deal_with_move(open_window, pile_game)
    view, state = window.view, window.session.state
    roles = {slot.zone: slot.role for slot in view.model.slots}
    group = [m for m in pile_game.legal_moves(state) if m.src == move.src and m.n == move.n]
    foundation = [m for m in group if roles.get(m.dst) == FOUNDATION]
    best = max(foundation or group, key=lambda m: pile_game.preference(state, m))
    click(view, card_centre(view, move.src, lift_index(view, move)))
    assert window.session.state == pile_game.apply(state, best)


def test_click_on_a_card_that_cannot_move_changes_nothing(open_window, pile_game, qtbot):
    window = open_window({"game": pile_game.id, "deal": 1})
    view, state = window.view, window.session.state
    legal = pile_game.legal_moves(state)
    stuck = [item for item in view.cards if item.placed.face_up and not any(
        m.src == item.placed.zone and m.n == len(view.zone_cards(item.placed.zone)) - item.placed.index
        for m in legal if not m.is_draw)]
    stuck = [item for item in stuck if {s.zone: s.role for s in view.model.slots}.get(item.placed.zone) != "stock"]
    assert stuck
    item = stuck[0]
    click(view, card_centre(view, item.placed.zone, item.placed.index))
    assert window.session.state is state
    assert view._shakes, "the card shakes"
    qtbot.waitUntil(lambda: not view._shakes)


def press_and_move(view, start, offset, steps=6):
    """The left button held down on ``start`` and the pointer moved by ``offset``."""
    viewport = view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, steps + 1):
        QTest.mouseMove(viewport, start + offset * k / steps)


def release(view, at):
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)


def test_a_face_up_card_with_no_move_still_lifts_and_slides_back(open_window, pile_game, qtbot):
    """As in KPatience: whatever the zone lets go of follows the pointer; no move, no change."""
    window = open_window({"game": pile_game.id, "deal": 1})
    view, state = window.view, window.session.state
    legal = [m for m in pile_game.legal_moves(state) if not m.is_draw]
    roles = {s.zone: s.role for s in view.model.slots}

    def group(item):
        return len(view.zone_cards(item.placed.zone)) - item.placed.index

    idle = [item for item in view.cards if item.placed.face_up and roles.get(item.placed.zone) != "stock"
            and pile_game.pickable(state, item.placed.zone, group(item))
            and not any(m.src == item.placed.zone and m.n == group(item) for m in legal)]
    assert idle, "deal 1 has a face-up card that no move takes"
    item = idle[0]
    home = view.target(item.placed)[0]
    start = card_centre(view, item.placed.zone, item.placed.index)
    offset = QPoint(view.card_px[0] // 2, view.card_px[1] // 3)
    press_and_move(view, start, offset)
    assert item.pos() == home + QPointF(offset)  # it follows the pointer
    release(view, start + offset)
    assert window.session.state is state and window.session.move_count == 0
    qtbot.waitUntil(lambda: not view.animating)
    assert item.pos() == home and item.zValue() == item.placed.z


def face_down_outside_the_stock(game, state) -> bool:
    scene = game.scene(state)
    roles = {s.zone: s.role for s in scene.slots}
    return any(not p.face_up and roles.get(p.zone) != "stock" for p in scene.cards)


def test_a_face_down_card_does_not_lift(open_window, games):
    game, deal = deal_where(games, face_down_outside_the_stock, "a face-down card outside the stock")
    window = open_window({"game": game.id, "deal": deal})
    view, state = window.view, window.session.state
    roles = {s.zone: s.role for s in view.model.slots}
    down = [item for item in view.cards if not item.placed.face_up and roles.get(item.placed.zone) != "stock"]
    assert down, "the deal has a face-down card outside the stock"
    item = down[-1]
    start = card_centre(view, item.placed.zone, item.placed.index)
    home = item.pos()
    press_and_move(view, start, QPoint(view.card_px[0], view.card_px[1]))
    assert item.pos() == home
    release(view, start)
    assert window.session.state is state


def test_click_on_the_stock_draws(open_window, games):
    game = next((g for g in games.values() if DRAW in g.legal_moves(g.new(1))
                 and any(s.role == "stock" for s in g.scene(g.new(1)).slots)), None)
    assert game is not None, "some registered game has a stock"
    window = open_window({"game": game.id, "deal": 1})
    view, before = window.view, window.session.state
    stock = next(s.zone for s in view.model.slots if s.role == "stock")
    click(view, zone_centre(view, stock))
    assert window.session.state == game.apply(before, DRAW)


def test_undo_and_redo(open_window, pile_game, qtbot):
    window, move = deal_with_move(open_window, pile_game)
    start = window.session.state
    window.play(move)
    after = window.session.state
    assert window.undo_action.shortcut() == QKeySequence("Ctrl+Z")
    assert QKeySequence("Ctrl+Shift+Z") in window.redo_action.shortcuts()
    window.undo_action.trigger()
    assert window.session.state == start
    assert window.view.model == scene_shown(window.view, pile_game, start)
    window.redo_action.trigger()
    assert window.session.state == after
    assert not window.redo_action.isEnabled()


def test_keyboard_play_moves_a_card(open_window, pile_game, qtbot):
    window, move = deal_with_move(open_window, pile_game, unique_drop)
    view, before = window.view, window.session.state
    view.setFocus()
    interaction = window.interaction
    walk_to(view, interaction, move.src)
    target_index = lift_index(view, move)
    for _ in range(30):
        if interaction.cursor[1] == target_index:
            break
        QTest.keyClick(view, Qt.Key.Key_Up if interaction.cursor[1] > target_index else Qt.Key.Key_Down)
    assert interaction.cursor == (move.src, target_index)
    QTest.keyClick(view, Qt.Key.Key_Space)
    assert interaction.held is not None
    walk_to(view, interaction, move.dst)
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert window.session.state == pile_game.apply(before, move)


def test_escape_puts_a_held_run_back(open_window, pile_game):
    window, move = deal_with_move(open_window, pile_game)
    view = window.view
    window.interaction.cursor = (move.src, lift_index(view, move))
    QTest.keyClick(view, Qt.Key.Key_Space)
    assert window.interaction.held is not None
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert window.interaction.held is None
    assert window.session.move_count == 0


def test_hint_highlights_the_engine_hint(open_window, pile_game, qtbot, monkeypatch):
    """When the solver cannot tell in time, the hint is the game's heuristic (tests/ui/test_ui_solver.py: the solver's)."""
    from solitaire_core.solver import UNKNOWN, Result

    monkeypatch.setattr("ui_qt.solver_actions.solve", lambda *args: Result(UNKNOWN, reason="seconds"))
    window = open_window({"game": pile_game.id, "deal": 1})
    hint = pile_game.hint(window.session.state)
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith(("Hint", "No move")))
    assert (hint is None) == (not window.view._marks)


def test_drag_onto_a_drop_area_of_a_spatial_game(open_window, games):
    """Slots of role "target" exist only as destinations: a drop there plays the move."""
    def to_target(window, move):
        return window.view.slots.get(move.dst) is not None and \
            window.view.slots[move.dst].slot.role == "target" and unique_drop(window, move)

    game = next((g for g in games.values() if any(s.role == "target" for s in g.scene(g.new(1)).slots)), None)
    if game is None:
        pytest.skip("no registered game has drop areas")
    window, move = deal_with_move(open_window, game, to_target)
    view, before = window.view, window.session.state
    start = card_centre(view, move.src, lift_index(view, move))
    drag(view, start, zone_centre(view, move.dst))
    assert window.session.state == game.apply(before, move)


def test_a_whole_game_is_won_with_the_mouse(open_window, pile_game, solved, data_dir, qtbot):
    """The solver's winning line, played only by clicks on the stock and drags."""
    deal, line = solved
    window = open_window({"game": pile_game.id, "deal": deal})
    window.auto_timer.setInterval(1)
    window.autoplay_action.setChecked(False)  # the solver's line plays its own safe moves
    window.start(pile_game, deal)  # the deal as dealt: with auto-play on its safe cards went up
    view, moves = window.view, list(line)
    stock = next((s.zone for s in view.model.slots if s.role == "stock"), None)
    while moves and not pile_game.is_won(window.session.state):
        move, before = moves.pop(0), window.session.state
        if move.is_draw:
            click(view, zone_centre(view, stock))
        else:
            drag(view, card_centre(view, move.src, lift_index(view, move)), zone_centre(view, move.dst))
        assert window.session.state == pile_game.apply(before, move), pile_game.format_move(move)
        qtbot.waitUntil(lambda: not window.auto_moves and not window.auto_timer.isActive())
    assert pile_game.is_won(window.session.state)
    assert view._overlay and "won" in window.notices.notices
    assert not (data_dir / SAVE_NAME).exists()
