"""The app around the table: options, plugins that fail, saves, screenshots, outcome."""

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from solitaire_core.registry import Failure, Games
from ui_qt import dialogs
from ui_qt.app import main
from ui_qt.saves import SAVE_NAME
from uihelpers import deal_with_move, scene_shown


def test_options_dialog_offers_each_declared_option(games, qtbot):
    game = next((g for g in games.values() if g.options), None)
    if game is None:
        pytest.skip("no registered game has options")
    dialog = dialogs.OptionsDialog(game, {}, None)
    qtbot.addWidget(dialog)
    assert set(dialog.boxes) == {o.name for o in game.options}
    for option in game.options:
        box = dialog.boxes[option.name]
        assert [box.itemText(i) for i in range(box.count())] == [str(v) for v in option.values]
        assert box.currentText() == str(option.default)


def test_options_change_the_game(open_window, games):
    game = next((g for g in games.values() if g.options), None)
    if game is None:
        pytest.skip("no registered game has options")
    option = game.options[0]
    other = next(v for v in option.values if v != option.default)
    window = open_window({"game": game.id, "deal": 5})
    window.autoplay_action.setChecked(False)  # the deal as dealt, no safe card up
    dialog = dialogs.OptionsDialog(game, window.session.options, window)
    dialog.boxes[option.name].setCurrentText(str(other))
    assert window.apply_options(dialog.values())
    assert window.session.state.option(option.name) == other
    assert window.session.deal == 5
    assert window.session.state == game.new(5, **{option.name: other})
    assert window.settings.options(game.id)[option.name] == str(other)


def test_the_app_starts_with_a_broken_plugin(open_window, games):
    broken = Games(games.items(), [Failure("broken-plugin", "failed to load (ImportError: boom)")])
    window = open_window(games=broken)
    notice = window.notices.notices["plugins"]
    assert "broken-plugin" in notice.text and "boom" in notice.text
    assert window.view.model == scene_shown(window.view, window.game, window.session.state)


def test_no_game_at_all_is_a_clear_error(games):
    from ui_qt.app import StartError, first_session
    from ui_qt.settings import Settings

    with pytest.raises(StartError, match="no game is installed"):
        first_session(Games((), [Failure("x", "boom")]), {}, Settings())


def test_the_game_is_saved_after_every_move_and_offered_again(open_window, pile_game, data_dir, qtbot):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    saved = json.loads((data_dir / SAVE_NAME).read_text())
    assert saved["game"] == pile_game.id and saved["moves"] == [pile_game.format_move(move)]
    state = window.session.state
    window.close()
    again = open_window({})
    notice = again.notices.notices["resume"]
    notice.buttons["Continue"].click()
    assert again.session.state == state
    assert again.session.deal == saved["deal"]


def test_a_damaged_save_is_reported_and_moved_aside(open_window, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / SAVE_NAME).write_text("{ not json")
    window = open_window({})
    assert "could not be loaded" in window.notices.notices["damaged"].text
    assert not (data_dir / SAVE_NAME).exists()
    assert list(data_dir.glob("*.damaged-*.json"))


def test_stuck_game_offers_undo_restart_new_deal(open_window, pile_game, monkeypatch, qtbot):
    window, move = deal_with_move(open_window, pile_game)
    monkeypatch.setattr("ui_qt.blocked_watch.blocked_verdict", lambda *args: "blocked")
    window.play(move)
    qtbot.waitUntil(lambda: "stuck" in window.notices.notices)
    assert set(window.notices.notices["stuck"].buttons) == {"Undo", "Restart", "New deal"}
    window.notices.notices["stuck"].buttons["Undo"].click()
    assert window.session.move_count == 0


def test_finish_moves_are_played_one_by_one(open_window, pile_game, monkeypatch, qtbot):
    window, move = deal_with_move(open_window, pile_game)
    after = pile_game.apply(window.session.state, move)
    follow = next((m for m in pile_game.legal_moves(after)), None)
    if follow is None:
        pytest.skip("no second move")
    monkeypatch.setattr("ui_qt.finish_watch.finish_line",  # the worker process's answer
                        lambda game, state, options, cancel: ([follow] if state == after else None, ""))
    window.autofinish_action.trigger()  # Game > Finish automatically (off by default)
    window.play(move)
    qtbot.waitUntil(lambda: window.session.move_count == 2)
    assert window.session.moves == [move, follow]


def test_a_win_is_celebrated(open_window, pile_game, monkeypatch):
    window, move = deal_with_move(open_window, pile_game)
    monkeypatch.setattr(pile_game, "is_won", lambda state: state != window.session.states[0])
    window.play(move)
    assert window.view._overlay and "won" in window.notices.notices


