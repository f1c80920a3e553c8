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
