"""Finds every game through pluggy and the ``solitaire.games`` entry points.

A plugin that fails (import error, an exception in its hook, something that
is not a game, an id already taken) is reported with its reason and skipped:
one broken plugin never stops the app or the other games.
"""

from __future__ import annotations

import importlib.metadata
from typing import Iterable

import pluggy
from attrs import frozen

from . import hookspecs

REQUIRED = ("id", "name", "options", "new", "legal_moves", "apply", "is_won", "is_stuck",
            "format_move", "parse_move", "format_position", "parse_position", "scene")


@frozen
class Failure:
    plugin: str
    reason: str

    def __str__(self) -> str:
        return f"{self.plugin}: {self.reason}"


class Games(dict):
    """Game id to game, with ``failures``: the plugins that did not load."""

    def __init__(self, games=(), failures: Iterable[Failure] = ()):
        super().__init__(games)
        self.failures: list[Failure] = list(failures)


def _not_a_game(obj) -> str | None:
    missing = [name for name in REQUIRED if not hasattr(obj, name)]
    if missing:
        return f"{obj!r} is not a game (it lacks {', '.join(missing)})"
    if not isinstance(obj.id, str) or not obj.id or obj.id != obj.id.lower() or " " in obj.id:
        return f"game id {obj.id!r} must be a short lowercase word"
    return None


def load_games(entry_points: Iterable | None = None) -> Games:
    """Every registered game by id; ``.failures`` lists what was skipped and why."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    failures: list[Failure] = []
    if entry_points is None:
        entry_points = importlib.metadata.entry_points(group=hookspecs.ENTRY_POINT_GROUP)
    for ep in sorted(entry_points, key=lambda e: e.name):
        try:
            manager.register(ep.load(), name=ep.name)
        except Exception as exc:  # a plugin's own bug must not stop the app
            failures.append(Failure(ep.name, f"failed to load ({type(exc).__name__}: {exc})"))
    games = Games(failures=failures)
    for impl in manager.hook.solitaire_games.get_hookimpls():
        try:
            offered = list(impl.function())
        except Exception as exc:
            games.failures.append(Failure(impl.plugin_name, f"its hook raised {type(exc).__name__}: {exc}"))
            continue
        for game in offered:
            problem = _not_a_game(game)
            if problem is None and game.id in games:
                problem = f"game id {game.id!r} is already taken by {type(games[game.id]).__name__}"
            if problem:
                games.failures.append(Failure(impl.plugin_name, problem))
            else:
                games[game.id] = game
    return Games(sorted(games.items()), games.failures)
