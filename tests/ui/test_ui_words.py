"""The table speaks in words: hints, the cursor, picking up and dropping, refused
moves and the demo say what happens with the engine's sentences, never notation."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from uihelpers import deal_with_move, lift_index, walk_to

from solitaire_core import Move
from solitaire_core.solver import UNKNOWN, WINNABLE, Result
from solitaire_core.testing import notation_in


def message(window) -> str:
    return window.statusBar().currentMessage()


def active(window, qtbot):
    window.autoplay_action.setChecked(False)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.view.setFocus()


def test_the_hint_key_says_the_move_in_words_in_every_game(open_window, games, qtbot, monkeypatch):
    """H asks for a hint; when the solver cannot tell, the game's own hint is shown as a sentence."""
    monkeypatch.setattr("ui_qt.solver_actions.solve", lambda *args: Result(UNKNOWN, reason="seconds"))
    for game in games.values():
        window = open_window({"game": game.id, "deal": 1})
        active(window, qtbot)
        state = window.session.state
        hint = game.hint(state)
        QTest.keyClick(window.view, Qt.Key.Key_H)
        qtbot.waitUntil(lambda: message(window).startswith(("Hint", "No move")))
        text = message(window)
        assert notation_in(game, state, text) is None, text
        if hint is not None:
            assert text.startswith(f"Hint: {game.describe_move(state, hint)} ("), text
        window.close()


def test_the_arrow_cursor_is_announced_in_words_in_every_game(open_window, games, qtbot):
    for game in games.values():
        window = open_window({"game": game.id, "deal": 1})
        active(window, qtbot)
        view, interaction = window.view, window.interaction
        for key in (Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Right, Qt.Key.Key_Up):
            with qtbot.waitSignal(interaction.announce) as said:
                QTest.keyClick(view, key)
            text = said.args[0]
            zone, index = interaction.cursor
            cards = view.zone_cards(zone)
            at = cards[index].placed.index if index is not None else None
            assert text == game.describe_spot(window.session.state, zone, at)
            assert notation_in(game, window.session.state, text) is None, text
            assert view.accessibleDescription() == text
        window.close()


def test_picking_up_and_each_place_the_cards_may_go_are_said_in_words(open_window, pile_game, qtbot):
    window, move = deal_with_move(open_window, pile_game)
    active(window, qtbot)
    view, interaction, state = window.view, window.interaction, window.session.state
    walk_to(view, interaction, move.src)
    index = lift_index(view, move)
    interaction.cursor = (move.src, index)
    with qtbot.waitSignal(interaction.announce) as said:
        QTest.keyClick(view, Qt.Key.Key_Space)
    lead = pile_game.card_name(view.zone_cards(move.src)[index].placed.card)
    assert said.args[0].startswith(f"Picked up {lead}") and pile_game.zone_name(move.src) in said.args[0]
    assert notation_in(pile_game, state, said.args[0]) is None
    places = {m.dst for m in interaction.held[2]} | {move.src}
    visited = set()
    for _ in range(len(places)):  # the arrows go round the places the cards may go, and back
        with qtbot.waitSignal(interaction.announce) as said:
            QTest.keyClick(view, Qt.Key.Key_Right)
        visited.add(interaction.cursor[0])
        assert notation_in(pile_game, state, said.args[0]) is None
    assert visited == places
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert window.session.state == state


def test_a_refused_move_shows_the_reason_in_words(open_window, pile_game):
    """What a move the rules refuse (a demo line gone stale) shows: the reason, no notation."""
    window, move = deal_with_move(open_window, pile_game)
    state = window.session.state
    legal = set(pile_game.legal_moves(state))
    zones = [s.zone for s in window.view.model.slots]
    bad = next(m for m in [Move(move.dst, move.src, move.n)] + [Move(a, b) for a in zones for b in zones if a != b]
               if m not in legal)
    assert not window.play(bad)
    assert message(window) == pile_game.why_illegal(state, bad)
    assert notation_in(pile_game, state, message(window)) is None and "illegal" not in message(window)


def test_the_demo_says_each_move_in_words(open_window, pile_game, qtbot, monkeypatch):
    window, move = deal_with_move(open_window, pile_game)
    window.autoplay_action.setChecked(False)
    state = window.session.state
    monkeypatch.setattr("ui_qt.solver_actions.solve", lambda *args: Result(WINNABLE, moves=(move,)))
    window.solver.demo_action.trigger()
    qtbot.waitUntil(lambda: window.session.move_count == 1)
    text = message(window)
    assert text.startswith(f"Demo: {pile_game.describe_move(state, move)}"), text
    assert notation_in(pile_game, state, text) is None


@pytest.fixture(autouse=True)
def no_solver_left():
    yield
    from ui_qt import solving
    solving.PROCESSES.shutdown()
