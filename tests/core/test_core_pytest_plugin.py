"""The kit as a pytest plugin: an author's one line, or ``pytest --solitaire-game ID``,
run for real in a child pytest on a plugin installed for the test."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from plugintools import CORE_TESTS

GAME = """
    from solitaire_core import hookimpl
    from minigame import MiniGame

    class KitMini(MiniGame):
        id, name = "kit-mini", "Kit Mini"

    @hookimpl
    def solitaire_games():
        return [KitMini()]
"""


@pytest.fixture
def author(plugins, tmp_path):
    """A plugin with a rules page of two numbered rules, and a folder for its tests."""
    modules = plugins.install({"kit-mini": GAME})
    (plugins.folder / "rules.md").write_text("# Kit Mini\n\n**1.1** Build down.\n\n**1.2** Aces up.\n")
    tests = tmp_path / "project" / "tests"
    tests.mkdir(parents=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(plugins.folder), str(CORE_TESTS)]),
           "QT_QPA_PLATFORM": "offscreen"}

    def run(*args):
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                              cwd=tests.parent, env=env, capture_output=True, text=True, timeout=600)
        return done.returncode, done.stdout + done.stderr

    assert modules
    return tests, run


def test_one_line_in_a_test_file_runs_the_kit(author):
    tests, run = author
    (tests / "test_rules.py").write_text(
        "from solitaire_core.pytest_plugin import kit_for\n\nTestKit = kit_for('kit-mini')\n\n"
        "def test_rule_1_1_and_1_2_named():\n    pass\n")
    status, out = run("tests")
    assert status == 0, out
    assert "6 passed" in out


def test_the_command_line_option_runs_the_kit_and_names_an_untested_rule(author):
    tests, run = author
    (tests / "test_rules.py").write_text("def test_rule_1_1_named():\n    pass\n")
    status, out = run("tests", "--solitaire-game", "kit-mini")
    assert status == 1, out
    assert "kit-mini: rules with no test named after them: ['1.2']" in out
    assert "5 passed, 1 failed" in out or "1 failed, 5 passed" in out


def test_the_kits_safe_move_check_fails_when_it_decides_fewer_positions_than_asked(author):
    tests, run = author
    (tests / "test_rules.py").write_text(
        "from solitaire_core.pytest_plugin import kit_for\n\nTestKit = kit_for('kit-mini', decided=10**6)\n\n"
        "def test_rule_1_1_named():\n    pass\n\n\ndef test_rule_1_2_named():\n    pass\n")
    status, out = run("tests", "-k", "safe_moves")
    assert status == 1, out
    assert re.search(r"kit-mini: the safe-move check decided \d+ positions, fewer than 1000000", out), out
