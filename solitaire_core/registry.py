"""Finds every game through pluggy and the ``solitaire.games`` entry points.

A plugin that fails (import error, an exception in its hook, something that
is not a game, an id it may not have) is reported with its reason and skipped:
one broken plugin never stops the app or the other games.

Each game is checked once at load, cheaply: its declaration (types and values,
not only that the names exist) and a smoke call (deal 1 with the default
options: legal moves, position text, scene), so what reaches the list can at
least be listed, chosen and dealt; and its solver names (``solver_problem``: an
unknown ``solver_*`` name is refused, never ignored). Ids are settled whatever the entry points
are named: a game of this distribution (the built-in games) keeps its id and a
plugin repeating it is refused; two plugins offering one id are both refused.
"""

from __future__ import annotations

import importlib.metadata
import re
import sys
import traceback
from typing import Iterable

import pluggy
from attrs import frozen

from . import declaration, hookspecs, i18n
from .i18n import _
from .inputs import quote
from .moves import Move
from .piles import PileGame
from .scene import Scene
from .solver.hooks import solver_problem

FRAMEWORK = "solitaire-framework"  # this project's distribution: its games are the built-in ones
METHODS = ("new", "legal_moves", "apply", "is_won", "is_stuck", "format_move", "parse_move",
           "format_position", "parse_position", "scene")
REQUIRED = ("id", "name", "options", *METHODS)
GAME_ID = re.compile(r"[a-z][a-z0-9_-]{0,31}")  # a short lowercase word: it names saves, statistics, settings
NAME_LIMIT = 60  # characters of a game's name: a window title, a menu entry, a column of the statistics
LABEL_LIMIT = 120  # characters of an option's name, label or value, as the Options dialog shows them
SMOKE_DEAL = 1
STARTING_GAME = "klondike"  # what a fresh profile opens, when this distribution's Klondike is there


@frozen
class Failure:
    plugin: str
    reason: str

    def __str__(self) -> str:
        return f"{self.plugin}: {self.reason}"


class Games(dict):
    """Game id to game, with ``failures`` (the plugins that did not load) and
    ``builtin`` (the ids of this distribution's games)."""

    def __init__(self, games=(), failures: Iterable[Failure] = (), builtin: Iterable[str] = ()):
        super().__init__(games)
        self.failures: list[Failure] = list(failures)
        self.builtin: frozenset[str] = frozenset(builtin)

    @property
    def default(self) -> str | None:
        """The game to start with when nothing says which (a fresh profile): Klondike, the
        classic every desktop collection opens on, else the first built-in one, else the first."""
        if STARTING_GAME in self.builtin and STARTING_GAME in self:
            return STARTING_GAME
        return next((game_id for game_id in self if game_id in self.builtin), next(iter(self), None))


@frozen
class Source:
    """Where an offer comes from: the entry point, its distribution, and whether that is this project."""

    label: str  # what a failure names: the entry point, and the distribution of a third-party one
    builtin: bool
    order: tuple  # built-in first, then by distribution, then by entry point


def source_of(ep) -> Source:
    dist = getattr(ep, "dist", None)
    name = getattr(dist, "name", None) or ""
    builtin = normalized(name) == FRAMEWORK
    label = ep.name if builtin or not name else f"{ep.name} ({name})"
    return Source(label, builtin, (not builtin, normalized(name), ep.name))


def normalized(dist_name: str) -> str:
    return re.sub(r"[-_.]+", "-", dist_name).lower()


class GameFailed(Exception):
    """A game's own code raised (a plugin's bug): the message, on one line, names the game.
    Plain text, so it crosses a process boundary (``solitaire winnability``)."""


def game_failure(game, exc: BaseException) -> str | None:
    """``the game X failed: ...`` when ``exc`` was raised in the game's own code (a
    frame of its package), else None: an engine or front-end bug stays loud."""
    engine = ("builtins", __package__)
    packages = {package_of(cls.__module__) for cls in type(game).__mro__
                if cls.__module__.partition(".")[0] not in engine}
    for frame, _line in traceback.walk_tb(exc.__traceback__):
        module = frame.f_globals.get("__name__", "")
        if any(module == package or module.startswith(package + ".") for package in packages):
            return _("the game {game} failed: {error}").format(game=game.name, error=error_text(exc))
    return None


