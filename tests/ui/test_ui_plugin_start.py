"""A plugin game that fails where the table meets it outside play: at the start (as the last
game played, or its saved game), when the window is resized, in the demo and the hint. The
app opens, a notice names the game, and no exception reaches Qt (pytest-qt fails a test
on any exception raised in a Qt event handler or slot).

The games are real installed plugins (tests/plugintools.py). A plugin that breaks at the
start is one upgraded between two runs: the first run plays its working version.
"""

import importlib
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from plugintools import tag
from solitaire_core.records import autosave_path
from solitaire_core.registry import load_games
from ui_qt import dialogs
from uihelpers import walk_to

PLUGIN = """
from solitaire_core import hookimpl
from minigame import MiniGame


class Picky(MiniGame):
    id, name = "{id}", "Picky Mini"
{body}

@hookimpl
def solitaire_games():
    return [Picky()]
"""

NEW_FAILS = """
    def new(self, deal, **options):
        if int(options.get("draw", 1)) == 2:  # options come as the player chose them (text)
            raise RuntimeError("new is broken with 2 cards drawn")
        return super().new(deal, **options)
"""

SCENE_FAILS = """
    def scene(self, state, *args, **kwargs):
        if state.option("draw") == 2:
            raise RuntimeError("scene is broken with 2 cards drawn")
        return super().scene(state, *args, **kwargs)
"""

REPLAY_FAILS = """
    def parse_move(self, state, text):
        raise RuntimeError("parse_move is broken")
"""

TALL_ROOM_FAILS = """
    def scene(self, state, room=None):
        if room is not None and room[1] > 2 * room[0]:
            raise RuntimeError("scene cannot lay out a tall room")
        return super().scene(state, room=room)
"""

DESCRIBE_FAILS = """
    def describe_move(self, state, move):
        raise RuntimeError("describe_move is broken")
"""


def install(plugins, body: str = "") -> tuple[str, str]:
    """The Picky plugin with ``body`` added to its class; its game id and module."""
    game_id = f"picky-{tag()}"
    modules = plugins.install({"picky": PLUGIN.format(id=game_id, body=body)})
    return game_id, modules["picky"]


def upgrade(plugins, game_id: str, module: str, body: str):
    """A new version of the installed plugin (its module rewritten), loaded as the next start loads it."""
    (plugins.folder / f"{module}.py").write_text(PLUGIN.format(id=game_id, body=body))
    sys.modules.pop(module, None)
    importlib.invalidate_caches()
    return load_games()


def notice(window, key: str) -> str:
    shown = window.notices.notices.get(key)
    return "" if shown is None else shown.text


def first_run(plugins, open_window, moves: int = 0) -> tuple[str, str]:
    """The working Picky played with 2 cards drawn (chosen in its Options dialog), then quit."""
    game_id, module = install(plugins)
    window = open_window({"game": game_id, "deal": 1}, games=load_games())
    dialog = dialogs.OptionsDialog(window.game, window.session.options, window)
    dialog.boxes["draw"].setCurrentText("2")
    assert window.apply_options(dialog.values())
    for _ in range(moves):  # drawn with the keys: the game is saved after each move
        walk_to(window.view, window.interaction,
                next(slot.zone for slot in window.view.model.slots if slot.role == "stock"))
        QTest.keyClick(window.view, Qt.Key.Key_Space)
    assert window.session.move_count == moves
    window.close()
    return game_id, module


@pytest.mark.parametrize("body, said", [(NEW_FAILS, "new is broken with 2 cards drawn"),
                                        (SCENE_FAILS, "scene is broken with 2 cards drawn")])
def test_a_last_game_that_fails_to_start_gives_way_to_a_built_in_one(plugins, open_window, body, said):
    game_id, module = first_run(plugins, open_window)
    games = upgrade(plugins, game_id, module, body)
    window = open_window({}, games=games)
    default = games[games.default]
    assert window.game is default and window.view.model is not None
    assert notice(window, "failed") == (f"The game Picky Mini failed: RuntimeError: {said}. "
                                        f"{default.name} was started instead.")
    window.close()
    again = open_window({}, games=games)  # the next start opens the built-in game at once, nothing to say
    assert again.game is default and notice(again, "failed") == ""


def test_a_saved_game_whose_replay_fails_is_set_aside_and_a_built_in_game_opens(plugins, open_window):
    game_id, module = first_run(plugins, open_window, moves=1)
    saved = autosave_path()
    assert saved.exists()
    games = upgrade(plugins, game_id, module, REPLAY_FAILS)
    window = open_window({}, games=games)
    default = games[games.default]
    assert window.game is default and "resume" not in window.notices.notices
    damaged = notice(window, "damaged")
    assert damaged.startswith("The saved game could not be loaded: the game Picky Mini failed: "
                              "RuntimeError: parse_move is broken. It was moved to ")
    assert not saved.exists()
    (aside,) = saved.parent.glob(f"{saved.stem}.damaged-*{saved.suffix}")  # kept for a person to look at
    assert str(aside) in damaged
    assert notice(window, "failed") == (f"The game Picky Mini failed on its saved game. "
                                        f"{default.name} was started instead.")


def test_a_scene_that_fails_for_the_resized_window_is_reported(plugins, open_window, qtbot):
    game_id, _ = install(plugins, TALL_ROOM_FAILS)
    window = open_window({"game": game_id, "deal": 1}, games=load_games())
    shown = window.view.model
    assert shown is not None and notice(window, "failed") == ""
    window.resize(400, 1400)  # a tall table: the game cannot lay it out
    qtbot.waitUntil(lambda: notice(window, "failed") != "")
    assert notice(window, "failed").startswith("The game Picky Mini failed: RuntimeError: "
                                               "scene cannot lay out a tall room.")
    assert window.view.model is shown  # the position shown last stays, fitted to the window
    window.notices.dismiss("failed")
    window.resize(1000, 720)
    qtbot.waitUntil(lambda: window.view.model is not shown)  # laid out again for the room it can use
    assert notice(window, "failed") == ""


def winnable_deal(game) -> int:
    from solitaire_core.solver import WINNABLE, Budget, solve

    return next(deal for deal in range(1, 30)
                if solve(game, game.new(deal), Budget(seconds=None, nodes=50_000)).answer == WINNABLE)


def test_a_move_the_demo_cannot_tell_is_reported_and_the_demo_stops(plugins, open_window, qtbot):
    game_id, _ = install(plugins, DESCRIBE_FAILS)
    games = load_games()
    window = open_window({"game": game_id, "deal": winnable_deal(games[game_id])}, games=games)
    window.autoplay_action.setChecked(False)
    window.solver.demo_action.trigger()
    qtbot.waitUntil(lambda: notice(window, "failed") != "", timeout=60_000)
    assert notice(window, "failed").startswith("The game Picky Mini failed: RuntimeError: describe_move is broken.")
    assert window.session.move_count == 0 and not window.solver.demo_running


def test_a_hint_the_game_cannot_tell_is_reported(plugins, open_window, qtbot):
    game_id, _ = install(plugins, DESCRIBE_FAILS)
    window = open_window({"game": game_id, "deal": 1}, games=load_games())
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: notice(window, "failed") != "", timeout=60_000)
    assert notice(window, "failed").startswith("The game Picky Mini failed: RuntimeError: describe_move is broken.")
    assert window.session.move_count == 0
