"""The registry with real entry points: temporary distributions on sys.path.

Each plugin module is real; ``importlib.metadata`` finds them through a
dist-info's entry_points.txt exactly as it finds an installed third-party game
(the ``plugins`` fixture, tests/plugintools.py, installs them for one test).
"""

import importlib.metadata

import pytest

from plugintools import MINI, tag
from solitaire_core import cli
from solitaire_core.registry import FRAMEWORK, Games, load_games

BROKEN_IMPORT = "raise RuntimeError('this plugin is broken')\n"
RAISER = """
    from solitaire_core import hookimpl

    @hookimpl
    def solitaire_games():
        raise ValueError('no games today')
"""
NOT_A_GAME = """
    from solitaire_core import hookimpl

    @hookimpl
    def solitaire_games():
        return [object()]
"""
ALL_NONE = """
    from solitaire_core import hookimpl
    from solitaire_core.registry import REQUIRED

    class Nothing:
        pass

    nothing = Nothing()
    for attribute in REQUIRED:
        setattr(nothing, attribute, None)

    @hookimpl
    def solitaire_games():
        return [nothing]
"""
# A mini game with one part of its declaration or code replaced by ``body``.
ALTERED = """
    from solitaire_core import hookimpl
    from minigame import MiniGame

    class Altered(MiniGame):
        id = "{id}"
{body}

    @hookimpl
    def solitaire_games():
        return [Altered()]
"""


def mini(cls: str, game_id: str, name: str = "Mini") -> str:
    return MINI.format(cls=cls, id=game_id, name=name)


def failures_of(games) -> dict[str, str]:
    return {f.plugin: f.reason for f in games.failures}


def new_failures(games, before) -> list[str]:
    """The plugins that failed beyond those failing before the test installed its own."""
    return [plugin for plugin in failures_of(games) if plugin not in failures_of(before)]


def test_a_good_plugin_loads_and_each_broken_one_is_reported(plugins):
    game_id = f"good-{tag()}"
    plugins.install({"aa-good": mini("Good", game_id), "bb-broken-import": BROKEN_IMPORT, "cc-raiser": RAISER,
                     "dd-not-a-game": NOT_A_GAME}, dist="testplugins")
    games = load_games()
    good = games[game_id]
    assert type(good).__name__ == "Good" and good.new(1) == good.new(1)
    assert game_id not in games.builtin
    failures = failures_of(games)
    assert "RuntimeError: this plugin is broken" in failures["bb-broken-import (testplugins)"]
    assert "failed to load" in failures["bb-broken-import (testplugins)"]
    assert failures["cc-raiser (testplugins)"] == "its hook raised ValueError: no games today"
    assert "is not a game" in failures["dd-not-a-game (testplugins)"]
    assert not any(plugin.startswith("aa-good") for plugin in failures)


def test_a_plugin_whose_module_has_no_hook_is_reported_not_lost(plugins):
    """What a new author met: a folder named like the package, in the current folder,
    was imported instead of it, and the game vanished from the list without a word."""
    plugins.install({"ee-no-hook": "GAMES = []\n"}, dist="testplugins")
    reason = failures_of(load_games())["ee-no-hook (testplugins)"]
    assert reason.startswith("offers no games") and "solitaire_games" in reason


def test_a_failure_reads_plugin_then_reason(plugins):
    plugins.install({"cc-raiser": RAISER}, dist="testplugins")
    failure = next(f for f in load_games().failures if f.plugin.startswith("cc-raiser"))
    assert str(failure) == "cc-raiser (testplugins): its hook raised ValueError: no games today"


def test_the_project_games_register_like_any_plugin():
    """The built-in games come through the same entry points (pyproject.toml)."""
    games = load_games()
    assert "klondike" in games and "klondike" in games.builtin
    assert games.default in games.builtin


def test_a_fresh_profile_starts_on_klondike_not_the_first_game_by_name():
    """``make play`` on a new machine opens Klondike (the last game played comes first, in
    the table); without this distribution's Klondike, the first built-in game."""
    games = load_games()
    assert list(games)[0] != "klondike" and games.default == "klondike"
    without = Games({k: v for k, v in games.items() if k != "klondike"}, builtin=games.builtin - {"klondike"})
    assert without.default == next(k for k in without if k in without.builtin)
    impostor = Games({"klondike": games["klondike"], "a-plugin": games["klondike"]}, builtin={"a-plugin"})
    assert impostor.default == "a-plugin"


