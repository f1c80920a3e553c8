"""The compiled kernel against the pure-Python model and search, for every registered game
(docs/solver.md, "The compiled kernel"): the differential check, shown to catch a
one-table mismatch, and the fallback where the kernel is off."""

from __future__ import annotations

import copy
import subprocess
import sys

import pytest

from solitaire_core.registry import load_games
from solitaire_core.solver import kernel
from solitaire_core.solver.derived import Model
from solitaire_core.solver.differential import KernelDisagrees, check_kernel
from solitaire_core.solver.hooks import hooks_for
from solitaire_core.solver.search import Budget, solve

from minigame import MiniGame

GAMES = load_games()


@pytest.fixture(autouse=True)
def kernel_on(monkeypatch):
    """These tests are of the kernel: on, whatever the environment says (a test that
    switches it off says so itself)."""
    monkeypatch.delenv("SOLITAIRE_PURE", raising=False)


def test_the_kernel_is_built_by_the_install():
    """The README's commands compile it (``pip install -e``): the tests run on it."""
    assert kernel.available() is None, kernel.available()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_kernel_agrees_with_python_on_every_game(game_id):
    counted = check_kernel(GAMES[game_id])
    assert counted["positions"] or counted["skipped"]


def _covered_game():
    """A registered game the kernel covers at its default options, with columns that build,
    and its model."""
    for game_id in sorted(GAMES):
        game = GAMES[game_id]
        try:
            model = Model(game)
        except (TypeError, AttributeError):
            continue
        model.start(game.new(1))
        if kernel.why_not(model) is None and model.tableau and model.build[model.tableau[0]] is not None:
            return game, model
    pytest.skip("no registered game is searched on the kernel")


def test_a_one_table_mismatch_is_caught():
    """One entry of one build table changed in the kernel's copy: the check fails at the
    first position where the kernel lists a move Python does not."""
    game, model = _covered_game()
    pos = model.start(game.new(1))
    build = model.build[model.tableau[0]]
    tops = [pos[j][-1] for j in model.tableau if len(pos[j]) > 1 and pos[j][0] < len(pos[j]) - 1]
    flip = next(a * model.size + b for a in tops for b in tops if a != b and not build[a * model.size + b])
    wrong = bytearray(build)
    wrong[flip] = 1

    def broken(model):
        fake = copy.copy(model)
        fake.build = [bytes(wrong) if table is build else table for table in model.build]
        from solitaire_core.solver import _kernel
        return _kernel.Kernel(fake)

    with pytest.raises(KernelDisagrees, match="moves"):
        check_kernel(game, deals=[1], make=broken)


def test_without_the_kernel_the_search_runs_in_python_and_says_so(monkeypatch):
    game, _ = _covered_game()
    state = game.new(1)
    assert kernel.search_note() is None
    compiled = solve(game, state, Budget(seconds=None, nodes=2000))
    monkeypatch.setenv("SOLITAIRE_PURE", "1")
    assert kernel.search_note() == "search in pure Python, slower: SOLITAIRE_PURE=1 is set"
    python = solve(game, state, Budget(seconds=None, nodes=2000))
    assert (python.answer, python.nodes, python.moves) == (compiled.answer, compiled.nodes, compiled.moves)


@pytest.mark.parametrize("pure", [None, "1"])
def test_solve_says_when_the_search_runs_in_python(pure):
    """``solitaire solve`` prints one line on standard error where the search runs in Python."""
    game, _ = _covered_game()
    env = {"PATH": "/usr/bin:/bin", "LANGUAGE": "en", **({"SOLITAIRE_PURE": pure} if pure else {})}
    done = subprocess.run([sys.executable, "-m", "solitaire_core", "solve", game.id, "--deal", "1", "--budget", "2"],
                          capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "pure Python" in line]
    assert said == ([] if pure is None else ["solitaire: search in pure Python, slower: SOLITAIRE_PURE=1 is set"])


class BrokenHookMini(MiniGame):
    """The small game with a drop hook that raises once the search is well under way."""

    id = "test-broken-hook-mini"
    calls = 0

    def refuse_drop(self, at, j, card, n, src):
        type(self).calls += 1
        if type(self).calls > 200:
            raise RuntimeError("refuse_drop is broken")
        return None


@pytest.mark.parametrize("pure", [None, "1"])
def test_a_hook_that_raises_stops_the_search_with_its_error(pure, monkeypatch):
    """On the kernel as in Python, a game's hook that raises is never taken for a refusal
    (which could make a won deal look lost): the search raises what it raised."""
    if pure:
        monkeypatch.setenv("SOLITAIRE_PURE", pure)
    game = BrokenHookMini()
    hooks = hooks_for(game)
    hooks.start(game.new(1))
    assert (kernel.searcher(hooks) is None) == bool(pure)
    BrokenHookMini.calls = 0
    with pytest.raises(RuntimeError, match="refuse_drop is broken"):
        solve(game, game.new(1), Budget(seconds=None, nodes=100_000))


def test_a_search_on_the_kernel_keeps_to_its_memory_cap():
    """``Budget.memory``: the kernel's table, lines and queue never hold more than the cap;
    a search that would need more stops, unknown, with the memory ceiling as its reason."""
    from solitaire_core.solver.search import _Stop
    game, _ = _covered_game()
    cap = 16 << 20
    for deal in range(1, 40):
        hooks = hooks_for(game)
        start = hooks.start(game.new(deal))
        search = kernel.searcher(hooks)(game, hooks, hooks.lines, Budget(seconds=None, nodes=None, table=None,
                                                                         memory=cap), lambda: False, 0.0)
        try:
            search.run_best_first(start)
        except _Stop as stop:
            assert stop.reason == "memory ceiling (transposition table full)"
            assert search.seen.bytes + search.held_bytes <= cap
            assert len(search.seen) > 10_000
            return
    pytest.skip(f"{game.id}: no deal of 1-39 fills {cap} bytes")
