"""``solitaire new-game``: the project it writes installs and passes its own tests at once
(pip-installed for real into a folder of its own, tested in a child pytest)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_core import cli


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("parent", [None, "first-built-in"])
def test_a_new_game_installs_and_passes_its_tests(tmp_path, capsys, parent):
    args = ["new-game", "my-game", "--dir", str(tmp_path)]
    if parent:
        from solitaire_core import PileGame
        from solitaire_core.registry import load_games
        games = load_games()
        args += ["--from", min(g for g in games.builtin if isinstance(games[g], PileGame))]
    status, out, _ = run(capsys, *args)
    project = tmp_path / "solitaire-my-game"
    assert status == 0 and str(project) in out
    site = tmp_path / "site"
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site),
                                str(project)], capture_output=True, text=True, timeout=600)
    assert installed.returncode == 0, installed.stderr
    env = {**os.environ, "PYTHONPATH": str(site), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=project,
                          env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout and "failed" not in done.stdout


def test_new_game_refuses_a_bad_name_and_an_existing_folder(tmp_path, capsys):
    status, _, err = run(capsys, "new-game", "My Game", "--dir", str(tmp_path))
    assert status == 2 and "a short lowercase word" in err
    assert run(capsys, "new-game", "twice", "--dir", str(tmp_path))[0] == 0
    status, _, err = run(capsys, "new-game", "twice", "--dir", str(tmp_path))
    assert status == 2 and "exists already: nothing written" in err


def test_a_new_games_catalogs_are_made_as_the_guide_says_and_installed(tmp_path, capsys):
    """The project has its ``locale/`` folder and ``babel.cfg``, so the guide's Babel
    commands work in it at once, and its pyproject ships the catalogs they make."""
    assert run(capsys, "new-game", "my-game", "--dir", str(tmp_path))[0] == 0
    project = tmp_path / "solitaire-my-game"
    pybabel = str(Path(sys.executable).with_name("pybabel"))
    for command in (["extract", "-F", "babel.cfg", "-o", "my_game/locale/messages.pot", "my_game"],
                    ["init", "-l", "fr", "-d", "my_game/locale", "-i", "my_game/locale/messages.pot"],
                    ["compile", "-d", "my_game/locale"]):
        done = subprocess.run([pybabel, *command], cwd=project, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    assert 'msgid "My Game"' in (project / "my_game/locale/messages.pot").read_text(encoding="utf-8")
    site = tmp_path / "site"
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site),
                                str(project)], capture_output=True, text=True, timeout=600)
    assert installed.returncode == 0, installed.stderr
    for shipped in ("messages.pot", "fr/LC_MESSAGES/messages.po", "fr/LC_MESSAGES/messages.mo"):
        assert (site / "my_game" / "locale" / shipped).is_file(), shipped
