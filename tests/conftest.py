"""Hypothesis profiles: random exploration at a desk, a fixed sequence in CI; qtbot waits
that allow for a loaded machine.

CI (CI=true, as `.ci/run` runs) derandomizes, so a submission's result never depends
on the luck of one run; every local run explores new examples and keeps the
failures it finds in `.hypothesis/` to replay them. ``plugins`` installs test plugins
for one test.
"""

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI", "").lower() == "true":
    settings.load_profile("ci")


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    """Installs test plugins for this test only (see plugintools.py)."""
    from plugintools import Installer

    folder = tmp_path / "plugins"
    folder.mkdir()
    installer = Installer(folder, monkeypatch)
    yield installer
    installer.forget()


WAIT_MS = 60_000  # the most a wait on a condition may take: a met condition returns at once


@pytest.fixture
def qtbot(qtbot, monkeypatch):
    """pytest-qt's qtbot whose ``waitUntil`` allows for a loaded machine by default:
    the tests wait on conditions, and a bound far above what they need keeps a slow
    writer thread or a starting solver process from failing one, while a hang still ends."""
    wait = qtbot.waitUntil
    monkeypatch.setattr(qtbot, "waitUntil", lambda callback, *, timeout=WAIT_MS: wait(callback, timeout=timeout))
    return qtbot
