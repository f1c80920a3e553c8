"""The table in French, chosen the way a player does (View > Language > Français): menus,
Qt's own buttons, a move's description, a refusal and the rules viewer speak French at
once, without a restart; the choice is kept for the next start; French labels fit."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from solitaire_core import Move, i18n
from solitaire_core.solver import UNKNOWN, Result
from solitaire_core.testing import notation_in
from ui_qt import dialogs
from uihelpers import deal_with_move

FRENCH = "fr"
MENUS = ("&Game", "&Move", "&View", "&Help")  # the menu bar's titles, as marked in ui_qt/window.py
FIT_MS = 5000  # a label cut short stays so: the layout has long settled by then


def fits(label) -> bool:
    return label.width() >= label.sizeHint().width()


def language_action(window, code: str):
    """The View menu's choice of ``code``'s language (each named in its own language)."""
    wanted = i18n.LANGUAGES[code]
    for top in window.menuBar().actions():
        for item in top.menu().actions():
            if item.menu() is not None:
                found = [a for a in item.menu().actions() if a.text() == wanted]
                if found:
                    return found[0]
    raise AssertionError(f"no menu offers {wanted}")


def in_french(window):
    language_action(window, FRENCH).trigger()
    assert i18n.language() == FRENCH
    return window


def active(window, qtbot):
    window.autoplay_action.setChecked(False)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.view.setFocus()


def test_choosing_french_retranslates_the_menus_and_qts_own_buttons_at_once(open_window, pile_game):
    window = open_window({"game": pile_game.id, "deal": 1})
    english = [a.text() for a in window.menuBar().actions()]
    assert english == list(MENUS)
    in_french(window)
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == [i18n._(t) for t in MENUS] and not set(titles) & set(MENUS)
    assert window.new_action.text() == i18n._("&New deal") != "&New deal"
    assert window.moves_label.text() == i18n._("Moves: {count}").format(count=0)
    assert pile_game.name in window.windowTitle() and "\u2014 Solitaire" in window.windowTitle()
    assert cancel_text() not in ("Cancel", "")  # qtbase's French catalog
    assert window.settings.language == FRENCH
    language_action(window, "en").trigger()
    assert [a.text() for a in window.menuBar().actions()] == list(MENUS)
    assert cancel_text() == "Cancel"


def cancel_text() -> str:
    """What Qt's own Cancel button says now."""
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    return box.button(QDialogButtonBox.StandardButton.Cancel).text().replace("&", "")


def test_the_choice_of_french_is_kept_for_the_next_start(open_window, pile_game):
    in_french(open_window({"game": pile_game.id, "deal": 1})).close()
    i18n.set_language(None)
    window = open_window({"game": pile_game.id, "deal": 1})
    assert i18n.language() == FRENCH
    assert [a.text() for a in window.menuBar().actions()] == [i18n._(t) for t in MENUS]


def test_a_hint_describes_its_move_in_french(open_window, pile_game, qtbot, monkeypatch):
    monkeypatch.setattr("ui_qt.solver_actions.solve", lambda *args: Result(UNKNOWN, reason="seconds"))
    window, move = deal_with_move(open_window, pile_game)
    in_french(window)
    active(window, qtbot)
    state = window.session.state
    hint = pile_game.hint(state)
    QTest.keyClick(window.view, Qt.Key.Key_H)
    prefix = i18n._("Hint: {move} ({source})").split("{")[0]
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith(prefix))
    text = window.statusBar().currentMessage()
    assert text.startswith(f"{prefix}{pile_game.describe_move(state, hint)} (")
    assert notation_in(pile_game, state, text) is None
    i18n.set_language("en")
    assert pile_game.describe_move(state, hint) not in text  # the English sentence is another


def test_a_refused_move_gives_its_reason_in_french(open_window, pile_game):
    window, move = deal_with_move(open_window, pile_game)
    state = window.session.state
    legal = set(pile_game.legal_moves(state))
    zones = [s.zone for s in window.view.model.slots]
    bad = next(m for m in [Move(move.dst, move.src, move.n)] + [Move(a, b) for a in zones for b in zones if a != b]
               if m not in legal)
    english = pile_game.why_illegal(state, bad)
    in_french(window)
    assert not window.play(bad)
    said = window.statusBar().currentMessage()
    assert said == pile_game.why_illegal(state, bad) != english
    assert notation_in(pile_game, state, said) is None


def test_the_rules_viewer_opens_the_french_page(open_window, games, qtbot):
    window = in_french(open_window())
    with_page = [g for g in games.values() if "## Comment jouer" in g.rules]
    if not with_page:
        pytest.skip("no installed game has French rules")
    for game in with_page:
        window.game_actions[game.id].trigger()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        QTest.keyClick(window.view, Qt.Key.Key_F1)
        dialog = window.rules_dialog
        qtbot.waitExposed(dialog)
        assert dialog.windowTitle() == i18n._("Rules of {game}").format(game=game.name)
        assert dialog.browser.toPlainText().startswith(game.name)
        assert "Comment jouer" in dialog.browser.toPlainText().split("\n")[:4]
        assert dialog.notes_button.text() == i18n._("Show the &developer notes")
        dialog.close()


def test_french_labels_fit_the_status_bar_and_the_options_titles(open_window, games, qtbot, monkeypatch):
    """French runs about a fifth longer than English: no status-bar label and no Options
    title is cut short at the table's usual size."""
    opened = []
    monkeypatch.setattr(dialogs.OptionsDialog, "exec", lambda dialog: (dialog.show(), opened.append(dialog))[0] or 0)
    window = in_french(open_window())
    for game in games.values():
        window.game_actions[game.id].trigger()
        window.update_status()
        shown = [label for label in window.statusBar().findChildren(QLabel) if label.isVisible() and label.text()]
        qtbot.waitUntil(lambda: all(fits(label) for label in shown), timeout=FIT_MS)  # once laid out again
        if game.options:
            window.options_action.trigger()
            dialog = opened[-1]
            qtbot.waitExposed(dialog)
            bold = QFont(dialog.font())
            bold.setBold(True)
            assert dialog.width() >= QFontMetrics(bold).horizontalAdvance(dialog.windowTitle())
            qtbot.waitUntil(lambda: all(fits(label) for label in dialog.findChildren(QLabel)), timeout=FIT_MS)
            dialog.close()
