"""What the table does by itself: safe cards at the deal, the finish, the win's cascade,
and the clock of a restarted attempt. Driven by menu actions, buttons, keys and clicks."""

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog

from uihelpers import click


def play_line(window, game, deal, line, until=lambda window: False):
    """``line`` from the deal as dealt (auto-play and auto-finish off), until ``until``."""
    window.autoplay_action.setChecked(False)
    window.autofinish_action.setChecked(False)
    assert window.start(game, deal)
    moves = list(line)
    while moves and not until(window):
        assert window.play(moves.pop(0))
    return moves


def finishable(window) -> bool:
    return bool(window.game.finish_moves(window.session.state))


def won(window, game, solved):
    deal, line = solved
    play_line(window, game, deal, line)
    assert game.is_won(window.session.state)


def off_table(view) -> bool:
    area = QRectF(view.viewport().rect())
    return all(not item.sceneBoundingRect().intersects(area) for item in view.cards)


def in_place(view) -> bool:
    return all(item.pos() == view.target(item.placed)[0] for item in view.cards)


# --- the win's cascade ----------------------------------------------------------------------------
def test_the_cascade_runs_until_every_card_has_left_and_a_key_puts_them_back(open_window, pile_game, solved, qtbot):
    window = open_window({"game": pile_game.id, "deal": solved[0]})
    won(window, pile_game, solved)
    view = window.view
    qtbot.waitUntil(lambda: view.celebrating)
    qtbot.waitUntil(lambda: not view.celebrating, timeout=60_000)  # it ends by itself...
    assert off_table(view)  # ...once every card has left by the sides
    assert view._overlay  # "You won!" stays
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert not view.celebrating and in_place(view)


def test_a_click_or_a_command_stops_the_cascade(open_window, pile_game, solved, qtbot):
    window = open_window({"game": pile_game.id, "deal": solved[0]})
    won(window, pile_game, solved)
    view = window.view
    qtbot.waitUntil(lambda: view.celebrating and not in_place(view))
    click(view, QPoint(2, 2))  # the table's corner: no card there
    assert not view.celebrating and in_place(view)
    window.undo_action.trigger()
    window.redo_action.trigger()  # won again: the cascade again
    qtbot.waitUntil(lambda: view.celebrating and not in_place(view))
    window.undo_action.trigger()
    assert not view.celebrating
    qtbot.waitUntil(lambda: not view.animating)  # the card undone slides back
    assert in_place(view) and not pile_game.is_won(window.session.state)


def test_every_card_leaves_in_the_game_with_the_most_cards(open_window, games, monkeypatch, qtbot):
    """The longest cascade (where cards used to hang in mid-air) still ends with none left."""
    game = max(games.values(), key=lambda g: len(g.scene(g.new(1)).cards))
    window = open_window({"game": game.id, "deal": 1})
    monkeypatch.setattr(game, "is_won", lambda state: state != window.session.states[0])
    window.play(game.legal_moves(window.session.state)[0])
    view = window.view
    qtbot.waitUntil(lambda: view.celebrating)
    qtbot.waitUntil(lambda: not view.celebrating, timeout=60_000)
    assert off_table(view)


# --- safe cards at the deal -------------------------------------------------------------------------
def deal_with_safe_cards(games):
    """The first game and deal (any game, any deal up to 200) whose deal has a safe move."""
    for game in games.values():
        for deal in range(1, 200):
            state = game.new(deal)
            if game.safe_moves(state):
                return game, deal, state
    return None


def test_with_auto_play_on_safe_cards_go_up_at_the_deal(open_window, games, qtbot):
    found = deal_with_safe_cards(games)
    assert found, "some game deals a safe card"
    game, deal, dealt = found
    window = open_window({"game": game.id, "deal": deal})
    assert window.autoplay_action.isChecked()  # the default
    first = game.safe_moves(dealt)[0]
    code = next(p.code for p in game.scene(dealt).cards
                if p.zone == first.src and p.index == max(q.index for q in game.scene(dealt).cards
                                                           if q.zone == first.src))
    qtbot.waitUntil(lambda: not game.safe_moves(window.session.state))
    assert any(p.zone == first.dst and p.code == code for p in window.view.model.cards)  # a pack may hold two
    # part of the deal's start: no move counted, nothing to undo, the clock not started
    assert window.session.move_count == 0 and not window.undo_action.isEnabled()
    assert window.moves_label.text() == "Moves: 0" and window.session.elapsed == 0
    window.autoplay_action.trigger()  # off: the next deal of it keeps the card where it was dealt
    window.start(game, deal)
    assert window.session.state == dealt


