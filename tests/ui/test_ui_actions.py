"""Every menu and toolbar action, driven the way a person does: ``QAction.trigger()``
(what a menu click or toolbar button does) or its shortcut, with modal dialogs
answered by patches. A method that works behind a dead action fails here.
"""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QToolBar

from solitaire_core import i18n
from ui_qt import stats_dialog
from uihelpers import deal_with_move


def menu_actions(window):
    """(menu path, action) for every command of the menu bar, submenus included."""
    found = []

    def walk(menu, path):
        for action in menu.actions():
            if action.isSeparator():
                continue
            if action.menu() is not None:
                walk(action.menu(), f"{path} > {action.text()}")
            else:
                found.append((f"{path} > {action.text()}".replace("&", ""), action))

    for top in window.menuBar().actions():
        walk(top.menu(), top.text())
    return found


def file_dialogs(monkeypatch, save_to="", open_from=""):
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(save_to), "")))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(open_from), "")))


def test_save_as_then_open_through_their_shortcuts(open_window, pile_game, tmp_path, monkeypatch, qtbot):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    state = window.session.state
    path = tmp_path / "by-keys"  # no suffix: the dialog's answer gets ".json"
    file_dialogs(monkeypatch, save_to=path, open_from=path.with_suffix(".json"))
    QTest.keyClick(window.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert path.with_suffix(".json").exists()
    QTest.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.session.state != state
    QTest.keyClick(window.view, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert window.session.state == state


def test_a_cancelled_file_dialog_changes_nothing(open_window, pile_game, monkeypatch):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    session = window.session
    file_dialogs(monkeypatch)
    window.records.save_as_action.trigger()
    window.records.open_action.trigger()
    assert window.session is session and "file" not in window.notices.notices


def answer_every_dialog(monkeypatch, asked):
    """Modal dialogs return at once (cancelled), noting that they were asked."""
    def note(name, value):
        return lambda *a, **k: (asked.append(name), value)[1]

    monkeypatch.setattr(QDialog, "exec", lambda self: (asked.append(type(self).__name__), 0)[1])
    monkeypatch.setattr(QMessageBox, "about", staticmethod(note("about", None)))
    monkeypatch.setattr(stats_dialog, "confirm", note("confirm", False))
    file_dialogs(monkeypatch)


def effects(window, tmp_path):
    """What each command visibly does, as (prepare, check) by menu path; the check gets
    what ``prepare`` returned."""
    session = lambda: window.session  # noqa: E731
    played = lambda: (window.play(window.game.legal_moves(window.session.state)[0]), session())[1]  # noqa: E731
    table = {
        "Game > New deal": (session, lambda before: window.session is not before),
        "Game > Restart": (played, lambda before: window.session.move_count == 0),
        "Game > Deal number…": (lambda: None, lambda _: "DealDialog" in window._asked),
        "Game > Options…": (lambda: None, lambda _: not window.game.options or "OptionsDialog" in window._asked),
        "Game > Auto-play safe cards": (lambda: window.settings.autoplay,
                                        lambda before: window.settings.autoplay is not before),
        "Game > Finish automatically": (lambda: window.settings.autofinish,
                                        lambda before: window.settings.autofinish is not before),
        "Game > Open game…": (lambda: None, lambda _: True),  # with a file: test_ui_records.py
        "Game > Save game as…": (lambda: None, lambda _: True),  # with a file: test_ui_records.py
        "Game > Statistics…": (lambda: None, lambda _: window.records.dialog is not None
                               and window.records.dialog.isVisible()),
        "Game > Reset running total…": (lambda: window.records.reset_total_action.isEnabled(),
                                        lambda enabled: not enabled or "confirm" in window._asked),
        "Game > Winnable deals only": (lambda: window.solver.winnable_only,
                                       lambda before: window.solver.winnable_only is not before),
        "Game > Show winnability": (lambda: window.solver.label.isVisibleTo(window),
                                    lambda before: window.solver.label.isVisibleTo(window) is not before),
        "Game > Quit": (lambda: None, lambda _: not window.isVisible()),
        "Move > Undo": (played, lambda before: window.session.move_count == 0),
        "Move > Redo": (lambda: (played(), window.undo_action.trigger()),
                        lambda _: window.session.move_count == 1),
        "Move > Finish": (lambda: None, lambda _: True),  # offered only when finishable: test_ui_finish.py
        "Move > Hint": (lambda: None, lambda _: window.statusBar().currentMessage() not in ("", window.solver.HINT_WAITING)),
        "Move > Demo": (lambda: None, lambda _: window.solver.demo_running
                        or window.statusBar().currentMessage() != ""),
        "View > Full screen": (window.isFullScreen, lambda before: window.isFullScreen() is not before),
        "Help > Rules": (lambda: None, lambda _: window.rules_dialog is not None and window.rules_dialog.isVisible()),
        "Help > About": (lambda: None, lambda _: "about" in window._asked),
    }
    return table


def choice_effect(window, path):
    """Effects of the chosen-from-a-list commands: a game, a card back, a table colour, a deck."""
    name = path.rsplit(" > ", 1)[1]
    if path.startswith("Game > Choose game > "):
        return lambda: window.game.name == name
    if path.startswith("View > Card back > "):
        return lambda: window.painter.back_name == name
    if path.startswith("View > Table colour > "):
        return lambda: window.view.table_name == name
    if path.startswith("View > Deck > "):
        return lambda: window.settings.deck == name
    if path.startswith("View > Language > "):  # each language named in its own; System: ""
        code = {shown: code for code, shown in i18n.LANGUAGES.items()}.get(name, "")
        return lambda: window.settings.language == code and i18n.language() == (code or i18n.ENGLISH)
    return None


def test_every_menu_command_does_what_it_says_when_triggered(open_window, pile_game, tmp_path, monkeypatch, qtbot):
    window = open_window({"game": pile_game.id, "deal": 3})
    window._asked = []
    answer_every_dialog(monkeypatch, window._asked)
    table = effects(window, tmp_path)
    commands = menu_actions(window)
    unchecked = [path for path, _ in commands if path not in table and choice_effect(window, path) is None]
    assert not unchecked, f"menu commands with no test of what they do: {unchecked}"
    quit_last = sorted(commands, key=lambda pair: pair[0] == "Game > Quit")
    for path, action in quit_last:
        if not action.isEnabled():
            continue
        if path in table:
            prepare, check = table[path]
            before = prepare()
            action.trigger()
            qtbot.waitUntil(lambda: check(before), timeout=60_000)  # the hint and demo wait on the solver: a loaded machine is slow
        else:
            action.trigger()
            assert choice_effect(window, path)(), path
        window._asked.clear()
        if window.isFullScreen():
            window.fullscreen_action.trigger()
        window.solver.stop_demo()


def test_every_toolbar_button_is_a_menu_command(open_window):
    window = open_window({})
    in_menus = {id(action) for _path, action in menu_actions(window)}
    bar = window.findChild(QToolBar, "game-toolbar")
    buttons = [a for a in bar.actions() if not a.isSeparator() and a.text()]  # the game chooser has no text
    assert buttons and all(id(a) in in_menus for a in buttons)


def test_every_shortcut_reaches_one_enabled_action(open_window, pile_game):
    window = open_window({"game": pile_game.id, "deal": 3})
    keys = [s.toString() for _p, action in menu_actions(window) for s in action.shortcuts()]
    assert len(keys) == len(set(keys))
    shortcut_of = {s.toString(): a for a in window.actions() for s in a.shortcuts()}
    for key, action in shortcut_of.items():
        assert any(action is a for _p, a in menu_actions(window)), f"{key} has no menu entry"
