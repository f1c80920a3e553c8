"""Test plugins installed for real, for one test only: a ``*.dist-info`` on sys.path.

Each plugin module is a real file; ``importlib.metadata`` finds it through the
dist-info's entry_points.txt exactly as it finds an installed third-party game
(and so does a solver process the test starts: it inherits sys.path). The
monkeypatch takes the folder off sys.path after the test and ``forget`` drops the
modules, so no test plugin is left behind for the rest of the suite.
"""

from __future__ import annotations

import sys
import textwrap
import uuid
from pathlib import Path

CORE_TESTS = Path(__file__).parent / "core"  # minigame.py, the base of the test games

MINI = """
    from solitaire_core import hookimpl
    from minigame import MiniGame

    class {cls}(MiniGame):
        id, name = "{id}", "{name}"

    @hookimpl
    def solitaire_games():
        return [{cls}()]
"""

# A game that deals and passes the load-time check, then fails once a card is drawn.
BROKEN_AFTER_THE_DEAL = """
    from solitaire_core import hookimpl
    from minigame import MiniGame

    class Broken(MiniGame):
        id, name = "{id}", "Broken Mini"

        def {method}(self, state, *args):
            if state.piles[self.index["waste"]].cards:  # a card was drawn: the deal is over
                raise RuntimeError("{method} is broken after the deal")
            return super().{method}(state, *args)

    @hookimpl
    def solitaire_games():
        return [Broken()]
"""


def tag() -> str:
    return uuid.uuid4().hex[:8]


class Installer:
    """``install(sources, dist)`` writes one distribution of plugin modules; ``forget`` drops them."""

    def __init__(self, folder: Path, monkeypatch):
        self.folder, self.monkeypatch = folder, monkeypatch
        self.modules: list[str] = []
        monkeypatch.syspath_prepend(str(CORE_TESTS))
        monkeypatch.syspath_prepend(str(folder))

    def install(self, sources: dict[str, str], dist: str | None = None) -> dict[str, str]:
        """Entry-point name -> source; returns entry-point name -> module name."""
        dist = dist or f"testplugins-{tag()}"
        prefix = f"plugin_{dist.replace('-', '_')}"
        modules = {name: f"{prefix}_{name.replace('-', '_')}" for name in sources}
        for name, source in sources.items():
            (self.folder / f"{modules[name]}.py").write_text(textwrap.dedent(source))
        info = self.folder / f"{dist.replace('-', '_')}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(
            "[solitaire.games]\n" + "".join(f"{name} = {modules[name]}\n" for name in sources))
        self.modules += modules.values()
        return modules

    def forget(self) -> None:
        for module in self.modules:
            sys.modules.pop(module, None)


def broken_game(installer: Installer, method: str) -> str:
    """Install a game whose ``method`` (legal_moves or scene) raises after the deal; its id."""
    game_id = f"broken-{tag()}"
    installer.install({"broken": BROKEN_AFTER_THE_DEAL.format(id=game_id, method=method)})
    return game_id