def error_text(exc: BaseException) -> str:
    """An exception on one line, its type first (\"ValueError: no games today\"): what a
    plugin's author needs, quoted in a sentence the player reads."""
    detail = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__


def package_of(module: str) -> str:
    """The package a module belongs to (``games.klondike`` for ``games.klondike.game``), or the
    module itself when it stands alone: one built-in game's failure is not blamed on another."""
    loaded = sys.modules.get(module)
    return getattr(loaded, "__package__", None) or module


# --- the check at load ---------------------------------------------------------------
def _not_a_game(obj) -> str | None:
    """Why ``obj`` cannot be offered to the player, or None."""
    missing = [name for name in REQUIRED if not hasattr(obj, name)]
    if missing:
        return _("{object} is not a game (it lacks {names})").format(object=repr(obj), names=", ".join(missing))
    if not isinstance(obj.id, str) or not GAME_ID.fullmatch(obj.id):
        return _("game id {game} must be a short lowercase word "
                 "(a letter, then letters, digits, - or _; at most 32)").format(game=quote(obj.id))
    if not isinstance(obj.name, str) or not obj.name.strip():
        return _("game {game}: its name must be a non-empty text, not {name}").format(game=repr(obj.id),
                                                                                      name=quote(obj.name))
    if len(obj.name) > NAME_LIMIT:  # it heads the window, the menus and the statistics
        return _("game {game}: its name is {count:,} characters long, at most {limit}").format(
            game=repr(obj.id), count=len(obj.name), limit=NAME_LIMIT)
    uncallable = [name for name in METHODS if not callable(getattr(obj, name))]
    if uncallable:
        return _("game {game}: {names} must be methods").format(game=repr(obj.id), names=", ".join(uncallable))
    return _bad_options(obj) or _smoke(obj) or _bad_declaration(obj) or solver_problem(obj)


def _bad_declaration(game) -> str | None:
    """A pile game's zones and deal (``declaration.problem``)."""
    if not isinstance(game, PileGame):
        return None
    try:
        return declaration.problem(game, SMOKE_DEAL)
    except Exception as exc:  # the plugin's own bug: refused, with the reason
        return _("game {game}: its declaration fails to check: {error}").format(game=repr(game.id),
                                                                               error=error_text(exc))


def _bad_options(game) -> str | None:
    options, said = game.options, repr(game.id)
    if not isinstance(options, (tuple, list)):
        return _("game {game}: its options must be a tuple or list, not {type}").format(
            game=said, type=type(options).__name__)
    names = set()
    for option in options:
        name, values = getattr(option, "name", None), getattr(option, "values", None)
        if not isinstance(name, str) or not name:
            return _("game {game}: option {option} has no name").format(game=said, option=repr(option))
        if name in names:
            return _("game {game}: two options are named {option}").format(game=said, option=repr(name))
        names.add(name)
        if not isinstance(values, (tuple, list)) or not values:
            return _("game {game}: option {option} must list its values").format(game=said, option=repr(name))
        if not hasattr(option, "default") or option.default not in values:
            return _("game {game}: the default of option {option} is not one of its values").format(
                game=said, option=repr(name))
        if not isinstance(getattr(option, "label", None), str) or not callable(getattr(option, "coerce", None)):
            return _("game {game}: option {option} needs a label text and coerce() (use Choice or Switch)").format(
                game=said, option=repr(name))
        if max(len(text) for text in (name, option.label, *map(str, values))) > LABEL_LIMIT:
            return _("game {game}: option {option} has a name, label or value over {limit} characters").format(
                game=said, option=quote(name), limit=LABEL_LIMIT)
    return None