def test_games_are_sorted_by_id():
    games = load_games()
    assert list(games) == sorted(games)


# --- one id, two claims ---------------------------------------------------------------
def framework_entry_points() -> list[str]:
    return sorted(ep.name for ep in importlib.metadata.entry_points(group="solitaire.games")
                  if ep.dist is not None and ep.dist.name == FRAMEWORK)


@pytest.mark.parametrize("entry_point", ["aaa-dupe", "zzz-dupe", "same-as-built-in"])
def test_a_plugin_cannot_replace_a_built_in_game(plugins, entry_point):
    """Whatever it is named (before, after, or as the built-in's entry point), the
    newcomer is refused and named; the built-in keeps its list place, saves, statistics."""
    before = load_games()
    taken = min(before.builtin)
    if entry_point == "same-as-built-in":
        entry_point = framework_entry_points()[0]
    plugins.install({entry_point: mini("Impostor", taken, name="Impostor")}, dist="aaa-plugins")
    games = load_games()
    assert type(games[taken]) is type(before[taken]) and taken in games.builtin
    assert list(games) == list(before)
    newcomer = f"{entry_point} (aaa-plugins)"
    assert new_failures(games, before) == [newcomer]
    assert failures_of(games)[newcomer] == (f"game id {taken!r} belongs to the built-in game {before[taken].name}; "
                                  "a plugin cannot replace it")


@pytest.mark.parametrize("first, second", [("aaa-one", "zzz-two"), ("zzz-one", "aaa-two")])
def test_two_plugins_offering_one_id_are_both_refused_whatever_their_names(plugins, first, second):
    game_id = f"dupe-{tag()}"
    plugins.install({"a-game": mini("One", game_id)}, dist=first)
    plugins.install({"z-game": mini("Two", game_id)}, dist=second)
    games = load_games()
    assert game_id not in games
    failures = failures_of(games)
    one, two = f"a-game ({first})", f"z-game ({second})"
    assert failures[one] == f"game id {game_id!r} is also offered by {two}: none of them is loaded"
    assert failures[two] == f"game id {game_id!r} is also offered by {one}: none of them is loaded"


def test_one_distribution_repeating_an_id_loses_it(plugins):
    game_id = f"dupe-{tag()}"
    plugins.install({"aa-good": mini("Good", game_id), "ee-same-id": mini("Again", game_id)}, dist="testplugins")
    games = load_games()
    assert game_id not in games
    failures = failures_of(games)
    assert "is also offered by ee-same-id (testplugins)" in failures["aa-good (testplugins)"]
    assert "is also offered by aa-good (testplugins)" in failures["ee-same-id (testplugins)"]


# --- the check at load ----------------------------------------------------------------
def test_an_object_of_nones_is_refused_and_list_still_works(plugins, capsys):
    plugins.install({"nones": ALL_NONE}, dist="testplugins")
    games = load_games()
    assert "must be a short lowercase word" in failures_of(games)["nones (testplugins)"]
    assert None not in games
    status = cli.main(["list"])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert "  nones (testplugins): game id None must be a short lowercase word" in out
    assert [line for line in out.splitlines() if line and not line[0].isspace()][:len(games)] == [
        f"{game.id}  {game.name}" for game in games.values()]


OPTION_DEFAULT_ELSEWHERE = """
        class _Option:
            name, values, default, label = "draw", (1, 2), 3, ""

            def coerce(self, value):
                return value

        options = (_Option(),)"""
CASES = {
    'id = "Mini Game"': "game id 'Mini Game' must be a short lowercase word",
    'id = "x" * 40': "must be a short lowercase word",
    'id = 7': "game id 7 must be a short lowercase word",
    'name = ""': "its name must be a non-empty text, not ''",
    'name = None': "its name must be a non-empty text, not None",
    'options = None': "its options must be a tuple or list, not NoneType",
    'options = ("draw",)': "option 'draw' has no name",
    OPTION_DEFAULT_ELSEWHERE: "the default of option 'draw' is not one of its values",
    'new = None': "new must be methods",
    'scene = "a scene"': "scene must be methods",
    "def new(self, deal, **options):\n            raise KeyError('deck')":
        "fails on deal 1: new(1) raised KeyError: 'deck'",
    "def legal_moves(self, state):\n            return ['t1>t2']": "legal_moves of deal 1 must be Move objects",
    "def legal_moves(self, state):\n            raise IndexError('no pile 9')":
        "fails on deal 1: legal_moves raised IndexError: no pile 9",
    "def format_position(self, state):\n            return None": "format_position must return text",
    "def scene(self, state):\n            return None": "scene must return a Scene",
    "def scene(self, state):\n            raise ZeroDivisionError('zero width')":
        "fails on deal 1: scene raised ZeroDivisionError: zero width",
    "@property\n        def name(self):\n            raise RuntimeError('no name yet')":
        "Altered cannot be checked (RuntimeError: no name yet)",
    "def solver_lines(self, state):\n            return []": "Altered.solver_lines is no solver name the solver knows",
    "def solver_model(self):\n            return None": "solver_model() must give a SolverModel, not NoneType",
}


