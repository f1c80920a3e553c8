"""Winnable deals only, from a pool: the game's package ships the deals a survey won, and
New deal starts one of them at once, no search. The game is a plugin installed on the spot (a
subclass of a game the solver wins, in a package of its own with a ``pools/`` folder),
its pools found through the same path as any plugin's."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from plugintools import tag
from solitaire_core import pools
from solitaire_core.options import resolve
from solitaire_core.pools import Pool
from solitaire_core.registry import load_games
from solitaire_core.solver import WINNABLE, check_solution
from ui_qt import solving


PLUGIN = """
from solitaire_core import hookimpl
from {module} import {cls} as Base


class Pooled(Base):
    id, name = "{id}", "Pooled"


@hookimpl
def solitaire_games():
    return [Pooled()]
"""


@pytest.fixture
def pooled(plugins, winnable):
    """(the plugin's games, its game, the deal its pool holds): the plugin is installed for
    real (a package with a ``pools/`` folder and a dist-info), its pool the deal the solver
    won, with the solver's moves as text."""
    game, deal, moves = winnable
    package, game_id = f"pooled_{tag()}", f"pooled-{tag()}"
    folder = plugins.folder / package
    (folder / "pools").mkdir(parents=True)
    (folder / "__init__.py").write_text(PLUGIN.format(module=type(game).__module__, cls=type(game).__name__,
                                                      id=game_id), encoding="utf-8")
    info = plugins.folder / f"{package}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[solitaire.games]\npooled = {package}\n")
    plugins.modules.append(package)
    importlib.invalidate_caches()
    games = load_games()
    plugin = games[game_id]
    texts, state = [], plugin.new(deal)
    for move in moves:
        texts.append(plugin.format_move(move))
        state = plugin.apply(state, move)
    pool = Pool(plugin.id, (dict(resolve(plugin.options, {})),), ("0.1+test",), 10.0, deal, deal,
                {"winnable": 1, "unwinnable": 0, "unknown": 0}, "2026-01-02", ((deal, tuple(texts)),))
    pools.write(pool, folder / "pools" / "default.json.gz")
    pools._pools.cache_clear()
    yield games, plugin, deal
    pools._pools.cache_clear()
    solving.PROCESSES.shutdown()


def test_winnable_deals_only_starts_a_deal_of_the_pool_at_once(open_window, pooled, qtbot):
    games, plugin, deal = pooled
    window = open_window({"game": plugin.id, "deal": deal + 1}, games=games)
    window.solver.status_action.setChecked(False)
    window.autoplay_action.setChecked(False)  # the deal as the survey won it (else its safe cards go up)
    window.solver.winnable_action.trigger()
    assert window.solver.winnable_only
    old = window.session
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # New deal
    assert window.session is not old  # at once: no search to wait for
    assert not window.solver.deal_worker.busy
    assert window.session.deal == deal and window.session.state == plugin.new(deal)
    known = window.solver.known.get(window.session.state)
    assert known.answer == WINNABLE and check_solution(plugin, window.session.state, known.moves) is None
    assert f"Deal {deal}: the solver won it" in window.statusBar().currentMessage()
    assert f"Deal {deal}" in window.deal_label.text()


def test_a_broken_pool_is_said_and_the_deal_is_searched_for(open_window, pooled, qtbot, monkeypatch):
    games, plugin, deal = pooled
    (Path(sys.modules[type(plugin).__module__].__file__).parent / "pools" / "default.json.gz").write_bytes(
        b"not a pool")
    pools._pools.cache_clear()
    asked = []
    monkeypatch.setattr("ui_qt.solver_actions.find_winnable_deal",
                        lambda game, options, first, seconds, cancel: asked.append(game.id))
    window = open_window({"game": plugin.id, "deal": deal + 1}, games=games)
    window.solver.status_action.setChecked(False)
    window.solver.winnable_action.trigger()
    old = window.session
    window.new_action.trigger()
    qtbot.waitUntil(lambda: asked == [plugin.id])
    assert window.session is old
    said = window.notices.notices["pool"].text
    assert "cannot be read" in said and "default.json.gz" in said
