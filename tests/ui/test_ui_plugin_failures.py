"""A game whose own code raises once play has begun, played at the table with real
keys, clicks and actions: the move is not made, a notice names the game, the hint
stops waiting, another game can be chosen, and no exception reaches Qt (pytest-qt
fails a test on any exception raised in a Qt event handler or slot).

The game is a real installed plugin (tests/plugintools.py) that passes the
load-time check: its deal is fine, it breaks once a card is drawn.
"""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from plugintools import MINI, broken_game, tag
from solitaire_core.registry import load_games
from uihelpers import click, walk_to, zone_centre

REAL_SEARCH_MS = 60_000
LOOKING = "Looking for a hint"


def failure(method: str) -> str:
    return f"The game Broken Mini failed: RuntimeError: {method} is broken after the deal."


def stock_zone(window) -> str:
    return next(slot.zone for slot in window.view.model.slots if slot.role == "stock")


def draw_by_keys(window) -> None:
    """Arrow keys to the stock, then Space: the first card is drawn."""
    walk_to(window.view, window.interaction, stock_zone(window))
    QTest.keyClick(window.view, Qt.Key.Key_Space)


def notice_text(window) -> str | None:
    notice = window.notices.notices.get("failed")
    return None if notice is None else notice.text


@pytest.fixture
def broken(plugins, open_window):
    """A window on deal 1 of the game whose legal_moves fails after the deal."""
    game_id = broken_game(plugins, "legal_moves")
    return open_window({"game": game_id, "deal": 1}, games=load_games())


def test_keys_on_a_failing_game_make_no_move_and_name_it(broken):
    window = broken
    draw_by_keys(window)  # the deal's own moves work: this draw is made
    assert window.session.move_count == 1
    assert notice_text(window).startswith(failure("legal_moves"))  # what follows the draw asked the game
    window.notices.dismiss("failed")
    QTest.keyClick(window.view, Qt.Key.Key_Space)  # draw again: the game cannot say what is legal
    assert window.session.move_count == 1
    assert notice_text(window).startswith(failure("legal_moves"))
    assert window.statusBar().currentMessage() == failure("legal_moves")[:-1]
    window.notices.dismiss("failed")
    column = next(slot.zone for slot in window.view.model.slots if slot.role == "tableau")
    walk_to(window.view, window.interaction, column)
    QTest.keyClick(window.view, Qt.Key.Key_Space)  # pick up a card
    assert window.interaction.held is None and window.session.move_count == 1
    assert notice_text(window).startswith(failure("legal_moves"))


def test_a_click_on_a_failing_game_names_it(broken):
    window = broken
    draw_by_keys(window)
    window.notices.dismiss("failed")
    click(window.view, zone_centre(window.view, stock_zone(window)))
    assert window.session.move_count == 1
    assert notice_text(window).startswith(failure("legal_moves"))


def test_another_game_can_be_chosen_after_a_failure(broken):
    window = broken
    draw_by_keys(window)
    default = window.games.default
    button = window.notices.notices["failed"].buttons[f"Play {window.games[default].name}"]
    button.click()
    assert window.game.id == default
    assert "failed" not in window.notices.notices
    QTest.keyClick(window.view, Qt.Key.Key_Right)
    QTest.keyClick(window.view, Qt.Key.Key_Space)
    assert "failed" not in window.notices.notices


def test_the_hint_reports_the_failure_and_stops_waiting(broken, qtbot):
    window = broken
    draw_by_keys(window)
    window.notices.dismiss("failed")
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: notice_text(window) is not None, timeout=REAL_SEARCH_MS)
    assert notice_text(window).startswith(failure("legal_moves"))
    assert not window.statusBar().currentMessage().startswith(LOOKING)
    assert not window.view._marks  # no hint is shown


def test_a_scene_that_fails_takes_the_move_back(plugins, open_window):
    game_id = broken_game(plugins, "scene")
    window = open_window({"game": game_id, "deal": 1}, games=load_games())
    shown = window.view.model
    draw_by_keys(window)
    assert window.session.move_count == 0  # the game could not show it: the draw is not made
    assert window.view.model == shown
    assert notice_text(window).startswith(failure("scene"))
    window.notices.dismiss("failed")
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()  # the draw again, from the redo branch: taken back again
    assert window.session.move_count == 0 and window.view.model == shown
    assert notice_text(window).startswith(failure("scene"))


def test_a_fresh_profile_starts_with_a_built_in_game(plugins, open_window):
    """A plugin whose id sorts first does not become the game of a first start."""
    first = f"a-{tag()}"
    plugins.install({"first": MINI.format(cls="First", id=first, name="First")})
    games = load_games()
    assert next(iter(games)) == first and first not in games.builtin
    window = open_window({}, games=games)
    assert window.game.id in games.builtin and window.game.id == games.default


def test_the_solver_process_names_the_failing_game(plugins):
    """What a hint's worker answers when the game raises during the search."""
    from ui_qt.solver_process import ERROR, solve_here

    game_id = broken_game(plugins, "legal_moves")
    game = load_games()[game_id]
    after = game.apply(game.new(1), next(m for m in game.legal_moves(game.new(1)) if m.is_draw))
    result = solve_here(game, after, 5.0, lambda: False)
    assert result.answer == "unknown"
    assert result.reason == ERROR + failure("legal_moves")[0].lower() + failure("legal_moves")[1:-1]
