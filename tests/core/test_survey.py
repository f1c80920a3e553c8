"""``solitaire survey`` on real Dask clusters: a scheduler and worker processes on
127.0.0.1, a worker killed mid-run, the survey client killed mid-run twice, and a
larger budget that retries only the unknowns.

Every process a test starts runs in its own session and is killed, with all its
children, by the fixture's finalizer; every wait is on a condition (rows in the
store, a file, workers seen by the scheduler) with a bound, never on time alone.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from plugintools import CORE_TESTS, tag
from subprocess_waits import BOUND, IN_A_TERMINAL, running_in, wait_until

from solitaire_core.cli import main
from solitaire_core.registry import load_games

GAME = "klondike"  # a game of the project: the workers run the same installed package


def rows(store: Path) -> list[tuple]:
    """(deal, verdict, solves, budget, solution) of every stored answer; [] before the table exists."""
    if not store.exists():
        return []
    db = sqlite3.connect(store)
    try:
        return db.execute("SELECT deal, verdict, solves, budget, solution FROM answers ORDER BY deal").fetchall()
    except sqlite3.OperationalError:  # the table is not made yet
        return []
    finally:
        db.close()


class Processes:
    """Processes started by a test, each in its own session; ``kill_all`` ends every one and its children."""

    def __init__(self):
        self.started: list[subprocess.Popen] = []

    def start(self, *command, **kwargs) -> subprocess.Popen:
        process = subprocess.Popen([sys.executable, *command], start_new_session=True,
                                   stdout=kwargs.pop("stdout", subprocess.DEVNULL),
                                   stderr=kwargs.pop("stderr", subprocess.DEVNULL), **kwargs)
        self.started.append(process)
        return process

    def kill_all(self):
        for process in self.started:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait(timeout=BOUND)
        self.started.clear()


def start_cluster(processes: Processes, folder: Path, workers: int) -> tuple[str, list[subprocess.Popen]]:
    """A scheduler and ``workers`` worker processes named ``worker-0``... (one thread each, no
    nanny: a kill is a death)."""
    scheduler_file = folder / "scheduler.json"
    local = ("--host", "127.0.0.1", "--no-dashboard", "--dashboard-address", "127.0.0.1:0")  # nothing else bound
    processes.start("-m", "dask", "scheduler", *local, "--port", "0", "--scheduler-file", str(scheduler_file))

    def address():
        try:
            return json.loads(scheduler_file.read_text())["address"]
        except (OSError, ValueError, KeyError):
            return None

    found = wait_until(address, "the scheduler's address")
    started = [processes.start("-m", "dask", "worker", found, *local, "--nthreads", "1", "--no-nanny",
                               "--memory-limit", "0", "--death-timeout", "60", "--name", f"worker-{index}")
               for index in range(workers)]
    from dask.distributed import Client
    with Client(found, timeout=BOUND) as client:
        client.wait_for_workers(workers, timeout=BOUND)
    return found, started


@pytest.fixture
def processes():
    started = Processes()
    yield started
    started.kill_all()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A scheduler and two workers shared by the tests that kill none of them."""
    started = Processes()
    try:
        address, _ = start_cluster(started, tmp_path_factory.mktemp("cluster"), 2)
        yield address
    finally:
        started.kill_all()


def survey_command(store: Path, deals: str, budget: float, *more: str) -> list[str]:
    return ["survey", GAME, "--deals", deals, "--budget", str(budget), "--store", str(store), *more]


def assert_every_deal_answered_once(store: Path, deals: range, game_id: str = GAME):
    found = rows(store)
    assert [row[0] for row in found] == list(deals)
    assert all(solves == 1 for _, _, solves, _, _ in found), "a deal was solved twice"
    game = load_games()[game_id]
    for deal, verdict, _, _, solution in found:  # what is stored as winnable plays to a win
        if verdict == "winnable":
            state = game.new(deal)
            for text in solution.split():
                state = game.apply(state, game.parse_move(state, text))
            assert game.is_won(state), deal


