"""``solitaire solve`` and ``solitaire winnability`` (docs/architecture.md, The command line)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys

import pytest
from plugintools import CORE_TESTS, tag
from subprocess_waits import BOUND, IN_A_TERMINAL, running_in, wait_until

from solitaire_core.cli import main


def test_solve_prints_winnable_then_moves_that_replay_to_a_win(capsys):
    assert main(["solve", "klondike", "--deal", "3", "-o", "draw=3", "--budget", "30"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "winnable"
    assert main(["replay", "klondike", "--deal", "3", "-o", "draw=3", "--moves", " ".join(lines[1:])]) == 0
    assert capsys.readouterr().out.rstrip().endswith("# won")


def test_solve_says_unknown_when_the_budget_runs_out(capsys):
    assert main(["solve", "klondike", "--deal", "2", "--budget", "0.000001"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "unknown\n"
    assert "time budget" in captured.err


def test_solve_refuses_a_bad_budget_and_an_unknown_game(capsys):
    assert main(["solve", "klondike", "--deal", "1", "--budget", "soon"]) == 2
    assert main(["solve", "nosuchgame", "--deal", "1"]) == 2
    assert main(["solve", "klondike", "--deal", "1", "-o", "draw=2"]) == 2


def test_winnability_counts_and_times_the_deals(capsys):
    assert main(["winnability", "klondike", "--deals", "3-5", "--budget", "20", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert "winnable         3  100.0%" in out
    assert "winnable answers replayed to a win: 3 of 3" in out
    assert "median" in out and "95th percentile" in out
    assert out.startswith("klondike: deals 3-5, budget 20 s, 1 job\n")
    assert "winnability: 3/3 deals" in err  # the progress, on stderr as the survey shows it


def test_winnability_refuses_a_backwards_range(capsys):
    assert main(["winnability", "klondike", "--deals", "5-1"]) == 2
    assert "A <= B" in capsys.readouterr().err


def test_winnability_speaks_the_players_language(capsys):
    """The counts' words and every line in French; ``solve``'s first line stays the answer
    a script reads, in every language."""
    from solitaire_core import i18n

    i18n.set_language("fr")
    try:
        assert main(["winnability", "klondike", "--deals", "3-4", "--budget", "20", "--jobs", "1"]) == 0
        out = capsys.readouterr().out
        assert main(["solve", "klondike", "--deal", "3", "-o", "draw=3", "--budget", "30"]) == 0
        solved = capsys.readouterr().out
    finally:
        i18n.set_language(None)
    lines = out.splitlines()
    assert lines[0] == "klondike\u00a0: donnes 3-4, 20 s par donne, 1 processus"
    assert lines[1].split()[:2] == ["gagnables", "2"] and lines[1].endswith("100,0\xa0%") and lines[4].split()[0] == "tranchées"
    assert "rejouées jusqu'à la victoire\u00a0: 2 sur 2" in out
    assert solved.splitlines()[0] == "winnable"


WATCHED = """
    import os, time
    from solitaire_core import hookimpl
    from minigame import MiniGame

    class Watched(MiniGame):
        id, name = "{id}", "Watched Mini"

        def legal_moves(self, state, *args):
            os.makedirs({folder!r}, exist_ok=True)
            open(os.path.join({folder!r}, str(os.getpid())), "a").close()  # this process plays a deal
            time.sleep(0.01)  # deals long enough that Ctrl-C comes first
            return super().legal_moves(state, *args)

    @hookimpl
    def solitaire_games():
        return [Watched()]
"""


@pytest.mark.parametrize("signal_sent, to_group, status", [
    (signal.SIGINT, True, 130),  # Ctrl-C in the terminal
    (signal.SIGTERM, True, 143),  # timeout, kill -- -GROUP
    (signal.SIGTERM, False, 143),  # kill PID
    (signal.SIGHUP, True, 129),  # the terminal closed
])
def test_ctrl_c_stops_winnability_and_its_workers(plugins, tmp_path, signal_sent, to_group, status):
    """Ctrl-C in the terminal (SIGINT to the whole process group), ``kill`` or a closed
    terminal while two workers solve: the plan line, then one line in words, the shell's
    status, no traceback, no "leaked semaphore" warning, and no worker left running."""
    game_id, solving = f"watched-{tag()}", tmp_path / "solving"
    plugins.install({"watched": WATCHED.format(id=game_id, folder=str(solving))})
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(plugins.folder), str(CORE_TESTS)]))
    env.pop("PYTHONUNBUFFERED", None)
    command = [sys.executable, *IN_A_TERMINAL, "-m", "solitaire_core", "winnability", game_id, "--deals", "1-2000",
               "--budget", "600", "--jobs", "2"]
    process = subprocess.Popen(command, env=env, start_new_session=True, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    def workers():  # the command's own process plays a deal too, when it loads the game
        return [int(path.name) for path in solving.glob("*") if int(path.name) != process.pid]

    try:
        wait_until(lambda: len(workers()) == 2 or process.poll() is not None, "two workers solving")
        assert len(workers()) == 2
        if to_group:
            os.killpg(process.pid, signal_sent)
        else:
            os.kill(process.pid, signal_sent)
        out, err = process.communicate(timeout=BOUND)
    finally:
        with contextlib.suppress(ProcessLookupError):  # its workers too, should the test fail
            os.killpg(process.pid, signal.SIGKILL)
    assert out == f"{game_id}: deals 1-2000, budget 600 s, 2 jobs\n"
    *progress, last = err.splitlines()
    assert (process.returncode, last) == (status, "solitaire: winnability stopped before every deal was answered")
    assert all(line.startswith("winnability: ") for line in progress), err
    wait_until(lambda: not running_in(process.pid), "the workers to end")
