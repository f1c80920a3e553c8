"""The app's messages in French, chosen as a player does (View > Language > Français): a
plugin's failure in the start notice, the solver process's reasons, and the statistics'
option sets in words (issue 18)."""

import threading

import pytest

from solitaire_core import i18n
from solitaire_core.records import GameRecord, Store
from ui_qt import solver_process, solving
from test_ui_french import FRENCH, in_french
from uihelpers import deal_with_move

RAISER = """
    from solitaire_core import hookimpl

    @hookimpl
    def solitaire_games():
        raise ValueError('no games today')
"""


def test_a_plugins_failure_is_told_in_the_language_chosen(open_window, plugins):
    """The language chosen last time is set before the games load: their failures read French."""
    in_french(open_window()).close()
    i18n.set_language(None)
    plugins.install({"cc-raiser": RAISER}, dist="testplugins")
    window = open_window(games=None)  # as ``solitaire play`` starts: the registry loads the games
    text = window.notices.notices["plugins"].text
    assert i18n.language() == FRENCH
    assert i18n._("Some game plugins could not be loaded; the other games work.") in text
    assert "cc-raiser (testplugins): son hook a levé ValueError: no games today" in text


class NoProcess:
    """A solver process that cannot start (the system is out of processes)."""

    def __init__(self):
        raise OSError("no room")


def test_the_solver_process_reasons_are_french(open_window, pile_game, qtbot, monkeypatch):
    """The winnability line's tooltip says why there is no answer, in the language chosen."""
    monkeypatch.setattr(solving, "PROCESSES", solver_process.Processes())
    monkeypatch.setattr(solver_process, "Handle", NoProcess)
    window, move = deal_with_move(open_window, pile_game)
    in_french(window)
    assert window.solver.status_action.isChecked()
    window.play(move)
    said = "le processus du solveur n'a pas démarré (no room)"
    qtbot.waitUntil(lambda: said in window.solver.label.toolTip())
    assert window.solver.label.text() == i18n._("Winnability unknown")


def test_a_worker_process_speaks_the_apps_language(pile_game):
    """What a worker says itself (here: no winnable deal in its tries) follows the app's
    language at the time of the job, as the app switches it."""
    processes = solver_process.Processes()
    job = {"kind": "deal", "game": pile_game.id, "options": {}, "first": 1, "seconds": 1e-6, "tries": 1}
    try:
        i18n.set_language(FRENCH)
        assert processes.ask(dict(job), threading.Event())["reason"] == "aucune donne trouvée"
        i18n.set_language("en")
        assert processes.ask(dict(job), threading.Event())["reason"] == "no deal found"
    finally:
        processes.shutdown()
        i18n.set_language(None)


def optioned_game(games):
    """A game with a labelled option that has a value besides its default, and that value."""
    for game in games.values():
        for option in (o for o in game.options if o.label):
            other = [v for v in option.values if v != option.default]
            if other:
                return game, option, other[0]
    return None


def test_the_statistics_name_each_option_set_in_words(open_window, games, qtbot):
    found = optioned_game(games)
    if found is None:
        pytest.skip("no installed game has an option with two values")
    game, option, value = found
    chosen = dict(game.resolve_options({option.name: value}))
    with Store() as store:
        store.record(GameRecord(game=game.id, options=chosen, deal=1, result="won", moves=10, score=None,
                                duration=30.0))
    window = in_french(open_window({"game": game.id, "deal": 1}))
    window.records.stats_action.trigger()
    dialog = window.records.dialog
    qtbot.waitExposed(dialog)
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(dialog.table.columnCount())]
    assert headers[:3] == ["Options", "Jouées", "Gagnées"]
    everything, chosen_set = dialog.cells()
    assert everything[0] == "(toutes)" and chosen_set[4] == "1 gagnée"
    shown = value if not isinstance(value, str) else i18n._(value)
    assert chosen_set[0] == i18n._("{option}: {value}").format(option=i18n._(option.label), value=shown)
    assert f"{option.name}=" not in chosen_set[0] and "\u00a0: " in chosen_set[0]
    i18n.set_language("en")  # the store keeps the option set as data: English reads it in English
    dialog.load()
    assert dialog.cells()[1][0] == f"{option.label}: {value}"