def test_a_deal_started_with_its_safe_cards_up_is_continued_as_it_was(open_window, games):
    found = deal_with_safe_cards(games)
    assert found, "some game deals a safe card"
    game, deal, dealt = found
    window = open_window({"game": game.id, "deal": deal})
    start = window.session.state
    assert start != dealt
    move = next(m for m in game.legal_moves(start))
    window.play(move)
    state = window.session.state
    window.close()
    again = open_window({})
    again.notices.notices["resume"].buttons["Continue"].click()
    assert again.session.state == state and again.session.states[0] == start
    assert again.session.deal == deal
    again.undo_action.trigger()
    assert again.session.state == start and not again.undo_action.isEnabled()


def test_a_game_opened_from_a_file_is_shown_as_saved(open_window, games, tmp_path, monkeypatch):
    found = deal_with_safe_cards(games)
    assert found, "some game deals a safe card"
    game, deal, dealt = found
    window = open_window({"game": game.id, "deal": deal})
    window.autoplay_action.setChecked(False)
    window.start(game, deal)
    path = tmp_path / "dealt.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(path), "")))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    window.records.save_as_action.trigger()
    window.autoplay_action.setChecked(True)
    window.records.open_action.trigger()
    assert window.session.state == dealt and game.safe_moves(window.session.state)


# --- the finish ------------------------------------------------------------------------------------
def test_the_finish_button_plays_the_finish_and_one_undo_takes_it_back(open_window, pile_game, solved, qtbot):
    deal, line = solved
    window = open_window({"game": pile_game.id, "deal": deal})
    button = window.finish_button
    assert not button.isVisible() and not window.finish_action.isEnabled()
    play_line(window, pile_game, deal, line, finishable)
    assert finishable(window), "the winning line reaches a position that finishes by itself"
    qtbot.waitUntil(button.isVisible)  # once the worker process has found the finish
    assert window.finish_action.isEnabled()  # auto-finish is off by default
    before = window.session.state
    expected = pile_game.finish_moves(before)
    window.auto_timer.setInterval(1)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pile_game.is_won(window.session.state), timeout=20_000)
    assert window.session.moves[-len(expected):] == expected
    assert not button.isVisible() and window.view._overlay
    window.undo_action.trigger()
    assert window.session.state == before and button.isVisible()


def test_the_finish_action_and_its_shortcut(open_window, pile_game, solved, qtbot):
    deal, line = solved
    window = open_window({"game": pile_game.id, "deal": deal})
    play_line(window, pile_game, deal, line, finishable)
    assert finishable(window)
    qtbot.waitUntil(window.finish_action.isEnabled)
    assert window.finish_action.shortcut().toString() == "F"
    assert window.finish_action in window.menuBar().actions()[1].menu().actions()  # Move > Finish
    window.auto_timer.setInterval(1)
    window.finish_action.trigger()
    qtbot.waitUntil(lambda: pile_game.is_won(window.session.state), timeout=20_000)
    window.undo_action.trigger()
    assert window.finish_action.isEnabled()  # the finish of a position shown before is offered at once
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.view, Qt.Key.Key_F)
    qtbot.waitUntil(lambda: pile_game.is_won(window.session.state), timeout=20_000)


def test_finish_automatically_plays_the_finish_after_the_move_that_allows_it(open_window, pile_game, solved, qtbot):
    deal, line = solved
    window = open_window({"game": pile_game.id, "deal": deal})
    rest = play_line(window, pile_game, deal, line, lambda w: finishable(w) or pile_game.finish_moves(
        pile_game.apply(w.session.state, line[len(w.session.moves)])))
    assert not finishable(window), "the next move makes the game finish by itself"
    window.autofinish_action.trigger()
    assert window.settings.autofinish
    window.auto_timer.setInterval(1)
    window.play(rest[0])
    qtbot.waitUntil(lambda: pile_game.is_won(window.session.state), timeout=20_000)
    assert not window.finish_button.isVisible()


def test_any_command_stops_a_finish(open_window, pile_game, solved, qtbot):
    deal, line = solved
    window = open_window({"game": pile_game.id, "deal": deal})
    play_line(window, pile_game, deal, line, finishable)
    before = window.session.state
    qtbot.waitUntil(window.finish_button.isVisible)
    QTest.mouseClick(window.finish_button, Qt.MouseButton.LeftButton)
    assert window.auto_moves or pile_game.is_won(window.session.state)
    window.undo_action.trigger()  # the finish stops, and its first move is undone
    assert not window.auto_moves and not window.auto_timer.isActive()
    assert window.session.state == before