def test_a_worker_killed_mid_run_loses_no_answer_and_its_batch_is_redone(processes, tmp_path):
    address, workers = start_cluster(processes, tmp_path, 2)
    store, deals = tmp_path / "survey.sqlite3", range(1, 61)
    client = processes.start("-m", "solitaire_core", *survey_command(store, "1-60", 0.3, "--scheduler", address),
                             stdout=subprocess.PIPE, text=True)
    from dask.distributed import Client
    with Client(address, timeout=BOUND) as watcher:
        def victim_busy() -> bool:  # answers stored, and a batch on the worker about to die
            if len(rows(store)) < 4:
                return False
            names = {where: info["name"] for where, info in watcher.scheduler_info()["workers"].items()}
            return any(keys and names.get(where) == "worker-0" for where, keys in watcher.processing().items())

        wait_until(victim_busy, "answers stored and a batch on the first worker")
        workers[0].send_signal(signal.SIGKILL)
    at_kill = len(rows(store))
    out, _ = client.communicate(timeout=BOUND)
    assert client.returncode == 0
    assert at_kill < len(deals), "the survey ended before the worker was killed: nothing was tested"
    assert "solved 60 deals" in out and "on 1 worker\n" in out
    assert_every_deal_answered_once(store, deals)


def test_a_survey_killed_twice_resumes_where_it_was_and_solves_no_deal_twice(processes, tmp_path, cluster, capsys):
    store, deals = tmp_path / "survey.sqlite3", range(1, 41)
    kept = 0
    for _ in range(2):  # killed twice, each run on a local cluster of its own, the second resuming the first
        client = processes.start("-m", "solitaire_core", *survey_command(store, "1-40", 0.3))
        wait_until(lambda: len(rows(store)) >= kept + 4, "more answers")
        os.kill(client.pid, signal.SIGKILL)
        client.wait(timeout=BOUND)
        processes.kill_all()  # the local cluster's workers, orphaned by the kill
        assert len(rows(store)) < len(deals), "the survey ended before it was killed: nothing was tested"
        kept = len(rows(store))
    assert main(survey_command(store, "1-40", 0.3, "--scheduler", cluster)) == 0
    out = capsys.readouterr().out
    assert f"{kept} answered before, {len(deals) - kept} to solve" in out
    assert f"solved {len(deals) - kept} deals" in out
    assert_every_deal_answered_once(store, deals)


GATED = """
    import os, time
    from solitaire_core import hookimpl
    from minigame import MiniGame

    class Gated(MiniGame):
        id, name = "{id}", "Gated Mini"

        def new(self, deal, **options):
            while deal > {answered} and not os.path.exists({gate!r}):  # held until the test opens the gate
                time.sleep(0.01)
            return super().new(deal, **options)

    @hookimpl
    def solitaire_games():
        return [Gated()]
"""


