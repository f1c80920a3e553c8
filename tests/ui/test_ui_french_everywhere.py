"""Every text a French player sees is French (issue 40, item 5): the rules page names
the options as the Options dialog does, the winnability line speaks French the moment
the language changes, option values are French words, and View says which letters the
corners of a deck show."""

import pytest
from test_ui_french import in_french

from solitaire_core import i18n
from solitaire_core.i18n import _
from solitaire_core.solver import WINNABLE, Result


def test_the_rules_name_each_option_as_the_options_dialog_does(open_window, games):
    window = in_french(open_window())
    checked = 0
    for game in games.values():
        if not game.options or not any(o.label for o in game.options):
            continue
        window.choose_game(game.id)
        window.rules_action.trigger()
        player = window.rules_dialog.browser.toPlainText()  # the player's part, as the window shows it
        for option in game.options:
            if option.label and _(option.label) != option.label:
                assert _(option.label) in player, (game.id, _(option.label))
                assert option.label not in player, (game.id, option.label)
        checked += 1
    if not checked:
        pytest.skip("no registered game has options with labels")


def test_option_values_are_french_words(open_window, games):
    """What the Options dialog offers: each value translated, unless the word is French
    already (a number, "standard") or a name (capitalised: Windows, Vegas)."""
    from ui_qt import dialogs

    window = in_french(open_window())
    for game in games.values():
        if not game.options:
            continue
        dialog = dialogs.OptionsDialog(game, {}, window)
        for option in game.options:
            box = dialog.boxes[option.name]
            for k, value in enumerate(option.values):
                shown = box.itemText(k)
                if isinstance(value, str) and shown == value:
                    assert value == "standard" or value[:1].isupper(), (game.id, option.name, shown)
        dialog.deleteLater()


def test_the_winnability_line_speaks_french_at_once(open_window, pile_game, qtbot, monkeypatch):
    monkeypatch.setattr("ui_qt.solver_actions.solve", lambda *args: Result(WINNABLE, reason=""))
    window = open_window({"game": pile_game.id, "deal": 1})
    label = window.solver.label
    qtbot.waitUntil(lambda: label.text() in ("Winnable", "Not winnable", "Winnability unknown"))
    english = label.text()
    in_french(window)
    assert label.text() == _(english) != english  # no new search was needed
    assert "positions" in label.toolTip()


def test_view_says_which_letters_the_corners_show(open_window):
    window = in_french(open_window())
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == _("&View"))
    deck = next(a.menu() for a in view.actions() if a.menu() is not None and a.text() == _("&Deck"))
    note = [a.text() for a in deck.actions() if not a.isEnabled() and a.text()]
    assert note == ["Jeux illustrés\u00a0: coins tels qu'imprimés (J, Q, K)"]
    assert i18n.language() == "fr"
