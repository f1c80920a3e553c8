"""The table plays Pyramid's moves the way a player makes them (rule 3.2: a card dragged
onto the card it pairs with; rule 3.3: a click on a free King), with real mouse events."""

import os

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

DEAL = 2  # a King in the bottom row (p27); p22 pairs with p26, the waste with p25 and p28


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, game):
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SOLITAIRE_DECKS", str(tmp_path / "no-decks"))
    from solitaire_core.registry import load_games
    from ui_qt.app import build_window

    win = build_window({"game": game.id, "deal": DEAL}, games=load_games(), persist=False)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.autoplay_action.trigger()  # off: only the moves the test plays
    win.start(game, DEAL)  # the deal again, with the King auto-play took away (rule 6.1)
    assert win.session.state == game.new(DEAL)
    win.view.relayout()
    return win


def centre(view, zone: str) -> QPoint:
    view.finish_animations()
    rect = view.card_polygon(view.zone_cards(zone)[-1]).boundingRect()
    return QPoint(round(rect.center().x()), round(rect.center().y()))


def drag(view, start: QPoint, end: QPoint, steps: int = 6) -> None:
    viewport = view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, steps + 1):
        QTest.mouseMove(viewport, start + (end - start) * k / steps)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def test_rule_3_2_a_card_dragged_onto_its_pair_removes_both(window, game, qtbot):
    state = window.session.state
    a, b = game.pile(state, "p22").top, game.pile(state, "p26").top
    assert a.rank + b.rank == 13
    drag(window.view, centre(window.view, "p22"), centre(window.view, "p26"))
    qtbot.waitUntil(lambda: not game.pile(window.session.state, "p22").cards)
    after = window.session.state
    assert not game.pile(after, "p26").cards
    assert game.pile(after, "discard").cards == (a, b)
    waste = game.pile(after, "waste").top
    drag(window.view, centre(window.view, "waste"), centre(window.view, "p25"))
    qtbot.waitUntil(lambda: not game.pile(window.session.state, "p25").cards)
    assert game.pile(window.session.state, "discard").cards[-2:][0] == waste


def test_rule_3_3_a_click_on_a_free_king_removes_it(window, game, qtbot):
    king = game.pile(window.session.state, "p27").top
    assert king.rank == 13
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     centre(window.view, "p27"))
    qtbot.waitUntil(lambda: not game.pile(window.session.state, "p27").cards)
    assert game.pile(window.session.state, "discard").top == king