def test_ctrl_c_stops_a_survey_in_words_and_it_resumes(processes, plugins, tmp_path, capsys):
    """Ctrl-C in the terminal (SIGINT to the whole process group, the local cluster's
    processes too): one line, status 130, no traceback from Dask, no process left
    behind, and the next run solves only the deals not answered. The game answers its
    first 4 deals and holds the others until the test opens its gate, so Ctrl-C always
    comes while the survey runs, however slow the machine."""
    game_id, gate, answered = f"gated-{tag()}", tmp_path / "gate", 4
    plugins.install({"gated": GATED.format(id=game_id, gate=str(gate), answered=answered)})
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(plugins.folder), str(CORE_TESTS)]))
    store, deals = tmp_path / "survey.sqlite3", range(1, 41)
    command = ["survey", game_id, "--deals", "1-40", "--budget", "5", "--store", str(store), "--workers", "2"]
    client = processes.start(*IN_A_TERMINAL, "-m", "solitaire_core", *command, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until(lambda: len(rows(store)) >= answered or client.poll() is not None, "the first answers")
    assert client.poll() is None, client.communicate()
    os.killpg(client.pid, signal.SIGINT)
    _, err = client.communicate(timeout=BOUND)
    assert len(rows(store)) == answered
    assert client.returncode == 130 and "Traceback" not in err
    assert err.splitlines()[-1] == "solitaire: survey stopped; the answers that came are stored: run it again to go on"
    wait_until(lambda: not running_in(client.pid), "the local cluster's processes to end")
    gate.touch()
    again = processes.start("-m", "solitaire_core", *command, env=env, stdout=subprocess.PIPE, text=True)
    out, _ = again.communicate(timeout=BOUND)
    assert again.returncode == 0
    assert f"{answered} answered before, {len(deals) - answered} to solve" in out
    assert_every_deal_answered_once(store, deals, game_id)


def test_a_larger_budget_retries_the_unknowns_only(tmp_path, cluster, capsys):
    store = tmp_path / "survey.sqlite3"
    # Deals 9 and 12 stay undecided at draw 1 after 60 s (docs/solver.md): some unknowns for sure.
    assert main(survey_command(store, "8-13", 0.05, "--scheduler", cluster)) == 0
    first = {deal: (verdict, budget) for deal, verdict, _, budget, _ in rows(store)}
    unknown = {deal for deal, (verdict, _) in first.items() if verdict == "unknown"}
    assert {9, 12} <= unknown
    capsys.readouterr()
    assert main(survey_command(store, "8-13", 0.05, "--scheduler", cluster)) == 0
    assert "6 answered before, 0 to solve" in capsys.readouterr().out
    assert main(survey_command(store, "8-13", 0.2, "--scheduler", cluster)) == 0
    assert f"{6 - len(unknown)} answered before, {len(unknown)} to solve" in capsys.readouterr().out
    for deal, verdict, solves, budget, _ in rows(store):
        if deal in unknown:
            assert (solves, budget) == (2, 0.2)
        else:
            assert (verdict, solves, budget) == (first[deal][0], 1, 0.05)


def test_a_survey_speaks_the_players_language(tmp_path, cluster, capsys):
    """What a run prints, in French: the plan, the progress on stderr, the count, the table."""
    from solitaire_core import i18n

    i18n.set_language("fr")
    try:
        assert main(survey_command(tmp_path / "survey.sqlite3", "1-3", 0.3, "--scheduler", cluster)) == 0
    finally:
        i18n.set_language(None)
    out, err = capsys.readouterr()
    assert "vegas_total=off\u00a0: donnes 1-3, 0.3 s par donne, 0 déjà répondues, 3 à résoudre" in out
    assert re.search(r"3 donnes résolues \(\d gagnables, \d impossibles, \d inconnues\) en .+ sur 2 workers", out)
    assert "jeu et options" in out and "étude\u00a0: 3/3 donnes" in err


def test_the_command_line_and_the_app_never_import_dask():
    code = ("import sys; from solitaire_core.cli import main; main(['list']); main(['survey', '--help']); "
            "import ui_qt.app; "
            "sys.exit(1 if any(m.split('.')[0] in ('dask', 'distributed') for m in sys.modules) else 0)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def test_without_dask_the_survey_says_how_to_install_it(monkeypatch, tmp_path, capsys):
    for name in ("dask", "distributed"):
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "solitaire_core.survey.run", raising=False)
    monkeypatch.delattr("solitaire_core.survey.run", raising=False)
    assert main(survey_command(tmp_path / "s.sqlite3", "1-2", 1)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'solitaire-framework[survey]'" in err


def test_the_survey_refuses_what_it_cannot_do(tmp_path, capsys):
    assert main(["survey", GAME]) == 2  # no --deals
    assert main(["survey", "--deals", "1-2"]) == 2  # no game
    assert main(survey_command(tmp_path / "s.sqlite3", "1-2", 1, "--csv", str(tmp_path / "a.csv"))) == 2
    assert main(survey_command(tmp_path / "s.sqlite3", "1-2", 1, "-o", "draw=2")) == 2
    (tmp_path / "junk").write_text("not a database, only words " * 100)
    assert main(["survey", "--report", "--store", str(tmp_path / "junk")]) == 2
    assert main(survey_command(tmp_path / "junk", "1-2", 1)) == 2
    err = capsys.readouterr().err
    assert "cannot read the survey store" in err and "cannot use the survey store" in err
