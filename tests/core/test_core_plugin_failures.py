"""A game whose own code raises once play has begun: the command line names it on one
line (exit status 1) and prints no traceback. The game is a real installed plugin
(tests/plugintools.py) that passes the load-time check."""

import pytest

from plugintools import broken_game
from solitaire_core import cli
from solitaire_core.registry import load_games


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def failed_on_one_line(err: str, method: str) -> bool:
    return err == f"solitaire: the game Broken Mini failed: RuntimeError: {method} is broken after the deal\n"


@pytest.fixture
def broken(plugins):
    return broken_game(plugins, "legal_moves")


def test_list_shows_a_game_that_breaks_only_in_play(broken, capsys):
    status, out, err = run(capsys, "list")
    assert status == 0 and err == ""
    assert f"{broken}  Broken Mini" in out.splitlines()


def test_replay_names_the_failing_game(broken, capsys):
    status, out, err = run(capsys, "replay", broken, "--deal", "1", "--moves", "draw", "--legal")
    assert status == 1 and out == ""
    assert failed_on_one_line(err, "legal_moves")


def test_replay_of_a_move_after_the_failure(broken, capsys):
    status, out, err = run(capsys, "replay", broken, "--deal", "1", "--moves", "draw draw")
    assert status == 1 and out == ""
    assert failed_on_one_line(err, "legal_moves")


def test_solve_names_the_failing_game(broken, capsys):
    status, out, err = run(capsys, "solve", broken, "--deal", "1", "--budget", "5")
    assert status == 1 and out == ""
    assert failed_on_one_line(err, "legal_moves")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_winnability_names_the_failing_game(broken, capsys, jobs):
    """With 2 jobs the failure happens in a worker process and crosses back as text."""
    status, out, err = run(capsys, "winnability", broken, "--deals", "1-2", "--budget", "5", "--jobs", jobs)
    assert status == 1 and out == f"{broken}: deals 1-2, budget 5 s, {jobs} job{'s' if jobs == '2' else ''}\n"  # the plan
    assert failed_on_one_line(err, "legal_moves")


def test_show_of_a_game_whose_scene_breaks(plugins, capsys):
    """The command line never draws: a game whose scene fails still shows and replays."""
    game_id = broken_game(plugins, "scene")
    assert run(capsys, "show", game_id, "--deal", "1")[0] == 0
    status, out, _ = run(capsys, "replay", game_id, "--deal", "1", "--moves", "draw")
    assert status == 0 and "waste:" in out


def test_an_engine_bug_is_not_blamed_on_a_game(broken, monkeypatch):
    """Only the game's own code is named; anything else stays a traceback for its developers."""
    game = load_games()[broken]

    def engine_bug(*args, **kwargs):
        raise AssertionError("an engine bug")

    monkeypatch.setattr(cli, "start_state", engine_bug)
    assert type(game).__name__ == "Broken"
    with pytest.raises(AssertionError, match="an engine bug"):
        cli.main(["show", broken, "--deal", "1"])


STUCK_AFTER_THE_DEAL = """
    import time
    from solitaire_core import hookimpl
    from minigame import MiniGame

    class Stuck(MiniGame):
        id, name = "{id}", "Stuck Mini"

        def legal_moves(self, state, *args):
            while state.piles[self.index["waste"]].cards:  # a card was drawn: it never returns
                time.sleep(0.1)
            return super().legal_moves(state, *args)

    @hookimpl
    def solitaire_games():
        return [Stuck()]
"""


@pytest.mark.parametrize("verb, seconds, out", [
    (["replay", "{id}", "--deal", "1", "--moves", "draw", "--legal"], "5", ""),  # SOLITAIRE_PATIENCE
    (["play", "{id}", "--deal", "1", "--moves", "draw draw", "--screenshot", "{folder}/t.png"], "5", ""),
    (["solve", "{id}", "--deal", "1", "--budget", "1"], "11", "unknown\n"),  # the budget and 10 s of grace
], ids=["replay", "screenshot", "solve"])
def test_a_rule_that_never_returns_is_said_in_words_and_the_command_ends(plugins, tmp_path, verb, seconds, out):
    """A game whose legal_moves never returns once a card is drawn: ``replay``, ``play
    --screenshot`` and ``solve --budget 1``, run from a shell, each end with one line naming
    the game and the call (``solve`` first answers ``unknown``, as a budget run out does)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from plugintools import CORE_TESTS, tag

    game_id = f"stuck-{tag()}"
    plugins.install({"stuck": STUCK_AFTER_THE_DEAL.format(id=game_id)})
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    env.update(PYTHONPATH=os.pathsep.join([str(plugins.folder), str(CORE_TESTS)]), SOLITAIRE_PATIENCE="5",
               SOLITAIRE_DATA_DIR=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    command = [str(Path(sys.executable).with_name("solitaire"))] + [
        part.format(id=game_id, folder=tmp_path) for part in verb]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert (done.returncode, done.stdout) == (1, out)
    assert done.stderr == (f"solitaire: the game Stuck Mini did not answer within {seconds} s "
                           "(its legal_moves never returned); stopped\n")