@pytest.mark.parametrize("body", list(CASES), ids=[f"case{k}" for k in range(len(CASES))])
def test_a_game_is_checked_by_type_value_and_a_first_deal(plugins, body):
    before = load_games()
    game_id = f"altered-{tag()}"
    indented = body if body.startswith("\n") else "        " + body
    plugins.install({"altered": ALTERED.format(id=game_id, body=indented), "fine": mini("Fine", f"fine-{tag()}")},
                    dist="testplugins")
    games = load_games()
    assert not any(type(game).__name__ == "Altered" for game in games.values())
    reason = failures_of(games)["altered (testplugins)"]
    assert CASES[body] in reason
    assert new_failures(games, before) == ["altered (testplugins)"]  # the other plugin loads


def test_solitaire_list_gives_the_reasons_in_the_players_language(plugins, capsys):
    """Under French, each refused plugin's reason is French (the names and ids it quotes stay
    the plugin's own)."""
    from solitaire_core import i18n

    game_id = f"dupe-{tag()}"
    twice = ALTERED.format(id=f"twice-{tag()}", body="        zones = MiniGame.zones + MiniGame.zones[-1:]")
    plugins.install({"bb-broken-import": BROKEN_IMPORT, "cc-raiser": RAISER, "dd-not-a-game": NOT_A_GAME,
                     "aa-good": mini("Good", game_id), "ee-same-id": mini("Again", game_id), "ff-twice": twice},
                    dist="testplugins")
    i18n.set_language("fr")
    try:
        assert cli.main(["list"]) == 0
    finally:
        i18n.set_language(None)
    out = capsys.readouterr().out.split("Extensions qui n'ont pas pu être chargées\u00a0:\n")[1]
    assert "  cc-raiser (testplugins): son hook a levé ValueError: no games today" in out
    assert "  bb-broken-import (testplugins): ne se charge pas (RuntimeError: this plugin is broken)" in out
    assert "n'est pas un jeu (il lui manque id, name, options" in out
    assert (f"  ee-same-id (testplugins): l'identifiant de jeu '{game_id}' est aussi proposé par aa-good "
            "(testplugins)\u00a0: aucune d'elles n'est chargée") in out
    assert "\u00a0: deux zones s'appellent '" in out  # the declaration's check


LONG_TEXTS = """
    from solitaire_core import Choice, hookimpl
    from minigame import MiniGame

    class LongName(MiniGame):
        id, name = "long-name", "N" * 100_000

    class LongLabel(MiniGame):
        id, name = "long-label", "Long label"
        options = (Choice("draw", (1, 2), label="L" * 100_000),)

    @hookimpl
    def solitaire_games():
        return [LongName(), LongLabel()]
"""


def test_a_plugin_s_name_or_label_of_100_000_characters_is_refused_in_a_short_line(plugins):
    """``solitaire list`` with a plugin whose game name (or option label) is 100,000
    characters: that game is refused at load in a line of words, every other game is
    offered as before, and nothing prints the long text (the table never gets it)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from plugintools import CORE_TESTS

    plugins.install({"long": LONG_TEXTS}, dist="testplugins")
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    env["PYTHONPATH"] = os.pathsep.join([str(plugins.folder), str(CORE_TESTS)])
    done = subprocess.run([str(Path(sys.executable).with_name("solitaire")), "list"], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0 and len(done.stdout) < 20_000
    listed = {line.split()[0] for line in done.stdout.splitlines() if line and not line.startswith(" ")}
    assert "klondike" in listed and "long-name" not in listed and "long-label" not in listed
    assert "long (testplugins): game 'long-name': its name is 100,000 characters long, at most 60" in done.stdout
    assert "long (testplugins): game 'long-label': option 'draw' has a name, label or value over 120 characters" \
        in done.stdout