def _smoke(game) -> str | None:
    """Deal 1 with the default options, its legal moves, position text and scene."""
    step, said = f"new({SMOKE_DEAL})", repr(game.id)
    try:
        state = game.new(SMOKE_DEAL)
        step = "legal_moves"
        moves = list(game.legal_moves(state))
        if not all(isinstance(move, Move) for move in moves):
            return _("game {game}: legal_moves of deal {deal} must be Move objects").format(game=said, deal=SMOKE_DEAL)
        step = "is_won"
        game.is_won(state)
        step = "format_position"
        if not isinstance(game.format_position(state), str):
            return _("game {game}: format_position must return text").format(game=said)
        step = "scene"
        if not isinstance(game.scene(state), Scene):
            return _("game {game}: scene must return a Scene").format(game=said)
    except Exception as exc:  # the plugin's own bug: refused, with the reason
        return _("game {game} fails on deal {deal}: {step} raised {error}").format(
            game=said, deal=SMOKE_DEAL, step=step, error=error_text(exc))
    return None


# --- loading -----------------------------------------------------------------------------
def load_games(entry_points: Iterable | None = None) -> Games:
    """Every registered game by id; ``.failures`` lists what was skipped and why."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    failures: list[Failure] = []
    if entry_points is None:
        entry_points = importlib.metadata.entry_points(group=hookspecs.ENTRY_POINT_GROUP)
    sources: dict[str, Source] = {}
    for source, ep in sorted(((source_of(ep), ep) for ep in entry_points), key=lambda pair: pair[0].order):
        try:
            manager.register(ep.load(), name=source.label)
        except Exception as exc:  # a plugin's own bug must not stop the app
            failures.append(Failure(source.label, _("failed to load ({error})").format(error=error_text(exc))))
            continue
        sources[source.label] = source
    offers: dict[str, list[tuple[Source, object]]] = {}
    hooked = {impl.plugin_name for impl in manager.hook.solitaire_games.get_hookimpls()}
    for label in sources.keys() - hooked:  # e.g. a folder of the same name shadowing the package
        failures.append(Failure(label, _("offers no games: what its entry point loads has no solitaire_games "
                                         "hook (a folder of the same name in the current folder can hide "
                                         "the installed package)")))
    for impl in manager.hook.solitaire_games.get_hookimpls():
        source = sources[impl.plugin_name]
        try:
            offered = list(impl.function())
        except Exception as exc:
            failures.append(Failure(source.label, _("its hook raised {error}").format(error=error_text(exc))))
            continue
        for game in offered:
            try:
                problem = _not_a_game(game)
            except Exception as exc:  # e.g. a property that raises
                problem = _("{object} cannot be checked ({error})").format(object=type(game).__name__,
                                                                          error=error_text(exc))
            if problem:
                failures.append(Failure(source.label, problem))
            else:
                offers.setdefault(game.id, []).append((source, game))
    games: dict[str, object] = {}
    builtin = set()
    for game_id, claims in sorted(offers.items()):
        keeper, refusal = _keeper(game_id, claims)
        if keeper is not None:
            games[game_id] = keeper[1]
            i18n.add_package(package_of(type(keeper[1]).__module__))  # the game's own catalog
            if keeper[0].builtin:
                builtin.add(game_id)
        for source in dict.fromkeys(claim[0] for claim in claims if claim is not keeper):
            failures.append(Failure(source.label, refusal(source)))
    return Games(games, failures, builtin)


def _keeper(game_id: str, claims: list[tuple[Source, object]]):
    """Who keeps ``game_id`` (a built-in game; else a single claim; else nobody), and
    the refusal of every other claim."""
    ordered = sorted(claims, key=lambda claim: claim[0].order)
    first = ordered[0]
    if first[0].builtin:
        return first, lambda source: _("game id {game} belongs to the built-in game {name}; "
                                       "a plugin cannot replace it").format(game=repr(game_id), name=first[1].name)
    if len(claims) == 1:
        return first, None

    def refusal(source: Source) -> str:
        others = sorted({s.label for s, _game in claims} - {source.label}) or [_("this plugin again")]
        return _("game id {game} is also offered by {others}: none of them is loaded").format(
            game=repr(game_id), others=", ".join(others))
    return None, refusal
