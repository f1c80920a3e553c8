"""A hint stays until the player acts, and Hint again shows the next suggestion; a
refused drop or click by mouse says why in the status bar, and a clicked card with no
move shakes (issue 40, items 1 and 2)."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from uihelpers import card_centre, click, drag, zone_centre

from solitaire_core import Move, words
from solitaire_core.solver import UNKNOWN, Result


def message(window) -> str:
    return window.statusBar().currentMessage()


def hinted(open_window, game, qtbot, monkeypatch, deal=1):
    """A window whose first hint (the game's own: the solver cannot tell) is shown."""
    monkeypatch.setattr("ui_qt.solver_actions.solve", lambda *args: Result(UNKNOWN, reason="seconds"))
    window = open_window({"game": game.id, "deal": deal})
    window.autoplay_action.setChecked(False)
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: message(window).startswith("Hint"))
    return window


def test_the_hint_stays_until_the_player_acts(open_window, pile_game, qtbot, monkeypatch):
    window = hinted(open_window, pile_game, qtbot, monkeypatch)
    said, marks = message(window), window.view._mark_spec
    assert marks[0] or marks[1]
    qtbot.wait(2500)  # longer than the hint used to last: nothing has taken it away
    assert message(window) == said and window.view._mark_spec == marks
    QTest.keyClick(window.view, Qt.Key.Key_Right)  # the cursor's place is said for a while, then the hint again
    assert message(window) != said
    window.statusBar().clearMessage()
    assert message(window) == said
    window.undo_action.trigger()  # nothing to undo, but a command: the player acted
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: message(window).startswith("Hint"))
    move = next(m for m in window.game.legal_moves(window.session.state))
    window.play(move)
    assert not message(window).startswith("Hint")
    assert window.view._mark_spec[:2] == ((), ())


def test_hint_again_shows_the_next_suggestion_and_comes_round(open_window, pile_game, qtbot, monkeypatch):
    window = hinted(open_window, pile_game, qtbot, monkeypatch)
    game, state = window.game, window.session.state
    first = game.hint(state)
    seen = [message(window)]
    assert game.describe_move(state, first) in seen[0]
    count = len(window.hints.moves)
    for _ in range(count):
        window.hint_action.trigger()  # at once: the suggestions of this position are known
        seen.append(message(window))
    assert seen[-1] == seen[0]  # round again to the first
    if count > 1:
        assert f"suggestion 2 of {count}" in seen[1]
        second = window.hints.moves[1]
        assert game.describe_move(state, second) in seen[1]
        assert len(set(seen[:-1])) == count


def refused_drop(window):
    """A lifted group of face-up cards and a zone that refuses it: (src index, zone)."""
    game, state, view = window.game, window.session.state, window.view
    legal = game.legal_moves(state)
    for placed in view.model.cards:
        items = view.zone_cards(placed.zone)
        n = len(items) - placed.index
        if not placed.face_up or not game.pickable(state, placed.zone, n):
            continue
        for slot in view.model.slots:
            move = Move(placed.zone, slot.zone, n)
            if slot.zone != placed.zone and slot.role in ("tableau", "foundation") and move not in legal \
                    and view.zone_cards(slot.zone):
                return placed, slot.zone, move
    return None


def test_a_refused_drop_says_why(open_window, pile_game, qtbot):
    window = open_window({"game": pile_game.id, "deal": 1})
    window.autoplay_action.setChecked(False)
    placed, zone, move = refused_drop(window)
    view, before = window.view, window.session.state
    drag(view, card_centre(view, placed.zone, placed.index), zone_centre(view, zone))
    assert window.session.state is before
    assert message(window) == pile_game.why_illegal(before, move)


def test_a_card_clicked_with_no_move_shakes_and_says_why(open_window, pile_game, qtbot):
    window = open_window({"game": pile_game.id, "deal": 1})
    window.autoplay_action.setChecked(False)
    game, state, view = window.game, window.session.state, window.view
    legal = game.legal_moves(state)
    stuck = next(p for p in view.model.cards if p.face_up and not any(m.src == p.zone for m in legal if not m.is_draw))
    item = view.zone_cards(stuck.zone)[stuck.index]
    rest = item.pos()
    at = card_centre(view, stuck.zone, stuck.index)
    click(view, at)
    assert window.session.state is state
    assert message(window) == words.cannot_move(game.card_name(stuck.card))
    qtbot.waitUntil(lambda: abs(item.pos().x() - rest.x()) >= view.card_px[0] * 0.05)  # it trembles, visibly
    qtbot.waitUntil(lambda: item.pos() == rest)  # and comes to rest where it lay
