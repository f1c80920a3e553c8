"""The kit as a pytest plugin (entry point ``pytest11``), for authors of game plugins.

Either one line in a test file of the plugin::

    TestKit = kit_for("my-game")      # from solitaire_core.pytest_plugin import kit_for

or on the command line, ``pytest --solitaire-game my-game`` (repeatable). Both run, for
each game: the conformance kit (``check_game``), the safe-move check, the solver model's
check (``check_solver``) and the rules coverage: every numbered rule of the game's own
rules.md is named by a test ``test_rule_N_M_...`` in the test files beside the line (or,
from the command line, under the rootdir's ``tests`` folder).
"""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

OPTION = "--solitaire-game"


def pytest_addoption(parser) -> None:
    parser.addoption(OPTION, action="append", default=[], metavar="ID",
                     help="run the solitaire conformance kit on this game (repeatable)")


def pytest_collection_modifyitems(session, config, items) -> None:
    ids = config.getoption("solitaire_game")
    if not ids:
        return
    folder = config.rootpath / "tests"
    tests = sorted(folder.rglob("test_*.py")) if folder.is_dir() else sorted(config.rootpath.glob("test_*.py"))
    global Kit  # collected from this module, like a test class of the author's
    Kit = kit_for(*ids, tests=tests)
    module = pytest.Module.from_parent(session, path=Path(__file__))
    items.extend(session.genitems(pytest.Class.from_parent(module, name="Kit")))


def kit_for(*game_ids: str, tests=None, decided: int = 1):
    """A test class running the kit on ``game_ids``; ``tests``: the test files whose
    names cover the rules (default: the test_*.py files beside the caller); ``decided``:
    the fewest positions the safe-move check must decide, so that it cannot pass having
    checked nothing."""
    if tests is None:
        caller = Path(inspect.stack()[1].filename).parent
        tests = sorted(caller.glob("test_*.py"))

    def game_of(game_id):
        from solitaire_core.registry import load_games
        games = load_games()
        assert game_id in games, f"no game {game_id!r} is installed (installed: {', '.join(games)})"
        return games[game_id]

    class Kit:
        @pytest.mark.parametrize("game_id", game_ids)
        def test_kit_conformance(self, game_id):
            from solitaire_core.testing import check_game
            check_game(game_of(game_id))

        @pytest.mark.parametrize("game_id", game_ids)
        def test_kit_every_numbered_rule_is_tested(self, game_id):
            from solitaire_core.rules_coverage import untested_rules
            missing = untested_rules(game_of(game_id), tests)
            assert not missing, f"{game_id}: rules with no test named after them: {missing}"

        @pytest.mark.parametrize("game_id", game_ids)
        def test_kit_safe_moves_never_lose_a_won_game(self, game_id):
            from solitaire_core.testing import check_safe_moves
            found = check_safe_moves(game_of(game_id))
            assert found >= decided, f"{game_id}: the safe-move check decided {found} positions, fewer than {decided}"

        @pytest.mark.parametrize("game_id", game_ids)
        def test_kit_solver_model_agrees_with_the_engine(self, game_id):
            from solitaire_core.testing import check_solver
            check_solver(game_of(game_id), deals=range(1, 3))

        @pytest.mark.parametrize("game_id", game_ids)
        def test_kit_compiled_kernel_agrees_with_python(self, game_id):
            from solitaire_core.solver.differential import check_kernel
            check_kernel(game_of(game_id))

    return Kit