def test_screenshots_of_every_registered_game(games, tmp_path):
    assert games
    for game_id in games:
        path = tmp_path / f"{game_id}.png"
        assert main({"game": game_id, "deal": 1, "options": None, "screenshot": str(path)}) == 0
        image = QImage(str(path))
        assert image.width() == 1280 and image.height() == 800
        colours = {image.pixel(x, y) for x in range(0, 1280, 7) for y in range(60, 760, 7)}
        assert len(colours) > 40, f"{game_id}: the table looks blank"
        assert any(image.pixelColor(x, y).lightness() > 240 for x in range(0, 1280, 5) for y in range(60, 760, 5)), \
            f"{game_id}: no card face on the table"


def test_a_screenshot_of_a_game_in_progress(pile_game, games, tmp_path, open_window):
    """``solitaire play GAME --deal N --moves ... --screenshot``: the moves are played as a
    player plays them, and the table shows where they lead (so does ``--position``)."""
    game = pile_game
    state, moves = game.new(1), []
    for _ in range(3):
        legal = [m for m in game.legal_moves(state)]
        if not legal:
            break
        moves.append(game.format_move(legal[0]))
        state = game.play(state, legal[0])
    window = open_window({"game": game.id, "deal": 1, "moves": moves}, persist=False)
    assert window.session.moves[:len(moves)] == [game.parse_move(None, m) for m in moves]
    later = open_window({"game": game.id, "position": game.format_position(state)}, persist=False)
    assert later.session.states[0] == state
    path = tmp_path / "mid.png"
    assert main({"game": game.id, "deal": 1, "moves": moves, "screenshot": str(path)}) == 0
    assert QImage(str(path)).width() == 1280


def test_qt_s_harmless_offscreen_message_is_dropped_and_every_other_kept(qtlog):
    from PySide6.QtCore import qWarning

    from ui_qt.app import HARMLESS_QT_MESSAGES, without_harmless_qt_messages

    with without_harmless_qt_messages():
        for message in HARMLESS_QT_MESSAGES:
            qWarning(message)
        qWarning("a warning of another kind")
    qWarning(next(iter(HARMLESS_QT_MESSAGES)))  # outside a screenshot, nothing is dropped
    said = [record.message for record in qtlog.records]
    assert said == ["a warning of another kind", next(iter(HARMLESS_QT_MESSAGES))]


def test_a_screenshot_from_the_command_line_prints_nothing_on_stderr(games, tmp_path):
    """``solitaire play GAME --screenshot`` in a process of its own, where Qt's own handler
    would print the offscreen platform's harmless message."""
    path = tmp_path / "shot.png"
    done = subprocess.run([sys.executable, "-m", "solitaire_core", "play", next(iter(games)), "--deal", "1",
                           "--screenshot", str(path)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0 and path.is_file(), done.stderr
    assert done.stderr == ""


def test_screenshot_with_a_bad_option_fails_clearly(games, tmp_path, capsys):
    game = next(iter(games.values()))
    assert main({"game": game.id, "deal": 1, "options": {"no-such-option": "1"},
                 "screenshot": str(tmp_path / "x.png")}) == 2
    assert "no-such-option" in capsys.readouterr().err


def test_back_table_game_and_options_are_remembered(open_window, games):
    game = list(games.values())[-1]
    window = open_window({"game": game.id, "deal": 2})
    window.use_back("Red lattice")
    window.use_table("Blue felt")
    window.close()
    again = open_window({})
    assert again.game is game
    assert again.painter.back_name == "Red lattice"
    assert again.view.table_name == "Blue felt"


def test_rules_viewer_shows_the_game_rules(open_window, games):
    for game in games.values():
        window = open_window({"game": game.id, "deal": 1})
        window.show_rules()
        text = window.rules_dialog.browser.toPlainText()
        assert len(text) > 100 and game.name.split()[0].lower() in text.lower()
        window.close()


def test_a_save_of_a_game_not_installed_is_set_aside_not_lost(open_window, games, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    save = data_dir / SAVE_NAME
    save.write_text(json.dumps({"format": "solitaire-save", "version": 1, "game": "not-installed-game",
                                "options": {}, "deal": 1, "moves": [], "position": 0, "elapsed": 0}))
    window = open_window({})
    assert "not installed" in window.notices.notices["damaged"].text
    aside = list(data_dir.glob("*.damaged-*.json"))
    assert len(aside) == 1 and "not-installed-game" in aside[0].read_text()


def test_deal_number_dialog_takes_any_32_bit_deal(qtbot):
    dialog = dialogs.DealDialog(7, None)
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert dialog.deal() == 7 and ok.isEnabled()
    dialog.edit.setText("4294967295")
    assert dialog.deal() == 2**32 - 1 and ok.isEnabled()
    dialog.edit.setText("4294967296")
    assert dialog.deal() is None and not ok.isEnabled()
