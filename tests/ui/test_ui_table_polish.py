"""The stock's badge, leaving the table with Tab, auto-play of safe cards, high-DPI rendering."""

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ui_qt.settings import Settings
from ui_qt.table import ANIMATION_MS
from uihelpers import deal_with_move

STOCK = "stock"


def stock_game(games):
    """A registered game whose stock slot has a label while it holds cards (chosen, never named)."""
    for game in games.values():
        scene = game.scene(game.new(1))
        slot = next((s for s in scene.slots if s.role == STOCK and s.label), None)
        if slot is not None and any(p.zone == slot.zone for p in scene.cards):
            return game, slot.zone
    pytest.skip("no registered game has a labelled stock")


def test_the_stock_label_is_a_badge_on_its_top_card_while_it_has_cards(open_window, games):
    game, zone = stock_game(games)
    window = open_window({"game": game.id, "deal": 1})
    window.autoplay_action.setChecked(False)
    view = window.view
    for _ in range(200):
        view.finish_animations()
        cards = view.zone_cards(zone)
        if not cards:
            break
        slot = next(s for s in view.model.slots if s.zone == zone)
        badge = view.badges[zone]
        top = view.card_polygon(cards[-1]).boundingRect()
        rect = badge.sceneBoundingRect()
        assert badge.isVisible() and badge._drawn[0] == slot.label
        assert top.contains(rect) and rect.top() > top.center().y()  # on the bottom half of the card
        assert badge.zValue() > max(item.zValue() for item in view.cards)
        assert window.play(next(m for m in game.legal_moves(window.session.state) if m.is_draw))
    assert not view.zone_cards(zone) and zone not in view.badges  # the slot shows its label itself


def test_arrows_move_the_cursor_and_tab_leaves_the_table(open_window, qtbot):
    window = open_window({})
    view = window.view
    window.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    QTest.keyClick(view, Qt.Key.Key_Right)
    assert window.interaction.cursor is not None
    QTest.keyClick(view, Qt.Key.Key_Tab)
    assert not view.hasFocus()
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab)
    assert view.hasFocus()


def follow_up(window, game, move):
    after = game.apply(window.session.state, move)
    follow = next(iter(game.legal_moves(after)), None)
    if follow is None:
        pytest.skip("no second move")
    return after, follow


def test_safe_moves_play_after_a_move_and_undo_with_it(open_window, pile_game, monkeypatch, qtbot):
    window, move = deal_with_move(open_window, pile_game)
    start = window.session.state
    after, follow = follow_up(window, pile_game, move)
    monkeypatch.setattr(pile_game, "safe_moves", lambda state: [follow] if state == after else [])
    assert window.autoplay_action.isChecked() and window.autoplay_action.isCheckable()
    window.play(move)
    qtbot.waitUntil(lambda: window.session.move_count == 2)
    assert window.session.moves == [move, follow]
    window.undo()  # the player's move and the safe move it set off
    assert window.session.state == start
    window.redo()
    assert window.session.move_count == 2


def test_auto_play_can_be_turned_off_and_never_follows_undo(open_window, pile_game, monkeypatch, qtbot):
    window, move = deal_with_move(open_window, pile_game)
    after, follow = follow_up(window, pile_game, move)
    monkeypatch.setattr(pile_game, "safe_moves", lambda state: [follow] if state == after else [])
    window.autoplay_action.trigger()
    assert not window.autoplay_action.isChecked() and Settings().autoplay is False
    window.play(move)
    window.play(follow)
    window.autoplay_action.trigger()
    assert Settings().autoplay is True
    window.undo()  # back to a position with a safe move: it waits for the player
    qtbot.wait(ANIMATION_MS * 3)
    assert window.session.move_count == 1 and window.session.can_redo()


# Closed as the app closes it (``dispose``): a window left open at exit may still have a
# solver thread about to signal it, which crashes the interpreter's teardown.
SCALED = """
import json, sys
from ui_qt.app import build_window, dispose, screenshot
from PySide6.QtWidgets import QApplication
app = QApplication([])
window = build_window({"deal": 1}, persist=False)
screenshot(window, sys.argv[1], (640, 400))
view = window.view
item = view.cards[0]
print(json.dumps({"dpr": view.dpr(), "card": view.card_px[0], "pixmap": item.pixmap().width()}))
dispose(window)
"""


def test_a_scale_factor_of_two_renders_twice_the_pixels(tmp_path):
    """Cards are rendered at the physical size (crisp), so a 2x screenshot has twice the pixels."""
    from PySide6.QtGui import QImage

    shot = tmp_path / "scaled.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": "2"}
    out = subprocess.run([sys.executable, "-c", SCALED, str(shot)], env=env, capture_output=True, text=True,
                         check=True).stdout
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["dpr"] == 2.0 and figures["pixmap"] == 2 * figures["card"]
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (1280, 800)


def test_f11_toggles_full_screen(open_window, qtbot):
    window = open_window({})
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.view, Qt.Key.Key_F11)
    qtbot.waitUntil(window.isFullScreen)
    window.fullscreen_action.trigger()
    qtbot.waitUntil(lambda: not window.isFullScreen())
