"""The registry with real entry points: a temporary distribution on sys.path.

Each plugin module is real; ``importlib.metadata`` finds them through the
dist-info's entry_points.txt exactly as it finds an installed third-party game.
"""

import sys
import textwrap
import uuid

import pytest

from solitaire_core.registry import load_games

from minigame import MiniGame

GOOD = """
    from solitaire_core import hookimpl
    from {module} import MiniGame

    class {cls}(MiniGame):
        id = "{id}"

    @hookimpl
    def solitaire_games():
        return [{cls}()]
"""
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


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    """Install a distribution of test plugins; return the entry-point names to module names."""
    tag = uuid.uuid4().hex[:8]
    sources = {
        "aa-good": GOOD.format(cls="Good", id=f"good-{tag}", module=MiniGame.__module__),
        "bb-broken-import": BROKEN_IMPORT,
        "cc-raiser": RAISER,
        "dd-not-a-game": NOT_A_GAME,
        "ee-same-id": GOOD.format(cls="Again", id=f"good-{tag}", module=MiniGame.__module__),
    }
    modules = {name: f"plugin_{tag}_{name.replace('-', '_')}" for name in sources}
    for name, source in sources.items():
        (tmp_path / f"{modules[name]}.py").write_text(textwrap.dedent(source))
    info = tmp_path / f"testplugins_{tag}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: testplugins-{tag}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[solitaire.games]\n" + "".join(f"{name} = {modules[name]}\n" for name in sources))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tag, modules
    for module in modules.values():
        sys.modules.pop(module, None)


def test_a_good_plugin_loads_and_each_broken_one_is_reported(plugins):
    tag, _ = plugins
    games = load_games()
    good = games[f"good-{tag}"]
    assert type(good).__name__ == "Good" and good.new(1) == good.new(1)
    failures = {f.plugin: f.reason for f in games.failures}
    assert "RuntimeError: this plugin is broken" in failures["bb-broken-import"]
    assert "failed to load" in failures["bb-broken-import"]
    assert failures["cc-raiser"] == "its hook raised ValueError: no games today"
    assert "is not a game" in failures["dd-not-a-game"]
    assert failures["ee-same-id"] == f"game id 'good-{tag}' is already taken by Good"
    assert "aa-good" not in failures


def test_a_failure_reads_plugin_then_reason(plugins):
    failure = next(f for f in load_games().failures if f.plugin == "cc-raiser")
    assert str(failure) == "cc-raiser: its hook raised ValueError: no games today"


def test_the_project_games_register_like_any_plugin(plugins):
    """The built-in games come through the same entry points (pyproject.toml)."""
    assert "klondike" in load_games()


def test_games_are_sorted_by_id():
    games = load_games()
    assert list(games) == sorted(games)