def test_the_finish_is_searched_in_the_worker_process_never_on_the_table(open_window, pile_game, solved, qtbot,
                                                                          monkeypatch):
    deal, line = solved
    state, played = pile_game.new(deal), 0
    while not pile_game.finish_moves(state):  # the test's own oracle, before the table plays
        state, played = pile_game.play(state, line[played]), played + 1
    window = open_window({"game": pile_game.id, "deal": deal})
    calls = []
    monkeypatch.setattr(pile_game, "finish_moves", lambda state: calls.append(state))  # in this process only
    play_line(window, pile_game, deal, line[:played])
    assert window.session.state == state
    qtbot.waitUntil(window.finish_button.isVisible)  # found by the worker process's own copy of the game
    assert calls == [] and window.finish_line


def test_the_table_plays_on_while_the_finish_is_searched_and_a_stale_answer_is_dropped(open_window, pile_game,
                                                                                      monkeypatch, qtbot):
    """A search that takes its time: the player undoes meanwhile; only the answer for the
    position shown then is offered."""
    import threading

    release, asked = threading.Event(), []

    def slow_finish(game, state, options, cancel):  # every position "finishes" by its first legal move
        asked.append(state)
        while not (release.is_set() or cancel.is_set()):
            release.wait(0.01)
        return [game.legal_moves(state)[0]], ""

    monkeypatch.setattr("ui_qt.finish_watch.finish_line", slow_finish)
    window = open_window({"game": pile_game.id, "deal": 1})
    window.autoplay_action.setChecked(False)
    assert window.start(pile_game, 1)
    dealt = window.session.state
    assert window.play(pile_game.legal_moves(dealt)[0])
    moved = window.session.state
    qtbot.waitUntil(lambda: asked and asked[-1] is moved)
    window.undo_action.trigger()  # the search for the moved position still runs: the table did not wait
    assert window.session.state is dealt and not window.finish_button.isVisible()
    qtbot.waitUntil(lambda: asked[-1] is dealt)
    release.set()
    qtbot.waitUntil(window.finish_button.isVisible)
    assert window.finish_line == [pile_game.legal_moves(dealt)[0]]  # the answer for the position shown
    assert moved not in window.finishing.answers  # the other one was cancelled, never offered


# --- the clock of a restarted attempt ---------------------------------------------------------------
class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_restart_starts_the_clock_again(open_window, pile_game, qtbot):
    window = open_window({"game": pile_game.id, "deal": 1})
    clock = window.session.clock = Clock()
    window.clock.setInterval(20)  # the label's refresh, not the time counted (the fake clock's)
    label = window.time_label
    move = next(m for m in pile_game.legal_moves(window.session.state))
    window.play(move)
    clock.now += 6
    with qtbot.waitSignal(window.clock.timeout, timeout=5000):
        pass
    assert label.text() == "Time: 0:06"
    window.restart_action.trigger()
    assert label.text() == "Time: 0:00" and window.moves_label.text() == "Moves: 0"
    clock.now += 30  # no move of the new attempt yet: the clock waits
    with qtbot.waitSignal(window.clock.timeout, timeout=5000):
        pass
    assert label.text() == "Time: 0:00"
    window.play(move)
    clock.now += 5
    with qtbot.waitSignal(window.clock.timeout, timeout=5000):
        pass
    assert label.text() == "Time: 0:05"
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.view, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)  # Ctrl+R
    assert label.text() == "Time: 0:00" and window.session.elapsed == 0


def test_a_win_after_restart_reports_and_records_the_restarted_attempts_time(open_window, pile_game, solved, qtbot):
    deal, line = solved
    window = open_window({"game": pile_game.id, "deal": deal})
    play_line(window, pile_game, deal, line[:3])
    clock = window.session.clock = Clock()
    window.play(line[3])
    clock.now += 500  # the first attempt's time, forgotten by the restart
    window.restart_action.trigger()
    for move in line:
        if pile_game.is_won(window.session.state):
            break
        assert window.play(move)
        clock.now += 0.25
    assert pile_game.is_won(window.session.state)
    played = 0.25 * (window.session.move_count - 1)  # from the attempt's first move to the winning one
    assert window.session.elapsed == played
    shown = window.view._overlay_text[1].rsplit(" in ", 1)[1]
    assert shown == window.time_label.text().removeprefix("Time: ")
    qtbot.waitUntil(lambda: window.records.recorder.waiting == 0, timeout=30_000)  # the record is in the store
    window.records.stats_action.trigger()
    table = window.records.dialog.table
    cells = {table.horizontalHeaderItem(c).text(): table.item(0, c).text() for c in range(table.columnCount())}
    assert cells["Best time"] == shown
